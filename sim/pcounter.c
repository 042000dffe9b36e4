// SPDX-License-Identifier: MIT
/*
 * Simulated PCOUNTER: the counting logic every register layout shares.
 *
 * The model is clocked: sim_pc_step() simulates one cycle of every domain
 * exactly as the reference describes it (signals, input selection and
 * logic ops with their delay lines, the FLAG and its 2-cycle delay, the
 * import synchronisers, single and quad event mode, counter modes).  When
 * nothing can change but counters - no pulse due, every delay line holding
 * a constant - sim_pc_skip() jumps ahead in closed form; a KUnit suite
 * checks that the jump and the cycle-by-cycle run agree.
 *
 * Modelling choices where the reference is silent:
 *  - all domains of the set share one clock;
 *  - a domain's own EVENT trailer signal is the EVENT computed in the same
 *    cycle for PRE, START and STOP, and the previous cycle's for the
 *    SETFLAG, CLRFLAG and EVENT logic ops that produce it;
 *  - register writes take effect between two cycles;
 *  - record mode (MODE 2): see pcounter_record.c.
 *  - GF100+ PCOUNTER held in reset by PMC.ENABLE does nothing at all, while
 *    time goes on for the workload (see pcounter_gf100.c).
 */
#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/lcm.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include "nv50_hw.h"
#include "pcounter_priv.h"

/* Which selected signals (SRC_STATUS bit numbers) feed each input. */
static const u8 sim_pc_args_nv30[PC_NR_INPUTS][4] = {
	[PC_PRE]     = { 0, 1, 2, 3 },
	[PC_START]   = { 4, 5, 6, 7 },
	[PC_EVENT]   = { 8, 9, 10, 11 },
	[PC_STOP]    = { 12, 13, 14, 15 },
	[PC_SETFLAG] = { 6, 7, 0, 1 },	/* START_SRC[2,3], PRE_SRC[0,1] */
	[PC_CLRFLAG] = { 2, 3, 4, 5 },	/* PRE_SRC[2,3], START_SRC[0,1] */
};

/* Before NV30, SETFLAG and CLRFLAG select their own signals. */
static const u8 sim_pc_args_nv10[2][4] = {
	{ 16, 17, 18, 19 },
	{ 20, 21, 22, 23 },
};

static inline bool
sig_get(const u32 *sig, unsigned int n)
{
	return (sig[n / 32] >> (n % 32)) & 1;
}

static inline void
sig_put(u32 *sig, unsigned int n, bool v)
{
	if (v)
		sig[n / 32] |= BIT(n % 32);
	else
		sig[n / 32] &= ~BIT(n % 32);
}

/* Add to a counter: 32-bit saturating (NV30+) or 40-bit with a sticky
 * bit 39 (NV10:NV30), for any increment at once.
 */
static u64
sim_pc_add(struct nvkm_sim_pcounter *pc, u64 ctr, u64 inc)
{
	u64 low;

	if (!sim_pc_wide(pc))
		return min_t(u64, ctr + inc, U32_MAX);

	low = (ctr & GENMASK_ULL(38, 0)) + inc;
	return (low & GENMASK_ULL(38, 0)) |
	       (((ctr & BIT_ULL(39)) || low > GENMASK_ULL(38, 0)) ? BIT_ULL(39) : 0);
}

/* CTR_PRE and CTR_STOP are 32 bits on every generation. */
static u64
sim_pc_add32(struct nvkm_sim_pcounter *pc, u64 ctr, u64 inc)
{
	return min_t(u64, ctr + inc, U32_MAX);
}

/* What a domain exports to the others, after the synchroniser. */
static bool
sim_pc_import(u8 hist, bool pulse)
{
	bool v2 = hist & 2, v3 = hist & 4;

	return pulse ? v2 && !v3 : v2;
}

static inline bool
sim_pc_flag_signal(const struct sim_pcdom *dom)
{
	return dom->flag_hist & 2;	/* FLAG as of two cycles ago */
}

static u32
sim_pc_periodic_period(const struct sim_pcdom *dom)
{
	unsigned int sel = FIELD_GET(NV40_PCOUNTER_CTRL_PERIODIC, dom->ctrl_other);

	return sel ? 0x200 << sel : 0;
}

/* The PERIODIC generator runs: G84+, a period set, not held in reset. */
static bool
sim_pc_periodic_on(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom)
{
	return pc->gen >= PC_G84 && sim_pc_periodic_period(dom) &&
	       !(pc->set[dom->set].gctrl & NV40_PCOUNTER_GCTRL_PERIODIC_RESET);
}

static bool
sim_pc_periodic(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom)
{
	return sim_pc_periodic_on(pc, dom) &&
	       dom->periodic_ctr == sim_pc_periodic_period(dom) - 1;
}

/* A pulse train is high for @width cycles from each @next on. */
static bool
sim_pc_pulser_high(const struct sim_pc_pulser *p, u64 now)
{
	return now >= p->next && now < p->next + p->width;
}

/* Cycles from @now on in which the train's level stays what it was. */
static u64
sim_pc_pulser_calm(const struct sim_pc_pulser *p, u64 now)
{
	if (now == p->fell || now == p->next)
		return 0;		/* falling or rising now */
	if (now < p->next)
		return p->next - now;
	return p->next + p->width - now;
}

/*
 * GF100+ trailer: USER_0..3, PAUSED, PERIODIC, and the EVENT and FLAG of
 * every domain of the set.  MAIN.???, PGRAPH's CTXCTL signal and the
 * unknown positions have nothing behind them here: they read 0.
 */
static void
sim_pc_signals_gf100(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom,
		     u32 *sig)
{
	const struct sim_pcdom *set = &pc->dom[pc->set[dom->set].first];
	unsigned int t = dom->trailer, i, x, nr = pc->set[dom->set].nr;
	u32 mode = FIELD_GET(GF100_PCOUNTER_CTRL_MODE, dom->ctrl_other);

	for (i = GF100_PCOUNTER_TRAILER_FIRST; i < GF100_PCOUNTER_TRAILER_END; i++)
		sig_put(sig, t + i, false);
	for (i = 0; i < GF100_PCOUNTER_USERS; i++)
		sig_put(sig, t + GF100_PCOUNTER_TRAILER_USER(i), dom->user_trigger & BIT(i));
	sig_put(sig, t + GF100_PCOUNTER_TRAILER_PAUSED,
		mode == GF100_PCOUNTER_CTRL_MODE_HALTED);
	sig_put(sig, t + GF100_PCOUNTER_TRAILER_PERIODIC, sim_pc_periodic(pc, dom));
	for (x = 0; x < nr; x++) {
		bool ev, fl;

		if (x == dom->idx) {
			ev = dom->xevent & 1;
			fl = sim_pc_flag_signal(dom);
		} else {
			ev = sim_pc_import(set[x].xevent, dom->event_pulse);
			fl = sim_pc_import(set[x].xflag, dom->flag_pulse);
		}
		sig_put(sig, t + GF100_PCOUNTER_TRAILER_EVENT(x), ev);
		sig_put(sig, t + GF100_PCOUNTER_TRAILER_FLAG(x), fl);
	}
}

/* The 256 signals of domain @d in the current cycle. */
void
nvkm_sim_pc_signals(struct nvkm_sim_pcounter *pc, int d, u32 *sig)
{
	struct sim_pcdom *dom = &pc->dom[d], *set = &pc->dom[pc->set[dom->set].first];
	unsigned int t = dom->trailer, i, x, nr = pc->set[dom->set].nr;

	memcpy(sig, dom->level, sizeof(dom->level));
	for (i = 0; (pc->trained & BIT_ULL(d)) && i < PC_MAX_PULSERS; i++) {
		const struct sim_pc_pulser *p = &pc->pulser[i];

		if (p->left && p->dom == d && sim_pc_pulser_high(p, pc->now))
			sig_put(sig, p->sig, true);
	}
	for (i = 0; (pc->forced & BIT_ULL(d)) && i < PC_SIG_WORDS; i++)
		sig[i] &= ~dom->force_low[i];

	switch (pc->gen) {
	case PC_NV10:
	case PC_NV15:
		sig_put(sig, t + NV10_PCOUNTER_TRAILER_FLAG, sim_pc_flag_signal(dom));
		break;
	case PC_NV20:
	case PC_NV30:
		sig_put(sig, t + NV20_PCOUNTER_TRAILER_PM_TRIGGER, pc->pm_trigger & 1);
		for (x = 0; x < nr; x++) {
			bool v = x == dom->idx ? sim_pc_flag_signal(dom) :
				 sim_pc_import(set[x].xflag, false);

			sig_put(sig, t + NV20_PCOUNTER_TRAILER_FLAG(x), v);
		}
		break;
	case PC_GF100:
	case PC_GK104:
		sim_pc_signals_gf100(pc, dom, sig);
		break;
	default:
		sig_put(sig, t + NV40_PCOUNTER_TRAILER_ZERO, false);
		sig_put(sig, t + NV40_PCOUNTER_TRAILER_PERIODIC, sim_pc_periodic(pc, dom));
		sig_put(sig, t + NV40_PCOUNTER_TRAILER_WRCACHE_FLUSH,
			pc->gen >= PC_G84 && (pc->wrcache_flush & 1));
		sig_put(sig, t + NV40_PCOUNTER_TRAILER_PM_TRIGGER, pc->pm_trigger & 1);
		for (x = 0; x < NV40_PCOUNTER_DOMS; x++) {
			bool ev = false, fl = false;

			if (x == dom->idx) {
				ev = dom->xevent & 1;
				fl = sim_pc_flag_signal(dom);
			} else if (x < nr) {
				ev = sim_pc_import(set[x].xevent, dom->event_pulse);
				fl = sim_pc_import(set[x].xflag, dom->flag_pulse);
			}
			sig_put(sig, t + NV40_PCOUNTER_TRAILER_EVENT(x), ev);
			sig_put(sig, t + NV40_PCOUNTER_TRAILER_FLAG(x), fl);
		}
		if (pc->gen == PC_GT215) {
			for (i = 0; i < 2; i++) {
				if (dom->user[i] >= 0)
					sig_put(sig, dom->user[i], dom->user_trigger & BIT(i));
			}
		}
		break;
	}

	/* Nothing beyond the domain's last signal (a multiple of 32) exists. */
	for (i = dom->nr_signals / 32; i < PC_SIG_WORDS; i++)
		sig[i] = 0;
}

