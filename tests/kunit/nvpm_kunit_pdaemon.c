// SPDX-License-Identifier: MIT
/*
 * KUnit: the simulated PDAEMON idle counters (GT215+), driven through BAR0
 * and the simulator's workload and clock only.  Addresses, bits and
 * expected counts are restated here from the envytools reference
 * (pm_pdaemon_counter.rst), independently of the model's own header.
 */
#include <kunit/test.h>
#include <sim/sim.h>
#include "nvpm_kunit.h"

/* PDAEMON's window starts at BAR0 0x10a000; the reference's "i*10" is hex. */
#define DOC_SIGNALS		0x10a500
#define DOC_MASK(i)		(0x10a504 + (i) * 0x10)
#define DOC_COUNT(i)		(0x10a508 + (i) * 0x10)
#define DOC_MODE(i)		(0x10a50c + (i) * 0x10)

#define DOC_GR			BIT(0)
#define DOC_PVLD		BIT(4)
#define DOC_PPDEC		BIT(5)
#define DOC_PPPP		BIT(6)
#define DOC_MC_GF100		BIT(7)
#define DOC_MC_GT215		BIT(8)
#define DOC_PCOPY0		BIT(19)
#define DOC_PCOPY1		BIT(20)
#define DOC_PCOPY2		BIT(21)
#define DOC_ALWAYS		(DOC_GR | DOC_PVLD | DOC_PPDEC | DOC_PPPP | DOC_PCOPY0)

#define DOC_COUNT_MAX		0x7fffffffu	/* bits 0-30 */
#define DOC_CLEAR_TRIGGER	BIT(31)

#define DOC_INCR_IF_ALL		BIT(0)
#define DOC_INCR_IF_NOT_ALL	BIT(1)
#define DOC_BOTH		(DOC_INCR_IF_ALL | DOC_INCR_IF_NOT_ALL)
#define DOC_UNK2		BIT(2)

/* Every signal idle except @bits (BIT() is an unsigned long). */
#define ALL_BUT(bits)		((u32)~(bits))

/* Counters numbered up to here are probed, present or not. */
#define PROBE_COUNTERS		9

/* --- fixture -------------------------------------------------------------- */

#define PD_TEST_SIMS		4

struct pd_test {
	struct nvkm_sim *sim[PD_TEST_SIMS];
};

static int
pd_test_init(struct kunit *test)
{
	test->priv = kunit_kzalloc(test, sizeof(struct pd_test), GFP_KERNEL);
	return test->priv ? 0 : -ENOMEM;
}

static void
pd_test_exit(struct kunit *test)
{
	struct pd_test *t = test->priv;
	unsigned int i;

	for (i = 0; i < PD_TEST_SIMS; i++) {
		if (t->sim[i])
			nvkm_sim_del(&t->sim[i]);
	}
}

/* A simulator whose time only moves through nvkm_sim_run(). */
static struct nvkm_sim *
pd_sim(struct kunit *test, u32 chipset)
{
	struct pd_test *t = test->priv;
	unsigned int i;

	for (i = 0; i < PD_TEST_SIMS && t->sim[i]; i++)
		;
	KUNIT_ASSERT_LT(test, i, PD_TEST_SIMS);
	t->sim[i] = nvkm_sim_new(chipset);
	KUNIT_ASSERT_NOT_NULL_MSG(test, t->sim[i], "nvkm_sim_new(0x%02x)", chipset);
	nvkm_sim_set_manual_clock(t->sim[i], true);
	return t->sim[i];
}

/* COUNTER_COUNT(@i): a name for the failure messages. */
static u32
count_of(struct nvkm_sim *sim, unsigned int i)
{
	return kt_rd(sim, DOC_COUNT(i));
}

/* Program counter @i and zero it. */
static void
counter_setup(struct nvkm_sim *sim, unsigned int i, u32 mask, u32 mode)
{
	kt_wr(sim, DOC_MASK(i), mask);
	kt_wr(sim, DOC_MODE(i), mode);
	kt_wr(sim, DOC_COUNT(i), DOC_CLEAR_TRIGGER);
}

/* Drive every signal: the bits of @idle idle, all others busy. */
static void
set_signals(struct nvkm_sim *sim, u32 idle)
{
	nvkm_sim_set_idle(sim, ~0u, idle);
}

/*
 * A span of simulated time with constant signals, and whether the
 * reference says the counter under test increments during it.
 */
struct phase {
	const char *what;
	u32 idle;
	u64 cycles;
	bool counts;
};

