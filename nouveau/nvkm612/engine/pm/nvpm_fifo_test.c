// SPDX-License-Identifier: MIT
/*
 * KUnit (nouveau 6.12): nouveau's own NV50-family channel code over
 * nvpm's simulated G84.
 *
 * Each case builds a nouveau device with nvkm_device_ctor() over the
 * simulated GPU (the test-only MMIO hook), with the chipset's MC, TIMER,
 * FB, INSTMEM, MMU, DMA, FIFO and SW (and nvpm's perfmon engine), and
 * nvkm_device_init()s it.  Then, with nouveau's own code throughout:
 *
 * - a VMM (nv50), a 64 KiB memory object of instance memory (nv50 instmem
 *   in VRAM, written through the PRAMIN window: no BAR) mapped in it with
 *   64 KiB pages, holding the pushbuffer and the IB ring;
 * - an nv50 DMA object over the whole VMM for the pushbuffer, as
 *   nouveau_chan.c makes one for a Tesla channel;
 * - a g84 channel: nvkm_chan_new_() with the FIFO's channel functions (the
 *   constructor nvkm_uchan_new() calls), then bound, allowed and inserted
 *   into the runlist as nvkm_uchan_init() does;
 * - the SW engine's channel context and an NVIF_CLASS_SW_NV50 object in
 *   the channel's RAMHT, as nvkm_uchan_object_new() makes them.
 *
 * The device requests the simulated GPU's interrupt line (its func->irq),
 * so nouveau's own interrupt path runs, in hard interrupt context, when
 * the simulated PFIFO stops on a method: nvkm_intr() -> nv04_fifo_intr()
 * -> nv04_fifo_intr_cache_error() -> nv04_fifo_swmthd() -> nvkm_sw_mthd()
 * -> nv50_sw_chan_mthd().  The cases check what nouveau's software channel
 * context received.
 *
 * Expected words are stated by hand from the reference
 * (envytools fifo_dma-pusher.rst, "IB mode" and "Commands"; fifo_intro.rst
 * for the methods the puller runs itself): an increasing-method header is
 * count << 18 | subc << 13 | method, an IB entry is the segment's address
 * and its length in words << 42.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/platform_device.h>
#include <drm/drm_drv.h>

#include <core/client.h>
#include <core/gpuobj.h>
#include <core/memory.h>
#include <engine/device/priv.h>
#include <engine/dma/priv.h>
#include <engine/fifo/cgrp.h>
#include <engine/fifo/chan.h>
#include <engine/fifo/priv.h>
#include <engine/fifo/runl.h>
#include <engine/pm.h>
#include <engine/sw/nv50.h>
#include <subdev/mmu/priv.h>

#include <nvif/cl0002.h>
#include <nvif/class.h>

#include <nvpm_drm.h>
#include <nvpm_host.h>
#include <nvpm_host_owned.h>

#define NVF_CHIPSET	0x84
#define NVF_SUBDEVS	(BIT_ULL(NVKM_SUBDEV_MC) | BIT_ULL(NVKM_SUBDEV_TIMER) | \
			 BIT_ULL(NVKM_SUBDEV_FB) | BIT_ULL(NVKM_SUBDEV_INSTMEM) | \
			 BIT_ULL(NVKM_SUBDEV_MMU) | BIT_ULL(NVKM_ENGINE_DMAOBJ) | \
			 BIT_ULL(NVKM_ENGINE_FIFO) | BIT_ULL(NVKM_ENGINE_SW))

/* The memory object: pushbuffer at 0, IB ring of 64 entries at the end. */
#define NVF_MEM_SIZE	0x10000
#define NVF_MEM_PAGE	16		/* 64 KiB pages: a 64 KiB page table */
#define NVF_IB		0xf000
#define NVF_IB_LEN	0x200
#define NVF_IB_ENTRIES	(NVF_IB_LEN / 8)
#define NVF_PUSH_MAX	NVF_IB