/* The selected signals, in SRC_STATUS order (+ NV10 SETFLAG/CLRFLAG). */
static u32
sim_pc_select(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom,
	      const u32 *sig)
{
	static const enum sim_pc_input order[] = {
		PC_PRE, PC_START, PC_EVENT, PC_STOP, PC_SETFLAG, PC_CLRFLAG,
	};
	int n = pc->gen < PC_NV30 ? 6 : 4, i, j;
	u32 bits = 0;

	for (i = 0; i < n; i++) {
		for (j = 0; j < 4; j++) {
			u8 s = dom->src[order[i]] >> (j * 8);

			if (sig_get(sig, s))
				bits |= BIT(i * 4 + j);
		}
	}
	return bits;
}

u32
nvkm_sim_pc_src_status(struct nvkm_sim_pcounter *pc, int d)
{
	u32 sig[PC_SIG_WORDS];

	nvkm_sim_pc_signals(pc, d, sig);
	return sim_pc_select(pc, &pc->dom[d], sig) & 0xffff;
}

/* The bits of an _OP register the generation has. */
u32
nvkm_sim_pc_op_mask(struct nvkm_sim_pcounter *pc, enum sim_pc_input in)
{
	bool es = in == PC_EVENT || in == PC_STOP;

	/* GF100 moved the replace bits of PRE/START/SETFLAG/CLRFLAG up to
	 * EVENT/STOP's 19-20, leaving bit 18 (SETFLAG there) unused.
	 */
	if (pc->gen >= PC_GF100)
		return es ? GENMASK(20, 0) : GENMASK(20, 19) | GENMASK(17, 0);
	if (pc->gen >= PC_G92)
		return es ? GENMASK(20, 0) : GENMASK(19, 0);
	if (pc->gen >= PC_NV30 && es)
		return GENMASK(18, 0);
	return GENMASK(17, 0);
}

/*
 * One input: argument selection with its delay lines, then the table.
 * Scalars, not an array: this runs for every input of every domain cycle
 * stepped.
 */
static bool
sim_pc_logic(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom,
	     enum sim_pc_input in, u32 cur, bool setflag)
{
	const u8 *src = sim_pc_args_nv30[in];
	u32 op = dom->op[in], prev = dom->prev_src;
	u32 prev0, prev1, a0, a1, a2, a3;

	if (pc->gen < PC_NV30 && in >= PC_SETFLAG)
		src = sim_pc_args_nv10[in - PC_SETFLAG];

	prev0 = (prev >> src[0]) & 1;
	prev1 = (prev >> src[1]) & 1;
	a0 = (op & NV_PCOUNTER_OP_DELAY0) ? prev0 : (cur >> src[0]) & 1;
	a1 = (op & NV_PCOUNTER_OP_DELAY1) ? prev1 : (cur >> src[1]) & 1;
	a2 = (cur >> src[2]) & 1;
	a3 = (cur >> src[3]) & 1;

	if (in == PC_EVENT || in == PC_STOP || pc->gen >= PC_GF100) {
		/* bit 18 is masked out of the other inputs' ops on GF100 */
		if (pc->gen >= PC_G92 && (op & NV_PCOUNTER_OP_ES_REPLACE2))
			a2 = prev0;
		if (pc->gen >= PC_G92 && (op & NV_PCOUNTER_OP_ES_REPLACE3))
			a3 = prev1;
		if (pc->gen >= PC_NV30 && (op & NV_PCOUNTER_OP_SETFLAG3))
			a3 = setflag;
	} else if (pc->gen >= PC_G92) {
		if (op & NV_PCOUNTER_OP_REPLACE2)
			a2 = prev0;
		if (op & NV_PCOUNTER_OP_REPLACE3)
			a3 = prev1;
	}

	return (op >> (a0 | a1 << 1 | a2 << 2 | a3 << 3)) & 1;
}

static void
sim_pc_inputs(struct nvkm_sim_pcounter *pc, int d, u32 *sig, struct sim_pc_cycle *c)
{
	struct sim_pcdom *dom = &pc->dom[d];
	bool *in = c->in;

	c->cur = sim_pc_select(pc, dom, sig);
	in[PC_SETFLAG] = sim_pc_logic(pc, dom, PC_SETFLAG, c->cur, false);
	in[PC_CLRFLAG] = sim_pc_logic(pc, dom, PC_CLRFLAG, c->cur, false);
	in[PC_EVENT] = sim_pc_logic(pc, dom, PC_EVENT, c->cur, in[PC_SETFLAG]);

	/* PRE, START and STOP see this cycle's EVENT on the loopback. */
	if (pc->gen >= PC_NV40) {
		unsigned int ev = pc->gen >= PC_GF100 ? GF100_PCOUNTER_TRAILER_EVENT(dom->idx) :
							NV40_PCOUNTER_TRAILER_EVENT(dom->idx);

		/* selected again only if it changed what it shows */
		if (sig_get(sig, dom->trailer + ev) != in[PC_EVENT]) {
			sig_put(sig, dom->trailer + ev, in[PC_EVENT]);
			c->cur = sim_pc_select(pc, dom, sig);
		}
	}
	in[PC_PRE] = sim_pc_logic(pc, dom, PC_PRE, c->cur, in[PC_SETFLAG]);
	in[PC_START] = sim_pc_logic(pc, dom, PC_START, c->cur, in[PC_SETFLAG]);
	in[PC_STOP] = sim_pc_logic(pc, dom, PC_STOP, c->cur, in[PC_SETFLAG]);

	if (pc->gen >= PC_G84)
		c->swap = sig_get(sig, dom->spec_src & 0xff);
	else if (pc->gen >= PC_NV30)
		c->swap = pc->pm_trigger & 1;	/* hardwired to PM_TRIGGER */
	else
		c->swap = false;
	/* Kept with the selected signals, so a changing SWAP unsettles. */
	c->cur |= c->swap ? PC_CUR_SWAP : 0;

	c->b4 = (c->cur >> 4) & 0xf;
	c->b6 = c->b4 | ((c->cur >> 10) & 3) << 4;
	c->b2 = (c->cur >> 8) & 3;
}

static u8
sim_pc_ctr_mode(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom)
{
	if (pc->gen < PC_NV40)
		return pc->nv10_ctr_mode_b4 ? NV_PCOUNTER_CTR_MODE_EVENT_B4 :
					      NV_PCOUNTER_CTR_MODE_SIMPLE;
	return dom->ctr_mode;
}

/* CTR_EVENT increment of a cycle, by counter mode. */
static u32
sim_pc_event_inc(u8 mode, const struct sim_pc_cycle *c)
{
	bool ev = c->in[PC_EVENT];

	switch (mode) {
	case NV_PCOUNTER_CTR_MODE_EVENT_B4:
		return ev ? c->b4 : 0;
	case NV_PCOUNTER_CTR_MODE_EVENT_B6:
		return ev ? c->b6 : 0;
	case NV_PCOUNTER_CTR_MODE_EXTRA_B6_EVENT_B2:
		return c->b2;
	default:	/* SIMPLE, EXTRA_B4 */
		return ev;
	}
}

/* The integer EXTRA_* modes add to CTR_PRE (single) or CTR_START (quad). */
static int
sim_pc_extra(u8 mode, const struct sim_pc_cycle *c)
{
	switch (mode) {
	case NV_PCOUNTER_CTR_MODE_EXTRA_B4:
		return c->b4;
	case NV_PCOUNTER_CTR_MODE_EXTRA_B6_EVENT_B2:
		return c->b6;
	default:
		return -1;
	}
}

static void
sim_pc_quad_swap(struct sim_pcdom *dom)
{
	dom->cycles = dom->sh_cycles;
	dom->event = dom->sh_event;
	dom->start = dom->sh_start;
	dom->pre = dom->sh_pre;
	dom->stop = dom->sh_stop;
	dom->sh_cycles = 0;
	dom->sh_event = 0;
	dom->sh_start = 0;
	dom->sh_pre = 0;
	dom->sh_stop = 0;
	dom->quad = dom->quad == NV_PCOUNTER_QUAD_EMPTY ? NV_PCOUNTER_QUAD_VALID :
							  NV_PCOUNTER_QUAD_OVERFLOW;
}

void
nvkm_sim_pc_quad_ack(struct sim_pcdom *dom)
{
	dom->quad = dom->quad == NV_PCOUNTER_QUAD_OVERFLOW ? NV_PCOUNTER_QUAD_VALID :
							     NV_PCOUNTER_QUAD_EMPTY;
}

/* @n cycles of quad counting with the inputs of @c. */
static void
sim_pc_quad_count(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
		  const struct sim_pc_cycle *c, u64 n)
{
	u8 mode = sim_pc_ctr_mode(pc, dom);
	int extra = sim_pc_extra(mode, c);

	dom->sh_cycles = sim_pc_add(pc, dom->sh_cycles, n);
	dom->sh_event = sim_pc_add(pc, dom->sh_event, n * sim_pc_event_inc(mode, c));
	dom->sh_start = sim_pc_add(pc, dom->sh_start,
				   n * (extra >= 0 ? extra : c->in[PC_START]));
	dom->sh_pre = sim_pc_add32(pc, dom->sh_pre, n * c->in[PC_PRE]);
	dom->sh_stop = sim_pc_add32(pc, dom->sh_stop, n * c->in[PC_STOP]);
}

/* @n cycles of the COUNTING state with the inputs of @c. */
static void
sim_pc_single_count(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
		    const struct sim_pc_cycle *c, u64 n)
{
	u8 mode = sim_pc_ctr_mode(pc, dom);
	int extra = sim_pc_extra(mode, c);

	dom->cycles = sim_pc_add(pc, dom->cycles, n);
	dom->event = sim_pc_add(pc, dom->event, n * sim_pc_event_inc(mode, c));
	if (extra >= 0)
		dom->pre = sim_pc_add32(pc, dom->pre, n * extra);
}

