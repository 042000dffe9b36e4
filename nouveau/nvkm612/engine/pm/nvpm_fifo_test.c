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
#include <linux/vmalloc.h>
#include <linux/unaligned.h>
#include <linux/dma-mapping.h>
#include <linux/sizes.h>
#include <drm/drm_drv.h>

#include <core/client.h>
#include <core/gpuobj.h>
#include <core/memory.h>
#include <core/ramht.h>
#include <engine/device/priv.h>
#include <engine/dma/priv.h>
#include <engine/fifo/cgrp.h>
#include <engine/fifo/chan.h>
#include <engine/fifo/priv.h>
#include <engine/fifo/runl.h>
#include <engine/pm.h>
#include <engine/sw/nv50.h>
#include <subdev/mmu/mem.h>
#include <subdev/mmu/priv.h>

#include <nvif/cl0002.h>
#include <nvif/if000a.h>
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
 * @gr_hash: RAMHT entry of a graphics object of the simulated PGRAPH, or -1
 * @ntfy_dma: a notifier's DMA object
 * @ntfy_hash: its RAMHT entry, or -1
 * @pm_watch: count the reads and writes of perfmon registers (nvf_pm_reg())
 * @pm_rd: perfmon register reads counted
 * @pm_wr: perfmon register writes counted
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
	int gr_hash;
	struct nvkm_object *ntfy_dma;
	int ntfy_hash;
	bool pm_watch;
	u32 pm_rd, pm_wr;
};

/* A perfmon register, or PGRAPH's DEBUG_1, whose PM_TRIGGER latches them. */
static bool
nvf_pm_reg(u32 addr)
{
	return nvpm_host_pm_owns(addr) || addr == NVPM_OWNED_PGRAPH_DEBUG_1;
}

static u32
nvf_rd32(void *priv, u32 addr)
{
	struct nvf *t = priv;

	if (READ_ONCE(t->pm_watch) && nvf_pm_reg(addr))
		t->pm_rd++;
	return nvpm_sim_gpu_rd32(t->sim, addr);
}

static void
nvf_wr32(void *priv, u32 addr, u32 data)
{
	struct nvf *t = priv;

	if (READ_ONCE(t->watch))
		nvpm_host_watch_write(&t->w, addr, nvpm_sim_gpu_rd32(t->sim, addr), data);
	if (READ_ONCE(t->pm_watch) && nvf_pm_reg(addr))
		t->pm_wr++;
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

/*
 * The channel goes, as a client's channel object goes: the objects in
 * its RAMHT, the SW engine's context (nv50's software channel, which
 * frees nvpm's state of the channel), then the channel itself.
 */
static void
nvf_chan_del(struct nvf *t)
{
	if (t->hash >= 0)
		t->engn->func->ramht_del(t->chan, t->hash);
	t->hash = -1;
	if (t->gr_hash >= 0)
		nvkm_ramht_remove(t->chan->ramht, t->gr_hash);
	t->gr_hash = -1;
	if (t->ntfy_hash >= 0)
		nvkm_ramht_remove(t->chan->ramht, t->ntfy_hash);
	t->ntfy_hash = -1;
	nvkm_object_del(&t->ntfy_dma);
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
	t->live = false;
	nvkm_chan_del(&t->chan);
	t->chan = NULL;		/* nvkm_chan_del() frees it and leaves the pointer */
}

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
	nvf_chan_del(t);
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
	t->gr_hash = -1;
	t->ntfy_hash = -1;
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

/*
 * nvpm's counter methods on nv50's software object (nv50_sw_chan_nvpm()):
 * SET_NOTIFY, COUNTER_ADD, SAMPLE and READOUT in nouveau's channel, run by
 * nvpm from nouveau's software-method dispatch, with the results in a
 * notifier of nouveau's host memory.  The load is the simulated PGRAPH's:
 * an object of its class (NVPM_CLASS_GR) in the channel's RAMHT with
 * engine 1 (PGRAPH, g80_pfifo_engine in rnndb) takes DRAW; a DRAW of P
 * primitives holds setup_primitive_count high P cycles, and the graphics
 * engine busy P * PRIM_CYCLES cycles (nvpm-sim.rst).
 */
#define NVS_NTFY_HANDLE		0x4e544659	/* any handle: the notifier's */
#define NVS_GR_HANDLE		0x4e564752	/* any handle: the PGRAPH object's */
#define NVS_RING		64
#define NVS_FRAMES		8		/* frames in flight */
#define NVS_CORE_A		1		/* G84's domain of core clock A */
#define NVS_SUBC_SW		1
#define NVS_SUBC_GR		2

/* An increasing-method header of one word (fifo_dma-pusher.rst). */
#define NVS_MTHD(subc, mthd)	(1 << 18 | (subc) << 13 | (mthd))

/**
 * struct nvs_ntfy - the notifier: nouveau host memory, mapped for the CPU
 * @mem: the memory object (NVKM_MEM_HOST, as a GART buffer's)
 * @map: its kernel mapping
 * @size: bytes
 * @vmm: the channel's address space
 * @vma: where it is mapped in @vmm
 */
struct nvs_ntfy {
	struct nvkm_memory *mem;
	void *map;
	size_t size;
	struct nvkm_vmm *vmm;
	struct nvkm_vma *vma;
};

/* nvpm no longer touches the notifier: unmap and free it. */
static void
nvs_ntfy_release(void *priv)
{
	struct nvs_ntfy *n = priv;

	vunmap(n->map);
	nvkm_vmm_put(n->vmm, &n->vma);
	nvkm_memory_unref(&n->mem);
	kfree(n);
}

/* Host memory of nouveau's MMU, mappable and coherent, as TTM's GART pages. */
#define NVS_HOST_TYPE	(NVKM_MEM_HOST | NVKM_MEM_MAPPABLE | NVKM_MEM_COHERENT)

static struct nvs_ntfy *
nvs_ntfy_new(struct nvf *t, size_t size)
{
	struct kunit *test = t->test;
	struct nvkm_mmu *mmu = t->device->mmu;
	struct nvs_ntfy *n;
	int type, ret;

	/* the first that has them all, as nouveau_ttm_init() picks type_host[0] */
	for (type = 0; type < mmu->type_nr; type++) {
		if ((mmu->type[type].type & NVS_HOST_TYPE) == NVS_HOST_TYPE)
			break;
	}
	KUNIT_ASSERT_LT(test, type, mmu->type_nr);
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, n);
	n->size = PAGE_ALIGN(size);
	n->vmm = t->vmm;
	ret = nvkm_mem_new_type(mmu, type, PAGE_SHIFT, n->size, NULL, 0, &n->mem);
	if (!ret)
		ret = nvkm_mem_map_host(n->mem, &n->map);
	if (!ret)
		ret = nvkm_vmm_get(t->vmm, PAGE_SHIFT, n->size, &n->vma);
	if (!ret)
		ret = nvkm_memory_map(n->mem, 0, t->vmm, n->vma, NULL, 0);
	if (ret) {
		if (n->map)
			vunmap(n->map);
		nvkm_vmm_put(t->vmm, &n->vma);
		nvkm_memory_unref(&n->mem);
		kfree(n);
	}
	KUNIT_ASSERT_EQ(test, ret, 0);
	return n;
}

