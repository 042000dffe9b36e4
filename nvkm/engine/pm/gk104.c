// SPDX-License-Identifier: MIT
/* GK104 PCOUNTER: the GF100 layout; Kepler's own domain lists come later. */
#include "priv.h"

static const struct nvkm_pm_func
gk104_pm = {
	.caps = GF100_PM_CAPS,
	.init = gf100_pm_init,
};

int
gk104_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&gk104_pm, device, ppm);
}
