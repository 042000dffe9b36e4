/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_PCOUNTER_H__
#define __NVKM_SIM_PCOUNTER_H__
#include <sim/sim.h>

/*
 * The workload side of the simulated PCOUNTER: what tests and the
 * simulated engines use to drive signals.  Signals change between cycles:
 * a level set now holds from the next simulated cycle on.
 */
int nvkm_sim_pcounter_domains(struct nvkm_sim *sim);
int nvkm_sim_pcounter_signals(struct nvkm_sim *sim, int dom);
int nvkm_sim_pcounter_trailer(struct nvkm_sim *sim, int dom);
int nvkm_sim_pcounter_set_signal(struct nvkm_sim *sim, int dom, int sig, bool level);
int nvkm_sim_pcounter_set_value(struct nvkm_sim *sim, int dom, int first,
				int width, u32 value);
int nvkm_sim_pcounter_pulse(struct nvkm_sim *sim, int dom, int sig,
			    u32 period, u64 count);
int nvkm_sim_pcounter_wave(struct nvkm_sim *sim, int dom, int sig,
			   u32 period, u32 width, u64 count);
int nvkm_sim_pcounter_mux(struct nvkm_sim *sim, int dom, int sig, u32 addr,
			  u32 mask, u32 value, bool level);
int nvkm_sim_pcounter_pm_trigger(struct nvkm_sim *sim, unsigned int delay);
int nvkm_sim_pcounter_wrcache_flush(struct nvkm_sim *sim, unsigned int delay);
int nvkm_sim_gr_load(struct nvkm_sim *sim, unsigned int busy, u32 period);
void nvkm_sim_pcounter_step_only(struct nvkm_sim *sim, bool step_only);
u64 nvkm_sim_pcounter_periods(struct nvkm_sim *sim);
void nvkm_sim_pcounter_work(struct nvkm_sim *sim, u64 *steps, u64 *skips);
u64 nvkm_sim_pcounter_steps(struct nvkm_sim *sim);
u64 nvkm_sim_pcounter_swap_pulses(struct nvkm_sim *sim);
u64 nvkm_sim_pcounter_batched(struct nvkm_sim *sim);

#endif