/*
 * The notifier's DMA object (NV_DMA_IN_MEMORY over its range, as nouveau
 * makes a notifier's), in the channel's RAMHT as @handle: SET_NOTIFY names
 * it, and the software method gets its instance (>> 4), which is returned.
 */
static u32
nvs_ntfy_dma(struct nvf *t, struct nvs_ntfy *n, u32 handle)
{
	struct kunit *test = t->test;
	struct nvkm_device *device = t->device;
	struct nv_dma_v0 args = {
		.target = NV_DMA_V0_TARGET_VM,
		.access = NV_DMA_V0_ACCESS_RDWR,
		.start = n->vma->addr,
		.limit = n->vma->addr + n->size - 1,
	};
	struct nvkm_oclass dclass = {
		.base.oclass = NV_DMA_IN_MEMORY,
		.engine = &device->dma->engine,
		.client = t->client,
		.parent = &t->client->object,
		.handle = handle,
		.object = handle,
	};
	struct nvkm_dmaobj *dmaobj = NULL;
	int ret;

	ret = device->dma->func->class_new(device->dma, &dclass, &args, sizeof(args), &dmaobj);
	if (dmaobj)
		t->ntfy_dma = &dmaobj->object;
	KUNIT_ASSERT_EQ(test, ret, 0);
	/* as nv50_eobj_ramht_add() puts objects there: engine 0, instance >> 4 */
	t->ntfy_hash = nvkm_ramht_insert(t->chan->ramht, t->ntfy_dma, 0, 4, handle, 0);
	KUNIT_ASSERT_GT(test, t->ntfy_hash, 0);
	return t->chan->ramht->data[t->ntfy_hash - 1].inst->node->offset >> 4;
}

/* The simulated PGRAPH's object: 16 bytes of instance memory, its class first. */
struct nvs_gr {
	struct nvkm_object object;
	struct nvkm_device *device;
};

static int
nvs_gr_bind(struct nvkm_object *object, struct nvkm_gpuobj *parent, int align,
	    struct nvkm_gpuobj **pgpuobj)
{
	struct nvs_gr *gr = container_of(object, struct nvs_gr, object);
	int ret = nvkm_gpuobj_new(gr->device, 16, align, true, parent, pgpuobj);

	if (ret)
		return ret;
	nvkm_kmap(*pgpuobj);
	nvkm_wo32(*pgpuobj, 0x00, NVPM_CLASS_GR);
	nvkm_done(*pgpuobj);
	return 0;
}

static const struct nvkm_object_func nvs_gr_func = {
	.bind = nvs_gr_bind,
};

/* A graphics object in the channel's RAMHT, through nouveau's RAMHT code. */
static void
nvs_gr_new(struct nvf *t)
{
	struct nvs_gr gr = { .device = t->device };

	nvkm_object_ctor(&nvs_gr_func, &(const struct nvkm_oclass) {
				.base.oclass = NVPM_CLASS_GR,
				.handle = NVS_GR_HANDLE,
			 }, &gr.object);
	t->gr_hash = nvkm_ramht_insert(t->chan->ramht, &gr.object, 0, 4, NVS_GR_HANDLE,
				       1 << 20);
	KUNIT_ASSERT_GT(t->test, t->gr_hash, 0);
}

/**
 * struct nvs - nvpm's side of a case: a counter group, the notifier
 * @host: nvpm's attachment
 * @grp: the file's counter group: setup_primitive_count, every cycle
 * @ntfy: the notifier
 * @hchan: nvpm's state of the channel, owned by nv50's software object
 */
struct nvs {
	struct nvpm_host *host;
	u32 grp;
	struct nvs_ntfy *ntfy;
	struct nvpm_host_chan *hchan;
};

/* The signal named @name of core_a, from nvpm's catalog. */
static u32
nvs_signal(struct nvf *t, struct nvpm_host *host, const char *name)
{
	struct nvpm_host_domain d;
	struct nvpm_host_signal sig;
	u32 i;

	KUNIT_ASSERT_EQ(t->test, nvpm_host_domain(host, NVS_CORE_A, &d), 0);
	KUNIT_ASSERT_STREQ(t->test, d.name, "core_a");
	for (i = 0; i < d.nr_named; i++) {
		KUNIT_ASSERT_EQ(t->test, nvpm_host_signal(host, NVS_CORE_A, i, &sig), 0);
		if (!strcmp(sig.name, name))
			return sig.signal;
	}
	KUNIT_FAIL_AND_ABORT(t->test, "no %s on core_a", name);
	return 0;
}

/*
 * The channel with its software object and a graphics object, nvpm's
 * engine and a file of it, the notifier (@tail bytes past the ring, which
 * nothing may write: they hold 0x5a) and nvpm's state for the software
 * object, bound by nv50_sw_chan_nvpm().
 */
static void
nvs_chan_new(struct nvf *t, struct nvs *s, size_t tail)
{
	struct kunit *test = t->test;
	struct nvpm_host_notifier n;
	int ret;

	nvf_chan_new(t);
	nvs_gr_new(t);
	s->host = nvkm_nvpm_get(t->device);
	KUNIT_ASSERT_FALSE(test, IS_ERR(s->host));
	t->pm = true;
	t->drm = drm_dev_alloc(&nvf_drm_driver, &t->pdev->dev);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t->drm));
	t->file = nvpm_host_file_new(s->host, t->drm);
	KUNIT_ASSERT_FALSE(test, IS_ERR(t->file));

	s->ntfy = nvs_ntfy_new(t, NVPM_HOST_NOTIFIER_SIZE(NVS_RING) + tail);
	memset(s->ntfy->map, 0x5a, s->ntfy->size);
	n = (struct nvpm_host_notifier) {
		.map = s->ntfy->map,
		.size = NVPM_HOST_NOTIFIER_SIZE(NVS_RING),
		.handle = nvs_ntfy_dma(t, s->ntfy, NVS_NTFY_HANDLE),
		.ring_size = NVS_RING,
		.release = nvs_ntfy_release,
		.priv = s->ntfy,
	};
	s->hchan = nvpm_host_chan_new(t->file, &n);
	if (IS_ERR(s->hchan))
		nvs_ntfy_release(s->ntfy);
	KUNIT_ASSERT_FALSE(test, IS_ERR(s->hchan));
	ret = nv50_sw_chan_nvpm(nvkm_sw_chan(t->cctx->vctx->ectx->object), s->hchan);
	if (ret)
		nvpm_host_chan_del(&s->hchan);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/*
 * nvs_chan_new() with a page past the ring, and the file's counter group
 * of @nr counters (primitives, every cycle, and never, never).
 */
