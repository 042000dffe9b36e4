// SPDX-License-Identifier: MIT
/*
 * nvpm_unplug_test: a simulated GPU unbound from its driver through sysfs
 * while a file holds a counter group, a recording, a channel with work
 * queued and mapped BOs (its own, the notifier, the record rings).  Every
 * ioctl on the file then fails with ENODEV, every mapping is still memory,
 * closing it all is safe, and binding the device again gives a working
 * GPU.  KASAN, lockdep and kmemleak watch the kernel side.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include "selftest.h"

#define DRIVER_DIR	"/sys/bus/platform/drivers/nvpm-sim"
#define BO_BYTES	(4 * 4096)

/* What the file holds across the unplug. */
static struct {
	char dev[64];		/* platform device name, e.g. nvpm-sim.0 */
	char path[PATH_MAX];
	int fd;
	__u32 group;
	struct nvpm_record rec;
	struct nvpm_channel ch;
	struct nvpm_push push;
	struct nvpm_bo bo;
	int km;
} u = { .fd = -1 };

/* The render node of platform device @dev, in @path; 0 or -ENOENT. */
static int
node_of(const char *dev, char *path, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX];
	struct dirent *e;
	ssize_t n;
	DIR *d;

	d = opendir("/sys/class/drm");
	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "renderD", 7))
			continue;
		snprintf(link, sizeof(link), "/sys/class/drm/%s/device", e->d_name);
		n = readlink(link, target, sizeof(target) - 1);
		if (n <= 0)
			continue;
		target[n] = '\0';
		if (!strcmp(strrchr(target, '/') ? strrchr(target, '/') + 1 : target, dev)) {
			snprintf(path, len, "/dev/dri/%s", e->d_name);
			closedir(d);
			return 0;
		}
	}
	closedir(d);
	return -ENOENT;
}

/* The platform device behind render node @path. */
static int
dev_of(const char *path, char *dev, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX];
	const char *base = strrchr(path, '/'), *name;
	ssize_t n;

	base = base ? base + 1 : path;
	if (strlen(base) > 32)
		return -ENAMETOOLONG;
	snprintf(link, sizeof(link), "/sys/class/drm/%.32s/device", base);
	n = readlink(link, target, sizeof(target) - 1);
	if (n <= 0)
		return -errno;
	target[n] = '\0';
	name = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	if (strlen(name) >= len)
		return -ENAMETOOLONG;
	memcpy(dev, name, strlen(name) + 1);
	return 0;
}

