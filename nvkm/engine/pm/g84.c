// SPDX-License-Identifier: MIT
/*
 * G84:G92 PCOUNTER: record mode, SPEC_SRC (selectable SWAP), PERIODIC;
 * wider VFETCH and CROP multiplexers than G80.
 */
#include "priv.h"

/* G84 widens VFETCH's and CROP's first field and uses TPC 0's PROP. */
const struct nvkm_pm_src g84_vfetch_src[G84_VFETCH_SRC] = {
	{ "vfetch_sel", NV50_PGRAPH_VFETCH_MUX, 0x3, 0 },
};

static const struct nvkm_pm_src g84_crop_src[] = {
	{ "crop_sel0", NV50_PGRAPH_CROP_MUX, 0xf, 0, NV50_PGRAPH_PM_MUX_ENABLE },
	{ "crop_sel1", NV50_PGRAPH_CROP_MUX, 0x7, 16, NV50_PGRAPH_PM_MUX_ENABLE },
};

static const struct nvkm_pm_src g84_prop_src[] = {
	{ "prop_sel", NV50_PGRAPH_PROP_MUX(0), 0x1f, 0, NV50_PGRAPH_PM_MUX_ENABLE },
};

const struct nvkm_pm_src_map g84_pm_sources[TESLA_PM_SOURCES] = {
	{ "VFETCH.MUX", g84_vfetch_src, ARRAY_SIZE(g84_vfetch_src) },
	{ "CROP.MUX", g84_crop_src, ARRAY_SIZE(g84_crop_src) },
	{ "ZROP.MUX", g80_zrop_src, ARRAY_SIZE(g80_zrop_src) },
	{ "PROP.MUX", g84_prop_src, ARRAY_SIZE(g84_prop_src) },
};

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
