// SPDX-License-Identifier: MIT
/*
 * The PGRAPH multiplexers in front of PCOUNTER (G80:GF100).  A unit's MUX
 * signals (VFETCH.MUX, CROP.MUX, ...) show whichever of its internal
 * events its multiplexer register selects.  The reference names the
 * signals but not the registers: the registers and the width of their
 * fields follow nouveau, and bits beyond the fields read back as zero (a
 * modelling choice).  Which event a selection shows is the workload's to
 * say: a test gates a signal on a field value with nvkm_sim_pcounter_mux(),
 * and the signal is high exactly while the register holds that value and
 * the gate's own level is high.
 */
#include "pcounter_priv.h"

/* Registers and the bits they implement, per chipset family. */
static const struct sim_mux_reg {
	u32 addr;
	u32 bits;
} sim_mux_g80[SIM_MUX_REGS] = {
	{ 0x400c0c, 0x00000001 }, { 0x407008, 0x00070007 },
	{ 0x40708c, 0x000f000f }, { 0x408e50, 0x0000001f },
}, sim_mux_g84[SIM_MUX_REGS] = {
	{ 0x400c0c, 0x00000003 }, { 0x407008, 0x0007000f },
	{ 0x40708c, 0x000f000f }, { 0x408e50, 0x0000001f },
}, sim_mux_gt200[SIM_MUX_REGS] = {
	{ 0x400c0c, 0x00000003 }, { 0x407008, 0x001f000f },
	{ 0x40708c, 0x000f000f }, { 0x408750, 0x0000003f },
};

static const struct sim_mux_reg *
sim_mux_regs(u32 chipset)
{
	switch (chipset) {
	case 0x50:
		return sim_mux_g80;
	case 0x84: case 0x86: case 0x92: case 0x94: case 0x96: case 0x98:
	case 0xaa: case 0xac:
		return sim_mux_g84;
	case 0xa0: case 0xa3: case 0xa5: case 0xa8: case 0xaf:
		return sim_mux_gt200;
	default:
		return NULL;
	}
}

static int
sim_mux_find(struct nvkm_sim_pcounter *pc, u32 addr)
{
	const struct sim_mux_reg *regs = sim_mux_regs(pc->sim->chipset);
	int i;

	for (i = 0; regs && i < SIM_MUX_REGS; i++) {
		if (regs[i].addr == addr)
			return i;
	}
	return -1;
}

/* Drive every gate on register @r from its current value. */
static void
sim_mux_update(struct nvkm_sim_pcounter *pc, int r)
{
	struct sim_pc_mux_gate *g;
	int i;

	for (i = 0; i < pc->mux.nr_gates; i++) {
		g = &pc->mux.gate[i];
		if (g->reg == r)
			nvkm_sim_pcounter_drive(pc, g->dom, g->sig, g->level &&
						(pc->mux.val[r] & g->mask) == g->value);
	}
}

bool
sim_pc_mux_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	int r = sim_mux_find(pc, addr);

	if (r < 0)
		return false;
	*data = pc->mux.val[r];
	return true;
}

bool
sim_pc_mux_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	int r = sim_mux_find(pc, addr);

	if (r < 0)
		return false;
	pc->mux.val[r] = data & sim_mux_regs(pc->sim->chipset)[r].bits;
	sim_mux_update(pc, r);
	return true;
}

/**
 * nvkm_sim_pcounter_mux() - gate a signal on a multiplexer selection
 * @sim: the simulator
 * @dom: domain
 * @sig: signal (below the trailer)
 * @addr: the multiplexer register
 * @mask: the field, in place
 * @value: the field's value, in place, that shows the event
 * @level: the event's level while selected
 *
 * From the next cycle on (and after every write to @addr) the signal is
 * high exactly while @level is and (register & @mask) == @value.  Gating
 * a signal again replaces its gate.
 *
 * Return: 0, -ENODEV when the chipset has no such register, -ENOSPC with
 * SIM_MUX_GATES gates in place, -EINVAL for a bad signal.
 */
int
nvkm_sim_pcounter_mux(struct nvkm_sim *sim, int dom, int sig, u32 addr,
		      u32 mask, u32 value, bool level)
{
	struct sim_pc_mux_gate *g = NULL;
	struct nvkm_sim_pcounter *pc;
	unsigned long flags;
	int i, r, ret = 0;

	if (nvkm_sim_pcounter_set_signal(sim, dom, sig, false))
		return -EINVAL;
	nvkm_sim_lock(sim, &flags);
	pc = sim->pcounter;
	r = pc ? sim_mux_find(pc, addr) : -1;
	if (r < 0) {
		ret = -ENODEV;
		goto out;
	}
	for (i = 0; i < pc->mux.nr_gates; i++) {
		if (pc->mux.gate[i].dom == dom && pc->mux.gate[i].sig == sig)
			g = &pc->mux.gate[i];
	}
	if (!g) {
		if (pc->mux.nr_gates == SIM_MUX_GATES) {
			ret = -ENOSPC;
			goto out;
		}
		g = &pc->mux.gate[pc->mux.nr_gates++];
	}
	*g = (struct sim_pc_mux_gate) {
		.reg = r, .dom = dom, .sig = sig,
		.mask = mask, .value = value, .level = level,
	};
	sim_mux_update(pc, r);
out:
	nvkm_sim_unlock(sim, flags);
	return ret;
}
