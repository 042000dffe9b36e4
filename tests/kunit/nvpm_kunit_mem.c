// SPDX-License-Identifier: MIT
/*
 * KUnit: the simulated G80 memory (PRAMIN window, page walk, DMA objects,
 * TLB flush) against words built by hand from envytools'
 * memory_g80-vm.rst and memory_peephole.rst, and the driver's channel
 * table entries on G80 and G84.  Every expected value is a literal, or
 * computed from the reference's fields.
 */
#include <kunit/test.h>
#include <linux/io.h>
#include <linux/log2.h>
#include <linux/platform_device.h>
#include <nvkm/engine/fifo.h>
#include <sim/vm.h>
#include "nvpm_kunit.h"

#define PRAMIN	0x700000

/* A G84 channel structure at VRAM 0x10000: descriptor 0x10, PD at +0x200. */
#define CHAN	0x10
#define PD	(0x10000 + 0x200)

struct mem_fixture {
	struct nvkm_sim *sim;
	void *pt;	/* a page table in system memory */
	void *page;	/* a page it maps */
};

static int
mem_init(struct kunit *test)
{
	struct mem_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	f->sim = nvkm_sim_new(0x84);
	KUNIT_ASSERT_NOT_NULL(test, f->sim);
	nvkm_sim_set_manual_clock(f->sim, true);
	f->pt = (void *)get_zeroed_page(GFP_KERNEL);
	f->page = (void *)get_zeroed_page(GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, f->pt && f->page);
	return 0;
}

static void
mem_exit(struct kunit *test)
{
	struct mem_fixture *f = test->priv;

	if (!f)
		return;
	KUNIT_EXPECT_EQ(test, kt_unclaimed(f->sim), 0ull);
	nvkm_sim_del(&f->sim);
	free_page((unsigned long)f->pt);
	free_page((unsigned long)f->page);
}

/* Write VRAM @addr (below 1 MiB) through the window at 0. */
static void
vram(struct mem_fixture *f, u32 addr, u32 data)
{
	kt_wr(f->sim, 0x1700, 0);
	kt_wr(f->sim, PRAMIN + addr, data);
}

/*
 * The window shows VRAM from (0x1700 << 16); past the VRAM PFB reports
 * (MEM_AMOUNT, bits 31:12 of 0x10020c) nothing, up to it memory.
 */
static void
pramin_window_moves(struct kunit *test)
{
	struct mem_fixture *f = test->priv;
	u32 end = kt_rd(f->sim, 0x10020c) & 0xfffff000;

	kt_wr(f->sim, 0x1700, 0x10);		/* VRAM 0x100000 */
	kt_wr(f->sim, PRAMIN + 0x40, 0x12345678);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, PRAMIN + 0x40), 0x12345678u);
	kt_wr(f->sim, 0x1700, 0x0);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, PRAMIN + 0x40), 0u);
	kt_wr(f->sim, 0x1700, 0x8);		/* VRAM 0x80000: 0x100040 is 0x80040 on */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, PRAMIN + 0x80040), 0x12345678u);
	KUNIT_ASSERT_GE(test, end, 0x200000u);
	kt_wr(f->sim, 0x1700, end >> 16);	/* past the card's VRAM */
	kt_wr(f->sim, PRAMIN, 0xffffffff);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, PRAMIN), 0u);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x1700), end >> 16);
	kt_wr(f->sim, 0x1700, (end - 0x100000) >> 16);	/* its last MiB */
	kt_wr(f->sim, PRAMIN + 0xffffc, 0x5a5a5a5a);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, PRAMIN + 0xffffc), 0x5a5a5a5au);
}

