// SPDX-License-Identifier: MIT
/*
 * KUnit: the simulated PFIFO and graphics engine, through their registers
 * only (no driver): channels set up in instance memory, pushbuffers in the
 * simulated VM, a manual clock.  Each test is a behaviour of
 * Documentation/nvpm-sim.rst's FIFO table.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/vmalloc.h>
#include <nvkm/hw/fifo.h>
#include <sim/fifo.h>
#include <sim/vm.h>
#include "nvpm_kunit.h"
#include "nvpm_kunit_vm.h"

#define IB_VA		0x10000
#define PUSH_VA		0x20000
#define PAGE		NVKM_SIM_VM_PAGE
#define IB_ORDER	4	/* 16 entries */
/*
 * G84 channel structures, hand-laid from memory_g80-vm.rst: the page
 * directory at +0x200..0x4200 (page tables by nvpm_kunit_vm.h); RAMFC
 * separate, named by the channel table >> 8, naming the structure in
 * CHAN_INST; RAMHT a channel object (offset from the structure); a
 * playlist of the two channels.
 */
#define INST(c)		((c) * 0x8000)
#define RAMFC(c)	(INST(c) + 0x4400)
#define RAMHT_OFF	0x6000
#define RAMHT(c)	(INST(c) + RAMHT_OFF)
#define PUSH_DMA_SEL	0x430	/* a DMA object at +0x4300 */
#define SW_HANDLE	0xcafe0002
#define SW_INST		0x4	/* nouveau's default instance (0x40) >> 4 */
#define VM(c)		(INST(c) >> 12)	/* the structure's descriptor */
#define PLAYLIST	0x80000
#define GR_HANDLE	0xcafe0001
#define CHANS		2
/*
 * Semaphores: a DMA object at +0x4280 (selector 0x428), in RAMHT as
 * SEM_HANDLE (engine 0, as nouveau's DMA objects); a page of system
 * memory at VA 0x1_0003_0000 (above 4 GiB: SEMAPHORE_ADDRESS_HIGH counts).
 */
#define SEM_DMA_SEL	0x428
#define SEM_HANDLE	0xcafe0010
#define SEM_VA		0x100030000ull

#define PUSH_INC(subc, mthd, n) \
	(FIELD_PREP(NV50_DMA_CMD_COUNT, n) | FIELD_PREP(NV50_DMA_CMD_SUBC, subc) | (mthd))
/* type 2 in bits 31:29: every data word goes to the same method */
#define PUSH_NONINC(subc, mthd, n)	(0x40000000 | PUSH_INC(subc, mthd, n))

struct sfifo_chan {
	u32 *ib;
	u32 *push;
	u32 *sem;
	u32 ib_put;
	u32 pos;
};

struct sfifo_fixture {
	struct nvkm_sim *sim;
	struct sfifo_chan chan[CHANS + 1];
};

/*
 * A 512-entry RAMHT's slot for @handle: the handle's 9-bit pieces XOR-ed
 * together (nouveau core/ramht.c; envytools gives no hash).
 */
static u32
ramht_slot(u32 handle)
{
	return (handle ^ handle >> 9 ^ handle >> 18 ^ handle >> 27) & 0x1ff;
}

/* Object @handle in channel @c's RAMHT, @skip entries past its hash. */
static void
ramht_put(struct sfifo_fixture *f, int c, u32 handle, u32 skip, u32 context)
{
	u32 e = RAMHT(c) + ((ramht_slot(handle) + skip) & 0x1ff) * 8;

	kt_wr(f->sim, NV50_PRAMIN + e, handle);
	kt_wr(f->sim, NV50_PRAMIN + e + 4, context);
}

/* Channel @c: its space, IB ring and pushbuffer, RAMFC, RAMHT, enabled. */
static void
sfifo_chan(struct kunit *test, struct sfifo_fixture *f, int c)
{
	struct sfifo_chan *ch = &f->chan[c];
	u32 dma = NV50_PRAMIN + INST(c) + (PUSH_DMA_SEL << 4);

	ch->ib = vzalloc(PAGE);
	ch->push = vzalloc(PAGE);
	KUNIT_ASSERT_TRUE(test, ch->ib && ch->push);
	KUNIT_ASSERT_EQ(test, kvm_chan_new(test, f->sim, VM(c)), 0);
	KUNIT_ASSERT_EQ(test, kvm_map(test, f->sim, VM(c), IB_VA, ch->ib, PAGE), 0);
	KUNIT_ASSERT_EQ(test, kvm_map(test, f->sim, VM(c), PUSH_VA, ch->push, PAGE), 0);
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(c) + NV50_RAMFC_IB_LOW, IB_VA);
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(c) + NV50_RAMFC_IB_HIGH,
	      FIELD_PREP(NV50_RAMFC_IB_HIGH_ORDER, IB_ORDER));
	/* RAMHT: instance 15:0 (>> 4), SEARCH 16, SIZE 4K (512 entries) */
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(c) + 0x80, RAMHT_OFF >> 4);
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(c) + 0x98, INST(c) >> 12);	/* CHAN_INST */
	/* DMA_FETCH: IB_ENABLE (bit 30); DMA_INSTANCE: the object >> 4 */
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(c) + 0x3c, 0x40000000);
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(c) + 0x48, PUSH_DMA_SEL);
	/*
	 * memory_g80-vm.rst "DMA objects": class 0x3d, target VM (17:16 = 0),
	 * access RW (19:18 = 2); limit 0xff_ffffffff, start 0
	 */
	kt_wr(f->sim, dma + 0x00, 0x0008003d);
	kt_wr(f->sim, dma + 0x04, 0xffffffff);
	kt_wr(f->sim, dma + 0x08, 0);
	kt_wr(f->sim, dma + 0x0c, 0xff000000);
	/* contexts: engine in 22:20 (GR 1, software 0), instance >> 4 */
	ramht_put(f, c, GR_HANDLE, 0, 0x00100000);
	ramht_put(f, c, SW_HANDLE, 0, SW_INST);
	/* G84: ENABLED | RAMFC >> 8 */
	kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(c), BIT(31) | RAMFC(c) >> 8);
	kt_wr(f->sim, NV50_PRAMIN + PLAYLIST + (c - 1) * 4, c);
	kt_wr(f->sim, 0x32f4, PLAYLIST >> 12);
	kt_wr(f->sim, 0x32ec, c);
}

