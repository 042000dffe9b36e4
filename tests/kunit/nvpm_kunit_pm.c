// SPDX-License-Identifier: MIT
/*
 * KUnit: the perfmon engine through the real path - counter group ->
 * engine -> MMIO -> simulated PCOUNTER -> back.  The counts expected are
 * worked out from the workload each test drives, never read from the model.
 */
#include <kunit/test.h>
#include <linux/platform_device.h>
#include <nvkm/engine/pm.h>
#include <nvkm/hw/pcounter.h>
#include <sim/pcounter.h>
#include "nvpm_kunit.h"

#define OP_ARG0		0xaaaa
#define OP_ARG1		0xcccc
#define OP_AND01	0x8888
#define OP_ONE		0xffff

/* Free signals below every domain's trailer */
#define S_A		0x01
#define S_B		0x02

struct pm_fixture {
	struct platform_device *pdev;
	struct nvkm_sim *sim;
	struct nvkm_device *device;
	struct nvkm_pm *pm;
};

static struct pm_fixture *
pm_fixture(struct kunit *test, u32 chipset)
{
	struct pm_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	nvpm_kunit_sim_up(test, "nvpm-kunit-pm", chipset, &f->pdev, &f->sim);
	KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&f->pdev->dev, &nvkm_sim_mmio, f->sim,
						    &f->device), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	f->pm = f->device->pm;
	return f;
}

static void
pm_exit(struct kunit *test)
{
	struct pm_fixture *f = test->priv;

	if (!f)
		return;
	nvpm_kunit_sim_down(f->pdev, &f->sim, &f->device);
}

static void
quad_args(struct nvkm_pm_group_args *a, int dom)
{
	memset(a, 0, sizeof(*a));
	a->dom = dom;
	a->mode = NVPM_MODE_QUAD;
	a->nr_ctr = 4;
	a->ctr[0].signal[0] = S_A;
	a->ctr[0].logic_op = OP_ARG0;
	a->ctr[1].signal[0] = S_B;
	a->ctr[1].logic_op = OP_ARG0;
	a->ctr[2].signal[0] = S_A;
	a->ctr[2].signal[1] = S_B;
	a->ctr[2].logic_op = OP_AND01;
	a->ctr[3].logic_op = OP_ONE;
}

/* Latch: trigger, let the PM_TRIGGER cycle happen, collect. */
static int
sample(struct pm_fixture *f, struct nvkm_pm_group **doms, int nr)
{
	nvkm_pm_trigger(f->pm);
	nvkm_sim_run(f->sim, 1);
	return nvkm_pm_collect_groups(f->pm, doms, nr, false);
}

static const u32 quad_chips[] = { 0x40, 0x50, 0x84, 0x92, 0xa3, 0xe4 };

static void
quad_chip_desc(const u32 *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "chipset %02x", *c);
}

KUNIT_ARRAY_PARAM(quad_chips, quad_chips, quad_chip_desc);

/*
 * A held 300 cycles, then B pulsed 20 times every 5 cycles while A is
 * still high for the first 60 of them, then 40 idle cycles.
 */
static void
quad_counts_what_the_workload_did(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, *(const u32 *)test->param_value);
	/* before G84 and from GF100 on, the first latch is dropped */
	bool pre_g84 = f->device->chipset < 0x84 || f->device->chipset >= 0xc0;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	struct nvkm_pm_group_result r;

	quad_args(&a, 1);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	if (pre_g84)	/* the first latch is dropped before G84 */
		KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);

	nvkm_sim_pcounter_set_signal(f->sim, 1, S_A, true);
	nvkm_sim_run(f->sim, 300);
	nvkm_sim_pcounter_pulse(f->sim, 1, S_B, 5, 20);
	nvkm_sim_run(f->sim, 60);
	nvkm_sim_pcounter_set_signal(f->sim, 1, S_A, false);
	nvkm_sim_run(f->sim, 100 - 60 + 40);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);

	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[0], 360);		/* A */
	KUNIT_EXPECT_EQ(test, r.value[1], 20);		/* B */
	KUNIT_EXPECT_EQ(test, r.value[2], 12);		/* B while A: 60 / 5 */
	/* every cycle; before G84 also the cycle of the dropped latch */
	KUNIT_EXPECT_EQ(test, r.value[3], 440 + pre_g84);
	KUNIT_EXPECT_EQ(test, r.cycles, 440 + pre_g84);
	KUNIT_EXPECT_EQ(test, r.flags, 0);

	/* totals accumulate over samples */
	nvkm_sim_run(f->sim, 9);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[3], 450 + pre_g84);
	KUNIT_EXPECT_EQ(test, r.cycles, 450 + pre_g84);
	nvkm_pm_group_del(&grp);
}

