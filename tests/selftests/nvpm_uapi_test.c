// SPDX-License-Identifier: MIT
/*
 * nvpm uapi selftest, TAP output.
 *
 *   nvpm_uapi_test [--expect NAME,NAME,...]
 *
 * --expect lists the chips of the simulated devices the module was loaded
 * with (its sim= parameter), in order of creation; the n-th name is checked
 * against the n-th nvpm render node.  Everything the kernel reports is
 * checked against tables kept in the tests, not taken from the kernel.
 *
 * Exit status: 0 if every test passed or was skipped, 1 otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "chip_fixture.h"

#define OPEN_CLOSE_LOOPS	1000

/* drm.debug and the category drm_dbg() logs in (DRM_UT_DRIVER) */
#define DRM_DEBUG_PARAM		"/sys/module/drm/parameters/debug"
#define DRM_DEBUG_DRIVER	0x2
#define KMSG_PATH		"/dev/kmsg"
#define KMSG_LEVEL_DEBUG	7	/* KERN_DEBUG */
#define LOGGED_RESERVED		0x5eedull

/* ---- helpers ---- */

/* A GET_INFO argument whose output fields hold a recognisable pattern. */
static void
info_pattern(struct drm_nvpm_get_info *info, __u32 size, __u64 reserved)
{
	memset(info, 0x5a, sizeof(*info));
	info->size = size;
	info->reserved = reserved;
}

/*
 * Call GET_INFO with @info and expect -@err with @info unchanged;
 * false (the test failed, with a reason) or true.
 */
static bool
expect_get_info_error(struct __test_metadata *_metadata, int fd, struct drm_nvpm_get_info *info,
		      int err, const char *what)
{
	struct drm_nvpm_get_info before = *info;
	int ret;

	ret = raw_ioctl(fd, DRM_IOCTL_NVPM_GET_INFO, info);
	if (ret != -err)
		FAIL(return false, "%s: got %s, want %s", what,
		     ret ? strerror(-ret) : "success", strerror(err));
	if (memcmp(&before, info, sizeof(before)))
		FAIL(return false, "%s: argument modified on error", what);
	return true;
}

/* ---- tests ---- */

static bool
check_info(struct __test_metadata *_metadata, const struct chip *chip,
	   const struct drm_nvpm_get_info *info)
{
	__u32 boot0 = (chip->chipset << 20) | 0xa1;
	__u64 caps = gen_caps(chip->gen);
	char want[256], got[256];

	if (info->version != NVPM_UAPI_VERSION)
		FAIL(return false, "version %u, want %u", info->version,
		     NVPM_UAPI_VERSION);
	if (!(info->flags & NVPM_INFO_SIMULATED))
		FAIL(return false, "flags 0x%x lack SIMULATED", info->flags);
	if (strncmp(info->name, chip->name, sizeof(info->name)))
		FAIL(return false, "name '%.*s', want '%s'",
		     (int)sizeof(info->name), info->name, chip->name);
	if (info->chipset != chip->chipset)
		FAIL(return false, "chipset 0x%x, want 0x%x", info->chipset,
		     chip->chipset);
	if (info->card_type != chip->card_type)
		FAIL(return false, "card_type 0x%x, want 0x%x", info->card_type,
		     chip->card_type);
	if (info->boot0 != boot0)
		FAIL(return false, "boot0 0x%08x, want 0x%08x", info->boot0, boot0);
	if (info->reserved)
		FAIL(return false, "reserved 0x%llx, want 0",
		     (unsigned long long)info->reserved);
	if (info->hw_caps != caps) {
		nvpm_hw_caps_str(info->hw_caps, got, sizeof(got));
		nvpm_hw_caps_str(caps, want, sizeof(want));
		FAIL(return false, "hw_caps 0x%llx (%s), want 0x%llx (%s)",
		     (unsigned long long)info->hw_caps, got,
		     (unsigned long long)caps, want);
	}
	return true;
}

/* The other tests. */
FIXTURE(uapi) {
	struct nodes n;
};

