// SPDX-License-Identifier: MIT
/*
 * nouveau_fuzz: nvpm's ioctls on nouveau's render node, valid and mutated,
 * around live state: counter groups, channels of nouveau's bound to nvpm's
 * methods (CHAN_BIND), record sessions in them (NOUVEAU_RECORD_START,
 * RECORD_STATUS, RECORD_STOP), pushbuffers of nvpm's methods submitted
 * with GEM_PUSHBUF, channels freed and made again, GEM objects given as
 * record buffers.  And nouveau's own ioctls on the same file: GETPARAM,
 * channels of the fuzzer's own (CHANNEL_ALLOC/FREE and the deprecated
 * object ioctls in them), NVIF (SCLASS, NEW, DEL, MTHD, and what nouveau
 * refuses), GEM_NEW, GEM_INFO, GEM_CPU_PREP/FINI, GEM_PUSHBUF in its own
 * channels (NOPs, junk, mutated requests), VM_INIT/VM_BIND/EXEC.
 *
 *   nouveau_fuzz NODE CALLS SEED
 *
 * Every call is one of the operations below; half of them valid, the rest
 * with one field mutated (a handle, a channel, a size, a flag).  At the
 * end the file is closed with everything live, the node is opened again
 * and must serve a group.  It prints each operation's calls and successes
 * and exits 0 when each operation with a valid form succeeded at least
 * once (the deep paths were reached) and the node still works; 1
 * otherwise.  The kernel's own
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
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <xf86drm.h>
#include <nouveau_drm.h>
#include <nouveau/nvif/class.h>
#include <nouveau/nvif/cl0080.h>
#include <nouveau/nvif/ioctl.h>

#include "libnvpm.h"

#define FUZZ_MAX_CALLS		100000
#define FUZZ_GROUPS		16
#define FUZZ_CHANS		4
#define FUZZ_RECORDS		8
#define FUZZ_BOS		4
#define FUZZ_WAIT_NS		2000000000ull
#define FUZZ_SECONDS		300	/* calls stop then, counted as made */
#define FUZZ_SLOW_S		1.0	/* a call slower is named */
#define FUZZ_NV_CHANS		2	/* the fuzzer's own channels of nouveau's */
#define FUZZ_OBJS		16	/* NVIF objects at once */
#define FUZZ_CLASSES		8	/* classes SCLASS offered, remembered */
#define FUZZ_GEMS		4
#define FUZZ_GEM_MAX		(4u << 20)
#define FUZZ_NVIF_ARGS		256
#define FUZZ_PUSH_WORDS		64
#define FUZZ_PUSH_SIZE		65536
#define FUZZ_PUSH_BUFFERS	1024	/* nouveau's NOUVEAU_GEM_MAX_BUFFERS */
#define FUZZ_PUSH_ENTRIES	512	/* and NOUVEAU_GEM_MAX_PUSH */
#define FUZZ_NV_HANDLE		0xf022e000	/* engine objects' handles, and 3 more */
#define FUZZ_NV_CTXDMA_VRAM	0xf022d001
#define FUZZ_NV_CTXDMA_GART	0xf022d002
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

/* Linux 6.12's, newer than libdrm's nouveau_drm.h */
#define FUZZ_GETPARAM_EXEC_PUSH_MAX	17
#define FUZZ_GETPARAM_VRAM_BAR_SIZE	18
#define FUZZ_GETPARAM_VRAM_USED		19
#define FUZZ_GETPARAM_HAS_VMA_TILEMODE	20
#define FUZZ_NOUVEAU_VM_INIT		0x10
#define FUZZ_NOUVEAU_VM_BIND		0x11
#define FUZZ_NOUVEAU_EXEC		0x12

enum op {
	OP_GROUP_CREATE, OP_GROUP_DESTROY, OP_SAMPLE, OP_READ, OP_CHAN_BIND,
	OP_RECORD_START, OP_RECORD_STATUS, OP_RECORD_STOP, OP_SUBMIT, OP_CHANNEL,
	OP_BO, OP_GETPARAM, OP_NV_CHANNEL, OP_NVIF_SCLASS, OP_NVIF_NEW, OP_NVIF_DEL,
	OP_NVIF_MTHD, OP_NVIF_JUNK, OP_GEM_NEW, OP_GEM_INFO, OP_GEM_CPU_PREP,
	OP_NV_PUSHBUF, OP_VM, OP_NR
};

