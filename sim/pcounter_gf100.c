// SPDX-License-Identifier: MIT
/*
 * Simulated PCOUNTER, GF100+ register layout: one domain set for the hub,
 * one per GPC and one per partition, each domain a 0x200-byte block of
 * registers at 0x180000 (GPCs), 0x1a0000 (partitions) or 0x1b0000 (hub),
 * each set a CTRL block at 0x1b8000/0x1bc000/0x1be000.  The counting
 * logic is the shared one of pcounter.c; this file decodes registers and
 * says which domains exist.
 *
 * Where the facts come from:
 *  - GPCs, TPCs per GPC and partitions per chip, and the domains of each
 *    set: the chip description (chips.c), exposed through the PTOP
 *    registers nouveau's PM reads to find the GPC and partition domain
 *    sets; which of them the board switched off: the PUNITS disable masks
 *    (rnndb bus/punits.xml), set with nvkm_sim_floorsweep();
 *  - a domain of N signals has its trailer base at N - 0x40 (nouveau
 *    swaps on USER_0 at N - 0x40 + 0x27).
 *
 * Choices where the reference is silent or unsure:
 *  - PMC.ENABLE bit 28 clear holds the whole unit in reset: its registers
 *    read 0 and writes are dropped (still claimed), nothing counts, and
 *    every register returns to 0 (nouveau resets the unit by toggling the
 *    bit).  The workload's signals go on meanwhile;
 *  - MODE 0 (HALTED) counts nothing, and is what PAUSED (trailer 0x2c)
 *    reports; MODEs 3-7 (record variants, unknown) count nothing either;
 *  - the single event counting process starts on SINGLE_BEGIN_TRIGGER bit
 *    0 and stops on SINGLE_ABORT_TRIGGER bit 0; PRE_OP is an ordinary
 *    config register (writing it aborts, and no longer swaps in quad
 *    mode, which the reference says only of G84:GF100).  The register
 *    visible state machine is NV40's;
 *  - logic op bits follow the rnndb: 19/20 replace arguments 2/3 for all
 *    six inputs, 18 is SETFLAG for EVENT/STOP and unused (not stored)
 *    for the others;
 *  - registers the rnndb names but nobody understands (UNK*, VSTATUS,
 *    CTR_CYCLES_NEXT_RO) read 0 and ignore writes; CTRL's UNK fields are
 *    stored and read back with no effect; FILTER reads back, and with
 *    its ENABLE bit set the domain counts nothing (what SRC_MASK would
 *    let through is unknown); the *_NEXT counters show quad mode's
 *    counters in progress;
 *  - SIG_STATUS words past the domain's signals, and the MAIN block
 *    (record mode, modelled separately) are unclaimed.
 */
#include <linux/bitfield.h>
#include <linux/bitops.h>
#include "pcounter_priv.h"

/* The chip's description, if it has a GF100+ PCOUNTER. */
static const struct nvkm_sim_chip *
sim_pc_gf100_chip(const struct nvkm_sim *sim)
{
	return sim->chip && sim->chip->pc >= PC_GF100 ? sim->chip : NULL;
}

/*
 * The GPCs and partitions a board has: those below the design count that
 * neither PUNITS mask switches off.
 */
static u32
sim_pc_gf100_gpcs(const struct nvkm_sim *sim, const struct nvkm_sim_chip *chip)
{
	return (BIT(chip->gpcs) - 1) & ~sim->punits.gpc_hw & ~sim->punits.gpc_sw;
}

static u32
sim_pc_gf100_parts(const struct nvkm_sim *sim, const struct nvkm_sim_chip *chip)
{
	return (BIT(chip->parts) - 1) & ~sim->punits.part_hw & ~sim->punits.part_sw;
}

/*
 * Domain sets: the hub, then each GPC there is, then each partition: a
 * switched-off unit has no set, and its register blocks decode nothing.
 */
