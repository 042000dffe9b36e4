// SPDX-License-Identifier: MIT
/*
 * A rerunnable benchmark of the simulated PCOUNTER, hosted by KUnit: it
 * prints simulated cycles per second for a steady workload (inputs that
 * do not change: the model jumps ahead) and a busy one (a signal that
 * changes every cycle: the model steps), measured in the same run; and
 * what a SAMPLE costs the perfmon engine and the simulator (the nvkm path,
 * without an ioctl).  It asserts nothing about time; `make test` and
 * `make bench` show the numbers.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>
#include <linux/vmalloc.h>
#include <nvkm/engine/pm.h>
#include <nvkm/hw/pcounter.h>
#include <nvkm/hw/pmc.h>
#include <sim/pcounter.h>
#include <sim/sim.h>
#include <sim/vm.h>
#include "nvpm_kunit.h"
#include "nvpm_kunit_vm.h"

static void
bench_setup(struct nvkm_sim *sim)
{
	int d;

	/* every domain in quad mode counting signal 1 and every cycle */
	for (d = 0; d < 8; d++) {
		nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_CTRL(d), NV_PCOUNTER_MODE_QUAD);
		nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_PRE_SRC(d), 1);
		nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_PRE_OP(d), 0xaaaa);
		nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_EVENT_OP(d), 0xffff);
	}
}

static u64
bench_run(struct nvkm_sim *sim, u64 cycles)
{
	ktime_t t0 = ktime_get();

	nvkm_sim_run(sim, cycles);
	return max_t(u64, ktime_to_ns(ktime_sub(ktime_get(), t0)), 1);
}

static void
sim_cycles_per_second(struct kunit *test)
{
	const u64 steady = 1000000000ull, busy = 20000;
	struct nvkm_sim *sim = nvkm_sim_new(0x84);
	u64 ns_steady, ns_busy;

	KUNIT_ASSERT_NOT_NULL(test, sim);
	nvkm_sim_set_manual_clock(sim, true);
	bench_setup(sim);

	nvkm_sim_pcounter_set_signal(sim, 1, 1, true);
	ns_steady = bench_run(sim, steady);
	KUNIT_ASSERT_EQ(test, nvkm_sim_pcounter_wave(sim, 1, 1, 2, 1, U64_MAX), 0);
	ns_busy = bench_run(sim, busy);

	kunit_info(test, "steady: %llu cycles in %llu us, %llu Mcycles/s\n",
		   steady, ns_steady / 1000, div64_u64(steady * 1000, ns_steady));
	kunit_info(test, "busy: %llu cycles in %llu us, %llu kcycles/s\n",
		   busy, ns_busy / 1000, div64_u64(busy * 1000000, ns_busy));
	kunit_info(test, "busy costs %llu ns per cycle (8 domains)\n",
		   div64_u64(ns_busy, busy));
	nvkm_sim_del(&sim);
}

/*
 * Record mode at its fastest: STOP held high, a packet every
 * NVKM_SIM_VM_WRITE_CYCLES cycles (one in flight at a time), into a ring
 * mapped 16 times back to back as the driver maps it.  At the simulated
 * GPU's 1 cycle per microsecond that is the rate it sustains; the wall
 * time says what the model itself can produce.
 */
static void
sim_record_packets_per_second(struct kunit *test)
{
	const u64 ring = SZ_256K, copies = 16, va = SZ_1M, packets = 5000;
	struct nvkm_sim *sim = nvkm_sim_new(0x84);
	u32 chan = 0x321, dma = 0x77, pos;
	u8 *buf = vzalloc(ring);
	u64 ns, i;

	KUNIT_ASSERT_NOT_NULL(test, sim);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	nvkm_sim_set_manual_clock(sim, true);
	KUNIT_ASSERT_EQ(test, kvm_chan_new(test, sim, chan), 0);
	for (i = 0; i < copies; i++)
		KUNIT_ASSERT_EQ(test, kvm_map(test, sim, chan, va + i * ring, buf, ring), 0);
	KUNIT_ASSERT_EQ(test, kvm_dma(sim, chan, dma, 0, BIT_ULL(40) - 1), 0);
	nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_RECORD_DMA, dma);
	nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_RECORD_CHAN, chan | NV40_PCOUNTER_RECORD_CHAN_VALID);
	nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_CTRL(1), NV_PCOUNTER_MODE_RECORD);
	nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_PRE_SRC(1), 0x20);
	nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_STOP_SRC(1), 0x21);
	nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_STOP_OP(1), 0xaaaa);
	nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_RECORD_LIMIT(1), va + copies * ring - 32);
	nvkm_sim_mmio.wr32(sim, NV40_PCOUNTER_RECORD_START(1), va);
	nvkm_sim_pcounter_set_signal(sim, 1, 0x20, true);
	nvkm_sim_pcounter_set_signal(sim, 1, 0x21, true);

	ns = bench_run(sim, packets * NVKM_SIM_VM_WRITE_CYCLES);
	pos = nvkm_sim_mmio.rd32(sim, NV40_PCOUNTER_RECORD_STATUS(1));
	KUNIT_EXPECT_EQ(test, (pos - va) / 32, packets);
	kunit_info(test, "record: %llu packets in %llu us: the model writes %llu packets/s; the simulated GPU (1 cycle/us) sustains %u packets/s\n",
		   packets, ns / 1000, div64_u64(packets * NSEC_PER_SEC, ns),
		   1000000 / NVKM_SIM_VM_WRITE_CYCLES);
	nvkm_sim_del(&sim);
	vfree(buf);
}

