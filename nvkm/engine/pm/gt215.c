// SPDX-License-Identifier: MIT
/*
 * GT215:GF100 PCOUNTER: two USER signals per domain, set via USER_TRIGGER;
 * GT200's multiplexers (assumed: nouveau lists none of its own).
 */
#include "priv.h"

/* The NV40 layout's domains, then PDAEMON's idle counters. */
static int
gt215_pm_doms(struct nvkm_pm *pm)
{
	return nv40_pm_doms(pm) ?: nvkm_pm_pdaemon_doms(pm);
}

static const struct nvkm_pm_func
gt215_pm = {
	.caps = GT215_PM_CAPS,
	.doms = gt215_pm_doms,
	.layout = &nv40_pm_layout,
	.sources = gt200_pm_sources,
	.nr_sources = TESLA_PM_SOURCES,
};

int
gt215_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&gt215_pm, device, ppm);
}
