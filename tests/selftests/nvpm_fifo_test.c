// SPDX-License-Identifier: MIT
/*
 * nvpm channel selftest, TAP output: CHANNEL_NEW / CHANNEL_DEL, EXEC, WAIT,
 * and command-stream sampling read from the notifier ring.
 *
 *   nvpm_fifo_test [--expect NAME,NAME,...]
 *
 * --expect lists the chips of the simulated devices, as for the other
 * selftests.  Sampling tests run on the first NV50 family device.
 *
 * What the simulated GPU does, and so what the tests expect: a DRAW of P
 * primitives keeps the graphics engine busy P * PRIM_CYCLES cycles and
 * holds setup_primitive_count high P cycles; a counter on that signal
 * counts exactly P between two SAMPLEs around the DRAW.  PGRAPH.IDLE is low
 * while it draws (and while the module's background load keeps PGRAPH
 * busy), so the busy counter counts at least P * PRIM_CYCLES.  PTIMER
 * counts the nanoseconds of simulated time.
 *
 * Exit status: 0 if every test passed or was skipped, 1 otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "harness.h"

#define PRIM_CYCLES		8
#define PUSH_BYTES		(64 * 1024)
#define NR_CTRS			4	/* 3 counters of the group and PTIMER */
#define FRAMES			12
#define PAR_CHANNELS		4
#define PAR_FRAMES		8
#define LEAK_LOOPS		40
#define PTIMER_SLACK_US		20000

/* The device the sampling tests use: each test's FIXTURE_SETUP() finds it. */
static int fifo_idx = -1;

/**
 * struct rig - a file with a counter group and a channel sampling it
 * @fd: the file
 * @grp: counter group on core_a: primitives, busy cycles, every cycle
 * @ch: the channel
 * @push: its pushbuffer
 */
struct rig {
	int fd;
	__u32 grp;
	struct nvpm_channel ch;
	struct nvpm_push push;
};

static const struct nvpm_dev *
fifo_dev(struct nodes *nodes)
{
	return fifo_idx < 0 ? NULL : &nodes->devs[fifo_idx];
}

/* The first NV50 family device: it has the FIFO. */
static void
pick_fifo_dev(struct nodes *nodes)
{
	struct drm_nvpm_get_info info;
	int i;

	for (i = 0; i < nodes->nr_devs; i++) {
		if (!nvpm_get_info(nodes->devs[i].fd, &info) &&
		    info.card_type == NVPM_CARD_NV50) {
			fifo_idx = i;
			return;
		}
	}
}

/* The counter group: core_a's setup_primitive_count, !PGRAPH.IDLE, always. */
static int
group_new(struct __test_metadata *_metadata, int fd, __u32 *grp)
{
	struct drm_nvpm_counter ctr[3] = { { .logic_op = NVPM_OP_ARG0 },
					   { .logic_op = 0x5555 },	/* !arg0 */
					   { .logic_op = NVPM_OP_ALWAYS } };
	struct nvpm_catalog cat;
	struct nvpm_event ev;
	int ret;

	ret = nvpm_catalog_load(fd, &cat);
	if (ret)
		return ret;
	ret = nvpm_event_parse(&cat, "core_a/setup_primitive_count", &ev);
	ctr[0].signal[0] = ev.signal;
	if (!ret)
		ret = nvpm_event_parse(&cat, "core_a/PGRAPH.IDLE", &ev);
	ctr[1].signal[0] = ev.signal;
	if (!ret)
		ret = nvpm_group_quad(fd, ev.domain, ctr, 3, grp);
	if (ret)
		FAIL(, "counter group on core_a: %s", err_name(ret));
	nvpm_catalog_free(&cat);
	return ret;
}

/* Stage the group's three counters and PTIMER. */
static int
push_counters(struct nvpm_push *p, __u32 grp)
{
	int ret = nvpm_push_space(p, 2 * (NR_CTRS + 2));
	int i;

	if (ret)
		return ret;
	nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_COUNTER_CLEAR, 0);
	for (i = 0; i < NR_CTRS - 1; i++)
		nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD,
			       NVPM_SW_COUNTER_GROUP(grp, i));
	nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD, NVPM_SW_GLOBAL_PTIMER);
	nvpm_push_mthd(p, NVPM_SUBC_GR, NVPM_GR_PRIM_CYCLES, PRIM_CYCLES);
	return 0;
}

/* One frame: SAMPLE, DRAW, SAMPLE, READOUT. */
static int
push_frame(struct nvpm_push *p, __u32 prims, __u32 seq)
{
	int ret = nvpm_push_space(p, 8);

	if (ret)
		return ret;
	nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_SAMPLE, 0);
	nvpm_push_mthd(p, NVPM_SUBC_GR, NVPM_GR_DRAW, prims);
	nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_SAMPLE, 0);
	nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_READOUT, seq);
	return 0;
}

static int
wait_seq(const struct nvpm_channel *ch, __u64 seq, struct drm_nvpm_wait *out)
{
	return nvpm_wait(ch->fd, ch->handle, seq, WAIT_NS, out);
}

static void
rig_close(struct rig *r)
{
	nvpm_push_free(&r->push);
	nvpm_channel_del(&r->ch);
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}

/* A fresh file, a group (unless @fd is given), a channel set up to sample it. */
static bool
rig_open(struct __test_metadata *_metadata, struct nodes *nodes, struct rig *r, __u32 ring_size,
	 int fd, __u32 grp)
{
	const struct nvpm_dev *dev = fifo_dev(nodes);
	__u64 seq;
	int ret;

	memset(r, 0, sizeof(*r));
	r->fd = -1;
	if (!dev)
		SKIP(return false, "no NV50 family device");
	if (fd < 0) {
		r->fd = open(dev->path, O_RDWR | O_CLOEXEC);
		if (r->fd < 0)
			FAIL(return false, "open %s: %s", dev->path, strerror(errno));
		fd = r->fd;
		if (group_new(_metadata, fd, &grp))
			return false;
	}
	r->grp = grp;
	ret = nvpm_channel_new(fd, ring_size, &r->ch);
	if (!ret)
		ret = nvpm_push_new(fd, PUSH_BYTES, &r->push);
	if (!ret)
		ret = nvpm_push_setup(&r->push);
	if (!ret)
		ret = push_counters(&r->push, grp);
	if (!ret)
		ret = nvpm_push_submit(&r->push, &r->ch, &seq);
	if (!ret)
		ret = wait_seq(&r->ch, seq, NULL);
	if (ret)
		FAIL(return false, "channel setup: %s", err_name(ret));
	return true;
}

