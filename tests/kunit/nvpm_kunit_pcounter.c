// SPDX-License-Identifier: MIT
/*
 * KUnit: the simulated PCOUNTER against the reference, through MMIO only
 * (plus the workload side that drives signals and the clock).  Expected
 * values are worked out from the reference's rules in each test.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/prandom.h>
#include <linux/sched.h>
#include <nvkm/hw/pcounter.h>
#include <sim/pcounter.h>
#include "nvpm_kunit.h"

#define SRC(a, b, c, d)	((a) | (b) << 8 | (c) << 16 | (d) << 24)

/* Truth tables over ARG[0..3]: bit i is the result for i = a0|a1<<1|... */
#define OP_ARG0		0xaaaa
#define OP_ARG1		0xcccc
#define OP_ARG3		0xff00
#define OP_ONE		0xffff
#define OP_RISE01	0x0004	/* ARG1 && !ARG0 */

/* G84 core clock A: 256 signals, trailer at 0xe0. */
#define D		1
#define S_A		0x10
#define S_B		0x11
#define S_C		0x12
#define S_W		0x20

static struct nvkm_sim *
pc_sim(struct kunit *test, u32 chipset)
{
	struct nvkm_sim *sim = nvkm_sim_new(chipset);

	KUNIT_ASSERT_NOT_NULL(test, sim);
	KUNIT_ASSERT_GT(test, nvkm_sim_pcounter_domains(sim), 0);
	nvkm_sim_set_manual_clock(sim, true);
	test->priv = sim;
	return sim;
}

static void
pc_exit(struct kunit *test)
{
	struct nvkm_sim *sim = test->priv;

	nvkm_sim_del(&sim);
}

/* NV40-layout quad mode on domain @d, counting EVENT = @op over @src. */
static void
quad_event(struct nvkm_sim *sim, int d, u32 src, u32 op, u32 ctr_mode)
{
	kt_wr(sim, NV40_PCOUNTER_CTRL(d), NV_PCOUNTER_MODE_QUAD | ctr_mode << 4);
	kt_wr(sim, NV40_PCOUNTER_EVENT_SRC(d), src);
	kt_wr(sim, NV40_PCOUNTER_EVENT_OP(d), op);
}

/* G84+: swap the quad counters by writing PRE_OP (value kept). */
static void
qswap(struct nvkm_sim *sim, int d)
{
	kt_wr(sim, NV40_PCOUNTER_PRE_OP(d), kt_rd(sim, NV40_PCOUNTER_PRE_OP(d)));
}

/* --- layout and presence ------------------------------------------------ */

static void
domains_follow_signal_tables(struct kunit *test)
{
	static const struct {
		u32 chipset;
		int doms;
		int sig0, sig7;
	} t[] = {
		{ 0x84, 8, 0x60, 0x100 },
		{ 0x86, 8, 0x60, 0xe0 },
		{ 0xa0, 8, 0x80, 0xa0 },
		{ 0xa3, 8, 0x100, 0x100 },
		{ 0xaa, 7, 0xa0, 0 },
		{ 0x50, 5, 0x40, 0 },
		{ 0x10, 1, 0xa0, 0 },
		{ 0x20, 2, 0xc0, 0 },
		{ 0x34, 2, 0x100, 0 },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct nvkm_sim *sim = nvkm_sim_new(t[i].chipset);

		KUNIT_ASSERT_NOT_NULL(test, sim);
		KUNIT_EXPECT_EQ_MSG(test, nvkm_sim_pcounter_domains(sim), t[i].doms,
				    "chipset %x", t[i].chipset);
		KUNIT_EXPECT_EQ_MSG(test, nvkm_sim_pcounter_signals(sim, 0), t[i].sig0,
				    "chipset %x", t[i].chipset);
		if (t[i].sig7)
			KUNIT_EXPECT_EQ_MSG(test, nvkm_sim_pcounter_signals(sim, 7),
					    t[i].sig7, "chipset %x", t[i].chipset);
		nvkm_sim_del(&sim);
	}
}

/* Registers of absent domains and of later generations are unclaimed. */
static void
absent_registers_are_unclaimed(struct kunit *test)
{
	static const struct {
		u32 chipset;
		u32 addr;
		bool present;
	} t[] = {
		{ 0x50, NV40_PCOUNTER_CTRL(4), true },
		{ 0x50, NV40_PCOUNTER_CTRL(5), false },
		{ 0x50, NV40_PCOUNTER_SPEC_SRC(0), false },
		{ 0x84, NV40_PCOUNTER_SPEC_SRC(0), true },
		{ 0x50, NV40_PCOUNTER_GCTRL, false },
		{ 0x84, NV40_PCOUNTER_GCTRL, true },
		{ 0x84, NV40_PCOUNTER_USER_TRIGGER(0), false },
		{ 0xa3, NV40_PCOUNTER_USER_TRIGGER(0), true },
		{ 0xaa, NV40_PCOUNTER_CTRL(7), false },
		{ 0x84, NV40_PCOUNTER_SIG_STATUS(0, 2), true },	/* 0x60 signals */
		{ 0x84, NV40_PCOUNTER_SIG_STATUS(0, 3), false },
		{ 0x10, NV10_PCOUNTER_CTRL, true },
		{ 0x10, NV10_PCOUNTER_PRE_SRC(1), false },
		{ 0x20, NV10_PCOUNTER_PRE_SRC(1), true },
		{ 0x20, NV10_PCOUNTER_SETFLAG_SRC(0), true },
		{ 0x30, NV10_PCOUNTER_SETFLAG_SRC(0), false },
		{ 0x20, NV10_PCOUNTER_CTR_EVENT_HI(0), true },
		{ 0x30, NV10_PCOUNTER_CTR_EVENT_HI(0), false },
		{ 0x20, NV30_PCOUNTER_QUAD_ACK_TRIGGER, false },
		{ 0x30, NV30_PCOUNTER_QUAD_ACK_TRIGGER, true },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct nvkm_sim *sim = nvkm_sim_new(t[i].chipset);
		u64 before;

		KUNIT_ASSERT_NOT_NULL(test, sim);
		before = kt_unclaimed(sim);
		kt_rd(sim, t[i].addr);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim) - before, t[i].present ? 0 : 1,
				    "chipset %x reg %06x", t[i].chipset, t[i].addr);
		nvkm_sim_del(&sim);
	}
}

static void
op_registers_keep_generation_bits(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	struct nvkm_sim *g92 = nvkm_sim_new(0x92);

	KUNIT_ASSERT_NOT_NULL(test, g92);
	kt_wr(sim, NV40_PCOUNTER_EVENT_OP(0), ~0);
	kt_wr(sim, NV40_PCOUNTER_PRE_OP(0), ~0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_EVENT_OP(0)), 0x7ffff);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_PRE_OP(0)), 0x3ffff);
	kt_wr(g92, NV40_PCOUNTER_EVENT_OP(0), ~0);
	kt_wr(g92, NV40_PCOUNTER_PRE_OP(0), ~0);
	KUNIT_EXPECT_EQ(test, kt_rd(g92, NV40_PCOUNTER_EVENT_OP(0)), 0x1fffff);
	KUNIT_EXPECT_EQ(test, kt_rd(g92, NV40_PCOUNTER_PRE_OP(0)), 0xfffff);
	nvkm_sim_del(&g92);
}

