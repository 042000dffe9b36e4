// SPDX-License-Identifier: MIT
/*
 * nvpm counter ioctl selftest, TAP output: QUERY_DOMAINS, QUERY_SIGNALS,
 * GROUP_CREATE / DESTROY, SAMPLE and READ.
 *
 *   nvpm_perf_test [--expect NAME,NAME,...] [--hammer SECONDS]
 *
 * --expect lists the chips of the simulated devices, as for
 * nvpm_uapi_test.  Counter group tests run on the first of them whose
 * generation has counter groups (NV40:GF100) and at least 8 domains (G84+).
 * Needs root: it changes a module parameter, a device node's mode and its
 * own uid (in a child).
 *
 * The simulated GPU counts 1 cycle per microsecond of kernel time, and a
 * counter with logic op 0xffff counts every cycle: such a counter must read
 * exactly the group's cycles.
 *
 * Exit status: 0 if every test passed or was skipped, 1 otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "chip_fixture.h"

#define UNPRIVILEGED		"/sys/module/nvpm/parameters/unprivileged"
#define NOBODY			65534
#define HAMMER_PROCS		8
#define HAMMER_S		10
#define LEAK_LOOPS		200
#define QUAD_SLEEP_US		20000
#define QUAD_MIN_CYCLES		10000
#define CANARY			0xa5

/* PCOUNTER domains per chip, from the reference; -1: not checked. */
static const struct {
	const char *chip;
	int nr_doms;
} chip_doms[] = {
	{ "NV10", 1 }, { "NV15", 1 }, { "NV20", 2 }, { "NV30", 2 },
	{ "NV40", 5 }, { "G80", 5 }, { "G84", 8 }, { "G92", 8 }, { "GT215", 8 },
};

/*
 * The device the counter group tests use, and what it has: each test's
 * FIXTURE_SETUP(grp) finds it.
 */
static int grp_idx = -1;
static int grp_fd = -1;
static struct nvpm_catalog grp_cat;
static __u64 grp_caps;
static long hammer_s = HAMMER_S;

/* ---- helpers ---- */

static bool
has_groups(const struct chip *chip)
{
	return chip && gen_in(chip->gen, GEN_NV40, GEN_GF100);
}

/* Counter groups of some kind: every generation. */
static bool
has_single(const struct chip *chip)
{
	return chip && gen_in(chip->gen, GEN_NV10, GEN_END);
}

static int
expected_doms(const struct chip *chip)
{
	size_t i;

	for (i = 0; chip && i < ARRAY_SIZE(chip_doms); i++) {
		if (!strcmp(chip_doms[i].chip, chip->name))
			return chip_doms[i].nr_doms;
	}
	return -1;
}

static int
open_rw(const char *path)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

/* A valid quad group: one counter, every cycle. */
static void
quad_args(struct drm_nvpm_group_create *a, __u32 domain)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->domain = domain;
	a->mode = NVPM_MODE_QUAD;
	a->nr_counters = 1;
	a->counter[0].logic_op = NVPM_OP_ALWAYS;
}

static int
create(int fd, struct drm_nvpm_group_create *a)
{
	return raw_ioctl(fd, DRM_IOCTL_NVPM_GROUP_CREATE, a);
}

static int
create_quad(int fd, __u32 domain, __u32 *handle)
{
	struct drm_nvpm_group_create a;
	int ret;

	quad_args(&a, domain);
	ret = create(fd, &a);
	if (!ret)
		*handle = a.handle;
	return ret;
}

static int
destroy(int fd, __u32 handle)
{
	struct drm_nvpm_group_destroy a = { .size = sizeof(a), .handle = handle };

	return raw_ioctl(fd, DRM_IOCTL_NVPM_GROUP_DESTROY, &a);
}

static int
sample(int fd, __u64 *samples)
{
	struct drm_nvpm_sample a = { .size = sizeof(a) };
	int ret = raw_ioctl(fd, DRM_IOCTL_NVPM_SAMPLE, &a);

	if (!ret && samples)
		*samples = a.samples;
	return ret;
}

static int
read_group(int fd, __u32 handle, struct drm_nvpm_read *r)
{
	memset(r, 0, sizeof(*r));
	r->size = sizeof(*r);
	r->handle = handle;
	return raw_ioctl(fd, DRM_IOCTL_NVPM_READ, r);
}

/* A domain of the group device with fewer than 256 signals, or -1. */
static int
small_domain(void)
{
	unsigned int d;

	for (d = 0; d < grp_cat.nr_dom; d++) {
		if (grp_cat.dom[d].nr_signals < 256)
			return d;
	}
	return -1;
}

/*
 * Every domain of @fd's device (the group device) can take a group: no
 * refused or released call left one held.
 */
static bool
expect_domains_free(struct __test_metadata *_metadata, int fd, const char *what)
{
	unsigned int d;
	__u32 h;
	int ret;

	for (d = 0; d < grp_cat.nr_dom; d++) {
		ret = create_quad(fd, d, &h);
		if (ret)
			FAIL(return false, "%s: then a group on domain %u: %s", what, d,
			     err_name(ret));
		ret = destroy(fd, h);
		if (ret)
			FAIL(return false, "%s: then destroying it: %s", what, err_name(ret));
	}
	return true;
}

/* Expect @ret to be -@err. */
static bool
expect_err(struct __test_metadata *_metadata, int ret, int err, const char *what)
{
	if (ret != -err)
		FAIL(return false, "%s: got %s, want %s", what, err_name(ret),
		     err_name(-err));
	return true;
}

/* ioctl @cmd on @arg must fail with -@err and leave @len bytes of it alone. */
static bool
expect_refused(struct __test_metadata *_metadata, int fd, unsigned long cmd, void *arg, size_t len,
	       int err, const char *what)
{
	unsigned char before[256];
	int ret;

	memcpy(before, arg, len);
	ret = raw_ioctl(fd, cmd, arg);
	if (!expect_err(_metadata, ret, err, what))
		return false;
	if (memcmp(before, arg, len))
		FAIL(return false, "%s: argument modified on error", what);
	return true;
}

/* Two pages, the second PROT_NONE; NULL on failure. */
static char *
map_guarded(size_t *page)
{
	char *map;

	*page = sysconf(_SC_PAGESIZE);
	map = mmap(NULL, 2 * *page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		return NULL;
	if (mprotect(map + *page, *page, PROT_NONE)) {
		munmap(map, 2 * *page);
		return NULL;
	}
	return map;
}

/*
 * ioctl @cmd with an argument pointer that is NULL, 8, inside a PROT_NONE
 * page and straddling into one (its size field readable): -EFAULT.
 */
static bool
expect_efault_arg(struct __test_metadata *_metadata, int fd, unsigned long cmd, __u32 size,
		  const char *name)
{
	size_t page;
	char what[64], *map = map_guarded(&page);
	bool res = true;

	if (!map)
		FAIL(return false, "mmap: %s", strerror(errno));
	*(__u32 *)(map + page - 4) = size;
	snprintf(what, sizeof(what), "%s on NULL", name);
	res = expect_err(_metadata, raw_ioctl(fd, cmd, NULL), EFAULT, what);
	snprintf(what, sizeof(what), "%s on (void *)8", name);
	if (res)
		res = expect_err(_metadata, raw_ioctl(fd, cmd, (void *)8), EFAULT, what);
	snprintf(what, sizeof(what), "%s on a PROT_NONE page", name);
	if (res)
		res = expect_err(_metadata, raw_ioctl(fd, cmd, map + page), EFAULT, what);
	snprintf(what, sizeof(what), "%s straddling into a PROT_NONE page", name);
	if (res)
		res = expect_err(_metadata, raw_ioctl(fd, cmd, map + page - 4), EFAULT, what);
	munmap(map, 2 * page);
	return res;
}

/* ---- enumeration ---- */

/* Whether @s (of @len bytes) is NUL-terminated and not empty. */
static bool
good_string(const char *s, size_t len)
{
	return s[0] && memchr(s, '\0', len);
}

static bool
check_domain(struct __test_metadata *_metadata, const struct chip *chip,
	     const struct drm_nvpm_domain *dom,
	     unsigned int idx)
{
	enum gen g = chip->gen;
	/* single event mode is not offered on GF100+ (its start is unknown) */
	__u32 caps = gen_in(g, GEN_NV10, GEN_GF100) ? NVPM_DOMAIN_CAP_SINGLE : 0;

	if (gen_in(g, GEN_NV30, GEN_END))
		caps |= NVPM_DOMAIN_CAP_QUAD;
	if (gen_in(g, GEN_NV40, GEN_END))
		caps |= NVPM_DOMAIN_CAP_COUNTER_MODES;
	if (gen_in(g, GEN_G84, GEN_END))
		caps |= NVPM_DOMAIN_CAP_PERIODIC;
	if (gen_in(g, GEN_GT215, GEN_END))
		caps |= NVPM_DOMAIN_CAP_USER;

	if (dom->id != idx)
		FAIL(return false, "domain #%u has id %u", idx, dom->id);
	if (!good_string(dom->name, sizeof(dom->name)) ||
	    !good_string(dom->clock, sizeof(dom->clock)))
		FAIL(return false, "domain %u: name or clock empty or not NUL-terminated", idx);
	if (!dom->nr_signals || dom->nr_signals > 256 || dom->nr_signals % 32)
		FAIL(return false, "domain %s: %u signals", dom->name, dom->nr_signals);
	if (dom->nr_counters != (has_single(chip) ? 4u : 0u))
		FAIL(return false, "domain %s: %u counters, want %u", dom->name,
		     dom->nr_counters, has_single(chip) ? 4 : 0);
	if (dom->caps != caps)
		FAIL(return false, "domain %s: caps 0x%x, want 0x%x", dom->name, dom->caps, caps);
	return true;
}

/* The PCOUNTER domains of @cat: all but the idle counter domain. */
static unsigned int
pcounter_doms(const struct nvpm_catalog *cat)
{
	unsigned int d, n = 0;

	for (d = 0; d < cat->nr_dom; d++)
		n += !(cat->dom[d].caps & NVPM_DOMAIN_CAP_IDLE);
	return n;
}

/*
 * The idle counter domain (GT215+): the last, "pdaemon", one signal per
 * engine the reference lists for the generation, named, in uapi order.
 */
static bool
check_idle_domain(struct __test_metadata *_metadata, const struct chip *chip,
		  const struct nvpm_catalog *cat,
		  unsigned int d)
{
	static const char * const engines[] = {
		"gr", "pvld", "ppdec", "pppp", "mc", "pcopy0", "pcopy1", "pcopy2",
	};
	const struct drm_nvpm_domain *dom = &cat->dom[d];
	unsigned int nr = gen_in(chip->gen, GEN_GK104, GEN_END) ? 8 :
			  gen_in(chip->gen, GEN_GF100, GEN_END) ? 7 : 6;
	unsigned int ctrs = gen_in(chip->gen, GEN_GF100, GEN_END) ? 4 : 3, i;

	if (!gen_in(chip->gen, GEN_GT215, GEN_END))
		FAIL(return false, "domain %s: an idle counter domain before GT215", dom->name);
	if (d != cat->nr_dom - 1 || strcmp(dom->name, "pdaemon") || strcmp(dom->clock, "pdaemon"))
		FAIL(return false, "idle counter domain #%u '%s' (clock '%s'): want the last, %s",
		     d, dom->name, dom->clock, "pdaemon");
	if (dom->caps != (NVPM_DOMAIN_CAP_QUAD | NVPM_DOMAIN_CAP_IDLE))
		FAIL(return false, "domain pdaemon: caps 0x%x", dom->caps);
	if (dom->nr_counters != ctrs || dom->nr_signals != nr || cat->nr_sig[d] != nr)
		FAIL(return false, "domain pdaemon: %u counters, %u signals, %u named; want %u, %u",
		     dom->nr_counters, dom->nr_signals, cat->nr_sig[d], ctrs, nr);
	for (i = 0; i < nr; i++) {
		if (cat->sig[d][i].signal != i || strcmp(cat->sig[d][i].name, engines[i]))
			FAIL(return false, "domain pdaemon: signal #%u is 0x%x %s, want 0x%x %s", i,
			     cat->sig[d][i].signal, cat->sig[d][i].name, i, engines[i]);
	}
	return true;
}

/* The name of signal @num in @sig[@n], or NULL. */
static const char *
sig_name(const struct drm_nvpm_signal *sig, unsigned int n, unsigned int num)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (sig[i].signal == num)
			return sig[i].name;
	}
	return NULL;
}

