// SPDX-License-Identifier: MIT
/*
 * PCOUNTER record mode (G84:GF100).  A session runs record mode on a few
 * domains; each has a ring of memory the hardware writes packets into.
 *
 * Memory.  Every session maps its rings into one GPU address space that
 * the engine keeps while any session exists: RECORD_CHAN and RECORD_DMA
 * are global, so the domains recording at once share one channel and one
 * DMA object (the whole space, offset = address).  A domain's ring is
 * mapped several times back to back (its "window"): the hardware's
 * position only grows (it is 32 bits and would wrap at 4 GiB, which is
 * why a window never crosses a 4 GiB block, and lies below 4 GiB on
 * G84:G92), so going through the window is going round the ring, and
 * RECORD_LIMIT is the window's last packet.  Everything the hardware can
 * write - up to the one packet it writes at or past the limit - is mapped
 * for as long as the domain records.  A stopped session's window goes
 * back to the space for the next session once its last packet was seen
 * going out (and had time to land); the window of a domain that may
 * still send (its last packet did not go out, or it faulted) stays taken,
 * unmapped, until RECORD_RESET or a GPU reset has silenced the domain, so
 * a late packet faults instead of landing in another session's ring.
 * The space thus holds the running sessions' windows and at most one
 * such window per domain, however many sessions came and went.
 *
 * Binding, in the order the hardware needs: RECORD_DMA, then RECORD_CHAN
 * with VALID (once per address space); per domain RECORD_ADDRESS_HIGH
 * (G92+), RECORD_LIMIT, the signals, CTRL in record mode, and only then
 * RECORD_START, so that the counters are cleared and no bogus packet is
 * sent.  When no other session records, GCTRL.RECORD_RESET is held over
 * the programming (nothing can be sent, every domain starts counting in
 * the same cycle) and GCTRL.PERIODIC_RESET with it when no other session
 * uses the PERIODIC signals, so the domains' periods start together.
 *
 * Re-arm.  The ring is overwritten: the hardware never waits for
 * userspace, and the engine counts the packets userspace had not read
 * when they were overwritten (written - ring > read).  Before the
 * hardware reaches the end of its window, the engine moves it back to the
 * same ring slot in the window's first copy: it leaves record mode for a
 * moment so no packet goes out between reading the position and writing
 * RECORD_START, enters it again and writes RECORD_START.  That restarts
 * the counters: the counts since the previous packet are lost, and the
 * cycle counter starts again from 0 (once per window, a few MiB of
 * packets).  A delayed work item polls every NVKM_PM_RECORD_POLL_MS while
 * sessions exist, because the hardware needs the re-arm whether or not
 * userspace calls STATUS (which polls too); the window is large enough
 * for the poll to come long before the end.
 *
 * Stop.  Out of record mode for a moment, RECORD_LIMIT is set to 0 and
 * STOP forced on; back in it, the next packet, which carries the counts
 * since the last STOP, is the last, and clears the "buffer valid" flag;
 * once it has gone out (and had time to land) the domain leaves record
 * mode.  A domain whose last packet was not
 * seen going out (its clock stopped?) is "dirty": it could still send to
 * its old position, so it is only recorded on again with RECORD_RESET,
 * when no other session runs.
 *
 * Spaces.  Where the windows are mapped is the session's record space:
 * the engine's own (above; nvpm's FIFO channel and VM), or one a host
 * lends (struct nvkm_record_space: nouveau maps the windows in one of
 * its channels' address spaces and names the channel and a DMA object of
 * it).  Two small functions say how a space's windows are taken and
 * given back (struct nvkm_record_space_func); the rest of the engine is
 * the same for both.  RECORD_CHAN and RECORD_DMA are global, so the
 * sessions that record at once share one binding: a session in another
 * space waits (-EBUSY) until they stop.  A lent space's windows are
 * checked against the reference's rules (16-byte alignment, inside the
 * DMA object, no 4 GiB crossing, below 4 GiB on G84:G92) before any
 * register is written, and handed back only once the hardware cannot
 * write them: its domains have sent their last packet, or RECORD_RESET
 * has silenced those that did not.
 *
 * VM faults must not happen; if RECORD_STATUS shows one all the same,
 * the domain is wedged until the GPU is reset (a hardware bug, says the
 * reference): it is logged, and every later use of the domain fails with
 * -EIO.  Device init (after a reset) clears the mark once the FAULT bit
 * reads clear.
 */
#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <nvkm/engine/record.h>
#include <nvkm/hw/vm.h>
#include <uapi/drm/nvpm_drm.h>
#include "priv.h"

/**
 * nvkm_record_args_init() - a session's arguments, as RECORD_START gives them
 * @args: the arguments
 * @shrt: NVPM_RECORD_SHORT
 * @nr: domains, at most NVPM_RECORD_MAX_DOMAINS
 * @doms: RECORD_START's domains
 * @rings: the domains' rings, back to back
 * @ring_size: bytes of each
 *
 * A lent space's windows (&nvkm_record_dom_args.win, .copies) are the
 * caller's to set.
 */
void
nvkm_record_args_init(struct nvkm_record_args *args, bool shrt, u32 nr,
		      const struct drm_nvpm_record_domain *doms, void *rings,
		      u64 ring_size)
{
	u32 i;

	memset(args, 0, sizeof(*args));
	args->shrt = shrt;
	args->nr_doms = nr;
	for (i = 0; i < nr; i++) {
		struct nvkm_record_dom_args *a = &args->dom[i];

		a->dom = doms[i].domain;
		a->nr_signals = doms[i].nr_signals;
		memcpy(a->signal, doms[i].signal, sizeof(a->signal));
		a->stop = doms[i].stop;
		a->stop_arg = doms[i].stop_arg;
		a->flags = doms[i].flags;
		a->ring = rings + i * ring_size;
		a->ring_size = ring_size;
	}
}

/* The DMA object every record domain writes through: the whole space. */
#define NVKM_PM_RECORD_DMA		0x0001
/* Bytes of a domain's window, shared out in copies of its ring. */
#define NVKM_PM_RECORD_WINDOW		SZ_4M
/* How often the hardware is looked at while sessions run. */
#define NVKM_PM_RECORD_POLL_MS		10
/* How long a packet may take to reach memory once sent (no figure in the
 * reference: a memory write takes well under a microsecond; the
 * simulated GPU takes 16 cycles of its 1 MHz clock).
 */
#define NVKM_PM_RECORD_LAND_US		50
/* How long RECORD_STOP waits for the last packet to go out. */
#define NVKM_PM_RECORD_FLUSH_US		1000

