// SPDX-License-Identifier: MIT
/*
 * KUnit: command-stream sampling.  A simulated GT215 with the FIFO engine
 * and its interrupt handler wired to the simulated device's interrupt (as
 * the DRM glue does), a counter group on core_a and a channel whose
 * pushbuffers sample it around DRAWs.  The clock is manual: every count is
 * exact, computed here from what the pushbuffer asks for.
 *
 * The interrupt is raised from hard interrupt context (irq_work) as soon
 * as the simulator's lock is dropped, so the handler has run by the time
 * nvkm_sim_run() returns where irq_work has an interrupt of its own (x86);
 * where it has none (User Mode Linux), the next timer tick runs it, up to
 * a tick later.  The tests step the clock until the channel's reference
 * counter says its submission was processed.
 */
#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/mm.h>
#include <linux/platform_device.h>
#include <linux/vmalloc.h>
#include <nvkm/engine/fifo.h>
#include <nvkm/engine/pm.h>
#include <nvkm/hw/fifo.h>
#include <nvkm/hw/pdaemon.h>
#include <sim/fifo.h>
#include <nvkm/subdev/instmem.h>
#include <nvkm/subdev/mmu.h>
#include "nvpm_kunit.h"

#define GRP		1	/* the group's handle for COUNTER_ADD */
#define SUBC_GR		0
#define SUBC_SW		1
#define PUSH_WORDS	4096
#define STEP		64	/* cycles per nvkm_sim_run() */
#define STEPS_MAX	200000
#define WAIT_MIN_MS	5000	/* and never less real time: a tick per interrupt */
#define NR_CTRS		4	/* three counters of the group and PTIMER */
#define CORE_A		1
#define CHIPSET		0xa3	/* GT215: PDAEMON as well */

#define PUSH_INC(subc, mthd, n) \
	(FIELD_PREP(NV50_DMA_CMD_COUNT, n) | FIELD_PREP(NV50_DMA_CMD_SUBC, subc) | (mthd))

struct fifo_fixture {
	struct platform_device *pdev;
	struct nvkm_sim *sim;
	struct nvkm_device *device;
	struct nvkm_pm_group *grp;
	struct nvkm_fifo_chan *chan;
	bool irq;
	void *ntfy;
	u32 ring;
	u32 *push;
	u64 push_addr;
	u32 pos, start;
	int idle_sig, prim_sig;
	/* MMIO of the last interrupt, as the handler sees it */
	u64 intr_rd, intr_wr;
	bool in_hardirq;
};

static irqreturn_t
fifo_kunit_irq(int irq, void *arg)
{
	struct fifo_fixture *f = arg;
	struct nvkm_sim_stats a, b;
	bool handled;

	nvkm_sim_stats(f->sim, &a);
	handled = nvkm_device_intr(f->device);
	nvkm_sim_stats(f->sim, &b);
	f->intr_rd = b.rd - a.rd;
	f->intr_wr = b.wr - a.wr;
	f->in_hardirq = in_hardirq();
	return handled ? IRQ_HANDLED : IRQ_NONE;
}

static struct nvkm_pm_group *
fifo_kunit_lookup(void *priv, u32 handle)
{
	struct fifo_fixture *f = priv;

	return handle == GRP ? f->grp : NULL;
}

/* core_a: setup_primitive_count, !PGRAPH.IDLE (busy), every cycle. */
static int
fifo_group(struct fifo_fixture *f)
{
	struct nvkm_pm_group_args args = {
		.dom = CORE_A, .mode = NVPM_MODE_QUAD, .nr_ctr = 3,
		.ctr = { { .signal = { f->prim_sig }, .logic_op = 0xaaaa },
			 { .signal = { f->idle_sig }, .logic_op = 0x5555 },
			 { .logic_op = 0xffff } },
	};

	return nvkm_pm_group_new(f->device->pm, &args, &f->grp);
}

static int
fifo_chan(struct fifo_fixture *f, u32 ring)
{
	u64 addr, size = PAGE_ALIGN(NVKM_SW_NTFY_SIZE(ring));
	int ret;

	ret = nvkm_fifo_chan_new(f->device->fifo, fifo_kunit_lookup, f, &f->chan);
	if (ret)
		return ret;
	f->pos = 0;
	f->start = 0;
	f->ring = ring;
	f->ntfy = vzalloc(size);
	f->push = vzalloc(PUSH_WORDS * 4);
	if (!f->ntfy || !f->push)
		return -ENOMEM;
	ret = nvkm_vmm_map(f->chan->vmm, f->ntfy, size, 0, &addr);
	if (ret)
		return ret;
	ret = nvkm_vmm_dma(f->chan->vmm, NVKM_FIFO_NTFY_DMA, addr, size - 1);
	if (ret)
		return ret;
	nvkm_fifo_chan_notifier(f->chan, f->ntfy, ring,
				nvkm_vmm_dma_sel(f->chan->vmm, NVKM_FIFO_NTFY_DMA));
	return nvkm_vmm_map(f->chan->vmm, f->push, PUSH_WORDS * 4, 0, &f->push_addr);
}

