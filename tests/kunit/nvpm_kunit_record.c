// SPDX-License-Identifier: MIT
/*
 * KUnit: PCOUNTER record mode (G84+) of the simulated GPU, through MMIO,
 * the workload side (signals, clock) and the simulated memory only.
 * Expected packets are worked out in each test from the reference's rules;
 * the packet layout is restated here from the reference, independently of
 * the model's header.  The one figure the reference lacks, how long a
 * packet write takes, is the simulator's NVKM_SIM_VM_WRITE_CYCLES.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/jhash.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <nvkm/hw/pcounter.h>
#include <sim/pcounter.h>
#include <sim/vm.h>
#include "nvpm_kunit.h"
#include "nvpm_kunit_vm.h"

#define SRC(a, b, c, d)	((a) | (b) << 8 | (c) << 16 | (d) << 24)
#define OP_ARG0		0xaaaa
#define OP_ONE		0xffff

/* The reference's packet: 16 little endian words. */
#define DOC_LONG	32
#define DOC_SHORT	16
#define DOC_CYCLES_LOW	0
#define DOC_CYCLES_MID	1
#define DOC_CYCLES_HIGH	2
#define DOC_STOP	3	/* bits 0-11 */
#define DOC_EVENT(i)	(4 + (i))	/* PRE_SRC[0..3], START_SRC[0..3], EVENT_SRC[0..3] */
#define DOC_EVENTS	12

#define W		NVKM_SIM_VM_WRITE_CYCLES

/* G84 domains whose signals 0x20..0x3f can be driven (trailer above). */
#define D		1
#define D2		2
#define D3		4

/* Signals: event counter i counts S_EV(i), the STOP input is S_STOP. */
#define S_EV(i)		(0x20 + (i))
#define S_STOP		0x30

/* The record buffer: BUF bytes mapped at VA, a DMA object over them. */
#define CHAN		0x123	/* structure at VRAM 0x123000 (nvpm_kunit_vm.h) */
#define DMA		0xbeef
#define VA		0x10000000ull
#define BUF		0x2000
#define VM_TOP		BIT_ULL(40)

/* --- fixture -------------------------------------------------------------- */

#define REC_SIMS	2

struct rec_test {
	struct nvkm_sim *sim[REC_SIMS];
};

static int
rec_init(struct kunit *test)
{
	test->priv = kunit_kzalloc(test, sizeof(struct rec_test), GFP_KERNEL);
	return test->priv ? 0 : -ENOMEM;
}

static void
rec_exit(struct kunit *test)
{
	struct rec_test *t = test->priv;
	int i;

	for (i = 0; i < REC_SIMS; i++)
		nvkm_sim_del(&t->sim[i]);
}

static u8 *
zbuf(struct kunit *test, size_t size)
{
	u8 *buf = kunit_kzalloc(test, size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	return buf;
}

/* A simulator on a manual clock with channel CHAN; nothing bound. */
static struct nvkm_sim *
rec_sim_unbound(struct kunit *test, u32 chipset)
{
	struct rec_test *t = test->priv;
	int i;

	for (i = 0; i < REC_SIMS && t->sim[i]; i++)
		;
	KUNIT_ASSERT_LT(test, i, REC_SIMS);
	t->sim[i] = nvkm_sim_new(chipset);
	KUNIT_ASSERT_NOT_NULL(test, t->sim[i]);
	nvkm_sim_set_manual_clock(t->sim[i], true);
	KUNIT_ASSERT_EQ(test, kvm_chan_new(test, t->sim[i], CHAN), 0);
	return t->sim[i];
}

static void
bind(struct nvkm_sim *sim)
{
	kt_wr(sim, NV40_PCOUNTER_RECORD_DMA, DMA);
	kt_wr(sim, NV40_PCOUNTER_RECORD_CHAN, CHAN | NV40_PCOUNTER_RECORD_CHAN_VALID);
}

/* ... with @buf mapped at VA, DMA over exactly it, and bound. */
static struct nvkm_sim *
rec_sim(struct kunit *test, u32 chipset, u8 **buf)
{
	struct nvkm_sim *sim = rec_sim_unbound(test, chipset);

	*buf = zbuf(test, BUF);
	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, VA, *buf, BUF), 0);
	KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, VA, BUF - 1), 0);
	bind(sim);
	return sim;
}

/* Record mode on @d counting S_EV(0..11), STOP = S_STOP; then START. */
static void
rec_setup(struct nvkm_sim *sim, int d, u32 ctrl, u32 start, u32 limit)
{
	kt_wr(sim, NV40_PCOUNTER_CTRL(d), NV_PCOUNTER_MODE_RECORD | ctrl);
	kt_wr(sim, NV40_PCOUNTER_PRE_SRC(d), SRC(S_EV(0), S_EV(1), S_EV(2), S_EV(3)));
	kt_wr(sim, NV40_PCOUNTER_START_SRC(d), SRC(S_EV(4), S_EV(5), S_EV(6), S_EV(7)));
	kt_wr(sim, NV40_PCOUNTER_EVENT_SRC(d), SRC(S_EV(8), S_EV(9), S_EV(10), S_EV(11)));
	kt_wr(sim, NV40_PCOUNTER_STOP_SRC(d), SRC(S_STOP, 0, 0, 0));
	kt_wr(sim, NV40_PCOUNTER_STOP_OP(d), OP_ARG0);
	kt_wr(sim, NV40_PCOUNTER_RECORD_LIMIT(d), limit);
	kt_wr(sim, NV40_PCOUNTER_RECORD_START(d), start);
}

/* One STOP pulse, in the next cycle. */
static void
stop_pulse(struct nvkm_sim *sim, int d)
{
	nvkm_sim_pcounter_pulse(sim, d, S_STOP, 1, 1);
}

static u32
status(struct nvkm_sim *sim, int d)
{
	return kt_rd(sim, NV40_PCOUNTER_RECORD_STATUS(d));
}

static u16
word(const u8 *pkt, int i)
{
	return pkt[i * 2] | pkt[i * 2 + 1] << 8;
}

static bool
zero(const u8 *p, size_t len)
{
	return !memchr_inv(p, 0, len);
}

/* The packet at @pkt holds these counters (@len bytes of it). */
static void
expect_packet(struct kunit *test, const u8 *pkt, int len, u64 cycles, u32 stop,
	      const u32 *ev)
{
	int i;

	KUNIT_EXPECT_EQ(test, word(pkt, DOC_CYCLES_LOW), cycles & 0xffff);
	KUNIT_EXPECT_EQ(test, word(pkt, DOC_CYCLES_MID), (cycles >> 16) & 0xffff);
	KUNIT_EXPECT_EQ(test, word(pkt, DOC_CYCLES_HIGH), (cycles >> 32) & 0xffff);
	KUNIT_EXPECT_EQ(test, word(pkt, DOC_STOP), stop);
	for (i = 0; i < DOC_EVENTS && DOC_EVENT(i) < len / 2; i++)
		KUNIT_EXPECT_EQ_MSG(test, word(pkt, DOC_EVENT(i)), ev[i], "event %d", i);
}

/* --- packets -------------------------------------------------------------- */

