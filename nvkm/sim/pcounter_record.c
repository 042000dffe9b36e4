// SPDX-License-Identifier: MIT
/* Simulated PCOUNTER record mode (G84+): not modelled yet. */
#include "pcounter_priv.h"

void
sim_pc_record_cycle(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
		    const struct sim_pc_cycle *c)
{
}

void
sim_pc_record_cycles(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom,
		     const struct sim_pc_cycle *c, u64 n)
{
}

u64
sim_pc_record_calm(struct nvkm_sim_pcounter *pc, struct sim_pcdom *dom)
{
	return U64_MAX;
}

void
sim_pc_record_tick(struct nvkm_sim_pcounter *pc, u64 n)
{
}

bool
sim_pc_record_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	switch (addr) {
	case NV40_PCOUNTER_RECORD_CHAN:
		*data = pc->rec.chan;
		return true;
	case NV40_PCOUNTER_RECORD_DMA:
		*data = pc->rec.dma;
		return true;
	default:
		return false;
	}
}

bool
sim_pc_record_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	switch (addr) {
	case NV40_PCOUNTER_RECORD_CHAN:
		pc->rec.chan = data;
		return true;
	case NV40_PCOUNTER_RECORD_DMA:
		pc->rec.dma = data & 0xffff;
		return true;
	default:
		return false;
	}
}