/* Signal @num of domain @d must be named @want (the reference's trailer). */
static bool
check_named(struct __test_metadata *_metadata, const struct nvpm_catalog *cat, unsigned int d,
	    unsigned int num, const char *want)
{
	const char *name = sig_name(cat->sig[d], cat->nr_sig[d], num);

	if (!name || strcmp(name, want))
		FAIL(return false, "domain %s: signal 0x%02x is '%s', want '%s'",
		     cat->dom[d].name, num, name ? name : "(unnamed)", want);
	return true;
}

/* The trailer: the last 0x20 signals of each domain, per generation. */
static bool
check_trailer(struct __test_metadata *_metadata, const struct chip *chip,
	      const struct nvpm_catalog *cat,
	      unsigned int d)
{
	unsigned int t = cat->dom[d].nr_signals - 0x20, x;
	enum gen g = chip->gen;
	char want[48];

	if (gen_in(g, GEN_NV10, GEN_NV20))
		return check_named(_metadata, cat, d, t + 0x1f, "FLAG");
	if (gen_in(g, GEN_GF100, GEN_END))
		return true;	/* no trailer names there (yet) */
	if (gen_in(g, GEN_NV20, GEN_NV40) &&
	    !check_named(_metadata, cat, d, t + 0x1d, "PM_TRIGGER"))
		return false;
	if (gen_in(g, GEN_NV40, GEN_GF100) &&
	    !check_named(_metadata, cat, d, t + 0x0f, "PM_TRIGGER"))
		return false;
	if (gen_in(g, GEN_G84, GEN_GF100) &&
	    (!check_named(_metadata, cat, d, t + 0x0c, "ZERO") ||
	     !check_named(_metadata, cat, d, t + 0x0d, "PERIODIC")))
		return false;
	for (x = 0; x < pcounter_doms(cat); x++) {
		snprintf(want, sizeof(want), "%s.FLAG", cat->dom[x].name);
		if (!check_named(_metadata, cat, d, t + 0x1f - x, want))
			return false;
		if (!gen_in(g, GEN_NV40, GEN_GF100))
			continue;
		snprintf(want, sizeof(want), "%s.EVENT", cat->dom[x].name);
		if (!check_named(_metadata, cat, d, t + 0x17 - x, want))
			return false;
	}
	return true;
}

static bool
check_signals(struct __test_metadata *_metadata, const struct nvpm_catalog *cat, unsigned int d)
{
	const struct drm_nvpm_signal *sig = cat->sig[d];
	const struct drm_nvpm_domain *dom = &cat->dom[d];
	unsigned int i, j;

	for (i = 0; i < cat->nr_sig[d]; i++) {
		if (!good_string(sig[i].name, sizeof(sig[i].name)))
			FAIL(return false,
			     "domain %s: signal #%u: name empty or not NUL-terminated",
			     dom->name, i);
		if (sig[i].signal >= dom->nr_signals)
			FAIL(return false, "domain %s: signal %s is 0x%x, beyond its %u signals",
			     dom->name, sig[i].name, sig[i].signal, dom->nr_signals);
		if (i && sig[i].signal <= sig[i - 1].signal)
			FAIL(return false, "domain %s: signal 0x%x (%s) after 0x%x: not sorted",
			     dom->name, sig[i].signal, sig[i].name, sig[i - 1].signal);
		for (j = 0; j < i; j++) {
			if (!strcmp(sig[i].name, sig[j].name))
				FAIL(return false, "domain %s: two signals named %s",
				     dom->name, sig[i].name);
		}
	}
	return true;
}

static bool
check_catalog(struct __test_metadata *_metadata, const struct chip *chip,
	      const struct nvpm_catalog *cat)
{
	int want = expected_doms(chip);
	unsigned int d, x;

	if (want >= 0 && pcounter_doms(cat) != (unsigned int)want)
		FAIL(return false, "%u PCOUNTER domains, want %d", pcounter_doms(cat), want);
	if (gen_in(chip->gen, GEN_GT215, GEN_END) && pcounter_doms(cat) == cat->nr_dom)
		FAIL(return false, "no idle counter domain on a GT215+");
	for (d = 0; d < cat->nr_dom; d++) {
		if (cat->dom[d].caps & NVPM_DOMAIN_CAP_IDLE) {
			if (!check_idle_domain(_metadata, chip, cat, d))
				return false;
			continue;
		}
		if (!check_domain(_metadata, chip, &cat->dom[d], d))
			return false;
		for (x = 0; x < d; x++) {
			if (!strcmp(cat->dom[x].name, cat->dom[d].name))
				FAIL(return false, "two domains named %s", cat->dom[d].name);
		}
		if (!check_signals(_metadata, cat, d) || !check_trailer(_metadata, chip, cat, d))
			return false;
	}
	return true;
}

/* Pick the counter group device: a chip with groups and 8 domains. */
static void
pick_grp_dev(struct nodes *nodes)
{
	struct drm_nvpm_get_info info;
	int i;

	for (i = 0; i < nvpm_nr_expect && i < nodes->nr_devs; i++) {
		if (has_groups(dev_chip(nodes, i)) && expected_doms(dev_chip(nodes, i)) >= 8)
			break;
	}
	if (i == nvpm_nr_expect || i == nodes->nr_devs)
		return;
	grp_idx = i;
	if (nvpm_catalog_load(nodes->devs[i].fd, &grp_cat) ||
	    nvpm_get_info(nodes->devs[i].fd, &info))
		return;
	grp_caps = info.hw_caps;
	grp_fd = nodes->devs[i].fd;
}

/* The tests on any device. */
FIXTURE(perf) {
	struct nodes n;
};

FIXTURE_SETUP(perf)
{
	NODES_SETUP(&self->n);
}

FIXTURE_TEARDOWN(perf)
{
	NODES_TEARDOWN(&self->n);
}

/* The counter group tests: on a chip with groups and 8 domains. */
FIXTURE(grp) {
	struct nodes n;
};

FIXTURE_SETUP(grp)
{
	NODES_SETUP(&self->n);
	pick_grp_dev(&self->n);
	if (nvpm_nr_expect < 0)
		SETUP_SKIP("no --expect given");
	if (grp_idx < 0)
		SETUP_SKIP("no --expect chip with counter groups and 8 domains");
	if (grp_fd < 0)
		FAIL(return, "%s: cannot query its domains", self->n.devs[grp_idx].path);
}

FIXTURE_TEARDOWN(grp)
{
	nvpm_catalog_free(&grp_cat);
	NODES_TEARDOWN(&self->n);
}

/* chip.<chip>.enumerate: every domain and signal of the @idx-th device. */
TEST_F(chip, enumerate)
{
	struct nodes *nodes = &self->n;
	int idx = variant->v.idx;
	const struct chip *chip = dev_chip(nodes, idx);
	struct nvpm_catalog cat;
	unsigned int d, n = 0;
	bool res;
	int ret;

	if (!chip)
		FAIL(return, "no device #%d or '%s' is not a known chip", idx,
		     nvpm_expect[idx]);
	ret = nvpm_catalog_load(nodes->devs[idx].fd, &cat);
	if (ret)
		FAIL(return, "querying: %s", err_name(ret));
	res = check_catalog(_metadata, chip, &cat);
	for (d = 0; d < cat.nr_dom; d++)
		n += cat.nr_sig[d];
	if (res)
		diag("%s: %u domains, %u named signals", chip->name, cat.nr_dom, n);
	nvpm_catalog_free(&cat);
}

/* ---- the array protocol ---- */

/*
 * One query of the array protocol through @q (QUERY_DOMAINS or _SIGNALS):
 * capacity @cap into a buffer of @cap + 2 entries filled with CANARY.
 * @q_count and @q_ptr point into @q.  Checks the count, the return value
 * and which entries were written against @ref (the @total entries).
 */
static bool
protocol_one(struct __test_metadata *_metadata, int fd, unsigned long cmd, void *q, __u32 *q_count,
	     __u64 *q_ptr, size_t elem, const void *ref, __u32 total, __u32 cap,
	     const char *what)
{
	size_t len = (cap + 2) * elem;
	unsigned char *buf = malloc(len);
	bool res = true;
	size_t i;
	int ret;

	if (!buf)
		FAIL(return false, "out of memory");
	memset(buf, CANARY, len);
	*q_count = cap;
	*q_ptr = (uintptr_t)buf;
	ret = raw_ioctl(fd, cmd, q);
	if (ret != (cap && cap < total ? -E2BIG : 0))
		FAIL(res = false, "%s: capacity %u of %u: %s", what, cap, total, err_name(ret));
	else if (*q_count != total)
		FAIL(res = false, "%s: capacity %u: count %u, want %u", what, cap, *q_count, total);
	else if (cap >= total && memcmp(buf, ref, total * elem))
		FAIL(res = false, "%s: capacity %u: entries differ from a full query", what, cap);
	for (i = cap >= total ? total * elem : 0; res && i < len; i++) {
		if (buf[i] != CANARY)
			FAIL(res = false, "%s: capacity %u of %u: byte %zu written", what, cap,
			     total, i);
	}
	free(buf);
	return res;
}