static void
nvs_new(struct nvf *t, struct nvs *s, u32 nr)
{
	struct kunit *test = t->test;
	struct drm_nvpm_group_create g = {
		.size = sizeof(g),
		.domain = NVS_CORE_A,
		.mode = NVPM_MODE_QUAD,
		.nr_counters = nr,
		.counter = {
			{ .logic_op = 0xaaaa },		/* arg 0 */
			{ .logic_op = 0xffff },		/* always */
			{ .logic_op = 0x0000 },		/* never */
			{ .logic_op = 0x0000 },
		},
	};

	/* the counters past @nr are not given */
	memset(&g.counter[nr], 0, (ARRAY_SIZE(g.counter) - nr) * sizeof(g.counter[0]));
	nvs_chan_new(t, s, PAGE_SIZE);
	g.counter[0].signal[0] = nvs_signal(t, s->host, "setup_primitive_count");
	KUNIT_ASSERT_EQ(test, nvpm_host_ioctl(t->file, DRM_NVPM_GROUP_CREATE, &g), 0);
	s->grp = g.handle;
	/* one is enough: a second is refused, and the first stays */
	KUNIT_EXPECT_EQ(test, nv50_sw_chan_nvpm(nvkm_sw_chan(t->cctx->vctx->ectx->object),
						s->hchan), -EBUSY);
}

static struct drm_nvpm_notifier_header *
nvs_header(struct nvs *s)
{
	return s->ntfy->map;
}

static struct drm_nvpm_notifier_entry *
nvs_entry(struct nvs *s, u32 n)
{
	struct drm_nvpm_notifier_entry *ring = s->ntfy->map + sizeof(*nvs_header(s));

	return &ring[n % NVS_RING];
}

/* The bytes past the ring still hold what was there before. */
static bool
nvs_tail_untouched(struct nvs *s)
{
	const u8 *p = s->ntfy->map;
	size_t i;

	for (i = NVPM_HOST_NOTIFIER_SIZE(NVS_RING); i < s->ntfy->size; i++)
		if (p[i] != 0x5a)
			return false;
	return true;
}

/* Bind both subchannels, the notifier, stage the group's counters, SAMPLE. */
static void
nvs_setup(struct nvf *t, struct nvs *s, u32 nr)
{
	u32 push[16], n = 0, i;

	push[n++] = NVS_MTHD(NVS_SUBC_SW, 0);
	push[n++] = NVF_SW_HANDLE;
	push[n++] = NVS_MTHD(NVS_SUBC_GR, 0);
	push[n++] = NVS_GR_HANDLE;
	push[n++] = NVS_MTHD(NVS_SUBC_SW, NVPM_SW_SET_NOTIFY);
	push[n++] = NVS_NTFY_HANDLE;
	for (i = 0; i < nr; i++) {
		push[n++] = NVS_MTHD(NVS_SUBC_SW, NVPM_SW_COUNTER_ADD);
		push[n++] = NVPM_SW_COUNTER_GROUP(s->grp, i);
	}
	push[n++] = NVS_MTHD(NVS_SUBC_SW, NVPM_SW_SAMPLE);
	push[n++] = 0;
	nvf_submit(t, push, n);
}

/*
 * Frames of DRAW, SAMPLE, READOUT in nouveau's channel, 8 of them in
 * flight (submitted before any is waited for): each READOUT writes one
 * entry per counter with its sequence; the first counts exactly the
 * primitives its frame drew, the second every cycle of the frame, of
 * which the DRAW kept the graphics engine busy 4 per primitive.  nouveau's
 * own software methods are untouched, no error is counted, nothing is
 * written past the ring, and the channel is as before.
 */
static void
nouveau_swmthd_frames_count_primitives(struct kunit *test)
{
	struct nvf *t = nvf_new(test);
	struct nvs s = {};
	u32 f, prims[NVS_FRAMES];

	nvs_new(t, &s, 2);
	nvs_setup(t, &s, 2);
	for (f = 0; f < NVS_FRAMES; f++) {
		u32 frame[6];

		prims[f] = 100 + 37 * f;
		frame[0] = NVS_MTHD(NVS_SUBC_GR, NVPM_GR_DRAW);
		frame[1] = prims[f];
		frame[2] = NVS_MTHD(NVS_SUBC_SW, NVPM_SW_SAMPLE);
		frame[3] = 0;
		frame[4] = NVS_MTHD(NVS_SUBC_SW, NVPM_SW_READOUT);
		frame[5] = f + 1;
		nvf_submit(t, frame, ARRAY_SIZE(frame));
	}
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);

	KUNIT_EXPECT_EQ(test, READ_ONCE(nvs_header(&s)->sequence), (u64)NVS_FRAMES);
	KUNIT_EXPECT_EQ(test, READ_ONCE(nvs_header(&s)->write_index), 2U * NVS_FRAMES);
	KUNIT_EXPECT_EQ(test, READ_ONCE(nvs_header(&s)->errors), 0U);
	KUNIT_EXPECT_EQ(test, READ_ONCE(nvs_header(&s)->lost), 0U);
	for (f = 0; f < NVS_FRAMES; f++) {
		struct drm_nvpm_notifier_entry *p = nvs_entry(&s, 2 * f);
		struct drm_nvpm_notifier_entry *c = nvs_entry(&s, 2 * f + 1);

		KUNIT_EXPECT_EQ_MSG(test, p->sequence, (u64)f + 1, "frame %u", f);
		KUNIT_EXPECT_EQ_MSG(test, p->counter, NVPM_SW_COUNTER_GROUP(s.grp, 0),
				    "frame %u", f);
		KUNIT_EXPECT_EQ_MSG(test, p->flags, 0U, "frame %u", f);
		KUNIT_EXPECT_EQ_MSG(test, p->value, (u64)prims[f], "frame %u", f);
		KUNIT_EXPECT_EQ_MSG(test, c->sequence, (u64)f + 1, "frame %u", f);
		KUNIT_EXPECT_EQ_MSG(test, c->counter, NVPM_SW_COUNTER_GROUP(s.grp, 1),
				    "frame %u", f);
		KUNIT_EXPECT_EQ_MSG(test, c->value, c->cycles, "frame %u", f);
		KUNIT_EXPECT_EQ_MSG(test, c->cycles, p->cycles, "frame %u", f);
		KUNIT_EXPECT_GE_MSG(test, c->cycles, 4ULL * prims[f], "frame %u", f);
	}
	KUNIT_EXPECT_TRUE(test, nvs_tail_untouched(&s));
	KUNIT_EXPECT_EQ(test, nvf_vblank_offset(t), 0ULL);
	KUNIT_EXPECT_EQ(test, nvf_vblank_value(t), 0U);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVF_PFIFO_INTR), 0U);
	nvf_expect_chan_live(t);
}

