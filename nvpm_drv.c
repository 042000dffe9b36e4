// SPDX-License-Identifier: MIT
/*
 * nvpm DRM glue: one DRM device (with a render node) per GPU, the ioctl
 * table, per-file state and the module entry points.
 */
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <nvkm/engine/pm.h>
#include <uapi/drm/nvpm_drm.h>
#include "nvpm_drv.h"
#include "nvpm_gem.h"

/* nvpm's node serves the counter ioctls on the file's nvpm_file. */
#define NVPM_DRM_FILE_IOCTL(name)					\
static int								\
nvpm_drm_##name(struct drm_device *drm, void *data, struct drm_file *file) \
{									\
	return nvpm_file_##name(file->driver_priv, data);		\
}

NVPM_DRM_FILE_IOCTL(get_info)
NVPM_DRM_FILE_IOCTL(query_domains)
NVPM_DRM_FILE_IOCTL(query_signals)
NVPM_DRM_FILE_IOCTL(query_sources)
NVPM_DRM_FILE_IOCTL(group_create)
NVPM_DRM_FILE_IOCTL(group_destroy)
NVPM_DRM_FILE_IOCTL(sample)
NVPM_DRM_FILE_IOCTL(read)

static const struct drm_ioctl_desc nvpm_ioctls[] = {
	DRM_IOCTL_DEF_DRV(NVPM_GET_INFO, nvpm_drm_get_info, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_QUERY_DOMAINS, nvpm_drm_query_domains, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_QUERY_SIGNALS, nvpm_drm_query_signals, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_GROUP_CREATE, nvpm_drm_group_create, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_GROUP_DESTROY, nvpm_drm_group_destroy, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_SAMPLE, nvpm_drm_sample, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_READ, nvpm_drm_read, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_QUERY_SOURCES, nvpm_drm_query_sources, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_GEM_NEW, nvpm_ioctl_gem_new, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_GEM_INFO, nvpm_ioctl_gem_info, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_RECORD_START, nvpm_ioctl_record_start, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_RECORD_STOP, nvpm_ioctl_record_stop, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_RECORD_STATUS, nvpm_ioctl_record_status, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_CHANNEL_NEW, nvpm_ioctl_channel_new, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_CHANNEL_DEL, nvpm_ioctl_channel_del, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_EXEC, nvpm_ioctl_exec, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(NVPM_WAIT, nvpm_ioctl_wait, DRM_RENDER_ALLOW),
};

/**
 * nvpm_file_init() - set up a file's state
 * @nfile: zeroed state
 * @drm: the DRM device of the node the file was opened on
 * @device: the nvkm device its counter ioctls reach
 * @info_flags: NVPM_INFO_* bits for GET_INFO
 *
 * Return: 0 or -ENOMEM.
 */
int
nvpm_file_init(struct nvpm_file *nfile, struct drm_device *drm,
	       struct nvkm_device *device, u32 info_flags)
{
	nfile->quota = nvpm_quota_new();
	if (!nfile->quota)
		return -ENOMEM;
	nfile->drm = drm;
	nfile->device = device;
	nfile->info_flags = info_flags;
	mutex_init(&nfile->lock);
	xa_init_flags(&nfile->groups, XA_FLAGS_ALLOC1);
	xa_init_flags(&nfile->records, XA_FLAGS_ALLOC1);
	xa_init_flags(&nfile->channels, XA_FLAGS_ALLOC1);
	INIT_LIST_HEAD(&nfile->host_chans);
	return 0;
}

/**
 * nvpm_file_fini() - release everything a file made
 * @nfile: from nvpm_file_init()
 */
void
nvpm_file_fini(struct nvpm_file *nfile)
{
	nvpm_records_release(nfile);
	xa_destroy(&nfile->records);
	/* channels before groups: their software methods use the groups */
	nvpm_channels_release(nfile);
	xa_destroy(&nfile->channels);
	nvpm_host_chans_release(nfile);
	nvpm_groups_release(nfile);
	xa_destroy(&nfile->groups);
	mutex_destroy(&nfile->lock);
	nvpm_quota_put(nfile->quota);
}

static int
nvpm_open(struct drm_device *drm, struct drm_file *file)
{
	struct nvpm_drm *nvpm = to_nvpm(drm);
	struct nvpm_file *nfile;
	int ret;

	nfile = kzalloc(sizeof(*nfile), GFP_KERNEL_ACCOUNT);
	if (!nfile)
		return -ENOMEM;
	ret = nvpm_file_init(nfile, drm, nvpm->device,
			     nvpm->simulated ? NVPM_INFO_SIMULATED : 0);
	if (ret) {
		kfree(nfile);
		return ret;
	}
	nfile->nvpm = nvpm;
	file->driver_priv = nfile;
	return 0;
}

static void
nvpm_postclose(struct drm_device *drm, struct drm_file *file)
{
	nvpm_file_fini(file->driver_priv);
	kfree(file->driver_priv);
	file->driver_priv = NULL;
}

DEFINE_DRM_GEM_FOPS(nvpm_fops);

static const struct drm_driver nvpm_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER,
	.open = nvpm_open,
	.postclose = nvpm_postclose,
#if IS_ENABLED(CONFIG_DEBUG_FS)
	.debugfs_init = nvpm_debugfs_init,
#endif
	.ioctls = nvpm_ioctls,
	.num_ioctls = ARRAY_SIZE(nvpm_ioctls),
	.fops = &nvpm_fops,
	.name = DRIVER_NAME,
	.desc = DRIVER_DESC,
	.date = DRIVER_DATE,
	.major = DRIVER_MAJOR,
	.minor = DRIVER_MINOR,
};

