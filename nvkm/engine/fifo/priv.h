/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_FIFO_PRIV_H__
#define __NVKM_FIFO_PRIV_H__
#include <nvkm/engine/fifo.h>

/*
 * A channel structure (envytools memory_g80-vm.rst "Channels"), one
 * instance memory allocation per channel.  Common to both layouts: the
 * RAMHT, a channel object found by its offset from the structure's start.
 */
#define NV50_FIFO_CHAN_SIZE	0x7000
#define NV50_FIFO_RAMHT		0x6000
#define NV50_FIFO_RAMHT_BITS	9	/* 512 entries, 0x1000 bytes */

/**
 * struct nv50_fifo_func - what a generation's channels differ in
 * @ramfc: RAMFC's offset in the channel structure
 * @vm: offset of the model's address space word (hw/fifo.h)
 * @ramfc_init: RAMFC words of the generation, after the common ones
 * @table: the channel table entry's address and target part
 */
struct nv50_fifo_func {
	u32 ramfc;
	u32 vm;
	void (*ramfc_init)(struct nvkm_fifo_chan *chan);
	u32 (*table)(struct nvkm_fifo_chan *chan);
};

int nv50_fifo_ctor(const struct nv50_fifo_func *func, struct nvkm_device *device,
		   struct nvkm_fifo **pfifo);

#endif
