// SPDX-License-Identifier: MIT
/*
 * The PGRAPH multiplexers in front of PCOUNTER (G80:GF100).  A unit's MUX
 * signals (VFETCH.MUX, CROP.MUX, ...) show whichever of its internal
 * events its multiplexer selects.  The reference names the signals but
 * not all the registers: VFETCH's register and the width of every field
 * follow nouveau, and bits beyond the fields read back as zero (a
 * modelling choice).  Which event a selection shows is the workload's to
 * say: a test gates a signal on a field value with nvkm_sim_pcounter_mux(),
 * and the signal is high exactly while the unit's bus carries that value
 * and the gate's own level is high.
 *
 * CROP, ZROP and PROP have one multiplexer per ROP or TPC (rnndb
 * graph/g80_pgraph.xml: ROP[8] with CROP.PM_MUX at +0x08 and ZROP.PM_MUX
 * at +0x8c, stride 0x100; graph/g80_pgraph_tpc.xml: TPC[8] at 0x408000,
 * stride 0x1000, PROP.PM_MUX at +0xe50 on G80:G200, TPC[16] stride 0x800,
 * +0x750 on G200+), and bit 31 of each, ENABLE, decides which drives the
 * unit's PCOUNTER input: the first (lowest numbered) with ENABLE set.
 * With none set, nothing drives it and no value shows.  The model has
 * every instance the arrays list, whatever the chip's TPC and ROP count.
 */
#include "pcounter_priv.h"

#define SIM_MUX_ENABLE	BIT(31)

/* A unit: its first register, instances, their stride, the bits they have. */
struct sim_mux_reg {
	u32 addr;
	u8 nr;
	u32 stride;
	u32 bits;	/* SIM_MUX_ENABLE included where the unit has it */
};

static const struct sim_mux_reg sim_mux_g80[SIM_MUX_REGS] = {
	{ 0x400c0c, 1, 0, 0x00000001 },
	{ 0x407008, 8, 0x100, SIM_MUX_ENABLE | 0x00070007 },
	{ 0x40708c, 8, 0x100, SIM_MUX_ENABLE | 0x000f000f },
	{ 0x408e50, 8, 0x1000, SIM_MUX_ENABLE | 0x0000001f },
}, sim_mux_g84[SIM_MUX_REGS] = {
	{ 0x400c0c, 1, 0, 0x00000003 },
	{ 0x407008, 8, 0x100, SIM_MUX_ENABLE | 0x0007000f },
	{ 0x40708c, 8, 0x100, SIM_MUX_ENABLE | 0x000f000f },
	{ 0x408e50, 8, 0x1000, SIM_MUX_ENABLE | 0x0000001f },
}, sim_mux_gt200[SIM_MUX_REGS] = {
	{ 0x400c0c, 1, 0, 0x00000003 },
	{ 0x407008, 8, 0x100, SIM_MUX_ENABLE | 0x001f000f },
	{ 0x40708c, 8, 0x100, SIM_MUX_ENABLE | 0x000f000f },
	{ 0x408750, 16, 0x800, SIM_MUX_ENABLE | 0x0000003f },
};

static const struct sim_mux_reg *
sim_mux_regs(const struct nvkm_sim_chip *chip)
{
	switch (chip->mux) {
	case MUX_G80:
		return sim_mux_g80;
	case MUX_G84:
		return sim_mux_g84;
	case MUX_GT200:
		return sim_mux_gt200;
	default:
		return NULL;
	}
}

/* The unit and instance of register @addr; the unit, or -1. */
static int
sim_mux_find(struct nvkm_sim_pcounter *pc, u32 addr, int *inst)
{
	const struct sim_mux_reg *regs = sim_mux_regs(pc->sim->chip);
	u32 off;
	int i;

	for (i = 0; regs && i < SIM_MUX_REGS; i++) {
		if (addr < regs[i].addr)
			continue;
		off = addr - regs[i].addr;
		if (off == 0 || (regs[i].stride && !(off % regs[i].stride) &&
				 off / regs[i].stride < regs[i].nr)) {
			*inst = regs[i].stride ? off / regs[i].stride : 0;
			return i;
		}
	}
	return -1;
}

/*
 * What unit @r's PCOUNTER input carries: the register of its only
 * instance, or of the first with ENABLE; false if none drives it.
 */
static bool
sim_mux_bus(struct nvkm_sim_pcounter *pc, int r, u32 *value)
{
	const struct sim_mux_reg *reg = &sim_mux_regs(pc->sim->chip)[r];
	int i;

	for (i = 0; i < reg->nr; i++) {
		if (!(reg->bits & SIM_MUX_ENABLE) || (pc->mux.val[r][i] & SIM_MUX_ENABLE)) {
			*value = pc->mux.val[r][i] & ~SIM_MUX_ENABLE;
			return true;
		}
	}
	return false;
}

/* Drive every gate on unit @r from what its bus carries. */
static void
sim_mux_update(struct nvkm_sim_pcounter *pc, int r)
{
	struct sim_pc_mux_gate *g;
	bool driven;
	u32 bus = 0;
	int i;

	driven = sim_mux_bus(pc, r, &bus);
	for (i = 0; i < pc->mux.nr_gates; i++) {
		g = &pc->mux.gate[i];
		if (g->reg == r)
			nvkm_sim_pcounter_drive(pc, g->dom, g->sig, g->level && driven &&
						(bus & g->mask) == g->value);
	}
}

bool
nvkm_sim_pc_mux_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	int i, r = sim_mux_find(pc, addr, &i);

	if (r < 0)
		return false;
	*data = pc->mux.val[r][i];
	return true;
}

bool
nvkm_sim_pc_mux_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	int i, r = sim_mux_find(pc, addr, &i);

	if (r < 0)
		return false;
	pc->mux.val[r][i] = data & sim_mux_regs(pc->sim->chip)[r].bits;
	sim_mux_update(pc, r);
	return true;
}

/**
 * nvkm_sim_pcounter_mux() - gate a signal on a multiplexer selection
 * @sim: the simulator
 * @dom: domain
 * @sig: signal (below the trailer)
 * @addr: a multiplexer register of the unit (any of its instances)
 * @mask: the field, in place
 * @value: the field's value, in place, that shows the event
 * @level: the event's level while selected
 *
 * From the next cycle on (and after every write to the unit's registers)
 * the signal is high exactly while @level is and the unit's bus carries a
 * value with (value & @mask) == @value: the register of its first
 * instance with ENABLE set (CROP, ZROP, PROP) or its only one (VFETCH).
 * Gating a signal again replaces its gate.
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
	int i, inst, r, ret = 0;

	if (nvkm_sim_pcounter_set_signal(sim, dom, sig, false))
		return -EINVAL;
	nvkm_sim_lock(sim, &flags);
	pc = sim->pcounter;
	r = pc ? sim_mux_find(pc, addr, &inst) : -1;
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
