// SPDX-License-Identifier: MIT
/*
 * NV20:NV30 PCOUNTER: a second domain, on the memory clock; each domain's
 * trailer shows PM_TRIGGER and both domains' FLAGs.
 */
#include "priv.h"

int
nv20_pm_doms(struct nvkm_pm *pm)
{
	int d, ret = nvkm_pm_doms_catalog(pm);

	for (d = 0; !ret && d < pm->nr_doms; d++) {
		u16 t = pm->dom[d].trailer;

		ret = nvkm_pm_sig_add(pm, d, t + NV20_PCOUNTER_TRAILER_PM_TRIGGER,
				      "PM_TRIGGER") ?:
		      nvkm_pm_sig_add(pm, d, t + NV20_PCOUNTER_TRAILER_FLAG(0), "core.FLAG") ?:
		      nvkm_pm_sig_add(pm, d, t + NV20_PCOUNTER_TRAILER_FLAG(1), "memory.FLAG");
	}
	return ret;
}

static const struct nvkm_pm_func
nv20_pm = {
	.caps = NV20_PM_CAPS,
	.doms = nv20_pm_doms,
	.layout = &nv10_pm_layout,
};

int
nv20_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv20_pm, device, ppm);
}
