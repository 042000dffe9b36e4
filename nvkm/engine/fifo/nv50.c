// SPDX-License-Identifier: MIT
/*
 * The FIFO engine of the NV50 family, in IB mode: what it writes to the
 * GPU for channels, submission, fences and interrupts (the rest is
 * base.c's).
 *
 * A channel's structure (in instance memory, written through PRAMIN)
 * holds its RAMFC and RAMHT, laid out as the generation wants (G80 here,
 * G84+ in g84.c).  The FIFO serves the channels of its playlist, which is
 * rewritten as channels come and go.  The kernel owns a channel's IB ring
 * and a page of small segments that set the reference counter: a
 * submission is two IB entries, the user's segment and one of those, so
 * the counter says which submissions the FIFO has processed.
 *
 * Interrupts: CACHE_ERROR stops the puller on a method the GPU cannot run.
 * The handler finds the channel, method and data in CACHE1, hands the
 * method to base.c (a software method, or a channel to stop), moves
 * CACHE1_GET past it and lets the puller go.  DMA_PUSHER reports a
 * pushbuffer the FIFO could not decode: that channel stops, the others go
 * on.
 */
#include <linux/bitfield.h>
#include <nvkm/hw/fifo.h>
#include <nvkm/hw/vm.h>
#include <nvkm/subdev/instmem.h>
#include <nvkm/subdev/mmu.h>
#include "priv.h"

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

/*
 * The puller stopped on a method.  A software one (PULL0's
 * DEVICE_SOFTWARE) goes to base.c; anything else stops its channel.  Then
 * nouveau's sequence (fifo/nv04.c, nv04_fifo_intr_cache_error()): the
 * pusher off while CACHE1_GET moves past the method, the interrupt acked,
 * the hash result cleared, pusher and puller on again.
 */
static void
nv50_fifo_cache_error(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);
	u32 chid = nvkm_rd32(device, NV_PFIFO_CACHE1_PUSH1) & NV50_PFIFO_CACHE1_PUSH1_CHID;
	u32 get = nvkm_rd32(device, NV_PFIFO_CACHE1_GET);
	u32 pull0 = nvkm_rd32(device, NV_PFIFO_CACHE1_PULL0);
	u32 slot = NV_PFIFO_CACHE1_SLOT(get);
	u32 addr = nvkm_rd32(device, NV40_PFIFO_CACHE1_METHOD(slot));
	u32 data = nvkm_rd32(device, NV40_PFIFO_CACHE1_DATA(slot));
	u32 subc = FIELD_GET(NV_PFIFO_CACHE1_METHOD_SUBC, addr);
	u32 mthd = addr & NV_PFIFO_CACHE1_METHOD_MTHD;

	/*
	 * Methods 0x180-0x1fc name an object: the puller looked the handle
	 * up, and the method gets the object's instance (as nouveau's
	 * nv04_fifo_swmthd() passes it on), or 0, the NULL object, for a
	 * handle RAMHT lacks: the method's own error, not the channel's.
	 */
	if (mthd >= NV_FIFO_MTHD_OBJ_FIRST && mthd <= NV_FIFO_MTHD_OBJ_LAST &&
	    (pull0 & (NV_PFIFO_CACHE1_PULL0_DEVICE_SOFTWARE | NV_PFIFO_CACHE1_PULL0_HASH_FAILED))) {
		data = 0;
		if (pull0 & NV_PFIFO_CACHE1_PULL0_DEVICE_SOFTWARE)
			data = nvkm_rd32(device, NV_PFIFO_CACHE1_HASH);
		nvkm_fifo_swmthd(fifo, chid, subc, mthd, data & NV50_RAMHT_CONTEXT_INSTANCE);
	} else if (pull0 & NV_PFIFO_CACHE1_PULL0_DEVICE_SOFTWARE) {
		nvkm_fifo_swmthd(fifo, chid, subc, mthd, data);
	} else {
		nvkm_fifo_fault(fifo, chid, mthd == NV_FIFO_MTHD_OBJECT ?
				NVPM_FAULT_UNKNOWN_OBJECT : NVPM_FAULT_INVALID_METHOD,
				(u64)subc << 45 | (u64)mthd << 32 | data);
	}

	/* ACCESS is all init set in PUSH0 and DMA_PUSH: written, not masked */
	nvkm_wr32(device, NV_PFIFO_CACHE1_DMA_PUSH, 0);
	nvkm_wr32(device, NV_PFIFO_INTR_0, NV_PFIFO_INTR_CACHE_ERROR);
	nvkm_wr32(device, NV_PFIFO_CACHE1_PUSH0, 0);
	nvkm_wr32(device, NV_PFIFO_CACHE1_GET, get + 4);
	nvkm_wr32(device, NV_PFIFO_CACHE1_PUSH0, 1);
	nvkm_wr32(device, NV_PFIFO_CACHE1_HASH, 0);
	nvkm_wr32(device, NV_PFIFO_CACHE1_DMA_PUSH, NV_PFIFO_CACHE1_DMA_PUSH_ACCESS);
	nvkm_wr32(device, NV_PFIFO_CACHE1_PULL0, NV_PFIFO_CACHE1_PULL0_ACCESS);
}