/* 4 KiB pages, table and page in VRAM. */
static void
walk_small_vram(struct kunit *test)
{
	struct mem_fixture *f = test->priv;
	struct nvkm_sim_xlat x = {};

	vram(f, PD + 0, 0x00020003);		/* PDE 0: 4K pages, VRAM, PT at 0x20000 */
	vram(f, PD + 4, 0x00000000);
	vram(f, 0x20000 + 5 * 8, 0x00033001);	/* PTE 5: present, VRAM, 0x33000 */
	vram(f, 0x20000 + 5 * 8 + 4, 0x00000000);
	KUNIT_ASSERT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x5123, true, &x), 0);
	KUNIT_EXPECT_EQ(test, x.target, 0u);
	KUNIT_EXPECT_EQ(test, x.addr, 0x33123ull);
	KUNIT_EXPECT_EQ(test, x.page, 0x1000u);
	/* PTE 6 not present, PDE 3 not present */
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x6000, false, &x), -EFAULT);
	KUNIT_EXPECT_EQ(test, x.fault, 2u);		/* PAGE_NOT_PRESENT */
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x60000000, false, &x), -EFAULT);
	KUNIT_EXPECT_EQ(test, x.fault, 0u);		/* PT_NOT_PRESENT */
	/* read-only page: reads go, writes fault */
	vram(f, 0x20000 + 5 * 8, 0x00033009);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x5123, false, &x), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x5123, true, &x), -EFAULT);
	KUNIT_EXPECT_EQ(test, x.fault, 4u);		/* PAGE_READ_ONLY */
}

/* A table cut to 0x2000 entries (PDE bits 5-6 = 3) ends at 32 MiB. */
static void
walk_short_table_faults(struct kunit *test)
{
	struct mem_fixture *f = test->priv;
	struct nvkm_sim_xlat x = {};

	vram(f, PD + 0, 0x00020063);
	vram(f, 0x20000 + 0x1fff * 8, 0x00044001);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x1fff000, false, &x), 0);
	KUNIT_EXPECT_EQ(test, x.addr, 0x44000ull);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x2000000, false, &x), -EFAULT);
	KUNIT_EXPECT_EQ(test, x.fault, 1u);		/* PT_TOO_SHORT */
}

/* 64 KiB pages: PDE type 1, PTE index from bits 16-28. */
static void
walk_large_vram(struct kunit *test)
{
	struct mem_fixture *f = test->priv;
	struct nvkm_sim_xlat x = {};

	vram(f, PD + 1 * 8, 0x00030001);	/* PDE 1 (512 MiB..1 GiB): 64K, PT 0x30000 */
	vram(f, 0x30000 + 3 * 8, 0x00050001);	/* PTE 3: VRAM 0x50000 */
	KUNIT_ASSERT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x20034567, false, &x), 0);
	KUNIT_EXPECT_EQ(test, x.target, 0u);
	KUNIT_EXPECT_EQ(test, x.addr, 0x54567ull);
	KUNIT_EXPECT_EQ(test, x.page, 0x10000u);
	/* no 16 KiB pages before GT215: PDE type 2 is not a table */
	vram(f, PD + 1 * 8, 0x00030002);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x20034567, false, &x), -EFAULT);
	KUNIT_EXPECT_EQ(test, x.fault, 0u);
}

/* Table and page in system memory (target 2), and a write landing there. */
static void
walk_sysram(struct kunit *test)
{
	struct mem_fixture *f = test->priv;
	u64 pt = virt_to_phys(f->pt), page = virt_to_phys(f->page);
	struct nvkm_sim_xlat x = {};
	u32 *pte = f->pt;

	vram(f, PD + 2 * 8, lower_32_bits(pt) | 0xb);	/* 4K, SYSRAM_SNOOP */
	vram(f, PD + 2 * 8 + 4, upper_32_bits(pt));
	pte[0] = lower_32_bits(page) | 0x21;			/* present, SYSRAM */
	pte[1] = upper_32_bits(page);
	KUNIT_ASSERT_EQ(test, nvkm_sim_vm_walk(f->sim, CHAN, 0x40000010, true, &x), 0);
	KUNIT_EXPECT_EQ(test, x.target, 2u);
	KUNIT_EXPECT_EQ(test, x.addr, page + 0x10);
}