FIXTURE_SETUP(uapi)
{
	NODES_SETUP(&self->n);
}

FIXTURE_TEARDOWN(uapi)
{
	NODES_TEARDOWN(&self->n);
}

/* chip.<name>.get_info: the @idx-th nvpm device is the @idx-th --expect chip. */
TEST_F(chip, get_info)
{
	struct nodes *nodes = &self->n;
	int idx = variant->v.idx;
	const char *name = nvpm_expect[idx];
	const struct chip *chip = chip_find(name);
	struct drm_nvpm_get_info info;
	int ret;

	if (!chip)
		FAIL(return, "--expect name '%s' is not in the test's chip table",
		     name);
	if (idx >= nodes->nr_devs)
		FAIL(return, "no nvpm render node #%d (found %d)", idx,
		     nodes->nr_devs);
	ret = nvpm_get_info(nodes->devs[idx].fd, &info);
	if (ret)
		FAIL(return, "%s: GET_INFO: %s", nodes->devs[idx].path,
		     strerror(-ret));
	if (!check_info(_metadata, chip, &info))
		TH_LOG("%s", nodes->devs[idx].path);
}

TEST_F(uapi, device_count_matches_expect)
{
	int n = nvpm_device_count();

	if (nvpm_nr_expect < 0)
		SKIP(return, "no --expect given");
	if (n != nvpm_nr_expect)
		FAIL(return, "%d nvpm render nodes, want %d", n,
		     nvpm_nr_expect);
}

TEST_F(uapi, get_info_bad_size_is_einval)
{
	struct nodes *nodes = &self->n;
	const __u32 sizes[] = { 0, sizeof(struct drm_nvpm_get_info) - 1,
				sizeof(struct drm_nvpm_get_info) + 8 };
	const struct nvpm_dev *dev = first_dev(nodes);
	struct drm_nvpm_get_info info;
	char what[32];
	size_t i;

	if (!dev)
		FAIL(return, "no nvpm render node");
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		info_pattern(&info, sizes[i], 0);
		snprintf(what, sizeof(what), "size %u", sizes[i]);
		if (!expect_get_info_error(_metadata, dev->fd, &info, EINVAL, what))
			return;
	}
}

TEST_F(uapi, get_info_nonzero_reserved_is_einval)
{
	struct nodes *nodes = &self->n;
	const __u64 reserved[] = { 1, 1ull << 63, ~0ull };
	const struct nvpm_dev *dev = first_dev(nodes);
	struct drm_nvpm_get_info info;
	char what[48];
	size_t i;

	if (!dev)
		FAIL(return, "no nvpm render node");
	for (i = 0; i < ARRAY_SIZE(reserved); i++) {
		info_pattern(&info, sizeof(info), reserved[i]);
		snprintf(what, sizeof(what), "reserved 0x%llx",
			 (unsigned long long)reserved[i]);
		if (!expect_get_info_error(_metadata, dev->fd, &info, EINVAL, what))
			return;
	}
}

