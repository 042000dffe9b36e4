// SPDX-License-Identifier: MIT
/*
 * G84:G92 PCOUNTER: record mode, SPEC_SRC (selectable SWAP), PERIODIC;
 * wider VFETCH and CROP multiplexers than G80.
 */
#include "priv.h"

static const struct nvkm_pm_func
g84_pm = {
	.caps = G84_PM_CAPS,
	.doms = nv40_pm_doms,
	.layout = &nv40_pm_layout,
	.sources = g84_pm_sources,
	.nr_sources = TESLA_PM_SOURCES,
	.record = &g84_pm_record,
};

int
g84_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&g84_pm, device, ppm);
}