/*
 * The four entries of frame @seq against what its DRAW of @prims did: the
 * primitives exactly, the busy cycles at least the DRAW's, every cycle,
 * PTIMER's nanoseconds the cycles' time.  @around_us: the real time from
 * before the frame was submitted to after a WAIT saw it done.  @others:
 * the primitives other channels draw meanwhile (0: the channel draws
 * alone).  The counters are the GPU's, and channels take turns by time
 * slices, mid-segment (fifo_intro.rst): another channel's DRAW may fall
 * between a frame's two SAMPLEs, so a frame counts its own primitives and
 * at most all of those too.
 */
static bool
check_frame(struct __test_metadata *_metadata, const struct nvpm_channel *ch, __u32 grp, __u32 seq,
	    __u32 prims, __u32 others, double around_us)
{
	struct drm_nvpm_notifier_entry e[NR_CTRS + 1];
	__u64 busy = (__u64)prims * PRIM_CYCLES, cycles, us;
	int i, n = nvpm_ring_read(ch, seq, e, NR_CTRS + 1);

	if (n != NR_CTRS)
		FAIL(return false, "frame %u: %d entries in the ring, %d expected", seq, n,
		     NR_CTRS);
	for (i = 0; i < NR_CTRS; i++) {
		__u32 id = i < 3 ? NVPM_SW_COUNTER_GROUP(grp, i) : NVPM_SW_GLOBAL_PTIMER;

		if (e[i].counter != id || e[i].flags)
			FAIL(return false, "frame %u entry %d: counter 0x%x flags 0x%x, not 0x%x 0",
			     seq, i, e[i].counter, e[i].flags, id);
	}
	cycles = e[2].cycles;
	if (e[0].value < prims || e[0].value > (__u64)prims + others)
		FAIL(return false, "frame %u: %llu primitives counted, %u drawn (%u by the others)",
		     seq, (unsigned long long)e[0].value, prims, others);
	if (e[1].value < busy || e[1].value > cycles)
		FAIL(return false, "frame %u: busy %llu, expected %llu .. %llu cycles", seq,
		     (unsigned long long)e[1].value, (unsigned long long)busy,
		     (unsigned long long)cycles);
	if (e[2].value != cycles || cycles < busy)
		FAIL(return false, "frame %u: always %llu over %llu cycles, draw %llu", seq,
		     (unsigned long long)e[2].value, (unsigned long long)cycles,
		     (unsigned long long)busy);
	/*
	 * PTIMER is read by the kernel when it triggers the latch: the two
	 * differ by the handler's own time (long under KASAN and emulation).
	 * The DRAW runs between the two reads (the puller waits for each
	 * SAMPLE's handler).  On a loaded host the handler may take longer
	 * than PTIMER_SLACK_US; the two reads still happen in the real time
	 * around the frame, unless the simulated clock runs fast (a guest
	 * whose TSC was calibrated wrong): too long for both is wrong.
	 */
	us = e[3].value / 1000;
	if (e[3].cycles || us < busy ||
	    (us > cycles + PTIMER_SLACK_US && us > around_us + 100))
		FAIL(return false,
		     "frame %u: PTIMER %llu ns over %llu cycles (1 us each) in %.0f us, draw %llu",
		     seq, (unsigned long long)e[3].value, (unsigned long long)cycles, around_us,
		     (unsigned long long)busy);
	return true;
}

/* ---- tests ---- */

FIXTURE(fifo) {
	struct nodes n;
};

FIXTURE_SETUP(fifo)
{
	NODES_SETUP(&self->n);
	pick_fifo_dev(&self->n);
}

FIXTURE_TEARDOWN(fifo)
{
	NODES_TEARDOWN(&self->n);
}

TEST_F(fifo, channels_need_a_fifo)
{
	struct nodes *nodes = &self->n;
	struct nvpm_channel ch;
	int i, ret;

	if (!nodes->nr_devs)
		SKIP(return, "no device");
	for (i = 0; i < nodes->nr_devs; i++) {
		struct drm_nvpm_get_info info;
		bool nv50;

		ret = nvpm_get_info(nodes->devs[i].fd, &info);
		if (ret)
			FAIL(return, "GET_INFO: %s", err_name(ret));
		nv50 = info.card_type == NVPM_CARD_NV50;
		ret = nvpm_channel_new(nodes->devs[i].fd, 0, &ch);
		if (nv50 && ret)
			FAIL(return, "%s: CHANNEL_NEW %s", info.name, err_name(ret));
		if (!nv50 && ret != -ENODEV)
			FAIL(return, "%s: CHANNEL_NEW %s, -ENODEV expected", info.name,
			     err_name(ret));
		if (!ret)
			nvpm_channel_del(&ch);
	}
}

#define NEW_OFF(f)	offsetof(struct drm_nvpm_channel_new, f)

TEST_F(fifo, channel_new_rejects_bad_args)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = fifo_dev(nodes);
	static const struct {
		const char *what;
		size_t off, len;
		__u64 value;
	} bad[] = {
		{ "size", NEW_OFF(size), 4, 8 },
		{ "flags", NEW_OFF(flags), 4, 1 },
		{ "ring_size 63", NEW_OFF(ring_size), 4, 63 },
		{ "ring_size 32", NEW_OFF(ring_size), 4, 32 },
		{ "ring_size 8192", NEW_OFF(ring_size), 4, 8192 },
		{ "ring_size 100", NEW_OFF(ring_size), 4, 100 },
		{ "channel", NEW_OFF(channel), 4, 1 },
		{ "notifier", NEW_OFF(notifier), 4, 1 },
		{ "pad", NEW_OFF(pad), 4, 1 },
		{ "notifier_size", NEW_OFF(notifier_size), 8, 1 },
		{ "notifier_offset", NEW_OFF(notifier_offset), 8, 1 },
	};
	struct drm_nvpm_channel_new a, copy;
	size_t i;
	int ret;

	if (!dev)
		SKIP(return, "no NV50 family device");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		/* little endian: the value's low bytes */
		memcpy((char *)&a + bad[i].off, &bad[i].value, bad[i].len);
		copy = a;
		ret = raw_ioctl(dev->fd, DRM_IOCTL_NVPM_CHANNEL_NEW, &a);
		if (ret != -EINVAL)
			FAIL(return, "%s: %s, -EINVAL expected", bad[i].what, err_name(ret));
		if (memcmp(&a, &copy, sizeof(a)))
			FAIL(return, "%s: the struct changed", bad[i].what);
	}
}

