// SPDX-License-Identifier: MIT
/*
 * GPU virtual address spaces of the NV50 family, in the G80 VM format
 * (envytools memory_g80-vm.rst, rnndb_memory_g80_vm.xml; nouveau's
 * mmu/vmmnv50.c writes the same words).
 *
 * A space is a VM channel: a channel structure in instance memory holding
 * the page directory (0x800 PDEs of 512 MiB, at 0x1400 on G80 and 0x200 on
 * G84+) and the space's DMA objects; engines bind it by its channel
 * descriptor (structure address >> 12, VRAM).  The FIFO's channels use
 * the same structure for their RAMFC and RAMHT.
 *
 * Kernel buffers are mapped with 4 KiB pages: each page is DMA-mapped for
 * the device and its bus address goes into a PTE (present, system memory,
 * snooped).  Page tables live in coherent system memory, one per PDE
 * touched, as small as covers what is mapped there (0x2000 to 0x20000
 * entries; a PDE can cut a table short), grown by copying when a mapping
 * goes further.  After PTEs change, the TLBs of the engines using the
 * space are flushed through 0x100c80 and the flush is waited for.
 *
 * Addresses are taken first fit, in the placement rules engines have
 * (record mode's 4 GiB windows).  Unmapping keeps a range's addresses
 * taken, so that a late write of an engine that may still point there
 * faults instead of landing in someone else's buffer; nvkm_vmm_put()
 * gives them back once the user knows no engine writes there any more.
 * A space that lives long (record mode's, shared by every session) thus
 * reuses what its users are done with.  Everything here runs in process
 * context.
 */
#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <nvkm/hw/vm.h>
#include <nvkm/subdev/instmem.h>
#include <nvkm/subdev/mmu.h>

static_assert(NVKM_VMM_PAGE == PAGE_SIZE);
static_assert(G80_CHAN_PGD + NV50_CHAN_PGD_SIZE + NVKM_VMM_DMAS * 0x20 <= NVKM_VMM_INST_SIZE);

/* The PTEs of one page table, smallest first, and the PDE size codes. */
static const struct {
	u32 entries;
	u32 size;
} nvkm_vmm_pt_sizes[] = {
	{ 0x02000, 3 }, { 0x04000, 2 }, { 0x08000, 1 }, { 0x20000, 0 },
};

#define NVKM_VMM_PDE_PAGES	BIT(NV50_PDE_SHIFT - 12)
/* A TLB flush has this many microseconds to complete (nouveau: 2 s). */
#define NVKM_VMM_FLUSH_US	2000000
#define NVKM_VMM_DMA_SLOT	0x20	/* 0x18 bytes, 16-aligned */

/**
 * nvkm_vmm_supported() - whether address spaces can be built on a device
 * @device: the device
 *
 * Return: true on the NV50 family (G80 VM) when the host lends its
 * address spaces and instance memory to nvkm.
 */
bool
nvkm_vmm_supported(struct nvkm_device *device)
{
	const u32 need = NVKM_HOST_VMM | NVKM_HOST_INSTMEM;

	return device->card_type == NV_50 && (device->lends & need) == need;
}

/* Flush the TLBs of the engines using the space; vmm->mutex held. */
static void
nvkm_vmm_flush(struct nvkm_vmm *vmm)
{
	struct nvkm_device *device = vmm->device;
	unsigned long engines = vmm->engines;
	u32 eng, us;

	wmb();	/* PTEs before the flush */
	for_each_set_bit(eng, &engines, 16) {
		nvkm_wr32(device, NV50_VM_TLB_FLUSH,
			  FIELD_PREP(NV50_VM_TLB_FLUSH_ENGINE, eng) | NV50_VM_TLB_FLUSH_TRIGGER);
		for (us = 0; us < NVKM_VMM_FLUSH_US; us++) {
			u32 stat = nvkm_rd32(device, NV50_VM_TLB_FLUSH);

			/* all ones: the GPU is gone, nothing to wait for */
			if (!(stat & NV50_VM_TLB_FLUSH_TRIGGER) || stat == U32_MAX)
				break;
			udelay(1);
		}
		if (us == NVKM_VMM_FLUSH_US)
			nvdev_error(device, "vm: engine %u TLB flush timeout\n", eng);
	}
}

