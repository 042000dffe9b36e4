// SPDX-License-Identifier: MIT
/*
 * nvpm_fuzz_test: random and mutated nvpm ioctls, pushbuffers and perf
 * events from several processes, around state that is valid.
 *
 * Each process opens every nvpm render node and seeds valid state there,
 * as a client would make it: counter groups of the domains and signals
 * QUERY_DOMAINS and QUERY_SIGNALS list, a record session (record mode
 * chips), a channel with the graphics and software objects bound and its
 * notifier set, and a second channel for pushbuffers of random words.
 * Then it makes its share of the calls, each one of:
 *
 *  - a random ioctl: every number (and some the driver does not have),
 *    sizes right and wrong, fields zero, small (valid-looking handles),
 *    random or pointing at memory (valid, NULL, unmapped);
 *  - a valid ioctl on the state it holds, half the time with one 32-bit
 *    word of the argument mutated;
 *  - a frame on the seeded channel, as a mesa-style driver writes it
 *    (COUNTER_ADD of its groups, SAMPLE, DRAW, SAMPLE, READOUT), a third
 *    of the time with a word mutated; a valid frame is waited for and its
 *    results read from the notifier ring; a channel that faulted (EXEC or
 *    WAIT: -EIO) is deleted and made again;
 *  - random words or methods on the other channel;
 *  - a perf event of an nvpm PMU, valid or with a field mutated: open,
 *    enable, read, disable, close;
 *  - a mapping of a BO, touched.
 *
 * Every so often it closes a file with whatever it holds and opens it
 * again.  What a process holds stays bounded: at most MAX_GROUPS groups,
 * MAX_BOS BOs, one record session and two channels per device; whatever a
 * call makes beyond that is released at once.  Each process seeds on
 * domains of its own (two per process), so the processes do not keep each
 * other's groups and sessions out.  The seed makes a run reproducible but
 * for the order in which the processes meet; the call count and a time
 * limit bound it.
 *
 * What must hold afterwards: every process exited normally, the calls
 * were made, the deep paths were reached (fuzz_reached_deep_states prints
 * each ioctl's calls and successes and fails when the seeded paths did
 * not succeed), the devices still work (a submission runs to completion),
 * no file and (with kmemleak) no nvpm object is left behind.  The
 * kernel's own checks (KASAN, lockdep, the dmesg check of make test) do
 * the rest.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "harness.h"

/* The simulated FIFOs' state (debugfs), as TAP comments. */
#define FIFO_DUMP	"cd /sys/kernel/debug/dri && grep -H . */nvpm_sim_fifo | sed 's/^/# /'"
#define PMU_DIR		"/sys/bus/event_source/devices"

#define MAX_PROCS	16
#define SCRATCH		(64 * 1024)
#define SCRATCH_RECORD	(48 * 1024)	/* record domains and status, in scratch */
#define WINDOW		(4ull << 30)
#define RESERVE		(4 * WINDOW)	/* around scratch, see fuzz_child() */
#define SHARED_AT	0x359e370000ull	/* the call counts' address, see args() */
#define PUSH_BYTES	(64 * 1024)
#define JUNK_BYTES	(16 * 1024)
#define JUNK_RENEW	16		/* junk pushbuffers before a new junk channel */
#define REOPEN_EVERY	3000
#define WAIT_MAX_NS	2000000ull	/* WAIT timeouts: the run stays bounded */
/* a mutated frame's wait: a DRAW of 65536 cycles at 1 MHz fits */
#define WAIT_MUTATED_NS	200000000ull
#define MAX_GROUPS	4		/* per device and process */
#define MAX_BOS		4
#define BO_MAX_KEPT	(1024 * 1024)	/* a BO kept is at most this big */
#define FRAME_PRIMS	64
#define MAX_PMUS	16
#define MAX_PMU_EVENTS	64

/* The rows of the success table: the ioctls by number, then the rest. */
#define ST_IOCTLS	0x20		/* DRM_NVPM_* numbers 0x00..0x1f */
enum {
	ST_OTHER = ST_IOCTLS,	/* numbers nvpm does not have */
	ST_GEM_CLOSE,
	ST_MMAP,
	ST_FRAME,		/* frames submitted unmutated, waited for */
	ST_RESULTS,		/* counter results read from notifier rings */
	ST_RENEW,		/* channels made again after a fault */
	ST_PMU_OPEN,
	ST_PMU_READ,
	ST_NR,
};

static const char *const st_names[ST_NR] = {
	[DRM_NVPM_GET_INFO] = "GET_INFO",
	[DRM_NVPM_QUERY_DOMAINS] = "QUERY_DOMAINS",
	[DRM_NVPM_QUERY_SIGNALS] = "QUERY_SIGNALS",
	[DRM_NVPM_GROUP_CREATE] = "GROUP_CREATE",
	[DRM_NVPM_GROUP_DESTROY] = "GROUP_DESTROY",
	[DRM_NVPM_SAMPLE] = "SAMPLE",
	[DRM_NVPM_READ] = "READ",
	[DRM_NVPM_QUERY_SOURCES] = "QUERY_SOURCES",
	[DRM_NVPM_GEM_NEW] = "GEM_NEW",
	[DRM_NVPM_GEM_INFO] = "GEM_INFO",
	[DRM_NVPM_RECORD_START] = "RECORD_START",
	[DRM_NVPM_RECORD_STOP] = "RECORD_STOP",
	[DRM_NVPM_RECORD_STATUS] = "RECORD_STATUS",
	[DRM_NVPM_CHANNEL_NEW] = "CHANNEL_NEW",
	[DRM_NVPM_CHANNEL_DEL] = "CHANNEL_DEL",
	[DRM_NVPM_EXEC] = "EXEC",
	[DRM_NVPM_WAIT] = "WAIT",
	[ST_OTHER] = "(other numbers)",
	[ST_GEM_CLOSE] = "GEM_CLOSE",
	[ST_MMAP] = "mmap of a BO",
	[ST_FRAME] = "valid frames waited for",
	[ST_RESULTS] = "ring results read",
	[ST_RENEW] = "channels renewed after a fault",
	[ST_PMU_OPEN] = "perf_event_open",
	[ST_PMU_READ] = "perf event read",
};

struct st_row {
	unsigned long long calls;
	unsigned long long ok;
};

/* What a process is doing, for the progress lines. */
enum {
	DO_RANDOM,
	DO_VALID,
	DO_FRAME,
	DO_JUNK,
	DO_PMU,
	DO_MAP,
	DO_WAIT,
	DO_REOPEN,
	DO_NR,
};

static const char *const do_names[DO_NR] = {
	"random", "valid", "frame", "junk", "pmu", "map", "wait", "reopen",
};

struct stats {
	unsigned long long calls;
	int doing;		/* DO_*, for the progress lines */
	struct st_row row[ST_NR];
	int record_devs;	/* devices with record mode */
	int fifo_devs;		/* devices with a FIFO nvpm drives */
	int pmus;		/* nvpm PMUs found */
	int done;
};

struct opts {
	unsigned long long calls;
	int procs;
	unsigned long long seed;
	int seconds;
};

/* One render node as one fuzzer process holds it. */
struct fdev {
	int fd;
	char path[64];
	char pmu_name[64];	/* the name of its PMU, nvpm_<device> */
	struct drm_nvpm_get_info info;
	struct nvpm_catalog cat;
	int has_cat;
	int no_fifo;		/* CHANNEL_NEW said -ENODEV */
	__u32 grp[MAX_GROUPS];
	int nr_grp;
	__u32 bo[MAX_BOS];
	int nr_bo;
	__u32 rec;		/* the record session, 0: none */
	__u32 rec_bo;
	__u32 rec_nr;
	struct nvpm_push push;	/* the seeded channel's pushbuffer */
	struct nvpm_channel ch;
	int restage;		/* groups changed, or a frame was mutated */
	__u64 frame;		/* READOUT sequence */
	struct nvpm_bo junk_bo;	/* random words */
	struct nvpm_channel junk;
	unsigned int junk_execs;
	int junk_fault;		/* the junk channel faulted */
};

