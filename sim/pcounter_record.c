// SPDX-License-Identifier: MIT
/*
 * Simulated PCOUNTER record mode (G84+).
 *
 * In record mode a domain counts cycles (48 bits, wrapping), the 12
 * selected signals PRE_SRC[0..3], START_SRC[0..3], EVENT_SRC[0..3] (16
 * bits, saturating) and the STOP input (12 bits, saturating).  A packet is
 * triggered whenever the STOP counter is non-zero or an event counter is
 * at 0xf000 or more; the domain has room for one outgoing packet, so a
 * trigger that finds it taken does nothing and the counters go on.  A sent
 * packet takes the counters (which restart from 0, but for the cycle
 * counter) and lands in memory through the bound channel and DMA object.
 *
 * Within a cycle the counters count first and the trigger looks at the
 * result, so a STOP pulse goes out in the packet it triggers (STOP counter
 * 1, as the reference says packets usually have).
 *
 * Modelling choices where the reference is silent:
 *  - record counters only count in record mode, and keep their values
 *    while the domain is in another mode;
 *  - a packet is composed, its address taken and RECORD_STATUS advanced
 *    when it is sent; it lands NVKM_SIM_VM_WRITE_CYCLES cycles later, and
 *    only then is it translated through the channel and DMA object bound
 *    at that time (so a VM fault shows up when it lands);
 *  - while the buffer is not valid, packet writes are ignored by not
 *    sending them at all: the counters are only cleared by a packet sent,
 *    so they go on counting, and saturate, until RECORD_START;
 *  - RECORD_START outside record mode (the reference warns it does not
 *    properly clear the counter state) leaves the counters as they are and
 *    leaves a packet pending: the first cycle in record mode sends it, to
 *    the new buffer, with whatever the counters hold.  RECORD_START in
 *    record mode and GCTRL.RECORD_RESET clear it;
 *  - a VM fault drops the faulting packet, sets RECORD_STATUS.FAULT and
 *    wedges the domain: its record counters freeze and it sends no packet
 *    until nvkm_sim_reset(); its registers still read and write;
 *  - RECORD_START, RECORD_LIMIT and RECORD_ADDRESS_HIGH are sampled when a
 *    packet is sent, the channel/DMA binding when it lands.
 */
#include <linux/bitfield.h>
#include <sim/vm.h>
#include "pcounter_priv.h"

static bool
sim_pc_record_reset_held(struct nvkm_sim_pcounter *pc, const struct sim_pcdom *dom)
{
	return pc->set[dom->set].gctrl & NV40_PCOUNTER_GCTRL_RECORD_RESET;
}

/* What RECORD_RESET forces: every counter to 0, no half-cleared state. */
static void
sim_pc_record_clear(struct sim_pc_record *r)
{
	r->cycles = 0;
	r->stop = 0;
	memset(r->ev, 0, sizeof(r->ev));
	r->bogus = false;
}

static bool
sim_pc_record_triggered(const struct sim_pc_record *r)
{
	int i;

	if (r->bogus || r->stop)
		return true;
	for (i = 0; i < G84_PCOUNTER_RECORD_EVENTS; i++) {
		if (r->ev[i] >= PC_RECORD_EVENT_TRIGGER)
			return true;
	}
	return false;
}

/* The trigger of a cycle: send the counters if the slot is free. */
static void
sim_pc_record_send(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom)
{
	struct sim_pc_record *r = &dom->rec;
	bool shrt = dom->ctrl_other & NV40_PCOUNTER_CTRL_RECORD_SHORT;
	u64 high = pc->gen >= PC_G92 ? (u64)r->addr_high << 32 : 0;
	int i;

	if (r->busy || !r->valid || !sim_pc_record_triggered(r))
		return;

	r->pkt[0] = cpu_to_le16(r->cycles);
	r->pkt[1] = cpu_to_le16(r->cycles >> 16);
	r->pkt[2] = cpu_to_le16(r->cycles >> 32);
	r->pkt[3] = cpu_to_le16(r->stop & G84_PCOUNTER_RECORD_STOP_MASK);
	for (i = 0; i < G84_PCOUNTER_RECORD_EVENTS; i++)
		r->pkt[4 + i] = cpu_to_le16(r->ev[i]);
	r->len = shrt ? G84_PCOUNTER_RECORD_SHORT_SIZE : G84_PCOUNTER_RECORD_LONG_SIZE;
	r->busy = NVKM_SIM_VM_WRITE_CYCLES;
	r->stop = 0;
	memset(r->ev, 0, sizeof(r->ev));
	r->bogus = false;

	r->offset = high | r->pos;
	/* One packet always goes, wherever the position starts. */
	if (r->pos >= r->limit)
		r->valid = false;
	r->pos += r->len;	/* 32 bits: wraps at 4 GiB */
}

