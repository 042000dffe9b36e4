// SPDX-License-Identifier: MIT
/*
 * KUnit: PDAEMON's idle counters through the real path - counter group on
 * the idle counter domain -> perfmon engine -> PMU subdev -> MMIO ->
 * simulated PDAEMON -> back.  The engines' activity comes from the
 * simulator's workload API; every expected count is worked out here from
 * the activity pattern, cycle by cycle, never read from the model.
 */
#include <kunit/test.h>
#include <linux/debug_locks.h>
#include <linux/delay.h>
#include <linux/platform_device.h>
#include <nvkm/engine/pm.h>
#include <sim/pcounter.h>
#include <nvkm/subdev/pmu.h>
#include "nvpm_kunit.h"

/* Logic ops over the counter's signals (signal high: engine busy). */
#define OP_BUSY0	0xaaaa	/* signal 0's engine busy */
#define OP_IDLE0	0x5555	/* signal 0's engine idle */
#define OP_BUSY01	0xeeee	/* signal 0 or 1 busy */
#define OP_IDLE01	0x1111	/* signals 0 and 1 both idle */
#define OP_ALWAYS	0xffff

/* PDAEMON's COUNTER_COUNT(i) and COUNTER_MASK/MODE (envytools, 0x10a000 + ...) */
#define DOC_MASK(i)	(0x10a504 + (i) * 0x10)
#define DOC_COUNT(i)	(0x10a508 + (i) * 0x10)
#define DOC_MODE(i)	(0x10a50c + (i) * 0x10)

/* Engines, in the domain's signal order. */
enum { GR, PVLD, PPDEC, PPPP, MC, PCOPY0, PCOPY1, PCOPY2 };

/**
 * struct pmu_chip - what the reference says of a chipset's idle counters
 * @chipset: chipset id
 * @name: for messages
 * @counters: hardware counters
 * @engines: signals of the idle counter domain
 * @bit: COUNTER_SIGNALS bit of each engine
 */
struct pmu_chip {
	u32 chipset;
	const char *name;
	unsigned int counters;
	unsigned int engines;
	u32 bit[8];
};

static const struct pmu_chip pmu_chips[] = {
	{ 0xa3, "GT215", 4, 6, { BIT(0), BIT(4), BIT(5), BIT(6), BIT(8), BIT(19) } },
	{ 0xc0, "GF100", 8, 7, { BIT(0), BIT(4), BIT(5), BIT(6), BIT(7), BIT(19), BIT(20) } },
	{ 0xe4, "GK104", 8, 8,
	  { BIT(0), BIT(4), BIT(5), BIT(6), BIT(7), BIT(19), BIT(20), BIT(21) } },
};

static void
pmu_chip_desc(const struct pmu_chip *chip, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", chip->name);
}

KUNIT_ARRAY_PARAM(pmu_chips, pmu_chips, pmu_chip_desc);

static const struct pmu_chip pmu_nochips[] = {
	{ 0x40, "NV40" }, { 0x50, "G80" }, { 0x84, "G84" }, { 0xa0, "G200" }, { 0xac, "MCP79" },
};

KUNIT_ARRAY_PARAM(pmu_nochips, pmu_nochips, pmu_chip_desc);

/* --- fixture ---------------------------------------------------------------- */

struct pmu_fixture {
	const struct pmu_chip *chip;
	struct platform_device *pdev;
	struct nvkm_sim *sim;
	struct nvkm_device *device;
	struct nvkm_pm *pm;
	struct nvkm_pmu *pmu;
	int dom;		/* the idle counter domain, -1 if none */
};

static struct pmu_fixture *
pmu_fixture(struct kunit *test, const struct pmu_chip *chip)
{
	struct pmu_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	int d;

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	f->chip = chip;
	nvpm_kunit_sim_up(test, "nvpm-kunit-pmu", chip->chipset, &f->pdev, &f->sim);
	KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&f->pdev->dev, &nvkm_sim_mmio, f->sim,
						    &f->device), 0);
	f->pmu = f->device->pmu;
	if (f->pmu)
		f->pmu->poll_ms = 0;	/* every round is the test's */
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	f->pm = f->device->pm;
	f->dom = -1;
	for (d = 0; d < f->pm->nr_doms; d++) {
		if (f->pm->dom[d].idle)
			f->dom = d;
	}
	return f;
}

