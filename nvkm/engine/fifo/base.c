// SPDX-License-Identifier: MIT
/*
 * The FIFO engine, what every generation shares: channel ids, a channel's
 * life (its address space, IB ring and reference-counter page), the
 * software methods the interrupt handler hands over, faults and
 * statistics.  What a generation writes to the GPU for these goes through
 * its struct nvkm_fifo_func (nv50.c, g84.c).
 *
 * Locking: fifo->lock (a spinlock, taken in the interrupt handler) covers
 * the channel table and every channel's fault state and software object;
 * channel destruction takes the channel out of the table under it first,
 * so the handler never reaches a channel being freed.
 */
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <nvkm/core/clock.h>
#include <nvkm/hw/fifo.h>
#include <nvkm/hw/vm.h>
#include <nvkm/subdev/mmu.h>
#include "priv.h"

static const char * const nvkm_fifo_fault_name[] = {
	[NVPM_FAULT_NONE] = "none",
	[NVPM_FAULT_INVALID_CMD] = "invalid pushbuffer command",
	[NVPM_FAULT_MEM] = "pushbuffer not mapped",
	[NVPM_FAULT_UNKNOWN_OBJECT] = "bind to an unknown object",
	[NVPM_FAULT_NO_OBJECT] = "method on a subchannel without an object",
	[NVPM_FAULT_INVALID_METHOD] = "FIFO method not supported",
	[NVPM_FAULT_DEVICE] = "device stopped",
};

static struct nvkm_device *
nvkm_fifo_device(struct nvkm_fifo *fifo)
{
	return fifo->engine.subdev.device;
}

/* Something happened to the channel: WAIT looks again. */
void
nvkm_fifo_chan_wake(struct nvkm_fifo_chan *chan)
{
	WRITE_ONCE(chan->wakeups, chan->wakeups + 1);
	wake_up_all(&chan->wait);
}

/* Stop a channel for good; fifo->lock held. */
void
nvkm_fifo_chan_stop(struct nvkm_fifo_chan *chan, u32 fault, u64 info)
{
	struct nvkm_fifo *fifo = chan->fifo;

	if (chan->fault)
		return;
	chan->fault = fault;
	chan->fault_info = info;
	fifo->stats.faults++;
	fifo->func->hw->chan_halt(chan);
	dev_err_ratelimited(nvkm_fifo_device(fifo)->dev, "%s: fifo: channel %d stopped: %s (0x%llx)\n",
			    nvkm_fifo_device(fifo)->name, chan->chid,
			    nvkm_fifo_fault_name[fault], info);
	nvkm_fifo_chan_wake(chan);
}

/* A method the puller stopped on; fifo->lock held.  NONE if it ran. */
static u32
nvkm_fifo_swmthd_run(struct nvkm_fifo_chan *chan, u32 subc, u32 mthd, u32 data)
{
	if (mthd == NV_FIFO_MTHD_OBJECT) {
		/* graphics objects bind in hardware: anything else is ours */
		if (data != NVPM_HANDLE_SW)
			return NVPM_FAULT_UNKNOWN_OBJECT;
		chan->sw_subc |= BIT(subc);
		return NVPM_FAULT_NONE;
	}
	if (mthd < NV_FIFO_MTHD_FIFO_END)
		return NVPM_FAULT_INVALID_METHOD;
	if (!(chan->sw_subc & BIT(subc)))
		return NVPM_FAULT_NO_OBJECT;
	chan->fifo->stats.swmthd++;
	nvkm_sw_mthd(&chan->sw, mthd, data);
	return NVPM_FAULT_NONE;
}

/*
 * A method the GPU could not run, on channel @chid: run it as a software
 * method, or stop the channel that sent it.  A channel destroyed since has
 * nothing to run: the method is dropped.  Interrupt context.
 */
void
nvkm_fifo_swmthd(struct nvkm_fifo *fifo, int chid, u32 subc, u32 mthd, u32 data)
{
	struct nvkm_fifo_chan *chan;
	unsigned long flags;
	u32 fault;

	spin_lock_irqsave(&fifo->lock, flags);
	chan = fifo->chan[chid];
	if (chan && !chan->fault) {
		fault = nvkm_fifo_swmthd_run(chan, subc, mthd, data);
		if (fault)
			nvkm_fifo_chan_stop(chan, fault, (u64)subc << 45 | (u64)mthd << 32 | data);
		nvkm_fifo_chan_wake(chan);
	}
	spin_unlock_irqrestore(&fifo->lock, flags);
}

