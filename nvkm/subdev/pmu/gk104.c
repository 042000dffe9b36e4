// SPDX-License-Identifier: MIT
/* GK104 PDAEMON: GF100's idle counters and a third PCOPY. */
#include "priv.h"

static const struct nvkm_pmu_func
gk104_pmu = {
	.counters = NV_PDAEMON_COUNTER_NR_GF100,
	.engine = {
		GF100_PMU_ENGINES,
		[NVKM_PMU_PCOPY2] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY2_IDLE,
	},
};

int
gk104_pmu_new(struct nvkm_device *device, struct nvkm_pmu **ppmu)
{
	return nvkm_pmu_new_(&gk104_pmu, device, ppmu);
}
