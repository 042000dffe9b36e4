/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_VM_H__
#define __NVKM_SIM_VM_H__
#include <linux/sizes.h>
#include <nvkm/sim/sim.h>

/*
 * Memory as the simulated engines see it: per channel, a 40-bit virtual
 * address space of 4 KiB pages backed by kernel buffers, and DMA objects,
 * windows into that space (base, inclusive limit) that an engine binds by
 * handle and addresses by offset.  Tests, and the driver's memory manager,
 * build it; the models write through it under sim->lock, from any context.
 */
#define NVKM_SIM_VM_BITS	40
#define NVKM_SIM_VM_PAGE	0x1000
#define NVKM_SIM_VM_CHANS	BIT(30)		/* channel ids: RECORD_CHAN.CHAN */
#define NVKM_SIM_VM_DMAS	BIT(16)		/* DMA handles: RECORD_DMA */

/*
 * Cycles from an engine's write request to its landing in memory; an
 * engine that can have one write outstanding (a PCOUNTER record domain) is
 * busy for as long.  The reference gives no figure: a modelling choice,
 * short enough for tests, long enough to make STOPs pile up in one packet.
 */
#define NVKM_SIM_VM_WRITE_CYCLES	16

struct nvkm_sim_vm;

/*
 * The card's VRAM (nvkm/sim/mem.c): reached through PRAMIN by the driver,
 * and by the engines through channel structures, DMA objects and page
 * tables, with system memory.
 */
#define NVKM_SIM_VRAM_SIZE	SZ_4M

/**
 * struct nvkm_sim_xlat - where an engine's access lands
 * @target: memory target (NV50_MEM_TARGET_*)
 * @addr: linear address
 * @page: bytes of the page it is in
 * @fault: the VM fault (NV50_VM_FAULT_*) when it does not
 */
struct nvkm_sim_xlat {
	u32 target;
	u64 addr;
	u32 page;
	u32 fault;
};

/**
 * struct nvkm_sim_dmaobj - a DMA object as the simulated VM reads it
 * @class: object class
 * @target: NV50_DMAOBJ_TARGET_*
 * @access: NV50_DMAOBJ_ACCESS_*
 * @base: start address
 * @limit: limit address
 * @fault: why it could not be read
 */
struct nvkm_sim_dmaobj {
	u16 class;
	u8 target;
	u8 access;
	u64 base;
	u64 limit;
	u32 fault;
};

int nvkm_sim_vm_walk(struct nvkm_sim *sim, u32 chan, u64 va, bool write,
		     struct nvkm_sim_xlat *x);
int nvkm_sim_vm_dmaobj(struct nvkm_sim *sim, u32 chan, u16 sel,
		       struct nvkm_sim_dmaobj *dma);
int nvkm_sim_vm_dma(struct nvkm_sim *sim, u32 chan, u16 sel, u64 offset, bool write,
		    struct nvkm_sim_xlat *x);
u32 nvkm_sim_vm_flushes(struct nvkm_sim *sim, u32 engine);

int nvkm_sim_vm_chan_new(struct nvkm_sim *sim, u32 chan);
void nvkm_sim_vm_chan_del(struct nvkm_sim *sim, u32 chan);
int nvkm_sim_vm_map(struct nvkm_sim *sim, u32 chan, u64 va, void *cpu, u64 size);
int nvkm_sim_vm_unmap(struct nvkm_sim *sim, u32 chan, u64 va, u64 size);
int nvkm_sim_dma_set(struct nvkm_sim *sim, u32 chan, u32 handle, u64 base,
		     u64 limit);
int nvkm_sim_dma_del(struct nvkm_sim *sim, u32 chan, u32 handle);

/* The simulator's side: life, and the engines' write path (sim->lock held). */
struct nvkm_sim_vm *nvkm_sim_vm_new(void);
void nvkm_sim_vm_del(struct nvkm_sim_vm **pvm);
int nvkm_sim_vm_write(struct nvkm_sim_vm *vm, u32 chan, u32 handle, u64 offset,
		      const void *data, u32 len);
int nvkm_sim_vm_read(struct nvkm_sim_vm *vm, u32 chan, u64 va, void *data, u32 len);

#endif
