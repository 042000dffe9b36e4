/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_FIFO_H__
#define __NVKM_SIM_FIFO_H__
#include <sim/sim.h>

/*
 * The simulated PFIFO (NV50 family, IB mode) and the graphics engine its
 * channels drive.  The driver reaches them through registers only; this
 * is what tests see besides: the interrupt line, and counts of what ran.
 */

/* The simulated graphics class and its methods (uapi: NVPM_CLASS_GR). */
#define NVKM_SIM_GR_CLASS		0x50a0
#define NVKM_SIM_GR_NOP			0x0100
#define NVKM_SIM_GR_PRIM_CYCLES		0x0200
#define NVKM_SIM_GR_DRAW		0x0204
#define NVKM_SIM_GR_PRIM_CYCLES_DEFAULT	4
/*
 * A DRAW keeps the engine busy primitives x PRIM_CYCLES cycles, at most
 * this many (65.5 ms of real time): no channel holds the engine, and the
 * channels behind it, longer.  Enough for one primitive per cycle of the
 * largest DRAW (0xffff).
 */
#define NVKM_SIM_GR_DRAW_MAX_CYCLES	BIT_ULL(16)
/*
 * Units of work (a word fetched, a method taken, a DRAW started) that one
 * step of simulated time may do under sim->lock with interrupts off: one
 * register access catching up with real time, or one timer tick: a fixed
 * amount, whatever the channels hold (nvpm_sim_fifo/step_work_is_bounded
 * shows the time of the worst step).  Work left over waits for the next
 * step.
 */
#define NVKM_SIM_FIFO_STEP_WORK		256

/*
 * While the clock follows real time, a timer gives the FIFO time when it
 * has work (register accesses catch up as well): this soon after new work
 * or a resume, and then when the graphics engine is due to finish, at most
 * this late.
 */
#define NVKM_SIM_FIFO_TICK_MIN_US	20
#define NVKM_SIM_FIFO_TICK_MAX_US	1000
/* A tick simulates at most this long (us); time beyond is dropped. */
#define NVKM_SIM_FIFO_TICK_CATCHUP_US	5000

/*
 * A channel whose semaphore acquire is not met waits off the puller (the
 * other channels go on, as with G84's background polling, the PFIFO_BG
 * VM engine of memory_g80-vm.rst) and reads its semaphore again every
 * this many cycles, a unit of work each time.  The reference gives no
 * figure: a modelling choice, about 2 us at 540 MHz, well under a timer
 * tick.
 */
#define NVKM_SIM_FIFO_ACQUIRE_POLL_CYCLES	1024

/**
 * struct nvkm_sim_fifo_stats - what the simulated FIFO has done
 * @methods: methods taken by the puller (traps included)
 * @words: pushbuffer words fetched (headers and data)
 * @traps: CACHE_ERROR interrupts raised (software methods and errors)
 * @pusher_errors: DMA_PUSHER interrupts raised
 * @draws: DRAWs run by the graphics engine
 * @prims: primitives drawn
 * @gr_busy: cycles the graphics engine has been busy with DRAWs
 * @irqs: times the interrupt line was raised to the CPU
 * @playlists: playlists read (PLAYLIST_LEN writes)
 * @sem_releases: semaphore releases written
 * @sem_waits: acquires that were not met at once, and waited
 * @sem_polls: semaphore reads of waiting acquires
 * @sem_errors: SEMAPHORE interrupts raised
 * @notifies: NOTIFY_INTR methods run
 * @idle: no channel has work, nothing is pending, the engine is idle
 */
struct nvkm_sim_fifo_stats {
	u64 methods;
	u64 words;
	u64 traps;
	u64 pusher_errors;
	u64 draws;
	u64 prims;
	u64 gr_busy;
	u64 irqs;
	u64 playlists;
	u64 sem_releases;
	u64 sem_waits;
	u64 sem_polls;
	u64 sem_errors;
	u64 notifies;
	bool idle;
};

int nvkm_sim_irq(struct nvkm_sim *sim);
int nvkm_sim_fifo_stats(struct nvkm_sim *sim, struct nvkm_sim_fifo_stats *stats);
struct seq_file;
int nvkm_sim_fifo_show(struct nvkm_sim *sim, struct seq_file *m);
int nvkm_sim_gr_signals(u32 chipset, int *dom, int *idle, int *prim);

#endif
