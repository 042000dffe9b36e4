// SPDX-License-Identifier: MIT
/*
 * Simulated PFIFO of the NV50 family in IB mode, and the graphics engine
 * its channels feed.
 *
 * A channel is enabled through its channel table entry, which points at
 * its instance block in instance memory (PRAMIN); there the model finds
 * the channel's RAMFC (IB mode on or off, the pushbuffer DMA object, the
 * IB ring's address and size, the RAMHT) and its address space.
 * Writing a channel's IB_PUT hands the FIFO new IB entries, each a
 * pushbuffer segment in that address space.  The pusher
 * decodes the segments into methods; the puller runs them in order, one
 * per cycle:
 *
 *  - the FIFO's own methods: OBJECT binds a subchannel to an object found
 *    in RAMHT (by hash), REF_CNT sets the channel's reference counter;
 *    G84+, the semaphore methods (DMA_SEMAPHORE, the address, sequence
 *    and trigger: a release writes the sequence, an acquire waits off
 *    the puller, the other channels going on, until memory holds it),
 *    NOTIFY_INTR (PFIFO_INTR's NOTIFY) and WRCACHE_FLUSH: see "host
 *    semaphores" below;
 *  - methods of a subchannel bound to a graphics object go to the graphics
 *    engine, which runs one at a time: a DRAW keeps it busy for a while,
 *    and the next graphics method waits for it;
 *  - anything else (a software object's methods, binds to objects the
 *    hardware does not know, methods of unbound subchannels, FIFO methods
 *    not modelled) stops the puller once the graphics engine is idle and
 *    raises CACHE_ERROR with the method in CACHE1, PULL0 saying whether it
 *    is a software method (DEVICE_SOFTWARE) or a handle RAMHT lacks
 *    (HASH_FAILED), and CACHE1_HASH the instance OBJECT found (a software
 *    object's methods 0x180-0x1fc, whose data is a handle, are looked up
 *    the same way): the driver
 *    runs or refuses it, moves CACHE1_GET past it (or not, to retry it)
 *    and re-enables PULL0.
 *
 * Pushbuffer errors (a command word it cannot decode, an address that is
 * not mapped, a zero-length IB entry) stop the pusher and raise DMA_PUSHER; the driver acks with
 * DMA_PUSH.  While either is pending, no channel moves: the hardware's
 * CACHE1 is one for all channels.  Channels take turns segment by segment.
 *
 * The model is advanced by the simulator's clock (sim.c), with sim->lock
 * held; it reports the cycles at which the other models must be in time
 * (a DRAW starts or ends), so that PCOUNTER sees the graphics engine's
 * signals change in the right cycle.
 *
 * Nothing a channel submits is free, and nothing is unbounded: the pusher
 * fetches one word per cycle (an IB entry, a method header; a method's
 * data word is fetched in the cycle the puller takes it), and each step
 * of simulated time does at most the work its budget allows
 * (nvkm_sim_fifo_budget()): what is left waits for the next step, and the
 * channels run slower, as on a busy GPU.  A DRAW keeps the engine busy at
 * most NVKM_SIM_GR_DRAW_MAX_CYCLES; disabling its channel ends it.
 */
#include <linux/bitfield.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <sim/fifo.h>
#include <sim/vm.h>
#include "nv50_hw.h"
#include "pcounter_priv.h"

#define SIM_FIFO_SUBCS		8

/**
 * struct sim_fifo_chan - one channel, as the FIFO keeps it while enabled
 * @enabled: its channel table entry has ENABLED
 * @listed: it is on the playlist
 * @target: memory target of its channel structure
 * @inst: channel structure address
 * @ramfc_target: memory target of its RAMFC
 * @ramfc: RAMFC address
 * @vm: channel descriptor of the structure: its address space, its DMA
 *	objects
 * @ib_enable: RAMFC's DMA_FETCH has IB_ENABLE: the channel is in IB mode
 * @push_ok: its pushbuffer DMA object (RAMFC's DMA_INSTANCE) was read
 * @push: that DMA object, through which the IB ring and the segments are
 *	  read
 * @ramht: RAMHT address
 * @ramht_bits: log2 of its entries
 * @ramht_probes: entries a lookup reads from the hash on, at most
 * @ib_addr: IB ring address
 * @ib_mask: IB ring entries - 1
 * @ib_get: next IB entry to fetch
 * @ib_put: IB_PUT, as written (masked)
 * @ref_cnt: reference counter (REF_CNT)
 * @seg: address of the next word of the current segment
 * @seg_left: words left in it
 * @count: data words left for the current method header
 * @mthd: method of the next data word
 * @subc: its subchannel
 * @inc: increasing methods
 * @engine: per subchannel, NV50_FIFO_ENGINE_*
 * @prim_cycles: graphics state: cycles per primitive
 * @sem_dma: DMA_SEMAPHORE: selector of the semaphores' DMA object (0: none)
 * @sem_addr: SEMAPHORE_ADDRESS_HIGH and _LOW: offset in that object
 * @sem_seq: SEMAPHORE_SEQUENCE
 * @acquiring: an acquire waits for memory: the channel is not served
 * @acq_geq: it waits for ACQUIRE_GEQUAL (else ACQUIRE_EQUAL)
 * @acq_poll: the cycle its semaphore is read again
 * @saved: its state went to its RAMFC when it was last unloaded
 * @slice: cycles a turn of it lasts: RAMFC's DMA_TIMESLICE SELECT + 1, or
 *	   0 (no end) without its TIMEOUT bit
 */
struct sim_fifo_chan {
	bool enabled;
	bool listed;
	u32 target;
	u64 inst;
	u32 ramfc_target;
	u64 ramfc;
	u32 vm;
	bool ib_enable;
	bool push_ok;
	struct nvkm_sim_dmaobj push;
	u64 ramht;
	u32 ramht_bits;
	u32 ramht_probes;
	u64 ib_addr;
	u32 ib_mask;
	u32 ib_get;
	u32 ib_put;
	u32 ref_cnt;
	u64 seg;
	u32 seg_left;
	u32 count;
	u16 mthd;
	u8 subc;
	bool inc;
	u8 engine[SIM_FIFO_SUBCS];
	u32 prim_cycles;
	u16 sem_dma;
	u64 sem_addr;
	u32 sem_seq;
	bool acquiring;
	bool acq_geq;
	u64 acq_poll;
	bool saved;
	u32 slice;
};

/**
 * struct sim_fifo_mthd - a method waiting for the puller (CACHE1 at GET)
 * @valid: there is one
 * @chid: its channel
 * @subc: its subchannel
 * @mthd: method
 * @data: data
 */
struct sim_fifo_mthd {
	bool valid;
	u8 chid;
	u8 subc;
	u16 mthd;
	u32 data;
};

/**
 * struct nvkm_sim_fifo - PFIFO and graphics engine of a simulated GPU
 * @sim: owner
 * @g80: the original G80's channel table (descriptors, RAMFC at +0)
 * @table: channel table, as written
 * @playlist: PLAYLIST, as written
 * @playlist_len: PLAYLIST_LEN, as written
 * @caches: CACHES, as written
 * @timeslice: DMA_TIMESLICE, as written (each channel's own, from its
 *	       RAMFC, decides its turns: &sim_fifo_chan.slice)
 * @chsw_debug: CHSW_DEBUG_1, as written
 * @chan: channels
 * @intr: PFIFO_INTR_0
 * @intr_en: PFIFO_INTR_EN_0
 * @cur: channel in CACHE1 (the one the pusher reads)
 * @slice_end: the cycle its turn ends (with a slice)
 * @next: the method the puller takes next
 * @get: CACHE1_GET
 * @cache_mthd: CACHE1_METHOD slots
 * @cache_data: CACHE1_DATA slots
 * @pull_stalled: CACHE_ERROR: the puller waits for PULL0
 * @trap_get: CACHE1_GET of the method that stopped it
 * @pull_status: PULL0's status bits for it (HASH_FAILED, SOFTWARE)
 * @hash: CACHE1_HASH: the instance of the object the last OBJECT found
 * @push_stalled: DMA_PUSHER: the pusher waits for DMA_PUSH
 * @dma_state: DMA_STATE
 * @err_get: DMA_GET: address of the word in error
 * @err_put: DMA_PUT: end of its segment
 * @err_ib_get: IB_GET at the error
 * @err_ib_put: IB_PUT at the error
 * @push0: CACHE1_PUSH0, stored
 * @dma_push: CACHE1_DMA_PUSH, stored
 * @pull0: CACHE1_PULL0, stored
 * @cursor: the cycle in which the puller takes its next method
 * @limit: the cycle the current nvkm_sim_fifo_run() stops at
 * @idle: no channel had work at the last look, and no register was
 *	  written since: the next look need not go through the channels
 * @budget: units of work (words fetched, methods taken, DRAWs started,
 *	    semaphores polled) left in the current step of simulated time
 * @acquiring: channels waiting on an acquire
 * @poll_at: the cycle of their first poll (or earlier: a channel stopped
 *	     waiting since)
 * @gr_dom: domain of the graphics engine's signals
 * @gr_idle: PGRAPH.IDLE signal, or -1
 * @gr_prim: setup_primitive_count signal, or -1
 * @gr_active: the graphics engine is busy with a DRAW
 * @gr_end: the cycle it is idle again
 * @gr_chid: the channel of the running DRAW
 * @stats: counts for tests
 */