/**
 * nvkm_sim_pc_record_cycle() - one cycle of a domain in record mode
 * @pc: the model
 * @dom: the domain
 * @c: its inputs in this cycle
 *
 * Counts, then sends a packet if one is triggered and the slot is free.
 */
void
nvkm_sim_pc_record_cycle(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
			 const struct sim_pc_cycle *c)
{
	struct sim_pc_record *r = &dom->rec;
	int i;

	if (r->wedged)
		return;
	if (sim_pc_record_reset_held(pc, dom)) {
		sim_pc_record_clear(r);
		return;
	}

	r->cycles = (r->cycles + 1) & PC_RECORD_CYCLES_MASK;
	for (i = 0; i < G84_PCOUNTER_RECORD_EVENTS; i++) {
		if ((c->cur & BIT(i)) && r->ev[i] < PC_RECORD_EVENT_MAX)
			r->ev[i]++;
	}
	if (c->in[PC_STOP] && r->stop < PC_RECORD_STOP_MAX)
		r->stop++;
	sim_pc_record_send(pc, dom);
}

/* @n cycles of counting with the inputs of @c, no trigger looked at. */
static void
sim_pc_record_count(struct sim_pc_record *r, const struct sim_pc_cycle *c, u64 n)
{
	u32 ev = min_t(u64, n, PC_RECORD_EVENT_MAX);
	u32 stop = min_t(u64, n, PC_RECORD_STOP_MAX);
	int i;

	/* 2^64 is a multiple of 2^48: the u64 sum wraps right. */
	r->cycles = (r->cycles + n) & PC_RECORD_CYCLES_MASK;
	for (i = 0; i < G84_PCOUNTER_RECORD_EVENTS; i++) {
		if (c->cur & BIT(i))
			r->ev[i] = min_t(u32, r->ev[i] + ev, PC_RECORD_EVENT_MAX);
	}
	if (c->in[PC_STOP])
		r->stop = min_t(u32, r->stop + stop, PC_RECORD_STOP_MAX);
}

/*
 * In which of the coming cycles (1: the next) the inputs of @c send a
 * packet, U64_MAX if none does while no outgoing packet lands.
 */
static u64
sim_pc_record_horizon(const struct sim_pc_record *r, const struct sim_pc_cycle *c)
{
	u64 k = U64_MAX;
	int i;

	if (r->busy || !r->valid)
		return U64_MAX;
	if (sim_pc_record_triggered(r) || c->in[PC_STOP])
		return 1;
	for (i = 0; i < G84_PCOUNTER_RECORD_EVENTS; i++) {
		if (c->cur & BIT(i))
			k = min_t(u64, k, PC_RECORD_EVENT_TRIGGER - r->ev[i]);
	}
	return k;
}

/**
 * nvkm_sim_pc_record_cycles() - @n cycles of record mode in closed form
 * @pc: the model
 * @dom: the domain
 * @c: its inputs, the same in every one of the cycles
 * @n: number of cycles
 *
 * Exactly what @n calls of nvkm_sim_pc_record_cycle() would do (with no landing
 * in between).
 */