/* The value of drm.debug, into @val: 0 or -errno. */
static int
drm_debug_get(unsigned long *val)
{
	char buf[32];
	int fd, err;
	ssize_t n;

	fd = open(DRM_DEBUG_PARAM, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	err = errno;
	close(fd);
	if (n <= 0)
		return n < 0 ? -err : -EIO;
	buf[n] = '\0';
	*val = strtoul(buf, NULL, 0);
	return 0;
}

/* Set drm.debug: 0 or -errno. */
static int
drm_debug_set(unsigned long val)
{
	char buf[32];
	int fd, len, ret = 0;

	fd = open(DRM_DEBUG_PARAM, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = snprintf(buf, sizeof(buf), "%lu", val);
	if (write(fd, buf, len) != len)
		ret = errno ? -errno : -EIO;
	close(fd);
	return ret;
}

/*
 * Read the kernel log records from @fd (/dev/kmsg, non-blocking) to the
 * end: the level of the first whose message holds @text, or -1.
 */
static int
kmsg_find(int fd, const char *text)
{
	char rec[8192], *msg, *nl;
	ssize_t n;

	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten before it was read */
		if (n <= 0)
			return -1;
		rec[n] = '\0';
		/* "prio,seq,time,flags;message\n KEY=value\n..." */
		msg = strchr(rec, ';');
		nl = msg ? strchr(msg, '\n') : NULL;
		if (nl)
			*nl = '\0';
		if (msg && strstr(msg, text))
			return atoi(rec) & 7;
	}
}

/*
 * With DRM_UT_DRIVER in drm.debug, a refused GET_INFO says why in the
 * kernel log, at debug level: the ioctl, the field and the rule.
 */
TEST_F(uapi, get_info_refusal_is_logged)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = first_dev(nodes);
	struct drm_nvpm_get_info info;
	int kmsg, ret, restored, level;
	unsigned long old;
	char want[64];

	if (!dev)
		FAIL(return, "no nvpm render node");
	ret = drm_debug_get(&old);
	if (ret)
		FAIL(return, "%s: %s", DRM_DEBUG_PARAM, err_name(ret));
	kmsg = open(KMSG_PATH, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (kmsg < 0)
		FAIL(return, "%s: %s", KMSG_PATH, strerror(errno));
	/* only the records logged from here on */
	if (lseek(kmsg, 0, SEEK_END) < 0) {
		close(kmsg);
		FAIL(return, "%s: seek to the end: %s", KMSG_PATH, strerror(errno));
	}
	ret = drm_debug_set(old | DRM_DEBUG_DRIVER);
	if (ret) {
		close(kmsg);
		FAIL(return, "%s = 0x%lx: %s", DRM_DEBUG_PARAM, old | DRM_DEBUG_DRIVER,
		     err_name(ret));
	}
	info_pattern(&info, sizeof(info), LOGGED_RESERVED);
	ret = raw_ioctl(dev->fd, DRM_IOCTL_NVPM_GET_INFO, &info);
	restored = drm_debug_set(old);

	snprintf(want, sizeof(want), "GET_INFO: reserved 0x%llx must be zero", LOGGED_RESERVED);
	level = kmsg_find(kmsg, want);
	close(kmsg);
	if (restored)
		FAIL(, "%s: restoring 0x%lx: %s", DRM_DEBUG_PARAM, old, err_name(restored));
	if (ret != -EINVAL)
		FAIL(return, "GET_INFO with reserved 0x%llx: got %s, want EINVAL",
		     LOGGED_RESERVED, err_name(ret));
	if (level < 0)
		FAIL(return, "no kernel message \"%s\" after the call", want);
	if (level != KMSG_LEVEL_DEBUG)
		FAIL(return, "\"%s\" logged at level %d, want %d (debug)", want, level,
		     KMSG_LEVEL_DEBUG);
}

/* GET_INFO on @ptr must fail with EFAULT. */
static bool
expect_efault(struct __test_metadata *_metadata, int fd, void *ptr, const char *what)
{
	int ret = raw_ioctl(fd, DRM_IOCTL_NVPM_GET_INFO, ptr);

	if (ret != -EFAULT)
		FAIL(return false, "%s: got %s, want %s", what,
		     ret ? strerror(-ret) : "success", strerror(EFAULT));
	return true;
}

/*
 * Two pages, the second PROT_NONE: an argument entirely inside it, and one
 * straddling the boundary (its size field readable, the rest not).
 */
static bool
efault_unmapped(struct __test_metadata *_metadata, int fd)
{
	size_t page = sysconf(_SC_PAGESIZE);
	bool res;
	char *map;

	map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		FAIL(return false, "mmap: %s", strerror(errno));
	if (mprotect(map + page, page, PROT_NONE)) {
		FAIL(res = false, "mprotect: %s", strerror(errno));
		goto out;
	}
	*(__u32 *)(map + page - 8) = sizeof(struct drm_nvpm_get_info);
	res = expect_efault(_metadata, fd, map + page, "PROT_NONE page");
	if (res)
		res = expect_efault(_metadata, fd, map + page - 8,
				    "argument straddling into PROT_NONE page");
out:
	munmap(map, 2 * page);
	return res;
}

/* DRM core's check (drm_ioctl() copies the argument), kept as a guard. */
TEST_F(uapi, drm_core_bad_pointer_is_efault)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = first_dev(nodes);

	if (!dev)
		FAIL(return, "no nvpm render node");
	if (!expect_efault(_metadata, dev->fd, NULL, "NULL"))
		return;
	if (!expect_efault(_metadata, dev->fd, (void *)8, "(void *)8"))
		return;
	efault_unmapped(_metadata, dev->fd);
}