/*
 * Bad methods and arguments: SAMPLE with data, COUNTER_ADD of a handle no
 * group has and SET_NOTIFY of an object that is not the notifier (the
 * graphics object: the method gets its instance) are nvpm's and become
 * error entries of the ring (the method in @cycles, the data in @value);
 * SET_NOTIFY of a handle in no RAMHT (the puller's HASH_FAILED) and 0x0700,
 * neither nvpm's nor nv50's, take nouveau's error path (CACHE_ERROR in the
 * log) and write nothing.  nv50's own method still reaches nv50, the frame
 * after them counts, and nothing is written past the ring.
 */
static void
nouveau_swmthd_bad_methods_take_error_path(struct kunit *test)
{
	struct nvf *t = nvf_new(test);
	struct nvs s = {};
	const u32 bad[] = {
		NVS_MTHD(NVS_SUBC_SW, NVPM_SW_SAMPLE), 1,
		NVS_MTHD(NVS_SUBC_SW, NVPM_SW_COUNTER_ADD), NVPM_SW_COUNTER_GROUP(0xbad, 0),
		NVS_MTHD(NVS_SUBC_SW, NVPM_SW_SET_NOTIFY), NVS_GR_HANDLE,
		NVS_MTHD(NVS_SUBC_SW, NVPM_SW_SET_NOTIFY), NVF_BAD_HANDLE,
		NVS_MTHD(NVS_SUBC_SW, 0x0700), 0x77,
		NVF_SW_OFFSET_SUBC1, 0x00000042,
		NVS_MTHD(NVS_SUBC_GR, NVPM_GR_DRAW), 5,
		NVS_MTHD(NVS_SUBC_SW, NVPM_SW_SAMPLE), 0,
		NVS_MTHD(NVS_SUBC_SW, NVPM_SW_READOUT), 9,
		NVF_REF_CNT_SUBC0, 0x00003000,
	};
	u32 want[3][3] = {		/* code, method, data */
		{ NVPM_SW_ERR_BAD_DATA, NVPM_SW_SAMPLE, 1 },
		{ NVPM_SW_ERR_BAD_COUNTER, NVPM_SW_COUNTER_ADD, 0xbad },
		{ NVPM_SW_ERR_BAD_NOTIFIER, NVPM_SW_SET_NOTIFY, 0 },
	};
	struct drm_nvpm_notifier_entry *e;
	u32 intr_en, i;

	nvs_new(t, &s, 1);
	/* the graphics object's instance >> 4, as RAMHT holds it */
	want[2][2] = t->chan->ramht->data[t->gr_hash - 1].inst->node->offset >> 4;
	KUNIT_EXPECT_NE(test, want[2][2], 0U);
	intr_en = nvkm_rd32(t->device, NVF_PFIFO_INTR_EN);
	nvs_setup(t, &s, 1);
	nvf_submit(t, bad, ARRAY_SIZE(bad));
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);

	for (i = 0; i < ARRAY_SIZE(want); i++) {
		e = nvs_entry(&s, i);
		KUNIT_EXPECT_EQ_MSG(test, e->flags, (u32)(NVPM_NOTIFY_ERROR | NVPM_NOTIFY_METHOD),
				    "entry %u", i);
		KUNIT_EXPECT_EQ_MSG(test, e->counter, want[i][0], "entry %u", i);
		KUNIT_EXPECT_EQ_MSG(test, e->cycles, (u64)want[i][1], "entry %u", i);
		KUNIT_EXPECT_EQ_MSG(test, e->value, (u64)want[i][2], "entry %u", i);
	}
	e = nvs_entry(&s, 3);
	KUNIT_EXPECT_EQ(test, e->sequence, 9ULL);
	KUNIT_EXPECT_EQ(test, e->flags, 0U);
	KUNIT_EXPECT_EQ(test, e->value, 5ULL);
	KUNIT_EXPECT_EQ(test, READ_ONCE(nvs_header(&s)->write_index), 4U);
	KUNIT_EXPECT_EQ(test, READ_ONCE(nvs_header(&s)->errors), 3U);
	KUNIT_EXPECT_EQ(test, READ_ONCE(nvs_header(&s)->sequence), 9ULL);
	KUNIT_EXPECT_TRUE(test, nvs_tail_untouched(&s));
	KUNIT_EXPECT_EQ(test, nvf_vblank_offset(t), 0x42ULL);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVF_USER(t->chan->id) + NVF_USER_REF_CNT),
			0x3000U);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVF_PFIFO_INTR), 0U);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVF_PFIFO_INTR_EN), intr_en);
	nvf_expect_chan_live(t);
}

/*
 * What a SAMPLE of 4 counters costs inside nouveau.  Its register
 * accesses are fixed, and nouveau's dispatch adds none to nvpm's: with the
 * previous SAMPLE's latch pending, the latch is collected (the domain's
 * CTRL, its 4 counters and its cycle counter read, the latch acknowledged)
 * and the next one triggered (PGRAPH DEBUG_1's PM_TRIGGER), as on nvpm's
 * node (nvpm_fifo/handler_is_hardirq_with_fixed_mmio: the trigger; CTRL,
 * counters, cycles and the ack).  A direct call of nvpm_host_chan_mthd() makes the same.  The
 * time in nvpm (its own, register accesses excluded) is reported, not
 * asserted: it is the emulator's.
 */
#define NVS_BENCH_N	32

