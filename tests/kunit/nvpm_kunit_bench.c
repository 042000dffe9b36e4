// SPDX-License-Identifier: MIT
/*
 * A rerunnable benchmark of the simulated PCOUNTER, hosted by KUnit: it
 * prints simulated cycles per second for a steady workload (inputs that
 * do not change: the model jumps ahead) and a busy one (a signal that
 * changes every cycle: the model steps), measured in the same run.  It
 * asserts nothing about time; `make test` shows the numbers.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/sizes.h>
#include <linux/vmalloc.h>
#include <nvkm/hw/pcounter.h>
#include <sim/pcounter.h>
#include <sim/vm.h>
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

static struct kunit_case nvpm_bench_cases[] = {
	KUNIT_CASE(sim_cycles_per_second),
	KUNIT_CASE(sim_record_packets_per_second),
	{}
};

static struct kunit_suite nvpm_bench_suite = {
	.name = "nvpm_sim_bench",
	.test_cases = nvpm_bench_cases,
};

kunit_test_suite(nvpm_bench_suite);
