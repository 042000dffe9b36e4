// SPDX-License-Identifier: MIT
/*
 * KUnit: the simulated GF100+ PCOUNTER against the reference, through MMIO
 * (plus the workload side that drives signals and the manual clock).
 * Expected values are worked out in each test from the reference's rules
 * and from the per-chip facts below.
 *
 * Flat domain numbers (the workload API): the hub's domains first, then
 * GPC 0's, GPC 1's, ..., then partition 0's, partition 1's, ...
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/prandom.h>
#include <linux/sched.h>
#include <nvkm/core/device.h>
#include <nvkm/hw/pcounter.h>
#include <nvkm/hw/pcounter_gf100.h>
#include <sim/pcounter.h>
#include "nvpm_kunit.h"

#define SRC(a, b, c, d)	((a) | (b) << 8 | (c) << 16 | (d) << 24)

/* Truth tables over ARG[0..3]: bit i is the result for i = a0|a1<<1|... */
#define OP_ARG0		0xaaaa
#define OP_ONE		0xffff

/* Workload signals, below every domain's trailer */
#define S_A		0x10
#define S_B		0x11
#define S_C		0x12
#define S_W		0x13

/* Domains per set: the GPC sets have one, the partition sets two. */
#define GPC_DOMS	1
#define PART_DOMS	2

/*
 * GPCs, TPCs per GPC and partitions (envytools' GPU table), hub domains
 * (Kepler: nouveau's list; Fermi: domains 0-6 of the reference's signal
 * lists).
 */
static const struct gf_chip {
	u32 chipset;
	int gpcs, tpcs, parts, hub;
} gf_chips[] = {
	{ 0xc0, 4, 4, 6, 7 },	/* GF100 */
	{ 0xc1, 1, 2, 1, 7 },	/* GF108 */
	{ 0xc3, 1, 4, 3, 7 },	/* GF106 */
	{ 0xc4, 2, 4, 4, 7 },	/* GF104 */
	{ 0xc8, 4, 4, 6, 7 },	/* GF110 */
	{ 0xce, 2, 4, 4, 7 },	/* GF114 */
	{ 0xcf, 1, 4, 3, 7 },	/* GF116 */
	{ 0xd7, 1, 2, 1, 7 },	/* GF117 */
	{ 0xd9, 1, 1, 1, 7 },	/* GF119 */
	{ 0xe4, 4, 2, 4, 8 },	/* GK104 */
	{ 0xe6, 3, 2, 3, 8 },	/* GK106 */
	{ 0xe7, 1, 2, 2, 8 },	/* GK107 */
};

static const struct gf_chip *
gf_chip(u32 chipset)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(gf_chips); i++) {
		if (gf_chips[i].chipset == chipset)
			return &gf_chips[i];
	}
	return NULL;
}

static int
hub(int d)
{
	return d;
}

static int
gpc(const struct gf_chip *c, int g, int d)
{
	return c->hub + g * GPC_DOMS + d;
}

static int
part(const struct gf_chip *c, int p, int d)
{
	return c->hub + c->gpcs * GPC_DOMS + p * PART_DOMS + d;
}

static void
hold(struct nvkm_sim *sim, int dom, int sig, u64 cycles)
{
	kt_level(sim, dom, sig, true);
	nvkm_sim_run(sim, cycles);
	kt_level(sim, dom, sig, false);
}

static void
enable(struct nvkm_sim *sim, bool on)
{
	kt_wr(sim, NV_PMC_ENABLE, on ? GF100_PMC_ENABLE_PCOUNTER : 0);
}

/* A GF100+ simulator on the manual clock, PCOUNTER enabled. */
static struct nvkm_sim *
gf_sim(struct kunit *test, u32 chipset)
{
	struct nvkm_sim *sim = nvkm_sim_new(chipset);

	KUNIT_ASSERT_NOT_NULL(test, sim);
	KUNIT_ASSERT_GT(test, nvkm_sim_pcounter_domains(sim), 0);
	nvkm_sim_set_manual_clock(sim, true);
	enable(sim, true);
	test->priv = sim;
	return sim;
}

static void
gf_exit(struct kunit *test)
{
	struct nvkm_sim *sim = test->priv;

	nvkm_sim_del(&sim);
}

/* One signal, as SIG_STATUS of the domain at @base shows it. */
static bool
sig_bit(struct nvkm_sim *sim, u32 base, int n)
{
	return (kt_rd(sim, base + GF100_PCOUNTER_SIG_STATUS(n / 32)) >> (n % 32)) & 1;
}

/* Quad mode counting EVENT = @op over @src. */
static void
quad_event(struct nvkm_sim *sim, u32 base, u32 src, u32 op)
{
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD);
	kt_wr(sim, base + GF100_PCOUNTER_EVENT_SRC, src);
	kt_wr(sim, base + GF100_PCOUNTER_EVENT_OP, op);
}

static void
quad_start(struct nvkm_sim *sim, u32 base, u32 src, u32 op)
{
	kt_wr(sim, base + GF100_PCOUNTER_START_SRC, src);
	kt_wr(sim, base + GF100_PCOUNTER_START_OP, op);
}

/* --- layout and presence ------------------------------------------------ */