/* One trigger write, then per domain: CTRL, the counters, CYCLES, an ack. */
static void
sample_mmio_cost(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	struct nvkm_sim_stats s0, s1;
	struct nvkm_pm_group *grps[3];
	struct nvkm_pm_group_args a;
	int i;

	for (i = 0; i < 3; i++) {
		quad_args(&a, i);
		a.nr_ctr = 1 + i;
		KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grps[i]), 0);
	}
	nvkm_sim_run(f->sim, 10);
	nvkm_sim_stats(f->sim, &s0);
	KUNIT_ASSERT_EQ(test, sample(f, grps, 3), 0);
	nvkm_sim_stats(f->sim, &s1);
	/* reads: 3 x (CTRL + CYCLES) + 1 + 2 + 3 counters; writes: 1 + 3 acks */
	KUNIT_EXPECT_EQ(test, s1.rd - s0.rd, 3 * 2 + 6);
	KUNIT_EXPECT_EQ(test, s1.wr - s0.wr, 1 + 3);
	KUNIT_EXPECT_EQ(test, s1.unclaimed, s0.unclaimed);
	for (i = 0; i < 3; i++)
		nvkm_pm_group_del(&grps[i]);
}

/* Domains latch together: one trigger, one cycle, the same cycle count. */
static void
domains_latch_in_the_same_cycle(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x92);
	struct nvkm_pm_group *grps[2];
	struct nvkm_pm_group_result r0, r1;
	struct nvkm_pm_group_args a;

	quad_args(&a, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grps[0]), 0);
	nvkm_sim_run(f->sim, 17);
	quad_args(&a, 5);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grps[1]), 0);
	nvkm_sim_run(f->sim, 100);
	KUNIT_ASSERT_EQ(test, sample(f, grps, 2), 0);
	nvkm_pm_group_read(grps[0], &r0, NVPM_READ_LOST);
	nvkm_pm_group_read(grps[1], &r1, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r0.cycles, 117);
	KUNIT_EXPECT_EQ(test, r1.cycles, 100);
	nvkm_pm_group_del(&grps[0]);
	nvkm_pm_group_del(&grps[1]);
}

/*
 * The latch is device-wide: one user's samples must not cost another's
 * counts.  B is sampled twice around ten samples of A.
 */
static void
other_groups_keep_their_counts(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	struct nvkm_pm_group *a, *b;
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args args;
	int i;

	quad_args(&args, 0);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &args, &a), 0);
	quad_args(&args, 1);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &args, &b), 0);
	KUNIT_ASSERT_EQ(test, sample(f, &b, 1), 0);
	for (i = 0; i < 10; i++) {
		nvkm_sim_run(f->sim, 99);
		KUNIT_ASSERT_EQ(test, sample(f, &a, 1), 0);
	}
	KUNIT_ASSERT_EQ(test, sample(f, &b, 1), 0);
	nvkm_pm_group_read(b, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.samples, 2);
	KUNIT_EXPECT_EQ(test, r.flags, 0);
	KUNIT_EXPECT_EQ(test, r.cycles, 1 + 10 * 100);	/* every cycle since creation */
	nvkm_pm_group_read(a, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.samples, 10);
	nvkm_pm_group_del(&a);
	nvkm_pm_group_del(&b);
}

/*
 * Every counter mode through the engine (quad mode): with B4 = 0b0110 on
 * counter 1's signals and EVENT_SRC[0..3] = 0b1110 (B2 = 0b10, B6's high
 * bits 0b11), EVENT and START always true, per cycle the reference gives
 * counter 1 (START) and counter 2 (EVENT):
 */