static void
sim_pc_flag_update(struct sim_pcdom *dom, const struct sim_pc_cycle *c)
{
	if (c->in[PC_CLRFLAG])
		dom->flag = false;
	else if (c->in[PC_SETFLAG])
		dom->flag = true;
}

/* One cycle of the single event state machine (reference pseudo-code). */
static void
sim_pc_single_cycle(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
		    const struct sim_pc_cycle *c)
{
	switch (dom->single) {
	case NV_PCOUNTER_SINGLE_WAIT_PRE:
		sim_pc_flag_update(dom, c);
		if (c->in[PC_PRE]) {
			if (dom->pre)
				dom->pre--;
			else
				dom->single = NV_PCOUNTER_SINGLE_WAIT_START;
		}
		break;
	case NV_PCOUNTER_SINGLE_WAIT_START:
		sim_pc_flag_update(dom, c);
		if (c->in[PC_START]) {
			dom->cycles = 0;
			if (pc->gen < PC_NV15 || !dom->ctr_period_all)
				dom->event = 0;
			dom->single = NV_PCOUNTER_SINGLE_COUNTING;
		}
		break;
	case NV_PCOUNTER_SINGLE_COUNTING:
		sim_pc_flag_update(dom, c);
		sim_pc_single_count(pc, dom, c, 1);
		if (c->in[PC_STOP]) {
			if (dom->event >= dom->threshold)
				dom->start = sim_pc_add(pc, dom->start, 1);
			if (dom->stop) {
				dom->stop--;
				dom->single = NV_PCOUNTER_SINGLE_WAIT_START;
			} else {
				dom->single = NV_PCOUNTER_SINGLE_INACTIVE;
			}
		}
		break;
	default:	/* INACTIVE: the FLAG is frozen */
		break;
	}
}

static void
sim_pc_cycle(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
	     const struct sim_pc_cycle *c)
{
	switch (dom->mode) {
	case NV_PCOUNTER_MODE_SINGLE:
		sim_pc_single_cycle(pc, dom, c);
		break;
	case NV_PCOUNTER_MODE_QUAD:
		sim_pc_flag_update(dom, c);
		/* The swap comes before this cycle's counting. */
		if (c->swap)
			sim_pc_quad_swap(dom);
		sim_pc_quad_count(pc, dom, c, 1);
		break;
	case NV_PCOUNTER_MODE_RECORD:
		sim_pc_flag_update(dom, c);
		nvkm_sim_pc_record_cycle(pc, dom, c);
		break;
	default:
		sim_pc_flag_update(dom, c);
		break;
	}
}

/* @n cycles of a domain whose inputs stay those of @c (see sim_pc_skip). */
static void
sim_pc_cycles(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
	      const struct sim_pc_cycle *c, u64 n)
{
	u64 k;

	while (n) {
		if (dom->mode == NV_PCOUNTER_MODE_QUAD) {
			if (c->swap) {
				/* swap + one cycle, again and again: three
				 * rounds reach the fixed point.
				 */
				for (k = 0; k < min_t(u64, n, 3); k++)
					sim_pc_cycle(pc, dom, c);
			} else {
				sim_pc_quad_count(pc, dom, c, n);
			}
			return;
		}
		if (dom->mode == NV_PCOUNTER_MODE_RECORD) {
			nvkm_sim_pc_record_cycles(pc, dom, c, n);
			return;
		}
		if (dom->mode != NV_PCOUNTER_MODE_SINGLE)
			return;

		switch (dom->single) {
		case NV_PCOUNTER_SINGLE_WAIT_PRE:
			if (!c->in[PC_PRE])
				return;
			k = min_t(u64, n, dom->pre);
			dom->pre -= k;
			n -= k;
			break;
		case NV_PCOUNTER_SINGLE_WAIT_START:
			if (!c->in[PC_START])
				return;
			break;
		case NV_PCOUNTER_SINGLE_COUNTING:
			if (!c->in[PC_STOP]) {
				sim_pc_single_count(pc, dom, c, n);
				return;
			}
			break;
		default:
			return;
		}
		if (n) {
			sim_pc_cycle(pc, dom, c);
			n--;
		}
	}
}

/*
 * After a cycle: is the domain at a fixed point - the same selected
 * signals as the cycle before, and every delay line holding one value?
 * Then the next cycle sees exactly what this one saw.
 */
static bool
sim_pc_settled(const struct sim_pcdom *dom, u32 last_src)
{
	return dom->prev_src == last_src && !dom->user_pulse &&
	       (dom->xevent == 0 || dom->xevent == 7) &&
	       (dom->xflag == 0 || dom->xflag == 7) &&
	       (dom->flag_hist == 0 || dom->flag_hist == 3) &&
	       /* and the FLAG itself is what its delayed signal shows */
	       (dom->flag_hist & 1) == (dom->xflag & 1);
}

/* Two cycles see the same inputs. */
static bool
sim_pc_cycle_eq(const struct sim_pc_cycle *a, const struct sim_pc_cycle *b)
{
	return !memcmp(a->in, b->in, sizeof(a->in)) && a->swap == b->swap &&
	       a->cur == b->cur && a->b2 == b->b2 && a->b4 == b->b4 && a->b6 == b->b6;
}

static void
sim_pc_history(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
	       const struct sim_pc_cycle *c)
{
	dom->xevent = ((dom->xevent << 1) | c->in[PC_EVENT]) & 7;
	dom->xflag = ((dom->xflag << 1) | sim_pc_flag_signal(dom)) & 7;
	dom->flag_hist = ((dom->flag_hist << 1) | dom->flag) & 3;
	dom->prev_src = c->cur;
}

static void
sim_pc_periodic_tick(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom, u64 n)
{
	if (pc->set[dom->set].gctrl & NV40_PCOUNTER_GCTRL_PERIODIC_RESET)
		dom->periodic_ctr = 0;
	else if (sim_pc_periodic_on(pc, dom))
		dom->periodic_ctr = (dom->periodic_ctr + n) % sim_pc_periodic_period(dom);
}

/* Does @dom select signal @s for an input, or (G84+) as its SWAP? */
static bool
sim_pc_selects(const struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom,
	       unsigned int s)
{
	int n = pc->gen < PC_NV30 ? PC_NR_INPUTS : PC_SETFLAG, i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < 4; j++) {
			if (((dom->src[i] >> (j * 8)) & 0xff) == s)
				return true;
		}
	}
	return pc->gen >= PC_G84 && (dom->spec_src & 0xff) == s;
}

/*
 * Can PGRAPH's pulses (PM_TRIGGER, WRCACHE_FLUSH) change what @dom sees?
 * G84:GF100 domains see them only through a selection; GF100's trailer
 * has neither; before G84 they are taken as seen (NV30:G84 wire
 * PM_TRIGGER to the SWAP input).
 */
static bool
sim_pc_sees_pgraph(const struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom)
{
	if (pc->gen >= PC_GF100)
		return false;
	if (pc->gen < PC_G84)
		return true;
	return sim_pc_selects(pc, dom, dom->trailer + NV40_PCOUNTER_TRAILER_PM_TRIGGER) ||
	       sim_pc_selects(pc, dom, dom->trailer + NV40_PCOUNTER_TRAILER_WRCACHE_FLUSH);
}

/*
 * Per domain, pc->calm[d]: cycles from now on in which nothing from
 * outside the domain changes what it sees: PGRAPH's pulses (where it
 * selects them), the trains on its signals, its PERIODIC.  0: something
 * changes in this cycle, and the domain must be simulated cycle by cycle
 * from it.  One pass over the domains and the trains.
 */
static void
sim_pc_calms(struct nvkm_sim_pcounter *pc)
{
	u64 calm = U64_MAX, *c = pc->calm;
	int i;

	if (pc->pm_trigger || pc->wrcache_flush)
		calm = __ffs64(pc->pm_trigger | pc->wrcache_flush);
	for (i = 0; i < pc->nr_doms; i++) {
		struct sim_pcdom *dom = &pc->dom[i];

		c[i] = calm != U64_MAX && sim_pc_sees_pgraph(pc, dom) ? calm : U64_MAX;
		if (sim_pc_periodic_on(pc, dom))
			c[i] = min_t(u64, c[i], sim_pc_periodic_period(dom) - 1 -
						dom->periodic_ctr);
	}
	for (i = 0; i < PC_MAX_PULSERS; i++) {
		const struct sim_pc_pulser *p = &pc->pulser[i];

		/* a train's last fall counts too */
		if (p->left || p->fell == pc->now)
			c[p->dom] = min(c[p->dom], sim_pc_pulser_calm(p, pc->now));
	}
}

/* After time moved on: trains whose high phase is over start the next. */
static void
sim_pc_pulsers_tick(struct nvkm_sim_pcounter *pc)
{
	int i;

	for (i = 0; pc->trained && i < PC_MAX_PULSERS; i++) {
		struct sim_pc_pulser *p = &pc->pulser[i];

		while (p->left && p->next + p->width <= pc->now) {
			p->fell = p->next + p->width;
			p->left--;
			p->next += p->period;
		}
	}
}

/* All the domains, as a mask of settledness. */
static u64
sim_pc_all(struct nvkm_sim_pcounter *pc)
{
	return pc->nr_doms < 64 ? BIT_ULL(pc->nr_doms) - 1 : U64_MAX;
}

/*
 * Does @dom select a trailer signal (among them the other domains' EVENT
 * and FLAG)?  Only then can a change of another domain change its inputs.
 */
static bool
sim_pc_imports(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom)
{
	int n = pc->gen < PC_NV30 ? PC_NR_INPUTS : PC_SETFLAG, i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < 4; j++) {
			if (((dom->src[i] >> (j * 8)) & 0xff) >= dom->trailer)
				return true;
		}
	}
	return pc->gen >= PC_G84 && (dom->spec_src & 0xff) >= dom->trailer;
}

/*
 * @n cycles of domain @d in closed form: it is settled and nothing it sees
 * changes in them (pc->cyc holds its inputs), no packet of its lands before
 * the last of them.
 */
