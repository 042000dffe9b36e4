/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SUBDEV_H__
#define __NVKM_SUBDEV_H__
#include <nvkm/core/device.h>

struct nvkm_subdev;

/**
 * struct nvkm_subdev_func - what a subdev implementation provides
 * @dtor: free the containing object; returns the pointer to kfree, or NULL
 * @oneinit: one-time setup on the first init (may be NULL)
 * @init: program the hardware (may be NULL)
 * @fini: stop using the hardware; @suspend is true on suspend (may be NULL)
 */
struct nvkm_subdev_func {
	void *(*dtor)(struct nvkm_subdev *subdev);
	int (*oneinit)(struct nvkm_subdev *subdev);
	int (*init)(struct nvkm_subdev *subdev);
	int (*fini)(struct nvkm_subdev *subdev, bool suspend);
};

/**
 * struct nvkm_subdev - a unit of the GPU driven by nvkm
 * @func: implementation
 * @device: owning device
 * @name: short name for messages ("pm")
 * @head: entry in &nvkm_device.subdevs
 * @oneinit: @func->oneinit has succeeded
 */
struct nvkm_subdev {
	const struct nvkm_subdev_func *func;
	struct nvkm_device *device;
	const char *name;
	struct list_head head;
	bool oneinit;
};

void nvkm_subdev_ctor(const struct nvkm_subdev_func *func,
		      struct nvkm_device *device, const char *name,
		      struct nvkm_subdev *subdev);
void nvkm_subdev_del(struct nvkm_subdev **psubdev);
int nvkm_subdev_init(struct nvkm_subdev *subdev);
int nvkm_subdev_fini(struct nvkm_subdev *subdev, bool suspend);

int nvkm_subdev_live(void);
int nvkm_device_live(void);

#define nvkm_printk(s, l, f, a...) do {					\
	struct nvkm_subdev *_subdev = (s);					\
	nvdev_printk(_subdev->device, l, "%s: " f, _subdev->name, ##a);	\
} while (0)
#define nvkm_error(s, f, a...) nvkm_printk((s), err, f, ##a)
#define nvkm_warn(s, f, a...)  nvkm_printk((s), warn, f, ##a)
#define nvkm_debug(s, f, a...) nvkm_printk((s), dbg, f, ##a)

#endif
