/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_PCOUNTER_PRIV_H__
#define __NVKM_SIM_PCOUNTER_PRIV_H__
#include <nvkm/hw/pcounter.h>
#include <nvkm/hw/pcounter_gf100.h>
#include <sim/pcounter.h>
#include "priv.h"

/* The inputs of a domain's counting logic. */
enum sim_pc_input {
	PC_PRE,
	PC_START,
	PC_EVENT,
	PC_STOP,
	PC_SETFLAG,
	PC_CLRFLAG,
	PC_NR_INPUTS
};

/* Cycles of constant inputs after which every delay line is settled:
 * delay bits (1), FLAG (2), import synchroniser (2) and pulse edge (1).
 */
#define PC_SETTLE	8

#define PC_SIG_WORDS	8	/* 256 signals */

/* A mode that does not count: GF100's HALTED and the modes not modelled. */
#define PC_MODE_OFF	0xff
#define PC_CUR_SWAP	BIT(24)	/* SWAP, beside the selected signals */

/**
 * struct sim_pc_cycle - what a domain sees in one cycle
 * @in: the six inputs
 * @swap: the SWAP input
 * @cur: the selected signals (SRC_STATUS layout; NV10:NV30 SETFLAG_SRC in
 *	 bits 16-19 and CLRFLAG_SRC in bits 20-23; PC_CUR_SWAP)
 * @b2: B2 integer of the counter modes
 * @b4: B4 integer
 * @b6: B6 integer
 */
struct sim_pc_cycle {
	bool in[PC_NR_INPUTS];
	bool swap;
	u32 cur;
	u8 b2, b4, b6;
};

#include "pcounter_record.h"

/* Longest common period of the inputs that the model computes a period
 * at a time (the PGRAPH load's 1 ms at up to 2 GHz), and landings per
 * period.
 */
#define PC_JUMP_PERIOD_MAX	BIT_ULL(21)
#define PC_JUMP_LANDINGS	256
/* Bytes of replayed packets written at once; landings replayed so, at most. */
#define PC_REPLAY_CHUNK		2048
#define PC_REPLAY_STREAMS	8

/**
 * struct sim_pc_rate - what one period of the inputs does to a domain
 * @ctr: growth of CTR_CYCLES, _EVENT, _START, _PRE, _STOP, then of their
 *	 quad mode shadows
 * @rec: growth of the record counters
 */
struct sim_pc_rate {
	u64 ctr[10];
	struct sim_pc_record_rate rec;
};

/**
 * struct sim_pc_jump - scratch of the periodic closed form
 * @s0: every domain before the first of two periods simulated
 * @s1: every domain before the second
 * @logging: record packets landing are logged in @land
 * @nr_land: packets that landed in the second period (may exceed @land)
 * @land: those packets
 * @chunk: packets of one landing, periods in a row, written at once
 *	   (nvkm_sim_pc_record_replay_all())
 * @rate: per domain, what one period does
 */
struct sim_pc_jump {
	struct sim_pcdom *s0, *s1;
	bool logging;
	int nr_land;
	struct sim_pc_landing land[PC_JUMP_LANDINGS];
	__le16 chunk[PC_REPLAY_CHUNK / 2];
	struct sim_pc_rate rate[];
};