static void
sig_and_src_status_show_signals(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	kt_level(sim, D, 0x21, true);
	kt_level(sim, D, 0x3f, true);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_SIG_STATUS(D, 1)), BIT(1) | BIT(31));
	kt_wr(sim, NV40_PCOUNTER_START_SRC(D), SRC(0, 0x21, 0, 0x3f));
	kt_wr(sim, NV40_PCOUNTER_STOP_SRC(D), SRC(0x3f, 0, 0, 0));
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_SRC_STATUS(D)),
			BIT(4 + 1) | BIT(4 + 3) | BIT(12));
	/* trailer signals cannot be driven; below them, the trailer base can */
	KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_set_signal(sim, D, 0xe0 + 0x0c, true), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_set_signal(sim, D, 0xe0 + 0x0b, true), 0);
}

/* --- input selection and logic ------------------------------------------- */

/* Every combination of the four arguments selects its bit of the table. */
static void
logic_op_is_a_truth_table(struct kunit *test)
{
	static const u32 ops[] = { 0x8000, 0xfffe, 0x6996, 0x1234, 0x0001 };
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	int i, combo;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		quad_event(sim, D, SRC(S_A, S_B, S_C, S_W), ops[i], 0);
		qswap(sim, D);
		for (combo = 0; combo < 16; combo++) {
			nvkm_sim_pcounter_set_value(sim, D, S_A, 3, combo & 7);
			kt_level(sim, D, S_W, combo & 8);
			nvkm_sim_run(sim, 10);
		}
		qswap(sim, D);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)),
				    10 * hweight16(ops[i]), "op %04x", ops[i]);
		KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_CYCLES(D)), 160);
	}
}

/* Delay bit 16: argument 0 is its signal one cycle late: an edge detector. */
static void
delay_bit_counts_rising_edges(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	quad_event(sim, D, SRC(S_A, S_A, 0, 0), OP_RISE01 | NV_PCOUNTER_OP_DELAY0, 0);
	qswap(sim, D);
	nvkm_sim_pcounter_pulse(sim, D, S_A, 5, 7);
	nvkm_sim_run(sim, 50);
	kt_level(sim, D, S_A, true);
	nvkm_sim_run(sim, 100);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 8);
}

/* G92+: EVENT_OP bit 19 makes ARG2 = SRC[0] delayed; G84 lacks the bit. */
static void
g92_delay_replace_bit(struct kunit *test)
{
	/* ARG2 && !ARG0 (i in 4, 6, 12, 14): with ARG2 replaced by SRC[0]
	 * delayed, true in the cycle after each pulse of SRC[0].
	 */
	const u32 op = 0x5050 | NV_PCOUNTER_OP_ES_REPLACE2;
	const u32 chipsets[] = { 0x84, 0x92 };
	int i;

	for (i = 0; i < 2; i++) {
		struct nvkm_sim *sim = nvkm_sim_new(chipsets[i]);

		KUNIT_ASSERT_NOT_NULL(test, sim);
		nvkm_sim_set_manual_clock(sim, true);
		/* SRC[0] = A, SRC[2] = B, which stays 0 */
		quad_event(sim, D, SRC(S_A, 0, S_B, 0), op, 0);
		qswap(sim, D);
		nvkm_sim_pcounter_pulse(sim, D, S_A, 10, 4);
		nvkm_sim_run(sim, 40);
		qswap(sim, D);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)),
				    chipsets[i] == 0x92 ? 4 : 0, "chipset %x", chipsets[i]);
		nvkm_sim_del(&sim);
	}
}

/* NV30+: EVENT_OP bit 18 feeds SETFLAG into argument 3, same cycle. */
static void
setflag_is_argument_3_of_event(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	/* SETFLAG's arguments: START_SRC[2], START_SRC[3], PRE_SRC[0], PRE_SRC[1] */
	kt_wr(sim, NV40_PCOUNTER_START_SRC(D), SRC(0, 0, S_A, 0));
	kt_wr(sim, NV40_PCOUNTER_SETFLAG_OP(D), OP_ARG0);
	quad_event(sim, D, SRC(0, 0, 0, 0), OP_ARG3 | NV_PCOUNTER_OP_SETFLAG3, 0);
	qswap(sim, D);
	nvkm_sim_pcounter_pulse(sim, D, S_A, 3, 9);
	nvkm_sim_run(sim, 60);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 9);
}

/* SETFLAG in cycle X shows on the FLAG trailer signal in cycle X + 2. */
static void
flag_signal_is_two_cycles_late(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	int flag = nvkm_sim_pcounter_trailer(sim, D) + NV40_PCOUNTER_TRAILER_FLAG(D);

	kt_wr(sim, NV40_PCOUNTER_START_SRC(D), SRC(0, 0, S_A, 0));
	kt_wr(sim, NV40_PCOUNTER_SETFLAG_OP(D), OP_ARG0);
	quad_event(sim, D, SRC(flag, 0, 0, 0), OP_ARG0, 0);
	qswap(sim, D);
	kt_level(sim, D, S_A, true);
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_SIG_STATUS(D, flag / 32)) &
			BIT(flag % 32), 0);
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_NE(test, kt_rd(sim, NV40_PCOUNTER_SIG_STATUS(D, flag / 32)) &
			BIT(flag % 32), 0);
	nvkm_sim_run(sim, 8);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 8);
}

/* CLRFLAG wins over SETFLAG. */
static void
clrflag_wins_over_setflag(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	int flag = nvkm_sim_pcounter_trailer(sim, D) + NV40_PCOUNTER_TRAILER_FLAG(D);

	kt_wr(sim, NV40_PCOUNTER_START_SRC(D), SRC(S_B, 0, S_A, 0));
	kt_wr(sim, NV40_PCOUNTER_SETFLAG_OP(D), OP_ARG0);	/* START_SRC[2] = A */
	kt_wr(sim, NV40_PCOUNTER_CLRFLAG_OP(D), 0xf0f0);	/* ARG2 = START_SRC[0] = B */
	quad_event(sim, D, SRC(flag, 0, 0, 0), OP_ARG0, 0);
	kt_level(sim, D, S_A, true);
	nvkm_sim_run(sim, 20);
	kt_level(sim, D, S_B, true);
	nvkm_sim_run(sim, 2);
	qswap(sim, D);
	nvkm_sim_run(sim, 30);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 0);
}

/* A domain imports another's EVENT; PULSE mode turns a level into one pulse. */
static void
event_import_continuous_and_pulse(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	int ev0 = nvkm_sim_pcounter_trailer(sim, 2) + NV40_PCOUNTER_TRAILER_EVENT(0);
	int pulse;

	kt_wr(sim, NV40_PCOUNTER_EVENT_SRC(0), SRC(S_A, 0, 0, 0));
	kt_wr(sim, NV40_PCOUNTER_EVENT_OP(0), OP_ARG0);
	for (pulse = 0; pulse < 2; pulse++) {
		quad_event(sim, 2, SRC(ev0, 0, 0, 0), OP_ARG0, 0);
		if (pulse)
			kt_wr(sim, NV40_PCOUNTER_CTRL(2), NV_PCOUNTER_MODE_QUAD |
			      NV40_PCOUNTER_CTRL_EVENT_IMPORT_PULSE);
		qswap(sim, 2);
		kt_level(sim, 0, S_A, true);
		nvkm_sim_run(sim, 10);
		kt_level(sim, 0, S_A, false);
		nvkm_sim_run(sim, 10);
		qswap(sim, 2);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(2)), pulse ? 1 : 10,
				    "%s", pulse ? "PULSE" : "CONTINUOUS");
	}
}

/* --- single event mode ---------------------------------------------------- */

static u32
single_state(struct nvkm_sim *sim, int d)
{
	return FIELD_GET(NV40_PCOUNTER_CTRL_SINGLE_STATE, kt_rd(sim, NV40_PCOUNTER_CTRL(d)));
}