TEST_F(fifo, notifier_layout)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = fifo_dev(nodes);
	static const __u32 sizes[] = { 0, 64, 4096 };
	struct nvpm_channel ch;
	struct nvpm_bo info;
	size_t i;
	int ret;

	if (!dev)
		SKIP(return, "no NV50 family device");
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		__u32 want = sizes[i] ?: NVPM_RING_SIZE_DEFAULT;
		const struct drm_nvpm_notifier_header *h;

		ret = nvpm_channel_new(dev->fd, sizes[i], &ch);
		if (ret)
			FAIL(return, "CHANNEL_NEW ring %u: %s", sizes[i], err_name(ret));
		h = ch.hdr;
		ret = nvpm_bo_from_handle(dev->fd, ch.notifier.handle, &info);
		if (ret || info.size != ch.notifier.size ||
		    info.map_offset != ch.notifier.map_offset)
			FAIL(ret = 1, "GEM_INFO on the notifier: %s", err_name(ret));
		else if (h->ring_size != want ||
			 h->entry_size != sizeof(struct drm_nvpm_notifier_entry) ||
			 h->ring_offset < sizeof(*h) ||
			 h->ring_offset + (__u64)want * h->entry_size > ch.notifier.size)
			FAIL(ret = 1, "header: ring %u at %u, entries of %u, notifier %llu bytes",
			     h->ring_size, h->ring_offset, h->entry_size,
			     (unsigned long long)ch.notifier.size);
		else if (h->sequence || h->write_index || h->lost || h->errors)
			FAIL(ret = 1, "a new notifier is not empty");
		nvpm_channel_del(&ch);
		if (ret)
			return;
	}
}

TEST_F(fifo, exec_and_wait)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_wait w;
	struct rig r;
	__u64 seq[3], next;
	int i, ret;
	bool res = rig_open(_metadata, nodes, &r, 0, -1, 0);

	if (!res)
		goto out;
	for (i = 0; i < 3; i++) {
		nvpm_push_space(&r.push, 4);
		nvpm_push_mthd(&r.push, NVPM_SUBC_GR, NVPM_GR_NOP, 0);
		nvpm_push_mthd(&r.push, NVPM_SUBC_SW, NVPM_SW_NOP, 0);
		ret = nvpm_push_submit(&r.push, &r.ch, &seq[i]);
		if (ret) {
			FAIL(res = false, "EXEC: %s", err_name(ret));
			goto out;
		}
		if (i && seq[i] != seq[i - 1] + 1) {
			FAIL(res = false, "sequences %llu then %llu",
			     (unsigned long long)seq[i - 1],
			     (unsigned long long)seq[i]);
			goto out;
		}
	}
	ret = wait_seq(&r.ch, seq[2], &w);
	if (ret || w.completed < seq[2] || w.fault) {
		FAIL(res = false, "WAIT: %s, completed %llu fault %u", err_name(ret),
		     (unsigned long long)w.completed, w.fault);
		goto out;
	}
	ret = nvpm_wait(r.fd, r.ch.handle, seq[0], 0, &w);
	if (ret) {
		FAIL(res = false, "WAIT for a completed submission, no time: %s", err_name(ret));
		goto out;
	}
	ret = nvpm_wait(r.fd, r.ch.handle, seq[2] + 1, 0, NULL);
	if (ret != -EINVAL) {
		FAIL(res = false, "WAIT for a submission not made: %s", err_name(ret));
		goto out;
	}
	/* a long DRAW: not done at once */
	nvpm_push_space(&r.push, 4);
	nvpm_push_mthd(&r.push, NVPM_SUBC_GR, NVPM_GR_PRIM_CYCLES, 0xffff);
	nvpm_push_mthd(&r.push, NVPM_SUBC_GR, NVPM_GR_DRAW, 5);
	nvpm_push_submit(&r.push, &r.ch, &next);
	nvpm_push_space(&r.push, 2);
	nvpm_push_mthd(&r.push, NVPM_SUBC_SW, NVPM_SW_NOP, 0);
	nvpm_push_submit(&r.push, &r.ch, &next);
	ret = nvpm_wait(r.fd, r.ch.handle, next, 0, &w);
	if (ret != -ETIME)
		FAIL(res = false, "WAIT behind a 0.3 s DRAW, no time: %s", err_name(ret));
out:
	rig_close(&r);
}

#define EXEC_OFF(f)	offsetof(struct drm_nvpm_exec, f)

TEST_F(fifo, exec_rejects_bad_args)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_exec a, copy;
	struct rig r;
	size_t i;
	int ret;
	bool res = rig_open(_metadata, nodes, &r, 0, -1, 0);
	const struct {
		const char *what;
		size_t off, len;
		__u64 value;
		int err;
	} cases[] = {
		{ "size", EXEC_OFF(size), 4, 16, -EINVAL },
		{ "flags", EXEC_OFF(flags), 4, 1, -EINVAL },
		{ "sequence in", EXEC_OFF(sequence), 8, 1, -EINVAL },
		{ "length 0", EXEC_OFF(length), 8, 0, -EINVAL },
		{ "length 6", EXEC_OFF(length), 8, 6, -EINVAL },
		{ "offset 2", EXEC_OFF(offset), 8, 2, -EINVAL },
		{ "past the BO", EXEC_OFF(offset), 8, r.push.bo.size - 4, -EINVAL },
		{ "too long", EXEC_OFF(length), 8, NVPM_EXEC_MAX_LENGTH + 4,
		  -EINVAL },
		{ "unknown channel", EXEC_OFF(channel), 4, 0xdead, -ENOENT },
		{ "unknown BO", EXEC_OFF(bo), 4, 0xdead, -ENOENT },
	};

	for (i = 0; res && i < ARRAY_SIZE(cases); i++) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.channel = r.ch.handle;
		a.bo = r.push.bo.handle;
		a.length = 8;
		memcpy((char *)&a + cases[i].off, &cases[i].value, cases[i].len);
		copy = a;
		ret = raw_ioctl(r.fd, DRM_IOCTL_NVPM_EXEC, &a);
		if (ret != cases[i].err)
			FAIL(res = false, "%s: %s, %s expected", cases[i].what, err_name(ret),
			     err_name(cases[i].err));
		else if (memcmp(&a, &copy, sizeof(a)))
			FAIL(res = false, "%s: the struct changed", cases[i].what);
	}
	rig_close(&r);
}