static void
domain_sets_follow_gpc_and_partition_counts(struct kunit *test)
{
	int i, d;

	for (i = 0; i < ARRAY_SIZE(gf_chips); i++) {
		const struct gf_chip *c = &gf_chips[i];
		struct nvkm_sim *sim = nvkm_sim_new(c->chipset);
		bool kepler = c->chipset >= 0xe4;
		u32 gpcs, parts;
		u64 before;

		KUNIT_ASSERT_NOT_NULL(test, sim);
		enable(sim, true);

		/* what a driver reads, nouveau's way: count, minus floorswept */
		gpcs = kt_rd(sim, GF100_PTOP_SCAL_NUM_GPCS);
		parts = kt_rd(sim, GF100_PTOP_SCAL_NUM_FBPS);
		KUNIT_EXPECT_EQ_MSG(test, gpcs, c->gpcs, "chipset %x", c->chipset);
		KUNIT_EXPECT_EQ_MSG(test, parts, c->parts, "chipset %x", c->chipset);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, GF100_PTOP_SCAL_NUM_TPC_PER_GPC), c->tpcs,
				    "chipset %x", c->chipset);
		KUNIT_EXPECT_EQ(test, kt_rd(sim, 0x022504) | kt_rd(sim, 0x022584) |
				kt_rd(sim, 0x022548) | kt_rd(sim, 0x0225c8) |
				kt_rd(sim, 0x022554), 0);

		KUNIT_EXPECT_EQ_MSG(test, nvkm_sim_pcounter_domains(sim),
				    c->hub + gpcs * GPC_DOMS + parts * PART_DOMS,
				    "chipset %x", c->chipset);

		/* GPC domain 0: 0xe0 signals (nouveau), trailer base 0xa0 */
		KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_signals(sim, gpc(c, gpcs - 1, 0)), 0xe0);
		KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_trailer(sim, gpc(c, gpcs - 1, 0)), 0xa0);
		KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_signals(sim, part(c, parts - 1, 1)),
				0x60);
		/* hub domain 6: 0xc0 on GK104 (nouveau), 0x80 on Fermi */
		KUNIT_EXPECT_EQ_MSG(test, nvkm_sim_pcounter_signals(sim, hub(6)),
				    kepler ? 0xc0 : 0x80, "chipset %x", c->chipset);
		for (d = 0; d < nvkm_sim_pcounter_domains(sim); d++)
			KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_trailer(sim, d),
					nvkm_sim_pcounter_signals(sim, d) - 0x40);

		/* a register block for each GPC and partition, no more */
		before = kt_unclaimed(sim);
		kt_rd(sim, GF100_PCOUNTER_GPC_DOM(gpcs - 1, 0) + GF100_PCOUNTER_CTRL);
		kt_rd(sim, GF100_PCOUNTER_GPC_DSET(gpcs - 1) + GF100_PCOUNTER_DSET_CTRL);
		kt_rd(sim, GF100_PCOUNTER_PART_DOM(parts - 1, 1) + GF100_PCOUNTER_CTRL);
		kt_rd(sim, GF100_PCOUNTER_PART_DSET(parts - 1) + GF100_PCOUNTER_DSET_CTRL);
		kt_rd(sim, GF100_PCOUNTER_HUB_DOM(c->hub - 1) + GF100_PCOUNTER_CTRL);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim), before, "chipset %x", c->chipset);
		kt_rd(sim, GF100_PCOUNTER_GPC_DOM(gpcs, 0) + GF100_PCOUNTER_CTRL);
		kt_rd(sim, GF100_PCOUNTER_PART_DOM(parts, 0) + GF100_PCOUNTER_CTRL);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim), before + 2, "chipset %x", c->chipset);
		nvkm_sim_del(&sim);
	}
}

/* Registers of absent GPCs, partitions, domains and words are unclaimed,
 * whether or not the unit is enabled.
 */
static void
absent_gpc_registers_are_unclaimed(struct kunit *test)
{
	static const struct {
		u32 chipset;
		u32 addr;
		bool present;
	} t[] = {
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 0) + GF100_PCOUNTER_CTRL, true },
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(1, 0) + GF100_PCOUNTER_CTRL, false },
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 1) + GF100_PCOUNTER_CTRL, false },
		{ 0xc1, GF100_PCOUNTER_GPC_DSET(0), true },
		{ 0xc1, GF100_PCOUNTER_GPC_DSET(1), false },
		{ 0xc1, GF100_PCOUNTER_PART_DOM(0, 1) + GF100_PCOUNTER_CTRL, true },
		{ 0xc1, GF100_PCOUNTER_PART_DOM(0, 2) + GF100_PCOUNTER_CTRL, false },
		{ 0xc1, GF100_PCOUNTER_PART_DOM(1, 0) + GF100_PCOUNTER_CTRL, false },
		{ 0xc1, GF100_PCOUNTER_PART_DSET(1), false },
		{ 0xc1, GF100_PCOUNTER_HUB_DOM(6) + GF100_PCOUNTER_CTRL, true },
		{ 0xc1, GF100_PCOUNTER_HUB_DOM(7) + GF100_PCOUNTER_CTRL, false },
		{ 0xe4, GF100_PCOUNTER_HUB_DOM(7) + GF100_PCOUNTER_CTRL, true },
		{ 0xc1, GF100_PCOUNTER_HUB_DSET, true },
		{ 0xc1, GF100_PCOUNTER_HUB_DSET + GF100_PCOUNTER_DSET_SLCG, false },
		{ 0xe4, GF100_PCOUNTER_HUB_DSET + GF100_PCOUNTER_DSET_SLCG, true },
		{ 0xc1, GF100_PCOUNTER_HUB_DSET + 0x1c, false },
		/* 0xe0 signals: SIG_STATUS words 0-6 */
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 0) + GF100_PCOUNTER_SIG_STATUS(6), true },
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 0) + GF100_PCOUNTER_SIG_STATUS(7), false },
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 0) + GF100_PCOUNTER_USER_TRIGGER, true },
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 0) + 0xf0, false },
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 0) + GF100_PCOUNTER_FILTER, true },
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 0) + 0x104, false },
		{ 0xc1, GF100_PCOUNTER_GPC_DOM(0, 0) + 0x1fc, false },
		{ 0xc1, GF100_PCOUNTER_MAIN + 0x70, false },	/* record mode: not here */
		{ 0xc1, GF100_PCOUNTER_BASE + GF100_PCOUNTER_SIZE, false },
		{ 0xe6, GF100_PCOUNTER_GPC_DOM(2, 0) + GF100_PCOUNTER_CTRL, true },
		{ 0xe6, GF100_PCOUNTER_GPC_DOM(3, 0) + GF100_PCOUNTER_CTRL, false },
		{ 0xe6, GF100_PCOUNTER_GPC_DSET(3), false },
		{ 0xe6, GF100_PCOUNTER_PART_DOM(2, 1) + GF100_PCOUNTER_CTRL, true },
		{ 0xe6, GF100_PCOUNTER_PART_DOM(3, 1) + GF100_PCOUNTER_CTRL, false },
		{ 0xe6, GF100_PTOP_SCAL_NUM_GPCS, true },
		{ 0x84, GF100_PTOP_SCAL_NUM_GPCS, false },
		{ 0x84, GF100_PCOUNTER_GPC_DOM(0, 0) + GF100_PCOUNTER_CTRL, false },
	};
	int i, on;

	for (on = 0; on < 2; on++) {
		for (i = 0; i < ARRAY_SIZE(t); i++) {
			struct nvkm_sim *sim = nvkm_sim_new(t[i].chipset);
			u64 before;

			KUNIT_ASSERT_NOT_NULL(test, sim);
			enable(sim, on);
			before = kt_unclaimed(sim);
			kt_rd(sim, t[i].addr);
			kt_wr(sim, t[i].addr, 0);
			KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim) - before, t[i].present ? 0 : 2,
					    "chipset %x reg %06x enabled %d", t[i].chipset,
					    t[i].addr, on);
			nvkm_sim_del(&sim);
		}
	}
}

