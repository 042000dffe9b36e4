// SPDX-License-Identifier: MIT
/*
 * nvpm uapi selftest, TAP output.
 *
 *   nvpm_uapi_test [--expect NAME,NAME,...]
 *
 * --expect lists the chips of the simulated devices the module was loaded
 * with (its sim= parameter), in order of creation; the n-th name is checked
 * against the n-th nvpm render node.  Everything the kernel reports is
 * checked against tables kept in this file, not taken from the kernel.
 *
 * Exit status: 0 if every test passed or was skipped, 1 otherwise.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <libnvpm.h>

#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define MAX_DEVS		(NVPM_RENDER_MINOR_LAST - NVPM_RENDER_MINOR_FIRST + 1)
#define OPEN_CLOSE_LOOPS	1000
#define KMEMLEAK		"/sys/kernel/debug/kmemleak"
#define KMEMLEAK_MIN_AGE_S	6	/* kmemleak ignores objects < 5 s old */

/*
 * PCOUNTER generations, ranked in the order the hardware appeared.  The
 * rank, not the chipset number, decides which capabilities a chip has
 * (GT215 is 0xa3, below the G92-generation MCP77 at 0xaa).
 */
enum gen {
	GEN_NV10,
	GEN_NV15,
	GEN_NV20,
	GEN_NV30,
	GEN_NV40,	/* includes G80 */
	GEN_G84,
	GEN_G92,
	GEN_GT215,
	GEN_GF100,
	GEN_GK104,
	GEN_END,
};

struct chip {
	const char *name;
	__u32 chipset;
	__u32 card_type;
	enum gen gen;
};

static const struct chip chips[] = {
	{ "NV10",  0x10, NVPM_CARD_NV10, GEN_NV10 },
	{ "NV15",  0x15, NVPM_CARD_NV10, GEN_NV15 },
	{ "NV20",  0x20, NVPM_CARD_NV20, GEN_NV20 },
	{ "NV30",  0x30, NVPM_CARD_NV30, GEN_NV30 },
	{ "NV40",  0x40, NVPM_CARD_NV40, GEN_NV40 },
	{ "G80",   0x50, NVPM_CARD_NV50, GEN_NV40 },
	{ "G84",   0x84, NVPM_CARD_NV50, GEN_G84 },
	{ "G92",   0x92, NVPM_CARD_NV50, GEN_G92 },
	{ "GT215", 0xa3, NVPM_CARD_NV50, GEN_GT215 },
	{ "GF100", 0xc0, NVPM_CARD_NVC0, GEN_GF100 },
	{ "GK104", 0xe4, NVPM_CARD_NVE0, GEN_GK104 },
};

/* Whether generation @g is in [@from, @to). */
static bool
gen_in(enum gen g, enum gen from, enum gen to)
{
	return g >= from && g < to;
}

/* The NVPM_HW_CAP_* bits of a generation, from the documented boundaries. */
static __u64
gen_caps(enum gen g)
{
	__u64 caps = 0;

	if (gen_in(g, GEN_NV10, GEN_NV30))
		caps |= NVPM_HW_CAP_COUNTER_40BIT;
	if (gen_in(g, GEN_NV15, GEN_END))
		caps |= NVPM_HW_CAP_CTR_PERIOD;
	if (gen_in(g, GEN_NV30, GEN_END))
		caps |= NVPM_HW_CAP_QUAD;
	if (gen_in(g, GEN_NV40, GEN_END))
		caps |= NVPM_HW_CAP_COUNTER_MODES;
	if (gen_in(g, GEN_G84, GEN_GF100))
		caps |= NVPM_HW_CAP_RECORD;
	if (gen_in(g, GEN_G84, GEN_END))
		caps |= NVPM_HW_CAP_SPEC_SRC | NVPM_HW_CAP_PERIODIC;
	if (gen_in(g, GEN_G92, GEN_END))
		caps |= NVPM_HW_CAP_DELAY_REPLACE;
	if (gen_in(g, GEN_G92, GEN_GF100))
		caps |= NVPM_HW_CAP_RECORD_ADDR_HIGH;
	if (gen_in(g, GEN_GT215, GEN_END))
		caps |= NVPM_HW_CAP_USER_TRIGGER;
	if (gen_in(g, GEN_GF100, GEN_END))
		caps |= NVPM_HW_CAP_DOMAIN_SETS;
	return caps;
}

static const struct chip *
chip_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(chips); i++) {
		if (!strcasecmp(chips[i].name, name))
			return &chips[i];
	}
	return NULL;
}

/* ---- TAP ---- */

enum result { PASS, FAIL, SKIP };

/**
 * struct ctx - state shared by the tests
 * @devs: every nvpm render node, in minor order, open
 * @nr_devs: number of @devs
 * @expect: the --expect names
 * @nr_expect: number of @expect, -1 without --expect
 * @why: reason of the current test's failure or skip
 */