static void
every_counter_mode(struct kunit *test)
{
	static const struct {
		u32 mode, start, event;
	} t[] = {
		{ NV_PCOUNTER_CTR_MODE_SIMPLE, 1, 1 },
		{ NV_PCOUNTER_CTR_MODE_EVENT_B4, 1, 6 },
		{ NV_PCOUNTER_CTR_MODE_EVENT_B6, 1, 6 + (3 << 4) },
		{ NV_PCOUNTER_CTR_MODE_EXTRA_B4, 6, 1 },
		{ NV_PCOUNTER_CTR_MODE_EXTRA_B6_EVENT_B2, 6 + (3 << 4), 2 },
	};
	struct pm_fixture *f = pm_fixture(test, 0x92);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	int i, j;

	nvkm_sim_pcounter_set_value(f->sim, 1, 0x20, 4, 0x6);	/* B4 */
	nvkm_sim_pcounter_set_value(f->sim, 1, 0x30, 4, 0xe);	/* EVENT_SRC */
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		quad_args(&a, 1);
		a.ctr_mode = t[i].mode;
		for (j = 0; j < 4; j++) {
			a.ctr[1].signal[j] = 0x20 + j;
			a.ctr[2].signal[j] = 0x30 + j;
		}
		a.ctr[1].logic_op = OP_ONE;
		a.ctr[2].logic_op = OP_ONE;
		KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
		nvkm_sim_run(f->sim, 100);
		KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
		nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
		KUNIT_EXPECT_EQ_MSG(test, r.value[1], 100 * t[i].start, "mode %u", t[i].mode);
		KUNIT_EXPECT_EQ_MSG(test, r.value[2], 100 * t[i].event, "mode %u", t[i].mode);
		nvkm_pm_group_del(&grp);
	}
}

/* EVENT_B4: counter 2 adds B4 = the signals of counter 1. */
static void
counter_mode_event_b4(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;

	quad_args(&a, 1);
	a.ctr_mode = NV_PCOUNTER_CTR_MODE_EVENT_B4;
	a.ctr[1].signal[0] = 0x10;
	a.ctr[1].signal[1] = 0x11;
	a.ctr[1].signal[2] = 0x12;
	a.ctr[1].signal[3] = 0x13;
	a.ctr[2].logic_op = OP_ONE;
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	nvkm_sim_pcounter_set_value(f->sim, 1, 0x10, 4, 6);
	nvkm_sim_run(f->sim, 50);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[2], 50 * 6);
	nvkm_pm_group_del(&grp);
}

static const u32 single_chips[] = { 0x10, 0x20, 0x30, 0x40, 0x84 };

KUNIT_ARRAY_PARAM(single_chips, single_chips, quad_chip_desc);

/* Single event mode: PRE, then START..STOP windows; EVENT counted inside. */
static void
single_event_window(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, *(const u32 *)test->param_value);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;

	memset(&a, 0, sizeof(a));
	a.dom = 0;
	a.mode = NVPM_MODE_SINGLE;
	a.nr_ctr = 4;
	a.ctr[0].logic_op = OP_ONE;		/* PRE: at once */
	a.ctr[1].signal[0] = S_A;		/* START */
	a.ctr[1].logic_op = OP_ARG0;
	a.ctr[2].logic_op = OP_ONE;		/* EVENT: every cycle */
	a.ctr[3].signal[0] = S_B;		/* STOP */
	a.ctr[3].logic_op = OP_ARG0;
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	nvkm_sim_run(f->sim, 5);
	nvkm_sim_pcounter_pulse(f->sim, 0, S_A, 1, 1);
	nvkm_sim_run(f->sim, 30);
	nvkm_sim_pcounter_pulse(f->sim, 0, S_B, 1, 1);
	nvkm_sim_run(f->sim, 30);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	/* the window: 29 cycles after START, plus the STOP cycle */
	KUNIT_EXPECT_EQ(test, r.value[2], 30);
	KUNIT_EXPECT_EQ(test, r.cycles, 30);
	nvkm_pm_group_del(&grp);
}

static void
held_domain_is_busy(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	struct nvkm_pm_group *d0, *d1;
	struct nvkm_pm_group_args a;

	quad_args(&a, 2);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &d0), 0);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &d1), -EBUSY);
	KUNIT_EXPECT_NULL(test, d1);
	nvkm_pm_group_del(&d0);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &d1), 0);
	nvkm_pm_group_del(&d1);
}

