// SPDX-License-Identifier: MIT
/*
 * What the nvpm selftests share, apart from the harness (harness.h): the
 * simulated chips they know, the --expect list, the render nodes each
 * test's fixture opens, the driver's ioctls, kmemleak, the simulator's
 * dropped cycles.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include "selftest.h"

#define KMEMLEAK		"/sys/kernel/debug/kmemleak"
#define KMEMLEAK_MIN_AGE_S	6	/* kmemleak ignores objects < 5 s old */

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
bool
gen_in(enum gen g, enum gen from, enum gen to)
{
	return g >= from && g < to;
}

/* The NVPM_HW_CAP_* bits of a generation, from the documented boundaries. */
__u64
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

const struct chip *
chip_find(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(chips); i++) {
		if (!strcasecmp(chips[i].name, name))
			return &chips[i];
	}
	return NULL;
}

/* Every ioctl the driver has (the fuzzer's and the unplug test's list). */
const unsigned long nvpm_ioctls[] = {
	DRM_IOCTL_NVPM_GET_INFO, DRM_IOCTL_NVPM_QUERY_DOMAINS,
	DRM_IOCTL_NVPM_QUERY_SIGNALS, DRM_IOCTL_NVPM_GROUP_CREATE,
	DRM_IOCTL_NVPM_GROUP_DESTROY, DRM_IOCTL_NVPM_SAMPLE,
	DRM_IOCTL_NVPM_READ, DRM_IOCTL_NVPM_QUERY_SOURCES,
	DRM_IOCTL_NVPM_GEM_NEW, DRM_IOCTL_NVPM_GEM_INFO,
	DRM_IOCTL_NVPM_RECORD_START, DRM_IOCTL_NVPM_RECORD_STOP,
	DRM_IOCTL_NVPM_RECORD_STATUS, DRM_IOCTL_NVPM_CHANNEL_NEW,
	DRM_IOCTL_NVPM_CHANNEL_DEL, DRM_IOCTL_NVPM_EXEC, DRM_IOCTL_NVPM_WAIT,
};

const size_t nvpm_nr_ioctls = ARRAY_SIZE(nvpm_ioctls);

/* ---- devices and arguments ---- */

/* The --expect names, parsed before the harness forks the tests. */
char **nvpm_expect;
int nvpm_nr_expect = -1;

/* A "# " comment line, flushed: the harness ends each test with _exit(). */
void
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

/* Split @list at commas into nvpm_expect; "" is no device. */
int
parse_expect(char *list)
{
	char *tok, *save = NULL;
	int n = 0;

	free(nvpm_expect);
	nvpm_expect = calloc(strlen(list) / 2 + 1, sizeof(*nvpm_expect));
	if (!nvpm_expect)
		return -ENOMEM;
	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save))
		nvpm_expect[n++] = tok;
	nvpm_nr_expect = n;
	return 0;
}

/* The render nodes nodes_scan() found (libdrm's device scan is slow). */
static struct nvpm_iter nodes_found;
static bool nodes_scanned;

/*
 * Look for the nvpm render nodes; nodes_open() opens these.  Done once
 * before the harness runs the tests, and again by a test that moves them.
 */
void
nodes_scan(void)
{
	nvpm_iter_init(&nodes_found);
	nodes_scanned = true;
}

/* Open every nvpm render node: each test's FIXTURE_SETUP(). */
void
nodes_open(struct nodes *nodes)
{
	struct nvpm_iter it = nodes_found;
	struct nvpm_dev dev;

	nodes->t0_us = now_us();
	if (!nodes_scanned)
		nvpm_iter_init(&it);
	while (nodes->nr_devs < MAX_DEVS && nvpm_iter_next(&it, &dev) > 0)
		nodes->devs[nodes->nr_devs++] = dev;
	if (!nodes->nr_devs && it.err)
		diag("some render nodes could not be opened: %s",
		     strerror(-it.err));
}

/*
 * Close them again: each test's FIXTURE_TEARDOWN().  A test of @name that
 * took a second or more says how long (make test prints these lines).
 */
void
nodes_close(struct nodes *nodes, const char *name)
{
	double s = (now_us() - nodes->t0_us) / 1e6;

	while (nodes->nr_devs)
		nvpm_dev_close(&nodes->devs[--nodes->nr_devs]);
	if (s >= 1)
		diag("%s: %.1f s", name, s);
}

/* The device every device-independent test runs on, or NULL. */
const struct nvpm_dev *
first_dev(const struct nodes *nodes)
{
	return nodes->nr_devs ? &nodes->devs[0] : NULL;
}

/* The --expect chip of the @idx-th device, NULL if unknown. */
const struct chip *
dev_chip(const struct nodes *nodes, int idx)
{
	if (idx < 0 || idx >= nvpm_nr_expect || idx >= nodes->nr_devs)
		return NULL;
	return chip_find(nvpm_expect[idx]);
}