/* --- PMC.ENABLE ------------------------------------------------------------ */

static void
pcounter_gated_by_pmc_enable_bit28(struct kunit *test)
{
	const struct gf_chip *c = gf_chip(0xc0);
	const u32 base = GF100_PCOUNTER_GPC_DOM(0, 0);
	const int d = gpc(c, 0, 0);
	struct nvkm_sim *sim = gf_sim(test, 0xc0);
	u64 before;

	/* off: claimed, reads 0, writes dropped, PTOP unaffected */
	enable(sim, false);
	before = kt_unclaimed(sim);
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL), 0);
	KUNIT_EXPECT_EQ(test, kt_unclaimed(sim), before);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, GF100_PTOP_SCAL_NUM_GPCS), c->gpcs);

	/* on: counts */
	kt_level(sim, d, S_A, true);
	enable(sim, true);
	quad_event(sim, base, SRC(S_A, 0, 0, 0), OP_ARG0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL),
			GF100_PCOUNTER_CTRL_MODE_QUAD);
	nvkm_sim_run(sim, 100);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT), 100);

	/* off again: everything reads 0; other PMC bits do not enable it */
	enable(sim, false);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL), 0);
	kt_wr(sim, NV_PMC_ENABLE, (u32)~GF100_PMC_ENABLE_PCOUNTER);
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL), 0);

	/* time goes on for the workload: pulses while off are gone */
	KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_pulse(sim, d, S_B, 10, 20), 0);
	nvkm_sim_run(sim, 100);		/* 10 of the 20 pulses */

	/* on: every register is back at 0, the workload's levels stay */
	enable(sim, true);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_EVENT_SRC), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_CYCLES_NEXT), 0);
	quad_event(sim, base, SRC(S_A, 0, 0, 0), OP_ARG0);
	quad_start(sim, base, SRC(S_B, 0, 0, 0), OP_ARG0);
	nvkm_sim_run(sim, 200);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT), 200);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_START_NEXT), 20 - 100 / 10);
	KUNIT_EXPECT_EQ(test, kt_unclaimed(sim), before);
}

/* --- counting -------------------------------------------------------------- */

/* Quad mode: SWAP_SRC picks the swap signal - nouveau's USER_0 pulse, or a
 * workload signal; PRE_OP writes no longer swap (G84:GF100 only).
 */
