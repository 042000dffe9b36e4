// SPDX-License-Identifier: MIT
/*
 * GPU virtual address spaces.  A space is a number the engines bind
 * (record mode's RECORD_CHAN, a FIFO channel) plus the page tables behind
 * it; mapping a kernel buffer picks addresses from a bump allocator that
 * never reuses them (a 40-bit space outlasts any session) and honours the
 * placement rules engines have, such as record mode's 4 GiB windows.
 *
 * The page tables themselves are written through the device's vm_* hooks
 * (&struct nvkm_mmio_func); a device without them has no address spaces
 * (-ENODEV).  Everything here runs in process context.
 */
#include <linux/idr.h>
#include <linux/slab.h>
#include <nvkm/subdev/mmu.h>

/* Address space numbers: 1 .. NVKM_VMM_IDS - 1, shared by every device. */
#define NVKM_VMM_IDS	BIT(20)
static DEFINE_IDA(nvkm_vmm_ids);

static const struct nvkm_mmio_func *
nvkm_vmm_hooks(struct nvkm_device *device)
{
	const struct nvkm_mmio_func *hooks = device->pri ? NULL : device->mmio;

	if (!hooks || !hooks->vm_new || !hooks->vm_del || !hooks->vm_map ||
	    !hooks->vm_unmap || !hooks->vm_dma || !hooks->vm_dma_del)
		return NULL;
	return hooks;
}

/**
 * nvkm_vmm_supported() - whether address spaces can be built on a device
 * @device: the device
 *
 * Return: true when the device's page tables are written through hooks.
 */
bool
nvkm_vmm_supported(struct nvkm_device *device)
{
	return nvkm_vmm_hooks(device);
}

/**
 * nvkm_vmm_new() - create an empty address space
 * @device: the device
 * @pvmm: the new space
 *
 * Return: 0, -ENODEV when the device's page tables cannot be written,
 * -ENOSPC when every number is taken, -ENOMEM.
 */
int
nvkm_vmm_new(struct nvkm_device *device, struct nvkm_vmm **pvmm)
{
	const struct nvkm_mmio_func *hooks = nvkm_vmm_hooks(device);
	struct nvkm_vmm *vmm;
	int id, ret;

	*pvmm = NULL;
	if (!hooks)
		return -ENODEV;
	vmm = kzalloc(sizeof(*vmm), GFP_KERNEL);
	if (!vmm)
		return -ENOMEM;
	id = ida_alloc_range(&nvkm_vmm_ids, 1, NVKM_VMM_IDS - 1, GFP_KERNEL);
	if (id < 0) {
		kfree(vmm);
		return id;
	}
	ret = hooks->vm_new(device->mmio_priv, id);
	if (ret) {
		ida_free(&nvkm_vmm_ids, id);
		kfree(vmm);
		return ret;
	}
	vmm->device = device;
	vmm->id = id;
	mutex_init(&vmm->mutex);
	INIT_LIST_HEAD(&vmm->vmas);
	vmm->next = NVKM_VMM_START;
	*pvmm = vmm;
	return 0;
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

	if (!vmm)
		return;
	vmm->device->mmio->vm_del(vmm->device->mmio_priv, vmm->id);
	list_for_each_entry_safe(vma, tmp, &vmm->vmas, head)
		kfree(vma);
	ida_free(&nvkm_vmm_ids, vmm->id);
	mutex_destroy(&vmm->mutex);
	kfree(vmm);
	*pvmm = NULL;
}

/* Place @size bytes at or above @vmm->next as @flags asks. */
static int
nvkm_vmm_place(struct nvkm_vmm *vmm, u64 size, u32 flags, u64 *addr)
{
	u64 va = vmm->next;

	if ((flags & NVKM_VMM_NO_4G_CROSS) &&
	    upper_32_bits(va) != upper_32_bits(va + size - 1)) {
		if (size > SZ_4G)
			return -EINVAL;
		va = round_up(va, SZ_4G);
	}
	if (va + size > BIT_ULL(NVKM_VMM_BITS))
		return -ENOSPC;
	if ((flags & NVKM_VMM_LOW_4G) && va + size > SZ_4G)
		return -ENOSPC;
	*addr = va;
	return 0;
}