/* Stop channel @chid, if it still exists, on a fault of its pushbuffer. */
void
nvkm_fifo_fault(struct nvkm_fifo *fifo, int chid, u32 fault, u64 info)
{
	unsigned long flags;

	spin_lock_irqsave(&fifo->lock, flags);
	if (fifo->chan[chid])
		nvkm_fifo_chan_stop(fifo->chan[chid], fault, info);
	spin_unlock_irqrestore(&fifo->lock, flags);
}

/**
 * nvkm_fifo_intr() - handle the FIFO's interrupts
 * @fifo: the FIFO
 *
 * Context: the device's interrupt handler (hard interrupt context).
 * Return: whether there was one.
 */
bool
nvkm_fifo_intr(struct nvkm_fifo *fifo)
{
	u64 t0 = nvkm_clock_ns();
	unsigned long flags;

	if (!fifo->func->hw->intr(fifo))
		return false;
	spin_lock_irqsave(&fifo->lock, flags);
	fifo->stats.intr++;
	if (in_hardirq())
		fifo->stats.hardirq++;
	fifo->stats.ns += nvkm_clock_ns() - t0;
	spin_unlock_irqrestore(&fifo->lock, flags);
	return true;
}

/* --- channels -------------------------------------------------------------- */

static int
nvkm_fifo_chid_get(struct nvkm_fifo *fifo, struct nvkm_fifo_chan *chan)
{
	int first = fifo->func->hw->chid[0];
	int i, chid, nr = fifo->func->hw->chid[1] - first + 1;
	unsigned long flags;

	/*
	 * Round robin: an id is reused as late as possible, so that nothing
	 * of a destroyed channel can still be on its way to its successor.
	 */
	spin_lock_irqsave(&fifo->lock, flags);
	for (i = 0; i < nr; i++) {
		chid = first + (fifo->next_chid + i) % nr;
		if (!fifo->chan[chid]) {
			fifo->chan[chid] = chan;
			fifo->next_chid = (chid - first + 1) % nr;
			break;
		}
	}
	spin_unlock_irqrestore(&fifo->lock, flags);
	return i < nr ? chid : -ENOSPC;
}

/* A kernel buffer of one page, mapped into the channel's space. */
static void *
nvkm_fifo_chan_page(struct nvkm_fifo_chan *chan, u64 *addr)
{
	/* charged to the memcg of the file's process, as its BOs are */
	void *cpu = __vmalloc(NVKM_VMM_PAGE, GFP_KERNEL_ACCOUNT | __GFP_ZERO);

	if (cpu && nvkm_vmm_map(chan->vmm, cpu, NVKM_VMM_PAGE, 0, addr)) {
		vfree(cpu);
		cpu = NULL;
	}
	return cpu;
}

/**
 * nvkm_fifo_chan_new() - create a channel and start it
 * @fifo: the FIFO
 * @lookup: how its software object finds counter groups
 * @priv: argument of @lookup
 * @pchan: the channel
 *
 * The channel has the objects NVPM_HANDLE_*; its notifier is given
 * with nvkm_fifo_chan_notifier() before the first submission.
 *
 * Return: 0, -ENOSPC when every channel id is taken, -ENODEV without
 * address spaces, -ENOMEM.
 */
int
nvkm_fifo_chan_new(struct nvkm_fifo *fifo, nvkm_sw_lookup_t lookup, void *priv,
		   struct nvkm_fifo_chan **pchan)
{
	struct nvkm_device *device = nvkm_fifo_device(fifo);
	struct nvkm_fifo_chan *chan;
	int ret;

	*pchan = NULL;
	chan = kzalloc(sizeof(*chan), GFP_KERNEL_ACCOUNT);
	if (!chan)
		return -ENOMEM;
	chan->fifo = fifo;
	chan->chid = -1;
	init_waitqueue_head(&chan->wait);
	nvkm_sw_chan_init(&chan->sw, device, &fifo->sw_stats, lookup, priv);

	ret = nvkm_vmm_new(device, fifo->func->pgd, &chan->vmm);
	if (ret)
		goto fail;
	/* PFIFO reads the IB ring and pushbuffers through the space */
	nvkm_vmm_engine(chan->vmm, fifo->func->hw->vm_engine);
	chan->inst = chan->vmm->inst;
	/* PFIFO reads the IB ring and the segments through a DMA object */
	ret = nvkm_vmm_dma(chan->vmm, NVKM_FIFO_PUSH_DMA, 0, BIT_ULL(NVKM_VMM_BITS) - 1);
	if (ret)
		goto fail;
	chan->push_sel = nvkm_vmm_dma_sel(chan->vmm, NVKM_FIFO_PUSH_DMA);
	chan->ib = nvkm_fifo_chan_page(chan, &chan->ib_addr);
	chan->tail = nvkm_fifo_chan_page(chan, &chan->tail_addr);
	if (!chan->ib || !chan->tail) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = nvkm_fifo_chid_get(fifo, chan);
	if (ret < 0)
		goto fail;
	chan->chid = ret;
	fifo->func->hw->chan_start(chan);
	*pchan = chan;
	return 0;

fail:
	nvkm_fifo_chan_del(&chan);
	return ret;
}

