/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_MMU_H__
#define __NVKM_MMU_H__
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <nvkm/core/device.h>

/* The GPU virtual address spaces nvkm builds: 40 bits, 4 KiB pages. */
#define NVKM_VMM_BITS		40
#define NVKM_VMM_PAGE		SZ_4K
/* Where allocation starts: the first 64 KiB stay unmapped, to catch 0. */
#define NVKM_VMM_START		SZ_64K

/* nvkm_vmm_map() placement */
#define NVKM_VMM_NO_4G_CROSS	BIT(0)	/* the range keeps bits 39:32 */
#define NVKM_VMM_LOW_4G		BIT(1)	/* the range ends below 4 GiB */

/**
 * struct nvkm_vmm - one GPU virtual address space
 * @device: its device
 * @id: the address space's number, as engines that bind one name it
 *	(e.g. RECORD_CHAN.CHAN)
 * @mutex: @vmas, @next
 * @vmas: &struct nvkm_vma mapped now
 * @next: lowest address not handed out yet; addresses are not reused
 */
struct nvkm_vmm {
	struct nvkm_device *device;
	u32 id;
	struct mutex mutex;	/* see above */
	struct list_head vmas;
	u64 next;
};

/**
 * struct nvkm_vma - a mapped range of a &struct nvkm_vmm
 * @head: in &nvkm_vmm.vmas
 * @addr: first address
 * @size: bytes, whole pages
 * @piece: bytes of each copy of the buffer (@size when mapped once)
 */
struct nvkm_vma {
	struct list_head head;
	u64 addr;
	u64 size;
	u64 piece;
};

bool nvkm_vmm_supported(struct nvkm_device *device);
int nvkm_vmm_new(struct nvkm_device *device, struct nvkm_vmm **pvmm);
void nvkm_vmm_del(struct nvkm_vmm **pvmm);
int nvkm_vmm_map(struct nvkm_vmm *vmm, void *cpu, u64 size, u32 flags, u64 *addr);
int nvkm_vmm_map_repeat(struct nvkm_vmm *vmm, void *cpu, u64 size, u32 copies,
			u32 flags, u64 *addr);
int nvkm_vmm_unmap(struct nvkm_vmm *vmm, u64 addr);
int nvkm_vmm_dma(struct nvkm_vmm *vmm, u32 handle, u64 base, u64 limit);
int nvkm_vmm_dma_del(struct nvkm_vmm *vmm, u32 handle);

#endif