struct pmu {
	char name[64];
	__u32 type;
	int nr;
	__u64 config[MAX_PMU_EVENTS];
};

struct fuzzer {
	unsigned long long rng;
	int id;
	struct stats *st;
	struct fdev dev[MAX_DEVS];
	int nr_devs;
	unsigned char *scratch;
	struct pmu pmu[MAX_PMUS];
	int nr_pmus;
};

/* xorshift64*: small, fast, and the same sequence for the same seed */
static unsigned long long
rnd(struct fuzzer *f)
{
	f->rng ^= f->rng >> 12;
	f->rng ^= f->rng << 25;
	f->rng ^= f->rng >> 27;
	return f->rng * 2685821657736338717ull;
}

static unsigned int
below(struct fuzzer *f, unsigned int n)
{
	return n ? rnd(f) % n : 0;
}

/* Count a call of table row @row and whether it succeeded; returns @ret. */
static int
count(struct fuzzer *f, int row, int ret)
{
	f->st->row[row].calls++;
	if (!ret)
		f->st->row[row].ok++;
	return ret;
}

static int
row_of(unsigned long cmd)
{
	unsigned int nr = _IOC_NR(cmd);

	if (_IOC_TYPE(cmd) == DRM_IOCTL_BASE && nr == _IOC_NR(DRM_IOCTL_GEM_CLOSE))
		return ST_GEM_CLOSE;
	if (nr < DRM_COMMAND_BASE || nr - DRM_COMMAND_BASE >= ST_IOCTLS ||
	    !st_names[nr - DRM_COMMAND_BASE])
		return ST_OTHER;
	return nr - DRM_COMMAND_BASE;
}

/* A 32-bit field: zero, a small number (a handle, a count), or anything. */
static __u32
field32(struct fuzzer *f)
{
	switch (below(f, 8)) {
	case 0: case 1: case 2:
		return 0;
	case 3: case 4:
		return below(f, 20);
	case 5:
		return 1u << below(f, 32);
	case 6:
		return ~0u - below(f, 4);
	default:
		return rnd(f);
	}
}

/* A 64-bit field that may be a pointer: to scratch, NULL, or unmapped. */
static __u64
field64(struct fuzzer *f)
{
	switch (below(f, 8)) {
	case 0: case 1:
		return (__u64)(unsigned long)(f->scratch + 8 * below(f, SCRATCH / 8));
	case 2:
		return (__u64)(unsigned long)(f->scratch + SCRATCH - 8 * below(f, 4));
	case 3:
		return 0x1000 * (__u64)below(f, 16);
	case 4: case 5:
		return field32(f);
	default:
		return rnd(f);
	}
}

/* Mutate an argument that starts as all fields random-but-plausible. */
static void
fill_args(struct fuzzer *f, unsigned char *arg, size_t size)
{
	size_t i;

	for (i = 0; i + 8 <= size; i += 8) {
		if (below(f, 2)) {
			__u64 v = field64(f);

			memcpy(arg + i, &v, 8);
		} else {
			__u32 v[2] = { field32(f), field32(f) };

			memcpy(arg + i, v, 8);
		}
	}
	/* the size field: mostly right */
	if (size >= 4 && below(f, 8)) {
		__u32 s = size;

		memcpy(arg, &s, 4);
	}
}

/* One 32-bit word of a valid argument (or pushbuffer) changed. */
static void
mutate_word(struct fuzzer *f, void *p, size_t words)
{
	__u32 *w = (__u32 *)p + below(f, words);

	switch (below(f, 5)) {
	case 0:
		*w = field32(f);
		break;
	case 1:
		*w ^= 1u << below(f, 32);
		break;
	case 2:
		*w += below(f, 2) ? 1 : -1;
		break;
	case 3:
		*w = below(f, 2) ? 0 : ~0u;
		break;
	default:
		*w = rnd(f);
		break;
	}
}

/* Random words, or methods the FIFO, the graphics and software objects decode. */
static void
fill_push(struct fuzzer *f, __u32 *p, size_t words)
{
	static const __u32 mthds[] = {
		NVPM_MTHD_OBJECT, NVPM_GR_NOP, NVPM_GR_DRAW, NVPM_SW_NOP, NVPM_SW_SET_NOTIFY,
		NVPM_SW_COUNTER_ADD, NVPM_SW_COUNTER_CLEAR, NVPM_SW_SAMPLE, NVPM_SW_READOUT,
	};
	size_t i = 0, n;
	int mode = below(f, 4);

	while (i < words) {
		if (mode == 0) {
			p[i++] = below(f, 2) ? 0 : rnd(f);
			continue;
		}
		n = 1 + below(f, 4);
		/* incrementing header: count, subchannel, method */
		p[i++] = (__u32)(n << 18) | below(f, 8) << 13 | (below(f, 0x800) << 2 & 0x1ffc);
		if (mode >= 2 && below(f, 2))
			p[i - 1] = NVPM_PUSH_INC(below(f, 2) ? NVPM_SUBC_GR : NVPM_SUBC_SW,
						 mthds[below(f, ARRAY_SIZE(mthds))], (__u32)n);
		while (n-- && i < words)
			p[i++] = below(f, 2) ? below(f, FRAME_PRIMS) : rnd(f);
	}
}

/* ---- what a process holds ---- */

static void
gem_close(int fd, __u32 handle)
{
	struct drm_gem_close cl = { .handle = handle };

	raw_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &cl);
}

static void
group_forget(struct fdev *v, __u32 handle)
{
	int i;

	for (i = 0; i < v->nr_grp; i++) {
		if (v->grp[i] == handle) {
			v->grp[i] = v->grp[--v->nr_grp];
			v->restage = 1;
			return;
		}
	}
}

/* A group a call made: kept, or destroyed when the table is full. */
static void
group_adopt(struct fdev *v, __u32 handle)
{
	if (v->nr_grp < MAX_GROUPS) {
		v->grp[v->nr_grp++] = handle;
		v->restage = 1;
	} else {
		nvpm_group_destroy(v->fd, handle);
	}
}

static void
bo_forget(struct fdev *v, __u32 handle)
{
	int i;

	for (i = 0; i < v->nr_bo; i++) {
		if (v->bo[i] == handle) {
			v->bo[i] = v->bo[--v->nr_bo];
			return;
		}
	}
}

static void
record_forget(struct fdev *v)
{
	if (v->rec_bo)
		gem_close(v->fd, v->rec_bo);
	v->rec = 0;
	v->rec_bo = 0;
	v->rec_nr = 0;
}

/* A channel deleted by a call: its notifier mapping and handle go too. */
static void
chan_forget(struct nvpm_channel *ch)
{
	nvpm_bo_free(&ch->notifier);
	memset(ch, 0, sizeof(*ch));
}

/* A BO handle closed by a call: the pushbuffers are made again. */
static void
bo_closed(struct fdev *v, __u32 handle)
{
	bo_forget(v, handle);
	if (v->push.bo.handle == handle) {
		munmap(v->push.bo.map, v->push.bo.size);
		memset(&v->push, 0, sizeof(v->push));
	}
	if (v->junk_bo.handle == handle) {
		munmap(v->junk_bo.map, v->junk_bo.size);
		memset(&v->junk_bo, 0, sizeof(v->junk_bo));
	}
	if (v->rec_bo == handle)
		v->rec_bo = 0;
}