/* The chip's name of the @idx-th --expect entry, as given if unknown. */
const char *
expect_name(int idx)
{
	const struct chip *chip = chip_find(nvpm_expect[idx]);

	return chip ? chip->name : nvpm_expect[idx];
}

/* ---- helpers ---- */

/* ioctl() without retry; 0 or -errno. */
int
raw_ioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) ? -errno : 0;
}

/* "success", "EINVAL", ... for a 0 / -errno result. */
const char *
err_name(int ret)
{
	static const struct {
		int err;
		const char *name;
	} names[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { E2BIG, "E2BIG" },
		{ EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EACCES, "EACCES" },
		{ EFAULT, "EFAULT" }, { EBUSY, "EBUSY" }, { ENODEV, "ENODEV" },
		{ EINVAL, "EINVAL" }, { ENOTTY, "ENOTTY" }, { ERANGE, "ERANGE" },
		{ EOPNOTSUPP, "EOPNOTSUPP" }, { ETIMEDOUT, "ETIMEDOUT" },
		{ ENOSPC, "ENOSPC" }, { EIO, "EIO" },
	};
	static char other[32];
	size_t i;

	if (!ret)
		return "success";
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (names[i].err == -ret)
			return names[i].name;
	}
	snprintf(other, sizeof(other), "errno %d", -ret);
	return other;
}

/* Open files of this process; -errno on failure. */
int
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

/*
 * Whether this kernel has perf events at all (PERF_EVENTS: its sysctl is
 * there).  User Mode Linux has none.  Tests of nvpm's PMU skip on that
 * alone, so a kernel with perf that refuses them still fails them.
 */
bool
kernel_has_perf(void)
{
	return !access("/proc/sys/kernel/perf_event_paranoid", F_OK);
}

/* ---- kmemleak ---- */

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

/**
 * kmemleak_start() - before the code under test runs
 *
 * Leaks from before need no clearing: only nvpm's are counted, and nvpm
 * has none or the test fails anyway.
 *
 * Return: 1 if kmemleak is there and enabled, 0 if it is absent or
 * disabled (said as a diagnostic), -errno on error.
 */
int
kmemleak_start(void)
{
	int ret;

	if (access(KMEMLEAK, F_OK) && errno == ENOENT) {
		diag("%s absent: no kmemleak check", KMEMLEAK);
		return 0;
	}
	/*
	 * A disabled kmemleak (kmemleak=off, or after an internal error)
	 * keeps its file but refuses commands with EPERM; "scan=off" is the
	 * cheap one (automatic scanning stays off while the test runs).
	 */
	ret = kmemleak_cmd("scan=off");
	if (ret == -EPERM) {
		diag("kmemleak disabled: no kmemleak check");
		return 0;
	}
	return ret ? ret : 1;
}

/**
 * kmemleak_nvpm_leaks() - after the code under test ran
 *
 * Let objects age, scan, look for nvpm leaks.  A scan is slow under
 * emulation (seconds), so a second one only confirms a report: an object
 * kmemleak saw unreferenced once may have been in flight.
 *
 * Return: the number of nvpm leaks (each printed), or -errno.
 */
int
kmemleak_nvpm_leaks(void)
{
	int i, n = 0;

	sleep(KMEMLEAK_MIN_AGE_S);
	for (i = 0; i < 2; i++) {
		n = kmemleak_scan_nvpm();
		if (n <= 0)
			break;
	}
	return n;
}

/* CLOCK_MONOTONIC in microseconds. */
double
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/**
 * sim_dropped() - the cycles a simulated GPU let go of so far
 * @dev: its render node
 *
 * What its debugfs file (/sys/kernel/debug/dri/<minor>/nvpm_sim) reports
 * as dropped: real time the simulator could not simulate within its
 * budget, on a loaded host.  Those cycles pass for no counter, so a lower
 * bound on the cycles counted over an interval of real time is the
 * interval less the cycles dropped meanwhile: read this before the
 * interval starts and after it ends.  (A catch-up books its drops when an
 * access ends the gap, so an interval's last latch has booked them.)
 *
 * Return: the count, 0 where the file cannot be read (the bound is then
 * as strict as without it).
 */
unsigned long long
sim_dropped(const struct nvpm_dev *dev)
{
	static const char key[] = " dropped ";
	unsigned long long dropped = 0;
	char path[96], line[512], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/nvpm_sim", dev->minor);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fgets(line, sizeof(line), f)) {
		p = strstr(line, key);
		if (p)
			dropped = strtoull(p + strlen(key), NULL, 10);
	}
	fclose(f);
	return dropped;
}
