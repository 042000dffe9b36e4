/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_VM_H__
#define __NVKM_SIM_VM_H__
#include <linux/sizes.h>
#include <nvkm/sim/sim.h>

/*
 * Memory as the simulated engines see it (nvkm/sim/vm.c): the G80 VM,
 * 40-bit virtual addresses translated through the channel structure a
 * channel descriptor names, its page tables and its DMA objects, to VRAM
 * or system memory.  Whoever owns the memory (the driver, a test) writes
 * the structures: VRAM through PRAMIN, system memory directly.  The
 * models go through it under sim->lock, from any context.
 */
#define NVKM_SIM_VM_BITS	40
#define NVKM_SIM_VM_PAGE	0x1000

/*
 * Cycles from an engine's write request to its landing in memory; an
 * engine that can have one write outstanding (a PCOUNTER record domain) is
 * busy for as long.  The reference gives no figure: a modelling choice,
 * short enough for tests, long enough to make STOPs pile up in one packet.
 */
#define NVKM_SIM_VM_WRITE_CYCLES	16

struct nvkm_sim_vm;

/* The card's VRAM, reached from BAR0 through the PRAMIN window. */
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

/* The engines' paths (sim->lock held): all or nothing, 0 or -EFAULT. */
int nvkm_sim_vm_write(struct nvkm_sim_vm *vm, u32 chan, u32 sel, u64 offset,
		      const void *data, u32 len);
int nvkm_sim_vm_read(struct nvkm_sim_vm *vm, u32 chan, u64 va, void *data, u32 len);

#endif