static void
sim_pc_skip_dom(struct nvkm_sim_pcounter *pc, int d, u64 n)
{
	struct sim_pcdom *dom = &pc->dom[d];

	sim_pc_cycles(pc, dom, &pc->cyc[d], n);
	sim_pc_periodic_tick(pc, dom, n);
	nvkm_sim_pc_record_tick(pc, dom, n);
	pc->skips++;
}

/* Settled domains @mask fall behind from now on (those not already). */
static void
sim_pc_leave(struct nvkm_sim_pcounter *pc, u64 mask)
{
	u64 m;

	mask &= ~pc->behind;
	for (m = mask; m; m &= m - 1)
		pc->dom[__ffs64(m)].since = pc->now;
	pc->behind |= mask;
}

/**
 * nvkm_sim_pc_catch_up() - a settled domain left behind catches up
 * @pc: the model
 * @d: the domain; nothing happens if it is not behind
 *
 * Before anything reads or changes its state: its register decoded
 * (sim_pc_touch()), an input change that unsettles it.
 */
void
nvkm_sim_pc_catch_up(struct nvkm_sim_pcounter *pc, int d)
{
	struct sim_pcdom *dom = &pc->dom[d];

	if (!(pc->behind & BIT_ULL(d)))
		return;
	pc->behind &= ~BIT_ULL(d);
	if (pc->now > dom->since) {
		sim_pc_skip_dom(pc, d, pc->now - dom->since);
		/*
		 * After a pulse on SWAP, the cycles since saw the settled
		 * inputs again: the history holds them now (it holds
		 * them already in every other case: the same call again)
		 */
		if (dom->pulsed)
			sim_pc_history(pc, dom, &pc->cyc[d]);
		dom->pulsed = false;
	}
	dom->since = 0;
}

/*
 * SWAP is a PGRAPH pulse, high for one cycle per pulse: NV30:G84 wire
 * PM_TRIGGER to it; G84:GF100 SPEC_SRC selects it (PM_TRIGGER or
 * WRCACHE_FLUSH from the trailer).  Not a signal that may stay high.
 */
static bool
sim_pc_swap_is_pgraph(const struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom)
{
	u32 s = dom->spec_src & 0xff;

	if (pc->gen < PC_NV30 || pc->gen >= PC_GF100)
		return false;
	if (pc->gen < PC_G84)
		return true;
	return s == dom->trailer + NV40_PCOUNTER_TRAILER_PM_TRIGGER ||
	       s == dom->trailer + NV40_PCOUNTER_TRAILER_WRCACHE_FLUSH;
}

/*
 * A PGRAPH pulse (PM_TRIGGER, WRCACHE_FLUSH) in this cycle reaches settled
 * quad mode domain @d through its SWAP alone: its SPEC_SRC selects the
 * pulse (or NV30:G84 wire PM_TRIGGER to SWAP) and nothing else it sees
 * changes.  The cycle is simulated here: the latch, as stepping does it.
 * From the next cycle on the domain sees its settled inputs again, and
 * falls behind as a settled domain; its history takes them at its next
 * catch-up over a cycle or more.  One cycle simulated for the three that
 * stepping takes to settle again; the swap-before-count order is the
 * cycle's own (sim_pc_cycle()).
 *
 * Return: true when done; false, with @d caught up and nothing else done,
 * when the pulse changes more than SWAP or @d may not fall behind.
 */
static bool
sim_pc_swap_pulse(struct nvkm_sim_pcounter *pc, int d)
{
	struct sim_pcdom *dom = &pc->dom[d];
	u32 sig[PC_SIG_WORDS];
	struct sim_pc_cycle c;

	if (pc->step_only || dom->mode != NV_PCOUNTER_MODE_QUAD || dom->rec.busy ||
	    sim_pc_periodic_on(pc, dom) || !sim_pc_swap_is_pgraph(pc, dom))
		return false;
	nvkm_sim_pc_catch_up(pc, d);
	nvkm_sim_pc_signals(pc, d, sig);
	sim_pc_inputs(pc, d, sig, &c);
	if (!c.swap || pc->cyc[d].swap)
		return false;
	c.swap = false;
	c.cur &= ~PC_CUR_SWAP;
	if (!sim_pc_cycle_eq(&c, &pc->cyc[d]))
		return false;
	c.swap = true;
	c.cur |= PC_CUR_SWAP;

	sim_pc_cycle(pc, dom, &c);
	sim_pc_history(pc, dom, &c);
	sim_pc_periodic_tick(pc, dom, 1);
	nvkm_sim_pc_record_tick(pc, dom, 1);
	pc->steps++;
	pc->pulses++;
	dom->pulsed = true;
	dom->since = pc->now + 1;
	pc->behind |= BIT_ULL(d);
	return true;
}

/* Every domain left behind catches up. */
void
nvkm_sim_pc_catch_up_all(struct nvkm_sim_pcounter *pc)
{
	while (pc->behind)
		nvkm_sim_pc_catch_up(pc, __ffs64(pc->behind));
}

/*
 * The settled domains that may stay behind until something looks at them:
 * nothing of theirs is due at a given cycle, neither a PERIODIC pulse
 * (sim_pc_calms() reads its counter) nor a record packet (it must reach
 * memory when it lands).  Their closed form over the cycles they fell
 * behind is the same, in one piece or in many.
 */
static u64
sim_pc_deferrable(struct nvkm_sim_pcounter *pc)
{
	u64 mask = 0;
	int d;

	if (pc->step_only)
		return 0;
	for (d = 0; d < pc->nr_doms; d++) {
		const struct sim_pcdom *dom = &pc->dom[d];

		if (!sim_pc_periodic_on(pc, dom) && dom->mode != NV_PCOUNTER_MODE_RECORD &&
		    !dom->rec.busy)
			mask |= BIT_ULL(d);
	}
	return mask & ~pc->unsettled;
}

/* What passes for the whole unit in @n cycles: pulses, trains, the clock. */
static void
sim_pc_time(struct nvkm_sim_pcounter *pc, u64 n)
{
	pc->pm_trigger = n < 64 ? pc->pm_trigger >> n : 0;
	pc->wrcache_flush = n < 64 ? pc->wrcache_flush >> n : 0;
	pc->now += n;
	sim_pc_pulsers_tick(pc);
}

/*
 * One cycle of the unsettled domains, simulated exactly; the settled ones
 * fall a cycle behind (sim_pc_catch_up()), at no cost: the work follows
 * the unsettled domains only.  A domain whose EVENT or FLAG history
 * changed unsettles, from the next cycle on, the domains of its set that
 * select trailer signals: caught up first, they are stepped too.
 * Returns the domains that settled in this cycle.
 */
static u64
sim_pc_step(struct nvkm_sim_pcounter *pc)
{
	struct sim_pc_cycle *c = pc->cyc;
	u64 mask = pc->unsettled, sets = 0, m;
	u32 sig[PC_SIG_WORDS];
	int d;

	/* Every domain sees the others as of the end of the last cycle. */
	for (m = mask; m; m &= m - 1) {
		d = __ffs64(m);
		nvkm_sim_pc_signals(pc, d, sig);
		sim_pc_inputs(pc, d, sig, &c[d]);
	}
	for (m = mask; m; m &= m - 1) {
		struct sim_pcdom *dom;
		u32 last_src;
		u8 xevent, xflag;

		d = __ffs64(m);
		dom = &pc->dom[d];
		last_src = dom->prev_src;
		xevent = dom->xevent;
		xflag = dom->xflag;
		sim_pc_cycle(pc, dom, &c[d]);
		sim_pc_history(pc, dom, &c[d]);
		sim_pc_periodic_tick(pc, dom, 1);
		nvkm_sim_pc_record_tick(pc, dom, 1);
		dom->user_trigger &= ~dom->user_pulse;
		if (!dom->user_pulse && sim_pc_settled(dom, last_src) && !pc->step_only)
			pc->unsettled &= ~BIT_ULL(d);
		dom->user_pulse = 0;
		if (dom->xevent != xevent || dom->xflag != xflag)
			sets |= BIT_ULL(dom->set);
		pc->steps++;
	}
	sim_pc_time(pc, 1);
	sim_pc_leave(pc, mask & ~pc->unsettled);

	for (d = 0; sets && d < pc->nr_doms; d++) {
		struct sim_pcdom *dom = &pc->dom[d];

		if ((pc->unsettled & BIT_ULL(d)) || !(sets & BIT_ULL(dom->set)) ||
		    !sim_pc_imports(pc, dom))
			continue;
		nvkm_sim_pc_catch_up(pc, d);
		pc->unsettled |= BIT_ULL(d);
	}
	return mask & ~pc->unsettled;
}

/*
 * @n cycles of every domain in closed form: all are settled and @n is
 * within every domain's calm.  The deferrable ones fall behind, at no
 * cost; the others (PERIODIC, record mode) go now.
 */
static void
sim_pc_skip(struct nvkm_sim_pcounter *pc, u64 n)
{
	u64 def = sim_pc_deferrable(pc), m;
	int d;

	for (m = sim_pc_all(pc) & ~def; m; m &= m - 1) {
		d = __ffs64(m);
		nvkm_sim_pc_catch_up(pc, d);
		sim_pc_skip_dom(pc, d, n);
	}
	sim_pc_leave(pc, def);
	sim_pc_time(pc, n);
}

/* @n cycles pass for the workload while the unit is held in reset. */
static void
sim_pc_idle(struct nvkm_sim_pcounter *pc, u64 n)
{
	int i;

	for (i = 0; i < PC_MAX_PULSERS; i++) {
		struct sim_pc_pulser *p = &pc->pulser[i];
		u64 k;

		if (!p->left || p->next >= pc->now + n)
			continue;
		k = min(p->left, div64_u64(pc->now + n - 1 - p->next, p->period) + 1);
		p->left -= k;
		p->next += k * p->period;
	}
	pc->pm_trigger = n < 64 ? pc->pm_trigger >> n : 0;
	pc->wrcache_flush = n < 64 ? pc->wrcache_flush >> n : 0;
	pc->now += n;
}

/*
 * The cycles nvkm_sim_pcounter_run() only counted, applied: before
 * anything reads or changes the model, or time moves on otherwise.
 */
