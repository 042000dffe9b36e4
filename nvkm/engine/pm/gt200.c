// SPDX-License-Identifier: MIT
/* GT200: G92's PCOUNTER; wider CROP and PROP multiplexers elsewhere. */
#include "priv.h"

static const struct nvkm_pm_func
gt200_pm = {
	.caps = G92_PM_CAPS,
	.doms = nv40_pm_doms,
	.layout = &nv40_pm_layout,
	.sources = gt200_pm_sources,
	.nr_sources = TESLA_PM_SOURCES,
	.record = &g92_pm_record,
};

int
gt200_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&gt200_pm, device, ppm);
}