void
nvkm_sim_pc_record_cycles(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
			  const struct sim_pc_cycle *c, u64 n)
{
	struct sim_pc_record *r = &dom->rec;
	u64 k;

	if (r->wedged || !n)
		return;
	if (sim_pc_record_reset_held(pc, dom)) {
		sim_pc_record_clear(r);
		return;
	}
	/* Nothing lands in between, so at most one packet is sent. */
	while (n) {
		k = sim_pc_record_horizon(r, c);
		if (k > n) {
			sim_pc_record_count(r, c, n);
			return;
		}
		sim_pc_record_count(r, c, k - 1);
		nvkm_sim_pc_record_cycle(pc, dom, c);
		n -= k;
	}
}

/**
 * nvkm_sim_pc_record_calm() - how far the run loop may jump for record mode
 * @pc: the model
 * @dom: the domain
 *
 * A jump must not cover a landing followed by more cycles (the freed slot
 * could send again), nor a send (its landing time counts from that cycle).
 * The run loop asks only for a settled domain: its entry of pc->cyc then
 * holds inputs that stay the same throughout the jump.
 *
 * Return: cycles from now on in which no packet of @dom is sent, nor lands
 * before the last of them.
 */
u64
nvkm_sim_pc_record_calm(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom)
{
	const struct sim_pc_cycle *c = &pc->cyc[dom - pc->dom];
	struct sim_pc_record *r = &dom->rec;
	u64 k;

	if (r->busy)
		return r->busy;
	if (dom->mode != NV_PCOUNTER_MODE_RECORD || r->wedged ||
	    sim_pc_record_reset_held(pc, dom))
		return U64_MAX;
	k = sim_pc_record_horizon(r, c);
	return k == U64_MAX ? U64_MAX : k - 1;
}

/* The outgoing packet reaches memory, or faults. */
static void
sim_pc_record_land(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom)
{
	struct sim_pc_record_main *m = &pc->rec;
	struct sim_pc_record *r = &dom->rec;
	struct sim_pc_jump *j = pc->jump;

	if (j && j->logging && j->nr_land++ < PC_JUMP_LANDINGS) {
		struct sim_pc_landing *land = &j->land[j->nr_land - 1];

		land->dom = dom - pc->dom;
		land->len = r->len;
		land->offset = r->offset;
		memcpy(land->pkt, r->pkt, sizeof(land->pkt));
	}
	if (m->bound && !nvkm_sim_vm_write_tlb(pc->sim->vm, &m->tlb, m->bound_chan,
					       m->bound_dma, r->offset, r->pkt, r->len))
		return;
	r->fault = true;
	r->wedged = true;
}

/**
 * nvkm_sim_pc_record_tick() - the outgoing packet of a domain ages
 * @pc: the model
 * @dom: the domain
 * @n: cycles that passed, at most what nvkm_sim_pc_record_calm() allowed
 *
 * A packet whose time is up lands in memory, or faults.
 */
void
nvkm_sim_pc_record_tick(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom, u64 n)
{
	struct sim_pc_record *r = &dom->rec;

	if (!r->busy)
		return;
	if (n < r->busy) {
		r->busy -= n;
		return;
	}
	r->busy = 0;
	sim_pc_record_land(pc, dom);
}

/* --- a period at a time ----------------------------------------------------- */

/* A packet's 48-bit cycle counter, its first three words. */
static u64
sim_pc_pkt_cycles(const __le16 *pkt)
{
	return le16_to_cpu(pkt[0]) | (u64)le16_to_cpu(pkt[1]) << 16 |
	       (u64)le16_to_cpu(pkt[2]) << 32;
}

static u64
sim_pc_record_pkt_cycles(const struct sim_pc_record *r)
{
	return sim_pc_pkt_cycles(r->pkt);
}

static void
sim_pc_record_pkt_set_cycles(__le16 *pkt, u64 cycles)
{
	pkt[0] = cpu_to_le16(cycles);
	pkt[1] = cpu_to_le16(cycles >> 16);
	pkt[2] = cpu_to_le16(cycles >> 32);
}

/**
 * nvkm_sim_pc_record_shape() - clear what a period of periodic inputs moves on
 * @r: a copy of a domain's record state
 *
 * The cycle counter, the position and the last packet's cycles and offset
 * grow from period to period; everything else must repeat exactly.
 */