/**
 * nvkm_vmm_engine() - an engine uses the space: its TLB is flushed too
 * @vmm: the space
 * @engine: VM engine (NV50_VM_ENGINE_*)
 */
void
nvkm_vmm_engine(struct nvkm_vmm *vmm, u32 engine)
{
	mutex_lock(&vmm->mutex);
	vmm->engines |= BIT(engine & 15);
	mutex_unlock(&vmm->mutex);
}

/**
 * nvkm_vmm_chan() - the channel descriptor engines bind the space by
 * @vmm: the space
 *
 * Return: structure address >> 12, target VRAM.
 */
u32
nvkm_vmm_chan(struct nvkm_vmm *vmm)
{
	return FIELD_PREP(NV50_CHAN_DESC_ADDR, vmm->inst >> 12) |
	       FIELD_PREP(NV50_CHAN_DESC_TARGET, NV50_MEM_TARGET_VRAM);
}

/**
 * nvkm_vmm_new() - create an empty address space
 * @device: the device
 * @pgd: where its channel structure holds the page directory: G80_CHAN_PGD
 *	 or G84_CHAN_PGD, as the user's generation lays the structure out
 * @pvmm: the new space
 *
 * A space is a user's (a channel, a record session): its host memory
 * (tables, page lists) is charged to the calling process's memory cgroup.
 *
 * Return: 0, -ENODEV outside the NV50 family, -ENOMEM.
 */
int
nvkm_vmm_new(struct nvkm_device *device, u32 pgd, struct nvkm_vmm **pvmm)
{
	struct nvkm_vmm *vmm;
	int ret;

	*pvmm = NULL;
	if (!nvkm_vmm_supported(device) || !device->imem)
		return -ENODEV;
	vmm = kzalloc(sizeof(*vmm), GFP_KERNEL_ACCOUNT);
	if (!vmm)
		return -ENOMEM;
	vmm->pt = kcalloc(NV50_PDES, sizeof(*vmm->pt), GFP_KERNEL_ACCOUNT);
	if (!vmm->pt) {
		kfree(vmm);
		return -ENOMEM;
	}
	ret = nvkm_instmem_alloc(device->imem, NVKM_VMM_INST_SIZE, &vmm->inst);
	if (ret) {
		kfree(vmm->pt);
		kfree(vmm);
		return ret;
	}
	vmm->device = device;
	vmm->pgd = pgd;
	vmm->objs = vmm->pgd + NV50_CHAN_PGD_SIZE;
	mutex_init(&vmm->mutex);
	INIT_LIST_HEAD(&vmm->vmas);
	/* every PDE not present */
	nvkm_instmem_zero(device->imem, vmm->inst + vmm->pgd, NV50_CHAN_PGD_SIZE);
	*pvmm = vmm;
	return 0;
}

static void
nvkm_vmm_dma_unmap(struct nvkm_vmm *vmm, struct nvkm_vma *vma, u64 pages)
{
	u64 i;

	for (i = 0; i < pages; i++)
		dma_unmap_page(vmm->device->dev, vma->dma[i], NVKM_VMM_PAGE,
			       DMA_BIDIRECTIONAL);
	kvfree(vma->dma);
	vma->dma = NULL;
}

static void
nvkm_vmm_pt_free(struct nvkm_vmm *vmm, struct nvkm_vmm_pt *pt)
{
	dma_free_coherent(vmm->device->dev, pt->entries * 8ull, pt->cpu, pt->addr);
	kfree(pt);
}

/**
 * nvkm_vmm_del() - destroy an address space, its mappings and DMA objects
 * @pvmm: the space, may point to NULL; set to NULL
 *
 * Engines must have been unbound from it first.
 */
