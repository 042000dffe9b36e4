// SPDX-License-Identifier: MIT
/*
 * nvpm record mode selftest, TAP output: RECORD_START / STATUS / STOP,
 * the rings in the BO, libnvpm's reader and decoder.
 *
 *   nvpm_record_test [--expect NAME,NAME,...]
 *
 * --expect lists the chips of the simulated devices, as for
 * nvpm_uapi_test.  Needs root (CAP_PERFMON; it changes its own uid in a
 * child).
 *
 * The known workload: the simulated GPU runs 1 cycle per microsecond and
 * keeps PGRAPH busy sim_gr_busy% (module parameter) of every 1000 cycles,
 * so PGRAPH.IDLE is high idle = 1000 - 10 * sim_gr_busy cycles of each
 * round.  A PERIODIC period of 0x400 cycles holds one whole round and 24
 * more cycles: every row of the timeline has 1024 cycles, one STOP, and
 * between idle and idle + 24 PGRAPH.IDLE cycles.
 *
 * Exit status: 0 if every test passed or was skipped, 1 otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "harness.h"

#define GR_BUSY		"/sys/module/nvpm_sim/parameters/sim_gr_busy"
#define UNPRIVILEGED	"/sys/module/nvpm/parameters/unprivileged"
#define NOBODY		65534
#define PERIOD		0x400
#define GR_ROUND	1000
#define S_ZERO		0x20	/* a signal nothing drives in the simulator */
#define RECORD_MS	200

/* The G84 the generic tests use: each test's FIXTURE_SETUP(record) finds it. */
static int rec_idx = -1;
static int rec_fd = -1;
static struct nvpm_catalog rec_cat;

/* ---- helpers ---- */

static int
read_param(const char *path)
{
	char buf[32];
	FILE *f = fopen(path, "r");
	int v = -1;

	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f))
		v = buf[0] == 'Y' ? 1 : buf[0] == 'N' ? 0 : atoi(buf);
	fclose(f);
	return v;
}

static int
dev_of(struct nodes *nodes, const char *chip)
{
	int i;

	for (i = 0; i < nvpm_nr_expect && i < nodes->nr_devs; i++) {
		if (!strcmp(nvpm_expect[i], chip))
			return i;
	}
	return -1;
}

/* The domain and number of a named signal, e.g. "core_a/PGRAPH.IDLE". */
static int
signal_of(const struct nvpm_catalog *cat, const char *spec, __u32 *dom, __u8 *sig)
{
	struct nvpm_event ev;
	int ret = nvpm_event_parse(cat, spec, &ev);

	if (ret)
		return ret;
	*dom = ev.domain;
	*sig = ev.signal;
	return 0;
}

static void
periodic_dom(struct drm_nvpm_record_domain *d, __u32 domain, unsigned int nr, const __u8 *sig)
{
	memset(d, 0, sizeof(*d));
	d->domain = domain;
	d->nr_signals = nr;
	memcpy(d->signal, sig, nr);
	d->stop = NVPM_RECORD_STOP_PERIODIC;
	d->stop_arg = 1;
}

/*
 * Periods a simulator that dropped @dropped cycles (sim_dropped()) may
 * have left out of a recording: a packet fewer for each PERIOD or part.
 */
static unsigned long long
periods_dropped(unsigned long long dropped)
{
	return (dropped + PERIOD - 1) / PERIOD;
}

/* A growing timeline, what the reader saw, how long it all took (us). */
struct timeline {
	struct nvpm_record_stream s[NVPM_RECORD_MAX_DOMAINS];
	struct nvpm_record_row *row[NVPM_RECORD_MAX_DOMAINS];
	size_t n[NVPM_RECORD_MAX_DOMAINS];
	size_t cap[NVPM_RECORD_MAX_DOMAINS];
	__u64 lost;
	__u64 packets;
	double us;
};

static int
timeline_add(void *priv, unsigned int d, const void *pkts, size_t n, __u64 lost)
{
	struct timeline *t = priv;

	t->lost += lost;
	t->packets += n;
	if (lost)
		nvpm_record_stream_gap(&t->s[d]);
	if (t->n[d] + n + 1 > t->cap[d]) {
		size_t cap = (t->n[d] + n + 1) * 2;
		void *row = realloc(t->row[d], cap * sizeof(*t->row[d]));

		if (!row)
			return -ENOMEM;
		t->row[d] = row;
		t->cap[d] = cap;
	}
	t->n[d] += nvpm_record_decode(&t->s[d], pkts, n, t->row[d] + t->n[d]);
	return 0;
}

static void
timeline_free(struct timeline *t)
{
	unsigned int d;

	for (d = 0; d < NVPM_RECORD_MAX_DOMAINS; d++)
		free(t->row[d]);
}

/* Record @nr domains for @ms milliseconds, draining every 20 ms. */
static int
record_for(int fd, const struct drm_nvpm_record_domain *doms, unsigned int nr, __u32 flags,
	   long ms, struct timeline *t, struct nvpm_record *rec)
{
	double end, t0;
	unsigned int d;
	int ret;

	memset(t, 0, sizeof(*t));
	t0 = now_us();
	ret = nvpm_record_open(fd, doms, nr, flags, 0, rec);
	if (ret)
		return ret;
	for (d = 0; d < nr; d++)
		nvpm_record_stream_init(&t->s[d], rec->packet_size, doms[d].nr_signals, 1);
	end = now_us() + ms * 1000.0;
	while (now_us() < end) {
		usleep(20000);
		ret = nvpm_record_drain(rec, 0, timeline_add, t);
		if (ret) {
			nvpm_record_close(rec, NULL, NULL);
			return ret;
		}
	}
	ret = nvpm_record_close(rec, timeline_add, t);
	t->us = now_us() - t0;
	return ret;
}

