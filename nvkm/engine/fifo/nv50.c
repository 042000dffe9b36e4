// SPDX-License-Identifier: MIT
/*
 * The FIFO engine of the NV50 family, in IB mode: channels, submission,
 * fences and the interrupt handler that runs software methods.
 *
 * A channel has its own address space; its channel structure (in instance
 * memory, written through PRAMIN) holds its RAMFC and RAMHT, laid out as
 * the generation wants (G80 here, G84+ in g84.c).  The FIFO serves the
 * channels of its playlist, which is rewritten as channels come and go.  The kernel
 * owns its IB ring and a page of small segments that set the reference
 * counter: a submission is two IB entries, the user's segment and one of
 * those, so the counter says which submissions the FIFO has processed.
 *
 * Interrupts: CACHE_ERROR stops the puller on a method the GPU cannot run.
 * The handler finds the channel, method and data in CACHE1, runs the
 * software method (or stops a channel that sent something it should not),
 * moves CACHE1_GET past it and lets the puller go.  DMA_PUSHER reports a
 * pushbuffer the FIFO could not decode: that channel stops, the others go
 * on.  The handler runs in hard interrupt context with fifo->lock held
 * around everything it touches of a channel; channel destruction takes the
 * channel out of the table under the same lock first.
 */
#include <linux/bitfield.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <nvkm/hw/fifo.h>
#include <nvkm/hw/vm.h>
#include <nvkm/subdev/instmem.h>
#include <nvkm/subdev/mmu.h>
#include "priv.h"

#define nvkm_fifo(p) container_of((p), struct nvkm_fifo, engine.subdev)

/* Channel ids: nouveau keeps 0 (PIO) and 127 (inactive) unused. */
#define NV50_FIFO_CHID_FIRST	1
#define NV50_FIFO_CHID_LAST	126

/* A playlist: one word per channel id. */
#define NV50_FIFO_PLAYLIST_SIZE	(NV50_PFIFO_CHANS * 4)

/* The kernel's reference counter segments: two words each. */
#define NV50_FIFO_TAIL_WORDS	2
#define NV50_FIFO_TAILS		(NVKM_VMM_PAGE / (NV50_FIFO_TAIL_WORDS * 4))

static_assert(NVKM_FIFO_CHANS == NV50_PFIFO_CHANS);
static_assert(NVKM_FIFO_IB_ENTRIES * NV50_IB_ENTRY == NVKM_VMM_PAGE);
/* a tail is reused only after more submissions than can be in flight */
static_assert(NVKM_FIFO_IB_ENTRIES / 2 < NV50_FIFO_TAILS);
static_assert(NV50_FIFO_RAMHT + BIT(NV50_FIFO_RAMHT_BITS) * NV50_RAMHT_ENTRY <= NVKM_VMM_INST_SIZE);
static_assert(G80_CHAN_RAMFC + NV50_FIFO_RAMFC_SIZE <= 0x200);

static struct nvkm_device *
nv50_fifo_device(struct nvkm_fifo *fifo)
{
	return fifo->engine.subdev.device;
}

static void
nv50_fifo_inst_wr(struct nvkm_device *device, u64 addr, u32 data)
{
	nvkm_instmem_wr32(device->imem, addr, data);
}

/* --- interrupts ------------------------------------------------------------ */

static const char * const nv50_fifo_fault_name[] = {
	[NVPM_FAULT_NONE] = "none",
	[NVPM_FAULT_INVALID_CMD] = "invalid pushbuffer command",
	[NVPM_FAULT_MEM] = "pushbuffer not mapped",
	[NVPM_FAULT_UNKNOWN_OBJECT] = "bind to an unknown object",
	[NVPM_FAULT_NO_OBJECT] = "method on a subchannel without an object",
	[NVPM_FAULT_INVALID_METHOD] = "FIFO method not supported",
	[NVPM_FAULT_DEVICE] = "device stopped",
};

/* Something happened to the channel: WAIT looks again. */
static void
nv50_fifo_chan_wake(struct nvkm_fifo_chan *chan)
{
	WRITE_ONCE(chan->wakeups, chan->wakeups + 1);
	wake_up_all(&chan->wait);
}

