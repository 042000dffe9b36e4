// SPDX-License-Identifier: MIT
/*
 * PDAEMON's idle counters (GT215+), handed out to the users of a device.
 *
 * Each hardware counter watches some engines' idle bits (COUNTER_MASK
 * over COUNTER_SIGNALS) and counts the cycles in which they are all idle,
 * in which any of them is busy, or every cycle (COUNTER_MODE).  A user asks for a set of
 * counters and gets one hardware counter per distinct request (users
 * asking for the same engines and mode share one) plus the time base: one
 * counter counting every cycle, shared by every user.  A GT215 (4
 * counters) thus watches 3 engine combinations at once, a GF100 7.
 *
 * The counters are 31-bit and not double-buffered: they can only be read
 * one after the other.  The reference suggests reading them all, then
 * resetting them all (CLEAR_TRIGGER); but what a counter counts between
 * its read and its reset is lost, and the loss is the same for every
 * counter only if every access takes as long as every other.  When they
 * do not (a slow first access, a busy bus; the simulator shows it: a 35%
 * load read as 33% busy), the busy share drifts.  So a round only reads
 * every counter in use, under one spinlock, and adds what it counted
 * since the last read (modulo 2^31) to a 64-bit total: nothing is lost,
 * and the time between two reads of a counter is the same for all of
 * them but for how long the accesses of two rounds took.  A counter is
 * reset only when it is programmed (on init, resume, after a reset).
 *
 * A user's counts are its counters' totals since its own last fetch:
 * users never disturb each other, and a round is shared by everyone who
 * fetches after it.  While counters are in use a worker runs a round
 * every NVKM_PMU_POLL_MS, so none advances 2^31 between two reads.
 *
 * MMIO: a round is one read per counter in use.  Handing out new counters
 * costs a MASK and a MODE write each, plus a round; releasing the last
 * user of a counter one MODE write; init a MASK, a MODE and a COUNT
 * (reset) write per counter in use.
 */
#include <linux/build_bug.h>
#include <linux/slab.h>
#include "priv.h"

#define nvkm_pmu(p) container_of((p), struct nvkm_pmu, subdev)

static_assert(NV_PDAEMON_COUNTER_NR_MAX == NVKM_PMU_COUNTERS_MAX);

/* Both modes at once: every cycle (the reference's time-keeping use). */
#define NVKM_PMU_MODE_ALWAYS	(NV_PDAEMON_COUNTER_MODE_INCR_IF_ALL | \
				 NV_PDAEMON_COUNTER_MODE_INCR_IF_NOT_ALL)

static const char * const nvkm_pmu_engine_names[NVKM_PMU_ENGINES] = {
	[NVKM_PMU_GR] = "gr",
	[NVKM_PMU_PVLD] = "pvld",
	[NVKM_PMU_PPDEC] = "ppdec",
	[NVKM_PMU_PPPP] = "pppp",
	[NVKM_PMU_MC] = "mc",
	[NVKM_PMU_PCOPY0] = "pcopy0",
	[NVKM_PMU_PCOPY1] = "pcopy1",
	[NVKM_PMU_PCOPY2] = "pcopy2",
};

/**
 * nvkm_pmu_idle_nr_counters() - hardware idle counters of a device
 * @pmu: the subdev, may be NULL
 *
 * Return: 4 on GT215:GF100, 8 on GF100+, 0 without a PDAEMON.
 */
unsigned int
nvkm_pmu_idle_nr_counters(struct nvkm_pmu *pmu)
{
	return pmu ? pmu->func->counters : 0;
}

/**
 * nvkm_pmu_idle_nr_engines() - engines whose idle bits the counters see
 * @pmu: the subdev, may be NULL
 *
 * Return: the number of them; they are enum nvkm_pmu_engine 0 .. n - 1.
 */
unsigned int
nvkm_pmu_idle_nr_engines(struct nvkm_pmu *pmu)
{
	unsigned int n = 0;

	while (pmu && n < NVKM_PMU_ENGINES && pmu->func->engine[n])
		n++;
	return n;
}

/**
 * nvkm_pmu_idle_engine_name() - short name of an engine ("gr")
 * @engine: enum nvkm_pmu_engine
 *
 * Return: the name, NULL for a value out of range.
 */
const char *
nvkm_pmu_idle_engine_name(enum nvkm_pmu_engine engine)
{
	return engine < NVKM_PMU_ENGINES ? nvkm_pmu_engine_names[engine] : NULL;
}

