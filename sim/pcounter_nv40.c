// SPDX-License-Identifier: MIT
/*
 * Simulated PCOUNTER, NV40:GF100 register layout: 8 domains at a 4-byte
 * stride, per-domain CTRL, and what G84, G92 and GT215 added.  Each chip's
 * domains, their signals and GT215's USER signals come from its
 * description (chips.c).
 */
#include <linux/bitfield.h>
#include "pcounter_priv.h"

static void
sim_pc_dom_init(struct sim_pcdom *dom, u8 last, u8 user)
{
	dom->nr_signals = last + 1;
	dom->trailer = last - 0x1f;
	dom->user[0] = user ? user : -1;
	dom->user[1] = user ? user + 1 : -1;
}

int
nvkm_sim_pc_nv40_doms(struct nvkm_sim_pcounter *pc, const struct nvkm_sim_chip *chip)
{
	u8 nr = sim_pc_list_len(chip->pc_last);
	int i, ret;

	pc->layout = &nvkm_sim_pc_nv40_layout;
	ret = nvkm_sim_pc_alloc(pc, 1, &nr);
	if (ret)
		return ret;
	for (i = 0; i < nr; i++)
		sim_pc_dom_init(&pc->dom[i], chip->pc_last[i],
				chip->pc_user ? chip->pc_user[i] : 0);
	return 0;
}

/* Register number within a per-domain array at @base, or -1. */
static int
sim_pc_nv40_dom(struct nvkm_sim_pcounter *pc, u32 addr, u32 base)
{
	u32 d = (addr - base) / 4;

	if (addr < base || addr >= base + NV40_PCOUNTER_DOMS * 4 ||
	    (addr & 3) || d >= pc->nr_doms)
		return -1;
	sim_pc_touch(pc, d);
	return d;
}

static u32
sim_pc_nv40_ctrl(struct sim_pcdom *dom)
{
	return dom->mode | dom->ctr_mode << 4 |
	       (dom->ctr_period_all ? NV40_PCOUNTER_CTRL_CTR_PERIOD : 0) |
	       (dom->event_pulse ? NV40_PCOUNTER_CTRL_EVENT_IMPORT_PULSE : 0) |
	       (dom->flag_pulse ? NV40_PCOUNTER_CTRL_FLAG_IMPORT_PULSE : 0) |
	       dom->ctrl_other |
	       FIELD_PREP(NV40_PCOUNTER_CTRL_QUAD_STATE, dom->quad) |
	       FIELD_PREP(NV40_PCOUNTER_CTRL_SINGLE_STATE, dom->single);
}

static void
sim_pc_nv40_ctrl_wr(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom, u32 data)
{
	u32 other = NV40_PCOUNTER_CTRL_UNK16;

	if (pc->gen >= PC_G84)
		other |= NV40_PCOUNTER_CTRL_RECORD_SHORT | NV40_PCOUNTER_CTRL_PERIODIC;
	if (pc->gen >= PC_G92)
		other |= NV40_PCOUNTER_CTRL_UNK30;

	dom->mode = FIELD_GET(NV40_PCOUNTER_CTRL_MODE, data);
	dom->ctr_mode = FIELD_GET(NV40_PCOUNTER_CTRL_CTR_MODE, data);
	dom->ctr_period_all = data & NV40_PCOUNTER_CTRL_CTR_PERIOD;
	dom->event_pulse = data & NV40_PCOUNTER_CTRL_EVENT_IMPORT_PULSE;
	dom->flag_pulse = data & NV40_PCOUNTER_CTRL_FLAG_IMPORT_PULSE;
	dom->ctrl_other = data & other;
	nvkm_sim_pc_config_written(dom);
}

/* The SRC/OP block: 0xa400..0xa53f, eight registers of each. */
static const enum sim_pc_input sim_pc_nv40_srcop[] = {
	PC_PRE, PC_PRE, PC_START, PC_START, PC_EVENT, PC_EVENT, PC_STOP, PC_STOP,
	PC_SETFLAG, PC_CLRFLAG,
};

