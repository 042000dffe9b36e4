// SPDX-License-Identifier: MIT
/*
 * libnvpm: finding nvpm render nodes and talking to them over libdrm.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <xf86drm.h>
#include "libnvpm.h"

/**
 * nvpm_fd_is_nvpm() - whether an open file is a device of the nvpm driver
 * @fd: the file
 *
 * Return: 1 if it is, 0 if it is not (or is no DRM device at all).
 */
int
nvpm_fd_is_nvpm(int fd)
{
	drmVersionPtr ver = drmGetVersion(fd);
	int ret;

	if (!ver)
		return 0;
	ret = ver->name && !strcmp(ver->name, NVPM_DRIVER_NAME);
	drmFreeVersion(ver);
	return ret;
}

/**
 * nvpm_dev_open() - open a device node if it belongs to nvpm
 * @path: the node, e.g. "/dev/dri/renderD128"
 * @dev: filled in on success
 *
 * Return: 0, -ENODEV if the node is not an nvpm device, or the negative
 * errno of open().
 */
int
nvpm_dev_open(const char *path, struct nvpm_dev *dev)
{
	struct stat st;
	int fd;

	if (strlen(path) >= sizeof(dev->path))
		return -ENAMETOOLONG;
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (!nvpm_fd_is_nvpm(fd)) {
		close(fd);
		return -ENODEV;
	}
	dev->fd = fd;
	dev->minor = fstat(fd, &st) ? -1 : (int)minor(st.st_rdev);
	strcpy(dev->path, path);
	return 0;
}

/**
 * nvpm_dev_close() - close a device opened by this library
 * @dev: the device; its fd becomes -1
 */
void
nvpm_dev_close(struct nvpm_dev *dev)
{
	if (dev->fd >= 0)
		close(dev->fd);
	dev->fd = -1;
}

/**
 * nvpm_iter_init() - start a scan over the render nodes
 * @it: the scan
 */
void
nvpm_iter_init(struct nvpm_iter *it)
{
	it->minor = NVPM_RENDER_MINOR_FIRST;
	it->err = 0;
}

/* Errors that just mean "there is no such device here". */
static int
nvpm_err_is_absent(int err)
{
	return err == -ENOENT || err == -ENXIO || err == -ENODEV;
}

/**
 * nvpm_iter_next() - open the next nvpm render node
 * @it: the scan
 * @dev: filled in with the device, which the caller must close
 *
 * Render nodes that cannot be opened or belong to another driver are
 * skipped; the first unexpected open error is kept in @it->err.
 *
 * Return: 1 with a device, 0 at the end of the scan.
 */
int
nvpm_iter_next(struct nvpm_iter *it, struct nvpm_dev *dev)
{
	char path[sizeof(dev->path)];
	int ret;

	dev->fd = -1;
	for (; it->minor <= NVPM_RENDER_MINOR_LAST; it->minor++) {
		snprintf(path, sizeof(path), "/dev/dri/renderD%d", it->minor);
		ret = nvpm_dev_open(path, dev);
		if (!ret) {
			dev->minor = it->minor++;
			return 1;
		}
		if (!nvpm_err_is_absent(ret) && !it->err)
			it->err = ret;
	}
	return 0;
}

/**
 * nvpm_device_count() - count the nvpm render nodes
 *
 * Return: the number of nvpm render nodes that could be opened.
 */
int
nvpm_device_count(void)
{
	struct nvpm_iter it;
	struct nvpm_dev dev;
	int n = 0;

	nvpm_for_each_dev(&it, &dev)
		n++;
	return n;
}

/**
 * nvpm_get_info() - DRM_IOCTL_NVPM_GET_INFO
 * @fd: an nvpm device
 * @info: zeroed, its size set, then filled in by the kernel
 *
 * Return: 0 or a negative errno.
 */
int
nvpm_get_info(int fd, struct drm_nvpm_get_info *info)
{
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	if (drmIoctl(fd, DRM_IOCTL_NVPM_GET_INFO, info))
		return -errno;
	return 0;
}

