// SPDX-License-Identifier: MIT
/*
 * KUnit: record mode sessions of the perfmon engine through the real path
 * - session -> engine -> MMIO -> simulated PCOUNTER -> simulated VM ->
 * packets in the ring.  The device's MMIO goes through a tap that logs
 * every write (for the binding order) and counts accesses, then on to the
 * simulator.  The simulated clock is manual: the engine's waits step it.
 * Expected packets are worked out here from the workload and the
 * reference's rules (PERIODIC period 0x200 << n, 16-bit event counters
 * that restart after each packet, one packet in flight per domain).
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <asm/unaligned.h>
#include <nvkm/engine/record.h>
#include <nvkm/hw/pcounter.h>
#include <sim/pcounter.h>
#include <sim/vm.h>
#include <nvkm/subdev/mmu.h>
#include "nvpm_kunit.h"

#define D		1		/* core_a: signals 0x20.. are free */
#define D2		2
#define S_EV(i)		(0x20 + (i))
#define S_STOP		0x30
#define PERIOD		0x400		/* PERIODIC period 1 */
#define LONG		32
#define SHORT		16
#define LAND		NVKM_SIM_VM_WRITE_CYCLES
#define TAP_MAX		512

/* --- an MMIO tap in front of the simulator ---------------------------- */

/*
 * @stall_addr, @stall_us: once, right after reading @stall_addr, the CPU
 * stalls @stall_us of real time (a busy host): the GPU runs on meanwhile,
 * and the next access catches the manual clock up by as much, as the
 * real-time clock would.
 */
struct tap {
	struct nvkm_sim *sim;
	u32 rd;
	u32 wr;
	u32 n;
	u32 addr[TAP_MAX];
	u32 data[TAP_MAX];
	u32 stall_addr;
	u32 stall_us;
	u32 owed;
};

/* The cycles of a stall, at the next access. */
static void
tap_catch_up(struct tap *t)
{
	if (t->owed)
		nvkm_sim_run(t->sim, t->owed);
	t->owed = 0;
}

static u32
tap_rd32(void *priv, u32 addr)
{
	struct tap *t = priv;
	ktime_t t0;
	u32 data;

	t->rd++;
	tap_catch_up(t);
	data = nvkm_sim_mmio.rd32(t->sim, addr);
	if (t->stall_us && addr == t->stall_addr) {
		t0 = ktime_get();
		while (ktime_us_delta(ktime_get(), t0) < t->stall_us)
			cpu_relax();
		t->owed = t->stall_us;	/* 1 cycle per microsecond */
		t->stall_us = 0;
	}
	return data;
}

static void
tap_wr32(void *priv, u32 addr, u32 data)
{
	struct tap *t = priv;

	t->wr++;
	tap_catch_up(t);
	/* instance memory (the window and through it) is not the engine's */
	if (t->n < TAP_MAX && addr != 0x1700 && (addr < 0x700000 || addr >= 0x800000)) {
		t->addr[t->n] = addr;
		t->data[t->n] = data;
		t->n++;
	}
	nvkm_sim_mmio.wr32(t->sim, addr, data);
}

static const struct nvkm_mmio_func tap_mmio = {
	.rd32 = tap_rd32,
	.wr32 = tap_wr32,
};

static void
tap_reset(struct tap *t)
{
	t->rd = 0;
	t->wr = 0;
	t->n = 0;
}

/* Index of the first logged write to @addr (with @mask of data set), or -1. */
static int
tap_find(const struct tap *t, u32 addr, u32 mask)
{
	u32 i;

	for (i = 0; i < t->n; i++) {
		if (t->addr[i] == addr && (t->data[i] & mask) == mask)
			return i;
	}
	return -1;
}

static int
tap_find_last(const struct tap *t, u32 addr)
{
	int i;

	for (i = t->n - 1; i >= 0; i--) {
		if (t->addr[i] == addr)
			return i;
	}
	return -1;
}

/* --- fixture ---------------------------------------------------------------- */

struct rf {
	struct platform_device *pdev;
	struct nvkm_sim *sim;
	struct nvkm_device *device;
	struct nvkm_pm *pm;
	struct tap tap;
};

/* The engine's waits step the manual clock: 1 cycle per microsecond. */
static void
rf_delay(void *priv, unsigned int us)
{
	nvkm_sim_run(priv, us);
}

static void
rf_up(struct kunit *test, struct rf *f)
{
	KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&f->pdev->dev, &tap_mmio, &f->tap,
						    &f->device), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	f->pm = f->device->pm;
	nvkm_record_clock(f->pm, rf_delay, f->sim, 0);
}

static struct rf *
rf_new(struct kunit *test, u32 chipset)
{
	struct rf *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	nvpm_kunit_sim_up(test, "nvpm-kunit-record", chipset, &f->pdev, &f->sim);
	f->tap.sim = f->sim;
	rf_up(test, f);
	return f;
}

static void
rf_exit(struct kunit *test)
{
	struct rf *f = test->priv;

	if (!f)
		return;
	nvpm_kunit_sim_down(f->pdev, &f->sim, &f->device);
}

/* A page-aligned ring (kmalloc aligns power-of-two sizes naturally). */
static u8 *
ring_new(struct kunit *test, u64 size)
{
	u8 *ring = kunit_kzalloc(test, size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ring);
	KUNIT_ASSERT_TRUE(test, PAGE_ALIGNED(ring));
	return ring;
}