void
nvkm_sim_pc_record_shape(struct sim_pc_record *r)
{
	r->cycles = 0;
	r->pos = 0;
	r->offset = 0;
	sim_pc_record_pkt_set_cycles(r->pkt, 0);
}

/**
 * nvkm_sim_pc_record_rate() - did two periods move the record state on alike?
 * @a: before the first
 * @b: between them
 * @c: after the second
 * @rate: what each did
 *
 * The last packet (in flight or landed) moves on with the period when
 * packets are sent in it, and stays when none is.
 *
 * Return: true if both periods did the same.
 */
bool
nvkm_sim_pc_record_rate(const struct sim_pc_record *a, const struct sim_pc_record *b,
			const struct sim_pc_record *c, struct sim_pc_record_rate *rate)
{
	u64 d = (b->cycles - a->cycles) & PC_RECORD_CYCLES_MASK, dp;
	u32 p = b->pos - a->pos;

	if (((c->cycles - b->cycles) & PC_RECORD_CYCLES_MASK) != d || c->pos - b->pos != p ||
	    b->pos < a->pos || c->pos < b->pos)
		return false;
	dp = p ? d : 0;
	if (((sim_pc_record_pkt_cycles(b) - sim_pc_record_pkt_cycles(a)) &
	     PC_RECORD_CYCLES_MASK) != dp ||
	    ((sim_pc_record_pkt_cycles(c) - sim_pc_record_pkt_cycles(b)) &
	     PC_RECORD_CYCLES_MASK) != dp ||
	    b->offset - a->offset != p || c->offset - b->offset != p)
		return false;
	rate->cycles = d;
	rate->pos = p;
	return true;
}

/**
 * nvkm_sim_pc_record_periods() - how many more such periods keep sending alike
 * @r: the record state after the second period
 * @rate: what one period does
 *
 * Every packet sent in them must start below RECORD_LIMIT (or the buffer
 * goes invalid) and the position must not wrap at 4 GiB.
 *
 * Return: the number of periods.
 */
u64
nvkm_sim_pc_record_periods(const struct sim_pc_record *r, const struct sim_pc_record_rate *rate)
{
	u64 room;

	if (!rate->pos)
		return U64_MAX;
	/* the last send of the k-th period starts at pos + k * rate - len */
	room = (u64)r->limit + r->len - 1;
	if (room < r->pos)
		return 0;
	room = min_t(u64, room - r->pos, U32_MAX - r->pos);
	return div_u64(room, rate->pos);
}

/**
 * nvkm_sim_pc_record_replay() - a logged landing, @i periods later
 * @pc: the model
 * @land: the packet as it landed in the period simulated
 * @rate: what one period does to its domain
 * @i: periods after that one
 *
 * Return: false if it faults (nothing written then).
 */
bool
nvkm_sim_pc_record_replay(struct nvkm_sim_pcounter *pc, const struct sim_pc_landing *land,
			  const struct sim_pc_record_rate *rate, u64 i)
{
	struct sim_pc_record_main *m = &pc->rec;
	__le16 pkt[G84_PCOUNTER_RECORD_LONG_SIZE / 2];
	u64 cycles;

	memcpy(pkt, land->pkt, sizeof(pkt));
	cycles = sim_pc_pkt_cycles(pkt);
	sim_pc_record_pkt_set_cycles(pkt, (cycles + i * rate->cycles) & PC_RECORD_CYCLES_MASK);
	return m->bound && !nvkm_sim_vm_write_tlb(pc->sim->vm, &m->tlb, m->bound_chan,
						  m->bound_dma, land->offset + i * rate->pos,
						  pkt, land->len);
}

/*
 * A domain's landings in the period simulated, one after another in
 * memory: @bytes of them from @offset, each period the next @bytes.
 */
struct sim_pc_stream {
	u16 dom;
	u64 offset;
	u64 bytes;
};

/* Do streams @a and @b, @k periods on, share a byte? */
static bool
sim_pc_streams_overlap(const struct sim_pc_stream *a, const struct sim_pc_stream *b, u64 k)
{
	return a->offset + a->bytes < b->offset + (k + 1) * b->bytes &&
	       b->offset + b->bytes < a->offset + (k + 1) * a->bytes;
}