struct nvkm_sim_fifo {
	struct nvkm_sim *sim;
	bool g80;
	u32 table[SIM_NV50_PFIFO_CHANS];
	u32 playlist;
	u32 playlist_len;
	u32 caches;
	u32 timeslice;
	u32 chsw_debug;
	struct sim_fifo_chan chan[SIM_NV50_PFIFO_CHANS];
	u32 intr;
	u32 intr_en;
	int cur;
	u64 slice_end;
	struct sim_fifo_mthd next;
	u32 get;
	u32 cache_mthd[SIM_NV40_PFIFO_CACHE1_SIZE];
	u32 cache_data[SIM_NV40_PFIFO_CACHE1_SIZE];
	bool pull_stalled;
	u32 trap_get;
	u32 pull_status;
	u32 hash;
	bool push_stalled;
	u32 dma_state;
	u32 err_get;
	u32 err_put;
	u32 err_ib_get;
	u32 err_ib_put;
	u32 push0;
	u32 dma_push;
	u32 pull0;
	u64 cursor;
	u64 limit;
	u32 budget;
	bool idle;
	u32 acquiring;
	u64 poll_at;

	int gr_dom;
	int gr_idle;
	int gr_prim;
	bool gr_active;
	u64 gr_end;
	u8 gr_chid;

	struct nvkm_sim_fifo_stats stats;
};

/* --- the graphics engine's signals, per chipset -------------------------- */

/**
 * nvkm_sim_gr_signals() - where the graphics engine shows in PCOUNTER
 * @chipset: chipset
 * @dom: its domain (core_a)
 * @idle: PGRAPH.IDLE, or -1
 * @prim: setup_primitive_count, or -1
 *
 * Return: 0, or -ENODEV when the chipset's signals are not known.
 */
int
nvkm_sim_gr_signals(u32 chipset, int *dom, int *idle, int *prim)
{
	const struct nvkm_sim_chip *chip = nvkm_sim_chip_find(chipset);

	if (!chip || !chip->gr_idle)
		return -ENODEV;
	*dom = 1;
	*idle = chip->gr_idle;
	*prim = chip->gr_prim ? chip->gr_prim : -1;
	return 0;
}

/* How long a DRAW of @prims keeps the engine busy; capped, see fifo.h. */
static u64
sim_gr_cycles(const struct sim_fifo_chan *ch, u32 prims)
{
	return min_t(u64, (u64)prims * ch->prim_cycles, NVKM_SIM_GR_DRAW_MAX_CYCLES);
}

/* A DRAW of @prims primitives starts now: busy, and the signals move. */
static void
sim_gr_draw(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch, u32 prims)
{
	struct nvkm_sim_pcounter *pc = fifo->sim->pcounter;
	u64 busy = sim_gr_cycles(ch, prims);

	fifo->gr_active = true;
	fifo->gr_end = fifo->cursor + busy;
	fifo->gr_chid = ch - fifo->chan;
	if (pc && fifo->gr_idle >= 0)
		nvkm_sim_pc_force_low(pc, fifo->gr_dom, fifo->gr_idle, true);
	/* one primitive per cycle out of setup; no train left: not shown */
	if (pc && fifo->gr_prim >= 0)
		nvkm_sim_pc_train(pc, fifo->gr_dom, fifo->gr_prim, prims, prims, 1);
	fifo->stats.draws++;
	fifo->stats.prims += prims;
	fifo->stats.gr_busy += busy;
}

static void
sim_gr_idle(struct nvkm_sim_fifo *fifo)
{
	struct nvkm_sim_pcounter *pc = fifo->sim->pcounter;

	fifo->gr_active = false;
	if (pc && fifo->gr_idle >= 0)
		nvkm_sim_pc_force_low(pc, fifo->gr_dom, fifo->gr_idle, false);
}

/* The cycles a graphics method keeps the engine busy (0: none). */
static u64
sim_gr_busy(struct sim_fifo_chan *ch, const struct sim_fifo_mthd *m)
{
	if (m->mthd != NVKM_SIM_GR_DRAW)
		return 0;
	return sim_gr_cycles(ch, m->data & 0xffff);
}

/* A graphics method that does not keep the engine busy. */
static void
sim_gr_mthd(struct sim_fifo_chan *ch, const struct sim_fifo_mthd *m)
{
	switch (m->mthd) {
	case NVKM_SIM_GR_PRIM_CYCLES:
		/* out of range: ignored (no PGRAPH error is modelled) */
		if (m->data && m->data <= 0xffff)
			ch->prim_cycles = m->data;
		break;
	default:	/* NOP, DRAW of nothing, methods not modelled */
		break;
	}
}

/* --- instance memory ------------------------------------------------------ */

static u32
sim_fifo_inst_rd(struct nvkm_sim_fifo *fifo, u32 target, u64 addr)
{
	return nvkm_sim_mem_rd32(fifo->sim->vm, target, addr);
}

/*
 * The engine of the object @handle in the channel's RAMHT, or -1; its
 * instance in *@inst.  The reference gives the RAMHT register's fields
 * (SIZE, SEARCH, SEARCH_FULL) but not the hash: the model takes nouveau's
 * (core/ramht.c), the handle XOR-folded in log2(entries)-bit pieces, with
 * no channel id mixed in, as nouveau inserts G80 objects (each channel has
 * its own RAMHT).  From the hash on, entries are read in turn: 16 << SEARCH
 * of them, or all with SEARCH_FULL.  At most 4096 reads (a 32 KiB RAMHT).
 */
static int
sim_fifo_ramht(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch, u32 handle, u32 *inst)
{
	u32 mask = BIT(ch->ramht_bits) - 1, hash = 0, rest, i, ctx;
	u64 e;

	for (rest = handle; rest; rest >>= ch->ramht_bits)
		hash ^= rest & mask;
	for (i = 0; handle && i < ch->ramht_probes; i++) {
		e = ch->ramht + (u64)((hash + i) & mask) * SIM_NV50_RAMHT_ENTRY;
		if (sim_fifo_inst_rd(fifo, ch->target, e) != handle)
			continue;
		ctx = sim_fifo_inst_rd(fifo, ch->target, e + 4);
		*inst = FIELD_GET(SIM_NV50_RAMHT_CONTEXT_INSTANCE, ctx);
		return FIELD_GET(SIM_NV50_RAMHT_CONTEXT_ENGINE, ctx);
	}
	return -1;
}

/*
 * Where a channel table entry points: on G80 the channel descriptor (RAMFC
 * opens the structure), on G84+ the RAMFC >> 8, whose CHAN_INST word
 * holds the structure's descriptor (rnndb_fifo_g80_pfifo.xml).
 */
static void
sim_fifo_chan_find(struct nvkm_sim_fifo *fifo, u32 entry, struct sim_fifo_chan *ch)
{
	u32 desc;

	if (fifo->g80) {
		ch->vm = entry & (SIM_NV50_CHAN_DESC_ADDR | SIM_NV50_CHAN_DESC_TARGET);
		ch->target = FIELD_GET(SIM_NV50_CHAN_DESC_TARGET, entry);
		ch->inst = (u64)FIELD_GET(SIM_NV50_CHAN_DESC_ADDR, entry) << 12;
		ch->ramfc_target = ch->target;
		ch->ramfc = ch->inst + SIM_G80_CHAN_RAMFC;
		return;
	}
	ch->ramfc_target = FIELD_GET(SIM_G84_PFIFO_CTX_TABLE_TARGET, entry);
	ch->ramfc = (u64)FIELD_GET(SIM_G84_PFIFO_CTX_TABLE_RAMFC, entry) << 8;
	desc = sim_fifo_inst_rd(fifo, ch->ramfc_target, ch->ramfc + SIM_G84_RAMFC_CHAN_INST);
	ch->vm = desc & (SIM_NV50_CHAN_DESC_ADDR | SIM_NV50_CHAN_DESC_TARGET);
	ch->target = FIELD_GET(SIM_NV50_CHAN_DESC_TARGET, desc);
	ch->inst = (u64)FIELD_GET(SIM_NV50_CHAN_DESC_ADDR, desc) << 12;
}

static void
sim_fifo_ramfc_wr(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch, u32 reg, u32 data)
{
	nvkm_sim_mem_wr32(fifo->sim->vm, ch->ramfc_target, ch->ramfc + reg, data);
}

static u32
sim_fifo_ramfc_rd(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch, u32 reg)
{
	return sim_fifo_inst_rd(fifo, ch->ramfc_target, ch->ramfc + reg);
}