/* Stop a channel for good; fifo->lock held. */
static void
nv50_fifo_chan_fault(struct nvkm_fifo_chan *chan, u32 fault, u64 info)
{
	struct nvkm_fifo *fifo = chan->fifo;
	struct nvkm_device *device = nv50_fifo_device(fifo);

	if (chan->fault)
		return;
	chan->fault = fault;
	chan->fault_info = info;
	fifo->stats.faults++;
	/* the FIFO reads nothing more of it: ENABLED off, as nouveau's fini */
	nvkm_wr32(device, NV50_PFIFO_CTX_TABLE(chan->chid), fifo->func->table(chan));
	dev_err_ratelimited(device->dev, "%s: fifo: channel %d stopped: %s (0x%llx)\n",
			    device->name, chan->chid, nv50_fifo_fault_name[fault], info);
	nv50_fifo_chan_wake(chan);
}

/* A method the puller stopped on; fifo->lock held.  NONE if it ran. */
static u32
nv50_fifo_swmthd(struct nvkm_fifo_chan *chan, u32 subc, u32 mthd, u32 data)
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

static void
nv50_fifo_cache_error(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);
	u32 chid = nvkm_rd32(device, NV_PFIFO_CACHE1_PUSH1) & NV50_PFIFO_CACHE1_PUSH1_CHID;
	u32 get = nvkm_rd32(device, NV_PFIFO_CACHE1_GET);
	u32 slot = NV_PFIFO_CACHE1_SLOT(get);
	u32 addr = nvkm_rd32(device, NV40_PFIFO_CACHE1_METHOD(slot));
	u32 data = nvkm_rd32(device, NV40_PFIFO_CACHE1_DATA(slot));
	u32 subc = FIELD_GET(NV_PFIFO_CACHE1_METHOD_SUBC, addr);
	u32 mthd = addr & NV_PFIFO_CACHE1_METHOD_MTHD;
	struct nvkm_fifo_chan *chan;
	unsigned long flags;
	u32 fault;

	spin_lock_irqsave(&fifo->lock, flags);
	chan = fifo->chan[chid];
	/* a channel destroyed since has nothing to run: the method is dropped */
	if (chan && !chan->fault) {
		fault = nv50_fifo_swmthd(chan, subc, mthd, data);
		if (fault)
			nv50_fifo_chan_fault(chan, fault, (u64)subc << 45 |
					     (u64)mthd << 32 | data);
		nv50_fifo_chan_wake(chan);
	}
	spin_unlock_irqrestore(&fifo->lock, flags);

	/* skip the method, ack, let the puller go */
	nvkm_wr32(device, NV_PFIFO_CACHE1_GET, get + 4);
	nvkm_wr32(device, NV_PFIFO_INTR_0, NV_PFIFO_INTR_CACHE_ERROR);
	nvkm_wr32(device, NV_PFIFO_CACHE1_PULL0, NV_PFIFO_CACHE1_PULL0_ACCESS);
}

static void
nv50_fifo_dma_pusher(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);
	u32 chid = nvkm_rd32(device, NV_PFIFO_CACHE1_PUSH1) & NV50_PFIFO_CACHE1_PUSH1_CHID;
	u32 state = nvkm_rd32(device, NV_PFIFO_CACHE1_DMA_STATE);
	u32 get = nvkm_rd32(device, NV_PFIFO_CACHE1_DMA_GET);
	struct nvkm_fifo_chan *chan;
	unsigned long flags;

	spin_lock_irqsave(&fifo->lock, flags);
	chan = fifo->chan[chid];
	if (chan && !chan->fault)
		nv50_fifo_chan_fault(chan, FIELD_GET(NV_PFIFO_CACHE1_DMA_STATE_ERROR, state) ==
				     NV_PFIFO_DMA_ERROR_MEM_FAULT ? NVPM_FAULT_MEM :
				     NVPM_FAULT_INVALID_CMD, get);
	spin_unlock_irqrestore(&fifo->lock, flags);

	nvkm_wr32(device, NV_PFIFO_CACHE1_DMA_STATE, 0);
	nvkm_wr32(device, NV_PFIFO_CACHE1_DMA_PUSH, NV_PFIFO_CACHE1_DMA_PUSH_ACCESS);
	nvkm_wr32(device, NV_PFIFO_INTR_0, NV_PFIFO_INTR_DMA_PUSHER);
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
	struct nvkm_device *device = nv50_fifo_device(fifo);
	u64 t0 = local_clock();
	unsigned long flags;
	u32 stat;

	stat = nvkm_rd32(device, NV_PFIFO_INTR_0) & READ_ONCE(fifo->intr_en);
	if (!stat)
		return false;
	if (stat & NV_PFIFO_INTR_CACHE_ERROR)
		nv50_fifo_cache_error(fifo);
	if (stat & NV_PFIFO_INTR_DMA_PUSHER)
		nv50_fifo_dma_pusher(fifo);

	spin_lock_irqsave(&fifo->lock, flags);
	fifo->stats.intr++;
	if (in_hardirq())
		fifo->stats.hardirq++;
	fifo->stats.ns += local_clock() - t0;
	spin_unlock_irqrestore(&fifo->lock, flags);
	return true;
}

