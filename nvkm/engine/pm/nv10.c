// SPDX-License-Identifier: MIT
/*
 * NV10:NV20 PCOUNTER: one domain, single event mode, 40-bit counters;
 * NV15 adds the EVENT_CTR_PERIOD switch.
 */
#include "priv.h"

static const struct nvkm_pm_func
nv10_pm = {
	.caps = NV10_PM_CAPS,
};

int
nv10_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv10_pm, device, ppm);
}

static const struct nvkm_pm_func
nv15_pm = {
	.caps = NV15_PM_CAPS,
};

int
nv15_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv15_pm, device, ppm);
}