static void
nv50_fifo_dma_pusher(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);
	u32 chid = nvkm_rd32(device, NV_PFIFO_CACHE1_PUSH1) & NV50_PFIFO_CACHE1_PUSH1_CHID;
	u32 state = nvkm_rd32(device, NV_PFIFO_CACHE1_DMA_STATE);
	u32 get = nvkm_rd32(device, NV_PFIFO_CACHE1_DMA_GET);

	nvkm_fifo_fault(fifo, chid, FIELD_GET(NV_PFIFO_CACHE1_DMA_STATE_ERROR, state) ==
			NV_PFIFO_DMA_ERROR_MEM_FAULT ? NVPM_FAULT_MEM : NVPM_FAULT_INVALID_CMD,
			get);

	/*
	 * Acknowledged before the pusher runs again, where nouveau's
	 * nv04_fifo_intr_dma_pusher() acknowledges after: an error the
	 * pusher meets as soon as it runs (another channel's command) then
	 * interrupts anew, instead of being acknowledged unseen with PFIFO
	 * stalled for good.
	 */
	nvkm_wr32(device, NV_PFIFO_INTR_0, NV_PFIFO_INTR_DMA_PUSHER);
	nvkm_wr32(device, NV_PFIFO_CACHE1_DMA_STATE, 0);
	nvkm_wr32(device, NV_PFIFO_CACHE1_DMA_PUSH, NV_PFIFO_CACHE1_DMA_PUSH_ACCESS);
}

/*
 * A G84+ host semaphore the puller could not run (an address the
 * channel's VM does not map, unaligned, an unknown operation): the
 * channel sent a method it must not, and is stopped; the puller goes on
 * past it, as nouveau's nv04_fifo_intr() resumes it.
 */
static void
nv50_fifo_semaphore(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);
	u32 chid = nvkm_rd32(device, NV_PFIFO_CACHE1_PUSH1) & NV50_PFIFO_CACHE1_PUSH1_CHID;
	u32 get = nvkm_rd32(device, NV_PFIFO_CACHE1_GET);
	u32 slot = NV_PFIFO_CACHE1_SLOT(get);
	u32 addr = nvkm_rd32(device, NV40_PFIFO_CACHE1_METHOD(slot));
	u32 data = nvkm_rd32(device, NV40_PFIFO_CACHE1_DATA(slot));

	nvkm_fifo_fault(fifo, chid, NVPM_FAULT_INVALID_METHOD,
			(u64)FIELD_GET(NV_PFIFO_CACHE1_METHOD_SUBC, addr) << 45 |
			(u64)(addr & NV_PFIFO_CACHE1_METHOD_MTHD) << 32 | data);
	nvkm_wr32(device, NV_PFIFO_INTR_0, NV_PFIFO_INTR_SEMAPHORE);
	nvkm_wr32(device, NV_PFIFO_CACHE1_GET, get + 4);
	nvkm_wr32(device, NV_PFIFO_CACHE1_PULL0, NV_PFIFO_CACHE1_PULL0_ACCESS);
}