static int
sfifo_init(struct kunit *test)
{
	struct sfifo_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	int c;

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	f->sim = nvkm_sim_new(0x84);
	KUNIT_ASSERT_NOT_NULL(test, f->sim);
	nvkm_sim_set_manual_clock(f->sim, true);
	kt_wr(f->sim, NV_PFIFO_INTR_EN_0, NV_PFIFO_INTR_CACHE_ERROR | NV_PFIFO_INTR_DMA_PUSHER);
	for (c = 1; c <= CHANS; c++)
		sfifo_chan(test, f, c);
	return 0;
}

static void
sfifo_exit(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	int c;

	if (!f)
		return;
	nvkm_sim_del(&f->sim);
	for (c = 0; c <= CHANS; c++) {
		vfree(f->chan[c].ib);
		vfree(f->chan[c].push);
		vfree(f->chan[c].sem);
	}
}

static void
push(struct sfifo_fixture *f, int c, u32 subc, u32 mthd, u32 data)
{
	f->chan[c].push[f->chan[c].pos++] = PUSH_INC(subc, mthd, 1);
	f->chan[c].push[f->chan[c].pos++] = data;
}

/* An IB entry for words [@from, @to) of the pushbuffer, made visible. */
static void
segment(struct sfifo_fixture *f, int c, u32 from, u32 to)
{
	struct sfifo_chan *ch = &f->chan[c];
	u32 *e = &ch->ib[(ch->ib_put % BIT(IB_ORDER)) * 2];

	e[0] = PUSH_VA + from * 4;
	e[1] = FIELD_PREP(NV50_IB_HIGH_LENGTH, to - from);
	ch->ib_put = (ch->ib_put + 1) % BIT(IB_ORDER);
	kt_wr(f->sim, NV50_USER(c) + NV50_USER_IB_PUT, ch->ib_put);
}

/* A channel waits on an acquire: the FIFO is not idle. */
static bool
fifo_idle(struct sfifo_fixture *f)
{
	struct nvkm_sim_fifo_stats st;

	nvkm_sim_fifo_stats(f->sim, &st);
	return st.idle;
}

/* The graphics engine is busy: its PDAEMON idle bit, as seen in stats. */
static bool
gr_busy(struct sfifo_fixture *f)
{
	struct nvkm_sim_fifo_stats st;

	nvkm_sim_fifo_stats(f->sim, &st);
	return !st.idle;
}

static u32
ref(struct sfifo_fixture *f, int c)
{
	return kt_rd(f->sim, NV50_USER(c) + NV50_USER_REF_CNT);
}

/*
 * The puller takes one method per cycle; the pusher's IB entry and method
 * header cost a cycle each before it.
 */
static void
one_method_per_cycle(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	struct sfifo_chan *ch = &f->chan[1];
	int i;

	ch->push[ch->pos++] = PUSH_NONINC(0, NV_FIFO_MTHD_REF_CNT, 10);
	for (i = 1; i <= 10; i++)
		ch->push[ch->pos++] = i;
	segment(f, 1, 0, ch->pos);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	nvkm_sim_run(f->sim, 2);			/* IB entry, header */
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	nvkm_sim_run(f->sim, 3);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 3u);
	nvkm_sim_run(f->sim, 4);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 7u);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 10u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV50_USER(1) + NV50_USER_IB_GET), 1u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), 0u);
}

/* Every header costs a cycle, one that carries no method too. */
static void
zero_headers_cost_a_cycle_each(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	struct nvkm_sim_fifo_stats st;

	f->chan[1].pos = 100;			/* 100 zero words: count 0 */
	push(f, 1, 0, NV_FIFO_MTHD_REF_CNT, 1);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 1 + 100 + 1);	/* IB entry, zeros, header */
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	nvkm_sim_run(f->sim, 1);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 1u);
	KUNIT_ASSERT_EQ(test, nvkm_sim_fifo_stats(f->sim, &st), 0);
	KUNIT_EXPECT_EQ(test, st.words, 102ull);
	KUNIT_EXPECT_EQ(test, st.methods, 1ull);
}

/*
 * A register access catching up with real time (here: an access that
 * takes a long time on the manual clock) does at most
 * NVKM_SIM_FIFO_STEP_WORK units of work, however much is queued; the rest
 * is done by the following accesses.  The time of the worst step is shown.
 */
static void
step_work_is_bounded(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	struct nvkm_sim_fifo_stats st;
	u64 before = 0, t0, ns, worst = 0;
	int i, steps = 0;

	/* a page of zero headers, 16 times over: 16 K words queued */
	for (i = 0; i < BIT(IB_ORDER) - 1; i++)
		segment(f, 1, 0, PAGE / 4);
	/* time enough for more than a budget: the budget is the bound */
	nvkm_sim_set_access_cycles(f->sim, 4096);
	do {
		t0 = ktime_get_ns();
		kt_rd(f->sim, NV_PFIFO_INTR_0);
		ns = ktime_get_ns() - t0;
		worst = max(worst, ns);
		KUNIT_ASSERT_EQ(test, nvkm_sim_fifo_stats(f->sim, &st), 0);
		KUNIT_EXPECT_LE(test, st.words - before, (u64)NVKM_SIM_FIFO_STEP_WORK);
		KUNIT_ASSERT_LT(test, ++steps, 1000);
		before = st.words;
	} while (!st.idle);
	KUNIT_EXPECT_EQ(test, st.words, (u64)(BIT(IB_ORDER) - 1) * PAGE / 4);
	/* 15 entries + 15 K words, 256 a step (a read may come in between) */
	KUNIT_EXPECT_GE(test, steps, 60);
	kunit_info(test, "%d steps, the longest %llu ns\n", steps, worst);
}

/* A DRAW's busy time is capped at 65536 cycles. */
static void
draw_busy_time_is_capped(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	struct nvkm_sim_fifo_stats st;

	push(f, 1, 0, NV_FIFO_MTHD_OBJECT, GR_HANDLE);
	push(f, 1, 0, NVKM_SIM_GR_PRIM_CYCLES, 0xffff);
	push(f, 1, 0, NVKM_SIM_GR_DRAW, 0xffff);
	push(f, 1, 0, NV_FIFO_MTHD_REF_CNT, 1);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_ASSERT_EQ(test, nvkm_sim_fifo_stats(f->sim, &st), 0);
	KUNIT_EXPECT_EQ(test, st.draws, 1ull);
	KUNIT_EXPECT_EQ(test, st.gr_busy, 65536ull);
	nvkm_sim_run(f->sim, 65536);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 1u);
}