void
nvkm_vmm_del(struct nvkm_vmm **pvmm)
{
	struct nvkm_vmm *vmm = *pvmm;
	struct nvkm_vma *vma, *tmp;
	u32 i;

	if (!vmm)
		return;
	list_for_each_entry_safe(vma, tmp, &vmm->vmas, head) {
		if (vma->dma)
			nvkm_vmm_dma_unmap(vmm, vma, vma->piece / NVKM_VMM_PAGE);
		kfree(vma);
	}
	for (i = 0; i < NV50_PDES; i++) {
		if (vmm->pt[i])
			nvkm_vmm_pt_free(vmm, vmm->pt[i]);
	}
	nvkm_instmem_free(vmm->device->imem, vmm->inst, NVKM_VMM_INST_SIZE);
	mutex_destroy(&vmm->mutex);
	kfree(vmm->pt);
	kfree(vmm);
	*pvmm = NULL;
}

/* Point PDE @pdei at its page table (4 KiB pages, system memory). */
static void
nvkm_vmm_pde(struct nvkm_vmm *vmm, u32 pdei, u32 size)
{
	struct nvkm_vmm_pt *pt = vmm->pt[pdei];
	u64 pde = vmm->inst + vmm->pgd + pdei * 8;

	/* word 1 first: the entry turns present with word 0 */
	nvkm_instmem_wr32(vmm->device->imem, pde + 4,
			  FIELD_PREP(NV50_PDE_ADDR_HI, upper_32_bits(pt->addr)));
	nvkm_instmem_wr32(vmm->device->imem, pde,
			  (lower_32_bits(pt->addr) & NV50_PDE_ADDR_LO) |
			  FIELD_PREP(NV50_PDE_SIZE, size) |
			  FIELD_PREP(NV50_PDE_TARGET, NV50_MEM_TARGET_SYSRAM) |
			  FIELD_PREP(NV50_PDE_TYPE, NV50_PDE_TYPE_4K));
}

/* Make PDE @pdei's table cover PTE @last; vmm->mutex held. */
static int
nvkm_vmm_pt_get(struct nvkm_vmm *vmm, u32 pdei, u32 last)
{
	struct nvkm_vmm_pt *old = vmm->pt[pdei], *pt;
	int i;

	if (old && last < old->entries)
		return 0;
	for (i = 0; last >= nvkm_vmm_pt_sizes[i].entries; i++)
		;
	pt = kzalloc(sizeof(*pt), GFP_KERNEL_ACCOUNT);
	if (!pt)
		return -ENOMEM;
	pt->entries = nvkm_vmm_pt_sizes[i].entries;
	pt->cpu = dma_alloc_coherent(vmm->device->dev, pt->entries * 8ull, &pt->addr,
				     GFP_KERNEL_ACCOUNT);
	if (!pt->cpu || upper_32_bits(pt->addr) > 0xff) {
		if (pt->cpu)
			dma_free_coherent(vmm->device->dev, pt->entries * 8ull, pt->cpu,
					  pt->addr);
		kfree(pt);
		return -ENOMEM;
	}
	if (old)
		memcpy(pt->cpu, old->cpu, old->entries * 8ull);
	vmm->pt[pdei] = pt;
	nvkm_vmm_pde(vmm, pdei, nvkm_vmm_pt_sizes[i].size);
	if (old) {
		/* the old table is not read once the TLBs forget it */
		nvkm_vmm_flush(vmm);
		nvkm_vmm_pt_free(vmm, old);
	}
	return 0;
}

/* Page tables covering [@va, @va + @size); vmm->mutex held. */
static int
nvkm_vmm_pts(struct nvkm_vmm *vmm, u64 va, u64 size)
{
	u64 page = va / NVKM_VMM_PAGE, end = (va + size) / NVKM_VMM_PAGE;
	int ret = 0;

	while (!ret && page < end) {
		u64 next = min(round_down(page, NVKM_VMM_PDE_PAGES) + NVKM_VMM_PDE_PAGES, end);

		ret = nvkm_vmm_pt_get(vmm, page / NVKM_VMM_PDE_PAGES,
				      (next - 1) % NVKM_VMM_PDE_PAGES);
		page = next;
	}
	return ret;
}