static void
quad_mode_counts_and_swaps_on_swap_src(struct kunit *test)
{
	const struct gf_chip *c = gf_chip(0xc0);
	const u32 base = GF100_PCOUNTER_PART_DOM(1, 0);
	const int d = part(c, 1, 0);
	struct nvkm_sim *sim = gf_sim(test, 0xc0);
	int user0 = nvkm_sim_pcounter_signals(sim, d) - 0x40 + 0x27;
	const u32 quad = GF100_PCOUNTER_CTRL_QUAD_STATE;

	quad_event(sim, base, SRC(S_A, 0, 0, 0), OP_ARG0);
	kt_wr(sim, base + GF100_PCOUNTER_PRE_SRC, SRC(S_C, 0, 0, 0));
	kt_wr(sim, base + GF100_PCOUNTER_PRE_OP, OP_ARG0);
	kt_wr(sim, base + GF100_PCOUNTER_SWAP_SRC, user0);
	kt_level(sim, d, S_C, true);
	nvkm_sim_pcounter_pulse(sim, d, S_A, 3, 30);
	nvkm_sim_run(sim, 100);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT), 30);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_CYCLES_NEXT), 100);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL) & quad, 0);

	/* USER_0 for one cycle: the swap comes before that cycle's count */
	kt_wr(sim, base + GF100_PCOUNTER_USER_TRIGGER,
	      GF100_PCOUNTER_USER_TRIGGER_VAL(0) | GF100_PCOUNTER_USER_TRIGGER_PULSE(0));
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT), 30);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_CYCLES), 100);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_PRE), 100);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_CYCLES_NEXT), 1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(quad, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_QUAD_VALID);

	nvkm_sim_run(sim, 9);
	kt_wr(sim, base + GF100_PCOUNTER_PRE_OP, OP_ARG0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT), 30);
	KUNIT_EXPECT_EQ(test, FIELD_GET(quad, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_QUAD_VALID);

	/* a workload signal as SWAP: 10 cycles since the last swap */
	kt_wr(sim, base + GF100_PCOUNTER_SWAP_SRC, S_W);
	hold(sim, d, S_W, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_CYCLES), 10);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT), 0);
	KUNIT_EXPECT_EQ(test, FIELD_GET(quad, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_QUAD_OVERFLOW);
	KUNIT_EXPECT_EQ(test, FIELD_GET(GF100_PCOUNTER_STATE_QUAD_STATE,
					kt_rd(sim, base + GF100_PCOUNTER_STATE)),
			NV_PCOUNTER_QUAD_OVERFLOW);
	kt_wr(sim, base + GF100_PCOUNTER_QUAD_ACK_TRIGGER, 0);
	KUNIT_EXPECT_EQ(test, FIELD_GET(quad, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_QUAD_OVERFLOW);
	kt_wr(sim, base + GF100_PCOUNTER_QUAD_ACK_TRIGGER, 1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(quad, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_QUAD_VALID);
	kt_wr(sim, base + GF100_PCOUNTER_QUAD_ACK_TRIGGER, 1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(quad, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_QUAD_EMPTY);
}

/* Single event mode starts on SINGLE_BEGIN_TRIGGER and stops on
 * SINGLE_ABORT_TRIGGER; the state machine is the reference's.
 */
static void
single_event_begins_on_begin_trigger(struct kunit *test)
{
	const struct gf_chip *c = gf_chip(0xc0);
	const u32 base = GF100_PCOUNTER_GPC_DOM(3, 0);
	const int d = gpc(c, 3, 0);
	struct nvkm_sim *sim = gf_sim(test, 0xc0);
	const u32 st = GF100_PCOUNTER_CTRL_SINGLE_STATE;

	kt_level(sim, d, S_W, true);	/* EVENT every cycle */
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_SINGLE |
	      GF100_PCOUNTER_CTRL_CTR_PERIOD);
	quad_start(sim, base, SRC(S_B, 0, 0, 0), OP_ARG0);
	kt_wr(sim, base + GF100_PCOUNTER_EVENT_SRC, SRC(S_W, 0, 0, 0));
	kt_wr(sim, base + GF100_PCOUNTER_EVENT_OP, OP_ARG0);
	kt_wr(sim, base + GF100_PCOUNTER_STOP_SRC, SRC(S_C, 0, 0, 0));
	kt_wr(sim, base + GF100_PCOUNTER_STOP_OP, OP_ARG0);
	kt_wr(sim, base + GF100_PCOUNTER_THRESHOLD, 40);
	kt_wr(sim, base + GF100_PCOUNTER_CTR_PRE, 2);
	kt_wr(sim, base + GF100_PCOUNTER_CTR_STOP, 1);
	kt_wr(sim, base + GF100_PCOUNTER_PRE_SRC, SRC(S_A, 0, 0, 0));
	kt_wr(sim, base + GF100_PCOUNTER_PRE_OP, OP_ARG0);
	KUNIT_EXPECT_EQ(test, FIELD_GET(st, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_SINGLE_INACTIVE);

	kt_wr(sim, base + GF100_PCOUNTER_SINGLE_BEGIN_TRIGGER, 1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(st, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_SINGLE_WAIT_PRE);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_PRE), 2);
	hold(sim, d, S_A, 3);		/* CTR_PRE + 1 PRE cycles */
	KUNIT_EXPECT_EQ(test, FIELD_GET(GF100_PCOUNTER_STATE_SINGLE_STATE,
					kt_rd(sim, base + GF100_PCOUNTER_STATE)),
			NV_PCOUNTER_SINGLE_WAIT_START);
	nvkm_sim_run(sim, 100);
	hold(sim, d, S_B, 1);
	nvkm_sim_run(sim, 50);
	hold(sim, d, S_C, 1);		/* 51 cycles, 51 events >= 40 */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_CYCLES), 51);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_START), 1);
	hold(sim, d, S_B, 1);
	nvkm_sim_run(sim, 30);
	hold(sim, d, S_C, 1);		/* EVENT_CTR_PERIOD ALL: 51 + 31 */
	KUNIT_EXPECT_EQ(test, FIELD_GET(st, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_SINGLE_INACTIVE);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT), 51 + 31);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_START), 2);

	/* PRE_OP is an ordinary config register: it aborts */
	kt_wr(sim, base + GF100_PCOUNTER_SINGLE_BEGIN_TRIGGER, 1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(st, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_SINGLE_WAIT_PRE);
	kt_wr(sim, base + GF100_PCOUNTER_PRE_OP, OP_ARG0);
	KUNIT_EXPECT_EQ(test, FIELD_GET(st, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_SINGLE_INACTIVE);
	kt_wr(sim, base + GF100_PCOUNTER_SINGLE_BEGIN_TRIGGER, 1);
	kt_wr(sim, base + GF100_PCOUNTER_SINGLE_ABORT_TRIGGER, 0);
	KUNIT_EXPECT_EQ(test, FIELD_GET(st, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_SINGLE_WAIT_PRE);
	kt_wr(sim, base + GF100_PCOUNTER_SINGLE_ABORT_TRIGGER, 1);
	KUNIT_EXPECT_EQ(test, FIELD_GET(st, kt_rd(sim, base + GF100_PCOUNTER_CTRL)),
			NV_PCOUNTER_SINGLE_INACTIVE);
}

/* Every CTRL field where the rnndb puts it, and each one doing its job. */
static void
gf100_ctrl_field_layout(struct kunit *test)
{
	const struct gf_chip *c = gf_chip(0xc4);
	const u32 base = GF100_PCOUNTER_GPC_DOM(1, 0);
	const int d = gpc(c, 1, 0);
	struct nvkm_sim *sim = gf_sim(test, 0xc4);
	const int t = nvkm_sim_pcounter_trailer(sim, d);
	const u32 ss = GF100_PCOUNTER_CTRL_SINGLE_STATE;
	const u32 ro = GF100_PCOUNTER_CTRL_QUAD_STATE | ss;
	u32 w, e;

	/* read back: stored fields kept, states read-only, bits 17/30 absent */
	w = GF100_PCOUNTER_CTRL_MODE_QUAD |
	    FIELD_PREP(GF100_PCOUNTER_CTRL_CTR_MODE, NV_PCOUNTER_CTR_MODE_EVENT_B4) |
	    GF100_PCOUNTER_CTRL_CTR_PERIOD | GF100_PCOUNTER_CTRL_EVENT_IMPORT_PULSE |
	    GF100_PCOUNTER_CTRL_FLAG_IMPORT_PULSE | GF100_PCOUNTER_CTRL_UNK18 |
	    FIELD_PREP(GF100_PCOUNTER_CTRL_PERIODIC, 1);
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, w | ro | BIT(17) | BIT(30));
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL), w);

	/* CTR_MODE, bits 3-5: EVENT_B4 adds B4 = START_SRC = 0b1011 */
	nvkm_sim_pcounter_set_value(sim, d, 0x40, 4, 0xb);
	quad_start(sim, base, SRC(0x40, 0x41, 0x42, 0x43), OP_ONE);
	kt_wr(sim, base + GF100_PCOUNTER_EVENT_OP, OP_ONE);
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD |
	      FIELD_PREP(GF100_PCOUNTER_CTRL_CTR_MODE, NV_PCOUNTER_CTR_MODE_EVENT_B4));
	e = kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT);
	nvkm_sim_run(sim, 100);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT) - e, 100 * 0xb);

	/* MODE, bits 0-2: 0 is HALTED, counts nothing and is PAUSED */
	KUNIT_EXPECT_FALSE(test, sig_bit(sim, base, t + GF100_PCOUNTER_TRAILER_PAUSED));
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_HALTED);
	KUNIT_EXPECT_TRUE(test, sig_bit(sim, base, t + GF100_PCOUNTER_TRAILER_PAUSED));
	e = kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT);
	nvkm_sim_run(sim, 100);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT), e);

	/* PERIODIC_PERIOD, bits 21-23: 1 is a pulse every 0x400 cycles */
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD |
	      FIELD_PREP(GF100_PCOUNTER_CTRL_PERIODIC, 1));
	kt_wr(sim, base + GF100_PCOUNTER_EVENT_SRC, SRC(t + GF100_PCOUNTER_TRAILER_PERIODIC,
							0, 0, 0));
	kt_wr(sim, base + GF100_PCOUNTER_EVENT_OP, OP_ARG0);
	kt_wr(sim, GF100_PCOUNTER_GPC_DSET(1), GF100_PCOUNTER_DSET_CTRL_PERIODIC_RESET);
	kt_wr(sim, GF100_PCOUNTER_GPC_DSET(1), 0);
	e = kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT);
	nvkm_sim_run(sim, 0x400 * 5);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT) - e, 5);

	/* QUAD_STATE, bits 24-25 */
	kt_wr(sim, base + GF100_PCOUNTER_SWAP_SRC, S_W);
	hold(sim, d, S_W, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL) & ro,
			FIELD_PREP(GF100_PCOUNTER_CTRL_QUAD_STATE, NV_PCOUNTER_QUAD_VALID));

	/* MODE 1 and SINGLE_STATE, bits 28-29: PRE always, CTR_PRE 0 */
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_SINGLE);
	kt_wr(sim, base + GF100_PCOUNTER_PRE_OP, OP_ONE);
	kt_wr(sim, base + GF100_PCOUNTER_START_OP, 0);
	kt_wr(sim, base + GF100_PCOUNTER_SINGLE_BEGIN_TRIGGER, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL) & ss,
			FIELD_PREP(ss, NV_PCOUNTER_SINGLE_WAIT_PRE));
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTRL) & ss,
			FIELD_PREP(ss, NV_PCOUNTER_SINGLE_WAIT_START));
}