/**
 * struct sim_pcdom - one PCOUNTER domain
 * @set: domain set it belongs to
 * @idx: its number within the set
 * @nr_signals: signals the domain has (trailer base + 0x20)
 * @trailer: trailer base
 * @user: positions of USER_0/USER_1 on GT215:GF100, negative if absent
 * @src: *_SRC registers (SETFLAG/CLRFLAG: NV10:NV30 only)
 * @op: *_OP registers, as stored
 * @spec_src: SPEC_SRC (G84+)
 * @mode: NV_PCOUNTER_MODE_* or PC_MODE_OFF
 * @ctr_mode: NV_PCOUNTER_CTR_MODE_*
 * @ctr_period_all: EVENT_CTR_PERIOD is ALL (NV15+)
 * @event_pulse: EVENT import mode is PULSE (NV40+)
 * @flag_pulse: FLAG import mode is PULSE (NV40+)
 * @ctrl_other: other stored CTRL bits (NV40 layout; GF100 layout, with
 *		the raw MODE field)
 * @threshold: THRESHOLD
 * @pre_init: initial CTR_PRE
 * @stop_init: initial CTR_STOP
 * @single: single event state
 * @quad: quad event state
 * @cycles: visible CTR_CYCLES (and CTR_CYCLES_ALT)
 * @event: visible CTR_EVENT
 * @start: visible CTR_START
 * @pre: visible CTR_PRE
 * @stop: visible CTR_STOP
 * @sh_cycles: quad mode shadow of @cycles
 * @sh_event: quad mode shadow of @event
 * @sh_start: quad mode shadow of @start
 * @sh_pre: quad mode shadow of @pre
 * @sh_stop: quad mode shadow of @stop
 * @flag: the FLAG as set by SETFLAG/CLRFLAG
 * @flag_hist: @flag at the end of the last cycles (bit 0: last cycle)
 * @xflag: FLAG signal history as seen by other domains (bit 0: last cycle)
 * @xevent: EVENT input history (bit 0: last cycle)
 * @prev_src: selected signals of the last cycle (SRC_STATUS layout, plus
 *	      SETFLAG_SRC in bits 16-19 and CLRFLAG_SRC in bits 20-23)
 * @periodic_ctr: cycles since the last PERIODIC pulse
 * @user_trigger: USER signal values (bits 0-3) and pulse bits (4-7)
 * @user_pulse: USER values set this cycle to be cleared after it
 * @filter: FILTER (GF100+), stored only
 * @level: signal levels driven by the workload
 * @force_low: signals a simulated engine holds low, whatever the workload
 *	       drives (PGRAPH.IDLE while the FIFO's graphics engine is busy)
 * @rec: record mode state
 * @since: while this settled domain is left behind as others step
 *	   (&nvkm_sim_pcounter.behind), the cycle it was left at; 0 otherwise
 * @pulsed: its last cycle saw a PGRAPH pulse on SWAP alone
 *	    (sim_pc_swap_pulse()): the next cycle's history is due
 */
struct sim_pcdom {
	u8 set;
	u8 idx;
	u16 nr_signals;
	u16 trailer;
	s16 user[2];

	u32 src[PC_NR_INPUTS];
	u32 op[PC_NR_INPUTS];
	u32 spec_src;
	u8 mode;
	u8 ctr_mode;
	bool ctr_period_all;
	bool event_pulse;
	bool flag_pulse;
	u32 ctrl_other;
	u64 threshold;
	u32 pre_init;
	u32 stop_init;

	u8 single;
	u8 quad;
	u64 cycles, event, start;
	u64 pre, stop;
	u64 sh_cycles, sh_event, sh_start;
	u64 sh_pre, sh_stop;

	bool flag;
	u8 flag_hist;
	u8 xflag;
	u8 xevent;
	u32 prev_src;

	u32 periodic_ctr;
	u8 user_trigger;
	u8 user_pulse;
	u32 filter;

	u32 level[PC_SIG_WORDS];
	u32 force_low[PC_SIG_WORDS];
	struct sim_pc_record rec;
	u64 since;
	bool pulsed;
};

/* Domains of one PCOUNTER at most: one bit each in the settledness masks. */
#define PC_MAX_DOMS	64

/**
 * struct sim_pcset - a domain set: domains that see each other's EVENT
 * and FLAG (one before GF100; hub, GPCs and partitions after)
 * @first: index of its first domain in &nvkm_sim_pcounter.dom
 * @nr: domains in the set
 * @gctrl: GCTRL (G84:GF100) or the set's CTRL (GF100+)
 */
struct sim_pcset {
	u16 first;
	u8 nr;
	u32 gctrl;
};

#define PC_MAX_PULSERS	16

/**
 * struct sim_pc_pulser - a workload pulse train on one signal
 * @dom: domain
 * @sig: signal
 * @period: cycles from one rise to the next
 * @width: cycles high after each rise
 * @next: simulated cycle of the current (or next) rise
 * @fell: simulated cycle of the last fall (the first low cycle)
 * @left: pulses still to come
 */
struct sim_pc_pulser {
	u16 dom;
	u8 sig;
	u32 period;
	u32 width;
	u64 next;
	u64 fell;
	u64 left;
};

