// SPDX-License-Identifier: MIT
/*
 * NV30:NV40 PCOUNTER: 32-bit saturating counters, quad event mode and SETFLAG
 * chaining; SETFLAG/CLRFLAG share the other inputs' signal selections.
 */
#include "priv.h"

static const struct nvkm_pm_func
nv30_pm = {
	.caps = NV30_PM_CAPS,
	.doms = nv20_pm_doms,
	.layout = &nv10_pm_layout,
};

int
nv30_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv30_pm, device, ppm);
}
