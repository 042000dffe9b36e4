// SPDX-License-Identifier: MIT
/*
 * KUnit: chipset identification, MMIO routing and device lifetime, run
 * against the simulated GPU.
 */
#include <kunit/test.h>
#include <linux/platform_device.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <nvkm/engine/pm.h>
#include <sim/pcounter.h>
#include <sim/sim.h>
#include "nvpm_kunit.h"

#define GF100_PMC_ENABLE_PCOUNTER	BIT(28)

static struct platform_device *nvpm_kunit_pdev;
static struct device *nvpm_kunit_dev;

/* A struct device for the messages of the devices the tests create. */
static int
nvpm_kunit_suite_init(struct kunit_suite *suite)
{
	nvpm_kunit_pdev = platform_device_register_simple("nvpm-kunit", -1, NULL, 0);
	if (IS_ERR(nvpm_kunit_pdev))
		return PTR_ERR(nvpm_kunit_pdev);
	nvpm_kunit_dev = &nvpm_kunit_pdev->dev;
	return 0;
}

static void
nvpm_kunit_suite_exit(struct kunit_suite *suite)
{
	platform_device_unregister(nvpm_kunit_pdev);
}

/* PMC_BOOT_0 as the reference documents its fields, for NV10+ chipsets. */
static u32
boot0_of(u32 chipset)
{
	return chipset << 20 | 0xa1;
}

struct sim_device {
	struct nvkm_sim *sim;
	struct nvkm_device *device;
};

static int
sim_device_new(struct kunit *test, u32 chipset, struct sim_device *sd)
{
	sd->sim = nvkm_sim_new(chipset);
	KUNIT_ASSERT_NOT_NULL(test, sd->sim);
	return nvpm_kunit_device_new(nvpm_kunit_dev, &nvkm_sim_mmio, sd->sim,
				     &sd->device);
}

static void
sim_device_del(struct sim_device *sd)
{
	if (sd->device)
		nvkm_device_fini(sd->device, false);
	nvkm_device_del(&sd->device);
	nvkm_sim_del(&sd->sim);
}

static void
chip_desc(const struct nvkm_device_chip *chip, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", chip->name);
}

/* Every row of the chipset table (whose size is only known at run time). */
static const void *
chips_gen_params(const void *prev, char *desc)
{
	const struct nvkm_device_chip *next = prev ? (const struct nvkm_device_chip *)prev + 1
						   : nvkm_device_chips;

	if (next - nvkm_device_chips >= nvkm_device_nr_chips)
		return NULL;
	chip_desc(next, desc);
	return next;
}

/* --- chipset identification ------------------------------------------- */

static void
identify_finds_table_entry(struct kunit *test)
{
	const struct nvkm_device_chip *chip = test->param_value, *found;

	KUNIT_EXPECT_EQ(test, nvkm_device_identify(boot0_of(chip->chipset), &found), 0);
	KUNIT_EXPECT_PTR_EQ(test, found, chip);
	KUNIT_EXPECT_PTR_EQ(test, nvkm_device_chip_find_name(chip->name), chip);
}

static void
sim_device_is_identified(struct kunit *test)
{
	const struct nvkm_device_chip *chip = test->param_value;
	struct sim_device sd;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, chip->chipset, &sd), 0);
	KUNIT_EXPECT_PTR_EQ(test, sd.device->chip, chip);
	KUNIT_EXPECT_EQ(test, sd.device->chipset, chip->chipset);
	KUNIT_EXPECT_EQ(test, sd.device->boot0, boot0_of(chip->chipset));
	KUNIT_EXPECT_STREQ(test, sd.device->name, chip->name);
	KUNIT_EXPECT_NOT_NULL(test, sd.device->pm);
	sim_device_del(&sd);
}

