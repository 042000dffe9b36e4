// SPDX-License-Identifier: MIT
/*
 * GPUs on a bus of MMIO hooks: platform devices whose platform data is a
 * struct nvkm_mmio_bus.  The simulator module (nvpm_sim.ko) makes them;
 * nvpm.ko alone makes none, so on a machine without an NVIDIA GPU it
 * offers no device at all.
 */
#include <linux/dma-mapping.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <drm/drm_file.h>
#include <drm/drm_managed.h>
#include "nvpm_drv.h"

/**
 * struct nvpm_platform_gpu - what a binding took from its bus
 * @bus: the bus, from the device's platform data
 * @gpu: the GPU it made for the binding
 */
struct nvpm_platform_gpu {
	const struct nvkm_mmio_bus *bus;
	void *gpu;
};

/* After the nvkm device: the GPU behind its hooks goes last. */
static void
nvpm_platform_release(struct drm_device *drm, void *ptr)
{
	struct nvpm_platform_gpu *pg = ptr;

	pg->bus->gpu_del(pg->gpu);
	module_put(pg->bus->owner);
}

static void
nvpm_platform_debugfs(struct nvpm_drm *nvpm, struct nvpm_platform_gpu *pg)
{
	struct drm_minor *minors[] = { nvpm->drm.primary, nvpm->drm.render };
	struct dentry *root, *done = NULL;
	int i;

	if (!pg->bus->debugfs)
		return;
	for (i = 0; i < ARRAY_SIZE(minors); i++) {
		root = minors[i] ? minors[i]->debugfs_root : NULL;
		/* 6.12 gives every minor the device's one directory */
		if (!root || root == done)
			continue;
		pg->bus->debugfs(pg->gpu, root);
		done = root;
	}
}

static int
nvpm_platform_probe(struct platform_device *pdev)
{
	const struct nvkm_mmio_bus *bus = dev_get_platdata(&pdev->dev);
	struct nvpm_platform_gpu *pg;
	struct nvpm_drm *nvpm;
	int ret;

	if (!bus || !bus->gpu_new || !bus->gpu_del || !bus->mmio)
		return -ENODEV;
	/*
	 * The simulated GPU reads system memory at the bus addresses the DMA
	 * API gives, as a real one: with the platform's default 32-bit mask
	 * a page above 4 GiB would bounce through swiotlb, and the model
	 * would read a stale copy (a pushbuffer that never completes).
	 */
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(NVPM_DMA_BITS));
	if (ret)
		return ret;

	nvpm = nvpm_drm_alloc(&pdev->dev);
	if (IS_ERR(nvpm))
		return PTR_ERR(nvpm);
	pg = drmm_kzalloc(&nvpm->drm, sizeof(*pg), GFP_KERNEL);
	if (!pg)
		return -ENOMEM;

	/* the bus's code stays while the DRM device may call it */
	if (!try_module_get(bus->owner))
		return -ENODEV;
	pg->bus = bus;
	pg->gpu = bus->gpu_new(&pdev->dev, &nvpm->irq);
	if (!pg->gpu) {
		module_put(bus->owner);
		return -ENODEV;
	}
	/* registered first, so it runs after the nvkm device is gone */
	ret = drmm_add_action_or_reset(&nvpm->drm, nvpm_platform_release, pg);
	if (ret)
		return ret;

	ret = nvpm_drm_init(nvpm, &(struct nvkm_host) {
		.mmio = bus->mmio, .priv = pg->gpu, .lends = bus->lends,
	});
	if (ret)
		return ret;
	nvpm_platform_debugfs(nvpm, pg);
	platform_set_drvdata(pdev, nvpm);
	return 0;
}

static void
nvpm_platform_remove(struct platform_device *pdev)
{
	nvpm_drm_remove(platform_get_drvdata(pdev));
}

/*
 * Each simulated GPU is a platform device of its own name, "nvpm-sim<N>"
 * for the Nth entry of the simulator's sim=.  Userspace tells platform
 * devices apart by that name: the kernel puts it (not the instance number)
 * in the device's MODALIAS, and without firmware (OF) data libdrm takes
 * the part after the last ':' of MODALIAS as the device's bus identity,
 * folding every node with the same identity into one device.  One driver
 * name matches them all through this table.
 */
static const struct platform_device_id nvpm_platform_ids[] = {
	{ "nvpm-sim0" }, { "nvpm-sim1" }, { "nvpm-sim2" }, { "nvpm-sim3" },
	{ "nvpm-sim4" }, { "nvpm-sim5" }, { "nvpm-sim6" }, { "nvpm-sim7" },
	{ }
};
MODULE_DEVICE_TABLE(platform, nvpm_platform_ids);

static struct platform_driver nvpm_platform_driver = {
	.probe = nvpm_platform_probe,
	/* void on Debian's 6.1 (backported) and 6.12 alike */
	.remove_new = nvpm_platform_remove,
	.id_table = nvpm_platform_ids,
	.driver = {
		.name = "nvpm-sim",
	},
};

int
nvpm_platform_register(void)
{
	return platform_driver_register(&nvpm_platform_driver);
}

void
nvpm_platform_unregister(void)
{
	platform_driver_unregister(&nvpm_platform_driver);
}