static void
run_phases(struct kunit *test, struct nvkm_sim *sim, unsigned int i,
	   const struct phase *ph, unsigned int nr)
{
	u32 want = 0;
	unsigned int p;

	for (p = 0; p < nr; p++) {
		set_signals(sim, ph[p].idle);
		nvkm_sim_run(sim, ph[p].cycles);
		if (ph[p].counts)
			want += ph[p].cycles;
		KUNIT_EXPECT_EQ_MSG(test, count_of(sim, i), want,
				    "counter %u, mask 0x%08x mode %u, after %llu cycles with %s (idle 0x%08x): %s",
				    i, kt_rd(sim, DOC_MASK(i)), kt_rd(sim, DOC_MODE(i)),
				    ph[p].cycles, ph[p].what, ph[p].idle,
				    ph[p].counts ? "should have counted them" :
						   "should not have counted them");
	}
}

/* --- chipsets --------------------------------------------------------------- */

struct pd_chip {
	u32 chipset;
	const char *name;
	unsigned int counters;
	u32 signals;	/* COUNTER_SIGNALS bits the chipset has */
	u32 mode;	/* COUNTER_MODE bits the chipset has */
};

#define GT215_SIGNALS	(DOC_ALWAYS | DOC_MC_GT215)
#define GF100_SIGNALS	(DOC_ALWAYS | DOC_MC_GF100 | DOC_PCOPY1)
#define GK104_SIGNALS	(GF100_SIGNALS | DOC_PCOPY2)

static const struct pd_chip pd_chips[] = {
	{ 0xa3, "GT215", 4, GT215_SIGNALS, DOC_BOTH },
	{ 0xa5, "GT216", 4, GT215_SIGNALS, DOC_BOTH },
	{ 0xa8, "GT218", 4, GT215_SIGNALS, DOC_BOTH },
	{ 0xaf, "MCP89", 4, GT215_SIGNALS, DOC_BOTH },
	{ 0xc0, "GF100", 8, GF100_SIGNALS, DOC_BOTH },
	{ 0xc1, "GF108", 8, GF100_SIGNALS, DOC_BOTH },
	{ 0xd7, "GF117", 8, GF100_SIGNALS, DOC_BOTH },	/* UNK2: GF119 only */
	{ 0xd9, "GF119", 8, GF100_SIGNALS, DOC_BOTH | DOC_UNK2 },
	{ 0xe4, "GK104", 8, GK104_SIGNALS, DOC_BOTH | DOC_UNK2 },
	{ 0xe7, "GK107", 8, GK104_SIGNALS, DOC_BOTH | DOC_UNK2 },
};

static void
pd_chip_desc(const struct pd_chip *chip, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", chip->name);
}

KUNIT_ARRAY_PARAM(pd_chips, pd_chips, pd_chip_desc);

/* Without a PDAEMON, including the chipsets numbered between GT215's. */
static const struct pd_chip pd_nochips[] = {
	{ 0x10, "NV10" }, { 0x40, "NV40" }, { 0x50, "G80" },
	{ 0x84, "G84" }, { 0x92, "G92" }, { 0xa0, "G200" },
	{ 0xaa, "MCP77" }, { 0xac, "MCP79" },
};

KUNIT_ARRAY_PARAM(pd_nochips, pd_nochips, pd_chip_desc);

/* --- counting modes --------------------------------------------------------- */

static void
incr_if_all_counts_cycles_all_masked_idle(struct kunit *test)
{
	static const struct phase ph[] = {
		{ "GR and PVLD idle",		DOC_GR | DOC_PVLD,	100, true },
		{ "GR idle, PVLD busy",		DOC_GR,			 50, false },
		{ "GR busy, PVLD idle",		DOC_PVLD,		 40, false },
		{ "everything busy",		0,			 30, false },
		{ "masked idle, others busy",	DOC_GR | DOC_PVLD,	  7, true },
		{ "everything idle",		~0u,			 11, true },
		{ "masked busy, others idle",	ALL_BUT(DOC_GR | DOC_PVLD),	 13, false },
	};
	struct nvkm_sim *sim = pd_sim(test, 0xa3);

	counter_setup(sim, 0, DOC_GR | DOC_PVLD, DOC_INCR_IF_ALL);
	run_phases(test, sim, 0, ph, ARRAY_SIZE(ph));
}

/*
 * INCR_IF_NOT_ALL: "not all" masked bits set, i.e. some masked engine
 * busy (the field's name, and "both modes count every cycle").
 */