static int
fifo_init(struct kunit *test)
{
	struct fifo_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	int dom;

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	f->pdev = platform_device_register_simple("nvpm-kunit-fifo", -1, NULL, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->pdev));
	f->sim = nvkm_sim_new(CHIPSET);
	KUNIT_ASSERT_NOT_NULL(test, f->sim);
	nvkm_sim_set_manual_clock(f->sim, true);
	/* 2 ns a cycle: PTIMER's nanoseconds are exact */
	KUNIT_ASSERT_EQ(test, nvkm_sim_set_clock(f->sim, 500), 0);
	KUNIT_ASSERT_EQ(test, nvkm_sim_gr_signals(CHIPSET, &dom, &f->idle_sig, &f->prim_sig), 0);
	KUNIT_ASSERT_EQ(test, dom, CORE_A);
	/* no other load: PGRAPH is idle but for the channel's DRAWs */
	kt_level(f->sim, CORE_A, f->idle_sig, true);

	KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&f->pdev->dev, &nvkm_sim_mmio,
						    f->sim, &f->device), 0);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(f->device), 0);
	KUNIT_ASSERT_NOT_NULL(test, f->device->fifo);
	KUNIT_ASSERT_EQ(test, request_irq(nvkm_sim_irq(f->sim), fifo_kunit_irq, 0,
					  "nvpm-kunit-fifo", f), 0);
	f->irq = true;
	KUNIT_ASSERT_EQ(test, fifo_group(f), 0);
	KUNIT_ASSERT_EQ(test, fifo_chan(f, 256), 0);
	return 0;
}

static void
fifo_exit(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;

	if (!f)
		return;
	nvkm_fifo_chan_del(&f->chan);
	vfree(f->push);
	vfree(f->ntfy);
	nvkm_pm_group_del(&f->grp);
	if (f->irq)
		free_irq(nvkm_sim_irq(f->sim), f);
	if (f->device)
		nvkm_device_fini(f->device, false);
	nvkm_device_del(&f->device);
	nvkm_sim_del(&f->sim);
	if (!IS_ERR_OR_NULL(f->pdev))
		platform_device_unregister(f->pdev);
}

static void
mthd(struct fifo_fixture *f, u32 subc, u32 m, u32 data)
{
	f->push[f->pos++] = PUSH_INC(subc, m, 1);
	f->push[f->pos++] = data;
}

static u64
submit(struct kunit *test, struct fifo_fixture *f)
{
	u64 seq = 0;

	KUNIT_EXPECT_EQ(test, nvkm_fifo_chan_submit(f->chan, f->push_addr + f->start * 4,
						    (f->pos - f->start) * 4, &seq), 0);
	f->start = f->pos;
	return seq;
}

/* Step the clock until @seq is processed; false if it never is. */
static bool
run_until(struct fifo_fixture *f, u64 seq)
{
	unsigned long until = jiffies + msecs_to_jiffies(WAIT_MIN_MS);
	u64 info;
	int i;

	for (i = 0; i < STEPS_MAX || time_before(jiffies, until); i++) {
		if (nvkm_fifo_chan_completed(f->chan) >= seq)
			return true;
		if (nvkm_fifo_chan_fault(f->chan, &info))
			return false;
		nvkm_sim_run(f->sim, STEP);
	}
	return false;
}

/* Bind the objects and the notifier, stage the group's counters and PTIMER. */
static void
setup(struct fifo_fixture *f, u32 prim_cycles)
{
	int i;

	mthd(f, SUBC_GR, NV_FIFO_MTHD_OBJECT, NVPM_HANDLE_GR);
	mthd(f, SUBC_SW, NV_FIFO_MTHD_OBJECT, NVPM_HANDLE_SW);
	mthd(f, SUBC_SW, NVPM_SW_SET_NOTIFY, NVPM_HANDLE_NOTIFIER);
	for (i = 0; i < 3; i++)
		mthd(f, SUBC_SW, NVPM_SW_COUNTER_ADD, GRP | FIELD_PREP(NVKM_SW_COUNTER_CTR, i));
	mthd(f, SUBC_SW, NVPM_SW_COUNTER_ADD, NVPM_SW_GLOBAL_PTIMER);
	mthd(f, SUBC_GR, NVKM_SIM_GR_PRIM_CYCLES, prim_cycles);
}

static void
frame(struct fifo_fixture *f, u32 prims, u32 seq)
{
	mthd(f, SUBC_SW, NVPM_SW_SAMPLE, 0);
	mthd(f, SUBC_GR, NVKM_SIM_GR_DRAW, prims);
	mthd(f, SUBC_SW, NVPM_SW_SAMPLE, 0);
	mthd(f, SUBC_SW, NVPM_SW_READOUT, seq);
}