/* PRE = A, START = B (START_SRC[0]), STOP = C, EVENT = W; CTR_PRE 2,
 * CTR_STOP 1.
 */
static void
single_setup_src(struct nvkm_sim *sim, u32 ctrl, u32 threshold, u32 start_src)
{
	kt_wr(sim, NV40_PCOUNTER_CTRL(D), NV_PCOUNTER_MODE_SINGLE | ctrl);
	kt_wr(sim, NV40_PCOUNTER_START_SRC(D), start_src);
	kt_wr(sim, NV40_PCOUNTER_START_OP(D), OP_ARG0);
	kt_wr(sim, NV40_PCOUNTER_EVENT_SRC(D), SRC(S_W, 0, 0, 0));
	kt_wr(sim, NV40_PCOUNTER_EVENT_OP(D), OP_ARG0);
	kt_wr(sim, NV40_PCOUNTER_STOP_SRC(D), SRC(S_C, 0, 0, 0));
	kt_wr(sim, NV40_PCOUNTER_STOP_OP(D), OP_ARG0);
	kt_wr(sim, NV40_PCOUNTER_THRESHOLD(D), threshold);
	kt_wr(sim, NV40_PCOUNTER_CTR_PRE(D), 2);
	kt_wr(sim, NV40_PCOUNTER_CTR_STOP(D), 1);
	kt_wr(sim, NV40_PCOUNTER_PRE_SRC(D), SRC(S_A, 0, 0, 0));
	kt_wr(sim, NV40_PCOUNTER_PRE_OP(D), OP_ARG0);	/* starts the process */
}

static void
single_setup(struct nvkm_sim *sim, u32 ctrl, u32 threshold)
{
	single_setup_src(sim, ctrl, threshold, SRC(S_B, 0, 0, 0));
}

static void
hold(struct nvkm_sim *sim, int sig, u64 cycles)
{
	kt_level(sim, D, sig, true);
	nvkm_sim_run(sim, cycles);
	kt_level(sim, D, sig, false);
}

static void
single_event_state_machine(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	kt_level(sim, D, S_W, true);	/* EVENT every cycle */
	single_setup(sim, 0, 40);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_WAIT_PRE);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_PRE(D)), 2);

	/* CTR_PRE + 1 PRE cycles leave WAIT_FOR_PRE. */
	hold(sim, S_A, 2);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_WAIT_PRE);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_PRE(D)), 0);
	hold(sim, S_A, 1);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_WAIT_START);
	nvkm_sim_run(sim, 100);		/* events outside a period don't count */

	hold(sim, S_B, 1);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_COUNTING);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 0);
	nvkm_sim_run(sim, 50);
	hold(sim, S_C, 1);		/* period 1: 51 cycles, 51 events >= 40 */
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_WAIT_START);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_CYCLES(D)), 51);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_CYCLES_ALT(D)), 51);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 51);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_START(D)), 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_STOP(D)), 0);

	hold(sim, S_B, 1);
	nvkm_sim_run(sim, 30);
	hold(sim, S_C, 1);		/* period 2: 31 events < 40, last period */
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_INACTIVE);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 31);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_CYCLES(D)), 31);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_START(D)), 1);
	hold(sim, S_B, 1);		/* INACTIVE ignores START */
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_INACTIVE);
}

/* EVENT_CTR_PERIOD ALL: CTR_EVENT sums over the counting periods. */
static void
single_event_ctr_period_all(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	kt_level(sim, D, S_W, true);
	single_setup(sim, NV40_PCOUNTER_CTRL_CTR_PERIOD, 40);
	hold(sim, S_A, 3);
	hold(sim, S_B, 1);
	nvkm_sim_run(sim, 50);
	hold(sim, S_C, 1);
	hold(sim, S_B, 1);
	nvkm_sim_run(sim, 30);
	hold(sim, S_C, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 51 + 31);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_START(D)), 2);
}

/* Writing a config register aborts; writing PRE_OP does not. */
static void
config_write_aborts_single_event(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	single_setup(sim, 0, 0);
	hold(sim, S_A, 3);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_WAIT_START);
	kt_wr(sim, NV40_PCOUNTER_PRE_OP(D), OP_ARG0);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_WAIT_START);
	kt_wr(sim, NV40_PCOUNTER_THRESHOLD(D), 5);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_INACTIVE);
	kt_wr(sim, NV40_PCOUNTER_PRE_OP(D), OP_ARG0);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_WAIT_PRE);
	kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D));
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_WAIT_PRE);
	kt_wr(sim, NV40_PCOUNTER_CTR_EVENT(D), 0);		/* read-only, still aborts */
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_INACTIVE);
}

/* EXTRA_B4 in single mode: CTR_PRE sums B4 over all counting cycles. */
static void
single_extra_b4_sums_into_ctr_pre(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	/* B4 = START_SRC[0..3] = (B, 0x40, 0x41, 0x42) = 0b1010 when B is 0 */
	nvkm_sim_pcounter_set_value(sim, D, 0x40, 3, 0x5);
	single_setup_src(sim, NV_PCOUNTER_CTR_MODE_EXTRA_B4 << 4, 0,
			 SRC(S_B, 0x40, 0x41, 0x42));
	hold(sim, S_A, 3);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_PRE(D)), 0);
	hold(sim, S_B, 1);
	nvkm_sim_run(sim, 20);
	hold(sim, S_C, 1);		/* 21 counting cycles */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_PRE(D)), 21 * 10);
	hold(sim, S_B, 1);
	nvkm_sim_run(sim, 9);
	hold(sim, S_C, 1);		/* 10 more, summed */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_PRE(D)), 31 * 10);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 0);
	KUNIT_EXPECT_EQ(test, single_state(sim, D), NV_PCOUNTER_SINGLE_INACTIVE);
}

/* --- quad event mode ---------------------------------------------------- */

/* A swap in a cycle with an event counts that event in the next period. */
static void
quad_swap_before_count(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	quad_event(sim, D, SRC(S_A, 0, 0, 0), OP_ARG0, 0);
	kt_wr(sim, NV40_PCOUNTER_SPEC_SRC(D), S_W);
	qswap(sim, D);
	kt_level(sim, D, S_A, true);
	nvkm_sim_run(sim, 10);
	hold(sim, S_W, 1);		/* SWAP and EVENT in the same cycle */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 10);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_CYCLES(D)), 10);
	nvkm_sim_run(sim, 4);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 5);
}

static u32
quad_state(struct nvkm_sim *sim, int d)
{
	return FIELD_GET(NV40_PCOUNTER_CTRL_QUAD_STATE, kt_rd(sim, NV40_PCOUNTER_CTRL(d)));
}

static void
quad_state_counts_swaps_and_acks(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	quad_event(sim, D, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, quad_state(sim, D), NV_PCOUNTER_QUAD_EMPTY);
	kt_wr(sim, NV40_PCOUNTER_QUAD_ACK_TRIGGER(D), 1);
	KUNIT_EXPECT_EQ(test, quad_state(sim, D), NV_PCOUNTER_QUAD_EMPTY);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, quad_state(sim, D), NV_PCOUNTER_QUAD_VALID);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, quad_state(sim, D), NV_PCOUNTER_QUAD_OVERFLOW);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, quad_state(sim, D), NV_PCOUNTER_QUAD_OVERFLOW);
	kt_wr(sim, NV40_PCOUNTER_QUAD_ACK_TRIGGER(D), 0);
	KUNIT_EXPECT_EQ(test, quad_state(sim, D), NV_PCOUNTER_QUAD_OVERFLOW);
	kt_wr(sim, NV40_PCOUNTER_QUAD_ACK_TRIGGER(D), 1);
	KUNIT_EXPECT_EQ(test, quad_state(sim, D), NV_PCOUNTER_QUAD_VALID);
	kt_wr(sim, NV40_PCOUNTER_QUAD_ACK_TRIGGER(D), 1);
	KUNIT_EXPECT_EQ(test, quad_state(sim, D), NV_PCOUNTER_QUAD_EMPTY);
}