/* A DMA object: 6 words at structure + selector << 4. */
static void
dmaobj_decode(struct kunit *test)
{
	struct mem_fixture *f = test->priv;
	struct nvkm_sim_dmaobj d;
	struct nvkm_sim_xlat x = {};

	/* selector 0x420: VRAM 0x14200; class 0x3d, VM target, read-write */
	vram(f, 0x14200 + 0x00, 0x0008003d);
	vram(f, 0x14200 + 0x04, 0x00005fff);	/* limit 0x1_00005fff */
	vram(f, 0x14200 + 0x08, 0x00004000);	/* base 0x4000 */
	vram(f, 0x14200 + 0x0c, 0x01000000);
	vram(f, 0x14200 + 0x10, 0);
	vram(f, 0x14200 + 0x14, 0);
	KUNIT_ASSERT_EQ(test, nvkm_sim_vm_dmaobj(f->sim, CHAN, 0x420, &d), 0);
	KUNIT_EXPECT_EQ(test, d.class, 0x3d);
	KUNIT_EXPECT_EQ(test, d.target, 0);
	KUNIT_EXPECT_EQ(test, d.access, 2);
	KUNIT_EXPECT_EQ(test, d.base, 0x4000ull);
	KUNIT_EXPECT_EQ(test, d.limit, 0x100005fffull);

	/* paged: base + offset through the page tables */
	vram(f, PD + 0, 0x00020003);
	vram(f, 0x20000 + 5 * 8, 0x00033001);
	KUNIT_ASSERT_EQ(test, nvkm_sim_vm_dma(f->sim, CHAN, 0x420, 0x1123, true, &x), 0);
	KUNIT_EXPECT_EQ(test, x.addr, 0x33123ull);
	/* linear VRAM object, limit 0x100fff: at or past it faults */
	vram(f, 0x14200 + 0x00, 0x0009003d);
	vram(f, 0x14200 + 0x04, 0x00100fff);
	vram(f, 0x14200 + 0x08, 0x00100000);
	vram(f, 0x14200 + 0x0c, 0x00000000);
	KUNIT_ASSERT_EQ(test, nvkm_sim_vm_dma(f->sim, CHAN, 0x420, 0x10, true, &x), 0);
	KUNIT_EXPECT_EQ(test, x.target, 0u);
	KUNIT_EXPECT_EQ(test, x.addr, 0x100010ull);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_dma(f->sim, CHAN, 0x420, 0xfff, true, &x), -EFAULT);
	KUNIT_EXPECT_EQ(test, x.fault, 0xfu);		/* DMAOBJ_LIMIT */
	/* selector 0: NULL_DMAOBJ */
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_dma(f->sim, CHAN, 0, 0, true, &x), -EFAULT);
	KUNIT_EXPECT_EQ(test, x.fault, 6u);
	/* read-only object refuses writes */
	vram(f, 0x14200 + 0x00, 0x00050002);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_dma(f->sim, CHAN, 0x420, 0x10, false, &x), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_dma(f->sim, CHAN, 0x420, 0x10, true, &x), -EFAULT);
}

/* A TLB flush: engine << 16 | 1, done at once, counted per engine. */
static void
tlb_flush_completes(struct kunit *test)
{
	struct mem_fixture *f = test->priv;

	kt_wr(f->sim, 0x100c80, 0x000b0001);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x100c80) & 1, 0u);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_flushes(f->sim, 0xb), 1u);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_flushes(f->sim, 0x5), 0u);
	kt_wr(f->sim, 0x100c80, 0x00050000);	/* no trigger: nothing */
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_flushes(f->sim, 0x5), 0u);
}

/*
 * PFB's memory configuration describes the model's VRAM
 * (NVKM_SIM_VRAM_SIZE) and stays as posted: MEM_AMOUNT in bits 31:12
 * (rnndb_memory_g80_pfb.xml); CFG0 bit 2 clear, rank A alone; CFG1
 * COLBITS (15:12) 8, ROWBITSA (19:16) log2(rows) - 8, BANKBITS (24)
 * 2 - 2; one partition in PBUS HWUNITS bits 23:16 (nouveau's).  A row is
 * partitions * banks * columns * 8 bytes (a partition is 64 bits wide,
 * memory_g80-vram.rst), here 8 KiB, and the rows make the VRAM.  The
 * sysram flush address and VM_FAULT's enables and INDEX read back as
 * written; VM_FAULT is never PENDING.
 */