static struct drm_nvpm_notifier_header *
hdr(struct fifo_fixture *f)
{
	return f->ntfy;
}

static struct drm_nvpm_notifier_entry *
entry(struct fifo_fixture *f, u32 n)
{
	struct drm_nvpm_notifier_entry *ring = f->ntfy + hdr(f)->ring_offset;

	return &ring[n % f->ring];
}

/* The four entries of a frame against its DRAW, exactly. */
static void
expect_frame(struct kunit *test, struct fifo_fixture *f, u32 first, u32 seq,
	     u32 prims, u32 prim_cycles)
{
	struct drm_nvpm_notifier_entry *e = entry(f, first);
	u64 cycles = e[2].cycles;
	int i;

	for (i = 0; i < NR_CTRS; i++) {
		KUNIT_EXPECT_EQ_MSG(test, entry(f, first + i)->sequence, (u64)seq, "entry %d", i);
		KUNIT_EXPECT_EQ_MSG(test, entry(f, first + i)->flags, 0u, "entry %d", i);
	}
	KUNIT_EXPECT_EQ(test, entry(f, first)->counter, GRP);
	KUNIT_EXPECT_EQ(test, entry(f, first)->value, (u64)prims);
	KUNIT_EXPECT_EQ(test, entry(f, first + 1)->value, (u64)prims * prim_cycles);
	KUNIT_EXPECT_EQ(test, entry(f, first + 2)->value, cycles);
	KUNIT_EXPECT_EQ(test, entry(f, first + 1)->cycles, cycles);
	KUNIT_EXPECT_GE(test, cycles, (u64)prims * prim_cycles);
	/* PTIMER is read as the latch is triggered: the same interval */
	KUNIT_EXPECT_EQ(test, entry(f, first + 3)->counter,
			NVPM_SW_GLOBAL_PTIMER);
	KUNIT_EXPECT_EQ(test, entry(f, first + 3)->value, cycles * 2);
	KUNIT_EXPECT_EQ(test, entry(f, first + 3)->cycles, 0ull);
}

/* SAMPLE, DRAW, SAMPLE, READOUT: the ring holds exactly what was drawn. */
static void
frame_counts_exactly(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	u64 seq;

	setup(f, 7);
	frame(f, 123, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	KUNIT_EXPECT_EQ(test, hdr(f)->sequence, 1ull);
	KUNIT_EXPECT_EQ(test, hdr(f)->write_index, (u32)NR_CTRS);
	KUNIT_EXPECT_EQ(test, hdr(f)->errors, 0u);
	expect_frame(test, f, 0, 1, 123, 7);
}

/* Frames in a row, each its own; an empty one counts nothing. */
static void
frames_in_a_row(struct kunit *test)
{
	static const u32 prims[] = { 1, 50, 0, 999, 3 };
	struct fifo_fixture *f = test->priv;
	struct nvkm_sim_fifo_stats st;
	u64 seq = 0;
	int i;

	setup(f, 3);
	seq = submit(test, f);
	for (i = 0; i < ARRAY_SIZE(prims); i++) {
		frame(f, prims[i], 10 + i);
		/* every other frame its own submission */
		if (i & 1)
			seq = submit(test, f);
	}
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	for (i = 0; i < ARRAY_SIZE(prims); i++)
		expect_frame(test, f, i * NR_CTRS, 10 + i, prims[i], 3);
	KUNIT_EXPECT_EQ(test, hdr(f)->sequence, 10ull + ARRAY_SIZE(prims) - 1);
	KUNIT_ASSERT_EQ(test, nvkm_sim_fifo_stats(f->sim, &st), 0);
	KUNIT_EXPECT_EQ(test, st.draws, 4ull);	/* a DRAW of nothing is a NOP */
	KUNIT_EXPECT_EQ(test, st.prims, 1ull + 50 + 999 + 3);
	KUNIT_EXPECT_TRUE(test, st.idle);
}

/* A DRAW's busy cycles show in PDAEMON's GR idle signal too. */
static void
draw_is_busy_for_pdaemon_too(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	u64 seq;

	setup(f, 5);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	mthd(f, SUBC_GR, NVKM_SIM_GR_DRAW, 100);
	seq = submit(test, f);
	/* the FIFO takes the DRAW in the first cycle: busy right after */
	nvkm_sim_run(f->sim, 10);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PDAEMON_COUNTER_SIGNALS) & NVKM_SIM_IDLE_GR, 0u);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	nvkm_sim_run(f->sim, 500);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, NV_PDAEMON_COUNTER_SIGNALS) & NVKM_SIM_IDLE_GR,
			0u + NVKM_SIM_IDLE_GR);
}