/*
 * Every row but the last (cut by RECORD_STOP) is one PERIODIC period
 * with one STOP; PGRAPH.IDLE (signal 0) in [idle, idle + 24]; signal 1
 * never high; time goes up by the rows' cycles.  The rows with the
 * cycles the simulator let go of meanwhile (@dropped) cover the time
 * recorded: a bound from what the simulator reports, not from how fast
 * the host was.
 */
static bool
check_workload(struct __test_metadata *_metadata, const struct nvpm_record_row *row, size_t n,
	       double us, unsigned long long dropped)
{
	int busy = read_param(GR_BUSY);
	__u64 idle = GR_ROUND - GR_ROUND * busy / 100, time = 0, sum;
	size_t i;

	if (busy < 0 || busy > 100)
		FAIL(return false, "cannot read %s", GR_BUSY);
	/*
	 * 1 cycle per us: the rows cover at least the time recorded and at
	 * most the time from START to the end of STOP.  (A stalled guest
	 * catches up in one go, so nothing shorter can be checked.)
	 */
	if (!n || row[n - 1].time + dropped < RECORD_MS * 1000 * 0.9 ||
	    row[n - 1].time > us * 1.05 + 2 * PERIOD)
		FAIL(return false, "%zu rows, %llu cycles (%llu dropped) in %.0f us, want %u..%.0f",
		     n, n ? (unsigned long long)row[n - 1].time : 0ull, dropped, us,
		     RECORD_MS * 900, us * 1.05 + 2 * PERIOD);
	for (i = 0; i < n; i++) {
		const struct nvpm_record_row *r = &row[i];

		if (r->time != time + r->cycles)
			FAIL(return false, "row %zu: time %llu after %llu + %llu cycles", i,
			     (unsigned long long)r->time, (unsigned long long)time,
			     (unsigned long long)r->cycles);
		time = r->time;
		if (r->value[1])
			FAIL(return false, "row %zu: an undriven signal counted %llu", i,
			     (unsigned long long)r->value[1]);
		if (r->value[0] > r->cycles)
			FAIL(return false, "row %zu: %llu idle cycles of %llu", i,
			     (unsigned long long)r->value[0], (unsigned long long)r->cycles);
		if (i == n - 1)
			break;	/* the last row ends at RECORD_STOP */
		if (r->cycles != PERIOD || r->stops != 1 || r->flags)
			FAIL(return false,
			     "row %zu: %llu cycles, %u stops, flags %#x; want %u, 1, 0",
			     i, (unsigned long long)r->cycles, r->stops, r->flags, PERIOD);
		if (r->value[0] < idle || r->value[0] > idle + PERIOD - GR_ROUND)
			FAIL(return false, "row %zu: PGRAPH.IDLE %llu, want %llu..%llu", i,
			     (unsigned long long)r->value[0], (unsigned long long)idle,
			     (unsigned long long)(idle + PERIOD - GR_ROUND));
	}
	for (i = 0, sum = 0; i < n; i++)
		sum += row[i].value[0];
	diag("%zu rows, %llu cycles, PGRAPH.IDLE %.1f%%", n, (unsigned long long)time,
	     time ? 100.0 * sum / time : 0);
	return true;
}

/* What the reader saw, for a failure's diagnosis. */
static void
dump(const struct nvpm_record *rec, const struct timeline *t)
{
	const struct drm_nvpm_record_dom_status *st = &rec->st[0];
	size_t i;

	diag("written %llu ready %llu tail %llu lost %llu position %llu wraps %llu",
	     (unsigned long long)st->written, (unsigned long long)st->ready,
	     (unsigned long long)st->tail, (unsigned long long)st->lost,
	     (unsigned long long)st->position, (unsigned long long)st->wraps);
	diag("rearms %u gaps %u flags %#x; reader: %llu packets, %llu lost, %zu rows",
	     st->rearms, st->gaps, st->flags, (unsigned long long)t->packets,
	     (unsigned long long)t->lost, t->n[0]);
	for (i = t->n[0] > 4 ? t->n[0] - 4 : 0; i < t->n[0]; i++)
		diag("row %zu: time %llu cycles %llu stops %u flags %#x values %llu %llu", i,
		     (unsigned long long)t->row[0][i].time,
		     (unsigned long long)t->row[0][i].cycles, t->row[0][i].stops,
		     t->row[0][i].flags, (unsigned long long)t->row[0][i].value[0],
		     (unsigned long long)t->row[0][i].value[1]);
}

/* ---- tests ---- */

/* The known workload on one chip, through libnvpm's reader and decoder. */
static bool
record_known_workload(struct __test_metadata *_metadata, struct nodes *nodes, const char *chip)
{
	struct drm_nvpm_record_domain dom;
	struct nvpm_catalog cat;
	struct nvpm_record rec;
	unsigned long long dropped;
	struct timeline t;
	bool res;
	__u8 sig[2];
	__u32 d;
	int idx = dev_of(nodes, chip), ret;

	if (idx < 0)
		SKIP(return false, "no simulated %s", chip);
	if (nvpm_catalog_load(nodes->devs[idx].fd, &cat))
		FAIL(return false, "catalog");
	ret = signal_of(&cat, "core_a/PGRAPH.IDLE", &d, &sig[0]);
	nvpm_catalog_free(&cat);
	if (ret)
		FAIL(return false, "core_a/PGRAPH.IDLE: %s", err_name(ret));
	sig[1] = S_ZERO;
	periodic_dom(&dom, d, 2, sig);
	dropped = sim_dropped(&nodes->devs[idx]);
	ret = record_for(nodes->devs[idx].fd, &dom, 1, 0, RECORD_MS, &t, &rec);
	dropped = sim_dropped(&nodes->devs[idx]) - dropped;
	if (ret) {
		timeline_free(&t);
		FAIL(return false, "recording: %s", err_name(ret));
	}
	if (t.lost || rec.st[0].lost || rec.st[0].gaps || (rec.st[0].flags & NVPM_RECORD_FAULT))
		FAIL(res = false, "lost %llu/%llu, gaps %u, flags %#x",
		     (unsigned long long)t.lost, (unsigned long long)rec.st[0].lost,
		     rec.st[0].gaps, rec.st[0].flags);
	else if (t.packets != rec.st[0].written)
		FAIL(res = false, "decoded %llu packets of %llu written",
		     (unsigned long long)t.packets, (unsigned long long)rec.st[0].written);
	else
		res = check_workload(_metadata, t.row[0], t.n[0], t.us, dropped);
	if (!res)
		dump(&rec, &t);
	timeline_free(&t);
	return res;
}