struct ctx {
	struct nvpm_dev devs[MAX_DEVS];
	int nr_devs;
	char **expect;
	int nr_expect;
	char why[256];
};

static int tap_nr, tap_pass, tap_fail, tap_skip;

static void
diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static enum result __printf(3, 4)
result(struct ctx *ctx, enum result res, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->why, sizeof(ctx->why), fmt, ap);
	va_end(ap);
	return res;
}

#define fail(ctx, ...)	result(ctx, FAIL, __VA_ARGS__)
#define skip(ctx, ...)	result(ctx, SKIP, __VA_ARGS__)

static void
tap_report(struct ctx *ctx, const char *name, enum result res)
{
	tap_nr++;
	switch (res) {
	case PASS:
		tap_pass++;
		printf("ok %d %s\n", tap_nr, name);
		break;
	case SKIP:
		tap_skip++;
		printf("ok %d %s # SKIP %s\n", tap_nr, name, ctx->why);
		break;
	default:
		tap_fail++;
		printf("not ok %d %s # %s\n", tap_nr, name, ctx->why);
		break;
	}
	fflush(stdout);
}

typedef enum result (*test_fn)(struct ctx *ctx);

static void
run(struct ctx *ctx, const char *name, test_fn fn)
{
	ctx->why[0] = '\0';
	fflush(stdout);
	tap_report(ctx, name, fn(ctx));
}

/* ---- helpers ---- */

/* The device every device-independent test runs on, or NULL. */
static const struct nvpm_dev *
first_dev(struct ctx *ctx)
{
	return ctx->nr_devs ? &ctx->devs[0] : NULL;
}

/* ioctl() without retry; 0 or -errno. */
static int
raw_ioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? -errno : 0;
}

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

/* Open files of this process; -errno on failure. */
static int
count_fds(void)
{
	struct dirent *de;
	DIR *dir;
	int n = 0;

	dir = opendir("/proc/self/fd");
	if (!dir)
		return -errno;
	while ((de = readdir(dir)))
		n += de->d_name[0] != '.';
	closedir(dir);
	return n;
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

/* Write a command to kmemleak; 0 or -errno. */
static int
kmemleak_cmd(const char *cmd)
{
	ssize_t len = strlen(cmd), n;
	int fd, err = 0;

	fd = open(KMEMLEAK, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, cmd, len);
	if (n < 0)
		err = -errno;
	else if (n != len)
		err = -EIO;
	close(fd);
	return err;
}

/* Read all of @fd into a NUL-terminated malloc()ed @*out; 0 or -errno. */
static int
read_all(int fd, char **out)
{
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap), *tmp;
	ssize_t n;

	*out = NULL;
	if (!buf)
		return -ENOMEM;
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (cap - len > 1)
			continue;
		tmp = realloc(buf, cap *= 2);
		if (!tmp) {
			free(buf);
			return -ENOMEM;
		}
		buf = tmp;
	}
	if (n < 0) {
		n = errno;
		free(buf);
		return n > 0 ? -n : -EIO;
	}
	buf[len] = '\0';
	*out = buf;
	return 0;
}