/* A STOP pulse sends a long packet of every counter; it takes W cycles. */
static void
packet_on_stop_long_format(struct kunit *test)
{
	const u32 pattern = 0xa5c;	/* the event signals held at 1 */
	u32 ev[DOC_EVENTS];
	struct nvkm_sim *sim;
	u8 *buf;
	int i;

	sim = rec_sim(test, 0x84, &buf);
	nvkm_sim_pcounter_set_value(sim, D, S_EV(0), DOC_EVENTS, pattern);
	rec_setup(sim, D, 0, 0x40, BUF - DOC_LONG);
	KUNIT_EXPECT_EQ(test, status(sim, D), 0x40);

	nvkm_sim_run(sim, 99);
	stop_pulse(sim, D);
	nvkm_sim_run(sim, 1);			/* cycle 100: STOP, sent */
	KUNIT_EXPECT_EQ(test, status(sim, D), 0x40 + DOC_LONG);
	nvkm_sim_run(sim, W - 2);
	KUNIT_EXPECT_TRUE_MSG(test, zero(buf, BUF), "landed before %d cycles", W);
	nvkm_sim_run(sim, 1);

	for (i = 0; i < DOC_EVENTS; i++)
		ev[i] = pattern & BIT(i) ? 100 : 0;
	expect_packet(test, buf + 0x40, DOC_LONG, 100, 1, ev);
	KUNIT_EXPECT_TRUE(test, zero(buf, 0x40));
	KUNIT_EXPECT_TRUE(test, zero(buf + 0x40 + DOC_LONG, BUF - 0x40 - DOC_LONG));
}

/* RECORD_FORMAT SHORT: 16-byte packets, the first half of the long ones. */
static void
short_format_is_first_16_bytes(struct kunit *test)
{
	struct nvkm_sim *sim;
	u8 *buf;
	int d;

	sim = rec_sim(test, 0x84, &buf);
	for (d = 0; d < 2; d++)
		nvkm_sim_pcounter_set_value(sim, d ? D2 : D, S_EV(0), DOC_EVENTS, 0x0f1);
	rec_setup(sim, D, NV40_PCOUNTER_CTRL_RECORD_SHORT, 0, BUF - DOC_LONG);
	rec_setup(sim, D2, 0, 0x800, BUF - DOC_LONG);
	nvkm_sim_pcounter_pulse(sim, D, S_STOP, 40, 2);
	nvkm_sim_pcounter_pulse(sim, D2, S_STOP, 40, 2);
	nvkm_sim_run(sim, 100);

	KUNIT_EXPECT_EQ(test, status(sim, D), 2 * DOC_SHORT);
	KUNIT_EXPECT_EQ(test, status(sim, D2), 0x800 + 2 * DOC_LONG);
	KUNIT_EXPECT_EQ(test, word(buf, DOC_CYCLES_LOW), 1);
	KUNIT_EXPECT_EQ(test, word(buf + DOC_SHORT, DOC_CYCLES_LOW), 41);
	KUNIT_EXPECT_EQ(test, word(buf + DOC_SHORT, DOC_EVENT(0)), 40);
	KUNIT_EXPECT_EQ(test, memcmp(buf, buf + 0x800, DOC_SHORT), 0);
	KUNIT_EXPECT_EQ(test, memcmp(buf + DOC_SHORT, buf + 0x800 + DOC_LONG, DOC_SHORT), 0);
	KUNIT_EXPECT_TRUE(test, zero(buf + 2 * DOC_SHORT, 0x800 - 2 * DOC_SHORT));
}

/* An event counter at 0xf000 sends a packet whose STOP counter is 0. */
static void
packet_when_event_counter_reaches_f000(struct kunit *test)
{
	u32 ev[DOC_EVENTS] = {};
	struct nvkm_sim *sim;
	u8 *buf;

	sim = rec_sim(test, 0x84, &buf);
	nvkm_sim_pcounter_set_signal(sim, D, S_EV(6), true);
	nvkm_sim_pcounter_set_signal(sim, D, S_EV(1), true);
	rec_setup(sim, D, 0, 0, BUF - DOC_LONG);

	nvkm_sim_run(sim, 0x100);
	nvkm_sim_pcounter_set_signal(sim, D, S_EV(1), false);
	nvkm_sim_run(sim, 0xefff - 0x100);
	KUNIT_EXPECT_EQ(test, status(sim, D), 0);
	nvkm_sim_run(sim, 1);
	KUNIT_EXPECT_EQ(test, status(sim, D), DOC_LONG);
	nvkm_sim_run(sim, 0xf000);
	KUNIT_EXPECT_EQ(test, status(sim, D), 2 * DOC_LONG);
	nvkm_sim_run(sim, W);

	ev[6] = 0xf000;
	ev[1] = 0x100;
	expect_packet(test, buf, DOC_LONG, 0xf000, 0, ev);
	ev[1] = 0;
	expect_packet(test, buf + DOC_LONG, DOC_LONG, 0x1e000, 0, ev);
}

/*
 * Counters only pass 0xf000 while no packet can go out.  A buffer whose
 * limit is hit holds them off for as long as we like; RECORD_START written
 * outside record mode (the bogus packet of the reference) then sends them.
 */
static void
event_counters_saturate_at_ffff_and_stop_at_fff(struct kunit *test)
{
	u32 ev[DOC_EVENTS] = {};
	struct nvkm_sim *sim;
	u8 *buf;

	sim = rec_sim(test, 0x84, &buf);
	nvkm_sim_pcounter_set_signal(sim, D, S_EV(9), true);
	nvkm_sim_pcounter_set_signal(sim, D, S_STOP, true);
	rec_setup(sim, D, 0, 0, 0);
	nvkm_sim_run(sim, 1);			/* the one packet, at the limit */

	/* 0x1801 STOPs and 0x18000 events: wrapping would show 0x801/0x8000 */
	nvkm_sim_run(sim, 0x1801);
	nvkm_sim_pcounter_set_signal(sim, D, S_STOP, false);
	nvkm_sim_run(sim, 0x18000 - 0x1801);
	KUNIT_EXPECT_EQ(test, status(sim, D), DOC_LONG);
	KUNIT_EXPECT_TRUE(test, zero(buf + DOC_LONG, BUF - DOC_LONG));

	kt_wr(sim, NV40_PCOUNTER_CTRL(D), NV_PCOUNTER_MODE_QUAD);
	kt_wr(sim, NV40_PCOUNTER_RECORD_START(D), 0x100);
	kt_wr(sim, NV40_PCOUNTER_CTRL(D), NV_PCOUNTER_MODE_RECORD);
	nvkm_sim_run(sim, W);

	ev[9] = 0xffff;
	expect_packet(test, buf + 0x100, DOC_LONG, 1 + 0x18000 + 1, 0xfff, ev);
}

/*
 * STOP every 3 cycles: after the first packet, each waits for the one
 * outgoing before it to land, and carries every STOP since the last.
 */
static void
one_outgoing_packet_stop_counter_accumulates(struct kunit *test)
{
	const int period = 3, packets = 6;
	u32 ev[DOC_EVENTS] = {};
	struct nvkm_sim *sim;
	u64 sent = 0, t, at;
	u32 stops;
	u8 *buf;
	int n;

	sim = rec_sim(test, 0x84, &buf);
	nvkm_sim_pcounter_set_signal(sim, D, S_EV(4), true);
	nvkm_sim_pcounter_pulse(sim, D, S_STOP, period, 1000);	/* 1, 4, 7, ... */
	rec_setup(sim, D, 0, 0, BUF - DOC_LONG);
	nvkm_sim_run(sim, packets * W);

	for (n = 0; n < packets; n++) {
		/* first STOP, then as soon as the slot frees (a STOP is pending) */
		at = n ? sent + W : 1;
		for (stops = 0, t = sent + 1; t <= at; t++)
			stops += (t - 1) % period == 0;
		ev[4] = at - sent;
		expect_packet(test, buf + n * DOC_LONG, DOC_LONG, at, stops, ev);
		sent = at;
	}
	KUNIT_EXPECT_EQ(test, status(sim, D), packets * DOC_LONG);
}

