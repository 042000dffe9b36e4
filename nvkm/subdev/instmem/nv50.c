// SPDX-License-Identifier: MIT
/*
 * NV50 family instance memory, reached through BAR0's PRAMIN window:
 * 0x700000..0x7fffff shows the 1 MiB of VRAM starting at the address
 * written, >> 16, to 0x001700 (envytools memory_peephole.rst and
 * memory_g80-vram.rst; nouveau's instmem/nv50.c moves it the same way, one
 * 1 MiB-aligned base at a time).  Every access goes through here, so the
 * driver needs no BAR mapping of VRAM and the simulated GPU sees only
 * register accesses.
 *
 * The allocator is a bitmap of 4 KiB blocks over a fixed range: the
 * structures are few (a channel's is 28 KiB) and live as long as their
 * channel, so first fit is enough; the range bounds what can be taken.
 */
#include <linux/bitmap.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <nvkm/hw/fifo.h>
#include <nvkm/hw/vm.h>
#include <nvkm/subdev/instmem.h>

#define NV50_PRAMIN_BASE_MASK	(~(u64)(NV50_PRAMIN_SIZE - 1))

/* Point PRAMIN at the MiB holding @addr; imem->lock held. */
static u32
nv50_instmem_window(struct nvkm_instmem *imem, u64 addr)
{
	u64 base = addr & NV50_PRAMIN_BASE_MASK;

	if (imem->window != base) {
		nvkm_wr32(imem->device, NV50_PRAMIN_WINDOW, base >> NV50_PRAMIN_WINDOW_SHIFT);
		imem->window = base;
	}
	return NV50_PRAMIN + (addr - base);
}

/**
 * nvkm_instmem_wr32() - write a word of instance memory
 * @imem: instance memory
 * @addr: VRAM address, 4-aligned
 * @data: the word
 *
 * Context: any.
 */
void
nvkm_instmem_wr32(struct nvkm_instmem *imem, u64 addr, u32 data)
{
	unsigned long flags;

	spin_lock_irqsave(&imem->lock, flags);
	if (data && addr >= NVKM_INSTMEM_START && addr < NVKM_INSTMEM_END)
		clear_bit((addr - NVKM_INSTMEM_START) / NVKM_INSTMEM_LINE, imem->clean);
	nvkm_wr32(imem->device, nv50_instmem_window(imem, addr), data);
	spin_unlock_irqrestore(&imem->lock, flags);
}

/**
 * nvkm_instmem_dirty() - forget that a range holds zeros
 * @imem: instance memory
 * @addr: VRAM address
 * @size: bytes
 *
 * For memory the GPU itself writes (a channel's RAMFC and CACHE when it is
 * switched out): the next nvkm_instmem_zero() clears it for real.
 */
void
nvkm_instmem_dirty(struct nvkm_instmem *imem, u64 addr, u32 size)
{
	unsigned long flags;
	u64 at;

	spin_lock_irqsave(&imem->lock, flags);
	for (at = round_down(addr, NVKM_INSTMEM_LINE); at < addr + size; at += NVKM_INSTMEM_LINE) {
		if (at >= NVKM_INSTMEM_START && at < NVKM_INSTMEM_END)
			clear_bit((at - NVKM_INSTMEM_START) / NVKM_INSTMEM_LINE, imem->clean);
	}
	spin_unlock_irqrestore(&imem->lock, flags);
}

/**
 * nvkm_instmem_rd32() - read a word of instance memory
 * @imem: instance memory
 * @addr: VRAM address, 4-aligned
 *
 * Context: any.
 * Return: the word.
 */
u32
nvkm_instmem_rd32(struct nvkm_instmem *imem, u64 addr)
{
	unsigned long flags;
	u32 data;

	spin_lock_irqsave(&imem->lock, flags);
	data = nvkm_rd32(imem->device, nv50_instmem_window(imem, addr));
	spin_unlock_irqrestore(&imem->lock, flags);
	return data;
}

/**
 * nvkm_instmem_zero() - clear instance memory
 * @imem: instance memory
 * @addr: VRAM address in the instance memory range, 4-aligned
 * @size: bytes, a multiple of 4
 *
 * Whole lines cleared here are remembered as zero until a non-zero word is
 * written into them (or nvkm_instmem_dirty()), and skipped next time: a
 * page directory is cleared once per block, not once per address space.
 * Lines start unknown: the first clear writes every word.
 *
 * Context: process; it may sleep.  A page directory is 4096 writes, each
 * as slow as the GPU's registers are: under QEMU with KASAN and a
 * simulated GPU recording, on a loaded host, 5 ms a write, and the loop
 * held its CPU 22 s (a soft lockup).  It lets the scheduler in every line.
 */