static void
nvpm_drm_release_device(struct drm_device *drm, void *ptr)
{
	struct nvpm_drm *nvpm = ptr;

	if (nvpm->irq_requested)
		free_irq(nvpm->irq, nvpm);
	nvkm_device_del(&nvpm->device);
	WARN_ON(!xa_empty(&nvpm->chan_users));
	xa_destroy(&nvpm->chan_users);
	mutex_destroy(&nvpm->chan_lock);
}

static irqreturn_t
nvpm_irq(int irq, void *arg)
{
	struct nvpm_drm *nvpm = arg;

	return nvkm_device_intr(nvpm->device) ? IRQ_HANDLED : IRQ_NONE;
}

/**
 * nvpm_drm_alloc() - allocate the DRM device of a GPU
 * @parent: the bus device (PCI or the simulator's platform device)
 *
 * The bus code may register its own drmm release actions after this; they
 * run after the nvkm device created by nvpm_drm_init() is gone.
 *
 * Return: the device, or an ERR_PTR().
 */
struct nvpm_drm *
nvpm_drm_alloc(struct device *parent)
{
	return devm_drm_dev_alloc(parent, &nvpm_drm_driver, struct nvpm_drm, drm);
}

/**
 * nvpm_drm_init() - identify the GPU, bring it up and register its nodes
 * @nvpm: from nvpm_drm_alloc()
 * @bus: the GPU's registers and the services its bus lends (NVKM_HOST_*);
 *	 without an interrupt line (@nvpm->irq) the interrupt path and
 *	 software methods are not lent, whatever @bus says
 *
 * Return: 0 or a negative errno; on failure nothing stays registered.
 */
int
nvpm_drm_init(struct nvpm_drm *nvpm, const struct nvkm_host *bus)
{
	struct drm_device *drm = &nvpm->drm;
	struct nvkm_host host = *bus;
	int ret;

	mutex_init(&nvpm->chan_lock);
	xa_init(&nvpm->chan_users);
	if (nvpm->irq <= 0)
		host.lends &= ~(NVKM_HOST_INTR | NVKM_HOST_SWMTHD);
	ret = nvkm_device_new(drm->dev, &host, &nvpm->device);
	if (ret)
		return ret;
	nvpm->simulated = !host.pri;

	ret = drmm_add_action_or_reset(drm, nvpm_drm_release_device, nvpm);
	if (ret)
		return ret;

	if (nvpm->irq > 0) {
		ret = request_irq(nvpm->irq, nvpm_irq, 0, DRIVER_NAME, nvpm);
		if (ret)
			return ret;
		nvpm->irq_requested = true;
	}

	ret = nvkm_device_init(nvpm->device);
	if (ret)
		return ret;

	ret = drm_dev_register(drm, 0);
	if (ret) {
		nvkm_device_fini(nvpm->device, false);
		return ret;
	}

	nvpm_pmu_register(nvpm);
	drm_info(drm, "%s (0x%03x)%s, PMC_BOOT_0 %08x\n", nvpm->device->name,
		 nvpm->device->chipset, nvpm->simulated ? " simulated" : "",
		 nvpm->device->boot0);
	return 0;
}

/**
 * nvpm_drm_remove() - the GPU is going away
 * @nvpm: the device
 *
 * Userspace may still hold files open; they see the device unplugged, and
 * the nvkm device is freed with the last reference.
 */
void
nvpm_drm_remove(struct nvpm_drm *nvpm)
{
	nvpm_pmu_unregister(nvpm);
	drm_dev_unplug(&nvpm->drm);
	nvkm_device_fini(nvpm->device, false);
}

static int __init
nvpm_init(void)
{
	int ret;

	ret = nvpm_pmu_init();
	if (ret)
		return ret;
	ret = nvpm_pci_register();
	if (ret)
		goto err_pmu;
	ret = nvpm_platform_register();
	if (ret)
		goto err_pci;
	return 0;

err_pci:
	nvpm_pci_unregister();
err_pmu:
	nvpm_pmu_exit();
	return ret;
}

static void __exit
nvpm_exit(void)
{
	nvpm_platform_unregister();
	nvpm_pci_unregister();
	nvpm_pmu_exit();

	if (nvkm_device_live() || nvkm_subdev_live())
		pr_warn("nvpm: %d devices and %d subdevs leaked\n",
			nvkm_device_live(), nvkm_subdev_live());
}

module_init(nvpm_init);
module_exit(nvpm_exit);

MODULE_AUTHOR("nvpm developers");
MODULE_DESCRIPTION(DRIVER_DESC);
MODULE_LICENSE("Dual MIT/GPL");