/* The cycle counter has 48 bits, wraps, and is never cleared by packets. */
static void
cycle_counter_is_48_bit_and_wraps(struct kunit *test)
{
	u32 ev[DOC_EVENTS] = {};
	struct nvkm_sim *sim;
	u8 *buf;

	sim = rec_sim(test, 0x84, &buf);
	rec_setup(sim, D, 0, 0, BUF - DOC_LONG);
	nvkm_sim_run(sim, (1ull << 48) - 2);
	stop_pulse(sim, D);
	nvkm_sim_run(sim, 1 + W);		/* cycle 2^48 - 1 */
	stop_pulse(sim, D);
	nvkm_sim_run(sim, 5 + W);		/* STOP in cycle 2^48 + W */

	expect_packet(test, buf, DOC_LONG, (1ull << 48) - 1, 1, ev);
	expect_packet(test, buf + DOC_LONG, DOC_LONG, W, 1, ev);
}

/* RECORD_START (bits 4-31) restarts position and every counter. */
static void
record_start_resets_position_and_counters(struct kunit *test)
{
	u32 ev[DOC_EVENTS] = {};
	struct nvkm_sim *sim;
	u8 *buf;

	sim = rec_sim(test, 0x84, &buf);
	nvkm_sim_pcounter_set_signal(sim, D, S_EV(11), true);
	rec_setup(sim, D, 0, 0x100, BUF - DOC_LONG);
	nvkm_sim_run(sim, 9);
	stop_pulse(sim, D);
	nvkm_sim_run(sim, 500);
	KUNIT_EXPECT_EQ(test, status(sim, D), 0x100 + DOC_LONG);

	kt_wr(sim, NV40_PCOUNTER_RECORD_START(D), 0x40f);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_RECORD_START(D)), 0x400);
	KUNIT_EXPECT_EQ(test, status(sim, D), 0x400);
	nvkm_sim_run(sim, 29);
	stop_pulse(sim, D);
	nvkm_sim_run(sim, W);

	ev[11] = 10;
	expect_packet(test, buf + 0x100, DOC_LONG, 10, 1, ev);
	ev[11] = 30;
	expect_packet(test, buf + 0x400, DOC_LONG, 30, 1, ev);
	KUNIT_EXPECT_EQ(test, status(sim, D), 0x400 + DOC_LONG);
	KUNIT_EXPECT_TRUE(test, zero(buf + 0x100 + DOC_LONG, 0x400 - 0x100 - DOC_LONG));
}

/*
 * The packet written at an address >= RECORD_LIMIT is the last until
 * RECORD_START; one packet always goes, even from far beyond the limit.
 */
static void
limit_stops_after_one_packet_beyond(struct kunit *test)
{
	struct nvkm_sim *sim;
	u8 *buf;

	sim = rec_sim(test, 0x84, &buf);
	rec_setup(sim, D, 0, 0x1000, 0x40);
	rec_setup(sim, D2, 0, 0, 0x40);
	nvkm_sim_pcounter_pulse(sim, D, S_STOP, 40, 6);
	nvkm_sim_pcounter_pulse(sim, D2, S_STOP, 40, 6);
	nvkm_sim_run(sim, 300);

	KUNIT_EXPECT_EQ(test, status(sim, D), 0x1000 + DOC_LONG);
	KUNIT_EXPECT_FALSE(test, zero(buf + 0x1000, DOC_LONG));
	KUNIT_EXPECT_TRUE(test, zero(buf + 0x1000 + DOC_LONG, BUF - 0x1000 - DOC_LONG));

	/* 0x00, 0x20, 0x40 (>= limit: the last) */
	KUNIT_EXPECT_EQ(test, status(sim, D2), 0x60);
	KUNIT_EXPECT_EQ(test, word(buf + 0x40, DOC_CYCLES_LOW), 81);
	KUNIT_EXPECT_TRUE(test, zero(buf + 0x60, 0x1000 - 0x60));

	kt_wr(sim, NV40_PCOUNTER_RECORD_START(D2), 0x80);
	stop_pulse(sim, D2);
	nvkm_sim_run(sim, W);
	KUNIT_EXPECT_EQ(test, status(sim, D2), 0xa0);
	KUNIT_EXPECT_EQ(test, word(buf + 0x80, DOC_STOP), 1);
}

/* The position is 32-bit: it wraps to 0 in the same 4 GiB block (G92). */
static void
position_wraps_at_4gib(struct kunit *test)
{
	const u64 block = 1ull << 32;
	struct nvkm_sim *sim = rec_sim_unbound(test, 0x92);
	u8 *hi = zbuf(test, NVKM_SIM_VM_PAGE), *lo = zbuf(test, NVKM_SIM_VM_PAGE);
	u8 *next = zbuf(test, NVKM_SIM_VM_PAGE);

	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, 2 * block - NVKM_SIM_VM_PAGE,
				      hi, NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, block, lo, NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, 2 * block, next, NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, 0, VM_TOP - 1), 0);
	bind(sim);

	kt_wr(sim, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(D), 1);
	rec_setup(sim, D, 0, 0xffffffe0, 0xfffffff0);
	nvkm_sim_pcounter_pulse(sim, D, S_STOP, 40, 2);
	nvkm_sim_run(sim, 100);

	KUNIT_EXPECT_EQ(test, status(sim, D), DOC_LONG);
	KUNIT_EXPECT_EQ(test, word(hi + NVKM_SIM_VM_PAGE - DOC_LONG, DOC_CYCLES_LOW), 1);
	KUNIT_EXPECT_EQ(test, word(lo, DOC_CYCLES_LOW), 41);
	KUNIT_EXPECT_TRUE(test, zero(next, NVKM_SIM_VM_PAGE));
	KUNIT_EXPECT_EQ(test, status(sim, D) & NV40_PCOUNTER_RECORD_STATUS_FAULT, 0);
}

/*
 * A ring mapped across 4 GiB (which the driver refuses to place) faults
 * when forced: on G84 the position wraps to 0 of the low 4 GiB, where
 * nothing is mapped, instead of going on to the page after 4 GiB.
 */
static void
ring_across_4g_faults(struct kunit *test)
{
	const u64 block = 1ull << 32;
	struct nvkm_sim *sim = rec_sim_unbound(test, 0x84);
	u8 *below = zbuf(test, NVKM_SIM_VM_PAGE), *above = zbuf(test, NVKM_SIM_VM_PAGE);

	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, block - NVKM_SIM_VM_PAGE, below,
				      NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, block, above, NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, 0, VM_TOP - 1), 0);
	bind(sim);

	rec_setup(sim, D, 0, 0xffffffe0, 0xfffffff0);
	nvkm_sim_pcounter_pulse(sim, D, S_STOP, 40, 2);
	nvkm_sim_run(sim, 100);

	KUNIT_EXPECT_EQ(test, word(below + NVKM_SIM_VM_PAGE - DOC_LONG, DOC_CYCLES_LOW), 1);
	KUNIT_EXPECT_TRUE(test, zero(above, NVKM_SIM_VM_PAGE));
	/* the second packet went to 0 and faulted */
	KUNIT_EXPECT_EQ(test, status(sim, D), DOC_LONG | NV40_PCOUNTER_RECORD_STATUS_FAULT);
}