/* DRM core's check (drm_ioctl()'s table), kept as a guard. */
TEST_F(uapi, drm_core_unknown_ioctl_is_einval)
{
	struct nodes *nodes = &self->n;
	const unsigned long cmd =
		DRM_IOWR(DRM_COMMAND_BASE + 0x3f, struct drm_nvpm_get_info);
	const struct nvpm_dev *dev = first_dev(nodes);
	struct drm_nvpm_get_info info;
	int ret;

	if (!dev)
		FAIL(return, "no nvpm render node");
	info_pattern(&info, sizeof(info), 0);
	ret = raw_ioctl(dev->fd, cmd, &info);
	if (ret != -EINVAL)
		FAIL(return, "got %s, want %s",
		     ret ? strerror(-ret) : "success", strerror(EINVAL));
}

/* Open, GET_INFO, close @path @loops times; false (the test failed, with a reason) or true. */
static bool
open_close_loop(struct __test_metadata *_metadata, const char *path, int loops)
{
	struct drm_nvpm_get_info info;
	int i, fd, ret;

	for (i = 0; i < loops; i++) {
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			FAIL(return false, "open %s (#%d): %s", path, i,
			     strerror(errno));
		ret = nvpm_get_info(fd, &info);
		close(fd);
		if (ret)
			FAIL(return false, "GET_INFO (#%d): %s", i,
			     strerror(-ret));
	}
	return true;
}

TEST_F(uapi, open_close_1000_no_leak)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = first_dev(nodes);
	int before, after, kmemleak;

	if (!dev)
		FAIL(return, "no nvpm render node");
	before = count_fds();
	if (before < 0)
		FAIL(return, "/proc/self/fd: %s", strerror(-before));
	kmemleak = kmemleak_start();
	if (kmemleak < 0)
		FAIL(return, "kmemleak: %s", strerror(-kmemleak));
	if (!open_close_loop(_metadata, dev->path, OPEN_CLOSE_LOOPS))
		return;
	after = count_fds();
	if (after != before)
		FAIL(return, "%d open files before, %d after", before, after);
	kmemleak_check(_metadata, kmemleak);
}

/* ---- buffer objects ---- */

#define BO_PATTERN(i)	((__u32)(i) * 2654435761u + 0x1234567u)

/* A fresh BO is zero, maps twice onto the same pages, and sizes round up. */
TEST_F(uapi, gem_new_map_shares_pages)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = first_dev(nodes);
	struct nvpm_bo bo, again;
	__u32 *a, *b;
	size_t i, n;
	int ret;

	if (!dev)
		FAIL(return, "no nvpm render node");
	ret = nvpm_bo_new(dev->fd, 3 * 4096 + 1, &bo);
	if (ret)
		FAIL(return, "GEM_NEW: %s", strerror(-ret));
	if (bo.size != 4 * 4096) {
		FAIL(, "size %llu, want %u", (unsigned long long)bo.size,
		     4 * 4096);
		goto out;
	}
	ret = nvpm_bo_map(&bo);
	if (!ret)
		ret = nvpm_bo_from_handle(dev->fd, bo.handle, &again);
	if (!ret)
		ret = nvpm_bo_map(&again);
	if (ret) {
		FAIL(, "map: %s", strerror(-ret));
		goto out;
	}
	a = bo.map;
	b = again.map;
	n = bo.size / sizeof(*a);
	for (i = 0; i < n; i++) {
		if (a[i]) {
			FAIL(, "word %zu of a new BO is %#x", i, a[i]);
			goto out2;
		}
	}
	for (i = 0; i < n; i++)
		a[i] = BO_PATTERN(i);
	for (i = 0; i < n; i++) {
		if (b[i] != BO_PATTERN(i)) {
			FAIL(, "second mapping word %zu: %#x, want %#x",
			     i, b[i], BO_PATTERN(i));
			break;
		}
	}
