// SPDX-License-Identifier: MIT
/* GF100+ PDAEMON: 8 idle counters; MC_IDLE moves to bit 7, a second PCOPY. */
#include "priv.h"

static const struct nvkm_pmu_func
gf100_pmu = {
	.counters = NV_PDAEMON_COUNTER_NR_GF100,
	.engine = {
		GF100_PMU_ENGINES,
	},
};

int
gf100_pmu_new(struct nvkm_device *device, struct nvkm_pmu **ppmu)
{
	return nvkm_pmu_new_(&gf100_pmu, device, ppmu);
}