static int
sim_pc_gf100_gpc_set(struct nvkm_sim_pcounter *pc, const struct nvkm_sim_chip *chip,
		     u32 gpc)
{
	u32 there = sim_pc_gf100_gpcs(pc->sim, chip);

	if (gpc >= chip->gpcs || !(there & BIT(gpc)))
		return -1;
	return 1 + hweight32(there & (BIT(gpc) - 1));
}

static int
sim_pc_gf100_part_set(struct nvkm_sim_pcounter *pc, const struct nvkm_sim_chip *chip,
		      u32 part)
{
	u32 there = sim_pc_gf100_parts(pc->sim, chip);

	if (part >= chip->parts || !(there & BIT(part)))
		return -1;
	return 1 + hweight32(sim_pc_gf100_gpcs(pc->sim, chip)) +
	       hweight32(there & (BIT(part) - 1));
}

static const u8 *
sim_pc_gf100_set_sigs(const struct nvkm_sim_chip *chip, int gpcs, int s)
{
	if (s == 0)
		return chip->hub;
	return s <= gpcs ? chip->gpc : chip->part;
}

/**
 * nvkm_sim_pc_gf100_doms() - the domain sets and domains of a GF100+ chip
 * @pc: the model, its layout set here
 * @chip: the chip's description
 *
 * Return: 0 or -ENOMEM.
 */
int
nvkm_sim_pc_gf100_doms(struct nvkm_sim_pcounter *pc, const struct nvkm_sim_chip *chip)
{
	u8 nr[1 + GF100_PCOUNTER_GPCS + GF100_PCOUNTER_PARTS];
	int s, d, nr_sets, gpcs, ret;

	pc->layout = &nvkm_sim_pc_gf100_layout;

	gpcs = hweight32(sim_pc_gf100_gpcs(pc->sim, chip));
	nr_sets = 1 + gpcs + hweight32(sim_pc_gf100_parts(pc->sim, chip));
	for (s = 0; s < nr_sets; s++)
		nr[s] = sim_pc_list_len(sim_pc_gf100_set_sigs(chip, gpcs, s));
	ret = nvkm_sim_pc_alloc(pc, nr_sets, nr);
	if (ret)
		return ret;

	for (d = 0; d < pc->nr_doms; d++) {
		struct sim_pcdom *dom = &pc->dom[d];

		dom->nr_signals = sim_pc_gf100_set_sigs(chip, gpcs, dom->set)[dom->idx];
		dom->trailer = dom->nr_signals - GF100_PCOUNTER_TRAILER_END;
		dom->user[0] = -1;	/* GT215's; GF100's are in the trailer */
		dom->user[1] = -1;
		dom->mode = PC_MODE_OFF;
	}
	return 0;
}

/* PMC.ENABLE bit 28 clear: clear every register once, then do nothing. */
static bool
sim_pc_gf100_off(struct nvkm_sim_pcounter *pc)
{
	int d, s;

	if (pc->sim->pmc_enable & GF100_PMC_ENABLE_PCOUNTER) {
		pc->in_reset = false;
		return false;
	}
	if (pc->in_reset)
		return true;

	/* what they counted before the reset, before it clears them */
	nvkm_sim_pc_catch_up_all(pc);
	for (d = 0; d < pc->nr_doms; d++) {
		struct sim_pcdom *dom = &pc->dom[d];
		struct sim_pcdom keep = *dom;

		memset(dom, 0, sizeof(*dom));
		dom->set = keep.set;
		dom->idx = keep.idx;
		dom->nr_signals = keep.nr_signals;
		dom->trailer = keep.trailer;
		dom->user[0] = keep.user[0];
		dom->user[1] = keep.user[1];
		memcpy(dom->level, keep.level, sizeof(dom->level));	/* the workload's */
		dom->mode = PC_MODE_OFF;
	}
	for (s = 0; s < pc->nr_sets; s++)
		pc->set[s].gctrl = 0;
	pc->in_reset = true;
	return true;
}

/* --- decoding ------------------------------------------------------------ */

/**
 * struct sim_pc_gf100_reg - what an address is
 * @dom: domain of a domain register, else NULL
 * @set: domain set of a set register, else NULL
 * @reg: offset within the domain or set block
 */