static void
pmu_exit(struct kunit *test)
{
	struct pmu_fixture *f = test->priv;

	if (!f)
		return;
	nvpm_kunit_sim_down(f->pdev, &f->sim, &f->device);
}

/* A group on the idle counter domain, counters added with ctr(). */
static void
idle_args(struct pmu_fixture *f, struct nvkm_pm_group_args *a)
{
	memset(a, 0, sizeof(*a));
	a->dom = f->dom;
	a->mode = NVPM_MODE_QUAD;
}

static void
ctr(struct nvkm_pm_group_args *a, u16 op, u8 sig0, u8 sig1)
{
	a->ctr[a->nr_ctr].signal[0] = sig0;
	a->ctr[a->nr_ctr].signal[1] = sig1;
	a->ctr[a->nr_ctr].logic_op = op;
	a->nr_ctr++;
}

static int
sample(struct pmu_fixture *f, struct nvkm_pm_group **doms, int nr)
{
	nvkm_pm_trigger(f->pm);
	return nvkm_pm_collect_groups(f->pm, doms, nr, false);
}

static u64
mmio(struct pmu_fixture *f, u64 *wr)
{
	struct nvkm_sim_stats s;

	nvkm_sim_stats(f->sim, &s);
	*wr = s.wr;
	return s.rd;
}

/* --- activity patterns -------------------------------------------------------- */

#define WAVES	3

/**
 * struct pattern - engines' activity: some busy or idle throughout, some
 *		    alternating (idle first, then busy, every period)
 * @what: for messages
 * @busy: engines busy throughout (all others idle, but for the waves)
 * @wave: up to WAVES waves: engine, period, idle cycles per period
 */
struct pattern {
	const char *what;
	u32 busy;
	struct {
		int engine;
		u32 period;
		u32 idle;
	} wave[WAVES];
};

static const struct pattern patterns[] = {
	{ "gr 37.5% busy, pcopy0 75% busy, mc busy", BIT(MC),
	  { { GR, 1000, 625 }, { PCOPY0, 800, 200 } } },
	{ "gr busy, pcopy0 idle", BIT(GR) },
	{ "everything idle", 0 },
	{ "gr, pcopy0 and mc on coprime periods 7, 11, 13", 0,
	  { { GR, 7, 3 }, { PCOPY0, 11, 5 }, { MC, 13, 4 } } },
	{ "gr busy 1 cycle in 100, pcopy0 99", BIT(MC),
	  { { GR, 100, 99 }, { PCOPY0, 100, 1 } } },
};

static void
pattern_start(struct kunit *test, struct pmu_fixture *f, const struct pattern *p)
{
	u32 busy = 0;
	int e, w;

	for (e = 0; e < f->chip->engines; e++) {
		if (p->busy & BIT(e))
			busy |= f->chip->bit[e];
	}
	nvkm_sim_set_idle(f->sim, ~0u, ~busy);
	for (w = 0; w < WAVES; w++) {
		if (!p->wave[w].period)
			continue;
		KUNIT_ASSERT_EQ(test, nvkm_sim_idle_wave(f->sim, f->chip->bit[p->wave[w].engine],
							 p->wave[w].period, p->wave[w].idle), 0);
	}
}

/*
 * Per counter of @a, the cycles among the first @n of @p in which its
 * logic op is true, the engines' busy levels being its arguments.
 */
static void
expected(const struct pattern *p, const struct nvkm_pm_group_args *a, u64 n, u64 *want)
{
	u32 phase[WAVES] = {}, busy;
	int i, k, w, idx;
	u64 c;

	for (i = 0; i < a->nr_ctr; i++)
		want[i] = 0;
	for (c = 0; c < n; c++) {
		busy = p->busy;
		for (w = 0; w < WAVES; w++) {
			if (!p->wave[w].period)
				continue;
			busy &= ~BIT(p->wave[w].engine);
			if (phase[w] >= p->wave[w].idle)
				busy |= BIT(p->wave[w].engine);
			if (++phase[w] == p->wave[w].period)
				phase[w] = 0;
		}
		for (i = 0; i < a->nr_ctr; i++) {
			for (idx = 0, k = 0; k < 4; k++)
				idx |= !!(busy & BIT(a->ctr[i].signal[k])) << k;
			want[i] += (a->ctr[i].logic_op >> idx) & 1;
		}
	}
}

/* --- the domain --------------------------------------------------------------- */

