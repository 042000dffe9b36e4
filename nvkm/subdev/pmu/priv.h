/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_PMU_PRIV_H__
#define __NVKM_PMU_PRIV_H__
#include <nvkm/subdev/pmu.h>
#include <nvkm/hw/pdaemon.h>

/*
 * How often the counters are read while in use, so that none of their
 * 31 bits wraps unseen: 2^31 cycles last 2.1 s at 1 GHz.  The reference
 * does not give PDAEMON's counting clock; this assumes it is no faster.
 */
#define NVKM_PMU_POLL_MS	1000

/**
 * struct nvkm_pmu_func - what one PDAEMON generation has
 * @counters: idle counters (4 on GT215:GF100, 8 on GF100+)
 * @engine: per enum nvkm_pmu_engine, its COUNTER_SIGNALS bit; the
 *	    engines a generation has come first, 0 ends them
 */
struct nvkm_pmu_func {
	unsigned int counters;
	u32 engine[NVKM_PMU_ENGINES];
};

/* The engines GF100 has; GK104 adds PCOPY2. */
#define GF100_PMU_ENGINES \
	[NVKM_PMU_GR] = NV_PDAEMON_COUNTER_SIGNALS_GR_IDLE, \
	[NVKM_PMU_PVLD] = NV_PDAEMON_COUNTER_SIGNALS_PVLD_IDLE, \
	[NVKM_PMU_PPDEC] = NV_PDAEMON_COUNTER_SIGNALS_PPDEC_IDLE, \
	[NVKM_PMU_PPPP] = NV_PDAEMON_COUNTER_SIGNALS_PPPP_IDLE, \
	[NVKM_PMU_MC] = NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GF100, \
	[NVKM_PMU_PCOPY0] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY0_IDLE, \
	[NVKM_PMU_PCOPY1] = NV_PDAEMON_COUNTER_SIGNALS_PCOPY1_IDLE

int nvkm_pmu_new_(const struct nvkm_pmu_func *func, struct nvkm_device *device,
		  struct nvkm_pmu **ppmu);

#endif