/* Disabling a channel ends its DRAW: the next channel's methods run. */
static void
disabled_channel_ends_its_draw(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;

	push(f, 1, 0, NV_FIFO_MTHD_OBJECT, GR_HANDLE);
	push(f, 1, 0, NVKM_SIM_GR_PRIM_CYCLES, 1000);
	push(f, 1, 0, NVKM_SIM_GR_DRAW, 50);		/* 50000 cycles */
	segment(f, 1, 0, f->chan[1].pos);
	push(f, 2, 0, NV_FIFO_MTHD_OBJECT, GR_HANDLE);
	push(f, 2, 0, NVKM_SIM_GR_NOP, 0);		/* waits for the DRAW */
	push(f, 2, 0, NV_FIFO_MTHD_REF_CNT, 9);
	segment(f, 2, 0, f->chan[2].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 0u);
	KUNIT_EXPECT_TRUE(test, gr_busy(f));
	kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(1), INST(1) >> 12);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 9u);
}

/* A pushbuffer segment is one channel's: the others wait their turn. */
static void
channels_take_turns_by_segment(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	int i;

	for (i = 1; i <= 6; i++)
		push(f, 1, 0, NV_FIFO_MTHD_REF_CNT, i);
	for (i = 1; i <= 3; i++)
		push(f, 2, 0, NV_FIFO_MTHD_REF_CNT, 10 + i);
	segment(f, 1, 0, 6);
	segment(f, 2, 0, 6);
	segment(f, 1, 6, 12);
	/* a segment of 3 methods: IB entry, 3 x (header, method) */
	nvkm_sim_run(f->sim, 7);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 3u);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 0u);
	nvkm_sim_run(f->sim, 7);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 3u);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 13u);
	nvkm_sim_run(f->sim, 7);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 6u);
}

/*
 * With TIMEOUT (bit 24) in the DMA_TIMESLICE word of its RAMFC (0x44), a
 * channel's turn lasts SELECT (16:0) + 1 cycles; then, at the next method
 * it would fetch, a channel with work takes CACHE1, mid-segment.  A
 * segment of long DRAWs no longer holds the FIFO to its end, and the
 * channel goes on where it stopped at its next turn.
 */
static void
time_slice_ends_a_turn_mid_segment(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	int c, i;

	/* nouveau's and nvpm's word: TIMEOUT, SELECT 0x3fff; loaded at enable */
	for (c = 1; c <= CHANS; c++) {
		kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(c), RAMFC(c) >> 8);
		kt_wr(f->sim, NV50_PRAMIN + RAMFC(c) + 0x44, 0x01003fff);
		kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(c), BIT(31) | RAMFC(c) >> 8);
	}
	push(f, 1, 0, NV_FIFO_MTHD_OBJECT, GR_HANDLE);
	push(f, 1, 0, NVKM_SIM_GR_PRIM_CYCLES, 1000);
	for (i = 1; i <= 8; i++) {
		push(f, 1, 0, NVKM_SIM_GR_DRAW, 50);	/* 50000 cycles each */
		push(f, 1, 0, NV_FIFO_MTHD_REF_CNT, i);
	}
	segment(f, 1, 0, f->chan[1].pos);
	push(f, 2, 0, NV_FIFO_MTHD_REF_CNT, 77);
	segment(f, 2, 0, f->chan[2].pos);
	/* the second DRAW waits in CACHE1 past channel 1's 16384 cycles */
	nvkm_sim_run(f->sim, 60000);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 77u);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 2u);
	nvkm_sim_run(f->sim, 8 * 50000);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 8u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), 0u);
}

/*
 * A method the GPU cannot run (here, on a subchannel bound to nothing)
 * stops the puller once the graphics engine is idle: CACHE_ERROR, with the
 * channel in PUSH1 and the method in CACHE1 at GET.
 */
static void
trap_waits_for_graphics_idle(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 get, slot;

	/* cycle 0: the IB entry; then a header and a method each */
	push(f, 1, 0, NV_FIFO_MTHD_OBJECT, GR_HANDLE);	/* cycles 1, 2 */
	push(f, 1, 0, NVKM_SIM_GR_PRIM_CYCLES, 3);	/* cycles 3, 4 */
	push(f, 1, 0, NVKM_SIM_GR_DRAW, 10);		/* 5, 6: busy to 36 */
	push(f, 1, 5, 0x0100, 0x1234);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 36);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), 0u);
	nvkm_sim_run(f->sim, 1);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), (u32)NV_PFIFO_INTR_CACHE_ERROR);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PMC_INTR_0), (u32)NV_PMC_INTR_0_PFIFO);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_CACHE1_PUSH1) &
			NV50_PFIFO_CACHE1_PUSH1_CHID, 1u);
	get = kt_rd(f->sim, NV_PFIFO_CACHE1_GET);
	slot = NV_PFIFO_CACHE1_SLOT(get);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV40_PFIFO_CACHE1_METHOD(slot)),
			FIELD_PREP(NV_PFIFO_CACHE1_METHOD_SUBC, 5) | 0x0100);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV40_PFIFO_CACHE1_DATA(slot)), 0x1234u);
	/* subchannel 0 is bound to graphics, the others to nothing (SW) */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_CACHE1_ENGINE), (u32)NV50_FIFO_ENGINE_GR);
}

/*
 * The puller stays stopped until PULL0; it runs the method again unless
 * CACHE1_GET was moved past it.
 */