/* The landings as streams, one per domain; false if they are not. */
static bool
sim_pc_streams(const struct sim_pc_jump *j, struct sim_pc_stream *st, int *nr)
{
	int d, s;

	*nr = 0;
	for (d = 0; d < j->nr_land; d++) {
		const struct sim_pc_landing *land = &j->land[d];

		for (s = 0; s < *nr && st[s].dom != land->dom; s++)
			;
		if (s == *nr) {
			if (*nr == PC_REPLAY_STREAMS)
				return false;
			st[s] = (struct sim_pc_stream) { land->dom, land->offset, 0 };
			(*nr)++;
		}
		if (land->offset != st[s].offset + st[s].bytes)
			return false;	/* not right after the one before */
		st[s].bytes += land->len;
	}
	for (s = 0; s < *nr; s++) {
		if (st[s].bytes != j->rate[st[s].dom].rec.pos || st[s].bytes > PC_REPLAY_CHUNK)
			return false;
	}
	return true;
}

/* Stream @st's packets @i periods after the one simulated, at @p; words. */
static unsigned int
sim_pc_stream_period(const struct sim_pc_jump *j, const struct sim_pc_stream *st, u64 i,
		     __le16 *p)
{
	u64 step = i * j->rate[st->dom].rec.cycles, cycles;
	unsigned int w = 0;
	int d;

	for (d = 0; d < j->nr_land; d++) {
		const struct sim_pc_landing *land = &j->land[d];

		if (land->dom != st->dom)
			continue;
		cycles = sim_pc_pkt_cycles(land->pkt) + step;
		memcpy(p + w, land->pkt, land->len);
		sim_pc_record_pkt_set_cycles(p + w, cycles & PC_RECORD_CYCLES_MASK);
		w += land->len / 2;
	}
	return w;
}

/**
 * nvkm_sim_pc_record_replay_all() - every logged landing, periods 1 to @k later
 * @pc: the model
 * @j: the landings of the period simulated and each domain's rate
 * @k: periods
 *
 * What nvkm_sim_pc_record_replay() does for each landing and period, in
 * fewer, larger writes.  Where each domain's landings lie one after
 * another in memory and take up what its position moves in a period, the
 * periods that follow are one range per domain: every byte of each is
 * checked first (nvkm_sim_vm_probe_tlb()), and if none would fault they
 * are written PC_REPLAY_CHUNK bytes at a time, a translation per chunk
 * rather than per packet.  The ranges must not share a byte, so that the
 * order of the writes does not matter.
 *
 * Return: true when written; false, with nothing written, when a packet
 * would fault or the landings do not qualify (the caller replays them
 * one by one then).
 */
bool
nvkm_sim_pc_record_replay_all(struct nvkm_sim_pcounter *pc, struct sim_pc_jump *j, u64 k)
{
	struct sim_pc_record_main *m = &pc->rec;
	struct sim_pc_stream st[PC_REPLAY_STREAMS];
	u64 i, n, t, per;
	int s, e, nr;

	if (!m->bound || !k || !j->nr_land || !sim_pc_streams(j, st, &nr))
		return false;
	for (s = 0; s < nr; s++) {
		if (k > div64_u64(U32_MAX, st[s].bytes))
			return false;
		for (e = 0; e < s; e++) {
			if (sim_pc_streams_overlap(&st[e], &st[s], k))
				return false;
		}
		if (nvkm_sim_vm_probe_tlb(pc->sim->vm, &m->tlb, m->bound_chan, m->bound_dma,
					  st[s].offset + st[s].bytes, k * st[s].bytes))
			return false;
	}
	for (s = 0; s < nr; s++) {
		per = PC_REPLAY_CHUNK / st[s].bytes;
		for (i = 1; i <= k; i += n) {
			__le16 *p = j->chunk;

			n = min(k - i + 1, per);
			for (t = 0; t < n; t++)
				p += sim_pc_stream_period(j, &st[s], i + t, p);
			/* checked above: it goes through */
			nvkm_sim_vm_write_tlb(pc->sim->vm, &m->tlb, m->bound_chan, m->bound_dma,
					      st[s].offset + i * st[s].bytes, j->chunk,
					      n * st[s].bytes);
		}
	}
	pc->batched++;
	return true;
}