/* Capacities 0, total - 1, total and total + 2 (entries past it untouched). */
static bool
protocol_all(struct __test_metadata *_metadata, int fd, unsigned long cmd, void *q, __u32 *q_count,
	     __u64 *q_ptr, size_t elem, const void *ref, __u32 total, const char *what)
{
	__u32 caps[] = { 0, total - 1, total, total + 2 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(caps); i++) {
		if (caps[i] > total + 2 || (i == 1 && !total))
			continue;
		if (!protocol_one(_metadata, fd, cmd, q, q_count, q_ptr, elem, ref, total, caps[i],
				  what))
			return false;
	}
	return true;
}

TEST_F(perf, query_domains_array_protocol)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_query_domains q;
	struct nvpm_catalog cat;
	bool res = true;
	char what[64];
	int i, ret;

	if (!nodes->nr_devs)
		FAIL(return, "no nvpm render node");
	for (i = 0; i < nodes->nr_devs && res; i++) {
		ret = nvpm_catalog_load(nodes->devs[i].fd, &cat);
		if (ret)
			FAIL(return, "%s: %s", nodes->devs[i].path, err_name(ret));
		snprintf(what, sizeof(what), "%s", nodes->devs[i].path);
		memset(&q, 0, sizeof(q));
		q.size = sizeof(q);
		res = protocol_all(_metadata, nodes->devs[i].fd, DRM_IOCTL_NVPM_QUERY_DOMAINS, &q,
				   &q.count, &q.domains, sizeof(*cat.dom), cat.dom,
				   cat.nr_dom, what);
		nvpm_catalog_free(&cat);
	}
}

/* The array protocol on every domain with named signals of device @i. */
static bool
signals_protocol_dev(struct __test_metadata *_metadata, struct nodes *nodes, int i)
{
	struct drm_nvpm_query_signals q;
	struct nvpm_catalog cat;
	bool res = true;
	char what[64];
	unsigned int d;
	int ret;

	ret = nvpm_catalog_load(nodes->devs[i].fd, &cat);
	if (ret)
		FAIL(return false, "%s: %s", nodes->devs[i].path, err_name(ret));
	for (d = 0; d < cat.nr_dom && res; d++) {
		snprintf(what, sizeof(what), "%s domain %s", nodes->devs[i].path,
			 cat.dom[d].name);
		memset(&q, 0, sizeof(q));
		q.size = sizeof(q);
		q.domain = d;
		res = protocol_all(_metadata, nodes->devs[i].fd, DRM_IOCTL_NVPM_QUERY_SIGNALS, &q,
				   &q.count, &q.signals, sizeof(**cat.sig), cat.sig[d],
				   cat.nr_sig[d], what);
	}
	nvpm_catalog_free(&cat);
	return res;
}

TEST_F(perf, query_signals_array_protocol)
{
	struct nodes *nodes = &self->n;
	int i;

	if (!nodes->nr_devs)
		FAIL(return, "no nvpm render node");
	for (i = 0; i < nodes->nr_devs; i++) {
		if (!signals_protocol_dev(_metadata, nodes, i))
			return;
	}
}

/* ---- query negative tests ---- */

TEST_F(perf, query_domains_bad_args)
{
	struct nodes *nodes = &self->n;
	const __u32 sizes[] = { 0, sizeof(struct drm_nvpm_query_domains) - 1,
				sizeof(struct drm_nvpm_query_domains) + 8 };
	const unsigned long cmd = DRM_IOCTL_NVPM_QUERY_DOMAINS;
	const struct nvpm_dev *dev = first_dev(nodes);
	struct drm_nvpm_query_domains q;
	char what[48];
	size_t i;

	if (!dev)
		FAIL(return, "no nvpm render node");
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		memset(&q, 0, sizeof(q));
		q.size = sizes[i];
		snprintf(what, sizeof(what), "size %u", sizes[i]);
		if (!expect_refused(_metadata, dev->fd, cmd, &q, sizeof(q), EINVAL, what))
			return;
	}
	/* an array the kernel cannot write */
	memset(&q, 0, sizeof(q));
	q.size = sizeof(q);
	q.count = 256;
	q.domains = 8;
	if (!expect_err(_metadata, raw_ioctl(dev->fd, cmd, &q), EFAULT, "array at 8"))
		return;
	expect_efault_arg(_metadata, dev->fd, cmd, sizeof(q), "QUERY_DOMAINS");
}

TEST_F(perf, query_signals_bad_args)
{
	struct nodes *nodes = &self->n;
	const __u32 sizes[] = { 0, sizeof(struct drm_nvpm_query_signals) - 1,
				sizeof(struct drm_nvpm_query_signals) + 8 };
	const unsigned long cmd = DRM_IOCTL_NVPM_QUERY_SIGNALS;
	const struct nvpm_dev *dev = first_dev(nodes);
	struct drm_nvpm_query_signals q;
	struct drm_nvpm_domain *doms;
	unsigned int nr;
	char what[48];
	size_t i;
	int ret;

	if (!dev)
		FAIL(return, "no nvpm render node");
	ret = nvpm_query_domains(dev->fd, &doms, &nr);
	if (ret)
		FAIL(return, "QUERY_DOMAINS: %s", err_name(ret));
	free(doms);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		memset(&q, 0, sizeof(q));
		q.size = sizes[i];
		snprintf(what, sizeof(what), "size %u", sizes[i]);
		if (!expect_refused(_metadata, dev->fd, cmd, &q, sizeof(q), EINVAL, what))
			return;
	}
	memset(&q, 0, sizeof(q));
	q.size = sizeof(q);
	q.pad = 1;
	if (!expect_refused(_metadata, dev->fd, cmd, &q, sizeof(q), EINVAL, "pad 1"))
		return;
	q.pad = 0;
	q.domain = nr;
	if (!expect_refused(_metadata, dev->fd, cmd, &q, sizeof(q), ENOENT, "domain nr_domains"))
		return;
	q.domain = ~0u;
	if (!expect_refused(_metadata, dev->fd, cmd, &q, sizeof(q), ENOENT, "domain ~0"))
		return;
	q.domain = 0;
	q.count = 256;
	q.signals = 8;
	if (nr && !expect_err(_metadata, raw_ioctl(dev->fd, cmd, &q), EFAULT, "array at 8"))
		return;
	expect_efault_arg(_metadata, dev->fd, cmd, sizeof(q), "QUERY_SIGNALS");
}

/* ---- GROUP_CREATE negative tests ---- */

static const struct drm_nvpm_group_create cr_proto;

#define CR_OFF(f)	offsetof(struct drm_nvpm_group_create, f)
#define CR_SZ(f)	sizeof(cr_proto.f)

/* Values resolved against the device. */
#define V_NR_DOMS	(~0ull - 1)	/* the number of domains */
#define V_NR_SIGNALS	(~0ull - 2)	/* the domain's number of signals */
#define V_V2_SOURCES	(~0ull - 3)	/* version 2 size, nr_sources 1 */

/**
 * struct bad_create - a valid quad group with one field changed
 * @what: description
 * @off: offset of the field
 * @width: its size
 * @val: its new value, or V_*
 * @err: the errno wanted
 * @unless_cap: NVPM_HW_CAP_* bits that make the value valid: not tried
 *
 * A changed nr_counters leaves the entries past it zero, as they must be.
 */
struct bad_create {
	const char *what;
	size_t off;
	size_t width;
	__u64 val;
	int err;
	__u64 unless_cap;
};

static const struct bad_create bad_create_einval[] = {
	{ "size 0", CR_OFF(size), CR_SZ(size), 0, EINVAL, 0 },
	{ "size - 1", CR_OFF(size), CR_SZ(size), sizeof(struct drm_nvpm_group_create) - 1,
	  EINVAL, 0 },
	{ "size + 8", CR_OFF(size), CR_SZ(size), sizeof(struct drm_nvpm_group_create) + 8,
	  EINVAL, 0 },
	{ "pad 1", CR_OFF(pad), CR_SZ(pad), 1, EINVAL, 0 },
	{ "pad 1 << 31", CR_OFF(pad), CR_SZ(pad), 1u << 31, EINVAL, 0 },
	{ "handle 1 on input", CR_OFF(handle), CR_SZ(handle), 1, EINVAL, 0 },
	{ "pad2 1", CR_OFF(pad2), CR_SZ(pad2), 1, EINVAL, 0 },
	{ "version 2 size with sources", CR_OFF(size), CR_SZ(size), V_V2_SOURCES, EINVAL, 0 },
	{ "handle ~0 on input", CR_OFF(handle), CR_SZ(handle), ~0u, EINVAL, 0 },
	{ "flags 1 << 1", CR_OFF(flags), CR_SZ(flags), 1u << 1, EINVAL, 0 },
	{ "flags 1 << 31", CR_OFF(flags), CR_SZ(flags), 1u << 31, EINVAL, 0 },
	{ "mode 2", CR_OFF(mode), CR_SZ(mode), 2, EINVAL, 0 },
	{ "mode ~0", CR_OFF(mode), CR_SZ(mode), ~0u, EINVAL, 0 },
	{ "single mode with 1 counter", CR_OFF(mode), CR_SZ(mode), NVPM_MODE_SINGLE, EINVAL, 0 },
	{ "counter_mode 5", CR_OFF(counter_mode), CR_SZ(counter_mode), 5, EINVAL, 0 },
	{ "counter_mode ~0", CR_OFF(counter_mode), CR_SZ(counter_mode), ~0u, EINVAL, 0 },
	{ "threshold 1 << 32", CR_OFF(threshold), CR_SZ(threshold), 1ull << 32, EINVAL,
	  NVPM_HW_CAP_COUNTER_40BIT },
	{ "counter 0 flags 1 << 5", CR_OFF(counter[0].flags), CR_SZ(counter[0].flags),
	  1u << 5, EINVAL, 0 },
	{ "counter 0 flags 1 << 15", CR_OFF(counter[0].flags), CR_SZ(counter[0].flags),
	  1u << 15, EINVAL, 0 },
	{ "counter 0 SETFLAG3", CR_OFF(counter[0].flags), CR_SZ(counter[0].flags),
	  NVPM_COUNTER_SETFLAG3, EINVAL, 0 },
	{ "counter 0 REPLACE2 before G92", CR_OFF(counter[0].flags),
	  CR_SZ(counter[0].flags), NVPM_COUNTER_REPLACE2, EINVAL,
	  NVPM_HW_CAP_DELAY_REPLACE },
};

