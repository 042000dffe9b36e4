// SPDX-License-Identifier: MIT
/*
 * Simulated engines: named activity that the PCOUNTER model sees as
 * signals, and the PDAEMON model as idle bits, for the demo and for tests
 * that think in engines, not wires.
 *
 * Engine activity patterns (waves): engines idle for some cycles, then
 * busy for the rest of a period, for ever.  The PDAEMON model sees
 * COUNTER_SIGNALS constant within each of its runs, so time is cut where
 * a wave changes level.  Over a common period of all waves (their least
 * common multiple) the counters advance by the same amount every time, so
 * a long run costs one such period, stepped, plus a multiplication.
 */
#include <linux/lcm.h>
#include <nvkm/hw/pdaemon.h>
#include <sim/fifo.h>
#include "pcounter_priv.h"

/* Common periods beyond this are stepped wave by wave, however long. */
#define SIM_IDLE_LCM_MAX	BIT_ULL(32)

/**
 * nvkm_sim_gr_load() - keep PGRAPH busy part of the time
 * @sim: the simulator
 * @busy: percentage of cycles PGRAPH is busy (0..100)
 * @period: cycles of one busy+idle round (>= 100)
 *
 * PGRAPH.IDLE is then high for (100 - @busy)% of every @period cycles,
 * first thing in each period, and so is PDAEMON's GR_IDLE bit (GT215+).
 *
 * Return: 0, -EINVAL, or -ENODEV when the chipset has neither a known
 * PGRAPH.IDLE signal nor a PDAEMON.
 */
int
nvkm_sim_gr_load(struct nvkm_sim *sim, unsigned int busy, u32 period)
{
	int dom, sig, prim, ret;
	u32 idle;

	if (busy > 100 || period < 100)
		return -EINVAL;
	idle = div_u64((u64)period * (100 - busy), 100);
	if (sim->pdaemon) {
		ret = nvkm_sim_idle_wave(sim, NVKM_SIM_IDLE_GR, period, idle);
		if (ret)
			return ret;
	}

	if (nvkm_sim_gr_signals(sim->chipset, &dom, &sig, &prim) || sig < 0)
		return sim->pdaemon ? 0 : -ENODEV;

	nvkm_sim_pcounter_set_signal(sim, dom, sig, false);
	if (!idle)	/* always busy: IDLE stays low */
		return nvkm_sim_pcounter_wave(sim, dom, sig, period, 0, 0);
	return nvkm_sim_pcounter_wave(sim, dom, sig, period, idle, U64_MAX);
}

/*
 * The idle bits in cycle @t (counted like sim->now) and, in @left, the
 * cycles from @t on that they stay so.  sim->lock held.
 */
static u32
sim_idle_at(struct nvkm_sim *sim, u64 t, u64 *left)
{
	u32 idle = sim->idle;
	u64 phase;
	int i;

	*left = U64_MAX;
	for (i = 0; i < NVKM_SIM_IDLE_WAVES; i++) {
		const struct nvkm_sim_idle_wave *w = &sim->wave[i];

		if (!w->mask)
			continue;
		div64_u64_rem(t - w->start, w->period, &phase);
		if (phase < w->idle) {
			idle |= w->mask;
			*left = min(*left, w->idle - phase);
		} else {
			idle &= ~w->mask;
			*left = min(*left, w->period - phase);
		}
	}
	return idle;
}

/* Run the PDAEMON model @cycles from cycle *@t, a run per level. */
static void
sim_idle_step(struct nvkm_sim *sim, u64 *t, u64 cycles)
{
	u64 left, step;
	u32 idle;

	while (cycles) {
		/* engines the simulator runs itself are busy regardless */
		idle = sim_idle_at(sim, *t, &left) & ~sim->busy;
		step = min(cycles, left);
		nvkm_sim_pdaemon_run(sim->pdaemon, step, idle);
		*t += step;
		cycles -= step;
	}
}

/* The common period of the running waves; 0 if none or too long. */
static u64
sim_idle_lcm(struct nvkm_sim *sim)
{
	u64 l = 0;
	int i;

	for (i = 0; i < NVKM_SIM_IDLE_WAVES; i++) {
		if (!sim->wave[i].mask)
			continue;
		l = l ? lcm(l, sim->wave[i].period) : sim->wave[i].period;
		if (l > SIM_IDLE_LCM_MAX)
			return 0;
	}
	return l;
}

/**
 * nvkm_sim_idle_run() - advance the PDAEMON model under the engine waves
 * @sim: the simulator, at cycle sim->now (not advanced here)
 * @cycles: cycles to simulate
 *
 * Leaves sim->idle (and COUNTER_SIGNALS) at the level of the cycle after
 * them.
 *
 * Context: under sim->lock.
 */
void
nvkm_sim_idle_run(struct nvkm_sim *sim, u64 cycles)
{
	u32 before[NV_PDAEMON_COUNTER_NR_MAX];
	u64 t = sim->now, period, n, left;

	/* the waves' common period matters to PDAEMON's counters only */
	period = sim->pdaemon ? sim_idle_lcm(sim) : 0;
	if (period && cycles >= 2 * period) {
		n = div64_u64(cycles, period);
		nvkm_sim_pdaemon_snapshot(sim->pdaemon, before);
		sim_idle_step(sim, &t, period);
		nvkm_sim_pdaemon_repeat(sim->pdaemon, before, n - 1);
		t += (n - 1) * period;
		cycles -= n * period;
	}
	if (sim->pdaemon)
		sim_idle_step(sim, &t, cycles);
	else
		t += cycles;
	sim->idle = sim_idle_at(sim, t, &left);
	nvkm_sim_pdaemon_run(sim->pdaemon, 0, sim->idle & ~sim->busy);
}

/**
 * nvkm_sim_idle_wave() - let engines alternate between idle and busy
 * @sim: the simulator
 * @mask: NVKM_SIM_IDLE_* bits of the engines
 * @period: cycles of one idle+busy round (>= 1)
 * @idle: cycles idle at the start of each round (<= @period), then busy
 *
 * From the next simulated cycle on, for ever: until nvkm_sim_set_idle()
 * or another wave drives the same engines.  With @idle 0 or @period the
 * engines are simply busy or idle.
 *
 * Return: 0, -EINVAL, or -ENOSPC when NVKM_SIM_IDLE_WAVES waves drive
 * other engines already (nothing changed then).
 */
int
nvkm_sim_idle_wave(struct nvkm_sim *sim, u32 mask, u32 period, u32 idle)
{
	struct nvkm_sim_idle_wave *w = NULL;
	unsigned long flags;
	u64 left;
	int i;

	if (!mask || !period || idle > period)
		return -EINVAL;
	nvkm_sim_lock(sim, &flags);
	for (i = 0; i < NVKM_SIM_IDLE_WAVES; i++) {
		if (!(sim->wave[i].mask & ~mask) && !w)
			w = &sim->wave[i];	/* free, or only these engines */
	}
	if (!w && idle && idle < period) {
		nvkm_sim_unlock(sim, flags);
		return -ENOSPC;
	}
	for (i = 0; i < NVKM_SIM_IDLE_WAVES; i++)
		sim->wave[i].mask &= ~mask;
	if (!idle || idle == period) {
		sim->idle = idle ? sim->idle | mask : sim->idle & ~mask;
	} else {
		w->mask = mask;
		w->period = period;
		w->idle = idle;
		w->start = sim->now;
	}
	sim->idle = sim_idle_at(sim, sim->now, &left);
	nvkm_sim_pdaemon_run(sim->pdaemon, 0, sim->idle);
	nvkm_sim_unlock(sim, flags);
	return 0;
}