/*
 * The channel is unloaded (its channel table entry disabled): the pusher's
 * and the puller's state goes to its RAMFC (fifo_intro.rst: "RAMFC: area of
 * VRAM storing the above when channel is not currently active"), at the
 * offsets of rnndb's G80_RAMFC: the IB ring's PUT and GET, the current
 * segment (DMA_GET to DMA_PUT), the method being fed (DMA_STATE, its
 * METHOD_COUNT) and each subchannel's engine (ENGINE).
 */
static void
sim_fifo_chan_save(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch)
{
	u64 end = ch->seg + (u64)ch->seg_left * 4;
	u32 engine = 0;
	int i;

	for (i = 0; i < SIM_FIFO_SUBCS; i++)
		engine |= (ch->engine[i] & 0xf) << (i * 4);
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_IB_PUT, ch->ib_put);
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_IB_GET, ch->ib_get);
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_DMA_PUT, lower_32_bits(end));
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_DMA_PUT_HIGH, upper_32_bits(end));
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_DMA_GET, lower_32_bits(ch->seg));
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_DMA_GET_HIGH, upper_32_bits(ch->seg));
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_DMA_STATE,
			  FIELD_PREP(SIM_NV_PFIFO_CACHE1_DMA_STATE_SUBC, ch->subc) |
			  (ch->mthd & SIM_NV_PFIFO_CACHE1_DMA_STATE_MTHD) |
			  (ch->inc ? SIM_NV50_RAMFC_DMA_STATE_INC : 0));
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_METHOD_COUNT, ch->count);
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_ENGINE, engine);
	sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_REF, ch->ref_cnt);
	sim_fifo_ramfc_wr(fifo, ch, SIM_G84_RAMFC_SEMAPHORE_ADDRESS_HIGH,
			  upper_32_bits(ch->sem_addr));
	sim_fifo_ramfc_wr(fifo, ch, SIM_G84_RAMFC_SEMAPHORE_ADDRESS_LOW,
			  lower_32_bits(ch->sem_addr));
	sim_fifo_ramfc_wr(fifo, ch, SIM_G84_RAMFC_SEMAPHORE_SEQUENCE, ch->sem_seq);
	ch->saved = true;
}

/*
 * The channel is unloaded.  A method its pusher fetched that the puller has
 * not taken (it waits for the graphics engine) stays in CACHE1 on the GPU,
 * which is saved with the channel; the model, which keeps no CACHE1 per
 * channel, puts the pusher back before it instead: fetched again when the
 * channel is back, it runs once.  A trapped method stays where it is.
 */
static void
sim_fifo_chan_unload(struct nvkm_sim_fifo *fifo, int c)
{
	struct sim_fifo_chan *ch = &fifo->chan[c];

	if (fifo->next.valid && fifo->next.chid == c && !fifo->pull_stalled) {
		ch->seg -= 4;
		ch->seg_left++;
		ch->count++;
		if (ch->inc)
			ch->mthd = (ch->mthd - 4) & SIM_NV50_DMA_CMD_MTHD;
		fifo->next.valid = false;
	}
	sim_fifo_chan_save(fifo, ch);
}

/* ... and back from it when the channel is loaded again. */
static void
sim_fifo_chan_restore(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch)
{
	u64 get, put;
	u32 state, engine, ts;
	int i;

	ch->ib_put = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_IB_PUT) & ch->ib_mask;
	ch->ib_get = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_IB_GET) & ch->ib_mask;
	get = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_DMA_GET) |
	      (u64)(sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_DMA_GET_HIGH) & 0xff) << 32;
	put = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_DMA_PUT) |
	      (u64)(sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_DMA_PUT_HIGH) & 0xff) << 32;
	/* a segment is whole words; one that ends before it starts is none */
	ch->seg = get & ~3ULL;
	ch->seg_left = put > ch->seg ? min_t(u64, (put - ch->seg) / 4,
					     FIELD_MAX(SIM_NV50_IB_HIGH_LENGTH)) : 0;
	state = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_DMA_STATE);
	ch->subc = FIELD_GET(SIM_NV_PFIFO_CACHE1_DMA_STATE_SUBC, state);
	ch->mthd = state & SIM_NV_PFIFO_CACHE1_DMA_STATE_MTHD;
	ch->inc = state & SIM_NV50_RAMFC_DMA_STATE_INC;
	ch->count = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_METHOD_COUNT) &
		    FIELD_MAX(SIM_NV50_DMA_CMD_COUNT);
	engine = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_ENGINE);
	for (i = 0; i < SIM_FIFO_SUBCS; i++)
		ch->engine[i] = (engine >> (i * 4)) & 0xf;
	ch->ref_cnt = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_REF);
	ch->sem_addr = (u64)(sim_fifo_ramfc_rd(fifo, ch, SIM_G84_RAMFC_SEMAPHORE_ADDRESS_HIGH) &
			     0xff) << 32 |
		       sim_fifo_ramfc_rd(fifo, ch, SIM_G84_RAMFC_SEMAPHORE_ADDRESS_LOW);
	ch->sem_seq = sim_fifo_ramfc_rd(fifo, ch, SIM_G84_RAMFC_SEMAPHORE_SEQUENCE);
	ts = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_DMA_TIMESLICE);
	ch->slice = ts & SIM_NV50_DMA_TIMESLICE_TIMEOUT ?
		    FIELD_GET(SIM_NV50_DMA_TIMESLICE_SELECT, ts) + 1 : 0;
}

/* A channel table entry was enabled: load the channel from its RAMFC. */
static void
sim_fifo_chan_load(struct nvkm_sim_fifo *fifo, int c)
{
	struct sim_fifo_chan *ch = &fifo->chan[c];
	bool listed = ch->listed;
	u32 hi, order, sel, ramht;

	fifo->acquiring -= ch->acquiring;
	memset(ch, 0, sizeof(*ch));
	ch->listed = listed;
	sim_fifo_chan_find(fifo, fifo->table[c], ch);
	hi = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_IB_HIGH);
	order = min(FIELD_GET(SIM_NV50_RAMFC_IB_HIGH_ORDER, hi), 16UL);
	ch->enabled = true;
	ch->ib_addr = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_IB_LOW) |
		      (u64)FIELD_GET(SIM_NV50_RAMFC_IB_HIGH_ADDR, hi) << 32;
	ch->ib_mask = BIT(order) - 1;
	ch->ib_enable = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_DMA_FETCH) &
			SIM_NV50_RAMFC_DMA_FETCH_IB_ENABLE;
	sel = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_DMA_INSTANCE);
	ch->push_ok = !nvkm_sim_mem_dmaobj(fifo->sim->vm, ch->vm, sel & 0xffff, &ch->push);
	/* RAMHT is a channel object: its instance is from the structure's start */
	ramht = sim_fifo_ramfc_rd(fifo, ch, SIM_NV50_RAMFC_RAMHT);
	ch->ramht = ch->inst + ((u64)FIELD_GET(SIM_NV50_RAMHT_INSTANCE, ramht) << 4);
	ch->ramht_bits = 9 + FIELD_GET(SIM_NV50_RAMHT_SIZE, ramht);
	ch->ramht_probes = ramht & SIM_NV50_RAMHT_SEARCH_FULL ? BIT(ch->ramht_bits) :
			   16 << FIELD_GET(SIM_NV50_RAMHT_SEARCH, ramht);
	ch->prim_cycles = NVKM_SIM_GR_PRIM_CYCLES_DEFAULT;
	/*
	 * where its pusher and puller were: a new channel's RAMFC holds zeros
	 * there (every subchannel unbound, SW: its methods trap)
	 */
	sim_fifo_chan_restore(fifo, ch);
}

/*
 * PLAYLIST_LEN was written: the FIFO reads the new playlist, channel ids
 * one per word, and serves only the channels on it.
 */
static void
sim_fifo_playlist(struct nvkm_sim_fifo *fifo)
{
	u32 target = FIELD_GET(SIM_NV50_PFIFO_PLAYLIST_TARGET, fifo->playlist);
	u64 addr = (u64)FIELD_GET(SIM_NV50_PFIFO_PLAYLIST_ADDR, fifo->playlist) << 12;
	u32 i, c;

	for (c = 0; c < SIM_NV50_PFIFO_CHANS; c++)
		fifo->chan[c].listed = false;
	for (i = 0; i < min_t(u32, fifo->playlist_len, SIM_NV50_PFIFO_CHANS); i++) {
		c = sim_fifo_inst_rd(fifo, target, addr + i * 4);
		if (c < SIM_NV50_PFIFO_CHANS)
			fifo->chan[c].listed = true;
	}
	fifo->stats.playlists++;
}

/* --- the pusher ------------------------------------------------------------ */