/* A packet may straddle two pages mapped to two different buffers. */
static void
packet_straddles_two_mappings(struct kunit *test)
{
	struct nvkm_sim *sim = rec_sim_unbound(test, 0x84);
	u8 *p0 = zbuf(test, NVKM_SIM_VM_PAGE), *p1 = zbuf(test, NVKM_SIM_VM_PAGE);
	u8 pkt[DOC_LONG];

	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, VA, p0, NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, VA + NVKM_SIM_VM_PAGE, p1,
				      NVKM_SIM_VM_PAGE), 0);
	KUNIT_EXPECT_EQ(test, kvm_map(test, sim, CHAN, VA, p1, NVKM_SIM_VM_PAGE), -EEXIST);
	KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, VA, 2 * NVKM_SIM_VM_PAGE - 1), 0);
	bind(sim);
	nvkm_sim_pcounter_set_signal(sim, D, S_EV(11), true);
	rec_setup(sim, D, 0, NVKM_SIM_VM_PAGE - DOC_SHORT, 2 * NVKM_SIM_VM_PAGE);
	nvkm_sim_run(sim, 6);
	stop_pulse(sim, D);
	nvkm_sim_run(sim, W);

	memcpy(pkt, p0 + NVKM_SIM_VM_PAGE - DOC_SHORT, DOC_SHORT);
	memcpy(pkt + DOC_SHORT, p1, DOC_SHORT);
	KUNIT_EXPECT_EQ(test, word(pkt, DOC_CYCLES_LOW), 7);
	KUNIT_EXPECT_EQ(test, word(pkt, DOC_STOP), 1);
	KUNIT_EXPECT_EQ(test, word(pkt, DOC_EVENT(11)), 7);
	KUNIT_EXPECT_EQ(test, status(sim, D) & NV40_PCOUNTER_RECORD_STATUS_FAULT, 0);
}

/*
 * "The page table contents are cached in per-engine TLBs" and flushed by
 * writing engine << 16 | 1 to 0x100c80; PCOUNTER is VM engine 0xb
 * (memory_g80-vm.rst).  A page remapped under the record buffer is seen
 * after a flush of engine 0xb, or a new binding (RECORD_CHAN with
 * VALID), not before, nor after another engine's flush.
 */
static void
tlb_keeps_pages_until_flushed(struct kunit *test)
{
	struct nvkm_sim *sim = rec_sim_unbound(test, 0x84);
	u8 *p0 = zbuf(test, NVKM_SIM_VM_PAGE), *p1 = zbuf(test, NVKM_SIM_VM_PAGE);
	u8 *in[5] = { p0, p0, p0, p1, p0 };
	int i;

	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, VA, p0, NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, VA, NVKM_SIM_VM_PAGE - 1), 0);
	bind(sim);
	rec_setup(sim, D, 0, 0, NVKM_SIM_VM_PAGE - DOC_LONG);
	for (i = 0; i < 5; i++) {
		switch (i) {
		case 1:		/* p1 replaces p0, no flush */
			kvm_unmap(test, sim, CHAN, VA, NVKM_SIM_VM_PAGE);
			KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, VA, p1,
						      NVKM_SIM_VM_PAGE), 0);
			break;
		case 2:		/* PFIFO's TLB (engine 5) */
			kt_wr(sim, 0x100c80, 0x5 << 16 | 1);
			break;
		case 3:		/* PCOUNTER's */
			kt_wr(sim, 0x100c80, 0xb << 16 | 1);
			KUNIT_EXPECT_EQ(test, kt_rd(sim, 0x100c80) & 1, 0);
			break;
		case 4:		/* p0 again, seen through a new binding */
			kvm_unmap(test, sim, CHAN, VA, NVKM_SIM_VM_PAGE);
			KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, VA, p0,
						      NVKM_SIM_VM_PAGE), 0);
			bind(sim);
			break;
		}
		stop_pulse(sim, D);
		nvkm_sim_run(sim, 1 + W);
		KUNIT_EXPECT_EQ_MSG(test, word(in[i] + i * DOC_LONG, DOC_STOP), 1, "packet %d", i);
		KUNIT_EXPECT_TRUE_MSG(test, zero((in[i] == p0 ? p1 : p0) + i * DOC_LONG, DOC_LONG),
				      "packet %d", i);
	}
	KUNIT_EXPECT_EQ(test, status(sim, D), 5 * DOC_LONG);
}

/*
 * RECORD_ADDRESS_HIGH exists from G92 on and gives bits 32-39 of the
 * address; before, they are 0 and the register is not there.
 */
static void
address_high_on_g92_only(struct kunit *test)
{
	const u64 high = 0x12ull << 32;
	struct nvkm_sim *g84, *g92;
	u8 *buf84, *low, *buf92;
	u64 before;

	g84 = rec_sim(test, 0x84, &buf84);
	before = kt_unclaimed(g84);
	kt_wr(g84, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(D), 0x12);
	kt_rd(g84, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(D));
	KUNIT_EXPECT_EQ(test, kt_unclaimed(g84) - before, 2);
	rec_setup(g84, D, 0, 0x40, BUF - DOC_LONG);
	stop_pulse(g84, D);
	nvkm_sim_run(g84, W);
	KUNIT_EXPECT_EQ(test, word(buf84 + 0x40, DOC_STOP), 1);

	g92 = rec_sim_unbound(test, 0x92);
	low = zbuf(test, NVKM_SIM_VM_PAGE);
	buf92 = zbuf(test, NVKM_SIM_VM_PAGE);
	KUNIT_ASSERT_EQ(test, kvm_map(test, g92, CHAN, 0, low, NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_map(test, g92, CHAN, high, buf92, NVKM_SIM_VM_PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_dma(g92, CHAN, DMA, 0, VM_TOP - 1), 0);
	bind(g92);
	before = kt_unclaimed(g92);
	kt_wr(g92, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(D), 0x1ff);
	KUNIT_EXPECT_EQ(test, kt_rd(g92, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(D)), 0xff);
	KUNIT_EXPECT_EQ(test, kt_rd(g92, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(D2)), 0);
	KUNIT_EXPECT_EQ(test, kt_unclaimed(g92) - before, 0);
	kt_wr(g92, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(D), high >> 32);
	rec_setup(g92, D, 0, 0x40, BUF - DOC_LONG);
	stop_pulse(g92, D);
	nvkm_sim_run(g92, W);
	KUNIT_EXPECT_EQ(test, word(buf92 + 0x40, DOC_STOP), 1);
	KUNIT_EXPECT_TRUE(test, zero(low, NVKM_SIM_VM_PAGE));
}

/* Record registers are where the address table puts them, and only there. */
static void
record_registers_follow_address_table(struct kunit *test)
{
	static const struct {
		u32 chipset;
		u32 addr;
		bool present;
	} t[] = {
		{ 0x50, NV40_PCOUNTER_RECORD_CHAN, false },
		{ 0x50, NV40_PCOUNTER_RECORD_START(0), false },
		{ 0x84, NV40_PCOUNTER_RECORD_CHAN, true },
		{ 0x84, NV40_PCOUNTER_RECORD_DMA, true },
		{ 0x84, NV40_PCOUNTER_RECORD_STATUS(7), true },
		{ 0x84, NV40_PCOUNTER_RECORD_LIMIT(7), true },
		{ 0x84, NV40_PCOUNTER_RECORD_START(7), true },
		{ 0xaa, NV40_PCOUNTER_RECORD_START(6), true },
		{ 0xaa, NV40_PCOUNTER_RECORD_START(7), false },	/* 7 domains */
		{ 0xaa, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(7), false },
		{ 0xa3, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(7), true },
	};
	struct nvkm_sim *sim;
	u8 *buf;
	int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct nvkm_sim *s = nvkm_sim_new(t[i].chipset);
		u64 before;

		KUNIT_ASSERT_NOT_NULL(test, s);
		before = kt_unclaimed(s);
		kt_rd(s, t[i].addr);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(s) - before, t[i].present ? 0 : 1,
				    "chipset %x reg %06x", t[i].chipset, t[i].addr);
		nvkm_sim_del(&s);
	}

	/* Field widths; RECORD_STATUS is read-only. */
	sim = rec_sim(test, 0x84, &buf);
	kt_wr(sim, NV40_PCOUNTER_RECORD_LIMIT(D), 0x1234567f);
	kt_wr(sim, NV40_PCOUNTER_RECORD_START(D), 0x7654321f);
	kt_wr(sim, NV40_PCOUNTER_RECORD_STATUS(D), 0x11111111);
	kt_wr(sim, NV40_PCOUNTER_RECORD_DMA, 0x1beef);
	kt_wr(sim, NV40_PCOUNTER_RECORD_CHAN, 0x7fffffff);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_RECORD_LIMIT(D)), 0x12345670);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_RECORD_START(D)), 0x76543210);
	KUNIT_EXPECT_EQ(test, status(sim, D), 0x76543210);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_RECORD_DMA), 0xbeef);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_RECORD_CHAN), 0x3fffffff);
}