static bool
nv50_fifo_intr(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);
	u32 stat, caches;

	stat = nvkm_rd32(device, NV_PFIFO_INTR_0) & READ_ONCE(fifo->intr_en);
	if (!stat)
		return false;
	/* as nouveau: no channel switch while CACHE1 is looked at */
	caches = nvkm_rd32(device, NV50_PFIFO_CACHES);
	nvkm_wr32(device, NV50_PFIFO_CACHES, 0);
	if (stat & NV_PFIFO_INTR_CACHE_ERROR)
		nv50_fifo_cache_error(fifo);
	if (stat & NV_PFIFO_INTR_DMA_PUSHER)
		nv50_fifo_dma_pusher(fifo);
	if (stat & NV_PFIFO_INTR_SEMAPHORE)
		nv50_fifo_semaphore(fifo);
	nvkm_wr32(device, NV50_PFIFO_CACHES, caches);
	return true;
}

/* A faulted channel: ENABLED off, as nouveau's fini; fifo->lock held. */
static void
nv50_fifo_chan_halt(struct nvkm_fifo_chan *chan)
{
	nvkm_wr32(nv50_fifo_device(chan->fifo), NV50_PFIFO_CTX_TABLE(chan->chid),
		  chan->fifo->func->table(chan));
}

/* --- channels -------------------------------------------------------------- */

/* The slot of @handle in a channel's RAMHT (hw/fifo.h): its hash. */
static u32
nv50_fifo_ramht_hash(u32 handle)
{
	u32 hash = 0;

	for (; handle; handle >>= NV50_FIFO_RAMHT_BITS)
		hash ^= handle & (BIT(NV50_FIFO_RAMHT_BITS) - 1);
	return hash;
}

/*
 * Put @handle in the channel's RAMHT, at its hash or the next free (or
 * same-handle) entry after it, as nouveau's ramht.c does; at most every
 * entry is looked at.  The channel has few objects: a full table is a bug.
 */
static void
nv50_fifo_chan_object(struct nvkm_fifo_chan *chan, u32 handle, u32 engine, u32 inst)
{
	struct nvkm_device *device = nv50_fifo_device(chan->fifo);
	u32 hash = nv50_fifo_ramht_hash(handle), i, old;
	u64 e;

	for (i = 0; i < BIT(NV50_FIFO_RAMHT_BITS); i++) {
		e = chan->inst + NV50_FIFO_RAMHT +
		    ((hash + i) & (BIT(NV50_FIFO_RAMHT_BITS) - 1)) * NV50_RAMHT_ENTRY;
		old = nvkm_instmem_rd32(device->imem, e);
		if (old && old != handle)
			continue;
		nv50_fifo_inst_wr(device, e, handle);
		nv50_fifo_inst_wr(device, e + 4,
				  FIELD_PREP(NV50_RAMHT_CONTEXT_ENGINE, engine) |
				  FIELD_PREP(NV50_RAMHT_CONTEXT_INSTANCE, inst >> 4));
		return;
	}
	WARN_ON_ONCE(1);
}

/*
 * A new channel's RAMFC, as nouveau's g84_chan_ramfc_write() writes it,
 * and its RAMHT's first objects: the graphics and software objects, which
 * have no structure of their own (nouveau's default instance).
 */
