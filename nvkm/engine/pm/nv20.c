// SPDX-License-Identifier: MIT
/* NV20:NV30 PCOUNTER: a second domain, on the memory clock. */
#include "priv.h"

static const struct nvkm_pm_func
nv20_pm = {
	.caps = NV20_PM_CAPS,
	.doms = nv10_pm_doms,
	.layout = &nv10_pm_layout,
};

int
nv20_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv20_pm, device, ppm);
}