/* --- binding and faults --------------------------------------------------- */

/*
 * A RECORD_CHAN write with VALID binds the channel and the DMA object
 * RECORD_DMA holds at that moment: DMA first, CHAN second.
 */
static void
dma_must_be_written_before_chan(struct kunit *test)
{
	struct nvkm_sim *sim = rec_sim_unbound(test, 0x84);
	u8 *buf = zbuf(test, BUF);

	KUNIT_ASSERT_EQ(test, kvm_map(test, sim, CHAN, VA, buf, BUF), 0);
	KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, VA, BUF - 1), 0);

	/* Wrong order: binds the power-on RECORD_DMA, which is no object. */
	kt_wr(sim, NV40_PCOUNTER_RECORD_CHAN, CHAN | NV40_PCOUNTER_RECORD_CHAN_VALID);
	kt_wr(sim, NV40_PCOUNTER_RECORD_DMA, DMA);
	rec_setup(sim, D, 0, 0, BUF - DOC_LONG);
	stop_pulse(sim, D);
	nvkm_sim_run(sim, W);
	KUNIT_EXPECT_EQ(test, status(sim, D), DOC_LONG | NV40_PCOUNTER_RECORD_STATUS_FAULT);
	KUNIT_EXPECT_TRUE(test, zero(buf, BUF));

	/* Right order; then a CHAN write without VALID binds nothing. */
	kt_wr(sim, NV40_PCOUNTER_RECORD_CHAN, CHAN | NV40_PCOUNTER_RECORD_CHAN_VALID);
	kt_wr(sim, NV40_PCOUNTER_RECORD_DMA, 0x77);
	kt_wr(sim, NV40_PCOUNTER_RECORD_CHAN, 0x99);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_RECORD_CHAN), 0x99);
	rec_setup(sim, D2, 0, 0x100, BUF - DOC_LONG);
	stop_pulse(sim, D2);
	nvkm_sim_run(sim, W);
	KUNIT_EXPECT_EQ(test, status(sim, D2), 0x100 + DOC_LONG);
	KUNIT_EXPECT_EQ(test, word(buf + 0x100, DOC_STOP), 1);
}

enum rec_fault {
	FAULT_UNMAPPED,		/* inside the DMA object, page never mapped */
	FAULT_UNMAPPED_AGAIN,	/* mapped, then unmapped */
	FAULT_BEYOND_LIMIT,	/* outside the DMA object, page mapped */
	FAULT_STRADDLES_LIMIT,	/* the packet's second half is outside */
	FAULT_UNBOUND,		/* no RECORD_CHAN bind ever */
	FAULT_CHAN_GONE,	/* the bound channel was destroyed */
	FAULT_NR
};

#define FAULT_LIMIT	0x100	/* DMA object limit + 1 of the limit cases */

/* A simulator whose first packet from D faults for @why; returns where. */
static u32
fault_sim(struct kunit *test, enum rec_fault why, struct nvkm_sim **psim, u8 **buf)
{
	struct nvkm_sim *sim = rec_sim(test, 0x84, buf);
	u32 start = 0x40;

	switch (why) {
	case FAULT_UNMAPPED:
		KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, VA, 2 * BUF - 1), 0);
		start = BUF;
		break;
	case FAULT_UNMAPPED_AGAIN:
		KUNIT_ASSERT_EQ(test, kvm_unmap(test, sim, CHAN, VA, BUF), 0);
		break;
	case FAULT_BEYOND_LIMIT:
		KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, VA, FAULT_LIMIT - 1), 0);
		start = FAULT_LIMIT;
		break;
	case FAULT_STRADDLES_LIMIT:
		KUNIT_ASSERT_EQ(test, kvm_dma(sim, CHAN, DMA, VA, FAULT_LIMIT - 1), 0);
		start = FAULT_LIMIT - DOC_SHORT;
		break;
	case FAULT_UNBOUND:
		KUNIT_ASSERT_EQ(test, nvkm_sim_reset(sim), 0);	/* unbinds */
		break;
	default:
		kvm_chan_del(sim, CHAN);
		break;
	}
	rec_setup(sim, D, 0, start, BUF - DOC_LONG);
	*psim = sim;
	return start;
}

/*
 * A write to an unmapped page, outside the DMA object or without a bound
 * channel and DMA object sets RECORD_STATUS.FAULT and hangs the domain -
 * only its own - until a GPU reset.
 */