/* The known workloads: each on its own chip. */
FIXTURE(workload) {
	struct nodes n;
};

FIXTURE_SETUP(workload)
{
	NODES_SETUP(&self->n);
}

FIXTURE_TEARDOWN(workload)
{
	NODES_TEARDOWN(&self->n);
}

/* The other tests: on the G84, skipped without one. */
FIXTURE(record) {
	struct nodes n;
};

FIXTURE_SETUP(record)
{
	NODES_SETUP(&self->n);
	rec_idx = dev_of(&self->n, "G84");
	if (rec_idx < 0)
		SETUP_SKIP("no simulated G84");
	rec_fd = self->n.devs[rec_idx].fd;
	if (nvpm_catalog_load(rec_fd, &rec_cat))
		FAIL(return, "the G84's catalog");
}

FIXTURE_TEARDOWN(record)
{
	nvpm_catalog_free(&rec_cat);
	NODES_TEARDOWN(&self->n);
}

TEST_F(workload, record_known_workload_g84)
{
	record_known_workload(_metadata, &self->n, "G84");
}

TEST_F(workload, record_known_workload_g92)
{
	record_known_workload(_metadata, &self->n, "G92");
}

TEST_F(workload, record_known_workload_gt215)
{
	record_known_workload(_metadata, &self->n, "GT215");
}

/*
 * Start, read and stop 100 times: each works, nothing stays behind.  A
 * round of 3 ms has 2 packets at least, less the periods the simulator
 * dropped meanwhile.
 */
TEST_F(record, record_stop_start_100_times)
{
	const struct nvpm_dev *dev = &self->n.devs[rec_idx];
	struct drm_nvpm_group_create grp = { 0 };
	struct drm_nvpm_record_domain dom;
	unsigned long long dropped = 0;
	struct nvpm_record rec;
	struct timeline t;
	int i, ret, fds = count_fds();
	__u8 sig = S_ZERO;

	periodic_dom(&dom, 1, 1, &sig);
	for (i = 0; i < 100; i++) {
		memset(&t, 0, sizeof(t));
		nvpm_record_stream_init(&t.s[0], NVPM_RECORD_LONG_SIZE, 1, 1);
		if (i % 10 == 0)
			dropped = sim_dropped(dev);
		ret = nvpm_record_open(rec_fd, &dom, 1, 0, NVPM_RECORD_RING_MIN, &rec);
		if (ret)
			FAIL(return, "start %d: %s", i, err_name(ret));
		usleep(i % 10 ? 100 : 3000);
		ret = nvpm_record_drain(&rec, 0, timeline_add, &t);
		if (!ret)
			ret = nvpm_record_close(&rec, timeline_add, &t);
		else
			nvpm_record_close(&rec, NULL, NULL);
		timeline_free(&t);
		if (ret)
			FAIL(return, "round %d: %s", i, err_name(ret));
		if (i % 10)
			continue;
		dropped = sim_dropped(dev) - dropped;
		if (t.packets + periods_dropped(dropped) < 2)
			FAIL(return, "round %d: %llu packets in 3 ms (%llu cycles dropped)", i,
			     (unsigned long long)t.packets, dropped);
	}
	if (count_fds() != fds)
		FAIL(return, "%d fds, had %d", count_fds(), fds);
	/* the domain is free */
	grp.domain = 1;
	grp.nr_counters = 1;
	grp.counter[0].logic_op = NVPM_OP_ALWAYS;
	ret = nvpm_group_create(rec_fd, &grp);
	if (ret)
		FAIL(return, "a counter group on the domain: %s", err_name(ret));
	nvpm_group_destroy(rec_fd, grp.handle);
}

/*
 * While a session records on one domain, 100 sessions with 64 MiB rings
 * start and stop on another, one after the other.  A G84 records below
 * 4 GiB only, which holds 31 windows of such rings: each session must get
 * the addresses the last one gave back.
 */
TEST_F(record, record_address_space_reused_100_sessions)
{
	struct drm_nvpm_record_domain keep_dom, dom;
	struct drm_nvpm_record_start args;
	struct nvpm_record keep;
	struct nvpm_bo bo;
	bool ok = true;
	int i, ret;

	periodic_dom(&keep_dom, 5, 0, NULL);
	ret = nvpm_record_open(rec_fd, &keep_dom, 1, 0, 0, &keep);
	if (ret)
		FAIL(return, "the session that stays: %s", err_name(ret));
	ret = nvpm_bo_new(rec_fd, 64 << 20, &bo);
	if (ret) {
		nvpm_record_close(&keep, NULL, NULL);
		FAIL(return, "GEM_NEW of 64 MiB: %s", err_name(ret));
	}
	for (i = 0; i < 100 && ok; i++) {
		periodic_dom(&dom, 1, 0, NULL);
		memset(&args, 0, sizeof(args));
		args.flags = NVPM_RECORD_USER_BO;
		args.nr_domains = 1;
		args.domains = (uintptr_t)&dom;
		args.bo_handle = bo.handle;
		ret = nvpm_record_start(rec_fd, &args);
		if (ret)
			FAIL(ok = false, "session %d: START: %s", i, err_name(ret));
		else if (dom.ring_size != 64 << 20)
			FAIL(ok = false, "session %d: a ring of %llu bytes, want 64 MiB", i,
			     (unsigned long long)dom.ring_size);
		if (!ret) {
			ret = nvpm_record_stop(rec_fd, args.handle, NULL, 0);
			if (ret)
				FAIL(ok = false, "session %d: STOP: %s", i, err_name(ret));
		}
	}
	nvpm_bo_free(&bo);
	ret = nvpm_record_close(&keep, NULL, NULL);
	if (ret)
		FAIL(return, "the session that stayed: %s", err_name(ret));
}

