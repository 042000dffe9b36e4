// SPDX-License-Identifier: MIT
/*
 * nouveau_fuzz: nvpm's ioctls on nouveau's render node, valid and mutated,
 * around live state: counter groups, channels of nouveau's bound to nvpm's
 * methods (CHAN_BIND), record sessions in them (NOUVEAU_RECORD_START,
 * RECORD_STATUS, RECORD_STOP), pushbuffers of nvpm's methods submitted
 * with GEM_PUSHBUF, channels freed and made again, GEM objects given as
 * record buffers.
 *
 *   nouveau_fuzz NODE CALLS SEED
 *
 * Every call is one of the operations below; half of them valid, the rest
 * with one field mutated (a handle, a channel, a size, a flag).  At the
 * end the file is closed with everything live, the node is opened again
 * and must serve a group.  It prints each operation's calls and successes
 * and exits 0 when each operation succeeded at least once (the deep paths
 * were reached) and the node still works; 1 otherwise.  The kernel's own
 * checks (KASAN, lockdep, kmemleak, the warnings check of the guest) do
 * the rest.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <xf86drm.h>

#include "libnvpm.h"

#define FUZZ_MAX_CALLS		100000
#define FUZZ_GROUPS		16
#define FUZZ_CHANS		4
#define FUZZ_RECORDS		8
#define FUZZ_BOS		4
#define FUZZ_WAIT_NS		2000000000ull

enum op {
	OP_GROUP_CREATE, OP_GROUP_DESTROY, OP_SAMPLE, OP_READ, OP_CHAN_BIND,
	OP_RECORD_START, OP_RECORD_STATUS, OP_RECORD_STOP, OP_SUBMIT, OP_CHANNEL,
	OP_BO, OP_NR
};

static const char *const op_names[OP_NR] = {
	"GROUP_CREATE", "GROUP_DESTROY", "SAMPLE", "READ", "NOUVEAU_CHAN_BIND",
	"NOUVEAU_RECORD_START", "RECORD_STATUS", "RECORD_STOP", "GEM_PUSHBUF",
	"channel new/free", "GEM_NEW",
};

struct fuzz {
	unsigned long long rng;
	int fd;
	struct nvpm_catalog cat;
	__u32 grp[FUZZ_GROUPS];
	unsigned int nr_grp;
	struct nvpm_channel ch[FUZZ_CHANS];
	struct nvpm_push push[FUZZ_CHANS];
	__u64 last[FUZZ_CHANS];
	__u32 rec[FUZZ_RECORDS];
	unsigned int nr_rec;
	struct nvpm_bo bo[FUZZ_BOS];
	unsigned long calls[OP_NR], ok[OP_NR];
};

/* xorshift64*: the same calls for the same seed */
static unsigned long long
rnd(struct fuzz *f)
{
	f->rng ^= f->rng >> 12;
	f->rng ^= f->rng << 25;
	f->rng ^= f->rng >> 27;
	return f->rng * 2685821657736338717ull;
}

static unsigned int
below(struct fuzz *f, unsigned int n)
{
	return n ? rnd(f) % n : 0;
}

