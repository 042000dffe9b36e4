// SPDX-License-Identifier: MIT
/*
 * KUnit: hardware facts where the driver and the simulated GPU must agree
 * with the reference and not merely with each other - GF100+ floorswept
 * boards (PUNITS disable masks), the GF100 programming sequence (CTRL
 * bit 18, FILTER), PDAEMON's INCR_IF_NOT_ALL, and the Tesla multiplexers'
 * ENABLE bit.  Every address, register word and expected count here is
 * written out by hand from the envytools documents (rnndb bus/punits.xml,
 * gf100_pcounter.xml, g80_pgraph*.xml, pm_pdaemon_counter.rst), never
 * taken from the headers the driver uses.
 */
#include <kunit/test.h>
#include <linux/platform_device.h>
#include <nvkm/engine/pm.h>
#include <sim/pcounter.h>
#include <nvkm/subdev/pmu.h>
#include "nvpm_kunit.h"

/* PMC.ENABLE (0x000200) bit 28: GF100+ PCOUNTER out of reset */
#define DOC_PMC_ENABLE		0x000200
#define DOC_PMC_PCOUNTER	0x10000000

/* PUNITS (0x022400): design counts and disable masks */
#define DOC_GPC_COUNT		0x022430
#define DOC_PART_COUNT		0x022438
#define DOC_HW_GPC_DISABLE	0x022504
#define DOC_HW_PART_DISABLE	0x022548
#define DOC_SW_GPC_DISABLE	0x022584
#define DOC_SW_PART_DISABLE	0x0225c8

/* GF100 PCOUNTER: GPC_DOM[g][d], PART_DOM[p][d], GPC_DSET[g], PART_DSET[p] */
#define DOC_GPC(g, d)		(0x180000 + (g) * 0x1000 + (d) * 0x200)
#define DOC_PART(p, d)		(0x1a0000 + (p) * 0x1000 + (d) * 0x200)
#define DOC_GPC_DSET(g)		(0x1b8000 + (g) * 0x200)
#define DOC_PART_DSET(p)	(0x1bc000 + (p) * 0x200)
#define DOC_EVENT_SRC		0x050
#define DOC_EVENT_OP		0x054
#define DOC_CTRL		0x09c
#define DOC_CTR_EVENT_NEXT	0x0a4
#define DOC_CTR_CYCLES_NEXT	0x0bc
#define DOC_FILTER		0x100

/* PGRAPH multiplexers: TPC[t].PROP.PM_MUX (G80:G200), ROP[r].CROP.PM_MUX */
#define DOC_G80_PROP_MUX(t)	(0x408e50 + (t) * 0x1000)
#define DOC_CROP_MUX(r)		(0x407008 + (r) * 0x100)
#define DOC_PM_MUX_ENABLE	0x80000000
/* NV40:GF100 SIG_STATUS of domain d, signals 0-31 */
#define DOC_NV40_STATUS(d)	(0x00a800 + (d) * 0x20)

/* PDAEMON COUNTER_SIGNALS: GR_IDLE bit 0, PVLD_IDLE bit 4 */
#define GR_IDLE			BIT(0)
#define PVLD_IDLE		BIT(4)

#define OP_ARG0			0xaaaa
#define OP_ALWAYS		0xffff

struct hw_fixture {
	struct platform_device *pdev;
	struct nvkm_sim *sim;
	struct nvkm_device *device;
	struct nvkm_pm *pm;
};

/* A device on a simulated @chipset board, switched-off units @fs (or NULL). */
static struct hw_fixture *
hw_fixture(struct kunit *test, u32 chipset, const struct nvkm_sim_punits *fs)
{
	struct hw_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	nvpm_kunit_sim_up(test, "nvpm-kunit-hw", chipset, &f->pdev, &f->sim);
	if (fs)
		KUNIT_ASSERT_EQ(test, nvkm_sim_floorsweep(f->sim, fs), 0);
	KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&f->pdev->dev, &nvkm_sim_mmio, f->sim,
						    &f->device), 0);
	if (f->device->pmu)
		f->device->pmu->poll_ms = 0;	/* every round is the test's */
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	f->pm = f->device->pm;
	return f;
}

static void
hw_exit(struct kunit *test)
{
	struct hw_fixture *f = test->priv;

	if (!f)
		return;
	nvpm_kunit_sim_down(f->pdev, &f->sim, &f->device);
}