/* A child samples a counter group on host while core_a records. */
static int
sample_child(const char *path)
{
	struct drm_nvpm_counter ctr = { .logic_op = NVPM_OP_ALWAYS };
	struct drm_nvpm_read r;
	__u32 h;
	int fd = open(path, O_RDWR), i;

	if (fd < 0 || nvpm_group_quad(fd, 0, &ctr, 1, &h))
		return 2;
	for (i = 0; i < 20; i++) {
		usleep(10000);
		if (nvpm_sample(fd, NULL) || nvpm_read(fd, h, &r))
			return 3;
		if (r.value[0] != r.cycles || !r.cycles)
			return 4;
	}
	return 0;
}

TEST_F(record, record_beside_sampling_process)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_record_domain dom;
	struct nvpm_record rec;
	struct timeline t;
	bool res;
	unsigned long long dropped;
	int status, ret;
	__u8 sig[2] = { 0, S_ZERO };
	__u32 d;
	pid_t pid;

	if (signal_of(&rec_cat, "core_a/PGRAPH.IDLE", &d, &sig[0]))
		FAIL(return, "no core_a/PGRAPH.IDLE");
	pid = fork();
	if (pid < 0)
		FAIL(return, "fork: %s", strerror(errno));
	if (!pid)
		_exit(sample_child(nodes->devs[rec_idx].path));
	periodic_dom(&dom, d, 2, sig);
	dropped = sim_dropped(&nodes->devs[rec_idx]);
	ret = record_for(rec_fd, &dom, 1, 0, RECORD_MS, &t, &rec);
	dropped = sim_dropped(&nodes->devs[rec_idx]) - dropped;
	waitpid(pid, &status, 0);
	if (ret)
		FAIL(res = false, "recording: %s", err_name(ret));
	else if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL(res = false, "sampling child: status %#x", status);
	else
		res = check_workload(_metadata, t.row[0], t.n[0], t.us, dropped);
	if (!res)
		dump(&rec, &t);
	timeline_free(&t);
}

/* START with @args (size set here): @err, and @args as it was. */
static bool
start_refused(struct __test_metadata *_metadata, int fd, struct drm_nvpm_record_start *args,
	      int err, const char *what)
{
	struct drm_nvpm_record_start before;
	int ret;

	if (!args->size)
		args->size = sizeof(*args);
	before = *args;
	ret = raw_ioctl(fd, DRM_IOCTL_NVPM_RECORD_START, args);
	if (ret != err) {
		FAIL(, "%s: %s, want %s", what, err_name(ret), err_name(err));
		if (!ret)
			nvpm_record_stop(fd, args->handle, NULL, 0);
		return false;
	}
	if (memcmp(&before, args, sizeof(before))) {
		FAIL(, "%s: the struct changed", what);
		return false;
	}
	return true;
}

/* Every domain of @fd can still be recorded on (and so is free). */
static bool
domains_free(struct __test_metadata *_metadata, int fd, int nr_doms)
{
	struct drm_nvpm_record_domain dom[NVPM_RECORD_MAX_DOMAINS];
	struct drm_nvpm_record_start args = { .nr_domains = nr_doms };
	int d, ret;

	for (d = 0; d < nr_doms; d++)
		periodic_dom(&dom[d], d, 0, NULL);
	args.domains = (uintptr_t)dom;
	ret = nvpm_record_start(fd, &args);
	if (ret) {
		FAIL(, "afterwards, recording every domain: %s", err_name(ret));
		return false;
	}
	nvpm_record_stop(fd, args.handle, NULL, 0);
	{
		struct drm_gem_close cl = { .handle = args.bo_handle };

		raw_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &cl);
	}
	return true;
}

enum bad_kind {
	BS_SIZE,
	BS_FLAGS,
	BS_HANDLE,
	BS_OUT,
	BS_NONE,
	BS_NINE,
	BS_MISALIGNED,
	BS_SMALL,
	BS_HUGE,
	BS_SIGNAL,
	BS_UNUSED,
	BS_THIRTEEN,
	BS_SHORT5,
	BS_DOMAIN,
	BS_PERIOD,
	BS_STOP,
	BS_USER,
	BS_EDGE,
	BS_STOPSIG,
	BS_RINGOUT,
	BS_TWICE,
	BS_NOBO,
	BS_BO_IN,
};

