/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_MMIO_H__
#define __NVKM_MMIO_H__
#include <linux/types.h>

/**
 * struct nvkm_mmio_func - the one place hardware access can be redirected
 * @rd32: read the 32-bit register at BAR0 offset @addr
 * @wr32: write @data to the 32-bit register at BAR0 offset @addr
 * @vm_new: create the empty GPU address space @id
 * @vm_del: destroy address space @id, its mappings and DMA objects
 * @vm_map: make @size bytes at @va of space @id reach the kernel buffer @cpu
 * @vm_unmap: undo @vm_map
 * @vm_dma: create or replace DMA object @handle of space @id: a window
 *	    [@base, @base + @limit] the engines address by offset
 * @vm_dma_del: destroy DMA object @handle of space @id
 *
 * A device either has a mapped BAR0 (real hardware) or a set of these hooks
 * (the simulated GPU).  The register hooks must be callable from interrupt
 * context.  The vm_* hooks stand for writing the GPU's page tables and DMA
 * objects: process context only, and optional (NULL where the device's
 * page tables are not driven through them).
 */
struct nvkm_mmio_func {
	u32 (*rd32)(void *priv, u32 addr);
	void (*wr32)(void *priv, u32 addr, u32 data);

	int (*vm_new)(void *priv, u32 id);
	void (*vm_del)(void *priv, u32 id);
	int (*vm_map)(void *priv, u32 id, u64 va, void *cpu, u64 size);
	int (*vm_unmap)(void *priv, u32 id, u64 va, u64 size);
	int (*vm_dma)(void *priv, u32 id, u32 handle, u64 base, u64 limit);
	int (*vm_dma_del)(void *priv, u32 id, u32 handle);
};

#endif
