/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_PCOUNTER_RECORD_H__
#define __NVKM_SIM_PCOUNTER_RECORD_H__
#include <linux/types.h>

struct nvkm_sim_pcounter;
struct sim_pcdom;
struct sim_pc_cycle;

/**
 * struct sim_pc_record - record mode state of one domain (G84+)
 * @start: RECORD_START
 */
struct sim_pc_record {
	u32 start;
};

/**
 * struct sim_pc_record_main - record mode state shared by the domains
 * @chan: RECORD_CHAN
 * @dma: RECORD_DMA
 */
struct sim_pc_record_main {
	u32 chan;
	u32 dma;
};

/* One cycle of record mode in @dom with the inputs of @c. */
void sim_pc_record_cycle(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
			 const struct sim_pc_cycle *c);
/* @n cycles of record mode with constant inputs @c (no other event due). */
void sim_pc_record_cycles(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
			  const struct sim_pc_cycle *c, u64 n);
/* Cycles from now on in which record mode has no event of its own due. */
u64 sim_pc_record_calm(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom);
/* @n cycles passed for every domain (outgoing packets, memory). */
void sim_pc_record_tick(struct nvkm_sim_pcounter *pc, u64 n);
/* Record registers of the NV40:GF100 layout (G84+); false if not one. */
bool sim_pc_record_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data);
bool sim_pc_record_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data);

#endif
