// SPDX-License-Identifier: MIT
/*
 * The perfmon engine: the part every PCOUNTER generation shares.  A
 * generation file passes its nvkm_pm_func to nvkm_pm_new_() and says
 * nothing else.
 */
#include <linux/slab.h>
#include "priv.h"

#define nvkm_pm(p) container_of((p), struct nvkm_pm, engine.subdev)

/**
 * nvkm_pm_caps() - the PCOUNTER capabilities of a device's generation
 * @pm: the engine, may be NULL
 *
 * Return: NVKM_PM_CAP_* bits; 0 without an engine.
 */
u64
nvkm_pm_caps(struct nvkm_pm *pm)
{
	return pm ? pm->func->caps : 0;
}

static int
nvkm_pm_init(struct nvkm_subdev *subdev)
{
	struct nvkm_pm *pm = nvkm_pm(subdev);

	return pm->func->init ? pm->func->init(pm) : 0;
}

static const struct nvkm_subdev_func
nvkm_pm = {
	.init = nvkm_pm_init,
};

int
nvkm_pm_new_(const struct nvkm_pm_func *func, struct nvkm_device *device,
	     struct nvkm_pm **ppm)
{
	struct nvkm_pm *pm;

	pm = kzalloc(sizeof(*pm), GFP_KERNEL);
	if (!pm)
		return -ENOMEM;
	pm->func = func;
	nvkm_engine_ctor(&nvkm_pm, device, "pm", &pm->engine);
	*ppm = pm;
	return 0;
}
