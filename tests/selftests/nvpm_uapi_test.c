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
#include "selftest.h"

#define OPEN_CLOSE_LOOPS	1000

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
 * FAIL (with a reason) or PASS.
 */
static enum result
expect_get_info_error(struct ctx *ctx, int fd, struct drm_nvpm_get_info *info,
		      int err, const char *what)
{
	struct drm_nvpm_get_info before = *info;
	int ret;

	ret = raw_ioctl(fd, DRM_IOCTL_NVPM_GET_INFO, info);
	if (ret != -err)
		return fail(ctx, "%s: got %s, want %s", what,
			    ret ? strerror(-ret) : "success", strerror(err));
	if (memcmp(&before, info, sizeof(before)))
		return fail(ctx, "%s: argument modified on error", what);
	return PASS;
}

/* ---- tests ---- */

static enum result
check_info(struct ctx *ctx, const struct chip *chip,
	   const struct drm_nvpm_get_info *info)
{
	__u32 boot0 = (chip->chipset << 20) | 0xa1;
	__u64 caps = gen_caps(chip->gen);
	char want[256], got[256];

	if (info->version != NVPM_UAPI_VERSION)
		return fail(ctx, "version %u, want %u", info->version,
			    NVPM_UAPI_VERSION);
	if (!(info->flags & NVPM_INFO_SIMULATED))
		return fail(ctx, "flags 0x%x lack SIMULATED", info->flags);
	if (strncmp(info->name, chip->name, sizeof(info->name)))
		return fail(ctx, "name '%.*s', want '%s'",
			    (int)sizeof(info->name), info->name, chip->name);
	if (info->chipset != chip->chipset)
		return fail(ctx, "chipset 0x%x, want 0x%x", info->chipset,
			    chip->chipset);
	if (info->card_type != chip->card_type)
		return fail(ctx, "card_type 0x%x, want 0x%x", info->card_type,
			    chip->card_type);
	if (info->boot0 != boot0)
		return fail(ctx, "boot0 0x%08x, want 0x%08x", info->boot0, boot0);
	if (info->reserved)
		return fail(ctx, "reserved 0x%llx, want 0",
			    (unsigned long long)info->reserved);
	if (info->hw_caps != caps) {
		nvpm_hw_caps_str(info->hw_caps, got, sizeof(got));
		nvpm_hw_caps_str(caps, want, sizeof(want));
		return fail(ctx, "hw_caps 0x%llx (%s), want 0x%llx (%s)",
			    (unsigned long long)info->hw_caps, got,
			    (unsigned long long)caps, want);
	}
	return PASS;
}

/* get_info_<name>: the @idx-th nvpm device is the @idx-th --expect chip. */
static enum result
test_get_info(struct ctx *ctx, int idx)
{
	const char *name = ctx->expect[idx];
	const struct chip *chip = chip_find(name);
	struct drm_nvpm_get_info info;
	int ret;

	if (!chip)
		return fail(ctx, "--expect name '%s' is not in the test's chip table",
			    name);
	if (idx >= ctx->nr_devs)
		return fail(ctx, "no nvpm render node #%d (found %d)", idx,
			    ctx->nr_devs);
	ret = nvpm_get_info(ctx->devs[idx].fd, &info);
	if (ret)
		return fail(ctx, "%s: GET_INFO: %s", ctx->devs[idx].path,
			    strerror(-ret));
	if (check_info(ctx, chip, &info) == FAIL) {
		diag("%s: %s", ctx->devs[idx].path, ctx->why);
		return FAIL;
	}
	return PASS;
}

static enum result
device_count_matches_expect(struct ctx *ctx)
{
	int n = nvpm_device_count();

	if (ctx->nr_expect < 0)
		return skip(ctx, "no --expect given");
	if (n != ctx->nr_expect)
		return fail(ctx, "%d nvpm render nodes, want %d", n,
			    ctx->nr_expect);
	return PASS;
}