/**
 * nvkm_fifo_chan_del() - stop a channel and free it
 * @pchan: the channel, may point to NULL; set to NULL
 *
 * Work still queued is dropped.  Once the channel is out of the table the
 * interrupt handler cannot reach it; the FIFO reads nothing of it once the
 * generation has taken it off the GPU, so its memory goes last.
 */
void
nvkm_fifo_chan_del(struct nvkm_fifo_chan **pchan)
{
	struct nvkm_fifo_chan *chan = *pchan;
	struct nvkm_fifo *fifo;
	unsigned long flags;

	if (!chan)
		return;
	fifo = chan->fifo;
	if (chan->chid >= 0) {
		spin_lock_irqsave(&fifo->lock, flags);
		fifo->chan[chan->chid] = NULL;
		spin_unlock_irqrestore(&fifo->lock, flags);
		/* after fini (GPU removed or suspended) the hardware is left alone */
		if (nvkm_fifo_device(fifo)->initialised) {
			fifo->func->hw->chan_fini(chan);
			nvkm_sw_chan_fini(&chan->sw);
		}
	}

	nvkm_fifo_chan_wake(chan);
	if (chan->tail)
		nvkm_vmm_unmap(chan->vmm, chan->tail_addr);
	if (chan->ib)
		nvkm_vmm_unmap(chan->vmm, chan->ib_addr);
	nvkm_vmm_del(&chan->vmm);
	vfree(chan->tail);
	vfree(chan->ib);
	kfree(chan);
	*pchan = NULL;
}

/**
 * nvkm_fifo_chan_notifier() - give a channel's software object its notifier
 * @chan: the channel
 * @ntfy: kernel mapping of the notifier (see nvkm_sw_chan_notifier())
 * @ring_size: ring entries, a power of two
 * @sel: selector of its DMA object in the channel's space
 *
 * The DMA object goes in the channel's RAMHT as NVPM_HANDLE_NOTIFIER, where
 * the puller finds the instance of the handle SET_NOTIFY names.
 */
void
nvkm_fifo_chan_notifier(struct nvkm_fifo_chan *chan, void *ntfy, u32 ring_size, u16 sel)
{
	unsigned long flags;

	chan->fifo->func->hw->chan_object(chan, NVPM_HANDLE_NOTIFIER, NV50_FIFO_ENGINE_SW,
					  (u32)sel << NV50_DMAOBJ_SHIFT);
	spin_lock_irqsave(&chan->fifo->lock, flags);
	/* SET_NOTIFY gets the instance the puller found: @sel */
	nvkm_sw_chan_notifier(&chan->sw, ntfy, sel, ring_size);
	spin_unlock_irqrestore(&chan->fifo->lock, flags);
}

/**
 * nvkm_fifo_chan_submit() - queue a pushbuffer segment
 * @chan: the channel
 * @addr: its GPU address in the channel's space, 4-aligned
 * @len: bytes, 4 .. NVKM_FIFO_SEGMENT_MAX, 4-aligned
 * @seq: its sequence, for nvkm_fifo_chan_completed()
 *
 * Context: process context; the caller serialises the submissions of a
 * channel.
 * Return: 0, -EINVAL, -EIO on a channel that stopped, -EBUSY when the IB
 * ring is full.
 */
int
nvkm_fifo_chan_submit(struct nvkm_fifo_chan *chan, u64 addr, u32 len, u64 *seq)
{
	if (!len || len > NVKM_FIFO_SEGMENT_MAX || (len | addr) & 3)
		return -EINVAL;
	if (READ_ONCE(chan->fault))
		return -EIO;
	return chan->fifo->func->hw->submit(chan, addr, len, seq);
}

/**
 * nvkm_fifo_chan_completed() - the latest submission the FIFO has processed
 * @chan: the channel
 *
 * Return: its sequence, from the reference counter; 0 while the counter
 * holds something else (a pushbuffer may set it too).
 */