TEST_F(fifo, frames_count_their_draws)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_wait w;
	double t0, t1;
	struct rig r;
	__u64 seq = 0;
	__u32 i;
	int ret;
	bool res = rig_open(_metadata, nodes, &r, 0, -1, 0);

	if (!res)
		goto out;
	/* one submission per frame, as a driver would */
	t0 = now_us();
	for (i = 1; i <= FRAMES; i++) {
		push_frame(&r.push, 10 * i + 3, i);
		ret = nvpm_push_submit(&r.push, &r.ch, &seq);
		if (ret) {
			FAIL(res = false, "EXEC frame %u: %s", i, err_name(ret));
			goto out;
		}
	}
	ret = wait_seq(&r.ch, seq, &w);
	t1 = now_us();
	if (ret) {
		FAIL(res = false, "WAIT: %s (fault %u)", err_name(ret), w.fault);
		goto out;
	}
	if (r.ch.hdr->sequence != FRAMES || r.ch.hdr->errors || r.ch.hdr->lost ||
	    r.ch.hdr->write_index != FRAMES * NR_CTRS) {
		FAIL(res = false, "header: sequence %llu write_index %u errors %u lost %u",
		     (unsigned long long)r.ch.hdr->sequence, r.ch.hdr->write_index,
		     r.ch.hdr->errors, r.ch.hdr->lost);
		goto out;
	}
	for (i = 1; i <= FRAMES && res; i++)
		res = check_frame(_metadata, &r.ch, r.grp, i, 10 * i + 3, 0, t1 - t0);
out:
	rig_close(&r);
}

/* Software methods with bad data: error entries, the channel goes on. */
TEST_F(fifo, bad_software_methods_are_ring_errors)
{
	struct nodes *nodes = &self->n;
	static const struct {
		__u32 mthd, data, err;
	} bad[] = {
		{ NVPM_SW_COUNTER_ADD, 0x00fffff0, NVPM_SW_ERR_BAD_COUNTER },
		{ NVPM_SW_COUNTER_ADD, NVPM_SW_COUNTER_GLOBAL | 7, NVPM_SW_ERR_BAD_COUNTER },
		{ NVPM_SW_COUNTER_CLEAR, 1, NVPM_SW_ERR_BAD_DATA },
		{ NVPM_SW_SAMPLE, 2, NVPM_SW_ERR_BAD_DATA },
		{ NVPM_SW_NOP, 3, NVPM_SW_ERR_BAD_DATA },
		{ 0x0700, 4, NVPM_SW_ERR_BAD_METHOD },
		{ NVPM_SW_SET_NOTIFY, 0x1234, NVPM_SW_ERR_BAD_NOTIFIER },
	};
	struct drm_nvpm_notifier_entry e;
	struct drm_nvpm_wait w;
	__u32 base, i, n;
	struct rig r;
	__u64 seq;
	int ret;
	bool res = rig_open(_metadata, nodes, &r, 0, -1, 0);

	if (!res)
		goto out;
	/* a counter of the group it does not have */
	nvpm_push_space(&r.push, 2 * (ARRAY_SIZE(bad) + 1 + NVPM_SW_STAGING_MAX + 1) + 8);
	nvpm_push_mthd(&r.push, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD,
		       NVPM_SW_COUNTER_GROUP(r.grp, 3));
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		nvpm_push_mthd(&r.push, NVPM_SUBC_SW, bad[i].mthd, bad[i].data);
	/* 4 staged, 12 more fit, the 13th does not */
	for (i = 0; i < NVPM_SW_STAGING_MAX - NR_CTRS + 1; i++)
		nvpm_push_mthd(&r.push, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD, NVPM_SW_GLOBAL_PTIMER);
	push_frame(&r.push, 5, 1);
	ret = nvpm_push_submit(&r.push, &r.ch, &seq);
	if (!ret)
		ret = wait_seq(&r.ch, seq, &w);
	if (ret) {
		FAIL(res = false, "the channel did not go on: %s (fault %u)", err_name(ret),
		     w.fault);
		goto out;
	}
	n = ARRAY_SIZE(bad) + 2;
	if (r.ch.hdr->errors != n) {
		FAIL(res = false, "header.errors %u, %u expected", r.ch.hdr->errors, n);
		goto out;
	}
	/* the error entries come first, in order, then the frame's */
	base = r.ch.hdr->write_index - NVPM_SW_STAGING_MAX - n;
	for (i = 0; i < n; i++) {
		__u32 want = i == 0 ? NVPM_SW_ERR_BAD_COUNTER :
			     i <= ARRAY_SIZE(bad) ? bad[i - 1].err : NVPM_SW_ERR_STAGING_FULL;

		ret = nvpm_ring_entry(&r.ch, base + i, &e);
		if (ret || e.counter != want ||
		    e.flags != (NVPM_NOTIFY_ERROR | NVPM_NOTIFY_METHOD)) {
			FAIL(res = false, "error entry %u: counter %u flags 0x%x, %u expected", i,
			     e.counter, e.flags, want);
			goto out;
		}
	}
	ret = nvpm_ring_read(&r.ch, 1, &e, 1);
	if (ret < 1 || e.value != 5)
		FAIL(res = false, "the frame after the errors: %d entries, %llu primitives", ret,
		     (unsigned long long)e.value);
out:
	rig_close(&r);
}

