/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_H__
#define __NVKM_SIM_H__
#include <linux/spinlock.h>
#include <nvkm/core/mmio.h>

/**
 * struct nvkm_sim_stats - MMIO traffic seen by a simulated GPU
 * @rd: register reads
 * @wr: register writes
 * @unclaimed: accesses to addresses no simulated unit decodes
 */
struct nvkm_sim_stats {
	u64 rd;
	u64 wr;
	u64 unclaimed;
};

/**
 * struct nvkm_sim - a simulated GPU, as seen through BAR0
 * @lock: serialises every register access; taken from any context
 * @chipset: chipset id reported through PMC_BOOT_0
 * @boot0: PMC_BOOT_0 value
 * @pmc_enable: PMC.ENABLE
 * @stats: MMIO traffic counters
 *
 * The driver reaches it only through &nvkm_sim_mmio, as it would reach
 * iomem; tests may read @stats and poke the model directly.
 */
struct nvkm_sim {
	spinlock_t lock;	/* the register file */
	u32 chipset;
	u32 boot0;
	u32 pmc_enable;
	struct nvkm_sim_stats stats;
};

extern const struct nvkm_mmio_func nvkm_sim_mmio;

struct nvkm_sim *nvkm_sim_new(u32 chipset);
void nvkm_sim_del(struct nvkm_sim **psim);
void nvkm_sim_stats(struct nvkm_sim *sim, struct nvkm_sim_stats *stats);

#endif
