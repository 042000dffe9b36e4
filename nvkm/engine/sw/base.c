// SPDX-License-Identifier: MIT
/*
 * The software class: counter sampling in the command stream.
 *
 * Its methods run in the FIFO's interrupt handler, with the channel's lock
 * (the FIFO's spinlock) held: each does a bounded amount of work, touches
 * only what ioctls set up beforehand (the notifier, pinned and mapped; the
 * counter groups, which their owner removes from the staging set before
 * freeing them), never sleeps and never allocates.  Bad data never stops
 * the channel: it becomes an error entry in the notifier ring (or, without
 * a ring yet, a count).
 *
 * A counter's interval is what it counted between the two latest SAMPLEs.
 * A SAMPLE triggers the hardware latch (nvkm_pm_trigger()), which lands a
 * cycle later; the next software method collects it without waiting
 * (nvkm_pm_collect_groups(); the FIFO runs at least one cycle between two
 * methods, so it has landed by then) and reads the totals as the READ
 * ioctl does (nvkm_pm_group_read()), leaving the group's flags to READ.
 */
#include <linux/bitfield.h>
#include <nvkm/core/clock.h>
#include <nvkm/engine/pm.h>
#include <nvkm/engine/sw.h>
#include <nvkm/hw/fifo.h>

/* COUNTER_ADD's decoding undoes NVPM_SW_COUNTER_GROUP() (handles below 1 << 24). */
static_assert(NVPM_SW_COUNTER_GROUP(0xffffff, 0) == NVKM_SW_COUNTER_HANDLE);
static_assert(NVPM_SW_COUNTER_GROUP(0, 1) == (NVKM_SW_COUNTER_CTR & -NVKM_SW_COUNTER_CTR));
static_assert(!(NVPM_SW_COUNTER_GLOBAL & (NVKM_SW_COUNTER_HANDLE | NVKM_SW_COUNTER_CTR)));

static struct drm_nvpm_notifier_header *
nvkm_sw_header(struct nvkm_sw_chan *sw)
{
	return sw->ntfy;
}

static struct drm_nvpm_notifier_entry *
nvkm_sw_entry(struct nvkm_sw_chan *sw, u64 n)
{
	struct drm_nvpm_notifier_entry *ring = sw->ntfy + NVKM_SW_NTFY_RING_OFFSET;

	return &ring[n & (sw->ring_size - 1)];
}

/*
 * Write the next ring entry: its sequence goes BUSY first and gets its
 * value last, so that a reader can tell a torn entry.  The notifier is
 * userspace's to scribble on: what the kernel reads back from it (@read,
 * the header's read_sequence, and the entry overwritten) only decides
 * whether an overwritten entry counts as lost.
 */
static void
nvkm_sw_put(struct nvkm_sw_chan *sw, u64 read, u64 seq, u32 counter, u32 flags,
	    u64 cycles, u64 value)
{
	struct drm_nvpm_notifier_entry *e = nvkm_sw_entry(sw, sw->written);

	if (read && sw->written >= sw->ring_size) {
		u64 old = READ_ONCE(e->sequence);

		if (old != NVPM_NOTIFY_SEQ_BUSY && old > read &&
		    !(READ_ONCE(e->flags) & NVPM_NOTIFY_METHOD))
			sw->lost++;
	}

	WRITE_ONCE(e->sequence, NVPM_NOTIFY_SEQ_BUSY);
	smp_wmb();	/* BUSY before the fields */
	WRITE_ONCE(e->counter, counter);
	WRITE_ONCE(e->flags, flags);
	WRITE_ONCE(e->cycles, cycles);
	WRITE_ONCE(e->value, value);
	smp_wmb();	/* the fields before the sequence */
	WRITE_ONCE(e->sequence, seq);
	sw->written++;
}