static const struct bad_create bad_create_e2big[] = {
	{ "nr_counters 0", CR_OFF(nr_counters), CR_SZ(nr_counters), 0, E2BIG, 0 },
	{ "nr_counters 5", CR_OFF(nr_counters), CR_SZ(nr_counters), 5, E2BIG, 0 },
	{ "nr_counters ~0", CR_OFF(nr_counters), CR_SZ(nr_counters), ~0u, E2BIG, 0 },
	{ "nr_sources 9", CR_OFF(nr_sources), CR_SZ(nr_sources), 9, E2BIG, 0 },
	{ "nr_sources ~0", CR_OFF(nr_sources), CR_SZ(nr_sources), ~0u, E2BIG, 0 },
};

static const struct bad_create bad_create_unused[] = {
	{ "counter 1 logic_op", CR_OFF(counter[1].logic_op), CR_SZ(counter[1].logic_op),
	  1, EINVAL, 0 },
	{ "counter 1 signal 0", CR_OFF(counter[1].signal[0]), CR_SZ(counter[1].signal[0]),
	  1, EINVAL, 0 },
	{ "counter 2 flags", CR_OFF(counter[2].flags), CR_SZ(counter[2].flags), 1, EINVAL, 0 },
	{ "counter 3 signal 3", CR_OFF(counter[3].signal[3]), CR_SZ(counter[3].signal[3]),
	  0x80, EINVAL, 0 },
};

static const struct bad_create bad_create_domain[] = {
	{ "domain nr_domains", CR_OFF(domain), CR_SZ(domain), V_NR_DOMS, ENOENT, 0 },
	{ "domain ~0", CR_OFF(domain), CR_SZ(domain), ~0u, ENOENT, 0 },
	{ "domain 1 << 31", CR_OFF(domain), CR_SZ(domain), 1u << 31, ENOENT, 0 },
};

static const struct bad_create bad_create_signal[] = {
	{ "signal 0 = nr_signals", CR_OFF(counter[0].signal[0]),
	  CR_SZ(counter[0].signal[0]), V_NR_SIGNALS, EINVAL, 0 },
	{ "signal 3 = nr_signals", CR_OFF(counter[0].signal[3]),
	  CR_SZ(counter[0].signal[3]), V_NR_SIGNALS, EINVAL, 0 },
	{ "signal 1 = 0xff", CR_OFF(counter[0].signal[1]), CR_SZ(counter[0].signal[1]),
	  0xff, EINVAL, 0 },
};

static void
put_field(void *base, size_t off, size_t width, __u64 val)
{
	unsigned char *p = (unsigned char *)base + off;
	__u8 v8 = val;
	__u16 v16 = val;
	__u32 v32 = val;

	switch (width) {
	case 1:
		memcpy(p, &v8, 1);
		break;
	case 2:
		memcpy(p, &v16, 2);
		break;
	case 4:
		memcpy(p, &v32, 4);
		break;
	default:
		memcpy(p, &val, 8);
		break;
	}
}

/* Try each case on domain @dom: refused, unchanged, every domain still free. */
static bool
bad_creates(struct __test_metadata *_metadata, const struct bad_create *c, size_t n, __u32 dom)
{
	struct drm_nvpm_group_create a;
	char what[96];
	__u64 val;
	size_t i, j;

	for (i = 0; i < n; i++) {
		if (c[i].unless_cap & grp_caps)
			continue;
		val = c[i].val;
		if (val == V_NR_DOMS)
			val = grp_cat.nr_dom;
		else if (val == V_NR_SIGNALS)
			val = grp_cat.dom[dom].nr_signals;
		quad_args(&a, dom);
		if (val == V_V2_SOURCES) {	/* a v2 struct cannot carry sources */
			val = offsetof(struct drm_nvpm_group_create, nr_sources);
			a.nr_sources = 1;
		}
		put_field(&a, c[i].off, c[i].width, val);
		for (j = a.nr_counters; c[i].off == CR_OFF(nr_counters) && j < 4; j++)
			memset(&a.counter[j], 0, sizeof(a.counter[j]));
		snprintf(what, sizeof(what), "%s (domain %s)", c[i].what, grp_cat.dom[dom].name);
		if (!expect_refused(_metadata, grp_fd, DRM_IOCTL_NVPM_GROUP_CREATE, &a, sizeof(a),
				    c[i].err, what))
			return false;
		if (!expect_domains_free(_metadata, grp_fd, what))
			return false;
	}
	return true;
}

TEST_F(grp, group_create_bad_args_is_einval)
{
	bad_creates(_metadata, bad_create_einval, ARRAY_SIZE(bad_create_einval), 0);
}

TEST_F(grp, group_create_nr_counters_is_e2big)
{
	bad_creates(_metadata, bad_create_e2big, ARRAY_SIZE(bad_create_e2big), 0);
}

TEST_F(grp, group_create_unused_counters_is_einval)
{
	bad_creates(_metadata, bad_create_unused, ARRAY_SIZE(bad_create_unused), 0);
}

TEST_F(grp, group_create_unknown_domain_is_enoent)
{
	bad_creates(_metadata, bad_create_domain, ARRAY_SIZE(bad_create_domain), 0);
}

TEST_F(grp, group_create_bad_signal_is_einval)
{
	int d = small_domain();

	if (d < 0)
		SKIP(return, "every domain has 256 signals");
	bad_creates(_metadata, bad_create_signal, ARRAY_SIZE(bad_create_signal), d);
}

TEST_F(grp, group_create_bad_pointer_is_efault)
{
	if (!expect_efault_arg(_metadata, grp_fd, DRM_IOCTL_NVPM_GROUP_CREATE,
			       sizeof(struct drm_nvpm_group_create), "GROUP_CREATE"))
		return;
	expect_domains_free(_metadata, grp_fd, "after EFAULT");
}

/* ---- DESTROY, SAMPLE, READ negative tests ---- */

TEST_F(grp, group_destroy_bad_args)
{
	const unsigned long cmd = DRM_IOCTL_NVPM_GROUP_DESTROY;
	const __u32 handles[] = { 0, 1, 0x7fffffff, ~0u };
	struct drm_nvpm_group_destroy a;
	char what[48];
	__u32 h;
	size_t i;
	int ret;

	ret = create_quad(grp_fd, 0, &h);
	if (ret)
		FAIL(return, "creating a group: %s", err_name(ret));
	a.handle = h;
	a.size = 0;
	if (!expect_refused(_metadata, grp_fd, cmd, &a, sizeof(a), EINVAL, "size 0"))
		goto out;
	a.size = sizeof(a) + 8;
	if (!expect_refused(_metadata, grp_fd, cmd, &a, sizeof(a), EINVAL, "size + 8"))
		goto out;
	ret = destroy(grp_fd, h);
	if (ret)
		FAIL(return, "destroying a group: %s", err_name(ret));
	if (!expect_err(_metadata, destroy(grp_fd, h), ENOENT, "destroying it twice"))
		return;
	for (i = 0; i < ARRAY_SIZE(handles); i++) {
		snprintf(what, sizeof(what), "handle %u (none)", handles[i]);
		if (!expect_err(_metadata, destroy(grp_fd, handles[i]), ENOENT, what))
			return;
	}
	if (!expect_efault_arg(_metadata, grp_fd, cmd, sizeof(a), "GROUP_DESTROY"))
		return;
	expect_domains_free(_metadata, grp_fd, "after the refused destroys");
out:
	destroy(grp_fd, h);
}

/* SAMPLE: bad size and flags refused; samples counts the good ones. */
TEST_F(perf, sample_bad_args)
{
	struct nodes *nodes = &self->n;
	const unsigned long cmd = DRM_IOCTL_NVPM_SAMPLE;
	const __u32 flags[] = { 1, 2, 1u << 31 };
	struct drm_nvpm_sample a;
	char what[48];
	__u64 seq = 0;
	size_t i;
	int fd, ret;

	if (!nodes->nr_devs)
		FAIL(return, "no nvpm render node");
	fd = open_rw(nodes->devs[0].path);
	if (fd < 0)
		FAIL(return, "open: %s", err_name(fd));
	ret = sample(fd, &seq);
	if (ret || seq != 1) {
		close(fd);
		FAIL(return, "first SAMPLE of a file: %s, samples %llu, want 1",
		     err_name(ret), (unsigned long long)seq);
	}
	memset(&a, 0, sizeof(a));
	for (i = 0; i < 3; i++) {
		a.size = i == 0 ? 0 : i == 1 ? sizeof(a) - 1 : sizeof(a) + 8;
		snprintf(what, sizeof(what), "size %u", a.size);
		if (!expect_refused(_metadata, fd, cmd, &a, sizeof(a), EINVAL, what))
			goto out;
	}
	a.size = sizeof(a);
	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		a.flags = flags[i];
		snprintf(what, sizeof(what), "flags 0x%x", flags[i]);
		if (!expect_refused(_metadata, fd, cmd, &a, sizeof(a), EINVAL, what))
			goto out;
	}
	if (!expect_efault_arg(_metadata, fd, cmd, sizeof(a), "SAMPLE"))
		goto out;
	ret = sample(fd, &seq);
	close(fd);
	if (ret || seq != 2)
		FAIL(return, "SAMPLE after the refused ones: %s, samples %llu, want 2",
		     err_name(ret), (unsigned long long)seq);
	return;
out:
	close(fd);
}