static int
find_dom(struct nvkm_pm *pm, const char *name)
{
	int d;

	for (d = 0; d < pm->nr_doms; d++) {
		if (!strcmp(pm->dom[d].name, name))
			return d;
	}
	return -1;
}

static const struct nvkm_pm_sig *
find_sig(struct nvkm_pm *pm, const char *name, int *pd)
{
	int d, i;

	for (d = 0; d < pm->nr_doms; d++) {
		for (i = 0; i < pm->dom[d].nr_sig; i++) {
			if (!strcmp(pm->dom[d].sig[i].name, name)) {
				*pd = d;
				return &pm->dom[d].sig[i];
			}
		}
	}
	return NULL;
}

/* One quad counter: @op over @sig. */
static void
one_ctr(struct nvkm_pm_group_args *a, int dom, u16 op, u8 sig)
{
	memset(a, 0, sizeof(*a));
	a->dom = dom;
	a->mode = NVPM_MODE_QUAD;
	a->nr_ctr = 1;
	a->ctr[0].signal[0] = sig;
	a->ctr[0].logic_op = op;
}

/* Latch and collect; the latch takes a cycle to happen (PGRAPH trigger). */
static int
sample(struct hw_fixture *f, struct nvkm_pm_group *grp)
{
	nvkm_pm_trigger(f->pm);
	nvkm_sim_run(f->sim, 1);
	return nvkm_pm_collect_groups(f->pm, &grp, 1, false);
}

/*
 * A group whose first latch is dropped (before G84, GF100+: nothing clears
 * the shadow counters): latch once, run @cycles, latch again.  The second
 * window is @cycles plus the first latch's cycle.
 */
static void
count_window(struct kunit *test, struct hw_fixture *f, struct nvkm_pm_group *grp,
	     u64 cycles, struct nvkm_pm_group_result *r)
{
	KUNIT_EXPECT_EQ(test, sample(f, grp), 0);
	nvkm_sim_run(f->sim, cycles);
	KUNIT_EXPECT_EQ(test, sample(f, grp), 0);
	nvkm_pm_group_read(grp, r, NVPM_READ_LOST);
}

/* --- floorsweeping -------------------------------------------------------- */

/*
 * The model: a GF100 (4 GPCs, 6 partitions) with GPC 2 fused off and
 * partition 1 switched off by software.  The masks read back, and the
 * switched-off units' PCOUNTER blocks decode nothing.
 */
static void
floorswept_units_decode_nothing(struct kunit *test)
{
	static const u32 gone[] = {
		DOC_GPC(2, 0) + DOC_CTRL, DOC_GPC_DSET(2),
		DOC_PART(1, 0) + DOC_CTRL, DOC_PART(1, 1) + DOC_CTRL, DOC_PART_DSET(1),
	}, there[] = {
		DOC_GPC(1, 0) + DOC_CTRL, DOC_GPC(3, 0) + DOC_CTRL, DOC_GPC_DSET(3),
		DOC_PART(0, 1) + DOC_CTRL, DOC_PART(2, 0) + DOC_CTRL, DOC_PART(5, 1) + DOC_CTRL,
		DOC_PART_DSET(5),
	};
	const struct nvkm_sim_punits fs = { .gpc_hw = BIT(2), .part_sw = BIT(1) };
	struct nvkm_sim *sim = nvkm_sim_new(0xc0), *g84 = nvkm_sim_new(0x84);
	u64 before;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, sim);
	KUNIT_ASSERT_NOT_NULL(test, g84);
	KUNIT_EXPECT_EQ(test, nvkm_sim_floorsweep(g84, &fs), -ENODEV);
	nvkm_sim_del(&g84);

	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_HW_GPC_DISABLE), 0);
	KUNIT_ASSERT_EQ(test, nvkm_sim_floorsweep(sim, &fs), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_GPC_COUNT), 4);	/* the design's */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_PART_COUNT), 6);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_HW_GPC_DISABLE), 0x4);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_SW_GPC_DISABLE), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_HW_PART_DISABLE), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_SW_PART_DISABLE), 0x2);
	kt_wr(sim, DOC_HW_GPC_DISABLE, 0);				/* read-only */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_HW_GPC_DISABLE), 0x4);

	/* 7 Fermi hub domains, 3 GPCs of 1, 5 partitions of 2 */
	KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_domains(sim), 7 + 3 + 5 * 2);
	/* GPC 3's set follows GPC 1's: domain 9, then partition 0 */
	KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_signals(sim, 9), 0xe0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_signals(sim, 10), 0xe0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_pcounter_signals(sim, 11), 0x60);

	kt_wr(sim, DOC_PMC_ENABLE, DOC_PMC_PCOUNTER);
	before = kt_unclaimed(sim);
	for (i = 0; i < ARRAY_SIZE(there); i++)
		kt_rd(sim, there[i]);
	KUNIT_EXPECT_EQ(test, kt_unclaimed(sim), before);
	for (i = 0; i < ARRAY_SIZE(gone); i++) {
		kt_rd(sim, gone[i]);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim), before + i + 1, "0x%06x", gone[i]);
	}
	nvkm_sim_del(&sim);
}