/* The ring wraps; overwritten entries of unread sequences are lost. */
static void
ring_wraps_and_counts_lost(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	u32 i, n = 40, total;
	u64 seq;

	nvkm_fifo_chan_del(&f->chan);
	vfree(f->push);
	vfree(f->ntfy);
	KUNIT_ASSERT_EQ(test, fifo_chan(f, 64), 0);
	setup(f, 2);
	for (i = 1; i <= n; i++)
		frame(f, i, i);
	/* consumed up to 20: overwriting 21..24 (16 entries) is a loss */
	hdr(f)->read_sequence = 20;
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	total = n * NR_CTRS;
	KUNIT_EXPECT_EQ(test, hdr(f)->write_index, total);
	KUNIT_EXPECT_EQ(test, hdr(f)->ring_size, 64u);
	KUNIT_EXPECT_EQ(test, hdr(f)->lost, 16u);
	/* the last 16 frames are there, in place; the others are gone */
	for (i = n - 15; i <= n; i++)
		expect_frame(test, f, (i - 1) * NR_CTRS, i, i, 2);
	for (i = 0; i < 64; i++)
		KUNIT_EXPECT_GT(test, entry(f, i)->sequence, (u64)n - 16);
}

/* Every kind of bad data: an error entry, counted; the channel goes on. */
static void
bad_data_is_an_error_entry(struct kunit *test)
{
	static const struct {
		u32 mthd, data, err;
	} bad[] = {
		{ NVPM_SW_COUNTER_ADD, 77, NVPM_SW_ERR_BAD_COUNTER },
		{ NVPM_SW_COUNTER_ADD, GRP | 3 << 24,
		  NVPM_SW_ERR_BAD_COUNTER },
		{ NVPM_SW_COUNTER_ADD, NVPM_SW_COUNTER_GLOBAL | 1, NVPM_SW_ERR_BAD_COUNTER },
		{ NVPM_SW_COUNTER_CLEAR, 1, NVPM_SW_ERR_BAD_DATA },
		{ NVPM_SW_SAMPLE, 1, NVPM_SW_ERR_BAD_DATA },
		{ NVPM_SW_NOP, 1, NVPM_SW_ERR_BAD_DATA },
		{ 0x1ffc, 5, NVPM_SW_ERR_BAD_METHOD },
		{ NVPM_SW_SET_NOTIFY, 0, NVPM_SW_ERR_BAD_NOTIFIER },
	};
	struct fifo_fixture *f = test->priv;
	struct nvkm_fifo_stats st;
	u32 i, n = ARRAY_SIZE(bad);
	u64 seq;

	setup(f, 1);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		mthd(f, SUBC_SW, bad[i].mthd, bad[i].data);
	/* 4 staged: 12 more fit */
	for (i = 0; i < NVPM_SW_STAGING_MAX - NR_CTRS + 1; i++)
		mthd(f, SUBC_SW, NVPM_SW_COUNTER_ADD, NVPM_SW_COUNTER_GLOBAL);
	frame(f, 9, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));

	for (i = 0; i <= n; i++) {
		struct drm_nvpm_notifier_entry *e = entry(f, i);

		KUNIT_EXPECT_EQ_MSG(test, e->flags, NVPM_NOTIFY_ERROR | NVPM_NOTIFY_METHOD,
				    "error %u", i);
		KUNIT_EXPECT_EQ_MSG(test, e->counter,
				    i < n ? bad[i].err : NVPM_SW_ERR_STAGING_FULL, "error %u", i);
		KUNIT_EXPECT_EQ_MSG(test, e->cycles, i < n ? (u64)bad[i].mthd :
				    NVPM_SW_COUNTER_ADD, "error %u", i);
		KUNIT_EXPECT_EQ_MSG(test, e->value, i < n ? (u64)bad[i].data :
				    NVPM_SW_COUNTER_GLOBAL, "error %u", i);
	}
	KUNIT_EXPECT_EQ(test, hdr(f)->errors, n + 1);
	expect_frame(test, f, n + 1, 1, 9, 1);
	KUNIT_EXPECT_EQ(test, hdr(f)->write_index, n + 1 + NVPM_SW_STAGING_MAX);
	nvkm_fifo_stats(f->device->fifo, &st, NULL);
	KUNIT_EXPECT_EQ(test, st.faults, 0ull);
}