static void
pull0_resumes_and_get_skips(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	struct nvkm_sim_fifo_stats st;
	u32 get;

	push(f, 1, 3, 0x0200, 1);
	push(f, 1, 0, NV_FIFO_MTHD_REF_CNT, 7);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 10);
	get = kt_rd(f->sim, NV_PFIFO_CACHE1_GET);
	kt_wr(f->sim, NV_PFIFO_INTR_0, NV_PFIFO_INTR_CACHE_ERROR);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);		/* acked, still stopped */
	kt_wr(f->sim, NV_PFIFO_CACHE1_PULL0, NV_PFIFO_CACHE1_PULL0_ACCESS);
	nvkm_sim_run(f->sim, 10);
	KUNIT_ASSERT_EQ(test, nvkm_sim_fifo_stats(f->sim, &st), 0);
	KUNIT_EXPECT_EQ(test, st.traps, 2ull);		/* the same method again */
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	kt_wr(f->sim, NV_PFIFO_CACHE1_GET, get + 4);
	kt_wr(f->sim, NV_PFIFO_INTR_0, NV_PFIFO_INTR_CACHE_ERROR);
	kt_wr(f->sim, NV_PFIFO_CACHE1_PULL0, NV_PFIFO_CACHE1_PULL0_ACCESS);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 7u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), 0u);
}

/* Words the pusher cannot decode: DMA_PUSHER, its state; others go on. */
static void
bad_command_raises_dma_pusher(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;

	f->chan[1].push[f->chan[1].pos++] = 0x20000000;	/* old jump */
	segment(f, 1, 0, 1);
	push(f, 2, 0, NV_FIFO_MTHD_REF_CNT, 5);
	segment(f, 2, 0, 2);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), (u32)NV_PFIFO_INTR_DMA_PUSHER);
	KUNIT_EXPECT_EQ(test, FIELD_GET(NV_PFIFO_CACHE1_DMA_STATE_ERROR,
					kt_rd(f->sim, NV_PFIFO_CACHE1_DMA_STATE)),
			(unsigned long)NV_PFIFO_DMA_ERROR_INVALID_CMD);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_CACHE1_DMA_GET), (u32)PUSH_VA);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_CACHE1_PUSH1) &
			NV50_PFIFO_CACHE1_PUSH1_CHID, 1u);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 0u);		/* everything waits */
	kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(1), RAMFC(1) >> 8);
	kt_wr(f->sim, NV_PFIFO_CACHE1_DMA_STATE, 0);
	kt_wr(f->sim, NV_PFIFO_CACHE1_DMA_PUSH, NV_PFIFO_CACHE1_DMA_PUSH_ACCESS);
	kt_wr(f->sim, NV_PFIFO_INTR_0, NV_PFIFO_INTR_DMA_PUSHER);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 5u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), 0u);
}

/* A segment that is not mapped: MEM_FAULT. */
static void
unmapped_segment_is_mem_fault(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 *e = f->chan[1].ib;

	e[0] = PUSH_VA + PAGE;		/* the page after the pushbuffer */
	e[1] = FIELD_PREP(NV50_IB_HIGH_LENGTH, 2);
	kt_wr(f->sim, NV50_USER(1) + NV50_USER_IB_PUT, 1);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), (u32)NV_PFIFO_INTR_DMA_PUSHER);
	KUNIT_EXPECT_EQ(test, FIELD_GET(NV_PFIFO_CACHE1_DMA_STATE_ERROR,
					kt_rd(f->sim, NV_PFIFO_CACHE1_DMA_STATE)),
			(unsigned long)NV_PFIFO_DMA_ERROR_MEM_FAULT);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_CACHE1_DMA_GET), (u32)(PUSH_VA + PAGE));
}

/* fifo_dma-pusher.rst: an IB entry of length 0 raises IB_EMPTY (5). */
static void
zero_length_ib_entry_is_ib_empty(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;

	segment(f, 1, 0, 0);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0x00001000u);	/* DMA_PUSHER */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3228) >> 29, 5u);	/* DMA_STATE.ERROR */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3204) & 0x7f, 1u);	/* PUSH1.CHID */
}

/*
 * Without DMA_FETCH's IB_ENABLE the channel is in DMA (NV4-style) mode,
 * which the model does not run: IB_PUT moves nothing.
 */
static void
channel_without_ib_enable_fetches_nothing(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;

	kt_wr(f->sim, 0x2600 + 4, RAMFC(1) >> 8);	/* off, RAMFC changed, on */
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(1) + 0x3c, 0x003f6078);
	kt_wr(f->sim, 0x2600 + 4, BIT(31) | RAMFC(1) >> 8);
	push(f, 1, 0, 0x50, 9);				/* REF_CNT */
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV50_USER(1) + 0x88), 0u);	/* IB_GET */
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0u);
}

/* DMA_INSTANCE 0 is the NULL DMA object: the first IB read faults. */
static void
null_pushbuffer_dmaobj_is_mem_fault(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;

	kt_wr(f->sim, 0x2600 + 4, RAMFC(1) >> 8);
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(1) + 0x48, 0);
	kt_wr(f->sim, 0x2600 + 4, BIT(31) | RAMFC(1) >> 8);
	push(f, 1, 0, 0x50, 9);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0x00001000u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3228) >> 29, 6u);	/* MEM_FAULT */
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
}

/*
 * OBJECT finds its handle from the hash on, 16 entries with SEARCH 0;
 * SEARCH_FULL (bit 26) reads them all.  A handle not found: HASH_FAILED
 * (PULL0 bit 4); a software object: DEVICE_SOFTWARE (bit 8) and its
 * instance in CACHE1_HASH; so are its methods.
 */
static void
object_is_found_by_hash(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 far = 0xcafe0003;
	u32 i;

	ramht_put(f, 1, far, 20, 0x00100000);		/* GR, 20 past its hash */
	push(f, 1, 1, 0x0000, far);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 1u);		/* CACHE_ERROR */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) & 0x110, 0x010u);	/* HASH_FAILED */

	/*
	 * the same channel made again, searching the whole table: a new
	 * channel's RAMFC has no pusher or puller state (G80_RAMFC 0x00-0x34,
	 * ENGINE 0x58, REF 0x74: zero)
	 */
	kt_wr(f->sim, 0x2600 + 4, RAMFC(1) >> 8);
	for (i = 0; i <= 0x34; i += 4)
		kt_wr(f->sim, NV50_PRAMIN + RAMFC(1) + i, 0);
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(1) + 0x58, 0);
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(1) + 0x74, 0);
	kt_wr(f->sim, NV50_PRAMIN + RAMFC(1) + 0x80, BIT(26) | RAMHT_OFF >> 4);
	kt_wr(f->sim, 0x2100, 1);
	kt_wr(f->sim, 0x3250, 1);
	kt_wr(f->sim, 0x2600 + 4, BIT(31) | RAMFC(1) >> 8);
	f->chan[1].pos = 0;
	f->chan[1].ib_put = 0;
	push(f, 1, 1, 0x0000, far);			/* GR: runs on the GPU */
	push(f, 1, 2, 0x0000, SW_HANDLE);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 1u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) & 0x110, 0x100u);	/* SOFTWARE */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3258), SW_INST);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3280) & 0xff0, 0x010u);	/* subc 1 GR */

	kt_wr(f->sim, 0x3270, kt_rd(f->sim, 0x3270) + 4);
	kt_wr(f->sim, 0x2100, 1);
	kt_wr(f->sim, 0x3250, 1);
	push(f, 1, 2, 0x0200, 7);			/* the software object's */
	segment(f, 1, 4, f->chan[1].pos);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 1u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) & 0x110, 0x100u);
}

