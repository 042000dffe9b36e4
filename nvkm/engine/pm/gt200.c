// SPDX-License-Identifier: MIT
/* GT200: G92's PCOUNTER; wider CROP and PROP multiplexers elsewhere. */
#include "priv.h"

/* GT200 widens CROP's second field and moves PROP's multiplexer (TPC 0). */
#define GT200_PGRAPH_PROP_MUX		0x408750

static const struct nvkm_pm_src gt200_crop_src[] = {
	{ "crop_sel0", NV50_PGRAPH_CROP_MUX, 0xf, 0, NV50_PGRAPH_PM_MUX_ENABLE },
	{ "crop_sel1", NV50_PGRAPH_CROP_MUX, 0x1f, 16, NV50_PGRAPH_PM_MUX_ENABLE },
};

static const struct nvkm_pm_src gt200_prop_src[] = {
	{ "prop_sel", GT200_PGRAPH_PROP_MUX, 0x3f, 0, NV50_PGRAPH_PM_MUX_ENABLE },
};

const struct nvkm_pm_src_map gt200_pm_sources[TESLA_PM_SOURCES] = {
	{ "VFETCH.MUX", g84_vfetch_src, ARRAY_SIZE(g84_vfetch_src) },
	{ "CROP.MUX", gt200_crop_src, ARRAY_SIZE(gt200_crop_src) },
	{ "ZROP.MUX", g80_zrop_src, ARRAY_SIZE(g80_zrop_src) },
	{ "PROP.MUX", gt200_prop_src, ARRAY_SIZE(gt200_prop_src) },
};

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