/* Without a notifier: counted, nothing written; then shown. */
static void
errors_before_the_notifier_are_counted(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	u64 seq;

	mthd(f, SUBC_SW, NV_FIFO_MTHD_OBJECT, NVPM_HANDLE_SW);
	mthd(f, SUBC_SW, NVPM_SW_READOUT, 1);
	mthd(f, SUBC_SW, NVPM_SW_COUNTER_ADD, 1234);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	KUNIT_EXPECT_EQ(test, hdr(f)->errors, 0u);
	KUNIT_EXPECT_EQ(test, hdr(f)->sequence, 0ull);
	mthd(f, SUBC_SW, NVPM_SW_SET_NOTIFY, NVPM_HANDLE_NOTIFIER);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	KUNIT_EXPECT_EQ(test, hdr(f)->errors, 2u);
	KUNIT_EXPECT_EQ(test, hdr(f)->write_index, 0u);
}

/* A group that goes while staged: its entries say so, no use after free. */
static void
destroyed_group_is_gone(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	u64 seq;
	int i;

	setup(f, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	nvkm_fifo_chan_forget(f->chan, f->grp);
	nvkm_pm_group_del(&f->grp);
	frame(f, 4, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ(test, entry(f, i)->flags, NVPM_NOTIFY_ERROR);
		KUNIT_EXPECT_EQ(test, entry(f, i)->value, (u64)NVPM_SW_ERR_GONE);
		KUNIT_EXPECT_EQ(test, entry(f, i)->sequence, 1ull);
	}
	KUNIT_EXPECT_EQ(test, entry(f, 3)->flags, 0u);
	KUNIT_EXPECT_EQ(test, hdr(f)->errors, 3u);
}

/*
 * The handler: hard interrupt context, and a fixed register cost.  A
 * software method: PMC_INTR, PFIFO_INTR, CACHES, PUSH1, GET, PULL0,
 * METHOD, DATA read; CACHES twice, DMA_PUSH twice, INTR, PUSH0 twice,
 * GET, HASH, PULL0 written (nouveau's sequence).  A READOUT collects the latch of the group's
 * domain on top: CTRL, 3 counters, CTR_CYCLES read, the ack written.
 */
static void
handler_is_hardirq_with_fixed_mmio(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	struct nvkm_fifo_stats st;
	u64 seq;

	setup(f, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	mthd(f, SUBC_SW, NVPM_SW_NOP, 0);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	KUNIT_EXPECT_TRUE(test, f->in_hardirq);
	KUNIT_EXPECT_EQ(test, f->intr_rd, 8ull);
	KUNIT_EXPECT_EQ(test, f->intr_wr, 10ull);

	/* SAMPLE with nothing pending: the trigger and PTIMER (hi, lo, hi) */
	mthd(f, SUBC_SW, NVPM_SW_SAMPLE, 0);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	KUNIT_EXPECT_EQ(test, f->intr_rd, 8ull + 3);
	KUNIT_EXPECT_EQ(test, f->intr_wr, 10ull + 1);

	mthd(f, SUBC_SW, NVPM_SW_READOUT, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	KUNIT_EXPECT_EQ(test, f->intr_rd, 8ull + 5);
	KUNIT_EXPECT_EQ(test, f->intr_wr, 10ull + 1);

	nvkm_fifo_stats(f->device->fifo, &st, NULL);
	KUNIT_EXPECT_GT(test, st.intr, 0ull);
	KUNIT_EXPECT_EQ(test, st.hardirq, st.intr);
}

/* A word of instance memory (the driver keeps PRAMIN's window). */
static u32
inst_rd(struct fifo_fixture *f, u64 addr)
{
	return nvkm_instmem_rd32(f->device->imem, addr);
}

/* A 512-entry RAMHT's slot for @handle: its 9-bit pieces XOR-ed. */
static u32
ramht_slot(u32 handle)
{
	return (handle ^ handle >> 9 ^ handle >> 18 ^ handle >> 27) & 0x1ff;
}

/*
 * The channel's structures hold what nouveau's g84_chan_ramfc_write() and
 * nv50_fifo_init() write, words stated here by hand: FIFO setup; RAMFC
 * (at +0x4400 on G84+) with IB mode and the pushbuffer DMA object; the
 * objects hashed into RAMHT (+0x6000) with their instances.
 */
static void
chan_words_are_nouveaus(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	u64 inst = f->chan->inst, ramfc = inst + 0x4400, ramht = inst + 0x6000;
	u32 sel = inst_rd(f, ramfc + 0x48), slot;

	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x250c), 0x6f3cfc34u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x2044), 0x01003fffu);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x200) & BIT(8), BIT(8));
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramfc + 0x3c), 0x403f6078u);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramfc + 0x44), 0x01003fffu);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramfc + 0x60), 0x7fffffffu);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramfc + 0x78), 0u);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramfc + 0x7c), 0x30000fffu);
	/* RAMHT: SIZE 4K (512 entries), SEARCH_FULL, instance 0x6000 >> 4 */
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramfc + 0x80), 0x04000600u);
	/* the pushbuffer DMA object: class 0x3d, VM, RW; all 40 bits */
	KUNIT_ASSERT_NE(test, sel, 0u);
	KUNIT_EXPECT_EQ(test, inst_rd(f, inst + (sel << 4)), 0x0008003du);
	KUNIT_EXPECT_EQ(test, inst_rd(f, inst + (sel << 4) + 4), 0xffffffffu);
	KUNIT_EXPECT_EQ(test, inst_rd(f, inst + (sel << 4) + 8), 0u);
	KUNIT_EXPECT_EQ(test, inst_rd(f, inst + (sel << 4) + 12), 0xff000000u);
	/* graphics: engine 1; software: engine 0; both instance 0x40 >> 4 */
	slot = ramht_slot(NVPM_HANDLE_GR);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramht + slot * 8), NVPM_HANDLE_GR);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramht + slot * 8 + 4), 0x00100004u);
	slot = ramht_slot(NVPM_HANDLE_SW);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramht + slot * 8), NVPM_HANDLE_SW);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramht + slot * 8 + 4), 0x00000004u);
	/* the notifier: its DMA object's instance, software's engine */
	slot = ramht_slot(NVPM_HANDLE_NOTIFIER);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramht + slot * 8), NVPM_HANDLE_NOTIFIER);
	KUNIT_EXPECT_EQ(test, inst_rd(f, ramht + slot * 8 + 4),
			(u32)nvkm_vmm_dma_sel(f->chan->vmm, NVKM_FIFO_NTFY_DMA));
}