/* Write the PTE of virtual page @page: @dma, or not present (@dma 0). */
static void
nvkm_vmm_pte(struct nvkm_vmm *vmm, u64 page, dma_addr_t dma, bool present)
{
	struct nvkm_vmm_pt *pt = vmm->pt[page / NVKM_VMM_PDE_PAGES];
	u32 *pte = &pt->cpu[(page % NVKM_VMM_PDE_PAGES) * 2];

	if (!present) {
		WRITE_ONCE(pte[0], 0);
		WRITE_ONCE(pte[1], 0);
		return;
	}
	WRITE_ONCE(pte[1], FIELD_PREP(NV50_PTE_ADDR_HI, upper_32_bits(dma)));
	WRITE_ONCE(pte[0], (lower_32_bits(dma) & NV50_PTE_ADDR_LO) |
		   FIELD_PREP(NV50_PTE_TARGET, NV50_MEM_TARGET_SYSRAM) | NV50_PTE_PRESENT);
}

/* The first address from @va where @size bytes keep to @flags' 4 GiB rule. */
static u64
nvkm_vmm_fit(u64 va, u64 size, u32 flags)
{
	if ((flags & NVKM_VMM_NO_4G_CROSS) &&
	    upper_32_bits(va) != upper_32_bits(va + size - 1))
		va = round_up(va, SZ_4G);
	return va;
}

/*
 * Place @size bytes as @flags asks, in the first gap between the taken
 * ranges that holds them; @next: the range to insert the new one before
 * (the list head when it goes last).  vmm->mutex held.
 */
static int
nvkm_vmm_place(struct nvkm_vmm *vmm, u64 size, u32 flags, u64 *addr,
	       struct list_head **next)
{
	u64 end = (flags & NVKM_VMM_LOW_4G) ? SZ_4G : BIT_ULL(NVKM_VMM_BITS);
	u64 va = NVKM_VMM_START;
	struct nvkm_vma *vma;

	if ((flags & NVKM_VMM_NO_4G_CROSS) && size > SZ_4G)
		return -EINVAL;
	*next = &vmm->vmas;
	list_for_each_entry(vma, &vmm->vmas, head) {
		va = nvkm_vmm_fit(va, size, flags);
		if (va >= end || va + size <= vma->addr) {
			*next = &vma->head;
			break;
		}
		va = max(va, vma->addr + vma->size);
	}
	va = nvkm_vmm_fit(va, size, flags);
	if (va >= end || size > end - va)
		return -ENOSPC;
	*addr = va;
	return 0;
}