/* After entries: the header's counts, then (a READOUT) its sequence. */
static void
nvkm_sw_publish(struct nvkm_sw_chan *sw, bool readout)
{
	struct drm_nvpm_notifier_header *h = nvkm_sw_header(sw);

	smp_wmb();	/* the entries before the header */
	WRITE_ONCE(h->write_index, lower_32_bits(sw->written));
	WRITE_ONCE(h->lost, sw->lost);
	WRITE_ONCE(h->errors, sw->errors);
	if (!readout)
		return;
	smp_wmb();	/* the counts before the sequence */
	WRITE_ONCE(h->sequence, sw->sequence);
}

/* A method could not do what it was asked: say so in the ring. */
static void
nvkm_sw_error(struct nvkm_sw_chan *sw, u32 mthd, u32 code, u32 data)
{
	sw->errors++;
	if (!sw->bound)
		return;
	nvkm_sw_put(sw, READ_ONCE(nvkm_sw_header(sw)->read_sequence), sw->sequence, code,
		    NVPM_NOTIFY_ERROR | NVPM_NOTIFY_METHOD, mthd, data);
	nvkm_sw_publish(sw, false);
}

/* The distinct counter groups of the pending latch. */
static int
nvkm_sw_groups(struct nvkm_sw_chan *sw, struct nvkm_pm_group **grps)
{
	int i, j, nr = 0;

	for (i = 0; i < sw->nr_ctr; i++) {
		struct nvkm_sw_ctr *c = &sw->ctr[i];

		if (!c->grp || !c->in_latch)
			continue;
		for (j = 0; j < nr && grps[j] != c->grp; j++)
			;
		if (j == nr)
			grps[nr++] = c->grp;
	}
	return nr;
}

static void
nvkm_sw_shift(struct nvkm_sw_ctr *c, u64 val, u64 cyc)
{
	c->prev_val = c->last_val;
	c->prev_cyc = c->last_cyc;
	c->last_val = val;
	c->last_cyc = cyc;
	c->samples++;
}

/*
 * Collect the device's latch: whoever triggered the last one (this
 * channel, another, a SAMPLE ioctl), every group gets its counts before a
 * new one is triggered, so that none is lost; the groups of this channel's
 * pending latch count a sample.  Register accesses only.
 */
static int
nvkm_sw_latch(struct nvkm_sw_chan *sw)
{
	struct nvkm_pm_group *grps[NVPM_SW_STAGING_MAX];
	int nr = sw->latch_pending ? nvkm_sw_groups(sw, grps) : 0;

	return nvkm_pm_collect_groups(sw->pm, grps, nr, false);
}

/*
 * A counter's group's totals, as READ gives them.  Its SATURATED and LOST
 * flags stay set until READ clears them: report them when they appear.
 */
static void
nvkm_sw_ctr_take(struct nvkm_sw_ctr *c, const struct nvkm_pm_group_result *res)
{
	bool saturated = res->ctr_flags[c->ctr] & NVPM_READ_SATURATED;
	bool lost = res->flags & NVPM_READ_LOST;

	nvkm_sw_shift(c, res->value[c->ctr], res->cycles);
	if (saturated && !c->saturated)
		c->flags |= NVPM_NOTIFY_SATURATED;
	if (lost && !c->lost)
		c->flags |= NVPM_NOTIFY_LOST;
	c->saturated = saturated;
	c->lost = lost;
}

/* The collected latch, into the counters of this channel that were in it. */
static void
nvkm_sw_take(struct nvkm_sw_chan *sw)
{
	struct nvkm_pm_group_result res;
	int i, j;

	if (!sw->latch_pending)
		return;
	sw->latch_pending = false;
	for (i = 0; i < sw->nr_ctr; i++) {
		struct nvkm_sw_ctr *c = &sw->ctr[i];

		if (!c->in_latch)
			continue;
		c->in_latch = false;
		if (!c->grp)
			continue;
		/* one read for this counter's group, for all its counters */
		nvkm_pm_group_read(c->grp, &res, 0);
		nvkm_sw_ctr_take(c, &res);
		for (j = i + 1; j < sw->nr_ctr; j++) {
			struct nvkm_sw_ctr *d = &sw->ctr[j];

			if (d->in_latch && d->grp == c->grp) {
				d->in_latch = false;
				nvkm_sw_ctr_take(d, &res);
			}
		}
	}
}