#define NVF_SW_HANDLE	0x4e565357	/* any handle: the test's own */
#define NVF_BAD_HANDLE	0xbad0bad0	/* in no RAMHT */

/* Registers, from the reference (rnndb_fifo_g80_pfifo.xml, bus_pmc.rst) */
#define NVF_PMC_INTR			0x000100
#define NVF_PMC_INTR_PFIFO		0x00000100
#define NVF_PFIFO_INTR			0x002100
#define NVF_PFIFO_INTR_EN		0x002140
#define NVF_PFIFO_CHAN_TABLE(c)		(0x002600 + (c) * 4)
#define NVF_PFIFO_CHAN_TABLE_ENABLED	0x80000000
#define NVF_PFIFO_PLAYLIST_LEN		0x0032ec
/* The channel control area, fifo_dma-pusher.rst */
#define NVF_USER(c)			(0xc00000 + (c) * 0x2000)
#define NVF_USER_DMA_PUT		0x40
#define NVF_USER_DMA_GET		0x44
#define NVF_USER_REF_CNT		0x48
#define NVF_USER_IB_GET			0x88
#define NVF_USER_IB_PUT			0x8c

/*
 * Pushbuffer words, by hand: an increasing-method header (type 0 in bits
 * 31:29), count 1 (bits 28:18), subchannel (15:13), method (12:2).
 */
#define NVF_OBJECT_SUBC1	0x00042000	/* OBJECT, subchannel 1 */
#define NVF_OBJECT_SUBC2	0x00044000	/* OBJECT, subchannel 2 */
#define NVF_SW_OFFSET_SUBC1	0x00042400	/* nv50 SW 0x0400, subchannel 1 */
#define NVF_SW_VALUE_SUBC1	0x00042404	/* nv50 SW 0x0404, subchannel 1 */
#define NVF_SW_0600_SUBC1	0x00042600	/* 0x0600: no SW method of nv50 */
#define NVF_REF_CNT_SUBC0	0x00040050	/* REF_CNT, run by PFIFO itself */

/* Polls of the channel's progress, NVF_POLL_US apart (2 s at most). */
#define NVF_POLLS		20000
#define NVF_POLL_US		100

/**
 * struct nvf - one case's device and channel
 * @test: the case
 * @pdev: the device's parent (a platform device: DMA mask for FB's page)
 * @sim: the simulated G84
 * @device: nouveau's device over it
 * @inited: nvkm_device_init() succeeded
 * @client: the nvkm client the objects belong to
 * @fifo: reference on the FIFO engine, as a channel object holds one
 * @vmm: the channel's address space
 * @mem: pushbuffer and IB ring
 * @vma: @mem's place in @vmm
 * @ctxdma: the pushbuffer's DMA object
 * @chan: the channel
 * @live: @chan is bound, allowed and on the runlist
 * @engn: the SW engine's entry on the channel's runlist
 * @cctx: the SW engine's channel context
 * @sw: the NVIF_CLASS_SW_NV50 object
 * @hash: its RAMHT entry, or -1
 * @push: bytes of pushbuffer written
 * @ib_put: IB entries written
 * @watch: judge every write against what a perfmon engine owns
 * @w: what the watch saw
 * @pm: a reference held on nvpm's perfmon engine
 * @drm: a bare DRM device for nvpm's counter state (its refusal logs)
 * @file: a counter state of nvpm's
 */
struct nvf {
	struct kunit *test;
	struct platform_device *pdev;
	struct nvpm_sim_gpu *sim;
	struct nvkm_device *device;
	bool inited;
	struct nvkm_client *client;
	struct nvkm_engine *fifo;
	struct nvkm_vmm *vmm;
	struct nvkm_memory *mem;
	struct nvkm_vma *vma;
	struct nvkm_object *ctxdma;
	struct nvkm_chan *chan;
	bool live;
	struct nvkm_engn *engn;
	struct nvkm_cctx *cctx;
	struct nvkm_object *sw;
	int hash;
	u32 push;
	u32 ib_put;
	bool watch;
	struct nvpm_host_watch w;
	bool pm;
	struct drm_device *drm;
	struct nvpm_host_file *file;
};