/* --- channels -------------------------------------------------------------- */

static int
nv50_fifo_chid_get(struct nvkm_fifo *fifo, struct nvkm_fifo_chan *chan)
{
	int i, chid, nr = NV50_FIFO_CHID_LAST - NV50_FIFO_CHID_FIRST + 1;
	unsigned long flags;

	/*
	 * Round robin: an id is reused as late as possible, so that nothing
	 * of a destroyed channel can still be on its way to its successor.
	 */
	spin_lock_irqsave(&fifo->lock, flags);
	for (i = 0; i < nr; i++) {
		chid = NV50_FIFO_CHID_FIRST + (fifo->next_chid + i) % nr;
		if (!fifo->chan[chid]) {
			fifo->chan[chid] = chan;
			fifo->next_chid = (chid - NV50_FIFO_CHID_FIRST + 1) % nr;
			break;
		}
	}
	spin_unlock_irqrestore(&fifo->lock, flags);
	return i < nr ? chid : -ENOSPC;
}

/* RAMHT: the objects every channel has, in the first entries. */
static const struct {
	u32 handle;
	u32 engine;
} nv50_fifo_objects[] = {
	{ NVPM_HANDLE_GR, NV50_FIFO_ENGINE_GR },
	{ NVPM_HANDLE_SW, NV50_FIFO_ENGINE_SW },
	{ NVPM_HANDLE_NOTIFIER, NV50_FIFO_ENGINE_SW },	/* DMA objects */
};

static void
nv50_fifo_chan_inst(struct nvkm_fifo_chan *chan, bool clear)
{
	struct nvkm_device *device = nv50_fifo_device(chan->fifo);
	const struct nv50_fifo_func *func = chan->fifo->func;
	u64 ramht = chan->inst + NV50_FIFO_RAMHT;
	u64 ramfc = chan->inst + func->ramfc;
	int i;

	for (i = 0; i < ARRAY_SIZE(nv50_fifo_objects); i++) {
		nv50_fifo_inst_wr(device, ramht + i * NV50_RAMHT_ENTRY,
				  clear ? 0 : nv50_fifo_objects[i].handle);
		nv50_fifo_inst_wr(device, ramht + i * NV50_RAMHT_ENTRY + 4, clear ? 0 :
				  FIELD_PREP(NV50_RAMHT_CONTEXT_ENGINE,
					     nv50_fifo_objects[i].engine));
	}
	if (clear)
		return;
	/* RAMFC words as nouveau's gpfifonv50.c/gpfifog84.c place them */
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_IB_LOW, lower_32_bits(chan->ib_addr));
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_IB_HIGH,
			  FIELD_PREP(NV50_RAMFC_IB_HIGH_ADDR, upper_32_bits(chan->ib_addr)) |
			  FIELD_PREP(NV50_RAMFC_IB_HIGH_ORDER, ilog2(NVKM_FIFO_IB_ENTRIES)));
	/* RAMHT: a channel object, its offset from the structure >> 4 */
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_RAMHT,
			  FIELD_PREP(NV50_RAMFC_RAMHT_OFFSET, NV50_FIFO_RAMHT >> 4) |
			  FIELD_PREP(NV50_RAMFC_RAMHT_BITS, NV50_FIFO_RAMHT_BITS - 9) |
			  NV50_RAMFC_RAMHT_SEARCH_FULL);
	if (func->ramfc_init)
		func->ramfc_init(chan);
}