static void
sim_pc_flush(struct nvkm_sim_pcounter *pc)
{
	if (pc->lazy) {
		sim_pc_skip(pc, pc->lazy);
		pc->lazy = 0;
	}
}

/*
 * Something outside the model's own time changes it: applied from now,
 * to domains all caught up.
 */
static void
sim_pc_change(struct nvkm_sim_pcounter *pc)
{
	sim_pc_flush(pc);
	nvkm_sim_pc_catch_up_all(pc);
	pc->until = 0;
}

/*
 * Up to @cycles cycles, to the next change: returns the cycles simulated.
 *
 * Settled domains go in closed form up to the first change of what they
 * see (sim_pc_calms()) or of their record mode (nvkm_sim_pc_record_calm());
 * a domain whose inputs change now is unsettled.  The unsettled domains
 * are simulated cycle by cycle, alone, within the settled ones' calm,
 * until they are settled again (the few cycles of the delay lines: logic
 * ops' delay bits, FLAG's 2 cycles, the import synchronisers) or the calm
 * ends; then the settled ones catch up in closed form.
 *
 * Cost: one pass over the domains and the trains (O(domains + trains)),
 * plus one simulated domain cycle per cycle a domain is unsettled.  A
 * domain is unsettled for at most PC_SETTLE cycles after each change of
 * its inputs (a register write to it, a level, a train's edge, a pulse,
 * an import's change), unless its own logic feeds back on itself (an
 * EVENT that toggles its own EVENT: it changes every cycle, and then is
 * simulated every cycle, as on hardware).
 */
static u64
sim_pc_advance_once(struct nvkm_sim_pcounter *pc, u64 cycles)
{
	u64 w = U64_MAX, n = 0, settled, m;
	int d;

	sim_pc_calms(pc);
	for (d = 0; d < pc->nr_doms; d++) {
		if (pc->unsettled & BIT_ULL(d))
			continue;
		if (!pc->calm[d]) {
			/* this cycle is its own: the others take it next */
			if (sim_pc_swap_pulse(pc, d)) {
				w = 1;
				continue;
			}
			nvkm_sim_pc_catch_up(pc, d);
			pc->unsettled |= BIT_ULL(d);
			continue;
		}
		w = min3(w, pc->calm[d], nvkm_sim_pc_record_calm(pc, &pc->dom[d]));
	}

	if (!pc->unsettled) {
		/*
		 * Nothing is due before then (a packet lands in the last of
		 * the w cycles: memory is seen without the model): later runs
		 * may defer the cycles up to that one.
		 */
		pc->until = pc->now + (w ? min(w - 1, U64_MAX - pc->now) : 0);
		/* a packet sent now: one cycle in closed form is exact for it */
		w = clamp_t(u64, w, 1, cycles);
		sim_pc_skip(pc, w);
		return w;
	}
	w = clamp_t(u64, w, 1, cycles);
	sim_pc_leave(pc, sim_pc_all(pc) & ~pc->unsettled);
	while (n < w && pc->unsettled) {
		settled = sim_pc_step(pc);
		n++;
		if (!settled)
			continue;
		/*
		 * One that settled now stays so only within its own calm; a
		 * change right now ends the run here (the next one unsettles
		 * it again), so that the caller sees every domain settled and
		 * may compute the periods of inputs that change every cycle.
		 */
		sim_pc_calms(pc);
		for (d = 0; d < pc->nr_doms; d++) {
			if (settled & BIT_ULL(d))
				w = min(w, n + min(pc->calm[d],
						   nvkm_sim_pc_record_calm(pc, &pc->dom[d])));
		}
	}
	/* those that may not stay behind catch up */
	for (m = pc->behind & ~sim_pc_deferrable(pc); m; m &= m - 1)
		nvkm_sim_pc_catch_up(pc, __ffs64(m));
	return n;
}

/* @cycles cycles: cycle by cycle where something changes, else in closed form. */
static void
sim_pc_advance(struct nvkm_sim_pcounter *pc, u64 cycles)
{
	while (cycles)
		cycles -= sim_pc_advance_once(pc, cycles);
}

/* --- periodic inputs, a period at a time ---------------------------------- */

/*
 * Where every input that changes soon repeats with a common period L (the
 * PERIODIC generators, pulse trains, square waves), so does the model:
 * two periods are simulated as above, and when the second did exactly
 * what the first did (every state but the counters the same after each,
 * every counter grown by the same amount), the periods that follow are
 * computed: the counters grow by as many times that amount, and the
 * record packets that landed in the second period land again, each with
 * its cycle counter and address moved on.  Inputs that change rarely (a
 * slow square wave) only bound how far this goes.
 */

/*
 * The common period of the inputs that repeat within @max cycles (from
 * sim_pc_jump_bound()), 0 if none; *@horizon: cycles until another input
 * changes.
 */
static u64
sim_pc_jump_period(struct nvkm_sim_pcounter *pc, u64 max, u64 *horizon)
{
	u64 l = 1, h = U64_MAX, p;
	int i;

	if (pc->pm_trigger || pc->wrcache_flush)
		return 0;
	for (i = 0; i < pc->nr_doms; i++) {
		const struct sim_pcdom *dom = &pc->dom[i];

		if (!sim_pc_periodic_on(pc, dom))
			continue;
		p = sim_pc_periodic_period(dom);
		if (p <= max)
			l = lcm(l, p);
		else
			h = min_t(u64, h, p - 1 - dom->periodic_ctr);
	}
	for (i = 0; i < PC_MAX_PULSERS; i++) {
		const struct sim_pc_pulser *t = &pc->pulser[i];

		if (!t->left) {
			if (t->fell == pc->now)
				return 0;	/* its last fall is now */
			continue;
		}
		if (t->period <= max)
			l = lcm(l, t->period);
		else
			h = min(h, sim_pc_pulser_calm(t, pc->now));
	}
	*horizon = h;
	return l > 1 ? l : 0;
}

/* The next period of a repeating input above @last; U64_MAX if none. */
static u64
sim_pc_jump_next(struct nvkm_sim_pcounter *pc, u64 last)
{
	u64 next = U64_MAX, p;
	int i;

	for (i = 0; i < pc->nr_doms; i++) {
		if (!sim_pc_periodic_on(pc, &pc->dom[i]))
			continue;
		p = sim_pc_periodic_period(&pc->dom[i]);
		if (p > last && p < next)
			next = p;
	}
	for (i = 0; i < PC_MAX_PULSERS; i++) {
		p = pc->pulser[i].period;
		if (pc->pulser[i].left && p > last && p < next)
			next = p;
	}
	return next;
}

/*
 * The longest period of the inputs that repeat together: shortest first,
 * as long as their common period stays within @limit.  Slower ones only
 * bound the jump.
 */
static u64
sim_pc_jump_bound(struct nvkm_sim_pcounter *pc, u64 limit)
{
	u64 l = 1, max = 0, next;

	while ((next = sim_pc_jump_next(pc, max)) <= limit) {
		l = lcm(l, next);
		if (l > limit)
			break;
		max = next;
	}
	return max;
}

/* A counter's growth per period: the same in both, room to grow. */
static bool
sim_pc_jump_rate(u64 a, u64 b, u64 c, u64 room, u64 *d)
{
	if (b < a || c < b || b - a != c - b)
		return false;
	*d = c - b;
	return !*d || c < room;
}

/* The fields a period may grow, cleared: what must repeat exactly. */
static void
sim_pc_jump_shape(struct sim_pcdom *x)
{
	x->cycles = 0;
	x->event = 0;
	x->start = 0;
	x->pre = 0;
	x->stop = 0;
	x->sh_cycles = 0;
	x->sh_event = 0;
	x->sh_start = 0;
	x->sh_pre = 0;
	x->sh_stop = 0;
	nvkm_sim_pc_record_shape(&x->rec);
}

static u64 *
sim_pc_jump_ctr(struct sim_pcdom *dom, int i)
{
	u64 *ctr[10] = {
		&dom->cycles, &dom->event, &dom->start, &dom->pre, &dom->stop,
		&dom->sh_cycles, &dom->sh_event, &dom->sh_start, &dom->sh_pre,
		&dom->sh_stop,
	};

	return ctr[i];
}

/* Counters 3, 4, 8 and 9 (PRE and STOP) are 32 bits on every generation. */
static bool
sim_pc_jump_ctr32(int i)
{
	return i == 3 || i == 4 || i == 8 || i == 9;
}

/*
 * Did the second period repeat the first, for domain @d (states @s0 and
 * @s1 before them, pc->dom[@d] after)?  Then *@rate is what each does.
 */
static bool
sim_pc_jump_repeats(struct nvkm_sim_pcounter *pc, struct sim_pcdom *s0,
		    struct sim_pcdom *s1, int d, struct sim_pc_rate *rate)
{
	struct sim_pcdom *s2 = &pc->dom[d], x, y;
	u64 room;
	int i;

	for (i = 0; i < ARRAY_SIZE(rate->ctr); i++) {
		if (sim_pc_jump_ctr32(i))
			room = U32_MAX;
		else
			room = sim_pc_wide(pc) ? BIT_ULL(39) : U32_MAX;
		if (!sim_pc_jump_rate(*sim_pc_jump_ctr(s0, i), *sim_pc_jump_ctr(s1, i),
				      *sim_pc_jump_ctr(s2, i), room, &rate->ctr[i]))
			return false;
	}
	if (!nvkm_sim_pc_record_rate(&s0->rec, &s1->rec, &s2->rec, &rate->rec))
		return false;

	x = *s1;
	y = *s2;
	sim_pc_jump_shape(&x);
	sim_pc_jump_shape(&y);
	if (memcmp(&x, &y, sizeof(x)))
		return false;
	x = *s0;
	sim_pc_jump_shape(&x);
	return !memcmp(&x, &y, sizeof(x));
}

/* How many more periods of @l cycles the trains of @max or less last. */
static u64
sim_pc_jump_trains(struct nvkm_sim_pcounter *pc, u64 l, u64 max)
{
	u64 k = U64_MAX, per;
	int i;

	for (i = 0; i < PC_MAX_PULSERS; i++) {
		const struct sim_pc_pulser *p = &pc->pulser[i];

		if (!p->left || p->period > max)
			continue;
		/* one more period's pulses must be left after the jump */
		per = div64_u64(p->left, div_u64(l, p->period));
		k = min(k, per ? per - 1 : 0);
	}
	return k;
}