/* Domain @d: signal i in slot i, STOP on PERIODIC period 1. */
static void
dom_args(struct nvkm_record_dom_args *a, int d, u8 *ring, u64 size, int nr)
{
	int i;

	memset(a, 0, sizeof(*a));
	a->dom = d;
	a->nr_signals = nr;
	for (i = 0; i < nr; i++)
		a->signal[i] = S_EV(i);
	a->stop = NVPM_RECORD_STOP_PERIODIC;
	a->stop_arg = 1;
	a->ring = ring;
	a->ring_size = size;
}

static void
one_dom(struct nvkm_record_args *args, int d, u8 *ring, u64 size)
{
	memset(args, 0, sizeof(*args));
	args->nr_doms = 1;
	dom_args(&args->dom[0], d, ring, size, NVPM_RECORD_SIGNALS);
}

struct pkt {
	u64 cycles;
	u16 stop;
	u16 ev[12];
};

/* Packet @i of a ring of @size bytes, per the reference's layout. */
static void
pkt_get(const u8 *ring, u64 size, u32 len, u64 i, struct pkt *p)
{
	const u8 *b = ring + (i % (size / len)) * len;
	int k;

	p->cycles = get_unaligned_le16(b) | (u64)get_unaligned_le16(b + 2) << 16 |
		    (u64)get_unaligned_le16(b + 4) << 32;
	p->stop = get_unaligned_le16(b + 6) & 0xfff;
	for (k = 0; k < 12; k++)
		p->ev[k] = k * 2 + 8 < len ? get_unaligned_le16(b + 8 + k * 2) : 0;
}

static int
status1(struct nvkm_record *rec, u64 read, struct nvkm_record_status *st)
{
	return nvkm_record_status(rec, &read, false, st);
}

static const u32 rec_chips[] = { 0x84, 0x92, 0xa3 };

static void
rec_chip_desc(const u32 *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "chipset %02x", *c);
}

KUNIT_ARRAY_PARAM(rec_chips, rec_chips, rec_chip_desc);

/* --- tests ------------------------------------------------------------------ */

/*
 * Ten PERIODIC periods: ten packets in the ring, each one period of
 * cycles, STOP count 1, a held signal counting the whole period and a
 * signal high every other cycle half of it; RECORD_STOP adds the last
 * partial period.
 */
