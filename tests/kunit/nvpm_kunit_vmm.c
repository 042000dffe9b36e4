// SPDX-License-Identifier: MIT
/*
 * KUnit: GPU address spaces (nvkm_vmm): the words the driver writes (the
 * PDE through PRAMIN, PTEs in system memory, the DMA object) against
 * words built by hand from memory_g80-vm.rst, and what a simulated
 * engine's write through them reaches.
 */
#include <kunit/test.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>
#include <linux/vmalloc.h>
#include <nvkm/subdev/mmu.h>
#include <sim/vm.h>
#include "nvpm_kunit.h"

#define DMA	0x1234

struct vmm_fixture {
	struct platform_device *pdev;
	struct nvkm_sim *sim;
	struct nvkm_device *device;
	struct nvkm_vmm *vmm;
	u8 *buf;	/* 4 pages */
};

static int
vmm_init(struct kunit *test)
{
	struct vmm_fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	f->pdev = platform_device_register_simple("nvpm-kunit-vmm", -1, NULL, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->pdev));
	f->sim = nvkm_sim_new(0x84);
	KUNIT_ASSERT_NOT_NULL(test, f->sim);
	f->buf = vzalloc(4 * NVKM_VMM_PAGE);
	KUNIT_ASSERT_NOT_NULL(test, f->buf);
	KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&f->pdev->dev, &nvkm_sim_mmio,
						    f->sim, &f->device), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_new(f->device, G84_PGD, &f->vmm), 0);
	return 0;
}

static void
vmm_exit(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;

	if (!f)
		return;
	nvkm_vmm_del(&f->vmm);
	nvkm_device_del(&f->device);
	if (f->sim)
		KUNIT_EXPECT_EQ(test, kt_unclaimed(f->sim), 0ull);
	nvkm_sim_del(&f->sim);
	vfree(f->buf);
	if (!IS_ERR_OR_NULL(f->pdev))
		platform_device_unregister(f->pdev);
}

/*
 * What an engine bound to (@vmm, DMA) writes at @offset: 0 or -EFAULT.
 * The channel descriptor is the structure's address >> 12 (VRAM).
 */
static int
engine_write(struct vmm_fixture *f, struct nvkm_vmm *vmm, u64 offset, u32 v)
{
	u16 sel = nvkm_vmm_dma_sel(vmm, DMA);
	unsigned long flags;
	int ret;

	raw_spin_lock_irqsave(&f->sim->lock, flags);
	ret = nvkm_sim_vm_write(f->sim->vm, vmm->inst >> 12, sel, offset, &v, sizeof(v));
	raw_spin_unlock_irqrestore(&f->sim->lock, flags);
	return ret;
}

/* A mapped buffer behind a DMA object receives the engine's write. */
static void
map_reaches_buffer(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 va;
	u32 v;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 2 * NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_EXPECT_EQ(test, va, (u64)NVKM_VMM_START);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(f->vmm, DMA, va, 2 * NVKM_VMM_PAGE - 1), 0);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, NVKM_VMM_PAGE + 8, 0xcafe), 0);
	memcpy(&v, f->buf + NVKM_VMM_PAGE + 8, sizeof(v));
	KUNIT_EXPECT_EQ(test, v, 0xcafeu);
	/* past the DMA object's limit: a fault, the buffer untouched */
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, 2 * NVKM_VMM_PAGE, 1), -EFAULT);
}

/* Unmapped pages fault; the address is not handed out again. */
static void
unmap_faults_and_is_not_reused(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 va, va2;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(f->vmm, DMA, va, NVKM_VMM_PAGE - 1), 0);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, 0, 1), 0);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_unmap(f->vmm, va), 0);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, 0, 2), -EFAULT);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_unmap(f->vmm, va), -ENOENT);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va2), 0);
	KUNIT_EXPECT_EQ(test, va2, va + NVKM_VMM_PAGE);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_dma_del(f->vmm, DMA), 0);
}

/*
 * Given back, a range's addresses go to the next mapping, first fit: the
 * engine's write there reaches the new buffer; a reservation given back
 * is free too.  Nothing starts elsewhere: -ENOENT.
 */