/* nvpm_sim.ko's default load: PGRAPH busy 35% of 1 ms rounds */
#define BENCH_GR_BUSY		35
#define BENCH_GR_PERIOD_US	1000
#define BENCH_SAMPLES		2000
#define BENCH_FLOOR_READS	20000

/* @n SAMPLEs of @holder's groups: ns per SAMPLE, -errno on failure */
static s64
bench_samples(struct nvkm_pm *pm, const void *holder, int n)
{
	ktime_t t0 = ktime_get();
	int i, ret;

	for (i = 0; i < n; i++) {
		nvkm_pm_trigger(pm);
		ret = nvkm_pm_collect(pm, holder, true);
		if (ret)
			return ret;
	}
	return div_s64(ktime_to_ns(ktime_sub(ktime_get(), t0)), n);
}

/* The simulator's time per register access between two snapshots. */
static u64
bench_ns_per_access(const struct nvkm_sim_stats *a, const struct nvkm_sim_stats *b)
{
	return div64_u64(b->ns - a->ns, max(b->rd + b->wr - a->rd - a->wr, 1ull));
}

/*
 * A SAMPLE as the ioctl does it, without the ioctl: trigger, wait for the
 * latch, collect.  A G84 on its own clock in real time (540 MHz) under
 * nvpm_sim's default load, with 1 then 4 groups of one counter counting
 * every cycle on domains 0..3, as nvpm bench builds them; what the
 * simulator cost per register access meanwhile; and the floor under any
 * access (PMC_BOOT_0, which has nothing to simulate).
 */
static void
pm_sample_cost(struct kunit *test)
{
	struct nvkm_pm_group_args args = {
		.mode = NVPM_MODE_QUAD, .nr_ctr = 1, .ctr[0].logic_op = 0xffff,
	};
	struct nvkm_pm_group *grp[4] = {};
	struct nvkm_device *device = NULL;
	struct platform_device *pdev;
	struct nvkm_sim_stats a, b, c;
	struct nvkm_sim *sim;
	s64 one, four, bare, boot0;
	int i;

	nvpm_kunit_sim_up(test, "nvpm-kunit-bench", 0x84, &pdev, &sim);
	nvkm_sim_set_manual_clock(sim, false);
	KUNIT_ASSERT_EQ(test, nvkm_sim_gr_load(sim, BENCH_GR_BUSY,
					       BENCH_GR_PERIOD_US * nvkm_sim_clock(sim)), 0);
	KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&pdev->dev, &nvkm_sim_mmio, sim, &device), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(device), 0);

	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new_held(device->pm, &args, test, &grp[0]), 0);
	bench_samples(device->pm, test, BENCH_SAMPLES / 10);
	nvkm_sim_stats(sim, &a);
	one = bench_samples(device->pm, test, BENCH_SAMPLES);
	nvkm_sim_stats(sim, &b);
	for (i = 1; i < ARRAY_SIZE(grp); i++) {
		args.dom = i;
		KUNIT_ASSERT_EQ(test, nvkm_pm_group_new_held(device->pm, &args, test, &grp[i]), 0);
	}
	four = bench_samples(device->pm, test, BENCH_SAMPLES);
	nvkm_sim_stats(sim, &c);
	KUNIT_EXPECT_GT(test, one, 0);
	KUNIT_EXPECT_GT(test, four, 0);

	bare = nvkm_sim_time_reads(sim, NV_PMC_BOOT_0, BENCH_FLOOR_READS, true);
	boot0 = nvkm_sim_time_reads(sim, NV_PMC_BOOT_0, BENCH_FLOOR_READS, false);
	KUNIT_EXPECT_GE(test, bare, 0);
	KUNIT_EXPECT_GE(test, boot0, 0);

	kunit_info(test, "SAMPLE, 1 group: %lld ns; %llu register accesses, %llu ns of simulator each\n",
		   one, div64_u64(b.rd + b.wr - a.rd - a.wr, BENCH_SAMPLES),
		   bench_ns_per_access(&a, &b));
	kunit_info(test, "SAMPLE, 4 groups: %lld ns; %llu register accesses, %llu ns of simulator each\n",
		   four, div64_u64(c.rd + c.wr - b.rd - b.wr, BENCH_SAMPLES),
		   bench_ns_per_access(&b, &c));
	kunit_info(test, "simulator per register access, PGRAPH %d%% busy at %u MHz: %llu ns (%llu accesses)\n",
		   BENCH_GR_BUSY, nvkm_sim_clock(sim), bench_ns_per_access(&a, &c),
		   c.rd + c.wr - a.rd - a.wr);
	kunit_info(test, "floor per access: %lld ns lock and clock, %lld ns reading PMC_BOOT_0\n",
		   div_s64(bare, BENCH_FLOOR_READS), div_s64(boot0, BENCH_FLOOR_READS));

	for (i = 0; i < ARRAY_SIZE(grp); i++)
		nvkm_pm_group_del(&grp[i]);
	nvpm_kunit_sim_down(pdev, &sim, &device);
}

static struct kunit_case nvpm_bench_cases[] = {
	KUNIT_CASE(sim_cycles_per_second),
	KUNIT_CASE(sim_record_packets_per_second),
	KUNIT_CASE(pm_sample_cost),
	{}
};

static struct kunit_suite nvpm_bench_suite = {
	.name = "nvpm_sim_bench",
	.test_cases = nvpm_bench_cases,
};

kunit_test_suite(nvpm_bench_suite);