/* A 32-bit field of a call's argument, 0 if the size the call had ends before. */
static __u32
field_of(unsigned long cmd, const void *arg, size_t offset)
{
	__u32 h = 0;

	if (offset + sizeof(h) <= _IOC_SIZE(cmd))
		memcpy(&h, (const char *)arg + offset, sizeof(h));
	return h;
}

#define OUT(type, field)	field_of(cmd, arg, offsetof(type, field))

/* What a successful call @cmd made or released, taken into the books. */
static void
account(struct fdev *v, unsigned long cmd, const void *arg)
{
	__u32 h;

	switch (row_of(cmd)) {
	case DRM_NVPM_GROUP_CREATE:
		h = OUT(struct drm_nvpm_group_create, handle);
		if (h)
			group_adopt(v, h);
		break;
	case DRM_NVPM_GROUP_DESTROY:
		group_forget(v, OUT(struct drm_nvpm_group_destroy, handle));
		break;
	case DRM_NVPM_GEM_NEW:
		h = OUT(struct drm_nvpm_gem_new, handle);
		if (h && v->nr_bo < MAX_BOS &&
		    ((const struct drm_nvpm_gem_new *)arg)->bo_size <= BO_MAX_KEPT)
			v->bo[v->nr_bo++] = h;
		else if (h)
			gem_close(v->fd, h);
		break;
	case ST_GEM_CLOSE:
		bo_closed(v, OUT(struct drm_gem_close, handle));
		break;
	case DRM_NVPM_RECORD_START:
		h = OUT(struct drm_nvpm_record_start, handle);
		if (!h)
			break;
		if (!v->rec) {
			v->rec = h;
			v->rec_bo = OUT(struct drm_nvpm_record_start, bo_handle);
			v->rec_nr = OUT(struct drm_nvpm_record_start, nr_domains);
		} else {
			nvpm_record_stop(v->fd, h, NULL, 0);
			gem_close(v->fd, OUT(struct drm_nvpm_record_start, bo_handle));
		}
		break;
	case DRM_NVPM_RECORD_STOP:
		if (v->rec && OUT(struct drm_nvpm_record_stop, handle) == v->rec)
			record_forget(v);
		break;
	case DRM_NVPM_CHANNEL_NEW: {
		struct drm_nvpm_channel_del del = { .size = sizeof(del) };

		del.channel = OUT(struct drm_nvpm_channel_new, channel);
		if (del.channel)
			raw_ioctl(v->fd, DRM_IOCTL_NVPM_CHANNEL_DEL, &del);
		h = OUT(struct drm_nvpm_channel_new, notifier);
		if (h)
			gem_close(v->fd, h);
		break;
	}
	case DRM_NVPM_CHANNEL_DEL:
		h = OUT(struct drm_nvpm_channel_del, channel);
		if (h && h == v->ch.handle)
			chan_forget(&v->ch);
		if (h && h == v->junk.handle)
			chan_forget(&v->junk);
		break;
	default:
		break;
	}
}

/* An ioctl, counted in its row and taken into the books. */
static int
fz_ioctl(struct fuzzer *f, struct fdev *v, unsigned long cmd, void *arg)
{
	int ret = count(f, row_of(cmd), raw_ioctl(v->fd, cmd, arg));

	if (!ret)
		account(v, cmd, arg);
	return ret;
}

/* ---- seeded channels ---- */

static int
chan_new(struct fuzzer *f, struct fdev *v, struct nvpm_channel *ch)
{
	int ret;

	if (v->no_fifo)
		return -ENODEV;
	ret = count(f, DRM_NVPM_CHANNEL_NEW,
		    nvpm_channel_new(v->fd, below(f, 2) ? 0 : NVPM_RING_SIZE_MIN, ch));
	if (ret == -ENODEV)
		v->no_fifo = 1;
	else if (!ret && ch == &v->ch)
		v->restage = 1;
	return ret;
}

static void
chan_del(struct fuzzer *f, struct fdev *v, struct nvpm_channel *ch)
{
	if (!ch->handle)
		return;
	count(f, DRM_NVPM_CHANNEL_DEL, 0);
	nvpm_channel_del(ch);
	(void)v;
}

/* A channel that faulted (or stayed busy) is deleted and made again. */
static void
chan_renew(struct fuzzer *f, struct fdev *v, struct nvpm_channel *ch, int why)
{
	chan_del(f, v, ch);
	if (!chan_new(f, v, ch) && why == -EIO)
		count(f, ST_RENEW, 0);
}

/*
 * The objects bound, the notifier set, and the staging set: counter 0 of
 * each group this file holds (the software object finds them among the
 * file's), and GPU time.
 */
static void
push_setup(struct fdev *v)
{
	int i;

	nvpm_push_setup(&v->push);
	nvpm_push_mthd(&v->push, NVPM_SUBC_SW, NVPM_SW_COUNTER_CLEAR, 0);
	for (i = 0; i < v->nr_grp; i++)
		nvpm_push_mthd(&v->push, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD,
			       NVPM_SW_COUNTER_GROUP(v->grp[i], 0));
	nvpm_push_mthd(&v->push, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD, NVPM_SW_GLOBAL_PTIMER);
	v->restage = 0;
}

/*
 * One frame: SAMPLE, a DRAW, SAMPLE, READOUT, as a driver samples around
 * its rendering; a third of them with a word changed.  A valid one is
 * waited for and its results read from the ring.
 */
static void
fuzz_frame(struct fuzzer *f, struct fdev *v)
{
	struct drm_nvpm_notifier_entry e[MAX_GROUPS + 1];
	int mutated = !below(f, 4), ret, i, n;
	__u64 seq;

	if (!v->push.bo.map && nvpm_push_new(v->fd, PUSH_BYTES, &v->push))
		return;
	if (!v->ch.handle && chan_new(f, v, &v->ch))
		return;
	if (nvpm_push_space(&v->push, 64))
		return;
	if (v->restage || !below(f, 16))
		push_setup(v);
	nvpm_push_mthd(&v->push, NVPM_SUBC_SW, NVPM_SW_SAMPLE, 0);
	if (!below(f, 4))
		nvpm_push_mthd(&v->push, NVPM_SUBC_GR, NVPM_GR_PRIM_CYCLES, 1 + below(f, 8));
	nvpm_push_mthd(&v->push, NVPM_SUBC_GR, NVPM_GR_DRAW, below(f, FRAME_PRIMS));
	if (!below(f, 8))
		nvpm_push_mthd(&v->push, NVPM_SUBC_SW, NVPM_SW_NOP, 0);
	nvpm_push_mthd(&v->push, NVPM_SUBC_SW, NVPM_SW_SAMPLE, 0);
	nvpm_push_mthd(&v->push, NVPM_SUBC_SW, NVPM_SW_READOUT, ++v->frame);
	/*
	 * Mostly a method's data (bad data: error entries in the ring, the
	 * channel goes on), else any word (a header: the channel faults, and
	 * is made again: that costs thousands of register accesses).
	 */
	if (mutated) {
		__u32 *w = (__u32 *)v->push.bo.map + v->push.start;
		unsigned int words = v->push.pos - v->push.start;

		if (below(f, 8))
			mutate_word(f, w + 1 + 2 * below(f, words / 2), 1);
		else
			mutate_word(f, w, words);
		v->restage = 1;
	}
	ret = count(f, DRM_NVPM_EXEC, nvpm_push_submit(&v->push, &v->ch, &seq));
	if (ret) {
		v->push.start = v->push.pos;
		chan_renew(f, v, &v->ch, ret);
		return;
	}
	ret = count(f, DRM_NVPM_WAIT,
		    nvpm_wait(v->fd, v->ch.handle, seq, mutated ? WAIT_MUTATED_NS : WAIT_NS, NULL));
	/*
	 * Not done: a mutated word may have made a loop (a JUMP back) or a
	 * semaphore acquire that never ends: the channel goes.
	 */
	if (ret) {
		chan_renew(f, v, &v->ch, ret);
		return;
	}
	if (mutated)
		return;
	count(f, ST_FRAME, 0);
	n = nvpm_ring_read(&v->ch, v->frame, e, ARRAY_SIZE(e));
	for (i = 0; i < n; i++) {
		if (!(e[i].flags & NVPM_NOTIFY_ERROR))
			count(f, ST_RESULTS, 0);
	}
}

