// SPDX-License-Identifier: MIT
/* GT215:GF100 PDAEMON: 4 idle counters; MC_IDLE is bit 8, one PCOPY. */
#include "priv.h"

static const struct nvkm_pmu_func
gt215_pmu = {
	.counters = NV_PDAEMON_COUNTER_NR_GT215,
	.engine = {
		[NVKM_PMU_GR] = NV_PDAEMON_COUNTER_SIGNALS_GR_IDLE,
		[NVKM_PMU_PVLD] = NV_PDAEMON_COUNTER_SIGNALS_PVLD_IDLE,
		[NVKM_PMU_PPDEC] = NV_PDAEMON_COUNTER_SIGNALS_PPDEC_IDLE,
		[NVKM_PMU_PPPP] = NV_PDAEMON_COUNTER_SIGNALS_PPPP_IDLE,
		[NVKM_PMU_MC] = NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GT215,
		[NVKM_PMU_PCOPY0] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY0_IDLE,
	},
};

int
gt215_pmu_new(struct nvkm_device *device, struct nvkm_pmu **ppmu)
{
	return nvkm_pmu_new_(&gt215_pmu, device, ppmu);
}
