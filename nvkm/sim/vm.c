// SPDX-License-Identifier: MIT
/*
 * Simulated GPU virtual memory: channels, their page mappings and their
 * DMA objects.  Whoever owns the memory (a test, the driver's memory
 * manager) builds it from process context; the models write through it with
 * sim->lock held, possibly in interrupt context, so the write path only walks
 * lists and copies: everything it needs was allocated when it was built.
 *
 * A write either lands whole or not at all: a fault is decided before any
 * byte is copied, as a packet the MMU refused is lost, not torn.
 */
#include <linux/list.h>
#include <linux/slab.h>
#include <nvkm/sim/vm.h>
#include "priv.h"

/**
 * struct nvkm_sim_vm - the memory of a simulated GPU
 * @chans: &struct sim_vm_chan, in no particular order
 */
struct nvkm_sim_vm {
	struct list_head chans;
};

/**
 * struct sim_vm_chan - one channel's address space
 * @head: in &nvkm_sim_vm.chans
 * @id: channel id
 * @maps: &struct sim_vm_map, not overlapping
 * @dmas: &struct sim_vm_dma, one per handle
 */
struct sim_vm_chan {
	struct list_head head;
	u32 id;
	struct list_head maps;
	struct list_head dmas;
};

/**
 * struct sim_vm_map - pages mapped to a kernel buffer
 * @head: in &sim_vm_chan.maps
 * @va: first virtual address (page aligned)
 * @size: bytes (whole pages)
 * @cpu: the buffer
 */
struct sim_vm_map {
	struct list_head head;
	u64 va;
	u64 size;
	u8 *cpu;
};

/**
 * struct sim_vm_dma - a DMA object
 * @head: in &sim_vm_chan.dmas
 * @handle: its handle
 * @base: virtual address of offset 0
 * @limit: last valid offset
 */
struct sim_vm_dma {
	struct list_head head;
	u32 handle;
	u64 base;
	u64 limit;
};

static struct sim_vm_chan *
sim_vm_chan(struct nvkm_sim_vm *vm, u32 id)
{
	struct sim_vm_chan *chan;

	list_for_each_entry(chan, &vm->chans, head) {
		if (chan->id == id)
			return chan;
	}
	return NULL;
}

static struct sim_vm_dma *
sim_vm_dma(struct sim_vm_chan *chan, u32 handle)
{
	struct sim_vm_dma *dma;

	list_for_each_entry(dma, &chan->dmas, head) {
		if (dma->handle == handle)
			return dma;
	}
	return NULL;
}

/* The mapping holding @va, or NULL if its page is not mapped. */
static struct sim_vm_map *
sim_vm_find(struct sim_vm_chan *chan, u64 va)
{
	struct sim_vm_map *map;

	list_for_each_entry(map, &chan->maps, head) {
		if (va >= map->va && va - map->va < map->size)
			return map;
	}
	return NULL;
}

static void
sim_vm_chan_free(struct sim_vm_chan *chan)
{
	struct sim_vm_map *map, *mtmp;
	struct sim_vm_dma *dma, *dtmp;

	list_for_each_entry_safe(map, mtmp, &chan->maps, head)
		kfree(map);
	list_for_each_entry_safe(dma, dtmp, &chan->dmas, head)
		kfree(dma);
	kfree(chan);
}

/**
 * nvkm_sim_vm_chan_new() - create a channel's empty address space
 * @sim: the simulator
 * @chan: channel id, below NVKM_SIM_VM_CHANS
 *
 * Context: process context; may sleep.
 * Return: 0, -EINVAL for a bad id, -EEXIST if it exists, or -ENOMEM.
 */