struct sim_pc_gf100_reg {
	struct sim_pcdom *dom;
	struct sim_pcset *set;
	u32 reg;
};

static bool
sim_pc_gf100_dom_reg(struct nvkm_sim_pcounter *pc, int s, u32 addr,
		     struct sim_pc_gf100_reg *r)
{
	u32 d = (addr % 0x1000) / GF100_PCOUNTER_DOM_SIZE;

	if (s < 0 || d >= pc->set[s].nr)
		return false;
	r->dom = &pc->dom[pc->set[s].first + d];
	r->reg = addr % GF100_PCOUNTER_DOM_SIZE;
	sim_pc_touch(pc, pc->set[s].first + d);
	return true;
}

static bool
sim_pc_gf100_set_reg(struct nvkm_sim_pcounter *pc, int s, u32 addr,
		     struct sim_pc_gf100_reg *r)
{
	if (s < 0)
		return false;
	r->set = &pc->set[s];
	r->reg = addr % GF100_PCOUNTER_DOM_SIZE;
	return true;
}

/* Which domain or set register @addr is; false if none of a present one. */
static bool
sim_pc_gf100_decode(struct nvkm_sim_pcounter *pc, u32 addr, struct sim_pc_gf100_reg *r)
{
	const struct nvkm_sim_chip *chip = pc->sim->chip;
	u32 n;

	memset(r, 0, sizeof(*r));
	if (addr < GF100_PCOUNTER_BASE || addr >= GF100_PCOUNTER_BASE + GF100_PCOUNTER_SIZE ||
	    (addr & 3))
		return false;

	/* per-domain blocks: 0x1000 per GPC or partition, 0x200 per domain */
	if (addr < GF100_PCOUNTER_PART_DOM(0, 0)) {
		n = (addr - GF100_PCOUNTER_GPC_DOM(0, 0)) / 0x1000;
		return sim_pc_gf100_dom_reg(pc, sim_pc_gf100_gpc_set(pc, chip, n), addr, r);
	}
	if (addr < GF100_PCOUNTER_HUB_DOM(0)) {
		n = (addr - GF100_PCOUNTER_PART_DOM(0, 0)) / 0x1000;
		return sim_pc_gf100_dom_reg(pc, sim_pc_gf100_part_set(pc, chip, n), addr, r);
	}
	if (addr < GF100_PCOUNTER_HUB_DOM(GF100_PCOUNTER_DOMS))
		return sim_pc_gf100_dom_reg(pc, 0, addr, r);

	/* per-set blocks: 0x200 each */
	if (addr >= GF100_PCOUNTER_GPC_DSET(0) &&
	    addr < GF100_PCOUNTER_GPC_DSET(GF100_PCOUNTER_GPCS)) {
		n = (addr - GF100_PCOUNTER_GPC_DSET(0)) / 0x200;
		return sim_pc_gf100_set_reg(pc, sim_pc_gf100_gpc_set(pc, chip, n), addr, r);
	}
	if (addr >= GF100_PCOUNTER_PART_DSET(0) &&
	    addr < GF100_PCOUNTER_PART_DSET(GF100_PCOUNTER_PARTS)) {
		n = (addr - GF100_PCOUNTER_PART_DSET(0)) / 0x200;
		return sim_pc_gf100_set_reg(pc, sim_pc_gf100_part_set(pc, chip, n), addr, r);
	}
	if (addr >= GF100_PCOUNTER_HUB_DSET && addr < GF100_PCOUNTER_HUB_DSET + 0x200)
		return sim_pc_gf100_set_reg(pc, 0, addr, r);
	return false;	/* MAIN and the holes between the blocks */
}