static u32
nvf_rd32(void *priv, u32 addr)
{
	struct nvf *t = priv;

	return nvpm_sim_gpu_rd32(t->sim, addr);
}

static void
nvf_wr32(void *priv, u32 addr, u32 data)
{
	struct nvf *t = priv;

	if (READ_ONCE(t->watch))
		nvpm_host_watch_write(&t->w, addr, nvpm_sim_gpu_rd32(t->sim, addr), data);
	nvpm_sim_gpu_wr32(t->sim, addr, data);
}

static const struct nvkm_device_mmio_hook nvf_hook = {
	.rd32 = nvf_rd32,
	.wr32 = nvf_wr32,
	.subdevs = NVF_SUBDEVS,
};

static void *
nvf_device_dtor(struct nvkm_device *device)
{
	return device;
}

/* The simulated GPU's interrupt line: nvkm_intr_install() requests it. */
static int
nvf_device_irq(struct nvkm_device *device)
{
	struct nvf *t = device->mmio_hook_priv;

	return nvpm_sim_gpu_irq(t->sim);
}

static resource_size_t
nvf_resource_addr(struct nvkm_device *device, unsigned int bar)
{
	return 0;
}

static resource_size_t
nvf_resource_size(struct nvkm_device *device, unsigned int bar)
{
	return bar ? 0 : 0x1000000;
}

static const struct nvkm_device_func nvf_device_func = {
	.dtor = nvf_device_dtor,
	.irq = nvf_device_irq,
	.resource_addr = nvf_resource_addr,
	.resource_size = nvf_resource_size,
};

/* Undo what nvf_new() and nvf_chan_new() did, in reverse. */
static void
nvf_free(void *data)
{
	struct nvf *t = data;
	struct nvkm_object *client = t->client ? &t->client->object : NULL;

	nvpm_host_file_del(&t->file);
	if (t->drm)
		drm_dev_put(t->drm);
	if (t->pm)
		nvkm_nvpm_put(t->device);
	if (t->hash >= 0)
		t->engn->func->ramht_del(t->chan, t->hash);
	nvkm_object_del(&t->sw);
	if (t->cctx)
		nvkm_chan_cctx_put(t->chan, &t->cctx);
	if (t->live) {
		/* as nvkm_uchan_fini() */
		nvkm_chan_block(t->chan);
		nvkm_chan_remove(t->chan, true);
		if (t->chan->func->unbind)
			t->chan->func->unbind(t->chan);
	}
	nvkm_chan_del(&t->chan);
	nvkm_object_del(&t->ctxdma);
	nvkm_vmm_put(t->vmm, &t->vma);
	nvkm_memory_unref(&t->mem);
	nvkm_vmm_unref(&t->vmm);
	/*
	 * Freed page tables wait in the MMU's cache, which a whole device's
	 * BAR2 VMM empties when it goes (nvkm_vmm_dtor()); this device has
	 * no BAR, so the test empties it, as that would, before the MMU goes.
	 */
	if (t->device && t->device->mmu)
		nvkm_mmu_ptc_dump(t->device->mmu);
	nvkm_engine_unref(&t->fifo);
	nvkm_object_del(&client);
	if (t->inited)
		nvkm_device_fini(t->device, false);
	nvkm_device_del(&t->device);
	nvpm_sim_gpu_del(&t->sim);
	if (t->pdev)
		platform_device_unregister(t->pdev);
	kfree(t);
}

static const struct drm_driver nvf_drm_driver = {
	.name = "nvf",
	.desc = "nouveau fifo test",
	.major = 1,
};

static atomic_t nvf_ids = ATOMIC_INIT(0);