/* Acknowledge the method PFIFO stopped on and go past it, as a driver. */
static void
sfifo_skip(struct sfifo_fixture *f)
{
	kt_wr(f->sim, 0x3270, kt_rd(f->sim, 0x3270) + 4);
	kt_wr(f->sim, 0x3258, 0);
	kt_wr(f->sim, 0x2100, 1);
	kt_wr(f->sim, 0x3250, 1);
}

/*
 * A software object's methods 0x180-0x1fc take an object's handle: the
 * puller looks it up in RAMHT as OBJECT's (rnndb_g80_defs.xml names
 * "0x180-0x1fc methods" as the ones with object parameters; nouveau's
 * nv04_fifo_swmthd() takes their instance from CACHE1_HASH).  Found:
 * DEVICE_SOFTWARE and the instance in CACHE1_HASH; not found:
 * HASH_FAILED.  0x200 takes its data as it is.
 */
static void
object_parameter_is_looked_up(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 dma = 0xcafe0004;

	ramht_put(f, 1, dma, 0, 0x4321);		/* software engine, inst 0x4321 */
	push(f, 1, 2, 0x0000, SW_HANDLE);
	push(f, 1, 2, 0x0180, dma);
	push(f, 1, 2, 0x01fc, 0xcafe0005);		/* in no RAMHT */
	push(f, 1, 2, 0x0200, dma);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) & 0x110, 0x100u);	/* OBJECT */
	sfifo_skip(f);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 1u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) & 0x110, 0x100u);	/* SOFTWARE */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3258), 0x4321u);
	sfifo_skip(f);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 1u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) & 0x110, 0x010u);	/* HASH_FAILED */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3258), 0u);
	sfifo_skip(f);
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 1u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) & 0x110, 0x100u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3258), 0u);
}

/* PMC_ENABLE's PFIFO bit (8) off resets PFIFO: the channels are gone. */
static void
pmc_enable_resets_pfifo(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;

	kt_wr(f->sim, 0x2044, 0x01003fff);
	kt_wr(f->sim, 0x250c, 0x6f3cfc34);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x250c), 0x6f3cfc34u);
	kt_wr(f->sim, 0x200, kt_rd(f->sim, 0x200) | BIT(8));
	kt_wr(f->sim, 0x200, kt_rd(f->sim, 0x200) & ~BIT(8));
	kt_wr(f->sim, 0x200, kt_rd(f->sim, 0x200) | BIT(8));
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2600 + 4), 0u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2044), 0u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2140), 0u);
	push(f, 1, 0, 0x50, 9);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
}

/* RAMFC word @off of channel @c (rnndb G80_RAMFC). */
static u32
ramfc(struct sfifo_fixture *f, int c, u32 off)
{
	return kt_rd(f->sim, NV50_PRAMIN + RAMFC(c) + off);
}

/*
 * A disabled channel is not read any more.  Its state goes to its RAMFC
 * (fifo_intro.rst; rnndb G80_RAMFC: IB_PUT 0x00, IB_GET 0x04, DMA_PUT 0x08,
 * DMA_GET 0x10, METHOD_COUNT 0x34, REF 0x74), and enabled again it goes
 * on from there: nothing runs twice, nothing is skipped.
 */
static void
disabled_channel_is_not_read(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 get, count;
	int i;

	for (i = 1; i <= 8; i++)
		push(f, 1, 0, NV_FIFO_MTHD_REF_CNT, i);
	segment(f, 1, 0, 16);
	/* IB entry, 3 x (header, method) */
	nvkm_sim_run(f->sim, 7);
	kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(1), RAMFC(1) >> 8);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 3u);
	KUNIT_EXPECT_EQ(test, ramfc(f, 1, 0x00), 1u);
	KUNIT_EXPECT_EQ(test, ramfc(f, 1, 0x04), 1u);
	KUNIT_EXPECT_EQ(test, ramfc(f, 1, 0x08), PUSH_VA + 16 * 4);
	KUNIT_EXPECT_EQ(test, ramfc(f, 1, 0x74), 3u);
	/* 6 words taken; or 7, the 4th method's header read, its data not */
	get = ramfc(f, 1, 0x10);
	count = ramfc(f, 1, 0x34);
	KUNIT_EXPECT_TRUE(test, (get == PUSH_VA + 6 * 4 && count == 0) ||
			  (get == PUSH_VA + 7 * 4 && count == 1));
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 3u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), 0u);

	kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(1), BIT(31) | RAMFC(1) >> 8);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 3u);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 8u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV50_USER(1) + NV50_USER_IB_GET), 1u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), 0u);
}

/*
 * A method waiting for the graphics engine when its channel is disabled
 * (the GPU keeps it in CACHE1, saved with the channel) runs once, when the
 * channel is back; so do the ones after it.  Other channels go on.
 */