static void
sim_fifo_pusher_error(struct nvkm_sim_fifo *fifo, int c, u32 error, u64 addr,
		      u64 end)
{
	struct sim_fifo_chan *ch = &fifo->chan[c];

	fifo->cur = c;
	fifo->dma_state = FIELD_PREP(SIM_NV_PFIFO_CACHE1_DMA_STATE_ERROR, error) |
			  FIELD_PREP(SIM_NV_PFIFO_CACHE1_DMA_STATE_SUBC, ch->subc) |
			  (ch->mthd & SIM_NV_PFIFO_CACHE1_DMA_STATE_MTHD);
	fifo->err_get = lower_32_bits(addr);
	fifo->err_put = lower_32_bits(end);
	fifo->err_ib_get = ch->ib_get;
	fifo->err_ib_put = ch->ib_put;
	fifo->push_stalled = true;
	fifo->intr |= SIM_NV_PFIFO_INTR_DMA_PUSHER;
	fifo->stats.pusher_errors++;
}

/* Out of time or of work for this step: the FIFO waits for the next. */
static bool
sim_fifo_spent(const struct nvkm_sim_fifo *fifo)
{
	return !fifo->budget || fifo->cursor >= fifo->limit;
}

/*
 * The next pushbuffer word of channel @c: 1, 0 when it has no more work
 * or the step is spent, -EFAULT after raising a pusher error (the word or
 * IB entry in error is skipped, should the channel go on).  An IB entry
 * costs a cycle; so does the word, when @cost (a header).
 */
static int
sim_fifo_word(struct nvkm_sim_fifo *fifo, int c, u32 *word, bool cost)
{
	struct sim_fifo_chan *ch = &fifo->chan[c];
	struct nvkm_sim_vm *vm = fifo->sim->vm;
	u32 ent[2];
	u64 addr;

	while (!ch->seg_left) {
		if (ch->ib_get == ch->ib_put || sim_fifo_spent(fifo))
			return 0;
		fifo->budget--;
		fifo->cursor++;
		addr = ch->ib_addr + (u64)ch->ib_get * SIM_NV50_IB_ENTRY;
		ch->ib_get = (ch->ib_get + 1) & ch->ib_mask;
		if (!ch->push_ok ||
		    nvkm_sim_vm_read(vm, ch->vm, &ch->push, addr, ent, sizeof(ent))) {
			sim_fifo_pusher_error(fifo, c, SIM_NV_PFIFO_DMA_ERROR_MEM_FAULT,
					      addr, addr + SIM_NV50_IB_ENTRY);
			return -EFAULT;
		}
		ch->seg = (ent[0] & ~3u) |
			  (u64)FIELD_GET(SIM_NV50_IB_HIGH_ADDR, ent[1]) << 32;
		ch->seg_left = FIELD_GET(SIM_NV50_IB_HIGH_LENGTH, ent[1]);
		/* fifo_dma-pusher.rst: a zero-length entry is an error */
		if (!ch->seg_left) {
			sim_fifo_pusher_error(fifo, c, SIM_NV_PFIFO_DMA_ERROR_IB_EMPTY,
					      ch->seg, ch->seg);
			return -EFAULT;
		}
	}
	if (sim_fifo_spent(fifo))
		return 0;
	fifo->budget--;
	fifo->cursor += cost;
	fifo->stats.words++;
	addr = ch->seg;
	ch->seg += 4;
	ch->seg_left--;
	if (nvkm_sim_vm_read(vm, ch->vm, &ch->push, addr, word, 4)) {
		sim_fifo_pusher_error(fifo, c, SIM_NV_PFIFO_DMA_ERROR_MEM_FAULT, addr,
				      ch->seg + (u64)ch->seg_left * 4);
		return -EFAULT;
	}
	return 1;
}

/* Decode channel @c's next method into @fifo->next; false if none. */
static bool
sim_fifo_fetch(struct nvkm_sim_fifo *fifo, int c)
{
	struct sim_fifo_chan *ch = &fifo->chan[c];
	u32 w, type;

	while (!ch->count) {
		if (sim_fifo_word(fifo, c, &w, true) <= 0)
			return false;
		type = FIELD_GET(SIM_NV50_DMA_CMD_TYPE, w);
		if ((type != SIM_NV50_DMA_CMD_TYPE_INC &&
		     type != SIM_NV50_DMA_CMD_TYPE_NONINC) || (w & SIM_NV50_DMA_CMD_ZERO)) {
			sim_fifo_pusher_error(fifo, c, SIM_NV_PFIFO_DMA_ERROR_INVALID_CMD,
					      ch->seg - 4, ch->seg + (u64)ch->seg_left * 4);
			return false;
		}
		ch->count = FIELD_GET(SIM_NV50_DMA_CMD_COUNT, w);	/* 0: nothing */
		ch->mthd = w & SIM_NV50_DMA_CMD_MTHD;
		ch->subc = FIELD_GET(SIM_NV50_DMA_CMD_SUBC, w);
		ch->inc = type == SIM_NV50_DMA_CMD_TYPE_INC;
	}
	/* the data may come in a later segment (or step): the header waits */
	if (sim_fifo_word(fifo, c, &w, false) <= 0)
		return false;
	fifo->next = (struct sim_fifo_mthd) {
		.valid = true, .chid = c, .subc = ch->subc, .mthd = ch->mthd, .data = w,
	};
	ch->count--;
	if (ch->inc)
		ch->mthd = (ch->mthd + 4) & SIM_NV50_DMA_CMD_MTHD;
	return true;
}

static bool
sim_fifo_has_work(const struct sim_fifo_chan *ch)
{
	/* a channel in DMA (NV4-style) mode fetches nothing: not modelled */
	return ch->enabled && ch->listed && ch->ib_enable && !ch->acquiring &&
	       (ch->seg_left || ch->ib_get != ch->ib_put);
}

/* The current channel's turn is over: its slice has run out. */
static bool
sim_fifo_turn_over(const struct nvkm_sim_fifo *fifo)
{
	const struct sim_fifo_chan *ch = &fifo->chan[fifo->cur];

	return ch->slice && fifo->cursor >= fifo->slice_end;
}

/*
 * Make sure the puller has a method: the current channel keeps CACHE1 to
 * the end of its segment or of its time slice, whichever comes first (the
 * switcher ticks out the slices, fifo_intro.rst), then the channels take
 * turns, round the channel ids.  The turn ends between methods: a method
 * already in CACHE1 is the channel's.  False if none has one (or a pusher
 * error stopped everything).
 */
static bool
sim_fifo_next(struct nvkm_sim_fifo *fifo)
{
	bool any = false;
	int i, c;

	if (fifo->next.valid) {
		if (fifo->chan[fifo->next.chid].enabled)
			return true;
		fifo->next.valid = false;	/* its channel went away */
	}
	/* a segment cut short by the step's end goes on in the next one */
	if (sim_fifo_spent(fifo) || fifo->idle)
		return false;
	if (fifo->cur >= 0 && fifo->chan[fifo->cur].seg_left &&
	    fifo->chan[fifo->cur].enabled && !fifo->chan[fifo->cur].acquiring &&
	    !sim_fifo_turn_over(fifo)) {
		any = true;
		if (sim_fifo_fetch(fifo, fifo->cur))
			return true;
		if (fifo->push_stalled || sim_fifo_spent(fifo))
			return false;
	}
	for (i = 1; i <= SIM_NV50_PFIFO_CHANS; i++) {
		c = (max(fifo->cur, 0) + i) % SIM_NV50_PFIFO_CHANS;
		if (!sim_fifo_has_work(&fifo->chan[c]))
			continue;
		any = true;
		/* a new turn, of this channel or of the same one again */
		fifo->cur = c;
		fifo->slice_end = fifo->cursor + fifo->chan[c].slice;
		if (sim_fifo_fetch(fifo, c))
			return true;
		if (fifo->push_stalled || sim_fifo_spent(fifo))
			return false;
	}
	/* only a register write gives a channel work again */
	fifo->idle = !any;
	return false;
}

/* --- the puller ------------------------------------------------------------ */

/* The puller takes @fifo->next: it goes through CACHE1 and costs a cycle. */
static void
sim_fifo_take(struct nvkm_sim_fifo *fifo)
{
	const struct sim_fifo_mthd *m = &fifo->next;
	int slot = SIM_NV_PFIFO_CACHE1_SLOT(fifo->get);

	fifo->cache_mthd[slot] = FIELD_PREP(SIM_NV_PFIFO_CACHE1_METHOD_SUBC, m->subc) | m->mthd;
	fifo->cache_data[slot] = m->data;
	fifo->get = (fifo->get + 4) & (SIM_NV_PFIFO_CACHE1_GET_WRAP - 1);
	fifo->next.valid = false;
	fifo->cursor++;
	fifo->budget -= !!fifo->budget;
	fifo->stats.methods++;
}

/*
 * The method cannot run on the GPU: stop and ask the driver.  @status:
 * PULL0's SOFTWARE (a method for a software object or of a subchannel
 * bound to none) or HASH_FAILED (OBJECT of a handle RAMHT does not hold).
 */