/* --- trailer and USER ---------------------------------------------------- */

/* GF100+ trailer: USER_0..3 at +0x27, PAUSED +0x2c, PERIODIC +0x2e, EVENT of
 * domain x at +0x37 - x, FLAG at +0x3f - x; the rest of +0x1f..+0x3f is 0.
 */
static void
gf100_trailer_user_periodic_event_flag_positions(struct kunit *test)
{
	const u32 x = GF100_PCOUNTER_HUB_DOM(1), y = GF100_PCOUNTER_HUB_DOM(3);
	struct nvkm_sim *sim = gf_sim(test, 0xe4);
	const int t = nvkm_sim_pcounter_trailer(sim, hub(1));
	int n, i;
	u32 e;

	KUNIT_EXPECT_TRUE(test, sig_bit(sim, x, t + 0x2c));	/* HALTED at reset */
	kt_wr(sim, x + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD);
	kt_wr(sim, x + GF100_PCOUNTER_USER_TRIGGER, 0xf);
	kt_wr(sim, x + GF100_PCOUNTER_EVENT_OP, OP_ONE);
	kt_wr(sim, x + GF100_PCOUNTER_SETFLAG_OP, OP_ONE);
	kt_wr(sim, y + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD);
	kt_wr(sim, y + GF100_PCOUNTER_EVENT_OP, OP_ONE);
	kt_wr(sim, y + GF100_PCOUNTER_SETFLAG_OP, OP_ONE);
	nvkm_sim_run(sim, 8);

	for (n = 0x1f; n <= 0x3f; n++) {
		bool want = false;

		for (i = 0; i < 4; i++)
			want |= n == 0x27 + i;		/* USER_i */
		want |= n == 0x37 - 1 || n == 0x37 - 3;	/* DOM[1,3].EVENT */
		want |= n == 0x3f - 1 || n == 0x3f - 3;	/* DOM[1,3].FLAG */
		KUNIT_EXPECT_EQ_MSG(test, sig_bit(sim, x, t + n), want, "trailer + 0x%x", n);
	}

	/* PERIODIC at +0x2e: 0x800 cycles (2) after a reset of the hub set */
	kt_wr(sim, x + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD |
	      FIELD_PREP(GF100_PCOUNTER_CTRL_PERIODIC, 2));
	kt_wr(sim, x + GF100_PCOUNTER_EVENT_SRC, SRC(t + 0x2e, 0, 0, 0));
	kt_wr(sim, x + GF100_PCOUNTER_EVENT_OP, OP_ARG0);
	kt_wr(sim, GF100_PCOUNTER_HUB_DSET, GF100_PCOUNTER_DSET_CTRL_PERIODIC_RESET);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, GF100_PCOUNTER_HUB_DSET),
			GF100_PCOUNTER_DSET_CTRL_PERIODIC_RESET);
	nvkm_sim_run(sim, 0x10000);
	e = kt_rd(sim, x + GF100_PCOUNTER_CTR_EVENT_NEXT);
	kt_wr(sim, GF100_PCOUNTER_HUB_DSET, 0);
	nvkm_sim_run(sim, 0x800 * 7);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, x + GF100_PCOUNTER_CTR_EVENT_NEXT) - e, 7);
}

