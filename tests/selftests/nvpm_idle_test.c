// SPDX-License-Identifier: MIT
/*
 * nvpm idle counter selftest, TAP output: the idle counter domain
 * (PDAEMON, GT215+) through the ioctls.
 *
 *   nvpm_idle_test [--expect NAME,NAME,...]
 *
 * --expect lists the chips of the simulated devices, as for the other
 * selftests.  The simulated PGRAPH is busy sim_gr_busy percent of the
 * time (a module parameter), which the gr signal must show; the
 * simulated GPU counts 1 cycle per microsecond.  Needs root.
 *
 * Exit status: 0 if every test passed or was skipped, 1 otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "chip_fixture.h"

#define GR_BUSY_PARAM		"/sys/module/nvpm_sim/parameters/sim_gr_busy"
#define SLEEP_US		100000
#define OFTEN_US		5000	/* gr_busy: a SAMPLE every 5 ms ... */
#define OFTEN_N			200	/* ... for 1 s */
#define SHARE_TOLERANCE		1.0	/* percentage points */

#define OP_BUSY			0xaaaa	/* signal 0's engine busy */
#define OP_IDLE			0x5555	/* signal 0's engine idle */
#define OP_ALWAYS		0xffff

/* Engines in the domain's signal order (uapi). */
enum { GR, PVLD, PPDEC, PPPP, MC, PCOPY0, PCOPY1, PCOPY2 };

/*
 * The first device with an idle counter domain, for the device-wide
 * tests: found by each test's FIXTURE_SETUP(idle).
 */
static int idle_idx = -1;

static bool
has_idle(const struct chip *chip)
{
	return chip && gen_in(chip->gen, GEN_GT215, GEN_END);
}

/* Hardware idle counters, one of them the time base. */
static unsigned int
hw_counters(const struct chip *chip)
{
	return gen_in(chip->gen, GEN_GF100, GEN_END) ? 8 : 4;
}

/* The id of @fd's idle counter domain and its description; -ENOENT. */
static int
idle_domain(int fd, struct drm_nvpm_domain *out)
{
	struct drm_nvpm_domain *doms;
	unsigned int n, d;
	int ret;

	ret = nvpm_query_domains(fd, &doms, &n);
	if (ret)
		return ret;
	ret = -ENOENT;
	for (d = 0; d < n; d++) {
		if (doms[d].caps & NVPM_DOMAIN_CAP_IDLE) {
			*out = doms[d];
			ret = d;
		}
	}
	free(doms);
	return ret;
}

static void
group_args(struct drm_nvpm_group_create *a, __u32 domain)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->domain = domain;
	a->mode = NVPM_MODE_QUAD;
}

static void
add_ctr(struct drm_nvpm_group_create *a, __u16 op, __u8 signal)
{
	a->counter[a->nr_counters].signal[0] = signal;
	a->counter[a->nr_counters].logic_op = op;
	a->nr_counters++;
}

/* Distinct counter k: engine k busy, then engine k - @engines idle. */
static void
add_distinct(struct drm_nvpm_group_create *a, unsigned int engines, unsigned int k)
{
	if (k < engines)
		add_ctr(a, OP_BUSY, k);
	else
		add_ctr(a, OP_IDLE, k - engines);
}

static int
create(int fd, struct drm_nvpm_group_create *a)
{
	return raw_ioctl(fd, DRM_IOCTL_NVPM_GROUP_CREATE, a);
}

static int
open_rw(const char *path)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

static int
read_param(const char *path, long *val)
{
	char buf[32];
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -errno;
	ok = !!fgets(buf, sizeof(buf), f);
	fclose(f);
	if (!ok)
		return -EIO;
	*val = strtol(buf, NULL, 10);
	return 0;
}

/* ---- per chip ---- */

/* Per --expect device with idle counters. */
FIXTURE(idle_chip) {
	struct nodes n;
};

FIXTURE_VARIANT(idle_chip) {
	struct chip_variant v;
};

FIXTURE_SETUP(idle_chip)
{
	/* without --expect the harness runs the tests once, variant-less */
	if (!variant)
		SETUP_SKIP("no --expect device");
	NODES_SETUP(&self->n);
}

FIXTURE_TEARDOWN(idle_chip)
{
	NODES_TEARDOWN(&self->n);
}

/* The device-wide tests. */
FIXTURE(idle) {
	struct nodes n;
};

FIXTURE_SETUP(idle)
{
	int i;

	NODES_SETUP(&self->n);
	for (i = 0; i < nvpm_nr_expect && i < self->n.nr_devs && idle_idx < 0; i++) {
		if (has_idle(dev_chip(&self->n, i)))
			idle_idx = i;
	}
}

FIXTURE_TEARDOWN(idle)
{
	NODES_TEARDOWN(&self->n);
}