/* nouveau's device over a simulated G84, initialised, with a client. */
static struct nvf *
nvf_new(struct kunit *test)
{
	int id = atomic_inc_return(&nvf_ids);
	struct nvf *t;
	int ret;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->hash = -1;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nvf_free, t), 0);
	t->test = test;

	/* a platform device has a DMA mask: FB maps its flush page */
	t->pdev = platform_device_register_simple("nvpm-fifo-test", id, NULL, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t->pdev));
	t->sim = nvpm_sim_gpu_new(NVF_CHIPSET, 0);
	KUNIT_ASSERT_NOT_NULL(test, t->sim);

	t->device = kzalloc(sizeof(*t->device), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->device);
	t->device->mmio_hook = &nvf_hook;
	t->device->mmio_hook_priv = t;
	ret = nvkm_device_ctor(&nvf_device_func, NULL, &t->pdev->dev, NVKM_DEVICE_PCI,
			       0x4e564600 + id, "nvpm-fifo", NULL, NULL, t->device);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_NOT_NULL(test, t->device->fifo);
	KUNIT_ASSERT_NOT_NULL(test, t->device->sw);
	KUNIT_ASSERT_NOT_NULL(test, t->device->dma);
	KUNIT_ASSERT_NOT_NULL(test, t->device->mmu);
	KUNIT_ASSERT_NOT_NULL(test, t->device->imem);
	KUNIT_ASSERT_TRUE(test, t->device->intr.alloc);
	KUNIT_ASSERT_EQ(test, nvkm_device_init(t->device), 0);
	t->inited = true;

	ret = nvkm_client_new("nvpm-fifo", t->device->handle, NULL, NULL, NULL, &t->client);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return t;
}

/* Write @n words at the end of the pushbuffer and hand them to PFIFO. */
static void
nvf_submit(struct nvf *t, const u32 *words, u32 n)
{
	struct kunit *test = t->test;
	u64 seg = t->vma->addr + t->push;
	u32 ib = NVF_IB + (t->ib_put % NVF_IB_ENTRIES) * 8, i;

	KUNIT_ASSERT_LE(test, t->push + n * 4, (u32)NVF_PUSH_MAX);
	KUNIT_ASSERT_LT(test, t->ib_put + 1, (u32)NVF_IB_ENTRIES);
	nvkm_kmap(t->mem);
	for (i = 0; i < n; i++)
		nvkm_wo32(t->mem, t->push + i * 4, words[i]);
	/* IB entry: address 39:0, length in words 62:42 */
	nvkm_wo32(t->mem, ib + 0, lower_32_bits(seg));
	nvkm_wo32(t->mem, ib + 4, upper_32_bits(seg) | n << 10);
	nvkm_done(t->mem);
	t->push += n * 4;
	t->ib_put++;
	/* the kick, as nouveau's nv50 channels write it: USER IB_PUT */
	nvkm_wr32(t->device, NVF_USER(t->chan->id) + NVF_USER_IB_PUT, t->ib_put);
}

/* Everything submitted was fetched and taken, and no interrupt waits. */
static bool
nvf_done(struct nvf *t)
{
	struct nvkm_device *device = t->device;
	u32 user = NVF_USER(t->chan->id);

	return nvkm_rd32(device, user + NVF_USER_IB_GET) == t->ib_put &&
	       nvkm_rd32(device, user + NVF_USER_DMA_GET) ==
	       nvkm_rd32(device, user + NVF_USER_DMA_PUT) &&
	       !(nvkm_rd32(device, NVF_PFIFO_INTR) & nvkm_rd32(device, NVF_PFIFO_INTR_EN)) &&
	       !(nvkm_rd32(device, NVF_PMC_INTR) & NVF_PMC_INTR_PFIFO);
}