/* Is the register in the map?  Independent of PMC.ENABLE. */
static bool
sim_pc_gf100_has(struct nvkm_sim_pcounter *pc, const struct sim_pc_gf100_reg *r)
{
	if (r->set) {
		switch (r->reg) {
		case GF100_PCOUNTER_DSET_CTRL:
		case GF100_PCOUNTER_DSET_VSTATUS_0:
		case GF100_PCOUNTER_DSET_VSTATUS_1:
			return true;
		case GF100_PCOUNTER_DSET_SLCG:
			return pc->gen >= PC_GK104;
		default:
			return false;
		}
	}
	if (r->reg < GF100_PCOUNTER_PRE_SRC)	/* SIG_STATUS */
		return r->reg / 4 * 32 < r->dom->nr_signals;
	/* every word from PRE_SRC to USER_TRIGGER is named, then FILTER */
	return r->reg <= GF100_PCOUNTER_USER_TRIGGER || r->reg == GF100_PCOUNTER_FILTER;
}

/* The SRC/OP block: PRE_SRC .. CLRFLAG_OP. */
static const enum sim_pc_input sim_pc_gf100_srcop[] = {
	PC_PRE, PC_PRE, PC_START, PC_START, PC_EVENT, PC_EVENT, PC_STOP, PC_STOP,
	PC_SETFLAG, PC_CLRFLAG,
};

/* SETFLAG's and CLRFLAG's arguments among the selected signals (NV30+). */
static const u8 sim_pc_gf100_flag_args[2][4] = {
	{ 6, 7, 0, 1 },		/* START_SRC[2,3], PRE_SRC[0,1] */
	{ 2, 3, 4, 5 },		/* PRE_SRC[2,3], START_SRC[0,1] */
};

static u32
sim_pc_gf100_src_status(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom)
{
	u32 v = nvkm_sim_pc_src_status(pc, dom - pc->dom);
	int i, j;

	for (i = 0; i < 2; i++) {
		for (j = 0; j < 4; j++) {
			if (v & BIT(sim_pc_gf100_flag_args[i][j]))
				v |= BIT(16 + i * 4 + j);
		}
	}
	return v;
}

static u32
sim_pc_gf100_ctrl(const struct sim_pcdom *dom)
{
	return dom->ctrl_other |
	       FIELD_PREP(GF100_PCOUNTER_CTRL_CTR_MODE, dom->ctr_mode) |
	       (dom->ctr_period_all ? GF100_PCOUNTER_CTRL_CTR_PERIOD : 0) |
	       (dom->event_pulse ? GF100_PCOUNTER_CTRL_EVENT_IMPORT_PULSE : 0) |
	       (dom->flag_pulse ? GF100_PCOUNTER_CTRL_FLAG_IMPORT_PULSE : 0) |
	       FIELD_PREP(GF100_PCOUNTER_CTRL_QUAD_STATE, dom->quad) |
	       FIELD_PREP(GF100_PCOUNTER_CTRL_SINGLE_STATE, dom->single);
}

/*
 * What the domain runs: CTRL's MODE, unless FILTER's ENABLE (bit 31) is
 * set.  The reference names FILTER's fields (SRC_MASK, bits 0-30, and
 * ENABLE) but not what SRC_MASK selects: the model lets nothing through an
 * enabled filter, so the domain neither counts nor swaps, as if HALTED
 * (PAUSED still follows MODE).
 */
static void
sim_pc_gf100_mode(struct sim_pcdom *dom)
{
	switch (FIELD_GET(GF100_PCOUNTER_CTRL_MODE, dom->ctrl_other)) {
	case GF100_PCOUNTER_CTRL_MODE_SINGLE:
		dom->mode = NV_PCOUNTER_MODE_SINGLE;
		break;
	case GF100_PCOUNTER_CTRL_MODE_QUAD:
		dom->mode = NV_PCOUNTER_MODE_QUAD;
		break;
	default:
		dom->mode = PC_MODE_OFF;
		break;
	}
	if (dom->filter & GF100_PCOUNTER_FILTER_ENABLE)
		dom->mode = PC_MODE_OFF;
}