static enum result
get_info_bad_size_is_einval(struct ctx *ctx)
{
	const __u32 sizes[] = { 0, sizeof(struct drm_nvpm_get_info) - 1,
				sizeof(struct drm_nvpm_get_info) + 8 };
	const struct nvpm_dev *dev = first_dev(ctx);
	struct drm_nvpm_get_info info;
	char what[32];
	size_t i;

	if (!dev)
		return fail(ctx, "no nvpm render node");
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		info_pattern(&info, sizes[i], 0);
		snprintf(what, sizeof(what), "size %u", sizes[i]);
		if (expect_get_info_error(ctx, dev->fd, &info, EINVAL, what) != PASS)
			return FAIL;
	}
	return PASS;
}

static enum result
get_info_nonzero_reserved_is_einval(struct ctx *ctx)
{
	const __u64 reserved[] = { 1, 1ull << 63, ~0ull };
	const struct nvpm_dev *dev = first_dev(ctx);
	struct drm_nvpm_get_info info;
	char what[48];
	size_t i;

	if (!dev)
		return fail(ctx, "no nvpm render node");
	for (i = 0; i < ARRAY_SIZE(reserved); i++) {
		info_pattern(&info, sizeof(info), reserved[i]);
		snprintf(what, sizeof(what), "reserved 0x%llx",
			 (unsigned long long)reserved[i]);
		if (expect_get_info_error(ctx, dev->fd, &info, EINVAL, what) != PASS)
			return FAIL;
	}
	return PASS;
}

/* GET_INFO on @ptr must fail with EFAULT. */
static enum result
expect_efault(struct ctx *ctx, int fd, void *ptr, const char *what)
{
	int ret = raw_ioctl(fd, DRM_IOCTL_NVPM_GET_INFO, ptr);

	if (ret != -EFAULT)
		return fail(ctx, "%s: got %s, want %s", what,
			    ret ? strerror(-ret) : "success", strerror(EFAULT));
	return PASS;
}

/*
 * Two pages, the second PROT_NONE: an argument entirely inside it, and one
 * straddling the boundary (its size field readable, the rest not).
 */
static enum result
efault_unmapped(struct ctx *ctx, int fd)
{
	size_t page = sysconf(_SC_PAGESIZE);
	enum result res;
	char *map;

	map = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return fail(ctx, "mmap: %s", strerror(errno));
	if (mprotect(map + page, page, PROT_NONE)) {
		res = fail(ctx, "mprotect: %s", strerror(errno));
		goto out;
	}
	*(__u32 *)(map + page - 8) = sizeof(struct drm_nvpm_get_info);
	res = expect_efault(ctx, fd, map + page, "PROT_NONE page");
	if (res == PASS)
		res = expect_efault(ctx, fd, map + page - 8,
				    "argument straddling into PROT_NONE page");
out:
	munmap(map, 2 * page);
	return res;
}

/* DRM core's check (drm_ioctl() copies the argument), kept as a guard. */
static enum result
get_info_bad_pointer_is_efault(struct ctx *ctx)
{
	const struct nvpm_dev *dev = first_dev(ctx);

	if (!dev)
		return fail(ctx, "no nvpm render node");
	if (expect_efault(ctx, dev->fd, NULL, "NULL") != PASS)
		return FAIL;
	if (expect_efault(ctx, dev->fd, (void *)8, "(void *)8") != PASS)
		return FAIL;
	return efault_unmapped(ctx, dev->fd);
}

/* DRM core's check (drm_ioctl()'s table), kept as a guard. */
static enum result
unknown_ioctl_is_einval(struct ctx *ctx)
{
	const unsigned long cmd =
		DRM_IOWR(DRM_COMMAND_BASE + 0x3f, struct drm_nvpm_get_info);
	const struct nvpm_dev *dev = first_dev(ctx);
	struct drm_nvpm_get_info info;
	int ret;

	if (!dev)
		return fail(ctx, "no nvpm render node");
	info_pattern(&info, sizeof(info), 0);
	ret = raw_ioctl(dev->fd, cmd, &info);
	if (ret != -EINVAL)
		return fail(ctx, "got %s, want %s",
			    ret ? strerror(-ret) : "success", strerror(EINVAL));
	return PASS;
}