u64
nvkm_fifo_chan_completed(struct nvkm_fifo_chan *chan)
{
	u64 sub = READ_ONCE(chan->submitted);
	u32 ref = chan->fifo->func->hw->ref(chan);
	u32 behind = lower_32_bits(sub) - ref;

	if (behind > sub || behind >= NVKM_FIFO_IB_ENTRIES)
		return 0;
	return sub - behind;
}

/**
 * nvkm_fifo_chan_fault() - why a channel stopped
 * @chan: the channel
 * @info: what it stopped on (method or address)
 *
 * Return: NVPM_FAULT_*.
 */
u32
nvkm_fifo_chan_fault(struct nvkm_fifo_chan *chan, u64 *info)
{
	unsigned long flags;
	u32 fault;

	spin_lock_irqsave(&chan->fifo->lock, flags);
	fault = chan->fault;
	*info = chan->fault_info;
	spin_unlock_irqrestore(&chan->fifo->lock, flags);
	return fault;
}

/**
 * nvkm_fifo_chan_forget() - a counter group is going away
 * @chan: the channel
 * @grp: the group; no software method of @chan uses it after this returns
 */
void
nvkm_fifo_chan_forget(struct nvkm_fifo_chan *chan, struct nvkm_pm_group *grp)
{
	unsigned long flags;

	spin_lock_irqsave(&chan->fifo->lock, flags);
	nvkm_sw_chan_forget(&chan->sw, grp);
	spin_unlock_irqrestore(&chan->fifo->lock, flags);
}

/**
 * nvkm_fifo_stats() - interrupt and software method statistics
 * @fifo: the FIFO
 * @stats: interrupts, may be NULL
 * @sw_stats: software methods, may be NULL
 */
void
nvkm_fifo_stats(struct nvkm_fifo *fifo, struct nvkm_fifo_stats *stats,
		struct nvkm_sw_stats *sw_stats)
{
	unsigned long flags;

	spin_lock_irqsave(&fifo->lock, flags);
	if (stats)
		*stats = fifo->stats;
	if (sw_stats)
		*sw_stats = fifo->sw_stats;
	spin_unlock_irqrestore(&fifo->lock, flags);
}

/* --- the engine ------------------------------------------------------------ */

/*
 * The engine stops: its interrupts off (the generation's fini), then
 * every channel stops, as after a GPU reset.
 */
static int
nvkm_fifo_fini(struct nvkm_subdev *subdev, bool suspend)
{
	struct nvkm_fifo *fifo = nvkm_fifo(subdev);
	unsigned long flags;
	int chid;

	fifo->func->hw->fini(fifo);
	spin_lock_irqsave(&fifo->lock, flags);
	for (chid = 0; chid < NVKM_FIFO_CHANS; chid++) {
		if (fifo->chan[chid])
			nvkm_fifo_chan_stop(fifo->chan[chid], NVPM_FAULT_DEVICE, 0);
	}
	spin_unlock_irqrestore(&fifo->lock, flags);
	return 0;
}

static int
nvkm_fifo_init(struct nvkm_subdev *subdev)
{
	struct nvkm_fifo *fifo = nvkm_fifo(subdev);

	fifo->func->hw->init(fifo);
	return 0;
}

static void *
nvkm_fifo_dtor(struct nvkm_subdev *subdev)
{
	struct nvkm_fifo *fifo = nvkm_fifo(subdev);
	int chid;

	for (chid = 0; chid < NVKM_FIFO_CHANS; chid++)
		WARN_ON(fifo->chan[chid]);
	if (fifo->func->hw->dtor)
		fifo->func->hw->dtor(fifo);
	mutex_destroy(&fifo->mutex);
	return fifo;
}

static const struct nvkm_subdev_func
nvkm_fifo = {
	.dtor = nvkm_fifo_dtor,
	.init = nvkm_fifo_init,
	.fini = nvkm_fifo_fini,
};

/**
 * nvkm_fifo_new_() - the FIFO engine of a generation
 * @func: the generation's
 * @device: the device
 * @pfifo: the engine, set even on failure (the caller deletes it)
 *
 * Return: 0, -ENOMEM.
 */
int
nvkm_fifo_new_(const struct nvkm_fifo_func *func, struct nvkm_device *device,
	       struct nvkm_fifo **pfifo)
{
	struct nvkm_fifo *fifo;

	fifo = kzalloc(sizeof(*fifo), GFP_KERNEL);
	if (!fifo)
		return -ENOMEM;
	fifo->func = func;
	spin_lock_init(&fifo->lock);
	mutex_init(&fifo->mutex);
	nvkm_engine_ctor(&nvkm_fifo, device, "fifo", &fifo->engine);
	*pfifo = fifo;
	return func->hw->oneinit ? func->hw->oneinit(fifo) : 0;
}