#define NVKM_PM_RECORD_OP_ARG0		0xaaaa
#define NVKM_PM_RECORD_OP_ONE		0xffff
/* arg 0 now and not arg 1 (the same signal a cycle earlier): a rising edge */
#define NVKM_PM_RECORD_OP_EDGE		(0x2222 | NV_PCOUNTER_OP_DELAY1)

/**
 * struct nvkm_pm_record - record mode state of an engine
 * @pm: the engine
 * @mutex: everything below but @dirty (pm->lock), and every session
 * @sessions: &struct nvkm_record, running or not
 * @vmm: the address space the sessions' rings are mapped in, or NULL
 * @dma_sel: the selector of @vmm's record DMA object (looked up under the
 *	      space's mutex, so not where interrupts are off)
 * @bound: RECORD_CHAN and RECORD_DMA bind @bind_chan and @bind_dma
 * @bind_chan: the channel descriptor bound
 * @bind_dma: the DMA object bound
 * @retired: the space of earlier sessions that RECORD_CHAN may still name
 *	     (the hardware keeps a binding until the next one): its number
 *	     is not free for another space until RECORD_CHAN names another
 * @running: the device is initialised: its registers may be touched
 * @dirty: per domain, its last packet was not seen going out
 * @news: domains newly wedged (pm->lock), said once it is let go of
 *	  (nvkm_record_say()): printing under a raw spinlock may take a
 *	  console's sleeping lock on PREEMPT_RT
 * @held: per domain, the window of @vmm kept from reuse while the domain
 *	  may still send there (dirty or wedged), 0 for none
 * @poll: the work polling the running sessions
 * @poll_ms: its period, 0 for none (tests poll by hand)
 * @delay: how the engine waits for the GPU (tests step a manual clock)
 * @delay_priv: argument of @delay
 */
struct nvkm_pm_record {
	struct nvkm_pm *pm;
	struct mutex mutex;	/* see above */
	struct list_head sessions;
	struct nvkm_vmm *vmm;
	u16 dma_sel;
	bool bound;
	u32 bind_chan;
	u16 bind_dma;
	struct nvkm_vmm *retired;
	bool running;
	bool dirty[NV40_PCOUNTER_DOMS];
	unsigned long news;
	u64 held[NV40_PCOUNTER_DOMS];
	struct delayed_work poll;
	unsigned int poll_ms;
	void (*delay)(void *priv, unsigned int us);
	void *delay_priv;
};

/**
 * struct nvkm_record_dom - one domain of a session
 * @args: as asked for
 * @pkt: bytes per packet
 * @slots: packets in the ring
 * @win: GPU address of the window
 * @win_end: first address past it
 * @epoch_addr: where the hardware started since the last (re-)arm
 * @epoch_written: packets written before that
 * @pos: the position last read from RECORD_STATUS (with the high bits)
 * @moved: when @pos last changed (taken after the read that saw it)
 * @seen: when RECORD_STATUS was last read (taken before the read)
 * @written: packets written
 * @tail: oldest packet not overwritten, nor read... nor lost
 * @lost: packets overwritten unread
 * @rearms: re-arms
 * @gaps: times the hardware was found at the end of its window
 * @flags: NVPM_RECORD_FAULT, _STOPPED, _INTERRUPTED
 * @started: the hardware was given the window
 */
struct nvkm_record_dom {
	struct nvkm_record_dom_args args;
	u32 pkt;
	u64 slots;
	u64 win;
	u64 win_end;
	u64 epoch_addr;
	u64 epoch_written;
	u64 pos;
	ktime_t moved;
	ktime_t seen;
	u64 written;
	u64 tail;
	u64 lost;
	u32 rearms;
	u32 gaps;
	u32 flags;
	bool started;
};

struct nvkm_record;

/**
 * struct nvkm_record_space_func - how a session's windows come and go
 * @map: give every domain of the session its window and the session its
 *	 binding (&nvkm_record.chan, &nvkm_record.dma); the mutex held, the
 *	 domains claimed, nothing written to PCOUNTER yet
 * @unmap: the hardware no longer records for the session (or never did):
 *	   its windows go back; also after a failed @map
 */
struct nvkm_record_space_func {
	int (*map)(struct nvkm_pm_record *prec, struct nvkm_record *rec);
	void (*unmap)(struct nvkm_pm_record *prec, struct nvkm_record *rec);
};

/**
 * struct nvkm_record - a record session
 * @pm: the engine
 * @head: in &nvkm_pm_record.sessions
 * @func: its space's functions
 * @space: the space a host lent, or NULL for the engine's own
 * @chan: RECORD_CHAN's channel for it
 * @dma: RECORD_DMA for it
 * @shrt: short packets
 * @active: the hardware records for it
 * @nr: domains
 * @dom: the domains
 */
struct nvkm_record {
	struct nvkm_pm *pm;
	struct list_head head;
	const struct nvkm_record_space_func *func;
	struct nvkm_record_space *space;
	u32 chan;
	u16 dma;
	bool shrt;
	bool active;
	int nr;
	struct nvkm_record_dom dom[NVPM_RECORD_MAX_DOMAINS];
};

static struct nvkm_device *
nvkm_record_device(struct nvkm_pm *pm)
{
	return pm->engine.subdev.device;
}

static void
nvkm_record_delay(struct nvkm_pm_record *prec, unsigned int us)
{
	if (prec->delay)
		prec->delay(prec->delay_priv, us);
	else
		fsleep(us);
}

/* --- registers (pm->lock held) ---------------------------------------- */

static void
nvkm_record_wedge(struct nvkm_pm *pm, struct nvkm_record_dom *rd)
{
	struct nvkm_pm_dom *dom = &pm->dom[rd->args.dom];

	rd->flags |= NVPM_RECORD_FAULT;
	if (dom->wedged)
		return;
	dom->wedged = true;
	pm->rec->news |= BIT(rd->args.dom);
}

/* pm->lock let go of: say which domains were wedged meanwhile. */
static void
nvkm_record_say(struct nvkm_pm *pm)
{
	unsigned long flags, news;
	int d;

	raw_spin_lock_irqsave(&pm->lock, flags);
	news = pm->rec->news;
	pm->rec->news = 0;
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	for_each_set_bit(d, &news, NV40_PCOUNTER_DOMS)
		nvkm_error(&pm->engine.subdev,
			   "domain %s: VM fault on its record buffer, the domain is wedged until the GPU is reset\n",
			   pm->dom[d].name);
}