static void
nouveau_swmthd_sample_cost(struct kunit *test)
{
	struct nvf *t = nvf_new(test);
	struct nvs s = {};
	struct nvpm_host_mthd_time a, b;
	u32 push[2 * NVS_BENCH_N], i, rd, wr;
	unsigned long flags;
	u64 own;

	nvs_new(t, &s, 4);
	nvs_setup(t, &s, 4);
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	usleep_range(100, 200);		/* the first latch has landed */

	KUNIT_ASSERT_EQ(test, nvpm_host_chan_time(s.hchan, NVPM_SW_SAMPLE, &a), 0);
	for (i = 0; i < NVS_BENCH_N; i++) {
		push[2 * i] = NVS_MTHD(NVS_SUBC_SW, NVPM_SW_SAMPLE);
		push[2 * i + 1] = 0;
	}
	WRITE_ONCE(t->pm_watch, true);
	nvf_submit(t, push, ARRAY_SIZE(push));
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	WRITE_ONCE(t->pm_watch, false);
	KUNIT_ASSERT_EQ(test, nvpm_host_chan_time(s.hchan, NVPM_SW_SAMPLE, &b), 0);
	KUNIT_ASSERT_EQ(test, b.count - a.count, (u64)NVS_BENCH_N);
	KUNIT_EXPECT_EQ(test, READ_ONCE(nvs_header(&s)->errors), 0U);
	KUNIT_EXPECT_EQ(test, t->pm_rd, 6U * NVS_BENCH_N);
	KUNIT_EXPECT_EQ(test, t->pm_wr, 2U * NVS_BENCH_N);
	own = div64_u64(b.ns - a.ns - (b.mmio_ns - a.mmio_ns), NVS_BENCH_N);
	kunit_info(test, "SAMPLE of 4 counters in nouveau's channel: %llu ns own, %llu ns with MMIO, max %llu ns\n",
		   own, div64_u64(b.ns - a.ns, NVS_BENCH_N), b.max_ns);

	/* the same method called directly, as the dispatch calls it */
	usleep_range(100, 200);
	rd = t->pm_rd;
	wr = t->pm_wr;
	WRITE_ONCE(t->pm_watch, true);
	local_irq_save(flags);
	KUNIT_EXPECT_TRUE(test, nvpm_host_chan_mthd(s.hchan, NVPM_SW_SAMPLE, 0));
	local_irq_restore(flags);
	WRITE_ONCE(t->pm_watch, false);
	KUNIT_EXPECT_EQ(test, t->pm_rd - rd, 6U);
	KUNIT_EXPECT_EQ(test, t->pm_wr - wr, 2U);
}

static struct kunit_case nouveau_nvpm_swmthd_cases[] = {
	KUNIT_CASE(nouveau_swmthd_frames_count_primitives),
	KUNIT_CASE(nouveau_swmthd_bad_methods_take_error_path),
	KUNIT_CASE(nouveau_swmthd_sample_cost),
	{}
};

static struct kunit_suite nouveau_nvpm_swmthd_suite = {
	.name = "nouveau_nvpm_swmthd",
	.test_cases = nouveau_nvpm_swmthd_cases,
};

/*
 * Record mode in nouveau's channel (nvpm_host_record_start()): PCOUNTER
 * writes its packets into nouveau host memory mapped in the channel's
 * VMM, through a DMA object of the channel, and nvpm binds that channel
 * and DMA object.  The buffer is built as a GART buffer object's memory
 * is (nouveau_mem_host(): a host memory object over the DMA addresses of
 * pages; the window is that object over the ring's pages repeated), and
 * the VMM carries an engine reference for PCOUNTER (patch 0008 flushes
 * its TLB, VM engine 0x0b).  Expected words by hand from the reference:
 * pcounter_intro.rst ("Record mode setup": RECORD_CHAN at 0xa7a0 with
 * VALID in bit 31, RECORD_DMA at 0xa7a4, RECORD_STATUS at 0xa6e0 + 4 *
 * domain, bit 0 FAULT) and rnndb_nv40_pcounter.xml's
 * G84_PCOUNTER_RECORD_PACKET (a long packet is 32 bytes: 48-bit cycles
 * in three 16-bit words, STOP in bits 0-11 of word 3, then PRE_SRC[0..3],
 * START_SRC[0..3], EVENT_SRC[0..3]); PERIODIC period n is 0x200 << n.
 */
#define NVR_RING		SZ_64K
#define NVR_COPIES		4
#define NVR_PKT			32
#define NVR_PERIOD		0x400		/* PERIODIC period 1 */
#define NVR_RECORD_CHAN		0x00a7a0
#define NVR_RECORD_CHAN_VALID	0x80000000
#define NVR_RECORD_DMA		0x00a7a4
#define NVR_RECORD_STATUS(d)	(0x00a6e0 + (d) * 4)
#define NVR_RECORD_STATUS_FAULT	0x00000001
#define NVR_CTRL(d)		(0x00a7c0 + (d) * 4)
#define NVR_FRAMES		8

/**
 * struct nvr_buf - a record buffer in the channel's address space
 * @t: the case
 * @pages: the ring's pages
 * @dma: their DMA addresses
 * @wdma: the window's: @dma @copies times
 * @npages: pages of the ring
 * @map: the ring's kernel mapping
 * @mem: the window, a host memory object over @wdma
 * @vma: its place in the channel's VMM
 * @dmaobj: the DMA object PCOUNTER writes through
 * @gpuobj: its instance in the channel's structure
 * @engref: the VMM carries PCOUNTER's engine reference
 * @lent: nvpm has it
 * @released: nvpm gave the buffer back, @released times
 */
struct nvr_buf {
	struct nvf *t;
	struct page *pages[NVR_RING / PAGE_SIZE];
	dma_addr_t dma[NVR_RING / PAGE_SIZE];
	dma_addr_t wdma[NVR_COPIES * NVR_RING / PAGE_SIZE];
	u32 npages;
	void *map;
	struct nvkm_memory *mem;
	struct nvkm_vma *vma;
	struct nvkm_object *dmaobj;
	struct nvkm_gpuobj *gpuobj;
	bool engref;
	bool lent;
	u32 released;
};

/* The window goes: unmapped (flushing PCOUNTER's TLB), the DMA object too. */
static void
nvr_buf_unmap(struct nvr_buf *b)
{
	struct nvf *t = b->t;

	if (b->vma)
		nvkm_vmm_put(t->vmm, &b->vma);
	if (b->engref)
		atomic_dec(&t->vmm->engref[NVKM_ENGINE_PM]);
	b->engref = false;
	nvkm_memory_unref(&b->mem);
	nvkm_gpuobj_del(&b->gpuobj);
	nvkm_object_del(&b->dmaobj);
}

static void
nvr_buf_release(void *priv)
{
	struct nvr_buf *b = priv;

	b->released++;
	b->lent = false;
	nvr_buf_unmap(b);
}

/* A buffer only counted: the refused ones. */
static void
nvr_count_release(void *priv)
{
	(*(u32 *)priv)++;
}

/* The pages last, after the case has read them. */
static void
nvr_buf_free(void *data)
{
	struct nvr_buf *b = data;
	struct device *dev = b->t->device->dev;
	u32 i;

	/* a case that stopped half-way: the channel goes, nvpm gives it back */
	if (b->lent)
		nvf_chan_del(b->t);
	nvr_buf_unmap(b);
	if (b->map)
		vunmap(b->map);
	for (i = 0; i < b->npages; i++) {
		dma_unmap_page(dev, b->dma[i], PAGE_SIZE, DMA_BIDIRECTIONAL);
		__free_page(b->pages[i]);
	}
	kfree(b);
}