static void
put_gives_addresses_back(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 va, va2, va3, res;
	u32 v;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va2), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(f->vmm, DMA, va, 2 * NVKM_VMM_PAGE - 1), 0);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_put(f->vmm, va + 8), -ENOENT);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_put(f->vmm, va), 0);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, 0, 1), -EFAULT);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_put(f->vmm, va), -ENOENT);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf + 2 * NVKM_VMM_PAGE, NVKM_VMM_PAGE,
					   0, &va3), 0);
	KUNIT_EXPECT_EQ(test, va3, va);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, 4, 0xbeef), 0);
	memcpy(&v, f->buf + 2 * NVKM_VMM_PAGE + 4, sizeof(v));
	KUNIT_EXPECT_EQ(test, v, 0xbeefu);
	/* unmapped, then given back */
	KUNIT_EXPECT_EQ(test, nvkm_vmm_unmap(f->vmm, va2), 0);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_put(f->vmm, va2), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_reserve(f->vmm, 2 * NVKM_VMM_PAGE, 0, &res), 0);
	KUNIT_EXPECT_EQ(test, res, va2);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_put(f->vmm, res), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_reserve(f->vmm, NVKM_VMM_PAGE, 0, &res), 0);
	KUNIT_EXPECT_EQ(test, res, va2);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_dma_del(f->vmm, DMA), 0);
}

/*
 * Placement rules near 4 GiB.  The big mapping only moves the allocator:
 * nothing ever writes through it.
 */
static void
placement_4g_rules(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 big = SZ_4G - NVKM_VMM_START - 2 * NVKM_VMM_PAGE, va;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_reserve(f->vmm, big, 0, &va), 0);
	/* 4 pages starting 2 pages below 4 GiB would cross it */
	KUNIT_EXPECT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 4 * NVKM_VMM_PAGE,
					   NVKM_VMM_LOW_4G, &va), -ENOSPC);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 4 * NVKM_VMM_PAGE,
					   NVKM_VMM_NO_4G_CROSS, &va), 0);
	KUNIT_EXPECT_EQ(test, va, SZ_4G);
	/* the gap left below 4 GiB goes to the first request that fits */
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_EXPECT_EQ(test, va, SZ_4G - 2 * NVKM_VMM_PAGE);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 2 * NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_EXPECT_EQ(test, va, SZ_4G + 4 * NVKM_VMM_PAGE);
}

static void
bad_requests_are_refused(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 va = 0x5a5a;

	KUNIT_EXPECT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 0, 0, &va), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 100, 0, &va), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_map(f->vmm, NULL, NVKM_VMM_PAGE, 0, &va), -EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, BIT(7), &va),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_reserve(f->vmm, BIT_ULL(NVKM_VMM_BITS), 0, &va),
			-ENOSPC);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_map(f->vmm, f->buf + 8, NVKM_VMM_PAGE, 0, &va),
			-EINVAL);	/* a page of the GPU is a page of memory */
	KUNIT_EXPECT_EQ(test, va, 0x5a5aull);
}

/* Two spaces are apart: a DMA object of one does not reach the other. */
static void
spaces_are_separate(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	struct nvkm_vmm *other;
	u64 va;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_new(f->device, G84_PGD, &other), 0);
	KUNIT_EXPECT_NE(test, other->inst, f->vmm->inst);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(f->vmm, DMA, va, NVKM_VMM_PAGE - 1), 0);
	/* the same window in the other space has no page behind it */
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(other, DMA, va, NVKM_VMM_PAGE - 1), 0);
	KUNIT_EXPECT_EQ(test, engine_write(f, other, 0, 1), -EFAULT);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, 0, 1), 0);
	nvkm_vmm_del(&other);
	KUNIT_EXPECT_NULL(test, other);
}

/* A word of VRAM through PRAMIN, as the hardware's BAR0 shows it. */
static u32
vram(struct vmm_fixture *f, u64 addr)
{
	kt_wr(f->sim, 0x1700, (u32)(addr >> 20) << 4);
	return kt_rd(f->sim, 0x700000 + (addr & 0xfffff));
}

/*
 * The PDE and PTEs the driver writes, word by word: PDE 0 at structure +
 * 0x200 (G84): 4 KiB pages (3), table in SYSRAM_SNOOP (2 << 2), cut to
 * 0x2000 entries (3 << 5), address bits 12-39; PTE: present (1),
 * SYSRAM_SNOOP (2 << 4), the page's bus address.
 */
static void
pde_pte_words(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u32 pde0, pde1, *pt;
	u64 va, ptaddr;
	int i;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 2 * NVKM_VMM_PAGE, 0, &va), 0);
	pde0 = vram(f, f->vmm->inst + 0x200);
	pde1 = vram(f, f->vmm->inst + 0x204);
	KUNIT_EXPECT_EQ(test, pde0 & 0xfff, 0x6bu);
	ptaddr = (pde0 & 0xfffff000) | (u64)(pde1 & 0xff) << 32;
	pt = phys_to_virt(ptaddr);
	for (i = 0; i < 2; i++) {
		u64 bus = page_to_phys(vmalloc_to_page(f->buf + i * NVKM_VMM_PAGE));
		u32 *pte = &pt[(va / NVKM_VMM_PAGE + i) * 2];

		KUNIT_EXPECT_EQ(test, pte[0], lower_32_bits(bus) | 0x21);
		KUNIT_EXPECT_EQ(test, pte[1], upper_32_bits(bus));
	}
	/* the PTE before is absent; PDE 1 is not present */
	KUNIT_EXPECT_EQ(test, pt[(va / NVKM_VMM_PAGE - 1) * 2], 0u);
	KUNIT_EXPECT_EQ(test, vram(f, f->vmm->inst + 0x208), 0u);
}