/* Open, GET_INFO, close @path @loops times; PASS, or FAIL with a reason. */
static enum result
open_close_loop(struct ctx *ctx, const char *path, int loops)
{
	struct drm_nvpm_get_info info;
	int i, fd, ret;

	for (i = 0; i < loops; i++) {
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			return fail(ctx, "open %s (#%d): %s", path, i,
				    strerror(errno));
		ret = nvpm_get_info(fd, &info);
		close(fd);
		if (ret)
			return fail(ctx, "GET_INFO (#%d): %s", i,
				    strerror(-ret));
	}
	return PASS;
}

static enum result
open_close_1000_no_leak(struct ctx *ctx)
{
	const struct nvpm_dev *dev = first_dev(ctx);
	int before, after, kmemleak;

	if (!dev)
		return fail(ctx, "no nvpm render node");
	before = count_fds();
	if (before < 0)
		return fail(ctx, "/proc/self/fd: %s", strerror(-before));
	kmemleak = kmemleak_start();
	if (kmemleak < 0)
		return fail(ctx, "kmemleak: %s", strerror(-kmemleak));
	if (open_close_loop(ctx, dev->path, OPEN_CLOSE_LOOPS) != PASS)
		return FAIL;
	after = count_fds();
	if (after != before)
		return fail(ctx, "%d open files before, %d after", before, after);
	return kmemleak_result(ctx, kmemleak);
}

/* ---- buffer objects ---- */

#define BO_PATTERN(i)	((__u32)(i) * 2654435761u + 0x1234567u)

/* A fresh BO is zero, maps twice onto the same pages, and sizes round up. */
static enum result
gem_new_map_shares_pages(struct ctx *ctx)
{
	const struct nvpm_dev *dev = first_dev(ctx);
	struct nvpm_bo bo, again;
	enum result res = PASS;
	__u32 *a, *b;
	size_t i, n;
	int ret;

	if (!dev)
		return fail(ctx, "no nvpm render node");
	ret = nvpm_bo_new(dev->fd, 3 * 4096 + 1, &bo);
	if (ret)
		return fail(ctx, "GEM_NEW: %s", strerror(-ret));
	if (bo.size != 4 * 4096) {
		res = fail(ctx, "size %llu, want %u", (unsigned long long)bo.size,
			   4 * 4096);
		goto out;
	}
	ret = nvpm_bo_map(&bo);
	if (!ret)
		ret = nvpm_bo_from_handle(dev->fd, bo.handle, &again);
	if (!ret)
		ret = nvpm_bo_map(&again);
	if (ret) {
		res = fail(ctx, "map: %s", strerror(-ret));
		goto out;
	}
	a = bo.map;
	b = again.map;
	n = bo.size / sizeof(*a);
	for (i = 0; i < n; i++) {
		if (a[i]) {
			res = fail(ctx, "word %zu of a new BO is %#x", i, a[i]);
			goto out2;
		}
	}
	for (i = 0; i < n; i++)
		a[i] = BO_PATTERN(i);
	for (i = 0; i < n; i++) {
		if (b[i] != BO_PATTERN(i)) {
			res = fail(ctx, "second mapping word %zu: %#x, want %#x",
				   i, b[i], BO_PATTERN(i));
			break;
		}
	}
out2:
	munmap(again.map, again.size);
out:
	nvpm_bo_free(&bo);
	return res;
}

/* Call GEM_NEW with @args; want -@err and @args unchanged. */
static enum result
expect_gem_new_error(struct ctx *ctx, int fd, struct drm_nvpm_gem_new *args,
		     int err, const char *what)
{
	struct drm_nvpm_gem_new before = *args;
	int ret = raw_ioctl(fd, DRM_IOCTL_NVPM_GEM_NEW, args);

	if (ret != -err)
		return fail(ctx, "%s: got %s, want %s", what, err_name(ret),
			    strerror(err));
	if (memcmp(&before, args, sizeof(before)))
		return fail(ctx, "%s: argument modified on error", what);
	return PASS;
}