/* A value mutated: a neighbour, zero, all ones, a bit flipped, anything. */
static __u32
mutate(struct fuzz *f, __u32 v)
{
	switch (below(f, 5)) {
	case 0:
		return v + 1;
	case 1:
		return 0;
	case 2:
		return ~0u;
	case 3:
		return v ^ 1u << below(f, 32);
	default:
		return rnd(f);
	}
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
fuzz_ioctl(struct fuzz *f, unsigned long cmd, void *arg)
{
	return nvpm_ioctl(f->fd, cmd, arg) ? -errno : 0;
}

/* A PCOUNTER domain of the device, and one of its signals. */
static void
pick_signal(struct fuzz *f, __u32 *dom, __u32 *sig)
{
	unsigned int d;

	do {
		d = below(f, f->cat.nr_dom);
	} while (f->cat.dom[d].caps & NVPM_DOMAIN_CAP_IDLE && f->cat.nr_dom > 1);
	*dom = f->cat.dom[d].id;
	*sig = f->cat.nr_sig[d] ? f->cat.sig[d][below(f, f->cat.nr_sig[d])].signal : 0;
}

static int
op_group_create(struct fuzz *f, int valid)
{
	struct drm_nvpm_counter ctr = { .logic_op = 0xaaaa };
	__u32 dom, sig, handle;
	int ret;

	pick_signal(f, &dom, &sig);
	ctr.signal[0] = sig;
	if (!valid) {
		switch (below(f, 3)) {
		case 0:
			dom = mutate(f, dom);
			break;
		case 1:
			ctr.signal[0] = mutate(f, sig);
			break;
		default:
			ctr.flags = mutate(f, 0);
			break;
		}
	}
	if (f->nr_grp == FUZZ_GROUPS)
		nvpm_group_destroy(f->fd, f->grp[--f->nr_grp]);
	ret = nvpm_group_quad(f->fd, dom, &ctr, 1, &handle);
	if (!ret)
		f->grp[f->nr_grp++] = handle;
	return ret;
}

static int
op_group_destroy(struct fuzz *f, int valid)
{
	unsigned int i;
	int ret;

	if (!valid || !f->nr_grp)
		return nvpm_group_destroy(f->fd, mutate(f, f->nr_grp ? f->grp[0] : 0));
	i = below(f, f->nr_grp);
	ret = nvpm_group_destroy(f->fd, f->grp[i]);
	f->grp[i] = f->grp[--f->nr_grp];
	return ret;
}

static int
op_read(struct fuzz *f, int valid)
{
	struct drm_nvpm_read out;
	__u32 h = f->nr_grp ? f->grp[below(f, f->nr_grp)] : 1;

	return nvpm_read(f->fd, valid ? h : mutate(f, h), &out);
}

static int
op_chan_bind(struct fuzz *f, int valid)
{
	struct nvpm_channel *ch = &f->ch[below(f, FUZZ_CHANS)];
	struct drm_nvpm_nouveau_chan_bind b = {
		.channel = ch->handle - 1, .sw = NVPM_HANDLE_SW,
		.notifier = NVPM_HANDLE_NOTIFIER, .ring_size = 64,
	};

	/* a bound channel: valid arguments are -EBUSY; mutated, refused */
	if (!valid) {
		switch (below(f, 4)) {
		case 0:
			b.channel = mutate(f, b.channel);
			break;
		case 1:
			b.sw = mutate(f, b.sw);
			break;
		case 2:
			b.notifier = mutate(f, b.notifier);
			break;
		default:
			b.ring_size = mutate(f, b.ring_size);
			break;
		}
	}
	return fuzz_ioctl(f, DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND, &b);
}

static int
op_record_start(struct fuzz *f, int valid)
{
	struct nvpm_channel *ch = &f->ch[below(f, FUZZ_CHANS)];
	struct drm_nvpm_record_domain d = {
		.nr_signals = 1, .stop = NVPM_RECORD_STOP_PERIODIC, .stop_arg = 1 + below(f, 7),
	};
	struct drm_nvpm_nouveau_record_start rs = {
		.channel = ch->handle - 1, .sw = NVPM_HANDLE_SW,
		.start = {
			.size = sizeof(rs.start), .nr_domains = 1, .domains = (uintptr_t)&d,
			.ring_size = 4096u << below(f, 5),
		},
	};
	struct nvpm_bo *bo = &f->bo[below(f, FUZZ_BOS)];
	__u32 sig;
	int ret;

	pick_signal(f, &d.domain, &sig);
	d.signal[0] = sig;
	if (bo->handle && below(f, 2)) {
		rs.start.flags = NVPM_RECORD_USER_BO;
		rs.start.bo_handle = bo->handle;
		rs.start.ring_size = 0;
	}
	if (!valid) {
		switch (below(f, 8)) {
		case 0:
			rs.channel = mutate(f, rs.channel);
			break;
		case 1:
			rs.sw = mutate(f, rs.sw);
			break;
		case 2:
			rs.start.flags = mutate(f, rs.start.flags);
			break;
		case 3:
			rs.start.nr_domains = mutate(f, 1);
			break;
		case 4:
			rs.start.ring_size = mutate(f, rs.start.ring_size);
			break;
		case 5:
			rs.start.bo_handle = mutate(f, rs.start.bo_handle);
			break;
		case 6:
			d.stop_arg = mutate(f, d.stop_arg);
			break;
		default:
			rs.start.size = mutate(f, rs.start.size);
			break;
		}
	}
	ret = fuzz_ioctl(f, DRM_IOCTL_NVPM_NOUVEAU_RECORD_START, &rs);
	if (!ret) {
		if (f->nr_rec == FUZZ_RECORDS)
			nvpm_record_stop(f->fd, f->rec[--f->nr_rec], NULL, 0);
		f->rec[f->nr_rec++] = rs.start.handle;
		/* a BO the kernel made is the file's: one more handle to close */
		if (!(rs.start.flags & NVPM_RECORD_USER_BO))
			drmCloseBufferHandle(f->fd, rs.start.bo_handle);
	}
	return ret;
}

static int
op_record_status(struct fuzz *f, int valid)
{
	struct drm_nvpm_record_dom_status st[2] = { 0 };
	__u32 h = f->nr_rec ? f->rec[below(f, f->nr_rec)] : 1;

	st[0].read = below(f, 2) ? 0 : rnd(f) % 4096;
	if (valid)
		return nvpm_record_status(f->fd, h, 0, st, 1);
	return nvpm_record_status(f->fd, below(f, 2) ? mutate(f, h) : h, mutate(f, 0), st,
				  1 + below(f, 2));
}

static int
op_record_stop(struct fuzz *f, int valid)
{
	struct drm_nvpm_record_dom_status st = { 0 };
	unsigned int i;

	if (!valid || !f->nr_rec)
		return nvpm_record_stop(f->fd, mutate(f, f->nr_rec ? f->rec[0] : 0), &st, 1);
	i = below(f, f->nr_rec);
	f->rec[i] = f->rec[--f->nr_rec];
	return nvpm_record_stop(f->fd, f->rec[f->nr_rec], &st, 1);
}

/* nvpm's methods, some with mutated data or unknown numbers, and DRAWs. */
static int
op_submit(struct fuzz *f, int valid)
{
	unsigned int c = below(f, FUZZ_CHANS), i, n = 1 + below(f, 16);
	struct nvpm_push *p = &f->push[c];
	__u64 seq;
	int ret;

	if (!p->bo.map)
		return -ENOENT;
	ret = nvpm_push_space(p, 2 * n + 2);
	if (ret) {
		/* full: start again at the top, once the FIFO has read it all */
		if (f->last[c])
			nvpm_wait(f->fd, f->ch[c].handle, f->last[c], FUZZ_WAIT_NS, NULL);
		p->pos = 0;
		p->start = 0;
		ret = nvpm_push_setup(p);
		if (ret)
			return ret;
	}
	for (i = 0; i < n; i++) {
		__u32 g = f->nr_grp ? f->grp[below(f, f->nr_grp)] : 0;

		switch (below(f, 6)) {
		case 0:
			nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD,
				       valid ? NVPM_SW_COUNTER_GROUP(g, below(f, 4)) :
				       mutate(f, g));
			break;
		case 1:
			nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_SAMPLE, valid ? 0 : mutate(f, 0));
			break;
		case 2:
			nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_READOUT, rnd(f));
			break;
		case 3:
			nvpm_push_mthd(p, NVPM_SUBC_GR, NVPM_GR_DRAW, below(f, 256));
			break;
		case 4:
			nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_COUNTER_CLEAR, 0);
			break;
		default:
			/* within nvpm's method range, or not */
			nvpm_push_mthd(p, NVPM_SUBC_SW, valid ? NVPM_SW_NOP :
				       0x0600 + 4 * below(f, 64), 0);
			break;
		}
	}
	ret = nvpm_push_submit(p, &f->ch[c], &seq);
	if (!ret)
		f->last[c] = seq;
	if (!ret && !below(f, 8))
		ret = nvpm_wait(f->fd, f->ch[c].handle, seq, FUZZ_WAIT_NS, NULL);
	return ret;
}