/* NV30:G84: SWAP is PGRAPH's PM_TRIGGER, and PRE_OP writes do not swap. */
static void
nv30_swap_is_pm_trigger(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x30);

	kt_wr(sim, NV10_PCOUNTER_CTRL, NV30_PCOUNTER_CTRL_MODE_QUAD(0));
	kt_wr(sim, NV10_PCOUNTER_EVENT_SRC(0), SRC(S_A, 0, 0, 0));
	kt_wr(sim, NV10_PCOUNTER_EVENT_OP(0), OP_ARG0);
	kt_level(sim, 0, S_A, true);
	nvkm_sim_run(sim, 20);
	kt_wr(sim, NV10_PCOUNTER_PRE_OP(0), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTR_EVENT(0)), 0);
	nvkm_sim_pcounter_pm_trigger(sim, 0);
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTR_EVENT(0)), 20);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTRL) & NV30_PCOUNTER_CTRL_QUAD_STATE(0),
			NV_PCOUNTER_QUAD_VALID << 24);
	kt_wr(sim, NV30_PCOUNTER_QUAD_ACK_TRIGGER, NV30_PCOUNTER_QUAD_ACK_DOM(0));
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTRL) & NV30_PCOUNTER_CTRL_QUAD_STATE(0), 0);
}

/* The five counter modes, with B4 = 0b1011, B6 = 0b011011, B2 = 0b11. */
static void
counter_modes_add_integers(struct kunit *test)
{
	static const struct {
		u32 mode;
		u32 event, start;
	} t[] = {
		{ NV_PCOUNTER_CTR_MODE_SIMPLE, 1, 1 },
		{ NV_PCOUNTER_CTR_MODE_EVENT_B4, 11, 1 },
		{ NV_PCOUNTER_CTR_MODE_EVENT_B6, 27, 1 },
		{ NV_PCOUNTER_CTR_MODE_EXTRA_B4, 1, 11 },
		{ NV_PCOUNTER_CTR_MODE_EXTRA_B6_EVENT_B2, 3, 27 },
	};
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	int i;

	/* START_SRC = 0x40..0x43 (B4), EVENT_SRC = 0x44..0x47 (B2, B6 high) */
	nvkm_sim_pcounter_set_value(sim, D, 0x40, 4, 0xb);
	nvkm_sim_pcounter_set_value(sim, D, 0x44, 4, 0x7);
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		quad_event(sim, D, SRC(0x44, 0x45, 0x46, 0x47), OP_ONE, t[i].mode);
		kt_wr(sim, NV40_PCOUNTER_START_SRC(D), SRC(0x40, 0x41, 0x42, 0x43));
		kt_wr(sim, NV40_PCOUNTER_START_OP(D), OP_ONE);
		qswap(sim, D);
		nvkm_sim_run(sim, 100);
		qswap(sim, D);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 100 * t[i].event,
				    "mode %u", t[i].mode);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, NV40_PCOUNTER_CTR_START(D)), 100 * t[i].start,
				    "mode %u", t[i].mode);
	}
}

/* NV30+: 32-bit counters stop at 0xffffffff. */
static void
nv30_counters_saturate(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);

	quad_event(sim, D, 0, OP_ONE, 0);
	qswap(sim, D);
	nvkm_sim_run(sim, 5ull << 32);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), U32_MAX);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_CYCLES(D)), U32_MAX);
}

/* NV10:NV30: 40-bit counters whose bit 39 sticks. */
static void
nv10_counters_are_40_bit_with_sticky_bit39(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x10);

	kt_wr(sim, NV10_PCOUNTER_START_SRC(0), SRC(S_B, 0, 0, 0));
	kt_wr(sim, NV10_PCOUNTER_START_OP(0), OP_ARG0);
	kt_wr(sim, NV10_PCOUNTER_EVENT_OP(0), OP_ONE);
	kt_wr(sim, NV10_PCOUNTER_PRE_OP(0), OP_ONE);
	nvkm_sim_run(sim, 1);			/* CTR_PRE 0: one PRE cycle */
	kt_level(sim, 0, S_B, true);
	nvkm_sim_run(sim, 1);
	kt_level(sim, 0, S_B, false);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTRL) & NV10_PCOUNTER_CTRL_SINGLE_STATE(0),
			NV_PCOUNTER_SINGLE_COUNTING << 3);
	nvkm_sim_run(sim, (1ull << 39) - 2);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTR_EVENT_HI(0)), 0x7f);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTR_EVENT(0)), 0xfffffffe);
	nvkm_sim_run(sim, (1ull << 39) + 7);
	/* the low 39 bits wrapped; bit 39 stayed */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTR_EVENT_HI(0)), 0x80);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTR_EVENT(0)), 5);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV10_PCOUNTER_CTR_CYCLES_HI(0)), 0x80);
}

/* NV10:NV30 SETFLAG has its own selection. */
static void
nv10_setflag_has_own_selection(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x20);
	int flag = nvkm_sim_pcounter_trailer(sim, 0) + NV20_PCOUNTER_TRAILER_FLAG(0);

	kt_wr(sim, NV10_PCOUNTER_SETFLAG_SRC(0), SRC(S_A, 0, 0, 0));
	kt_wr(sim, NV10_PCOUNTER_SETFLAG_OP(0), OP_ARG0);
	kt_wr(sim, NV10_PCOUNTER_PRE_OP(0), 0);		/* WAIT_PRE: flag live */
	kt_level(sim, 0, S_A, true);
	nvkm_sim_run(sim, 3);
	KUNIT_EXPECT_NE(test, kt_rd(sim, NV10_PCOUNTER_SIG_STATUS(0, flag / 128, flag / 32 % 4)) &
			BIT(flag % 32), 0);
}

/* --- PERIODIC and USER ------------------------------------------------------ */

static void
periodic_pulses_every_period(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	int per = nvkm_sim_pcounter_trailer(sim, D) + NV40_PCOUNTER_TRAILER_PERIODIC;
	u32 sel;

	for (sel = 1; sel <= 7; sel++) {
		kt_wr(sim, NV40_PCOUNTER_CTRL(D), NV_PCOUNTER_MODE_QUAD |
		      FIELD_PREP(NV40_PCOUNTER_CTRL_PERIODIC, sel));
		kt_wr(sim, NV40_PCOUNTER_EVENT_SRC(D), SRC(per, 0, 0, 0));
		kt_wr(sim, NV40_PCOUNTER_EVENT_OP(D), OP_ARG0);
		kt_wr(sim, NV40_PCOUNTER_GCTRL, NV40_PCOUNTER_GCTRL_PERIODIC_RESET);
		kt_wr(sim, NV40_PCOUNTER_GCTRL, 0);
		qswap(sim, D);
		nvkm_sim_run(sim, (0x200 << sel) * 10);
		qswap(sim, D);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 10,
				    "period 0x%x", 0x200 << sel);
	}
	kt_wr(sim, NV40_PCOUNTER_GCTRL, NV40_PCOUNTER_GCTRL_PERIODIC_RESET);
	nvkm_sim_run(sim, 0x100000);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 0);
	kt_wr(sim, NV40_PCOUNTER_CTRL(D), NV_PCOUNTER_MODE_QUAD);	/* disabled */
	kt_wr(sim, NV40_PCOUNTER_GCTRL, 0);
	nvkm_sim_run(sim, 0x100000);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 0);
}