TEST_F(grp, read_bad_args)
{
	const unsigned long cmd = DRM_IOCTL_NVPM_READ;
	const __u32 handles[] = { 0, 2, 0x7fffffff, ~0u };
	struct drm_nvpm_read r;
	char what[48];
	size_t i;
	__u32 h;
	int ret;

	ret = create_quad(grp_fd, 0, &h);
	if (ret)
		FAIL(return, "creating a group: %s", err_name(ret));
	memset(&r, 0, sizeof(r));
	r.handle = h;
	for (i = 0; i < 3; i++) {
		r.size = i == 0 ? 0 : i == 1 ? sizeof(r) - 1 : sizeof(r) + 8;
		snprintf(what, sizeof(what), "size %u", r.size);
		if (!expect_refused(_metadata, grp_fd, cmd, &r, sizeof(r), EINVAL, what))
			goto out;
	}
	r.size = sizeof(r);
	r.pad = 1;
	if (!expect_refused(_metadata, grp_fd, cmd, &r, sizeof(r), EINVAL, "pad 1"))
		goto out;
	r.pad = 0;
	for (i = 0; i < ARRAY_SIZE(handles); i++) {
		if (handles[i] == h)
			continue;
		r.handle = handles[i];
		snprintf(what, sizeof(what), "handle %u (none)", handles[i]);
		if (!expect_refused(_metadata, grp_fd, cmd, &r, sizeof(r), ENOENT, what))
			goto out;
	}
	if (!expect_efault_arg(_metadata, grp_fd, cmd, sizeof(r), "READ"))
		goto out;
	ret = destroy(grp_fd, h);
	if (ret)
		FAIL(return, "destroying the group: %s", err_name(ret));
	expect_err(_metadata, read_group(grp_fd, h, &r), ENOENT, "READ after DESTROY");
out:
	destroy(grp_fd, h);
}

/* A handle is only good on the file that created it. */
TEST_F(grp, handles_are_per_file)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_read r;
	bool res = true;
	int fd, ret;
	__u32 h;

	fd = open_rw(nodes->devs[grp_idx].path);
	if (fd < 0)
		FAIL(return, "open: %s", err_name(fd));
	ret = create_quad(grp_fd, 0, &h);
	if (ret) {
		close(fd);
		FAIL(return, "creating a group: %s", err_name(ret));
	}
	res = expect_err(_metadata, read_group(fd, h, &r), ENOENT, "READ from another file");
	if (res)
		res = expect_err(_metadata, destroy(fd, h), ENOENT, "DESTROY from another file");
	close(fd);
	ret = destroy(grp_fd, h);
	if (res && ret)
		FAIL(res = false, "destroying it on its own file: %s", err_name(ret));
}

/* ---- groups of unsupported generations ---- */

/* group_<chip>: a group on a chip without counter group support. */
static bool
test_create_eopnotsupp(struct __test_metadata *_metadata, struct nodes *nodes, int idx,
		       const struct chip *chip)
{
	const unsigned long cmd = DRM_IOCTL_NVPM_GROUP_CREATE;
	struct drm_nvpm_group_create a;
	struct drm_nvpm_read r;
	__u64 seq = 0;
	int fd = nodes->devs[idx].fd, ret;

	quad_args(&a, 0);
	if (!gen_in(chip->gen, GEN_NV30, GEN_END))
		a.mode = NVPM_MODE_SINGLE;	/* no quad mode before NV30 */
	if (!expect_refused(_metadata, fd, cmd, &a, sizeof(a), EOPNOTSUPP, "GROUP_CREATE"))
		return false;
	ret = sample(fd, &seq);
	if (ret)
		FAIL(return false, "SAMPLE without groups: %s", err_name(ret));
	return expect_err(_metadata, read_group(fd, 1, &r), ENOENT, "READ handle 1");
}

/* ---- counting ---- */

/* The totals of a group whose counter @ctr counts every cycle, checked. */
static bool
check_always(struct __test_metadata *_metadata, const struct drm_nvpm_read *r, int ctr, __u64 seq,
	     const char *what)
{
	int i;

	if (r->samples != seq)
		FAIL(return false, "%s: READ.samples %llu, want %llu", what,
		     (unsigned long long)r->samples, (unsigned long long)seq);
	if (r->flags || r->pad)
		FAIL(return false, "%s: READ.flags 0x%x", what, r->flags);
	for (i = 0; i < 4; i++) {
		if (r->counter_flags[i])
			FAIL(return false, "%s: counter %d flags 0x%x", what, i,
			     r->counter_flags[i]);
	}
	if (r->value[ctr] != r->cycles)
		FAIL(return false, "%s: counter %d (op 0xffff) %llu, cycles %llu: not equal", what,
		     ctr, (unsigned long long)r->value[ctr],
		     (unsigned long long)r->cycles);
	return true;
}

/* Sleep @us, SAMPLE; 0 or -errno. */
static int
sleep_sample(int fd, long us, __u64 *seq)
{
	usleep(us);
	return sample(fd, seq);
}

/*
 * The first sample: its totals or, before G84, nothing (it is dropped).
 * @t_created and @dropped: now_us() and sim_dropped() of @dev before the
 * group was created.
 */
static bool
quad_first_sample(struct __test_metadata *_metadata, const struct chip *chip,
		  const struct nvpm_dev *dev, int fd, __u32 h, double t_created,
		  unsigned long long dropped)
{
	struct drm_nvpm_read r;
	double t0, ts, t1;
	__u64 seq = 0;
	int ret;

	t0 = now_us();
	usleep(QUAD_SLEEP_US);
	ts = now_us();
	ret = sample(fd, &seq);
	t1 = now_us();
	dropped = sim_dropped(dev) - dropped;
	if (ret || seq != 1)
		FAIL(return false, "first SAMPLE: %s, samples %llu", err_name(ret),
		     (unsigned long long)seq);
	ret = read_group(fd, h, &r);
	if (ret)
		FAIL(return false, "READ: %s", err_name(ret));
	if (!check_always(_metadata, &r, 3, 1, "first sample"))
		return false;
	if (r.value[0] || r.value[1] || r.value[2])
		FAIL(return false, "counters 0-2 (op 0) count %llu %llu %llu",
		     (unsigned long long)r.value[0], (unsigned long long)r.value[1],
		     (unsigned long long)r.value[2]);
	if (!gen_in(chip->gen, GEN_G84, GEN_END)) {
		if (r.cycles)
			FAIL(return false, "before G84 the first latch is dropped: %llu cycles",
			     (unsigned long long)r.cycles);
		return true;
	}
	/*
	 * 1 cycle per us, from the programming (in CREATE) to the latch (in
	 * SAMPLE): no more than the time around both; with the cycles the
	 * simulator dropped meanwhile, at least QUAD_MIN_CYCLES and not much
	 * less than the time between them.
	 */
	if (r.cycles > t1 - t_created + 100 || r.cycles + dropped < QUAD_MIN_CYCLES ||
	    r.cycles + dropped < 0.9 * (ts - t0) - 100)
		FAIL(return false,
		     "%llu cycles (%llu dropped), but %.0f us passed (%.0f us sleeping; %d at least)",
		     (unsigned long long)r.cycles, dropped, t1 - t_created, ts - t0,
		     QUAD_MIN_CYCLES);
	return true;
}

/*
 * Then: the totals grow with each sample, by QUAD_MIN_CYCLES / 4 at least
 * with the cycles the simulator dropped meanwhile; READ.samples counts
 * them.
 */
static bool
quad_more_samples(struct __test_metadata *_metadata, const struct nvpm_dev *dev, int fd, __u32 h)
{
	unsigned long long dropped;
	struct drm_nvpm_read r, prev;
	char what[32];
	__u64 seq = 0, n;
	int ret;

	ret = read_group(fd, h, &prev);
	for (n = 2; !ret && n <= 4; n++) {
		dropped = sim_dropped(dev);
		ret = sleep_sample(fd, QUAD_SLEEP_US / 4, &seq);
		dropped = sim_dropped(dev) - dropped;
		if (ret || seq != n)
			FAIL(return false, "SAMPLE %llu: %s, samples %llu", (unsigned long long)n,
			     err_name(ret), (unsigned long long)seq);
		ret = read_group(fd, h, &r);
		if (ret)
			break;
		snprintf(what, sizeof(what), "sample %llu", (unsigned long long)n);
		if (!check_always(_metadata, &r, 3, n, what))
			return false;
		if (r.cycles + dropped < prev.cycles + QUAD_MIN_CYCLES / 4)
			FAIL(return false,
			     "%s: cycles %llu after %llu (%llu dropped), want %d more", what,
			     (unsigned long long)r.cycles, (unsigned long long)prev.cycles,
			     dropped, QUAD_MIN_CYCLES / 4);
		prev = r;
	}
	if (ret)
		FAIL(return false, "READ: %s", err_name(ret));
	return true;
}

/*
 * group_<chip>: a quad group, counter 3 op 0xffff and counters 0-2 op
 * 0: not ready before a SAMPLE; then counter 3 equals the cycles, which
 * follow the time, and the totals grow.
 */
static bool
test_quad(struct __test_metadata *_metadata, struct nodes *nodes, int idx, const struct chip *chip)
{
	const struct nvpm_dev *dev = &nodes->devs[idx];
	struct drm_nvpm_group_create a;
	unsigned long long dropped;
	struct drm_nvpm_read r;
	bool res;
	double t;
	int fd, ret;

	fd = open_rw(dev->path);
	if (fd < 0)
		FAIL(return false, "open: %s", err_name(fd));
	quad_args(&a, 0);
	a.nr_counters = 4;
	a.counter[0].logic_op = 0;
	a.counter[3].logic_op = NVPM_OP_ALWAYS;
	dropped = sim_dropped(dev);
	t = now_us();
	ret = create(fd, &a);
	if (ret) {
		close(fd);
		FAIL(return false, "GROUP_CREATE: %s", err_name(ret));
	}
	ret = read_group(fd, a.handle, &r);
	if (ret || r.flags != NVPM_READ_NOT_READY || r.samples || r.cycles || r.value[3])
		FAIL(res = false, "READ before SAMPLE: %s, flags 0x%x, samples %llu, cycles %llu",
		     err_name(ret), r.flags, (unsigned long long)r.samples,
		     (unsigned long long)r.cycles);
	else
		res = quad_first_sample(_metadata, chip, dev, fd, a.handle, t, dropped);
	if (res)
		res = quad_more_samples(_metadata, dev, fd, a.handle);
	ret = destroy(fd, a.handle);
	close(fd);
	if (res && ret)
		FAIL(res = false, "GROUP_DESTROY: %s", err_name(ret));
	return res;
}

/*
 * Before NV40: quad mode is refused (-EINVAL before NV30, which has none;
 * -EOPNOTSUPP on NV30, whose latch is unknown) and a single event group
 * whose PRE, START and EVENT are always true and STOP never counts from
 * its first cycles on: EVENT and the cycles advance together.
 */