static void
vm_fault_sets_status_and_wedges_until_reset(struct kunit *test)
{
	enum rec_fault why;

	for (why = 0; why < FAULT_NR; why++) {
		struct nvkm_sim *sim;
		u8 *buf;

		fault_sim(test, why, &sim, &buf);
		stop_pulse(sim, D);
		nvkm_sim_run(sim, W - 1);
		KUNIT_EXPECT_EQ_MSG(test, status(sim, D) & NV40_PCOUNTER_RECORD_STATUS_FAULT, 0,
				    "case %d: before landing", why);
		nvkm_sim_run(sim, 1);
		KUNIT_EXPECT_NE_MSG(test, status(sim, D) & NV40_PCOUNTER_RECORD_STATUS_FAULT, 0,
				    "case %d", why);

		/* Wedged: a good buffer and more STOPs write nothing. */
		kt_wr(sim, NV40_PCOUNTER_RECORD_START(D), 0);
		nvkm_sim_pcounter_pulse(sim, D, S_STOP, 40, 3);
		nvkm_sim_run(sim, 200);
		KUNIT_EXPECT_TRUE_MSG(test, zero(buf, BUF), "case %d", why);
		KUNIT_EXPECT_NE(test, status(sim, D) & NV40_PCOUNTER_RECORD_STATUS_FAULT, 0);

		if (why == FAULT_UNMAPPED) {
			/* other domains still record */
			rec_setup(sim, D2, 0, 0x100, BUF - DOC_LONG);
			stop_pulse(sim, D2);
			nvkm_sim_run(sim, W);
			KUNIT_EXPECT_EQ(test, word(buf + 0x100, DOC_STOP), 1);
			memset(buf, 0, BUF);

			/* the reset brings D back, bindings gone with it */
			KUNIT_ASSERT_EQ(test, nvkm_sim_reset(sim), 0);
			KUNIT_EXPECT_EQ(test, status(sim, D), 0);
			KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_RECORD_CHAN), 0);
			bind(sim);
			rec_setup(sim, D, 0, 0x40, BUF - DOC_LONG);
			stop_pulse(sim, D);
			nvkm_sim_run(sim, W);
			KUNIT_EXPECT_EQ(test, status(sim, D), 0x40 + DOC_LONG);
			KUNIT_EXPECT_EQ(test, word(buf + 0x40, DOC_STOP), 1);
		}
		rec_exit(test);
	}
}

/* CTRL.FAULT_CLEAR clears the status bit; the domain stays wedged. */
static void
fault_clear_clears_only_the_bit(struct kunit *test)
{
	struct nvkm_sim *sim;
	u32 next;
	u8 *buf;

	next = fault_sim(test, FAULT_BEYOND_LIMIT, &sim, &buf) + DOC_LONG;
	stop_pulse(sim, D);
	nvkm_sim_run(sim, W);
	KUNIT_EXPECT_EQ(test, status(sim, D), next | NV40_PCOUNTER_RECORD_STATUS_FAULT);

	kt_wr(sim, NV40_PCOUNTER_CTRL(D), NV_PCOUNTER_MODE_RECORD | NV40_PCOUNTER_CTRL_FAULT_CLEAR);
	KUNIT_EXPECT_EQ(test, status(sim, D), next);
	KUNIT_EXPECT_EQ(test, kt_rd(sim, NV40_PCOUNTER_CTRL(D)) &
			NV40_PCOUNTER_CTRL_FAULT_CLEAR, 0);

	kt_wr(sim, NV40_PCOUNTER_RECORD_START(D), 0);
	nvkm_sim_pcounter_pulse(sim, D, S_STOP, 40, 3);
	nvkm_sim_run(sim, 200);
	KUNIT_EXPECT_TRUE(test, zero(buf, BUF));
	KUNIT_EXPECT_EQ(test, status(sim, D), 0);
}

/* --- RECORD_RESET, RECORD_START outside record mode ----------------------- */

/*
 * GCTRL.RECORD_RESET holds every record counter, cycles too, at 0, as
 * much cycle by cycle as in the closed form.
 */
static void
record_reset_forces_counters_zero(struct kunit *test)
{
	u32 ev[DOC_EVENTS] = {};
	int step_only;

	for (step_only = 0; step_only < 2; step_only++) {
		struct nvkm_sim *sim;
		u8 *buf;

		sim = rec_sim(test, 0x84, &buf);
		nvkm_sim_pcounter_step_only(sim, step_only);
		nvkm_sim_pcounter_set_signal(sim, D, S_EV(0), true);
		nvkm_sim_pcounter_set_signal(sim, D, S_EV(8), true);
		rec_setup(sim, D, 0, 0, BUF - DOC_LONG);
		nvkm_sim_run(sim, 1000);

		kt_wr(sim, NV40_PCOUNTER_GCTRL, NV40_PCOUNTER_GCTRL_RECORD_RESET);
		nvkm_sim_pcounter_pulse(sim, D, S_STOP, 10, 5);	/* at 0: no packet */
		nvkm_sim_run(sim, 100);
		KUNIT_EXPECT_EQ(test, status(sim, D), 0);
		kt_wr(sim, NV40_PCOUNTER_GCTRL, 0);
		nvkm_sim_run(sim, 9);
		stop_pulse(sim, D);
		nvkm_sim_run(sim, W);

		ev[0] = 10;
		ev[8] = 10;
		expect_packet(test, buf, DOC_LONG, 10, 1, ev);
		KUNIT_EXPECT_EQ(test, status(sim, D), DOC_LONG);
		rec_exit(test);
	}
}

/*
 * RECORD_START outside record mode leaves the counter state half cleared:
 * the first record cycle sends a bogus packet.  Entering record mode first,
 * or pulsing GCTRL.RECORD_RESET, avoids it.
 */
static void
record_start_outside_record_mode_sends_bogus_packet(struct kunit *test)
{
	u32 ev[DOC_EVENTS] = {};
	struct nvkm_sim *sim;
	u8 *buf;
	int d;

	sim = rec_sim(test, 0x84, &buf);
	for (d = 0; d < 3; d++) {
		static const int doms[] = { D, D2, D3 };

		kt_wr(sim, NV40_PCOUNTER_CTRL(doms[d]), NV_PCOUNTER_MODE_SINGLE);
		nvkm_sim_pcounter_set_signal(sim, doms[d], S_EV(2), true);
		kt_wr(sim, NV40_PCOUNTER_RECORD_LIMIT(doms[d]), BUF - DOC_LONG);
	}
	/* D: the wrong way round */
	kt_wr(sim, NV40_PCOUNTER_RECORD_START(D), 0x100);
	nvkm_sim_run(sim, 50);
	KUNIT_EXPECT_EQ(test, status(sim, D), 0x100);
	rec_setup(sim, D, 0, 0x100, BUF - DOC_LONG);	/* in record mode: clears */
	/* D2: START before record mode, RECORD_RESET pulse */
	kt_wr(sim, NV40_PCOUNTER_RECORD_START(D2), 0x200);
	kt_wr(sim, NV40_PCOUNTER_GCTRL, NV40_PCOUNTER_GCTRL_RECORD_RESET);
	kt_wr(sim, NV40_PCOUNTER_GCTRL, 0);
	kt_wr(sim, NV40_PCOUNTER_CTRL(D2), NV_PCOUNTER_MODE_RECORD);
	/* D3: START before record mode, nothing else */
	kt_wr(sim, NV40_PCOUNTER_RECORD_START(D3), 0x300);
	kt_wr(sim, NV40_PCOUNTER_PRE_SRC(D3), SRC(S_EV(0), S_EV(1), S_EV(2), S_EV(3)));
	kt_wr(sim, NV40_PCOUNTER_CTRL(D3), NV_PCOUNTER_MODE_RECORD);
	nvkm_sim_run(sim, 100);

	KUNIT_EXPECT_EQ(test, status(sim, D), 0x100);
	KUNIT_EXPECT_EQ(test, status(sim, D2), 0x200);
	KUNIT_EXPECT_EQ(test, status(sim, D3), 0x300 + DOC_LONG);
	ev[2] = 1;
	expect_packet(test, buf + 0x300, DOC_LONG, 1, 0, ev);
	KUNIT_EXPECT_TRUE(test, zero(buf, 0x300));
}