/* The host memory type nouveau_ttm_init() picks for GART. */
static int
nvr_host_type(struct nvkm_mmu *mmu)
{
	int type;

	for (type = 0; type < mmu->type_nr; type++) {
		if ((mmu->type[type].type & NVS_HOST_TYPE) == NVS_HOST_TYPE)
			return type;
	}
	return -ENODEV;
}

static void
nvr_buf_pages(struct kunit *test, struct nvr_buf *b)
{
	struct device *dev = b->t->device->dev;
	u32 i;

	for (i = 0; i < ARRAY_SIZE(b->pages); i++) {
		b->pages[i] = alloc_page(GFP_KERNEL | __GFP_ZERO | GFP_DMA32);
		KUNIT_ASSERT_NOT_NULL(test, b->pages[i]);
		b->dma[i] = dma_map_page(dev, b->pages[i], 0, PAGE_SIZE, DMA_BIDIRECTIONAL);
		if (dma_mapping_error(dev, b->dma[i]))
			__free_page(b->pages[i]);
		KUNIT_ASSERT_FALSE(test, dma_mapping_error(dev, b->dma[i]));
		b->npages++;
	}
	for (i = 0; i < ARRAY_SIZE(b->wdma); i++)
		b->wdma[i] = b->dma[i % ARRAY_SIZE(b->dma)];
	b->map = vmap(b->pages, b->npages, VM_MAP, PAGE_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b->map);
}

/*
 * The ring, its window mapped in the channel's VMM with PCOUNTER's engine
 * reference, and an NV_DMA_IN_MEMORY object (target and access VM, over
 * the whole VMM: offsets are addresses) in the channel's structure; @hb
 * says it all to nvpm.
 */
static struct nvr_buf *
nvr_buf_new(struct nvf *t, struct nvpm_host_record_buf *hb)
{
	struct kunit *test = t->test;
	struct nvkm_device *device = t->device;
	struct nvif_mem_ram_v0 mem = { .version = 0 };
	struct nv_dma_v0 args = {
		.target = NV_DMA_V0_TARGET_VM,
		.access = NV_DMA_V0_ACCESS_VM,
		.start = 0,
		.limit = t->vmm->limit - 1,
	};
	struct nvkm_oclass dclass = {
		.base.oclass = NV_DMA_IN_MEMORY,
		.engine = &device->dma->engine,
		.client = t->client,
		.parent = &t->client->object,
		.handle = 0x4e565243,
		.object = 0x4e565243,
	};
	struct nvkm_dmaobj *dmaobj = NULL;
	struct nvr_buf *b;
	int type, ret;

	b = kzalloc(sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b);
	b->t = t;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, nvr_buf_free, b), 0);
	nvr_buf_pages(test, b);

	type = nvr_host_type(device->mmu);
	KUNIT_ASSERT_GE(test, type, 0);
	mem.dma = b->wdma;
	ret = nvkm_mem_new_type(device->mmu, type, PAGE_SHIFT, ARRAY_SIZE(b->wdma) * PAGE_SIZE,
				&mem, sizeof(mem), &b->mem);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = nvkm_vmm_get(t->vmm, PAGE_SHIFT, nvkm_memory_size(b->mem), &b->vma);
	KUNIT_ASSERT_EQ(test, ret, 0);
	atomic_inc(&t->vmm->engref[NVKM_ENGINE_PM]);
	b->engref = true;
	ret = nvkm_memory_map(b->mem, 0, t->vmm, b->vma, NULL, 0);
	KUNIT_ASSERT_EQ(test, ret, 0);

	ret = device->dma->func->class_new(device->dma, &dclass, &args, sizeof(args), &dmaobj);
	if (dmaobj)
		b->dmaobj = &dmaobj->object;
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = nvkm_object_bind(b->dmaobj, t->chan->inst, 16, &b->gpuobj);
	KUNIT_ASSERT_EQ(test, ret, 0);

	*hb = (struct nvpm_host_record_buf) {
		/* memory_g80-vm.rst: channel descriptor, VRAM target 0 */
		.chan = lower_32_bits(t->chan->inst->addr >> 12),
		.dma = (b->gpuobj->addr - t->chan->inst->addr) >> 4,
		.limit = args.limit,
		.map = b->map,
		.ring_size = NVR_RING,
		.win = { b->vma->addr },
		.copies = NVR_COPIES,
		.release = nvr_buf_release,
		.priv = b,
	};
	return b;
}

/* The channel and nvpm's state (nvs_chan_new()), nothing past the ring. */
static struct nvpm_host *
nvr_new(struct nvf *t, struct nvs *s)
{
	nvs_chan_new(t, s, 0);
	return s->host;
}

/* core_a, setup_primitive_count in PRE_SRC[0], a packet every PERIODIC period 1. */
static void
nvr_dom(struct nvf *t, struct nvs *s, struct drm_nvpm_record_domain *d)
{
	memset(d, 0, sizeof(*d));
	d->domain = NVS_CORE_A;
	d->nr_signals = 1;
	d->signal[0] = nvs_signal(t, s->host, "setup_primitive_count");
	d->stop = NVPM_RECORD_STOP_PERIODIC;
	d->stop_arg = 1;
}

/* Lend @b to nvpm: it is nvpm's until released, whatever this returns. */
static int
nvr_start(struct nvs *s, struct nvr_buf *b, const struct nvpm_host_record_buf *hb,
	  const struct drm_nvpm_record_domain *d)
{
	u32 handle;

	b->lent = true;
	return nvpm_host_record_start(s->hchan, hb, false, 1, d, &handle);
}

/* Frames of DRAW of @prims[f] primitives on subchannel 2; their sum. */
static u64
nvr_draw(struct nvf *t, u32 *prims, u32 nr)
{
	u32 push[2 + 2 * NVR_FRAMES], n = 0, f;
	u64 sum = 0;

	push[n++] = NVS_MTHD(NVS_SUBC_GR, 0);
	push[n++] = NVS_GR_HANDLE;
	for (f = 0; f < nr; f++) {
		push[n++] = NVS_MTHD(NVS_SUBC_GR, NVPM_GR_DRAW);
		push[n++] = prims[f];
		sum += prims[f];
	}
	nvf_submit(t, push, n);
	return sum;
}

/* Packet @i of the ring, by hand: little-endian 16-bit words. */
static void
nvr_pkt(const struct nvr_buf *b, u64 i, u64 *cycles, u32 *stop, u32 *ev0)
{
	const u8 *p = b->map + (i % (NVR_RING / NVR_PKT)) * NVR_PKT;

	*cycles = get_unaligned_le16(p) | (u64)get_unaligned_le16(p + 2) << 16 |
		  (u64)get_unaligned_le16(p + 4) << 32;
	*stop = get_unaligned_le16(p + 6) & 0xfff;
	*ev0 = get_unaligned_le16(p + 8);
}

