// SPDX-License-Identifier: MIT
/*
 * GF100+ PCOUNTER: hub, per-GPC and per-partition domain sets at 0x180000,
 * four USER signals, and a PMC.ENABLE bit that gates the whole unit.
 */
#include "priv.h"

#define GF100_PMC_ENABLE_PCOUNTER	BIT(28)

int
gf100_pm_init(struct nvkm_pm *pm)
{
	struct nvkm_device *device = pm->engine.subdev.device;

	nvkm_mask(device, NV_PMC_ENABLE, GF100_PMC_ENABLE_PCOUNTER,
		  GF100_PMC_ENABLE_PCOUNTER);
	return 0;
}

static const struct nvkm_pm_func
gf100_pm = {
	.caps = GF100_PM_CAPS,
	.init = gf100_pm_init,
};

int
gf100_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&gf100_pm, device, ppm);
}