static void
periodic_packets_reach_the_ring(struct kunit *test)
{
	struct rf *f = rf_new(test, *(const u32 *)test->param_value);
	u8 *ring = ring_new(test, SZ_8K);
	struct nvkm_record_status st;
	struct nvkm_record_args args;
	struct nvkm_record *rec;
	struct pkt p;
	u64 i;

	one_dom(&args, D, ring, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_pcounter_set_signal(f->sim, D, S_EV(0), true);
	nvkm_sim_pcounter_wave(f->sim, D, S_EV(1), 2, 1, U64_MAX);
	nvkm_sim_run(f->sim, 10 * PERIOD + LAND);

	KUNIT_ASSERT_EQ(test, status1(rec, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 10ull);
	KUNIT_EXPECT_EQ(test, st.lost, 0ull);
	KUNIT_EXPECT_EQ(test, st.position, 10ull * LONG);
	for (i = 0; i < 10; i++) {
		pkt_get(ring, SZ_8K, LONG, i, &p);
		KUNIT_EXPECT_EQ_MSG(test, p.cycles, (i + 1) * PERIOD, "packet %llu", i);
		KUNIT_EXPECT_EQ_MSG(test, p.stop, 1, "packet %llu", i);
		KUNIT_EXPECT_EQ_MSG(test, p.ev[0], PERIOD, "packet %llu", i);
		KUNIT_EXPECT_EQ_MSG(test, p.ev[1], PERIOD / 2, "packet %llu", i);
		KUNIT_EXPECT_EQ_MSG(test, p.ev[2], 0, "packet %llu", i);
	}
	pkt_get(ring, SZ_8K, LONG, 10, &p);
	KUNIT_EXPECT_EQ(test, p.cycles, 0ull);	/* not written yet */

	/* the last packet: the LAND cycles since the tenth, plus one */
	KUNIT_ASSERT_EQ(test, nvkm_record_del(&rec, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 11ull);
	KUNIT_EXPECT_EQ(test, st.ready, 11ull);
	KUNIT_EXPECT_TRUE(test, st.flags & NVPM_RECORD_STOPPED);
	pkt_get(ring, SZ_8K, LONG, 10, &p);
	KUNIT_EXPECT_EQ(test, p.cycles, 10ull * PERIOD + LAND + 1);
	KUNIT_EXPECT_EQ(test, p.ev[0], LAND + 1);
	KUNIT_EXPECT_GE(test, p.stop, 1);
	KUNIT_EXPECT_NULL(test, nvkm_record_vmm(f->pm));
}

/*
 * RECORD_CHAN keeps naming the address space of the last session after it
 * stopped (a write without VALID binds nothing): its channel structure is
 * not handed to another space until a new session binds another.
 */
static void
stale_binding_number_not_reused(struct kunit *test)
{
	struct rf *f = rf_new(test, *(const u32 *)test->param_value);
	u8 *ring = ring_new(test, SZ_8K);
	struct nvkm_vmm *v[4] = {};
	struct nvkm_record_args args;
	struct nvkm_record *rec;
	u32 bound;
	int i;

	one_dom(&args, D, ring, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_run(f->sim, PERIOD);
	KUNIT_ASSERT_EQ(test, nvkm_record_del(&rec, NULL), 0);
	/* bits 0-29: CHAN (address >> 12 in 0-27, target 28-29), bit 31: VALID */
	bound = kt_rd(f->sim, 0x00a7a0);
	KUNIT_ASSERT_TRUE(test, bound & BIT(31));
	bound &= 0x3fffffff;
	for (i = 0; i < ARRAY_SIZE(v); i++) {
		KUNIT_ASSERT_EQ(test, nvkm_vmm_new(f->device, G84_PGD, &v[i]), 0);
		KUNIT_EXPECT_NE_MSG(test, v[i]->inst >> 12, bound & 0x0fffffff, "space %d", i);
	}
	for (i = 0; i < ARRAY_SIZE(v); i++)
		nvkm_vmm_del(&v[i]);
	/* a new session binds a new space: the old number is free again */
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	KUNIT_EXPECT_NE(test, kt_rd(f->sim, 0x00a7a0) & 0x3fffffff, bound);
	KUNIT_ASSERT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/*
 * The order the reference asks for: RECORD_DMA before RECORD_CHAN with
 * VALID; per domain RECORD_ADDRESS_HIGH (G92+ only), RECORD_LIMIT, CTRL in
 * record mode and then RECORD_START; all under GCTRL.RECORD_RESET and
 * PERIODIC_RESET, released last; 16-byte aligned addresses; nothing
 * outside the documented registers.
 */
static void
binding_order(struct kunit *test)
{
	u32 chipset = *(const u32 *)test->param_value;
	struct rf *f = rf_new(test, chipset);
	u8 *ring = ring_new(test, SZ_8K), *ring2 = ring_new(test, SZ_8K);
	struct nvkm_sim_stats stats;
	struct nvkm_record_args args;
	struct nvkm_record *rec;
	int dma, chan, gctrl, d, i;
	u64 size;

	one_dom(&args, D, ring, SZ_8K);
	args.nr_doms = 2;
	dom_args(&args.dom[1], D2, ring2, SZ_8K, 3);
	tap_reset(&f->tap);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);

	dma = tap_find(&f->tap, NV40_PCOUNTER_RECORD_DMA, 0);
	chan = tap_find(&f->tap, NV40_PCOUNTER_RECORD_CHAN, NV40_PCOUNTER_RECORD_CHAN_VALID);
	gctrl = tap_find(&f->tap, NV40_PCOUNTER_GCTRL, 0);
	KUNIT_ASSERT_GE(test, dma, 0);
	KUNIT_ASSERT_GE(test, chan, 0);
	KUNIT_EXPECT_LT(test, dma, chan);
	/* the channel descriptor: structure address >> 12, VRAM (target 0) */
	KUNIT_EXPECT_EQ(test, f->tap.data[chan] & NV40_PCOUNTER_RECORD_CHAN_CHAN,
			nvkm_record_vmm(f->pm)->inst >> 12);
	/* the selector: the DMA object's offset in that structure >> 4 */
	KUNIT_EXPECT_NE(test, f->tap.data[dma], 0u);
	KUNIT_ASSERT_GE(test, gctrl, 0);
	KUNIT_EXPECT_EQ(test, f->tap.data[gctrl], NV40_PCOUNTER_GCTRL_RECORD_RESET |
						  NV40_PCOUNTER_GCTRL_PERIODIC_RESET);
	KUNIT_EXPECT_EQ(test, f->tap.data[tap_find_last(&f->tap, NV40_PCOUNTER_GCTRL)], 0u);

	for (i = 0; i < 2; i++) {
		int start, limit, ctrl, high;
		u64 win = nvkm_record_window(rec, i, &size);

		d = args.dom[i].dom;
		start = tap_find(&f->tap, NV40_PCOUNTER_RECORD_START(d), 0);
		limit = tap_find(&f->tap, NV40_PCOUNTER_RECORD_LIMIT(d), 0);
		ctrl = tap_find(&f->tap, NV40_PCOUNTER_CTRL(d), NV_PCOUNTER_MODE_RECORD);
		high = tap_find(&f->tap, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(d), 0);
		KUNIT_ASSERT_GE(test, start, 0);
		KUNIT_EXPECT_GT(test, start, chan);
		KUNIT_EXPECT_GT(test, start, ctrl);
		KUNIT_EXPECT_GT(test, start, limit);
		KUNIT_EXPECT_GT(test, start, gctrl);
		KUNIT_EXPECT_LT(test, start, tap_find_last(&f->tap, NV40_PCOUNTER_GCTRL));
		KUNIT_EXPECT_EQ(test, f->tap.data[ctrl] & NV40_PCOUNTER_CTRL_MODE,
				(u32)NV_PCOUNTER_MODE_RECORD);
		KUNIT_EXPECT_EQ(test, f->tap.data[start], lower_32_bits(win));
		KUNIT_EXPECT_EQ(test, f->tap.data[limit], lower_32_bits(win + size - LONG));
		KUNIT_EXPECT_EQ(test, f->tap.data[start] & 0xf, 0u);
		KUNIT_EXPECT_EQ(test, f->tap.data[limit] & 0xf, 0u);
		if (chipset == 0x84) {
			KUNIT_EXPECT_EQ(test, high, -1);
		} else {
			KUNIT_EXPECT_GE(test, high, 0);
			KUNIT_EXPECT_LT(test, high, start);
		}
	}
	nvkm_sim_stats(f->sim, &stats);
	KUNIT_EXPECT_EQ(test, stats.unclaimed, 0ull);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/*
 * Windows: G84:G92 below 4 GiB (-ENOSPC once the low 4 GiB are used up,
 * nothing changed); G92+ never across a 4 GiB boundary, the block named
 * by RECORD_ADDRESS_HIGH, and the packets land there.
 */
static void
windows_follow_4g_rules(struct kunit *test)
{
	u32 chipset = *(const u32 *)test->param_value;
	struct rf *f = rf_new(test, chipset);
	u8 *ring = ring_new(test, SZ_8K), *ring2 = ring_new(test, SZ_8K);
	struct nvkm_pm_group_args pa = { .dom = D2, .nr_ctr = 1 };
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec, *rec2;
	struct nvkm_pm_group *grp;
	u64 win, size, va, burn;
	struct pkt p;

	one_dom(&args, D, ring, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	win = nvkm_record_window(rec, 0, &size);
	KUNIT_EXPECT_LE(test, win + size, SZ_4G);
	/*
	 * Use up the space up to 64 KiB below 4 GiB, unmapped.
	 */
	burn = SZ_4G - SZ_64K - (win + size);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_reserve(nvkm_record_vmm(f->pm), burn, 0, &va), 0);

	one_dom(&args, D2, ring2, SZ_8K);
	if (chipset == 0x84) {
		tap_reset(&f->tap);
		KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), -ENOSPC);
		KUNIT_EXPECT_EQ(test, f->tap.wr, 0u);
		KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &pa, &grp), 0);
		nvkm_pm_group_del(&grp);
		KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
		return;
	}

	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), 0);
	win = nvkm_record_window(rec2, 0, &size);
	KUNIT_EXPECT_EQ(test, win, SZ_4G);
	KUNIT_EXPECT_EQ(test, upper_32_bits(win), upper_32_bits(win + size - 1));
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(D2)),
			1u);
	nvkm_sim_run(f->sim, 3 * PERIOD + LAND);
	KUNIT_ASSERT_EQ(test, status1(rec2, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 3ull);
	pkt_get(ring2, SZ_8K, LONG, 2, &p);
	KUNIT_EXPECT_EQ(test, p.cycles, 3ull * PERIOD);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec2, NULL), 0);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/*
 * With no one to re-arm it, the hardware goes through its whole window:
 * the packet at RECORD_LIMIT is the last, nothing beyond is written (no
 * fault), and it stops.  The next poll finds it at the end (a gap) and
 * re-arms it: packets come again, in the next ring slot.
 */
