// SPDX-License-Identifier: MIT
/*
 * NV40:G84 PCOUNTER: up to 8 domains at a 4-byte register stride, and the
 * special counter modes.
 */
#include "priv.h"

static const struct nvkm_pm_func
nv40_pm = {
	.caps = NV40_PM_CAPS,
};

int
nv40_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv40_pm, device, ppm);
}