void
nvkm_instmem_zero(struct nvkm_instmem *imem, u64 addr, u32 size)
{
	u64 at, line;
	bool whole;

	might_sleep();
	for (at = addr; at < addr + size; at += 4) {
		if (IS_ALIGNED(at, NVKM_INSTMEM_LINE))
			cond_resched();
		line = (at - NVKM_INSTMEM_START) / NVKM_INSTMEM_LINE;
		whole = IS_ALIGNED(at, NVKM_INSTMEM_LINE) &&
			at + NVKM_INSTMEM_LINE <= addr + size;
		/* a whole line known zero: nothing to write */
		if (whole && test_bit(line, imem->clean)) {
			at += NVKM_INSTMEM_LINE - 4;
			continue;
		}
		nvkm_instmem_wr32(imem, at, 0);
		if (whole && IS_ALIGNED(at + 4, NVKM_INSTMEM_LINE))
			set_bit(line, imem->clean);
	}
}

/**
 * nvkm_instmem_alloc() - take instance memory
 * @imem: instance memory
 * @size: bytes, rounded up to whole blocks
 * @addr: its VRAM address, NVKM_INSTMEM_BLOCK aligned
 *
 * The memory is not cleared: the caller writes every word the GPU reads.
 *
 * Return: 0, -EINVAL for a size of 0, -ENOMEM when no range is free.
 */
int
nvkm_instmem_alloc(struct nvkm_instmem *imem, u32 size, u32 *addr)
{
	unsigned long nr = DIV_ROUND_UP(size, NVKM_INSTMEM_BLOCK), at;

	if (!size || nr > NVKM_INSTMEM_BLOCKS)
		return -EINVAL;
	mutex_lock(&imem->mutex);
	at = bitmap_find_next_zero_area(imem->used, NVKM_INSTMEM_BLOCKS, 0, nr, 0);
	if (at < NVKM_INSTMEM_BLOCKS)
		bitmap_set(imem->used, at, nr);
	mutex_unlock(&imem->mutex);
	if (at >= NVKM_INSTMEM_BLOCKS)
		return -ENOMEM;
	*addr = NVKM_INSTMEM_START + at * NVKM_INSTMEM_BLOCK;
	return 0;
}

/**
 * nvkm_instmem_free() - give back what nvkm_instmem_alloc() took
 * @imem: instance memory
 * @addr: its address
 * @size: its size
 */
void
nvkm_instmem_free(struct nvkm_instmem *imem, u32 addr, u32 size)
{
	unsigned long nr = DIV_ROUND_UP(size, NVKM_INSTMEM_BLOCK);

	if (WARN_ON(addr < NVKM_INSTMEM_START || addr >= NVKM_INSTMEM_END))
		return;
	mutex_lock(&imem->mutex);
	bitmap_clear(imem->used, (addr - NVKM_INSTMEM_START) / NVKM_INSTMEM_BLOCK, nr);
	mutex_unlock(&imem->mutex);
}

/**
 * nv50_instmem_new() - instance memory of an NV50 family device
 * @device: the device
 * @pimem: the new instance memory
 *
 * Return: 0 or -ENOMEM.
 */
int
nv50_instmem_new(struct nvkm_device *device, struct nvkm_instmem **pimem)
{
	struct nvkm_instmem *imem = kzalloc(sizeof(*imem), GFP_KERNEL);

	*pimem = imem;
	if (!imem)
		return -ENOMEM;
	imem->device = device;
	mutex_init(&imem->mutex);
	spin_lock_init(&imem->lock);
	imem->window = U64_MAX;	/* whatever the firmware left: set it first */
	return 0;
}

/**
 * nvkm_instmem_del() - free instance memory's bookkeeping
 * @pimem: instance memory, may point to NULL; set to NULL
 */
void
nvkm_instmem_del(struct nvkm_instmem **pimem)
{
	struct nvkm_instmem *imem = *pimem;

	if (!imem)
		return;
	WARN_ON(!bitmap_empty(imem->used, NVKM_INSTMEM_BLOCKS));
	mutex_destroy(&imem->mutex);
	kfree(imem);
	*pimem = NULL;
}