/* Read RECORD_STATUS and bring the accounts up to date. */
static void
nvkm_record_observe(struct nvkm_pm *pm, struct nvkm_record_dom *rd)
{
	ktime_t seen = ktime_get();
	u32 st = nvkm_rd32(nvkm_record_device(pm), NV40_PCOUNTER_RECORD_STATUS(rd->args.dom));
	u64 pos = (rd->win & ~(u64)U32_MAX) | (st & NV40_PCOUNTER_RECORD_STATUS_POS);
	u64 written;

	rd->seen = seen;
	if (st & NV40_PCOUNTER_RECORD_STATUS_FAULT)
		nvkm_record_wedge(pm, rd);
	if (pos != rd->pos) {
		rd->pos = pos;
		rd->moved = ktime_get();
	}
	/* Outside the epoch's stretch the hardware is not where it was put. */
	if (pos < rd->epoch_addr || pos > rd->win_end)
		return;
	written = rd->epoch_written + (pos - rd->epoch_addr) / rd->pkt;
	rd->written = max(rd->written, written);
}

/*
 * Packets the reader is done with (clamped to what exists), then those
 * the ring overwrote before it got to them: lost.
 */
static void
nvkm_record_account(struct nvkm_record_dom *rd, u64 read)
{
	rd->tail = max(rd->tail, min(read, rd->written));
	if (rd->written > rd->tail + rd->slots) {
		rd->lost += rd->written - rd->slots - rd->tail;
		rd->tail = rd->written - rd->slots;
	}
}

/* In the window's last copy: move the hardware back to its first. */
static void
nvkm_record_rearm(struct nvkm_pm *pm, struct nvkm_record *rec, struct nvkm_record_dom *rd)
{
	struct nvkm_device *device = nvkm_record_device(pm);
	int d = rd->args.dom;
	u64 ring = rd->slots * rd->pkt, to;
	u32 ctrl;

	if (rd->pos - rd->win < rd->win_end - rd->win - ring)
		return;
	/* Out of record mode nothing is sent: the position holds still. */
	ctrl = nvkm_rd32(device, NV40_PCOUNTER_CTRL(d));
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), ctrl & ~NV40_PCOUNTER_CTRL_MODE);
	nvkm_record_observe(pm, rd);
	if (rd->pos >= rd->win_end)
		rd->gaps++;	/* it stopped at the limit: packets were lost */
	to = rd->win + (rd->pos - rd->win) % ring;
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), ctrl);
	nvkm_wr32(device, NV40_PCOUNTER_RECORD_START(d), lower_32_bits(to));
	rd->epoch_addr = to;
	rd->epoch_written = rd->written;
	rd->pos = to;
	rd->rearms++;
}

/*
 * The 12 record signals go to PRE, START and EVENT's arguments, four
 * each; unused arguments show @zero.
 */
static void
nvkm_record_src(struct nvkm_pm *pm, int d, const struct nvkm_record_dom_args *a, u8 zero)
{
	const struct nvkm_pm_regs *r = &pm->func->layout->regs;
	struct nvkm_device *device = nvkm_record_device(pm);
	int i;

	for (i = 0; i < 3; i++) {
		int nr = clamp_t(int, (int)a->nr_signals - i * 4, 0, 4);

		nvkm_wr32(device, pm->dom[d].addr + r->src[i],
			  nvkm_pm_layout_src(&a->signal[i * 4], nr, zero));
		/* the ops feed only PRE/START/EVENT, which record mode ignores */
		nvkm_wr32(device, pm->dom[d].addr + r->op[i], 0);
	}
	nvkm_wr32(device, pm->dom[d].addr + r->setflag_op, 0);
	nvkm_wr32(device, pm->dom[d].addr + r->clrflag_op, 0);
}

static void
nvkm_record_stop_src(struct nvkm_pm *pm, int d, const struct nvkm_record_dom_args *a)
{
	struct nvkm_device *device = nvkm_record_device(pm);
	u32 src = 0, op = NVKM_PM_RECORD_OP_ARG0;

	switch (a->stop) {
	case NVPM_RECORD_STOP_PERIODIC:
		src = pm->dom[d].trailer + NV40_PCOUNTER_TRAILER_PERIODIC;
		break;
	case NVPM_RECORD_STOP_SIGNAL:
		src = a->stop_arg;
		if (a->flags & NVPM_RECORD_STOP_EDGE) {
			src |= a->stop_arg << 8;
			op = NVKM_PM_RECORD_OP_EDGE;
		}
		break;
	case NVPM_RECORD_STOP_USER:
		src = pm->func->record->user_signal(pm, d);
		break;
	}
	nvkm_wr32(device, NV40_PCOUNTER_STOP_SRC(d), src);
	nvkm_wr32(device, NV40_PCOUNTER_STOP_OP(d), op);
}

static u32
nvkm_record_ctrl(const struct nvkm_record *rec, const struct nvkm_record_dom *rd)
{
	u32 ctrl = FIELD_PREP(NV40_PCOUNTER_CTRL_MODE, NV_PCOUNTER_MODE_RECORD);

	if (rec->shrt)
		ctrl |= NV40_PCOUNTER_CTRL_RECORD_SHORT;
	if (rd->args.stop == NVPM_RECORD_STOP_PERIODIC)
		ctrl |= FIELD_PREP(NV40_PCOUNTER_CTRL_PERIODIC, rd->args.stop_arg);
	return ctrl;
}

/* Program a domain and start it, in the order the hardware needs. */
static void
nvkm_record_program(struct nvkm_pm *pm, struct nvkm_record *rec, struct nvkm_record_dom *rd)
{
	struct nvkm_device *device = nvkm_record_device(pm);
	int d = rd->args.dom;

	if (pm->func->record->address_high)
		nvkm_wr32(device, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(d), upper_32_bits(rd->win));
	nvkm_wr32(device, NV40_PCOUNTER_RECORD_LIMIT(d), lower_32_bits(rd->win_end - rd->pkt));
	nvkm_record_src(pm, d, &rd->args, pm->dom[d].trailer + NV40_PCOUNTER_TRAILER_ZERO);
	nvkm_record_stop_src(pm, d, &rd->args);
	/* record mode first: RECORD_START then clears the counters */
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), nvkm_record_ctrl(rec, rd));
	nvkm_wr32(device, NV40_PCOUNTER_RECORD_START(d), lower_32_bits(rd->win));
	rd->epoch_addr = rd->win;
	rd->pos = rd->win;
	rd->moved = ktime_get();
	rd->seen = rd->moved;
	rd->started = true;
}

static bool
nvkm_record_uses_periodic(const struct nvkm_record *rec)
{
	int i;

	for (i = 0; i < rec->nr; i++) {
		if (rec->dom[i].args.stop == NVPM_RECORD_STOP_PERIODIC)
			return true;
	}
	return false;
}