/*
 * The DMA object: class 0x3d, paged (target 0), read-write (2 << 18);
 * limit word = base + limit; the selector is its offset >> 4.
 */
static void
dma_object_words(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 at;
	u16 sel;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(f->vmm, DMA, 0x1245678000ull, 0xfff), 0);
	sel = nvkm_vmm_dma_sel(f->vmm, DMA);
	KUNIT_ASSERT_NE(test, sel, 0);
	at = f->vmm->inst + sel * 16;
	KUNIT_EXPECT_EQ(test, vram(f, at + 0x00), 0x0008003du);
	KUNIT_EXPECT_EQ(test, vram(f, at + 0x04), 0x45678fffu);
	KUNIT_EXPECT_EQ(test, vram(f, at + 0x08), 0x45678000u);
	KUNIT_EXPECT_EQ(test, vram(f, at + 0x0c), 0x12000012u);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_dma_sel(f->vmm, DMA + 1), 0);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_dma(f->vmm, 0, 0, 0), -EINVAL);
}

/* A table grows when a mapping goes past it; what was mapped stays. */
static void
table_grows(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 va, va2, skip;
	u32 v;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(f->vmm, DMA, 0, BIT_ULL(40) - 1), 0);
	/* past the 0x2000 entries (32 MiB) of the first table */
	skip = SZ_32M - (va + NVKM_VMM_PAGE);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_reserve(f->vmm, skip, 0, &va2), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf + NVKM_VMM_PAGE, NVKM_VMM_PAGE, 0,
					   &va2), 0);
	KUNIT_EXPECT_EQ(test, va2, (u64)SZ_32M);
	KUNIT_EXPECT_EQ(test, vram(f, f->vmm->inst + 0x200) & 0x60, 0x40u);	/* 0x4000 */
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, va, 0x11), 0);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, va2, 0x22), 0);
	memcpy(&v, f->buf, 4);
	KUNIT_EXPECT_EQ(test, v, 0x11u);
	memcpy(&v, f->buf + NVKM_VMM_PAGE, 4);
	KUNIT_EXPECT_EQ(test, v, 0x22u);
}

/* Every change is followed by a TLB flush of the engines using the space. */
static void
changes_flush_tlbs(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 va;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_flushes(f->sim, 0xb), 0u);
	nvkm_vmm_engine(f->vmm, 0xb);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_flushes(f->sim, 0xb), 1u);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_unmap(f->vmm, va), 0);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_flushes(f->sim, 0xb), 2u);
	KUNIT_EXPECT_EQ(test, nvkm_sim_vm_flushes(f->sim, 0x5), 0u);
}

/* Outside the NV50 family there are no address spaces. */
static void
no_spaces_outside_nv50(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	struct nvkm_sim *sim = nvkm_sim_new(0x40);
	struct nvkm_device *device;
	struct nvkm_vmm *vmm = (void *)1;

	KUNIT_ASSERT_NOT_NULL(test, sim);
	KUNIT_ASSERT_EQ(test, nvpm_kunit_device_new(&f->pdev->dev, &nvkm_sim_mmio, sim,
						    &device), 0);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_new(device, G84_PGD, &vmm), -ENODEV);
	KUNIT_EXPECT_NULL(test, vmm);
	nvkm_device_del(&device);
	nvkm_sim_del(&sim);
}

static struct kunit_case vmm_cases[] = {
	KUNIT_CASE(map_reaches_buffer),
	KUNIT_CASE(unmap_faults_and_is_not_reused),
	KUNIT_CASE(put_gives_addresses_back),
	KUNIT_CASE(placement_4g_rules),
	KUNIT_CASE(bad_requests_are_refused),
	KUNIT_CASE(spaces_are_separate),
	KUNIT_CASE(pde_pte_words),
	KUNIT_CASE(dma_object_words),
	KUNIT_CASE(table_grows),
	KUNIT_CASE(changes_flush_tlbs),
	KUNIT_CASE(no_spaces_outside_nv50),
	{}
};

static struct kunit_suite nvpm_vmm_suite = {
	.name = "nvpm_vmm",
	.init = vmm_init,
	.exit = vmm_exit,
	.test_cases = vmm_cases,
};

kunit_test_suite(nvpm_vmm_suite);