static void
limit_stops_the_window_then_rearm(struct kunit *test)
{
	struct rf *f = rf_new(test, *(const u32 *)test->param_value);
	u8 *ring = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec;
	u64 win, size, slots = SZ_4K / LONG, total;
	struct pkt p;
	u32 pos;

	one_dom(&args, D, ring, SZ_4K);
	args.dom[0].stop = NVPM_RECORD_STOP_SIGNAL;
	args.dom[0].stop_arg = S_STOP;
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	win = nvkm_record_window(rec, 0, &size);
	total = size / LONG;
	KUNIT_EXPECT_GE(test, size / SZ_4K, 2ull);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, NV40_PCOUNTER_RECORD_LIMIT(D)),
			lower_32_bits(win + size - LONG));

	/* STOP held: a packet every LAND cycles (one in flight at a time) */
	nvkm_sim_pcounter_set_signal(f->sim, D, S_STOP, true);
	nvkm_sim_run(f->sim, (total + 8) * LAND);
	pos = nvkm_sim_mmio.rd32(f->sim, NV40_PCOUNTER_RECORD_STATUS(D));
	KUNIT_EXPECT_EQ(test, pos, lower_32_bits(win + size));	/* no FAULT bit */
	pkt_get(ring, SZ_4K, LONG, total - 1, &p);
	KUNIT_EXPECT_EQ(test, p.cycles, 1 + (total - 1) * LAND);

	KUNIT_ASSERT_EQ(test, status1(rec, total, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, total);
	KUNIT_EXPECT_EQ(test, st.gaps, 1u);
	KUNIT_EXPECT_EQ(test, st.rearms, 1u);
	KUNIT_EXPECT_EQ(test, st.lost, 0ull);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, NV40_PCOUNTER_RECORD_STATUS(D)),
			lower_32_bits(win + (total % slots) * LONG));

	nvkm_sim_run(f->sim, 3 * LAND);
	KUNIT_ASSERT_EQ(test, status1(rec, total, &st), 0);
	KUNIT_EXPECT_GE(test, st.written, total + 2);
	pkt_get(ring, SZ_4K, LONG, total, &p);
	KUNIT_EXPECT_GT(test, p.cycles, 0ull);
	KUNIT_EXPECT_LE(test, p.cycles, (u64)LAND);	/* cycles restart at a re-arm */
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/*
 * A long recording polled now and then, its reader keeping up: every
 * period has its packet, across several windows (re-arms), none lost;
 * only the packet after a re-arm is short (the re-arm restarts the
 * counters).
 */