/*
 * Two groups of one holder take turns on a domain: A counts S_A (high),
 * B counts S_B (low); each SAMPLE moves the domain on.  Before G84 and
 * from GF100 on, A's first latch is dropped, and a group taking its turn
 * also counts the one cycle between the latch and its programming the
 * previous group's way.
 */
static void
groups_take_turns(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, *(const u32 *)test->param_value);
	bool pre = f->device->chipset < 0x84 || f->device->chipset >= 0xc0;
	static const int holder;
	u64 value[2] = {}, cycles[2] = {}, samples[2] = {};
	struct nvkm_pm_group *g[2];
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	int i, k, active = 0;

	quad_args(&a, 1);
	a.ctr[0].signal[0] = S_A;
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new_held(f->pm, &a, &holder, &g[0]), 0);
	a.ctr[0].signal[0] = S_B;
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new_held(f->pm, &a, &holder, &g[1]), 0);
	nvkm_sim_pcounter_set_signal(f->sim, 1, S_A, true);
	if (pre) {
		KUNIT_ASSERT_EQ(test, sample(f, g, 2), 0);
		samples[0]++;
		active = 1;
	}
	for (k = 1; k <= 5; k++) {
		nvkm_sim_run(f->sim, 100 * k);
		KUNIT_ASSERT_EQ(test, sample(f, g, 2), 0);
		cycles[active] += 100 * k + pre;
		/* the leaked cycle counts S_A for B (high), S_B for A (low) */
		value[active] += active ? pre : 100 * k;
		samples[active]++;
		active ^= 1;
	}
	for (i = 0; i < 2; i++) {
		nvkm_pm_group_read(g[i], &r, NVPM_READ_LOST);
		KUNIT_EXPECT_EQ_MSG(test, r.value[0], value[i], "group %d", i);
		KUNIT_EXPECT_EQ_MSG(test, r.value[3], cycles[i], "group %d", i);
		KUNIT_EXPECT_EQ_MSG(test, r.cycles, cycles[i], "group %d", i);
		KUNIT_EXPECT_EQ_MSG(test, r.samples, samples[i], "group %d", i);
		KUNIT_EXPECT_EQ_MSG(test, r.flags, 0, "group %d", i);
	}
	nvkm_pm_group_del(&g[0]);
	nvkm_pm_group_del(&g[1]);
}

/*
 * A counting group given new counters (what the perf PMU does as events
 * come and go): a counter it keeps goes on counting, a new one counts
 * from the change, the totals go on; a change to another domain or mode,
 * or one the generation cannot run, is refused and changes nothing.
 */
static void
set_new_counters_count_from_the_change(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	struct nvkm_pm_group_result r0, r;
	struct nvkm_pm_group_args a, b;
	struct nvkm_pm_group *grp;

	memset(&a, 0, sizeof(a));
	a.dom = 1;
	a.mode = NVPM_MODE_QUAD;
	a.nr_ctr = 4;			/* counters 1-3: logic op 0, nothing */
	a.ctr[0].signal[0] = S_A;
	a.ctr[0].logic_op = OP_ARG0;
	nvkm_sim_pcounter_set_signal(f->sim, 1, S_A, true);
	nvkm_sim_pcounter_set_signal(f->sim, 1, S_B, true);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	nvkm_sim_run(f->sim, 100);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r0, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r0.cycles, 100);
	KUNIT_EXPECT_EQ(test, r0.value[0], 100);
	KUNIT_EXPECT_EQ(test, r0.value[1], 0);

	b = a;
	b.ctr[1].signal[0] = S_B;
	b.ctr[1].logic_op = OP_ARG0;
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_set(grp, &b), 0);
	nvkm_sim_run(f->sim, 200);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_GE(test, r.cycles - r0.cycles, 200);
	KUNIT_EXPECT_EQ(test, r.value[0], r.cycles);	/* S_A high every cycle */
	KUNIT_EXPECT_EQ(test, r.value[1], r.cycles - r0.cycles);
	KUNIT_EXPECT_EQ(test, r.value[2], 0);
	KUNIT_EXPECT_EQ(test, r.flags, 0);

	/* refused: nothing changes, counter 1 still counts S_B */
	b.ctr[1].logic_op = 0;
	b.dom = 0;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_set(grp, &b), -EINVAL);
	b.dom = 1;
	b.mode = NVPM_MODE_SINGLE;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_set(grp, &b), -EINVAL);
	b.mode = NVPM_MODE_QUAD;
	b.ctr[0].flags = NVPM_COUNTER_SETFLAG3;	/* EVENT's and STOP's only */
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_set(grp, &b), -EINVAL);
	nvkm_sim_run(f->sim, 50);
	r0 = r;
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[1] - r0.value[1], r.cycles - r0.cycles);
	KUNIT_EXPECT_EQ(test, grp->args.ctr[1].logic_op, OP_ARG0);
	nvkm_pm_group_del(&grp);
}