static void
domain_per_generation(struct kunit *test)
{
	static const char * const names[] = {
		"gr", "pvld", "ppdec", "pppp", "mc", "pcopy0", "pcopy1", "pcopy2",
	};
	const struct pmu_chip *chip = test->param_value;
	struct pmu_fixture *f = pmu_fixture(test, chip);
	const struct nvkm_pm_dom *dom;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, f->pmu);
	KUNIT_ASSERT_EQ_MSG(test, f->dom, f->pm->nr_doms - 1, "the last domain");
	dom = &f->pm->dom[f->dom];
	KUNIT_EXPECT_STREQ(test, dom->name, "pdaemon");
	KUNIT_EXPECT_STREQ(test, dom->clock, "pdaemon");
	KUNIT_EXPECT_EQ(test, dom->nr_signals, chip->engines);
	KUNIT_EXPECT_EQ(test, dom->nr_ctr, min(4u, chip->counters - 1));
	KUNIT_ASSERT_EQ(test, dom->nr_sig, chip->engines);
	for (i = 0; i < chip->engines; i++) {
		KUNIT_EXPECT_EQ(test, dom->sig[i].signal, i);
		KUNIT_EXPECT_STREQ(test, dom->sig[i].name, names[i]);
	}
	for (i = 0; i < f->dom; i++)
		KUNIT_EXPECT_FALSE_MSG(test, f->pm->dom[i].idle, "%s", f->pm->dom[i].name);
}

static void
no_idle_domain_before_gt215(struct kunit *test)
{
	struct pmu_fixture *f = pmu_fixture(test, test->param_value);
	int d;

	KUNIT_EXPECT_NULL(test, f->pmu);
	KUNIT_EXPECT_EQ(test, f->dom, -1);
	for (d = 0; d < f->pm->nr_doms; d++)
		KUNIT_EXPECT_STRNEQ(test, f->pm->dom[d].name, "pdaemon");
}

/* --- counting ----------------------------------------------------------------- */

/*
 * Each pattern for 3 spans of 20000 cycles, sampled after each: the
 * totals are what the pattern gives cycle by cycle, the cycles are every
 * cycle, and single engines show the pattern's busy share within 0.1%.
 */
static void
busy_share_follows_the_pattern(struct kunit *test)
{
	const struct pmu_chip *chip = test->param_value;
	struct pmu_fixture *f = pmu_fixture(test, chip);
	const u64 span = 20000, spans = 3;
	u64 want[NVKM_PM_COUNTERS];
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	int p, i, s;

	for (p = 0; p < ARRAY_SIZE(patterns); p++) {
		const struct pattern *pat = &patterns[p];

		idle_args(f, &a);
		ctr(&a, OP_BUSY0, GR, 0);
		ctr(&a, OP_BUSY0, PCOPY0, 0);
		ctr(&a, OP_BUSY01, GR, PCOPY0);
		if (f->pm->dom[f->dom].nr_ctr > 3)
			ctr(&a, OP_IDLE01, GR, MC);
		pattern_start(test, f, pat);
		KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
		for (s = 0; s < spans; s++) {
			nvkm_sim_run(f->sim, span);
			KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
		}
		nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
		KUNIT_EXPECT_EQ_MSG(test, r.cycles, spans * span, "%s", pat->what);
		KUNIT_EXPECT_EQ(test, r.samples, spans);
		expected(pat, &a, spans * span, want);
		for (i = 0; i < a.nr_ctr; i++)
			KUNIT_EXPECT_EQ_MSG(test, r.value[i], want[i],
					    "%s: counter %d, op 0x%04x", pat->what, i,
					    a.ctr[i].logic_op);
		/* the share of single engines against the pattern's own */
		for (i = 0; i < WAVES && pat->wave[i].period; i++) {
			u64 want = div_u64(100000ull * (pat->wave[i].period - pat->wave[i].idle),
					   pat->wave[i].period);	/* 1/1000 % */
			int c = pat->wave[i].engine == GR ? 0 :
				pat->wave[i].engine == PCOPY0 ? 1 : -1;
			u64 got;

			if (c < 0)
				continue;
			got = div64_u64(100000ull * r.value[c], r.cycles);
			KUNIT_EXPECT_LE_MSG(test, abs((s64)got - (s64)want), 100,
					    "%s: engine %d busy %llu.%03llu%%, want %llu.%03llu%%",
					    pat->what, pat->wave[i].engine, got / 1000, got % 1000,
					    want / 1000, want % 1000);
		}
		nvkm_pm_group_del(&grp);
	}
}

