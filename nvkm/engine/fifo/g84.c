// SPDX-License-Identifier: MIT
/*
 * G84+ channels: the structure opens with the engines' context DMA
 * objects and the page directory at 0x200; RAMFC is a separate 0x100-byte
 * object the channel table points at, >> 8, and it names the structure
 * in CHAN_INST (envytools memory_g80-vm.rst, rnndb_fifo_g80_pfifo.xml;
 * nouveau fifo/chang84.c, gpfifog84.c).
 */
#include <linux/bitfield.h>
#include <nvkm/hw/fifo.h>
#include <nvkm/hw/vm.h>
#include <nvkm/subdev/instmem.h>
#include <nvkm/subdev/mmu.h>
#include "priv.h"

/* After the page directory (0x200..0x4200): objects, RAMFC, CACHE. */
#define G84_FIFO_RAMFC		0x4400
#define G84_FIFO_CACHE		0x5000	/* 0x1000 bytes, 0x400-aligned */
#define G84_RAMFC_CACHE_INST	0x88	/* >> 10 */

static_assert(!(G84_FIFO_RAMFC % G84_RAMFC_ALIGN));
/* after the space's DMA objects (mmu.h) */
#define G84_FIFO_OBJS_END	(G84_CHAN_PGD + NV50_CHAN_PGD_SIZE + NVKM_VMM_DMAS * 0x20)
static_assert(G84_FIFO_OBJS_END <= G84_FIFO_RAMFC);
static_assert(G84_FIFO_CACHE + 0x1000 <= NV50_FIFO_RAMHT);

static void
g84_fifo_ramfc_init(struct nvkm_fifo_chan *chan)
{
	struct nvkm_instmem *imem = chan->fifo->engine.subdev.device->imem;
	u64 ramfc = chan->inst + G84_FIFO_RAMFC;

	/* gpfifog84.c: where the channel's CACHE goes when it is switched out */
	nvkm_instmem_wr32(imem, ramfc + G84_RAMFC_CACHE_INST,
			  (chan->inst + G84_FIFO_CACHE) >> 10);
	/* the channel descriptor of the structure: VRAM, address >> 12 */
	nvkm_instmem_wr32(imem, ramfc + G84_RAMFC_CHAN_INST,
			  FIELD_PREP(NV50_CHAN_DESC_ADDR, chan->inst >> 12) |
			  FIELD_PREP(NV50_CHAN_DESC_TARGET, NV50_MEM_TARGET_VRAM));
}

/* chang84.c: the entry holds the RAMFC address >> 8 */
static u32
g84_fifo_table(struct nvkm_fifo_chan *chan)
{
	return FIELD_PREP(G84_PFIFO_CTX_TABLE_RAMFC, (chan->inst + G84_FIFO_RAMFC) >> 8) |
	       FIELD_PREP(G84_PFIFO_CTX_TABLE_TARGET, NV50_MEM_TARGET_VRAM);
}

static const struct nvkm_fifo_func
g84_fifo = {
	.hw = &nv50_fifo_hw,
	.pgd = G84_CHAN_PGD,
	.ramfc = G84_FIFO_RAMFC,
	.saved = { G84_FIFO_RAMFC, G84_FIFO_CACHE + 0x1000 - G84_FIFO_RAMFC },
	.ramfc_init = g84_fifo_ramfc_init,
	.table = g84_fifo_table,
};

/**
 * g84_fifo_new() - the FIFO engine of a G84+ (Tesla after G80) GPU
 * @device: the device
 * @pfifo: the engine
 *
 * Return: 0 or -ENOMEM.
 */
int
g84_fifo_new(struct nvkm_device *device, struct nvkm_fifo **pfifo)
{
	return nvkm_fifo_new_(&g84_fifo, device, pfifo);
}