static void
sim_pc_gf100_ctrl_wr(struct sim_pcdom *dom, u32 data)
{
	dom->ctr_mode = FIELD_GET(GF100_PCOUNTER_CTRL_CTR_MODE, data);
	dom->ctr_period_all = data & GF100_PCOUNTER_CTRL_CTR_PERIOD;
	dom->event_pulse = data & GF100_PCOUNTER_CTRL_EVENT_IMPORT_PULSE;
	dom->flag_pulse = data & GF100_PCOUNTER_CTRL_FLAG_IMPORT_PULSE;
	/*
	 * The raw MODE stays here too, for PAUSED and for reading back; so
	 * does UNK18 (bits 18-20), which nouveau sets to 1 and the reference
	 * gives no meaning: stored, read back, no effect.
	 */
	dom->ctrl_other = data & (GF100_PCOUNTER_CTRL_MODE | GF100_PCOUNTER_CTRL_UNK9 |
				  GF100_PCOUNTER_CTRL_UNK18 | GF100_PCOUNTER_CTRL_PERIODIC |
				  GF100_PCOUNTER_CTRL_UNK26 | GF100_PCOUNTER_CTRL_UNK31);
	sim_pc_gf100_mode(dom);
	nvkm_sim_pc_config_written(dom);
}

static u32
sim_pc_gf100_dom_rd(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom, u32 reg)
{
	u32 sig[PC_SIG_WORDS];

	if (reg < GF100_PCOUNTER_PRE_SRC) {
		nvkm_sim_pc_signals(pc, dom - pc->dom, sig);
		return sig[reg / 4];
	}
	if (reg <= GF100_PCOUNTER_CLRFLAG_OP) {
		int i = (reg - GF100_PCOUNTER_PRE_SRC) / 4;

		if (i < 8 && !(i & 1))
			return dom->src[sim_pc_gf100_srcop[i]];
		return dom->op[sim_pc_gf100_srcop[i]];
	}

	switch (reg) {
	case GF100_PCOUNTER_SRC_STATUS:
		return sim_pc_gf100_src_status(pc, dom);
	case GF100_PCOUNTER_SWAP_SRC:
		return dom->spec_src;
	case GF100_PCOUNTER_CTR_CYCLES:
		return dom->cycles;
	case GF100_PCOUNTER_CTR_EVENT:
		return dom->event;
	case GF100_PCOUNTER_CTR_START:
		return dom->start;
	case GF100_PCOUNTER_CTR_PRE:
		return dom->pre;
	case GF100_PCOUNTER_CTR_STOP:
		return dom->stop;
	case GF100_PCOUNTER_THRESHOLD:
		return dom->threshold;
	case GF100_PCOUNTER_CTRL:
		return sim_pc_gf100_ctrl(dom);
	case GF100_PCOUNTER_CTR_EVENT_NEXT:
		return dom->sh_event;
	case GF100_PCOUNTER_CTR_PRE_NEXT:
		return dom->sh_pre;
	case GF100_PCOUNTER_CTR_START_NEXT:
		return dom->sh_start;
	case GF100_PCOUNTER_CTR_STOP_NEXT:
		return dom->sh_stop;
	case GF100_PCOUNTER_CTR_CYCLES_NEXT:
		return dom->sh_cycles;
	case GF100_PCOUNTER_STATE:
		return FIELD_PREP(GF100_PCOUNTER_STATE_SINGLE_STATE, dom->single) |
		       FIELD_PREP(GF100_PCOUNTER_STATE_QUAD_STATE, dom->quad);
	case GF100_PCOUNTER_USER_TRIGGER:
		/* bits 0-3 are the signals as they are now */
		return dom->user_trigger;
	case GF100_PCOUNTER_FILTER:
		return dom->filter;
	default:	/* triggers, CYCLES_NEXT_HIGH (counters saturate), UNK* */
		return 0;
	}
}