static void
user_trigger_readable_with_pulse_autoclear(struct kunit *test)
{
	const u32 base = GF100_PCOUNTER_GPC_DOM(0, 0);
	struct nvkm_sim *sim = gf_sim(test, 0xc0);
	const int u = nvkm_sim_pcounter_trailer(sim, gpc(gf_chip(0xc0), 0, 0)) + 0x27;

	quad_event(sim, base, SRC(u, 0, 0, 0), OP_ARG0);
	quad_start(sim, base, SRC(u + 1, 0, 0, 0), OP_ARG0);

	/* USER_0 for a cycle, USER_1 until told: the values read back at once */
	kt_wr(sim, base + GF100_PCOUNTER_USER_TRIGGER, 0x13);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_USER_TRIGGER), 0x13);
	KUNIT_EXPECT_TRUE(test, sig_bit(sim, base, u));
	KUNIT_EXPECT_TRUE(test, sig_bit(sim, base, u + 1));
	nvkm_sim_run(sim, 1);
	/* bit 0 auto-cleared by bit 4, which stays */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_USER_TRIGGER), 0x12);
	KUNIT_EXPECT_FALSE(test, sig_bit(sim, base, u));
	nvkm_sim_run(sim, 9);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_USER_TRIGGER), 0x12);
	kt_wr(sim, base + GF100_PCOUNTER_USER_TRIGGER, 0);
	nvkm_sim_run(sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_EVENT_NEXT), 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_START_NEXT), 10);

	/* USER_3 pulsed; pulse bits without values set nothing */
	kt_wr(sim, base + GF100_PCOUNTER_USER_TRIGGER, 0x88);
	KUNIT_EXPECT_TRUE(test, sig_bit(sim, base, u + 3));
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_USER_TRIGGER), 0x80);
	KUNIT_EXPECT_FALSE(test, sig_bit(sim, base, u + 3));
	kt_wr(sim, base + GF100_PCOUNTER_USER_TRIGGER, 0xf0);
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_USER_TRIGGER), 0xf0);
}

/* --- domain sets ---------------------------------------------------------- */

/*
 * Partition 0's domain 1 drives its EVENT and FLAG.  Domain 0 of the same
 * set sees both; domain 0 of partition 1, hub domain 0 and GPC 0's domain
 * see their own sets' domain 1 there, which is idle or absent.
 */