/* Spoil a good request the way @kind says. */
static void
bad_set(enum bad_kind kind, struct drm_nvpm_record_start *a, struct drm_nvpm_record_domain *d)
{
	switch (kind) {
	case BS_SIZE:
		a->size = sizeof(*a) - 8;
		break;
	case BS_FLAGS:
		a->flags = 1u << 7;
		break;
	case BS_HANDLE:
		a->handle = 1;
		break;
	case BS_OUT:
		a->map_offset = 4096;
		break;
	case BS_NONE:
		a->nr_domains = 0;
		break;
	case BS_NINE:
		a->nr_domains = 9;
		break;
	case BS_MISALIGNED:
		a->ring_size = NVPM_RECORD_RING_MIN + 16;
		break;
	case BS_SMALL:
		a->ring_size = NVPM_RECORD_RING_MIN / 2;
		break;
	case BS_HUGE:
		a->ring_size = NVPM_GEM_MAX_SIZE * 2;
		break;
	case BS_SIGNAL:
		d->domain = 0;		/* host: 0x60 signals */
		d->nr_signals = 1;
		d->signal[0] = 0xf0;
		break;
	case BS_UNUSED:
		d->nr_signals = 1;
		d->signal[5] = 1;
		break;
	case BS_THIRTEEN:
		d->nr_signals = 13;
		break;
	case BS_SHORT5:
		a->flags = NVPM_RECORD_SHORT;
		d->nr_signals = 5;
		break;
	case BS_DOMAIN:
		d->domain = 99;
		break;
	case BS_PERIOD:
		d->stop_arg = 8;
		break;
	case BS_STOP:
		d->stop = 7;
		break;
	case BS_USER:
		d->stop = NVPM_RECORD_STOP_USER;
		d->stop_arg = 0;
		break;
	case BS_EDGE:
		d->flags = NVPM_RECORD_STOP_EDGE;
		break;
	case BS_STOPSIG:
		d->domain = 0;
		d->stop = NVPM_RECORD_STOP_SIGNAL;
		d->stop_arg = 0x60;
		break;
	case BS_RINGOUT:
		d->ring_offset = 1;
		break;
	case BS_TWICE:
		a->nr_domains = 2;
		d[1] = d[0];
		break;
	case BS_NOBO:
		a->flags = NVPM_RECORD_USER_BO;
		a->bo_handle = 0x7777;
		break;
	case BS_BO_IN:
		a->bo_handle = 1;
		break;
	}
}

struct bad_start {
	const char *what;
	int err;
	enum bad_kind kind;
};

static const struct bad_start bad_starts[] = {
	{ "size", -EINVAL, BS_SIZE },
	{ "unknown flag", -EINVAL, BS_FLAGS },
	{ "handle set", -EINVAL, BS_HANDLE },
	{ "out field set", -EINVAL, BS_OUT },
	{ "no domains", -E2BIG, BS_NONE },
	{ "nine domains", -E2BIG, BS_NINE },
	{ "misaligned ring", -EINVAL, BS_MISALIGNED },
	{ "ring too small", -EINVAL, BS_SMALL },
	{ "ring too large", -EINVAL, BS_HUGE },
	{ "unknown signal", -EINVAL, BS_SIGNAL },
	{ "unused signal set", -EINVAL, BS_UNUSED },
	{ "13 signals", -EINVAL, BS_THIRTEEN },
	{ "5 signals, short packets", -EINVAL, BS_SHORT5 },
	{ "unknown domain", -ENOENT, BS_DOMAIN },
	{ "period 8", -EINVAL, BS_PERIOD },
	{ "unknown STOP source", -EINVAL, BS_STOP },
	{ "USER trigger on G84", -EINVAL, BS_USER },
	{ "edge STOP on PERIODIC", -EINVAL, BS_EDGE },
	{ "unknown STOP signal", -EINVAL, BS_STOPSIG },
	{ "ring offset set", -EINVAL, BS_RINGOUT },
	{ "domain twice", -EBUSY, BS_TWICE },
	{ "unknown BO", -ENOENT, BS_NOBO },
	{ "BO handle without USER_BO", -EINVAL, BS_BO_IN },
};

/* Malformed and impossible requests: a clear errno, nothing changed. */
TEST_F(record, record_bad_requests_change_nothing)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_record_domain dom[2];
	struct drm_nvpm_record_start args;
	struct drm_nvpm_group_create grp = { 0 };
	struct nvpm_record busy;
	struct nvpm_bo bo;
	size_t i;
	int idx;

	for (i = 0; i < ARRAY_SIZE(bad_starts); i++) {
		memset(&args, 0, sizeof(args));
		periodic_dom(&dom[0], 1, 0, NULL);
		args.nr_domains = 1;
		args.domains = (uintptr_t)dom;
		bad_set(bad_starts[i].kind, &args, dom);
		if (!start_refused(_metadata, rec_fd, &args, bad_starts[i].err, bad_starts[i].what))
			return;
	}
	memset(&args, 0, sizeof(args));
	args.nr_domains = 1;
	args.domains = 8;
	if (!start_refused(_metadata, rec_fd, &args, -EFAULT, "bad pointer"))
		return;

	/* held domains: by a counter group, by another session */
	grp.domain = 2;
	grp.nr_counters = 1;
	grp.counter[0].logic_op = NVPM_OP_ALWAYS;
	if (nvpm_group_create(rec_fd, &grp))
		FAIL(return, "counter group on domain 2");
	memset(&args, 0, sizeof(args));
	periodic_dom(&dom[0], 2, 0, NULL);
	args.nr_domains = 1;
	args.domains = (uintptr_t)dom;
	if (!start_refused(_metadata, rec_fd, &args, -EBUSY, "domain held by a counter group"))
		return;
	nvpm_group_destroy(rec_fd, grp.handle);
	if (nvpm_record_open(rec_fd, dom, 1, 0, 0, &busy))
		FAIL(return, "session on domain 2");
	if (!start_refused(_metadata, rec_fd, &args, -EBUSY, "domain held by a session")) {
		nvpm_record_close(&busy, NULL, NULL);
		return;
	}
	/* its BO is recording: no second session in it */
	periodic_dom(&dom[0], 3, 0, NULL);
	args.flags = NVPM_RECORD_USER_BO;
	args.bo_handle = busy.bo->handle;
	if (!start_refused(_metadata, rec_fd, &args, -EBUSY, "BO recording already")) {
		nvpm_record_close(&busy, NULL, NULL);
		return;
	}
	nvpm_record_close(&busy, NULL, NULL);

	/* a BO too small for its rings */
	if (nvpm_bo_new(rec_fd, NVPM_RECORD_RING_MIN, &bo))
		FAIL(return, "GEM_NEW");
	args.nr_domains = 2;
	periodic_dom(&dom[1], 4, 0, NULL);
	args.bo_handle = bo.handle;
	if (!start_refused(_metadata, rec_fd, &args, -EINVAL, "BO too small")) {
		nvpm_bo_free(&bo);
		return;
	}
	nvpm_bo_free(&bo);

	idx = dev_of(nodes, "NV40");
	if (idx >= 0) {
		memset(&args, 0, sizeof(args));
		periodic_dom(&dom[0], 1, 0, NULL);
		args.nr_domains = 1;
		args.domains = (uintptr_t)dom;
		if (!start_refused(_metadata, nodes->devs[idx].fd, &args, -EOPNOTSUPP, "NV40"))
			return;
	}
	domains_free(_metadata, rec_fd, 8);
}