/* chip.<chip>.idle_domain: there from GT215 on, none before. */
TEST_F(chip, idle_domain)
{
	struct nodes *nodes = &self->n;
	int idx = variant->v.idx;
	const struct chip *chip = dev_chip(nodes, idx);
	struct drm_nvpm_domain dom;
	int d;

	if (!chip)
		FAIL(return, "no device #%d or '%s' is not a known chip", idx,
		     nvpm_expect[idx]);
	d = idle_domain(nodes->devs[idx].fd, &dom);
	if (!has_idle(chip)) {
		if (d != -ENOENT)
			FAIL(return, "%s has an idle counter domain (%s)",
			     chip->name, err_name(d < 0 ? d : 0));
		return;
	}
	if (d < 0)
		FAIL(return, "%s: no idle counter domain: %s", chip->name, err_name(d));
	if (strcmp(dom.name, "pdaemon") || dom.nr_counters != (hw_counters(chip) > 4 ? 4 : 3))
		FAIL(return, "domain %s with %u counters", dom.name, dom.nr_counters);
}

/* SAMPLE @n times, @us apart, then READ; 0 or -errno. */
static int
sample_every(int fd, int n, long us, __u32 handle, struct drm_nvpm_read *r)
{
	int i, ret = 0;

	for (i = 0; !ret && i < n; i++) {
		usleep(us);
		ret = nvpm_sample(fd, NULL);
	}
	return ret ?: nvpm_read(fd, handle, r);
}

/*
 * idle_chip.<chip>.gr_busy: the simulated PGRAPH load read through the uapi: gr's
 * busy share is sim_gr_busy, busy and idle add up to the cycles, "every
 * cycle" is the cycles (it is the time base), which follow the time.
 *
 * The counters are read one after the other, and in the simulator the
 * first read of a SAMPLE can be slow: it simulates the time since the
 * last access, which the next reads then see too.  So the SAMPLEs come
 * often, and the counts are those from the 10th to the last: whatever the
 * reads in between take adds up to nothing, and the first and the last
 * follow short pauses only.  The cycles are no more than the time from
 * before the 10th SAMPLE to after the last, and no less than the pauses
 * between them, less the cycles the simulator dropped.
 */
TEST_F(idle_chip, gr_busy)
{
	struct nodes *nodes = &self->n;
	int idx = variant->v.idx;
	const struct chip *chip = dev_chip(nodes, idx);
	struct drm_nvpm_group_create a;
	struct drm_nvpm_read r0, r;
	struct drm_nvpm_domain dom;
	double t0, t1, busy, idle;
	unsigned long long dropped;
	long want = 0;
	int fd, d, ret;

	ret = read_param(GR_BUSY_PARAM, &want);
	if (ret)
		FAIL(return, "%s: %s", GR_BUSY_PARAM, err_name(ret));
	fd = nodes->devs[idx].fd;
	d = idle_domain(fd, &dom);
	if (d < 0)
		FAIL(return, "no idle counter domain: %s", err_name(d));
	group_args(&a, d);
	add_ctr(&a, OP_BUSY, GR);
	add_ctr(&a, OP_IDLE, GR);
	add_ctr(&a, OP_ALWAYS, 0);
	ret = create(fd, &a);
	if (ret)
		FAIL(return, "GROUP_CREATE: %s", err_name(ret));
	ret = sample_every(fd, 9, OFTEN_US, a.handle, &r0);
	usleep(OFTEN_US);
	dropped = sim_dropped(&nodes->devs[idx]);
	t0 = now_us();
	ret = ret ?: nvpm_sample(fd, NULL) ?: nvpm_read(fd, a.handle, &r0);
	ret = ret ?: sample_every(fd, OFTEN_N - 10, OFTEN_US, a.handle, &r);
	t1 = now_us();
	dropped = sim_dropped(&nodes->devs[idx]) - dropped;
	nvpm_group_destroy(fd, a.handle);
	if (ret)
		FAIL(return, "SAMPLE/READ: %s", err_name(ret));

	if (r.flags || r.samples != OFTEN_N)
		FAIL(return, "READ: flags 0x%x, samples %llu", r.flags,
		     (unsigned long long)r.samples);
	r.cycles -= r0.cycles;
	r.value[0] -= r0.value[0];
	r.value[1] -= r0.value[1];
	r.value[2] -= r0.value[2];
	if (r.cycles + dropped < 0.9 * (OFTEN_N - 10) * OFTEN_US || r.cycles > t1 - t0 + 20000)
		FAIL(return, "%llu cycles (%llu dropped) in %.0f us", (unsigned long long)r.cycles,
		     dropped, t1 - t0);
	if (r.value[2] != r.cycles)
		FAIL(return, "every cycle: %llu, cycles %llu", (unsigned long long)r.value[2],
		     (unsigned long long)r.cycles);
	busy = 100.0 * r.value[0] / r.cycles;
	idle = 100.0 * r.value[1] / r.cycles;
	diag("%s: gr busy %.2f%%, idle %.2f%% of %llu cycles (sim_gr_busy=%ld)", chip->name,
	     busy, idle, (unsigned long long)r.cycles, want);
	if (busy < want - SHARE_TOLERANCE || busy > want + SHARE_TOLERANCE)
		FAIL(return, "gr busy %.2f%%, want %ld%%", busy, want);
	if (busy + idle < 100 - SHARE_TOLERANCE || busy + idle > 100 + SHARE_TOLERANCE)
		FAIL(return, "gr busy %.2f%% and idle %.2f%%: not 100%%", busy, idle);
}

