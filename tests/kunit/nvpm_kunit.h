/* SPDX-License-Identifier: MIT */
/*
 * What the simulator test suites share: MMIO through the same hook the
 * driver uses, the unclaimed-access count, and a signal level.
 */
#ifndef __NVPM_KUNIT_H__
#define __NVPM_KUNIT_H__
#include <nvkm/sim/pcounter.h>

static inline void
wr(struct nvkm_sim *sim, u32 addr, u32 data)
{
	nvkm_sim_mmio.wr32(sim, addr, data);
}

static inline u32
rd(struct nvkm_sim *sim, u32 addr)
{
	return nvkm_sim_mmio.rd32(sim, addr);
}

static inline u64
unclaimed(struct nvkm_sim *sim)
{
	struct nvkm_sim_stats stats;

	nvkm_sim_stats(sim, &stats);
	return stats.unclaimed;
}

static inline void
level(struct nvkm_sim *sim, int dom, int sig, bool v)
{
	nvkm_sim_pcounter_set_signal(sim, dom, sig, v);
}

#endif