/* The whole kmemleak report into @*out; 0 or -errno. */
static int
kmemleak_read(char **out)
{
	int fd, ret;

	fd = open(KMEMLEAK, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = read_all(fd, out);
	close(fd);
	return ret;
}

/*
 * Whether a kmemleak record's backtrace mentions nvpm.  Only the lines
 * after "backtrace:" count: the comm line names this very program.
 */
static bool
kmemleak_record_is_nvpm(const char *rec, const char *end)
{
	const char *bt = strstr(rec, "backtrace:");
	const char *hit;

	if (!bt || bt >= end)
		return false;
	hit = strstr(bt, "nvpm");
	return hit && hit < end;
}

/* Print a record as TAP diagnostics, line by line. */
static void
kmemleak_print_record(const char *rec, const char *end)
{
	const char *nl;

	while (rec < end) {
		nl = memchr(rec, '\n', end - rec);
		if (!nl)
			nl = end;
		diag("%.*s", (int)(nl - rec), rec);
		rec = nl + 1;
	}
}

/* Number of reported leaks whose backtrace mentions nvpm, printed. */
static int
kmemleak_count_nvpm(const char *report)
{
	static const char hdr[] = "unreferenced object";
	const char *rec = strstr(report, hdr), *next;
	int n = 0;

	while (rec) {
		next = strstr(rec + 1, hdr);
		if (kmemleak_record_is_nvpm(rec, next ? next : rec + strlen(rec))) {
			kmemleak_print_record(rec, next ? next : rec + strlen(rec));
			n++;
		}
		rec = next;
	}
	return n;
}

/* Scan and count the nvpm objects kmemleak reports; -errno on failure. */
static int
kmemleak_scan_nvpm(void)
{
	char *report = NULL;
	int ret, n;

	ret = kmemleak_cmd("scan");
	if (ret)
		return ret;
	ret = kmemleak_read(&report);
	if (ret)
		return ret;
	n = kmemleak_count_nvpm(report);
	free(report);
	return n;
}

/*
 * After the loop: let objects age, scan, look for nvpm leaks.  A scan is
 * slow under emulation (seconds), so a second one only confirms a report:
 * an object kmemleak saw unreferenced once may have been in flight.
 */
static enum result
kmemleak_check(struct ctx *ctx)
{
	int i, n = 0;

	sleep(KMEMLEAK_MIN_AGE_S);
	for (i = 0; i < 2; i++) {
		n = kmemleak_scan_nvpm();
		if (n < 0)
			return fail(ctx, "kmemleak: %s", strerror(-n));
		if (!n)
			break;
	}
	if (n)
		return fail(ctx, "kmemleak reports %d nvpm object(s)", n);
	diag("kmemleak: no nvpm leaks");
	return PASS;
}

/*
 * Before the loop: 1 if kmemleak is there and enabled, 0 if it is absent
 * or disabled, -1 (with a reason in ctx->why) on error.  Leaks from before
 * the loop need no clearing: only nvpm's are counted, and nvpm has none
 * or the test fails anyway.
 */
static int
kmemleak_start(struct ctx *ctx)
{
	int ret;

	if (access(KMEMLEAK, F_OK) && errno == ENOENT) {
		diag("%s absent: checking open files only", KMEMLEAK);
		return 0;
	}
	/*
	 * A disabled kmemleak (kmemleak=off, or after an internal error)
	 * keeps its file but refuses commands with EPERM; "scan=off" is the
	 * cheap one (automatic scanning stays off while the test runs).
	 */
	ret = kmemleak_cmd("scan=off");
	if (ret == -EPERM) {
		diag("kmemleak disabled: checking open files only");
		return 0;
	}
	if (ret) {
		fail(ctx, "kmemleak: %s", strerror(-ret));
		return -1;
	}
	return 1;
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
	kmemleak = kmemleak_start(ctx);
	if (kmemleak < 0)
		return FAIL;
	if (open_close_loop(ctx, dev->path, OPEN_CLOSE_LOOPS) != PASS)
		return FAIL;
	after = count_fds();
	if (after != before)
		return fail(ctx, "%d open files before, %d after", before, after);
	return kmemleak ? kmemleak_check(ctx) : PASS;
}

/* ---- main ---- */

static const struct {
	const char *name;
	test_fn fn;
} tests[] = {
	{ "device_count_matches_expect", device_count_matches_expect },
	{ "get_info_bad_size_is_einval", get_info_bad_size_is_einval },
	{ "get_info_nonzero_reserved_is_einval", get_info_nonzero_reserved_is_einval },
	{ "get_info_bad_pointer_is_efault", get_info_bad_pointer_is_efault },
	{ "unknown_ioctl_is_einval", unknown_ioctl_is_einval },
	{ "open_close_1000_no_leak", open_close_1000_no_leak },
};

static void
print_usage(FILE *f)
{
	fprintf(f, "usage: nvpm_uapi_test [--expect NAME,NAME,...]\n"
		"  --expect  chips of the simulated devices, in order of creation\n"
		"            (the module's sim= parameter), e.g. G84,GF100\n");
}

/* Split @list at commas into ctx->expect; "" is no device. */
static int
parse_expect(struct ctx *ctx, char *list)
{
	char *tok, *save = NULL;
	int n = 0;

	free(ctx->expect);
	ctx->expect = calloc(strlen(list) / 2 + 1, sizeof(*ctx->expect));
	if (!ctx->expect)
		return -ENOMEM;
	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save))
		ctx->expect[n++] = tok;
	ctx->nr_expect = n;
	return 0;
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

static void
open_devs(struct ctx *ctx)
{
	struct nvpm_iter it;
	struct nvpm_dev dev;

	nvpm_iter_init(&it);
	while (ctx->nr_devs < MAX_DEVS && nvpm_iter_next(&it, &dev) > 0)
		ctx->devs[ctx->nr_devs++] = dev;
	diag("%d nvpm render node(s)", ctx->nr_devs);
	if (!ctx->nr_devs && it.err)
		diag("some render nodes could not be opened: %s",
		     strerror(-it.err));
}

static void
close_devs(struct ctx *ctx)
{
	while (ctx->nr_devs)
		nvpm_dev_close(&ctx->devs[--ctx->nr_devs]);
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

	printf("TAP version 13\n");
	printf("1..%zu\n", nr_expect + ARRAY_SIZE(tests));
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
	printf("# Totals: pass:%d fail:%d skip:%d\n", tap_pass, tap_fail,
	       tap_skip);
	return tap_fail ? 1 : 0;
}