/* The simulated PGRAPH load (sim_gr_busy) is PDAEMON's GR idle bit too. */
static void
gr_load_is_gr_busy(struct kunit *test)
{
	const struct pmu_chip *chip = test->param_value;
	struct pmu_fixture *f = pmu_fixture(test, chip);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;

	idle_args(f, &a);
	ctr(&a, OP_BUSY0, GR, 0);
	ctr(&a, OP_IDLE0, GR, 0);
	KUNIT_ASSERT_EQ(test, nvkm_sim_gr_load(f->sim, 35, 1000), 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	nvkm_sim_run(f->sim, 10 * 1000);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[0], 3500);
	KUNIT_EXPECT_EQ(test, r.value[1], 6500);
	KUNIT_EXPECT_EQ(test, r.cycles, 10000);
	nvkm_pm_group_del(&grp);
}

/* Groups counting the same share a counter, and count from their own start. */
static void
groups_share_counters_count_from_their_start(struct kunit *test)
{
	struct pmu_fixture *f = pmu_fixture(test, test->param_value);
	struct nvkm_pm_group_result ra, rb;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grps[2];

	nvkm_sim_set_idle(f->sim, f->chip->bit[GR], 0);		/* gr busy */
	idle_args(f, &a);
	ctr(&a, OP_BUSY0, GR, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grps[0]), 0);
	nvkm_sim_run(f->sim, 100);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grps[1]), 0);
	KUNIT_EXPECT_EQ(test, grps[0]->idle.ctr[0].hw, grps[1]->idle.ctr[0].hw);
	KUNIT_EXPECT_EQ(test, grps[0]->idle.timebase, grps[1]->idle.timebase);
	nvkm_sim_run(f->sim, 50);
	nvkm_sim_set_idle(f->sim, f->chip->bit[GR], f->chip->bit[GR]);
	nvkm_sim_run(f->sim, 30);
	KUNIT_ASSERT_EQ(test, sample(f, grps, 2), 0);
	nvkm_pm_group_read(grps[0], &ra, NVPM_READ_LOST);
	nvkm_pm_group_read(grps[1], &rb, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, ra.value[0], 150);
	KUNIT_EXPECT_EQ(test, ra.cycles, 180);
	KUNIT_EXPECT_EQ(test, rb.value[0], 50);
	KUNIT_EXPECT_EQ(test, rb.cycles, 80);
	nvkm_pm_group_del(&grps[0]);
	nvkm_pm_group_del(&grps[1]);
}

/*
 * The same counters shared by many groups: 64 on the device, then -ENOSPC
 * with nothing changed (sampling visits every group: their number is a
 * constant, whatever the number of files).
 */
static void
shared_domain_takes_64_groups(struct kunit *test)
{
	struct pmu_fixture *f = pmu_fixture(test, test->param_value);
	struct nvkm_pm_group *grps[65], *again;
	struct nvkm_pm_group_args a;
	int i;

	idle_args(f, &a);
	ctr(&a, OP_BUSY0, GR, 0);
	for (i = 0; i < 64; i++)
		KUNIT_ASSERT_EQ_MSG(test, nvkm_pm_group_new_held(f->pm, &a, &grps[i], &grps[i]), 0,
				    "group %d", i);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new_held(f->pm, &a, f, &grps[64]), -ENOSPC);
	KUNIT_EXPECT_NULL(test, grps[64]);
	nvkm_pm_group_del(&grps[0]);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new_held(f->pm, &a, f, &again), 0);
	nvkm_pm_group_del(&again);
	for (i = 1; i < 64; i++)
		nvkm_pm_group_del(&grps[i]);
}

/* --- allocation ----------------------------------------------------------------- */

/* Distinct counter k: engine k busy, then engine k - engines idle. */
static void
distinct(const struct pmu_chip *chip, struct nvkm_pm_group_args *a, unsigned int k)
{
	if (k < chip->engines)
		ctr(a, OP_BUSY0, k, 0);
	else
		ctr(a, OP_IDLE0, k - chip->engines, 0);
}

/*
 * Distinct counters fill the hardware (the time base takes one); one more
 * is -EBUSY and touches nothing, one already counted is shared, and what
 * is released can be handed out again.
 */