static void
user_trigger_values_and_pulses(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0xa3);
	const int user0 = 0x69;		/* GT215 core clock A: USER 0x69-0x6a */

	quad_event(sim, D, SRC(user0, user0 + 1, 0, 0), OP_ARG0, 0);
	kt_wr(sim, NV40_PCOUNTER_START_SRC(D), SRC(user0 + 1, 0, 0, 0));
	kt_wr(sim, NV40_PCOUNTER_START_OP(D), OP_ARG0);
	qswap(sim, D);
	kt_wr(sim, NV40_PCOUNTER_USER_TRIGGER(D), 0x5);	/* USER_0 = 1 for a cycle */
	nvkm_sim_run(sim, 10);
	kt_wr(sim, NV40_PCOUNTER_USER_TRIGGER(D), 0x2);	/* USER_1 = 1 until told */
	nvkm_sim_run(sim, 10);
	kt_wr(sim, NV40_PCOUNTER_USER_TRIGGER(D), 0x0);
	nvkm_sim_run(sim, 10);
	qswap(sim, D);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D)), 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTR_START(D)), 10);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_USER_TRIGGER(D)), 0);	/* write-only */
}

/* --- the closed-form skip agrees with cycle-by-cycle simulation ---------- */

struct pc_scenario {
	u32 src[4], op[6], ctrl, threshold, pre, stop, spec;
	u8 sig[3];
	u32 period[3], width[3];
	u64 count[3];
	u32 cycles[4];
	u32 slices;
};

/* Runs in @slices pieces: the model's state carries from one to the next. */
static void
scenario_sliced(struct nvkm_sim *sim, u32 cycles, u32 slices)
{
	u32 i, n = cycles / max(slices, 1u);

	for (i = 1; i < slices; i++, cycles -= n)
		nvkm_sim_run(sim, n);
	nvkm_sim_run(sim, cycles);
	cond_resched();	/* the stepping reference takes seconds under TCG */
}

static void
scenario_run(struct nvkm_sim *sim, const struct pc_scenario *s, u32 *out)
{
	static const u32 regs[] = {
		NV40_PCOUNTER_CTR_CYCLES(D), NV40_PCOUNTER_CTR_EVENT(D),
		NV40_PCOUNTER_CTR_START(D), NV40_PCOUNTER_CTR_PRE(D),
		NV40_PCOUNTER_CTR_STOP(D), NV40_PCOUNTER_CTRL(D),
		NV40_PCOUNTER_SRC_STATUS(D),
	};
	int i, k = 0;

	kt_wr(sim, NV40_PCOUNTER_CTRL(D), s->ctrl);
	kt_wr(sim, NV40_PCOUNTER_SPEC_SRC(D), s->spec);
	kt_wr(sim, NV40_PCOUNTER_START_SRC(D), s->src[1]);
	kt_wr(sim, NV40_PCOUNTER_EVENT_SRC(D), s->src[2]);
	kt_wr(sim, NV40_PCOUNTER_STOP_SRC(D), s->src[3]);
	kt_wr(sim, NV40_PCOUNTER_START_OP(D), s->op[1]);
	kt_wr(sim, NV40_PCOUNTER_EVENT_OP(D), s->op[2]);
	kt_wr(sim, NV40_PCOUNTER_STOP_OP(D), s->op[3]);
	kt_wr(sim, NV40_PCOUNTER_SETFLAG_OP(D), s->op[4]);
	kt_wr(sim, NV40_PCOUNTER_CLRFLAG_OP(D), s->op[5]);
	kt_wr(sim, NV40_PCOUNTER_THRESHOLD(D), s->threshold);
	kt_wr(sim, NV40_PCOUNTER_CTR_PRE(D), s->pre);
	kt_wr(sim, NV40_PCOUNTER_CTR_STOP(D), s->stop);
	kt_wr(sim, NV40_PCOUNTER_PRE_SRC(D), s->src[0]);
	kt_wr(sim, NV40_PCOUNTER_PRE_OP(D), s->op[0]);
	for (i = 0; i < 3; i++)
		nvkm_sim_pcounter_wave(sim, D, s->sig[i], s->period[i], s->width[i],
				       s->count[i]);
	for (i = 0; i < 4; i++) {
		scenario_sliced(sim, s->cycles[i], s->slices);
		nvkm_sim_pcounter_set_signal(sim, D, s->sig[i % 3], i & 1);
		for (k = 0; k < ARRAY_SIZE(regs); k++)
			*out++ = kt_rd(sim, regs[k]);
	}
}

/* Enough to replay a failing scenario by hand. */
static void
scenario_print(struct kunit *test, const struct pc_scenario *s)
{
	int i;

	kunit_info(test, "ctrl %x spec %x thr %u pre %u stop %u\n",
		   s->ctrl, s->spec, s->threshold, s->pre, s->stop);
	for (i = 0; i < 6; i++)
		kunit_info(test, "input %d: src %08x op %06x\n", i,
			   i < 4 ? s->src[i] : 0, s->op[i]);
	for (i = 0; i < 3; i++)
		kunit_info(test, "wave %d: sig %x period %u width %u count %llu\n", i,
			   s->sig[i], s->period[i], s->width[i], s->count[i]);
	kunit_info(test, "runs %u %u %u %u in %u slices\n", s->cycles[0], s->cycles[1],
		   s->cycles[2], s->cycles[3], s->slices);
}

static void
scenarios_match_stepping(struct kunit *test, u32 seed, int nr, bool periodic)
{
	static const u32 ctrls[] = {
		NV_PCOUNTER_MODE_SINGLE, NV_PCOUNTER_MODE_QUAD,
		NV_PCOUNTER_MODE_SINGLE | NV40_PCOUNTER_CTRL_CTR_PERIOD | 3 << 4,
		NV_PCOUNTER_MODE_QUAD | 4 << 4 | 1 << 21,	/* PERIODIC 0x400 */
		NV_PCOUNTER_MODE_QUAD | 2 << 4 | NV40_PCOUNTER_CTRL_FLAG_IMPORT_PULSE,
	};
	struct rnd_state rnd;
	u32 a[28], b[28];
	u64 computed = 0;
	int n, i;

	/* periods whose common period is short: 200 at most */
	static const u32 periods[] = { 1, 2, 4, 5, 8, 10, 20, 25, 40 };

	prandom_seed_state(&rnd, seed);
	for (n = 0; n < nr; n++) {
		struct nvkm_sim *x = nvkm_sim_new(0x92), *y = nvkm_sim_new(0x92);
		struct pc_scenario s = {};
		u32 trailer;

		KUNIT_ASSERT_NOT_NULL(test, x);
		KUNIT_ASSERT_NOT_NULL(test, y);
		nvkm_sim_set_manual_clock(x, true);
		nvkm_sim_set_manual_clock(y, true);
		nvkm_sim_pcounter_step_only(y, true);
		trailer = nvkm_sim_pcounter_trailer(x, D);

		/* signals from a small pool, trailers included */
		for (i = 0; i < 3; i++)
			s.sig[i] = 0x10 + prandom_u32_state(&rnd) % 4;
		for (i = 0; i < 16; i++) {
			static const u8 trailers[] = {
				NV40_PCOUNTER_TRAILER_PERIODIC,
				NV40_PCOUNTER_TRAILER_EVENT(D),
				NV40_PCOUNTER_TRAILER_FLAG(D),
				NV40_PCOUNTER_TRAILER_FLAG(0),
			};
			u32 pick = prandom_u32_state(&rnd) % 8;
			u32 sig = pick < 4 ? 0x10 + pick : trailer + trailers[pick - 4];

			s.src[i / 4] |= (sig & 0xff) << (i % 4 * 8);
		}
		for (i = 0; i < 6; i++)
			s.op[i] = prandom_u32_state(&rnd) & 0x1fffff;
		s.ctrl = ctrls[prandom_u32_state(&rnd) % ARRAY_SIZE(ctrls)];
		s.threshold = prandom_u32_state(&rnd) % 300;
		s.pre = prandom_u32_state(&rnd) % 50;
		s.stop = prandom_u32_state(&rnd) % 20;
		s.spec = 0x10 + prandom_u32_state(&rnd) % 4;
		for (i = 0; i < 3; i++) {
			s.period[i] = 1 + prandom_u32_state(&rnd) % 200;
			s.width[i] = 1 + prandom_u32_state(&rnd) % s.period[i];
			s.count[i] = 1 + prandom_u32_state(&rnd) % 40;
			if (!periodic)
				continue;
			/* square waves and pulse trains that go on */
			s.period[i] = periods[prandom_u32_state(&rnd) % ARRAY_SIZE(periods)];
			s.width[i] = 1 + prandom_u32_state(&rnd) % s.period[i];
			s.count[i] = prandom_u32_state(&rnd) % 2 ? U64_MAX :
				     100 + prandom_u32_state(&rnd) % 2000;
		}
		for (i = 0; i < 4; i++)
			s.cycles[i] = prandom_u32_state(&rnd) % 3000;
		s.slices = periodic ? 1 + prandom_u32_state(&rnd) % 5 : 1;

		scenario_run(x, &s, a);
		scenario_run(y, &s, b);
		for (i = 0; i < ARRAY_SIZE(a); i++)
			KUNIT_EXPECT_EQ_MSG(test, a[i], b[i], "scenario %d, value %d", n, i);
		if (memcmp(a, b, sizeof(a)))
			scenario_print(test, &s);
		computed += nvkm_sim_pcounter_periods(x);
		KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_periods(y), 0);
		nvkm_sim_del(&x);
		nvkm_sim_del(&y);
	}
	/* the closed form under test did run */
	if (periodic)
		KUNIT_EXPECT_GT(test, computed, 100);
}

