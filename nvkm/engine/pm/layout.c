// SPDX-License-Identifier: MIT
/*
 * The one way counter groups are run on PCOUNTER, for every register
 * layout (NV10:NV40, NV40:GF100, GF100+).  A layout is data
 * (&struct nvkm_pm_regs: where the inputs, counters, CTRL and the ack are,
 * and the domain's place) and three hooks where the revisions differ: the
 * control registers written first, what follows the inputs, and whether a
 * group's first latch is stale.  The trigger is the layout's own.
 *
 * Programming order: control, the flag ops, THRESHOLD and the start
 * counts, then the inputs from STOP down to PRE.  PRE_OP comes last: on
 * NV10:GF100 it starts single event mode (any other configuration write
 * aborts it), and on G84:GF100 it swaps in quad mode.
 */
#include "priv.h"

/* The register at @reg (domain 0's, or an offset) of domain @d. */
static inline u32
nvkm_pm_reg(struct nvkm_pm *pm, int d, u32 reg)
{
	return pm->dom[d].addr + reg;
}

/**
 * nvkm_pm_layout_src() - an input's _SRC word: four signal numbers
 * @signal: the signals, argument 0 first
 * @nr: how many of them there are (the rest, up to four, are @fill)
 * @fill: the signal of the arguments beyond @nr
 *
 * Return: argument k's signal in bits 8k..8k+7.
 */
u32
nvkm_pm_layout_src(const u8 *signal, int nr, u8 fill)
{
	u32 v = 0;
	int k;

	for (k = 0; k < 4; k++)
		v |= (u32)(k < nr ? signal[k] : fill) << (k * 8);
	return v;
}

/**
 * nvkm_pm_layout_op() - an input's _OP word
 * @regs: the layout, which places the flag bits
 * @i: the input (0 PRE, 1 START, 2 EVENT, 3 STOP)
 * @logic_op: the 16-bit truth table
 * @flags: NVPM_COUNTER_* (validated for the generation already)
 *
 * Return: the truth table with the delay, SETFLAG and delay-replace bits.
 */
u32
nvkm_pm_layout_op(const struct nvkm_pm_regs *regs, int i, u16 logic_op, u16 flags)
{
	u32 op = logic_op;

	if (flags & NVPM_COUNTER_DELAY0)
		op |= NV_PCOUNTER_OP_DELAY0;
	if (flags & NVPM_COUNTER_DELAY1)
		op |= NV_PCOUNTER_OP_DELAY1;
	if (flags & NVPM_COUNTER_SETFLAG3)
		op |= regs->op_setflag3;
	if (flags & NVPM_COUNTER_REPLACE2)
		op |= regs->op_replace2[i];
	if (flags & NVPM_COUNTER_REPLACE3)
		op |= regs->op_replace3[i];
	return op;
}

/**
 * nvkm_pm_layout_program() - program a PCOUNTER domain for a group
 * @pm: the engine
 * @d: the domain
 * @args: the group
 *
 * Inputs beyond the group's counters are cleared.
 */
void
nvkm_pm_layout_program(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args)
{
	const struct nvkm_pm_layout *layout = pm->func->layout;
	const struct nvkm_pm_regs *r = &layout->regs;
	struct nvkm_device *device = pm->engine.subdev.device;
	int i;

	layout->setup(pm, d, args);
	nvkm_wr32(device, nvkm_pm_reg(pm, d, r->setflag_op), 0);
	nvkm_wr32(device, nvkm_pm_reg(pm, d, r->clrflag_op), 0);
	nvkm_wr32(device, nvkm_pm_reg(pm, d, r->threshold), args->threshold);
	nvkm_wr32(device, nvkm_pm_reg(pm, d, r->ctr[0]), args->pre_count);
	nvkm_wr32(device, nvkm_pm_reg(pm, d, r->ctr[3]), args->stop_count);
	for (i = NVKM_PM_COUNTERS - 1; i >= 0; i--) {
		const typeof(args->ctr[0]) *c = &args->ctr[i];
		bool used = i < args->nr_ctr;

		nvkm_wr32(device, nvkm_pm_reg(pm, d, r->src[i]),
			  used ? nvkm_pm_layout_src(c->signal, 4, 0) : 0);
		nvkm_wr32(device, nvkm_pm_reg(pm, d, r->op[i]),
			  used ? nvkm_pm_layout_op(r, i, c->logic_op, c->flags) : 0);
	}
	if (layout->armed)
		layout->armed(pm, d, args);
}