static void
waiting_method_survives_disable(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	struct nvkm_sim_fifo_stats st;

	push(f, 1, 0, NV_FIFO_MTHD_OBJECT, GR_HANDLE);
	push(f, 1, 0, NVKM_SIM_GR_PRIM_CYCLES, 1000);
	push(f, 1, 0, NVKM_SIM_GR_DRAW, 5);		/* 5000 cycles */
	push(f, 1, 0, NVKM_SIM_GR_NOP, 0);		/* waits for the DRAW */
	push(f, 1, 0, NV_FIFO_MTHD_REF_CNT, 7);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_TRUE(test, gr_busy(f));
	kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(1), RAMFC(1) >> 8);
	push(f, 2, 0, NV_FIFO_MTHD_REF_CNT, 9);
	segment(f, 2, 0, f->chan[2].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 9u);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	kt_wr(f->sim, NV50_PFIFO_CTX_TABLE(1), BIT(31) | RAMFC(1) >> 8);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 7u);
	KUNIT_ASSERT_EQ(test, nvkm_sim_fifo_stats(f->sim, &st), 0);
	KUNIT_EXPECT_EQ(test, st.draws, 1ull);
	/* OBJECT, PRIM_CYCLES, DRAW, NOP, REF_CNT; REF_CNT */
	KUNIT_EXPECT_EQ(test, st.methods, 6ull);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PFIFO_INTR_0), 0u);
}

/* Only the NV50 family has the PFIFO model and an interrupt line. */
static void
fifo_only_on_nv50_family(struct kunit *test)
{
	static const u32 chipsets[] = { 0x10, 0x40, 0x50, 0x84, 0xa3, 0xaf, 0xc0, 0xe4 };
	int i;

	for (i = 0; i < ARRAY_SIZE(chipsets); i++) {
		struct nvkm_sim *sim = nvkm_sim_new(chipsets[i]);
		bool nv50 = chipsets[i] == 0x50 || (chipsets[i] >= 0x84 && chipsets[i] < 0xc0);
		struct nvkm_sim_fifo_stats st;
		u64 before;

		KUNIT_ASSERT_NOT_NULL(test, sim);
		before = kt_unclaimed(sim);
		kt_rd(sim, NV_PFIFO_INTR_0);
		kt_rd(sim, NV50_PRAMIN);
		kt_rd(sim, NV50_USER(1) + NV50_USER_IB_GET);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim) - before, nv50 ? 0ull : 3ull,
				    "chipset 0x%x", chipsets[i]);
		KUNIT_EXPECT_EQ_MSG(test, nvkm_sim_irq(sim) > 0, nv50, "chipset 0x%x",
				    chipsets[i]);
		KUNIT_EXPECT_EQ(test, nvkm_sim_fifo_stats(sim, &st), nv50 ? 0 : -ENODEV);
		nvkm_sim_del(&sim);
	}
}

static u64
ptimer(struct nvkm_sim *sim)
{
	return kt_rd(sim, NV_PTIMER_TIME_0) | (u64)kt_rd(sim, NV_PTIMER_TIME_1) << 32;
}

/* PTIMER: nanoseconds of simulated time, at the device's clock rate. */
static void
ptimer_counts_simulated_ns(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u64 t0;

	KUNIT_ASSERT_EQ(test, nvkm_sim_set_clock(f->sim, 500), 0);
	t0 = ptimer(f->sim);
	nvkm_sim_run(f->sim, 12345);
	KUNIT_EXPECT_EQ(test, ptimer(f->sim) - t0, 24690ull);	/* 2 ns a cycle */

	KUNIT_ASSERT_EQ(test, nvkm_sim_set_clock(f->sim, 1), 0);
	t0 = ptimer(f->sim);
	nvkm_sim_run(f->sim, 12345);
	KUNIT_EXPECT_EQ(test, ptimer(f->sim) - t0, 12345000ull);
}

/*
 * PTIMER's other registers (rnndb_bus_ptimer.xml) keep what is written,
 * within their fields: INTR_EN bit 0, CLOCK_DIV and CLOCK_MUL bits 15:0,
 * CLOCK_SOURCE bits 12:0 and 16 (NV41+: not on an NV40), ALARM bits
 * 31:5; INTR reads 0, the alarm never firing.  PMC's ENDIAN reads 0,
 * little-endian (NV1A+: not on NV10 or NV15).
 */
static void
ptimer_registers_keep_their_fields(struct kunit *test)
{
	static const u32 regs[][2] = {
		{ 0x009140, 0x00000001 }, { 0x009200, 0x0000ffff },
		{ 0x009210, 0x0000ffff }, { 0x009220, 0x00011fff },
		{ 0x009420, 0xffffffe0 },
	};
	static const struct { u32 chipset; u64 unclaimed; } t[] = {
		{ 0x10, 1 }, { 0x15, 1 }, { 0x1f, 0 }, { 0x40, 1 }, { 0x41, 0 },
	};
	struct sfifo_fixture *f = test->priv;
	u64 before = kt_unclaimed(f->sim);
	int i;

	for (i = 0; i < ARRAY_SIZE(regs); i++) {
		kt_wr(f->sim, regs[i][0], 0xffffffff);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(f->sim, regs[i][0]), regs[i][1],
				    "0x%06x", regs[i][0]);
	}
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x009100), 0u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x000004), 0u);
	KUNIT_EXPECT_EQ(test, kt_unclaimed(f->sim), before);

	/* ENDIAN on NV10 and NV15, CLOCK_SOURCE on NV40: absent */
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct nvkm_sim *sim = nvkm_sim_new(t[i].chipset);
		u32 addr = t[i].chipset < 0x40 ? 0x000004 : 0x009220;

		KUNIT_ASSERT_NOT_NULL(test, sim);
		before = kt_unclaimed(sim);
		kt_rd(sim, addr);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim) - before, t[i].unclaimed,
				    "chipset 0x%x", t[i].chipset);
		nvkm_sim_del(&sim);
	}
}

/*
 * The clock rate: a G84 starts at the 8600 GT's 540 MHz core clock, a
 * GTX 480's GF100 at 700 MHz; out of range rates are refused.
 */