/* --- the closed-form skip agrees with cycle-by-cycle simulation ---------- */

#define SC_PHASES	8
#define SC_DOMS		2
#define SC_SIGS		7	/* S_EV(0..5) and S_STOP */
#define SC_PULSERS	4

struct rec_scenario {
	u32 ctrl[SC_DOMS], src[SC_DOMS][4], stop_op[SC_DOMS];
	u32 start[SC_DOMS], limit[SC_DOMS], high[SC_DOMS];
	u8 sig[SC_PULSERS];
	u32 period[SC_PULSERS], count[SC_PULSERS];
	u32 cycles[SC_PHASES], action[SC_PHASES], arg[SC_PHASES];
};

enum { ACT_NONE, ACT_START, ACT_RESET, ACT_MODE, ACT_LEVELS, ACT_NR };

static const int sc_dom[SC_DOMS] = { D, D2 };

static u8
sc_sig(u32 i)
{
	return i % SC_SIGS < 6 ? S_EV(i % SC_SIGS) : S_STOP;
}

/* In slices: the lock is held, and the CPU kept, for one nvkm_sim_run(). */
static void
run_sliced(struct nvkm_sim *sim, u64 cycles)
{
	u64 n;

	for (; cycles; cycles -= n) {
		n = min_t(u64, cycles, 2048);
		nvkm_sim_run(sim, n);
		cond_resched();
	}
}

static void
rec_scenario_run(struct nvkm_sim *sim, u8 *buf, const struct rec_scenario *s, u32 *out)
{
	int i, d, p;

	for (d = 0; d < SC_DOMS; d++) {
		int dom = sc_dom[d];

		kt_wr(sim, NV40_PCOUNTER_CTRL(dom), s->ctrl[d]);
		kt_wr(sim, NV40_PCOUNTER_PRE_SRC(dom), s->src[d][0]);
		kt_wr(sim, NV40_PCOUNTER_START_SRC(dom), s->src[d][1]);
		kt_wr(sim, NV40_PCOUNTER_EVENT_SRC(dom), s->src[d][2]);
		kt_wr(sim, NV40_PCOUNTER_STOP_SRC(dom), s->src[d][3]);
		kt_wr(sim, NV40_PCOUNTER_STOP_OP(dom), s->stop_op[d]);
		kt_wr(sim, NV40_PCOUNTER_RECORD_ADDRESS_HIGH(dom), s->high[d]);
		kt_wr(sim, NV40_PCOUNTER_RECORD_LIMIT(dom), s->limit[d]);
		kt_wr(sim, NV40_PCOUNTER_RECORD_START(dom), s->start[d]);
	}
	for (i = 0; i < SC_PULSERS; i++)
		nvkm_sim_pcounter_pulse(sim, sc_dom[i % SC_DOMS], s->sig[i], s->period[i],
					s->count[i]);
	for (p = 0; p < SC_PHASES; p++) {
		u32 arg = s->arg[p];
		int dom = sc_dom[arg % SC_DOMS];

		run_sliced(sim, s->cycles[p]);
		for (d = 0; d < SC_DOMS; d++)
			*out++ = status(sim, sc_dom[d]);
		*out++ = jhash(buf, BUF, 0);

		switch (s->action[p]) {
		case ACT_START:
			kt_wr(sim, NV40_PCOUNTER_RECORD_START(dom), arg & 0xff0);
			break;
		case ACT_RESET:
			kt_wr(sim, NV40_PCOUNTER_GCTRL, arg & NV40_PCOUNTER_GCTRL_RECORD_RESET);
			break;
		case ACT_MODE:
			kt_wr(sim, NV40_PCOUNTER_CTRL(dom), arg & 0x100000 ?
			      NV_PCOUNTER_MODE_QUAD : s->ctrl[arg % SC_DOMS]);
			break;
		case ACT_LEVELS:
			for (i = 0; i < SC_SIGS; i++)
				nvkm_sim_pcounter_set_signal(sim, dom, sc_sig(i),
							     arg & BIT(8 + i));
			break;
		default:
			break;
		}
	}
}

static void
rec_scenario_random(struct rec_scenario *s, struct rnd_state *rnd)
{
	/* STOP: its own signal, always, never, or anything */
	const u32 stop_ops[] = { OP_ARG0, OP_ONE, 0, prandom_u32_state(rnd) & 0xffff };
	int i, d;

	memset(s, 0, sizeof(*s));
	for (d = 0; d < SC_DOMS; d++) {
		s->ctrl[d] = NV_PCOUNTER_MODE_RECORD |
			     (prandom_u32_state(rnd) & NV40_PCOUNTER_CTRL_RECORD_SHORT);
		for (i = 0; i < 16; i++) {
			u32 sig = i == 12 ? S_STOP : sc_sig(prandom_u32_state(rnd));

			s->src[d][i / 4] |= sig << (i % 4 * 8);
		}
		s->stop_op[d] = stop_ops[prandom_u32_state(rnd) % ARRAY_SIZE(stop_ops)];
		s->start[d] = prandom_u32_state(rnd) % BUF & ~0xf;
		/* now and then beyond the buffer or in another 4 GiB: faults */
		s->limit[d] = prandom_u32_state(rnd) % (BUF + 0x100) & ~0xf;
		s->high[d] = prandom_u32_state(rnd) % 8 == 0;
	}
	for (i = 0; i < SC_PULSERS; i++) {
		s->sig[i] = sc_sig(prandom_u32_state(rnd));
		s->period[i] = 1 + prandom_u32_state(rnd) % 100;
		s->count[i] = 1 + prandom_u32_state(rnd) % 60;
	}
	for (i = 0; i < SC_PHASES; i++) {
		/* short phases catch packets in flight */
		s->cycles[i] = prandom_u32_state(rnd) % (i & 1 ? 40 : 1200);
		s->action[i] = prandom_u32_state(rnd) % ACT_NR;
		s->arg[i] = prandom_u32_state(rnd);
	}
}

/*
 * Inputs that repeat with a short common period (pulse trains of 8 to 64
 * cycles, now and then PERIODIC's 1024 as D's STOP), long phases: packets
 * a period at a time.
 */
static void
rec_scenario_periodic(struct rec_scenario *s, struct rnd_state *rnd, u32 trailer)
{
	int i;

	rec_scenario_random(s, rnd);
	for (i = 0; i < SC_PULSERS; i++) {
		s->period[i] = 8 << prandom_u32_state(rnd) % 4;
		s->count[i] = 200 + prandom_u32_state(rnd) % 4000;
	}
	if (prandom_u32_state(rnd) % 2) {
		s->ctrl[0] |= FIELD_PREP(NV40_PCOUNTER_CTRL_PERIODIC, 1);
		s->src[0][3] = (s->src[0][3] & ~0xff) | (trailer + NV40_PCOUNTER_TRAILER_PERIODIC);
		s->stop_op[0] = OP_ARG0;
	}
	for (i = 0; i < SC_PHASES; i++)
		s->cycles[i] = prandom_u32_state(rnd) % (i & 1 ? 40 : 4000);
}

