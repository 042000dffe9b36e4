// SPDX-License-Identifier: MIT
/*
 * Simulated PCOUNTER, NV10:NV40 register layout: 0x100 per domain, one
 * domain before NV20 and two after, one CTRL register for both.  NV10:NV30
 * counters are 40 bits wide (a _HI register holds bits 32-39); NV30 drops
 * the separate SETFLAG/CLRFLAG selections and adds quad event mode.
 * Each chip's domains come from its description (chips.c).
 */
#include "pcounter_priv.h"

int
nvkm_sim_pc_nv10_doms(struct nvkm_sim_pcounter *pc, const struct nvkm_sim_chip *chip)
{
	u8 nr = sim_pc_list_len(chip->pc_last);
	int d, ret;

	ret = nvkm_sim_pc_alloc(pc, 1, &nr);
	if (ret)
		return ret;
	pc->layout = &nvkm_sim_pc_nv10_layout;
	for (d = 0; d < nr; d++) {
		pc->dom[d].nr_signals = chip->pc_last[d] + 1;
		pc->dom[d].trailer = chip->pc_last[d] - 0x1f;
		memset(pc->dom[d].user, 0xff, sizeof(pc->dom[d].user));
	}
	return 0;
}

enum sim_pc_nv10_reg {
	R_SRC, R_OP, R_SIG_STATUS, R_CTR, R_CTR_HI, R_CTR_PRE, R_CTR_STOP,
	R_THRESHOLD, R_THRESHOLD_HI,
};

/*
 * Decode a per-domain register: its kind, domain and index.  Each domain
 * has 0x100 bytes in two pages: 0x400 (inputs, SIG_STATUS[dom][0]) and
 * 0x600 (counters, SIG_STATUS[dom][1]).
 */
static bool
sim_pc_nv10_decode(struct nvkm_sim_pcounter *pc, u32 addr, int *kind, int *d, int *i)
{
	u32 off = addr - NV_PCOUNTER_BASE, reg = off & 0xff;
	bool counters = (off & 0x200), wide = sim_pc_wide(pc);

	if (addr < NV10_PCOUNTER_PRE_SRC(0) || off >= 0x800 || (addr & 3))
		return false;
	*d = (off >> 8) & 1;
	if (*d >= pc->nr_doms)
		return false;
	sim_pc_touch(pc, *d);

	if (reg >= 0x30 && reg < 0x40) {
		*kind = R_SIG_STATUS;
		*i = (counters ? 4 : 0) + (reg - 0x30) / 4;
		return true;
	}
	if (reg >= 0x30)
		return false;

	if (!counters) {
		*i = reg / 8;
		*kind = reg & 4 ? R_OP : R_SRC;
		/* NV30 drops SETFLAG_SRC and CLRFLAG_SRC */
		return *kind == R_OP || *i < PC_SETFLAG || wide;
	}

	if (reg < 0x20) {	/* CYCLES, CYCLES_ALT, EVENT, START */
		*i = reg / 8;
		*kind = reg & 4 ? R_CTR_HI : R_CTR;
		return *kind == R_CTR || wide;
	}
	switch (reg) {
	case 0x20:
		*kind = R_CTR_PRE;
		return true;
	case 0x24:
		*kind = R_CTR_STOP;
		return true;
	case 0x28:
		*kind = R_THRESHOLD;
		return true;
	default:
		*kind = R_THRESHOLD_HI;
		return wide;
	}
}

static u64 *
sim_pc_nv10_ctr(struct sim_pcdom *dom, int i)
{
	switch (i) {
	case 2:
		return &dom->event;
	case 3:
		return &dom->start;
	default:	/* CTR_CYCLES, CTR_CYCLES_ALT */
		return &dom->cycles;
	}
}

static u32
sim_pc_nv10_ctrl(struct nvkm_sim_pcounter *pc)
{
	u32 v = pc->nv10_ctrl_tvout | (pc->nv10_ctr_mode_b4 ? NV10_PCOUNTER_CTRL_CTR_MODE : 0);
	int d;

	for (d = 0; d < pc->nr_doms; d++) {
		struct sim_pcdom *dom = &pc->dom[d];

		v |= dom->single << (3 + d * 2);
		if (dom->ctr_period_all)
			v |= NV10_PCOUNTER_CTRL_CTR_PERIOD(d);
		if (dom->mode == NV_PCOUNTER_MODE_QUAD)
			v |= NV30_PCOUNTER_CTRL_MODE_QUAD(d);
		if (pc->gen >= PC_NV30)
			v |= dom->quad << (24 + d * 2);
	}
	return v;
}