/* The families each generation boundary of the reference belongs to. */
static void
card_type_follows_chipset(struct kunit *test)
{
	const struct nvkm_device_chip *chip = test->param_value;
	u32 c = chip->chipset;
	enum nv_card_type want;

	if (c < 0x20)
		want = NV_10;
	else if (c < 0x30)
		want = NV_20;
	else if (c < 0x40)
		want = NV_30;
	else if (c < 0x50 || (c >= 0x60 && c < 0x70))
		want = NV_40;
	else if (c < 0xc0)
		want = NV_50;
	else if (c < 0xe0)
		want = NV_C0;
	else
		want = NV_E0;
	KUNIT_EXPECT_EQ_MSG(test, chip->card_type, want, "%s", chip->name);
}

static void
table_has_no_duplicates(struct kunit *test)
{
	unsigned int i, j;

	for (i = 0; i < nvkm_device_nr_chips; i++) {
		for (j = i + 1; j < nvkm_device_nr_chips; j++) {
			KUNIT_EXPECT_NE_MSG(test, nvkm_device_chips[i].chipset,
					    nvkm_device_chips[j].chipset,
					    "%s", nvkm_device_chips[i].name);
			KUNIT_EXPECT_STRNEQ(test, nvkm_device_chips[i].name,
					    nvkm_device_chips[j].name);
		}
	}
}

static void
identify_refuses_unknown(struct kunit *test)
{
	static const u32 refused[] = {
		0x011, 0x017, 0x018, 0x01a, 0x04e,	/* no PCOUNTER */
		0x100, 0x0f0, 0x117, 0x1ff,	/* not in the table */
	};
	const struct nvkm_device_chip *found;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		KUNIT_EXPECT_EQ_MSG(test, nvkm_device_identify(boot0_of(refused[i]), &found),
				    -ENOTSUPP, "chipset 0x%03x", refused[i]);
		KUNIT_EXPECT_NULL(test, found);
	}
	/* NV04 (architecture field zero), and no device at all. */
	KUNIT_EXPECT_EQ(test, nvkm_device_identify(0x20004000, &found), -ENOTSUPP);
	KUNIT_EXPECT_EQ(test, nvkm_device_identify(0xffffffff, &found), -ENODEV);
	KUNIT_EXPECT_NULL(test, nvkm_device_chip_find_name("NV11"));
	KUNIT_EXPECT_NULL(test, nvkm_device_chip_find_name(""));
}

static void
chip_names_are_case_insensitive(struct kunit *test)
{
	const struct nvkm_device_chip *chip = nvkm_device_chip_find_name("g84");

	KUNIT_ASSERT_NOT_NULL(test, chip);
	KUNIT_EXPECT_EQ(test, chip->chipset, 0x84);
	KUNIT_EXPECT_PTR_EQ(test, nvkm_device_chip_find_name("GF100"),
			    nvkm_device_chip_find(0xc0));
}

static void
refused_chip_leaves_nothing(struct kunit *test)
{
	int devices = nvkm_device_live(), subdevs = nvkm_subdev_live();
	struct sim_device sd;

	KUNIT_EXPECT_EQ(test, sim_device_new(test, 0x011, &sd), -ENOTSUPP);
	KUNIT_EXPECT_NULL(test, sd.device);
	sim_device_del(&sd);
	KUNIT_EXPECT_EQ(test, nvkm_device_live(), devices);
	KUNIT_EXPECT_EQ(test, nvkm_subdev_live(), subdevs);
}

/*
 * The simulator describes its chips on its own (nvkm/sim/chips.c): it
 * models exactly the chips the driver's table has, under the same names,
 * and no chip without a PCOUNTER.
 */
static void
sim_models_the_driver_chips(struct kunit *test)
{
	u32 chipset;

	for (chipset = 0; chipset <= 0x1ff; chipset++) {
		const struct nvkm_device_chip *chip = nvkm_device_chip_find(chipset);
		const char *name = nvkm_sim_chip_name(chipset);

		if (!chip) {
			KUNIT_EXPECT_NULL_MSG(test, name, "chipset 0x%03x", chipset);
			continue;
		}
		KUNIT_ASSERT_NOT_NULL_MSG(test, name, "chipset 0x%03x", chipset);
		KUNIT_EXPECT_STREQ(test, name, chip->name);
	}
	KUNIT_EXPECT_NULL(test, nvkm_sim_chip_name(0x011));	/* NV11 */
	KUNIT_EXPECT_NULL(test, nvkm_sim_chip_name(0x04e));	/* C51 */
	KUNIT_EXPECT_STREQ(test, nvkm_sim_chip_name(0x0a0), "G200");
}

