// SPDX-License-Identifier: MIT
/* GF100+ PDAEMON: 8 idle counters; MC_IDLE moves to bit 7, a second PCOPY. */
#include "priv.h"

static const struct nvkm_pmu_func
gf100_pmu = {
	.counters = NV_PDAEMON_COUNTER_NR_GF100,
	.engine = {
		[NVKM_PMU_GR] = NV_PDAEMON_COUNTER_SIGNALS_GR_IDLE,
		[NVKM_PMU_PVLD] = NV_PDAEMON_COUNTER_SIGNALS_PVLD_IDLE,
		[NVKM_PMU_PPDEC] = NV_PDAEMON_COUNTER_SIGNALS_PPDEC_IDLE,
		[NVKM_PMU_PPPP] = NV_PDAEMON_COUNTER_SIGNALS_PPPP_IDLE,
		[NVKM_PMU_MC] = NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GF100,
		[NVKM_PMU_PCOPY0] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY0_IDLE,
		[NVKM_PMU_PCOPY1] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY1_IDLE,
	},
};

int
gf100_pmu_new(struct nvkm_device *device, struct nvkm_pmu **ppmu)
{
	return nvkm_pmu_new_(&gf100_pmu, device, ppmu);
}