/*
 * A holder's groups share a domain; another holder's, or one without a
 * holder, are refused; the holder may have 16 there; deleting the group
 * that counts lets the next count at once.
 */
static void
turns_belong_to_one_holder(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	static const int mine, theirs;
	struct nvkm_pm_group *g[NVKM_PM_GROUPS_PER_DOM + 1], *other;
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	int i;

	quad_args(&a, 2);
	for (i = 0; i < NVKM_PM_GROUPS_PER_DOM; i++)
		KUNIT_ASSERT_EQ(test, nvkm_pm_group_new_held(f->pm, &a, &mine, &g[i]), 0);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new_held(f->pm, &a, &mine, &g[i]), -ENOSPC);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new_held(f->pm, &a, &theirs, &other), -EBUSY);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &other), -EBUSY);
	KUNIT_EXPECT_NULL(test, other);

	/* group 0 counts; deleting it makes group 1 count from now */
	nvkm_sim_run(f->sim, 50);
	nvkm_pm_group_del(&g[0]);
	nvkm_sim_run(f->sim, 70);
	KUNIT_ASSERT_EQ(test, sample(f, &g[1], 1), 0);
	nvkm_pm_group_read(g[1], &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.cycles, 70);
	KUNIT_EXPECT_EQ(test, r.samples, 1);
	nvkm_pm_group_read(g[2], &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.samples, 0);
	KUNIT_EXPECT_EQ(test, r.flags, NVPM_READ_NOT_READY);

	for (i = 1; i < NVKM_PM_GROUPS_PER_DOM; i++)
		nvkm_pm_group_del(&g[i]);
	/* free again: anyone may take it */
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new_held(f->pm, &a, &theirs, &other), 0);
	nvkm_pm_group_del(&other);
}

/*
 * Sources: a MUX signal shows the event its unit's multiplexer selects.
 * The register, field and value are the test's own, from nouveau's
 * tables; the simulated signal is high only while the field holds it.
 */
static const struct src_case {
	u32 chipset;
	const char *signal;
	int nth;		/* which of the signal's sources */
	const char *name;
	u32 addr;
	u32 mask;		/* the field, in place */
	u32 value;		/* unshifted */
	u8 shift;
} src_cases[] = {
	{ 0x50, "ZROP.MUX[0]", 0, "zrop_sel0", 0x40708c, 0x0000000f, 9, 0 },
	{ 0x84, "VFETCH.MUX[0]", 0, "vfetch_sel", 0x400c0c, 0x00000003, 2, 0 },
	{ 0x84, "CROP.MUX[0]", 1, "crop_sel1", 0x407008, 0x00070000, 5, 16 },
	{ 0xa0, "PROP.MUX[0]", 0, "prop_sel", 0x408750, 0x0000003f, 0x2a, 0 },
	{ 0xa3, "CROP.MUX[1]", 1, "crop_sel1", 0x407008, 0x001f0000, 0x11, 16 },
};

static void
src_case_desc(const struct src_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%02x %s %s", c->chipset, c->signal, c->name);
}

KUNIT_ARRAY_PARAM(src_cases, src_cases, src_case_desc);

/* Find a named signal: its domain, number and entry. */
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

/* Count @sig with source @id at @value for 100 cycles. */
static u64
count_with_source(struct kunit *test, struct pm_fixture *f, int d,
		  const struct nvkm_pm_sig *sig, u32 id, u32 value)
{
	bool pre = f->device->chipset < 0x84;
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;

	quad_args(&a, d);
	a.nr_ctr = 1;
	a.ctr[0].signal[0] = sig->signal;
	a.nr_src = 1;
	a.src[0].id = id;
	a.src[0].value = value;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	if (!grp)
		return U64_MAX;
	if (pre)	/* the first latch is dropped before G84 */
		KUNIT_EXPECT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.cycles, 100 + pre);
	nvkm_pm_group_del(&grp);
	return r.value[0];
}