static const struct board {
	const char *what;
	u32 chipset;
	struct nvkm_sim_punits fs;
	int nr;				/* PCOUNTER domains the driver lists */
	const char *name[20];
	u32 addr[20];
} boards[] = {
	{ "GF100, GPC 2 fused off, partition 1 off by software", 0xc0,
	  { .gpc_hw = BIT(2), .part_sw = BIT(1) }, 8,
	  { "gpc0", "gpc1", "gpc3", "part0", "part2", "part3", "part4", "part5" },
	  { 0x180000, 0x181000, 0x183000, 0x1a0000, 0x1a2000, 0x1a3000, 0x1a4000,
	    0x1a5000 } },
	{ "GK104, GPC 0 off by software, partition 3 fused off", 0xe4,
	  { .gpc_sw = BIT(0), .part_hw = BIT(3) }, 17,
	  { "hub0_0", "hub0_1", "hub0_2", "hub0_3", "hub0_4", "hub0_5", "hub0_6", "hub0_7",
	    "gpc1", "gpc2", "gpc3",
	    "part0_0", "part0_1", "part1_0", "part1_1", "part2_0", "part2_1" },
	  { 0x1b0000, 0x1b0200, 0x1b0400, 0x1b0600, 0x1b0800, 0x1b0a00, 0x1b0c00, 0x1b0e00,
	    0x181000, 0x182000, 0x183000,
	    0x1a0000, 0x1a0200, 0x1a1000, 0x1a1200, 0x1a2000, 0x1a2200 } },
	{ "GF100, masks beyond the design counts", 0xc0,
	  { .gpc_hw = 0xfffffff0, .part_sw = 0xffffffc0 }, 10,
	  { "gpc0", "gpc1", "gpc2", "gpc3", "part0", "part1", "part2", "part3", "part4",
	    "part5" },
	  { 0x180000, 0x181000, 0x182000, 0x183000, 0x1a0000, 0x1a1000, 0x1a2000, 0x1a3000,
	    0x1a4000, 0x1a5000 } },
};

static void
board_desc(const struct board *b, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", b->what);
}

KUNIT_ARRAY_PARAM(boards, boards, board_desc);

/*
 * The driver: a switched-off GPC or partition has no domain, the others
 * keep their numbers and addresses, each counts, and no access of the
 * whole run (probe, init, a group on every domain) reaches a block that
 * is not there: the model would count it as unclaimed.
 */
static void
floorswept_domains_are_never_touched(struct kunit *test)
{
	const struct board *b = test->param_value;
	struct hw_fixture *f = hw_fixture(test, b->chipset, &b->fs);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	int d;

	KUNIT_ASSERT_EQ(test, f->pm->nr_doms, b->nr + 1);
	for (d = 0; d < b->nr; d++) {
		KUNIT_EXPECT_STREQ(test, f->pm->dom[d].name, b->name[d]);
		KUNIT_EXPECT_EQ_MSG(test, f->pm->dom[d].addr, b->addr[d], "%s", b->name[d]);
	}
	KUNIT_EXPECT_STREQ(test, f->pm->dom[b->nr].name, "pdaemon");

	for (d = 0; d < b->nr; d++) {
		one_ctr(&a, d, OP_ALWAYS, 0);
		KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
		count_window(test, f, grp, 100, &r);
		KUNIT_EXPECT_EQ_MSG(test, r.value[0], 101, "%s", b->name[d]);
		KUNIT_EXPECT_EQ_MSG(test, r.cycles, 101, "%s", b->name[d]);
		nvkm_pm_group_del(&grp);
	}
	KUNIT_EXPECT_EQ(test, kt_unclaimed(f->sim), 0);
}