static void
nv50_fifo_chan_inst(struct nvkm_fifo_chan *chan)
{
	struct nvkm_device *device = nv50_fifo_device(chan->fifo);
	const struct nvkm_fifo_func *func = chan->fifo->func;
	u64 ramfc = chan->inst + func->ramfc;

	nv50_fifo_chan_object(chan, NVPM_HANDLE_GR, NV50_FIFO_ENGINE_GR, NV50_RAMHT_INSTANCE_NONE);
	nv50_fifo_chan_object(chan, NVPM_HANDLE_SW, NV50_FIFO_ENGINE_SW, NV50_RAMHT_INSTANCE_NONE);
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_DMA_FETCH,
			  FIELD_PREP(NV50_RAMFC_DMA_FETCH_TRIG, 0xf) |
			  FIELD_PREP(NV50_RAMFC_DMA_FETCH_SIZE, 3) |
			  FIELD_PREP(NV50_RAMFC_DMA_FETCH_MAX_REQS, 0x3f) |
			  NV50_RAMFC_DMA_FETCH_IB_ENABLE);
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_DMA_TIMESLICE, NV50_PFIFO_DMA_TIMESLICE_INIT);
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_DMA_INSTANCE, chan->push_sel);
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_IB_LOW, lower_32_bits(chan->ib_addr));
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_IB_HIGH,
			  FIELD_PREP(NV50_RAMFC_IB_HIGH_ADDR, upper_32_bits(chan->ib_addr)) |
			  FIELD_PREP(NV50_RAMFC_IB_HIGH_ORDER, ilog2(NVKM_FIFO_IB_ENTRIES)));
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_ACQUIRE_TIMEOUT,
			  NV50_RAMFC_ACQUIRE_TIMEOUT_MAX);
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_UNK88, 0);
	nv50_fifo_inst_wr(device, ramfc + NV50_RAMFC_SLI, NV50_RAMFC_SLI_INIT);
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

/* A new channel: its structure's words start known, then it is served. */
static void
nv50_fifo_chan_start(struct nvkm_fifo_chan *chan)
{
	struct nvkm_fifo *fifo = chan->fifo;
	struct nvkm_device *device = nv50_fifo_device(fifo);

	nvkm_instmem_zero(device->imem, chan->inst + fifo->func->ramfc, NV50_FIFO_RAMFC_SIZE);
	nvkm_instmem_zero(device->imem, chan->inst + NV50_FIFO_RAMHT,
			  BIT(NV50_FIFO_RAMHT_BITS) * NV50_RAMHT_ENTRY);
	nv50_fifo_chan_inst(chan);
	nvkm_wr32(device, NV50_PFIFO_CTX_TABLE(chan->chid),
		  NV50_PFIFO_CTX_TABLE_ENABLED | fifo->func->table(chan));
	nv50_fifo_playlist(fifo);
}

/*
 * nouveau's fini: off the playlist, then the entry; then the structure's
 * words are what nothing wrote again.
 */