static void
events_import_only_within_a_domain_set(struct kunit *test)
{
	const struct gf_chip *c = gf_chip(0xe4);
	struct nvkm_sim *sim = gf_sim(test, 0xe4);
	const u32 src = GF100_PCOUNTER_PART_DOM(0, 1);
	const struct {
		u32 base;
		int d;
		bool sees;
	} obs[] = {
		{ GF100_PCOUNTER_PART_DOM(0, 0), part(c, 0, 0), true },
		{ GF100_PCOUNTER_PART_DOM(1, 0), part(c, 1, 0), false },
		{ GF100_PCOUNTER_HUB_DOM(0), hub(0), false },
		{ GF100_PCOUNTER_GPC_DOM(0, 0), gpc(c, 0, 0), false },
	};
	u32 e0[ARRAY_SIZE(obs)], s0[ARRAY_SIZE(obs)];
	int i, pulse;

	kt_wr(sim, src + GF100_PCOUNTER_EVENT_SRC, SRC(S_A, 0, 0, 0));
	kt_wr(sim, src + GF100_PCOUNTER_EVENT_OP, OP_ARG0);
	kt_wr(sim, src + GF100_PCOUNTER_SETFLAG_OP, OP_ONE);

	for (pulse = 0; pulse < 2; pulse++) {
		for (i = 0; i < ARRAY_SIZE(obs); i++) {
			int t = nvkm_sim_pcounter_trailer(sim, obs[i].d);
			u32 b = obs[i].base;

			quad_event(sim, b, SRC(t + GF100_PCOUNTER_TRAILER_EVENT(1), 0, 0, 0),
				   OP_ARG0);
			quad_start(sim, b, SRC(t + GF100_PCOUNTER_TRAILER_FLAG(1), 0, 0, 0),
				   OP_ARG0);
			if (pulse)
				kt_wr(sim, b + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD |
				      GF100_PCOUNTER_CTRL_EVENT_IMPORT_PULSE);
		}
		nvkm_sim_run(sim, 8);	/* FLAG settled at 1 */
		for (i = 0; i < ARRAY_SIZE(obs); i++) {
			e0[i] = kt_rd(sim, obs[i].base + GF100_PCOUNTER_CTR_EVENT_NEXT);
			s0[i] = kt_rd(sim, obs[i].base + GF100_PCOUNTER_CTR_START_NEXT);
		}
		hold(sim, part(c, 0, 1), S_A, 50);
		nvkm_sim_run(sim, 20);
		for (i = 0; i < ARRAY_SIZE(obs); i++) {
			u32 ev = kt_rd(sim, obs[i].base + GF100_PCOUNTER_CTR_EVENT_NEXT) - e0[i];
			u32 fl = kt_rd(sim, obs[i].base + GF100_PCOUNTER_CTR_START_NEXT) - s0[i];

			KUNIT_EXPECT_EQ_MSG(test, ev, obs[i].sees ? (pulse ? 1 : 50) : 0,
					    "observer %d pulse %d", i, pulse);
			KUNIT_EXPECT_EQ_MSG(test, fl, obs[i].sees ? 70 : 0, "observer %d", i);
		}
	}
}

/* --- logic ops --------------------------------------------------------------- */

/* rnndb: bits 19/20 replace arguments 2/3 for all six ops; bit 18 is
 * SETFLAG for EVENT/STOP and does not exist for the others.
 */
static void
gf100_op_bits_follow_rnndb(struct kunit *test)
{
	/* ARG2 && !ARG0: with ARG2 = SRC[0] delayed, the cycle after a pulse */
	const u32 op = 0x5050;
	const u32 no18 = GENMASK(20, 19) | GENMASK(17, 0), all = GENMASK(20, 0);
	const u32 base = GF100_PCOUNTER_HUB_DOM(0);
	struct nvkm_sim *sim = gf_sim(test, 0xc0);
	u32 s;

	kt_wr(sim, base + GF100_PCOUNTER_PRE_OP, ~0);
	kt_wr(sim, base + GF100_PCOUNTER_SETFLAG_OP, ~0);
	kt_wr(sim, base + GF100_PCOUNTER_EVENT_OP, ~0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_PRE_OP), no18);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_SETFLAG_OP), no18);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_EVENT_OP), all);

	kt_wr(sim, base + GF100_PCOUNTER_CTRL, GF100_PCOUNTER_CTRL_MODE_QUAD);
	quad_start(sim, base, SRC(S_A, 0, S_B, 0), op | GF100_PCOUNTER_OP_REPLACE2);
	s = kt_rd(sim, base + GF100_PCOUNTER_CTR_START_NEXT);
	nvkm_sim_pcounter_pulse(sim, hub(0), S_A, 10, 4);
	nvkm_sim_run(sim, 50);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_START_NEXT) - s, 4);

	/* G92's bit 18 does nothing on GF100's START_OP: ARG2 stays B = 0 */
	quad_start(sim, base, SRC(S_A, 0, S_B, 0), op | NV_PCOUNTER_OP_REPLACE2);
	s = kt_rd(sim, base + GF100_PCOUNTER_CTR_START_NEXT);
	nvkm_sim_pcounter_pulse(sim, hub(0), S_A, 10, 4);
	nvkm_sim_run(sim, 50);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + GF100_PCOUNTER_CTR_START_NEXT) - s, 0);
}

/* --- the closed-form skip agrees with stepping on GF100 too ------------ */