static void
sim_fifo_stop(struct nvkm_sim_fifo *fifo, u32 status, u32 intr)
{
	const struct sim_fifo_mthd *m = &fifo->next;
	int slot = SIM_NV_PFIFO_CACHE1_SLOT(fifo->get);

	fifo->cache_mthd[slot] = FIELD_PREP(SIM_NV_PFIFO_CACHE1_METHOD_SUBC, m->subc) | m->mthd;
	fifo->cache_data[slot] = m->data;
	fifo->cur = m->chid;
	fifo->trap_get = fifo->get;
	fifo->pull_status = status;
	fifo->pull_stalled = true;
	fifo->intr |= intr;
	fifo->cursor++;
	fifo->budget -= !!fifo->budget;
	fifo->stats.methods++;
}

static void
sim_fifo_trap(struct nvkm_sim_fifo *fifo, u32 status)
{
	sim_fifo_stop(fifo, status, SIM_NV_PFIFO_INTR_CACHE_ERROR);
	fifo->stats.traps++;
}

/* --- host semaphores -------------------------------------------------------- */

/*
 * G84's PFIFO runs semaphores itself (rnndb_fifo_nv_object.xml, SUBCHAN
 * methods 0x10-0x24 and DMA_SEMAPHORE 0x60): the semaphore is a 32-bit
 * word at SEMAPHORE_ADDRESS, an offset in the DMA object DMA_SEMAPHORE
 * names (the CACHE1 SEMAPHORE register keeps that object's instance; the
 * FIFO's semaphore accesses are DMA slots 5/4/1 and 5/8/1 of
 * memory_g80-vm.rst): its base and limit, then the channel's page tables
 * for a VM object.  The trigger's ACTION: RELEASE writes SEQUENCE there,
 * 4 bytes (G84's trigger has no size: SHORT and the 16-byte release are
 * GF100's); ACQUIRE_EQUAL waits until the word is SEQUENCE,
 * ACQUIRE_GEQUAL until (word - SEQUENCE) >= 0 as a signed 32-bit number.
 * An acquire not met at once takes the channel off the puller until a
 * poll (NVKM_SIM_FIFO_ACQUIRE_POLL_CYCLES) finds it met; the others go
 * on meanwhile.  An address not 4-aligned, an access that faults (NULL
 * DMA object, past its limit, a page not present or read-only) or an
 * ACTION G84 lacks stop the puller with PFIFO_INTR's SEMAPHORE and
 * PULL0's SEMAPHORE_ERROR (UNALIGNED, MEM_FAULT, INVALID_STATE), the
 * trigger in CACHE1 at GET, as CACHE_ERROR does: the driver moves GET
 * past it (nouveau's nv04_fifo_intr() does) and writes PULL0.
 */

/* Read or write the channel's semaphore: 0, or a SEMAPHORE_ERROR. */
static u32
sim_fifo_sem_rw(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch, u32 *val, bool write)
{
	struct nvkm_sim_vm *vm = fifo->sim->vm;
	struct nvkm_sim_dmaobj dma;
	int ret;

	if (ch->sem_addr & 3)
		return SIM_NV_PFIFO_SEM_ERROR_UNALIGNED;
	if (write)
		ret = nvkm_sim_vm_write(vm, ch->vm, ch->sem_dma, ch->sem_addr, val, 4);
	else
		ret = nvkm_sim_mem_dmaobj(vm, ch->vm, ch->sem_dma, &dma) ?:
		      nvkm_sim_vm_read(vm, ch->vm, &dma, ch->sem_addr, val, 4);
	return ret ? SIM_NV_PFIFO_SEM_ERROR_MEM_FAULT : 0;
}

static bool
sim_fifo_sem_met(const struct sim_fifo_chan *ch, u32 val)
{
	return ch->acq_geq ? (s32)(val - ch->sem_seq) >= 0 : val == ch->sem_seq;
}

static void
sim_fifo_acquire_end(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch)
{
	if (!ch->acquiring)
		return;
	ch->acquiring = false;
	fifo->acquiring--;
	fifo->idle = false;	/* it has work again */
}

/* SEMAPHORE_TRIGGER: 0, or the SEMAPHORE_ERROR that stops the puller. */
static u32
sim_fifo_sem_trigger(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch, u32 data)
{
	u32 action = FIELD_GET(SIM_G84_FIFO_SEM_TRIGGER_ACTION, data), val, err;

	switch (action) {
	case SIM_G84_FIFO_SEM_RELEASE:
		val = ch->sem_seq;
		err = sim_fifo_sem_rw(fifo, ch, &val, true);
		fifo->stats.sem_releases += !err;
		return err;
	case SIM_G84_FIFO_SEM_ACQUIRE_EQUAL:
	case SIM_G84_FIFO_SEM_ACQUIRE_GEQUAL:
		ch->acq_geq = action == SIM_G84_FIFO_SEM_ACQUIRE_GEQUAL;
		err = sim_fifo_sem_rw(fifo, ch, &val, false);
		if (err || sim_fifo_sem_met(ch, val))
			return err;
		/* after the cycle the trigger takes */
		ch->acq_poll = fifo->cursor + 1 + NVKM_SIM_FIFO_ACQUIRE_POLL_CYCLES;
		if (!fifo->acquiring++ || ch->acq_poll < fifo->poll_at)
			fifo->poll_at = ch->acq_poll;
		ch->acquiring = true;
		fifo->stats.sem_waits++;
		return 0;
	default:
		return SIM_NV_PFIFO_SEM_ERROR_INVALID_STATE;
	}
}

/*
 * The host methods of semaphores and notification: -ENOENT if @m is none
 * of them (the G84 ones on a G80), -EBUSY while it waits for the graphics
 * engine (a release or a notification comes after the work before it), 0
 * when the puller is done with it: taken, or stopped on an error.
 */
static int
sim_fifo_sem_mthd(struct nvkm_sim_fifo *fifo, struct sim_fifo_chan *ch,
		  const struct sim_fifo_mthd *m)
{
	u32 inst, err;

	if (fifo->g80 && m->mthd != SIM_NV_FIFO_MTHD_DMA_SEMAPHORE)
		return -ENOENT;
	switch (m->mthd) {
	case SIM_NV_FIFO_MTHD_DMA_SEMAPHORE:
		/* an object's handle, looked up as OBJECT's */
		if (sim_fifo_ramht(fifo, ch, m->data, &inst) < 0) {
			sim_fifo_trap(fifo, SIM_NV_PFIFO_CACHE1_PULL0_HASH_FAILED);
			return 0;
		}
		ch->sem_dma = inst;
		break;
	case SIM_G84_FIFO_MTHD_SEM_ADDR_HIGH:
		ch->sem_addr = (u64)m->data << 32 | lower_32_bits(ch->sem_addr);
		break;
	case SIM_G84_FIFO_MTHD_SEM_ADDR_LOW:
		ch->sem_addr = (u64)upper_32_bits(ch->sem_addr) << 32 | m->data;
		break;
	case SIM_G84_FIFO_MTHD_SEM_SEQUENCE:
		ch->sem_seq = m->data;
		break;
	case SIM_G84_FIFO_MTHD_WRCACHE_FLUSH:
		break;		/* the model's writes land at once */
	case SIM_G84_FIFO_MTHD_NOTIFY_INTR:
		if (fifo->gr_active)
			return -EBUSY;
		/* latched whatever INTR_EN says, which gates only the line */
		fifo->intr |= SIM_G84_PFIFO_INTR_NOTIFY;
		fifo->stats.notifies++;
		break;
	case SIM_G84_FIFO_MTHD_SEM_TRIGGER:
		if (fifo->gr_active)
			return -EBUSY;
		err = sim_fifo_sem_trigger(fifo, ch, m->data);
		if (err) {
			sim_fifo_stop(fifo, FIELD_PREP(SIM_NV_PFIFO_CACHE1_PULL0_SEM_ERROR, err),
				      SIM_NV_PFIFO_INTR_SEMAPHORE);
			fifo->stats.sem_errors++;
			return 0;
		}
		break;
	default:
		return -ENOENT;
	}
	sim_fifo_take(fifo);
	return 0;
}

/* The first poll of the channels waiting (128 looks), U64_MAX if none. */
static u64
sim_fifo_poll_scan(const struct nvkm_sim_fifo *fifo)
{
	u64 due = U64_MAX;
	int c;

	for (c = 0; fifo->acquiring && c < SIM_NV50_PFIFO_CHANS; c++) {
		if (fifo->chan[c].acquiring)
			due = min(due, fifo->chan[c].acq_poll);
	}
	return due;
}

static u64
sim_fifo_poll_due(const struct nvkm_sim_fifo *fifo)
{
	return fifo->acquiring ? fifo->poll_at : U64_MAX;
}

