// SPDX-License-Identifier: MIT
/*
 * KUnit: GPU address spaces (nvkm_vmm) built through the device's page
 * table hooks, checked by what a simulated engine's write reaches.
 */
#include <kunit/test.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>
#include <nvkm/subdev/mmu.h>
#include <nvkm/sim/vm.h>

#define DMA	0x1234

struct vmm_fixture {
	struct platform_device *pdev;
	struct nvkm_sim *sim;
	struct nvkm_device *device;
	struct nvkm_vmm *vmm;
	u8 buf[2 * NVKM_VMM_PAGE];
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
	KUNIT_ASSERT_EQ(test, nvkm_device_new(&f->pdev->dev, NULL, &nvkm_sim_mmio,
					      f->sim, &f->device), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_new(f->device, &f->vmm), 0);
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
	nvkm_sim_del(&f->sim);
	if (!IS_ERR_OR_NULL(f->pdev))
		platform_device_unregister(f->pdev);
}

/* What an engine bound to (@vmm, DMA) writes at @offset: 0 or -EFAULT. */
static int
engine_write(struct vmm_fixture *f, struct nvkm_vmm *vmm, u64 offset, u32 v)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&f->sim->lock, flags);
	ret = nvkm_sim_vm_write(f->sim->vm, vmm->id, DMA, offset, &v, sizeof(v));
	spin_unlock_irqrestore(&f->sim->lock, flags);
	return ret;
}

/* A mapped buffer behind a DMA object receives the engine's write. */
static void
map_reaches_buffer(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 va;
	u32 v;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, sizeof(f->buf), 0, &va), 0);
	KUNIT_EXPECT_EQ(test, va, (u64)NVKM_VMM_START);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(f->vmm, DMA, va, sizeof(f->buf) - 1), 0);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, NVKM_VMM_PAGE + 8, 0xcafe), 0);
	memcpy(&v, f->buf + NVKM_VMM_PAGE + 8, sizeof(v));
	KUNIT_EXPECT_EQ(test, v, 0xcafeu);
	/* past the DMA object's limit: a fault, the buffer untouched */
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, sizeof(f->buf), 1), -EFAULT);
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
 * Placement rules near 4 GiB.  The big mapping only moves the allocator:
 * nothing ever writes through it.
 */
static void
placement_4g_rules(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	u64 big = SZ_4G - NVKM_VMM_START - 2 * NVKM_VMM_PAGE, va;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, big, 0, &va), 0);
	/* 4 pages starting 2 pages below 4 GiB would cross it */
	KUNIT_EXPECT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 4 * NVKM_VMM_PAGE,
					   NVKM_VMM_LOW_4G, &va), -ENOSPC);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, 4 * NVKM_VMM_PAGE,
					   NVKM_VMM_NO_4G_CROSS, &va), 0);
	KUNIT_EXPECT_EQ(test, va, SZ_4G);
	/* the refused LOW_4G request did not move the allocator either */
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
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
	KUNIT_EXPECT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, BIT_ULL(NVKM_VMM_BITS), 0,
					   &va), -ENOSPC);
	KUNIT_EXPECT_EQ(test, va, 0x5a5aull);
}

/* Two spaces are apart: a DMA object of one does not reach the other. */
static void
spaces_are_separate(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	struct nvkm_vmm *other;
	u64 va;

	KUNIT_ASSERT_EQ(test, nvkm_vmm_new(f->device, &other), 0);
	KUNIT_EXPECT_NE(test, other->id, f->vmm->id);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_map(f->vmm, f->buf, NVKM_VMM_PAGE, 0, &va), 0);
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(f->vmm, DMA, va, NVKM_VMM_PAGE - 1), 0);
	/* the same window in the other space has no page behind it */
	KUNIT_ASSERT_EQ(test, nvkm_vmm_dma(other, DMA, va, NVKM_VMM_PAGE - 1), 0);
	KUNIT_EXPECT_EQ(test, engine_write(f, other, 0, 1), -EFAULT);
	KUNIT_EXPECT_EQ(test, engine_write(f, f->vmm, 0, 1), 0);
	nvkm_vmm_del(&other);
	KUNIT_EXPECT_NULL(test, other);
}

/* Register hooks only: no page tables, no address spaces. */
static u32
hookless_rd32(void *priv, u32 addr)
{
	return nvkm_sim_mmio.rd32(priv, addr);
}

static void
hookless_wr32(void *priv, u32 addr, u32 data)
{
	nvkm_sim_mmio.wr32(priv, addr, data);
}

static const struct nvkm_mmio_func hookless = {
	.rd32 = hookless_rd32,
	.wr32 = hookless_wr32,
};

static void
no_hooks_no_spaces(struct kunit *test)
{
	struct vmm_fixture *f = test->priv;
	struct nvkm_device *device;
	struct nvkm_vmm *vmm = (void *)1;

	KUNIT_ASSERT_EQ(test, nvkm_device_new(&f->pdev->dev, NULL, &hookless, f->sim,
					      &device), 0);
	KUNIT_EXPECT_EQ(test, nvkm_vmm_new(device, &vmm), -ENODEV);
	KUNIT_EXPECT_NULL(test, vmm);
	nvkm_device_del(&device);
}

static struct kunit_case vmm_cases[] = {
	KUNIT_CASE(map_reaches_buffer),
	KUNIT_CASE(unmap_faults_and_is_not_reused),
	KUNIT_CASE(placement_4g_rules),
	KUNIT_CASE(bad_requests_are_refused),
	KUNIT_CASE(spaces_are_separate),
	KUNIT_CASE(no_hooks_no_spaces),
	{}
};

static struct kunit_suite nvpm_vmm_suite = {
	.name = "nvpm_vmm",
	.init = vmm_init,
	.exit = vmm_exit,
	.test_cases = vmm_cases,
};

kunit_test_suite(nvpm_vmm_suite);