/* The trains of @max or less after @k more periods of @l cycles. */
static void
sim_pc_jump_trains_apply(struct nvkm_sim_pcounter *pc, u64 l, u64 max, u64 k)
{
	int i;

	for (i = 0; i < PC_MAX_PULSERS; i++) {
		struct sim_pc_pulser *p = &pc->pulser[i];

		if (!p->left || p->period > max)
			continue;
		p->left -= k * div_u64(l, p->period);
		p->next += k * l;
		if (p->fell != U64_MAX)
			p->fell += k * l;
	}
}

/*
 * The landings of the period simulated, @k periods over, one packet at a
 * time in the order they land; returns the periods written before the
 * first packet that faults (stepped again from there, it faults).
 */
static u64
sim_pc_replay_each(struct nvkm_sim_pcounter *pc, struct sim_pc_jump *j, u64 k)
{
	u64 i;
	int d;

	for (i = 1; i <= k; i++) {
		for (d = 0; d < j->nr_land; d++) {
			struct sim_pc_landing *land = &j->land[d];

			if (!nvkm_sim_pc_record_replay(pc, land, &j->rate[land->dom].rec, i))
				return i - 1;
		}
	}
	return k;
}

/*
 * Try to advance by whole periods; returns the cycles advanced (0 when
 * the inputs do not repeat soon enough).
 */
static u64
sim_pc_jump(struct nvkm_sim_pcounter *pc, u64 cycles)
{
	struct sim_pc_jump *j = pc->jump;
	u64 l, h = U64_MAX, k, i, max;
	int d;

	/* inputs that repeat at least 4 times in the run: 2 simulated */
	max = sim_pc_jump_bound(pc, min_t(u64, cycles / 4, PC_JUMP_PERIOD_MAX));
	if (!max)
		return 0;
	l = sim_pc_jump_period(pc, max, &h);
	if (!l || !j || min(cycles, h) / 4 < l)
		return 0;

	/* the periods compare every domain's whole state */
	nvkm_sim_pc_catch_up_all(pc);
	memcpy(j->s0, pc->dom, pc->nr_doms * sizeof(*pc->dom));
	sim_pc_advance(pc, l);
	nvkm_sim_pc_catch_up_all(pc);
	memcpy(j->s1, pc->dom, pc->nr_doms * sizeof(*pc->dom));
	j->nr_land = 0;
	j->logging = true;
	sim_pc_advance(pc, l);
	nvkm_sim_pc_catch_up_all(pc);
	j->logging = false;

	k = div64_u64(min(cycles, h) - 2 * l, l);
	k = min(k, sim_pc_jump_trains(pc, l, max));
	if (!k || j->nr_land > PC_JUMP_LANDINGS)
		return 2 * l;
	for (d = 0; d < pc->nr_doms; d++) {
		if (!sim_pc_jump_repeats(pc, &j->s0[d], &j->s1[d], d, &j->rate[d]))
			return 2 * l;
		k = min(k, nvkm_sim_pc_record_periods(&pc->dom[d].rec, &j->rate[d].rec));
	}

	/*
	 * What landed in the second period lands again: all at once where
	 * nothing faults, else period by period up to the fault.
	 */
	if (!nvkm_sim_pc_record_replay_all(pc, j, k))
		k = sim_pc_replay_each(pc, j, k);

	for (d = 0; d < pc->nr_doms; d++) {
		struct sim_pcdom *dom = &pc->dom[d];

		for (i = 0; i < ARRAY_SIZE(j->rate[d].ctr); i++) {
			u64 *ctr = sim_pc_jump_ctr(dom, i), inc = k * j->rate[d].ctr[i];

			*ctr = sim_pc_jump_ctr32(i) ? sim_pc_add32(pc, *ctr, inc) :
						      sim_pc_add(pc, *ctr, inc);
		}
		nvkm_sim_pc_record_apply(&dom->rec, &j->rate[d].rec, k);
	}
	sim_pc_jump_trains_apply(pc, l, max, k);
	pc->now += k * l;
	pc->periods += k;
	return (k + 2) * l;
}

/**
 * nvkm_sim_pcounter_run() - advance the model
 * @pc: the model
 * @cycles: cycles to simulate
 *
 * Steps cycle by cycle only the domains where something changes: after a
 * register write to the domain, a change of its workload, a pulse or an
 * import, until its delay lines hold one value again (a few cycles); the
 * others, and all of them from there, jump to the next change in closed
 * form, and over inputs that repeat, a period at a time.  The settledness
 * of each domain outlives the call, so that reads in a row, with nothing
 * changing between them, each cost one jump.
 *
 * Cost, whatever @cycles: O(domains + trains) per change of an input
 * (sim_pc_advance_once()), plus the cycles of unsettled domains that are
 * simulated one by one (at most PC_SETTLE per domain and change, but for
 * self-oscillating logic); inputs that repeat with a period of
 * PC_JUMP_PERIOD_MAX cycles or less cost two periods' changes per run,
 * plus one memory write per record packet.
 */
void
nvkm_sim_pcounter_run(struct nvkm_sim_pcounter *pc, u64 cycles)
{
	u64 n;

	/*
	 * Every domain settled and nothing due for a while: the cycles are
	 * only counted, and applied in closed form when anything looks at
	 * or changes the model (sim_pc_flush()).  Not while a layout may
	 * hold the unit in reset.
	 */
	if (!pc->unsettled && !pc->layout->off && pc->now + pc->lazy + cycles <= pc->until) {
		pc->lazy += cycles;
		return;
	}
	sim_pc_flush(pc);
	pc->until = 0;

	if (pc->layout->off && pc->layout->off(pc)) {
		nvkm_sim_pc_catch_up_all(pc);
		sim_pc_idle(pc, cycles);
		pc->unsettled = sim_pc_all(pc);
		return;
	}

	while (cycles) {
		n = !pc->unsettled && !pc->step_only ? sim_pc_jump(pc, cycles) : 0;
		if (n)
			pc->until = 0;
		else
			n = sim_pc_advance_once(pc, cycles);
		cycles -= n;
	}
}

/**
 * nvkm_sim_pcounter_calm() - how far the model may go at no cost
 * @pc: the model
 *
 * Return: cycles from now on that nvkm_sim_pcounter_run() would only
 * count (every domain settled, the next change known), 0 if none.
 */
u64
nvkm_sim_pcounter_calm(const struct nvkm_sim_pcounter *pc)
{
	u64 at = pc->now + pc->lazy;

	if (pc->unsettled || pc->layout->off || !pc->until || at > pc->until)
		return 0;
	return pc->until - at;
}

/* Something outside the model's own time changed its inputs or state. */
static inline void
sim_pc_unsettle(struct nvkm_sim_pcounter *pc)
{
	sim_pc_change(pc);
	pc->unsettled = sim_pc_all(pc);
}

/* The same, for domain @d alone: the others may stay behind. */
static inline void
sim_pc_unsettle_dom(struct nvkm_sim_pcounter *pc, int d)
{
	sim_pc_flush(pc);
	nvkm_sim_pc_catch_up(pc, d);
	pc->until = 0;
	pc->unsettled |= BIT_ULL(d);
}

/* --- register side effects ------------------------------------------------ */

/* Any _SRC, _OP but PRE_OP, CTR, THRESHOLD or CTRL write. */
void
nvkm_sim_pc_config_written(struct sim_pcdom *dom)
{
	dom->single = NV_PCOUNTER_SINGLE_INACTIVE;
}

void
nvkm_sim_pc_pre_op_written(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom)
{
	if (dom->mode == NV_PCOUNTER_MODE_QUAD) {
		if (pc->gen >= PC_G84)
			sim_pc_quad_swap(dom);
		return;
	}
	nvkm_sim_pc_single_begin(dom);
}

/**
 * nvkm_sim_pc_single_begin() - start the single event counting process
 * @dom: the domain; nothing happens unless it is in single event mode and
 *	 INACTIVE
 *
 * PRE_OP writes do this before GF100; GF100+ has a trigger register.
 */
void
nvkm_sim_pc_single_begin(struct sim_pcdom *dom)
{
	if (dom->mode != NV_PCOUNTER_MODE_SINGLE ||
	    dom->single != NV_PCOUNTER_SINGLE_INACTIVE)
		return;

	dom->event = 0;
	dom->start = 0;
	dom->cycles = 0;
	dom->pre = dom->pre_init;
	dom->stop = dom->stop_init;
	dom->flag = false;
	dom->single = NV_PCOUNTER_SINGLE_WAIT_PRE;
}

/* --- life and the workload side ---------------------------------------- */

/**
 * nvkm_sim_pc_alloc() - allocate the domains of a PCOUNTER
 * @pc: the model
 * @nr_sets: domain sets
 * @nr_doms: domains of each set
 *
 * Return: 0 or -ENOMEM.
 */
int
nvkm_sim_pc_alloc(struct nvkm_sim_pcounter *pc, int nr_sets, const u8 *nr_doms)
{
	int s, d, n = 0;

	pc->set = kcalloc(nr_sets, sizeof(*pc->set), GFP_KERNEL);
	if (!pc->set)
		return -ENOMEM;
	pc->nr_sets = nr_sets;
	for (s = 0; s < nr_sets; s++) {
		pc->set[s].first = n;
		pc->set[s].nr = nr_doms[s];
		n += nr_doms[s];
	}

	if (n > PC_MAX_DOMS)
		return -EINVAL;
	pc->dom = kcalloc(n, sizeof(*pc->dom), GFP_KERNEL);
	pc->cyc = kcalloc(n, sizeof(*pc->cyc), GFP_KERNEL);
	pc->calm = kcalloc(n, sizeof(*pc->calm), GFP_KERNEL);
	pc->jump = kzalloc(struct_size(pc->jump, rate, n), GFP_KERNEL);
	if (!pc->dom || !pc->cyc || !pc->calm || !pc->jump)
		return -ENOMEM;
	pc->jump->s0 = kcalloc(2 * n, sizeof(*pc->dom), GFP_KERNEL);
	if (!pc->jump->s0)
		return -ENOMEM;
	pc->jump->s1 = pc->jump->s0 + n;
	pc->nr_doms = n;
	pc->unsettled = sim_pc_all(pc);
	for (s = 0; s < nr_sets; s++) {
		for (d = 0; d < nr_doms[s]; d++) {
			pc->dom[pc->set[s].first + d].set = s;
			pc->dom[pc->set[s].first + d].idx = d;
		}
	}
	return 0;
}