/*
 * When a poll is due, the channels waiting on an acquire whose poll it is
 * read their semaphore again, a unit of work each: at most one read per
 * channel (128) a call, fewer when the step is spent.  A read that
 * faults (the page unmapped meanwhile) is not reported: the channel
 * waits on.
 */
static void
sim_fifo_poll(struct nvkm_sim_fifo *fifo)
{
	struct sim_fifo_chan *ch;
	u32 val;
	int c;

	if (!fifo->acquiring || fifo->poll_at > fifo->cursor)
		return;
	for (c = 0; c < SIM_NV50_PFIFO_CHANS; c++) {
		ch = &fifo->chan[c];
		if (!ch->acquiring || ch->acq_poll > fifo->cursor)
			continue;
		if (sim_fifo_spent(fifo))
			return;		/* the rest in the next step */
		fifo->budget--;
		fifo->stats.sem_polls++;
		if (!sim_fifo_sem_rw(fifo, ch, &val, false) && sim_fifo_sem_met(ch, val))
			sim_fifo_acquire_end(fifo, ch);
		else
			ch->acq_poll = fifo->cursor + NVKM_SIM_FIFO_ACQUIRE_POLL_CYCLES;
	}
	fifo->poll_at = sim_fifo_poll_scan(fifo);
}

/*
 * Nothing to take, channels wait on acquires: time passes to the next
 * poll (or the DRAW's end) if that comes in this step.  False otherwise.
 */
static bool
sim_fifo_wait_poll(struct nvkm_sim_fifo *fifo)
{
	u64 at;

	if (!fifo->acquiring || sim_fifo_spent(fifo))
		return false;
	at = sim_fifo_poll_due(fifo);
	if (fifo->gr_active)
		at = min(at, fifo->gr_end);
	if (at >= fifo->limit)
		return false;
	fifo->cursor = max(fifo->cursor, at);
	return true;
}

/*
 * Run the FIFO from @now (or where it got to) while it is before @limit.
 * Methods that only the FIFO sees run at once, one per cycle; the return
 * value is the cycle of the next event the other models must be in time
 * for (a DRAW starting or ending), U64_MAX if none: the caller runs them
 * up to it and calls nvkm_sim_fifo_event().
 */
u64
nvkm_sim_fifo_run(struct nvkm_sim_fifo *fifo, u64 now, u64 limit)
{
	struct sim_fifo_chan *ch;
	struct sim_fifo_mthd *m = &fifo->next;
	u32 status, inst = 0;
	int eng, ret;

	fifo->cursor = max(fifo->cursor, now);
	fifo->limit = limit;
	for (;;) {
		if (fifo->gr_active && fifo->cursor >= fifo->gr_end)
			return fifo->gr_end;
		if (sim_fifo_spent(fifo) || fifo->pull_stalled || fifo->push_stalled)
			break;
		sim_fifo_poll(fifo);
		if (!sim_fifo_next(fifo)) {
			if (sim_fifo_wait_poll(fifo))
				continue;
			break;
		}
		ch = &fifo->chan[m->chid];

		if (m->mthd < SIM_NV_FIFO_MTHD_FIFO_END) {
			ret = sim_fifo_sem_mthd(fifo, ch, m);
			if (ret == -EBUSY) {
				fifo->cursor = fifo->gr_end;
				continue;
			}
			if (!ret)
				continue;
		}

		status = 0;
		if (m->mthd == SIM_NV_FIFO_MTHD_OBJECT) {
			eng = sim_fifo_ramht(fifo, ch, m->data, &inst);
			if (eng == SIM_NV50_FIFO_ENGINE_GR) {
				ch->engine[m->subc] = SIM_NV50_FIFO_ENGINE_GR;
				sim_fifo_take(fifo);
				continue;
			}
			/* software objects and unknown handles: the driver's */
			ch->engine[m->subc] = SIM_NV50_FIFO_ENGINE_SW;
			if (eng < 0) {
				status = SIM_NV_PFIFO_CACHE1_PULL0_HASH_FAILED;
			} else {
				status = SIM_NV_PFIFO_CACHE1_PULL0_SOFTWARE;
				fifo->hash = inst;
			}
		} else if (m->mthd == SIM_NV_FIFO_MTHD_REF_CNT) {
			ch->ref_cnt = m->data;
			sim_fifo_take(fifo);
			continue;
		} else if (m->mthd >= SIM_NV_FIFO_MTHD_FIFO_END &&
			   ch->engine[m->subc] == SIM_NV50_FIFO_ENGINE_GR) {
			if (fifo->gr_active) {	/* one graphics method at a time */
				fifo->cursor = fifo->gr_end;
				continue;
			}
			if (sim_gr_busy(ch, m))
				return fifo->cursor;	/* a DRAW: an event */
			sim_gr_mthd(ch, m);
			sim_fifo_take(fifo);
			continue;
		}

		/* PFIFO waits for the graphics engine before it interrupts */
		if (fifo->gr_active) {
			fifo->cursor = fifo->gr_end;
			continue;
		}
		/* an object's method, of a subchannel not bound to the GPU's */
		if (m->mthd >= SIM_NV_FIFO_MTHD_FIFO_END &&
		    ch->engine[m->subc] == SIM_NV50_FIFO_ENGINE_SW)
			status = SIM_NV_PFIFO_CACHE1_PULL0_SOFTWARE;
		/* whose data names an object: looked up first, as OBJECT's */
		if (status && m->mthd >= SIM_NV_FIFO_MTHD_OBJ_FIRST &&
		    m->mthd <= SIM_NV_FIFO_MTHD_OBJ_LAST) {
			if (sim_fifo_ramht(fifo, ch, m->data, &inst) < 0)
				status = SIM_NV_PFIFO_CACHE1_PULL0_HASH_FAILED;
			else
				fifo->hash = inst;
		}
		sim_fifo_trap(fifo, status);
		break;
	}
	return fifo->gr_active ? fifo->gr_end : U64_MAX;
}

/**
 * nvkm_sim_fifo_budget() - the work the next step of time may do
 * @fifo: the FIFO
 * @units: words fetched, methods taken and DRAWs started, at most
 *
 * Set before each step (a register access catching up, a timer tick): the
 * step's cost under sim->lock is then bounded whatever the channels hold.
 */
void
nvkm_sim_fifo_budget(struct nvkm_sim_fifo *fifo, u32 units)
{
	fifo->budget = units;
}

/**
 * nvkm_sim_fifo_event() - apply what nvkm_sim_fifo_run() stopped for
 * @fifo: the FIFO
 * @now: the cycle the other models have been run up to
 */
void
nvkm_sim_fifo_event(struct nvkm_sim_fifo *fifo, u64 now)
{
	struct sim_fifo_mthd *m = &fifo->next;

	if (fifo->gr_active && fifo->gr_end <= now)
		sim_gr_idle(fifo);
	if (!fifo->gr_active && m->valid && fifo->cursor <= now && fifo->budget &&
	    !fifo->pull_stalled && !fifo->push_stalled &&
	    fifo->chan[m->chid].engine[m->subc] == SIM_NV50_FIFO_ENGINE_GR &&
	    sim_gr_busy(&fifo->chan[m->chid], m)) {
		fifo->cursor = now;
		fifo->budget--;
		sim_gr_draw(fifo, &fifo->chan[m->chid], m->data & 0xffff);
		sim_fifo_take(fifo);
	}
}

/* The graphics engine is busy with a DRAW (PDAEMON's GR idle signal). */
bool
nvkm_sim_fifo_gr_busy(struct nvkm_sim_fifo *fifo)
{
	return fifo->gr_active;
}

/* An enabled PFIFO interrupt is pending. */
bool
nvkm_sim_fifo_intr(struct nvkm_sim_fifo *fifo)
{
	return fifo->intr & fifo->intr_en;
}

/* Work is queued and nothing waits for the driver. */
static bool
sim_fifo_runnable(struct nvkm_sim_fifo *fifo)
{
	int c;

	if (fifo->pull_stalled || fifo->push_stalled)
		return false;
	if (fifo->next.valid)
		return true;
	if (fifo->idle)
		return false;
	for (c = 0; c < SIM_NV50_PFIFO_CHANS; c++) {
		if (sim_fifo_has_work(&fifo->chan[c]))
			return true;
	}
	fifo->idle = true;
	return false;
}

/* Channels wait on acquires, and the puller would poll for them. */
static bool
sim_fifo_polling(const struct nvkm_sim_fifo *fifo)
{
	return fifo->acquiring && !fifo->pull_stalled && !fifo->push_stalled;
}

/* The FIFO would make progress if given time. */
bool
nvkm_sim_fifo_busy(struct nvkm_sim_fifo *fifo)
{
	return fifo->gr_active || sim_fifo_runnable(fifo) || sim_fifo_polling(fifo);
}