/* Wait, boundedly, for nvf_done(); nouveau's interrupt handler runs meanwhile. */
static int
nvf_wait(struct nvf *t)
{
	int i;

	for (i = 0; i < NVF_POLLS; i++) {
		if (nvf_done(t))
			return 0;
		usleep_range(NVF_POLL_US, 2 * NVF_POLL_US);
	}
	return -ETIMEDOUT;
}

/*
 * The channel, as nouveau_chan.c asks for one on a Tesla: a VMM, the
 * pushbuffer in memory mapped in it, a DMA object over the VMM, the
 * channel, then nvkm_uchan_init()'s bind, allow and insert; and the SW
 * object in its RAMHT, as nvkm_uchan_object_new() puts it there.
 */
static void
nvf_chan_new(struct nvf *t)
{
	struct kunit *test = t->test;
	struct nvkm_device *device = t->device;
	struct nvkm_fifo *fifo = device->fifo;
	struct nv_dma_v0 args = {
		.version = 0,
		.target = NV_DMA_V0_TARGET_VM,
		.access = NV_DMA_V0_ACCESS_VM,
	};
	struct nvkm_oclass dclass = {
		.base.oclass = NV_DMA_IN_MEMORY,
		.engine = &device->dma->engine,
		.client = t->client,
		.parent = &t->client->object,
		.handle = 0x4e564401,
		.object = 0x4e564401,
	};
	struct nvkm_oclass sclass = {};
	struct nvkm_dmaobj *dmaobj = NULL;
	struct nvkm_engine *fifo_ref;
	struct nvkm_runl *runl;
	struct nvkm_engn *engn;
	int ret;

	fifo_ref = nvkm_engine_ref(&fifo->engine);
	KUNIT_ASSERT_FALSE(test, IS_ERR(fifo_ref));
	t->fifo = fifo_ref;

	ret = nvkm_vmm_new(device, 0x1000, 0, NULL, 0, NULL, "nvpm-fifo", &t->vmm);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = nvkm_memory_new(device, NVKM_MEM_TARGET_INST, NVF_MEM_SIZE, NVF_MEM_SIZE,
			      true, &t->mem);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = nvkm_vmm_get(t->vmm, NVF_MEM_PAGE, NVF_MEM_SIZE, &t->vma);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = nvkm_memory_map(t->mem, 0, t->vmm, t->vma, NULL, 0);
	KUNIT_ASSERT_EQ(test, ret, 0);

	args.start = 0;
	args.limit = t->vmm->limit - 1;
	ret = device->dma->func->class_new(device->dma, &dclass, &args, sizeof(args), &dmaobj);
	if (dmaobj)
		t->ctxdma = &dmaobj->object;
	KUNIT_ASSERT_EQ(test, ret, 0);

	/* the G84's own: g84 channels, nv04's interrupt handler on MC's */
	KUNIT_ASSERT_PTR_EQ(test, fifo->func->chan.func, &g84_chan);
	KUNIT_ASSERT_TRUE(test, fifo->engine.subdev.inth.func == nv04_fifo_intr);
	runl = nvkm_runl_first(fifo);
	ret = nvkm_chan_new_(fifo->func->chan.func, runl, 0, NULL, "nvpm-fifo", false, 0,
			     t->vmm, dmaobj, t->vma->addr + NVF_IB, NVF_IB_LEN, NULL, 0,
			     &t->chan);
	KUNIT_ASSERT_EQ(test, ret, 0);

	/* nvkm_uchan_init() */
	if (t->chan->func->bind)
		t->chan->func->bind(t->chan);
	nvkm_chan_allow(t->chan);
	nvkm_chan_insert(t->chan);
	t->live = true;

	/* nvkm_uchan_object_new(): the SW engine's context, the object, RAMHT */
	engn = nvkm_runl_find_engn(engn, runl, engn->engine == &device->sw->engine);
	KUNIT_ASSERT_NOT_NULL(test, engn);
	t->engn = engn;
	ret = nvkm_chan_cctx_get(t->chan, t->engn, &t->cctx, t->client);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_NOT_NULL(test, t->cctx->vctx->ectx->object);
	sclass.engine = t->engn->engine;
	t->engn->engine->func->fifo.sclass(&sclass, 0);
	KUNIT_ASSERT_EQ(test, sclass.base.oclass, NVIF_CLASS_SW_NV50);
	ret = sclass.base.ctor(&(const struct nvkm_oclass) {
				.base = sclass.base,
				.engn = sclass.engn,
				.handle = NVF_SW_HANDLE,
				.object = NVF_SW_HANDLE,
				.client = t->client,
				.parent = t->cctx->vctx->ectx->object,
				.engine = t->engn->engine,
			       }, NULL, 0, &t->sw);
	KUNIT_ASSERT_EQ(test, ret, 0);
	t->hash = t->engn->func->ramht_add(t->engn, t->sw, t->chan);
	KUNIT_ASSERT_GE(test, t->hash, 0);
}