static const char *const nvpm_hw_cap_names[] = {
	[0] = "ctr-period",		/* NVPM_HW_CAP_CTR_PERIOD */
	[1] = "40bit",			/* NVPM_HW_CAP_COUNTER_40BIT */
	[2] = "quad",			/* NVPM_HW_CAP_QUAD */
	[3] = "counter-modes",		/* NVPM_HW_CAP_COUNTER_MODES */
	[4] = "record",			/* NVPM_HW_CAP_RECORD */
	[5] = "spec-src",		/* NVPM_HW_CAP_SPEC_SRC */
	[6] = "periodic",		/* NVPM_HW_CAP_PERIODIC */
	[7] = "delay-replace",		/* NVPM_HW_CAP_DELAY_REPLACE */
	[8] = "record-addr-high",	/* NVPM_HW_CAP_RECORD_ADDR_HIGH */
	[9] = "user-trigger",		/* NVPM_HW_CAP_USER_TRIGGER */
	[10] = "domain-sets",		/* NVPM_HW_CAP_DOMAIN_SETS */
};

static_assert(NVPM_HW_CAP_COUNTER_40BIT == 1ull << 1, "cap bit moved");
static_assert(NVPM_HW_CAP_DOMAIN_SETS == 1ull << 10, "cap bit moved");

/**
 * nvpm_hw_cap_name() - short name of an NVPM_HW_CAP_* bit
 * @bit: the bit number, e.g. 2 for NVPM_HW_CAP_QUAD
 *
 * Return: the name, or NULL for a bit this library does not know.
 */
const char *
nvpm_hw_cap_name(unsigned int bit)
{
	if (bit >= ARRAY_SIZE(nvpm_hw_cap_names))
		return NULL;
	return nvpm_hw_cap_names[bit];
}

/* Append @word to @buf (holding @pos chars), space separated. */
static int
nvpm_str_append(char *buf, size_t len, int pos, const char *word)
{
	int n;

	if (pos < 0)
		return pos;
	n = snprintf(buf + pos, len - pos, "%s%s", pos ? " " : "", word);
	if (n < 0 || (size_t)n >= len - pos)
		return -ENOSPC;
	return pos + n;
}

/**
 * nvpm_hw_caps_str() - NVPM_HW_CAP_* bits as space separated names
 * @caps: the bits
 * @buf: the output, always NUL-terminated if @len > 0
 * @len: size of @buf
 *
 * Bits are listed in bit order; unknown bits as "bitN"; no bits as "none".
 *
 * Return: the length of the string, or -ENOSPC if it was truncated.
 */
int
nvpm_hw_caps_str(__u64 caps, char *buf, size_t len)
{
	char unknown[16];
	const char *name;
	unsigned int bit;
	int pos = 0;

	if (!len)
		return -ENOSPC;
	buf[0] = '\0';
	if (!caps)
		return nvpm_str_append(buf, len, 0, "none");
	for (bit = 0; bit < 64 && pos >= 0; bit++) {
		if (!(caps & (1ull << bit)))
			continue;
		name = nvpm_hw_cap_name(bit);
		if (!name) {
			snprintf(unknown, sizeof(unknown), "bit%u", bit);
			name = unknown;
		}
		pos = nvpm_str_append(buf, len, pos, name);
	}
	return pos;
}

/**
 * nvpm_card_type_name() - name of an NVPM_CARD_* architecture
 * @card_type: the value
 *
 * Return: e.g. "NV50", or NULL for a value this library does not know.
 */
const char *
nvpm_card_type_name(__u32 card_type)
{
	switch (card_type) {
	case NVPM_CARD_NV10: return "NV10";
	case NVPM_CARD_NV20: return "NV20";
	case NVPM_CARD_NV30: return "NV30";
	case NVPM_CARD_NV40: return "NV40";
	case NVPM_CARD_NV50: return "NV50";
	case NVPM_CARD_NVC0: return "NVC0";
	case NVPM_CARD_NVE0: return "NVE0";
	default: return NULL;
	}
}
