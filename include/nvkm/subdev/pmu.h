/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_PMU_H__
#define __NVKM_PMU_H__
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <nvkm/core/subdev.h>

/*
 * The engines whose idle bits PDAEMON's counters see, in a fixed order
 * that every generation shares (the signal numbers of the idle counter
 * domain); a generation has a prefix of them.
 */
enum nvkm_pmu_engine {
	NVKM_PMU_GR,
	NVKM_PMU_PVLD,
	NVKM_PMU_PPDEC,
	NVKM_PMU_PPPP,
	NVKM_PMU_MC,
	NVKM_PMU_PCOPY0,
	NVKM_PMU_PCOPY1,
	NVKM_PMU_PCOPY2,
	NVKM_PMU_ENGINES,
};

/* What an idle counter counts, of the cycles of PDAEMON's clock. */
enum nvkm_pmu_count {
	NVKM_PMU_COUNT_IDLE,	/* every engine of the counter idle */
	NVKM_PMU_COUNT_BUSY,	/* some engine of the counter busy */
	NVKM_PMU_COUNT_ALWAYS,	/* every cycle */
};

#define NVKM_PMU_COUNTERS_MAX	8

/**
 * struct nvkm_pmu_idle - the idle counters one user holds
 * @nr: counters wanted (in), 1 .. NVKM_PMU_COUNTERS_MAX - 1
 * @ctr: the counters
 * @ctr.engines: in: BIT(enum nvkm_pmu_engine) of the engines it watches
 *		 (0 with NVKM_PMU_COUNT_ALWAYS)
 * @ctr.count: in: enum nvkm_pmu_count
 * @ctr.hw: out: the hardware counter that counts it
 * @ctr.last: the hardware counter's total at this user's last fetch
 * @timebase: out: the hardware counter that counts every cycle
 * @last_cycles: the time base's total at this user's last fetch
 *
 * Users asking for the same engines and mode share a hardware counter;
 * every user shares the time base.
 */
struct nvkm_pmu_idle {
	unsigned int nr;
	struct {
		u32 engines;
		u32 count;
		u8 hw;
		u64 last;
	} ctr[NVKM_PMU_COUNTERS_MAX - 1];
	u8 timebase;
	u64 last_cycles;
};

/**
 * struct nvkm_pmu_counter - one hardware idle counter
 * @mask: its COUNTER_MASK (COUNTER_SIGNALS bits)
 * @mode: its COUNTER_MODE
 * @users: idle counter sets using it; 0: free
 * @count: its COUNT when last read
 * @total: what it counted since it was handed out, 64-bit
 */
struct nvkm_pmu_counter {
	u32 mask;
	u32 mode;
	unsigned int users;
	u32 count;
	u64 total;
};

/**
 * struct nvkm_pmu - PDAEMON, as far as its idle counters go (GT215+)
 * @subdev: base
 * @func: generation specifics
 * @lock: @ctr, @running and every idle counter register access
 * @ctr: the hardware counters
 * @running: the hardware is up (between init and fini)
 * @poll: reads the counters before their 31 bits can wrap
 * @poll_ms: period of @poll; 0 turns it off (tests)
 */
struct nvkm_pmu {
	struct nvkm_subdev subdev;
	const struct nvkm_pmu_func *func;
	raw_spinlock_t lock;	/* see above */
	struct nvkm_pmu_counter ctr[NVKM_PMU_COUNTERS_MAX];
	bool running;
	struct delayed_work poll;
	unsigned int poll_ms;
};

unsigned int nvkm_pmu_idle_nr_counters(struct nvkm_pmu *pmu);
unsigned int nvkm_pmu_idle_nr_engines(struct nvkm_pmu *pmu);
const char *nvkm_pmu_idle_engine_name(enum nvkm_pmu_engine engine);
int nvkm_pmu_idle_get(struct nvkm_pmu *pmu, struct nvkm_pmu_idle *idle);
void nvkm_pmu_idle_put(struct nvkm_pmu *pmu, struct nvkm_pmu_idle *idle);
void nvkm_pmu_idle_update(struct nvkm_pmu *pmu);
void nvkm_pmu_idle_fetch(struct nvkm_pmu *pmu, struct nvkm_pmu_idle *idle,
			 u64 *value, u64 *cycles);

int gt215_pmu_new(struct nvkm_device *device, struct nvkm_pmu **ppmu);
int gf100_pmu_new(struct nvkm_device *device, struct nvkm_pmu **ppmu);
int gk104_pmu_new(struct nvkm_device *device, struct nvkm_pmu **ppmu);

#endif
