// SPDX-License-Identifier: MIT
/*
 * GK104 PCOUNTER: the GF100 layout, with the hub's eight domains and a
 * second partition domain, whose signal counts nouveau knows (pm/gk104.c).
 */
#include "priv.h"

static const struct gf100_pm_set gk104_pm_hub = {
	"hub", 8, { 0x60, 0x40, 0x60, 0x60, 0x40, 0x60, 0xc0, 0x60 }
};

static const struct gf100_pm_set gk104_pm_gpc = { "gpc", 1, { 0xe0 } };
static const struct gf100_pm_set gk104_pm_part = { "part", 2, { 0x60, 0x60 } };

static int
gk104_pm_doms(struct nvkm_pm *pm)
{
	return gf100_pm_doms_(pm, &gk104_pm_hub, &gk104_pm_gpc, &gk104_pm_part);
}

static const struct nvkm_pm_func
gk104_pm = {
	.caps = GF100_PM_CAPS,
	.init = gf100_pm_init,
	.doms = gk104_pm_doms,
	.layout = &gf100_pm_layout,
};

int
gk104_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&gk104_pm, device, ppm);
}
