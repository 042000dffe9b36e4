/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_FIFO_PRIV_H__
#define __NVKM_FIFO_PRIV_H__
#include <nvkm/engine/fifo.h>

#define nvkm_fifo(p) container_of((p), struct nvkm_fifo, engine.subdev)

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
 * struct nvkm_fifo_hw - what a FIFO family writes to the GPU
 * @chid: the first and last channel id channels get
 * @vm_engine: the FIFO's engine number in a channel's address space
 * @oneinit: allocate what the engine keeps (at construction), may be NULL
 * @dtor: free it, may be NULL
 * @init: set the engine up, interrupts on
 * @fini: interrupts off
 * @intr: handle pending interrupts; whether there were any
 * @chan_start: write a new channel's structure and let the FIFO serve it
 * @chan_fini: take a channel off the GPU; the FIFO reads nothing of it after
 * @chan_halt: the FIFO reads nothing more of a faulted channel; fifo->lock held
 * @chan_object: put an object in the channel's RAMHT: @handle, the engine
 *		 that runs its methods, its instance (offset in the structure)
 * @submit: queue a checked segment, set the channel's @submitted and *seq
 * @ref: a channel's reference counter
 */
struct nvkm_fifo_hw {
	int chid[2];
	u8 vm_engine;
	int (*oneinit)(struct nvkm_fifo *fifo);
	void (*dtor)(struct nvkm_fifo *fifo);
	void (*init)(struct nvkm_fifo *fifo);
	void (*fini)(struct nvkm_fifo *fifo);
	bool (*intr)(struct nvkm_fifo *fifo);
	void (*chan_start)(struct nvkm_fifo_chan *chan);
	void (*chan_fini)(struct nvkm_fifo_chan *chan);
	void (*chan_halt)(struct nvkm_fifo_chan *chan);
	void (*chan_object)(struct nvkm_fifo_chan *chan, u32 handle, u32 engine, u32 inst);
	int (*submit)(struct nvkm_fifo_chan *chan, u64 addr, u32 len, u64 *seq);
	u32 (*ref)(struct nvkm_fifo_chan *chan);
};

/**
 * struct nvkm_fifo_func - a generation's FIFO
 * @hw: its family's registers (nv50_fifo_hw for G80 and G84+ alike)
 * @pgd: its channel structure: the page directory's offset in it
 *	 (memory_g80-vm.rst "Channels")
 * @ramfc: RAMFC's offset in the channel structure
 * @saved: offset and size of what PFIFO itself writes when it switches
 *	   the channel out (RAMFC, CACHE): not known zero afterwards
 * @ramfc_init: RAMFC words of the generation, after the common ones
 * @table: the channel table entry's address and target part
 */
struct nvkm_fifo_func {
	const struct nvkm_fifo_hw *hw;
	u32 pgd;
	u32 ramfc;
	u32 saved[2];
	void (*ramfc_init)(struct nvkm_fifo_chan *chan);
	u32 (*table)(struct nvkm_fifo_chan *chan);
};

int nvkm_fifo_new_(const struct nvkm_fifo_func *func, struct nvkm_device *device,
		   struct nvkm_fifo **pfifo);
void nvkm_fifo_chan_wake(struct nvkm_fifo_chan *chan);
void nvkm_fifo_chan_stop(struct nvkm_fifo_chan *chan, u32 fault, u64 info);
void nvkm_fifo_swmthd(struct nvkm_fifo *fifo, int chid, u32 subc, u32 mthd, u32 data);
void nvkm_fifo_fault(struct nvkm_fifo *fifo, int chid, u32 fault, u64 info);

/* The NV50 family's (nv50.c), g84.c's too. */
extern const struct nvkm_fifo_hw nv50_fifo_hw;

#endif