void
nvkm_sim_pcounter_del(struct nvkm_sim_pcounter **ppc)
{
	struct nvkm_sim_pcounter *pc = *ppc;

	if (!pc)
		return;
	if (pc->jump)
		kfree(pc->jump->s0);
	kfree(pc->jump);
	kfree(pc->calm);
	kfree(pc->cyc);
	kfree(pc->dom);
	kfree(pc->set);
	kfree(pc);
	*ppc = NULL;
}

struct nvkm_sim_pcounter *
nvkm_sim_pcounter_new(struct nvkm_sim *sim)
{
	const struct nvkm_sim_chip *chip = sim->chip;
	struct nvkm_sim_pcounter *pc;
	int ret;

	if (!chip)
		return NULL;

	pc = kzalloc(sizeof(*pc), GFP_KERNEL);
	if (!pc)
		return ERR_PTR(-ENOMEM);
	pc->sim = sim;
	/* record mode writes as VM engine 0xb (memory_g80-vm.rst) */
	pc->rec.tlb.engine = SIM_NV50_VM_ENGINE_PCOUNTER;
	pc->gen = chip->pc;

	if (chip->pc < PC_NV40)
		ret = nvkm_sim_pc_nv10_doms(pc, chip);
	else if (chip->pc < PC_GF100)
		ret = nvkm_sim_pc_nv40_doms(pc, chip);
	else
		ret = nvkm_sim_pc_gf100_doms(pc, chip);
	if (ret) {
		nvkm_sim_pcounter_del(&pc);
		return ERR_PTR(ret);
	}
	return pc;
}

/*
 * After a write to settled domain @d: is it still at its fixed point?
 * Its delay lines must still hold one value (a write may have moved the
 * FLAG or pulsed a USER signal), and what it sees in the coming cycle must
 * be what pc->cyc[@d] holds: then the write changed only state the closed
 * form advances (counters, the state machines, record mode), as most of
 * the driver's writes do (QUAD_ACK_TRIGGER, counter values, an _OP
 * rewritten with its value).  Anything else unsettles it.
 */
static bool
sim_pc_still(struct nvkm_sim_pcounter *pc, int d)
{
	struct sim_pcdom *dom = &pc->dom[d];
	u32 sig[PC_SIG_WORDS];
	struct sim_pc_cycle c;

	if (pc->step_only || dom->user_pulse || dom->flag != (dom->flag_hist & 1) ||
	    !sim_pc_settled(dom, dom->prev_src))
		return false;
	nvkm_sim_pc_signals(pc, d, sig);
	sim_pc_inputs(pc, d, sig, &c);
	return c.cur == dom->prev_src && sim_pc_cycle_eq(&c, &pc->cyc[d]);
}

/* @addr is in the layout's range: the model must be up to date for it. */
static bool
sim_pc_mine(const struct nvkm_sim_pcounter *pc, u32 addr)
{
	return addr - pc->layout->base < pc->layout->size;
}

/*
 * Reads of other units' registers (PFIFO, PMC: the bulk of an interrupt
 * handler's) leave the settled time deferred.  A read of a domain's
 * register catches up that domain alone (its decoder touches it); one
 * of the whole unit's (NV10's CTRL, record mode's channel, SIG_STATUS
 * where no decoder marks it) is read again once every domain caught up:
 * reads change nothing.
 */
bool
nvkm_sim_pcounter_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	bool claimed;

	if (!sim_pc_mine(pc, addr))
		return nvkm_sim_pc_mux_rd(pc, addr, data);
	sim_pc_flush(pc);
	pc->touched = 0;
	claimed = pc->layout->rd(pc, addr, data);
	if (claimed && !pc->touched && pc->behind) {
		nvkm_sim_pc_catch_up_all(pc);
		claimed = pc->layout->rd(pc, addr, data);
	}
	return claimed;
}

/*
 * A write unsettles the domain its register belongs to (the layouts'
 * decoders say which, and catch it up first), or every domain for a
 * register of the whole unit (GCTRL, the record channel, the NV10 CTRL,
 * a GF100 set's registers: the layouts catch every domain up before they
 * change anything).  Multiplexer writes unsettle the domains whose
 * signals they drive; registers of other units, nothing: they keep the
 * settled time deferred and the next change known.
 */
bool
nvkm_sim_pcounter_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	u64 m;
	int d;

	if (!sim_pc_mine(pc, addr))
		return nvkm_sim_pc_mux_wr(pc, addr, data);
	sim_pc_flush(pc);
	pc->until = 0;
	pc->touched = 0;
	if (!pc->layout->wr(pc, addr, data))
		return false;
	if (!pc->touched) {
		WARN_ON_ONCE(pc->behind);	/* the layout must have caught up */
		nvkm_sim_pc_catch_up_all(pc);
		pc->unsettled = sim_pc_all(pc);
		return true;
	}
	for (m = pc->touched & ~pc->unsettled; m; m &= m - 1) {
		d = __ffs64(m);
		if (!sim_pc_still(pc, d))
			pc->unsettled |= BIT_ULL(d);
	}
	return true;
}

/* Drive a signal from inside the model (sim->lock held). */
void
nvkm_sim_pcounter_drive(struct nvkm_sim_pcounter *pc, int d, int sig, bool level)
{
	sim_pc_unsettle_dom(pc, d);
	sig_put(pc->dom[d].level, sig, level);
}

/*
 * Signals the workload may drive: all below the first trailer signal
 * (the trailer base holds ordinary signals up to +0x0c on G84:GF100,
 * +0x0e on NV40:G84, +0x1d on NV20:NV40, +0x1f on NV10 and GF100+).
 */
static int
sim_pc_drivable(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom)
{
	switch (pc->gen) {
	case PC_NV10:
	case PC_NV15:
		return dom->trailer + NV10_PCOUNTER_TRAILER_FLAG;
	case PC_NV20:
	case PC_NV30:
		return dom->trailer + NV20_PCOUNTER_TRAILER_PM_TRIGGER;
	case PC_NV40:
		return dom->trailer + NV40_PCOUNTER_TRAILER_WRCACHE_FLUSH;
	case PC_GF100:
	case PC_GK104:
		return dom->trailer + GF100_PCOUNTER_TRAILER_FIRST;
	default:
		return dom->trailer + NV40_PCOUNTER_TRAILER_ZERO;
	}
}

static bool
sim_pc_dom_ok(struct nvkm_sim_pcounter *pc, int dom)
{
	return dom >= 0 && dom < pc->nr_doms;
}

/*
 * A domain of the simulator's PCOUNTER, NULL if none; sim->lock held (the
 * lock is taken and dropped around the lookup by the caller, on every
 * path, so that sparse can follow it).
 */
static struct sim_pcdom *
sim_pc_dom(struct nvkm_sim *sim, int d, struct nvkm_sim_pcounter **ppc)
{
	struct nvkm_sim_pcounter *pc = sim->pcounter;

	if (pc && !sim_pc_dom_ok(pc, d))
		pc = NULL;
	if (ppc)
		*ppc = pc;
	return pc ? &pc->dom[d] : NULL;
}

/**
 * nvkm_sim_pcounter_domains() - domains of the simulated PCOUNTER
 * @sim: the simulator
 *
 * Return: the number of domains, or -ENODEV without a PCOUNTER model.
 */
int
nvkm_sim_pcounter_domains(struct nvkm_sim *sim)
{
	struct nvkm_sim_pcounter *pc;
	unsigned long flags;
	int ret;

	nvkm_sim_lock(sim, &flags);
	pc = sim->pcounter;
	ret = pc ? pc->nr_doms : -ENODEV;
	nvkm_sim_unlock(sim, flags);
	return ret;
}

/* A domain's signal count, or its trailer base. */
static int
sim_pc_dom_layout(struct nvkm_sim *sim, int d, bool trailer)
{
	struct sim_pcdom *dom;
	unsigned long flags;
	int ret;

	nvkm_sim_lock(sim, &flags);
	dom = sim_pc_dom(sim, d, NULL);
	ret = !dom ? -EINVAL : trailer ? dom->trailer : dom->nr_signals;
	nvkm_sim_unlock(sim, flags);
	return ret;
}

/**
 * nvkm_sim_pcounter_signals() - signals of a domain
 * @sim: the simulator
 * @d: domain
 *
 * Return: the number of signals, or -EINVAL for an unknown domain.
 */
int
nvkm_sim_pcounter_signals(struct nvkm_sim *sim, int d)
{
	return sim_pc_dom_layout(sim, d, false);
}

/**
 * nvkm_sim_pcounter_trailer() - trailer base of a domain
 * @sim: the simulator
 * @d: domain
 *
 * Return: the trailer base, or -EINVAL for an unknown domain.
 */
int
nvkm_sim_pcounter_trailer(struct nvkm_sim *sim, int d)
{
	return sim_pc_dom_layout(sim, d, true);
}

/**
 * nvkm_sim_pcounter_set_value() - drive a group of signals as an integer
 * @sim: the simulator
 * @d: domain
 * @first: lowest signal of the group
 * @width: signals in the group (1..32)
 * @value: bit i drives signal @first + i
 *
 * Trailer signals are the hardware's own and cannot be driven.
 *
 * Return: 0, or -EINVAL.
 */
int
nvkm_sim_pcounter_set_value(struct nvkm_sim *sim, int d, int first,
			    int width, u32 value)
{
	struct nvkm_sim_pcounter *pc;
	struct sim_pcdom *dom;
	unsigned long flags;
	int i, ret = -EINVAL;

	nvkm_sim_lock(sim, &flags);
	dom = sim_pc_dom(sim, d, &pc);
	if (dom && width > 0 && width <= 32 && first >= 0 &&
	    first + width <= sim_pc_drivable(pc, dom)) {
		sim_pc_unsettle_dom(pc, d);
		for (i = 0; i < width; i++)
			sig_put(dom->level, first + i, value & BIT(i));
		ret = 0;
	}
	nvkm_sim_unlock(sim, flags);
	return ret;
}