static void
sim_pc_gf100_dom_wr(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom, u32 reg, u32 data)
{
	if (reg >= GF100_PCOUNTER_PRE_SRC && reg <= GF100_PCOUNTER_CLRFLAG_OP) {
		int i = (reg - GF100_PCOUNTER_PRE_SRC) / 4;
		enum sim_pc_input in = sim_pc_gf100_srcop[i];

		if (i < 8 && !(i & 1))
			dom->src[in] = data;
		else
			dom->op[in] = data & nvkm_sim_pc_op_mask(pc, in);
		nvkm_sim_pc_config_written(dom);	/* PRE_OP included */
		return;
	}

	switch (reg) {
	case GF100_PCOUNTER_SWAP_SRC:
		dom->spec_src = data & 0xff;
		nvkm_sim_pc_config_written(dom);
		break;
	case GF100_PCOUNTER_CTR_CYCLES:
	case GF100_PCOUNTER_CTR_EVENT:
	case GF100_PCOUNTER_CTR_START:
		nvkm_sim_pc_config_written(dom);	/* read-only, but aborts */
		break;
	case GF100_PCOUNTER_CTR_PRE:
		dom->pre_init = data;
		nvkm_sim_pc_config_written(dom);
		break;
	case GF100_PCOUNTER_CTR_STOP:
		dom->stop_init = data;
		nvkm_sim_pc_config_written(dom);
		break;
	case GF100_PCOUNTER_THRESHOLD:
		dom->threshold = data;
		nvkm_sim_pc_config_written(dom);
		break;
	case GF100_PCOUNTER_CTRL:
		sim_pc_gf100_ctrl_wr(dom, data);
		break;
	case GF100_PCOUNTER_SINGLE_ABORT_TRIGGER:
		if (data & 1)
			nvkm_sim_pc_config_written(dom);
		break;
	case GF100_PCOUNTER_SINGLE_BEGIN_TRIGGER:
		if (data & 1)
			nvkm_sim_pc_single_begin(dom);
		break;
	case GF100_PCOUNTER_QUAD_ACK_TRIGGER:
		if (data & 1)
			nvkm_sim_pc_quad_ack(dom);
		break;
	case GF100_PCOUNTER_USER_TRIGGER:
		dom->user_trigger = data & 0xff;
		dom->user_pulse = (data >> 4) & 0xf;
		break;
	case GF100_PCOUNTER_FILTER:
		dom->filter = data;
		sim_pc_gf100_mode(dom);
		break;
	default:	/* read-only or unknown */
		break;
	}
}

static void
sim_pc_gf100_set_wr(struct nvkm_sim_pcounter *pc, struct sim_pcset *set, u32 reg, u32 data)
{
	int d;

	if (reg != GF100_PCOUNTER_DSET_CTRL)
		return;		/* VSTATUS is read-only; SLCG has no model */
	set->gctrl = data & (GF100_PCOUNTER_DSET_CTRL_RECORD_RESET |
			     GF100_PCOUNTER_DSET_CTRL_PERIODIC_RESET |
			     GF100_PCOUNTER_DSET_CTRL_UNK5 | GF100_PCOUNTER_DSET_CTRL_UNK29 |
			     GF100_PCOUNTER_DSET_CTRL_UNK31);
	/* the set's generators restart from the beginning of their cycle */
	for (d = 0; d < set->nr && (data & GF100_PCOUNTER_DSET_CTRL_PERIODIC_RESET); d++)
		pc->dom[set->first + d].periodic_ctr = 0;
}

static bool
sim_pc_gf100_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	struct sim_pc_gf100_reg r;

	if (!sim_pc_gf100_decode(pc, addr, &r) || !sim_pc_gf100_has(pc, &r))
		return false;
	if (sim_pc_gf100_off(pc))
		*data = 0;
	else if (r.dom)
		*data = sim_pc_gf100_dom_rd(pc, r.dom, r.reg);
	else
		*data = r.reg == GF100_PCOUNTER_DSET_CTRL ? r.set->gctrl : 0;
	return true;
}

static bool
sim_pc_gf100_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	struct sim_pc_gf100_reg r;

	if (!sim_pc_gf100_decode(pc, addr, &r) || !sim_pc_gf100_has(pc, &r))
		return false;
	if (sim_pc_gf100_off(pc))
		return true;	/* dropped */
	if (r.dom) {
		sim_pc_gf100_dom_wr(pc, r.dom, r.reg, data);
	} else {
		nvkm_sim_pc_catch_up_all(pc);
		sim_pc_gf100_set_wr(pc, r.set, r.reg, data);
	}
	return true;
}