static void
incr_if_not_all_counts_any_masked_busy(struct kunit *test)
{
	static const struct phase ph[] = {
		{ "GR and PVLD busy",		0,			100, true },
		{ "GR idle, PVLD busy",		DOC_GR,			 50, true },
		{ "GR busy, PVLD idle",		DOC_PVLD,		 40, true },
		{ "GR and PVLD idle",		DOC_GR | DOC_PVLD,	 30, false },
		{ "masked busy, others idle",	ALL_BUT(DOC_GR | DOC_PVLD),	  7, true },
		{ "everything idle",		~0u,			 11, false },
	};
	struct nvkm_sim *sim = pd_sim(test, 0xc0);

	counter_setup(sim, 3, DOC_GR | DOC_PVLD, DOC_INCR_IF_NOT_ALL);
	run_phases(test, sim, 3, ph, ARRAY_SIZE(ph));
}

/* "It is possible to set both modes at the same time which results in
 * incrementing at every clock cycle": even with the masked bits mixed.
 */
static void
both_modes_count_every_cycle(struct kunit *test)
{
	static const struct phase ph[] = {
		{ "GR idle, PVLD busy (mixed)",	DOC_GR,			100, true },
		{ "GR busy, PVLD idle (mixed)",	DOC_PVLD,		 50, true },
		{ "GR and PVLD idle",		DOC_GR | DOC_PVLD,	 40, true },
		{ "everything busy",		0,			 30, true },
		{ "everything idle",		~0u,			  7, true },
	};
	struct nvkm_sim *sim = pd_sim(test, 0xa3);

	counter_setup(sim, 1, DOC_GR | DOC_PVLD, DOC_BOTH);
	run_phases(test, sim, 1, ph, ARRAY_SIZE(ph));
}

static void
no_mode_bit_never_counts(struct kunit *test)
{
	static const struct phase ph[] = {
		{ "GR idle",		DOC_GR,	100, false },
		{ "GR busy",		0,	 50, false },
		{ "everything idle",	~0u,	 40, false },
	};
	struct nvkm_sim *sim = pd_sim(test, 0xa3);

	counter_setup(sim, 2, DOC_GR, 0);
	run_phases(test, sim, 2, ph, ARRAY_SIZE(ph));
}

/* With no bit selected, "all masked bits set" is vacuously true: ALL
 * counts every cycle, NOT_ALL none.
 */
static void
empty_mask_all_always_not_all_never(struct kunit *test)
{
	static const struct phase all[] = {
		{ "everything busy",	0,			100, true },
		{ "everything idle",	~0u,			 50, true },
		{ "GR idle only",	DOC_GR,			 40, true },
		{ "PCOPY0 busy only",	ALL_BUT(DOC_PCOPY0),	 30, true },
	}, not_all[] = {
		{ "everything busy",	0,			100, false },
		{ "everything idle",	~0u,			 50, false },
		{ "GR idle only",	DOC_GR,			 40, false },
		{ "PCOPY0 busy only",	ALL_BUT(DOC_PCOPY0),	 30, false },
	};
	struct nvkm_sim *sim = pd_sim(test, 0xc0);

	counter_setup(sim, 0, 0, DOC_INCR_IF_ALL);
	run_phases(test, sim, 0, all, ARRAY_SIZE(all));
	counter_setup(sim, 0, 0, DOC_INCR_IF_NOT_ALL);
	run_phases(test, sim, 0, not_all, ARRAY_SIZE(not_all));
}

/* The workload can change between runs only: a span counts as a whole. */
static void
run_advances_by_whole_span(struct kunit *test)
{
	struct nvkm_sim *sim = pd_sim(test, 0xe4);
	u32 want = 0;
	unsigned int n;

	counter_setup(sim, 7, DOC_PCOPY2, DOC_INCR_IF_ALL);
	for (n = 1; n <= 64; n++) {
		set_signals(sim, n % 3 ? DOC_PCOPY2 : 0);
		nvkm_sim_run(sim, n);
		if (n % 3)
			want += n;
	}
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 7), want,
			    "64 runs of 1..64 cycles, PCOPY2 idle unless the length is a multiple of 3");
}

/* --- COUNTER_COUNT writes ----------------------------------------------------- */

