// SPDX-License-Identifier: MIT
/* G92:GT215 PCOUNTER: delay-replace logic op bits and RECORD_ADDRESS_HIGH. */
#include "priv.h"

static const struct nvkm_pm_func
g92_pm = {
	.caps = G92_PM_CAPS,
	.doms = nv40_pm_doms,
	.layout = &nv40_pm_layout,
	.sources = g84_pm_sources,
	.nr_sources = TESLA_PM_SOURCES,
	.record = &g92_pm_record,
};

int
g92_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&g92_pm, device, ppm);
}