/**
 * struct nvkm_sim_pcounter - the PCOUNTER of a simulated GPU
 * @sim: owner (for the clock)
 * @layout: register layout functions
 * @gen: generation
 * @nr_doms: domains, in all sets
 * @dom: the domains, set after set
 * @nr_sets: domain sets
 * @set: the domain sets
 * @cyc: every domain's inputs in the cycle being simulated, or, for a
 *	 settled domain, in every cycle until the next change
 * @calm: scratch: per domain, cycles until its inputs change (sim_pc_calms())
 * @now: cycles simulated
 * @rec: record mode state shared by the domains
 * @nv10_ctr_mode_b4: NV10:NV40 CTRL.CTR_MODE (shared by both domains)
 * @nv10_ctrl_tvout: NV10:NV40 CTRL bits 0-1
 * @pm_trigger: cycles at which PGRAPH pulses PM_TRIGGER: bitmask of the
 *		next 64 cycles (bit 0: current cycle)
 * @wrcache_flush: the same for WRCACHE_FLUSH
 * @pulser: workload pulse trains
 * @trained: domains a train was ever set on, a superset of those with a
 *	     live one: a stepped cycle looks at the trains only for them
 * @forced: domains a signal was ever forced low on, likewise a superset:
 *	    only their force_low masks are applied
 * @step_only: never fast-forward (tests compare the two)
 * @jump: scratch of the periodic closed form
 * @periods: periods computed rather than simulated, in all
 * @unsettled: domains not at a fixed point, stepped cycle by cycle; a
 *	       domain not in it is settled: its entry of @cyc holds what it
 *	       sees until the next change of its own inputs (register writes
 *	       to it, its workload, its pulses, what it imports)
 * @touched: domains the register being accessed belongs to (the layouts'
 *	     decoders mark them; none: a register of the whole unit)
 * @behind: settled domains left behind while others step, or while
 *	    nothing looks at them, to catch up in closed form
 *	    (nvkm_sim_pc_catch_up())
 * @until: while every domain is settled, the cycle of the next change due
 *	   (0: not known)
 * @lazy: cycles counted but not yet applied (sim_pc_flush()); @now is
 *	  that much behind
 * @steps: domain cycles simulated one by one, in all
 * @skips: closed-form advances of a domain, in all
 * @pulses: PGRAPH pulses a domain took on SWAP alone (sim_pc_swap_pulse())
 * @batched: periodic closed forms whose packets went in ranges
 *	     (nvkm_sim_pc_record_replay_all())
 * @in_reset: held in reset by PMC.ENABLE (GF100+), state already cleared
 */
/*
 * PGRAPH units with multiplexers known per chipset (VFETCH, CROP, ZROP,
 * PROP), the most instances (TPCs, ROPs) one has, and gates on them.
 */
#define SIM_MUX_REGS	4
#define SIM_MUX_INST	16
#define SIM_MUX_GATES	8

/**
 * struct sim_pc_mux_gate - a signal shown only for one multiplexer value
 * @reg: the unit
 * @dom: domain of the signal
 * @sig: the signal
 * @mask: the register's field
 * @value: the field value that selects it
 * @level: its level while selected
 */
struct sim_pc_mux_gate {
	u8 reg;
	u8 dom;
	u16 sig;
	u32 mask;
	u32 value;
	bool level;
};

/**
 * struct sim_pc_mux - PGRAPH's multiplexers as PCOUNTER sees them
 * @val: register values, per unit and instance
 * @gate: gated signals
 * @nr_gates: entries in @gate
 */
struct sim_pc_mux {
	u32 val[SIM_MUX_REGS][SIM_MUX_INST];
	struct sim_pc_mux_gate gate[SIM_MUX_GATES];
	int nr_gates;
};

struct nvkm_sim_pcounter {
	struct nvkm_sim *sim;
	const struct sim_pc_layout *layout;
	enum sim_pc_gen gen;
	int nr_doms;
	struct sim_pcdom *dom;
	int nr_sets;
	struct sim_pcset *set;
	struct sim_pc_cycle *cyc;
	u64 *calm;

	u64 now;
	struct sim_pc_record_main rec;
	bool nv10_ctr_mode_b4;
	u32 nv10_ctrl_tvout;
	u64 pm_trigger;
	u64 wrcache_flush;
	struct sim_pc_pulser pulser[PC_MAX_PULSERS];
	u64 trained;
	u64 forced;
	bool step_only;
	struct sim_pc_jump *jump;
	u64 periods;
	u64 unsettled;
	u64 touched;
	u64 behind;
	u64 until;
	u64 lazy;
	u64 steps;
	u64 skips;
	u64 pulses;
	u64 batched;
	bool in_reset;
	struct sim_pc_mux mux;
};