static void
clear_trigger_resets_count(struct kunit *test)
{
	struct nvkm_sim *sim = pd_sim(test, 0xa3);

	counter_setup(sim, 0, DOC_GR, DOC_INCR_IF_ALL);
	set_signals(sim, DOC_GR);
	nvkm_sim_run(sim, 1000);
	KUNIT_ASSERT_EQ_MSG(test, count_of(sim, 0), 1000,
			    "GR idle for 1000 cycles, INCR_IF_ALL on GR");

	kt_wr(sim, DOC_COUNT(0), DOC_CLEAR_TRIGGER);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 0,
			    "COUNT after writing CLEAR_TRIGGER (bit 31)");
	nvkm_sim_run(sim, 25);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 25,
			    "the counter keeps counting from 0 after a clear");

	/* Bits 0-30 are not loaded by a clearing write. */
	kt_wr(sim, DOC_COUNT(0), DOC_CLEAR_TRIGGER | 0x1234);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 0,
			    "COUNT after writing 0x80001234: cleared, 0x1234 not loaded");
	nvkm_sim_run(sim, 3);
	kt_wr(sim, DOC_COUNT(0), ~0u);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 0,
			    "COUNT after writing 0xffffffff: cleared");

	/* Clearing does not change what the counter counts. */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_MASK(0)), DOC_GR);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_MODE(0)), DOC_INCR_IF_ALL);
}

/* The reference lists only CLEAR_TRIGGER as writable in COUNTER_COUNT. */
static void
count_write_without_clear_is_ignored(struct kunit *test)
{
	static const u32 writes[] = { 0, 1, 0x1234, DOC_COUNT_MAX };
	struct nvkm_sim *sim = pd_sim(test, 0xc0);
	unsigned int w;

	counter_setup(sim, 5, DOC_GR, DOC_INCR_IF_ALL);
	set_signals(sim, DOC_GR);
	nvkm_sim_run(sim, 777);
	for (w = 0; w < ARRAY_SIZE(writes); w++) {
		kt_wr(sim, DOC_COUNT(5), writes[w]);
		KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 5), 777,
				    "COUNT after writing 0x%08x (bit 31 clear) must be unchanged",
				    writes[w]);
	}
}

/* --- independence ------------------------------------------------------------- */

static void
counters_are_independent(struct kunit *test)
{
	static const struct {
		u32 mask, mode;
	} cfg[8] = {
		{ DOC_GR,			DOC_INCR_IF_ALL },
		{ DOC_GR,			DOC_INCR_IF_NOT_ALL },
		{ DOC_PVLD,			DOC_INCR_IF_ALL },
		{ DOC_GR | DOC_PCOPY1,		DOC_INCR_IF_ALL },
		{ DOC_GR | DOC_PCOPY1,		DOC_INCR_IF_NOT_ALL },
		{ DOC_MC_GF100,			DOC_BOTH },
		{ 0,				DOC_INCR_IF_NOT_ALL },
		{ DOC_PPPP,			0 },
	};
	/* Cycles each counter counts, from the reference, per phase. */
	static const struct {
		u32 idle;
		u64 cycles;
		u32 count[8];
	} ph[] = {
		{ DOC_GR | DOC_PCOPY1,	100, { 100, 0, 0, 100, 0, 100, 0, 0 } },
		{ 0,			 50, { 100, 50, 0, 100, 50, 150, 0, 0 } },
		{ DOC_PVLD | DOC_PPPP,	 40, { 100, 90, 40, 100, 90, 190, 0, 0 } },
		{ DOC_PCOPY1,		 30, { 100, 120, 40, 100, 120, 220, 0, 0 } },
	};
	struct nvkm_sim *sim = pd_sim(test, 0xc0);
	unsigned int i, p;

	for (i = 0; i < 8; i++)
		counter_setup(sim, i, cfg[i].mask, cfg[i].mode);
	for (p = 0; p < ARRAY_SIZE(ph); p++) {
		set_signals(sim, ph[p].idle);
		nvkm_sim_run(sim, ph[p].cycles);
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_EQ_MSG(test, count_of(sim, i), ph[p].count[i],
					    "counter %u (mask 0x%08x, mode %u) after phase %u (idle 0x%08x)",
					    i, cfg[i].mask, cfg[i].mode, p, ph[p].idle);
	}

	/* Clearing one counter leaves the others alone. */
	kt_wr(sim, DOC_COUNT(1), DOC_CLEAR_TRIGGER);
	p = ARRAY_SIZE(ph) - 1;
	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_EQ_MSG(test, count_of(sim, i), i == 1 ? 0 : ph[p].count[i],
				    "counter %u after clearing counter 1", i);
	for (i = 0; i < 8; i++) {
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_MASK(i)), cfg[i].mask, "MASK(%u)", i);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_MODE(i)), cfg[i].mode, "MODE(%u)", i);
	}
}