/* No SET_NOTIFY yet: errors are counted, shown once it is bound. */
TEST_F(fifo, errors_without_notifier_are_counted)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = fifo_dev(nodes);
	struct drm_nvpm_wait w;
	struct nvpm_channel ch;
	struct nvpm_push p;
	__u64 seq;
	int ret;

	if (!dev)
		SKIP(return, "no NV50 family device");
	ret = nvpm_channel_new(dev->fd, 0, &ch);
	if (ret)
		FAIL(return, "CHANNEL_NEW: %s", err_name(ret));
	ret = nvpm_push_new(dev->fd, 4096, &p);
	if (ret) {
		nvpm_channel_del(&ch);
		FAIL(return, "pushbuffer: %s", err_name(ret));
	}
	nvpm_push_space(&p, 12);
	nvpm_push_mthd(&p, NVPM_SUBC_SW, NVPM_MTHD_OBJECT, NVPM_HANDLE_SW);
	nvpm_push_mthd(&p, NVPM_SUBC_SW, NVPM_SW_READOUT, 1);
	nvpm_push_mthd(&p, NVPM_SUBC_SW, NVPM_SW_NOP, 1);
	ret = nvpm_push_submit(&p, &ch, &seq);
	if (!ret)
		ret = wait_seq(&ch, seq, &w);
	if (ret || ch.hdr->errors || ch.hdr->sequence) {
		FAIL(, "before SET_NOTIFY: %s, errors %u sequence %llu", err_name(ret),
		     ch.hdr->errors, (unsigned long long)ch.hdr->sequence);
		goto out;
	}
	nvpm_push_mthd(&p, NVPM_SUBC_SW, NVPM_SW_SET_NOTIFY, NVPM_HANDLE_NOTIFIER);
	ret = nvpm_push_submit(&p, &ch, &seq);
	if (!ret)
		ret = wait_seq(&ch, seq, &w);
	if (ret || ch.hdr->errors != 2 || ch.hdr->write_index)
		FAIL(, "after SET_NOTIFY: %s, errors %u entries %u (2, 0 expected)",
		     err_name(ret), ch.hdr->errors, ch.hdr->write_index);
out:
	nvpm_push_free(&p);
	nvpm_channel_del(&ch);
}

TEST_F(fifo, ring_wraps_and_tells_overwritten)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_notifier_entry e[NR_CTRS];
	struct drm_nvpm_wait w;
	struct rig r;
	__u64 seq = 0;
	__u32 i, first = 40, more = 10, ring = NVPM_RING_SIZE_MIN;
	int ret, n;
	bool res = rig_open(_metadata, nodes, &r, ring, -1, 0);

	if (!res)
		goto out;
	for (i = 1; i <= first; i++)
		push_frame(&r.push, i, i);
	ret = nvpm_push_submit(&r.push, &r.ch, &seq);
	if (!ret)
		ret = wait_seq(&r.ch, seq, &w);
	if (ret) {
		FAIL(res = false, "%u frames: %s", first, err_name(ret));
		goto out;
	}
	/* the ring holds the last 16 frames */
	for (i = 1; i <= first; i++) {
		n = nvpm_ring_read(&r.ch, i, e, NR_CTRS);
		if (i <= first - ring / NR_CTRS ? n != 0 : n != NR_CTRS) {
			FAIL(res = false, "frame %u of %u: %d entries in a ring of %u", i, first, n,
			     ring);
			goto out;
		}
		if (n && (e[0].value != i || e[0].sequence != i)) {
			FAIL(res = false, "frame %u: %llu primitives", i,
			     (unsigned long long)e[0].value);
			goto out;
		}
	}
	if (r.ch.hdr->lost) {
		FAIL(res = false, "lost %u without read_sequence", r.ch.hdr->lost);
		goto out;
	}
	/* read up to frame 30: overwriting frames 31..34 loses 16 entries */
	__atomic_store_n(&r.ch.hdr->read_sequence, 30, __ATOMIC_RELEASE);
	for (i = first + 1; i <= first + more; i++)
		push_frame(&r.push, i, i);
	ret = nvpm_push_submit(&r.push, &r.ch, &seq);
	if (!ret)
		ret = wait_seq(&r.ch, seq, &w);
	if (ret || r.ch.hdr->lost != 16 || r.ch.hdr->write_index != (first + more) * NR_CTRS)
		FAIL(res = false, "%s, lost %u (16 expected), write_index %u", err_name(ret),
		     r.ch.hdr->lost, r.ch.hdr->write_index);
out:
	rig_close(&r);
}

/* A counter group destroyed while staged: its entries become errors. */
TEST_F(fifo, destroyed_group_reads_as_gone)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_notifier_entry e[NR_CTRS];
	struct drm_nvpm_wait w;
	struct rig r;
	__u64 seq;
	int ret, n, i;
	bool res = rig_open(_metadata, nodes, &r, 0, -1, 0);

	if (!res)
		goto out;
	ret = nvpm_group_destroy(r.fd, r.grp);
	if (ret) {
		FAIL(res = false, "GROUP_DESTROY: %s", err_name(ret));
		goto out;
	}
	push_frame(&r.push, 7, 1);
	ret = nvpm_push_submit(&r.push, &r.ch, &seq);
	if (!ret)
		ret = wait_seq(&r.ch, seq, &w);
	n = nvpm_ring_read(&r.ch, 1, e, NR_CTRS);
	if (ret || n != NR_CTRS) {
		FAIL(res = false, "%s, %d entries", err_name(ret), n);
		goto out;
	}
	for (i = 0; i < 3; i++) {
		if (e[i].flags != NVPM_NOTIFY_ERROR || e[i].value != NVPM_SW_ERR_GONE) {
			FAIL(res = false, "entry %d: flags 0x%x value %llu", i, e[i].flags,
			     (unsigned long long)e[i].value);
			goto out;
		}
	}
	if (e[3].flags || !e[3].value)
		FAIL(res = false, "PTIMER beside them: flags 0x%x value %llu", e[3].flags,
		     (unsigned long long)e[3].value);
out:
	rig_close(&r);
}

/* ---- four channels at once ---- */