static void
sources_choose_what_signals_show(struct kunit *test)
{
	const struct src_case *c = test->param_value;
	struct pm_fixture *f = pm_fixture(test, c->chipset);
	const struct nvkm_pm_src *src;
	const struct nvkm_pm_sig *sig;
	u32 id, other = c->value ^ 1;
	int d;

	sig = find_sig(f->pm, c->signal, &d);
	KUNIT_ASSERT_NOT_NULL(test, sig);
	KUNIT_ASSERT_GT(test, sig->nr_src, c->nth);
	id = sig->src[c->nth];
	src = f->pm->dom[d].src[id];
	KUNIT_EXPECT_STREQ(test, src->name, c->name);
	KUNIT_EXPECT_EQ(test, src->mask << src->shift, c->mask);

	KUNIT_ASSERT_EQ(test, nvkm_sim_pcounter_mux(f->sim, d, sig->signal, c->addr, c->mask,
						    c->value << c->shift, true), 0);
	/* before G84 also the cycle of the dropped latch */
	KUNIT_EXPECT_EQ(test, count_with_source(test, f, d, sig, id, c->value),
			100 + (c->chipset < 0x84));
	KUNIT_EXPECT_EQ(test, nvkm_rd32(f->device, c->addr) & c->mask, c->value << c->shift);
	KUNIT_EXPECT_EQ(test, count_with_source(test, f, d, sig, id, other), 0);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(f->device, c->addr) & c->mask, other << c->shift);
}

/* Bad source settings are refused before anything is written. */
static void
bad_sources_are_refused(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	const struct nvkm_pm_sig *crop;
	struct nvkm_sim_stats s0, s1;
	struct nvkm_pm_group_args a, ok;
	struct nvkm_pm_group *grp;
	int d, i;

	crop = find_sig(f->pm, "CROP.MUX[0]", &d);
	KUNIT_ASSERT_NOT_NULL(test, crop);
	KUNIT_ASSERT_EQ(test, crop->nr_src, 2);

	quad_args(&ok, d);
	ok.nr_ctr = 1;
	ok.ctr[0].signal[0] = crop->signal;
	ok.nr_src = 1;
	ok.src[0].id = crop->src[1];
	ok.src[0].value = 7;		/* crop_sel1 is 3 bits on G84 */

	nvkm_sim_stats(f->sim, &s0);
	a = ok;
	a.src[0].value = 8;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	a = ok;
	a.src[0].id = f->pm->dom[d].nr_src;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	a = ok;
	a.nr_src = 2;
	a.src[1] = a.src[0];		/* twice */
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	a = ok;
	a.nr_src = NVKM_PM_SOURCES + 1;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -E2BIG);
	/* a source of none of the signals the group counts */
	a = ok;
	for (i = 0; i < f->pm->dom[d].nr_signals; i++) {
		const struct nvkm_pm_sig *sig = nvkm_pm_sig_find(&f->pm->dom[d], i);

		if (!sig || !sig->nr_src)
			break;
	}
	a.ctr[0].signal[0] = i;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	nvkm_sim_stats(f->sim, &s1);
	KUNIT_EXPECT_EQ(test, s1.wr, s0.wr);
	KUNIT_EXPECT_EQ(test, s1.rd, s0.rd);

	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &ok, &grp), 0);
	nvkm_pm_group_del(&grp);
}

/* What a generation lacks is refused, and nothing is programmed. */
static void
generation_limits_are_refused(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	struct nvkm_sim_stats s0, s1;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;

	nvkm_sim_stats(f->sim, &s0);
	quad_args(&a, 8);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -ENOENT);
	quad_args(&a, 0);
	a.ctr[0].signal[2] = 0x60;		/* host has 0x60 signals on G84 */
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	quad_args(&a, 1);
	a.ctr[0].flags = NVPM_COUNTER_REPLACE2;	/* G92+ */
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	quad_args(&a, 1);
	a.ctr[1].flags = NVPM_COUNTER_SETFLAG3;	/* EVENT and STOP only */
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	quad_args(&a, 1);
	a.ctr_mode = 5;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	quad_args(&a, 1);
	a.nr_ctr = 5;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -E2BIG);
	quad_args(&a, 1);
	a.threshold = 1ull << 32;		/* 32-bit THRESHOLD since NV30 */
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	quad_args(&a, 1);
	a.mode = 2;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), -EINVAL);
	nvkm_sim_stats(f->sim, &s1);
	KUNIT_EXPECT_EQ(test, s1.wr, s0.wr);

	/* G92 has the replace bits */
	pm_exit(test);
	f = pm_fixture(test, 0x92);
	quad_args(&a, 1);
	a.ctr[0].flags = NVPM_COUNTER_REPLACE2;
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	nvkm_pm_group_del(&grp);
}