static void
gf100_scenario(struct nvkm_sim *sim, struct rnd_state *rnd, int d, u32 base, u32 *out)
{
	const u32 modes[] = {
		GF100_PCOUNTER_CTRL_MODE_SINGLE, GF100_PCOUNTER_CTRL_MODE_QUAD,
		GF100_PCOUNTER_CTRL_MODE_QUAD | FIELD_PREP(GF100_PCOUNTER_CTRL_PERIODIC, 1),
		GF100_PCOUNTER_CTRL_MODE_QUAD | GF100_PCOUNTER_CTRL_FLAG_IMPORT_PULSE |
		FIELD_PREP(GF100_PCOUNTER_CTRL_CTR_MODE, 3),
	};
	static const u32 ops[] = {
		GF100_PCOUNTER_PRE_OP, GF100_PCOUNTER_START_OP, GF100_PCOUNTER_EVENT_OP,
		GF100_PCOUNTER_STOP_OP, GF100_PCOUNTER_SETFLAG_OP, GF100_PCOUNTER_CLRFLAG_OP,
	};
	static const u8 trailers[] = {
		GF100_PCOUNTER_TRAILER_USER(0), GF100_PCOUNTER_TRAILER_USER(1),
		GF100_PCOUNTER_TRAILER_PERIODIC, GF100_PCOUNTER_TRAILER_EVENT(0),
		GF100_PCOUNTER_TRAILER_FLAG(0), GF100_PCOUNTER_TRAILER_PAUSED,
	};
	int t = nvkm_sim_pcounter_trailer(sim, d), i, k;
	u32 src[4] = {};

	for (i = 0; i < 16; i++) {
		u32 pick = prandom_u32_state(rnd) % 10;
		u32 sig = pick < 4 ? S_A + pick : t + trailers[pick - 4];

		src[i / 4] |= (sig & 0xff) << (i % 4 * 8);
	}
	kt_wr(sim, base + GF100_PCOUNTER_CTRL, modes[prandom_u32_state(rnd) % 4]);
	kt_wr(sim, base + GF100_PCOUNTER_SWAP_SRC, S_A + prandom_u32_state(rnd) % 4);
	for (i = 0; i < 4; i++)
		kt_wr(sim, base + GF100_PCOUNTER_PRE_SRC + i * 8, src[i]);
	for (i = 0; i < ARRAY_SIZE(ops); i++)
		kt_wr(sim, base + ops[i], prandom_u32_state(rnd));
	kt_wr(sim, base + GF100_PCOUNTER_THRESHOLD, prandom_u32_state(rnd) % 300);
	kt_wr(sim, base + GF100_PCOUNTER_CTR_PRE, prandom_u32_state(rnd) % 50);
	kt_wr(sim, base + GF100_PCOUNTER_CTR_STOP, prandom_u32_state(rnd) % 20);
	kt_wr(sim, base + GF100_PCOUNTER_SINGLE_BEGIN_TRIGGER, 1);
	for (i = 0; i < 3; i++)
		nvkm_sim_pcounter_pulse(sim, d, S_A + i, 1 + prandom_u32_state(rnd) % 200,
					1 + prandom_u32_state(rnd) % 40);
	for (i = 0; i < 4; i++) {
		nvkm_sim_run(sim, prandom_u32_state(rnd) % 3000);
		cond_resched();	/* stepping 23 domains takes seconds under TCG */
		kt_level(sim, d, S_A + i % 3, i & 1);
		kt_wr(sim, base + GF100_PCOUNTER_USER_TRIGGER, prandom_u32_state(rnd) & 0xff);
		for (k = GF100_PCOUNTER_CTR_CYCLES; k <= GF100_PCOUNTER_CTR_CYCLES_NEXT; k += 4)
			*out++ = kt_rd(sim, base + k);
	}
}

static void
gf100_skip_matches_stepping(struct kunit *test)
{
	const struct gf_chip *c = gf_chip(0xc0);
	struct rnd_state rx, ry;
	u32 a[4 * 0x14], b[4 * 0x14];
	int n, i;

	for (n = 0; n < 16; n++) {
		struct nvkm_sim *x = nvkm_sim_new(0xc0), *y = nvkm_sim_new(0xc0);

		KUNIT_ASSERT_NOT_NULL(test, x);
		KUNIT_ASSERT_NOT_NULL(test, y);
		nvkm_sim_set_manual_clock(x, true);
		nvkm_sim_set_manual_clock(y, true);
		enable(x, true);
		enable(y, true);
		nvkm_sim_pcounter_step_only(y, true);
		prandom_seed_state(&rx, 0x67663130 + n);
		prandom_seed_state(&ry, 0x67663130 + n);
		gf100_scenario(x, &rx, part(c, 2, 0), GF100_PCOUNTER_PART_DOM(2, 0), a);
		gf100_scenario(y, &ry, part(c, 2, 0), GF100_PCOUNTER_PART_DOM(2, 0), b);
		for (i = 0; i < ARRAY_SIZE(a); i++)
			KUNIT_EXPECT_EQ_MSG(test, a[i], b[i], "scenario %d, value %d", n, i);
		nvkm_sim_del(&x);
		nvkm_sim_del(&y);
	}
}

static struct kunit_case nvpm_sim_gf100_cases[] = {
	KUNIT_CASE(domain_sets_follow_gpc_and_partition_counts),
	KUNIT_CASE(absent_gpc_registers_are_unclaimed),
	KUNIT_CASE(pcounter_gated_by_pmc_enable_bit28),
	KUNIT_CASE(quad_mode_counts_and_swaps_on_swap_src),
	KUNIT_CASE(single_event_begins_on_begin_trigger),
	KUNIT_CASE(gf100_ctrl_field_layout),
	KUNIT_CASE(gf100_trailer_user_periodic_event_flag_positions),
	KUNIT_CASE(user_trigger_readable_with_pulse_autoclear),
	KUNIT_CASE(events_import_only_within_a_domain_set),
	KUNIT_CASE(gf100_op_bits_follow_rnndb),
	KUNIT_CASE(gf100_skip_matches_stepping),
	{}
};

static struct kunit_suite nvpm_sim_gf100_suite = {
	.name = "nvpm_sim_gf100",
	.exit = gf_exit,
	.test_cases = nvpm_sim_gf100_cases,
};

kunit_test_suite(nvpm_sim_gf100_suite);