/* COUNTER_MASK and COUNTER_MODE that count @engines as @count wants. */
static int
nvkm_pmu_idle_hw(struct nvkm_pmu *pmu, u32 engines, u32 count, u32 *mask, u32 *mode)
{
	unsigned int e;

	*mask = 0;
	switch (count) {
	case NVKM_PMU_COUNT_ALWAYS:
		*mode = NVKM_PMU_MODE_ALWAYS;
		return engines ? -EINVAL : 0;
	case NVKM_PMU_COUNT_IDLE:	/* idle bits all set */
		*mode = NV_PDAEMON_COUNTER_MODE_INCR_IF_ALL;
		break;
	case NVKM_PMU_COUNT_BUSY:	/* idle bits not all set */
		*mode = NV_PDAEMON_COUNTER_MODE_INCR_IF_NOT_ALL;
		break;
	default:
		return -EINVAL;
	}
	/* an empty mask would count every cycle (idle) or none (busy) */
	if (!engines || engines >= BIT(nvkm_pmu_idle_nr_engines(pmu)))
		return -EINVAL;
	for (e = 0; e < NVKM_PMU_ENGINES; e++) {
		if (engines & BIT(e))
			*mask |= pmu->func->engine[e];
	}
	return 0;
}

static bool
nvkm_pmu_idle_in_use(struct nvkm_pmu *pmu)
{
	unsigned int i;

	for (i = 0; i < pmu->func->counters; i++) {
		if (pmu->ctr[i].users)
			return true;
	}
	return false;
}

/*
 * Read every counter in use, one after the other, and add what each
 * counted since its last read to its total.  pmu->lock held, hardware
 * running.
 */
static void
nvkm_pmu_idle_round(struct nvkm_pmu *pmu)
{
	struct nvkm_device *device = pmu->subdev.device;
	unsigned int i;
	u32 count;

	for (i = 0; i < pmu->func->counters; i++) {
		struct nvkm_pmu_counter *ctr = &pmu->ctr[i];

		if (!ctr->users)
			continue;
		count = nvkm_rd32(device, NV_PDAEMON_COUNTER_COUNT(i)) &
			NV_PDAEMON_COUNTER_COUNT_COUNT;
		ctr->total += (count - ctr->count) & NV_PDAEMON_COUNTER_COUNT_COUNT;
		ctr->count = count;
	}
}

/* Program counter @i for what it counts and reset it; lock held. */
static void
nvkm_pmu_idle_program(struct nvkm_pmu *pmu, unsigned int i)
{
	struct nvkm_device *device = pmu->subdev.device;

	nvkm_wr32(device, NV_PDAEMON_COUNTER_MASK(i), pmu->ctr[i].mask);
	nvkm_wr32(device, NV_PDAEMON_COUNTER_MODE(i), pmu->ctr[i].mode);
	nvkm_wr32(device, NV_PDAEMON_COUNTER_COUNT(i), NV_PDAEMON_COUNTER_COUNT_CLEAR_TRIGGER);
	pmu->ctr[i].count = 0;
}

/*
 * The counter for @mask/@mode: one that counts it already (in use, or
 * taken by the request being built, @taken), else a free one; -1 if none.
 */
static int
nvkm_pmu_idle_find(struct nvkm_pmu *pmu, u32 mask, u32 mode, unsigned long taken)
{
	int i, free = -1;

	for (i = 0; i < pmu->func->counters; i++) {
		struct nvkm_pmu_counter *ctr = &pmu->ctr[i];
		bool used = ctr->users || (taken & BIT(i));

		if (used && ctr->mask == mask && ctr->mode == mode)
			return i;
		if (!used && free < 0)
			free = i;
	}
	return free;
}

static void
nvkm_pmu_idle_poll_start(struct nvkm_pmu *pmu)
{
	if (pmu->poll_ms)
		schedule_delayed_work(&pmu->poll, msecs_to_jiffies(pmu->poll_ms));
}

/**
 * nvkm_pmu_idle_get() - hand out idle counters
 * @pmu: the subdev
 * @idle: in: @idle->nr and, per counter, the engines and what to count;
 *	  out: the hardware counters and the starting points of the counts
 *
 * All or nothing: the counters wanted that no other user counts already,
 * and the time base if nobody holds it yet, must all be free.  Then every
 * counter in use is read, so that the user's counts start from there.
 *
 * Context: any; takes pmu->lock.
 * Return: 0, -EINVAL for a request the generation cannot count (no
 * engines, engines it lacks, too many counters), -EBUSY when the
 * hardware counters are all taken.  On failure nothing changed.
 */
