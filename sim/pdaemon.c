// SPDX-License-Identifier: MIT
/*
 * Model of the PDAEMON idle counters (GT215+): an executable form of the
 * envytools reference, pm_pdaemon_counter.rst.  Where the reference is
 * silent, the choice made here is stated next to the code it shapes:
 *
 * - Only the documented registers that exist on the chipset are decoded:
 *   COUNTER_SIGNALS and MASK/COUNT/MODE of counters 0..nr-1.  Absent
 *   counters, the holes between counters (0x10a510, ...) and the rest of
 *   PDAEMON are left to the simulator, which reads them as 0 and counts
 *   the access as unclaimed.
 * - Bits a register does not have on the chipset read as 0 and ignore
 *   writes.  COUNTER_MASK has no fields of its own: it is "applied on
 *   COUNTER_SIGNALS", so its bits are those of COUNTER_SIGNALS.
 * - The counters see COUNTER_SIGNALS as it was last passed to
 *   nvkm_sim_pdaemon_run(), constant over the cycles of that call.
 */
#include <linux/build_bug.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <nvkm/hw/pdaemon.h>

#include "priv.h"

/* The simulator's workload bits are COUNTER_SIGNALS bits. */
static_assert(NVKM_SIM_IDLE_GR == NV_PDAEMON_COUNTER_SIGNALS_GR_IDLE);
static_assert(NVKM_SIM_IDLE_PVLD == NV_PDAEMON_COUNTER_SIGNALS_PVLD_IDLE);
static_assert(NVKM_SIM_IDLE_PPDEC == NV_PDAEMON_COUNTER_SIGNALS_PPDEC_IDLE);
static_assert(NVKM_SIM_IDLE_PPPP == NV_PDAEMON_COUNTER_SIGNALS_PPPP_IDLE);
static_assert(NVKM_SIM_IDLE_MC_GF100 == NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GF100);
static_assert(NVKM_SIM_IDLE_MC_GT215 == NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GT215);
static_assert(NVKM_SIM_IDLE_PCOPY0 == NV_PDAEMON_COUNTER_SIGNALS_PCOPY0_IDLE);
static_assert(NVKM_SIM_IDLE_PCOPY1 == NV_PDAEMON_COUNTER_SIGNALS_PCOPY1_IDLE);
static_assert(NVKM_SIM_IDLE_PCOPY2 == NV_PDAEMON_COUNTER_SIGNALS_PCOPY2_IDLE);

#define PD_SIGNALS_ALWAYS	(NV_PDAEMON_COUNTER_SIGNALS_GR_IDLE |	\
				 NV_PDAEMON_COUNTER_SIGNALS_PVLD_IDLE |	\
				 NV_PDAEMON_COUNTER_SIGNALS_PPDEC_IDLE |	\
				 NV_PDAEMON_COUNTER_SIGNALS_PPPP_IDLE |	\
				 NV_PDAEMON_COUNTER_SIGNALS_PCOPY0_IDLE)
#define PD_MODE_BOTH		(NV_PDAEMON_COUNTER_MODE_INCR_IF_ALL |	\
				 NV_PDAEMON_COUNTER_MODE_INCR_IF_NOT_ALL)

struct nvkm_sim_pdaemon_counter {
	u32 mask;
	u32 count;	/* bits 0-30 only */
	u32 mode;
};

/**
 * struct nvkm_sim_pdaemon - the PDAEMON idle counters of one chipset
 * @nr: counters the chipset has
 * @signals_bits: COUNTER_SIGNALS (and COUNTER_MASK) bits the chipset has
 * @mode_bits: COUNTER_MODE bits the chipset has
 * @signals: COUNTER_SIGNALS, restricted to @signals_bits
 * @counter: MASK, COUNT and MODE of counters 0..@nr-1
 */
struct nvkm_sim_pdaemon {
	unsigned int nr;
	u32 signals_bits;
	u32 mode_bits;
	u32 signals;
	struct nvkm_sim_pdaemon_counter counter[NV_PDAEMON_COUNTER_NR_MAX];
};

/**
 * nvkm_sim_pdaemon_new() - create the idle counter model of a chip
 * @chip: the chip's description, NULL for a chipset not modelled
 *
 * Context: process context; allocates with GFP_KERNEL, so not under
 * sim->lock.
 *
 * Return: the model with every register zero, NULL when the chip has no
 * PDAEMON (before GT215), or ERR_PTR(-ENOMEM).
 */