static int
sysfs_write(const char *file, const char *val)
{
	int fd = open(file, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/* A G84: counter groups, record mode and a FIFO in one device. */
static enum result
open_with_everything(struct ctx *ctx)
{
	const struct drm_nvpm_counter ctr = { .signal = { 1 }, .logic_op = 0xaaaa };
	struct drm_nvpm_record_domain dom = { .domain = 2, .stop = NVPM_RECORD_STOP_PERIODIC,
					      .stop_arg = 1 };
	struct drm_nvpm_get_info info;
	__u64 seq;
	int i, ret;

	for (i = 0; i < ctx->nr_devs; i++) {
		if (!nvpm_get_info(ctx->devs[i].fd, &info) && info.chipset == 0x84)
			break;
	}
	if (i == ctx->nr_devs)
		return skip(ctx, "no simulated G84");
	snprintf(u.path, sizeof(u.path), "%s", ctx->devs[i].path);
	if (dev_of(u.path, u.dev, sizeof(u.dev)))
		return fail(ctx, "%s: no platform device", u.path);
	u.km = kmemleak_start();
	u.fd = open(u.path, O_RDWR | O_CLOEXEC);
	if (u.fd < 0)
		return fail(ctx, "open %s: %s", u.path, strerror(errno));
	ret = nvpm_perfdom_quad(u.fd, 0, &ctr, 1, &u.group);
	if (ret)
		return fail(ctx, "group: %s", err_name(ret));
	ret = nvpm_record_open(u.fd, &dom, 1, 0, 0, &u.rec);
	if (ret)
		return fail(ctx, "recording: %s", err_name(ret));
	ret = nvpm_channel_new(u.fd, 0, &u.ch);
	if (!ret)
		ret = nvpm_push_new(u.fd, 64 * 1024, &u.push);
	if (!ret)
		ret = nvpm_push_setup(&u.push);
	/* DRAWs queued: the channel is busy when the device goes */
	for (i = 0; !ret && i < 500; i++) {
		ret = nvpm_push_space(&u.push, 2);
		if (!ret)
			nvpm_push_mthd(&u.push, NVPM_SUBC_GR, NVPM_GR_DRAW, 1000);
	}
	if (!ret)
		ret = nvpm_push_submit(&u.push, &u.ch, &seq);
	if (ret)
		return fail(ctx, "channel: %s", err_name(ret));
	ret = nvpm_bo_new(u.fd, BO_BYTES, &u.bo);
	if (!ret)
		ret = nvpm_bo_map(&u.bo);
	if (ret)
		return fail(ctx, "BO: %s", err_name(ret));
	diag("%s (%s): group, recording, busy channel, 4 mappings", u.path, u.dev);
	return PASS;
}

static enum result
unbind_removes_the_node(struct ctx *ctx)
{
	char path[PATH_MAX];
	int ret;

	if (u.fd < 0)
		return skip(ctx, "nothing open");
	ret = sysfs_write(DRIVER_DIR "/unbind", u.dev);
	if (ret)
		return fail(ctx, "unbind %s: %s", u.dev, err_name(ret));
	if (!node_of(u.dev, path, sizeof(path)))
		return fail(ctx, "%s still has %s", u.dev, path);
	return PASS;
}

static enum result
every_ioctl_is_enodev(struct ctx *ctx)
{
	__u32 arg[128];
	size_t i;
	int ret;

	if (u.fd < 0)
		return skip(ctx, "nothing open");
	for (i = 0; i < nvpm_nr_ioctls; i++) {
		memset(arg, 0, sizeof(arg));
		arg[0] = _IOC_SIZE(nvpm_ioctls[i]);
		arg[1] = i & 1 ? u.group : u.ch.handle;
		ret = raw_ioctl(u.fd, nvpm_ioctls[i], arg);
		if (ret != -ENODEV)
			return fail(ctx, "ioctl 0x%02x: %s, want ENODEV",
				    (unsigned int)_IOC_NR(nvpm_ioctls[i]), err_name(ret));
	}
	return PASS;
}

/* Write a pattern and read it back: still memory, nothing faults. */
static enum result
touch(struct ctx *ctx, void *map, size_t size, const char *what)
{
	__u32 *p = map;
	size_t i;

	if (!map)
		return fail(ctx, "%s: not mapped", what);
	for (i = 0; i < size / 4; i += 97)
		p[i] = i * 2654435761u;
	/* read back from memory, not from what the compiler remembers */
	asm volatile("" ::: "memory");
	for (i = 0; i < size / 4; i += 97) {
		if (p[i] != (__u32)(i * 2654435761u))
			return fail(ctx, "%s word %zu changed under us", what, i);
	}
	return PASS;
}

static enum result
mappings_stay_memory(struct ctx *ctx)
{
	if (u.fd < 0)
		return skip(ctx, "nothing open");
	if (touch(ctx, u.bo.map, u.bo.size, "BO") != PASS ||
	    touch(ctx, u.push.bo.map, u.push.bo.size, "pushbuffer") != PASS ||
	    touch(ctx, u.ch.notifier.map, u.ch.notifier.size, "notifier") != PASS ||
	    touch(ctx, u.rec.bo->map, u.rec.bo->size, "record rings") != PASS)
		return FAIL;
	/* a new mapping of the unplugged device is refused */
	if (mmap(NULL, 4096, PROT_READ, MAP_SHARED, u.fd, u.bo.map_offset) != MAP_FAILED)
		return fail(ctx, "a new mapping after unplug worked");
	return PASS;
}

static enum result
close_after_unplug(struct ctx *ctx)
{
	if (u.fd < 0)
		return skip(ctx, "nothing open");
	munmap(u.bo.map, u.bo.size);
	munmap(u.push.bo.map, u.push.bo.size);
	munmap(u.ch.notifier.map, u.ch.notifier.size);
	munmap(u.rec.bo->map, u.rec.bo->size);
	free(u.rec.bo);
	if (close(u.fd))
		return fail(ctx, "close: %s", strerror(errno));
	u.fd = -2;
	return PASS;
}

static enum result
rebind_gives_a_working_gpu(struct ctx *ctx)
{
	struct drm_nvpm_get_info info;
	struct nvpm_channel ch;
	struct nvpm_push p;
	char path[PATH_MAX];
	int fd, ret;
	__u64 seq;

	if (u.fd != -2)
		return skip(ctx, "not unplugged");
	ret = sysfs_write(DRIVER_DIR "/bind", u.dev);
	if (ret)
		return fail(ctx, "bind %s: %s", u.dev, err_name(ret));
	if (node_of(u.dev, path, sizeof(path)))
		return fail(ctx, "%s has no render node after bind", u.dev);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return fail(ctx, "open %s: %s", path, strerror(errno));
	ret = nvpm_get_info(fd, &info);
	if (!ret && info.chipset != 0x84)
		ret = -ENXIO;
	if (!ret)
		ret = nvpm_channel_new(fd, 0, &ch);
	if (!ret) {
		ret = nvpm_push_new(fd, 4096, &p);
		if (!ret)
			ret = nvpm_push_setup(&p);
		if (!ret)
			ret = nvpm_push_submit(&p, &ch, &seq);
		if (!ret)
			ret = nvpm_wait(fd, ch.handle, seq, 5000000000ull, NULL);
		nvpm_push_free(&p);
		nvpm_channel_del(&ch);
	}
	close(fd);
	return ret ? fail(ctx, "%s after bind: %s", path, err_name(ret)) : PASS;
}

static enum result
nothing_left_behind(struct ctx *ctx)
{
	if (u.fd != -2)
		return skip(ctx, "not unplugged");
	return kmemleak_result(ctx, u.km);
}

static const struct {
	const char *name;
	test_fn fn;
} tests[] = {
	{ "open_with_everything", open_with_everything },
	{ "unbind_removes_the_node", unbind_removes_the_node },
	{ "every_ioctl_is_enodev", every_ioctl_is_enodev },
	{ "mappings_stay_memory", mappings_stay_memory },
	{ "close_after_unplug", close_after_unplug },
	{ "rebind_gives_a_working_gpu", rebind_gives_a_working_gpu },
	{ "nothing_left_behind", nothing_left_behind },
};

int
main(void)
{
	static struct ctx ctx;
	size_t t;

	ctx.nr_expect = -1;
	tap_plan(ARRAY_SIZE(tests));
	open_devs(&ctx);
	for (t = 0; t < ARRAY_SIZE(tests); t++)
		run(&ctx, tests[t].name, tests[t].fn);
	close_devs(&ctx);
	return tap_summary();
}