/* --- the GF100 programming sequence --------------------------------------- */

/*
 * The model: FILTER reads back; with ENABLE (bit 31) set the domain counts
 * nothing, SRC_MASK alone changes nothing; CTRL keeps bit 18.
 */
static void
filter_enable_gates_counting(struct kunit *test)
{
	struct nvkm_sim *sim = nvkm_sim_new(0xc0);
	const u32 base = DOC_GPC(0, 0);

	KUNIT_ASSERT_NOT_NULL(test, sim);
	nvkm_sim_set_manual_clock(sim, true);
	kt_wr(sim, DOC_PMC_ENABLE, DOC_PMC_PCOUNTER);
	kt_wr(sim, base + DOC_CTRL, 0x00040002);		/* QUAD, bit 18 */
	kt_wr(sim, base + DOC_EVENT_SRC, 0);
	kt_wr(sim, base + DOC_EVENT_OP, OP_ALWAYS);
	kt_wr(sim, base + DOC_FILTER, 0x80000000);
	nvkm_sim_run(sim, 50);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + DOC_FILTER), 0x80000000);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + DOC_CTRL) & 0x001c0007, 0x00040002);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + DOC_CTR_EVENT_NEXT), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + DOC_CTR_CYCLES_NEXT), 0);

	kt_wr(sim, base + DOC_FILTER, 0x7fffffff);
	nvkm_sim_run(sim, 50);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + DOC_CTR_EVENT_NEXT), 50);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + DOC_CTR_CYCLES_NEXT), 50);

	kt_wr(sim, base + DOC_FILTER, 0x80000001);
	nvkm_sim_run(sim, 20);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + DOC_CTR_EVENT_NEXT), 50);
	kt_wr(sim, base + DOC_FILTER, 0);
	nvkm_sim_run(sim, 20);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, base + DOC_CTR_EVENT_NEXT), 70);
	nvkm_sim_del(&sim);
}

/*
 * The driver programs a domain as nouveau does on hardware: CTRL =
 * 0x00040002 | counter mode << 3, FILTER = 0.  A FILTER left enabled
 * beforehand would otherwise keep the domain from counting.
 */
static void
gf100_ctrl_and_filter_as_nouveau(struct kunit *test)
{
	static const struct { u8 ctr_mode; u32 ctrl; } t[] = {
		{ 0, 0x00040002 }, { 1, 0x0004000a }, { 4, 0x00040022 },
	};
	struct hw_fixture *f = hw_fixture(test, 0xc0, NULL);
	int d = find_dom(f->pm, "gpc0"), i;
	const u32 base = DOC_GPC(0, 0);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;

	KUNIT_ASSERT_GE(test, d, 0);
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		kt_wr(f->sim, base + DOC_FILTER, 0x80000000);
		one_ctr(&a, d, OP_ALWAYS, 0);
		a.ctr_mode = t[i].ctr_mode;
		KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
		/* state fields (bits 24-25, 28-29) aside */
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(f->sim, base + DOC_CTRL) & ~0x33000000, t[i].ctrl,
				    "counter mode %u", t[i].ctr_mode);
		KUNIT_EXPECT_EQ(test, kt_rd(f->sim, base + DOC_FILTER), 0);
		if (!t[i].ctr_mode) {
			count_window(test, f, grp, 100, &r);
			KUNIT_EXPECT_EQ(test, r.value[0], 101);
		}
		nvkm_pm_group_del(&grp);
	}
}

/* GF100+: single event mode is refused, before any MMIO. */
static void
gf100_single_mode_is_not_offered(struct kunit *test)
{
	static const u32 chips[] = { 0xc0, 0xe4 };
	struct nvkm_sim_stats s0, s1;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	struct hw_fixture *f;
	int i;

	for (i = 0; i < ARRAY_SIZE(chips); i++) {
		f = hw_fixture(test, chips[i], NULL);
		KUNIT_EXPECT_FALSE(test, nvkm_pm_single(f->pm));
		one_ctr(&a, 0, OP_ALWAYS, 0);
		a.mode = NVPM_MODE_SINGLE;
		a.nr_ctr = 4;
		nvkm_sim_stats(f->sim, &s0);
		KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EOPNOTSUPP);
		nvkm_sim_stats(f->sim, &s1);
		KUNIT_EXPECT_EQ(test, s1.rd + s1.wr, s0.rd + s0.wr);
		hw_exit(test);
		test->priv = NULL;
	}
	f = hw_fixture(test, 0xa3, NULL);
	KUNIT_EXPECT_TRUE(test, nvkm_pm_single(f->pm));
}