struct par {
	struct __test_metadata *meta;
	struct nodes *nodes;
	int fd;
	__u32 grp;
	int idx;
};

static void *
par_run(void *arg)
{
	struct par *p = arg;
	struct __test_metadata *_metadata = p->meta;
	struct drm_nvpm_wait w;
	double t0, t1 = 0;
	struct rig r;
	__u32 i, j, prims, others = 0;
	__u64 seq = 0;
	bool res;
	int ret;

	res = rig_open(_metadata, p->nodes, &r, 0, p->fd, p->grp);
	t0 = now_us();
	for (i = 1; i <= PAR_FRAMES && res; i++) {
		push_frame(&r.push, 100 * p->idx + i, i);
		ret = nvpm_push_submit(&r.push, &r.ch, &seq);
		if (ret)
			FAIL(res = false, "channel %d frame %u: %s", p->idx, i, err_name(ret));
	}
	if (res) {
		ret = wait_seq(&r.ch, seq, &w);
		t1 = now_us();
		if (ret)
			FAIL(res = false, "channel %d: WAIT %s", p->idx, err_name(ret));
	}
	/* what the other channels draw in all: frame i of channel j, 100 j + i */
	for (j = 1; j <= PAR_CHANNELS; j++) {
		for (i = 1; i <= PAR_FRAMES; i++)
			others += j == (__u32)p->idx ? 0 : 100 * j + i;
	}
	for (i = 1; i <= PAR_FRAMES && res; i++) {
		prims = 100 * p->idx + i;
		res = check_frame(_metadata, &r.ch, p->grp, i, prims, others, t1 - t0);
	}
	r.fd = -1;	/* shared */
	rig_close(&r);
	return NULL;
}

TEST_F(fifo, four_channels_in_parallel)
{
	struct nodes *nodes = &self->n;
	const struct nvpm_dev *dev = fifo_dev(nodes);
	struct par par[PAR_CHANNELS];
	pthread_t th[PAR_CHANNELS];
	__u32 grp;
	int fd, i;

	if (!dev)
		SKIP(return, "no NV50 family device");
	fd = open(dev->path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		FAIL(return, "open: %s", strerror(errno));
	if (group_new(_metadata, fd, &grp)) {
		close(fd);
		return;
	}
	/*
	 * one group, four channels: every channel's frames are its own, each
	 * counting its DRAW, and other channels' where they fell in between
	 */
	for (i = 0; i < PAR_CHANNELS; i++) {
		par[i] = (struct par) { .meta = _metadata, .nodes = nodes, .fd = fd, .grp = grp,
					.idx = i + 1 };
		if (pthread_create(&th[i], NULL, par_run, &par[i]))
			FAIL(return, "pthread_create");
	}
	/* each thread failed the test itself, with its reason */
	for (i = 0; i < PAR_CHANNELS; i++)
		pthread_join(th[i], NULL);
	close(fd);
}

/* ---- faults ---- */

/* A channel sent something it should not: it stops, and only it. */
TEST_F(fifo, garbage_stops_only_its_channel)
{
	struct nodes *nodes = &self->n;
	static const struct {
		const char *what;
		__u32 words[2];
		__u32 fault;
		__u64 info;
	} bad[] = {
		{ "old jump", { 0x20001000, 0 }, NVPM_FAULT_INVALID_CMD, 0 },
		{ "jump (not in IB mode)", { 0x00001001, 0 }, NVPM_FAULT_INVALID_CMD, 0 },
		{ "unbound subchannel", { NVPM_PUSH_INC(5, 0x0200, 1), 9 },
		  NVPM_FAULT_NO_OBJECT, 5ull << 45 | 0x200ull << 32 | 9 },
		{ "unknown object", { NVPM_PUSH_INC(3, NVPM_MTHD_OBJECT, 1), 0x1234 },
		  NVPM_FAULT_UNKNOWN_OBJECT, 3ull << 45 | 0x1234 },
		/* 0x08: NOP from GF100 on, nothing on the NV50 family */
		{ "FIFO method", { NVPM_PUSH_INC(0, 0x0008, 1), 1 },
		  NVPM_FAULT_INVALID_METHOD, 0x08ull << 32 | 1 },
	};
	struct drm_nvpm_wait w;
	struct nvpm_channel bch;
	struct nvpm_push bp;
	struct rig good;
	__u64 gseq = 0, bseq, s;
	double t0, t1;
	size_t i;
	int ret;
	bool res = rig_open(_metadata, nodes, &good, 0, -1, 0);

	if (!res)
		goto out;
	t0 = now_us();
	for (i = 0; i < ARRAY_SIZE(bad) && res; i++) {
		/* the good channel has work queued meanwhile */
		push_frame(&good.push, 20 + i, i + 1);
		nvpm_push_submit(&good.push, &good.ch, &gseq);

		ret = nvpm_channel_new(good.fd, 0, &bch);
		if (!ret)
			ret = nvpm_push_new(good.fd, 4096, &bp);
		if (ret) {
			FAIL(res = false, "%s: channel: %s", bad[i].what, err_name(ret));
			break;
		}
		nvpm_push_setup(&bp);
		nvpm_push_space(&bp, 2);
		nvpm_push_word(&bp, bad[i].words[0]);
		nvpm_push_word(&bp, bad[i].words[1]);
		ret = nvpm_push_submit(&bp, &bch, &bseq);
		if (!ret)
			ret = wait_seq(&bch, bseq, &w);
		if (ret != -EIO || w.fault != bad[i].fault ||
		    (bad[i].info && w.fault_info != bad[i].info))
			FAIL(res = false,
			     "%s: WAIT %s fault %u info 0x%llx, -EIO %u 0x%llx expected",
			     bad[i].what, err_name(ret), w.fault,
			     (unsigned long long)w.fault_info, bad[i].fault,
			     (unsigned long long)bad[i].info);
		else if (nvpm_push_setup(&bp) || nvpm_push_submit(&bp, &bch, &s) != -EIO)
			FAIL(res = false, "%s: EXEC on the stopped channel works", bad[i].what);
		nvpm_push_free(&bp);
		nvpm_channel_del(&bch);
	}
	if (!res)
		goto out;
	ret = wait_seq(&good.ch, gseq, &w);
	t1 = now_us();
	if (ret) {
		FAIL(res = false, "the good channel: %s (fault %u)", err_name(ret), w.fault);
		goto out;
	}
	for (i = 0; i < ARRAY_SIZE(bad) && res; i++)
		res = check_frame(_metadata, &good.ch, good.grp, i + 1, 20 + i, 0, t1 - t0);
out:
	rig_close(&good);
}

/* Destroyed with a second of drawing queued: gone at once, others go on. */
TEST_F(fifo, channel_destroyed_with_work_pending)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_wait w;
	struct rig busy, r;
	double t0, t1;
	__u64 seq = 0;
	int i, ret;
	bool res = rig_open(_metadata, nodes, &busy, 0, -1, 0);

	if (!res) {
		rig_close(&busy);
		return;
	}
	nvpm_push_space(&busy.push, 2);
	nvpm_push_mthd(&busy.push, NVPM_SUBC_GR, NVPM_GR_PRIM_CYCLES, 1000);
	for (i = 1; i <= 40; i++)
		push_frame(&busy.push, 25, i);
	nvpm_push_submit(&busy.push, &busy.ch, &seq);
	nvpm_channel_del(&busy.ch);

	res = rig_open(_metadata, nodes, &r, 0, busy.fd, busy.grp);
	if (res) {
		push_frame(&r.push, 31, 1);
		t0 = now_us();
		ret = nvpm_push_submit(&r.push, &r.ch, &seq);
		if (!ret)
			ret = wait_seq(&r.ch, seq, &w);
		t1 = now_us();
		if (ret)
			FAIL(, "the next channel: %s", err_name(ret));
		else
			check_frame(_metadata, &r.ch, busy.grp, 1, 31, 0, t1 - t0);
	}
	r.fd = -1;
	rig_close(&r);
	rig_close(&busy);
}