const struct sim_pc_layout nvkm_sim_pc_gf100_layout = {
	.rd = sim_pc_gf100_rd,
	.wr = sim_pc_gf100_wr,
	.off = sim_pc_gf100_off,
	.base = GF100_PCOUNTER_BASE,
	.size = GF100_PCOUNTER_SIZE,
};

/* --- PTOP ------------------------------------------------------------------ */

/**
 * nvkm_sim_gf100_ptop_rd() - read a GF100+ PTOP (PUNITS) register
 * @sim: the simulated GPU
 * @addr: register
 * @data: its value, for a register of the chipset
 *
 * The design counts are the full chip's; the disable masks are the
 * board's (nvkm_sim_floorsweep()), read-only.  PTOP is not part of
 * PCOUNTER: PMC.ENABLE bit 28 does not gate it.
 *
 * Return: false if @addr is not a PTOP register of the chipset.
 */
bool
nvkm_sim_gf100_ptop_rd(struct nvkm_sim *sim, u32 addr, u32 *data)
{
	const struct nvkm_sim_chip *chip = sim_pc_gf100_chip(sim);

	if (!chip)
		return false;
	switch (addr) {
	case GF100_PTOP_SCAL_NUM_GPCS:
		*data = chip->gpcs;
		return true;
	case GF100_PTOP_SCAL_NUM_TPC_PER_GPC:
		*data = chip->tpcs;
		return true;
	case GF100_PTOP_SCAL_NUM_FBPS:
		*data = chip->parts;
		return true;
	case GF100_PUNITS_HW_GPC_DISABLE_MASK:
		*data = sim->punits.gpc_hw;
		return true;
	case GF100_PUNITS_SW_GPC_DISABLE_MASK:
		*data = sim->punits.gpc_sw;
		return true;
	case GF100_PUNITS_HW_PART_DISABLE_MASK:
		*data = sim->punits.part_hw;
		return true;
	case GF100_PUNITS_SW_PART_DISABLE_MASK:
		*data = sim->punits.part_sw;
		return true;
	case GF100_PUNITS_HW_MC_DISABLE_MASK:
		*data = 0;
		return true;
	default:
		return false;
	}
}

/**
 * nvkm_sim_gf100_ptop_wr() - write a GF100+ PTOP (PUNITS) register
 * @sim: the simulated GPU
 * @addr: register
 * @data: ignored: the model keeps them read-only
 *
 * Return: false if @addr is not a PTOP register of the chipset.
 */
bool
nvkm_sim_gf100_ptop_wr(struct nvkm_sim *sim, u32 addr, u32 data)
{
	u32 dummy;

	return nvkm_sim_gf100_ptop_rd(sim, addr, &dummy);
}

/**
 * nvkm_sim_floorsweep() - make the simulated GPU a floorswept board
 * @sim: the simulated GPU, a GF100+ one
 * @fs: the PUNITS disable masks the board reads back
 *
 * A switched-off GPC or partition has no PCOUNTER domain set: its domain
 * and set registers decode nothing (accesses are unclaimed), and the sets
 * of the units there are keep their order.  Bits at or above the design
 * counts switch nothing off.  The GPU is reset (nvkm_sim_reset()) to take
 * the new shape; call it before a driver attaches.
 *
 * Context: process context; may sleep.
 * Return: 0, -ENODEV when the chipset has no GF100+ PCOUNTER model, or
 * what nvkm_sim_reset() returns.
 */
int
nvkm_sim_floorsweep(struct nvkm_sim *sim, const struct nvkm_sim_punits *fs)
{
	unsigned long flags;

	if (!sim_pc_gf100_chip(sim))
		return -ENODEV;
	raw_spin_lock_irqsave(&sim->lock, flags);
	sim->punits = *fs;
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	return nvkm_sim_reset(sim);
}