static u64
sim_fifo_due_work(struct nvkm_sim_fifo *fifo, u64 now)
{
	if (!sim_fifo_runnable(fifo))
		return fifo->gr_active && !fifo->pull_stalled && !fifo->push_stalled ?
		       fifo->gr_end - min(fifo->gr_end, now) : U64_MAX;
	if (fifo->gr_active)
		return fifo->gr_end - min(fifo->gr_end, now);
	return 0;
}

/*
 * Cycles from @now until the FIFO has something to do: 0 when it can
 * take a method, the end of the DRAW when it waits for it (or nothing
 * else is left), the next poll when channels wait on acquires, U64_MAX
 * when it waits for the driver or has no work.
 */
u64
nvkm_sim_fifo_due(struct nvkm_sim_fifo *fifo, u64 now)
{
	u64 due = sim_fifo_due_work(fifo, now), poll;

	if (sim_fifo_polling(fifo)) {
		poll = sim_fifo_poll_due(fifo);
		due = min(due, poll - min(poll, now));
	}
	return due;
}

/* --- registers -------------------------------------------------------------- */

static bool
sim_fifo_user_rd(struct nvkm_sim_fifo *fifo, u32 addr, u32 *data)
{
	struct sim_fifo_chan *ch;

	if (addr < SIM_NV50_USER(0) || addr >= SIM_NV50_USER(SIM_NV50_PFIFO_CHANS))
		return false;
	ch = &fifo->chan[(addr - SIM_NV50_USER(0)) / SIM_NV50_USER_SIZE];
	switch (addr % SIM_NV50_USER_SIZE) {
	case SIM_NV50_USER_DMA_PUT:
		*data = lower_32_bits(ch->seg + (u64)ch->seg_left * 4);
		return true;
	case SIM_NV50_USER_DMA_GET:
		*data = lower_32_bits(ch->seg);
		return true;
	case SIM_NV50_USER_REF_CNT:
		*data = ch->ref_cnt;
		return true;
	case SIM_NV50_USER_IB_GET:
		*data = ch->ib_get;
		return true;
	case SIM_NV50_USER_IB_PUT:
		*data = ch->ib_put;
		return true;
	default:
		return false;
	}
}

/**
 * nvkm_sim_fifo_rd() - decode a register read
 * @fifo: the FIFO
 * @addr: BAR0 offset
 * @data: the value read
 *
 * Return: false if @addr is not a PFIFO, user area or PRAMIN register.
 */
bool
nvkm_sim_fifo_rd(struct nvkm_sim_fifo *fifo, u32 addr, u32 *data)
{
	struct sim_fifo_chan *ch;
	int i;

	if (addr >= SIM_NV40_PFIFO_CACHE1_METHOD(0) &&
	    addr < SIM_NV40_PFIFO_CACHE1_METHOD(SIM_NV40_PFIFO_CACHE1_SIZE)) {
		i = (addr - SIM_NV40_PFIFO_CACHE1_METHOD(0)) / 8;
		*data = addr & 4 ? fifo->cache_data[i] : fifo->cache_mthd[i];
		return true;
	}
	if (addr >= SIM_NV50_PFIFO_CTX_TABLE(0) &&
	    addr < SIM_NV50_PFIFO_CTX_TABLE(SIM_NV50_PFIFO_CHANS)) {
		*data = fifo->table[(addr - SIM_NV50_PFIFO_CTX_TABLE(0)) / 4];
		return true;
	}

	switch (addr) {
	case SIM_NV_PFIFO_INTR_0:
		*data = fifo->intr;
		return true;
	case SIM_NV_PFIFO_INTR_EN_0:
		*data = fifo->intr_en;
		return true;
	case SIM_NV50_PFIFO_PLAYLIST:
		*data = fifo->playlist;
		return true;
	case SIM_NV50_PFIFO_PLAYLIST_LEN:
		*data = fifo->playlist_len;
		return true;
	case SIM_NV50_PFIFO_CACHES:
		*data = fifo->caches;
		return true;
	case SIM_NV50_PFIFO_DMA_TIMESLICE:
		*data = fifo->timeslice;
		return true;
	case SIM_NV50_PFIFO_CHSW_DEBUG_1:
		*data = fifo->chsw_debug;
		return true;
	case SIM_NV_PFIFO_CACHE1_PUSH0:
		*data = fifo->push0;
		return true;
	case SIM_NV_PFIFO_CACHE1_PUSH1:
		*data = max(fifo->cur, 0);
		return true;
	case SIM_NV_PFIFO_CACHE1_DMA_PUSH:
		*data = fifo->dma_push;
		return true;
	case SIM_NV_PFIFO_CACHE1_DMA_STATE:
		*data = fifo->dma_state;
		return true;
	case SIM_NV_PFIFO_CACHE1_DMA_PUT:
		*data = fifo->err_put;
		return true;
	case SIM_NV_PFIFO_CACHE1_DMA_GET:
		*data = fifo->err_get;
		return true;
	case SIM_NV_PFIFO_CACHE1_PULL0:
		*data = fifo->pull0 | (fifo->pull_stalled ? fifo->pull_status : 0);
		return true;
	case SIM_NV_PFIFO_CACHE1_HASH:
		*data = fifo->hash;
		return true;
	case SIM_NV_PFIFO_CACHE1_GET:
		*data = fifo->get;
		return true;
	case SIM_NV_PFIFO_CACHE1_SEMAPHORE:
		*data = fifo->cur >= 0 ? FIELD_PREP(SIM_NV_PFIFO_CACHE1_SEMAPHORE_DMA_INST,
						    fifo->chan[fifo->cur].sem_dma) : 0;
		return true;
	case SIM_NV_PFIFO_CACHE1_ENGINE:
		*data = 0;
		if (fifo->cur >= 0) {
			ch = &fifo->chan[fifo->cur];
			for (i = 0; i < SIM_FIFO_SUBCS; i++)
				*data |= ch->engine[i] << (i * 4);
		}
		return true;
	case SIM_NV50_PFIFO_CACHE1_IB_PUT:
		*data = fifo->err_ib_put;
		return true;
	case SIM_NV50_PFIFO_CACHE1_IB_GET:
		*data = fifo->err_ib_get;
		return true;
	default:
		return sim_fifo_user_rd(fifo, addr, data);
	}
}

static void
sim_fifo_table_wr(struct nvkm_sim_fifo *fifo, int c, u32 data)
{
	bool was = fifo->table[c] & SIM_NV50_PFIFO_CTX_TABLE_ENABLED;

	/* another structure, or none: what was saved is not this channel's */
	if ((fifo->table[c] ^ data) & ~SIM_NV50_PFIFO_CTX_TABLE_ENABLED)
		fifo->chan[c].saved = false;
	fifo->table[c] = data;
	if (data & SIM_NV50_PFIFO_CTX_TABLE_ENABLED) {
		if (!was)
			sim_fifo_chan_load(fifo, c);
		return;
	}
	/* disabled: nothing of it is read again; a trapped method waits */
	if (was && fifo->chan[c].enabled)
		sim_fifo_chan_unload(fifo, c);
	fifo->chan[c].enabled = false;
	sim_fifo_acquire_end(fifo, &fifo->chan[c]);
	/*
	 * and its DRAW ends now: no channel waits for a deleted one's (the
	 * puller may have skipped ahead to the DRAW's end: back to now)
	 */
	if (fifo->gr_active && fifo->gr_chid == c) {
		fifo->gr_end = min(fifo->gr_end, fifo->sim->now);
		fifo->cursor = min(fifo->cursor, fifo->sim->now);
	}
	if (fifo->next.valid && fifo->next.chid == c && !fifo->pull_stalled)
		fifo->next.valid = false;
}

/* The driver is done with the method that stopped the puller. */
static void
sim_fifo_pull_resume(struct nvkm_sim_fifo *fifo)
{
	fifo->pull_stalled = false;
	/* CACHE1_GET moved past it: skipped; otherwise it runs again */
	if (fifo->get != fifo->trap_get)
		fifo->next.valid = false;
}

static bool
sim_fifo_user_wr(struct nvkm_sim_fifo *fifo, u32 addr, u32 data)
{
	struct sim_fifo_chan *ch;

	if (addr < SIM_NV50_USER(0) || addr >= SIM_NV50_USER(SIM_NV50_PFIFO_CHANS))
		return false;
	ch = &fifo->chan[(addr - SIM_NV50_USER(0)) / SIM_NV50_USER_SIZE];
	switch (addr % SIM_NV50_USER_SIZE) {
	case SIM_NV50_USER_IB_PUT:
		ch->ib_put = data & ch->ib_mask;
		/* a channel not loaded: its RAMFC holds its state (model's) */
		if (!ch->enabled && ch->saved)
			sim_fifo_ramfc_wr(fifo, ch, SIM_NV50_RAMFC_IB_PUT, ch->ib_put);
		return true;
	case SIM_NV50_USER_DMA_PUT:
	case SIM_NV50_USER_DMA_GET:
	case SIM_NV50_USER_REF_CNT:
	case SIM_NV50_USER_IB_GET:
		return true;	/* read-only in IB mode */
	default:
		return false;
	}
}