static bool
test_single_only(struct __test_metadata *_metadata, struct nodes *nodes, int idx,
		 const struct chip *chip)
{
	const unsigned long cmd = DRM_IOCTL_NVPM_GROUP_CREATE;
	const struct nvpm_dev *dev = &nodes->devs[idx];
	int fd = dev->fd, ret, i;
	struct drm_nvpm_group_create a;
	unsigned long long dropped;
	struct drm_nvpm_read r;
	double tc0, tc1, ts0, ts1;

	quad_args(&a, 0);
	if (!expect_refused(_metadata, fd, cmd, &a, sizeof(a),
			    gen_in(chip->gen, GEN_NV30, GEN_END) ? EOPNOTSUPP : EINVAL,
			    "quad GROUP_CREATE"))
		return false;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.mode = NVPM_MODE_SINGLE;
	a.nr_counters = 4;
	for (i = 0; i < 3; i++)
		a.counter[i].logic_op = NVPM_OP_ALWAYS;
	dropped = sim_dropped(dev);
	tc0 = now_us();
	ret = create(fd, &a);
	tc1 = now_us();
	if (ret)
		FAIL(return false, "single GROUP_CREATE: %s", err_name(ret));
	usleep(20000);
	ts0 = now_us();
	ret = sample(fd, NULL);
	ts1 = now_us();
	dropped = sim_dropped(dev) - dropped;
	ret = ret ?: read_group(fd, a.handle, &r);
	destroy(fd, a.handle);
	if (ret)
		FAIL(return false, "SAMPLE/READ: %s", err_name(ret));
	/*
	 * 20 ms of EVENT, less the cycles the simulator dropped.  The
	 * registers are programmed and read one after the other: the cycles
	 * may be ahead by the time CREATE and SAMPLE took, no more.
	 */
	if (r.value[2] + dropped < 10000 || r.value[2] > r.cycles ||
	    r.cycles - r.value[2] > (tc1 - tc0) + (ts1 - ts0) + 100)
		FAIL(return false,
		     "EVENT %llu, cycles %llu (%llu dropped) after 20 ms, CREATE %.0f us, SAMPLE %.0f us",
		     (unsigned long long)r.value[2], (unsigned long long)r.cycles, dropped,
		     tc1 - tc0, ts1 - ts0);
	return true;
}

/*
 * GF100+: a quad group counting every cycle; its first latch is dropped
 * (nothing clears the shadow counters there), the second counts the
 * cycles in between.
 */
static bool
test_quad_gf100(struct __test_metadata *_metadata, struct nodes *nodes, int idx)
{
	const struct nvpm_dev *dev = &nodes->devs[idx];
	int fd = dev->fd, ret;
	unsigned long long dropped;
	struct drm_nvpm_read r;
	double t0, t1;
	__u32 h;

	ret = create_quad(fd, 0, &h);
	if (ret)
		FAIL(return false, "GROUP_CREATE: %s", err_name(ret));
	dropped = sim_dropped(dev);
	t0 = now_us();
	ret = sample(fd, NULL);
	usleep(20000);
	ret = ret ?: sample(fd, NULL);
	t1 = now_us();
	dropped = sim_dropped(dev) - dropped;
	ret = ret ?: read_group(fd, h, &r);
	destroy(fd, h);
	if (ret)
		FAIL(return false, "SAMPLE/READ: %s", err_name(ret));
	/*
	 * 20 ms between the latches: with the cycles the simulator dropped,
	 * 10000 at least; no more than the time around both SAMPLEs.
	 */
	if (r.value[0] != r.cycles || r.cycles + dropped < 10000 || r.cycles > t1 - t0 + 100 ||
	    r.samples != 2 || r.flags)
		FAIL(return false,
		     "value %llu, cycles %llu (%llu dropped) in %.0f us, %llu samples, flags 0x%x",
		     (unsigned long long)r.value[0], (unsigned long long)r.cycles, dropped,
		     t1 - t0, (unsigned long long)r.samples, r.flags);
	return true;
}

/* chip.<chip>.group: what counter groups do on the @idx-th device. */
TEST_F(chip, group)
{
	struct nodes *nodes = &self->n;
	int idx = variant->v.idx;
	const struct chip *chip = dev_chip(nodes, idx);

	if (!chip)
		FAIL(return, "no device #%d or '%s' is not a known chip", idx,
		     nvpm_expect[idx]);
	if (gen_in(chip->gen, GEN_GF100, GEN_END))
		test_quad_gf100(_metadata, nodes, idx);
	else if (has_single(chip) && !has_groups(chip))
		test_single_only(_metadata, nodes, idx, chip);
	else if (!has_groups(chip))
		test_create_eopnotsupp(_metadata, nodes, idx, chip);
	else
		test_quad(_metadata, nodes, idx, chip);
}

/*
 * Quad mode counter i is input i: each counts its own logic op.  Counter 1
 * counts cycles in which the ZERO signal is low (op 0x5555), counter 2
 * those in which it is high (op 0xaaaa: never).
 */
TEST_F(grp, quad_counters_are_independent)
{
	static const __u16 ops[][4] = {
		{ 0xffff, 0, 0xffff, 0 },
		{ 0, 0xffff, 0, 0xffff },
		{ 0xffff, 0x5555, 0xaaaa, 0xffff },
	};
	struct drm_nvpm_group_create a;
	struct drm_nvpm_read r;
	unsigned int zero;
	size_t i;
	int c, ret;

	/* ZERO: trailer + 0x0c on G84+ (checked by enumerate_*) */
	zero = grp_cat.dom[0].nr_signals - 0x20 + 0x0c;
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		quad_args(&a, 0);
		a.nr_counters = 4;
		for (c = 0; c < 4; c++) {
			a.counter[c].logic_op = ops[i][c];
			a.counter[c].signal[0] = i == 2 ? zero : 0;
		}
		ret = create(grp_fd, &a);
		if (ret)
			FAIL(return, "GROUP_CREATE: %s", err_name(ret));
		ret = sleep_sample(grp_fd, 2000, NULL) ?: read_group(grp_fd, a.handle, &r);
		destroy(grp_fd, a.handle);
		if (ret)
			FAIL(return, "SAMPLE/READ: %s", err_name(ret));
		for (c = 0; c < 4; c++) {
			__u64 want = ops[i][c] == 0xffff || ops[i][c] == 0x5555 ? r.cycles : 0;

			if (!r.cycles || r.value[c] != want)
				FAIL(return, "set %zu: counter %d (op 0x%04x) %llu, want %llu",
				     i, c, ops[i][c], (unsigned long long)r.value[c],
				     (unsigned long long)want);
		}
	}
}

/* One SAMPLE latches every group of the file in the same cycle. */
TEST_F(grp, sample_latches_groups_together)
{
	struct drm_nvpm_read r[2][2];
	__u32 h[2];
	int i, s, ret;

	ret = create_quad(grp_fd, 0, &h[0]);
	if (ret)
		FAIL(return, "GROUP_CREATE: %s", err_name(ret));
	usleep(1000);
	ret = create_quad(grp_fd, 1, &h[1]);
	if (ret) {
		destroy(grp_fd, h[0]);
		FAIL(return, "GROUP_CREATE: %s", err_name(ret));
	}
	for (s = 0; s < 2 && !ret; s++) {
		ret = sleep_sample(grp_fd, 5000, NULL);
		for (i = 0; i < 2 && !ret; i++)
			ret = read_group(grp_fd, h[i], &r[s][i]);
	}
	destroy(grp_fd, h[0]);
	destroy(grp_fd, h[1]);
	if (ret)
		FAIL(return, "SAMPLE/READ: %s", err_name(ret));
	/* the same clock (the simulator's domains share one), the same latch */
	if (r[1][0].cycles - r[0][0].cycles != r[1][1].cycles - r[0][1].cycles)
		FAIL(return, "between two samples domain 0 counted %llu cycles, domain 1 %llu",
		     (unsigned long long)(r[1][0].cycles - r[0][0].cycles),
		     (unsigned long long)(r[1][1].cycles - r[0][1].cycles));
}

/*
 * SAMPLE on one file leaves the groups of another alone: they lose no
 * count (only the cycles the simulator dropped) and see no lost period.
 */
TEST_F(grp, sample_leaves_other_files_alone)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_read r0, r;
	unsigned long long cycles, dropped;
	double t0, t1;
	__u32 ha = 0, hb;
	int fd, i, ret;

	fd = open_rw(nodes->devs[grp_idx].path);
	if (fd < 0)
		FAIL(return, "open: %s", err_name(fd));
	ret = create_quad(grp_fd, 0, &ha) ?: create_quad(fd, 1, &hb);
	if (ret) {
		close(fd);
		destroy(grp_fd, ha);
		FAIL(return, "GROUP_CREATE: %s", err_name(ret));
	}
	/*
	 * B latches before t0 and after t1: with the cycles the simulator
	 * dropped meanwhile, it must count at least t1 - t0
	 */
	dropped = sim_dropped(&nodes->devs[grp_idx]);
	ret = sample(fd, NULL) ?: read_group(fd, hb, &r0);
	t0 = now_us();
	for (i = 0; i < 10 && !ret; i++)
		ret = sleep_sample(grp_fd, 1000, NULL);
	t1 = now_us();
	ret = ret ?: sample(fd, NULL);
	dropped = sim_dropped(&nodes->devs[grp_idx]) - dropped;
	ret = ret ?: read_group(fd, hb, &r);
	close(fd);
	destroy(grp_fd, ha);
	if (ret)
		FAIL(return, "SAMPLE/READ: %s", err_name(ret));
	cycles = r.cycles - r0.cycles;
	if ((r.flags & NVPM_READ_LOST) || r.samples != 2 ||
	    cycles + dropped < 0.9 * (t1 - t0) - 100)
		FAIL(return,
		     "other file: flags 0x%x, %llu samples, %llu cycles (%llu dropped) in %.0f us",
		     r.flags, (unsigned long long)r.samples, cycles, dropped, t1 - t0);
}

/* ---- sources ---- */

/* The named signal @name of the group device: domain and number. */
static int
find_signal(const char *name, __u32 *dom, __u32 *signal)
{
	unsigned int d, i;

	for (d = 0; d < grp_cat.nr_dom; d++) {
		for (i = 0; i < grp_cat.nr_sig[d]; i++) {
			const struct drm_nvpm_signal *s = &grp_cat.sig[d][i];

			if (!strncmp(s->name, name, sizeof(s->name))) {
				*dom = d;
				*signal = s->signal;
				return s->nr_sources;
			}
		}
	}
	return -1;
}

/*
 * Every signal that says it has sources lists them with the array
 * protocol; signals of one unit share their sources' ids; G84's CROP.MUX
 * signals have crop_sel0 (0..15) and crop_sel1 (0..7).
 */