/**
 * nvkm_sim_pc_record_apply() - the record state @k periods on
 * @r: the state after the second period
 * @rate: what one period does
 * @k: periods
 */
void
nvkm_sim_pc_record_apply(struct sim_pc_record *r, const struct sim_pc_record_rate *rate, u64 k)
{
	/* 2^64 is a multiple of 2^48: the u64 products wrap right. */
	r->cycles = (r->cycles + k * rate->cycles) & PC_RECORD_CYCLES_MASK;
	if (!rate->pos)
		return;
	r->pos += k * rate->pos;
	r->offset += k * rate->pos;
	sim_pc_record_pkt_set_cycles(r->pkt, (sim_pc_record_pkt_cycles(r) + k * rate->cycles) &
					     PC_RECORD_CYCLES_MASK);
}

/* --- registers ------------------------------------------------------------- */

/* The per-domain registers record mode looks at. */
enum sim_pc_record_reg {
	PC_REC_ADDRESS_HIGH,
	PC_REC_STATUS,
	PC_REC_LIMIT,
	PC_REC_START,
	PC_REC_CTRL,
	PC_REC_NR
};

static const u32 sim_pc_record_base[PC_REC_NR] = {
	[PC_REC_ADDRESS_HIGH] = NV40_PCOUNTER_RECORD_ADDRESS_HIGH(0),
	[PC_REC_STATUS] = NV40_PCOUNTER_RECORD_STATUS(0),
	[PC_REC_LIMIT] = NV40_PCOUNTER_RECORD_LIMIT(0),
	[PC_REC_START] = NV40_PCOUNTER_RECORD_START(0),
	[PC_REC_CTRL] = NV40_PCOUNTER_CTRL(0),
};

/* The domain and register @addr is, or NULL if none of the above. */
static struct sim_pcdom *
sim_pc_record_decode(struct nvkm_sim_pcounter *pc, u32 addr, enum sim_pc_record_reg *reg)
{
	u32 d;
	int i;

	for (i = 0; i < PC_REC_NR; i++) {
		u32 base = sim_pc_record_base[i];

		if (addr < base || addr >= base + NV40_PCOUNTER_DOMS * 4 || (addr & 3))
			continue;
		d = (addr - base) / 4;
		if (d >= pc->nr_doms)
			return NULL;
		if (i == PC_REC_ADDRESS_HIGH && pc->gen < PC_G92)
			return NULL;	/* G84 has not got it */
		*reg = i;
		return &pc->dom[d];
	}
	return NULL;
}

/**
 * nvkm_sim_pc_record_rd() - read a record mode register (NV40:GF100 layout, G84+)
 * @pc: the model
 * @addr: BAR0 address
 * @data: the value read
 *
 * Return: false if @addr is not a record mode register of this chipset.
 */
bool
nvkm_sim_pc_record_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	enum sim_pc_record_reg reg;
	struct sim_pcdom *dom;

	if (addr == NV40_PCOUNTER_RECORD_CHAN) {
		*data = pc->rec.chan;
		return true;
	}
	if (addr == NV40_PCOUNTER_RECORD_DMA) {
		*data = pc->rec.dma;
		return true;
	}

	dom = sim_pc_record_decode(pc, addr, &reg);
	if (!dom)
		return false;
	switch (reg) {
	case PC_REC_ADDRESS_HIGH:
		*data = dom->rec.addr_high;
		return true;
	case PC_REC_STATUS:
		*data = dom->rec.pos |
			(dom->rec.fault ? NV40_PCOUNTER_RECORD_STATUS_FAULT : 0);
		return true;
	case PC_REC_LIMIT:
		*data = dom->rec.limit;
		return true;
	case PC_REC_START:
		*data = dom->rec.start;
		return true;
	default:
		return false;	/* CTRL: the layout's */
	}
}