static struct kunit_case nvpm_chipset_cases[] = {
	KUNIT_CASE_PARAM(identify_finds_table_entry, chips_gen_params),
	KUNIT_CASE_PARAM(sim_device_is_identified, chips_gen_params),
	KUNIT_CASE_PARAM(card_type_follows_chipset, chips_gen_params),
	KUNIT_CASE(table_has_no_duplicates),
	KUNIT_CASE(identify_refuses_unknown),
	KUNIT_CASE(chip_names_are_case_insensitive),
	KUNIT_CASE(refused_chip_leaves_nothing),
	KUNIT_CASE(sim_models_the_driver_chips),
	{}
};

static struct kunit_suite nvpm_chipset_suite = {
	.name = "nvpm_chipset",
	.suite_init = nvpm_kunit_suite_init,
	.suite_exit = nvpm_kunit_suite_exit,
	.test_cases = nvpm_chipset_cases,
};

/* --- MMIO routing -------------------------------------------------------- */

static void
rd32_routes_to_sim(struct kunit *test)
{
	struct nvkm_sim_stats before, after;
	struct sim_device sd;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, 0x84, &sd), 0);
	nvkm_sim_stats(sd.sim, &before);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(sd.device, NV_PMC_BOOT_0), boot0_of(0x84));
	nvkm_sim_stats(sd.sim, &after);
	KUNIT_EXPECT_EQ(test, after.rd, before.rd + 1);
	KUNIT_EXPECT_EQ(test, after.wr, before.wr);
	KUNIT_EXPECT_EQ(test, after.unclaimed, before.unclaimed);
	sim_device_del(&sd);
}

static void
wr32_routes_to_sim(struct kunit *test)
{
	struct nvkm_sim_stats before, after;
	struct sim_device sd;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, 0x84, &sd), 0);
	nvkm_sim_stats(sd.sim, &before);
	nvkm_wr32(sd.device, NV_PMC_ENABLE, 0x12345678);
	nvkm_sim_stats(sd.sim, &after);
	KUNIT_EXPECT_EQ(test, sd.sim->pmc_enable, 0x12345678);
	KUNIT_EXPECT_EQ(test, after.wr, before.wr + 1);
	KUNIT_EXPECT_EQ(test, after.rd, before.rd);
	/* PMC_BOOT_0 is read-only. */
	nvkm_wr32(sd.device, NV_PMC_BOOT_0, 0);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(sd.device, NV_PMC_BOOT_0), boot0_of(0x84));
	sim_device_del(&sd);
}

static void
mask_is_one_read_one_write(struct kunit *test)
{
	struct nvkm_sim_stats before, after;
	struct sim_device sd;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, 0x84, &sd), 0);
	nvkm_wr32(sd.device, NV_PMC_ENABLE, 0xff00ff00);
	nvkm_sim_stats(sd.sim, &before);
	KUNIT_EXPECT_EQ(test, nvkm_mask(sd.device, NV_PMC_ENABLE, 0x0ff00000, 0x00500000),
			0xff00ff00);
	nvkm_sim_stats(sd.sim, &after);
	KUNIT_EXPECT_EQ(test, sd.sim->pmc_enable, 0xf050ff00);
	KUNIT_EXPECT_EQ(test, after.rd, before.rd + 1);
	KUNIT_EXPECT_EQ(test, after.wr, before.wr + 1);
	sim_device_del(&sd);
}

static void
unknown_register_reads_zero_and_is_counted(struct kunit *test)
{
	struct nvkm_sim_stats before, after;
	struct sim_device sd;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, 0x84, &sd), 0);
	nvkm_sim_stats(sd.sim, &before);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(sd.device, 0xfffffc), 0);
	nvkm_wr32(sd.device, 0xfffffc, 1);
	nvkm_sim_stats(sd.sim, &after);
	KUNIT_EXPECT_EQ(test, after.unclaimed, before.unclaimed + 2);
	sim_device_del(&sd);
}