/* Collect this channel's pending latch, if any; false if it has not landed. */
static bool
nvkm_sw_collect(struct nvkm_sw_chan *sw, u64 *mmio_ns)
{
	u64 t;
	int ret;

	if (!sw->latch_pending)
		return true;
	t = nvkm_clock_ns();
	ret = nvkm_sw_latch(sw);
	*mmio_ns += nvkm_clock_ns() - t;
	if (ret)
		return false;
	nvkm_sw_take(sw);
	return true;
}

static void
nvkm_sw_set_notify(struct nvkm_sw_chan *sw, u32 data)
{
	if (!sw->ntfy || data != sw->ntfy_handle) {
		nvkm_sw_error(sw, NVPM_SW_SET_NOTIFY, NVPM_SW_ERR_BAD_NOTIFIER, data);
		return;
	}
	sw->bound = true;
	nvkm_sw_publish(sw, false);	/* the errors met without it */
}

static void
nvkm_sw_add(struct nvkm_sw_chan *sw, u32 data)
{
	struct nvkm_pm_group_result res;
	struct nvkm_pm_group *grp = NULL;
	u32 ctr = FIELD_GET(NVKM_SW_COUNTER_CTR, data);
	bool global = data & NVPM_SW_COUNTER_GLOBAL;
	struct nvkm_sw_ctr *c;

	if (sw->nr_ctr == NVPM_SW_STAGING_MAX) {
		nvkm_sw_error(sw, NVPM_SW_COUNTER_ADD, NVPM_SW_ERR_STAGING_FULL, data);
		return;
	}
	if (!global) {
		grp = sw->lookup(sw->priv, FIELD_GET(NVKM_SW_COUNTER_HANDLE, data));
		if (grp && ctr >= grp->args.nr_ctr)
			grp = NULL;
	}
	if (global ? data != NVPM_SW_GLOBAL_PTIMER : !grp) {
		nvkm_sw_error(sw, NVPM_SW_COUNTER_ADD, NVPM_SW_ERR_BAD_COUNTER, data);
		return;
	}
	c = &sw->ctr[sw->nr_ctr++];
	*c = (struct nvkm_sw_ctr) {
		.id = data, .grp = grp, .ctr = global ? 0 : ctr, .global = global,
	};
	if (grp) {	/* what the group had before counts for nothing here */
		nvkm_pm_group_read(grp, &res, 0);
		c->saturated = res.ctr_flags[ctr] & NVPM_READ_SATURATED;
		c->lost = res.flags & NVPM_READ_LOST;
	}
}

static void
nvkm_sw_sample(struct nvkm_sw_chan *sw, u32 data, u64 *mmio_ns)
{
	bool global = false, groups = false;
	u64 t, now = 0;
	int i, ret;

	if (data) {
		nvkm_sw_error(sw, NVPM_SW_SAMPLE, NVPM_SW_ERR_BAD_DATA, data);
		return;
	}
	for (i = 0; i < sw->nr_ctr; i++) {
		global |= sw->ctr[i].global;
		groups |= !!sw->ctr[i].grp;
	}

	/*
	 * The registers in one go: the previous latch collected (its counts
	 * end the interval before), the next one triggered, and GPU time
	 * right after it, the same instant give or take an access.
	 */
	t = nvkm_clock_ns();
	ret = nvkm_sw_latch(sw);
	if (!ret && groups)
		nvkm_pm_trigger(sw->pm);
	if (!ret && global)
		now = nvkm_device_ptimer(sw->device);
	*mmio_ns += nvkm_clock_ns() - t;
	if (ret) {
		nvkm_sw_error(sw, NVPM_SW_SAMPLE, NVPM_SW_ERR_LATCH, data);
		return;
	}

	nvkm_sw_take(sw);
	for (i = 0; i < sw->nr_ctr; i++) {
		struct nvkm_sw_ctr *c = &sw->ctr[i];

		c->in_latch = !!c->grp;
		if (c->global)
			nvkm_sw_shift(c, now, 0);
	}
	sw->latch_pending = groups;
}