static void
skip_matches_stepping(struct kunit *test)
{
	scenarios_match_stepping(test, 0x6e76706d, 24, false);
}

/*
 * Inputs that repeat: the model computes a period at a time, in runs
 * sliced as register accesses slice real time.
 */
static void
periods_match_stepping(struct kunit *test)
{
	scenarios_match_stepping(test, 0x70657264, 10, true);
}

/* --- each domain settles on its own ------------------------------------- */

/*
 * Several domains that import each other's EVENT and FLAG, written to one
 * at a time while the others count: whatever the closed form skips, the
 * cycle-by-cycle run must agree, register for register.
 */
#define MD_DOMS		4
#define MD_PHASES	10

struct md_scenario {
	u32 ctrl[MD_DOMS], src[MD_DOMS][4], op[MD_DOMS][6], spec[MD_DOMS];
	u8 dom[3], sig[3];
	u32 period[3], width[3];
	u64 count[3];
	u32 cycles[MD_PHASES], act[MD_PHASES], arg[MD_PHASES];
	bool sparse;	/* a phase reads one domain, not all */
};

/* What md_random() draws: anything, or PGRAPH's pulses seen on SWAP alone. */
enum md_kind { MD_ANY, MD_SWAP };

#define MD_REGS		6	/* the five counters and CTRL */

static u32
md_counter(int i, int d)
{
	switch (i) {
	case 0: return NV40_PCOUNTER_CTR_CYCLES(d);
	case 1: return NV40_PCOUNTER_CTR_EVENT(d);
	case 2: return NV40_PCOUNTER_CTR_START(d);
	case 3: return NV40_PCOUNTER_CTR_PRE(d);
	case 4: return NV40_PCOUNTER_CTR_STOP(d);
	default: return NV40_PCOUNTER_CTRL(d);
	}
}

static void
md_run(struct nvkm_sim *sim, const struct md_scenario *s, u32 *out)
{
	int d, i, p;

	for (d = 0; d < MD_DOMS; d++) {
		kt_wr(sim, NV40_PCOUNTER_CTRL(d), s->ctrl[d]);
		kt_wr(sim, NV40_PCOUNTER_SPEC_SRC(d), s->spec[d]);
		kt_wr(sim, NV40_PCOUNTER_START_SRC(d), s->src[d][1]);
		kt_wr(sim, NV40_PCOUNTER_EVENT_SRC(d), s->src[d][2]);
		kt_wr(sim, NV40_PCOUNTER_STOP_SRC(d), s->src[d][3]);
		kt_wr(sim, NV40_PCOUNTER_START_OP(d), s->op[d][1]);
		kt_wr(sim, NV40_PCOUNTER_EVENT_OP(d), s->op[d][2]);
		kt_wr(sim, NV40_PCOUNTER_STOP_OP(d), s->op[d][3]);
		kt_wr(sim, NV40_PCOUNTER_SETFLAG_OP(d), s->op[d][4]);
		kt_wr(sim, NV40_PCOUNTER_CLRFLAG_OP(d), s->op[d][5]);
		kt_wr(sim, NV40_PCOUNTER_CTR_PRE(d), d * 3);
		kt_wr(sim, NV40_PCOUNTER_CTR_STOP(d), d * 2);
		kt_wr(sim, NV40_PCOUNTER_PRE_SRC(d), s->src[d][0]);
		kt_wr(sim, NV40_PCOUNTER_PRE_OP(d), s->op[d][0]);
	}
	for (i = 0; i < 3; i++)
		nvkm_sim_pcounter_wave(sim, s->dom[i], s->sig[i], s->period[i], s->width[i],
				       s->count[i]);
	for (p = 0; p < MD_PHASES; p++) {
		u32 arg = s->arg[p];

		d = arg % MD_DOMS;
		nvkm_sim_run(sim, s->cycles[p]);
		cond_resched();	/* stepping it all takes seconds under TCG */
		switch (s->act[p]) {
		case 0:		/* start (single) or swap (quad) */
			kt_wr(sim, NV40_PCOUNTER_PRE_OP(d), s->op[d][0]);
			break;
		case 1:
			kt_wr(sim, NV40_PCOUNTER_EVENT_OP(d), arg >> 8 & 0xffff);
			break;
		case 2:
			kt_wr(sim, NV40_PCOUNTER_QUAD_ACK_TRIGGER(d), 1);
			break;
		case 3:
			kt_wr(sim, NV40_PCOUNTER_CTRL(d), s->ctrl[(arg >> 4) % MD_DOMS]);
			break;
		case 4:
			nvkm_sim_pcounter_set_signal(sim, d, 0x10 + (arg >> 4) % 4, arg & BIT(8));
			break;
		case 5:		/* the whole unit: PERIODIC generators restart */
			kt_wr(sim, NV40_PCOUNTER_GCTRL, NV40_PCOUNTER_GCTRL_PERIODIC_RESET);
			kt_wr(sim, NV40_PCOUNTER_GCTRL, 0);
			break;
		case 6:
			nvkm_sim_pcounter_pm_trigger(sim, (arg >> 4) % 64);
			break;
		default:	/* another unit's register */
			kt_wr(sim, 0x400c0c, arg);
			break;
		}
		for (d = 0; d < MD_DOMS; d++) {
			bool look = !s->sparse || p == MD_PHASES - 1 || d == (arg >> 8) % MD_DOMS;

			for (i = 0; i < MD_REGS; i++)
				*out++ = look ? kt_rd(sim, md_counter(i, d)) : 0;
		}
	}
}