/* ---- on the first device with idle counters ---- */

static bool
need_idle_dev(struct __test_metadata *_metadata, struct nodes *nodes, struct drm_nvpm_domain *dom,
	      int *d)
{
	if (idle_idx < 0)
		SKIP(return false, "no --expect chip with idle counters (GT215+)");
	*d = idle_domain(nodes->devs[idle_idx].fd, dom);
	if (*d < 0)
		FAIL(return false, "no idle counter domain: %s", err_name(*d));
	return true;
}

/* Groups of two files on the same engine: the domain is shared. */
TEST_F(idle, idle_domain_is_shared)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_group_create a, b;
	struct drm_nvpm_domain dom;
	int fa, fb, d, ra, rb;

	if (!need_idle_dev(_metadata, nodes, &dom, &d))
		return;
	fa = open_rw(nodes->devs[idle_idx].path);
	fb = open_rw(nodes->devs[idle_idx].path);
	if (fa < 0 || fb < 0) {
		if (fa >= 0)
			close(fa);
		FAIL(return, "open: %s", err_name(fa < 0 ? fa : fb));
	}
	group_args(&a, d);
	add_ctr(&a, OP_BUSY, GR);
	b = a;
	ra = create(fa, &a);
	rb = create(fb, &b);
	close(fa);
	close(fb);
	if (ra || rb)
		FAIL(return, "two groups on gr: %s, %s", err_name(ra), err_name(rb));
}

/*
 * One file takes every idle counter; another's new counter is -EBUSY
 * (argument unchanged), one already counted is shared; closing the first
 * file gives its counters back.
 */
TEST_F(idle, idle_counters_run_out_is_ebusy)
{
	struct nodes *nodes = &self->n;
	const struct chip *chip = dev_chip(nodes, idle_idx);
	struct drm_nvpm_group_create a, before;
	struct drm_nvpm_domain dom;
	unsigned int k = 0;
	int fa, fb, d, ret;
	bool res = true;

	if (!need_idle_dev(_metadata, nodes, &dom, &d))
		return;
	fa = open_rw(nodes->devs[idle_idx].path);
	fb = open_rw(nodes->devs[idle_idx].path);
	if (fa < 0 || fb < 0) {
		if (fa >= 0)
			close(fa);
		FAIL(return, "open: %s", err_name(fa < 0 ? fa : fb));
	}
	while (res && k < hw_counters(chip) - 1) {
		group_args(&a, d);
		while (a.nr_counters < dom.nr_counters && k < hw_counters(chip) - 1)
			add_distinct(&a, dom.nr_signals, k++);
		ret = create(fa, &a);
		if (ret)
			FAIL(res = false, "taking counters up to #%u: %s", k, err_name(ret));
	}
	group_args(&a, d);
	add_distinct(&a, dom.nr_signals, k);
	before = a;
	ret = res ? create(fb, &a) : 0;
	if (res && (ret != -EBUSY || memcmp(&a, &before, sizeof(a))))
		FAIL(res = false, "one counter more: %s, argument %s", err_name(ret),
		     memcmp(&a, &before, sizeof(a)) ? "changed" : "unchanged");
	group_args(&a, d);
	add_distinct(&a, dom.nr_signals, 0);
	ret = res ? create(fb, &a) : 0;
	if (res && ret)
		FAIL(res = false, "a counter already counted: %s", err_name(ret));
	close(fa);
	group_args(&a, d);
	add_distinct(&a, dom.nr_signals, k);
	ret = res ? create(fb, &a) : 0;
	if (res && ret)
		FAIL(res = false, "after the first file closed: %s", err_name(ret));
	close(fb);
}