static void
nvkm_sw_readout(struct nvkm_sw_chan *sw, u32 data, u64 *mmio_ns)
{
	u64 read;
	int i;

	if (!nvkm_sw_collect(sw, mmio_ns))
		nvkm_sw_error(sw, NVPM_SW_READOUT, NVPM_SW_ERR_LATCH, data);
	if (!sw->bound) {
		sw->errors++;	/* NVPM_SW_ERR_NO_NOTIFIER: nowhere to say it */
		return;
	}

	sw->sequence = data;
	read = READ_ONCE(nvkm_sw_header(sw)->read_sequence);
	for (i = 0; i < sw->nr_ctr; i++) {
		struct nvkm_sw_ctr *c = &sw->ctr[i];
		u32 flags = c->flags;

		c->flags = 0;
		if (c->gone) {
			sw->errors++;
			nvkm_sw_put(sw, read, data, c->id, NVPM_NOTIFY_ERROR, 0,
				    NVPM_SW_ERR_GONE);
			continue;
		}
		if (c->samples < 2 || c->in_latch)
			flags |= NVPM_NOTIFY_NOT_READY;
		nvkm_sw_put(sw, read, data, c->id, flags, c->last_cyc - c->prev_cyc,
			    c->last_val - c->prev_val);
	}
	nvkm_sw_publish(sw, true);
}

/**
 * nvkm_sw_op() - which of the software class's methods a method is
 * @mthd: the method
 *
 * Return: its op, NVKM_SW_OP_OTHER for a method the class does not have.
 */
enum nvkm_sw_op
nvkm_sw_op(u32 mthd)
{
	switch (mthd) {
	case NVPM_SW_NOP:		return NVKM_SW_OP_NOP;
	case NVPM_SW_SET_NOTIFY:	return NVKM_SW_OP_SET_NOTIFY;
	case NVPM_SW_COUNTER_ADD:	return NVKM_SW_OP_ADD;
	case NVPM_SW_COUNTER_CLEAR:	return NVKM_SW_OP_CLEAR;
	case NVPM_SW_SAMPLE:		return NVKM_SW_OP_SAMPLE;
	case NVPM_SW_READOUT:		return NVKM_SW_OP_READOUT;
	default:			return NVKM_SW_OP_OTHER;
	}
}

/**
 * nvkm_sw_mthd() - run a software method
 * @sw: the channel's software object
 * @mthd: method
 * @data: its data
 *
 * Context: the FIFO's interrupt handler, the channel's lock held.
 */