/* --- which registers and bits exist ------------------------------------------- */

static void
gt215_has_four_counters_gf100_eight(struct kunit *test)
{
	const struct pd_chip *chip = test->param_value;
	struct nvkm_sim *sim = pd_sim(test, chip->chipset);
	unsigned int i;
	u64 before;

	set_signals(sim, ~0u);
	for (i = 0; i < PROBE_COUNTERS; i++) {
		bool present = i < chip->counters;

		before = kt_unclaimed(sim);
		kt_wr(sim, DOC_MASK(i), DOC_GR);
		kt_wr(sim, DOC_MODE(i), DOC_BOTH);
		kt_wr(sim, DOC_COUNT(i), DOC_CLEAR_TRIGGER);
		nvkm_sim_run(sim, 10);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_MASK(i)), present ? DOC_GR : 0,
				    "%s MASK(%u) at 0x%06x", chip->name, i, DOC_MASK(i));
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_MODE(i)), present ? DOC_BOTH : 0,
				    "%s MODE(%u) at 0x%06x", chip->name, i, DOC_MODE(i));
		KUNIT_EXPECT_EQ_MSG(test, count_of(sim, i), present ? 10 : 0,
				    "%s COUNT(%u) at 0x%06x after 10 cycles in both modes",
				    chip->name, i, DOC_COUNT(i));
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim) - before, present ? 0 : 6,
				    "%s has %u counters: the 6 accesses to counter %u must be %s",
				    chip->name, chip->counters, i,
				    present ? "claimed" : "unclaimed");
	}
}

/* Only the documented registers are decoded, not the holes between them. */
static void
undocumented_addresses_are_unclaimed(struct kunit *test)
{
	static const u32 holes[] = {
		0x10a4fc, 0x10a510, 0x10a520, 0x10a580, 0x10a501, 0x10a506,
	};
	struct nvkm_sim *sim = pd_sim(test, 0xc0);
	unsigned int h;
	u64 before;

	for (h = 0; h < ARRAY_SIZE(holes); h++) {
		before = kt_unclaimed(sim);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, holes[h]), 0, "read of 0x%06x", holes[h]);
		kt_wr(sim, holes[h], ~0u);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim) - before, 2,
				    "read and write of 0x%06x must be unclaimed", holes[h]);
	}
	/* The writes to the holes reached no register. */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_MASK(0)), 0);
	KUNIT_EXPECT_EQ(test, count_of(sim, 0), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_MODE(0)), 0);
}

static void
no_pdaemon_before_gt215(struct kunit *test)
{
	const struct pd_chip *chip = test->param_value;
	static const u32 regs[] = {
		DOC_SIGNALS, DOC_MASK(0), DOC_COUNT(0), DOC_MODE(0),
		DOC_MASK(3), DOC_COUNT(3), DOC_MODE(3),
	};
	struct nvkm_sim *sim = pd_sim(test, chip->chipset);
	unsigned int r;
	u64 before;

	set_signals(sim, ~0u);
	for (r = 0; r < ARRAY_SIZE(regs); r++) {
		before = kt_unclaimed(sim);
		kt_wr(sim, regs[r], DOC_BOTH);
		nvkm_sim_run(sim, 10);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, regs[r]), 0,
				    "%s has no PDAEMON: 0x%06x must read 0", chip->name, regs[r]);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim) - before, 2,
				    "%s has no PDAEMON: write and read of 0x%06x must be unclaimed",
				    chip->name, regs[r]);
	}
}