/*
 * A record in nouveau's channel counts the load the channel ran: RECORD_CHAN
 * names the channel (its instance >> 12, VALID), RECORD_DMA the DMA object
 * (its instance >> 4 in the channel); every PERIODIC period of 1024 cycles
 * has its packet in nouveau's memory, one STOP each, the cycles growing by
 * the period, and the primitives over all packets, the last one RECORD_STOP
 * sends included, are those the frames drew; none lost, no gap, no fault.
 */
static void
nouveau_record_packets_match_load(struct kunit *test)
{
	struct nvf *t = nvf_new(test);
	u32 prims[NVR_FRAMES], f, stop, ev0;
	struct nvpm_host_record_status st;
	struct drm_nvpm_record_domain d;
	struct nvpm_host_record_buf hb;
	struct nvs s = {};
	struct nvr_buf *b;
	u64 sum, got = 0, cycles, i;

	nvr_new(t, &s);
	b = nvr_buf_new(t, &hb);
	nvr_dom(t, &s, &d);
	KUNIT_ASSERT_EQ(test, nvr_start(&s, b, &hb, &d), 0);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVR_RECORD_CHAN),
			NVR_RECORD_CHAN_VALID | (u32)(t->chan->inst->addr >> 12));
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVR_RECORD_DMA),
			(u32)((b->gpuobj->addr - t->chan->inst->addr) >> 4));

	for (f = 0; f < NVR_FRAMES; f++)
		prims[f] = 100 + 37 * f;
	sum = nvr_draw(t, prims, NVR_FRAMES);
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	msleep(20);	/* periods after the load: it is all in packets */

	KUNIT_ASSERT_EQ(test, nvpm_host_record_status(s.hchan, NULL, &st), 1);
	KUNIT_EXPECT_EQ(test, st.flags, 0U);
	KUNIT_ASSERT_EQ(test, nvpm_host_record_stop(s.hchan, &st), 1);
	KUNIT_EXPECT_EQ(test, b->released, 1U);
	KUNIT_EXPECT_EQ(test, st.lost, 0ULL);
	KUNIT_EXPECT_EQ(test, st.gaps, 0U);
	KUNIT_EXPECT_EQ(test, st.flags, (u32)NVPM_RECORD_STOPPED);
	KUNIT_ASSERT_GE(test, st.written, 2ULL);
	KUNIT_ASSERT_LE(test, st.written, (u64)NVR_RING / NVR_PKT);
	KUNIT_EXPECT_EQ(test, st.position, st.written * NVR_PKT);
	for (i = 0; i < st.written; i++) {
		nvr_pkt(b, i, &cycles, &stop, &ev0);
		got += ev0;
		KUNIT_EXPECT_LE_MSG(test, ev0, (u32)NVR_PERIOD, "packet %llu", i);
		if (i + 1 == st.written) {
			/* RECORD_STOP's: the part of a period since the last */
			KUNIT_EXPECT_GT_MSG(test, cycles, i * NVR_PERIOD, "packet %llu", i);
			KUNIT_EXPECT_LE_MSG(test, cycles, (i + 1) * NVR_PERIOD, "packet %llu", i);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, cycles, (i + 1) * NVR_PERIOD, "packet %llu", i);
		KUNIT_EXPECT_EQ_MSG(test, stop, 1U, "packet %llu", i);
	}
	KUNIT_EXPECT_EQ(test, got, sum);
	nvr_pkt(b, st.written, &cycles, &stop, &ev0);
	KUNIT_EXPECT_EQ(test, cycles, 0ULL);	/* nothing past the last */
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVR_RECORD_STATUS(NVS_CORE_A)) &
			NVR_RECORD_STATUS_FAULT, 0U);
	nvf_expect_chan_live(t);
}

/*
 * Windows that break the reference's rules are refused with -EINVAL
 * before any perfmon register is written: not 16-byte aligned, too many
 * copies, past the DMA object's limit, crossing 4 GiB (and above it: the
 * G84's position has no high bits).  Each refused buffer is released once;
 * no session is left; then a good buffer records.
 */
static void
nouveau_record_bad_windows_refused(struct kunit *test)
{
	struct nvpm_host_record_buf hb, bad;
	struct nvpm_host_record_status st;
	struct drm_nvpm_record_domain d;
	struct nvf *t = nvf_new(test);
	struct nvs s = {};
	u32 released = 0, handle, i;
	int ret;
	struct nvr_buf *b;
	const struct {
		const char *what;
		u64 win;
		u32 copies;
		u64 limit;
	} cases[] = {
		{ "8-byte aligned", 0x10008, NVR_COPIES, 0xffffffffffULL },
		{ "4-byte aligned", 0x10004, NVR_COPIES, 0xffffffffffULL },
		{ "17 copies", 0x10000, 17, 0xffffffffffULL },
		{ "one copy", 0x10000, 1, 0xffffffffffULL },
		{ "past the DMA object", 0x10000, NVR_COPIES, 0x10000 + NVR_COPIES * NVR_RING - 2 },
		{ "crossing 4 GiB", 0x100000000ULL - NVR_RING, NVR_COPIES, 0xffffffffffULL },
		{ "above 4 GiB", 0x100000000ULL, NVR_COPIES, 0xffffffffffULL },
	};

	nvr_new(t, &s);
	b = nvr_buf_new(t, &hb);
	nvr_dom(t, &s, &d);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		bad = hb;
		bad.win[0] = cases[i].win;
		bad.copies = cases[i].copies;
		bad.limit = cases[i].limit;
		bad.release = nvr_count_release;
		bad.priv = &released;
		t->pm_wr = 0;
		WRITE_ONCE(t->pm_watch, true);
		ret = nvpm_host_record_start(s.hchan, &bad, false, 1, &d, &handle);
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s", cases[i].what);
		WRITE_ONCE(t->pm_watch, false);
		KUNIT_EXPECT_EQ_MSG(test, t->pm_wr, 0U, "%s", cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, released, i + 1, "%s", cases[i].what);
		KUNIT_EXPECT_EQ_MSG(test, nvpm_host_record_status(s.hchan, NULL, &st), -ENOENT,
				    "%s", cases[i].what);
	}
	KUNIT_EXPECT_EQ(test, b->released, 0U);
	KUNIT_ASSERT_EQ(test, nvr_start(&s, b, &hb, &d), 0);
	/* one session per channel: a second buffer is refused and released */
	bad = hb;
	bad.release = nvr_count_release;
	bad.priv = &released;
	KUNIT_EXPECT_EQ(test, nvpm_host_record_start(s.hchan, &bad, false, 1, &d, &handle), -EBUSY);
	KUNIT_EXPECT_EQ(test, released, (u32)ARRAY_SIZE(cases) + 1);
	usleep_range(5000, 6000);
	KUNIT_ASSERT_EQ(test, nvpm_host_record_stop(s.hchan, &st), 1);
	KUNIT_EXPECT_GE(test, st.written, 1ULL);
	KUNIT_EXPECT_EQ(test, st.lost, 0ULL);
	KUNIT_EXPECT_EQ(test, b->released, 1U);
}

