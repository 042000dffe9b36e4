/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_MMU_H__
#define __NVKM_MMU_H__
#include <linux/dma-mapping.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <nvkm/core/device.h>

/* The GPU virtual address spaces nvkm builds: 40 bits, 4 KiB pages. */
#define NVKM_VMM_BITS		40
#define NVKM_VMM_PAGE		SZ_4K
/* Where allocation starts: the first 64 KiB stay unmapped, to catch 0. */
#define NVKM_VMM_START		SZ_64K
/* The channel structure each space has in instance memory (bytes). */
#define NVKM_VMM_INST_SIZE	0x7000
/* DMA objects a space can hold. */
#define NVKM_VMM_DMAS		8

/* nvkm_vmm_map() placement */
#define NVKM_VMM_NO_4G_CROSS	BIT(0)	/* the range keeps bits 39:32 */
#define NVKM_VMM_LOW_4G		BIT(1)	/* the range ends below 4 GiB */

/**
 * struct nvkm_vmm_pt - a page table of 4 KiB pages, in system memory
 * @cpu: its PTEs, two words each
 * @addr: its bus address
 * @entries: PTEs it has (0x2000, 0x4000, 0x8000 or 0x20000)
 */
struct nvkm_vmm_pt {
	u32 *cpu;
	dma_addr_t addr;
	u32 entries;
};

/**
 * struct nvkm_vmm - one GPU virtual address space: a G80 VM channel
 * @device: its device
 * @inst: VRAM address of its channel structure (NVKM_VMM_INST_SIZE bytes),
 *	  which holds the page directory and the DMA objects
 * @pgd: offset of the page directory in it
 * @objs: offset of the DMA objects in it
 * @engines: VM engines that use the space (TLB flushes), bit per engine
 * @mutex: everything below
 * @vmas: &struct nvkm_vma taken (mapped, unmapped or reserved), by address
 * @pt: page tables, per page directory entry, NULL while none
 * @dma: handles of the DMA objects, 0 for a free slot
 */
struct nvkm_vmm {
	struct nvkm_device *device;
	u32 inst;
	u32 pgd;
	u32 objs;
	u32 engines;
	struct mutex mutex;	/* see above */
	struct list_head vmas;
	struct nvkm_vmm_pt **pt;
	u32 dma[NVKM_VMM_DMAS];
};

/**
 * struct nvkm_vma - a taken range of a &struct nvkm_vmm
 * @head: in &nvkm_vmm.vmas
 * @addr: first address
 * @size: bytes, whole pages
 * @piece: bytes of each copy of the buffer (@size when mapped once)
 * @dma: bus addresses of the buffer's pages, @piece / NVKM_VMM_PAGE of
 *	 them; NULL while nothing is mapped (reserved, or unmapped and not
 *	 given back)
 */
struct nvkm_vma {
	struct list_head head;
	u64 addr;
	u64 size;
	u64 piece;
	dma_addr_t *dma;
};

bool nvkm_vmm_supported(struct nvkm_device *device);
int nvkm_vmm_new(struct nvkm_device *device, u32 pgd, struct nvkm_vmm **pvmm);
void nvkm_vmm_del(struct nvkm_vmm **pvmm);
void nvkm_vmm_engine(struct nvkm_vmm *vmm, u32 engine);
u32 nvkm_vmm_chan(struct nvkm_vmm *vmm);
int nvkm_vmm_map(struct nvkm_vmm *vmm, void *cpu, u64 size, u32 flags, u64 *addr);
int nvkm_vmm_map_repeat(struct nvkm_vmm *vmm, void *cpu, u64 size, u32 copies,
			u32 flags, u64 *addr);
int nvkm_vmm_reserve(struct nvkm_vmm *vmm, u64 size, u32 flags, u64 *addr);
int nvkm_vmm_unmap(struct nvkm_vmm *vmm, u64 addr);
int nvkm_vmm_put(struct nvkm_vmm *vmm, u64 addr);
int nvkm_vmm_dma(struct nvkm_vmm *vmm, u32 handle, u64 base, u64 limit);
u16 nvkm_vmm_dma_sel(struct nvkm_vmm *vmm, u32 handle);
int nvkm_vmm_dma_del(struct nvkm_vmm *vmm, u32 handle);

#endif