static void
sim_pc_record_start_wr(struct sim_pcdom *dom, u32 data)
{
	struct sim_pc_record *r = &dom->rec;

	r->start = data & NV40_PCOUNTER_RECORD_ADDR;
	r->pos = r->start;
	r->valid = true;
	if (dom->mode == NV_PCOUNTER_MODE_RECORD)
		sim_pc_record_clear(r);
	else
		r->bogus = true;
}

static void
sim_pc_record_chan_wr(struct nvkm_sim_pcounter *pc, u32 data)
{
	struct sim_pc_record_main *m = &pc->rec;

	m->chan = data & (NV40_PCOUNTER_RECORD_CHAN_CHAN | NV40_PCOUNTER_RECORD_CHAN_VALID);
	if (!(data & NV40_PCOUNTER_RECORD_CHAN_VALID))
		return;
	/* The DMA object bound is the one RECORD_DMA holds now: read anew. */
	nvkm_sim_tlb_flush(&m->tlb);
	m->bound = true;
	m->bound_chan = FIELD_GET(NV40_PCOUNTER_RECORD_CHAN_CHAN, data);
	m->bound_dma = m->dma;
}

/* GCTRL: the layout stores it; RECORD_RESET set clears every domain now,
 * and the record cycles keep the counters at 0 while it stays set.
 */
static void
sim_pc_record_gctrl_wr(struct nvkm_sim_pcounter *pc, u32 data)
{
	int d;

	if (!(data & NV40_PCOUNTER_GCTRL_RECORD_RESET))
		return;
	for (d = 0; d < pc->nr_doms; d++)
		sim_pc_record_clear(&pc->dom[d].rec);
}

/**
 * nvkm_sim_pc_record_wr() - write a record mode register (NV40:GF100 layout, G84+)
 * @pc: the model
 * @addr: BAR0 address
 * @data: the value written
 *
 * Also applies the record side of CTRL (FAULT_CLEAR) and GCTRL
 * (RECORD_RESET) writes, and returns false for those so that the layout
 * stores them.
 *
 * Return: false if the layout is to decode the write.
 */
bool
nvkm_sim_pc_record_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	enum sim_pc_record_reg reg;
	struct sim_pcdom *dom;

	/* the unit's registers: every domain as of now first */
	if (addr == NV40_PCOUNTER_RECORD_CHAN || addr == NV40_PCOUNTER_RECORD_DMA ||
	    addr == NV40_PCOUNTER_GCTRL)
		nvkm_sim_pc_catch_up_all(pc);
	switch (addr) {
	case NV40_PCOUNTER_RECORD_CHAN:
		sim_pc_record_chan_wr(pc, data);
		return true;
	case NV40_PCOUNTER_RECORD_DMA:
		pc->rec.dma = data & NV40_PCOUNTER_RECORD_DMA_MASK;
		nvkm_sim_tlb_flush(&pc->rec.tlb);
		return true;
	case NV40_PCOUNTER_GCTRL:
		sim_pc_record_gctrl_wr(pc, data);
		return false;	/* the layout stores it */
	default:
		break;
	}

	dom = sim_pc_record_decode(pc, addr, &reg);
	if (!dom)
		return false;
	sim_pc_touch(pc, dom - pc->dom);
	switch (reg) {
	case PC_REC_ADDRESS_HIGH:
		dom->rec.addr_high = data & NV40_PCOUNTER_RECORD_ADDRESS_HIGH_MASK;
		return true;
	case PC_REC_STATUS:
		return true;	/* read-only */
	case PC_REC_LIMIT:
		dom->rec.limit = data & NV40_PCOUNTER_RECORD_ADDR;
		return true;
	case PC_REC_START:
		sim_pc_record_start_wr(dom, data);
		return true;
	default:
		/* CTRL.FAULT_CLEAR clears the status bit only: still wedged. */
		if (data & NV40_PCOUNTER_CTRL_FAULT_CLEAR)
			dom->rec.fault = false;
		return false;	/* the layout decodes the rest */
	}
}