static void
exhaustion_is_ebusy(struct kunit *test)
{
	const struct pmu_chip *chip = test->param_value;
	struct pmu_fixture *f = pmu_fixture(test, chip);
	unsigned int per = f->pm->dom[f->dom].nr_ctr, k = 0, g = 0, i;
	struct nvkm_pm_group *grp[NVKM_PMU_COUNTERS_MAX], *extra, *shared;
	u64 rd0, wr0, rd1, wr1;
	struct nvkm_pm_group_args a;

	while (k < chip->counters - 1) {
		idle_args(f, &a);
		while (a.nr_ctr < per && k < chip->counters - 1)
			distinct(chip, &a, k++);
		KUNIT_ASSERT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp[g]), 0, "group %u", g);
		g++;
	}

	/* one more: refused, no register touched */
	idle_args(f, &a);
	distinct(chip, &a, k);
	rd0 = mmio(f, &wr0);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &extra), -EBUSY);
	KUNIT_EXPECT_NULL(test, extra);
	/* all or nothing: a counter already there and a new one */
	idle_args(f, &a);
	distinct(chip, &a, 0);
	distinct(chip, &a, k);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &extra), -EBUSY);
	rd1 = mmio(f, &wr1);
	KUNIT_EXPECT_EQ(test, rd1, rd0);
	KUNIT_EXPECT_EQ(test, wr1, wr0);
	KUNIT_EXPECT_EQ(test, f->pmu->ctr[grp[0]->idle.ctr[0].hw].users, 1);

	/* one already counted: shared */
	idle_args(f, &a);
	distinct(chip, &a, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &shared), 0);

	/* the last group goes: its counters are free again */
	nvkm_pm_group_del(&grp[--g]);
	idle_args(f, &a);
	distinct(chip, &a, k);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &extra), 0);
	nvkm_pm_group_del(&extra);

	while (g)
		nvkm_pm_group_del(&grp[--g]);
	nvkm_pm_group_del(&shared);
	/* everything released: every counter free and stopped */
	for (i = 0; i < chip->counters; i++) {
		KUNIT_EXPECT_EQ_MSG(test, f->pmu->ctr[i].users, 0, "counter %u", i);
		KUNIT_EXPECT_EQ_MSG(test, nvkm_sim_mmio.rd32(f->sim, DOC_MODE(i)), 0,
				    "counter %u MODE", i);
	}
}

/* What the hardware cannot count is refused, and touches nothing. */
static void
uncountable_groups_are_refused(struct kunit *test)
{
	/* 0x8888: GR and PVLD both busy, which no COUNTER_MODE counts */
	static const u16 bad_ops[] = { 0x0000, 0x6666, 0x2222, 0xaaab, 0x7777, 0x8888 };
	struct pmu_fixture *f = pmu_fixture(test, &pmu_chips[0]);
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	u64 rd0, wr0, rd1, wr1;
	int i;

	rd0 = mmio(f, &wr0);
	for (i = 0; i < ARRAY_SIZE(bad_ops); i++) {
		idle_args(f, &a);
		ctr(&a, bad_ops[i], GR, PVLD);
		KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL,
				    "op 0x%04x", bad_ops[i]);
	}
	idle_args(f, &a);
	ctr(&a, OP_BUSY0, f->chip->engines, 0);
	KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL, "signal");
	idle_args(f, &a);
	ctr(&a, OP_BUSY0, GR, 0);
	a.ctr[0].signal[3] = f->chip->engines;	/* unused by the op, still checked */
	KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL, "signal 3");
	idle_args(f, &a);
	ctr(&a, OP_BUSY0, GR, 0);
	a.mode = NVPM_MODE_SINGLE;
	KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL, "single");
	a.mode = NVPM_MODE_QUAD;
	a.ctr_mode = 1;
	KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL, "ctr_mode");
	a.ctr_mode = 0;
	a.ctr[0].flags = NVPM_COUNTER_DELAY0;
	KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL, "flags");
	a.ctr[0].flags = 0;
	a.event_period_all = true;
	KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL, "period all");
	idle_args(f, &a);
	KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -E2BIG, "no counter");
	for (i = 0; i < 4; i++)
		ctr(&a, OP_BUSY0, i, 0);
	KUNIT_EXPECT_EQ_MSG(test, nvkm_pm_group_new(f->pm, &a, &grp), -E2BIG,
			    "4 counters on GT215");
	rd1 = mmio(f, &wr1);
	KUNIT_EXPECT_EQ(test, rd1, rd0);
	KUNIT_EXPECT_EQ(test, wr1, wr0);

	/* every op of the hardware's three kinds is taken */
	idle_args(f, &a);
	ctr(&a, OP_IDLE01, GR, PVLD);
	ctr(&a, 0xfcfc, PVLD, PPDEC);		/* signal 1 or 2 busy, 0 ignored */
	ctr(&a, OP_ALWAYS, 0, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	KUNIT_EXPECT_EQ(test, grp->idle.ctr[2].hw, grp->idle.timebase);
	nvkm_pm_group_del(&grp);
}