TEST_F(grp, query_sources_lists_them)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_query_sources q;
	struct drm_nvpm_source *src, *first = NULL;
	unsigned int d, i, n, nr_first = 0, with = 0;
	bool res = true;
	char what[96];
	__u32 dom, sig;
	int ret;

	for (d = 0; d < grp_cat.nr_dom && res; d++) {
		for (i = 0; i < grp_cat.nr_sig[d] && res; i++) {
			const struct drm_nvpm_signal *s = &grp_cat.sig[d][i];

			ret = nvpm_query_sources(grp_fd, d, s->signal, &src, &n);
			if (ret || n != s->nr_sources) {
				FAIL(res = false, "%s: %s, %u sources, want %u", s->name,
				     err_name(ret), ret ? 0 : n, s->nr_sources);
				break;
			}
			if (!n)
				continue;
			with++;
			snprintf(what, sizeof(what), "sources of %s", s->name);
			memset(&q, 0, sizeof(q));
			q.size = sizeof(q);
			q.domain = d;
			q.signal = s->signal;
			res = protocol_all(_metadata, grp_fd, DRM_IOCTL_NVPM_QUERY_SOURCES,
					   &q, &q.count,
					   &q.sources, sizeof(*src), src, n, what);
			free(src);
		}
	}
	if (!res)
		return;
	if (!with)
		FAIL(return, "no signal with sources on %s", nodes->devs[grp_idx].path);

	if (find_signal("CROP.MUX[0]", &dom, &sig) != 2)
		FAIL(return, "CROP.MUX[0] should have 2 sources");
	ret = nvpm_query_sources(grp_fd, dom, sig, &first, &nr_first);
	if (ret)
		FAIL(return, "QUERY_SOURCES: %s", err_name(ret));
	if (strcmp(first[0].name, "crop_sel0") || first[0].mask != 0xf ||
	    strcmp(first[1].name, "crop_sel1") || first[1].mask != 0x7)
		FAIL(res = false, "CROP.MUX[0]: %s 0x%x, %s 0x%x", first[0].name, first[0].mask,
		     first[1].name, first[1].mask);
	if (res && find_signal("CROP.MUX[1]", &dom, &sig) == 2) {
		ret = nvpm_query_sources(grp_fd, dom, sig, &src, &n);
		if (ret || n != 2 || memcmp(src, first, 2 * sizeof(*src)))
			FAIL(res = false, "CROP.MUX[1] has other sources than CROP.MUX[0]");
		if (!ret)
			free(src);
	}
	free(first);
}

TEST_F(grp, query_sources_bad_args)
{
	const unsigned long cmd = DRM_IOCTL_NVPM_QUERY_SOURCES;
	struct drm_nvpm_query_sources q;
	__u32 dom, sig;

	if (find_signal("CROP.MUX[0]", &dom, &sig) != 2)
		FAIL(return, "CROP.MUX[0] should have 2 sources");
	memset(&q, 0, sizeof(q));
	q.size = sizeof(q) - 1;
	if (!expect_refused(_metadata, grp_fd, cmd, &q, sizeof(q), EINVAL, "size - 1"))
		return;
	q.size = sizeof(q);
	q.domain = grp_cat.nr_dom;
	if (!expect_refused(_metadata, grp_fd, cmd, &q, sizeof(q), ENOENT, "domain nr_domains"))
		return;
	q.domain = dom;
	q.signal = grp_cat.dom[dom].nr_signals;
	if (!expect_refused(_metadata, grp_fd, cmd, &q, sizeof(q), EINVAL, "signal nr_signals"))
		return;
	q.signal = sig;
	q.count = 2;
	q.sources = 8;
	if (!expect_err(_metadata, raw_ioctl(grp_fd, cmd, &q), EFAULT, "array at 8"))
		return;
	expect_efault_arg(_metadata, grp_fd, cmd, sizeof(q), "QUERY_SOURCES");
}

/* Create on CROP.MUX[0] with @v: 0 or -errno; the group is destroyed. */
static int
create_with_sources(const struct drm_nvpm_source_value *v, __u32 n, __u32 size,
		    struct drm_nvpm_group_create *a)
{
	__u32 dom, sig;
	int ret;

	find_signal("CROP.MUX[0]", &dom, &sig);
	quad_args(a, dom);
	a->size = size;
	a->counter[0].signal[0] = sig;
	a->counter[0].logic_op = NVPM_OP_ARG0;
	a->nr_sources = n;
	a->sources = (uintptr_t)v;
	ret = create(grp_fd, a);
	if (!ret)
		destroy(grp_fd, a->handle);
	return ret;
}

/*
 * Source settings: a good one is taken; a value beyond the mask, an
 * unknown or repeated id, or an unreadable array is refused and leaves
 * every domain free; a version 2 struct (no sources) is still taken.
 */
TEST_F(grp, group_create_sources)
{
	struct drm_nvpm_source_value v[2];
	struct drm_nvpm_source *src;
	struct drm_nvpm_group_create a;
	__u32 dom, sig, id1;
	unsigned int n;
	int ret;

	if (find_signal("CROP.MUX[0]", &dom, &sig) != 2)
		FAIL(return, "CROP.MUX[0] should have 2 sources");
	ret = nvpm_query_sources(grp_fd, dom, sig, &src, &n);
	if (ret)
		FAIL(return, "QUERY_SOURCES: %s", err_name(ret));
	id1 = src[1].id;
	free(src);

	v[0] = (struct drm_nvpm_source_value){ .id = id1, .value = 7 };
	ret = create_with_sources(v, 1, sizeof(a), &a);
	if (ret)
		FAIL(return, "crop_sel1 = 7: %s", err_name(ret));
	v[0].value = 8;
	if (!expect_err(_metadata, create_with_sources(v, 1, sizeof(a), &a), EINVAL,
			"crop_sel1 = 8"))
		return;
	v[0] = (struct drm_nvpm_source_value){ .id = 200, .value = 0 };
	if (!expect_err(_metadata, create_with_sources(v, 1, sizeof(a), &a), EINVAL,
			"source 200"))
		return;
	v[0] = (struct drm_nvpm_source_value){ .id = id1, .value = 1 };
	v[1] = v[0];
	if (!expect_err(_metadata, create_with_sources(v, 2, sizeof(a), &a), EINVAL,
			"crop_sel1 twice"))
		return;
	if (!expect_err(_metadata, create_with_sources((void *)8, 1, sizeof(a), &a), EFAULT,
			"sources at 8"))
		return;
	if (!expect_domains_free(_metadata, grp_fd, "after refused sources"))
		return;
	ret = create_with_sources(NULL, 0, offsetof(struct drm_nvpm_group_create, nr_sources),
				  &a);
	if (ret)
		FAIL(return, "version 2 struct: %s", err_name(ret));
}

/* ---- ownership ---- */

/* A held domain is refused to the groups of any other file. */
TEST_F(grp, group_busy_domain_is_ebusy)
{
	struct nodes *nodes = &self->n;
	const unsigned long cmd = DRM_IOCTL_NVPM_GROUP_CREATE;
	struct drm_nvpm_group_create a;
	__u32 h, h2;
	int fd, ret;

	fd = open_rw(nodes->devs[grp_idx].path);
	if (fd < 0)
		FAIL(return, "open: %s", err_name(fd));
	ret = create_quad(grp_fd, 2, &h);
	if (ret) {
		close(fd);
		FAIL(return, "GROUP_CREATE: %s", err_name(ret));
	}
	quad_args(&a, 2);
	if (!expect_refused(_metadata, fd, cmd, &a, sizeof(a), EBUSY, "from another file"))
		goto out;
	ret = create_quad(fd, 3, &h2);
	if (ret) {
		FAIL(, "another domain from the other file: %s", err_name(ret));
		goto out;
	}
	destroy(fd, h2);
	ret = destroy(grp_fd, h);
	h = 0;
	if (ret) {
		FAIL(, "GROUP_DESTROY: %s", err_name(ret));
		goto out;
	}
	ret = create_quad(fd, 2, &h2);
	if (ret) {
		FAIL(, "after DESTROY, from the other file: %s", err_name(ret));
		goto out;
	}
	destroy(fd, h2);
out:
	if (h)
		destroy(grp_fd, h);
	close(fd);
}

/*
 * Groups of one file on one domain take turns, SAMPLE after SAMPLE: each
 * counts every other interval, their cycles add up to no more than the
 * time taken, and the 17th group is refused.
 */
TEST_F(grp, groups_of_a_file_take_turns)
{
	const struct nvpm_dev *dev = &self->n.devs[grp_idx];
	__u32 h[17], d = 4;
	struct drm_nvpm_read r[2];
	unsigned long long dropped;
	double t0, t1;
	__u64 sum;
	int i, n = 0, ret;

	/* group 0 counts from its CREATE: the time taken starts before it */
	dropped = sim_dropped(dev);
	t0 = now_us();
	for (n = 0; n < 16; n++) {
		ret = create_quad(grp_fd, d, &h[n]);
		if (ret) {
			FAIL(, "group %d: %s", n, err_name(ret));
			goto out;
		}
		if (n == 1)
			break;
	}
	n = 2;
	/* interval 0 belongs to group 0, interval 1 to group 1, ... */
	for (i = 0; i < 6; i++) {
		usleep(2000);
		ret = sample(grp_fd, NULL);
		if (ret) {
			FAIL(, "SAMPLE: %s", err_name(ret));
			goto out;
		}
	}
	t1 = now_us();
	dropped = sim_dropped(dev) - dropped;
	for (i = 0; i < 2; i++) {
		ret = read_group(grp_fd, h[i], &r[i]);
		if (ret) {
			FAIL(, "READ: %s", err_name(ret));
			goto out;
		}
		/* 3 intervals of 2 ms, less the cycles the simulator dropped */
		if (r[i].samples != 3 || r[i].flags || r[i].value[0] != r[i].cycles ||
		    r[i].cycles + dropped < 3 * 1500) {
			FAIL(,
			     "group %d: %llu samples, flags 0x%x, %llu of %llu cycles (%llu dropped)",
			     i, (unsigned long long)r[i].samples, r[i].flags,
			     (unsigned long long)r[i].value[0],
			     (unsigned long long)r[i].cycles, dropped);
			goto out;
		}
	}
	/*
	 * Not every cycle: those between a latch and the next group's
	 * programming count for no group, and a loaded simulator makes
	 * them many.  Never more than the time taken, from before the
	 * first CREATE to after the last SAMPLE, though.
	 */
	sum = r[0].cycles + r[1].cycles;
	if (sum > (t1 - t0) * 1.05 + 100) {
		FAIL(, "%llu cycles counted in %.0f us", (unsigned long long)sum, t1 - t0);
		goto out;
	}
	for (; n < 16; n++) {
		ret = create_quad(grp_fd, d, &h[n]);
		if (ret) {
			FAIL(, "group %d: %s", n, err_name(ret));
			goto out;
		}
	}
	if (!expect_err(_metadata, create_quad(grp_fd, d, &h[16]), ENOSPC, "17th group"))
		goto out;
out:
	while (n-- > 0)
		destroy(grp_fd, h[n]);
}