/* Start every domain of @rec; pm->lock held. */
static void
nvkm_record_hw_start(struct nvkm_pm_record *prec, struct nvkm_record *rec)
{
	struct nvkm_pm *pm = prec->pm;
	struct nvkm_device *device = nvkm_record_device(pm);
	struct nvkm_record *other;
	bool alone = true, periodic_free = true;
	u32 gctrl = 0;
	int i;

	list_for_each_entry(other, &prec->sessions, head) {
		if (!other->active)
			continue;
		alone = false;
		if (nvkm_record_uses_periodic(other))
			periodic_free = false;
	}
	if (alone)
		gctrl |= NV40_PCOUNTER_GCTRL_RECORD_RESET;
	if (periodic_free && nvkm_record_uses_periodic(rec))
		gctrl |= NV40_PCOUNTER_GCTRL_PERIODIC_RESET;
	if (gctrl)
		nvkm_wr32(device, NV40_PCOUNTER_GCTRL, gctrl);

	if (!prec->bound || prec->bind_chan != rec->chan || prec->bind_dma != rec->dma) {
		/*
		 * pcounter_intro.rst "Record mode setup": RECORD_DMA only stores
		 * the DMA object's selector, the RECORD_CHAN write with VALID
		 * binds the channel (its descriptor) and that object: DMA first.
		 */
		nvkm_wr32(device, NV40_PCOUNTER_RECORD_DMA, rec->dma);
		nvkm_wr32(device, NV40_PCOUNTER_RECORD_CHAN,
			  FIELD_PREP(NV40_PCOUNTER_RECORD_CHAN_CHAN, rec->chan) |
			  NV40_PCOUNTER_RECORD_CHAN_VALID);
		prec->bound = true;	/* @retired is no longer named */
		prec->bind_chan = rec->chan;
		prec->bind_dma = rec->dma;
	}
	for (i = 0; i < rec->nr; i++) {
		nvkm_record_program(pm, rec, &rec->dom[i]);
		if (alone)
			prec->dirty[rec->dom[i].args.dom] = false;	/* RECORD_RESET */
	}
	if (gctrl)
		nvkm_wr32(device, NV40_PCOUNTER_GCTRL, 0);
	rec->active = true;
}

/* Make the domain send its last packet, wait for it, leave record mode. */
static void
nvkm_record_hw_stop_dom(struct nvkm_pm_record *prec, struct nvkm_record_dom *rd)
{
	struct nvkm_pm *pm = prec->pm;
	struct nvkm_device *device = nvkm_record_device(pm);
	int d = rd->args.dom, us;
	unsigned long flags;
	u64 before;
	u32 ctrl;

	raw_spin_lock_irqsave(&pm->lock, flags);
	/*
	 * Out of record mode nothing is sent while the limit drops to 0 and
	 * STOP is forced on (the clock runs between two writes): back in
	 * record mode, the first packet sent is the last.
	 */
	ctrl = nvkm_rd32(device, NV40_PCOUNTER_CTRL(d));
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), ctrl & ~NV40_PCOUNTER_CTRL_MODE);
	nvkm_record_observe(pm, rd);
	before = rd->pos;
	nvkm_wr32(device, NV40_PCOUNTER_RECORD_LIMIT(d), 0);
	nvkm_wr32(device, NV40_PCOUNTER_STOP_OP(d), NVKM_PM_RECORD_OP_ONE);
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), ctrl);
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	nvkm_record_say(pm);

	/* At the end of its window it is not valid: nothing more goes out. */
	if (before < rd->win_end && !(rd->flags & NVPM_RECORD_FAULT)) {
		ktime_t t0 = ktime_get();

		/* FLUSH_US of waiting, by the clock and by the delays made */
		for (us = 0; rd->pos == before; us++) {
			if (us >= NVKM_PM_RECORD_FLUSH_US &&
			    ktime_us_delta(ktime_get(), t0) >= NVKM_PM_RECORD_FLUSH_US)
				break;
			nvkm_record_delay(prec, 1);
			raw_spin_lock_irqsave(&pm->lock, flags);
			nvkm_record_observe(pm, rd);
			raw_spin_unlock_irqrestore(&pm->lock, flags);
			nvkm_record_say(pm);
		}
		prec->dirty[d] = rd->pos == before;
		nvkm_record_delay(prec, NVKM_PM_RECORD_LAND_US);
	}

	raw_spin_lock_irqsave(&pm->lock, flags);
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), NV_PCOUNTER_MODE_SINGLE);
	nvkm_wr32(device, NV40_PCOUNTER_STOP_OP(d), 0);
	nvkm_record_observe(pm, rd);
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	nvkm_record_say(pm);
	if (prec->dirty[d])
		nvkm_warn(&pm->engine.subdev, "domain %s: its last record packet did not go out\n",
			  pm->dom[d].name);
}

/* --- polling -------------------------------------------------------------- */

/* Observe, re-arm, account; @read: per domain, or NULL for no news. */
static void
nvkm_record_poll_session(struct nvkm_pm *pm, struct nvkm_record *rec, const u64 *read)
{
	unsigned long flags;
	int i;

	if (rec->active && pm->rec->running) {
		raw_spin_lock_irqsave(&pm->lock, flags);
		for (i = 0; i < rec->nr; i++) {
			struct nvkm_record_dom *rd = &rec->dom[i];

			nvkm_record_observe(pm, rd);
			if (!(rd->flags & NVPM_RECORD_FAULT))
				nvkm_record_rearm(pm, rec, rd);
		}
		raw_spin_unlock_irqrestore(&pm->lock, flags);
		nvkm_record_say(pm);
	}
	for (i = 0; i < rec->nr; i++)
		nvkm_record_account(&rec->dom[i], read ? read[i] : 0);
}

static void
nvkm_record_poll_locked(struct nvkm_pm_record *prec)
{
	struct nvkm_record *rec;

	list_for_each_entry(rec, &prec->sessions, head)
		nvkm_record_poll_session(prec->pm, rec, NULL);
}

static void
nvkm_record_schedule(struct nvkm_pm_record *prec)
{
	if (prec->running && prec->poll_ms && !list_empty(&prec->sessions))
		schedule_delayed_work(&prec->poll, msecs_to_jiffies(prec->poll_ms));
}

static void
nvkm_record_poll_work(struct work_struct *work)
{
	struct nvkm_pm_record *prec = container_of(to_delayed_work(work),
						   struct nvkm_pm_record, poll);

	mutex_lock(&prec->mutex);
	nvkm_record_poll_locked(prec);
	nvkm_record_schedule(prec);
	mutex_unlock(&prec->mutex);
}

/**
 * nvkm_record_poll() - look at every running session now
 * @pm: the engine
 *
 * What the poll work does: update the accounts, re-arm domains near the
 * end of their window, notice faults.  One RECORD_STATUS read per domain
 * (and four more accesses per re-arm).
 */
void
nvkm_record_poll(struct nvkm_pm *pm)
{
	if (!pm->rec)
		return;
	mutex_lock(&pm->rec->mutex);
	nvkm_record_poll_locked(pm->rec);
	mutex_unlock(&pm->rec->mutex);
}