static bool
sim_pc_nv40_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	struct sim_pcdom *dom;
	u32 sig[PC_SIG_WORDS];
	int d, i;

	if (pc->gen >= PC_G84 && nvkm_sim_pc_record_rd(pc, addr, data))
		return true;
	if (addr >= NV40_PCOUNTER_SIG_STATUS(0, 0) &&
	    addr < NV40_PCOUNTER_SIG_STATUS(NV40_PCOUNTER_DOMS, 0)) {
		d = (addr - NV40_PCOUNTER_SIG_STATUS(0, 0)) / 0x20;
		i = ((addr - NV40_PCOUNTER_SIG_STATUS(0, 0)) % 0x20) / 4;
		if (d >= pc->nr_doms || (addr & 3) || i * 32 >= pc->dom[d].nr_signals)
			return false;
		nvkm_sim_pc_signals(pc, d, sig);
		*data = sig[i];
		return true;
	}

	if (addr >= NV40_PCOUNTER_PRE_SRC(0) && addr < NV40_PCOUNTER_SRC_STATUS(0)) {
		d = sim_pc_nv40_dom(pc, addr, addr & ~0x1f);
		if (d < 0)
			return false;
		i = (addr - NV40_PCOUNTER_PRE_SRC(0)) / 0x20;
		dom = &pc->dom[d];
		if (i >= 8)	/* SETFLAG_OP, CLRFLAG_OP */
			*data = dom->op[sim_pc_nv40_srcop[i]];
		else
			*data = i & 1 ? dom->op[sim_pc_nv40_srcop[i]] :
					dom->src[sim_pc_nv40_srcop[i]];
		return true;
	}

#define DOMREG(reg) ((d = sim_pc_nv40_dom(pc, addr, reg(0))) >= 0)
	if (DOMREG(NV40_PCOUNTER_SRC_STATUS))
		*data = nvkm_sim_pc_src_status(pc, d);
	else if (pc->gen >= PC_G84 && DOMREG(NV40_PCOUNTER_SPEC_SRC))
		*data = pc->dom[d].spec_src;
	else if (pc->gen >= PC_GT215 && DOMREG(NV40_PCOUNTER_USER_TRIGGER))
		*data = 0;	/* write-only */
	else if (DOMREG(NV40_PCOUNTER_CTR_CYCLES) || DOMREG(NV40_PCOUNTER_CTR_CYCLES_ALT))
		*data = pc->dom[d].cycles;
	else if (DOMREG(NV40_PCOUNTER_CTR_EVENT))
		*data = pc->dom[d].event;
	else if (DOMREG(NV40_PCOUNTER_CTR_START))
		*data = pc->dom[d].start;
	else if (DOMREG(NV40_PCOUNTER_CTR_PRE))
		*data = pc->dom[d].pre;
	else if (DOMREG(NV40_PCOUNTER_CTR_STOP))
		*data = pc->dom[d].stop;
	else if (DOMREG(NV40_PCOUNTER_THRESHOLD))
		*data = pc->dom[d].threshold;
	else if (DOMREG(NV40_PCOUNTER_CTRL))
		*data = sim_pc_nv40_ctrl(&pc->dom[d]);
	else if (DOMREG(NV40_PCOUNTER_QUAD_ACK_TRIGGER))
		*data = 0;	/* write-only */
	else if (pc->gen >= PC_G84 && addr == NV40_PCOUNTER_GCTRL)
		*data = pc->set[0].gctrl;
	else
		return false;
#undef DOMREG
	return true;
}