/* --- reading and resetting ------------------------------------------------------ */

/*
 * A SAMPLE with only idle counter groups is one round: a read of every
 * counter in use, nothing else, however many groups share them.
 */
static void
sample_reads_each_counter_once(struct kunit *test)
{
	const struct pmu_chip *chip = test->param_value;
	struct pmu_fixture *f = pmu_fixture(test, chip);
	struct nvkm_pm_group *grps[3];
	struct nvkm_pm_group_args a;
	u64 rd0, wr0, rd1, wr1;
	unsigned int n, i;

	idle_args(f, &a);
	for (i = 0; i < f->pm->dom[f->dom].nr_ctr; i++)
		distinct(chip, &a, i);
	n = a.nr_ctr + 1;	/* and the time base */
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grps[0]), 0);
	idle_args(f, &a);
	distinct(chip, &a, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grps[1]), 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grps[2]), 0);

	for (i = 1; i <= 3; i++) {
		nvkm_sim_run(f->sim, 100);
		rd0 = mmio(f, &wr0);
		KUNIT_ASSERT_EQ(test, sample(f, grps, i), 0);
		rd1 = mmio(f, &wr1);
		KUNIT_EXPECT_EQ_MSG(test, rd1 - rd0, n, "reads, %u groups sampled", i);
		KUNIT_EXPECT_EQ_MSG(test, wr1 - wr0, 0, "writes, %u groups sampled", i);
	}
	for (i = 0; i < 3; i++)
		nvkm_pm_group_del(&grps[i]);
}

/*
 * A counter handed out starts from zero, whatever it held; rounds read
 * it without stopping or resetting it; a second SAMPLE with no time
 * between adds nothing; the totals go on from there.
 */
static void
handed_out_from_zero_rounds_only_read(struct kunit *test)
{
	const struct pmu_chip *chip = test->param_value;
	struct pmu_fixture *f = pmu_fixture(test, chip);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	unsigned int i;

	/* every counter counting every cycle, behind the driver's back */
	for (i = 0; i < chip->counters; i++)
		nvkm_sim_mmio.wr32(f->sim, DOC_MODE(i), BIT(0) | BIT(1));
	nvkm_sim_run(f->sim, 1000);
	nvkm_sim_set_idle(f->sim, f->chip->bit[GR], 0);
	idle_args(f, &a);
	ctr(&a, OP_BUSY0, GR, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_COUNT(grp->idle.ctr[0].hw)), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_COUNT(grp->idle.timebase)), 0);
	nvkm_sim_run(f->sim, 500);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_COUNT(grp->idle.ctr[0].hw)), 500);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_COUNT(grp->idle.timebase)), 500);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[0], 500);
	KUNIT_EXPECT_EQ(test, r.cycles, 500);
	nvkm_sim_run(f->sim, 200);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[0], 700);
	KUNIT_EXPECT_EQ(test, r.cycles, 700);
	KUNIT_EXPECT_EQ(test, r.samples, 3);
	nvkm_pm_group_del(&grp);
}

/*
 * Suspend keeps what was counted; a GPU reset loses the counters'
 * configuration and resume programs it again: the totals go on, the
 * suspended span is not counted.
 */