/**
 * nvkm_sim_pcounter_set_signal() - drive one signal
 * @sim: the simulator
 * @d: domain
 * @sig: signal (below the trailer)
 * @level: its level from the next cycle on
 *
 * Return: 0, or -EINVAL.
 */
int
nvkm_sim_pcounter_set_signal(struct nvkm_sim *sim, int d, int sig, bool level)
{
	return nvkm_sim_pcounter_set_value(sim, d, sig, 1, level);
}

/**
 * nvkm_sim_pcounter_pulse() - pulse a signal for one cycle, repeatedly
 * @sim: the simulator
 * @d: domain
 * @sig: signal (below the trailer)
 * @period: cycles from one pulse to the next (>= 1)
 * @count: number of pulses; the first comes in the next cycle
 *
 * Return: 0, -ENOSPC when too many pulse trains are running, or -EINVAL.
 */
int
nvkm_sim_pcounter_pulse(struct nvkm_sim *sim, int d, int sig, u32 period,
			u64 count)
{
	return nvkm_sim_pcounter_wave(sim, d, sig, period, 1, count);
}

/**
 * nvkm_sim_pcounter_wave() - drive a signal high @width cycles per @period
 * @sim: the simulator
 * @d: domain
 * @sig: signal (not a trailer signal)
 * @period: cycles from one rise to the next (> @width, or == for constant)
 * @width: cycles high in each period; 0 stops the signal's train
 * @count: number of periods; U64_MAX for ever; the first starts next cycle
 *
 * Return: 0, -ENOSPC when too many trains are running, or -EINVAL.
 */
int
nvkm_sim_pcounter_wave(struct nvkm_sim *sim, int d, int sig, u32 period,
		       u32 width, u64 count)
{
	struct nvkm_sim_pcounter *pc;
	unsigned long flags;
	int ret;

	nvkm_sim_lock(sim, &flags);
	ret = -EINVAL;
	if (sim_pc_dom(sim, d, &pc))
		ret = nvkm_sim_pc_train(pc, d, sig, period, width, count);
	nvkm_sim_unlock(sim, flags);
	return ret;
}

/* nvkm_sim_pcounter_wave() with sim->lock held and @d checked. */
int
nvkm_sim_pc_train(struct nvkm_sim_pcounter *pc, int d, int sig, u32 period,
		  u32 width, u64 count)
{
	struct sim_pcdom *dom = &pc->dom[d];
	int i;

	sim_pc_unsettle_dom(pc, d);
	if (!width) {
		for (i = 0; i < PC_MAX_PULSERS; i++) {
			if (pc->pulser[i].dom == d && pc->pulser[i].sig == sig)
				pc->pulser[i].left = 0;
		}
		return 0;
	}
	if (period < width || !count || sig < 0 || sig >= sim_pc_drivable(pc, dom))
		return -EINVAL;
	for (i = 0; i < PC_MAX_PULSERS; i++) {
		struct sim_pc_pulser *p = &pc->pulser[i];

		/* a free slot, or the one driving this signal already */
		if (p->left && !(p->dom == d && p->sig == sig))
			continue;
		pc->trained |= BIT_ULL(d);
		p->dom = d;
		p->sig = sig;
		p->period = period;
		p->width = width;
		p->next = pc->now;
		p->fell = U64_MAX;
		p->left = count;
		return 0;
	}
	return -ENOSPC;
}

/*
 * A simulated engine holds signal @sig of domain @d low (or lets it go),
 * whatever the workload drives; from the next cycle on.  sim->lock held.
 */
int
nvkm_sim_pc_force_low(struct nvkm_sim_pcounter *pc, int d, int sig, bool low)
{
	struct sim_pcdom *dom;

	if (!sim_pc_dom_ok(pc, d))
		return -EINVAL;
	dom = &pc->dom[d];
	if (sig < 0 || sig >= sim_pc_drivable(pc, dom))
		return -EINVAL;
	sim_pc_unsettle_dom(pc, d);
	pc->forced |= low ? BIT_ULL(d) : 0;
	sig_put(dom->force_low, sig, low);
	return 0;
}

/* PGRAPH pulses PM_TRIGGER or WRCACHE_FLUSH @delay cycles from now. */
void
nvkm_sim_pcounter_pgraph_pulse(struct nvkm_sim_pcounter *pc, unsigned int delay,
			       bool flush)
{
	/*
	 * the pulse is an input change when it comes (sim_pc_calms()): the
	 * domains it unsettles catch up then
	 */
	sim_pc_flush(pc);
	pc->until = 0;
	if (flush)
		pc->wrcache_flush |= BIT_ULL(delay);
	else
		pc->pm_trigger |= BIT_ULL(delay);
}

static int
sim_pc_pgraph_pulse(struct nvkm_sim *sim, unsigned int delay, bool flush)
{
	struct nvkm_sim_pcounter *pc;
	unsigned long flags;

	if (delay >= 64)
		return -EINVAL;
	nvkm_sim_lock(sim, &flags);
	pc = sim->pcounter;
	if (pc)
		nvkm_sim_pcounter_pgraph_pulse(pc, delay, flush);
	nvkm_sim_unlock(sim, flags);
	return pc ? 0 : -ENODEV;
}

/**
 * nvkm_sim_pcounter_pm_trigger() - PGRAPH pulses PM_TRIGGER
 * @sim: the simulator
 * @delay: cycles from now (0: the next simulated cycle), below 64
 *
 * Return: 0, or -EINVAL / -ENODEV.
 */
int
nvkm_sim_pcounter_pm_trigger(struct nvkm_sim *sim, unsigned int delay)
{
	return sim_pc_pgraph_pulse(sim, delay, false);
}

/**
 * nvkm_sim_pcounter_wrcache_flush() - PGRAPH pulses WRCACHE_FLUSH
 * @sim: the simulator
 * @delay: cycles from now (0: the next simulated cycle), below 64
 *
 * Return: 0, or -EINVAL / -ENODEV.
 */
int
nvkm_sim_pcounter_wrcache_flush(struct nvkm_sim *sim, unsigned int delay)
{
	return sim_pc_pgraph_pulse(sim, delay, true);
}

/* A count of the model's work at @off in it, under the lock; 0 without one. */
static u64
sim_pc_count(struct nvkm_sim *sim, size_t off)
{
	unsigned long flags;
	u64 n;

	nvkm_sim_lock(sim, &flags);
	n = sim->pcounter ? *(u64 *)((u8 *)sim->pcounter + off) : 0;
	nvkm_sim_unlock(sim, flags);
	return n;
}

/**
 * nvkm_sim_pcounter_periods() - periods of repeating inputs computed
 * @sim: the simulator
 *
 * Tests use it to see that the periodic closed form ran.
 *
 * Return: the number of periods computed rather than simulated since the
 * PCOUNTER model was created, 0 without one.
 */
u64
nvkm_sim_pcounter_periods(struct nvkm_sim *sim)
{
	return sim_pc_count(sim, offsetof(struct nvkm_sim_pcounter, periods));
}

/**
 * nvkm_sim_pcounter_work() - the model's work, counted
 * @sim: the simulator
 * @steps: domain cycles simulated one by one, since the model was created
 * @skips: closed-form advances of a domain (over any number of cycles)
 *
 * Tests use it to see what a catch-up costs: the work must follow the
 * changes of the inputs, not the cycles.  Both are 0 without a PCOUNTER.
 */
void
nvkm_sim_pcounter_work(struct nvkm_sim *sim, u64 *steps, u64 *skips)
{
	struct nvkm_sim_pcounter *pc;
	unsigned long flags;

	nvkm_sim_lock(sim, &flags);
	pc = sim->pcounter;
	*steps = pc ? pc->steps : 0;
	*skips = pc ? pc->skips : 0;
	nvkm_sim_unlock(sim, flags);
}

/**
 * nvkm_sim_pcounter_steps() - domain cycles simulated one by one so far
 * @sim: the simulator; sim->lock held (a test clock reads it)
 *
 * Return: nvkm_sim_pcounter_work()'s @steps; 0 without a PCOUNTER.
 */
u64
nvkm_sim_pcounter_steps(struct nvkm_sim *sim)
{
	return sim->pcounter ? sim->pcounter->steps : 0;
}

/**
 * nvkm_sim_pcounter_swap_pulses() - PGRAPH pulses taken on SWAP alone
 * @sim: the simulator
 *
 * Tests use it to see that a pulse a quad mode domain sees only as its
 * SWAP cost one simulated cycle, not a settling run of them.
 *
 * Return: how many, since the model was created; 0 without a PCOUNTER.
 */
u64
nvkm_sim_pcounter_swap_pulses(struct nvkm_sim *sim)
{
	return sim_pc_count(sim, offsetof(struct nvkm_sim_pcounter, pulses));
}

/**
 * nvkm_sim_pcounter_batched() - record packets replayed in ranges
 * @sim: the simulator
 *
 * Tests use it to see that the periodic closed form wrote its record
 * packets a range per domain (nvkm_sim_pc_record_replay_all()).
 *
 * Return: how many closed forms did, since the model was created; 0
 * without a PCOUNTER.
 */
u64
nvkm_sim_pcounter_batched(struct nvkm_sim *sim)
{
	return sim_pc_count(sim, offsetof(struct nvkm_sim_pcounter, batched));
}

/**
 * nvkm_sim_pcounter_step_only() - simulate every cycle, never skip ahead
 * @sim: the simulator
 * @step_only: true to disable the closed-form skipping
 */
void
nvkm_sim_pcounter_step_only(struct nvkm_sim *sim, bool step_only)
{
	struct nvkm_sim_pcounter *pc;
	unsigned long flags;

	nvkm_sim_lock(sim, &flags);
	pc = sim->pcounter;
	if (pc) {
		pc->step_only = step_only;
		sim_pc_unsettle(pc);
	}
	nvkm_sim_unlock(sim, flags);
}