static void
sim_pc_nv10_ctrl_wr(struct nvkm_sim_pcounter *pc, u32 data)
{
	int d;

	pc->nv10_ctrl_tvout = data & 3;
	pc->nv10_ctr_mode_b4 = data & NV10_PCOUNTER_CTRL_CTR_MODE;
	for (d = 0; d < pc->nr_doms; d++) {
		struct sim_pcdom *dom = &pc->dom[d];

		dom->ctr_period_all = pc->gen >= PC_NV15 &&
				      (data & NV10_PCOUNTER_CTRL_CTR_PERIOD(d));
		dom->mode = pc->gen >= PC_NV30 && (data & NV30_PCOUNTER_CTRL_MODE_QUAD(d)) ?
			    NV_PCOUNTER_MODE_QUAD : NV_PCOUNTER_MODE_SINGLE;
		nvkm_sim_pc_config_written(dom);
	}
}

static bool
sim_pc_nv10_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	u32 sig[PC_SIG_WORDS];
	struct sim_pcdom *dom;
	int kind, d, i;

	if (addr == NV10_PCOUNTER_CTRL) {
		*data = sim_pc_nv10_ctrl(pc);
		return true;
	}
	if (addr == NV30_PCOUNTER_QUAD_ACK_TRIGGER && pc->gen >= PC_NV30) {
		*data = 0;	/* write-only */
		return true;
	}
	if (!sim_pc_nv10_decode(pc, addr, &kind, &d, &i))
		return false;

	dom = &pc->dom[d];
	switch (kind) {
	case R_SRC:
		*data = dom->src[i];
		break;
	case R_OP:
		*data = dom->op[i];
		break;
	case R_SIG_STATUS:
		if (i * 32 >= dom->nr_signals)
			return false;
		nvkm_sim_pc_signals(pc, d, sig);
		*data = sig[i];
		break;
	case R_CTR:
		*data = *sim_pc_nv10_ctr(dom, i);
		break;
	case R_CTR_HI:
		*data = (*sim_pc_nv10_ctr(dom, i) >> 32) & 0xff;
		break;
	case R_CTR_PRE:
		*data = dom->pre;
		break;
	case R_CTR_STOP:
		*data = dom->stop;
		break;
	case R_THRESHOLD:
		*data = dom->threshold;
		break;
	default:	/* R_THRESHOLD_HI */
		*data = (dom->threshold >> 32) & 0xff;
		break;
	}
	return true;
}

static bool
sim_pc_nv10_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	struct sim_pcdom *dom;
	int kind, d, i;

	if (addr == NV10_PCOUNTER_CTRL) {
		nvkm_sim_pc_catch_up_all(pc);
		sim_pc_nv10_ctrl_wr(pc, data);
		return true;
	}
	if (addr == NV30_PCOUNTER_QUAD_ACK_TRIGGER && pc->gen >= PC_NV30) {
		nvkm_sim_pc_catch_up_all(pc);
		for (d = 0; d < pc->nr_doms; d++) {
			if (data & NV30_PCOUNTER_QUAD_ACK_DOM(d))
				nvkm_sim_pc_quad_ack(&pc->dom[d]);
		}
		return true;
	}
	if (!sim_pc_nv10_decode(pc, addr, &kind, &d, &i))
		return false;

	dom = &pc->dom[d];
	switch (kind) {
	case R_SRC:
		dom->src[i] = data;
		break;
	case R_OP:
		dom->op[i] = data & nvkm_sim_pc_op_mask(pc, i);
		if (i == PC_PRE) {
			nvkm_sim_pc_pre_op_written(pc, dom);
			return true;
		}
		break;
	case R_SIG_STATUS:
		return true;	/* read-only, not a configuration register */
	case R_CTR_PRE:
		dom->pre_init = data;
		break;
	case R_CTR_STOP:
		dom->stop_init = data;
		break;
	case R_THRESHOLD:
		dom->threshold = (dom->threshold & ~0xffffffffull) | data;
		break;
	case R_THRESHOLD_HI:
		dom->threshold = (dom->threshold & 0xffffffffull) | (u64)(data & 0xff) << 32;
		break;
	default:	/* read-only counters: the write still aborts */
		break;
	}
	nvkm_sim_pc_config_written(dom);
	return true;
}

const struct sim_pc_layout nvkm_sim_pc_nv10_layout = {
	.rd = sim_pc_nv10_rd,
	.wr = sim_pc_nv10_wr,
	.base = NV_PCOUNTER_BASE,
	.size = NV_PCOUNTER_SIZE,
};