void
nvkm_sw_mthd(struct nvkm_sw_chan *sw, u32 mthd, u32 data)
{
	u64 t0 = nvkm_clock_ns(), mmio_ns = 0, ns;
	enum nvkm_sw_op op = nvkm_sw_op(mthd);

	switch (op) {
	case NVKM_SW_OP_NOP:
		if (data)
			nvkm_sw_error(sw, mthd, NVPM_SW_ERR_BAD_DATA, data);
		break;
	case NVKM_SW_OP_SET_NOTIFY:
		nvkm_sw_set_notify(sw, data);
		break;
	case NVKM_SW_OP_ADD:
		nvkm_sw_add(sw, data);
		break;
	case NVKM_SW_OP_CLEAR:
		if (data) {
			nvkm_sw_error(sw, mthd, NVPM_SW_ERR_BAD_DATA, data);
			break;
		}
		/* a latch under way is collected: the device's groups need it */
		if (!nvkm_sw_collect(sw, &mmio_ns))
			nvkm_sw_error(sw, mthd, NVPM_SW_ERR_LATCH, data);
		sw->nr_ctr = 0;
		sw->latch_pending = false;
		break;
	case NVKM_SW_OP_SAMPLE:
		nvkm_sw_sample(sw, data, &mmio_ns);
		break;
	case NVKM_SW_OP_READOUT:
		nvkm_sw_readout(sw, data, &mmio_ns);
		break;
	default:
		nvkm_sw_error(sw, mthd, NVPM_SW_ERR_BAD_METHOD, data);
		break;
	}

	ns = nvkm_clock_ns() - t0;
	if (sw->stats) {
		sw->stats->count[op]++;
		sw->stats->ns[op] += ns;
		sw->stats->mmio_ns[op] += mmio_ns;
		sw->stats->max_ns[op] = max(sw->stats->max_ns[op], ns);
	}
}

/**
 * nvkm_sw_chan_forget() - a counter group is going away
 * @sw: a channel's software object
 * @grp: the group
 *
 * Its counters stay in the staging set, as gone: READOUT reports them as
 * errors.  Context: the channel's lock held.
 */
void
nvkm_sw_chan_forget(struct nvkm_sw_chan *sw, struct nvkm_pm_group *grp)
{
	int i;

	for (i = 0; i < sw->nr_ctr; i++) {
		if (sw->ctr[i].grp != grp)
			continue;
		sw->ctr[i].grp = NULL;
		sw->ctr[i].gone = true;
		sw->ctr[i].in_latch = false;
	}
}

/**
 * nvkm_sw_chan_fini() - the channel stops: collect a latch it left pending
 * @sw: the software object, which no method runs on any more
 *
 * Context: process context (waits for the latch).
 */
void
nvkm_sw_chan_fini(struct nvkm_sw_chan *sw)
{
	struct nvkm_pm_group *grps[NVPM_SW_STAGING_MAX];

	if (!sw->latch_pending)
		return;
	nvkm_pm_collect_groups(sw->pm, grps, nvkm_sw_groups(sw, grps), true);
	sw->latch_pending = false;
}

/**
 * nvkm_sw_chan_notifier() - give the software object its notifier
 * @sw: the software object
 * @ntfy: the notifier's kernel mapping, NVKM_SW_NTFY_SIZE(@ring_size)
 *	  bytes at least, zeroed, pinned for the channel's life
 * @handle: the handle SET_NOTIFY binds it with
 * @ring_size: ring entries, a power of two
 *
 * Context: before the channel runs.
 */
void
nvkm_sw_chan_notifier(struct nvkm_sw_chan *sw, void *ntfy, u32 handle, u32 ring_size)
{
	struct drm_nvpm_notifier_header *h = ntfy;

	h->ring_offset = NVKM_SW_NTFY_RING_OFFSET;
	h->ring_size = ring_size;
	h->entry_size = sizeof(struct drm_nvpm_notifier_entry);
	sw->ntfy = ntfy;
	sw->ntfy_handle = handle;
	sw->ring_size = ring_size;
}

/**
 * nvkm_sw_chan_init() - a channel's software object, without a notifier
 * @sw: the object
 * @device: the device
 * @stats: where its time is counted, may be NULL
 * @lookup: finds counter groups for COUNTER_ADD
 * @priv: argument of @lookup
 */
void
nvkm_sw_chan_init(struct nvkm_sw_chan *sw, struct nvkm_device *device,
		  struct nvkm_sw_stats *stats, nvkm_sw_lookup_t lookup, void *priv)
{
	memset(sw, 0, sizeof(*sw));
	sw->device = device;
	sw->pm = device->pm;
	sw->stats = stats;
	sw->lookup = lookup;
	sw->priv = priv;
}