static void
md_random(struct md_scenario *s, struct rnd_state *rnd, const u32 *trailer, enum md_kind kind)
{
	static const u32 ctrls[] = {
		NV_PCOUNTER_MODE_SINGLE, NV_PCOUNTER_MODE_QUAD,
		NV_PCOUNTER_MODE_QUAD | 4 << 4 | 1 << 21,	/* PERIODIC 0x400 */
		NV_PCOUNTER_MODE_QUAD | NV40_PCOUNTER_CTRL_EVENT_IMPORT_PULSE,
		NV_PCOUNTER_MODE_SINGLE | NV40_PCOUNTER_CTRL_FLAG_IMPORT_PULSE,
		NV_PCOUNTER_MODE_QUAD | 2 << 4 | NV40_PCOUNTER_CTRL_FLAG_IMPORT_PULSE,
	};
	int d, i;

	memset(s, 0, sizeof(*s));
	for (d = 0; d < MD_DOMS; d++) {
		s->ctrl[d] = ctrls[prandom_u32_state(rnd) % ARRAY_SIZE(ctrls)];
		for (i = 0; i < 16; i++) {
			/* MD_SWAP: PM_TRIGGER (pick 12) is SWAP's alone */
			u32 pick = prandom_u32_state(rnd) % (kind == MD_SWAP ? 12 : 13), sig;

			/*
			 * own signals, the others' EVENT and FLAG, PERIODIC,
			 * PGRAPH's PM_TRIGGER (some domains select it, some
			 * do not: only the first see its pulses)
			 */
			if (pick < 4)
				sig = 0x10 + pick;
			else if (pick < 8)
				sig = trailer[d] + NV40_PCOUNTER_TRAILER_EVENT(pick - 4);
			else if (pick < 11)
				sig = trailer[d] + NV40_PCOUNTER_TRAILER_FLAG(pick - 8);
			else if (pick < 12)
				sig = trailer[d] + NV40_PCOUNTER_TRAILER_PERIODIC;
			else
				sig = trailer[d] + NV40_PCOUNTER_TRAILER_PM_TRIGGER;
			s->src[d][i / 4] |= (sig & 0xff) << (i % 4 * 8);
		}
		for (i = 0; i < 6; i++)
			s->op[d][i] = prandom_u32_state(rnd) & 0x1fffff;
		switch (kind == MD_SWAP ? 2 : prandom_u32_state(rnd) % 3) {
		case 0:
			s->spec[d] = 0x10;
			break;
		case 1:
			s->spec[d] = trailer[d] +
				     NV40_PCOUNTER_TRAILER_EVENT(prandom_u32_state(rnd) % 4);
			break;
		default:
			s->spec[d] = trailer[d] + NV40_PCOUNTER_TRAILER_PM_TRIGGER;
			break;
		}
	}
	for (i = 0; i < 3; i++) {
		s->dom[i] = prandom_u32_state(rnd) % MD_DOMS;
		s->sig[i] = 0x10 + prandom_u32_state(rnd) % 4;
		s->period[i] = 1 + prandom_u32_state(rnd) % 300;
		s->width[i] = 1 + prandom_u32_state(rnd) % s->period[i];
		s->count[i] = 1 + prandom_u32_state(rnd) % 30;
	}
	for (i = 0; i < MD_PHASES; i++) {
		/* short phases catch domains while they settle */
		s->cycles[i] = prandom_u32_state(rnd) % (i & 1 ? 12 : 3000);
		s->act[i] = prandom_u32_state(rnd) % 8;
		s->arg[i] = prandom_u32_state(rnd);
		/* MD_SWAP: every other phase a pulse, up to 63 cycles on */
		if (kind == MD_SWAP && !(i & 1))
			s->act[i] = 6;
	}
}

static void
md_compare(struct kunit *test, u32 seed, bool sparse, enum md_kind kind, int nr_scenarios)
{
	const int nr = MD_PHASES * MD_DOMS * MD_REGS;
	u32 *a = kunit_kcalloc(test, nr, sizeof(*a), GFP_KERNEL);
	u32 *b = kunit_kcalloc(test, nr, sizeof(*b), GFP_KERNEL);
	u64 steps[2] = {}, pulses[2] = {}, skips, n0, n1;
	struct md_scenario *s;
	struct rnd_state rnd;
	u32 trailer[MD_DOMS];
	int n, i, d;

	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, s);
	prandom_seed_state(&rnd, seed);
	for (n = 0; n < nr_scenarios; n++) {
		struct nvkm_sim *x = nvkm_sim_new(0x92), *y = nvkm_sim_new(0x92);

		KUNIT_ASSERT_NOT_NULL(test, x);
		KUNIT_ASSERT_NOT_NULL(test, y);
		nvkm_sim_set_manual_clock(x, true);
		nvkm_sim_set_manual_clock(y, true);
		nvkm_sim_pcounter_step_only(y, true);
		for (d = 0; d < MD_DOMS; d++)
			trailer[d] = nvkm_sim_pcounter_trailer(x, d);
		md_random(s, &rnd, trailer, kind);
		s->sparse = sparse;

		md_run(x, s, a);
		md_run(y, s, b);
		for (i = 0; i < nr; i++)
			KUNIT_EXPECT_EQ_MSG(test, a[i], b[i], "scenario %d, domain %d, value %d",
					    n, i / MD_REGS % MD_DOMS,
					    i % MD_REGS);
		nvkm_sim_pcounter_work(x, &n0, &skips);
		nvkm_sim_pcounter_work(y, &n1, &skips);
		steps[0] += n0;
		steps[1] += n1;
		pulses[0] += nvkm_sim_pcounter_swap_pulses(x);
		pulses[1] += nvkm_sim_pcounter_swap_pulses(y);
		nvkm_sim_del(&x);
		nvkm_sim_del(&y);
	}
	/* the per-domain path ran: far fewer domain cycles stepped */
	KUNIT_EXPECT_LT(test, steps[0] * 4, steps[1]);
	/* the stepping reference never takes a pulse whole */
	KUNIT_EXPECT_EQ(test, pulses[1], 0);
	if (kind == MD_SWAP)
		KUNIT_EXPECT_GT(test, pulses[0], nr_scenarios);
}

static void
domains_settle_apart_match_stepping(struct kunit *test)
{
	md_compare(test, 0x646f6d73, false, MD_ANY, 24);
}

/*
 * The same, reading one domain per phase: the others stay behind over
 * several phases, through writes to other domains, PM_TRIGGER pulses,
 * pulse trains and imports, and catch up when read at last.
 */
static void
domains_read_apart_match_stepping(struct kunit *test)
{
	md_compare(test, 0x72656164, true, MD_ANY, 24);
}

/*
 * Quad mode domains whose SWAP is PGRAPH's PM_TRIGGER, which nothing else
 * they see selects, as the driver sets up a quad group: each pulse is
 * one simulated cycle (the latch) and the domain settled again at once
 * (sim_pc_swap_pulse()).  Pulses come in every other phase, at any delay
 * up to 63 cycles, and the others read some domains while the rest stay
 * behind: the stepping reference must agree register for register.
 * Eight scenarios, not 24: the stepping reference takes seconds each.
 */
static void
swap_pulses_match_stepping(struct kunit *test)
{
	md_compare(test, 0x73776170, true, MD_SWAP, 8);
}

/*
 * What a catch-up costs follows the changes of the inputs, not the
 * cycles: a G84 at its own 540 MHz, its 8 domains counting in quad mode
 * as the driver sets them up, a write (CTRL rewritten as it was, as
 * SAMPLE's QUAD_ACK_TRIGGER writes leave the inputs; or an EVENT_OP that
 * changes them) then a read, after a gap of 1 us or of 10 s.
 */