/* nouveau's software channel context of the channel. */
static struct nv50_sw_chan *
nvf_swch(struct nvf *t)
{
	return nv50_sw_chan(nvkm_sw_chan(t->cctx->vctx->ectx->object));
}

static u64
nvf_vblank_offset(struct nvf *t)
{
	return READ_ONCE(nvf_swch(t)->vblank.offset);
}

static u32
nvf_vblank_value(struct nvf *t)
{
	return READ_ONCE(nvf_swch(t)->vblank.value);
}

static u32
nvf_vblank_ctxdma(struct nvf *t)
{
	return READ_ONCE(nvf_swch(t)->vblank.ctxdma);
}

/* The channel is enabled in PFIFO's table and the only one listed. */
static void
nvf_expect_chan_live(struct nvf *t)
{
	struct kunit *test = t->test;
	struct nvkm_device *device = t->device;
	u32 entry = nvkm_rd32(device, NVF_PFIFO_CHAN_TABLE(t->chan->id));

	KUNIT_EXPECT_EQ(test, entry, (u32)(NVF_PFIFO_CHAN_TABLE_ENABLED |
					   t->chan->ramfc->addr >> 8));
	KUNIT_EXPECT_EQ(test, nvkm_rd32(device, NVF_PFIFO_PLAYLIST_LEN), 1U);
}

/*
 * A pushbuffer binds subchannel 1 to the SW object (OBJECT) and sends
 * nv50 SW method 0x0400 (the vblank semaphore's offset): PFIFO fetches it
 * through nouveau's page tables and DMA object, stops on each method for
 * the driver, and nouveau's interrupt handler hands them to nv50's
 * software channel, whose vblank offset is then the value sent.
 */
static void
nouveau_fifo_sw_method_reaches_nv50_sw(struct kunit *test)
{
	struct nvf *t = nvf_new(test);
	const u32 push[] = {
		NVF_OBJECT_SUBC1, NVF_SW_HANDLE,
		NVF_SW_OFFSET_SUBC1, 0x00c0ffee,
	};

	nvf_chan_new(t);
	nvf_expect_chan_live(t);
	KUNIT_EXPECT_EQ(test, nvf_vblank_offset(t), 0ULL);

	nvf_submit(t, push, ARRAY_SIZE(push));
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	KUNIT_EXPECT_EQ(test, nvf_vblank_offset(t), 0x00c0ffeeULL);
	KUNIT_EXPECT_EQ(test, nvf_vblank_value(t), 0U);
	KUNIT_EXPECT_EQ(test, nvf_vblank_ctxdma(t), 0U);
	/* nouveau acknowledged and resumed: nothing pending */
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVF_PFIFO_INTR), 0U);
	nvf_expect_chan_live(t);
}

/* nvpm's, between two of the channel's submissions: no write is nouveau's */
static int
nvf_nvpm(struct nvf *t, struct nvpm_host_file *file, unsigned int nr, void *args)
{
	int ret;

	WRITE_ONCE(t->watch, true);
	ret = nvpm_host_ioctl(file, nr, args);
	WRITE_ONCE(t->watch, false);
	return ret;
}