/*
 * Write the next playlist: the channels whose table entry is enabled, then
 * point PFIFO at it and let it reassign (nouveau nv50_fifo_runlist_update:
 * 0x32f4 address >> 12, 0x32ec length, 0x2500 = 0x101).  Two playlists
 * are used in turn, so the one PFIFO may still read is never rewritten.
 */
static void
nv50_fifo_playlist(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);
	u32 addr, chid, nr = 0;

	mutex_lock(&fifo->mutex);
	addr = fifo->playlist[fifo->playlist_cur];
	fifo->playlist_cur ^= 1;
	for (chid = 0; chid < NV50_PFIFO_CHANS; chid++) {
		if (nvkm_rd32(device, NV50_PFIFO_CTX_TABLE(chid)) & NV50_PFIFO_CTX_TABLE_ENABLED)
			nv50_fifo_inst_wr(device, addr + nr++ * 4, chid);
	}
	nvkm_wr32(device, NV50_PFIFO_PLAYLIST,
		  FIELD_PREP(NV50_PFIFO_PLAYLIST_ADDR, addr >> 12) |
		  FIELD_PREP(NV50_PFIFO_PLAYLIST_TARGET, NV50_MEM_TARGET_VRAM));
	nvkm_wr32(device, NV50_PFIFO_PLAYLIST_LEN, nr);
	nvkm_wr32(device, NV50_PFIFO_CACHES, NV50_PFIFO_CACHES_PLAYLIST |
		  NV50_PFIFO_CACHES_REASSIGN);
	mutex_unlock(&fifo->mutex);
}