static enum result
gem_new_bad_args_change_nothing(struct ctx *ctx)
{
	const struct nvpm_dev *dev = first_dev(ctx);
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
		return fail(ctx, "no nvpm render node");
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		args = cases[i].args;
		if (expect_gem_new_error(ctx, dev->fd, &args, EINVAL,
					 cases[i].what) != PASS)
			return FAIL;
	}
	return PASS;
}

/* Handles are per file; an unknown one is -ENOENT, a bad struct -EINVAL. */
static enum result
gem_info_checks_handle_and_file(struct ctx *ctx)
{
	const struct nvpm_dev *dev = first_dev(ctx);
	struct drm_nvpm_gem_info info = { .size = sizeof(info) };
	struct nvpm_bo bo, other;
	enum result res = PASS;
	int fd2, ret;

	if (!dev)
		return fail(ctx, "no nvpm render node");
	ret = nvpm_bo_new(dev->fd, 4096, &bo);
	if (ret)
		return fail(ctx, "GEM_NEW: %s", strerror(-ret));
	fd2 = open(dev->path, O_RDWR | O_CLOEXEC);
	if (fd2 < 0) {
		res = fail(ctx, "open: %s", strerror(errno));
		goto out;
	}
	ret = nvpm_bo_from_handle(fd2, bo.handle, &other);
	if (ret != -ENOENT)
		res = fail(ctx, "other file's handle: %s, want ENOENT", err_name(ret));
	info.handle = bo.handle + 1000;
	ret = raw_ioctl(dev->fd, DRM_IOCTL_NVPM_GEM_INFO, &info);
	if (res == PASS && ret != -ENOENT)
		res = fail(ctx, "unknown handle: %s, want ENOENT", err_name(ret));
	info.handle = bo.handle;
	info.pad = 1;
	ret = raw_ioctl(dev->fd, DRM_IOCTL_NVPM_GEM_INFO, &info);
	if (res == PASS && ret != -EINVAL)
		res = fail(ctx, "pad: %s, want EINVAL", err_name(ret));
	close(fd2);
out:
	nvpm_bo_free(&bo);
	return res;
}

/* A mapping past the end of a BO is refused. */
static enum result
gem_map_past_end_is_refused(struct ctx *ctx)
{
	const struct nvpm_dev *dev = first_dev(ctx);
	struct nvpm_bo bo;
	enum result res = PASS;
	void *map;
	int ret;

	if (!dev)
		return fail(ctx, "no nvpm render node");
	ret = nvpm_bo_new(dev->fd, 2 * 4096, &bo);
	if (ret)
		return fail(ctx, "GEM_NEW: %s", strerror(-ret));
	map = mmap(NULL, 3 * 4096, PROT_READ, MAP_SHARED, dev->fd, bo.map_offset);
	if (map != MAP_FAILED) {
		munmap(map, 3 * 4096);
		res = fail(ctx, "3 pages of a 2-page BO mapped");
	}
	map = mmap(NULL, 2 * 4096, PROT_READ, MAP_SHARED, dev->fd,
		   bo.map_offset + 4096);
	if (res == PASS && map != MAP_FAILED) {
		munmap(map, 2 * 4096);
		res = fail(ctx, "pages 1..2 of a 2-page BO mapped");
	}
	nvpm_bo_free(&bo);
	return res;
}

/*
 * A mapping outlives the handle; 200 BOs made and freed (half of them
 * through closing the file) leave no object behind.
 */