static int
chan_new(struct fuzz *f, unsigned int c)
{
	int ret = nvpm_channel_new(f->fd, 0, &f->ch[c]);

	f->last[c] = 0;
	if (!ret)
		ret = nvpm_push_new(f->fd, 16384, &f->push[c]);
	if (!ret)
		ret = nvpm_push_setup(&f->push[c]);
	return ret;
}

/* A channel goes, with whatever records in it, and a new one comes. */
static int
op_channel(struct fuzz *f, int valid)
{
	unsigned int c = below(f, FUZZ_CHANS);

	(void)valid;
	nvpm_push_free(&f->push[c]);
	nvpm_channel_del(&f->ch[c]);
	return chan_new(f, c);
}

static int
op_bo(struct fuzz *f, int valid)
{
	struct nvpm_bo *bo = &f->bo[below(f, FUZZ_BOS)];

	/* nouveau places GART objects at once: sizes the guest can hold */
	static const __u64 odd[] = { 0, 1, 4095, NVPM_NOUVEAU_RECORD_BO_MAX + 4096 };

	if (bo->handle)
		nvpm_bo_free(bo);
	return nvpm_bo_new(f->fd, valid ? 4096u << below(f, 6) : odd[below(f, 4)], bo);
}

/*
 * How often each is picked: a channel of nouveau's costs its instance
 * block written through PRAMIN, thousands of register writes under TCG,
 * so channels come and go least often.
 */