/* After a suspend/resume the configured groups count again. */
static void
resume_reprograms_groups(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0xa3);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;

	quad_args(&a, 3);
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
	nvkm_sim_run(f->sim, 10);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_fini(f->device, true), 0);
	nvkm_sim_del(&f->sim);			/* the GPU lost its state */
	f->sim = nvkm_sim_new(0xa3);
	KUNIT_ASSERT_NOT_NULL(test, f->sim);
	nvkm_sim_set_manual_clock(f->sim, true);
	f->device->mmio_priv = f->sim;
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	nvkm_sim_pcounter_set_signal(f->sim, 3, S_A, true);
	nvkm_sim_run(f->sim, 25);
	KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
	nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, r.value[0], 25);
	KUNIT_EXPECT_EQ(test, r.cycles, 10 + 25);
	nvkm_pm_group_del(&grp);
}

static void
named_signals_and_trailers(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0x84);
	const struct nvkm_pm_dom *dom;
	bool idle = false, periodic = false, ev = false;
	int i;

	KUNIT_ASSERT_EQ(test, f->pm->nr_doms, 8);
	dom = &f->pm->dom[1];
	KUNIT_EXPECT_STREQ(test, dom->name, "core_a");
	KUNIT_EXPECT_EQ(test, dom->nr_signals, 0x100);
	for (i = 0; i < dom->nr_sig; i++) {
		if (i)
			KUNIT_EXPECT_LE(test, dom->sig[i - 1].signal, dom->sig[i].signal);
		if (!strcmp(dom->sig[i].name, "PGRAPH.IDLE"))
			idle = dom->sig[i].signal == 0xbd;
		if (!strcmp(dom->sig[i].name, "PERIODIC"))
			periodic = dom->sig[i].signal == 0xe0 + 0x0d;
		if (!strcmp(dom->sig[i].name, "host.EVENT"))
			ev = dom->sig[i].signal == 0xe0 + 0x17;
	}
	KUNIT_EXPECT_TRUE(test, idle);
	KUNIT_EXPECT_TRUE(test, periodic);
	KUNIT_EXPECT_TRUE(test, ev);
}

/*
 * GF100's GPC domain 0 names what pcounter_fermi.rst lists there (L1.MUX
 * 0x02-0x09, TEX.MUX_C_D 0x0a-0x12, CTXCTL.USER 0xaf-0xba; 0x6e "???"
 * stays unnamed), sorted, below its trailer's USER_0 (0xe0 - 0x40 + 0x27).
 * GF108's (no list in the reference) names its trailer alone.
 */
static void
gf100_gpc0_names_the_reference_list(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0xc0);
	const struct nvkm_pm_dom *dom = &f->pm->dom[0];
	int l1 = -1, tex = -1, user = -1, unk = -1, i;

	KUNIT_ASSERT_STREQ(test, dom->name, "gpc0");
	for (i = 0; i < dom->nr_sig; i++) {
		if (i)
			KUNIT_EXPECT_LT(test, dom->sig[i - 1].signal, dom->sig[i].signal);
		if (!strcmp(dom->sig[i].name, "GPC.TPC.L1.MUX[0]"))
			l1 = dom->sig[i].signal;
		if (!strcmp(dom->sig[i].name, "GPC.TPC.TEX.MUX_C_D[8]"))
			tex = dom->sig[i].signal;
		if (!strcmp(dom->sig[i].name, "GPC.CTXCTL.USER[11]"))
			user = dom->sig[i].signal;
		if (dom->sig[i].signal == 0x6e)
			unk = i;
	}
	KUNIT_EXPECT_EQ(test, l1, 0x02);
	KUNIT_EXPECT_EQ(test, tex, 0x12);
	KUNIT_EXPECT_EQ(test, user, 0xba);
	KUNIT_EXPECT_EQ(test, unk, -1);
	KUNIT_EXPECT_STREQ(test, dom->sig[0].name, "GPC.TPC.L1.MUX[0]");
	/* then the trailer: USER[0] at 0xc7 first, the GPC's FLAG last */
	KUNIT_EXPECT_STREQ(test, dom->sig[dom->nr_sig - 1].name, "gpc0.FLAG");
	KUNIT_EXPECT_EQ(test, dom->sig[dom->nr_sig - 1].signal, 0xa0 + 0x3f);
}

