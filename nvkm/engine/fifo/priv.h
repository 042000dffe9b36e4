/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_FIFO_PRIV_H__
#define __NVKM_FIFO_PRIV_H__
#include <nvkm/engine/fifo.h>

/*
 * A channel structure (envytools memory_g80-vm.rst "Channels") is its
 * address space's (nvkm_vmm: page directory, DMA objects after it).
 * Common to both layouts: the RAMHT, a channel object found by its offset
 * from the structure's start.
 */
#define NV50_FIFO_RAMHT		0x6000
#define NV50_FIFO_RAMHT_BITS	9	/* 512 entries, 0x1000 bytes */
#define NV50_FIFO_RAMFC_SIZE	0x100	/* the words G80_RAMFC names */

/**
 * struct nv50_fifo_func - what a generation's channels differ in
 * @pgd: the page directory's offset in the channel structure
 *	 (memory_g80-vm.rst "Channels")
 * @ramfc: RAMFC's offset in the channel structure
 * @saved: offset and size of what PFIFO itself writes when it switches
 *	   the channel out (RAMFC, CACHE): not known zero afterwards
 * @ramfc_init: RAMFC words of the generation, after the common ones
 * @table: the channel table entry's address and target part
 */
struct nv50_fifo_func {
	u32 pgd;
	u32 ramfc;
	u32 saved[2];
	void (*ramfc_init)(struct nvkm_fifo_chan *chan);
	u32 (*table)(struct nvkm_fifo_chan *chan);
};

int nv50_fifo_ctor(const struct nv50_fifo_func *func, struct nvkm_device *device,
		   struct nvkm_fifo **pfifo);

#endif