static void
signals_register_is_read_only(struct kunit *test)
{
	static const u32 writes[] = { 0, ~0u, DOC_GR, DOC_PVLD | DOC_PCOPY1 };
	static const u32 idles[] = { DOC_GR | DOC_PCOPY0, 0, GF100_SIGNALS };
	struct nvkm_sim *sim = pd_sim(test, 0xc0);
	unsigned int i, w;
	u64 before;

	for (i = 0; i < ARRAY_SIZE(idles); i++) {
		set_signals(sim, idles[i]);
		nvkm_sim_run(sim, 1);
		before = kt_unclaimed(sim);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_SIGNALS), idles[i],
				    "COUNTER_SIGNALS with the workload idle 0x%08x", idles[i]);
		for (w = 0; w < ARRAY_SIZE(writes); w++) {
			kt_wr(sim, DOC_SIGNALS, writes[w]);
			KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_SIGNALS), idles[i],
					    "COUNTER_SIGNALS after writing 0x%08x: read-only",
					    writes[w]);
		}
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim), before,
				    "COUNTER_SIGNALS exists: its accesses are claimed");
	}

	/* A write does not feed the counters either. */
	counter_setup(sim, 0, DOC_GR, DOC_INCR_IF_ALL);
	set_signals(sim, 0);
	nvkm_sim_run(sim, 1);
	kt_wr(sim, DOC_SIGNALS, DOC_GR);
	nvkm_sim_run(sim, 100);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 0,
			    "GR busy, COUNTER_SIGNALS written with GR set: nothing to count");
}

static void
chipset_specific_signal_bits(struct kunit *test)
{
	const struct pd_chip *chip = test->param_value;
	struct nvkm_sim *sim = pd_sim(test, chip->chipset);
	unsigned int bit;

	set_signals(sim, ~0u);
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_SIGNALS), chip->signals,
			    "%s COUNTER_SIGNALS with every engine idle", chip->name);

	/* One signal at a time: only the chipset's own show through. */
	for (bit = 0; bit < 32; bit++) {
		set_signals(sim, BIT(bit));
		nvkm_sim_run(sim, 1);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_SIGNALS), chip->signals & BIT(bit),
				    "%s COUNTER_SIGNALS with only bit %u idle", chip->name, bit);
	}
}

/* The mask selects COUNTER_SIGNALS bits: it has those of the chipset. */
static void
mask_holds_only_existing_signal_bits(struct kunit *test)
{
	const struct pd_chip *chip = test->param_value;
	struct nvkm_sim *sim = pd_sim(test, chip->chipset);
	unsigned int i;

	for (i = 0; i < chip->counters; i++) {
		kt_wr(sim, DOC_MASK(i), ~0u);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_MASK(i)), chip->signals,
				    "%s MASK(%u) after writing 0xffffffff", chip->name, i);
	}

	/* A mask of an absent signal is empty: INCR_IF_ALL counts. */
	counter_setup(sim, 0, DOC_PCOPY2, DOC_INCR_IF_ALL);
	set_signals(sim, 0);
	nvkm_sim_run(sim, 10);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0),
			    chip->signals & DOC_PCOPY2 ? 0 : 10,
			    "%s INCR_IF_ALL on PCOPY2 with PCOPY2 busy, 10 cycles", chip->name);
}

/* UNK2 exists on GF119+ only, and is stored without effect. */
static void
mode_unk2_only_on_gf119_plus(struct kunit *test)
{
	const struct pd_chip *chip = test->param_value;
	struct nvkm_sim *sim = pd_sim(test, chip->chipset);

	kt_wr(sim, DOC_MODE(0), ~0u);
	KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_MODE(0)), chip->mode,
			    "%s MODE(0) after writing 0xffffffff", chip->name);

	counter_setup(sim, 1, DOC_GR, DOC_UNK2);
	KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_MODE(1)), chip->mode & DOC_UNK2,
			    "%s MODE(1) after writing UNK2", chip->name);
	set_signals(sim, DOC_GR);
	nvkm_sim_run(sim, 10);
	set_signals(sim, 0);
	nvkm_sim_run(sim, 10);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 1), 0,
			    "%s UNK2 alone counts nothing (20 cycles, GR idle then busy)",
			    chip->name);

	counter_setup(sim, 2, DOC_GR, DOC_INCR_IF_ALL | DOC_UNK2);
	set_signals(sim, DOC_GR);
	nvkm_sim_run(sim, 10);
	set_signals(sim, 0);
	nvkm_sim_run(sim, 10);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 2), 10,
			    "%s INCR_IF_ALL|UNK2 on GR: GR idle 10 of 20 cycles", chip->name);
}

/* --- the 31-bit count ----------------------------------------------------------- */