/* EXEC of random words or methods, on the junk channel (or any handle). */
static void
fuzz_junk(struct fuzzer *f, struct fdev *v)
{
	struct drm_nvpm_exec a = { .size = sizeof(a) };
	__u32 *p;
	size_t words, skip = 0;
	int ret;

	if (!v->junk_bo.map && (nvpm_bo_new(v->fd, JUNK_BYTES, &v->junk_bo) ||
				nvpm_bo_map(&v->junk_bo))) {
		nvpm_bo_free(&v->junk_bo);
		return;
	}
	if (!v->junk.handle && chan_new(f, v, &v->junk) && below(f, 2))
		return;
	p = v->junk_bo.map;
	words = 1 + below(f, JUNK_BYTES / 4 - 1);
	if (below(f, 4) && words > 6) {	/* bound, so that methods reach the objects */
		p[0] = NVPM_PUSH_INC(NVPM_SUBC_GR, NVPM_MTHD_OBJECT, 1);
		p[1] = NVPM_HANDLE_GR;
		p[2] = NVPM_PUSH_INC(NVPM_SUBC_SW, NVPM_MTHD_OBJECT, 1);
		p[3] = NVPM_HANDLE_SW;
		p[4] = NVPM_PUSH_INC(NVPM_SUBC_SW, NVPM_SW_SET_NOTIFY, 1);
		p[5] = NVPM_HANDLE_NOTIFIER;
		skip = 6;
	}
	fill_push(f, p + skip, words - skip);
	a.channel = below(f, 8) ? v->junk.handle : field32(f);
	a.bo = below(f, 8) ? v->junk_bo.handle : field32(f);
	a.offset = below(f, 8) ? 0 : 4 * (__u64)below(f, JUNK_BYTES / 4);
	a.length = below(f, 8) ? 4 * words : field64(f);
	ret = fz_ioctl(f, v, DRM_IOCTL_NVPM_EXEC, &a);
	if (!ret && a.channel == v->junk.handle)
		ret = count(f, DRM_NVPM_WAIT, nvpm_wait(v->fd, v->junk.handle, a.sequence,
							rnd(f) % WAIT_MAX_NS, NULL));
	/*
	 * Most junk faults its channel at once; junk not done may loop (a
	 * JUMP back) or wait forever (a semaphore).  Either way the channel
	 * is made again every JUNK_RENEW junk pushbuffers, not each time: a
	 * new channel costs thousands of register accesses.
	 */
	if (ret == -EIO)
		v->junk_fault = 1;
	if (++v->junk_execs % JUNK_RENEW == 0) {
		chan_renew(f, v, &v->junk, v->junk_fault ? -EIO : ret);
		v->junk_fault = 0;
	}
}

/* ---- valid calls, one field mutated half the time ---- */

/* The domains process @id seeds on: its groups' and its record session's. */
static __u32
home_dom(struct fuzzer *f, struct fdev *v, int which)
{
	return v->cat.nr_dom ? (2 * f->id + which) % v->cat.nr_dom : 0;
}

/* A signal of domain @d: a named one mostly, else any number. */
static __u8
pick_signal(struct fuzzer *f, struct fdev *v, __u32 d)
{
	if (v->cat.nr_sig[d] && below(f, 4))
		return v->cat.sig[d][below(f, v->cat.nr_sig[d])].signal;
	return below(f, v->cat.dom[d].nr_signals);
}

static void
args_group(struct fuzzer *f, struct fdev *v, struct drm_nvpm_group_create *a)
{
	static const __u16 ops[] = { NVPM_OP_ARG0, NVPM_OP_NOT_ARG0, NVPM_OP_ALWAYS };
	__u32 d = below(f, 8) ? home_dom(f, v, 0) : below(f, v->cat.nr_dom);
	const struct drm_nvpm_domain *dom = &v->cat.dom[d];
	unsigned int i, k, nr = dom->nr_counters < 4 ? dom->nr_counters : 4;

	a->size = sizeof(*a);
	a->domain = dom->id;
	a->mode = NVPM_MODE_QUAD;
	a->nr_counters = 1 + below(f, nr ? nr : 1);
	if ((dom->caps & NVPM_DOMAIN_CAP_SINGLE) && (!(dom->caps & NVPM_DOMAIN_CAP_QUAD) ||
						     !below(f, 4))) {
		a->mode = NVPM_MODE_SINGLE;
		a->nr_counters = nr;
		a->pre_count = below(f, 4);
		a->stop_count = below(f, 4);
		a->flags = below(f, 2) ? NVPM_GROUP_EVENT_PERIOD_ALL : 0;
	}
	for (i = 0; i < a->nr_counters && i < 4; i++) {
		for (k = 0; k < 4; k++)
			a->counter[i].signal[k] = pick_signal(f, v, d);
		a->counter[i].logic_op = ops[below(f, ARRAY_SIZE(ops))];
	}
}

static void
args_record(struct fuzzer *f, struct fdev *v, struct drm_nvpm_record_start *a,
	    struct drm_nvpm_record_domain *dom)
{
	unsigned int i, k;

	a->size = sizeof(*a);
	a->nr_domains = below(f, 4) ? 1 : 2;
	a->flags = below(f, 4) ? 0 : NVPM_RECORD_SHORT;
	a->ring_size = below(f, 4) ? 4096 * (1 + below(f, 4)) : 0;
	a->domains = (__u64)(unsigned long)dom;
	for (i = 0; i < a->nr_domains; i++) {
		__u32 d = i ? below(f, v->cat.nr_dom) : home_dom(f, v, 1);

		dom[i].domain = d;
		dom[i].nr_signals = below(f, 5);
		for (k = 0; k < dom[i].nr_signals; k++)
			dom[i].signal[k] = pick_signal(f, v, d);
		dom[i].stop = NVPM_RECORD_STOP_PERIODIC;
		dom[i].stop_arg = 1 + below(f, 7);
	}
}