/* A method the channel must not send stops it, once, and says why. */
static void
bad_method_stops_the_channel(struct kunit *test)
{
	static const struct {
		u32 subc, mthd, data, fault;
	} bad[] = {
		{ 4, 0x0200, 1, NVPM_FAULT_NO_OBJECT },
		{ 2, NV_FIFO_MTHD_OBJECT, 0xdead, NVPM_FAULT_UNKNOWN_OBJECT },
		{ 2, NV_FIFO_MTHD_OBJECT, NVPM_HANDLE_NOTIFIER,
		  NVPM_FAULT_UNKNOWN_OBJECT },
		{ 0, 0x0060, 2, NVPM_FAULT_INVALID_METHOD },
	};
	struct fifo_fixture *f = test->priv;
	u64 info, seq;
	int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		nvkm_fifo_chan_del(&f->chan);
		vfree(f->push);
		vfree(f->ntfy);
		KUNIT_ASSERT_EQ(test, fifo_chan(f, 64), 0);
		mthd(f, bad[i].subc, bad[i].mthd, bad[i].data);
		mthd(f, SUBC_GR, NV_FIFO_MTHD_OBJECT, NVPM_HANDLE_GR);
		seq = submit(test, f);
		KUNIT_EXPECT_FALSE(test, run_until(f, seq));
		KUNIT_EXPECT_EQ_MSG(test, nvkm_fifo_chan_fault(f->chan, &info), bad[i].fault,
				    "case %d", i);
		KUNIT_EXPECT_EQ_MSG(test, info, (u64)bad[i].subc << 45 |
				    (u64)bad[i].mthd << 32 | bad[i].data, "case %d", i);
		KUNIT_EXPECT_EQ(test, nvkm_fifo_chan_submit(f->chan, f->push_addr, 8, &seq), -EIO);
	}
}

/* Pushbuffer words the FIFO cannot decode: DMA_PUSHER, that channel only. */
static void
bad_pushbuffer_stops_only_its_channel(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	struct nvkm_fifo_chan *bad;
	u32 *bpush;
	u64 addr, info, seq, bseq;

	KUNIT_ASSERT_EQ(test, nvkm_fifo_chan_new(f->device->fifo, fifo_kunit_lookup, f, &bad), 0);
	bpush = vzalloc(NVKM_VMM_PAGE);
	KUNIT_ASSERT_NOT_NULL(test, bpush);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(bad->vmm, bpush, NVKM_VMM_PAGE, 0, &addr), 0);
	bpush[0] = 0x20000000;	/* an old jump: not in IB mode */
	KUNIT_ASSERT_EQ(test, nvkm_fifo_chan_submit(bad, addr, 8, &bseq), 0);
	/* a segment past the mapping: MEM_FAULT (this channel is gone already) */
	KUNIT_ASSERT_EQ(test, nvkm_fifo_chan_submit(bad, addr + NVKM_VMM_PAGE, 8, &bseq), 0);

	setup(f, 2);
	frame(f, 11, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	expect_frame(test, f, 0, 1, 11, 2);
	KUNIT_EXPECT_EQ(test, nvkm_fifo_chan_fault(bad, &info), (u32)NVPM_FAULT_INVALID_CMD);
	KUNIT_EXPECT_EQ(test, info, addr);
	KUNIT_EXPECT_LT(test, nvkm_fifo_chan_completed(bad), bseq);
	nvkm_fifo_chan_del(&bad);
	vfree(bpush);

	/* a segment that is not mapped at all */
	KUNIT_ASSERT_EQ(test, nvkm_fifo_chan_new(f->device->fifo, fifo_kunit_lookup, f, &bad), 0);
	KUNIT_ASSERT_EQ(test, nvkm_fifo_chan_submit(bad, 0x100000000ull, 8, &bseq), 0);
	frame(f, 12, 2);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	expect_frame(test, f, NR_CTRS, 2, 12, 2);
	KUNIT_EXPECT_EQ(test, nvkm_fifo_chan_fault(bad, &info), (u32)NVPM_FAULT_MEM);
	KUNIT_EXPECT_EQ(test, info, 0ull);
	nvkm_fifo_chan_del(&bad);
}

