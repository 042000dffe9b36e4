// SPDX-License-Identifier: MIT
/*
 * nvpm's perfmon engine in nouveau 6.12 (DRM_NOUVEAU_NVPM).
 *
 * nouveau 6.12 has no perfmon engine of its own and no userspace object
 * path (usif) to reach one: the PERFMON and PERFDOM classes went with
 * them.  The device constructor builds this engine on every chipset nvpm
 * drives (NV10..GK104); it lends nvpm the device's register accessors
 * through nvpm's host interface, and other nouveau code reaches the
 * attachment with nvkm_nvpm_host(), or brings the engine up and reaches
 * it with nvkm_nvpm_get().  Only nouveau's headers and
 * nvpm_host.h are included: no nvpm nvkm type is visible here.
 */
#include <engine/pm.h>

#include <nvpm_host.h>

bool nvkm_nvpm_enable = true;
module_param_named(nvpm, nvkm_nvpm_enable, bool, 0400);
MODULE_PARM_DESC(nvpm, "Build nvpm's perfmon engine on the chipsets it drives (1, default) or not (0)");

struct nvkm_nvpm {
	struct nvkm_engine engine;
	struct nvpm_host *host;
};

#define nvkm_nvpm(p) container_of((p), struct nvkm_nvpm, engine)

/* The registers, as nouveau reaches them (BAR0, or a test's hook). */
static u32
nvkm_nvpm_rd32(void *priv, u32 addr)
{
	return nvkm_rd32((struct nvkm_device *)priv, addr);
}

static void
nvkm_nvpm_wr32(void *priv, u32 addr, u32 data)
{
	nvkm_wr32((struct nvkm_device *)priv, addr, data);
}

static const struct nvpm_host_ops
nvkm_nvpm_host_ops = {
	.rd32 = nvkm_nvpm_rd32,
	.wr32 = nvkm_nvpm_wr32,
};

/*
 * An engine comes up on its first reference (nvkm_engine_ref()) and goes
 * down on its last, on suspend and on the device's fini; the fini of an
 * engine that never came up is a reset, which nvpm's fini tolerates.
 */
static int
nvkm_nvpm_init(struct nvkm_engine *engine)
{
	return nvpm_host_init(nvkm_nvpm(engine)->host);
}

static int
nvkm_nvpm_fini(struct nvkm_engine *engine, bool suspend)
{
	return nvpm_host_fini(nvkm_nvpm(engine)->host, suspend);
}

static void *
nvkm_nvpm_dtor(struct nvkm_engine *engine)
{
	struct nvkm_nvpm *pm = nvkm_nvpm(engine);

	nvpm_host_detach(pm->host);
	return pm;
}

static const struct nvkm_engine_func
nvkm_nvpm_engine = {
	.dtor = nvkm_nvpm_dtor,
	.init = nvkm_nvpm_init,
	.fini = nvkm_nvpm_fini,
};

/**
 * nvkm_nvpm_host() - nvpm's attachment to a device
 * @device: the device
 *
 * The engine writes nothing to the GPU until it comes up: a user holds a
 * reference on it (nvkm_engine_ref(device->pm)) for as long as it uses
 * the attachment's counter groups.
 *
 * Return: the attachment, or NULL when the device has no nvpm engine.
 */
struct nvpm_host *
nvkm_nvpm_host(struct nvkm_device *device)
{
	return device->pm ? nvkm_nvpm(device->pm)->host : NULL;
}

/**
 * nvkm_nvpm_get() - bring nvpm's engine up and reach its attachment
 * @device: the device
 *
 * Holds a reference on the engine (it is up while one is held), which
 * nvkm_nvpm_put() drops.
 *
 * Return: the attachment, or an ERR_PTR: -ENODEV when the device has no
 * nvpm engine, or the engine's init error.
 */
struct nvpm_host *
nvkm_nvpm_get(struct nvkm_device *device)
{
	struct nvkm_engine *engine;

	if (!device->pm)
		return ERR_PTR(-ENODEV);
	engine = nvkm_engine_ref(device->pm);
	if (IS_ERR(engine))
		return ERR_CAST(engine);
	return nvkm_nvpm(engine)->host;
}

/**
 * nvkm_nvpm_put() - drop the reference nvkm_nvpm_get() took
 * @device: the device
 */
void
nvkm_nvpm_put(struct nvkm_device *device)
{
	struct nvkm_engine *engine = device->pm;

	nvkm_engine_unref(&engine);
}

/**
 * nvkm_nvpm_new() - construct nvpm's perfmon engine for a device
 * @device: the device, identified
 * @type: NVKM_ENGINE_PM
 * @inst: its instance
 * @pengine: the engine
 *
 * Return: 0, -ENODEV when nouveau was loaded with nvpm=0 or nvpm does not
 * drive the chipset, or another negative errno.
 */
int
nvkm_nvpm_new(struct nvkm_device *device, enum nvkm_subdev_type type,
	      int inst, struct nvkm_engine **pengine)
{
	u32 boot0 = nvkm_rd32(device, 0x000000);
	struct nvpm_host *host;
	struct nvkm_nvpm *pm;
	int ret;

	if (!nvkm_nvpm_enable || !nvpm_host_supported(boot0))
		return -ENODEV;

	pm = kzalloc(sizeof(*pm), GFP_KERNEL);
	if (!pm)
		return -ENOMEM;
	*pengine = &pm->engine;
	ret = nvkm_engine_ctor(&nvkm_nvpm_engine, device, type, inst, true,
			       &pm->engine);
	if (ret)
		return ret;

	host = nvpm_host_attach(device->dev, &nvkm_nvpm_host_ops, device, boot0);
	if (IS_ERR(host))
		return PTR_ERR(host);
	pm->host = host;
	nvkm_info(&pm->engine.subdev, "nvpm's perfmon engine (%s)\n",
		  nvpm_host_chip(host));
	return 0;
}