static void
clock_rate_is_a_device_parameter(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;

	KUNIT_EXPECT_EQ(test, nvkm_sim_clock(f->sim), 540u);
	KUNIT_EXPECT_EQ(test, nvkm_sim_default_clock(0x84), 540u);
	KUNIT_EXPECT_EQ(test, nvkm_sim_default_clock(0xc0), 700u);
	KUNIT_EXPECT_EQ(test, nvkm_sim_set_clock(f->sim, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_sim_set_clock(f->sim, 2001), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_sim_clock(f->sim), 540u);
	KUNIT_EXPECT_EQ(test, nvkm_sim_set_clock(f->sim, 2000), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_clock(f->sim), 2000u);
}

/*
 * Channel @c's semaphore DMA object: memory_g80-vm.rst "DMA objects",
 * class 0x3d, target VM (17:16 = 0), access RW (19:18 = 2), start @base,
 * limit 0xff_ffffffff; in RAMHT as SEM_HANDLE, context engine 0 and the
 * instance >> 4.  A page of @c's own at SEM_VA, shared by both channels
 * when @c is 0 (channel 1's page, mapped in channel 2 too).
 */
static u32 *
sem_setup(struct kunit *test, struct sfifo_fixture *f, int c, u64 base)
{
	u32 dma = NV50_PRAMIN + INST(c) + (SEM_DMA_SEL << 4);

	kt_wr(f->sim, dma + 0x00, 0x0008003d);
	kt_wr(f->sim, dma + 0x04, 0xffffffff);
	kt_wr(f->sim, dma + 0x08, lower_32_bits(base));
	kt_wr(f->sim, dma + 0x0c, 0xff000000 | upper_32_bits(base));
	kt_wr(f->sim, dma + 0x10, 0);
	kt_wr(f->sim, dma + 0x14, 0);
	ramht_put(f, c, SEM_HANDLE, 0, SEM_DMA_SEL);
	if (!f->chan[1].sem) {
		f->chan[1].sem = vzalloc(PAGE);
		KUNIT_ASSERT_NOT_NULL(test, f->chan[1].sem);
		KUNIT_ASSERT_EQ(test, kvm_map(test, f->sim, VM(1), SEM_VA, f->chan[1].sem,
					      PAGE), 0);
	}
	if (c != 1)
		KUNIT_ASSERT_EQ(test, kvm_map(test, f->sim, VM(c), SEM_VA, f->chan[1].sem,
					      PAGE), 0);
	return f->chan[1].sem;
}

/* The nv84 fence's words: DMA_SEMAPHORE, then A (high), B (low), C, D. */
static void
push_sem(struct sfifo_fixture *f, int c, u64 addr, u32 seq, u32 trigger)
{
	push(f, c, 0, 0x0060, SEM_HANDLE);
	push(f, c, 0, 0x0010, upper_32_bits(addr));
	push(f, c, 0, 0x0014, lower_32_bits(addr));
	push(f, c, 0, 0x0018, seq);
	push(f, c, 0, 0x001c, trigger);
}

/*
 * SEMAPHORE_TRIGGER RELEASE (2) writes SEQUENCE, 4 bytes (G84 has no
 * 16-byte release), at SEMAPHORE_ADDRESS (high 0x1, low 0x30020) in the
 * DMA object DMA_SEMAPHORE names: through the channel's page tables; with
 * the object's start at 4 GiB, address 0x30024 is the same VM address + 4.
 * The channel goes on; no interrupt.
 */
static void
sem_release_writes_the_sequence(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 *sem = sem_setup(test, f, 1, 0);

	memset(sem, 0xee, 0x40);
	push_sem(f, 1, SEM_VA + 0x20, 0x1234abcd, 0x00000002);
	push(f, 1, 0, 0x0050, 1);			/* REF_CNT */
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, sem[0x20 / 4], 0x1234abcdu);
	KUNIT_EXPECT_EQ(test, sem[0x1c / 4], 0xeeeeeeeeu);
	KUNIT_EXPECT_EQ(test, sem[0x24 / 4], 0xeeeeeeeeu);	/* 4 bytes only */
	KUNIT_EXPECT_EQ(test, ref(f, 1), 1u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0u);

	sem_setup(test, f, 1, 0x100000000ull);		/* start 4 GiB */
	push_sem(f, 1, 0x30024, 0x55, 0x00000002);
	push(f, 1, 0, 0x0050, 2);
	segment(f, 1, 2 * 6, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, sem[0x24 / 4], 0x55u);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 2u);
}

/*
 * ACQUIRE_EQUAL (1) waits until the word is SEQUENCE: off the puller,
 * channel 2 goes on meanwhile; another value does not do; once memory
 * holds it, the channel goes on within a poll (1024 cycles).
 */
static void
sem_acquire_equal_waits_for_memory(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 *sem = sem_setup(test, f, 1, 0);

	sem[4] = 4;
	push_sem(f, 1, SEM_VA + 0x10, 5, 0x00000001);
	push(f, 1, 0, 0x0050, 1);
	segment(f, 1, 0, f->chan[1].pos);
	push(f, 2, 0, 0x0050, 7);
	segment(f, 2, 0, f->chan[2].pos);
	nvkm_sim_run(f->sim, 5000);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	KUNIT_EXPECT_EQ(test, ref(f, 2), 7u);		/* not held up */
	KUNIT_EXPECT_FALSE(test, fifo_idle(f));		/* a channel still waits */
	sem[4] = 6;
	nvkm_sim_run(f->sim, 3 * 1024);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	sem[4] = 5;
	nvkm_sim_run(f->sim, 1024 + 10);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 1u);
	KUNIT_EXPECT_TRUE(test, fifo_idle(f));
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0u);
}

/*
 * ACQUIRE_GEQUAL (4) waits until (word - SEQUENCE) >= 0, signed 32-bit:
 * met at once by 0x11 for 0x10; 0xfffffff0 and 0x3f are behind 0x40; a
 * release of channel 2 (nouveau's fence sync) lets channel 1 go on.
 */
static void
sem_acquire_gequal_is_signed(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 *sem = sem_setup(test, f, 1, 0);

	sem_setup(test, f, 2, 0);
	sem[0] = 0x11;
	push_sem(f, 1, SEM_VA, 0x10, 0x00000004);
	push(f, 1, 0, 0x0050, 1);
	push_sem(f, 1, SEM_VA, 0x40, 0x00000004);
	push(f, 1, 0, 0x0050, 2);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 1u);		/* 0x11 >= 0x10 */
	sem[0] = 0xfffffff0;
	nvkm_sim_run(f->sim, 3 * 1024);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 1u);		/* -0x50 behind */
	sem[0] = 0x3f;
	nvkm_sim_run(f->sim, 3 * 1024);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 1u);
	push_sem(f, 2, SEM_VA, 0x41, 0x00000002);	/* channel 2 releases */
	segment(f, 2, 0, f->chan[2].pos);
	nvkm_sim_run(f->sim, 1024 + 100);
	KUNIT_EXPECT_EQ(test, sem[0], 0x41u);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 2u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0u);
}