static void
fuzz_valid(struct fuzzer *f, struct fdev *v)
{
	/* in scratch: a pointer mutated from there points nowhere of ours */
	struct drm_nvpm_record_domain *rdom = (void *)(f->scratch + SCRATCH_RECORD);
	struct drm_nvpm_record_dom_status *rst = (void *)(rdom + 2);
	__u64 words[64];	/* 8-aligned, as the kernel's structs */
	unsigned long cmd;
	size_t size;
	__u32 d;

	if (!v->has_cat || !v->cat.nr_dom)
		return;
	d = below(f, 4) ? home_dom(f, v, 0) : below(f, v->cat.nr_dom);
	memset(words, 0, sizeof(words));
	memset(rdom, 0, 2 * sizeof(*rdom) + NVPM_RECORD_MAX_DOMAINS * sizeof(*rst));
	switch (below(f, 16)) {
	case 0: {
		struct drm_nvpm_get_info *a = (void *)words;

		cmd = DRM_IOCTL_NVPM_GET_INFO;
		a->size = sizeof(*a);
		break;
	}
	case 1: {
		struct drm_nvpm_query_domains *a = (void *)words;

		cmd = DRM_IOCTL_NVPM_QUERY_DOMAINS;
		a->size = sizeof(*a);
		a->count = below(f, 2) ? v->cat.nr_dom : 0;
		a->domains = (__u64)(unsigned long)f->scratch;
		break;
	}
	case 2: {
		struct drm_nvpm_query_signals *a = (void *)words;

		cmd = DRM_IOCTL_NVPM_QUERY_SIGNALS;
		a->size = sizeof(*a);
		a->domain = d;
		a->count = below(f, 4) ? v->cat.nr_sig[d] : 0;
		a->signals = (__u64)(unsigned long)f->scratch;
		break;
	}
	case 3: {
		struct drm_nvpm_query_sources *a = (void *)words;

		cmd = DRM_IOCTL_NVPM_QUERY_SOURCES;
		a->size = sizeof(*a);
		a->domain = d;
		a->signal = pick_signal(f, v, d);
		a->count = below(f, 4) ? 16 : 0;
		a->sources = (__u64)(unsigned long)f->scratch;
		break;
	}
	case 4: case 5: {
		/* a full table makes room first */
		if (v->nr_grp == MAX_GROUPS) {
			struct drm_nvpm_group_destroy a = { .size = sizeof(a) };

			a.handle = v->grp[below(f, v->nr_grp)];
			fz_ioctl(f, v, DRM_IOCTL_NVPM_GROUP_DESTROY, &a);
		}
		cmd = DRM_IOCTL_NVPM_GROUP_CREATE;
		args_group(f, v, (void *)words);
		break;
	}
	case 6: {
		struct drm_nvpm_group_destroy *a = (void *)words;

		cmd = DRM_IOCTL_NVPM_GROUP_DESTROY;
		a->size = sizeof(*a);
		a->handle = v->nr_grp ? v->grp[below(f, v->nr_grp)] : field32(f);
		break;
	}
	case 7: case 8: {
		struct drm_nvpm_sample *a = (void *)words;

		cmd = DRM_IOCTL_NVPM_SAMPLE;
		a->size = sizeof(*a);
		break;
	}
	case 9: {
		struct drm_nvpm_read *a = (void *)words;

		cmd = DRM_IOCTL_NVPM_READ;
		a->size = sizeof(*a);
		a->handle = v->nr_grp ? v->grp[below(f, v->nr_grp)] : field32(f);
		break;
	}
	case 10: {
		struct drm_nvpm_gem_new *a = (void *)words;

		if (v->nr_bo == MAX_BOS) {
			struct drm_gem_close cl = { .handle = v->bo[below(f, v->nr_bo)] };

			fz_ioctl(f, v, DRM_IOCTL_GEM_CLOSE, &cl);
		}
		cmd = DRM_IOCTL_NVPM_GEM_NEW;
		a->size = sizeof(*a);
		a->bo_size = 1 + below(f, 64 * 1024);
		break;
	}
	case 11: {
		struct drm_nvpm_gem_info *a = (void *)words;

		cmd = DRM_IOCTL_NVPM_GEM_INFO;
		a->size = sizeof(*a);
		a->handle = v->nr_bo ? v->bo[below(f, v->nr_bo)] : v->ch.notifier.handle;
		break;
	}
	case 12: {
		struct drm_gem_close *a = (void *)words;

		if (!v->nr_bo)
			return;
		cmd = DRM_IOCTL_GEM_CLOSE;
		a->handle = v->bo[below(f, v->nr_bo)];
		break;
	}
	case 13: {
		struct drm_nvpm_record_start *a = (void *)words;

		if (!(v->info.hw_caps & NVPM_HW_CAP_RECORD) && below(f, 4))
			return;
		if (v->rec) {	/* one session: this one stops first */
			struct drm_nvpm_record_stop s = { .size = sizeof(s), .handle = v->rec };

			fz_ioctl(f, v, DRM_IOCTL_NVPM_RECORD_STOP, &s);
		}
		cmd = DRM_IOCTL_NVPM_RECORD_START;
		args_record(f, v, a, rdom);
		break;
	}
	case 14: {
		struct drm_nvpm_record_status *a = (void *)words;

		if (!v->rec && below(f, 4))
			return;
		cmd = DRM_IOCTL_NVPM_RECORD_STATUS;
		a->size = sizeof(*a);
		a->handle = v->rec;
		a->count = v->rec_nr;
		a->flags = below(f, 4) ? 0 : NVPM_RECORD_STATUS_TRIGGER;
		a->domains = (__u64)(unsigned long)rst;
		break;
	}
	default: {
		struct drm_nvpm_record_stop *a = (void *)words;

		if (!v->rec && below(f, 4))
			return;
		cmd = DRM_IOCTL_NVPM_RECORD_STOP;
		a->size = sizeof(*a);
		a->handle = v->rec;
		if (below(f, 2)) {
			a->count = v->rec_nr;
			a->domains = (__u64)(unsigned long)rst;
		}
		break;
	}
	}
	size = _IOC_SIZE(cmd);
	if (below(f, 2))
		mutate_word(f, words, size / 4);
	fz_ioctl(f, v, cmd, words);
}

/* ---- random calls ---- */

/* A mapping of a BO handle that may exist, touched, unmapped. */
static void
fuzz_map(struct fuzzer *f, struct fdev *v)
{
	struct drm_nvpm_gem_info info = { .size = sizeof(info) };
	size_t len;
	void *p;

	info.handle = below(f, 20);
	if (fz_ioctl(f, v, DRM_IOCTL_NVPM_GEM_INFO, &info))
		return;
	len = info.bo_size < 4096 * 4 ? info.bo_size : 4096 * (1 + below(f, 4));
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, v->fd, info.map_offset);
	if (count(f, ST_MMAP, p == MAP_FAILED ? -errno : 0))
		return;
	((__u32 *)p)[below(f, len / 4)] ^= rnd(f);
	munmap(p, len);
}

static void
fuzz_random(struct fuzzer *f, struct fdev *v)
{
	__u64 words[64];	/* 8-aligned, as the kernel's structs */
	unsigned char *arg = (unsigned char *)words;
	unsigned long cmd;
	size_t size;

	cmd = nvpm_ioctls[below(f, nvpm_nr_ioctls)];
	size = _IOC_SIZE(cmd);
	if (!below(f, 16)) {	/* the size the ioctl number encodes: wrong */
		size = below(f, sizeof(words));
		cmd = _IOC(_IOC_DIR(cmd), _IOC_TYPE(cmd), _IOC_NR(cmd), size);
	} else if (!below(f, 32)) {	/* a number the driver does not have */
		cmd = _IOC(_IOC_DIR(cmd), _IOC_TYPE(cmd), DRM_COMMAND_BASE + 0x14 + below(f, 0x2c),
			   size);
	}
	memset(arg, 0, sizeof(words));
	fill_args(f, arg, size);
	if (_IOC_NR(cmd) == DRM_COMMAND_BASE + DRM_NVPM_WAIT) {
		__u64 t = rnd(f) % WAIT_MAX_NS;

		memcpy(arg + 16, &t, sizeof(t));
	}
	fz_ioctl(f, v, cmd, arg);
}

/* ---- perf events ---- */