static void
rearm_loses_no_packet(struct kunit *test)
{
	struct rf *f = rf_new(test, *(const u32 *)test->param_value);
	u8 *ring = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec;
	u64 slots = SZ_4K / LONG, size, read = 0, n, bad = 0, t0;
	u32 rearms = 0;
	struct pkt p;

	one_dom(&args, D, ring, SZ_4K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	t0 = f->sim->now;
	nvkm_record_window(rec, 0, &size);
	nvkm_sim_pcounter_set_signal(f->sim, D, S_EV(0), true);

	/* over two windows' worth, polled every slots/2 periods (+ an odd bit) */
	for (n = 0; n < 23 * size / LONG / (slots / 2) / 10; n++) {
		nvkm_sim_run(f->sim, slots / 2 * PERIOD + 37);
		KUNIT_ASSERT_EQ(test, status1(rec, read, &st), 0);
		for (; read < st.ready; read++) {
			pkt_get(ring, SZ_4K, LONG, read, &p);
			if (p.stop != 1 || p.ev[0] != (u16)min_t(u64, p.cycles, PERIOD))
				bad++;
			if (p.ev[0] != PERIOD)
				rearms++;
		}
	}
	KUNIT_EXPECT_GE(test, st.rearms, 2u);
	KUNIT_EXPECT_EQ(test, st.gaps, 0u);
	KUNIT_EXPECT_EQ(test, st.lost, 0ull);
	KUNIT_EXPECT_EQ(test, bad, 0ull);
	KUNIT_EXPECT_EQ(test, rearms, st.rearms);
	/* every period had its packet: a re-arm loses part of one, no more */
	KUNIT_EXPECT_EQ(test, st.written, div_u64(f->sim->now - t0, PERIOD));
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/* A reader that stops reading loses what the ring overwrote, counted. */
static void
lost_packets_counted_when_reader_stalls(struct kunit *test)
{
	struct rf *f = rf_new(test, *(const u32 *)test->param_value);
	u8 *ring = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec;
	u64 slots = SZ_4K / LONG;
	int i;

	one_dom(&args, D, ring, SZ_4K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	for (i = 0; i < 50; i++) {	/* 500 periods, polled, nothing read */
		nvkm_sim_run(f->sim, 10 * PERIOD);
		KUNIT_ASSERT_EQ(test, status1(rec, 0, &st), 0);
	}
	KUNIT_EXPECT_EQ(test, st.written, 500ull);
	KUNIT_EXPECT_EQ(test, st.lost, 500 - slots);
	KUNIT_EXPECT_EQ(test, st.tail, 500 - slots);

	for (i = 0; i < 20; i++) {	/* the reader keeps up again */
		nvkm_sim_run(f->sim, 10 * PERIOD);
		KUNIT_ASSERT_EQ(test, status1(rec, st.written, &st), 0);
	}
	KUNIT_EXPECT_EQ(test, st.written, 700ull);
	KUNIT_EXPECT_EQ(test, st.lost, 500 - slots);
	KUNIT_EXPECT_EQ(test, st.wraps, div_u64(700, slots));
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/*
 * A VM fault forced behind the engine's back (the window unmapped): the
 * domain is reported wedged - -EIO from STATUS, STOP, a new session and a
 * counter group - until the GPU is reset.
 */
static void
fault_wedges_domain_until_reset(struct kunit *test)
{
	struct rf *f = rf_new(test, *(const u32 *)test->param_value);
	u8 *ring = ring_new(test, SZ_8K);
	struct nvkm_pm_group_args pa = { .dom = D, .nr_ctr = 1 };
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec, *rec2;
	struct nvkm_pm_group *grp;
	u64 size;

	one_dom(&args, D, ring, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_run(f->sim, 2 * PERIOD + LAND);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_unmap(nvkm_record_vmm(f->pm),
					     nvkm_record_window(rec, 0, &size)), 0);
	nvkm_sim_run(f->sim, PERIOD + LAND);

	KUNIT_EXPECT_EQ(test, status1(rec, 0, &st), -EIO);
	KUNIT_EXPECT_TRUE(test, st.flags & NVPM_RECORD_FAULT);
	KUNIT_EXPECT_EQ(test, st.written, 3ull);	/* the third was sent */
	KUNIT_EXPECT_TRUE(test, f->pm->dom[D].wedged);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, &st), -EIO);

	KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), -EIO);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &pa, &grp), -EIO);
	/* the other domains are fine */
	one_dom(&args, D2, ring, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), 0);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec2, NULL), 0);

	/* a reset: the fault is gone, so is the mark */
	nvkm_device_fini(f->device, false);
	KUNIT_ASSERT_EQ(test, nvkm_sim_reset(f->sim), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	KUNIT_EXPECT_FALSE(test, f->pm->dom[D].wedged);
	one_dom(&args, D, ring, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), 0);
	nvkm_sim_run(f->sim, PERIOD + LAND);
	KUNIT_EXPECT_EQ(test, status1(rec2, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 1ull);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec2, NULL), 0);
}

/* Short packets: 16 bytes, the first four counters; more are refused. */
static void
short_packets(struct kunit *test)
{
	struct rf *f = rf_new(test, *(const u32 *)test->param_value);
	u8 *ring = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec;
	struct pkt p;
	int i;

	one_dom(&args, D, ring, SZ_4K);
	args.shrt = true;
	KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec), -EINVAL);
	dom_args(&args.dom[0], D, ring, SZ_4K, 4);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	for (i = 0; i < 4; i++)
		nvkm_sim_pcounter_wave(f->sim, D, S_EV(i), 4, i + 1, U64_MAX);
	nvkm_sim_run(f->sim, 3 * PERIOD + LAND);
	KUNIT_ASSERT_EQ(test, status1(rec, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 3ull);
	KUNIT_EXPECT_EQ(test, st.position, 3ull * SHORT);
	for (i = 0; i < 3; i++) {
		pkt_get(ring, SZ_4K, SHORT, i, &p);
		KUNIT_EXPECT_EQ(test, p.cycles, (i + 1ull) * PERIOD);
		KUNIT_EXPECT_EQ(test, p.ev[0], PERIOD / 4);
		KUNIT_EXPECT_EQ(test, p.ev[3], PERIOD);
	}
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/* Held domains, by groups or sessions, are -EBUSY both ways. */
static void
held_domains_are_busy(struct kunit *test)
{
	struct rf *f = rf_new(test, 0x84);
	u8 *ring = ring_new(test, SZ_4K), *ring2 = ring_new(test, SZ_4K);
	struct nvkm_pm_group_args pa = { .dom = D, .nr_ctr = 1 };
	struct nvkm_record_args args;
	struct nvkm_record *rec, *rec2;
	struct nvkm_pm_group *grp;

	one_dom(&args, D, ring, SZ_4K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	KUNIT_EXPECT_EQ(test, nvkm_pm_group_new(f->pm, &pa, &grp), -EBUSY);
	one_dom(&args, D, ring2, SZ_4K);
	KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), -EBUSY);
	/* a domain named twice */
	args.nr_doms = 2;
	dom_args(&args.dom[0], D2, ring2, SZ_4K, 1);
	dom_args(&args.dom[1], D2, ring2, SZ_4K, 1);
	KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), -EBUSY);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);

	pa.dom = D2;
	KUNIT_ASSERT_EQ(test, nvkm_pm_group_new(f->pm, &pa, &grp), 0);
	one_dom(&args, D2, ring2, SZ_4K);
	KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), -EBUSY);
	nvkm_pm_group_del(&grp);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), 0);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec2, NULL), 0);
}