/* STATUS and STOP refuse what is malformed, and the session lives on. */
TEST_F(record, record_status_stop_bad_args)
{
	struct drm_nvpm_record_dom_status st[2] = { { 0 } };
	struct drm_nvpm_record_domain dom;
	struct drm_nvpm_record_status sa;
	struct drm_nvpm_record_stop so;
	struct nvpm_record rec;
	bool res = true;
	int ret;

	periodic_dom(&dom, 1, 0, NULL);
	if (nvpm_record_open(rec_fd, &dom, 1, 0, 0, &rec))
		FAIL(return, "start");
#define STATUS(field, value, err) do {						\
	sa = (struct drm_nvpm_record_status){ sizeof(sa), rec.handle, 1, 0,	\
					      (uintptr_t)st };			\
	sa.field = value;							\
	ret = raw_ioctl(rec_fd, DRM_IOCTL_NVPM_RECORD_STATUS, &sa);		\
	if (ret != (err) && res)					\
		FAIL(res = false, "STATUS " #field " %llu: %s, want %s",		\
		     (unsigned long long)(value), err_name(ret), err_name(err)); \
} while (0)
	STATUS(size, 8, -EINVAL);
	STATUS(handle, 0x777, -ENOENT);
	STATUS(count, 2, -EINVAL);
	STATUS(count, 0, -EINVAL);
	STATUS(flags, 2, -EINVAL);
	STATUS(domains, 8, -EFAULT);
	st[0].pad = 1;
	STATUS(count, 1, -EINVAL);
	st[0].pad = 0;
#undef STATUS
#define STOP(field, value, err) do {						\
	so = (struct drm_nvpm_record_stop){ sizeof(so), rec.handle, 0, 0, 0 };	\
	so.field = value;							\
	ret = raw_ioctl(rec_fd, DRM_IOCTL_NVPM_RECORD_STOP, &so);		\
	if (ret != (err) && res)					\
		FAIL(res = false, "STOP " #field " %llu: %s, want %s",		\
		     (unsigned long long)(value), err_name(ret), err_name(err)); \
} while (0)
	STOP(size, 8, -EINVAL);
	STOP(handle, 0x777, -ENOENT);
	STOP(pad, 1, -EINVAL);
	STOP(count, 2, -EINVAL);
	STOP(domains, 8, -EINVAL);	/* count 0 with a pointer */
	so = (struct drm_nvpm_record_stop){ sizeof(so), rec.handle, 1, 0, 8 };
	ret = raw_ioctl(rec_fd, DRM_IOCTL_NVPM_RECORD_STOP, &so);
	if (ret != -EFAULT && res)
		FAIL(res = false, "STOP to a bad pointer: %s, want -EFAULT", err_name(ret));
#undef STOP
	/* still there */
	ret = nvpm_record_status(rec_fd, rec.handle, 0, st, 1);
	if (ret && res)
		FAIL(res = false, "STATUS afterwards: %s", err_name(ret));
	nvpm_record_close(&rec, NULL, NULL);
	if (res && nvpm_record_status(rec_fd, rec.handle, 0, st, 1) != -ENOENT)
		FAIL(res = false, "STATUS after STOP is not -ENOENT");
}

/*
 * A BO of userspace's, three domains in it, short packets: 20 ms give
 * each 10 packets at least, less the periods the simulator dropped.
 */