static bool
sim_pc_nv40_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	struct sim_pcdom *dom;
	int d, i;

	if (pc->gen >= PC_G84 && nvkm_sim_pc_record_wr(pc, addr, data))
		return true;
	if (addr >= NV40_PCOUNTER_PRE_SRC(0) && addr < NV40_PCOUNTER_SRC_STATUS(0)) {
		enum sim_pc_input in;

		d = sim_pc_nv40_dom(pc, addr, addr & ~0x1f);
		if (d < 0)
			return false;
		i = (addr - NV40_PCOUNTER_PRE_SRC(0)) / 0x20;
		dom = &pc->dom[d];
		in = sim_pc_nv40_srcop[i];
		if (i < 8 && !(i & 1)) {
			dom->src[in] = data;
			nvkm_sim_pc_config_written(dom);
		} else {
			dom->op[in] = data & nvkm_sim_pc_op_mask(pc, in);
			if (in == PC_PRE)
				nvkm_sim_pc_pre_op_written(pc, dom);
			else
				nvkm_sim_pc_config_written(dom);
		}
		return true;
	}

#define DOMREG(reg) ((d = sim_pc_nv40_dom(pc, addr, reg(0))) >= 0)
	if (DOMREG(NV40_PCOUNTER_SRC_STATUS)) {
		/* read-only */
	} else if (pc->gen >= PC_G84 && DOMREG(NV40_PCOUNTER_SPEC_SRC)) {
		pc->dom[d].spec_src = data & 0xffff;
		nvkm_sim_pc_config_written(&pc->dom[d]);
	} else if (pc->gen >= PC_GT215 && DOMREG(NV40_PCOUNTER_USER_TRIGGER)) {
		dom = &pc->dom[d];
		dom->user_trigger = data & 3;
		dom->user_pulse = (data >> 2) & 3;
	} else if (DOMREG(NV40_PCOUNTER_CTR_CYCLES) || DOMREG(NV40_PCOUNTER_CTR_CYCLES_ALT) ||
		   DOMREG(NV40_PCOUNTER_CTR_EVENT) || DOMREG(NV40_PCOUNTER_CTR_START)) {
		nvkm_sim_pc_config_written(&pc->dom[d]);	/* read-only, but aborts */
	} else if (DOMREG(NV40_PCOUNTER_CTR_PRE)) {
		pc->dom[d].pre_init = data;
		nvkm_sim_pc_config_written(&pc->dom[d]);
	} else if (DOMREG(NV40_PCOUNTER_CTR_STOP)) {
		pc->dom[d].stop_init = data;
		nvkm_sim_pc_config_written(&pc->dom[d]);
	} else if (DOMREG(NV40_PCOUNTER_THRESHOLD)) {
		pc->dom[d].threshold = data;
		nvkm_sim_pc_config_written(&pc->dom[d]);
	} else if (DOMREG(NV40_PCOUNTER_CTRL)) {
		sim_pc_nv40_ctrl_wr(pc, &pc->dom[d], data);
	} else if (DOMREG(NV40_PCOUNTER_QUAD_ACK_TRIGGER)) {
		if (data & 1)
			nvkm_sim_pc_quad_ack(&pc->dom[d]);
	} else if (pc->gen >= PC_G84 && addr == NV40_PCOUNTER_GCTRL) {
		pc->set[0].gctrl = data & (NV40_PCOUNTER_GCTRL_RECORD_RESET |
					   NV40_PCOUNTER_GCTRL_PERIODIC_RESET);
		/* the generators restart from the beginning of their cycle */
		for (d = 0; d < pc->nr_doms && (data & NV40_PCOUNTER_GCTRL_PERIODIC_RESET); d++)
			pc->dom[d].periodic_ctr = 0;
	} else {
		return false;
	}
#undef DOMREG
	return true;
}

const struct sim_pc_layout nvkm_sim_pc_nv40_layout = {
	.rd = sim_pc_nv40_rd,
	.wr = sim_pc_nv40_wr,
	.base = NV_PCOUNTER_BASE,
	.size = NV_PCOUNTER_SIZE,
};
