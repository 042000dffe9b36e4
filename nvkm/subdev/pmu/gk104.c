// SPDX-License-Identifier: MIT
/* GK104 PDAEMON: GF100's idle counters and a third PCOPY. */
#include "priv.h"

static const struct nvkm_pmu_func
gk104_pmu = {
	.counters = NV_PDAEMON_COUNTER_NR_GF100,
	.engine = {
		[NVKM_PMU_GR] = NV_PDAEMON_COUNTER_SIGNALS_GR_IDLE,
		[NVKM_PMU_PVLD] = NV_PDAEMON_COUNTER_SIGNALS_PVLD_IDLE,
		[NVKM_PMU_PPDEC] = NV_PDAEMON_COUNTER_SIGNALS_PPDEC_IDLE,
		[NVKM_PMU_PPPP] = NV_PDAEMON_COUNTER_SIGNALS_PPPP_IDLE,
		[NVKM_PMU_MC] = NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GF100,
		[NVKM_PMU_PCOPY0] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY0_IDLE,
		[NVKM_PMU_PCOPY1] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY1_IDLE,
		[NVKM_PMU_PCOPY2] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY2_IDLE,
	},
};

int
gk104_pmu_new(struct nvkm_device *device, struct nvkm_pmu **ppmu)
{
	return nvkm_pmu_new_(&gk104_pmu, device, ppmu);
}