/* A mapped BAR0 wins over the hooks: the simulator must see nothing. */
static void
iomem_bypasses_hooks(struct kunit *test)
{
	struct nvkm_sim_stats before, after;
	struct nvkm_device *device;
	struct nvkm_sim *sim;
	u32 *bar;

	bar = kunit_kzalloc(test, 0x1000, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, bar);
	bar[NV_PMC_BOOT_0 / 4] = boot0_of(0xa3);
	sim = nvkm_sim_new(0x50);
	KUNIT_ASSERT_NOT_NULL(test, sim);
	nvkm_sim_stats(sim, &before);

	KUNIT_ASSERT_EQ(test, nvkm_device_new(nvpm_kunit_dev, &(struct nvkm_host) {
		.pri = (void __force __iomem *)bar, .mmio = &nvkm_sim_mmio, .priv = sim,
		.lends = NVKM_HOST_ALL,
	}, &device), 0);
	KUNIT_EXPECT_EQ(test, device->chipset, 0xa3);
	nvkm_wr32(device, NV_PMC_ENABLE, 0xcafe);
	KUNIT_EXPECT_EQ(test, bar[NV_PMC_ENABLE / 4], 0xcafe);
	nvkm_sim_stats(sim, &after);
	KUNIT_EXPECT_EQ(test, after.rd, before.rd);
	KUNIT_EXPECT_EQ(test, after.wr, before.wr);

	nvkm_device_del(&device);
	nvkm_sim_del(&sim);
}

/*
 * Catching up spends a bounded time with the simulator's lock held: 4 s
 * at 1 MHz of cycles that must all be stepped (closed form off) are not
 * all simulated in one access.  Those left are counted as dropped; none
 * go missing from the books (simulated + dropped = the gap, at most the
 * 2^22 us cap).
 */
static void
catch_up_is_bounded(struct kunit *test)
{
	struct nvkm_sim_stats before, after;
	struct sim_device sd;
	unsigned long flags;
	u64 now, ran, dropped;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, 0x84, &sd), 0);
	KUNIT_ASSERT_EQ(test, nvkm_sim_set_clock(sd.sim, 1), 0);
	nvkm_sim_pcounter_step_only(sd.sim, true);
	nvkm_sim_stats(sd.sim, &before);
	raw_spin_lock_irqsave(&sd.sim->lock, flags);
	sd.sim->last_ns -= 4 * NSEC_PER_SEC;
	now = sd.sim->now;
	raw_spin_unlock_irqrestore(&sd.sim->lock, flags);

	KUNIT_EXPECT_EQ(test, nvkm_rd32(sd.device, NV_PMC_BOOT_0), boot0_of(0x84));
	nvkm_sim_stats(sd.sim, &after);
	ran = sd.sim->now - now;
	dropped = after.dropped - before.dropped;
	KUNIT_EXPECT_GT(test, dropped, 0ull);
	KUNIT_EXPECT_GE(test, ran, 64ull);
	KUNIT_EXPECT_GE(test, ran + dropped, 4000000ull);
	KUNIT_EXPECT_LE(test, ran + dropped, 4194304ull);
	nvkm_sim_pcounter_step_only(sd.sim, false);
	sim_device_del(&sd);
}

/*
 * A simulator slower than real time does not make every access pay for
 * the one before: with every cycle of the G84's eight domains stepped
 * (closed form off) a cycle costs more than its microsecond at 1 MHz
 * (some 100 us under TCG with KASAN), so each read's catch-up takes longer
 * than the time it simulates.  With the full budget every read would then
 * have more to simulate than the last, until each spent
 * NVKM_SIM_SYNC_BUDGET_NS (a driver's MMIO loop, 50 ms a write), and the
 * clock would end each read that much behind real time.  From the third
 * read on the simulator is behind (at least half of them must be, in case
 * the host stalls) and a read spends NVKM_SIM_BEHIND_BUDGET_NS and one
 * piece, and the simulated cycles plus the dropped ones make up the
 * clock's advance.
 */