int
nvkm_pmu_idle_get(struct nvkm_pmu *pmu, struct nvkm_pmu_idle *idle)
{
	u32 mask[NVKM_PMU_COUNTERS_MAX], mode[NVKM_PMU_COUNTERS_MAX];
	unsigned int i, nr = idle->nr;
	int hw[NVKM_PMU_COUNTERS_MAX];
	unsigned long taken = 0, flags;
	bool was_idle;
	int ret;

	if (!nr || nr >= pmu->func->counters)
		return -EINVAL;
	for (i = 0; i < nr; i++) {
		ret = nvkm_pmu_idle_hw(pmu, idle->ctr[i].engines, idle->ctr[i].count,
				       &mask[i], &mode[i]);
		if (ret)
			return ret;
	}
	mask[nr] = 0;	/* the time base */
	mode[nr] = NVKM_PMU_MODE_ALWAYS;

	raw_spin_lock_irqsave(&pmu->lock, flags);
	for (i = 0; i <= nr; i++) {
		hw[i] = nvkm_pmu_idle_find(pmu, mask[i], mode[i], taken);
		if (hw[i] < 0) {
			raw_spin_unlock_irqrestore(&pmu->lock, flags);
			return -EBUSY;
		}
		if (!pmu->ctr[hw[i]].users && !(taken & BIT(hw[i]))) {
			taken |= BIT(hw[i]);
			pmu->ctr[hw[i]].mask = mask[i];
			pmu->ctr[hw[i]].mode = mode[i];
		}
	}

	was_idle = !nvkm_pmu_idle_in_use(pmu);
	for (i = 0; i <= nr; i++)
		pmu->ctr[hw[i]].users++;
	for (i = 0; i < pmu->func->counters; i++) {
		if (!(taken & BIT(i)))
			continue;
		pmu->ctr[i].total = 0;
		if (pmu->running)
			nvkm_pmu_idle_program(pmu, i);
	}
	if (pmu->running)
		nvkm_pmu_idle_round(pmu);
	for (i = 0; i < nr; i++) {
		idle->ctr[i].hw = hw[i];
		idle->ctr[i].last = pmu->ctr[hw[i]].total;
	}
	idle->timebase = hw[nr];
	idle->last_cycles = pmu->ctr[hw[nr]].total;
	if (was_idle && pmu->running)
		nvkm_pmu_idle_poll_start(pmu);
	raw_spin_unlock_irqrestore(&pmu->lock, flags);
	return 0;
}

/**
 * nvkm_pmu_idle_put() - give back counters from nvkm_pmu_idle_get()
 * @pmu: the subdev
 * @idle: the counters
 *
 * A counter nobody uses any more stops counting (COUNTER_MODE 0).
 *
 * Context: any; takes pmu->lock.
 */
void
nvkm_pmu_idle_put(struct nvkm_pmu *pmu, struct nvkm_pmu_idle *idle)
{
	struct nvkm_device *device = pmu->subdev.device;
	unsigned long flags;
	unsigned int i, hw;

	raw_spin_lock_irqsave(&pmu->lock, flags);
	for (i = 0; i <= idle->nr; i++) {
		hw = i < idle->nr ? idle->ctr[i].hw : idle->timebase;
		if (WARN_ON(!pmu->ctr[hw].users) || --pmu->ctr[hw].users)
			continue;
		if (pmu->running)
			nvkm_wr32(device, NV_PDAEMON_COUNTER_MODE(hw), 0);
	}
	raw_spin_unlock_irqrestore(&pmu->lock, flags);
}

/**
 * nvkm_pmu_idle_update() - read every counter in use
 * @pmu: the subdev
 *
 * One round: what the counters counted since their last read goes into
 * their 64-bit totals.  Nothing happens while the hardware is down
 * (suspended, removed).
 *
 * Context: any; takes pmu->lock.
 */
void
nvkm_pmu_idle_update(struct nvkm_pmu *pmu)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&pmu->lock, flags);
	if (pmu->running)
		nvkm_pmu_idle_round(pmu);
	raw_spin_unlock_irqrestore(&pmu->lock, flags);
}

/**
 * nvkm_pmu_idle_fetch() - a user's counts since its last fetch
 * @pmu: the subdev
 * @idle: the user's counters
 * @value: per counter of @idle, what it counted (@idle->nr entries)
 * @cycles: what the time base counted over the same span
 *
 * The counts are those of the rounds since the last fetch (or since
 * nvkm_pmu_idle_get()); no register is accessed.
 *
 * Context: any; takes pmu->lock.
 */