/*
 * Both domains record into rings of their own, half the buffer each (now
 * and then D's reaching into D2's, or D2's beyond the buffer, where its
 * packets fault), stopping on
 * pulse trains of 8 to 64 cycles, over long phases: the periodic closed
 * form writes a period's packets again as one range per domain.
 */
static void
rec_scenario_streams(struct rec_scenario *s, struct rnd_state *rnd, u32 trailer)
{
	int d;

	rec_scenario_periodic(s, rnd, trailer);
	for (d = 0; d < SC_DOMS; d++) {
		s->start[d] = d * BUF / 2;
		s->limit[d] = (d + 1) * BUF / 2 - DOC_LONG;
		if (prandom_u32_state(rnd) % 4 == 0)
			s->limit[d] += BUF / 4;	/* into D2's ring; D2's: beyond BUF */
		s->high[d] = 0;
	}
	/* the long phases only run: the short ones change things */
	for (d = 0; d < SC_PHASES; d += 2)
		s->action[d] = ACT_NONE;
}

/* Every counter of D reaches 0xf000 in cycle 0xf000 of phase 1 + 2. */
static void
rec_scenario_f000(struct rec_scenario *s)
{
	s->stop_op[0] = 0;
	s->start[0] = 0;
	s->limit[0] = BUF - DOC_LONG;
	s->high[0] = 0;
	s->cycles[0] = 0;
	s->action[0] = ACT_LEVELS;
	s->arg[0] = GENMASK(13, 8);	/* D: S_EV(0..5) held at 1 */
	s->cycles[1] = 0xf000 - 4;
	s->action[1] = ACT_NONE;
	s->cycles[2] = 8;		/* sent in its 4th cycle */
	s->action[2] = ACT_NONE;
	s->cycles[3] = W - 6;		/* one cycle before it lands */
	s->action[3] = ACT_NONE;
}

static void
record_skip_matches_stepping(struct kunit *test)
{
	u32 a[SC_PHASES * (SC_DOMS + 1)], b[SC_PHASES * (SC_DOMS + 1)];
	struct rec_scenario s;
	struct rnd_state rnd;
	int n, i;

	prandom_seed_state(&rnd, 0x7265636f);
	for (n = 0; n < 20; n++) {
		struct nvkm_sim *x, *y;
		u8 *bx, *by;

		x = rec_sim(test, 0x92, &bx);
		y = rec_sim(test, 0x92, &by);
		nvkm_sim_pcounter_step_only(y, true);
		rec_scenario_random(&s, &rnd);
		if (!n)		/* once: stepping it takes seconds under TCG */
			rec_scenario_f000(&s);

		rec_scenario_run(x, bx, &s, a);
		rec_scenario_run(y, by, &s, b);
		for (i = 0; i < ARRAY_SIZE(a); i++)
			KUNIT_EXPECT_EQ_MSG(test, a[i], b[i], "scenario %d, value %d", n, i);
		KUNIT_EXPECT_EQ_MSG(test, memcmp(bx, by, BUF), 0, "scenario %d", n);
		rec_exit(test);
	}
}

/*
 * @nr scenarios from @gen, seeded with @seed, run by the closed form and
 * by stepping: every status and every byte of the buffers equal.  Adds
 * what @count says the closed form did (the stepping reference: nothing).
 */
static void
rec_scenarios_compare(struct kunit *test, u32 seed, int nr,
		      void (*gen)(struct rec_scenario *s, struct rnd_state *rnd, u32 trailer),
		      u64 (*count)(struct nvkm_sim *sim), u64 *done)
{
	u32 a[SC_PHASES * (SC_DOMS + 1)], b[SC_PHASES * (SC_DOMS + 1)];
	struct rec_scenario s;
	struct rnd_state rnd;
	int n, i;

	prandom_seed_state(&rnd, seed);
	for (n = 0; n < nr; n++) {
		struct nvkm_sim *x, *y;
		u8 *bx, *by;

		x = rec_sim(test, 0x92, &bx);
		y = rec_sim(test, 0x92, &by);
		nvkm_sim_pcounter_step_only(y, true);
		gen(&s, &rnd, nvkm_sim_pcounter_trailer(x, D));

		rec_scenario_run(x, bx, &s, a);
		rec_scenario_run(y, by, &s, b);
		for (i = 0; i < ARRAY_SIZE(a); i++)
			KUNIT_EXPECT_EQ_MSG(test, a[i], b[i], "scenario %d, value %d", n, i);
		KUNIT_EXPECT_EQ_MSG(test, memcmp(bx, by, BUF), 0, "scenario %d", n);
		*done += count(x);
		KUNIT_EXPECT_EQ(test, count(y), 0);
		rec_exit(test);
	}
}

static void
record_periods_match_stepping(struct kunit *test)
{
	u64 computed = 0;

	rec_scenarios_compare(test, 0x70657269, 6, rec_scenario_periodic,
			      nvkm_sim_pcounter_periods, &computed);
	/* the closed form under test did run */
	KUNIT_EXPECT_GT(test, computed, 100);
}

/*
 * The same with rings that hold many periods: the packets of the
 * periods computed go to memory a range per domain, several pieces of
 * PC_REPLAY_CHUNK bytes each, or packet by packet where a range would
 * fault; every byte of the buffer as stepping writes it.
 */
static void
record_ranges_match_stepping(struct kunit *test)
{
	u64 batched = 0;

	rec_scenarios_compare(test, 0x72616e67, 6, rec_scenario_streams,
			      nvkm_sim_pcounter_batched, &batched);
	/* ranges were written (5 closed forms with this seed) */
	KUNIT_EXPECT_GT(test, batched, 2);
}

static struct kunit_case nvpm_sim_record_cases[] = {
	KUNIT_CASE(packet_on_stop_long_format),
	KUNIT_CASE(short_format_is_first_16_bytes),
	KUNIT_CASE(packet_when_event_counter_reaches_f000),
	KUNIT_CASE(event_counters_saturate_at_ffff_and_stop_at_fff),
	KUNIT_CASE(one_outgoing_packet_stop_counter_accumulates),
	KUNIT_CASE(cycle_counter_is_48_bit_and_wraps),
	KUNIT_CASE(record_start_resets_position_and_counters),
	KUNIT_CASE(limit_stops_after_one_packet_beyond),
	KUNIT_CASE(position_wraps_at_4gib),
	KUNIT_CASE(ring_across_4g_faults),
	KUNIT_CASE(packet_straddles_two_mappings),
	KUNIT_CASE(tlb_keeps_pages_until_flushed),
	KUNIT_CASE(address_high_on_g92_only),
	KUNIT_CASE(record_registers_follow_address_table),
	KUNIT_CASE(dma_must_be_written_before_chan),
	KUNIT_CASE(vm_fault_sets_status_and_wedges_until_reset),
	KUNIT_CASE(fault_clear_clears_only_the_bit),
	KUNIT_CASE(record_reset_forces_counters_zero),
	KUNIT_CASE(record_start_outside_record_mode_sends_bogus_packet),
	KUNIT_CASE(record_skip_matches_stepping),
	KUNIT_CASE(record_periods_match_stepping),
	KUNIT_CASE(record_ranges_match_stepping),
	{}
};

static struct kunit_suite nvpm_sim_record_suite = {
	.name = "nvpm_sim_record",
	.init = rec_init,
	.exit = rec_exit,
	.test_cases = nvpm_sim_record_cases,
};

kunit_test_suite(nvpm_sim_record_suite);