bool nvkm_sim_pc_mux_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data);
bool nvkm_sim_pc_mux_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data);
void nvkm_sim_pcounter_drive(struct nvkm_sim_pcounter *pc, int d, int sig, bool level);

/**
 * struct sim_pc_layout - one of the register layouts
 * @rd: decode a read, false if not a register of this layout/generation
 * @wr: decode a write, likewise
 * @off: optional: true while the unit is held in reset, when time passes
 *	 for the workload only
 * @base: first BAR0 address @rd and @wr may claim
 * @size: bytes from @base on that they may claim: accesses elsewhere
 *	  (other units, the PGRAPH multiplexers) need not bring the model
 *	  up to date
 */
struct sim_pc_layout {
	bool (*rd)(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data);
	bool (*wr)(struct nvkm_sim_pcounter *pc, u32 addr, u32 data);
	bool (*off)(struct nvkm_sim_pcounter *pc);
	u32 base;
	u32 size;
};

extern const struct sim_pc_layout nvkm_sim_pc_nv10_layout;
extern const struct sim_pc_layout nvkm_sim_pc_nv40_layout;

extern const struct sim_pc_layout nvkm_sim_pc_gf100_layout;

/*
 * Each layout's _doms() allocates the domains the chip description gives
 * with nvkm_sim_pc_alloc() and describes them; returns 0 or a negative errno.
 */
int nvkm_sim_pc_nv10_doms(struct nvkm_sim_pcounter *pc, const struct nvkm_sim_chip *chip);
int nvkm_sim_pc_nv40_doms(struct nvkm_sim_pcounter *pc, const struct nvkm_sim_chip *chip);
int nvkm_sim_pc_gf100_doms(struct nvkm_sim_pcounter *pc, const struct nvkm_sim_chip *chip);
int nvkm_sim_pc_alloc(struct nvkm_sim_pcounter *pc, int nr_sets, const u8 *nr_doms);

/* Entries of a 0-terminated list of the chip description. */
static inline u8
sim_pc_list_len(const u8 *list)
{
	u8 n = 0;

	while (list[n])
		n++;
	return n;
}

/* Shared by the layouts: the model behind the registers. */
void nvkm_sim_pc_config_written(struct sim_pcdom *dom);
void nvkm_sim_pc_pre_op_written(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom);
void nvkm_sim_pc_single_begin(struct sim_pcdom *dom);
void nvkm_sim_pc_quad_ack(struct sim_pcdom *dom);
void nvkm_sim_pc_signals(struct nvkm_sim_pcounter *pc, int d, u32 *sig);
u32 nvkm_sim_pc_src_status(struct nvkm_sim_pcounter *pc, int d);
u32 nvkm_sim_pc_op_mask(struct nvkm_sim_pcounter *pc, enum sim_pc_input in);

/*
 * GF100+ PTOP topology registers, decoded beside PCOUNTER until PTOP has
 * a model of its own: false if @addr is not one of them.
 */
bool nvkm_sim_gf100_ptop_rd(struct nvkm_sim *sim, u32 addr, u32 *data);
bool nvkm_sim_gf100_ptop_wr(struct nvkm_sim *sim, u32 addr, u32 data);

/* The simulated engines' side of the workload, sim->lock held. */
int nvkm_sim_pc_train(struct nvkm_sim_pcounter *pc, int d, int sig, u32 period,
		      u32 width, u64 count);
int nvkm_sim_pc_force_low(struct nvkm_sim_pcounter *pc, int d, int sig, bool low);

void nvkm_sim_pc_catch_up(struct nvkm_sim_pcounter *pc, int d);
void nvkm_sim_pc_catch_up_all(struct nvkm_sim_pcounter *pc);

/*
 * A register of domain @d is being decoded: it catches up before its
 * state is read or written (a write unsettles it only).
 */
static inline void
sim_pc_touch(struct nvkm_sim_pcounter *pc, int d)
{
	pc->touched |= BIT_ULL(d);
	if (pc->behind & BIT_ULL(d))
		nvkm_sim_pc_catch_up(pc, d);
}

static inline bool
sim_pc_wide(struct nvkm_sim_pcounter *pc)
{
	return pc->gen < PC_NV30;	/* 40-bit counters */
}

#endif
