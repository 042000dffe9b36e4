// SPDX-License-Identifier: MIT
/*
 * nvkm subdevs: the units of a device, constructed from the chipset table,
 * initialised in construction order and torn down in reverse.
 */
#include <linux/atomic.h>
#include <linux/slab.h>
#include <nvkm/core/subdev.h>

static atomic_t nvkm_subdev_count = ATOMIC_INIT(0);

/* Live subdevs in the whole module: a leak check for tests and unload. */
int
nvkm_subdev_live(void)
{
	return atomic_read(&nvkm_subdev_count);
}

int
nvkm_subdev_init(struct nvkm_subdev *subdev)
{
	int ret;

	if (!subdev->oneinit && subdev->func->oneinit) {
		ret = subdev->func->oneinit(subdev);
		if (ret) {
			nvkm_error(subdev, "one-time init failed, %d\n", ret);
			return ret;
		}
	}
	subdev->oneinit = true;

	if (subdev->func->init) {
		ret = subdev->func->init(subdev);
		if (ret) {
			nvkm_error(subdev, "init failed, %d\n", ret);
			return ret;
		}
	}
	return 0;
}

int
nvkm_subdev_fini(struct nvkm_subdev *subdev, bool suspend)
{
	int ret = 0;

	if (subdev->func->fini) {
		ret = subdev->func->fini(subdev, suspend);
		if (ret && suspend)
			nvkm_error(subdev, "%s failed, %d\n", "suspend", ret);
	}
	return ret;
}

void
nvkm_subdev_ctor(const struct nvkm_subdev_func *func,
		 struct nvkm_device *device, const char *name,
		 struct nvkm_subdev *subdev)
{
	subdev->func = func;
	subdev->device = device;
	subdev->name = name;
	subdev->oneinit = false;
	list_add_tail(&subdev->head, &device->subdevs);
	atomic_inc(&nvkm_subdev_count);
}

void
nvkm_subdev_del(struct nvkm_subdev **psubdev)
{
	struct nvkm_subdev *subdev = *psubdev;

	if (!subdev)
		return;

	list_del(&subdev->head);
	atomic_dec(&nvkm_subdev_count);
	kfree(subdev->func->dtor ? subdev->func->dtor(subdev) : subdev);
	*psubdev = NULL;
}