/**
 * nvkm_sim_fifo_wr() - decode a register write
 * @fifo: the FIFO
 * @addr: BAR0 offset
 * @data: the value written
 *
 * Return: false if @addr is not a PFIFO, user area or PRAMIN register.
 */
bool
nvkm_sim_fifo_wr(struct nvkm_sim_fifo *fifo, u32 addr, u32 data)
{
	struct sim_fifo_chan *ch;
	int i;

	/* any write may give a channel work: look through them again */
	fifo->idle = false;
	if (addr >= SIM_NV40_PFIFO_CACHE1_METHOD(0) &&
	    addr < SIM_NV40_PFIFO_CACHE1_METHOD(SIM_NV40_PFIFO_CACHE1_SIZE))
		return true;	/* what the puller saw: not written back */
	if (addr >= SIM_NV50_PFIFO_CTX_TABLE(0) &&
	    addr < SIM_NV50_PFIFO_CTX_TABLE(SIM_NV50_PFIFO_CHANS)) {
		sim_fifo_table_wr(fifo, (addr - SIM_NV50_PFIFO_CTX_TABLE(0)) / 4, data);
		return true;
	}

	switch (addr) {
	case SIM_NV_PFIFO_INTR_0:
		fifo->intr &= ~data;
		return true;
	case SIM_NV_PFIFO_INTR_EN_0:
		fifo->intr_en = data;
		return true;
	case SIM_NV50_PFIFO_PLAYLIST:
		fifo->playlist = data;
		return true;
	case SIM_NV50_PFIFO_PLAYLIST_LEN:
		fifo->playlist_len = data;
		sim_fifo_playlist(fifo);
		return true;
	case SIM_NV50_PFIFO_CACHES:
		fifo->caches = data;	/* REASSIGN: the model always switches */
		return true;
	case SIM_NV50_PFIFO_DMA_TIMESLICE:
		fifo->timeslice = data;
		return true;
	case SIM_NV50_PFIFO_CHSW_DEBUG_1:
		fifo->chsw_debug = data;
		return true;
	case SIM_NV_PFIFO_CACHE1_PUSH0:
		fifo->push0 = data;
		return true;
	case SIM_NV_PFIFO_CACHE1_PUSH1:
	case SIM_NV50_PFIFO_CACHE1_IB_PUT:
	case SIM_NV50_PFIFO_CACHE1_IB_GET:
	case SIM_NV_PFIFO_CACHE1_DMA_PUT:
	case SIM_NV_PFIFO_CACHE1_DMA_GET:
	case SIM_NV_PFIFO_CACHE1_SEMAPHORE:
		return true;	/* state of the channel in CACHE1: not modelled */
	case SIM_NV_PFIFO_CACHE1_ENGINE:
		/* the subchannels' engines of the channel in CACHE1 */
		if (fifo->cur >= 0) {
			ch = &fifo->chan[fifo->cur];
			for (i = 0; i < SIM_FIFO_SUBCS; i++)
				ch->engine[i] = (data >> (i * 4)) & 0xf;
		}
		return true;
	case SIM_NV_PFIFO_CACHE1_HASH:
		fifo->hash = data & SIM_NV_PFIFO_CACHE1_HASH_INSTANCE;
		return true;
	case SIM_NV_PFIFO_CACHE1_DMA_STATE:
		fifo->dma_state = data;
		return true;
	case SIM_NV_PFIFO_CACHE1_DMA_PUSH:
		fifo->dma_push = data;
		if ((data & SIM_NV_PFIFO_CACHE1_DMA_PUSH_ACCESS) && fifo->push_stalled)
			fifo->push_stalled = false;
		return true;
	case SIM_NV_PFIFO_CACHE1_PULL0:
		fifo->pull0 = data;
		if ((data & SIM_NV_PFIFO_CACHE1_PULL0_ACCESS) && fifo->pull_stalled)
			sim_fifo_pull_resume(fifo);
		return true;
	case SIM_NV_PFIFO_CACHE1_GET:
		fifo->get = data & (SIM_NV_PFIFO_CACHE1_GET_WRAP - 1);
		return true;
	default:
		return sim_fifo_user_wr(fifo, addr, data);
	}
}

/**
 * nvkm_sim_fifo_reset() - PMC_ENABLE took PFIFO out: its state is lost
 * @fifo: the FIFO
 *
 * Registers, channels, CACHE1 and a pending interrupt go back to zero;
 * a DRAW running ends now (the graphics engine is not reset, but no
 * channel waits for it).  The statistics stay.
 */
void
nvkm_sim_fifo_reset(struct nvkm_sim_fifo *fifo)
{
	struct nvkm_sim_fifo_stats stats = fifo->stats;
	struct nvkm_sim *sim = fifo->sim;
	bool g80 = fifo->g80;
	int dom = fifo->gr_dom, idle = fifo->gr_idle, prim = fifo->gr_prim;
	u64 cursor = fifo->cursor;

	if (fifo->gr_active)
		sim_gr_idle(fifo);
	memset(fifo, 0, sizeof(*fifo));
	fifo->sim = sim;
	fifo->g80 = g80;
	fifo->gr_dom = dom;
	fifo->gr_idle = idle;
	fifo->gr_prim = prim;
	fifo->cursor = cursor;
	fifo->cur = -1;
	fifo->stats = stats;
}

/* Copy the statistics; sim->lock held. */
void
nvkm_sim_fifo_stats_get(struct nvkm_sim_fifo *fifo, struct nvkm_sim_fifo_stats *stats)
{
	*stats = fifo->stats;
	stats->idle = !nvkm_sim_fifo_busy(fifo) && !fifo->pull_stalled &&
		      !fifo->push_stalled;
}

/*
 * The FIFO's state, for debugfs (nvpm_sim_fifo): what a channel that no
 * longer moves waits for.  At most a line per channel; sim->lock held.
 */
void
nvkm_sim_fifo_dump(struct nvkm_sim_fifo *fifo, struct seq_file *m)
{
	const struct sim_fifo_chan *ch;
	int c;

	seq_printf(m, "intr 0x%x intr_en 0x%x pull_stalled %d push_stalled %d cur %d next %d/%d",
		   fifo->intr, fifo->intr_en, fifo->pull_stalled, fifo->push_stalled, fifo->cur,
		   fifo->next.valid, fifo->next.chid);
	seq_printf(m, " get 0x%x trap_get 0x%x idle %d gr_active %d gr_end %llu cursor %llu now %llu\n",
		   fifo->get, fifo->trap_get, fifo->idle, fifo->gr_active, fifo->gr_end,
		   fifo->cursor, fifo->sim->now);
	for (c = 0; c < SIM_NV50_PFIFO_CHANS; c++) {
		ch = &fifo->chan[c];
		if (!ch->enabled && !ch->listed)
			continue;
		seq_printf(m, "chan %d enabled %d listed %d ib %d ib_get %u ib_put %u seg_left %u count %u ref %u acquiring %d sem 0x%llx/%u\n",
			   c, ch->enabled, ch->listed, ch->ib_enable, ch->ib_get, ch->ib_put,
			   ch->seg_left, ch->count, ch->ref_cnt, ch->acquiring, ch->sem_addr,
			   ch->sem_seq);
	}
}

/* One more interrupt raised to the CPU; sim->lock held. */
void
nvkm_sim_fifo_irq_count(struct nvkm_sim_fifo *fifo)
{
	fifo->stats.irqs++;
}

/**
 * nvkm_sim_fifo_new() - the PFIFO of a chip
 * @sim: the simulator, its chip described or not
 *
 * Return: the model, NULL outside the NV50 family (G80, G84:GF100), or an
 * ERR_PTR().
 */
struct nvkm_sim_fifo *
nvkm_sim_fifo_new(struct nvkm_sim *sim)
{
	const struct nvkm_sim_chip *chip = sim->chip;
	struct nvkm_sim_fifo *fifo;

	if (!chip || chip->nv50 == NV50_NONE)
		return NULL;
	fifo = kvzalloc(sizeof(*fifo), GFP_KERNEL);
	if (!fifo)
		return ERR_PTR(-ENOMEM);
	fifo->sim = sim;
	fifo->g80 = chip->nv50 == NV50_G80;
	fifo->cur = -1;
	if (nvkm_sim_gr_signals(chip->chipset, &fifo->gr_dom, &fifo->gr_idle,
				&fifo->gr_prim)) {
		fifo->gr_idle = -1;
		fifo->gr_prim = -1;
	}
	return fifo;
}

/**
 * nvkm_sim_fifo_del() - free a PFIFO model
 * @pfifo: the model, may point to NULL; set to NULL
 */
void
nvkm_sim_fifo_del(struct nvkm_sim_fifo **pfifo)
{
	struct nvkm_sim_fifo *fifo = *pfifo;

	if (!fifo)
		return;
	kvfree(fifo);
	*pfifo = NULL;
}