/*
 * A pusher error met as soon as the pusher runs again interrupts anew:
 * with every register access taking 16 cycles, the pusher reaches the
 * second bad channel's command between two writes of the handler that
 * handles the first one's.  Acknowledged after the pusher resumed, that
 * second error's DMA_PUSHER was cleared unseen and PFIFO stayed stalled
 * for good (the fuzzer's devices_still_work, on a loaded host where a
 * catch-up falls between two writes): no frame of the good channel ran.
 * Both submitted with interrupts off, so the first error is handled with
 * the second channel's segment already waiting.
 */
static void
pusher_error_after_resume_interrupts_again(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	struct nvkm_fifo_chan *bad[2] = {};
	u32 *bpush[2] = {};
	u64 addr[2], info, seq, bseq[2];
	unsigned long flags;
	int i;

	for (i = 0; i < 2; i++) {
		KUNIT_ASSERT_EQ(test, nvkm_fifo_chan_new(f->device->fifo, fifo_kunit_lookup, f,
							 &bad[i]), 0);
		bpush[i] = vzalloc(NVKM_VMM_PAGE);
		KUNIT_ASSERT_NOT_NULL(test, bpush[i]);
		KUNIT_ASSERT_EQ(test, nvkm_vmm_map(bad[i]->vmm, bpush[i], NVKM_VMM_PAGE, 0,
						   &addr[i]), 0);
		bpush[i][0] = 0x20000000;	/* an old jump: not in IB mode */
	}
	setup(f, 2);
	frame(f, 11, 1);
	nvkm_sim_set_access_cycles(f->sim, 16);
	local_irq_save(flags);
	for (i = 0; i < 2; i++)
		KUNIT_EXPECT_EQ(test, nvkm_fifo_chan_submit(bad[i], addr[i], 8, &bseq[i]), 0);
	local_irq_restore(flags);
	seq = submit(test, f);
	KUNIT_EXPECT_TRUE(test, run_until(f, seq));
	nvkm_sim_set_access_cycles(f->sim, 0);
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_EQ_MSG(test, nvkm_fifo_chan_fault(bad[i], &info),
				    (u32)NVPM_FAULT_INVALID_CMD, "channel %d", i);
		KUNIT_EXPECT_EQ_MSG(test, info, addr[i], "channel %d", i);
		nvkm_fifo_chan_del(&bad[i]);
		vfree(bpush[i]);
	}
}

/* A channel destroyed with a latch pending: the group loses nothing. */
static void
destroy_collects_the_pending_latch(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	struct nvkm_pm_group_result res;
	u64 seq;

	setup(f, 1);
	mthd(f, SUBC_SW, NVPM_SW_SAMPLE, 0);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	nvkm_sim_run(f->sim, 1000);
	nvkm_fifo_chan_del(&f->chan);
	nvkm_pm_group_read(f->grp, &res, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, res.flags & NVPM_READ_LOST, 0u);
	KUNIT_EXPECT_EQ(test, res.samples, 1ull);
	/* the next latch is clean (real time: the latch waits for a cycle) */
	nvkm_sim_set_manual_clock(f->sim, false);
	nvkm_pm_trigger(f->device->pm);
	KUNIT_EXPECT_EQ(test, nvkm_pm_collect_groups(f->device->pm, &f->grp, 1, true), 0);
	nvkm_pm_group_read(f->grp, &res, NVPM_READ_LOST);
	KUNIT_EXPECT_EQ(test, res.flags & NVPM_READ_LOST, 0u);
}

/* A latch lost by the group shows once, in the interval it hit. */
static void
lost_latch_is_flagged_once(struct kunit *test)
{
	struct fifo_fixture *f = test->priv;
	u64 seq;
	int i;

	setup(f, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	/* two latches nobody collects: the second overflows */
	nvkm_pm_trigger(f->device->pm);
	nvkm_sim_run(f->sim, 10);
	nvkm_pm_trigger(f->device->pm);
	nvkm_sim_run(f->sim, 10);
	frame(f, 2, 1);
	frame(f, 3, 2);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ(test, entry(f, i)->flags, NVPM_NOTIFY_LOST);
		KUNIT_EXPECT_EQ(test, entry(f, NR_CTRS + i)->flags, 0u);
	}
	KUNIT_EXPECT_EQ(test, entry(f, 3)->flags, 0u);
	KUNIT_EXPECT_EQ(test, entry(f, NR_CTRS)->value, 3ull);
}

