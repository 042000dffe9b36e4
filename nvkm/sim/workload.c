// SPDX-License-Identifier: MIT
/*
 * Simulated engines: named activity that the PCOUNTER model sees as
 * signals, for the demo and for tests that think in engines, not wires.
 */
#include <nvkm/sim/fifo.h>
#include "pcounter_priv.h"

/**
 * nvkm_sim_gr_load() - keep PGRAPH busy part of the time
 * @sim: the simulator
 * @busy: percentage of cycles PGRAPH is busy (0..100)
 * @period: cycles of one busy+idle round (>= 100)
 *
 * PGRAPH.IDLE is then high for (100 - @busy)% of every @period cycles.
 *
 * Return: 0, -EINVAL, or -ENODEV when the chipset's PGRAPH.IDLE signal is
 * not known.
 */
int
nvkm_sim_gr_load(struct nvkm_sim *sim, unsigned int busy, u32 period)
{
	int dom, sig, prim;
	u32 idle;

	if (busy > 100 || period < 100)
		return -EINVAL;
	if (nvkm_sim_gr_signals(sim->chipset, &dom, &sig, &prim) || sig < 0)
		return -ENODEV;

	idle = div_u64((u64)period * (100 - busy), 100);
	nvkm_sim_pcounter_set_signal(sim, dom, sig, false);
	if (!idle)	/* always busy: IDLE stays low */
		return nvkm_sim_pcounter_wave(sim, dom, sig, period, 0, 0);
	return nvkm_sim_pcounter_wave(sim, dom, sig, period, idle, U64_MAX);
}