static void
resume_after_reset_reprograms(struct kunit *test)
{
	const struct pmu_chip *chip = test->param_value;
	struct pmu_fixture *f = pmu_fixture(test, chip);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	unsigned int hw;

	nvkm_sim_set_idle(f->sim, f->chip->bit[PCOPY0], 0);
	idle_args(f, &a);
	ctr(&a, OP_BUSY0, PCOPY0, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	hw = grp->idle.ctr[0].hw;
	nvkm_sim_run(f->sim, 300);
	KUNIT_ASSERT_EQ(test, nvkm_device_fini(f->device, true), 0);
	nvkm_sim_run(f->sim, 1000);		/* suspended */
	KUNIT_ASSERT_EQ(test, nvkm_sim_reset(f->sim), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_MASK(hw)), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_MASK(hw)), chip->bit[PCOPY0]);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_MODE(hw)), BIT(1));
	nvkm_sim_run(f->sim, 400);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[0], 700);
	KUNIT_EXPECT_EQ(test, r.cycles, 700);

	/* a resume without a reset: the counters ran on, they start over */
	KUNIT_ASSERT_EQ(test, nvkm_device_fini(f->device, true), 0);
	nvkm_sim_run(f->sim, 1000);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_COUNT(hw)), 1400);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, DOC_COUNT(hw)), 0);
	nvkm_sim_run(f->sim, 100);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[0], 800);
	KUNIT_EXPECT_EQ(test, r.cycles, 800);
	nvkm_pm_group_del(&grp);
}

/*
 * When every register access takes time, the counters, read one after
 * the other, still lose nothing: between two SAMPLEs the time base counts
 * exactly the cycles that passed, and an engine busy throughout as many.
 */
static void
slow_accesses_lose_no_cycles(struct kunit *test)
{
	const struct pmu_chip *chip = test->param_value;
	struct pmu_fixture *f = pmu_fixture(test, chip);
	struct nvkm_pm_group_result r, prev;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	u64 now, then;
	int i;

	nvkm_sim_set_idle(f->sim, f->chip->bit[GR] | f->chip->bit[PVLD], 0);
	idle_args(f, &a);
	ctr(&a, OP_BUSY0, GR, 0);
	ctr(&a, OP_BUSY0, PVLD, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	nvkm_sim_set_access_cycles(f->sim, 13);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &prev, NVPM_READ_LOST);
	then = f->sim->now;
	for (i = 0; i < 5; i++) {
		nvkm_sim_run(f->sim, 1000 + 7 * i);
		KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
		nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
		now = f->sim->now;
		KUNIT_EXPECT_EQ_MSG(test, r.cycles - prev.cycles, now - then, "round %d", i);
		KUNIT_EXPECT_EQ_MSG(test, r.value[0] - prev.value[0], now - then, "round %d", i);
		KUNIT_EXPECT_EQ_MSG(test, r.value[1] - prev.value[1], now - then, "round %d", i);
		prev = r;
		then = now;
	}
	nvkm_sim_set_access_cycles(f->sim, 0);
	nvkm_pm_group_del(&grp);
}

/* Wait (up to 2 s) until something reads a register: the poll worker. */
static bool
wait_for_poll(struct pmu_fixture *f)
{
	u64 wr, rd = mmio(f, &wr);
	int i;

	for (i = 0; i < 100; i++) {
		msleep(20);
		if (mmio(f, &wr) != rd)
			return true;
	}
	return false;
}

/*
 * Spans between SAMPLEs longer than the 31-bit counters hold: the poll
 * worker's rounds in between keep the 64-bit totals exact.
 */