TEST_F(record, record_into_user_bo)
{
	const struct nvpm_dev *dev = &self->n.devs[rec_idx];
	struct drm_nvpm_record_domain dom[3];
	struct drm_nvpm_record_dom_status st[3];
	struct drm_nvpm_record_start args = { 0 };
	unsigned long long dropped;
	struct nvpm_bo bo;
	bool res = true;
	const __u8 *p;
	int d, ret;

	if (nvpm_bo_new(rec_fd, 3 * 8192, &bo) || nvpm_bo_map(&bo))
		FAIL(return, "GEM_NEW");
	for (d = 0; d < 3; d++)
		periodic_dom(&dom[d], d + 1, 0, NULL);
	args.flags = NVPM_RECORD_USER_BO | NVPM_RECORD_SHORT;
	args.nr_domains = 3;
	args.domains = (uintptr_t)dom;
	args.bo_handle = bo.handle;
	dropped = sim_dropped(dev);
	ret = nvpm_record_start(rec_fd, &args);
	if (ret) {
		nvpm_bo_free(&bo);
		FAIL(return, "START: %s", err_name(ret));
	}
	if (args.packet_size != NVPM_RECORD_SHORT_SIZE || args.bo_handle != bo.handle ||
	    args.bo_size != bo.size || args.map_offset != bo.map_offset)
		FAIL(res = false, "packet %u, bo %u (%llu bytes), want 16, %u (%llu)",
		     args.packet_size, args.bo_handle, (unsigned long long)args.bo_size,
		     bo.handle, (unsigned long long)bo.size);
	for (d = 0; res && d < 3; d++) {
		if (dom[d].ring_offset != d * 8192ull || dom[d].ring_size != 8192)
			FAIL(res = false, "ring %d at %llu, %llu bytes", d,
			     (unsigned long long)dom[d].ring_offset,
			     (unsigned long long)dom[d].ring_size);
	}
	usleep(20000);
	memset(st, 0, sizeof(st));
	ret = nvpm_record_stop(rec_fd, args.handle, st, 3);
	dropped = sim_dropped(dev) - dropped;
	for (d = 0; res && d < 3; d++) {
		struct nvpm_record_pkt pkt;

		p = (const __u8 *)bo.map + dom[d].ring_offset;
		nvpm_record_pkt_decode(p, NVPM_RECORD_SHORT_SIZE, &pkt);
		/* slot 0: the first packet, or a later one if the ring wrapped */
		if (ret || st[d].written + periods_dropped(dropped) < 10 ||
		    st[d].position != st[d].written % 512 * 16 ||
		    !pkt.cycles || pkt.cycles % PERIOD || pkt.stop != 1)
			FAIL(res = false,
			     "domain %d: stop %s, %llu written (%llu cycles dropped), at %llu, %s %llu, %u",
			     d + 1, err_name(ret), (unsigned long long)st[d].written, dropped,
			     (unsigned long long)st[d].position, "first packet: cycles, stop",
			     (unsigned long long)pkt.cycles, pkt.stop);
	}
	nvpm_bo_free(&bo);
}

/* Closing the file stops its sessions: the domains are free. */
TEST_F(record, record_close_releases)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_record_domain dom;
	struct nvpm_record rec;
	int fd = open(nodes->devs[rec_idx].path, O_RDWR);

	if (fd < 0)
		FAIL(return, "open: %s", strerror(errno));
	periodic_dom(&dom, 5, 0, NULL);
	if (nvpm_record_open(fd, &dom, 1, 0, 0, &rec)) {
		close(fd);
		FAIL(return, "start");
	}
	munmap(rec.bo->map, rec.bo->size);
	free(rec.bo);
	close(fd);
	domains_free(_metadata, rec_fd, 8);
}