/* --- PDAEMON: INCR_IF_NOT_ALL is "some masked engine busy" ------------------ */

/*
 * GR (COUNTER_SIGNALS bit 0) and PVLD (bit 4) alternate, period 100.
 * Overlapping: GR idle 40 then busy 60; PVLD the same, 30 cycles later.
 * In GR's period, GR is busy over [40, 100), PVLD over [70, 100) and
 * [0, 30): either busy 90, both idle 10, GR 60.  Disjoint: idle 75, busy
 * 25, PVLD 50 cycles later: GR busy [75, 100), PVLD [25, 50): either 50,
 * both idle 50, GR 25.  Counted over 20 whole periods.
 */
static void
either_engine_busy_shares(struct kunit *test)
{
	static const struct {
		const char *what;
		u32 idle, offset;
		u64 either, none, gr;
	} p[] = {
		{ "overlapping", 40, 30, 1800, 200, 1200 },
		{ "disjoint", 75, 50, 1000, 1000, 500 },
	};
	static const u32 chips[] = { 0xa3, 0xc0 };
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	struct hw_fixture *f;
	int c, i, d, ret;

	for (c = 0; c < ARRAY_SIZE(chips); c++) {
		f = hw_fixture(test, chips[c], NULL);
		for (d = 0; d < f->pm->nr_doms && !f->pm->dom[d].idle; d++)
			;
		KUNIT_ASSERT_LT(test, d, f->pm->nr_doms);

		/* signal 0 is gr, 1 pvld; "both busy" no mode counts */
		one_ctr(&a, d, 0x8888, 0);
		a.ctr[0].signal[1] = 1;
		KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);

		for (i = 0; i < ARRAY_SIZE(p); i++) {
			nvkm_sim_set_idle(f->sim, ~0u, ~0u);	/* stops the waves */
			ret = nvkm_sim_idle_wave(f->sim, GR_IDLE, 100, p[i].idle);
			KUNIT_ASSERT_EQ(test, ret, 0);
			nvkm_sim_run(f->sim, p[i].offset);
			ret = nvkm_sim_idle_wave(f->sim, PVLD_IDLE, 100, p[i].idle);
			KUNIT_ASSERT_EQ(test, ret, 0);
			nvkm_sim_run(f->sim, 250);

			one_ctr(&a, d, 0xeeee, 0);		/* gr or pvld busy */
			a.ctr[0].signal[1] = 1;
			a.ctr[1].signal[0] = 0;			/* both idle */
			a.ctr[1].signal[1] = 1;
			a.ctr[1].logic_op = 0x1111;
			a.ctr[2].signal[0] = 0;			/* gr busy */
			a.ctr[2].logic_op = OP_ARG0;
			a.nr_ctr = 3;
			KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
			nvkm_sim_run(f->sim, 2000);
			nvkm_pm_trigger(f->pm);
			KUNIT_EXPECT_EQ(test, nvkm_pm_collect_groups(f->pm, &grp, 1, false), 0);
			nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
			KUNIT_EXPECT_EQ_MSG(test, r.cycles, 2000, "%x %s", chips[c], p[i].what);
			KUNIT_EXPECT_EQ_MSG(test, r.value[0], p[i].either, "%x %s: either busy",
					    chips[c], p[i].what);
			KUNIT_EXPECT_EQ_MSG(test, r.value[1], p[i].none, "%x %s: both idle",
					    chips[c], p[i].what);
			KUNIT_EXPECT_EQ_MSG(test, r.value[2], p[i].gr, "%x %s: gr busy",
					    chips[c], p[i].what);
			nvkm_pm_group_del(&grp);
		}
		hw_exit(test);
		test->priv = NULL;
	}
}

/* --- Tesla multiplexers: the first with ENABLE drives the bus --------------- */

