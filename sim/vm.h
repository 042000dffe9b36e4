/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_VM_H__
#define __NVKM_SIM_VM_H__
#include <linux/sizes.h>
#include <sim/sim.h>

/*
 * Memory as the simulated engines see it (sim/vm.c): the G80 VM,
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

/*
 * The card's VRAM, reached from BAR0 through the PRAMIN window: enough for
 * nouveau's nv50 instance memory (64 KiB channel blocks, RAMHTs, 1 MiB
 * page tables of 4 KiB pages); allocated as it is written (sim/vm.c).
 */
#define NVKM_SIM_VRAM_SIZE	SZ_64M
/* Zeroed pages kept for VRAM's first writes (sim/vm.c). */
#define NVKM_SIM_VRAM_SPARE	256

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

/* Translations an engine's TLB holds (nvkm_sim_vm_write_tlb()). */
#define NVKM_SIM_TLB_ENTRIES	8

/**
 * struct nvkm_sim_tlb_entry - one page's translation in a TLB
 * @valid: the entry holds one
 * @va: the page's virtual address (page aligned)
 * @shift: log2 of the page size
 * @target: memory target of the page
 * @addr: its linear address
 */
struct nvkm_sim_tlb_entry {
	bool valid;
	u64 va;
	u32 shift;
	u32 target;
	u64 addr;
};

/**
 * struct nvkm_sim_tlb - an engine's TLB: what the VM read for it, kept
 * @engine: the VM engine (memory_g80-vm.rst), whose flushes empty it
 * @flushes: the engine's flush count when it was last filled
 * @dma_valid: @dma is the DMA object @sel of channel @chan
 * @chan: channel descriptor of @dma
 * @sel: selector of @dma
 * @dma: the DMA object
 * @e: page translations of @chan, writable, in memory that exists
 * @next: entry to replace next
 * @hits: translations found in it
 * @misses: translations read from memory
 *
 * Zeroed but for @engine, it is empty.  The owner empties it when its
 * binding changes (nvkm_sim_tlb_flush()); a TLB flush of @engine
 * (0x100c80) empties it before its next use.
 */
struct nvkm_sim_tlb {
	u32 engine;
	u32 flushes;
	bool dma_valid;
	u32 chan;
	u16 sel;
	struct nvkm_sim_dmaobj dma;
	struct nvkm_sim_tlb_entry e[NVKM_SIM_TLB_ENTRIES];
	unsigned int next;
	u64 hits;
	u64 misses;
};

void nvkm_sim_tlb_flush(struct nvkm_sim_tlb *tlb);

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
int nvkm_sim_vm_probe_tlb(struct nvkm_sim_vm *vm, struct nvkm_sim_tlb *tlb, u32 chan,
			  u32 sel, u64 offset, u32 len);
int nvkm_sim_vm_write_tlb(struct nvkm_sim_vm *vm, struct nvkm_sim_tlb *tlb, u32 chan,
			  u32 sel, u64 offset, const void *data, u32 len);
int nvkm_sim_vm_read(struct nvkm_sim_vm *vm, u32 chan, const struct nvkm_sim_dmaobj *dma,
		     u64 offset, void *data, u32 len);

#endif