static void
slow_simulator_falls_behind(struct kunit *test)
{
	struct nvkm_sim_stats before, after;
	u64 t0, t1, now, ran, dropped, last0, last1;
	struct sim_device sd;
	unsigned long flags;
	int i;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, 0x84, &sd), 0);
	KUNIT_ASSERT_EQ(test, nvkm_sim_set_clock(sd.sim, 1), 0);
	nvkm_sim_pcounter_step_only(sd.sim, true);
	nvkm_rd32(sd.device, NV_PMC_BOOT_0);	/* whatever came before */
	nvkm_sim_stats(sd.sim, &before);
	raw_spin_lock_irqsave(&sd.sim->lock, flags);
	now = sd.sim->now;
	last0 = sd.sim->last_ns;
	raw_spin_unlock_irqrestore(&sd.sim->lock, flags);
	t0 = nvkm_sim_now();
	for (i = 0; i < 64; i++)
		KUNIT_EXPECT_EQ(test, nvkm_rd32(sd.device, NV_PMC_BOOT_0), boot0_of(0x84));
	raw_spin_lock_irqsave(&sd.sim->lock, flags);
	t1 = nvkm_sim_now();
	ran = sd.sim->now - now;
	last1 = sd.sim->last_ns;
	raw_spin_unlock_irqrestore(&sd.sim->lock, flags);
	nvkm_sim_stats(sd.sim, &after);
	dropped = after.dropped - before.dropped;

	KUNIT_EXPECT_GE(test, after.behind, before.behind + 32);
	KUNIT_EXPECT_GT(test, dropped, 0ull);
	/*
	 * How far behind real time the clock ends is the host's time, which
	 * a loaded host stretches at will (a stall of QEMU's CPU after the
	 * last read counts): reported, not asserted.  What the simulator
	 * decided is asserted above: most reads had the short budget.
	 */
	kunit_info(test, "64 reads in %llu ns, %llu ns behind at the end: %llu cycles simulated, %llu dropped\n",
		   t1 - t0, t1 - last1, ran, dropped);
	/* a cycle a microsecond */
	KUNIT_EXPECT_EQ(test, ran + dropped, div_u64(last1 - last0, 1000));
	nvkm_sim_pcounter_step_only(sd.sim, false);
	sim_device_del(&sd);
}

/*
 * The clock of the hold tests: real time passes only as the model works,
 * NVPM_KUNIT_STEP_NS a domain cycle stepped, and as the test moves it on.
 * What a catch-up spends and holds is then exact, whatever the host's
 * speed (a loaded host would stretch any wall-clock bound at will).
 */
#define NVPM_KUNIT_STEP_NS	2000ull
static u64 hold_clock_base;

static u64
hold_clock(struct nvkm_sim *sim)
{
	return hold_clock_base + nvkm_sim_pcounter_steps(sim) * NVPM_KUNIT_STEP_NS;
}

/* A G84 at 1 MHz, every domain stepped (16 us a cycle), 4 s behind. */
static void
hold_fixture(struct kunit *test, struct sim_device *sd, struct nvkm_sim_stats *before,
	     u64 *now)
{
	unsigned long flags;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, 0x84, sd), 0);
	KUNIT_ASSERT_EQ(test, nvkm_sim_set_clock(sd->sim, 1), 0);
	nvkm_sim_pcounter_step_only(sd->sim, true);
	nvkm_sim_set_test_clock(sd->sim, hold_clock);
	hold_clock_base += 4 * NSEC_PER_SEC;
	nvkm_sim_stats(sd->sim, before);
	raw_spin_lock_irqsave(&sd->sim->lock, flags);
	*now = sd->sim->now;
	raw_spin_unlock_irqrestore(&sd->sim->lock, flags);
}

static void
hold_fixture_del(struct sim_device *sd)
{
	nvkm_sim_set_test_clock(sd->sim, NULL);
	nvkm_sim_pcounter_step_only(sd->sim, false);
	sim_device_del(sd);
}

