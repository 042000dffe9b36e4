/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_PCOUNTER_RECORD_H__
#define __NVKM_SIM_PCOUNTER_RECORD_H__
#include <linux/types.h>
#include <nvkm/hw/pcounter.h>
#include <sim/vm.h>

struct nvkm_sim_pcounter;
struct sim_pcdom;
struct sim_pc_cycle;

#define PC_RECORD_CYCLES_MASK	GENMASK_ULL(47, 0)
#define PC_RECORD_EVENT_MAX	0xffff
#define PC_RECORD_EVENT_TRIGGER	0xf000
#define PC_RECORD_STOP_MAX	0xfff

/**
 * struct sim_pc_record - record mode state of one domain (G84+)
 * @start: RECORD_START
 * @limit: RECORD_LIMIT
 * @pos: RECORD_STATUS position: address of the next packet
 * @addr_high: RECORD_ADDRESS_HIGH (G92+)
 * @fault: RECORD_STATUS.FAULT
 * @wedged: hung by a VM fault until the GPU is reset
 * @valid: the "buffer valid" flag
 * @bogus: RECORD_START was written outside record mode, leaving the counter
 *	   state half cleared: the first record mode cycle sends a packet
 * @cycles: 48-bit cycle counter
 * @stop: 12-bit STOP counter
 * @ev: event counters: PRE_SRC[0..3], START_SRC[0..3], EVENT_SRC[0..3]
 * @busy: cycles until the outgoing packet lands, 0 if there is none
 * @len: its length in bytes
 * @offset: its offset in the DMA object
 * @pkt: its contents
 */
struct sim_pc_record {
	u32 start;
	u32 limit;
	u32 pos;
	u8 addr_high;
	bool fault;
	bool wedged;
	bool valid;
	bool bogus;

	u64 cycles;
	u16 stop;
	u16 ev[G84_PCOUNTER_RECORD_EVENTS];

	u32 busy;
	u8 len;
	u64 offset;
	__le16 pkt[G84_PCOUNTER_RECORD_LONG_SIZE / 2];
};

/**
 * struct sim_pc_record_main - record mode state shared by the domains
 * @chan: RECORD_CHAN, as written
 * @dma: RECORD_DMA
 * @bound: a RECORD_CHAN write with VALID has bound a channel
 * @bound_chan: the channel bound
 * @bound_dma: the DMA object bound with it: RECORD_DMA as of that write
 * @tlb: PCOUNTER's TLB (VM engine 0xb): the bound DMA object and the
 *	 pages packets went to, until the next bind or TLB flush
 */
struct sim_pc_record_main {
	u32 chan;
	u32 dma;
	bool bound;
	u32 bound_chan;
	u32 bound_dma;
	struct nvkm_sim_tlb tlb;
};

/**
 * struct sim_pc_landing - a record packet that landed (periodic closed form)
 * @dom: its domain
 * @len: its length
 * @offset: its offset in the DMA object
 * @pkt: its contents
 */
struct sim_pc_landing {
	u16 dom;
	u8 len;
	u64 offset;
	__le16 pkt[G84_PCOUNTER_RECORD_LONG_SIZE / 2];
};

/**
 * struct sim_pc_record_rate - what one period does to a domain's record state
 * @cycles: growth of the cycle counter (48 bits)
 * @pos: growth of the position: the packets sent, in bytes
 */
struct sim_pc_record_rate {
	u64 cycles;
	u32 pos;
};

/* The periodic closed form (pcounter.c): see there. */
void nvkm_sim_pc_record_shape(struct sim_pc_record *r);
bool nvkm_sim_pc_record_rate(const struct sim_pc_record *a, const struct sim_pc_record *b,
			     const struct sim_pc_record *c, struct sim_pc_record_rate *rate);
u64 nvkm_sim_pc_record_periods(const struct sim_pc_record *r,
			       const struct sim_pc_record_rate *rate);
bool nvkm_sim_pc_record_replay(struct nvkm_sim_pcounter *pc, const struct sim_pc_landing *land,
			       const struct sim_pc_record_rate *rate, u64 i);
struct sim_pc_jump;
bool nvkm_sim_pc_record_replay_all(struct nvkm_sim_pcounter *pc, struct sim_pc_jump *j, u64 k);
void nvkm_sim_pc_record_apply(struct sim_pc_record *r, const struct sim_pc_record_rate *rate,
			      u64 k);

/* One cycle of record mode in @dom with the inputs of @c. */
void nvkm_sim_pc_record_cycle(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
			      const struct sim_pc_cycle *c);
/* @n cycles of record mode with constant inputs @c (no other event due). */
void nvkm_sim_pc_record_cycles(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
			       const struct sim_pc_cycle *c, u64 n);
/* Cycles from now on in which record mode has no event of its own due. */
u64 nvkm_sim_pc_record_calm(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom);
/* @n cycles passed for @dom (its outgoing packet, memory). */
void nvkm_sim_pc_record_tick(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom, u64 n);
/*
 * Record registers of the NV40:GF100 layout (G84+); false if not one.
 * nvkm_sim_pc_record_wr() also applies the record side of CTRL (FAULT_CLEAR)
 * and GCTRL (RECORD_RESET) writes, and returns false for those so that the
 * layout stores them.
 */
bool nvkm_sim_pc_record_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data);
bool nvkm_sim_pc_record_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data);

#endif