/*
 * nvpm's perfmon engine comes up and goes down while nouveau's channel
 * runs: the submissions before, during and after all arrive (a software
 * method each, and REF_CNT, which PFIFO runs itself), and the channel
 * stays enabled and listed with the FIFO's interrupts enabled as before.
 * In between, a counter group of nvpm's counts: a logic op of 0xffff is
 * true on every cycle, so its count is the cycles.  Everything nvpm
 * writes (init, the group, the sample, fini) falls in what a perfmon
 * engine owns (nvpm_host_owned.h): nothing of PFIFO, PMC's interrupts or
 * PRAMIN.
 */
static void
nouveau_fifo_chan_runs_through_nvpm_init_fini(struct kunit *test)
{
	struct nvf *t = nvf_new(test);
	const u32 before[] = {
		NVF_OBJECT_SUBC1, NVF_SW_HANDLE,
		NVF_SW_OFFSET_SUBC1, 0x00000001,
	};
	const u32 during[] = {
		NVF_SW_VALUE_SUBC1, 0x00000002,
		NVF_REF_CNT_SUBC0, 0x00001000,
	};
	const u32 after[] = {
		NVF_SW_OFFSET_SUBC1, 0x00000003,
		NVF_REF_CNT_SUBC0, 0x00001001,
	};
	struct drm_nvpm_group_destroy d = { .size = sizeof(d) };
	struct drm_nvpm_sample smp = { .size = sizeof(smp) };
	struct drm_nvpm_group_create g = {
		.size = sizeof(g),
		.domain = 0,
		.mode = NVPM_MODE_QUAD,
		.nr_counters = 1,
		.counter[0].logic_op = 0xffff,
	};
	struct drm_nvpm_read r = { .size = sizeof(r) };
	struct nvpm_host_file *file;
	struct nvkm_device *device;
	struct drm_device *drm;
	struct nvpm_host *host;
	unsigned int i;
	u32 intr_en;

	nvf_chan_new(t);
	device = t->device;
	KUNIT_ASSERT_NOT_NULL(test, device->pm);
	intr_en = nvkm_rd32(device, NVF_PFIFO_INTR_EN);

	nvf_submit(t, before, ARRAY_SIZE(before));
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	KUNIT_EXPECT_EQ(test, nvf_vblank_offset(t), 1ULL);

	/* nvpm's init, with nothing of the channel's pending */
	WRITE_ONCE(t->watch, true);
	host = nvkm_nvpm_get(device);
	WRITE_ONCE(t->watch, false);
	KUNIT_ASSERT_FALSE(test, IS_ERR(host));
	t->pm = true;
	drm = drm_dev_alloc(&nvf_drm_driver, &t->pdev->dev);
	KUNIT_ASSERT_FALSE(test, IS_ERR(drm));
	t->drm = drm;
	file = nvpm_host_file_new(host, drm);
	KUNIT_ASSERT_FALSE(test, IS_ERR(file));
	t->file = file;
	KUNIT_EXPECT_EQ(test, nvf_nvpm(t, t->file, DRM_NVPM_GROUP_CREATE, &g), 0);
	nvf_submit(t, during, ARRAY_SIZE(during));
	KUNIT_EXPECT_EQ(test, nvf_wait(t), 0);
	KUNIT_EXPECT_EQ(test, nvf_vblank_value(t), 2U);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(device, NVF_USER(t->chan->id) + NVF_USER_REF_CNT),
			0x1000U);
	KUNIT_EXPECT_EQ(test, nvf_nvpm(t, t->file, DRM_NVPM_SAMPLE, &smp), 0);
	r.handle = g.handle;
	KUNIT_EXPECT_EQ(test, nvf_nvpm(t, t->file, DRM_NVPM_READ, &r), 0);
	KUNIT_EXPECT_EQ(test, r.samples, 1ULL);
	KUNIT_EXPECT_GT(test, r.cycles, 0ULL);
	KUNIT_EXPECT_EQ(test, r.value[0], r.cycles);
	d.handle = g.handle;
	KUNIT_EXPECT_EQ(test, nvf_nvpm(t, t->file, DRM_NVPM_GROUP_DESTROY, &d), 0);
	/* the file's release and nvpm's fini, the same way */
	WRITE_ONCE(t->watch, true);
	nvpm_host_file_del(&t->file);
	nvkm_nvpm_put(device);
	t->pm = false;
	WRITE_ONCE(t->watch, false);
	kunit_info(test, "nvpm wrote %u registers\n", t->w.writes);
	KUNIT_EXPECT_GT(test, t->w.writes, 0U);
	for (i = 0; i < min(t->w.strays, NVPM_HOST_WATCH_STRAYS); i++)
		kunit_info(test, "stray write 0x%08x to 0x%06x\n",
			   t->w.stray[i][1], t->w.stray[i][0]);
	KUNIT_EXPECT_EQ(test, t->w.strays, 0U);

	nvf_submit(t, after, ARRAY_SIZE(after));
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	KUNIT_EXPECT_EQ(test, nvf_vblank_offset(t), 3ULL);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(device, NVF_USER(t->chan->id) + NVF_USER_REF_CNT),
			0x1001U);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(device, NVF_PFIFO_INTR_EN), intr_en);
	nvf_expect_chan_live(t);
}