static void
pfb_config_describes_the_vram(struct kunit *test)
{
	const u32 size = NVKM_SIM_VRAM_SIZE, bytes_per_row = 1 * 4 * 256 * 8;
	const u32 config[][2] = {
		{ 0x10020c, size & 0xfffff000 }, { 0x100200, 0x00000000 },
		{ 0x100204, 8 << 12 | (ilog2(size / bytes_per_row) - 8) << 16 },
		{ 0x100250, 0x00000000 },
		{ 0x100320, 0x00000000 }, { 0x001540, 0x00010000 },
	};
	struct mem_fixture *f = test->priv;
	u32 cfg1, row;
	int i;

	KUNIT_ASSERT_TRUE(test, is_power_of_2(size / bytes_per_row));
	KUNIT_ASSERT_GE(test, size / bytes_per_row, 256u);

	for (i = 0; i < ARRAY_SIZE(config); i++) {
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(f->sim, config[i][0]), config[i][1],
				    "0x%06x", config[i][0]);
		kt_wr(f->sim, config[i][0], 0xffffffff);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(f->sim, config[i][0]), config[i][1],
				    "0x%06x after a write", config[i][0]);
	}
	cfg1 = kt_rd(f->sim, 0x100204);
	row = hweight8(kt_rd(f->sim, 0x1540) >> 16) * (4 << (cfg1 >> 24 & 1)) *
	      (1 << (cfg1 >> 12 & 0xf)) * 8;
	KUNIT_EXPECT_EQ(test, row, 0x2000u);
	KUNIT_EXPECT_EQ(test, row << ((cfg1 >> 16 & 0xf) + 8), kt_rd(f->sim, 0x10020c));

	kt_wr(f->sim, 0x100c08, 0x00012345);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x100c08), 0x00012345u);
	kt_wr(f->sim, 0x100c90, 0x001d07ff);
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x100c90), 0x001d07ffu);
	kt_wr(f->sim, 0x100c90, 0x831d07ff);	/* INDEX 3, and an acknowledge */
	KUNIT_EXPECT_EQ(test, kt_rd(f->sim, 0x100c90), 0x031d07ffu);
}

/* The G80:GF100 PFB registers and HWUNITS exist in the NV50 family only. */
static void
pfb_only_on_nv50_family(struct kunit *test)
{
	static const struct { u32 chipset; bool nv50; } t[] = {
		{ 0x40, false }, { 0x50, true }, { 0x84, true }, { 0xa3, true },
		{ 0xc0, false },
	};
	static const u32 regs[] = { 0x001540, 0x100204, 0x10020c, 0x100c90 };
	int i, r;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct nvkm_sim *sim = nvkm_sim_new(t[i].chipset);
		u64 before;

		KUNIT_ASSERT_NOT_NULL(test, sim);
		before = kt_unclaimed(sim);
		for (r = 0; r < ARRAY_SIZE(regs); r++)
			kt_rd(sim, regs[r]);
		KUNIT_EXPECT_EQ_MSG(test, kt_unclaimed(sim) - before,
				    t[i].nv50 ? 0ull : (u64)ARRAY_SIZE(regs),
				    "chipset 0x%x", t[i].chipset);
		nvkm_sim_del(&sim);
	}
}

/*
 * The driver's channel table entries: the first channel's structure is
 * the third instance block (two playlists first), VRAM 0x42000.  G80: its
 * descriptor 0x42; G84: its RAMFC at +0x4400, 0x46400 >> 8, and the
 * descriptor in RAMFC + 0x98.
 */
