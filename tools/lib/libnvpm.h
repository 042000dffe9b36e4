/* SPDX-License-Identifier: MIT */
/*
 * libnvpm: finding nvpm render nodes and talking to them.
 *
 * Functions that can fail return 0 (or a count) on success and a negative
 * errno on failure; errno itself is not meant to be looked at.
 */
#ifndef __LIBNVPM_H__
#define __LIBNVPM_H__
#include <stddef.h>
#include <nvpm_drm.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

/* The DRM driver name of nvpm devices, as drmGetVersion() reports it. */
#define NVPM_DRIVER_NAME	"nvpm"

/* Render node minors that are scanned: /dev/dri/renderD128..renderD191. */
#define NVPM_RENDER_MINOR_FIRST	128
#define NVPM_RENDER_MINOR_LAST	191

/**
 * struct nvpm_dev - an open nvpm render node
 * @fd: the open file, O_RDWR | O_CLOEXEC
 * @minor: the render node minor, e.g. 128
 * @path: the device node, e.g. "/dev/dri/renderD128"
 */
struct nvpm_dev {
	int fd;
	int minor;
	char path[64];
};

/**
 * struct nvpm_iter - position of a scan over the render nodes
 * @minor: the next minor to look at
 * @err: the first error other than "no such node" met while opening
 *	 render nodes (e.g. -EACCES), or 0; lets callers explain an empty scan
 */
struct nvpm_iter {
	int minor;
	int err;
};

void nvpm_iter_init(struct nvpm_iter *it);
int nvpm_iter_next(struct nvpm_iter *it, struct nvpm_dev *dev);

/*
 * Every nvpm render node in minor order.  The body owns @dev: it is closed
 * before the next one is opened, unless the body leaves with break (or
 * return), in which case the caller must nvpm_dev_close() it.
 */
#define nvpm_for_each_dev(it, dev) \
	for (nvpm_iter_init(it); nvpm_iter_next(it, dev) > 0; nvpm_dev_close(dev))

int nvpm_dev_open(const char *path, struct nvpm_dev *dev);
void nvpm_dev_close(struct nvpm_dev *dev);
int nvpm_fd_is_nvpm(int fd);
int nvpm_device_count(void);

int nvpm_get_info(int fd, struct drm_nvpm_get_info *info);

const char *nvpm_hw_cap_name(unsigned int bit);
int nvpm_hw_caps_str(__u64 caps, char *buf, size_t len);
const char *nvpm_card_type_name(__u32 card_type);

#endif /* __LIBNVPM_H__ */