/* Closing a file releases its groups: another file can take the domains. */
TEST_F(grp, close_releases_groups)
{
	struct nodes *nodes = &self->n;
	__u32 h;
	int fd, ret, d;

	fd = open_rw(nodes->devs[grp_idx].path);
	if (fd < 0)
		FAIL(return, "open: %s", err_name(fd));
	for (d = 0; d < 3; d++) {
		ret = create_quad(fd, d, &h);
		if (ret) {
			close(fd);
			FAIL(return, "GROUP_CREATE on domain %d: %s", d, err_name(ret));
		}
	}
	ret = sample(fd, NULL);
	if (!expect_err(_metadata, create_quad(grp_fd, 1, &h), EBUSY, "while held")) {
		close(fd);
		return;
	}
	close(fd);
	if (ret)
		FAIL(return, "SAMPLE: %s", err_name(ret));
	expect_domains_free(_metadata, grp_fd, "after close");
}

/* ---- privilege ---- */

/* Read the unprivileged parameter: 1 / 0, or -errno. */
static int
param_get(void)
{
	char c = 0;
	int fd = open(UNPRIVILEGED, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (read(fd, &c, 1) != 1)
		ret = -EIO;
	close(fd);
	return ret ? ret : c == 'Y' || c == '1';
}

static int
param_set(int on)
{
	int fd = open(UNPRIVILEGED, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, on ? "1" : "0", 1) != 1)
		ret = -errno;
	close(fd);
	return ret;
}

/*
 * In a child that becomes uid/gid 65534: open @path, query (allowed),
 * create a group; its errno is the exit status (0: created, sampled, read).
 * 100 + n: step n of the setup failed.
 */
static int
child_create(const char *path)
{
	struct drm_nvpm_domain *doms;
	struct drm_nvpm_read r;
	unsigned int nr;
	int fd, ret;
	__u32 h;

	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		return 101;
	if (!getuid() || !geteuid())
		return 102;
	fd = open_rw(path);
	if (fd < 0) {
		diag("uid %d: open %s: %s", NOBODY, path, err_name(fd));
		return 103;
	}
	if (nvpm_query_domains(fd, &doms, &nr) || !nr)
		return 104;
	free(doms);
	ret = create_quad(fd, 0, &h);
	if (ret)
		return -ret;
	if (sample(fd, NULL) || read_group(fd, h, &r) || r.samples != 1)
		return 105;
	return destroy(fd, h) ? 106 : 0;
}

/* Fork, run child_create(), return its exit status (or -1). */
static int
run_child(const char *path)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -1;
	if (!pid)
		_exit(child_create(path));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static bool
privilege_checks(struct __test_metadata *_metadata, const char *path)
{
	int st;

	if (param_set(0))
		FAIL(return false, "cannot write %s", UNPRIVILEGED);
	st = run_child(path);
	if (st != EPERM)
		FAIL(return false, "uid %d, unprivileged=0: child status %d, want %d (EPERM)",
		     NOBODY, st, EPERM);
	if (param_set(1))
		FAIL(return false, "cannot write %s", UNPRIVILEGED);
	st = run_child(path);
	if (st)
		FAIL(return false, "uid %d, unprivileged=1: child status %d (%s), want 0",
		     NOBODY, st, st < 100 ? strerror(st) : "setup step");
	return true;
}

/*
 * Without CAP_PERFMON a render node user may query but not create, unless
 * the module parameter unprivileged is 1.  The node's mode and the
 * parameter are restored.
 */
TEST_F(grp, group_create_needs_perfmon)
{
	struct nodes *nodes = &self->n;
	const char *path;
	bool res;
	struct stat st;
	int param;

	if (geteuid())
		SKIP(return, "not root");
	path = nodes->devs[grp_idx].path;
	param = param_get();
	if (param < 0)
		FAIL(return, "%s: %s", UNPRIVILEGED, err_name(param));
	if (stat(path, &st))
		FAIL(return, "stat %s: %s", path, strerror(errno));
	if (chmod(path, 0666))
		FAIL(return, "chmod %s: %s", path, strerror(errno));
	res = privilege_checks(_metadata, path);
	if (param_set(param) && res)
		FAIL(res = false, "cannot restore %s", UNPRIVILEGED);
	if (chmod(path, st.st_mode & 07777) && res)
		FAIL(res = false, "cannot restore the mode of %s", path);
}

/* ---- concurrency ---- */

/*
 * Hammer worker @i: until @end, create a group on domain @dom, SAMPLE,
 * READ (counter 0 counts every cycle: value == cycles), DESTROY.  With
 * @shared another worker uses the domain too: -EBUSY from CREATE is fine.
 * Exit status 0, or 1 with the reason on stdout.
 */
static int
hammer_worker(const char *path, int i, __u32 dom, bool shared, double end)
{
	long iters = 0, busy = 0, lost = 0;
	struct drm_nvpm_read r;
	int fd, ret = 0;
	__u32 h;

	fd = open_rw(path);
	if (fd < 0) {
		diag("worker %d: open: %s", i, err_name(fd));
		return 1;
	}
	while (!ret && now_us() < end) {
		ret = create_quad(fd, dom, &h);
		if (ret == -EBUSY && shared) {
			busy++;
			ret = 0;
			continue;
		}
		ret = ret ?: sample(fd, NULL) ?: read_group(fd, h, &r) ?: destroy(fd, h);
		if (ret)
			diag("worker %d: CREATE/SAMPLE/READ/DESTROY: %s", i, err_name(ret));
		else if (r.samples != 1 || r.value[0] != r.cycles)
			ret = -EIO;
		if (ret == -EIO)
			diag("worker %d: READ: %llu samples, %llu counted, %llu cycles", i,
			     (unsigned long long)r.samples, (unsigned long long)r.value[0],
			     (unsigned long long)r.cycles);
		lost += !!(r.flags & NVPM_READ_LOST);
		iters++;
	}
	diag("worker %d (domain %u%s): %ld rounds, %ld busy, %ld lost", i, dom,
	     shared ? ", shared" : "", iters, busy, lost);
	return ret || (!iters && !shared) ? 1 : 0;
}

/*
 * 8 processes for --hammer seconds: 6 on a domain each, 2 sharing one
 * (so -EBUSY); no other error, every count plausible, then every domain
 * free.
 */
TEST_F(grp, hammer_processes)
{
	struct nodes *nodes = &self->n;
	double end = now_us() + hammer_s * 1e6;
	pid_t pid[HAMMER_PROCS];
	int i, status, bad = 0;
	__u32 dom;

	if (grp_cat.nr_dom < HAMMER_PROCS - 1)
		SKIP(return, "fewer than %d domains", HAMMER_PROCS - 1);
	fflush(stdout);
	for (i = 0; i < HAMMER_PROCS; i++) {
		dom = i < HAMMER_PROCS - 2 ? i : HAMMER_PROCS - 2;
		pid[i] = fork();
		if (pid[i] < 0)
			FAIL(return, "fork: %s", strerror(errno));
		if (!pid[i]) {
			status = hammer_worker(nodes->devs[grp_idx].path, i, dom,
					       i >= HAMMER_PROCS - 2, end);
			fflush(stdout);
			_exit(status);
		}
	}
	for (i = 0; i < HAMMER_PROCS; i++) {
		if (waitpid(pid[i], &status, 0) != pid[i] || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			bad++;
	}
	if (bad)
		FAIL(return, "%d worker(s) failed", bad);
	expect_domains_free(_metadata, grp_fd, "after the hammer");
}

/* ---- leaks ---- */

/* One round: open, two groups, SAMPLE, READ, maybe DESTROY one, close. */
static bool
leak_round(struct __test_metadata *_metadata, const char *path, int i)
{
	struct drm_nvpm_read r;
	__u32 h0, h1;
	int fd, ret;

	fd = open_rw(path);
	if (fd < 0)
		FAIL(return false, "open (#%d): %s", i, err_name(fd));
	ret = create_quad(fd, 0, &h0) ?: create_quad(fd, 1, &h1) ?: sample(fd, NULL) ?:
	      read_group(fd, h0, &r);
	if (!ret && (i & 1))
		ret = destroy(fd, h1);
	close(fd);
	if (ret)
		FAIL(return false, "round #%d: %s", i, err_name(ret));
	return true;
}

/*
 * Groups created, sampled, destroyed or left to close, LEAK_LOOPS times:
 * no file stays open, and (one kmemleak scan, after every other test,
 * the hammer included) no nvpm object leaks.
 */
TEST_F(grp, group_no_leak)
{
	struct nodes *nodes = &self->n;
	int before, after, kmemleak, i;

	before = count_fds();
	if (before < 0)
		FAIL(return, "/proc/self/fd: %s", strerror(-before));
	kmemleak = kmemleak_start();
	if (kmemleak < 0)
		FAIL(return, "kmemleak: %s", strerror(-kmemleak));
	for (i = 0; i < LEAK_LOOPS; i++) {
		if (!leak_round(_metadata, nodes->devs[grp_idx].path, i))
			return;
	}
	after = count_fds();
	if (after != before)
		FAIL(return, "%d open files before, %d after", before, after);
	if (!expect_domains_free(_metadata, grp_fd, "after the loop"))
		return;
	kmemleak_check(_metadata, kmemleak);
}

/* ---- main ---- */

static void
print_usage(FILE *f)
{
	fprintf(f,
		"usage: nvpm_perf_test [--expect NAME,NAME,...] [--hammer SECONDS] [-- harness options]\n"
		"  --expect  chips of the simulated devices, in order of creation\n"
		"            (the module's sim= parameter), e.g. G84,GF100\n"
		"  --hammer  how long the concurrency test runs (default %d)\n", HAMMER_S);
}

static int
args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "expect", required_argument, NULL, 'e' },
		{ "hammer", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "e:H:h", opts, NULL)) != -1) {
		if (c == 'e' && !parse_expect(optarg))
			continue;
		if (c == 'H') {
			hammer_s = atol(optarg);
			if (hammer_s > 0)
				continue;
		}
		print_usage(c == 'h' ? stdout : stderr);
		return c == 'h' ? 0 : 2;
	}
	harness_timeout("hammer_processes", hammer_s + TEST_TIMEOUT_DEFAULT);
	return chip_variants(FIXTURE_OBJECT(chip), NULL) ? 1 : -1;
}

NVPM_HARNESS_MAIN(args)