out2:
	munmap(again.map, again.size);
out:
	nvpm_bo_free(&bo);
}

/* Call GEM_NEW with @args; want -@err and @args unchanged. */
static bool
expect_gem_new_error(struct __test_metadata *_metadata, int fd, struct drm_nvpm_gem_new *args,
		     int err, const char *what)
{
	struct drm_nvpm_gem_new before = *args;
	int ret = raw_ioctl(fd, DRM_IOCTL_NVPM_GEM_NEW, args);

	if (ret != -err)
		FAIL(return false, "%s: got %s, want %s", what, err_name(ret),
		     strerror(err));
	if (memcmp(&before, args, sizeof(before)))
		FAIL(return false, "%s: argument modified on error", what);
	return true;
}

TEST_F(uapi, gem_new_bad_args_change_nothing)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = first_dev(nodes);
	static const struct {
		const char *what;
		struct drm_nvpm_gem_new args;
	} cases[] = {
		{ "zero bytes", { .size = sizeof(struct drm_nvpm_gem_new) } },
		{ "over the limit", { .size = sizeof(struct drm_nvpm_gem_new),
				      .bo_size = NVPM_GEM_MAX_SIZE + 1 } },
		{ "huge", { .size = sizeof(struct drm_nvpm_gem_new),
			    .bo_size = ~0ull } },
		{ "flags", { .size = sizeof(struct drm_nvpm_gem_new),
			     .bo_size = 4096, .flags = 1 } },
		{ "pad", { .size = sizeof(struct drm_nvpm_gem_new),
			   .bo_size = 4096, .pad = 1 } },
		{ "handle in", { .size = sizeof(struct drm_nvpm_gem_new),
				 .bo_size = 4096, .handle = 1 } },
		{ "struct size", { .size = sizeof(struct drm_nvpm_gem_new) - 8,
				   .bo_size = 4096 } },
	};
	struct drm_nvpm_gem_new args;
	size_t i;

	if (!dev)
		FAIL(return, "no nvpm render node");
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		args = cases[i].args;
		if (!expect_gem_new_error(_metadata, dev->fd, &args, EINVAL,
					  cases[i].what))
			return;
	}
}

/* Handles are per file; an unknown one is -ENOENT, a bad struct -EINVAL. */
TEST_F(uapi, gem_info_checks_handle_and_file)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = first_dev(nodes);
	struct drm_nvpm_gem_info info = { .size = sizeof(info) };
	struct nvpm_bo bo, other;
	bool res = true;
	int fd2, ret;

	if (!dev)
		FAIL(return, "no nvpm render node");
	ret = nvpm_bo_new(dev->fd, 4096, &bo);
	if (ret)
		FAIL(return, "GEM_NEW: %s", strerror(-ret));
	fd2 = open(dev->path, O_RDWR | O_CLOEXEC);
	if (fd2 < 0) {
		FAIL(res = false, "open: %s", strerror(errno));
		goto out;
	}
	ret = nvpm_bo_from_handle(fd2, bo.handle, &other);
	if (ret != -ENOENT)
		FAIL(res = false, "other file's handle: %s, want ENOENT", err_name(ret));
	info.handle = bo.handle + 1000;
	ret = raw_ioctl(dev->fd, DRM_IOCTL_NVPM_GEM_INFO, &info);
	if (res && ret != -ENOENT)
		FAIL(res = false, "unknown handle: %s, want ENOENT", err_name(ret));
	info.handle = bo.handle;
	info.pad = 1;
	ret = raw_ioctl(dev->fd, DRM_IOCTL_NVPM_GEM_INFO, &info);
	if (res && ret != -EINVAL)
		FAIL(res = false, "pad: %s, want EINVAL", err_name(ret));
	close(fd2);
