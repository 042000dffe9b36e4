// SPDX-License-Identifier: MIT
/*
 * G80 PCOUNTER: NV40's, plus the multiplexers of PGRAPH's units, which
 * choose what their MUX signals show (registers and fields as nouveau
 * knows them; the reference names the signals, and the CROP, ZROP and
 * PROP registers: rnndb graph/g80_pgraph.xml ROP[].CROP.PM_MUX and
 * ROP[].ZROP.PM_MUX, graph/g80_pgraph_tpc.xml TPC[].PROP.PM_MUX).  Those
 * three units have one multiplexer per ROP or TPC, and the first whose
 * ENABLE (bit 31) is set drives the unit's PCOUNTER input: the one nvpm
 * selects through gets ENABLE set, and is ROP 0's or TPC 0's, but for
 * G80's PROP.  There nvpm uses TPC 3's, as nouveau (pm/nv50.c) does, and
 * clears ENABLE on TPCs 0-2 so that TPC 3's drives the input.
 */
#include "priv.h"

static const struct nvkm_pm_src g80_vfetch_src[] = {
	{ "vfetch_sel", NV50_PGRAPH_VFETCH_MUX, 0x1, 0 },
};

static const struct nvkm_pm_src g80_crop_src[] = {
	{ "crop_sel0", NV50_PGRAPH_CROP_MUX, 0x7, 0, NV50_PGRAPH_PM_MUX_ENABLE },
	{ "crop_sel1", NV50_PGRAPH_CROP_MUX, 0x7, 16, NV50_PGRAPH_PM_MUX_ENABLE },
};

const struct nvkm_pm_src g80_zrop_src[G80_ZROP_SRC] = {
	{ "zrop_sel0", NV50_PGRAPH_ZROP_MUX, 0xf, 0, NV50_PGRAPH_PM_MUX_ENABLE },
	{ "zrop_sel1", NV50_PGRAPH_ZROP_MUX, 0xf, 16, NV50_PGRAPH_PM_MUX_ENABLE },
};

static const struct nvkm_pm_src g80_prop_src[] = {
	{ "prop_sel", NV50_PGRAPH_PROP_MUX(3), 0x1f, 0, NV50_PGRAPH_PM_MUX_ENABLE,
	  NV50_PGRAPH_PROP_MUX(0), NV50_PGRAPH_PROP_MUX(1) - NV50_PGRAPH_PROP_MUX(0) },
};

static const struct nvkm_pm_src_map g80_pm_sources[TESLA_PM_SOURCES] = {
	{ "VFETCH.MUX", g80_vfetch_src, ARRAY_SIZE(g80_vfetch_src) },
	{ "CROP.MUX", g80_crop_src, ARRAY_SIZE(g80_crop_src) },
	{ "ZROP.MUX", g80_zrop_src, ARRAY_SIZE(g80_zrop_src) },
	{ "PROP.MUX", g80_prop_src, ARRAY_SIZE(g80_prop_src) },
};

static const struct nvkm_pm_func
g80_pm = {
	.caps = NV40_PM_CAPS,
	.doms = nv40_pm_doms,
	.layout = &nv40_pm_layout,
	.sources = g80_pm_sources,
	.nr_sources = TESLA_PM_SOURCES,
};

int
g80_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&g80_pm, device, ppm);
}