static void
gf108_gpc0_names_its_trailer_alone(struct kunit *test)
{
	struct pm_fixture *f = pm_fixture(test, 0xc1);
	const struct nvkm_pm_dom *dom = &f->pm->dom[0];

	KUNIT_ASSERT_STREQ(test, dom->name, "gpc0");
	KUNIT_ASSERT_GT(test, dom->nr_sig, 0);
	KUNIT_EXPECT_STREQ(test, dom->sig[0].name, "USER[0]");
	KUNIT_EXPECT_EQ(test, dom->sig[0].signal, 0xa0 + 0x27);
}

/* The simulated PGRAPH load shows as PGRAPH.IDLE's share of the cycles. */
static void
gr_load_shows_as_idle_fraction(struct kunit *test)
{
	static const unsigned int busy[] = { 0, 35, 40, 99, 100 };
	struct pm_fixture *f = pm_fixture(test, 0x84);
	struct nvkm_pm_group_result r;
	struct nvkm_pm_group_args a;
	struct nvkm_pm_group *grp;
	int i;

	for (i = 0; i < ARRAY_SIZE(busy); i++) {
		quad_args(&a, 1);
		a.nr_ctr = 1;
		a.ctr[0].signal[0] = 0xbd;		/* G84 PGRAPH.IDLE */
		KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &a, &grp), 0);
		KUNIT_ASSERT_EQ(test, nvkm_sim_gr_load(f->sim, busy[i], 1000), 0);
		nvkm_sim_run(f->sim, 10 * 1000);
		KUNIT_ASSERT_EQ(test, sample(f, &grp, 1), 0);
		nvkm_pm_group_read(grp, &r, NVPM_READ_LOST);
		KUNIT_EXPECT_EQ_MSG(test, r.value[0], 10 * 10 * (100 - busy[i]),
				    "busy %u%%", busy[i]);
		KUNIT_EXPECT_EQ(test, r.cycles, 10000);
		nvkm_pm_group_del(&grp);
	}
	KUNIT_EXPECT_EQ(test, nvkm_sim_gr_load(f->sim, 101, 1000), -EINVAL);
}

static struct kunit_case nvpm_pm_cases[] = {
	KUNIT_CASE(gr_load_shows_as_idle_fraction),
	KUNIT_CASE_PARAM(quad_counts_what_the_workload_did, quad_chips_gen_params),
	KUNIT_CASE(sample_mmio_cost),
	KUNIT_CASE(domains_latch_in_the_same_cycle),
	KUNIT_CASE(other_groups_keep_their_counts),
	KUNIT_CASE(counter_mode_event_b4),
	KUNIT_CASE(every_counter_mode),
	KUNIT_CASE_PARAM(single_event_window, single_chips_gen_params),
	KUNIT_CASE(held_domain_is_busy),
	KUNIT_CASE_PARAM(groups_take_turns, quad_chips_gen_params),
	KUNIT_CASE(set_new_counters_count_from_the_change),
	KUNIT_CASE(turns_belong_to_one_holder),
	KUNIT_CASE_PARAM(sources_choose_what_signals_show, src_cases_gen_params),
	KUNIT_CASE(bad_sources_are_refused),
	KUNIT_CASE(generation_limits_are_refused),
	KUNIT_CASE(resume_reprograms_groups),
	KUNIT_CASE(named_signals_and_trailers),
	KUNIT_CASE(gf100_gpc0_names_the_reference_list),
	KUNIT_CASE(gf108_gpc0_names_its_trailer_alone),
	{}
};

static struct kunit_suite nvpm_pm_suite = {
	.name = "nvpm_pm",
	.exit = pm_exit,
	.test_cases = nvpm_pm_cases,
};

kunit_test_suite(nvpm_pm_suite);