static void
nv50_fifo_chan_fini(struct nvkm_fifo_chan *chan)
{
	struct nvkm_fifo *fifo = chan->fifo;
	struct nvkm_device *device = nv50_fifo_device(fifo);

	nvkm_mask(device, NV50_PFIFO_CTX_TABLE(chan->chid), NV50_PFIFO_CTX_TABLE_ENABLED, 0);
	nv50_fifo_playlist(fifo);
	nvkm_wr32(device, NV50_PFIFO_CTX_TABLE(chan->chid), 0);
	nvkm_instmem_zero(device->imem, chan->inst + NV50_FIFO_RAMHT,
			  BIT(NV50_FIFO_RAMHT_BITS) * NV50_RAMHT_ENTRY);
	nvkm_instmem_dirty(device->imem, chan->inst + fifo->func->saved[0], fifo->func->saved[1]);
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

/* The segment, then a tail setting the reference counter; -EBUSY if full. */
static int
nv50_fifo_submit(struct nvkm_fifo_chan *chan, u64 addr, u32 len, u64 *seq)
{
	struct nvkm_device *device = nv50_fifo_device(chan->fifo);
	u32 *tail, get, used;
	u64 next;

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

static u32
nv50_fifo_ref(struct nvkm_fifo_chan *chan)
{
	return nvkm_rd32(nv50_fifo_device(chan->fifo), NV50_USER(chan->chid) + NV50_USER_REF_CNT);
}

/* --- the engine ------------------------------------------------------------ */

static void
nv50_fifo_init(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);
	int chid;

	/* nouveau's nv50_fifo_init(): PFIFO out of reset, its setup words */
	nvkm_mask(device, NV_PMC_ENABLE, NV_PMC_ENABLE_PFIFO, 0);
	nvkm_mask(device, NV_PMC_ENABLE, NV_PMC_ENABLE_PFIFO, NV_PMC_ENABLE_PFIFO);
	nvkm_wr32(device, NV50_PFIFO_CHSW_DEBUG_1, NV50_PFIFO_CHSW_DEBUG_1_INIT);
	nvkm_wr32(device, NV50_PFIFO_DMA_TIMESLICE, NV50_PFIFO_DMA_TIMESLICE_INIT);
	nvkm_wr32(device, NV_PFIFO_INTR_0, 0xffffffff);
	WRITE_ONCE(fifo->intr_en, NV_PFIFO_INTR_CACHE_ERROR | NV_PFIFO_INTR_DMA_PUSHER |
		   NV_PFIFO_INTR_SEMAPHORE);
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
}

static void
nv50_fifo_fini(struct nvkm_fifo *fifo)
{
	struct nvkm_device *device = nv50_fifo_device(fifo);

	nvkm_wr32(device, NV_PMC_INTR_EN_0, 0);
	WRITE_ONCE(fifo->intr_en, 0);
	nvkm_wr32(device, NV_PFIFO_INTR_EN_0, 0);
}

/* The two playlists, in instance memory. */
static int
nv50_fifo_oneinit(struct nvkm_fifo *fifo)
{
	int i, ret = 0;

	for (i = 0; !ret && i < ARRAY_SIZE(fifo->playlist); i++)
		ret = nvkm_instmem_alloc(nv50_fifo_device(fifo)->imem, NV50_FIFO_PLAYLIST_SIZE,
					 &fifo->playlist[i]);
	return ret;
}

static void
nv50_fifo_dtor(struct nvkm_fifo *fifo)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(fifo->playlist); i++) {
		if (fifo->playlist[i])
			nvkm_instmem_free(nv50_fifo_device(fifo)->imem, fifo->playlist[i],
					  NV50_FIFO_PLAYLIST_SIZE);
	}
}

const struct nvkm_fifo_hw
nv50_fifo_hw = {
	.chid = { 1, 126 },	/* nouveau keeps 0 (PIO) and 127 (inactive) */
	.vm_engine = NV50_VM_ENGINE_PFIFO,
	.oneinit = nv50_fifo_oneinit,
	.dtor = nv50_fifo_dtor,
	.init = nv50_fifo_init,
	.fini = nv50_fifo_fini,
	.intr = nv50_fifo_intr,
	.chan_start = nv50_fifo_chan_start,
	.chan_fini = nv50_fifo_chan_fini,
	.chan_halt = nv50_fifo_chan_halt,
	.chan_object = nv50_fifo_chan_object,
	.submit = nv50_fifo_submit,
	.ref = nv50_fifo_ref,
};

/* G80: RAMFC opens the channel structure, the table holds its descriptor. */
static u32
nv50_fifo_table(struct nvkm_fifo_chan *chan)
{
	return FIELD_PREP(NV50_CHAN_DESC_ADDR, chan->inst >> 12) |
	       FIELD_PREP(NV50_CHAN_DESC_TARGET, NV50_MEM_TARGET_VRAM);
}

static const struct nvkm_fifo_func
nv50_fifo = {
	.hw = &nv50_fifo_hw,
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
	return nvkm_fifo_new_(&nv50_fifo, device, pfifo);
}