TEST_F(fifo, channels_no_leak)
{
	struct nodes *nodes = &self->n;
	int fds, km, i;
	bool res = true;
	struct rig r;
	__u64 seq;

	if (!fifo_dev(nodes))
		SKIP(return, "no NV50 family device");
	km = kmemleak_start();
	if (km < 0)
		FAIL(return, "kmemleak: %s", err_name(km));
	fds = count_fds();
	for (i = 0; i < LEAK_LOOPS && res; i++) {
		res = rig_open(_metadata, nodes, &r, 0, -1, 0);
		if (res) {
			push_frame(&r.push, 2, 1);
			nvpm_push_submit(&r.push, &r.ch, &seq);
			/* half of them closed with work queued */
			if (i & 1)
				wait_seq(&r.ch, seq, NULL);
		}
		rig_close(&r);
	}
	if (!res)
		return;
	if (count_fds() != fds)
		FAIL(return, "%d fds before, %d after", fds, count_fds());
	kmemleak_check(_metadata, km);
}

/* ---- channel ids ---- */

#define NOBODY		65534
#define ID_FILES	8

/*
 * Open ID_FILES files on @path and create channels in each until they are
 * refused: the channels made (deleted again), or -1 when a refusal is
 * not -ENOSPC or the open fails.  The first file must refuse its
 * (NVPM_CHANNELS_PER_FILE + 1)th channel, whatever the others hold.
 */
static int
fill_channels(const char *path)
{
	static struct nvpm_channel ch[ID_FILES * NVPM_CHANNELS_PER_FILE];
	int fd[ID_FILES], f, i, n = 0, ret = 0, bad = 0;

	for (f = 0; f < ID_FILES; f++)
		fd[f] = open(path, O_RDWR);
	for (f = 0; f < ID_FILES && !bad; f++) {
		if (fd[f] < 0) {
			diag("open %s: %s", path, strerror(errno));
			bad = 1;
			break;
		}
		for (i = 0; i <= NVPM_CHANNELS_PER_FILE; i++) {
			ret = nvpm_channel_new(fd[f], 0, &ch[n]);
			if (ret)
				break;
			n++;
		}
		if (ret != -ENOSPC) {
			diag("file %d, channel %d: %s, want -ENOSPC", f, i, err_name(ret));
			bad = 1;
		}
	}
	for (i = 0; i < n; i++)
		nvpm_channel_del(&ch[i]);
	for (f = 0; f < ID_FILES; f++) {
		if (fd[f] >= 0)
			close(fd[f]);
	}
	return bad ? -1 : n;
}

/*
 * A user's channels on a device, over all its files, are capped at
 * NVPM_CHANNELS_PER_USER (-ENOSPC): 8 files of root make 32 channels, not
 * all 126 ids of the FIFO, and another user, while root holds its 32,
 * makes its own 32 (the node opened to it for the while).  A refusal
 * changes nothing: once root gives one back it makes one more.
 */