struct nvkm_sim_pdaemon *
nvkm_sim_pdaemon_new(const struct nvkm_sim_chip *chip)
{
	struct nvkm_sim_pdaemon *pd;
	bool gf100;

	if (!chip || chip->pd == PD_NONE)
		return NULL;
	gf100 = chip->pd >= PD_GF100;

	pd = kzalloc(sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return ERR_PTR(-ENOMEM);

	pd->signals_bits = PD_SIGNALS_ALWAYS;
	pd->mode_bits = PD_MODE_BOTH;
	if (gf100) {
		pd->nr = NV_PDAEMON_COUNTER_NR_GF100;
		pd->signals_bits |= NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GF100 |
				    NV_PDAEMON_COUNTER_SIGNALS_PCOPY1_IDLE;
	} else {
		pd->nr = NV_PDAEMON_COUNTER_NR_GT215;
		pd->signals_bits |= NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GT215;
	}
	if (chip->pd >= PD_GK104)
		pd->signals_bits |= NV_PDAEMON_COUNTER_SIGNALS_PCOPY2_IDLE;
	if (chip->pd >= PD_GF119)
		pd->mode_bits |= NV_PDAEMON_COUNTER_MODE_UNK2;
	return pd;
}

/**
 * nvkm_sim_pdaemon_del() - destroy an idle counter model
 * @ppd: the model, may point to NULL; set to NULL
 */
void
nvkm_sim_pdaemon_del(struct nvkm_sim_pdaemon **ppd)
{
	kfree(*ppd);
	*ppd = NULL;
}

/*
 * The counter one of whose MASK, COUNT or MODE registers is at @addr, and
 * the offset of that register within counter 0's, or NULL.
 */
static struct nvkm_sim_pdaemon_counter *
nvkm_sim_pdaemon_counter(struct nvkm_sim_pdaemon *pd, u32 addr, u32 *reg)
{
	unsigned int i;

	if (addr < NV_PDAEMON_COUNTER_MASK(0) ||
	    addr > NV_PDAEMON_COUNTER_MODE(pd->nr - 1))
		return NULL;
	i = (addr - NV_PDAEMON_COUNTER_SIGNALS) / NV_PDAEMON_COUNTER_STRIDE;
	*reg = addr - i * NV_PDAEMON_COUNTER_STRIDE;
	switch (*reg) {
	case NV_PDAEMON_COUNTER_MASK(0):
	case NV_PDAEMON_COUNTER_COUNT(0):
	case NV_PDAEMON_COUNTER_MODE(0):
		return &pd->counter[i];
	default:
		return NULL;	/* between two counters, or unaligned */
	}
}

/**
 * nvkm_sim_pdaemon_rd() - read an idle counter register
 * @pd: the model, or NULL when the chipset has none
 * @addr: BAR0 offset
 * @data: the value read, when the register is decoded
 *
 * Context: under sim->lock.
 *
 * Return: false when @addr is not a register of this chipset's counters.
 */
bool
nvkm_sim_pdaemon_rd(struct nvkm_sim_pdaemon *pd, u32 addr, u32 *data)
{
	struct nvkm_sim_pdaemon_counter *ctr;
	u32 reg;

	if (!pd)
		return false;
	if (addr == NV_PDAEMON_COUNTER_SIGNALS) {
		*data = pd->signals;
		return true;
	}
	ctr = nvkm_sim_pdaemon_counter(pd, addr, &reg);
	if (!ctr)
		return false;
	switch (reg) {
	case NV_PDAEMON_COUNTER_MASK(0):
		*data = ctr->mask;
		break;
	case NV_PDAEMON_COUNTER_COUNT(0):
		*data = ctr->count;	/* CLEAR_TRIGGER is write-only: 0 */
		break;
	default:
		*data = ctr->mode;
		break;
	}
	return true;
}

/**
 * nvkm_sim_pdaemon_wr() - write an idle counter register
 * @pd: the model, or NULL when the chipset has none
 * @addr: BAR0 offset
 * @data: the value written
 *
 * COUNTER_SIGNALS is read-only.  Of COUNTER_COUNT the reference lists only
 * CLEAR_TRIGGER (bit 31) as writable: a write with bit 31 set zeroes the
 * count whatever bits 0-30 hold, and a write without it leaves the count
 * unchanged (bits 0-30 are not loaded).
 *
 * Context: under sim->lock.
 *
 * Return: false when @addr is not a register of this chipset's counters.
 */
bool
nvkm_sim_pdaemon_wr(struct nvkm_sim_pdaemon *pd, u32 addr, u32 data)
{
	struct nvkm_sim_pdaemon_counter *ctr;
	u32 reg;

	if (!pd)
		return false;
	if (addr == NV_PDAEMON_COUNTER_SIGNALS)
		return true;	/* read-only */
	ctr = nvkm_sim_pdaemon_counter(pd, addr, &reg);
	if (!ctr)
		return false;
	switch (reg) {
	case NV_PDAEMON_COUNTER_MASK(0):
		ctr->mask = data & pd->signals_bits;
		break;
	case NV_PDAEMON_COUNTER_COUNT(0):
		if (data & NV_PDAEMON_COUNTER_COUNT_CLEAR_TRIGGER)
			ctr->count = 0;
		break;
	default:
		ctr->mode = data & pd->mode_bits;	/* UNK2: stored only */
		break;
	}
	return true;
}

/*
 * Whether @ctr increments in a cycle where COUNTER_SIGNALS is @signals.
 * INCR_IF_ALL: every masked bit set (every masked engine idle).
 * INCR_IF_NOT_ALL: not every masked bit set (some masked engine busy), as
 * the field's name says; only so do both modes together increment at
 * every cycle whatever the mask, as the reference states.  The reference's
 * prose for bit 1 ("all the selected bits are cleared") says the same of
 * a one-bit mask and is not followed for wider ones.  An empty mask: all
 * (no) masked bits are set, always.
 */
static bool
nvkm_sim_pdaemon_counts(const struct nvkm_sim_pdaemon_counter *ctr,
			u32 signals)
{
	bool all = (signals & ctr->mask) == ctr->mask;

	return ((ctr->mode & NV_PDAEMON_COUNTER_MODE_INCR_IF_ALL) && all) ||
	       ((ctr->mode & NV_PDAEMON_COUNTER_MODE_INCR_IF_NOT_ALL) && !all);
}

/**
 * nvkm_sim_pdaemon_run() - advance the idle counters
 * @pd: the model, or NULL when the chipset has none
 * @cycles: clock cycles to simulate
 * @idle: COUNTER_SIGNALS during these cycles (bit set: idle); bits the
 *	  chipset lacks are dropped
 *
 * The signals are constant over the span, so each counter advances by
 * either 0 or @cycles: the cost does not depend on @cycles.
 *
 * COUNT is a 31-bit field and the reference gives no overflow behaviour.
 * It is modelled as a plain binary counter that wraps from 0x7fffffff to
 * 0 within bits 0-30: saturating would take logic (and likely a status
 * bit) the reference would have had reason to mention, and bit 31 is the
 * write-only CLEAR_TRIGGER, which reads as 0 and takes no carry.  A
 * driver computing deltas modulo 2^31 works either way; one that does
 * not is caught by the wrap.
 *
 * Context: under sim->lock.
 */
void
nvkm_sim_pdaemon_run(struct nvkm_sim_pdaemon *pd, u64 cycles, u32 idle)
{
	u32 step = cycles & NV_PDAEMON_COUNTER_COUNT_COUNT;	/* mod 2^31 */
	unsigned int i;

	if (!pd)
		return;
	pd->signals = idle & pd->signals_bits;
	for (i = 0; i < pd->nr; i++) {
		struct nvkm_sim_pdaemon_counter *ctr = &pd->counter[i];

		if (nvkm_sim_pdaemon_counts(ctr, pd->signals))
			ctr->count = (ctr->count + step) &
				     NV_PDAEMON_COUNTER_COUNT_COUNT;
	}
}

/**
 * nvkm_sim_pdaemon_snapshot() - the COUNT of every counter, for
 *				 nvkm_sim_pdaemon_repeat()
 * @pd: the model
 * @count: NV_PDAEMON_COUNTER_NR_MAX entries; those past the chipset's
 *	   counters are left alone
 *
 * Context: under sim->lock.
 */
void
nvkm_sim_pdaemon_snapshot(struct nvkm_sim_pdaemon *pd, u32 *count)
{
	unsigned int i;

	for (i = 0; i < pd->nr; i++)
		count[i] = pd->counter[i].count;
}

/**
 * nvkm_sim_pdaemon_repeat() - run the span since a snapshot again
 * @pd: the model
 * @before: nvkm_sim_pdaemon_snapshot() at the start of the span
 * @times: how many more times the span happens
 *
 * For periodic signals: when the span just run is a whole number of
 * periods of every signal, the next @times spans count exactly what it
 * counted, so each counter advances by its advance over the span times
 * @times, modulo 2^31 as cycle by cycle.  MASK and MODE must not have
 * changed during the span (no register access happens inside a run).
 *
 * Context: under sim->lock.
 */
void
nvkm_sim_pdaemon_repeat(struct nvkm_sim_pdaemon *pd, const u32 *before, u64 times)
{
	unsigned int i;
	u64 step;

	for (i = 0; i < pd->nr; i++) {
		struct nvkm_sim_pdaemon_counter *ctr = &pd->counter[i];

		step = (ctr->count - before[i]) & NV_PDAEMON_COUNTER_COUNT_COUNT;
		ctr->count = (ctr->count + step * times) & NV_PDAEMON_COUNTER_COUNT_COUNT;
	}
}