/*
 * nouveau's channel goes while its record runs: the SW engine's context
 * goes first (nv50's software channel frees nvpm's state of the channel),
 * which stops the record and releases the buffer - its window unmapped,
 * its DMA object freed - before the channel's structure is freed.  After
 * that PCOUNTER writes nothing more: the domain is out of record mode, its
 * position holds, no fault, and the ring stays as it was.
 */
static void
nouveau_record_stops_before_chan_goes(struct kunit *test)
{
	struct nvpm_host_record_buf hb;
	struct drm_nvpm_record_domain d;
	struct nvf *t = nvf_new(test);
	u32 prims[2] = { 300, 200 };
	struct nvs s = {};
	struct nvr_buf *b;
	u32 status;
	u8 *snap;

	nvr_new(t, &s);
	b = nvr_buf_new(t, &hb);
	nvr_dom(t, &s, &d);
	KUNIT_ASSERT_EQ(test, nvr_start(&s, b, &hb, &d), 0);
	nvr_draw(t, prims, ARRAY_SIZE(prims));
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	usleep_range(5000, 6000);

	nvf_chan_del(t);
	KUNIT_EXPECT_EQ(test, b->released, 1U);
	KUNIT_EXPECT_NULL(test, b->gpuobj);
	KUNIT_EXPECT_NULL(test, b->vma);
	status = nvkm_rd32(t->device, NVR_RECORD_STATUS(NVS_CORE_A));
	KUNIT_EXPECT_EQ(test, status & NVR_RECORD_STATUS_FAULT, 0U);
	/* CTRL's MODE (bits 0-1 here) is no longer RECORD (2) */
	KUNIT_EXPECT_NE(test, nvkm_rd32(t->device, NVR_CTRL(NVS_CORE_A)) & 3, 2U);
	snap = kunit_kmalloc(test, NVR_RING, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, snap);
	memcpy(snap, b->map, NVR_RING);
	KUNIT_EXPECT_NE(test, get_unaligned_le16(snap), 0);	/* it had recorded */
	usleep_range(10000, 11000);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVR_RECORD_STATUS(NVS_CORE_A)), status);
	KUNIT_EXPECT_EQ(test, memcmp(snap, b->map, NVR_RING), 0);
}

/* A session of two DRAWs of 300 primitives into @b; the packets' sum. */
static u64
nvr_session(struct nvf *t, struct nvs *s, struct nvr_buf *b,
	    const struct nvpm_host_record_buf *hb, struct nvpm_host_record_status *st)
{
	struct kunit *test = t->test;
	struct drm_nvpm_record_domain d;
	u32 prims[2] = { 300, 300 }, stop, ev0;
	u64 got = 0, cycles, i;

	nvr_dom(t, s, &d);
	KUNIT_ASSERT_EQ(test, nvr_start(s, b, hb, &d), 0);
	nvr_draw(t, prims, ARRAY_SIZE(prims));
	KUNIT_ASSERT_EQ(test, nvf_wait(t), 0);
	usleep_range(5000, 6000);
	KUNIT_ASSERT_EQ(test, nvpm_host_record_stop(s->hchan, st), 1);
	KUNIT_ASSERT_LE(test, st->written, (u64)NVR_RING / NVR_PKT);
	for (i = 0; i < st->written; i++) {
		nvr_pkt(b, i, &cycles, &stop, &ev0);
		got += ev0;
	}
	return got;
}

/*
 * A second record on the channel whose window nouveau maps at the
 * address the first one's had, over other pages, with the same channel
 * and DMA object selector (so RECORD_CHAN is not rewritten, which would
 * also empty PCOUNTER's TLB): the packets land in the second buffer, and
 * the first, released, is not written again.  It takes nouveau's VMM to
 * flush PCOUNTER's TLB (VM engine 0x0b) when it maps and unmaps the
 * windows (patch 0008): before it, PCOUNTER went on writing through the
 * first window's translation.
 */
static void
nouveau_record_remapped_window_flushed(struct kunit *test)
{
	struct nvpm_host_record_status st;
	struct nvpm_host_record_buf hb1, hb2;
	struct nvf *t = nvf_new(test);
	struct nvr_buf *b1, *b2;
	struct nvs s = {};
	u8 *snap;

	nvr_new(t, &s);
	b1 = nvr_buf_new(t, &hb1);
	KUNIT_EXPECT_EQ(test, nvr_session(t, &s, b1, &hb1, &st), 600ULL);
	KUNIT_EXPECT_EQ(test, st.lost, 0ULL);
	KUNIT_EXPECT_EQ(test, b1->released, 1U);
	snap = kunit_kmalloc(test, NVR_RING, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, snap);
	memcpy(snap, b1->map, NVR_RING);

	b2 = nvr_buf_new(t, &hb2);
	/* what the case is about: the same address and binding, other pages */
	KUNIT_ASSERT_EQ(test, hb2.win[0], hb1.win[0]);
	KUNIT_ASSERT_EQ(test, hb2.dma, hb1.dma);
	KUNIT_ASSERT_EQ(test, hb2.chan, hb1.chan);
	KUNIT_EXPECT_EQ(test, nvr_session(t, &s, b2, &hb2, &st), 600ULL);
	KUNIT_EXPECT_GE(test, st.written, 2ULL);
	KUNIT_EXPECT_EQ(test, memcmp(snap, b1->map, NVR_RING), 0);
	KUNIT_EXPECT_EQ(test, nvkm_rd32(t->device, NVR_RECORD_STATUS(NVS_CORE_A)) &
			NVR_RECORD_STATUS_FAULT, 0U);
}

static struct kunit_case nouveau_nvpm_record_cases[] = {
	KUNIT_CASE(nouveau_record_packets_match_load),
	KUNIT_CASE(nouveau_record_bad_windows_refused),
	KUNIT_CASE(nouveau_record_stops_before_chan_goes),
	KUNIT_CASE(nouveau_record_remapped_window_flushed),
	{}
};

static struct kunit_suite nouveau_nvpm_record_suite = {
	.name = "nouveau_nvpm_record",
	.test_cases = nouveau_nvpm_record_cases,
};

kunit_test_suites(&nouveau_nvpm_fifo_suite, &nouveau_nvpm_swmthd_suite,
		  &nouveau_nvpm_record_suite);