/* The config of event file @file, as perf builds it from the format files. */
static int
pmu_event_config(const char *dir, const char *file, __u64 *config)
{
	char path[512], terms[256], fmt[64], *t, *save, *eq;
	unsigned int lo, hi;
	__u64 val;
	FILE *fp;
	int n;

	if (snprintf(path, sizeof(path), "%s/events/%s", dir, file) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	fp = fopen(path, "r");
	if (!fp)
		return -errno;
	n = fgets(terms, sizeof(terms), fp) ? 0 : -EIO;
	fclose(fp);
	*config = 0;
	for (t = strtok_r(terms, ",\n", &save); !n && t; t = strtok_r(NULL, ",\n", &save)) {
		eq = strchr(t, '=');
		if (!eq)
			return -EINVAL;
		*eq = '\0';
		val = strtoull(eq + 1, NULL, 0);
		if (snprintf(path, sizeof(path), "%s/format/%s", dir, t) >= (int)sizeof(path))
			return -ENAMETOOLONG;
		fp = fopen(path, "r");
		if (!fp)
			return -errno;
		n = fgets(fmt, sizeof(fmt), fp) ? 0 : -EIO;
		fclose(fp);
		if (n || sscanf(fmt, "config:%u-%u", &lo, &hi) < 1)
			return -EINVAL;
		*config |= val << lo;
	}
	return n;
}

/* The nvpm PMUs, their types and their named events' configs. */
static void
pmu_scan(struct fuzzer *f)
{
	struct dirent *de, *ev;
	char dir[512], path[600];
	DIR *d = opendir(PMU_DIR), *e;
	struct pmu *p;
	FILE *fp;

	while (d && (de = readdir(d)) && f->nr_pmus < MAX_PMUS) {
		if (strncmp(de->d_name, "nvpm_", 5))
			continue;
		p = &f->pmu[f->nr_pmus];
		memset(p, 0, sizeof(*p));
		if (snprintf(p->name, sizeof(p->name), "%s", de->d_name) >= (int)sizeof(p->name) ||
		    snprintf(dir, sizeof(dir), "%s/%s", PMU_DIR, de->d_name) >= (int)sizeof(dir))
			continue;
		snprintf(path, sizeof(path), "%s/type", dir);
		fp = fopen(path, "r");
		if (!fp)
			continue;
		if (fscanf(fp, "%u", &p->type) != 1)
			p->type = ~0u;
		fclose(fp);
		snprintf(path, sizeof(path), "%s/events", dir);
		e = opendir(path);
		while (e && (ev = readdir(e)) && p->nr < MAX_PMU_EVENTS) {
			if (ev->d_name[0] == '.' || strchr(ev->d_name, '.'))
				continue;
			if (!pmu_event_config(dir, ev->d_name, &p->config[p->nr]))
				p->nr++;
		}
		if (e)
			closedir(e);
		if (p->type != ~0u && p->nr)
			f->nr_pmus++;
	}
	if (d)
		closedir(d);
	f->st->pmus = f->nr_pmus;
}

static int
perf_open(struct perf_event_attr *attr, int pid, int cpu, int group)
{
	int fd = syscall(__NR_perf_event_open, attr, pid, cpu, group, PERF_FLAG_FD_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

/* The device of PMU @p, for the domains this process holds there. */
static struct fdev *
pmu_dev(struct fuzzer *f, const struct pmu *p)
{
	int i;

	for (i = 0; i < f->nr_devs; i++) {
		if (!strcmp(f->dev[i].pmu_name, p->name))
			return &f->dev[i];
	}
	return NULL;
}

/*
 * An event of an nvpm PMU, on a domain of this process's own that it does
 * not hold at the moment (or a random one), half the time with a field of
 * the attributes changed; a second event in its group now and then.
 */
static void
fuzz_pmu(struct fuzzer *f)
{
	struct pmu *p = &f->pmu[below(f, f->nr_pmus)];
	struct fdev *v = pmu_dev(f, p);
	struct perf_event_attr attr;
	int fd, fd2 = -1, pid = -1, cpu = 0;
	__u64 buf[8];
	__u32 d;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = p->type;
	attr.config = p->config[below(f, p->nr)];
	if (v && v->cat.nr_dom && below(f, 4)) {
		d = home_dom(f, v, v->nr_grp ? 1 : 0);
		if (v->nr_grp && v->rec) {	/* both held: the session goes */
			struct drm_nvpm_record_stop s = { .size = sizeof(s), .handle = v->rec };

			fz_ioctl(f, v, DRM_IOCTL_NVPM_RECORD_STOP, &s);
		}
		attr.config = (attr.config & ~0xffull) | d;
	}
	if (below(f, 2)) {
		switch (below(f, 10)) {
		case 0:
			attr.config ^= 1ull << below(f, 64);
			break;
		case 1:
			attr.config = rnd(f);
			break;
		case 2:
			attr.config1 = field32(f);
			break;
		case 3:
			attr.sample_period = 1 + below(f, 1000);
			break;
		case 4:
			attr.disabled = 1;
			break;
		case 5:
			attr.inherit = 1;
			break;
		case 6:
			attr.read_format = below(f, 16);
			break;
		case 7:
			cpu = (int)below(f, 4) - 1;
			break;
		case 8:
			pid = 0;
			cpu = -1;
			break;
		default:
			attr.size = below(f, 2 * sizeof(attr));
			break;
		}
	}
	fd = perf_open(&attr, pid, cpu, -1);
	if (count(f, ST_PMU_OPEN, fd < 0 ? fd : 0))
		return;
	if (!below(f, 3)) {
		attr.config = p->config[below(f, p->nr)];
		fd2 = perf_open(&attr, pid, cpu, fd);
		count(f, ST_PMU_OPEN, fd2 < 0 ? fd2 : 0);
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	count(f, ST_PMU_READ, read(fd, buf, sizeof(buf)) > 0 ? 0 : -EIO);
	if (!below(f, 2))
		ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (fd2 >= 0) {
		count(f, ST_PMU_READ, read(fd2, buf, sizeof(buf)) > 0 ? 0 : -EIO);
		close(fd2);
	}
	close(fd);
}

/* ---- a process ---- */

/* Its PMU: "nvpm_" and the device's name, without "nvpm-", '-' as '_'. */
static void
dev_pmu_name(struct fdev *v)
{
	char link[512], target[512], *base, *c;
	unsigned int min;
	ssize_t n;

	v->pmu_name[0] = '\0';
	if (sscanf(v->path, "/dev/dri/renderD%u", &min) != 1)
		return;
	snprintf(link, sizeof(link), "/sys/class/drm/renderD%u/device", min);
	n = readlink(link, target, sizeof(target) - 1);
	if (n <= 0)
		return;
	target[n] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (!strncmp(base, "nvpm-", 5))
		base += 5;
	if (snprintf(v->pmu_name, sizeof(v->pmu_name), "nvpm_%s", base) >= (int)sizeof(v->pmu_name))
		v->pmu_name[0] = '\0';
	for (c = v->pmu_name; *c; c++) {
		if (*c == '-' || *c == ':')
			*c = '_';
	}
}

static int
fuzz_open(struct fuzzer *f, struct fdev *v)
{
	char path[64];

	memcpy(path, v->path, sizeof(path));
	memset(v, 0, sizeof(*v));
	memcpy(v->path, path, sizeof(path));
	v->fd = open(v->path, O_RDWR | O_CLOEXEC);
	if (v->fd < 0)
		return -errno;
	dev_pmu_name(v);
	if (nvpm_get_info(v->fd, &v->info))
		memset(&v->info, 0, sizeof(v->info));
	v->has_cat = !nvpm_catalog_load(v->fd, &v->cat);
	if (v->info.hw_caps & NVPM_HW_CAP_RECORD)
		f->st->record_devs++;
	/* the seeded channel; a device without a FIFO says so here */
	if (!chan_new(f, v, &v->ch))
		f->st->fifo_devs++;
	return 0;
}

static void
fuzz_close(struct fdev *v)
{
	if (v->push.bo.map)
		munmap(v->push.bo.map, v->push.bo.size);
	if (v->junk_bo.map)
		munmap(v->junk_bo.map, v->junk_bo.size);
	if (v->ch.notifier.map)
		munmap(v->ch.notifier.map, v->ch.notifier.size);
	if (v->junk.notifier.map)
		munmap(v->junk.notifier.map, v->junk.notifier.size);
	if (v->has_cat)
		nvpm_catalog_free(&v->cat);
	close(v->fd);	/* whatever the calls made goes with it */
}

static void
fuzz_one(struct fuzzer *f)
{
	struct fdev *v = &f->dev[below(f, f->nr_devs)];
	int *doing = &f->st->doing;

	/*
	 * Frames, junk and perf events cost a hundred times an ioctl (software
	 * methods in interrupts, new channels: thousands of simulated register
	 * accesses): a few in a hundred calls, so that make test's short run
	 * stays short and still reaches them hundreds of times.
	 */
	unsigned int k = below(f, 100);

	if (k >= 45) {
		*doing = DO_RANDOM;
		fuzz_random(f, v);
	} else if (k >= 10) {
		*doing = DO_VALID;
		fuzz_valid(f, v);
	} else if (k >= 8) {
		*doing = DO_FRAME;
		fuzz_frame(f, v);
	} else if (k >= 7) {
		*doing = DO_JUNK;
		fuzz_junk(f, v);
	} else if (k >= 5) {
		*doing = DO_PMU;
		if (f->nr_pmus)
			fuzz_pmu(f);
	} else if (k >= 2) {
		*doing = DO_MAP;
		fuzz_map(f, v);
	} else {
		struct drm_nvpm_wait a = { .size = sizeof(a) };

		a.channel = below(f, 4) ? v->ch.handle : field32(f);
		a.sequence = below(f, 64);
		*doing = DO_WAIT;
		a.timeout_ns = rnd(f) % WAIT_MAX_NS;
		fz_ioctl(f, v, DRM_IOCTL_NVPM_WAIT, &a);
	}
}

/* One process's share; exits 0 when it made its calls. */
static int
fuzz_child(struct opts *o, struct nodes *nodes, struct stats *st, int id)
{
	unsigned long long share = o->calls / o->procs + (id < (int)(o->calls % o->procs));
	double deadline = now_us() + o->seconds * 1e6;
	static struct fuzzer f;
	unsigned char *res;
	int i;

	f.rng = o->seed * 1000003ull + id + 1;
	f.id = id;
	f.st = st;
	/*
	 * The kernel writes what calls return at pointers into scratch: the
	 * first 64 KiB of a 4 GiB window in the middle of a reservation that
	 * is PROT_NONE apart from it.  A pointer with a word mutated (its low
	 * half anything, its high half one off) or past scratch's end still
	 * points into the reservation: the kernel's write is -EFAULT, never
	 * corruption of this process's own data.
	 */
	res = mmap(NULL, RESERVE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (res == MAP_FAILED)
		return 1;
	f.scratch = (unsigned char *)(((unsigned long)res + 2 * WINDOW - 1) & ~(WINDOW - 1));
	if (mprotect(f.scratch, SCRATCH, PROT_READ | PROT_WRITE))
		return 1;
	for (i = 0; i < SCRATCH; i++)
		f.scratch[i] = rnd(&f);
	pmu_scan(&f);
	f.nr_devs = nodes->nr_devs;
	for (i = 0; i < f.nr_devs; i++) {
		snprintf(f.dev[i].path, sizeof(f.dev[i].path), "%s", nodes->devs[i].path);
		if (fuzz_open(&f, &f.dev[i]))
			return 1;
	}
	while (st->calls < share && now_us() < deadline) {
		fuzz_one(&f);
		st->calls++;
		if (st->calls % REOPEN_EVERY == 0) {
			struct fdev *v = &f.dev[below(&f, f.nr_devs)];

			st->doing = DO_REOPEN;
			fuzz_close(v);
			if (fuzz_open(&f, v))
				return 1;
		}
	}
	for (i = 0; i < f.nr_devs; i++)
		fuzz_close(&f.dev[i]);
	munmap(res, RESERVE);
	st->done = 1;
	return 0;
}

static struct opts opts = { .calls = 40000, .procs = 4, .seed = 1, .seconds = 600 };

#define PROGRESS_S	60	/* a line of progress every so often */

/* Where the processes are: calls made, and what each is doing. */
static void
progress(struct stats *procs, double t0)
{
	char line[MAX_PROCS * 32];
	int i, len = 0;

	for (i = 0; i < opts.procs && len < (int)sizeof(line) - 32; i++)
		len += snprintf(line + len, sizeof(line) - len, " %llu (%s)", procs[i].calls,
				do_names[procs[i].doing < DO_NR ? procs[i].doing : 0]);
	diag("fuzz: after %.0f s, calls of each process:%s", (now_us() - t0) / 1e6, line);
}

/**
 * struct shared - what the fuzzing test leaves for the tests after it
 * @elapsed_s: how long the fuzzer processes ran
 * @procs: what each of them did
 *
 * The harness runs each test in a process of its own: this is mapped
 * shared before it forks the first one.
 */
static struct shared {
	double elapsed_s;
	struct stats procs[MAX_PROCS];
} *shared;

FIXTURE(fuzz) {
	struct nodes n;
	int fds_before;		/* open files before the test, its nodes included */
};

FIXTURE_SETUP(fuzz)
{
	self->fds_before = count_fds();
	NODES_SETUP(&self->n);
	self->fds_before += self->n.nr_devs;
}

FIXTURE_TEARDOWN(fuzz)
{
	NODES_TEARDOWN(&self->n);
}

TEST_F(fuzz, fuzz_processes_exit_cleanly)
{
	struct nodes *nodes = &self->n;
	pid_t pids[MAX_PROCS];
	double t0 = now_us(), limit, next = t0 + PROGRESS_S * 1e6;
	int i, status, left, bad = 0;

	if (!nodes->nr_devs)
		FAIL(return, "no nvpm render node");
	fflush(stdout);
	for (i = 0; i < opts.procs; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			FAIL(return, "fork: %s", strerror(errno));
		if (!pids[i])
			_exit(fuzz_child(&opts, nodes, &shared->procs[i], i));
	}
	/* the children stop at their time limit; a stuck one is killed */
	limit = t0 + (opts.seconds + 60) * 1e6;
	for (left = opts.procs; left;) {
		pid_t pid = waitpid(-1, &status, WNOHANG);

		if (pid > 0) {
			left--;
			if (!WIFEXITED(status) || WEXITSTATUS(status)) {
				diag("fuzzer process %d: %s %d", pid,
				     WIFEXITED(status) ? "exit" : "signal",
				     WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
				bad++;
			}
			continue;
		}
		if (now_us() > limit) {
			for (i = 0; i < opts.procs; i++)
				kill(pids[i], SIGKILL);
			while (waitpid(-1, &status, 0) > 0)
				;
			FAIL(return, "%d fuzzer processes stuck past the time limit", left);
		}
		if (now_us() > next) {
			progress(shared->procs, t0);
			next += PROGRESS_S * 1e6;
		}
		usleep(10000);
	}
	shared->elapsed_s = (now_us() - t0) / 1e6;
	if (bad)
		FAIL(return, "%d of %d processes failed", bad, opts.procs);
}

TEST_F(fuzz, fuzz_made_every_call)
{
	unsigned long long calls = 0, ok = 0;
	int i, r;

	if (!shared->elapsed_s)
		FAIL(return, "the fuzzer did not run");
	for (i = 0; i < opts.procs; i++) {
		const struct stats *st = &shared->procs[i];

		/* a process makes its share; no row has more successes than calls */
		if (st->calls > opts.calls / opts.procs + 1)
			FAIL(return, "process %d: %llu calls, past its share: counts overwritten",
			     i, st->calls);
		for (r = 0; r < ST_NR; r++) {
			if (st->row[r].ok > st->row[r].calls)
				FAIL(return, "process %d, row %d: %llu of %llu ok: overwritten",
				     i, r, st->row[r].ok, st->row[r].calls);
		}
		calls += st->calls;
		for (r = 0; r < ST_IOCTLS + 2; r++)
			ok += st->row[r].ok;
	}
	diag("%llu calls (%llu ioctls ok) in %.1f s from %d processes, seed %llu: %.0f calls/s",
	     calls, ok, shared->elapsed_s, opts.procs, opts.seed, calls / shared->elapsed_s);
	if (calls < opts.calls)
		FAIL(return, "%llu of %llu calls made before the %d s limit", calls,
		     opts.calls, opts.seconds);
}

/*
 * The table of what the calls did, and the paths the seeded state is
 * there to reach: each must have succeeded at least once.
 */
TEST_F(fuzz, fuzz_reached_deep_states)
{
	static const struct {
		int row;
		int needs;	/* 0: always, 1: a record mode device, 2: a FIFO, 3: a PMU */
	} deep[] = {
		{ DRM_NVPM_QUERY_SIGNALS, 0 }, { DRM_NVPM_GROUP_CREATE, 0 },
		{ DRM_NVPM_GROUP_DESTROY, 0 }, { DRM_NVPM_SAMPLE, 0 }, { DRM_NVPM_READ, 0 },
		{ DRM_NVPM_GEM_NEW, 0 }, { ST_GEM_CLOSE, 0 }, { ST_MMAP, 0 },
		{ DRM_NVPM_RECORD_START, 1 }, { DRM_NVPM_RECORD_STATUS, 1 },
		{ DRM_NVPM_RECORD_STOP, 1 },
		{ DRM_NVPM_CHANNEL_NEW, 2 }, { DRM_NVPM_CHANNEL_DEL, 2 }, { DRM_NVPM_EXEC, 2 },
		{ DRM_NVPM_WAIT, 2 }, { ST_FRAME, 2 }, { ST_RESULTS, 2 }, { ST_RENEW, 2 },
		{ ST_PMU_OPEN, 3 }, { ST_PMU_READ, 3 },
	};
	struct st_row sum[ST_NR] = { 0 };
	int i, r, record = 0, fifo = 0, pmus = 0, missed = 0;

	if (!shared->elapsed_s)
		FAIL(return, "the fuzzer did not run");
	for (i = 0; i < opts.procs; i++) {
		for (r = 0; r < ST_NR; r++) {
			sum[r].calls += shared->procs[i].row[r].calls;
			sum[r].ok += shared->procs[i].row[r].ok;
		}
		record += shared->procs[i].record_devs;
		fifo += shared->procs[i].fifo_devs;
		pmus += shared->procs[i].pmus;
	}
	diag("%-32s %10s %10s", "call", "calls", "ok");
	for (r = 0; r < ST_NR; r++) {
		if (st_names[r])
			diag("%-32s %10llu %10llu", st_names[r], sum[r].calls, sum[r].ok);
	}
	if (!pmus && kernel_has_perf())
		FAIL(, "no nvpm PMU in %s", PMU_DIR);
	else if (!pmus)
		diag("no perf events in this kernel (User Mode Linux): no PMU fuzzed here");
	if (!fifo)
		FAIL(, "no device with a FIFO nvpm drives");
	for (i = 0; i < (int)ARRAY_SIZE(deep); i++) {
		r = deep[i].row;
		if ((deep[i].needs == 1 && !record) || (deep[i].needs == 2 && !fifo) ||
		    (deep[i].needs == 3 && !pmus) || sum[r].ok)
			continue;
		FAIL(, "%s: no success in %llu calls", st_names[r], sum[r].calls);
		missed++;
	}
	if (missed)
		FAIL(return, "%d seeded paths not reached", missed);
}

/* Afterwards: every device answers, and a FIFO still runs a submission. */
TEST_F(fuzz, devices_still_work)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_get_info info;
	int i, ret, fifo = 0;

	for (i = 0; i < nodes->nr_devs; i++) {
		struct nvpm_channel ch;
		struct nvpm_push p;
		__u64 seq;

		ret = nvpm_get_info(nodes->devs[i].fd, &info);
		if (ret)
			FAIL(return, "%s: GET_INFO: %s", nodes->devs[i].path, err_name(ret));
		if (nvpm_channel_new(nodes->devs[i].fd, 0, &ch))
			continue;	/* no FIFO on this one */
		ret = nvpm_push_new(nodes->devs[i].fd, 4096, &p);
		if (!ret)
			ret = nvpm_push_setup(&p);
		if (!ret)
			ret = nvpm_push_submit(&p, &ch, &seq);
		if (!ret)
			ret = nvpm_wait(nodes->devs[i].fd, ch.handle, seq, WAIT_NS, NULL);
		nvpm_push_free(&p);
		nvpm_channel_del(&ch);
		if (ret) {
			/* what the simulated FIFOs wait for */
			fflush(stdout);
			if (system(FIFO_DUMP))
				diag("no nvpm_sim_fifo in debugfs");
			FAIL(return, "%s: a submission after the fuzzer: %s",
			     nodes->devs[i].path, err_name(ret));
		}
		fifo++;
	}
	if (!fifo)
		FAIL(return, "no device with a FIFO");
}

TEST_F(fuzz, nothing_left_behind)
{
	int km = kmemleak_start();

	if (count_fds() != self->fds_before)
		FAIL(return, "%d open files before, %d after", self->fds_before, count_fds());
	kmemleak_check(_metadata, km);
}

static int
args(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "calls", required_argument, NULL, 'n' },
		{ "procs", required_argument, NULL, 'p' },
		{ "seed", required_argument, NULL, 's' },
		{ "seconds", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "n:p:s:t:h", lopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			opts.calls = strtoull(optarg, NULL, 0);
			break;
		case 'p':
			opts.procs = atoi(optarg);
			break;
		case 's':
			opts.seed = strtoull(optarg, NULL, 0);
			break;
		case 't':
			opts.seconds = atoi(optarg);
			break;
		default:
			fprintf(c == 'h' ? stdout : stderr,
				"usage: nvpm_fuzz_test [--calls N] [--procs N] [--seed N] [--seconds N]\n");
			return c == 'h' ? 0 : 2;
		}
	}
	if (opts.procs < 1 || opts.procs > MAX_PROCS || opts.seconds < 1) {
		fprintf(stderr, "nvpm_fuzz_test: 1..%d processes, at least 1 s\n", MAX_PROCS);
		return 2;
	}
	/*
	 * Where the fuzzer's pointer fields do not go: they are scratch's,
	 * or two halves each zero, small, a power of two, all ones or
	 * random, and neither half of this address is any but random.  Under
	 * User Mode Linux mmap() put the counts at 1 GiB, where 0x40000000
	 * pointed, and QUERY_DOMAINS wrote domain names over them; at 1 << 38
	 * too (the high half a power of two).  Below User Mode Linux's top.
	 */
	shared = mmap((void *)SHARED_AT, sizeof(*shared), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (shared == MAP_FAILED) {
		perror("nvpm_fuzz_test: mmap of the call counts");
		return 1;
	}
	/* the fuzzer kills stuck processes 60 s past its limit */
	harness_timeout("fuzz_processes_exit_cleanly", opts.seconds + 120);
	return -1;
}

NVPM_HARNESS_MAIN(args)