TEST_F(fifo, channel_ids_are_shared_by_users)
{
	const struct nvpm_dev *dev = fifo_dev(&self->n);
	struct nvpm_channel mine[NVPM_CHANNELS_PER_USER + 1];
	int fd[3] = { -1, -1, -1 }, mode = -1, i, n, ret, status;
	struct stat st;
	pid_t pid;

	if (!dev)
		SKIP(return, "no NV50 family device");
	n = fill_channels(dev->path);
	if (n != NVPM_CHANNELS_PER_USER)
		FAIL(return, "root made %d channels in %d files, want %d", n, ID_FILES,
		     NVPM_CHANNELS_PER_USER);

	/* root holds its share in 3 files while nobody fills its own */
	n = 0;
	for (i = 0; i < 3; i++)
		fd[i] = open(dev->path, O_RDWR);
	if (fd[0] < 0 || fd[1] < 0 || fd[2] < 0)
		FAIL(goto out, "open %s: %s", dev->path, strerror(errno));
	for (n = 0; n < NVPM_CHANNELS_PER_USER; n++) {
		ret = nvpm_channel_new(fd[n / NVPM_CHANNELS_PER_FILE], 0, &mine[n]);
		if (ret)
			FAIL(goto out, "root's channel %d: %s", n, err_name(ret));
	}
	ret = nvpm_channel_new(fd[2], 0, &mine[n]);
	n += !ret;
	if (ret != -ENOSPC)
		FAIL(goto out, "root's channel %d: %s, want -ENOSPC", n, err_name(ret));
	/* the other user may open the node for the while */
	if (stat(dev->path, &st) || chmod(dev->path, 0666))
		FAIL(goto out, "chmod %s: %s", dev->path, strerror(errno));
	mode = st.st_mode & 07777;
	pid = fork();
	if (!pid) {
		if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
			_exit(201);
		n = fill_channels(dev->path);
		_exit(n < 0 ? 202 : n);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		FAIL(goto out, "the child of uid %d did not finish", NOBODY);
	if (WEXITSTATUS(status) != NVPM_CHANNELS_PER_USER)
		FAIL(goto out, "uid %d made %d channels (%s) while root held %d, want %d",
		     NOBODY, WEXITSTATUS(status),
		     WEXITSTATUS(status) > 200 ? "a setup step failed" : "counted", n,
		     NVPM_CHANNELS_PER_USER);
	nvpm_channel_del(&mine[--n]);
	ret = nvpm_channel_new(fd[2], 0, &mine[n]);
	if (ret)
		FAIL(goto out, "a channel given back, CHANNEL_NEW: %s", err_name(ret));
	n++;
out:
	if (mode >= 0 && chmod(dev->path, mode))
		FAIL(, "cannot restore the mode of %s", dev->path);
	while (n > 0)
		nvpm_channel_del(&mine[--n]);
	for (i = 0; i < 3; i++) {
		if (fd[i] >= 0)
			close(fd[i]);
	}
}

/* ---- memory cgroups ---- */

#define CG_ROOT		"/sys/fs/cgroup"
#define CG_TEST		CG_ROOT "/nvpm-test"
/* host memory of a channel beyond its notifier: 2 pages, a 16 KiB PD shadow */
#define CHAN_KMEM_MIN	(2 * 4096 + 16384)

static int
cg_write(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), err = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		err = -errno;
	close(fd);
	return err;
}

/* memory.stat's "kernel" of the test's cgroup, in bytes; -1 without it. */
static long long
cg_kernel(void)
{
	FILE *f = fopen(CG_TEST "/memory.stat", "r");
	long long v, ret = -1;
	char key[64];

	if (!f)
		return -1;
	while (ret < 0 && fscanf(f, "%63s %lld", key, &v) == 2) {
		if (!strcmp(key, "kernel"))
			ret = v;
	}
	fclose(f);
	return ret;
}

/* cgroup2, its memory controller, a child for the test: NULL, or why not. */
static const char *
cg_setup(void)
{
	char buf[256] = "";
	FILE *f;

	if (access(CG_ROOT "/cgroup.controllers", F_OK) &&
	    mount("none", CG_ROOT, "cgroup2", 0, NULL))
		return "no cgroup2";
	f = fopen(CG_ROOT "/cgroup.controllers", "r");
	if (!f || !fgets(buf, sizeof(buf), f) || !strstr(buf, "memory")) {
		if (f)
			fclose(f);
		return "no memory controller (CONFIG_MEMCG)";
	}
	fclose(f);
	if (cg_write(CG_ROOT "/cgroup.subtree_control", "+memory"))
		return "the memory controller cannot be enabled";
	if (mkdir(CG_TEST, 0755) && errno != EEXIST)
		return "no child cgroup";
	return NULL;
}

/*
 * A channel's host memory (its IB and reference pages, its space's page
 * directory shadow and tables) is charged to the memory cgroup of the
 * process that creates it, as its notifier BO is: a file's 16 channels
 * raise the cgroup's kernel memory by at least their notifiers and
 * CHAN_KMEM_MIN each.  memory.stat may lag by what the kernel has not
 * flushed yet (6.12 flushes beyond 64 pages a CPU): the ~1.7 MB the 16
 * channels take are well beyond the ~0.6 MB asked plus that lag.
 */
TEST_F(fifo, channels_are_charged_to_the_memcg)
{
	const struct nvpm_dev *dev = fifo_dev(&self->n);
	struct nvpm_channel ch[NVPM_CHANNELS_PER_FILE];
	long long before, after, want = 0;
	const char *why;
	int i, n, ret = 0;

	if (!dev)
		SKIP(return, "no NV50 family device");
	why = cg_setup();
	if (why)
		SKIP(return, "%s", why);
	ret = cg_write(CG_TEST "/cgroup.procs", "0");
	if (ret)
		FAIL(return, "joining %s: %s", CG_TEST, err_name(ret));
	before = cg_kernel();
	for (n = 0; n < NVPM_CHANNELS_PER_FILE && !ret; n += !ret)
		ret = nvpm_channel_new(dev->fd, 0, &ch[n]);
	after = cg_kernel();
	for (i = 0; i < n; i++) {
		want += ch[i].notifier.size + CHAN_KMEM_MIN;
		nvpm_channel_del(&ch[i]);
	}
	cg_write(CG_ROOT "/cgroup.procs", "0");
	rmdir(CG_TEST);
	if (ret)
		FAIL(return, "CHANNEL_NEW %d: %s", n, err_name(ret));
	if (before < 0 || after < 0)
		FAIL(return, "no \"kernel\" in memory.stat");
	if (after - before < want)
		FAIL(return, "%d channels charged %lld bytes of kernel memory, want >= %lld",
		     n, after - before, want);
	diag("%d channels: %lld bytes of kernel memory charged (>= %lld)", n, after - before,
	     want);
}

static void
print_usage(FILE *f)
{
	fprintf(f,
		"usage: nvpm_fifo_test [--expect NAME,NAME,...] [--only TEST] [-- harness options]\n"
		"  --expect  chips of the simulated devices, in order of creation\n"
		"  --only    run this test only\n");
}

static int
args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "expect", required_argument, NULL, 'e' },
		{ "only", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "e:o:h", opts, NULL)) != -1) {
		if (c == 'e' && !parse_expect(optarg))
			continue;
		if (c == 'o') {
			harness_only(optarg);
			continue;
		}
		print_usage(c == 'h' ? stdout : stderr);
		return c == 'h' ? 0 : 2;
	}
	return -1;
}

NVPM_HARNESS_MAIN(args)