static const char *const op_names[OP_NR] = {
	"GROUP_CREATE", "GROUP_DESTROY", "SAMPLE", "READ", "NOUVEAU_CHAN_BIND",
	"NOUVEAU_RECORD_START", "RECORD_STATUS", "RECORD_STOP", "GEM_PUSHBUF",
	"channel new/free", "GEM_NEW", "GETPARAM", "CHANNEL_ALLOC/FREE", "NVIF SCLASS",
	"NVIF NEW", "NVIF DEL", "NVIF MTHD", "NVIF refused", "GEM_NEW fields", "GEM_INFO",
	"GEM_CPU_PREP/FINI", "GEM_PUSHBUF nouveau's", "VM_INIT/BIND, EXEC",
};

/* Operations without a valid form: nothing they ask can succeed. */
static const unsigned int op_refused[OP_NR] = {
	/* a bound channel's valid CHAN_BIND is -EBUSY: it has none ok */
	[OP_CHAN_BIND] = 1,
	[OP_NVIF_JUNK] = 1,
	/* the file made channels the old way: it has no VM_BIND address space */
	[OP_VM] = 1,
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
	struct {
		int id;		/* nouveau's channel id, -1: none */
		int clean;	/* no junk submitted since it was made */
	} nv[FUZZ_NV_CHANS];
	struct nvpm_bo nv_push[FUZZ_NV_CHANS];
	struct {
		__u64 key;	/* the NVIF object's, the file's name for it */
		__u32 handle;
	} obj[FUZZ_OBJS];
	unsigned int nr_obj;
	__u64 next_key, dev_key;
	__s32 oclass[FUZZ_CLASSES];
	struct nvpm_bo gem[FUZZ_GEMS];
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
			/* an NVIF object's, maybe of a channel freed since */
			b.sw = below(f, 2) ? FUZZ_NV_HANDLE + below(f, 4) : mutate(f, b.sw);
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

/* A valid record session of one signal in nvpm's channel @ch, into @d. */
static void
record_args(struct fuzz *f, const struct nvpm_channel *ch,
	    struct drm_nvpm_nouveau_record_start *rs, struct drm_nvpm_record_domain *d)
{
	__u32 sig;

	*d = (struct drm_nvpm_record_domain) {
		.nr_signals = 1, .stop = NVPM_RECORD_STOP_PERIODIC, .stop_arg = 1 + below(f, 7),
	};
	*rs = (struct drm_nvpm_nouveau_record_start) {
		.channel = ch->handle - 1, .sw = NVPM_HANDLE_SW,
		.start = {
			.size = sizeof(rs->start), .nr_domains = 1, .domains = (uintptr_t)d,
			.ring_size = 4096u << below(f, 5),
		},
	};
	pick_signal(f, &d->domain, &sig);
	d->signal[0] = sig;
}

static int
op_record_start(struct fuzz *f, int valid)
{
	struct drm_nvpm_record_domain d;
	struct drm_nvpm_nouveau_record_start rs;
	struct nvpm_bo *bo = &f->bo[below(f, FUZZ_BOS)];
	int ret;

	record_args(f, &f->ch[below(f, FUZZ_CHANS)], &rs, &d);
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

/* --- nouveau's own ioctls on the same file ------------------------------- */

/* A channel the file has: one of nvpm's (bound) or one of the fuzzer's own. */
static int
chan_live(const struct fuzz *f, __u32 id)
{
	unsigned int i;

	for (i = 0; i < FUZZ_CHANS; i++)
		if (f->ch[i].handle && f->ch[i].handle - 1 == id)
			return 1;
	for (i = 0; i < FUZZ_NV_CHANS; i++)
		if (f->nv[i].id == (int)id)
			return 1;
	return 0;
}

/* A mutated channel id that is none of the file's: those stay intact. */
static __u32
chan_dead(struct fuzz *f, __u32 id)
{
	id = mutate(f, id);
	return chan_live(f, id) ? ~0u : id;
}

/* nvpm's channel or one of the fuzzer's own, by its id; -1 for none. */
static int
any_chan(struct fuzz *f)
{
	unsigned int c = below(f, FUZZ_CHANS + FUZZ_NV_CHANS);

	if (c < FUZZ_CHANS)
		return f->ch[c].handle ? (int)f->ch[c].handle - 1 : -1;
	return f->nv[c - FUZZ_CHANS].id;
}

static int
nv_cmd(struct fuzz *f, unsigned int nr, void *arg, unsigned long size)
{
	return drmCommandWriteRead(f->fd, nr, arg, size);
}

static int
op_getparam(struct fuzz *f, int valid)
{
	static const __u64 param[] = {
		NOUVEAU_GETPARAM_PCI_VENDOR, NOUVEAU_GETPARAM_PCI_DEVICE,
		NOUVEAU_GETPARAM_BUS_TYPE, NOUVEAU_GETPARAM_FB_SIZE, NOUVEAU_GETPARAM_AGP_SIZE,
		NOUVEAU_GETPARAM_CHIPSET_ID, NOUVEAU_GETPARAM_VM_VRAM_BASE,
		NOUVEAU_GETPARAM_GRAPH_UNITS, NOUVEAU_GETPARAM_PTIMER_TIME,
		NOUVEAU_GETPARAM_HAS_BO_USAGE, NOUVEAU_GETPARAM_HAS_PAGEFLIP,
		FUZZ_GETPARAM_EXEC_PUSH_MAX, FUZZ_GETPARAM_VRAM_BAR_SIZE,
		FUZZ_GETPARAM_VRAM_USED, FUZZ_GETPARAM_HAS_VMA_TILEMODE,
	};
	struct drm_nouveau_getparam gp = { .param = param[below(f, ARRAY_SIZE(param))] };

	if (valid)
		return nv_cmd(f, DRM_NOUVEAU_GETPARAM, &gp, sizeof(gp));
	gp.param = below(f, 2) ? mutate(f, gp.param) : (__u64)rnd(f);
	/* SETPARAM is gone: every parameter is refused */
	return nv_cmd(f, below(f, 4) ? DRM_NOUVEAU_GETPARAM : DRM_NOUVEAU_SETPARAM, &gp,
		      sizeof(gp));
}

static void
nv_chan_free(struct fuzz *f, unsigned int c)
{
	struct drm_nouveau_channel_free fr = { .channel = f->nv[c].id };

	if (f->nv[c].id >= 0)
		drmCommandWrite(f->fd, DRM_NOUVEAU_CHANNEL_FREE, &fr, sizeof(fr));
	f->nv[c].id = -1;
	f->nv[c].clean = 0;
}

static int
nv_chan_alloc(struct fuzz *f, unsigned int c, __u32 fb, __u32 tt)
{
	struct drm_nouveau_channel_alloc ca = { .fb_ctxdma_handle = fb, .tt_ctxdma_handle = tt };
	int ret;

	nv_chan_free(f, c);
	ret = nv_cmd(f, DRM_NOUVEAU_CHANNEL_ALLOC, &ca, sizeof(ca));
	if (!ret) {
		f->nv[c].id = ca.channel;
		f->nv[c].clean = 1;
	}
	return ret;
}

/* One of the fuzzer's own channels, and its push object: NOPs first. */
static int
nv_chan_new(struct fuzz *f, unsigned int c)
{
	int ret = nv_chan_alloc(f, c, FUZZ_NV_CTXDMA_VRAM, FUZZ_NV_CTXDMA_GART);

	if (!ret)
		ret = nvpm_bo_new(f->fd, FUZZ_PUSH_SIZE, &f->nv_push[c]);
	if (!ret)
		ret = nvpm_bo_map(&f->nv_push[c]);
	if (!ret)
		memset(f->nv_push[c].map, 0, 4096);
	return ret;
}

/*
 * The fuzzer's own channels (never nvpm's): made again, and the
 * deprecated object ioctls in them.  Objects NVIF NEW made in a channel
 * that goes stay on the file's list, as nouveau keeps them.
 */
static int
op_nv_channel(struct fuzz *f, int valid)
{
	unsigned int c = below(f, FUZZ_NV_CHANS);
	struct drm_nouveau_channel_free fr;
	struct drm_nouveau_grobj_alloc gr = {
		.channel = f->nv[c].id, .handle = FUZZ_NV_HANDLE + below(f, 4),
		.class = NVPM_CLASS_SW,
	};
	struct drm_nouveau_notifierobj_alloc na = {
		.channel = f->nv[c].id, .handle = FUZZ_NV_HANDLE + below(f, 4),
		.size = 16u << below(f, 8),
	};
	struct drm_nouveau_gpuobj_free gf = {
		.channel = f->nv[c].id, .handle = FUZZ_NV_HANDLE + below(f, 4),
	};

	if (valid)
		return nv_chan_alloc(f, c, FUZZ_NV_CTXDMA_VRAM, FUZZ_NV_CTXDMA_GART);
	switch (below(f, 6)) {
	case 0:
		return nv_chan_alloc(f, c, mutate(f, FUZZ_NV_CTXDMA_VRAM), FUZZ_NV_CTXDMA_GART);
	case 1:
		return nv_chan_alloc(f, c, FUZZ_NV_CTXDMA_VRAM, below(f, 2) ?
				     FUZZ_NV_CTXDMA_VRAM : mutate(f, FUZZ_NV_CTXDMA_GART));
	case 2:
		fr.channel = chan_dead(f, f->nv[c].id);
		return drmCommandWrite(f->fd, DRM_NOUVEAU_CHANNEL_FREE, &fr, sizeof(fr));
	case 3:
		if (below(f, 2))
			gr.class = mutate(f, gr.class);
		else if (below(f, 2))
			gr.channel = chan_dead(f, gr.channel);
		return drmCommandWrite(f->fd, DRM_NOUVEAU_GROBJ_ALLOC, &gr, sizeof(gr));
	case 4:
		if (below(f, 2))
			na.size = mutate(f, na.size);
		return nv_cmd(f, DRM_NOUVEAU_NOTIFIEROBJ_ALLOC, &na, sizeof(na));
	default:
		if (below(f, 2))
			gf.handle = mutate(f, gf.handle);
		return drmCommandWrite(f->fd, DRM_NOUVEAU_GPUOBJ_FREE, &gf, sizeof(gf));
	}
}

/* One NVIF message: its header, its arguments after it, @argc bytes. */
static int
nvif(struct fuzz *f, struct nvif_ioctl_v0 *io, __u32 argc)
{
	unsigned long cmd = _IOC(_IOC_READ | _IOC_WRITE, DRM_IOCTL_BASE,
				 DRM_COMMAND_BASE + DRM_NOUVEAU_NVIF, sizeof(*io) + argc);

	return drmIoctl(f->fd, cmd, io) ? -errno : 0;
}

static void
nvif_init(struct nvif_ioctl_v0 *io, __u8 type, __u8 route, __u64 token, __u64 object)
{
	memset(io, 0, sizeof(*io));
	io->type = type;
	io->route = route;
	io->token = token;
	io->object = object;
}

/* The classes a channel offers (SCLASS), some of them asked for short. */
static int
op_nvif_sclass(struct fuzz *f, int valid)
{
	__u64 buf[(sizeof(struct nvif_ioctl_v0) + FUZZ_NVIF_ARGS) / 8] = { 0 };
	struct nvif_ioctl_v0 *io = (void *)buf;
	struct nvif_ioctl_sclass_v0 *sc = (void *)io->data;
	unsigned int count = below(f, FUZZ_CLASSES + 1), i;
	__u32 argc;
	int chan = any_chan(f), ret;

	nvif_init(io, NVIF_IOCTL_V0_SCLASS, NVIF_IOCTL_V0_ROUTE_HIDDEN, chan, 0);
	sc->count = count;
	argc = sizeof(*sc) + count * sizeof(sc->oclass[0]);
	if (!valid) {
		switch (below(f, 4)) {
		case 0:
			io->token = chan_dead(f, chan);
			break;
		case 1:
			io->route = mutate(f, io->route);
			break;
		case 2:
			sc->count = mutate(f, count);
			break;
		default:
			argc = below(f, argc + 8);
			break;
		}
	}
	ret = nvif(f, io, argc);
	if (!ret && valid)
		for (i = 0; i < count && i < sc->count; i++)
			f->oclass[below(f, FUZZ_CLASSES)] = sc->oclass[i].oclass;
	return ret;
}

static void
nvif_forget(struct fuzz *f, unsigned int i)
{
	if (f->obj[i].key == f->dev_key)
		f->dev_key = 0;
	f->obj[i] = f->obj[--f->nr_obj];
}

static int
nvif_del(struct fuzz *f, __u64 key, __u32 extra)
{
	__u64 buf[(sizeof(struct nvif_ioctl_v0) + 8) / 8] = { 0 };
	struct nvif_ioctl_v0 *io = (void *)buf;

	nvif_init(io, NVIF_IOCTL_V0_DEL, 0, 0, key);
	return nvif(f, io, extra);
}

/*
 * A device object (NV_DEVICE, nothing but its key), or an engine object
 * in a channel: a software object or a class SCLASS offered, whose
 * arguments NEW cannot pass (it has none to give).
 */
static int
op_nvif_new(struct fuzz *f, int valid)
{
	__u64 buf[(sizeof(struct nvif_ioctl_v0) + FUZZ_NVIF_ARGS) / 8] = { 0 };
	struct nvif_ioctl_v0 *io = (void *)buf;
	struct nvif_ioctl_new_v0 *nw = (void *)io->data;
	int chan = any_chan(f), dev = !f->dev_key || !below(f, 4), ret;
	__u32 argc = sizeof(*nw);

	if (f->nr_obj == FUZZ_OBJS) {
		nvif_del(f, f->obj[0].key, 0);
		nvif_forget(f, 0);
	}
	nvif_init(io, NVIF_IOCTL_V0_NEW, dev ? 0 : NVIF_IOCTL_V0_ROUTE_HIDDEN,
		  dev ? 0 : chan, 0);
	nw->object = ++f->next_key;
	nw->oclass = dev ? NV_DEVICE : NVIF_CLASS_SW_NV50;
	nw->handle = FUZZ_NV_HANDLE + below(f, 4);
	if (!valid) {
		switch (below(f, 7)) {
		case 0:
			io->token = chan_dead(f, io->token);
			break;
		case 1:
			nw->oclass = below(f, 2) ? f->oclass[below(f, FUZZ_CLASSES)] :
				     (__s32)mutate(f, nw->oclass);
			break;
		case 2:
			nw->version = mutate(f, 0);
			break;
		case 3:
			/* a key the file has already */
			nw->object = f->nr_obj ? f->obj[below(f, f->nr_obj)].key : mutate(f, 0);
			break;
		case 4:
			io->object = mutate(f, 0);
			break;
		case 5:
			/* NVPM_HANDLE_SW of nvpm's channel: RAMHT has it */
			nw->handle = below(f, 2) ? NVPM_HANDLE_SW : mutate(f, nw->handle);
			break;
		default:
			argc = below(f, 2) ? below(f, argc) : argc + below(f, 64);
			break;
		}
	}
	ret = nvif(f, io, argc);
	if (!ret) {
		f->obj[f->nr_obj].key = nw->object;
		f->obj[f->nr_obj++].handle = nw->handle;
		if (dev && !f->dev_key)
			f->dev_key = nw->object;
	}
	return ret;
}

/* An object goes by its key; deleting what the file lacks is not refused. */
static int
op_nvif_del(struct fuzz *f, int valid)
{
	unsigned int i = below(f, f->nr_obj);

	if (valid && f->nr_obj) {
		__u64 key = f->obj[i].key;

		nvif_forget(f, i);
		return nvif_del(f, key, 0);
	}
	if (!valid && f->nr_obj && below(f, 2))
		return nvif_del(f, f->obj[i].key, 1 + below(f, 8));
	return nvif_del(f, mutate(f, f->next_key), 0);
}

/* The device object's INFO, the one method nouveau still serves. */
static int
op_nvif_mthd(struct fuzz *f, int valid)
{
	__u64 buf[(sizeof(struct nvif_ioctl_v0) + FUZZ_NVIF_ARGS) / 8] = { 0 };
	struct nvif_ioctl_v0 *io = (void *)buf;
	struct nvif_ioctl_mthd_v0 *m = (void *)io->data;
	struct nv_device_info_v0 *info = (void *)m->data;
	__u32 argc = sizeof(*m) + sizeof(*info);

	nvif_init(io, NVIF_IOCTL_V0_MTHD, 0, 0, f->dev_key);
	m->method = NV_DEVICE_V0_INFO;
	if (!valid) {
		switch (below(f, 5)) {
		case 0:
			io->object = f->nr_obj ? f->obj[below(f, f->nr_obj)].key : mutate(f, 0);
			break;
		case 1:
			m->method = mutate(f, m->method);
			break;
		case 2:
			info->version = mutate(f, 0);
			break;
		case 3:
			io->route = mutate(f, 0);
			break;
		default:
			argc = below(f, 2) ? below(f, argc) : argc + below(f, 64);
			break;
		}
	}
	return nvif(f, io, argc);
}

/*
 * What nouveau's NVIF ioctl refuses: the types it no longer takes from
 * userspace (NOP, RD, WR, MAP, UNMAP, the NTFY ones), versions, routes
 * and owners it does not know, messages shorter than their header, junk.
 */
static int
op_nvif_junk(struct fuzz *f, int valid)
{
	__u64 buf[(sizeof(struct nvif_ioctl_v0) + FUZZ_NVIF_ARGS) / 8];
	struct nvif_ioctl_v0 *io = (void *)buf;
	unsigned int i;

	(void)valid;
	for (i = 0; i < ARRAY_SIZE(buf); i++)
		buf[i] = below(f, 2) ? 0 : rnd(f);
	nvif_init(io, below(f, 16), below(f, 2) ? 0 : NVIF_IOCTL_V0_ROUTE_HIDDEN,
		  any_chan(f), below(f, 2) ? f->dev_key : rnd(f));
	switch (below(f, 4)) {
	case 0:
		io->version = mutate(f, 0);
		break;
	case 1:
		io->owner = mutate(f, 0);
		break;
	case 2:
		io->route = mutate(f, 0);
		break;
	default:
		break;
	}
	/* the types nouveau serves have their own operations */
	if (io->type >= NVIF_IOCTL_V0_SCLASS && io->type <= NVIF_IOCTL_V0_MTHD)
		io->type = NVIF_IOCTL_V0_MAP;
	return nvif(f, io, below(f, 3) ? below(f, 64) : below(f, FUZZ_NVIF_ARGS));
}

/* nouveau's GEM_NEW with its own fields, kept for GEM_INFO and CPU_PREP. */
static int
op_gem_new(struct fuzz *f, int valid)
{
	static const __u64 odd[] = { 0, 1, 4097, FUZZ_GEM_MAX + 1, ~0ull, 1ull << 63 };
	struct nvpm_bo *bo = &f->gem[below(f, FUZZ_GEMS)];
	struct drm_nouveau_gem_new gn = {
		.info.size = 4096u << below(f, 6), .info.domain = NOUVEAU_GEM_DOMAIN_GART,
		.align = below(f, 2) ? 0 : 4096u << below(f, 4),
	};
	int ret;

	if (!valid) {
		switch (below(f, 5)) {
		case 0:
			gn.info.size = odd[below(f, ARRAY_SIZE(odd))];
			break;
		case 1:
			gn.info.domain = mutate(f, gn.info.domain);
			break;
		case 2:
			gn.info.tile_mode = mutate(f, 0);
			break;
		case 3:
			gn.info.tile_flags = mutate(f, 0);
			break;
		default:
			gn.align = mutate(f, gn.align);
			break;
		}
	}
	/* nothing bigger than FUZZ_GEM_MAX may be made: it would be allocated */
	if (gn.info.size > FUZZ_GEM_MAX && gn.info.size < (1ull << 40))
		gn.info.size = FUZZ_GEM_MAX;
	if (bo->handle)
		nvpm_bo_free(bo);
	ret = nv_cmd(f, DRM_NOUVEAU_GEM_NEW, &gn, sizeof(gn));
	if (!ret) {
		bo->fd = f->fd;
		bo->handle = gn.info.handle;
		bo->size = gn.info.size;
	}
	return ret;
}

/* A GEM object of the file's: nouveau's, one of nvpm's records', a push's. */
static __u32
any_bo(struct fuzz *f)
{
	unsigned int i = below(f, FUZZ_GEMS + FUZZ_BOS + FUZZ_NV_CHANS);

	if (i < FUZZ_GEMS)
		return f->gem[i].handle;
	i -= FUZZ_GEMS;
	if (i < FUZZ_BOS)
		return f->bo[i].handle;
	return f->nv_push[i - FUZZ_BOS].handle;
}

static int
op_gem_info(struct fuzz *f, int valid)
{
	struct drm_nouveau_gem_info gi = { .handle = any_bo(f) };

	if (!valid || !gi.handle)
		gi.handle = mutate(f, gi.handle);
	return nv_cmd(f, DRM_NOUVEAU_GEM_INFO, &gi, sizeof(gi));
}

/* CPU access: never waiting when valid (a busy object is -EBUSY), then FINI. */
static int
op_gem_cpu_prep(struct fuzz *f, int valid)
{
	struct drm_nouveau_gem_cpu_prep prep = {
		.handle = any_bo(f), .flags = NOUVEAU_GEM_CPU_PREP_NOWAIT,
	};
	struct drm_nouveau_gem_cpu_fini fini;
	int ret;

	if (below(f, 2))
		prep.flags |= NOUVEAU_GEM_CPU_PREP_WRITE;
	if (!valid || !prep.handle) {
		if (below(f, 2))
			prep.handle = mutate(f, prep.handle);
		else
			/* unknown flags, never the wait (it may last 30 s) */
			prep.flags |= mutate(f, 0) & ~NOUVEAU_GEM_CPU_PREP_NOWAIT;
	}
	ret = drmCommandWrite(f->fd, DRM_NOUVEAU_GEM_CPU_PREP, &prep, sizeof(prep));
	fini.handle = valid ? prep.handle : mutate(f, prep.handle);
	if (!ret)
		ret = drmCommandWrite(f->fd, DRM_NOUVEAU_GEM_CPU_FINI, &fini, sizeof(fini));
	return ret;
}

/*
 * nouveau's GEM_PUSHBUF in the fuzzer's own channels: NOPs (zero words)
 * in the first page of the channel's push object, valid; or one field of
 * the request mutated, which nouveau refuses or which still runs NOPs
 * (every push entry and buffer the kernel may read past the first is a
 * copy of the first, or handle 0).  Never in nvpm's channels, whose
 * methods must keep running.
 *
 * Not fuzzed: junk words, and offsets or lengths that reach past the
 * object.  Either stopped the simulated PFIFO for every channel within
 * 200 calls (nvpm's waits and channel frees then time out: 30 s, 15 s);
 * reported, to be looked into in the simulator's pusher errors.
 */
static int
op_nv_pushbuf(struct fuzz *f, int valid)
{
	static struct drm_nouveau_gem_pushbuf_bo bo[FUZZ_PUSH_BUFFERS];
	static struct drm_nouveau_gem_pushbuf_push push[FUZZ_PUSH_ENTRIES];
	unsigned int c = below(f, FUZZ_NV_CHANS), i, n = 1 + below(f, FUZZ_PUSH_WORDS);
	struct nvpm_bo *pb = &f->nv_push[c];
	struct drm_nouveau_gem_pushbuf req = {
		.channel = f->nv[c].id, .nr_buffers = 1 + !!f->gem[c].handle,
		.buffers = (uintptr_t)bo, .nr_push = 1, .push = (uintptr_t)push,
	};

	if (f->nv[c].id < 0 || !pb->map)
		return -ENOENT;
	bo[0] = (struct drm_nouveau_gem_pushbuf_bo) {
		.handle = pb->handle, .read_domains = NOUVEAU_GEM_DOMAIN_GART,
		.valid_domains = NOUVEAU_GEM_DOMAIN_GART,
	};
	/* the channel's own: no channel waits for the other's fences */
	bo[1] = (struct drm_nouveau_gem_pushbuf_bo) {
		.handle = f->gem[c].handle, .write_domains = NOUVEAU_GEM_DOMAIN_GART,
		.valid_domains = NOUVEAU_GEM_DOMAIN_GART,
	};
	for (i = 0; i < FUZZ_PUSH_ENTRIES; i++)
		push[i] = (struct drm_nouveau_gem_pushbuf_push) { .length = 4 * n };
	if (valid && f->nv[c].clean && !below(f, 8))
		req.vram_available = NOUVEAU_GEM_PUSHBUF_SYNC;
	if (valid)
		return nv_cmd(f, DRM_NOUVEAU_GEM_PUSHBUF, &req, sizeof(req));
	switch (below(f, 7)) {
	case 0:
		req.channel = chan_dead(f, req.channel);
		break;
	case 1:
		req.nr_buffers = mutate(f, req.nr_buffers);
		break;
	case 2:
		req.nr_push = mutate(f, 1);
		break;
	case 3:
		/* not 1: the other object's words are not NOPs */
		push[0].bo_index = mutate(f, 0);
		push[0].bo_index += push[0].bo_index == 1;
		break;
	case 4:
		bo[below(f, 2)].handle = mutate(f, pb->handle);
		break;
	case 5:
		bo[0].valid_domains = mutate(f, bo[0].valid_domains);
		break;
	default:
		req.buffers = below(f, 2) ? 0 : req.buffers ^ 1ull << below(f, 48);
		break;
	}
	f->nv[c].clean = 0;
	return nv_cmd(f, DRM_NOUVEAU_GEM_PUSHBUF, &req, sizeof(req));
}

/*
 * VM_INIT, VM_BIND and EXEC: a file that made channels the old way has
 * no VM_BIND address space; all three are refused, whatever they ask.
 */
static int
op_vm(struct fuzz *f, int valid)
{
	static const unsigned int nr[] = { FUZZ_NOUVEAU_VM_INIT, FUZZ_NOUVEAU_VM_BIND,
					   FUZZ_NOUVEAU_EXEC };
	__u64 args[5];
	unsigned int i, cmd = nr[below(f, ARRAY_SIZE(nr))];

	(void)valid;
	for (i = 0; i < ARRAY_SIZE(args); i++)
		args[i] = below(f, 2) ? below(f, 4) : rnd(f);
	/* no pointer the kernel would follow: counts stay zero or small */
	if (cmd != FUZZ_NOUVEAU_VM_INIT)
		args[0] = below(f, 2) ? (__u32)any_chan(f) : 0;
	return nv_cmd(f, cmd, args, cmd == FUZZ_NOUVEAU_VM_INIT ? 16 : 40);
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
	[OP_GETPARAM] = 1, [OP_NV_CHANNEL] = 1, [OP_NVIF_SCLASS] = 1, [OP_NVIF_NEW] = 2,
	[OP_NVIF_DEL] = 1, [OP_NVIF_MTHD] = 1, [OP_NVIF_JUNK] = 1, [OP_GEM_NEW] = 1,
	[OP_GEM_INFO] = 1, [OP_GEM_CPU_PREP] = 1, [OP_NV_PUSHBUF] = 2, [OP_VM] = 1,
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
	op_bo, op_getparam, op_nv_channel, op_nvif_sclass, op_nvif_new, op_nvif_del,
	op_nvif_mthd, op_nvif_junk, op_gem_new, op_gem_info, op_gem_cpu_prep, op_nv_pushbuf,
	op_vm,
};

/*
 * A software object NVIF NEW made in one of the fuzzer's channels, which
 * is then freed (and made again): the object stays on the file's list,
 * its nvkm object gone.  CHAN_BIND and RECORD_START in nvpm's channel
 * naming it must be -ENOENT; they used to look into the freed object.
 */
static int
stale_object_refused(struct fuzz *f)
{
	__u64 buf[(sizeof(struct nvif_ioctl_v0) + sizeof(struct nvif_ioctl_new_v0)) / 8] = { 0 };
	struct nvif_ioctl_v0 *io = (void *)buf;
	struct nvif_ioctl_new_v0 *nw = (void *)io->data;
	struct drm_nvpm_nouveau_chan_bind b = {
		.channel = f->ch[0].handle - 1, .sw = FUZZ_NV_HANDLE,
		.notifier = NVPM_HANDLE_NOTIFIER, .ring_size = 64,
	};
	struct drm_nvpm_nouveau_record_start rs;
	struct drm_nvpm_record_domain d;
	int ret;

	nvif_init(io, NVIF_IOCTL_V0_NEW, NVIF_IOCTL_V0_ROUTE_HIDDEN, f->nv[0].id, 0);
	nw->object = ++f->next_key;
	nw->oclass = NVIF_CLASS_SW_NV50;
	nw->handle = FUZZ_NV_HANDLE;
	ret = nvif(f, io, sizeof(*nw));
	if (ret)
		return fprintf(stderr, "software object: %s\n", strerror(-ret)), 1;
	f->obj[f->nr_obj].key = nw->object;
	f->obj[f->nr_obj++].handle = nw->handle;
	ret = nv_chan_alloc(f, 0, FUZZ_NV_CTXDMA_VRAM, FUZZ_NV_CTXDMA_GART);
	if (ret)
		return fprintf(stderr, "channel again: %s\n", strerror(-ret)), 1;
	record_args(f, &f->ch[0], &rs, &d);
	rs.sw = FUZZ_NV_HANDLE;
	ret = fuzz_ioctl(f, DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND, &b);
	printf("CHAN_BIND of a freed channel's object: %s\n", strerror(-ret));
	if (ret != -ENOENT)
		return 1;
	ret = fuzz_ioctl(f, DRM_IOCTL_NVPM_NOUVEAU_RECORD_START, &rs);
	printf("RECORD_START of a freed channel's object: %s\n", strerror(-ret));
	return ret != -ENOENT;
}

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
	/* lines as they come: a run cut short keeps them */
	setvbuf(stdout, NULL, _IOLBF, 0);
	calls = strtoul(argv[2], NULL, 0);
	f.rng = strtoull(argv[3], NULL, 0) * 1000003ull + 1;
	if (!calls || calls > FUZZ_MAX_CALLS)
		return fprintf(stderr, "CALLS 1..%d\n", FUZZ_MAX_CALLS), 2;
	f.fd = open(argv[1], O_RDWR | O_CLOEXEC);
	t0 = now_s();
	if (f.fd < 0 || nvpm_catalog_load(f.fd, &f.cat) || !f.cat.nr_dom)
		return fprintf(stderr, "%s: not a node with nvpm's counters\n", argv[1]), 1;
	for (i = 0; i < FUZZ_NV_CHANS; i++)
		f.nv[i].id = -1;
	for (i = 0; i < FUZZ_CHANS; i++) {
		ret = chan_new(&f, i);
		if (ret)
			return fprintf(stderr, "channel %lu: %s\n", i, strerror(-ret)), 1;
	}
	for (i = 0; i < FUZZ_NV_CHANS; i++) {
		ret = nv_chan_new(&f, i);
		if (ret)
			return fprintf(stderr, "nouveau's channel %lu: %s\n", i, strerror(-ret)), 1;
	}
	if (stale_object_refused(&f))
		return 1;
	for (i = 0; i < calls && now_s() - t0 < FUZZ_SECONDS; i++) {
		int valid = below(&f, 2);
		double t = now_s();

		o = pick_op(&f);
		f.calls[o]++;
		ret = o == OP_SAMPLE ? nvpm_sample(f.fd, &samples) : ops[o](&f, valid);
		f.ok[o] += !ret;
		t = now_s() - t;
		if (t > FUZZ_SLOW_S)
			printf("call %lu, %s%s: %.1f s, %s\n", i, valid ? "" : "mutated ",
			       op_names[o], t, strerror(ret < 0 ? -ret : ret));
	}
	calls = i;
	for (o = 0; o < OP_NR; o++) {
		printf("%-22s %6lu calls, %6lu ok\n", op_names[o], f.calls[o], f.ok[o]);
		if (!op_refused[o] && !f.ok[o]) {
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
	for (i = 0; i < FUZZ_NV_CHANS; i++)
		if (f.nv_push[i].map)
			munmap(f.nv_push[i].map, f.nv_push[i].size);
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
