// SPDX-License-Identifier: MIT
/* Simulated PCOUNTER, GF100+ layout (hub/GPC/partition domain sets). */
#include "pcounter_priv.h"

int
sim_pc_gf100_doms(struct nvkm_sim_pcounter *pc, u32 chipset)
{
	return 1;	/* not modelled yet */
}

static bool
sim_pc_gf100_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data)
{
	return false;
}

static bool
sim_pc_gf100_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data)
{
	return false;
}

const struct sim_pc_layout sim_pc_gf100_layout = {
	.rd = sim_pc_gf100_rd,
	.wr = sim_pc_gf100_wr,
};