/* DMA-map the buffer's pages for the device. */
static int
nvkm_vmm_dma_map(struct nvkm_vmm *vmm, struct nvkm_vma *vma, void *cpu)
{
	u64 i, pages = vma->piece / NVKM_VMM_PAGE;
	struct page *page;

	vma->dma = kvcalloc(pages, sizeof(*vma->dma), GFP_KERNEL_ACCOUNT);
	if (!vma->dma)
		return -ENOMEM;
	for (i = 0; i < pages; i++) {
		void *p = cpu + i * NVKM_VMM_PAGE;

		page = is_vmalloc_addr(p) ? vmalloc_to_page(p) :
		       virt_addr_valid(p) ? virt_to_page(p) : NULL;
		if (!page) {
			nvkm_vmm_dma_unmap(vmm, vma, i);
			return -EINVAL;
		}
		vma->dma[i] = dma_map_page(vmm->device->dev, page, 0, NVKM_VMM_PAGE,
					   DMA_BIDIRECTIONAL);
		if (dma_mapping_error(vmm->device->dev, vma->dma[i]) ||
		    upper_32_bits(vma->dma[i]) > 0xff) {
			if (!dma_mapping_error(vmm->device->dev, vma->dma[i]))
				i++;
			nvkm_vmm_dma_unmap(vmm, vma, i);
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * nvkm_vmm_map() - map a kernel buffer at a new address
 * @vmm: the space
 * @cpu: the buffer: page aligned, contiguous in the kernel's address space
 *	 (vmalloc or linear map), alive until unmapped; the GPU writes it
 * @size: bytes, a multiple of NVKM_VMM_PAGE
 * @flags: NVKM_VMM_* placement rules
 * @addr: the address chosen
 *
 * Return: 0, -EINVAL for a bad buffer (not page aligned, not memory) or
 * size, -ENOSPC when the space is used up (or the low 4 GiB are, with
 * NVKM_VMM_LOW_4G), -ENOMEM.
 */
int
nvkm_vmm_map(struct nvkm_vmm *vmm, void *cpu, u64 size, u32 flags, u64 *addr)
{
	return nvkm_vmm_map_repeat(vmm, cpu, size, 1, flags, addr);
}

/**
 * nvkm_vmm_map_repeat() - map a kernel buffer several times, back to back
 * @vmm: the space
 * @cpu: the buffer, as for nvkm_vmm_map()
 * @size: bytes of the buffer, a multiple of NVKM_VMM_PAGE
 * @copies: how many times it is mapped (1 .. 1024)
 * @flags: NVKM_VMM_* placement rules, for the whole range
 * @addr: the address chosen: copy i is at @addr + i * @size
 *
 * An engine writing through the range linearly goes round the buffer as
 * through a ring, @copies times, before it reaches the end.
 *
 * Return: as nvkm_vmm_map(); nothing is mapped on failure.
 */
int
nvkm_vmm_map_repeat(struct nvkm_vmm *vmm, void *cpu, u64 size, u32 copies,
		    u32 flags, u64 *addr)
{
	struct list_head *next;
	struct nvkm_vma *vma;
	u64 va, i, pages;
	int ret;

	if (!cpu || !PAGE_ALIGNED(cpu) || !size || !IS_ALIGNED(size, NVKM_VMM_PAGE) ||
	    !copies || copies > 1024 || size > BIT_ULL(NVKM_VMM_BITS) / copies ||
	    (flags & ~(NVKM_VMM_NO_4G_CROSS | NVKM_VMM_LOW_4G)))
		return -EINVAL;
	vma = kzalloc(sizeof(*vma), GFP_KERNEL_ACCOUNT);
	if (!vma)
		return -ENOMEM;
	vma->size = size * copies;
	vma->piece = size;
	pages = size / NVKM_VMM_PAGE;

	mutex_lock(&vmm->mutex);
	ret = nvkm_vmm_place(vmm, vma->size, flags, &va, &next);
	if (!ret)
		ret = nvkm_vmm_dma_map(vmm, vma, cpu);
	if (!ret) {
		ret = nvkm_vmm_pts(vmm, va, vma->size);
		if (ret)
			nvkm_vmm_dma_unmap(vmm, vma, pages);
	}
	if (ret) {
		mutex_unlock(&vmm->mutex);
		kfree(vma);
		return ret;
	}
	for (i = 0; i < vma->size / NVKM_VMM_PAGE; i++)
		nvkm_vmm_pte(vmm, va / NVKM_VMM_PAGE + i, vma->dma[i % pages], true);
	nvkm_vmm_flush(vmm);
	vma->addr = va;
	list_add_tail(&vma->head, next);
	mutex_unlock(&vmm->mutex);
	*addr = va;
	return 0;
}

/**
 * nvkm_vmm_reserve() - take addresses without mapping anything there
 * @vmm: the space
 * @size: bytes, a multiple of NVKM_VMM_PAGE
 * @flags: NVKM_VMM_* placement rules
 * @addr: the first address taken
 *
 * The range stays unmapped (an engine reaching it faults) until
 * nvkm_vmm_put() gives it back.
 *
 * Return: 0, -EINVAL, -ENOSPC, -ENOMEM.
 */
int
nvkm_vmm_reserve(struct nvkm_vmm *vmm, u64 size, u32 flags, u64 *addr)
{
	struct list_head *next;
	struct nvkm_vma *vma;
	u64 va;
	int ret;

	if (!size || !IS_ALIGNED(size, NVKM_VMM_PAGE) ||
	    (flags & ~(NVKM_VMM_NO_4G_CROSS | NVKM_VMM_LOW_4G)))
		return -EINVAL;
	vma = kzalloc(sizeof(*vma), GFP_KERNEL_ACCOUNT);
	if (!vma)
		return -ENOMEM;
	mutex_lock(&vmm->mutex);
	ret = nvkm_vmm_place(vmm, size, flags, &va, &next);
	if (!ret) {
		vma->addr = va;
		vma->size = size;
		list_add_tail(&vma->head, next);
		*addr = va;
	}
	mutex_unlock(&vmm->mutex);
	if (ret)
		kfree(vma);
	return ret;
}

/* The range that starts at @addr, or NULL; vmm->mutex held. */
static struct nvkm_vma *
nvkm_vmm_find(struct nvkm_vmm *vmm, u64 addr)
{
	struct nvkm_vma *vma;

	list_for_each_entry(vma, &vmm->vmas, head) {
		if (vma->addr == addr)
			return vma;
	}
	return NULL;
}

/* Clear the range's PTEs, flush, unmap its pages; vmm->mutex held. */
static void
nvkm_vmm_clear(struct nvkm_vmm *vmm, struct nvkm_vma *vma)
{
	u64 i;

	for (i = 0; i < vma->size / NVKM_VMM_PAGE; i++)
		nvkm_vmm_pte(vmm, vma->addr / NVKM_VMM_PAGE + i, 0, false);
	nvkm_vmm_flush(vmm);
	nvkm_vmm_dma_unmap(vmm, vma, vma->piece / NVKM_VMM_PAGE);
}

/**
 * nvkm_vmm_unmap() - unmap what nvkm_vmm_map() mapped at @addr
 * @vmm: the space
 * @addr: the address it returned
 *
 * Once this returns, the GPU no longer reaches the buffer.  The addresses
 * stay taken: an engine that may still write there faults, and no other
 * buffer is mapped there until nvkm_vmm_put() gives them back.
 *
 * Return: 0, or -ENOENT if nothing was mapped there.
 */
int
nvkm_vmm_unmap(struct nvkm_vmm *vmm, u64 addr)
{
	struct nvkm_vma *vma;

	mutex_lock(&vmm->mutex);
	vma = nvkm_vmm_find(vmm, addr);
	if (vma && vma->dma)
		nvkm_vmm_clear(vmm, vma);
	else
		vma = NULL;
	mutex_unlock(&vmm->mutex);
	return vma ? 0 : -ENOENT;
}

/**
 * nvkm_vmm_put() - give a range's addresses back to the space
 * @vmm: the space
 * @addr: its first address: mapped, unmapped or reserved
 *
 * A mapped range is unmapped first.  The caller knows that no engine
 * writes there any more: the addresses go to the next map or reserve.
 *
 * Return: 0, or -ENOENT if no range starts at @addr.
 */
int
nvkm_vmm_put(struct nvkm_vmm *vmm, u64 addr)
{
	struct nvkm_vma *vma;

	mutex_lock(&vmm->mutex);
	vma = nvkm_vmm_find(vmm, addr);
	if (vma) {
		if (vma->dma)
			nvkm_vmm_clear(vmm, vma);
		list_del(&vma->head);
	}
	mutex_unlock(&vmm->mutex);
	kfree(vma);
	return vma ? 0 : -ENOENT;
}

static u64
nvkm_vmm_dma_addr(struct nvkm_vmm *vmm, int slot)
{
	return vmm->inst + vmm->objs + slot * NVKM_VMM_DMA_SLOT;
}

/**
 * nvkm_vmm_dma() - create or replace a DMA object of the space
 * @vmm: the space
 * @handle: its handle (not 0)
 * @base: virtual address of its offset 0
 * @limit: its last valid offset
 *
 * A paged, read-write DMA object (class 0x3d) in the 6-word format of
 * memory_g80-vm.rst "DMA objects"; its limit word is the last valid
 * address, as nouveau writes it.
 *
 * Return: 0, -EINVAL for a handle of 0 or a window past 40 bits, -ENOSPC
 * when every slot is taken.
 */
int
nvkm_vmm_dma(struct nvkm_vmm *vmm, u32 handle, u64 base, u64 limit)
{
	struct nvkm_instmem *imem = vmm->device->imem;
	int slot, free = -1;
	u64 at, last;

	if (!handle || base >= BIT_ULL(NVKM_VMM_BITS) ||
	    limit >= BIT_ULL(NVKM_VMM_BITS) - base)
		return -EINVAL;
	last = base + limit;
	mutex_lock(&vmm->mutex);
	for (slot = NVKM_VMM_DMAS - 1; slot >= 0; slot--) {
		if (vmm->dma[slot] == handle)
			break;
		if (!vmm->dma[slot])
			free = slot;
	}
	if (slot < 0)
		slot = free;
	if (slot < 0) {
		mutex_unlock(&vmm->mutex);
		return -ENOSPC;
	}
	vmm->dma[slot] = handle;
	at = nvkm_vmm_dma_addr(vmm, slot);
	nvkm_instmem_wr32(imem, at + NV50_DMAOBJ_FLAGS,
			  FIELD_PREP(NV50_DMAOBJ_FLAGS_CLASS, NV50_DMAOBJ_CLASS_RW) |
			  FIELD_PREP(NV50_DMAOBJ_FLAGS_TARGET, NV50_DMAOBJ_TARGET_VM) |
			  FIELD_PREP(NV50_DMAOBJ_FLAGS_ACCESS, NV50_DMAOBJ_ACCESS_RW));
	nvkm_instmem_wr32(imem, at + NV50_DMAOBJ_LIMIT, lower_32_bits(last));
	nvkm_instmem_wr32(imem, at + NV50_DMAOBJ_START, lower_32_bits(base));
	nvkm_instmem_wr32(imem, at + NV50_DMAOBJ_EXTRA,
			  FIELD_PREP(NV50_DMAOBJ_EXTRA_LIMIT_HIGH, upper_32_bits(last)) |
			  FIELD_PREP(NV50_DMAOBJ_EXTRA_START_HIGH, upper_32_bits(base)));
	nvkm_instmem_wr32(imem, at + 0x10, 0);	/* no compression tags */
	nvkm_instmem_wr32(imem, at + 0x14, 0);
	mutex_unlock(&vmm->mutex);
	return 0;
}

/**
 * nvkm_vmm_dma_sel() - the selector engines bind a DMA object by
 * @vmm: the space
 * @handle: the object's handle
 *
 * Return: its offset in the channel structure >> 4, 0 without such object.
 */
u16
nvkm_vmm_dma_sel(struct nvkm_vmm *vmm, u32 handle)
{
	u16 sel = 0;
	int slot;

	mutex_lock(&vmm->mutex);
	for (slot = 0; handle && slot < NVKM_VMM_DMAS; slot++) {
		if (vmm->dma[slot] == handle)
			sel = (nvkm_vmm_dma_addr(vmm, slot) - vmm->inst) >> NV50_DMAOBJ_SHIFT;
	}
	mutex_unlock(&vmm->mutex);
	return sel;
}

/**
 * nvkm_vmm_dma_del() - destroy a DMA object of the space
 * @vmm: the space
 * @handle: its handle
 *
 * Return: 0, or -ENOENT without such object.
 */
int
nvkm_vmm_dma_del(struct nvkm_vmm *vmm, u32 handle)
{
	int slot, ret = -ENOENT;

	mutex_lock(&vmm->mutex);
	for (slot = 0; handle && slot < NVKM_VMM_DMAS; slot++) {
		if (vmm->dma[slot] != handle)
			continue;
		/* a zero limit: nothing passes it any more */
		nvkm_instmem_zero(vmm->device->imem, nvkm_vmm_dma_addr(vmm, slot),
				  NV50_DMAOBJ_SIZE);
		vmm->dma[slot] = 0;
		ret = 0;
	}
	mutex_unlock(&vmm->mutex);
	return ret;
}