/*
 * NOTIFY_INTR (0x20) sets PFIFO_INTR bit 30 (NOTIFY, G84+); INTR_EN gates
 * only what reaches PMC (rnndb_fifo_g80_pfifo.xml): with bit 30 of 0x2140
 * clear, no interrupt; set, PMC_INTR_0's PFIFO bit (8).  Writing 1 to bit
 * 30 of 0x2100 acknowledges it.  The channel goes on.
 */
static void
notify_intr_raises_bit_30_when_enabled(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;

	push(f, 1, 0, 0x0020, 0);
	push(f, 1, 0, 0x0050, 3);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 3u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0x40000000u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x0100), 0u);	/* not enabled */
	kt_wr(f->sim, 0x2140, kt_rd(f->sim, 0x2140) | BIT(30));
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x0100), 0x00000100u);
	kt_wr(f->sim, 0x2100, 0x40000000);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x0100), 0u);

	push(f, 1, 0, 0x0020, 0);			/* enabled: at once */
	segment(f, 1, 4, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0x40000000u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x0100), 0x00000100u);
}

/* The semaphore error the puller stopped on: PULL0 23:20, and resume. */
static void
expect_sem_error(struct kunit *test, struct sfifo_fixture *f, u32 error, u32 data)
{
	u32 get = kt_rd(f->sim, 0x3270), slot = (get & 0x7ff) >> 2;

	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0x00100000u);	/* SEMAPHORE */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) >> 20 & 0xf, error);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3204) & 0x7f, 1u);	/* PUSH1.CHID */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x90000 + slot * 8), 0x001cu);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x90004 + slot * 8), data);
	/* nouveau's nv04_fifo_intr(): ack, GET past it, PULL0 */
	kt_wr(f->sim, 0x2100, 0x00100000);
	kt_wr(f->sim, 0x3270, get + 4);
	kt_wr(f->sim, 0x3250, 1);
}

/*
 * A semaphore the VM cannot reach (the page past SEM_VA is not mapped)
 * stops the puller with PFIFO_INTR's SEMAPHORE (bit 20) and PULL0's
 * SEMAPHORE_ERROR MEM_FAULT (4), the trigger in CACHE1 at GET, nothing
 * written; so does an address not 4-aligned (ADDRESS_UNALIGNED, 1) and an
 * ACTION G84 lacks (8, GF100's ACQUIRE_MASK: INVALID_STATE, 2).  Moved
 * past, the channel goes on.  A DMA_SEMAPHORE handle RAMHT lacks is
 * CACHE_ERROR's HASH_FAILED, as OBJECT's.
 */
static void
sem_fault_is_semaphore_error(struct kunit *test)
{
	struct sfifo_fixture *f = test->priv;
	u32 *sem = sem_setup(test, f, 1, 0);

	push_sem(f, 1, SEM_VA + PAGE, 9, 0x00000002);
	push(f, 1, 0, 0x0050, 1);
	push_sem(f, 1, SEM_VA + 2, 9, 0x00000002);
	push(f, 1, 0, 0x0050, 2);
	push_sem(f, 1, SEM_VA, 9, 0x00000008);
	push(f, 1, 0, 0x0050, 3);
	push(f, 1, 0, 0x0060, 0xcafe00ff);
	segment(f, 1, 0, f->chan[1].pos);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 0u);
	expect_sem_error(test, f, 4, 0x00000002);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 1u);
	expect_sem_error(test, f, 1, 0x00000002);
	KUNIT_EXPECT_EQ(test, sem[0], 0u);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 2u);
	expect_sem_error(test, f, 2, 0x00000008);
	nvkm_sim_run(f->sim, 100);
	KUNIT_EXPECT_EQ(test, ref(f, 1), 3u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2100), 0x00000001u);	/* CACHE_ERROR */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x3250) & 0x00f00110, 0x010u);
}

static struct kunit_case nvpm_sim_fifo_cases[] = {
	KUNIT_CASE(one_method_per_cycle),
	KUNIT_CASE(zero_headers_cost_a_cycle_each),
	KUNIT_CASE(step_work_is_bounded),
	KUNIT_CASE(draw_busy_time_is_capped),
	KUNIT_CASE(disabled_channel_ends_its_draw),
	KUNIT_CASE(channels_take_turns_by_segment),
	KUNIT_CASE(time_slice_ends_a_turn_mid_segment),
	KUNIT_CASE(trap_waits_for_graphics_idle),
	KUNIT_CASE(pull0_resumes_and_get_skips),
	KUNIT_CASE(bad_command_raises_dma_pusher),
	KUNIT_CASE(unmapped_segment_is_mem_fault),
	KUNIT_CASE(disabled_channel_is_not_read),
	KUNIT_CASE(waiting_method_survives_disable),
	KUNIT_CASE(zero_length_ib_entry_is_ib_empty),
	KUNIT_CASE(channel_without_ib_enable_fetches_nothing),
	KUNIT_CASE(null_pushbuffer_dmaobj_is_mem_fault),
	KUNIT_CASE(object_is_found_by_hash),
	KUNIT_CASE(object_parameter_is_looked_up),
	KUNIT_CASE(pmc_enable_resets_pfifo),
	KUNIT_CASE(fifo_only_on_nv50_family),
	KUNIT_CASE(ptimer_counts_simulated_ns),
	KUNIT_CASE(ptimer_registers_keep_their_fields),
	KUNIT_CASE(clock_rate_is_a_device_parameter),
	KUNIT_CASE(sem_release_writes_the_sequence),
	KUNIT_CASE(sem_acquire_equal_waits_for_memory),
	KUNIT_CASE(sem_acquire_gequal_is_signed),
	KUNIT_CASE(notify_intr_raises_bit_30_when_enabled),
	KUNIT_CASE(sem_fault_is_semaphore_error),
	{}
};

static struct kunit_suite nvpm_sim_fifo_suite = {
	.name = "nvpm_sim_fifo",
	.init = sfifo_init,
	.exit = sfifo_exit,
	.test_cases = nvpm_sim_fifo_cases,
};

kunit_test_suite(nvpm_sim_fifo_suite);
