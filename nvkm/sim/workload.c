// SPDX-License-Identifier: MIT
/*
 * Simulated engines: named activity that the PCOUNTER model sees as
 * signals, for the demo and for tests that think in engines, not wires.
 */
#include "pcounter_priv.h"

/* PGRAPH.IDLE per chipset (G80:GF100 signal tables, core clock A). */
static const struct {
	u16 chipset;
	u8 dom;
	u8 sig;
} sim_gr_idle[] = {
	{ 0x50, 1, 0xc8 }, { 0x84, 1, 0xbd }, { 0x86, 1, 0xbd }, { 0x92, 1, 0xbd },
	{ 0x94, 1, 0xbd }, { 0x96, 1, 0xbd }, { 0x98, 1, 0xbd }, { 0xa0, 1, 0xc9 },
	{ 0xac, 1, 0xc9 }, { 0xa3, 1, 0xcb }, { 0xa5, 1, 0xcb }, { 0xa8, 1, 0xcb },
};

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
	u32 idle;
	int i;

	if (busy > 100 || period < 100)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(sim_gr_idle); i++) {
		if (sim_gr_idle[i].chipset == sim->chipset)
			break;
	}
	if (i == ARRAY_SIZE(sim_gr_idle))
		return -ENODEV;

	idle = div_u64((u64)period * (100 - busy), 100);
	nvkm_sim_pcounter_set_signal(sim, sim_gr_idle[i].dom, sim_gr_idle[i].sig, false);
	if (!idle)	/* always busy: IDLE stays low */
		return nvkm_sim_pcounter_wave(sim, sim_gr_idle[i].dom, sim_gr_idle[i].sig,
					      period, 0, 0);
	return nvkm_sim_pcounter_wave(sim, sim_gr_idle[i].dom, sim_gr_idle[i].sig,
				      period, idle, U64_MAX);
}