static enum result
gem_close_frees_everything(struct ctx *ctx)
{
	const struct nvpm_dev *dev = first_dev(ctx);
	int i, fd, ret, kmemleak, before;
	struct nvpm_bo bo;
	__u32 *p;

	if (!dev)
		return fail(ctx, "no nvpm render node");
	before = count_fds();
	kmemleak = kmemleak_start();
	if (kmemleak < 0)
		return fail(ctx, "kmemleak: %s", strerror(-kmemleak));

	ret = nvpm_bo_new(dev->fd, 4096, &bo);
	if (!ret)
		ret = nvpm_bo_map(&bo);
	if (ret)
		return fail(ctx, "GEM_NEW/map: %s", strerror(-ret));
	p = bo.map;
	for (i = 0; i < 1024; i++)
		p[i] = BO_PATTERN(i);
	bo.map = NULL;
	nvpm_bo_free(&bo);	/* handle gone, mapping stays: same page */
	for (i = 0; i < 1024; i++) {
		if (p[i] != BO_PATTERN(i)) {
			munmap(p, 4096);
			return fail(ctx, "word %d after GEM_CLOSE: %#x, want %#x",
				    i, p[i], BO_PATTERN(i));
		}
	}
	munmap(p, 4096);

	for (i = 0; i < 100; i++) {
		ret = nvpm_bo_new(dev->fd, 8192, &bo);
		if (ret)
			return fail(ctx, "GEM_NEW #%d: %s", i, strerror(-ret));
		nvpm_bo_free(&bo);
	}
	for (i = 0; i < 100; i++) {
		fd = open(dev->path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			return fail(ctx, "open: %s", strerror(errno));
		ret = nvpm_bo_new(fd, 8192, &bo);
		close(fd);
		if (ret)
			return fail(ctx, "GEM_NEW (file #%d): %s", i, strerror(-ret));
	}
	if (count_fds() != before)
		return fail(ctx, "%d open files before, %d after", before, count_fds());
	return kmemleak_result(ctx, kmemleak);
}

/* ---- main ---- */

static const struct {
	const char *name;
	test_fn fn;
} tests[] = {
	{ "device_count_matches_expect", device_count_matches_expect },
	{ "get_info_bad_size_is_einval", get_info_bad_size_is_einval },
	{ "get_info_nonzero_reserved_is_einval", get_info_nonzero_reserved_is_einval },
	{ "drm_core_bad_pointer_is_efault", get_info_bad_pointer_is_efault },
	{ "drm_core_unknown_ioctl_is_einval", unknown_ioctl_is_einval },
	{ "open_close_1000_no_leak", open_close_1000_no_leak },
	{ "gem_new_map_shares_pages", gem_new_map_shares_pages },
	{ "gem_new_bad_args_change_nothing", gem_new_bad_args_change_nothing },
	{ "gem_info_checks_handle_and_file", gem_info_checks_handle_and_file },
	{ "gem_map_past_end_is_refused", gem_map_past_end_is_refused },
	{ "gem_close_frees_everything", gem_close_frees_everything },
};

static void
print_usage(FILE *f)
{
	fprintf(f, "usage: nvpm_uapi_test [--expect NAME,NAME,...]\n"
		"  --expect  chips of the simulated devices, in order of creation\n"
		"            (the module's sim= parameter), e.g. G84,GF100\n");
}

static int
parse_args(struct ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "expect", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	ctx->nr_expect = -1;
	while ((c = getopt_long(argc, argv, "e:h", opts, NULL)) != -1) {
		switch (c) {
		case 'e':
			if (parse_expect(ctx, optarg))
				return -ENOMEM;
			break;
		case 'h':
			print_usage(stdout);
			exit(0);
		default:
			return -EINVAL;
		}
	}
	return optind < argc ? -EINVAL : 0;
}

int
main(int argc, char **argv)
{
	static struct ctx ctx;
	const struct chip *chip;
	char name[64];
	int i, nr_expect;
	size_t t;

	if (parse_args(&ctx, argc, argv)) {
		print_usage(stderr);
		return 2;
	}
	nr_expect = ctx.nr_expect < 0 ? 0 : ctx.nr_expect;

	tap_plan(nr_expect + ARRAY_SIZE(tests));
	open_devs(&ctx);

	for (i = 0; i < nr_expect; i++) {
		chip = chip_find(ctx.expect[i]);
		snprintf(name, sizeof(name), "get_info_%s",
			 chip ? chip->name : ctx.expect[i]);
		ctx.why[0] = '\0';
		tap_report(&ctx, name, test_get_info(&ctx, i));
	}
	for (t = 0; t < ARRAY_SIZE(tests); t++)
		run(&ctx, tests[t].name, tests[t].fn);

	close_devs(&ctx);
	free(ctx.expect);
	return tap_summary();
}