/* The model's choice: COUNT wraps within bits 0-30; bit 31 never reads set. */
static void
count_field_wraps_at_31_bits(struct kunit *test)
{
	const u64 span = 1ull << 31;
	struct nvkm_sim *sim = pd_sim(test, 0xa3);

	counter_setup(sim, 0, 0, DOC_BOTH);
	counter_setup(sim, 3, DOC_GR, DOC_INCR_IF_ALL);
	set_signals(sim, DOC_GR);

	nvkm_sim_run(sim, span - 1);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), DOC_COUNT_MAX,
			    "after 2^31 - 1 cycles");
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 0,
			    "after 2^31 cycles: wrapped to 0 within bits 0-30");
	nvkm_sim_run(sim, 5);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 5,
			    "after 2^31 + 5 cycles");
	nvkm_sim_run(sim, span + 10);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 15,
			    "after 2^32 + 15 cycles in all");
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 3), 15,
			    "INCR_IF_ALL on GR, GR idle for 2^32 + 15 cycles");

	/* Across the wrap from a nonzero count. */
	nvkm_sim_run(sim, span - 10);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 5,
			    "15 + (2^31 - 10) cycles: 5 after the wrap");
}

/* --- engine waves (the workload's activity patterns) ------------------------ */

/* Idle for @idle cycles, busy for the rest of each period, from the next cycle. */
static void
idle_wave_alternates_from_the_next_cycle(struct kunit *test)
{
	struct nvkm_sim *sim = pd_sim(test, 0xa3);
	u32 busy = 0;
	bool idle;
	int c;

	counter_setup(sim, 0, DOC_GR, DOC_INCR_IF_NOT_ALL);
	set_signals(sim, ~0u);
	KUNIT_ASSERT_EQ(test, nvkm_sim_idle_wave(sim, DOC_GR, 10, 4), 0);
	for (c = 0; c < 35; c++) {
		idle = c % 10 < 4;
		KUNIT_EXPECT_EQ_MSG(test, !!(kt_rd(sim, DOC_SIGNALS) & DOC_GR), idle,
				    "COUNTER_SIGNALS.GR in cycle %d", c);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, DOC_SIGNALS) & ~DOC_GR,
				    GT215_SIGNALS & ~DOC_GR,
				    "the other engines stay idle, cycle %d", c);
		nvkm_sim_run(sim, 1);
		busy += !idle;
		KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), busy, "GR busy, after cycle %d", c);
	}
}

/*
 * One long run (which repeats the waves' common period in closed form)
 * counts what many short runs count, for every mode and mask.
 */
static void
idle_wave_long_run_matches_short_runs(struct kunit *test)
{
	static const struct { u32 mask, mode; } ctr[] = {
		{ DOC_GR, DOC_INCR_IF_NOT_ALL },
		{ DOC_PVLD, DOC_INCR_IF_ALL },
		{ DOC_GR | DOC_PCOPY0, DOC_INCR_IF_NOT_ALL },
		{ DOC_PCOPY0 | DOC_PVLD, DOC_INCR_IF_ALL },
		{ 0, DOC_BOTH },
	};
	struct nvkm_sim *one = pd_sim(test, 0xc0), *many = pd_sim(test, 0xc0);
	struct nvkm_sim *sims[] = { one, many };
	const u64 total = 123457;
	u64 done = 0, step = 1;
	int i, s;

	for (s = 0; s < 2; s++) {
		for (i = 0; i < ARRAY_SIZE(ctr); i++)
			counter_setup(sims[s], i, ctr[i].mask, ctr[i].mode);
		set_signals(sims[s], ~0u);
		KUNIT_ASSERT_EQ(test, nvkm_sim_idle_wave(sims[s], DOC_GR, 7, 3), 0);
		KUNIT_ASSERT_EQ(test, nvkm_sim_idle_wave(sims[s], DOC_PVLD, 11, 5), 0);
		KUNIT_ASSERT_EQ(test, nvkm_sim_idle_wave(sims[s], DOC_PCOPY0, 13, 4), 0);
	}
	nvkm_sim_run(one, total);
	while (done < total) {
		step = min(step * 3 % 97 + 1, total - done);
		nvkm_sim_run(many, step);
		done += step;
	}
	for (i = 0; i < ARRAY_SIZE(ctr); i++)
		KUNIT_EXPECT_EQ_MSG(test, count_of(one, i), count_of(many, i), "counter %d", i);
	KUNIT_EXPECT_EQ(test, count_of(one, 4), total);
	KUNIT_EXPECT_EQ(test, kt_rd(one, DOC_SIGNALS), kt_rd(many, DOC_SIGNALS));
}