/* Whether signal @sig (< 32) of domain @d is high, after one cycle. */
static bool
status(struct nvkm_sim *sim, int d, int sig)
{
	nvkm_sim_run(sim, 1);
	return kt_rd(sim, DOC_NV40_STATUS(d)) & BIT(sig);
}

static void
first_enabled_multiplexer_drives_the_bus(struct kunit *test)
{
	struct nvkm_sim *sim = nvkm_sim_new(0x50);

	KUNIT_ASSERT_NOT_NULL(test, sim);
	nvkm_sim_set_manual_clock(sim, true);
	/* PROP: signal 5 of domain 0 shows SEL 5, signal 7 SEL 7 */
	KUNIT_ASSERT_EQ(test, nvkm_sim_pcounter_mux(sim, 0, 5, DOC_G80_PROP_MUX(0), 0x1f, 5,
						    true), 0);
	KUNIT_ASSERT_EQ(test, nvkm_sim_pcounter_mux(sim, 0, 7, DOC_G80_PROP_MUX(0), 0x1f, 7,
						    true), 0);
	kt_wr(sim, DOC_G80_PROP_MUX(0), 5);			/* no ENABLE */
	KUNIT_EXPECT_FALSE(test, status(sim, 0, 5));
	kt_wr(sim, DOC_G80_PROP_MUX(3), DOC_PM_MUX_ENABLE | 7);
	KUNIT_EXPECT_TRUE(test, status(sim, 0, 7));
	kt_wr(sim, DOC_G80_PROP_MUX(1), DOC_PM_MUX_ENABLE | 5);	/* TPC 1 comes first */
	KUNIT_EXPECT_TRUE(test, status(sim, 0, 5));
	KUNIT_EXPECT_FALSE(test, status(sim, 0, 7));
	kt_wr(sim, DOC_G80_PROP_MUX(1), 5);
	KUNIT_EXPECT_FALSE(test, status(sim, 0, 5));
	KUNIT_EXPECT_TRUE(test, status(sim, 0, 7));
	kt_wr(sim, DOC_G80_PROP_MUX(7), 0xffffffff);		/* SEL is 5 bits */
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_G80_PROP_MUX(7)), 0x8000001f);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, DOC_G80_PROP_MUX(1)), 5);
	KUNIT_EXPECT_EQ(test, kt_unclaimed(sim), 0);

	/* CROP: ROP 1's enabled SEL0 3 rather than ROP 0's 5 without ENABLE */
	KUNIT_ASSERT_EQ(test, nvkm_sim_pcounter_mux(sim, 0, 9, DOC_CROP_MUX(0), 0x7, 3,
						    true), 0);
	kt_wr(sim, DOC_CROP_MUX(0), 5);
	kt_wr(sim, DOC_CROP_MUX(1), DOC_PM_MUX_ENABLE | 3);
	KUNIT_EXPECT_TRUE(test, status(sim, 0, 9));
	kt_wr(sim, DOC_CROP_MUX(0), DOC_PM_MUX_ENABLE | 5);
	KUNIT_EXPECT_FALSE(test, status(sim, 0, 9));
	nvkm_sim_del(&sim);
}

/*
 * The driver selects through the multiplexer it names, and makes it the
 * one that drives the bus: on G80, TPC 3's PROP (nouveau's), with ENABLE
 * cleared on TPCs 0-2, here left enabled and selecting something else.
 */
static void
g80_prop_selection_drives_the_bus(struct kunit *test)
{
	struct hw_fixture *f = hw_fixture(test, 0x50, NULL);
	const struct nvkm_pm_sig *sig;
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	int d;

	sig = find_sig(f->pm, "PROP.MUX[0]", &d);
	KUNIT_ASSERT_NOT_NULL(test, sig);
	KUNIT_ASSERT_EQ(test, sig->nr_src, 1);
	KUNIT_EXPECT_STREQ(test, f->pm->dom[d].src[sig->src[0]]->name, "prop_sel");
	KUNIT_ASSERT_EQ(test, nvkm_sim_pcounter_mux(f->sim, d, sig->signal, DOC_G80_PROP_MUX(0),
						    0x1f, 9, true), 0);
	kt_wr(f->sim, DOC_G80_PROP_MUX(0), DOC_PM_MUX_ENABLE | 3);
	kt_wr(f->sim, DOC_G80_PROP_MUX(2), DOC_PM_MUX_ENABLE | 9);

	one_ctr(&a, d, OP_ARG0, sig->signal);
	a.nr_src = 1;
	a.src[0].id = sig->src[0];
	a.src[0].value = 9;
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, DOC_G80_PROP_MUX(0)), 3);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, DOC_G80_PROP_MUX(1)), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, DOC_G80_PROP_MUX(2)), 9);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, DOC_G80_PROP_MUX(3)), DOC_PM_MUX_ENABLE | 9);
	count_window(test, f, grp, 100, &r);
	KUNIT_EXPECT_EQ(test, r.value[0], 101);
	nvkm_pm_group_del(&grp);
	KUNIT_EXPECT_EQ(test, kt_unclaimed(f->sim), 0);
}

