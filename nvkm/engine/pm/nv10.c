// SPDX-License-Identifier: MIT
/*
 * NV10:NV20 PCOUNTER: one domain, single event mode, 40-bit counters;
 * NV15 adds the EVENT_CTR_PERIOD switch.  nv10_layout.c runs the counter
 * groups of NV10:NV40.
 */
#include "priv.h"

/* The chipset's catalog, then the one trailer signal NV10 names: FLAG. */
static int
nv10_pm_doms(struct nvkm_pm *pm)
{
	return nvkm_pm_doms_catalog(pm) ?:
	       nvkm_pm_sig_add(pm, 0, pm->dom[0].trailer + NV10_PCOUNTER_TRAILER_FLAG, "FLAG");
}

static const struct nvkm_pm_func
nv10_pm = {
	.caps = NV10_PM_CAPS,
	.doms = nv10_pm_doms,
	.layout = &nv10_pm_layout,
};

int
nv10_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv10_pm, device, ppm);
}

static const struct nvkm_pm_func
nv15_pm = {
	.caps = NV15_PM_CAPS,
	.doms = nv10_pm_doms,
	.layout = &nv10_pm_layout,
};

int
nv15_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv15_pm, device, ppm);
}