/*
 * Bad methods take nouveau's error path (its CACHE_ERROR report) and
 * nothing else: an OBJECT of a handle no RAMHT holds (HASH_FAILED, not a
 * software method) and a method nv50's SW object does not have (0x0600)
 * change nothing of the software channel; the good method after them
 * arrives, PFIFO runs REF_CNT, and the channel and the FIFO's interrupt
 * enables are as before.
 */
static void
nouveau_fifo_bad_methods_take_error_path(struct kunit *test)
{
	struct nvf *t = nvf_new(test);
	const u32 push[] = {
		NVF_OBJECT_SUBC1, NVF_SW_HANDLE,
		NVF_OBJECT_SUBC2, NVF_BAD_HANDLE,
		NVF_SW_0600_SUBC1, 0x00000066,
		NVF_SW_OFFSET_SUBC1, 0x00000077,
		NVF_REF_CNT_SUBC0, 0x00002000,
	};
	struct nvkm_device *device;
	u32 intr_en;

	nvf_chan_new(t);
	device = t->device;
	intr_en = nvkm_rd32(device, NVF_PFIFO_INTR_EN);

	nvf_submit(t, push, ARRAY_SIZE(push));
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	KUNIT_EXPECT_EQ(test, nvf_vblank_offset(t), 0x77ULL);
	KUNIT_EXPECT_EQ(test, nvf_vblank_value(t), 0U);
	KUNIT_EXPECT_EQ(test, nvf_vblank_ctxdma(t), 0U);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(device, NVF_USER(t->chan->id) + NVF_USER_REF_CNT),
			0x2000U);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(device, NVF_PFIFO_INTR), 0U);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(device, NVF_PFIFO_INTR_EN), intr_en);
	nvf_expect_chan_live(t);
}

static struct kunit_case nouveau_nvpm_fifo_cases[] = {
	KUNIT_CASE(nouveau_fifo_sw_method_reaches_nv50_sw),
	KUNIT_CASE(nouveau_fifo_chan_runs_through_nvpm_init_fini),
	KUNIT_CASE(nouveau_fifo_bad_methods_take_error_path),
	{}
};

static struct kunit_suite nouveau_nvpm_fifo_suite = {
	.name = "nouveau_nvpm_fifo",
	.test_cases = nouveau_nvpm_fifo_cases,
};

kunit_test_suite(nouveau_nvpm_fifo_suite);