/*
 * A catch-up for a caller with interrupts on spends its whole budget
 * (NVKM_SIM_SYNC_BUDGET_NS) but holds the lock, interrupts off, at most
 * about 2 * NVKM_SIM_HOLD_NS at a stretch: between stretches it lets go
 * of the lock.  With 16 us a cycle the budget is 3125 cycles, the hold
 * 62.5; a first piece of 64 cycles costs 1.024 ms.
 */
static void
catch_up_lets_go_of_the_lock(struct kunit *test)
{
	const u64 cycle = 8 * NVPM_KUNIT_STEP_NS;
	struct nvkm_sim_stats before, after;
	struct sim_device sd;
	u64 now, ran;

	hold_fixture(test, &sd, &before, &now);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(sd.device, NV_PMC_BOOT_0), boot0_of(0x84));
	nvkm_sim_stats(sd.sim, &after);
	ran = sd.sim->now - now;
	kunit_info(test, "%llu cycles in %llu stretches, the longest %llu ns\n",
		   ran, after.breaths - before.breaths + 1, after.hold_max_ns);
	KUNIT_EXPECT_LE(test, after.hold_max_ns, 2 * NVKM_SIM_HOLD_NS);
	KUNIT_EXPECT_GT(test, after.hold_max_ns, NVKM_SIM_HOLD_NS / 2);
	KUNIT_EXPECT_GE(test, after.breaths - before.breaths, 25ull);
	/* the budget was spent, with the lock held, to within a stretch */
	KUNIT_EXPECT_GT(test, ran * cycle, (u64)NVKM_SIM_SYNC_BUDGET_NS);
	KUNIT_EXPECT_LE(test, ran * cycle, NVKM_SIM_SYNC_BUDGET_NS + 2 * NVKM_SIM_HOLD_NS);
	KUNIT_EXPECT_EQ(test, ran + after.dropped - before.dropped, 4000000ull);
	hold_fixture_del(&sd);
}

/*
 * A caller with interrupts off (a hard interrupt, perf's callbacks) cannot
 * let them in: its catch-up gets NVKM_SIM_IRQSOFF_BUDGET_NS, no more
 * (3125 cycles at 16 us), without a breath.
 */
static void
catch_up_with_interrupts_off_is_short(struct kunit *test)
{
	const u64 cycle = 8 * NVPM_KUNIT_STEP_NS;
	struct nvkm_sim_stats before, after;
	struct sim_device sd;
	unsigned long flags;
	u64 now, ran;
	u32 boot0;

	hold_fixture(test, &sd, &before, &now);
	local_irq_save(flags);
	boot0 = nvkm_rd32(sd.device, NV_PMC_BOOT_0);
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ(test, boot0, boot0_of(0x84));
	nvkm_sim_stats(sd.sim, &after);
	ran = sd.sim->now - now;
	KUNIT_EXPECT_EQ(test, after.breaths, before.breaths);
	KUNIT_EXPECT_LE(test, after.hold_max_ns, 2 * NVKM_SIM_IRQSOFF_BUDGET_NS);
	KUNIT_EXPECT_GT(test, ran * cycle, (u64)NVKM_SIM_IRQSOFF_BUDGET_NS);
	KUNIT_EXPECT_LE(test, ran * cycle, 2 * NVKM_SIM_IRQSOFF_BUDGET_NS);
	KUNIT_EXPECT_EQ(test, ran + after.dropped - before.dropped, 4000000ull);
	hold_fixture_del(&sd);
}

static struct kunit_case nvpm_mmio_cases[] = {
	KUNIT_CASE(rd32_routes_to_sim),
	KUNIT_CASE(wr32_routes_to_sim),
	KUNIT_CASE(mask_is_one_read_one_write),
	KUNIT_CASE(unknown_register_reads_zero_and_is_counted),
	KUNIT_CASE(iomem_bypasses_hooks),
	KUNIT_CASE(catch_up_is_bounded),
	KUNIT_CASE(slow_simulator_falls_behind),
	KUNIT_CASE(catch_up_lets_go_of_the_lock),
	KUNIT_CASE(catch_up_with_interrupts_off_is_short),
	{}
};