/* Requests the hardware cannot run are refused, touching nothing. */
static void
bad_requests_change_nothing(struct kunit *test)
{
	struct rf *f = rf_new(test, 0x84);
	u8 *ring = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record *rec;
	int i;
	static const struct {
		const char *what;
		u32 field;
		u32 value;
		int err;
	} bad[] = {
		{ "unknown domain", 0, 8, -ENOENT },
		{ "13 signals", 1, 13, -EINVAL },
		{ "period 0", 2, 0, -EINVAL },
		{ "period 8", 2, 8, -EINVAL },
		{ "unknown stop", 3, 3, -EINVAL },
		{ "USER before GT215", 3, NVPM_RECORD_STOP_USER, -EINVAL },
		{ "unknown flag", 4, 2, -EINVAL },
		{ "edge on PERIODIC", 4, NVPM_RECORD_STOP_EDGE, -EINVAL },
		{ "misaligned ring", 5, 16, -EINVAL },
		{ "ring not whole pages", 6, 4000, -EINVAL },
		{ "no ring", 6, 0, -EINVAL },
		{ "signal beyond the domain", 7, 0x100, -EINVAL },
	};

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		one_dom(&args, D, ring, SZ_4K);
		switch (bad[i].field) {
		case 0:
			args.dom[0].dom = bad[i].value;
			break;
		case 1:
			args.dom[0].nr_signals = bad[i].value;
			break;
		case 2:
			args.dom[0].stop_arg = bad[i].value;
			break;
		case 3:
			args.dom[0].stop = bad[i].value;
			args.dom[0].stop_arg = 0;
			break;
		case 4:
			args.dom[0].flags = bad[i].value;
			break;
		case 5:
			args.dom[0].ring = ring + bad[i].value;
			break;
		case 6:
			args.dom[0].ring_size = bad[i].value;
			break;
		case 7:
			args.dom[0].stop = NVPM_RECORD_STOP_SIGNAL;
			args.dom[0].stop_arg = bad[i].value;
			break;
		}
		tap_reset(&f->tap);
		KUNIT_EXPECT_EQ_MSG(test, nvkm_record_new(f->pm, &args, &rec), bad[i].err,
				    "%s", bad[i].what);
		KUNIT_EXPECT_EQ_MSG(test, f->tap.wr, 0u, "%s", bad[i].what);
		KUNIT_EXPECT_NULL(test, nvkm_record_vmm(f->pm));
	}
	one_dom(&args, D, ring, SZ_4K);
	args.nr_doms = 0;
	KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec), -E2BIG);
	args.nr_doms = 9;
	KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec), -E2BIG);
	KUNIT_EXPECT_NULL(test, f->pm->dom[D].record);
}