/* uid 65534 without unprivileged=1: -EPERM. */
TEST_F(record, record_needs_perfmon)
{
	struct nodes *nodes = &self->n;
	int status;
	pid_t pid;

	if (read_param(UNPRIVILEGED) != 0)
		SKIP(return, "unprivileged is not 0");
	pid = fork();
	if (pid < 0)
		FAIL(return, "fork: %s", strerror(errno));
	if (!pid) {
		struct drm_nvpm_record_domain dom;
		struct drm_nvpm_record_start args = { .nr_domains = 1 };
		int fd = open(nodes->devs[rec_idx].path, O_RDWR);

		periodic_dom(&dom, 1, 0, NULL);
		args.domains = (uintptr_t)&dom;
		if (fd < 0 || setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
			_exit(2);
		_exit(nvpm_record_start(fd, &args) == -EPERM ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		FAIL(return, "child status %#x, want EPERM from START", status);
}

/*
 * The decoder against a plain one written here from the packet layout
 * (bytes 0-5: the cycle counter, 6-7: STOP count in bits 0-11, then the
 * 16-bit counters, all little endian): one packet and one signal at a
 * time, every case a test of its own.  Random packets with a fixed seed:
 * mostly common ones (counter up, one STOP), with early packets (STOP 0),
 * saturated and early-threshold counters, repeated counters, wraps near
 * 2^48, restarts, lost packets, fed in chunks of every length.  Rows must
 * be equal byte for byte, fields the decoder leaves alone included.
 */
#define REF_EARLY	0x1u
#define REF_SATURATED	0x2u
#define REF_RESTART	0x4u
#define REF_GAP		0x8u
#define REF_WRAP	0x1000000000000ull
#define REF_PACKETS	3000
#define REF_FILL	0xa5

struct ref_stream {
	unsigned int size, nr;
	int merge, started, gap;
	__u64 last, time, row_time, early, restarts;
	struct nvpm_record_row pend;	/* pending when its flags are not 0 */
};

static __u64
ref_rand(__u64 *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static unsigned int
ref_u16(const __u8 *b)
{
	return b[0] | b[1] << 8;
}

/* Packet @p into the stream's rows at @row; returns the rows written. */
static size_t
ref_decode(struct ref_stream *r, const __u8 *p, struct nvpm_record_row *row)
{
	__u64 raw = 0, d;
	unsigned int stop = ref_u16(p + 6) & 0xfff, flags = 0, j;
	int i;

	for (i = 5; i >= 0; i--)
		raw = raw << 8 | p[i];
	if (!r->started) {
		d = raw;
		r->started = 1;
	} else if (raw >= r->last) {
		d = raw - r->last;
	} else if (r->last >= REF_WRAP / 2 && raw + REF_WRAP - r->last < REF_WRAP / 2) {
		d = raw + REF_WRAP - r->last;
	} else {
		d = raw;
		flags |= REF_RESTART;
		r->restarts++;
	}
	r->time += d;
	r->last = raw;
	if (r->gap)
		flags |= REF_GAP;
	r->gap = 0;
	if (!stop)
		r->early++;
	if (r->merge && (!stop || r->pend.flags)) {
		if (!r->pend.flags) {
			memset(&r->pend, 0, sizeof(r->pend));
			flags |= REF_EARLY;
		}
		for (j = 0; j < r->nr; j++) {
			r->pend.value[j] += ref_u16(p + 8 + 2 * j);
			if (ref_u16(p + 8 + 2 * j) == 0xffff)
				flags |= REF_SATURATED;
		}
		r->pend.stops += stop;
		r->pend.flags |= flags;
		if (!stop)
			return 0;
		*row = r->pend;
		row->flags &= ~REF_EARLY;
		r->pend.flags = 0;
	} else {
		for (j = 0; j < r->nr; j++) {
			row->value[j] = ref_u16(p + 8 + 2 * j);
			if (row->value[j] == 0xffff)
				flags |= REF_SATURATED;
		}
		row->stops = stop;
		row->flags = flags;
	}
	row->time = r->time;
	row->cycles = r->time - r->row_time;
	r->row_time = r->time;
	return 1;
}

/* @n random packets of @size bytes from @x; cycles from *@cycles on. */
static void
ref_packets(__u8 *buf, size_t n, unsigned int size, __u64 *x, __u64 *cycles)
{
	size_t i;
	unsigned int j, w;

	for (i = 0; i < n; i++) {
		__u8 *p = buf + i * size;
		__u64 c = ref_rand(x), k = c % 100;
		unsigned int stop = k < 8 ? 0 : k < 95 ? 1 : ref_rand(x) & 0xfff;

		c >>= 8;
		if (k == 97)
			*cycles = REF_WRAP - 1 - c % 3000;	/* wraps soon */
		else if (k == 98)
			*cycles = c % 5000;			/* a restart */
		else if (k != 99)
			*cycles += 1 + c % 2048;		/* 99: a repeat */
		*cycles &= REF_WRAP - 1;
		for (j = 0; j < 6; j++)
			p[j] = *cycles >> (8 * j);
		w = stop | (ref_rand(x) & 0xf000);	/* bits 12-15: not STOPs */
		p[6] = w;
		p[7] = w >> 8;
		for (j = 8; j < size; j += 2) {
			unsigned int v = ref_rand(x) % 1000;

			k = ref_rand(x) % 64;
			v = k == 0 ? 0xffff : k == 1 ? 0xf000 : k == 2 ? 0xfffe : v;
			p[j] = v;
			p[j + 1] = v >> 8;
		}
	}
}

TEST(record_decode_matches_reference)
{
	struct nvpm_record_row *got = malloc((REF_PACKETS + 1) * sizeof(*got));
	struct nvpm_record_row *want = malloc((REF_PACKETS + 1) * sizeof(*want));
	__u8 *buf = malloc(REF_PACKETS * NVPM_RECORD_LONG_SIZE), gap[REF_PACKETS];
	__u64 x = 0x6e76706d5eedull;
	unsigned int run;

	if (!got || !want || !buf)
		FAIL(goto out, "out of memory");
	for (run = 0; run < 2 * 2 * 14; run++) {
		unsigned int size = run % 2 ? 16 : 32, nr_signals = run / 4 % 14;
		struct nvpm_record_stream s;
		struct ref_stream r = { .size = size, .merge = run / 2 % 2 };
		__u64 cycles = ref_rand(&x) % 100000;
		size_t i, n, ng = 0, nw = 0;

		/* short packets carry 4 counters, long ones 12 */
		r.nr = size == 16 ? 4 : nr_signals < 12 ? nr_signals : 12;
		ref_packets(buf, REF_PACKETS, size, &x, &cycles);
		memset(got, REF_FILL, (REF_PACKETS + 1) * sizeof(*got));
		memset(want, REF_FILL, (REF_PACKETS + 1) * sizeof(*want));
		memset(gap, 0, sizeof(gap));
		nvpm_record_stream_init(&s, size, nr_signals, r.merge);
		for (i = 0; i < REF_PACKETS; i += n) {
			n = ref_rand(&x) % 40;
			n = n < 30 ? n : ref_rand(&x) % 400;
			n = n < REF_PACKETS - i ? n : REF_PACKETS - i;
			if (ref_rand(&x) % 16 == 0) {
				nvpm_record_stream_gap(&s);
				gap[i] = 1;	/* before packet i, even if n is 0 */
			}
			ng += nvpm_record_decode(&s, buf + i * size, n, got + ng);
		}
		for (i = 0; i < REF_PACKETS; i++) {
			r.gap |= gap[i];
			nw += ref_decode(&r, buf + i * size, want + nw);
		}
		ng += nvpm_record_flush(&s, got + ng);
		if (r.merge && r.pend.flags) {
			want[nw] = r.pend;
			want[nw].time = r.time;
			want[nw++].cycles = r.time - r.row_time;
		}
		for (i = 0; i < nw && i < ng; i++) {
			if (memcmp(&got[i], &want[i], sizeof(*got)))
				break;
		}
		if (ng != nw || i != nw || s.packets != REF_PACKETS || s.early != r.early ||
		    s.restarts != r.restarts)
			FAIL(goto out,
			     "%u-byte packets, %u signals, merge %d: %zu rows, want %zu, first difference at row %zu; %llu early, %llu restarts, want %llu, %llu",
			     size, nr_signals, r.merge, ng, nw, i, (unsigned long long)s.early,
			     (unsigned long long)s.restarts, (unsigned long long)r.early,
			     (unsigned long long)r.restarts);
	}
out:
	free(got);
	free(want);
	free(buf);
}

static void
print_usage(FILE *f)
{
	fprintf(f, "usage: nvpm_record_test [--expect NAME,NAME,...] [-- harness options]\n");
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
	return -1;
}

NVPM_HARNESS_MAIN(args)