static void
catch_up_setup(struct kunit *test, struct nvkm_sim *sim)
{
	int d;

	KUNIT_ASSERT_EQ(test, nvkm_sim_set_clock(sim, 540), 0);
	for (d = 0; d < 8; d++) {
		quad_event(sim, d, SRC(S_A, S_A, S_A, S_A), OP_ARG0, 0);
		nvkm_sim_pcounter_set_signal(sim, d, S_A, true);
	}
	nvkm_sim_run(sim, 1000);
}

/* Work of a write to domain D's @reg, @cycles, and a read of its counter. */
static u64
catch_up_write(struct nvkm_sim *sim, u32 reg, u32 data, u64 cycles, u64 *stepped)
{
	u64 s0, k0, s1, k1;

	nvkm_sim_pcounter_work(sim, &s0, &k0);
	kt_wr(sim, reg, data);
	nvkm_sim_run(sim, cycles);
	kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D));
	nvkm_sim_pcounter_work(sim, &s1, &k1);
	*stepped = s1 - s0;
	return s1 - s0 + k1 - k0;
}

/* The same, for a CTRL write that leaves it quad mode, as it was. */
static u64
catch_up_work(struct nvkm_sim *sim, u64 cycles, u64 *stepped)
{
	return catch_up_write(sim, NV40_PCOUNTER_CTRL(D), NV_PCOUNTER_MODE_QUAD, cycles,
			      stepped);
}

static void
catch_up_follows_changes_not_cycles(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	u64 small, huge, stepped;

	catch_up_setup(test, sim);
	small = catch_up_work(sim, 540, &stepped);
	/* what D sees stays the same: nothing to step */
	KUNIT_EXPECT_EQ(test, stepped, 0);
	/* an EVENT_OP that never fires: D alone steps, 8 cycles at most */
	catch_up_write(sim, NV40_PCOUNTER_EVENT_OP(D), 0, 540, &stepped);
	KUNIT_EXPECT_LE(test, stepped, 8);
	KUNIT_EXPECT_GT(test, stepped, 0);
	huge = catch_up_work(sim, 540ULL * USEC_PER_SEC * 10, &stepped);
	KUNIT_EXPECT_EQ(test, stepped, 0);
	/*
	 * constant inputs: no more work, 10 s or 1 us (less is possible:
	 * the domains nothing looked at may still be behind from before)
	 */
	KUNIT_EXPECT_LE(test, huge, small);

	/*
	 * A square wave of 1 ms on domain D's counted signal (the PGRAPH
	 * load's round): two periods are simulated, the rest computed, so
	 * 10 s cost no more than twice what 3 ms do (20000 edges against 6).
	 */
	nvkm_sim_pcounter_set_signal(sim, D, S_A, false);
	nvkm_sim_pcounter_wave(sim, D, S_A, 540000, 270000, U64_MAX);
	nvkm_sim_run(sim, 1000);
	small = catch_up_work(sim, 540ULL * 3000, &stepped);
	huge = catch_up_work(sim, 540ULL * USEC_PER_SEC * 10, &stepped);
	kunit_info(test, "work over 3 ms: %llu, over 10 s: %llu\n", small, huge);
	KUNIT_EXPECT_LE(test, huge, 2 * small);
	KUNIT_EXPECT_GT(test, nvkm_sim_pcounter_periods(sim), 9000);
}

/* A read of one domain's counter catches up that domain alone. */
static void
read_catches_up_its_domain_alone(struct kunit *test)
{
	struct nvkm_sim *sim = pc_sim(test, 0x84);
	u64 s0, k0, s1, k1;
	int d;

	catch_up_setup(test, sim);
	for (d = 0; d < 8; d++)
		kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(d));
	nvkm_sim_run(sim, 540000);
	nvkm_sim_pcounter_work(sim, &s0, &k0);
	kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(D));
	kt_rd(sim, NV40_PCOUNTER_CTR_CYCLES(D));
	nvkm_sim_pcounter_work(sim, &s1, &k1);
	KUNIT_EXPECT_EQ(test, s1 - s0, 0);
	KUNIT_EXPECT_EQ(test, k1 - k0, 1);
	/* each of the others, once, when it is read */
	for (d = 0; d < 8; d++)
		kt_rd(sim, NV40_PCOUNTER_CTR_EVENT(d));
	nvkm_sim_pcounter_work(sim, &s0, &k0);
	KUNIT_EXPECT_EQ(test, s0 - s1, 0);
	KUNIT_EXPECT_EQ(test, k0 - k1, 7);
}

#define SIM_SUITE(_name, ...)						\
	static struct kunit_case _name##_cases[] = { __VA_ARGS__, {} };	\
	static struct kunit_suite _name##_suite = {			\
		.name = #_name,						\
		.exit = pc_exit,					\
		.test_cases = _name##_cases,				\
	}

SIM_SUITE(nvpm_sim_layout,
	  KUNIT_CASE(domains_follow_signal_tables),
	  KUNIT_CASE(absent_registers_are_unclaimed),
	  KUNIT_CASE(op_registers_keep_generation_bits),
	  KUNIT_CASE(sig_and_src_status_show_signals));

SIM_SUITE(nvpm_sim_logic,
	  KUNIT_CASE(logic_op_is_a_truth_table),
	  KUNIT_CASE(delay_bit_counts_rising_edges),
	  KUNIT_CASE(g92_delay_replace_bit),
	  KUNIT_CASE(setflag_is_argument_3_of_event),
	  KUNIT_CASE(event_import_continuous_and_pulse));

SIM_SUITE(nvpm_sim_flag,
	  KUNIT_CASE(flag_signal_is_two_cycles_late),
	  KUNIT_CASE(clrflag_wins_over_setflag),
	  KUNIT_CASE(nv10_setflag_has_own_selection));

SIM_SUITE(nvpm_sim_single,
	  KUNIT_CASE(single_event_state_machine),
	  KUNIT_CASE(single_event_ctr_period_all),
	  KUNIT_CASE(config_write_aborts_single_event),
	  KUNIT_CASE(single_extra_b4_sums_into_ctr_pre));

SIM_SUITE(nvpm_sim_quad,
	  KUNIT_CASE(quad_swap_before_count),
	  KUNIT_CASE(quad_state_counts_swaps_and_acks),
	  KUNIT_CASE(nv30_swap_is_pm_trigger));

SIM_SUITE(nvpm_sim_counter_modes,
	  KUNIT_CASE(counter_modes_add_integers),
	  KUNIT_CASE(nv30_counters_saturate),
	  KUNIT_CASE(nv10_counters_are_40_bit_with_sticky_bit39));

SIM_SUITE(nvpm_sim_periodic_user,
	  KUNIT_CASE(periodic_pulses_every_period),
	  KUNIT_CASE(user_trigger_values_and_pulses));

SIM_SUITE(nvpm_sim_pcounter,
	  KUNIT_CASE(skip_matches_stepping),
	  KUNIT_CASE(periods_match_stepping),
	  KUNIT_CASE(domains_settle_apart_match_stepping),
	  KUNIT_CASE(domains_read_apart_match_stepping),
	  KUNIT_CASE(swap_pulses_match_stepping),
	  KUNIT_CASE(read_catches_up_its_domain_alone),
	  KUNIT_CASE(catch_up_follows_changes_not_cycles));

kunit_test_suites(&nvpm_sim_layout_suite, &nvpm_sim_logic_suite, &nvpm_sim_flag_suite,
		  &nvpm_sim_single_suite, &nvpm_sim_quad_suite, &nvpm_sim_counter_modes_suite,
		  &nvpm_sim_periodic_user_suite, &nvpm_sim_pcounter_suite);