/* GT215: a USER trigger pulses STOP once: one packet per trigger. */
static void
user_trigger_gt215(struct kunit *test)
{
	struct rf *f = rf_new(test, 0xa3);
	u8 *ring = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec;
	u64 read = 0;
	struct pkt p;
	int i;

	one_dom(&args, D, ring, SZ_4K);
	args.dom[0].stop = NVPM_RECORD_STOP_USER;
	args.dom[0].stop_arg = 0;
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_pcounter_set_signal(f->sim, D, S_EV(0), true);
	nvkm_sim_run(f->sim, 5000);
	KUNIT_ASSERT_EQ(test, status1(rec, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 0ull);
	for (i = 0; i < 3; i++) {
		KUNIT_ASSERT_EQ(test, nvkm_record_status(rec, &read, true, &st), 0);
		nvkm_sim_run(f->sim, 100);
	}
	KUNIT_ASSERT_EQ(test, status1(rec, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 3ull);
	pkt_get(ring, SZ_4K, LONG, 1, &p);
	KUNIT_EXPECT_EQ(test, p.stop, 1);
	KUNIT_EXPECT_EQ(test, p.ev[0], 100);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/* STOP on a signal's rising edges: one packet per pulse, however long. */
static void
edge_stop_counts_pulses(struct kunit *test)
{
	struct rf *f = rf_new(test, 0x92);
	u8 *ring = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec;

	one_dom(&args, D, ring, SZ_4K);
	args.dom[0].stop = NVPM_RECORD_STOP_SIGNAL;
	args.dom[0].stop_arg = S_STOP;
	args.dom[0].flags = NVPM_RECORD_STOP_EDGE;
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_pcounter_wave(f->sim, D, S_STOP, 500, 200, 7);
	nvkm_sim_run(f->sim, 7 * 500 + 100);
	KUNIT_ASSERT_EQ(test, status1(rec, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 7ull);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/* A poll costs one RECORD_STATUS read per domain, nothing else. */
static void
poll_mmio_cost(struct kunit *test)
{
	struct rf *f = rf_new(test, 0x84);
	u8 *ring = ring_new(test, SZ_4K), *ring2 = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record *rec;

	one_dom(&args, D, ring, SZ_4K);
	args.nr_doms = 2;
	dom_args(&args.dom[1], D2, ring2, SZ_4K, 12);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_run(f->sim, 5 * PERIOD);
	tap_reset(&f->tap);
	nvkm_record_poll(f->pm);
	KUNIT_EXPECT_EQ(test, f->tap.rd, 2u);
	KUNIT_EXPECT_EQ(test, f->tap.wr, 0u);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/*
 * Two sessions at once: the second binds nothing again and leaves GCTRL
 * alone (the first's counters and periods go on); both record.
 */
static void
second_session_shares_the_binding(struct kunit *test)
{
	struct rf *f = rf_new(test, 0x92);
	u8 *ring = ring_new(test, SZ_4K), *ring2 = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec, *rec2;

	one_dom(&args, D, ring, SZ_4K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_run(f->sim, PERIOD + 100);
	one_dom(&args, D2, ring2, SZ_4K);
	tap_reset(&f->tap);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec2), 0);
	KUNIT_EXPECT_EQ(test, tap_find(&f->tap, NV40_PCOUNTER_RECORD_CHAN, 0), -1);
	KUNIT_EXPECT_EQ(test, tap_find(&f->tap, NV40_PCOUNTER_GCTRL, 0), -1);
	nvkm_sim_run(f->sim, 4 * PERIOD);
	KUNIT_ASSERT_EQ(test, status1(rec, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 5ull);
	KUNIT_ASSERT_EQ(test, status1(rec2, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 4ull);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
	KUNIT_EXPECT_NOT_NULL(test, nvkm_record_vmm(f->pm));
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec2, NULL), 0);
	KUNIT_EXPECT_NULL(test, nvkm_record_vmm(f->pm));
}

/*
 * Suspend stops running sessions the way RECORD_STOP does (last packet,
 * out of record mode): after resume the session reports INTERRUPTED,
 * nothing writes its ring, and its domain records again once it is gone.
 */
static void
suspend_interrupts_sessions(struct kunit *test)
{
	struct rf *f = rf_new(test, 0x92);
	u8 *ring = ring_new(test, SZ_4K);
	struct nvkm_record_args args;
	struct nvkm_record_status st;
	struct nvkm_record *rec;
	u64 size;
	u32 pos;

	one_dom(&args, D, ring, SZ_4K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_run(f->sim, 3 * PERIOD + LAND);
	KUNIT_ASSERT_EQ(test, nvkm_device_fini(f->device, true), 0);
	pos = nvkm_sim_mmio.rd32(f->sim, NV40_PCOUNTER_RECORD_STATUS(D));
	nvkm_sim_run(f->sim, 5 * PERIOD);
	KUNIT_EXPECT_EQ(test, nvkm_sim_mmio.rd32(f->sim, NV40_PCOUNTER_RECORD_STATUS(D)), pos);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);

	KUNIT_EXPECT_EQ(test, status1(rec, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 4ull);	/* three, and the last */
	KUNIT_EXPECT_EQ(test, st.flags, NVPM_RECORD_INTERRUPTED | NVPM_RECORD_STOPPED);
	KUNIT_EXPECT_EQ(test, pos, lower_32_bits(nvkm_record_window(rec, 0, &size) + 4 * LONG));
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	nvkm_sim_run(f->sim, PERIOD + LAND);
	KUNIT_EXPECT_EQ(test, status1(rec, 0, &st), 0);
	KUNIT_EXPECT_EQ(test, st.written, 1ull);
	KUNIT_EXPECT_FALSE(test, f->pm->dom[D].wedged);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/*
 * A packet goes out, then takes LAND cycles to reach memory, and STATUS's
 * ready must not count it before.  The CPU may stall at any moment (a busy
 * host): here while the engine reads the second domain's RECORD_STATUS,
 * right after the first domain's showed a packet sent in the last cycle.
 * However much real time has passed, the GPU was last looked at before
 * the stall: the packet may still be on its way, so it is not ready.
 * Whatever ready counts is in the ring; once the GPU has been looked at
 * LAND_US later, ready catches up.
 */
static void
ready_counts_only_landed_packets_across_a_stall(struct kunit *test)
{
	struct rf *f = rf_new(test, 0xa3);
	u8 *ring[2] = { ring_new(test, SZ_4K), ring_new(test, SZ_4K) };
	struct nvkm_record_status st[2];
	struct nvkm_record_args args;
	struct nvkm_record *rec;
	u64 read[2] = { 0, 0 }, i;
	struct pkt p;
	int d, round;

	one_dom(&args, D, ring[0], SZ_4K);
	args.nr_doms = 2;
	dom_args(&args.dom[1], D2, ring[1], SZ_4K, 12);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	/* both domains send their first packet in the last of these cycles */
	nvkm_sim_run(f->sim, PERIOD);
	f->tap.stall_addr = NV40_PCOUNTER_RECORD_STATUS(D2);
	f->tap.stall_us = 200;

	for (round = 0; round < 2; round++) {
		KUNIT_ASSERT_EQ(test, nvkm_record_status(rec, read, false, st), 0);
		for (d = 0; d < 2; d++) {
			KUNIT_EXPECT_EQ_MSG(test, st[d].written, 1ull, "round %d domain %d",
					    round, d);
			for (i = 0; i < st[d].ready; i++) {
				pkt_get(ring[d], SZ_4K, LONG, i, &p);
				KUNIT_EXPECT_EQ_MSG(test, p.cycles, (i + 1) * PERIOD,
						    "round %d domain %d packet %llu ready: not in memory",
						    round, d, i);
			}
		}
		KUNIT_EXPECT_EQ_MSG(test, st[0].ready, (u64)round, "round %d", round);
	}
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
}

/* The engine's waits do not step the clock: the GPU stands still. */
static void
rf_no_delay(void *priv, unsigned int us)
{
}

/*
 * While one session records on D2, 100 sessions on D start and stop one
 * after the other: each gets the window the last one gave back (on a G84
 * windows of 64 MiB rings would use up the low 4 GiB in 31 sessions if
 * addresses were not reused).  A domain whose last packet did not go out
 * (its clock stood still) keeps its window from the next session.
 */
static void
stopped_windows_are_reused(struct kunit *test)
{
	struct rf *f = rf_new(test, *(const u32 *)test->param_value);
	u8 *ring = ring_new(test, SZ_8K), *ring2 = ring_new(test, SZ_8K);
	struct nvkm_record_args args;
	struct nvkm_record *rec, *keep;
	u64 win, first = 0, size, dirty;
	int i;

	one_dom(&args, D2, ring2, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &keep), 0);
	one_dom(&args, D, ring, SZ_8K);
	for (i = 0; i < 100; i++) {
		KUNIT_ASSERT_EQ_MSG(test, nvkm_record_new(f->pm, &args, &rec), 0,
				    "session %d", i);
		nvkm_sim_run(f->sim, PERIOD + LAND);
		win = nvkm_record_window(rec, 0, &size);
		if (!i)
			first = win;
		KUNIT_EXPECT_EQ_MSG(test, win, first, "session %d", i);
		KUNIT_ASSERT_EQ(test, nvkm_record_del(&rec, NULL), 0);
	}

	/* the last packet of D does not go out: its window stays taken */
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	dirty = nvkm_record_window(rec, 0, &size);
	nvkm_record_clock(f->pm, rf_no_delay, f->sim, 0);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
	nvkm_record_clock(f->pm, rf_delay, f->sim, 0);
	one_dom(&args, 3, ring, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	win = nvkm_record_window(rec, 0, &size);
	KUNIT_EXPECT_TRUE(test, win + size <= dirty || win >= dirty + size);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&keep, NULL), 0);
	KUNIT_EXPECT_NULL(test, nvkm_record_vmm(f->pm));
}

/*
 * A dirty domain's window stays taken while another session keeps the
 * space; once RECORD_RESET has silenced the domain (a session recording
 * alone on it, the other stopped by a suspend), the window is free again.
 */
static void
held_window_free_after_record_reset(struct kunit *test)
{
	struct rf *f = rf_new(test, 0x92);
	u8 *ring = ring_new(test, SZ_8K), *ring2 = ring_new(test, SZ_8K);
	struct nvkm_record_args args;
	struct nvkm_record *rec, *keep;
	u64 held, size, va;

	one_dom(&args, D2, ring2, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &keep), 0);
	one_dom(&args, D, ring, SZ_8K);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	held = nvkm_record_window(rec, 0, &size);
	nvkm_record_clock(f->pm, rf_no_delay, f->sim, 0);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
	nvkm_record_clock(f->pm, rf_delay, f->sim, 0);
	/* the dirty domain waits until no other session records */
	KUNIT_EXPECT_EQ(test, nvkm_record_new(f->pm, &args, &rec), -EBUSY);
	KUNIT_ASSERT_EQ(test, nvkm_device_fini(f->device, true), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	KUNIT_ASSERT_EQ(test, nvkm_record_new(f->pm, &args, &rec), 0);
	KUNIT_EXPECT_NE(test, nvkm_record_window(rec, 0, &size), held);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_reserve(nvkm_record_vmm(f->pm), size, 0, &va), 0);
	KUNIT_EXPECT_EQ(test, va, held);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&rec, NULL), 0);
	KUNIT_EXPECT_EQ(test, nvkm_record_del(&keep, NULL), 0);
	KUNIT_EXPECT_NULL(test, nvkm_record_vmm(f->pm));
}

static struct kunit_case pm_record_cases[] = {
	KUNIT_CASE_PARAM(periodic_packets_reach_the_ring, rec_chips_gen_params),
	KUNIT_CASE_PARAM(binding_order, rec_chips_gen_params),
	KUNIT_CASE_PARAM(stale_binding_number_not_reused, rec_chips_gen_params),
	KUNIT_CASE_PARAM(windows_follow_4g_rules, rec_chips_gen_params),
	KUNIT_CASE_PARAM(limit_stops_the_window_then_rearm, rec_chips_gen_params),
	KUNIT_CASE_PARAM(rearm_loses_no_packet, rec_chips_gen_params),
	KUNIT_CASE_PARAM(lost_packets_counted_when_reader_stalls, rec_chips_gen_params),
	KUNIT_CASE_PARAM(fault_wedges_domain_until_reset, rec_chips_gen_params),
	KUNIT_CASE_PARAM(short_packets, rec_chips_gen_params),
	KUNIT_CASE(held_domains_are_busy),
	KUNIT_CASE(bad_requests_change_nothing),
	KUNIT_CASE(user_trigger_gt215),
	KUNIT_CASE(edge_stop_counts_pulses),
	KUNIT_CASE(poll_mmio_cost),
	KUNIT_CASE(second_session_shares_the_binding),
	KUNIT_CASE(suspend_interrupts_sessions),
	KUNIT_CASE(ready_counts_only_landed_packets_across_a_stall),
	KUNIT_CASE_PARAM(stopped_windows_are_reused, rec_chips_gen_params),
	KUNIT_CASE(held_window_free_after_record_reset),
	{}
};

static struct kunit_suite nvpm_pm_record_suite = {
	.name = "nvpm_pm_record",
	.exit = rf_exit,
	.test_cases = pm_record_cases,
};

kunit_test_suite(nvpm_pm_record_suite);