/**
 * nvkm_pm_layout_stop() - stop a PCOUNTER domain counting
 * @pm: the engine
 * @d: the domain
 */
void
nvkm_pm_layout_stop(struct nvkm_pm *pm, int d)
{
	nvkm_wr32(pm->engine.subdev.device,
		  nvkm_pm_reg(pm, d, pm->func->layout->regs.halt), 0);
}

/* A counter: 32 bits, or 40 where the layout has the high part. */
static u64
nvkm_pm_layout_rd(struct nvkm_pm *pm, int d, u32 lo, u32 hi)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	u64 v = nvkm_rd32(device, nvkm_pm_reg(pm, d, lo));

	if (hi && (pm->func->caps & NVPM_HW_CAP_COUNTER_40BIT))
		v |= (u64)(nvkm_rd32(device, nvkm_pm_reg(pm, d, hi)) & 0xff) << 32;
	return v;
}

/* Single event mode counts in place: the totals are the counters. */
static void
nvkm_pm_layout_single(struct nvkm_pm *pm, int d, struct nvkm_pm_group *grp)
{
	const struct nvkm_pm_regs *r = &pm->func->layout->regs;
	bool wide = pm->func->caps & NVPM_HW_CAP_COUNTER_40BIT;
	struct nvkm_pm_group_result *res = &grp->res;
	u64 v;
	int i;

	for (i = 0; i < grp->args.nr_ctr; i++) {
		v = nvkm_pm_layout_rd(pm, d, r->ctr[i], r->ctr_hi[i]);
		res->value[i] = v;
		/* 32-bit counters saturate; 40-bit ones keep bit 39 */
		res->ctr_flags[i] = (wide ? v & BIT_ULL(39) : v == U32_MAX) ?
				    NVPM_READ_SATURATED : 0;
	}
	res->cycles = nvkm_pm_layout_rd(pm, d, r->cycles, r->cycles_hi);
}

/**
 * nvkm_pm_layout_collect() - add a PCOUNTER domain's counts to a group
 * @pm: the engine
 * @d: the domain
 * @grp: the group counting there
 *
 * A single event group's totals are its counters, read now.  A quad mode
 * group adds the latch, unless it is its first and stale; an overflow
 * (a latch came before the last was read) is reported as lost counts.
 *
 * Return: false when a quad group's latch has not happened yet.
 */
bool
nvkm_pm_layout_collect(struct nvkm_pm *pm, int d, struct nvkm_pm_group *grp)
{
	const struct nvkm_pm_layout *layout = pm->func->layout;
	const struct nvkm_pm_regs *r = &layout->regs;
	struct nvkm_device *device = pm->engine.subdev.device;
	struct nvkm_pm_group_result *res = &grp->res;
	u32 state, v;
	bool discard;
	int i;

	if (grp->args.mode == NVPM_MODE_SINGLE) {
		nvkm_pm_layout_single(pm, d, grp);
		return true;
	}

	state = nvkm_rd32(device, nvkm_pm_reg(pm, d, r->ctrl)) & r->quad_state;
	state >>= __ffs(r->quad_state);
	if (state == NV_PCOUNTER_QUAD_EMPTY)
		return false;

	discard = !grp->discarded && layout->stale_latch && layout->stale_latch(pm);
	grp->discarded = true;
	for (i = 0; i < grp->args.nr_ctr; i++) {
		v = nvkm_rd32(device, nvkm_pm_reg(pm, d, r->ctr[i]));
		if (discard)
			continue;
		res->value[i] += v;
		if (v == U32_MAX)
			res->ctr_flags[i] |= NVPM_READ_SATURATED;
	}
	v = nvkm_rd32(device, nvkm_pm_reg(pm, d, r->cycles));
	if (!discard)
		res->cycles += v;

	/* OVERFLOW: a latch came before we read the last one: counts lost */
	nvkm_wr32(device, nvkm_pm_reg(pm, d, r->ack), 1);
	if (state == NV_PCOUNTER_QUAD_OVERFLOW) {
		res->flags |= NVPM_READ_LOST;
		nvkm_wr32(device, nvkm_pm_reg(pm, d, r->ack), 1);
	}
	return true;
}