static void
chan_table_g80_g84(struct kunit *test)
{
	static const struct { u32 chipset, entry; } t[] = {
		{ 0x50, 0x80000042 }, { 0x84, 0x80000464 }, { 0xa3, 0x80000464 },
	};
	struct platform_device *pdev;
	int i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct nvkm_device *device = NULL;
		struct nvkm_fifo_chan *chan;
		struct nvkm_sim *sim;

		nvpm_kunit_sim_up(test, "nvpm-kunit-mem", t[i].chipset, &pdev, &sim);
		KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&pdev->dev, &nvkm_sim_mmio, sim,
							    &device), 0);
		KUNIT_ASSERT_EQ(test, nvkm_device_init(device), 0);
		KUNIT_ASSERT_EQ(test, nvkm_fifo_chan_new(device->fifo, NULL, NULL, &chan), 0);
		KUNIT_EXPECT_EQ_MSG(test, kt_rd(sim, 0x2600 + chan->chid * 4), t[i].entry,
				    "chipset 0x%x", t[i].chipset);
		if (t[i].chipset != 0x50) {
			kt_wr(sim, 0x1700, 0);
			KUNIT_EXPECT_EQ(test, kt_rd(sim, PRAMIN + 0x46400 + 0x98), 0x42u);
		}
		/* on the playlist: one entry, its id */
		KUNIT_EXPECT_EQ(test, kt_rd(sim, 0x32ec), 1u);
		kt_wr(sim, 0x1700, 0);
		KUNIT_EXPECT_EQ(test, kt_rd(sim, PRAMIN + (kt_rd(sim, 0x32f4) << 12)),
				(u32)chan->chid);
		nvkm_fifo_chan_del(&chan);
		KUNIT_EXPECT_EQ(test, kt_rd(sim, 0x2600 + 1 * 4), 0u);
		KUNIT_EXPECT_EQ(test, kt_rd(sim, 0x32ec), 0u);
		KUNIT_EXPECT_EQ(test, kt_unclaimed(sim), 0ull);
		nvpm_kunit_sim_down(pdev, &sim, &device);
	}
}

/*
 * VRAM's pages come from a reserve, filled outside the simulator's lock:
 * a burst of first writes to more fresh pages than it holds either lands
 * or is counted lost, none silently; once the refill work has run, the
 * reserve holds NVKM_SIM_VRAM_SPARE pages again and as many fresh pages
 * (less the directory piece they may need) all land.  VRAM from 2 MiB,
 * through the window; a page a word.
 */
static void
vram_pages_come_from_the_reserve(struct kunit *test)
{
	const u32 burst = 2 * NVKM_SIM_VRAM_SPARE, more = NVKM_SIM_VRAM_SPARE - 2;
	struct mem_fixture *f = test->priv;
	struct nvkm_sim_stats st;
	u32 i, landed = 0;
	u64 lost = 0;

	for (i = 0; i < burst + more; i++) {
		if (i == burst) {
			flush_work(&f->sim->refill);
			nvkm_sim_stats(f->sim, &st);
			lost = st.vram_lost;
		}
		kt_wr(f->sim, 0x1700, (SZ_2M + i * (u64)PAGE_SIZE) >> 16);
		kt_wr(f->sim, PRAMIN + ((i * PAGE_SIZE) & 0xffff), 0x1000 + i);
	}
	nvkm_sim_stats(f->sim, &st);
	KUNIT_EXPECT_EQ(test, st.vram_lost, lost);	/* none after the refill */
	for (i = 0; i < burst + more; i++) {
		u32 data;

		kt_wr(f->sim, 0x1700, (SZ_2M + i * (u64)PAGE_SIZE) >> 16);
		data = kt_rd(f->sim, PRAMIN + ((i * PAGE_SIZE) & 0xffff));
		KUNIT_EXPECT_TRUE(test, data == 0x1000 + i || (data == 0 && i < burst));
		landed += data != 0;
	}
	kunit_info(test, "%u of %u first writes landed in the burst, %llu lost\n",
		   landed - more, burst, lost);
	KUNIT_EXPECT_EQ(test, landed - more + lost, (u64)burst);
	KUNIT_EXPECT_GE(test, landed - more, NVKM_SIM_VRAM_SPARE - 2);
}

static struct kunit_case mem_cases[] = {
	KUNIT_CASE(pramin_window_moves),
	KUNIT_CASE(walk_small_vram),
	KUNIT_CASE(walk_short_table_faults),
	KUNIT_CASE(walk_large_vram),
	KUNIT_CASE(walk_sysram),
	KUNIT_CASE(dmaobj_decode),
	KUNIT_CASE(tlb_flush_completes),
	KUNIT_CASE(pfb_config_describes_the_vram),
	KUNIT_CASE(pfb_only_on_nv50_family),
	KUNIT_CASE(chan_table_g80_g84),
	KUNIT_CASE(vram_pages_come_from_the_reserve),
	{}
};

static struct kunit_suite nvpm_mem_suite = {
	.name = "nvpm_mem",
	.init = mem_init,
	.exit = mem_exit,
	.test_cases = mem_cases,
};

kunit_test_suite(nvpm_mem_suite);