/**
 * nvkm_record_clock() - how the engine waits for the GPU (for tests)
 * @pm: the engine
 * @delay: called instead of sleeping, with microseconds; NULL to sleep
 * @priv: its argument
 * @poll_ms: period of the poll work, 0 for none
 */
void
nvkm_record_clock(struct nvkm_pm *pm, void (*delay)(void *priv, unsigned int us),
		  void *priv, unsigned int poll_ms)
{
	if (!pm->rec)
		return;
	mutex_lock(&pm->rec->mutex);
	pm->rec->delay = delay;
	pm->rec->delay_priv = priv;
	pm->rec->poll_ms = poll_ms;
	mutex_unlock(&pm->rec->mutex);
	if (!poll_ms)
		cancel_delayed_work_sync(&pm->rec->poll);
}

/* --- sessions ------------------------------------------------------------- */

static int
nvkm_record_validate_dom(struct nvkm_pm *pm, bool shrt, const struct nvkm_record_dom_args *a)
{
	const struct nvkm_pm_dom *dom;
	int i;

	/* PCOUNTER's domains only: not the idle counters' */
	if (a->dom >= pm->nr_doms || pm->dom[a->dom].layout)
		return -ENOENT;
	dom = &pm->dom[a->dom];
	if (a->nr_signals > (shrt ? NVPM_RECORD_SHORT_SIGNALS : NVPM_RECORD_SIGNALS))
		return -EINVAL;
	for (i = 0; i < NVPM_RECORD_SIGNALS; i++) {
		if (i < a->nr_signals ? a->signal[i] >= dom->nr_signals : a->signal[i])
			return -EINVAL;
	}
	if (a->flags & ~NVPM_RECORD_STOP_EDGE)
		return -EINVAL;
	switch (a->stop) {
	case NVPM_RECORD_STOP_PERIODIC:
		if (a->stop_arg < 1 || a->stop_arg > 7)
			return -EINVAL;
		break;
	case NVPM_RECORD_STOP_SIGNAL:
		if (a->stop_arg >= dom->nr_signals)
			return -EINVAL;
		break;
	case NVPM_RECORD_STOP_USER:
		if (a->stop_arg || !pm->func->record->user_signal ||
		    pm->func->record->user_signal(pm, a->dom) < 0)
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	if (a->stop != NVPM_RECORD_STOP_SIGNAL && (a->flags & NVPM_RECORD_STOP_EDGE))
		return -EINVAL;
	if (!a->ring || !a->ring_size || !PAGE_ALIGNED(a->ring) ||
	    !IS_ALIGNED(a->ring_size, NVKM_VMM_PAGE))
		return -EINVAL;
	return 0;
}

/*
 * A lent window, by the reference's rules (pcounter_intro.rst, "Record
 * mode setup"): RECORD_START and RECORD_LIMIT keep bits 4-31 (16-byte
 * alignment); the position is 32 bits, so a window lies in one 4 GiB
 * block, the one RECORD_ADDRESS_HIGH names (G92+) or the first (G84:G92);
 * and every byte PCOUNTER can write - up to the end of the window, the
 * last packet ending there - is inside the DMA object, so none faults.
 */
static int
nvkm_record_validate_win(struct nvkm_pm *pm, const struct nvkm_record_space *space,
			 const struct nvkm_record_dom_args *a, u64 *end)
{
	u64 size;

	if (a->copies < NVKM_RECORD_COPIES_MIN || a->copies > NVKM_RECORD_COPIES_MAX)
		return -EINVAL;
	if (!IS_ALIGNED(a->win, G84_PCOUNTER_RECORD_ALIGN))
		return -EINVAL;
	if (check_mul_overflow(a->ring_size, (u64)a->copies, &size) ||
	    check_add_overflow(a->win, size, end))
		return -EINVAL;
	if (*end - 1 > space->limit)
		return -EINVAL;
	if (upper_32_bits(a->win) != upper_32_bits(*end - 1))
		return -EINVAL;
	if (!pm->func->record->address_high && upper_32_bits(*end - 1))
		return -EINVAL;
	return 0;
}

static int
nvkm_record_validate_space(struct nvkm_pm *pm, const struct nvkm_record_args *args)
{
	const struct nvkm_record_space *space = args->space;
	u64 end[NVPM_RECORD_MAX_DOMAINS];
	int i, j, ret;

	if (space->chan & ~NV40_PCOUNTER_RECORD_CHAN_CHAN || !space->dma)
		return -EINVAL;
	for (i = 0; i < args->nr_doms; i++) {
		ret = nvkm_record_validate_win(pm, space, &args->dom[i], &end[i]);
		if (ret)
			return ret;
		/* one domain's packets never land in another's ring */
		for (j = 0; j < i; j++) {
			if (args->dom[i].win < end[j] && args->dom[j].win < end[i])
				return -EINVAL;
		}
	}
	return 0;
}

static int
nvkm_record_validate(struct nvkm_pm *pm, const struct nvkm_record_args *args)
{
	int i, j, ret;

	if (!pm->rec)
		return -EOPNOTSUPP;
	if (!args->nr_doms || args->nr_doms > NVPM_RECORD_MAX_DOMAINS)
		return -E2BIG;
	for (i = 0; i < args->nr_doms; i++) {
		ret = nvkm_record_validate_dom(pm, args->shrt, &args->dom[i]);
		if (ret)
			return ret;
		for (j = 0; j < i; j++) {
			if (args->dom[j].dom == args->dom[i].dom)
				return -EBUSY;
		}
	}
	return args->space ? nvkm_record_validate_space(pm, args) : 0;
}

/* Take the domains; pm->lock held.  Nothing is taken on failure. */
static int
nvkm_record_claim(struct nvkm_pm_record *prec, struct nvkm_record *rec)
{
	struct nvkm_pm *pm = prec->pm;
	struct nvkm_device *device = nvkm_record_device(pm);
	bool others = false;
	struct nvkm_record *o;
	int i, d;

	list_for_each_entry(o, &prec->sessions, head)
		others |= o->active;
	for (i = 0; i < rec->nr; i++) {
		d = rec->dom[i].args.dom;
		/* a fault from before this driver (or a reset) still wedges it */
		if (nvkm_rd32(device, NV40_PCOUNTER_RECORD_STATUS(d)) &
		    NV40_PCOUNTER_RECORD_STATUS_FAULT)
			nvkm_record_wedge(pm, &rec->dom[i]);
		if (pm->dom[d].wedged)
			return -EIO;
		if (pm->dom[d].nr_groups || pm->dom[d].record || (prec->dirty[d] && others))
			return -EBUSY;
	}
	for (i = 0; i < rec->nr; i++)
		pm->dom[rec->dom[i].args.dom].record = rec;
	return 0;
}

static void
nvkm_record_release(struct nvkm_pm *pm, struct nvkm_record *rec)
{
	unsigned long flags;
	int i;

	raw_spin_lock_irqsave(&pm->lock, flags);
	for (i = 0; i < rec->nr; i++) {
		if (pm->dom[rec->dom[i].args.dom].record == rec)
			pm->dom[rec->dom[i].args.dom].record = NULL;
	}
	raw_spin_unlock_irqrestore(&pm->lock, flags);
}

/*
 * Give back the held windows of domains that can no longer send there:
 * RECORD_RESET (a session recording alone) or a GPU reset cleared them.
 */
static void
nvkm_record_unhold(struct nvkm_pm_record *prec)
{
	int d;

	for (d = 0; prec->vmm && d < NV40_PCOUNTER_DOMS; d++) {
		if (!prec->held[d] || prec->dirty[d] || prec->pm->dom[d].wedged)
			continue;
		nvkm_vmm_put(prec->vmm, prec->held[d]);
		prec->held[d] = 0;
	}
}

/* Sessions in the engine's own space, @rec's not counted. */
static bool
nvkm_record_own_sessions(struct nvkm_pm_record *prec)
{
	struct nvkm_record *rec;

	list_for_each_entry(rec, &prec->sessions, head) {
		if (!rec->space)
			return true;
	}
	return false;
}

/* The session's windows: back to the space, or held (see above). */
static void
nvkm_record_own_unmap(struct nvkm_pm_record *prec, struct nvkm_record *rec)
{
	int i, d;

	for (i = 0; i < rec->nr; i++) {
		struct nvkm_record_dom *rd = &rec->dom[i];

		d = rd->args.dom;
		if (!rd->win)
			continue;
		if (rd->started && (prec->dirty[d] || (rd->flags & NVPM_RECORD_FAULT))) {
			/*
			 * An earlier window held for the domain is silent: the
			 * domain was recorded on since, after a reset.
			 */
			if (prec->held[d])
				nvkm_vmm_put(prec->vmm, prec->held[d]);
			nvkm_vmm_unmap(prec->vmm, rd->win);
			prec->held[d] = rd->win;
		} else {
			nvkm_vmm_put(prec->vmm, rd->win);
		}
		rd->win = 0;
	}
	/*
	 * The last session out takes the address space: a fresh one is free.
	 * One RECORD_CHAN still names keeps its number (and no mapping) until
	 * a new binding replaces it, so that no other space is given it.
	 */
	if (!nvkm_record_own_sessions(prec) && prec->vmm) {
		if (prec->bound && prec->bind_chan == nvkm_vmm_chan(prec->vmm) &&
		    prec->bind_dma == prec->dma_sel) {
			nvkm_vmm_del(&prec->retired);
			prec->retired = prec->vmm;
			prec->vmm = NULL;
			prec->bound = false;
		}
		nvkm_vmm_del(&prec->vmm);
		memset(prec->held, 0, sizeof(prec->held));
	}
}

static int
nvkm_record_vmm_new(struct nvkm_pm_record *prec)
{
	int ret;

	if (prec->vmm)
		return 0;
	/* record mode is G84+: its channel structure layout */
	ret = nvkm_vmm_new(nvkm_record_device(prec->pm), G84_CHAN_PGD, &prec->vmm);
	if (ret)
		return ret;
	/* PCOUNTER is VM engine 0xb (memory_g80-vm.rst), flushed with the space */
	nvkm_vmm_engine(prec->vmm, NV50_VM_ENGINE_PCOUNTER);
	ret = nvkm_vmm_dma(prec->vmm, NVKM_PM_RECORD_DMA, 0, BIT_ULL(NVKM_VMM_BITS) - 1);
	if (ret)
		nvkm_vmm_del(&prec->vmm);
	else
		prec->dma_sel = nvkm_vmm_dma_sel(prec->vmm, NVKM_PM_RECORD_DMA);
	return ret;
}

static int
nvkm_record_own_map(struct nvkm_pm_record *prec, struct nvkm_record *rec)
{
	u32 flags = prec->pm->func->record->vmm_flags;
	int i, ret;

	ret = nvkm_record_vmm_new(prec);
	if (!ret) {
		rec->chan = nvkm_vmm_chan(prec->vmm);
		rec->dma = prec->dma_sel;
	}
	for (i = 0; !ret && i < rec->nr; i++) {
		struct nvkm_record_dom *rd = &rec->dom[i];
		u64 size = rd->args.ring_size;
		u32 copies = clamp_t(u64, NVKM_PM_RECORD_WINDOW / size,
				     NVKM_RECORD_COPIES_MIN, NVKM_RECORD_COPIES_MAX);

		ret = nvkm_vmm_map_repeat(prec->vmm, rd->args.ring, size, copies, flags,
					  &rd->win);
		if (ret) {
			rd->win = 0;
			break;
		}
		rd->win_end = rd->win + size * copies;
	}
	return ret;
}

/* The engine's own space: nvpm's channel and VM. */
static const struct nvkm_record_space_func
nvkm_record_own_space = {
	.map = nvkm_record_own_map,
	.unmap = nvkm_record_own_unmap,
};

/* A lent space: the host mapped the windows, checked at validation. */
static int
nvkm_record_lent_map(struct nvkm_pm_record *prec, struct nvkm_record *rec)
{
	int i;

	rec->chan = rec->space->chan;
	rec->dma = rec->space->dma;
	for (i = 0; i < rec->nr; i++) {
		struct nvkm_record_dom *rd = &rec->dom[i];

		rd->win = rd->args.win;
		rd->win_end = rd->win + rd->args.ring_size * rd->args.copies;
	}
	return 0;
}

/*
 * The host takes its windows back after this.  A domain whose last packet
 * did not go out might still send into them: RECORD_RESET silences it
 * when no other session records (it clears every domain); otherwise the
 * lender's memory could be written after it is gone, and that is said.
 */
static void
nvkm_record_lent_unmap(struct nvkm_pm_record *prec, struct nvkm_record *rec)
{
	struct nvkm_pm *pm = prec->pm;
	struct nvkm_device *device = nvkm_record_device(pm);
	struct nvkm_record *o;
	bool others = false;
	unsigned long flags;
	int i, d;

	list_for_each_entry(o, &prec->sessions, head)
		others |= o->active;
	for (i = 0; i < rec->nr; i++) {
		d = rec->dom[i].args.dom;
		if (!rec->dom[i].started || !prec->dirty[d])
			continue;
		if (others || !prec->running) {
			nvkm_error(&pm->engine.subdev,
				   "domain %s: may still send into a record buffer that is going\n",
				   pm->dom[d].name);
			continue;
		}
		raw_spin_lock_irqsave(&pm->lock, flags);
		nvkm_wr32(device, NV40_PCOUNTER_GCTRL, NV40_PCOUNTER_GCTRL_RECORD_RESET);
		nvkm_wr32(device, NV40_PCOUNTER_GCTRL, 0);
		raw_spin_unlock_irqrestore(&pm->lock, flags);
		prec->dirty[d] = false;
	}
	for (i = 0; i < rec->nr; i++)
		rec->dom[i].win = 0;
}

static const struct nvkm_record_space_func
nvkm_record_lent_space = {
	.map = nvkm_record_lent_map,
	.unmap = nvkm_record_lent_unmap,
};

/* Every running session shares RECORD_CHAN and RECORD_DMA. */
static bool
nvkm_record_binding_free(struct nvkm_pm_record *prec, const struct nvkm_record *rec)
{
	struct nvkm_record *o;

	list_for_each_entry(o, &prec->sessions, head) {
		if (o->active && (o->chan != rec->chan || o->dma != rec->dma))
			return false;
	}
	return true;
}

/* nvkm_record_new() once the request is valid: @rec is zeroed. */
static int
nvkm_record_start(struct nvkm_pm *pm, const struct nvkm_record_args *args,
		  struct nvkm_record *rec)
{
	struct nvkm_pm_record *r = pm->rec;
	unsigned long flags;
	int i, ret;

	rec->pm = pm;
	rec->space = args->space;
	rec->func = rec->space ? &nvkm_record_lent_space : &nvkm_record_own_space;
	rec->shrt = args->shrt;
	rec->nr = args->nr_doms;
	for (i = 0; i < rec->nr; i++) {
		struct nvkm_record_dom *rd = &rec->dom[i];

		rd->args = args->dom[i];
		rd->pkt = rec->shrt ? G84_PCOUNTER_RECORD_SHORT_SIZE :
				      G84_PCOUNTER_RECORD_LONG_SIZE;
		rd->slots = rd->args.ring_size / rd->pkt;
	}

	mutex_lock(&r->mutex);
	if (!r->running) {
		ret = -ENODEV;
		goto unlock;
	}
	raw_spin_lock_irqsave(&pm->lock, flags);
	ret = nvkm_record_claim(r, rec);
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	nvkm_record_say(pm);
	if (ret)
		goto unlock;
	ret = rec->func->map(r, rec);
	if (!ret && !nvkm_record_binding_free(r, rec))
		ret = -EBUSY;
	if (ret) {
		nvkm_record_release(pm, rec);
		rec->func->unmap(r, rec);
		goto unlock;
	}

	raw_spin_lock_irqsave(&pm->lock, flags);
	nvkm_record_hw_start(r, rec);
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	/* RECORD_CHAN names the new space now: the old number is free */
	nvkm_vmm_del(&r->retired);
	nvkm_record_unhold(r);
	list_add_tail(&rec->head, &r->sessions);
	nvkm_record_schedule(r);
unlock:
	mutex_unlock(&r->mutex);
	return ret;
}

/**
 * nvkm_record_new() - start a record session
 * @pm: the engine
 * @args: what to record where
 * @prec: the session
 *
 * With a space lent by the host (@args->space), the session owns it from
 * here: its release is called once, on failure before this returns.
 *
 * Return: 0; -EOPNOTSUPP without record mode, -E2BIG for no or too many
 * domains, -ENOENT for an unknown domain, -EINVAL for a request the
 * hardware cannot run or a lent window that breaks the reference's rules,
 * -EBUSY when a domain is held or named twice, or sessions in another
 * space record, -EIO when one is wedged, -ENODEV when the device is down,
 * -ENOSPC when the GPU address space is used up, -ENOMEM.  On failure
 * nothing changed.
 */
int
nvkm_record_new(struct nvkm_pm *pm, const struct nvkm_record_args *args,
		struct nvkm_record **prec)
{
	struct nvkm_record *rec;
	int ret;

	*prec = NULL;
	ret = nvkm_record_validate(pm, args);
	rec = ret ? NULL : kzalloc(sizeof(*rec), GFP_KERNEL);
	if (!ret && !rec)
		ret = -ENOMEM;
	if (!ret)
		ret = nvkm_record_start(pm, args, rec);
	if (!ret) {
		*prec = rec;
		return 0;
	}
	kfree(rec);
	if (args->space && args->space->release)
		args->space->release(args->space);
	return ret;
}

/*
 * The newest packet is in memory once the hardware was looked at LAND_US
 * after it was seen sent: judged by when RECORD_STATUS was last read, not
 * by the time now.  The CPU may stall between that read and now (a busy
 * host) while what the engine knows of the GPU stays as of the read.
 */
static int
nvkm_record_fill(struct nvkm_record *rec, struct nvkm_record_status *st)
{
	int i, ret = 0;

	for (i = 0; i < rec->nr; i++) {
		const struct nvkm_record_dom *rd = &rec->dom[i];
		bool settled = !rec->active ||
			       ktime_us_delta(rd->seen, rd->moved) >= NVKM_PM_RECORD_LAND_US;

		st[i].written = rd->written;
		st[i].ready = rd->written && !settled ? rd->written - 1 : rd->written;
		st[i].tail = rd->tail;
		st[i].lost = rd->lost;
		st[i].position = (rd->written % rd->slots) * rd->pkt;
		st[i].wraps = div64_u64(rd->written, rd->slots);
		st[i].rearms = rd->rearms;
		st[i].gaps = rd->gaps;
		st[i].flags = rd->flags | (rec->active ? 0 : NVPM_RECORD_STOPPED);
		if (rd->flags & NVPM_RECORD_FAULT)
			ret = -EIO;
	}
	return ret;
}

/**
 * nvkm_record_status() - where a session stands
 * @rec: the session
 * @read: per domain, packets the reader is done with, or NULL
 * @trigger: pulse USER_0 of the domains recording on a USER trigger first
 * @st: per domain, the status
 *
 * Return: 0, or -EIO when a domain is wedged (@st is filled in all the
 * same).
 */
int
nvkm_record_status(struct nvkm_record *rec, const u64 *read, bool trigger,
		   struct nvkm_record_status *st)
{
	struct nvkm_pm *pm = rec->pm;
	struct nvkm_device *device = nvkm_record_device(pm);
	unsigned long flags;
	int i, ret;

	mutex_lock(&pm->rec->mutex);
	if (trigger && rec->active && pm->rec->running) {
		raw_spin_lock_irqsave(&pm->lock, flags);
		for (i = 0; i < rec->nr; i++) {
			if (rec->dom[i].args.stop == NVPM_RECORD_STOP_USER)
				nvkm_wr32(device, NV40_PCOUNTER_USER_TRIGGER(rec->dom[i].args.dom),
					  BIT(0) | BIT(2));	/* USER_0, one cycle */
		}
		raw_spin_unlock_irqrestore(&pm->lock, flags);
	}
	nvkm_record_poll_session(pm, rec, read);
	ret = nvkm_record_fill(rec, st);
	mutex_unlock(&pm->rec->mutex);
	return ret;
}

/**
 * nvkm_record_nr_doms() - domains of a session
 * @rec: the session
 *
 * Return: their number.
 */
int
nvkm_record_nr_doms(struct nvkm_record *rec)
{
	return rec->nr;
}

/**
 * nvkm_record_window() - where a domain's window is (for tests)
 * @rec: the session
 * @i: the domain's index in the session
 * @size: its bytes
 *
 * Return: its GPU address.
 */
u64
nvkm_record_window(struct nvkm_record *rec, int i, u64 *size)
{
	*size = rec->dom[i].win_end - rec->dom[i].win;
	return rec->dom[i].win;
}

/**
 * nvkm_record_vmm() - the address space of the record buffers (for tests)
 * @pm: the engine
 *
 * Return: the space, NULL while no session exists.
 */
struct nvkm_vmm *
nvkm_record_vmm(struct nvkm_pm *pm)
{
	return pm->rec ? pm->rec->vmm : NULL;
}

/**
 * nvkm_record_del() - stop a session and free it
 * @prec: the session; set to NULL
 * @st: per domain, the final status, or NULL
 *
 * Each domain writes one last packet (the counts since its last STOP),
 * leaves record mode and is free again; the rings are no longer written
 * once this returns.
 *
 * Return: 0, or -EIO when a domain is wedged (the session is freed).
 */
int
nvkm_record_del(struct nvkm_record **prec, struct nvkm_record_status *st)
{
	struct nvkm_record_status tmp[NVPM_RECORD_MAX_DOMAINS];
	struct nvkm_record *rec = *prec;
	struct nvkm_pm_record *r;
	int i, ret;

	if (!rec)
		return 0;
	r = rec->pm->rec;
	mutex_lock(&r->mutex);
	if (rec->active && r->running) {
		for (i = 0; i < rec->nr; i++)
			nvkm_record_hw_stop_dom(r, &rec->dom[i]);
	}
	rec->active = false;
	for (i = 0; i < rec->nr; i++)
		nvkm_record_account(&rec->dom[i], 0);
	ret = nvkm_record_fill(rec, st ?: tmp);
	list_del(&rec->head);
	nvkm_record_release(rec->pm, rec);
	rec->func->unmap(r, rec);
	mutex_unlock(&r->mutex);
	if (rec->space && rec->space->release)
		rec->space->release(rec->space);
	kfree(rec);
	*prec = NULL;
	return ret;
}

/* --- the engine's life ---------------------------------------------------- */

int
nvkm_record_oneinit(struct nvkm_pm *pm)
{
	struct nvkm_pm_record *prec;

	if (!pm->func->record)
		return 0;
	prec = kzalloc(sizeof(*prec), GFP_KERNEL);
	if (!prec)
		return -ENOMEM;
	prec->pm = pm;
	mutex_init(&prec->mutex);
	INIT_LIST_HEAD(&prec->sessions);
	INIT_DELAYED_WORK(&prec->poll, nvkm_record_poll_work);
	prec->poll_ms = NVKM_PM_RECORD_POLL_MS;
	pm->rec = prec;
	return 0;
}

/*
 * After a reset or resume: the binding is gone (the sessions stopped at
 * fini), and a domain whose FAULT bit reads clear is no longer wedged.
 */
void
nvkm_record_init(struct nvkm_pm *pm)
{
	struct nvkm_pm_record *prec = pm->rec;
	struct nvkm_device *device = nvkm_record_device(pm);
	unsigned long flags, freed = 0;
	int d;

	if (!prec)
		return;
	mutex_lock(&prec->mutex);
	prec->bound = false;
	raw_spin_lock_irqsave(&pm->lock, flags);
	for (d = 0; d < pm->nr_doms; d++) {
		if (pm->dom[d].layout || !pm->dom[d].wedged ||
		    (nvkm_rd32(device, NV40_PCOUNTER_RECORD_STATUS(d)) &
		     NV40_PCOUNTER_RECORD_STATUS_FAULT))
			continue;
		pm->dom[d].wedged = false;
		prec->dirty[d] = false;
		freed |= BIT(d);
	}
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	for_each_set_bit(d, &freed, NV40_PCOUNTER_DOMS)
		nvkm_debug(&pm->engine.subdev, "domain %s: no longer wedged\n", pm->dom[d].name);
	prec->running = true;
	mutex_unlock(&prec->mutex);
}

/*
 * Suspend or removal: running sessions stop as RECORD_STOP stops them
 * (the last packets, out of record mode) and report INTERRUPTED; they
 * stay until deleted.  The hardware is not touched again until init.
 */
void
nvkm_record_fini(struct nvkm_pm *pm)
{
	struct nvkm_pm_record *prec = pm->rec;
	struct nvkm_record *rec;
	int i;

	if (!prec)
		return;
	mutex_lock(&prec->mutex);
	list_for_each_entry(rec, &prec->sessions, head) {
		for (i = 0; rec->active && prec->running && i < rec->nr; i++) {
			nvkm_record_hw_stop_dom(prec, &rec->dom[i]);
			rec->dom[i].flags |= NVPM_RECORD_INTERRUPTED;
		}
		rec->active = false;
	}
	prec->running = false;
	mutex_unlock(&prec->mutex);
	cancel_delayed_work_sync(&prec->poll);
}

void
nvkm_record_dtor(struct nvkm_pm *pm)
{
	struct nvkm_pm_record *prec = pm->rec;

	if (!prec)
		return;
	cancel_delayed_work_sync(&prec->poll);
	WARN_ON(!list_empty(&prec->sessions));
	nvkm_vmm_del(&prec->vmm);
	nvkm_vmm_del(&prec->retired);
	mutex_destroy(&prec->mutex);
	kfree(prec);
	pm->rec = NULL;
}

/* --- generations ------------------------------------------------------------ */

/* G84:G92: the high 8 bits of the address are 0: the low 4 GiB only. */
const struct nvkm_pm_record_func
g84_pm_record = {
	.vmm_flags = NVKM_VMM_LOW_4G | NVKM_VMM_NO_4G_CROSS,
};

/* G92+: RECORD_ADDRESS_HIGH picks the 4 GiB block; the position wraps in it. */
const struct nvkm_pm_record_func
g92_pm_record = {
	.vmm_flags = NVKM_VMM_NO_4G_CROSS,
	.address_high = true,
};