int
nvkm_sim_vm_chan_new(struct nvkm_sim *sim, u32 chan)
{
	struct sim_vm_chan *new;
	unsigned long flags;
	int ret = 0;

	if (chan >= NVKM_SIM_VM_CHANS)
		return -EINVAL;
	new = kzalloc(sizeof(*new), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	new->id = chan;
	INIT_LIST_HEAD(&new->maps);
	INIT_LIST_HEAD(&new->dmas);

	nvkm_sim_lock(sim, &flags);
	if (sim_vm_chan(sim->vm, chan))
		ret = -EEXIST;
	else
		list_add_tail(&new->head, &sim->vm->chans);
	nvkm_sim_unlock(sim, flags);
	if (ret)
		kfree(new);
	return ret;
}

/**
 * nvkm_sim_vm_chan_del() - destroy a channel with its mappings and DMA objects
 * @sim: the simulator
 * @chan: channel id; nothing happens if there is no such channel
 *
 * An engine still bound to the channel faults on its next write.
 */
void
nvkm_sim_vm_chan_del(struct nvkm_sim *sim, u32 chan)
{
	struct sim_vm_chan *old;
	unsigned long flags;

	nvkm_sim_lock(sim, &flags);
	old = sim_vm_chan(sim->vm, chan);
	if (old)
		list_del(&old->head);
	nvkm_sim_unlock(sim, flags);
	if (old)
		sim_vm_chan_free(old);
}

/**
 * nvkm_sim_vm_map() - back virtual pages of a channel with a kernel buffer
 * @sim: the simulator
 * @chan: channel id
 * @va: first virtual address, page aligned
 * @cpu: the buffer; it must stay valid until unmapped, and writes to it may
 *	 come from any context
 * @size: bytes to map, whole pages
 *
 * Context: process context; may sleep.
 * Return: 0, -EINVAL for a misaligned or out of range request, -ENOENT
 * without such a channel, -EEXIST if a page is already mapped, or -ENOMEM.
 */
int
nvkm_sim_vm_map(struct nvkm_sim *sim, u32 chan, u64 va, void *cpu, u64 size)
{
	struct sim_vm_chan *c;
	struct sim_vm_map *new, *map;
	unsigned long flags;
	int ret = 0;

	if (!cpu || !size || !IS_ALIGNED(va | size, NVKM_SIM_VM_PAGE) ||
	    va >= BIT_ULL(NVKM_SIM_VM_BITS) ||
	    size > BIT_ULL(NVKM_SIM_VM_BITS) - va)
		return -EINVAL;
	new = kzalloc(sizeof(*new), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	new->va = va;
	new->size = size;
	new->cpu = cpu;

	nvkm_sim_lock(sim, &flags);
	c = sim_vm_chan(sim->vm, chan);
	if (!c) {
		ret = -ENOENT;
		goto unlock;
	}
	list_for_each_entry(map, &c->maps, head) {
		if (va < map->va + map->size && map->va < va + size) {
			ret = -EEXIST;
			goto unlock;
		}
	}
	list_add_tail(&new->head, &c->maps);
unlock:
	nvkm_sim_unlock(sim, flags);
	if (ret)
		kfree(new);
	return ret;
}

/**
 * nvkm_sim_vm_unmap() - undo one nvkm_sim_vm_map()
 * @sim: the simulator
 * @chan: channel id
 * @va: @va of the mapping
 * @size: @size of the mapping
 *
 * Once this returns, the buffer is no longer written to.
 *
 * Return: 0, or -ENOENT if no mapping matches exactly.
 */
int
nvkm_sim_vm_unmap(struct nvkm_sim *sim, u32 chan, u64 va, u64 size)
{
	struct sim_vm_map *map, *found = NULL;
	struct sim_vm_chan *c;
	unsigned long flags;

	nvkm_sim_lock(sim, &flags);
	c = sim_vm_chan(sim->vm, chan);
	if (c) {
		list_for_each_entry(map, &c->maps, head) {
			if (map->va == va && map->size == size) {
				found = map;
				list_del(&map->head);
				break;
			}
		}
	}
	nvkm_sim_unlock(sim, flags);
	kfree(found);
	return found ? 0 : -ENOENT;
}

/**
 * nvkm_sim_dma_set() - create or change a DMA object of a channel
 * @sim: the simulator
 * @chan: channel id
 * @handle: the handle engines bind it by, below NVKM_SIM_VM_DMAS
 * @base: virtual address of offset 0
 * @limit: last valid offset; a write must fit below or at it
 *
 * Context: process context; may sleep.
 * Return: 0, -EINVAL for a bad handle or a window beyond the address space,
 * -ENOENT without such a channel, or -ENOMEM.
 */
int
nvkm_sim_dma_set(struct nvkm_sim *sim, u32 chan, u32 handle, u64 base,
		 u64 limit)
{
	struct sim_vm_dma *new, *dma;
	struct sim_vm_chan *c;
	unsigned long flags;
	int ret = 0;

	if (handle >= NVKM_SIM_VM_DMAS || base >= BIT_ULL(NVKM_SIM_VM_BITS) ||
	    limit >= BIT_ULL(NVKM_SIM_VM_BITS) - base)
		return -EINVAL;
	new = kzalloc(sizeof(*new), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	new->handle = handle;
	new->base = base;
	new->limit = limit;

	nvkm_sim_lock(sim, &flags);
	c = sim_vm_chan(sim->vm, chan);
	if (!c) {
		ret = -ENOENT;
		goto unlock;
	}
	dma = sim_vm_dma(c, handle);
	if (dma) {
		dma->base = base;
		dma->limit = limit;
	} else {
		list_add_tail(&new->head, &c->dmas);
		new = NULL;
	}
unlock:
	nvkm_sim_unlock(sim, flags);
	kfree(new);	/* unless it was added */
	return ret;
}

/**
 * nvkm_sim_dma_del() - destroy a DMA object
 * @sim: the simulator
 * @chan: channel id
 * @handle: its handle
 *
 * Return: 0, or -ENOENT if there is no such object.
 */
int
nvkm_sim_dma_del(struct nvkm_sim *sim, u32 chan, u32 handle)
{
	struct sim_vm_dma *dma = NULL;
	struct sim_vm_chan *c;
	unsigned long flags;

	nvkm_sim_lock(sim, &flags);
	c = sim_vm_chan(sim->vm, chan);
	if (c)
		dma = sim_vm_dma(c, handle);
	if (dma)
		list_del(&dma->head);
	nvkm_sim_unlock(sim, flags);
	kfree(dma);
	return dma ? 0 : -ENOENT;
}

/*
 * Copy @len bytes between @buf and the memory at @va of @c, all or none:
 * a first pass proves every byte mapped, a second copies.
 */
static int
sim_vm_copy(struct sim_vm_chan *c, u64 va, void *buf, u32 len, bool write)
{
	struct sim_vm_map *map;
	u64 at, n;
	void *mem;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		for (at = 0; at < len; at += n) {
			map = sim_vm_find(c, va + at);
			if (!map)
				return -EFAULT;
			n = min_t(u64, len - at, map->size - (va + at - map->va));
			if (!pass)
				continue;
			mem = map->cpu + (va + at - map->va);
			if (write)
				memcpy(mem, buf + at, n);
			else
				memcpy(buf + at, mem, n);
		}
	}
	return 0;
}

/**
 * nvkm_sim_vm_write() - an engine writes through a DMA object
 * @vm: the memory
 * @chan: channel the engine is bound to
 * @handle: DMA object the engine is bound to
 * @offset: offset into the DMA object
 * @data: bytes to write
 * @len: their number
 *
 * Called with sim->lock held, from any context: neither sleeps nor
 * allocates.  Either every byte is written or none is.
 *
 * Return: 0, or -EFAULT (VM fault) when the channel or the DMA object does
 * not exist, the bytes do not fit within the DMA object's limit, or a page
 * they fall in is not mapped.
 */
int
nvkm_sim_vm_write(struct nvkm_sim_vm *vm, u32 chan, u32 handle, u64 offset,
		  const void *data, u32 len)
{
	struct sim_vm_chan *c = sim_vm_chan(vm, chan);
	struct sim_vm_dma *dma = c ? sim_vm_dma(c, handle) : NULL;
	u64 va;

	if (!dma || !len || offset > dma->limit || len - 1 > dma->limit - offset)
		return -EFAULT;
	va = dma->base + offset;	/* inside the 40 bits: see dma_set */
	return sim_vm_copy(c, va, (void *)data, len, true);
}

/**
 * nvkm_sim_vm_read() - an engine reads a channel's virtual memory
 * @vm: the memory
 * @chan: channel (address space) the engine works for
 * @va: virtual address
 * @data: where the bytes go
 * @len: their number
 *
 * The FIFO's path: it fetches pushbuffers by virtual address, not through
 * a DMA object.  Called with sim->lock held, from any context: neither
 * sleeps nor allocates.  Either every byte is read or none is.
 *
 * Return: 0, or -EFAULT (VM fault) when the channel does not exist, the
 * range leaves the address space, or a page it falls in is not mapped.
 */
int
nvkm_sim_vm_read(struct nvkm_sim_vm *vm, u32 chan, u64 va, void *data, u32 len)
{
	struct sim_vm_chan *c = sim_vm_chan(vm, chan);

	if (!c || !len || va >= BIT_ULL(NVKM_SIM_VM_BITS) ||
	    len > BIT_ULL(NVKM_SIM_VM_BITS) - va)
		return -EFAULT;
	return sim_vm_copy(c, va, data, len, false);
}

/**
 * nvkm_sim_vm_new() - an empty memory
 *
 * Return: the memory, or NULL when out of memory.
 */
struct nvkm_sim_vm *
nvkm_sim_vm_new(void)
{
	struct nvkm_sim_vm *vm = kzalloc(sizeof(*vm), GFP_KERNEL);

	if (vm)
		INIT_LIST_HEAD(&vm->chans);
	return vm;
}

/**
 * nvkm_sim_vm_del() - free a memory and everything in it
 * @pvm: the memory; set to NULL
 *
 * The mapped buffers belong to their owners and are not freed.
 */
void
nvkm_sim_vm_del(struct nvkm_sim_vm **pvm)
{
	struct nvkm_sim_vm *vm = *pvm;
	struct sim_vm_chan *chan, *tmp;

	if (!vm)
		return;
	list_for_each_entry_safe(chan, tmp, &vm->chans, head)
		sim_vm_chan_free(chan);
	kfree(vm);
	*pvm = NULL;
}

/* The device's page table hooks (&nvkm_sim_mmio): the same calls. */
int
nvkm_sim_hook_vm_new(void *priv, u32 id)
{
	return nvkm_sim_vm_chan_new(priv, id);
}

void
nvkm_sim_hook_vm_del(void *priv, u32 id)
{
	nvkm_sim_vm_chan_del(priv, id);
}

int
nvkm_sim_hook_vm_map(void *priv, u32 id, u64 va, void *cpu, u64 size)
{
	return nvkm_sim_vm_map(priv, id, va, cpu, size);
}

int
nvkm_sim_hook_vm_unmap(void *priv, u32 id, u64 va, u64 size)
{
	return nvkm_sim_vm_unmap(priv, id, va, size);
}

int
nvkm_sim_hook_vm_dma(void *priv, u32 id, u32 handle, u64 base, u64 limit)
{
	return nvkm_sim_dma_set(priv, id, handle, base, limit);
}

int
nvkm_sim_hook_vm_dma_del(void *priv, u32 id, u32 handle)
{
	return nvkm_sim_dma_del(priv, id, handle);
}