out:
	nvpm_bo_free(&bo);
}

/* A mapping past the end of a BO is refused. */
TEST_F(uapi, gem_map_past_end_is_refused)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = first_dev(nodes);
	struct nvpm_bo bo;
	bool res = true;
	void *map;
	int ret;

	if (!dev)
		FAIL(return, "no nvpm render node");
	ret = nvpm_bo_new(dev->fd, 2 * 4096, &bo);
	if (ret)
		FAIL(return, "GEM_NEW: %s", strerror(-ret));
	map = mmap(NULL, 3 * 4096, PROT_READ, MAP_SHARED, dev->fd, bo.map_offset);
	if (map != MAP_FAILED) {
		munmap(map, 3 * 4096);
		FAIL(res = false, "3 pages of a 2-page BO mapped");
	}
	map = mmap(NULL, 2 * 4096, PROT_READ, MAP_SHARED, dev->fd,
		   bo.map_offset + 4096);
	if (res && map != MAP_FAILED) {
		munmap(map, 2 * 4096);
		FAIL(res = false, "pages 1..2 of a 2-page BO mapped");
	}
	nvpm_bo_free(&bo);
}

/*
 * A mapping outlives the handle; 200 BOs made and freed (half of them
 * through closing the file) leave no object behind.
 */
TEST_F(uapi, gem_close_frees_everything)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = first_dev(nodes);
	int i, fd, ret, kmemleak, before;
	struct nvpm_bo bo;
	__u32 *p;

	if (!dev)
		FAIL(return, "no nvpm render node");
	before = count_fds();
	kmemleak = kmemleak_start();
	if (kmemleak < 0)
		FAIL(return, "kmemleak: %s", strerror(-kmemleak));

	ret = nvpm_bo_new(dev->fd, 4096, &bo);
	if (!ret)
		ret = nvpm_bo_map(&bo);
	if (ret)
		FAIL(return, "GEM_NEW/map: %s", strerror(-ret));
	p = bo.map;
	for (i = 0; i < 1024; i++)
		p[i] = BO_PATTERN(i);
	bo.map = NULL;
	nvpm_bo_free(&bo);	/* handle gone, mapping stays: same page */
	for (i = 0; i < 1024; i++) {
		if (p[i] != BO_PATTERN(i)) {
			munmap(p, 4096);
			FAIL(return, "word %d after GEM_CLOSE: %#x, want %#x",
			     i, p[i], BO_PATTERN(i));
		}
	}
	munmap(p, 4096);

	for (i = 0; i < 100; i++) {
		ret = nvpm_bo_new(dev->fd, 8192, &bo);
		if (ret)
			FAIL(return, "GEM_NEW #%d: %s", i, strerror(-ret));
		nvpm_bo_free(&bo);
	}
	for (i = 0; i < 100; i++) {
		fd = open(dev->path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			FAIL(return, "open: %s", strerror(errno));
		ret = nvpm_bo_new(fd, 8192, &bo);
		close(fd);
		if (ret)
			FAIL(return, "GEM_NEW (file #%d): %s", i, strerror(-ret));
	}
	if (count_fds() != before)
		FAIL(return, "%d open files before, %d after", before, count_fds());
	kmemleak_check(_metadata, kmemleak);
}

/* ---- main ---- */

static void
print_usage(FILE *f)
{
	fprintf(f, "usage: nvpm_uapi_test [--expect NAME,NAME,...] [-- harness options]\n"
		"  --expect  chips of the simulated devices, in order of creation\n"
		"            (the module's sim= parameter), e.g. G84,GF100\n");
}

static int
args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "expect", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "e:h", opts, NULL)) != -1) {
		if (c == 'e' && !parse_expect(optarg))
			continue;
		print_usage(c == 'h' ? stdout : stderr);
		return c == 'h' ? 0 : 2;
	}
	return chip_variants(FIXTURE_OBJECT(chip), NULL) ? 1 : -1;
}

NVPM_HARNESS_MAIN(args)