/**
 * nvkm_vmm_map() - map a kernel buffer at a new address
 * @vmm: the space
 * @cpu: the buffer: contiguous in the kernel's address space, alive and
 *	 unmoved until unmapped (it may be written from interrupt context)
 * @size: bytes, a multiple of NVKM_VMM_PAGE
 * @flags: NVKM_VMM_* placement rules
 * @addr: the address chosen
 *
 * Return: 0, -EINVAL for a bad size, -ENOSPC when the space is used up (or
 * the low 4 GiB are, with NVKM_VMM_LOW_4G), or the hook's error.
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
	struct nvkm_device *device = vmm->device;
	struct nvkm_vma *vma;
	u64 va;
	u32 i;
	int ret;

	if (!cpu || !size || !IS_ALIGNED(size, NVKM_VMM_PAGE) || !copies ||
	    copies > 1024 || size > BIT_ULL(NVKM_VMM_BITS) / copies ||
	    (flags & ~(NVKM_VMM_NO_4G_CROSS | NVKM_VMM_LOW_4G)))
		return -EINVAL;
	vma = kzalloc(sizeof(*vma), GFP_KERNEL);
	if (!vma)
		return -ENOMEM;

	mutex_lock(&vmm->mutex);
	ret = nvkm_vmm_place(vmm, size * copies, flags, &va);
	for (i = 0; !ret && i < copies; i++) {
		ret = device->mmio->vm_map(device->mmio_priv, vmm->id, va + i * size,
					   cpu, size);
		while (ret && i--)
			device->mmio->vm_unmap(device->mmio_priv, vmm->id,
					       va + i * size, size);
	}
	if (ret) {
		mutex_unlock(&vmm->mutex);
		kfree(vma);
		return ret;
	}
	vma->addr = va;
	vma->size = size * copies;
	vma->piece = size;
	list_add_tail(&vma->head, &vmm->vmas);
	vmm->next = va + size * copies;
	mutex_unlock(&vmm->mutex);
	*addr = va;
	return 0;
}

/**
 * nvkm_vmm_unmap() - unmap what nvkm_vmm_map() mapped at @addr
 * @vmm: the space
 * @addr: the address it returned
 *
 * Return: 0, or -ENOENT if nothing was mapped there.
 */
int
nvkm_vmm_unmap(struct nvkm_vmm *vmm, u64 addr)
{
	struct nvkm_device *device = vmm->device;
	struct nvkm_vma *vma;
	int ret = -ENOENT;

	mutex_lock(&vmm->mutex);
	list_for_each_entry(vma, &vmm->vmas, head) {
		u64 at;

		if (vma->addr != addr)
			continue;
		ret = 0;
		for (at = 0; at < vma->size; at += vma->piece)
			ret = device->mmio->vm_unmap(device->mmio_priv, vmm->id,
						     vma->addr + at, vma->piece) ?: ret;
		list_del(&vma->head);
		kfree(vma);
		break;
	}
	mutex_unlock(&vmm->mutex);
	return ret;
}

/**
 * nvkm_vmm_dma() - create or replace a DMA object of the space
 * @vmm: the space
 * @handle: its handle
 * @base: address of its offset 0
 * @limit: its last valid offset
 *
 * Return: 0 or the hook's error.
 */
int
nvkm_vmm_dma(struct nvkm_vmm *vmm, u32 handle, u64 base, u64 limit)
{
	struct nvkm_device *device = vmm->device;

	return device->mmio->vm_dma(device->mmio_priv, vmm->id, handle, base, limit);
}

/**
 * nvkm_vmm_dma_del() - destroy a DMA object of the space
 * @vmm: the space
 * @handle: its handle
 *
 * Return: 0 or the hook's error.
 */
int
nvkm_vmm_dma_del(struct nvkm_vmm *vmm, u32 handle)
{
	struct nvkm_device *device = vmm->device;

	return device->mmio->vm_dma_del(device->mmio_priv, vmm->id, handle);
}