static void
poll_keeps_totals_past_31_bits(struct kunit *test)
{
	const u64 spans[] = { BIT_ULL(30), BIT_ULL(30) + BIT_ULL(29), BIT_ULL(29) + 7 };
	struct pmu_fixture *f = pmu_fixture(test, &pmu_chips[0]);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	u64 total = 0;
	int i;

	nvkm_sim_set_idle(f->sim, f->chip->bit[GR], 0);
	f->pmu->poll_ms = 10;
	idle_args(f, &a);
	ctr(&a, OP_BUSY0, GR, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	for (i = 0; i < ARRAY_SIZE(spans); i++) {
		nvkm_sim_run(f->sim, spans[i]);
		total += spans[i];
		if (i + 1 < ARRAY_SIZE(spans))
			KUNIT_ASSERT_TRUE_MSG(test, wait_for_poll(f), "no poll after span %d", i);
	}
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_GT(test, total, BIT_ULL(31));
	KUNIT_EXPECT_EQ(test, r.value[0], total);
	KUNIT_EXPECT_EQ(test, r.cycles, total);
	nvkm_pm_group_del(&grp);
	f->pmu->poll_ms = 0;
}

/*
 * perf calls its PMU's callbacks under its context's raw spinlock with
 * interrupts off; there nvpm latches, collects, reads and programs groups
 * (a PCOUNTER domain's and the idle counters') and reads PTIMER.  On
 * PREEMPT_RT that path may take only raw spinlocks and allocate nothing:
 * under CONFIG_PROVE_RAW_LOCK_NESTING lockdep reports anything else, and
 * turns itself off, which this test sees.  Run with the simulator's clock
 * real, so that the catch-ups work under the lock as they do for perf.
 */
static void
perf_path_takes_only_raw_locks(struct kunit *test)
{
	static DEFINE_RAW_SPINLOCK(perf_ctx_lock);
	struct pmu_fixture *f = pmu_fixture(test, &pmu_chips[0]);
	struct nvkm_pm_group_args a, b;
	struct nvkm_pm_group *grp[2];
	struct nvkm_pm_group_result r;
	unsigned long flags;
	int ret, i;

	if (!IS_ENABLED(CONFIG_PROVE_RAW_LOCK_NESTING))
		kunit_skip(test, "no CONFIG_PROVE_RAW_LOCK_NESTING");
	KUNIT_ASSERT_TRUE_MSG(test, debug_locks, "lockdep was off before the test");
	nvkm_sim_set_manual_clock(f->sim, false);
	idle_args(f, &a);
	ctr(&a, OP_ALWAYS, 0, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp[0]), 0);
	memset(&b, 0, sizeof(b));
	b.dom = 0;
	b.mode = NVPM_MODE_QUAD;
	ctr(&b, OP_ALWAYS, 0, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &b, &grp[1]), 0);

	for (i = 0; i < 4; i++) {
		raw_spin_lock_irqsave(&perf_ctx_lock, flags);
		nvkm_device_ptimer(f->device);
		nvkm_pm_trigger(f->pm);
		ret = nvkm_pm_collect_groups(f->pm, grp, 2, true);
		nvkm_pm_group_read(grp[0], &r, NVPM_READ_LOST);
		nvkm_pm_group_read(grp[1], &r, NVPM_READ_LOST);
		b.nr_ctr = 1;
		ctr(&b, OP_ALWAYS, i, 0);	/* a second counter, another signal */
		if (!ret)
			ret = nvkm_pm_group_set(grp[1], &b);
		raw_spin_unlock_irqrestore(&perf_ctx_lock, flags);
		KUNIT_EXPECT_EQ(test, ret, 0);
	}
	KUNIT_EXPECT_GT(test, r.cycles, 0ull);
	KUNIT_EXPECT_TRUE_MSG(test, debug_locks, "lockdep reported the perf path");
	nvkm_pm_group_del(&grp[1]);
	nvkm_pm_group_del(&grp[0]);
}

static struct kunit_case nvpm_pmu_cases[] = {
	KUNIT_CASE_PARAM(domain_per_generation, pmu_chips_gen_params),
	KUNIT_CASE_PARAM(no_idle_domain_before_gt215, pmu_nochips_gen_params),
	KUNIT_CASE_PARAM(busy_share_follows_the_pattern, pmu_chips_gen_params),
	KUNIT_CASE_PARAM(gr_load_is_gr_busy, pmu_chips_gen_params),
	KUNIT_CASE_PARAM(groups_share_counters_count_from_their_start, pmu_chips_gen_params),
	KUNIT_CASE_PARAM(exhaustion_is_ebusy, pmu_chips_gen_params),
	KUNIT_CASE_PARAM(shared_domain_takes_64_groups, pmu_chips_gen_params),
	KUNIT_CASE(uncountable_groups_are_refused),
	KUNIT_CASE_PARAM(sample_reads_each_counter_once, pmu_chips_gen_params),
	KUNIT_CASE_PARAM(handed_out_from_zero_rounds_only_read, pmu_chips_gen_params),
	KUNIT_CASE_PARAM(resume_after_reset_reprograms, pmu_chips_gen_params),
	KUNIT_CASE_PARAM(slow_accesses_lose_no_cycles, pmu_chips_gen_params),
	KUNIT_CASE(poll_keeps_totals_past_31_bits),
	KUNIT_CASE(perf_path_takes_only_raw_locks),
	{}
};

static struct kunit_suite nvpm_pmu_suite = {
	.name = "nvpm_pmu",
	.exit = pmu_exit,
	.test_cases = nvpm_pmu_cases,
};

kunit_test_suite(nvpm_pmu_suite);
