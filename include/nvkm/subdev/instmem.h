/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_INSTMEM_H__
#define __NVKM_INSTMEM_H__
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <nvkm/core/device.h>

/*
 * NV50 family instance memory: the VRAM that holds channel structures,
 * RAMFC, RAMHT, playlists.  Allocated in NVKM_INSTMEM_BLOCK units from a
 * fixed range of VRAM, written and read through the PRAMIN window only.
 * The first 256 KiB of VRAM are left to whatever the firmware put there
 * (the VGA/EFI console).
 */
#define NVKM_INSTMEM_BLOCK	0x1000
#define NVKM_INSTMEM_START	0x040000
#define NVKM_INSTMEM_END	0x400000
#define NVKM_INSTMEM_BLOCKS	((NVKM_INSTMEM_END - NVKM_INSTMEM_START) / NVKM_INSTMEM_BLOCK)
/* Lines whose content is known to be zero are not cleared again. */
#define NVKM_INSTMEM_LINE	64
#define NVKM_INSTMEM_LINES	((NVKM_INSTMEM_END - NVKM_INSTMEM_START) / NVKM_INSTMEM_LINE)

/**
 * struct nvkm_instmem - instance memory of a device
 * @device: the device
 * @mutex: @used
 * @used: allocated blocks
 * @lock: the PRAMIN window and @window; taken from any context
 * @window: VRAM address PRAMIN shows now, U64_MAX when unknown
 * @clean: lines known to hold zeros (under @lock)
 */
struct nvkm_instmem {
	struct nvkm_device *device;
	struct mutex mutex;	/* see above */
	DECLARE_BITMAP(used, NVKM_INSTMEM_BLOCKS);
	spinlock_t lock;	/* see above */
	u64 window;
	DECLARE_BITMAP(clean, NVKM_INSTMEM_LINES);
};

int nv50_instmem_new(struct nvkm_device *device, struct nvkm_instmem **pimem);
void nvkm_instmem_del(struct nvkm_instmem **pimem);
int nvkm_instmem_alloc(struct nvkm_instmem *imem, u32 size, u32 *addr);
void nvkm_instmem_free(struct nvkm_instmem *imem, u32 addr, u32 size);
void nvkm_instmem_wr32(struct nvkm_instmem *imem, u64 addr, u32 data);
u32 nvkm_instmem_rd32(struct nvkm_instmem *imem, u64 addr);
void nvkm_instmem_zero(struct nvkm_instmem *imem, u64 addr, u32 size);
void nvkm_instmem_dirty(struct nvkm_instmem *imem, u64 addr, u32 size);

#endif