static struct kunit_case nvpm_fifo_cases[] = {
	KUNIT_CASE(frame_counts_exactly),
	KUNIT_CASE(frames_in_a_row),
	KUNIT_CASE(draw_is_busy_for_pdaemon_too),
	KUNIT_CASE(ring_wraps_and_counts_lost),
	KUNIT_CASE(bad_data_is_an_error_entry),
	KUNIT_CASE(errors_before_the_notifier_are_counted),
	KUNIT_CASE(destroyed_group_is_gone),
	KUNIT_CASE(handler_is_hardirq_with_fixed_mmio),
	KUNIT_CASE(chan_words_are_nouveaus),
	KUNIT_CASE(bad_method_stops_the_channel),
	KUNIT_CASE(bad_pushbuffer_stops_only_its_channel),
	KUNIT_CASE(pusher_error_after_resume_interrupts_again),
	KUNIT_CASE(destroy_collects_the_pending_latch),
	KUNIT_CASE(lost_latch_is_flagged_once),
	{}
};

static struct kunit_suite nvpm_fifo_suite = {
	.name = "nvpm_fifo",
	.init = fifo_init,
	.exit = fifo_exit,
	.test_cases = nvpm_fifo_cases,
};

/*
 * A rerunnable benchmark, asserting nothing about time: the software
 * methods' own time in the handler (register accesses excluded, as the
 * engine counts them) for a READOUT and a SAMPLE of 4 counters, against an
 * empty software method, measured in the same run; and their register
 * accesses, which are fixed.
 */
#define BENCH_N		200

static void
sw_method_cost(struct kunit *test)
{
	static const char * const name[] = {
		[NVKM_SW_OP_NOP] = "NOP", [NVKM_SW_OP_SAMPLE] = "SAMPLE",
		[NVKM_SW_OP_READOUT] = "READOUT",
	};
	static const int ops[] = { NVKM_SW_OP_NOP, NVKM_SW_OP_SAMPLE, NVKM_SW_OP_READOUT };
	struct fifo_fixture *f = test->priv;
	struct nvkm_sw_stats a, b;
	u64 own[ARRAY_SIZE(ops)], seq;
	int i;

	setup(f, 1);
	seq = submit(test, f);
	KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	nvkm_fifo_stats(f->device->fifo, NULL, &a);
	for (i = 0; i < BENCH_N; i++) {
		/* the pushbuffer is a ring of PUSH_WORDS words */
		if (f->pos + 8 > PUSH_WORDS) {
			f->pos = 0;
			f->start = 0;
		}
		mthd(f, SUBC_SW, NVPM_SW_NOP, 0);
		mthd(f, SUBC_SW, NVPM_SW_SAMPLE, 0);
		mthd(f, SUBC_SW, NVPM_SW_READOUT, i + 1);
		seq = submit(test, f);
		KUNIT_ASSERT_TRUE(test, run_until(f, seq));
	}
	nvkm_fifo_stats(f->device->fifo, NULL, &b);
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		int op = ops[i];
		u64 n = b.count[op] - a.count[op];

		KUNIT_ASSERT_EQ(test, n, (u64)BENCH_N);
		own[i] = div64_u64(b.ns[op] - a.ns[op] - (b.mmio_ns[op] - a.mmio_ns[op]), n);
		kunit_info(test, "%s: %llu ns in the handler without MMIO, %llu with; max %llu\n",
			   name[op], own[i], div64_u64(b.ns[op] - a.ns[op], n), b.max_ns[op]);
	}
	kunit_info(test, "READOUT of 4 counters costs %llu.%02llu x an empty method\n",
		   div64_u64(own[2], max(own[0], 1ull)),
		   div64_u64(own[2] * 100, max(own[0], 1ull)) % 100);
	/* the last READOUT's register accesses: see handler_is_hardirq_with_fixed_mmio */
	KUNIT_EXPECT_EQ(test, f->intr_rd, 8ull + 5);
	KUNIT_EXPECT_EQ(test, f->intr_wr, 10ull + 1);
}

static struct kunit_case nvpm_fifo_bench_cases[] = {
	KUNIT_CASE(sw_method_cost),
	{}
};

static struct kunit_suite nvpm_fifo_bench_suite = {
	.name = "nvpm_fifo_bench",
	.init = fifo_init,
	.exit = fifo_exit,
	.test_cases = nvpm_fifo_bench_cases,
};

kunit_test_suites(&nvpm_fifo_suite, &nvpm_fifo_bench_suite);