static const unsigned int op_weight[OP_NR] = {
	[OP_GROUP_CREATE] = 4, [OP_GROUP_DESTROY] = 3, [OP_SAMPLE] = 3, [OP_READ] = 3,
	[OP_CHAN_BIND] = 2, [OP_RECORD_START] = 5, [OP_RECORD_STATUS] = 4,
	[OP_RECORD_STOP] = 3, [OP_SUBMIT] = 5, [OP_CHANNEL] = 1, [OP_BO] = 2,
};

static int
pick_op(struct fuzz *f)
{
	unsigned int total = 0, r;
	int o;

	for (o = 0; o < OP_NR; o++)
		total += op_weight[o];
	r = below(f, total);
	for (o = 0; r >= op_weight[o]; o++)
		r -= op_weight[o];
	return o;
}

static int (*const ops[OP_NR])(struct fuzz *f, int valid) = {
	op_group_create, op_group_destroy, NULL, op_read, op_chan_bind,
	op_record_start, op_record_status, op_record_stop, op_submit, op_channel,
	op_bo,
};

int
main(int argc, char **argv)
{
	static struct fuzz f;
	unsigned long calls, i;
	struct drm_nvpm_get_info info;
	__u64 samples;
	double t0;
	__u32 h;
	int o, ret, bad = 0;

	if (argc != 4)
		return fprintf(stderr, "usage: %s NODE CALLS SEED\n", argv[0]), 2;
	calls = strtoul(argv[2], NULL, 0);
	f.rng = strtoull(argv[3], NULL, 0) * 1000003ull + 1;
	if (!calls || calls > FUZZ_MAX_CALLS)
		return fprintf(stderr, "CALLS 1..%d\n", FUZZ_MAX_CALLS), 2;
	f.fd = open(argv[1], O_RDWR | O_CLOEXEC);
	t0 = now_s();
	if (f.fd < 0 || nvpm_catalog_load(f.fd, &f.cat) || !f.cat.nr_dom)
		return fprintf(stderr, "%s: not a node with nvpm's counters\n", argv[1]), 1;
	for (i = 0; i < FUZZ_CHANS; i++) {
		ret = chan_new(&f, i);
		if (ret)
			return fprintf(stderr, "channel %lu: %s\n", i, strerror(-ret)), 1;
	}
	for (i = 0; i < calls; i++) {
		int valid = below(&f, 2);

		o = pick_op(&f);
		f.calls[o]++;
		ret = o == OP_SAMPLE ? nvpm_sample(f.fd, &samples) : ops[o](&f, valid);
		f.ok[o] += !ret;
	}
	for (o = 0; o < OP_NR; o++) {
		printf("%-22s %6lu calls, %6lu ok\n", op_names[o], f.calls[o], f.ok[o]);
		/* a bound channel's valid CHAN_BIND is -EBUSY: it has none ok */
		if (o != OP_CHAN_BIND && !f.ok[o]) {
			printf("%s: never succeeded\n", op_names[o]);
			bad++;
		}
	}
	/*
	 * everything still live goes with the file, once its mappings (which
	 * hold it open) are gone: groups, bound channels, record sessions
	 */
	for (i = 0; i < FUZZ_CHANS; i++) {
		if (f.push[i].bo.map)
			munmap(f.push[i].bo.map, f.push[i].bo.size);
		if (f.ch[i].notifier.map)
			munmap(f.ch[i].notifier.map, f.ch[i].notifier.size);
	}
	nvpm_catalog_free(&f.cat);
	close(f.fd);
	f.fd = open(argv[1], O_RDWR | O_CLOEXEC);
	ret = f.fd < 0 ? -errno : nvpm_get_info(f.fd, &info);
	if (!ret && !nvpm_catalog_load(f.fd, &f.cat)) {
		struct drm_nvpm_counter ctr = { .logic_op = 0xaaaa };
		__u32 dom, sig;

		pick_signal(&f, &dom, &sig);
		ctr.signal[0] = sig;
		ret = nvpm_group_quad(f.fd, dom, &ctr, 1, &h);
		if (!ret)
			ret = nvpm_group_destroy(f.fd, h);
		nvpm_catalog_free(&f.cat);
	}
	printf("%lu calls, seed %s: %s; the node %s afterwards\n", calls, argv[3],
	       bad ? "some operations never succeeded" : "every operation succeeded",
	       ret ? "fails" : "serves a group");
	if (ret)
		printf("the node afterwards: %s\n", strerror(ret < 0 ? -ret : ret));
	printf("(%.1f s)\n", (now_s() - t0));
	if (f.fd >= 0)
		close(f.fd);
	return bad || ret;
}