/* A kernel buffer of one page, mapped into the channel's space. */
static void *
nv50_fifo_chan_page(struct nvkm_fifo_chan *chan, u64 *addr)
{
	void *cpu = vzalloc(NVKM_VMM_PAGE);

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
	struct nvkm_device *device = nv50_fifo_device(fifo);
	struct nvkm_fifo_chan *chan;
	int ret;

	*pchan = NULL;
	chan = kzalloc(sizeof(*chan), GFP_KERNEL);
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
	nvkm_vmm_engine(chan->vmm, NV50_VM_ENGINE_PFIFO);
	chan->inst = chan->vmm->inst;
	chan->ib = nv50_fifo_chan_page(chan, &chan->ib_addr);
	chan->tail = nv50_fifo_chan_page(chan, &chan->tail_addr);
	if (!chan->ib || !chan->tail) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = nv50_fifo_chid_get(fifo, chan);
	if (ret < 0)
		goto fail;
	chan->chid = ret;

	/* the words the FIFO reads start known: zero, then the fields */
	nvkm_instmem_zero(device->imem, chan->inst + fifo->func->ramfc, NV50_FIFO_RAMFC_SIZE);
	nvkm_instmem_zero(device->imem, chan->inst + NV50_FIFO_RAMHT,
			  BIT(NV50_FIFO_RAMHT_BITS) * NV50_RAMHT_ENTRY);
	nv50_fifo_chan_inst(chan, false);
	nvkm_wr32(device, NV50_PFIFO_CTX_TABLE(chan->chid),
		  NV50_PFIFO_CTX_TABLE_ENABLED | fifo->func->table(chan));
	nv50_fifo_playlist(fifo);
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
 * interrupt handler cannot reach it; the FIFO reads nothing of it once its
 * table entry is cleared, so its memory goes last.
 */
void
nvkm_fifo_chan_del(struct nvkm_fifo_chan **pchan)
{
	struct nvkm_fifo_chan *chan = *pchan;
	struct nvkm_fifo *fifo;
	struct nvkm_device *device;
	unsigned long flags;

	if (!chan)
		return;
	fifo = chan->fifo;
	device = nv50_fifo_device(fifo);
	if (chan->chid >= 0) {
		spin_lock_irqsave(&fifo->lock, flags);
		fifo->chan[chan->chid] = NULL;
		spin_unlock_irqrestore(&fifo->lock, flags);
		/* after fini (GPU removed or suspended) the hardware is left alone */
		if (device->initialised) {
			/* nouveau's fini: off the playlist, then the entry */
			nvkm_mask(device, NV50_PFIFO_CTX_TABLE(chan->chid),
				  NV50_PFIFO_CTX_TABLE_ENABLED, 0);
			nv50_fifo_playlist(fifo);
			nvkm_wr32(device, NV50_PFIFO_CTX_TABLE(chan->chid), 0);
			nv50_fifo_chan_inst(chan, true);
			nvkm_instmem_dirty(device->imem, chan->inst + fifo->func->saved[0],
					   fifo->func->saved[1]);
			nvkm_sw_chan_fini(&chan->sw);
		}
	}

	nv50_fifo_chan_wake(chan);
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
 */
void
nvkm_fifo_chan_notifier(struct nvkm_fifo_chan *chan, void *ntfy, u32 ring_size)
{
	unsigned long flags;

	spin_lock_irqsave(&chan->fifo->lock, flags);
	nvkm_sw_chan_notifier(&chan->sw, ntfy, NVPM_HANDLE_NOTIFIER, ring_size);
	spin_unlock_irqrestore(&chan->fifo->lock, flags);
}

static void
nv50_fifo_ib_put(struct nvkm_fifo_chan *chan, u64 addr, u32 len)
{
	u32 *e = &chan->ib[chan->ib_put * 2];

	e[0] = lower_32_bits(addr);
	e[1] = FIELD_PREP(NV50_IB_HIGH_ADDR, upper_32_bits(addr)) |
	       FIELD_PREP(NV50_IB_HIGH_LENGTH, len / 4);
	chan->ib_put = (chan->ib_put + 1) % NVKM_FIFO_IB_ENTRIES;
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
	struct nvkm_device *device = nv50_fifo_device(chan->fifo);
	u32 *tail, get, used;
	u64 next;

	if (!len || len > NVKM_FIFO_SEGMENT_MAX || (len | addr) & 3)
		return -EINVAL;
	if (READ_ONCE(chan->fault))
		return -EIO;
	get = nvkm_rd32(device, NV50_USER(chan->chid) + NV50_USER_IB_GET);
	used = (chan->ib_put - get) % NVKM_FIFO_IB_ENTRIES;
	if (used + 2 >= NVKM_FIFO_IB_ENTRIES)
		return -EBUSY;

	next = chan->submitted + 1;
	tail = &chan->tail[(next % NV50_FIFO_TAILS) * NV50_FIFO_TAIL_WORDS];
	tail[0] = FIELD_PREP(NV50_DMA_CMD_COUNT, 1) | NV_FIFO_MTHD_REF_CNT;
	tail[1] = lower_32_bits(next);
	nv50_fifo_ib_put(chan, addr, len);
	nv50_fifo_ib_put(chan, chan->tail_addr + (next % NV50_FIFO_TAILS) *
			 NV50_FIFO_TAIL_WORDS * 4, NV50_FIFO_TAIL_WORDS * 4);
	WRITE_ONCE(chan->submitted, next);
	wmb();	/* the entries before IB_PUT */
	nvkm_wr32(device, NV50_USER(chan->chid) + NV50_USER_IB_PUT, chan->ib_put);
	*seq = next;
	return 0;
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
	struct nvkm_device *device = nv50_fifo_device(chan->fifo);
	u64 sub = READ_ONCE(chan->submitted);
	u32 ref = nvkm_rd32(device, NV50_USER(chan->chid) + NV50_USER_REF_CNT);
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

static int
nv50_fifo_init(struct nvkm_subdev *subdev)
{
	struct nvkm_fifo *fifo = nvkm_fifo(subdev);
	struct nvkm_device *device = subdev->device;
	int chid;

	nvkm_wr32(device, NV_PFIFO_INTR_0, 0xffffffff);
	WRITE_ONCE(fifo->intr_en, NV_PFIFO_INTR_CACHE_ERROR | NV_PFIFO_INTR_DMA_PUSHER);
	nvkm_wr32(device, NV_PFIFO_INTR_EN_0, fifo->intr_en);
	for (chid = 0; chid < NV50_PFIFO_CHANS; chid++)
		nvkm_wr32(device, NV50_PFIFO_CTX_TABLE(chid), 0);
	nvkm_wr32(device, NV_PFIFO_CACHE1_PUSH0, 1);
	nvkm_wr32(device, NV_PFIFO_CACHE1_DMA_PUSH, NV_PFIFO_CACHE1_DMA_PUSH_ACCESS);
	nvkm_wr32(device, NV_PFIFO_CACHE1_PULL0, NV_PFIFO_CACHE1_PULL0_ACCESS);
	/* nv50_fifo_init: CACHES reassign on, an empty playlist */
	nvkm_wr32(device, NV50_PFIFO_CACHES, NV50_PFIFO_CACHES_REASSIGN);
	/* the FIFO is the only unit that interrupts: PMC's enable is its */
	nvkm_wr32(device, NV_PMC_INTR_EN_0, NV_PMC_INTR_EN_0_HARDWARE);
	return 0;
}

/* Channels do not survive: they stop, as after a GPU reset. */
static int
nv50_fifo_fini(struct nvkm_subdev *subdev, bool suspend)
{
	struct nvkm_fifo *fifo = nvkm_fifo(subdev);
	struct nvkm_device *device = subdev->device;
	unsigned long flags;
	int chid;

	nvkm_wr32(device, NV_PMC_INTR_EN_0, 0);
	WRITE_ONCE(fifo->intr_en, 0);
	nvkm_wr32(device, NV_PFIFO_INTR_EN_0, 0);
	spin_lock_irqsave(&fifo->lock, flags);
	for (chid = 0; chid < NV50_PFIFO_CHANS; chid++) {
		if (fifo->chan[chid])
			nv50_fifo_chan_fault(fifo->chan[chid], NVPM_FAULT_DEVICE, 0);
	}
	spin_unlock_irqrestore(&fifo->lock, flags);
	return 0;
}

static void *
nv50_fifo_dtor(struct nvkm_subdev *subdev)
{
	struct nvkm_fifo *fifo = nvkm_fifo(subdev);
	int chid, i;

	for (chid = 0; chid < NV50_PFIFO_CHANS; chid++)
		WARN_ON(fifo->chan[chid]);
	for (i = 0; i < ARRAY_SIZE(fifo->playlist); i++) {
		if (fifo->playlist[i])
			nvkm_instmem_free(subdev->device->imem, fifo->playlist[i],
					  NV50_FIFO_PLAYLIST_SIZE);
	}
	mutex_destroy(&fifo->mutex);
	return fifo;
}

static const struct nvkm_subdev_func
nv50_fifo = {
	.dtor = nv50_fifo_dtor,
	.init = nv50_fifo_init,
	.fini = nv50_fifo_fini,
};

/**
 * nv50_fifo_ctor() - the FIFO engine, with a generation's channel structures
 * @func: the generation's
 * @device: the device, with instance memory
 * @pfifo: the engine
 *
 * Return: 0, -ENOMEM.
 */
int
nv50_fifo_ctor(const struct nv50_fifo_func *func, struct nvkm_device *device,
	       struct nvkm_fifo **pfifo)
{
	struct nvkm_fifo *fifo;
	int i, ret = 0;

	fifo = kzalloc(sizeof(*fifo), GFP_KERNEL);
	if (!fifo)
		return -ENOMEM;
	fifo->func = func;
	spin_lock_init(&fifo->lock);
	mutex_init(&fifo->mutex);
	nvkm_engine_ctor(&nv50_fifo, device, "fifo", &fifo->engine);
	*pfifo = fifo;
	for (i = 0; !ret && i < ARRAY_SIZE(fifo->playlist); i++)
		ret = nvkm_instmem_alloc(device->imem, NV50_FIFO_PLAYLIST_SIZE,
					 &fifo->playlist[i]);
	return ret;
}

/* G80: RAMFC opens the channel structure, the table holds its descriptor. */
static u32
nv50_fifo_table(struct nvkm_fifo_chan *chan)
{
	return FIELD_PREP(NV50_CHAN_DESC_ADDR, chan->inst >> 12) |
	       FIELD_PREP(NV50_CHAN_DESC_TARGET, NV50_MEM_TARGET_VRAM);
}

static const struct nv50_fifo_func
nv50_fifo_func = {
	.pgd = G80_CHAN_PGD,
	.ramfc = G80_CHAN_RAMFC,
	.saved = { G80_CHAN_RAMFC, G80_CHAN_PGD },	/* RAMFC, contexts, CACHE */
	.table = nv50_fifo_table,
};

/**
 * nv50_fifo_new() - the FIFO engine of the original G80
 * @device: the device
 * @pfifo: the engine
 *
 * Return: 0 or -ENOMEM.
 */
int
nv50_fifo_new(struct nvkm_device *device, struct nvkm_fifo **pfifo)
{
	return nv50_fifo_ctor(&nv50_fifo_func, device, pfifo);
}