/* G84+: ROP 0's CROP and TPC 0's PROP, with ENABLE: first whatever follows. */
static void
g84_crop_selection_sets_enable(struct kunit *test)
{
	struct hw_fixture *f = hw_fixture(test, 0x84, NULL);
	const struct nvkm_pm_sig *sig;
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	int d;

	sig = find_sig(f->pm, "CROP.MUX[0]", &d);
	KUNIT_ASSERT_NOT_NULL(test, sig);
	KUNIT_ASSERT_EQ(test, sig->nr_src, 2);
	KUNIT_ASSERT_EQ(test, nvkm_sim_pcounter_mux(f->sim, d, sig->signal, DOC_CROP_MUX(0),
						    0xf, 6, true), 0);
	kt_wr(f->sim, DOC_CROP_MUX(1), DOC_PM_MUX_ENABLE | 2);	/* after ROP 0 */

	one_ctr(&a, d, OP_ARG0, sig->signal);
	a.nr_src = 1;
	a.src[0].id = sig->src[0];				/* crop_sel0 */
	a.src[0].value = 6;
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, DOC_CROP_MUX(0)), DOC_PM_MUX_ENABLE | 6);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, sample(f, grp), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[0], r.cycles);
	KUNIT_EXPECT_GE(test, r.value[0], 100);
	nvkm_pm_group_del(&grp);
}

/* --- NV40 family IGPs ------------------------------------------------------ */

/*
 * pcounter_nv40.rst: IGP domains are host, core, core and an unknown
 * clock; TurboCache parts host, core, shader, memory.
 */
static void
nv4x_igp_domain_clocks(struct kunit *test)
{
	static const struct {
		u32 chipset;
		const char *clock[4];
	} t[] = {
		{ 0x4c, { "host", "core", "core", "unknown" } },	/* MCP61 */
		{ 0x67, { "host", "core", "core", "unknown" } },	/* MCP67 */
		{ 0x44, { "host", "core", "shader", "memory" } },	/* NV44 */
	};
	struct hw_fixture *f;
	int i, d;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		f = hw_fixture(test, t[i].chipset, NULL);
		KUNIT_ASSERT_EQ(test, f->pm->nr_doms, 4);
		for (d = 0; d < 4; d++)
			KUNIT_EXPECT_STREQ_MSG(test, f->pm->dom[d].clock, t[i].clock[d],
					       "chipset %x domain %d", t[i].chipset, d);
		KUNIT_EXPECT_STREQ(test, f->pm->dom[2].name, "shader");
		hw_exit(test);
		test->priv = NULL;
	}
}

static struct kunit_case nvpm_hw_cases[] = {
	KUNIT_CASE(floorswept_units_decode_nothing),
	KUNIT_CASE_PARAM(floorswept_domains_are_never_touched, boards_gen_params),
	KUNIT_CASE(filter_enable_gates_counting),
	KUNIT_CASE(gf100_ctrl_and_filter_as_nouveau),
	KUNIT_CASE(gf100_single_mode_is_not_offered),
	KUNIT_CASE(either_engine_busy_shares),
	KUNIT_CASE(first_enabled_multiplexer_drives_the_bus),
	KUNIT_CASE(g80_prop_selection_drives_the_bus),
	KUNIT_CASE(g84_crop_selection_sets_enable),
	KUNIT_CASE(nv4x_igp_domain_clocks),
	{}
};

static struct kunit_suite nvpm_hw_suite = {
	.name = "nvpm_hw",
	.exit = hw_exit,
	.test_cases = nvpm_hw_cases,
};

kunit_test_suite(nvpm_hw_suite);