/* nvkm_sim_set_idle() stops the waves of its engines; the slots run out. */
static void
idle_waves_stop_and_run_out(struct kunit *test)
{
	static const u32 engines[] = { DOC_GR, DOC_PVLD, DOC_PPDEC, DOC_PPPP };
	struct nvkm_sim *sim = pd_sim(test, 0xa3);
	int i;

	KUNIT_EXPECT_EQ(test, nvkm_sim_idle_wave(sim, 0, 10, 5), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_sim_idle_wave(sim, DOC_GR, 0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_sim_idle_wave(sim, DOC_GR, 10, 11), -EINVAL);
	for (i = 0; i < ARRAY_SIZE(engines); i++)
		KUNIT_ASSERT_EQ(test, nvkm_sim_idle_wave(sim, engines[i], 10, 5), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_idle_wave(sim, DOC_PCOPY0, 10, 5), -ENOSPC);
	KUNIT_EXPECT_EQ(test, nvkm_sim_idle_wave(sim, DOC_GR, 20, 5), 0);	/* replaced */

	counter_setup(sim, 0, DOC_GR, DOC_INCR_IF_NOT_ALL);
	nvkm_sim_set_idle(sim, DOC_GR, 0);
	nvkm_sim_run(sim, 40);
	KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 40, "GR busy throughout: no wave");
	KUNIT_EXPECT_EQ(test, nvkm_sim_idle_wave(sim, DOC_PCOPY0, 10, 5), 0);
}

/* The simulated PGRAPH load drives PDAEMON's GR_IDLE too. */
static void
gr_load_drives_gr_idle(struct kunit *test)
{
	static const u32 chipsets[] = { 0xa3, 0xc0, 0xe4 };
	struct nvkm_sim *sim;
	int i;

	for (i = 0; i < ARRAY_SIZE(chipsets); i++) {
		sim = pd_sim(test, chipsets[i]);
		counter_setup(sim, 0, DOC_GR, DOC_INCR_IF_NOT_ALL);
		counter_setup(sim, 1, 0, DOC_BOTH);
		KUNIT_ASSERT_EQ(test, nvkm_sim_gr_load(sim, 35, 1000), 0);
		nvkm_sim_run(sim, 10 * 1000);
		KUNIT_EXPECT_EQ_MSG(test, count_of(sim, 0), 3500, "chipset %02x", chipsets[i]);
		KUNIT_EXPECT_EQ(test, count_of(sim, 1), 10000);
	}
	/* no PGRAPH.IDLE the model knows, no PDAEMON */
	KUNIT_EXPECT_EQ(test, nvkm_sim_gr_load(pd_sim(test, 0x40), 35, 1000), -ENODEV);
}

static struct kunit_case nvpm_sim_pdaemon_cases[] = {
	KUNIT_CASE(incr_if_all_counts_cycles_all_masked_idle),
	KUNIT_CASE(incr_if_not_all_counts_any_masked_busy),
	KUNIT_CASE(both_modes_count_every_cycle),
	KUNIT_CASE(no_mode_bit_never_counts),
	KUNIT_CASE(empty_mask_all_always_not_all_never),
	KUNIT_CASE(run_advances_by_whole_span),
	KUNIT_CASE(clear_trigger_resets_count),
	KUNIT_CASE(count_write_without_clear_is_ignored),
	KUNIT_CASE(counters_are_independent),
	KUNIT_CASE_PARAM(gt215_has_four_counters_gf100_eight, pd_chips_gen_params),
	KUNIT_CASE(undocumented_addresses_are_unclaimed),
	KUNIT_CASE_PARAM(no_pdaemon_before_gt215, pd_nochips_gen_params),
	KUNIT_CASE(signals_register_is_read_only),
	KUNIT_CASE_PARAM(chipset_specific_signal_bits, pd_chips_gen_params),
	KUNIT_CASE_PARAM(mask_holds_only_existing_signal_bits, pd_chips_gen_params),
	KUNIT_CASE_PARAM(mode_unk2_only_on_gf119_plus, pd_chips_gen_params),
	KUNIT_CASE(count_field_wraps_at_31_bits),
	KUNIT_CASE(idle_wave_alternates_from_the_next_cycle),
	KUNIT_CASE(idle_wave_long_run_matches_short_runs),
	KUNIT_CASE(idle_waves_stop_and_run_out),
	KUNIT_CASE(gr_load_drives_gr_idle),
	{}
};

static struct kunit_suite nvpm_sim_pdaemon_suite = {
	.name = "nvpm_sim_pdaemon",
	.init = pd_test_init,
	.exit = pd_test_exit,
	.test_cases = nvpm_sim_pdaemon_cases,
};

kunit_test_suite(nvpm_sim_pdaemon_suite);