static struct kunit_suite nvpm_mmio_suite = {
	.name = "nvpm_mmio",
	.suite_init = nvpm_kunit_suite_init,
	.suite_exit = nvpm_kunit_suite_exit,
	.test_cases = nvpm_mmio_cases,
};

/* --- device lifetime ------------------------------------------------------ */

static void
create_init_destroy_no_leak(struct kunit *test)
{
	const struct nvkm_device_chip *chip = test->param_value;
	int devices = nvkm_device_live(), subdevs = nvkm_subdev_live();
	struct sim_device sd;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, chip->chipset, &sd), 0);
	KUNIT_EXPECT_EQ(test, nvkm_device_live(), devices + 1);
	KUNIT_EXPECT_GT(test, nvkm_subdev_live(), subdevs);
	KUNIT_EXPECT_EQ(test, nvkm_device_init(sd.device), 0);
	KUNIT_EXPECT_TRUE(test, sd.device->initialised);
	sim_device_del(&sd);
	KUNIT_EXPECT_EQ(test, nvkm_device_live(), devices);
	KUNIT_EXPECT_EQ(test, nvkm_subdev_live(), subdevs);
}

/* Reference: GF100+ PCOUNTER is enabled by PMC.ENABLE bit 28; older
 * PCOUNTERs ignore PMC.ENABLE, so the driver has no business there.  On
 * the NV50 family nvpm's own FIFO takes PFIFO (bit 8) through reset, as
 * nouveau's nv50_fifo_init() does.
 */
static void
init_enables_pcounter_only_on_gf100_plus(struct kunit *test)
{
	const struct nvkm_device_chip *chip = test->param_value;
	struct sim_device sd;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, chip->chipset, &sd), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(sd.device), 0);
	if (chip->card_type >= NV_C0)
		KUNIT_EXPECT_EQ(test, sd.sim->pmc_enable, GF100_PMC_ENABLE_PCOUNTER);
	else if (chip->card_type == NV_50)
		KUNIT_EXPECT_EQ(test, sd.sim->pmc_enable, BIT(8));
	else
		KUNIT_EXPECT_EQ(test, sd.sim->pmc_enable, 0);
	sim_device_del(&sd);
}

static void
init_and_fini_are_idempotent(struct kunit *test)
{
	struct sim_device sd;

	KUNIT_ASSERT_EQ(test, sim_device_new(test, 0xc0, &sd), 0);
	KUNIT_EXPECT_EQ(test, nvkm_device_fini(sd.device, false), 0);
	KUNIT_EXPECT_EQ(test, nvkm_device_init(sd.device), 0);
	sd.sim->pmc_enable = 0;
	KUNIT_EXPECT_EQ(test, nvkm_device_init(sd.device), 0);
	KUNIT_EXPECT_EQ(test, sd.sim->pmc_enable, 0);	/* already up: untouched */
	KUNIT_EXPECT_EQ(test, nvkm_device_fini(sd.device, true), 0);
	KUNIT_EXPECT_FALSE(test, sd.device->initialised);
	KUNIT_EXPECT_EQ(test, nvkm_device_fini(sd.device, false), 0);
	/* resume programs the hardware again */
	KUNIT_EXPECT_EQ(test, nvkm_device_init(sd.device), 0);
	KUNIT_EXPECT_EQ(test, sd.sim->pmc_enable, GF100_PMC_ENABLE_PCOUNTER);
	sim_device_del(&sd);
}

static struct kunit_case nvpm_device_cases[] = {
	KUNIT_CASE_PARAM(create_init_destroy_no_leak, chips_gen_params),
	KUNIT_CASE_PARAM(init_enables_pcounter_only_on_gf100_plus, chips_gen_params),
	KUNIT_CASE(init_and_fini_are_idempotent),
	{}
};

static struct kunit_suite nvpm_device_suite = {
	.name = "nvpm_device",
	.suite_init = nvpm_kunit_suite_init,
	.suite_exit = nvpm_kunit_suite_exit,
	.test_cases = nvpm_device_cases,
};

kunit_test_suites(&nvpm_chipset_suite, &nvpm_mmio_suite, &nvpm_device_suite);