void
nvkm_pmu_idle_fetch(struct nvkm_pmu *pmu, struct nvkm_pmu_idle *idle,
		    u64 *value, u64 *cycles)
{
	unsigned long flags;
	unsigned int i;
	u64 total;

	raw_spin_lock_irqsave(&pmu->lock, flags);
	for (i = 0; i < idle->nr; i++) {
		total = pmu->ctr[idle->ctr[i].hw].total;
		value[i] = total - idle->ctr[i].last;
		idle->ctr[i].last = total;
	}
	total = pmu->ctr[idle->timebase].total;
	*cycles = total - idle->last_cycles;
	idle->last_cycles = total;
	raw_spin_unlock_irqrestore(&pmu->lock, flags);
}

static void
nvkm_pmu_idle_poll(struct work_struct *work)
{
	struct nvkm_pmu *pmu = container_of(to_delayed_work(work), struct nvkm_pmu, poll);
	unsigned long flags;
	bool again;

	raw_spin_lock_irqsave(&pmu->lock, flags);
	again = pmu->running && nvkm_pmu_idle_in_use(pmu);
	if (again)
		nvkm_pmu_idle_round(pmu);
	raw_spin_unlock_irqrestore(&pmu->lock, flags);
	if (again)
		nvkm_pmu_idle_poll_start(pmu);
}

/*
 * Also after a GPU reset or resume: the counters in use are programmed
 * again and start from zero; their totals carry on.
 */
static int
nvkm_pmu_init(struct nvkm_subdev *subdev)
{
	struct nvkm_pmu *pmu = nvkm_pmu(subdev);
	unsigned long flags;
	unsigned int i;
	bool in_use;

	raw_spin_lock_irqsave(&pmu->lock, flags);
	for (i = 0; i < pmu->func->counters; i++) {
		if (pmu->ctr[i].users)
			nvkm_pmu_idle_program(pmu, i);
	}
	pmu->running = true;
	in_use = nvkm_pmu_idle_in_use(pmu);
	if (in_use)
		nvkm_pmu_idle_poll_start(pmu);
	raw_spin_unlock_irqrestore(&pmu->lock, flags);
	return 0;
}

/* On suspend what was counted so far is kept; then hands off the hardware. */
static int
nvkm_pmu_fini(struct nvkm_subdev *subdev, bool suspend)
{
	struct nvkm_pmu *pmu = nvkm_pmu(subdev);
	unsigned long flags;

	raw_spin_lock_irqsave(&pmu->lock, flags);
	if (suspend && pmu->running)
		nvkm_pmu_idle_round(pmu);
	pmu->running = false;
	raw_spin_unlock_irqrestore(&pmu->lock, flags);
	cancel_delayed_work_sync(&pmu->poll);
	return 0;
}

static void *
nvkm_pmu_dtor(struct nvkm_subdev *subdev)
{
	struct nvkm_pmu *pmu = nvkm_pmu(subdev);

	cancel_delayed_work_sync(&pmu->poll);
	WARN_ON(nvkm_pmu_idle_in_use(pmu));
	return pmu;
}

static const struct nvkm_subdev_func
nvkm_pmu = {
	.dtor = nvkm_pmu_dtor,
	.init = nvkm_pmu_init,
	.fini = nvkm_pmu_fini,
};

/**
 * nvkm_pmu_new_() - construct the PDAEMON subdev of a generation
 * @func: the generation
 * @device: the device
 * @ppmu: the new subdev
 *
 * Return: 0 or -ENOMEM.
 */
int
nvkm_pmu_new_(const struct nvkm_pmu_func *func, struct nvkm_device *device,
	      struct nvkm_pmu **ppmu)
{
	struct nvkm_pmu *pmu;

	if (WARN_ON(func->counters > NVKM_PMU_COUNTERS_MAX))
		return -EINVAL;
	pmu = kzalloc(sizeof(*pmu), GFP_KERNEL);
	if (!pmu)
		return -ENOMEM;
	pmu->func = func;
	raw_spin_lock_init(&pmu->lock);
	INIT_DELAYED_WORK(&pmu->poll, nvkm_pmu_idle_poll);
	pmu->poll_ms = NVKM_PMU_POLL_MS;
	nvkm_subdev_ctor(&nvkm_pmu, device, "pmu", &pmu->subdev);
	*ppmu = pmu;
	return 0;
}
