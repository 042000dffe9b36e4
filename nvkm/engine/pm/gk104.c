// SPDX-License-Identifier: MIT
/* GK104 PCOUNTER: the GF100 layout, with the hub domains nouveau knows. */
#include "priv.h"

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