/* What the hardware cannot count: refused, the argument unchanged. */
TEST_F(idle, idle_uncountable_is_refused)
{
	struct nodes *nodes = &self->n;
	static const struct {
		const char *what;
		__u16 op;
		int field;	/* 0 op, 1 mode, 2 counter_mode, 3 flags, 4 signal, 5 nr */
		int err;
	} bad[] = {
		{ "op 0x0000", 0x0000, 0, EINVAL },
		{ "op 0x6666 (xor)", 0x6666, 0, EINVAL },
		{ "op 0x7777 (nand)", 0x7777, 0, EINVAL },
		{ "single event mode", OP_BUSY, 1, EINVAL },
		{ "counter mode EVENT_B4", OP_BUSY, 2, EINVAL },
		{ "counter flag DELAY0", OP_BUSY, 3, EINVAL },
		{ "signal nr_signals", OP_BUSY, 4, EINVAL },
		{ "nr_counters + 1", OP_BUSY, 5, E2BIG },
	};
	struct drm_nvpm_group_create a, before;
	struct drm_nvpm_domain dom;
	int fd, d, ret;
	size_t i;

	if (!need_idle_dev(_metadata, nodes, &dom, &d))
		return;
	fd = nodes->devs[idle_idx].fd;
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		group_args(&a, d);
		add_ctr(&a, bad[i].op, GR);
		a.counter[0].signal[1] = PVLD;
		if (bad[i].field == 1)
			a.mode = NVPM_MODE_SINGLE;
		if (bad[i].field == 2)
			a.counter_mode = NVPM_COUNTER_MODE_EVENT_B4;
		if (bad[i].field == 3)
			a.counter[0].flags = NVPM_COUNTER_DELAY0;
		if (bad[i].field == 4)
			a.counter[0].signal[0] = dom.nr_signals;
		while (bad[i].field == 5 && a.nr_counters <= dom.nr_counters)
			add_ctr(&a, OP_BUSY, a.nr_counters);
		before = a;
		ret = create(fd, &a);
		if (ret != -bad[i].err)
			FAIL(return, "%s: %s, want %s", bad[i].what, err_name(ret),
			     err_name(-bad[i].err));
		if (memcmp(&a, &before, sizeof(a)))
			FAIL(return, "%s: argument changed", bad[i].what);
	}
}

/*
 * A PCOUNTER group and an idle counter group of one file: one SAMPLE
 * collects both, each with its own domain's cycles.
 */
TEST_F(idle, idle_and_pcounter_sample_together)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_counter always = { .logic_op = OP_ALWAYS };
	struct drm_nvpm_group_create a;
	struct drm_nvpm_read rp, ri;
	struct drm_nvpm_domain dom;
	unsigned long long dropped = 0;
	__u32 hp;
	int fd, d, ret;

	if (!need_idle_dev(_metadata, nodes, &dom, &d))
		return;
	fd = open_rw(nodes->devs[idle_idx].path);
	if (fd < 0)
		FAIL(return, "open: %s", err_name(fd));
	group_args(&a, d);
	add_ctr(&a, OP_ALWAYS, 0);
	ret = create(fd, &a) ?: nvpm_group_quad(fd, 0, &always, 1, &hp);
	if (!ret) {
		dropped = sim_dropped(&nodes->devs[idle_idx]);
		ret = nvpm_sample(fd, NULL);
		usleep(SLEEP_US / 4);
		ret = ret ?: nvpm_sample(fd, NULL) ?: nvpm_sample(fd, NULL);
		dropped = sim_dropped(&nodes->devs[idle_idx]) - dropped;
	}
	ret = ret ?: nvpm_read(fd, a.handle, &ri) ?: nvpm_read(fd, hp, &rp);
	close(fd);
	if (ret)
		FAIL(return, "groups, SAMPLE, READ: %s", err_name(ret));
	if (ri.samples != 3 || rp.samples != 3)
		FAIL(return, "samples %llu and %llu, want 3", (unsigned long long)ri.samples,
		     (unsigned long long)rp.samples);
	/* a pause of SLEEP_US / 4 between SAMPLEs, less the cycles dropped */
	if (ri.value[0] != ri.cycles || ri.cycles + dropped < SLEEP_US / 8)
		FAIL(return, "idle group: every cycle %llu, cycles %llu (%llu dropped)",
		     (unsigned long long)ri.value[0], (unsigned long long)ri.cycles, dropped);
	if (!rp.cycles || rp.value[0] != rp.cycles)
		FAIL(return, "PCOUNTER group: every cycle %llu, cycles %llu",
		     (unsigned long long)rp.value[0], (unsigned long long)rp.cycles);
}

static void
print_usage(FILE *f)
{
	fprintf(f, "usage: nvpm_idle_test [--expect NAME,NAME,...] [-- harness options]\n");
}

static int
args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "expect", required_argument, NULL, 'e' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	int c;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'e' && !parse_expect(optarg))
			continue;
		print_usage(c == 'h' ? stdout : stderr);
		return c == 'h' ? 0 : 2;
	}
	if (chip_variants(FIXTURE_OBJECT(chip), NULL) ||
	    chip_variants(FIXTURE_OBJECT(idle_chip), has_idle))
		return 1;
	return -1;
}

NVPM_HARNESS_MAIN(args)
