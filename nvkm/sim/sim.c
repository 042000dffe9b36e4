// SPDX-License-Identifier: MIT
/*
 * The simulated GPU: a BAR0 made of models of the units nvpm drives.  Each
 * model decodes its own address range; everything else reads as zero and
 * is counted as unclaimed, so tests can prove the driver never strays.
 */
#include <linux/slab.h>
#include <nvkm/core/device.h>
#include <nvkm/sim/sim.h>

/* Revision byte reported in PMC_BOOT_0: A1 silicon. */
#define SIM_BOOT0_REVISION	0xa1

static bool
nvkm_sim_pmc_rd(struct nvkm_sim *sim, u32 addr, u32 *data)
{
	switch (addr) {
	case NV_PMC_BOOT_0:
		*data = sim->boot0;
		return true;
	case NV_PMC_ENABLE:
		*data = sim->pmc_enable;
		return true;
	default:
		return false;
	}
}

static bool
nvkm_sim_pmc_wr(struct nvkm_sim *sim, u32 addr, u32 data)
{
	switch (addr) {
	case NV_PMC_BOOT_0:
		return true;	/* read-only */
	case NV_PMC_ENABLE:
		sim->pmc_enable = data;
		return true;
	default:
		return false;
	}
}

static u32
nvkm_sim_rd32(void *priv, u32 addr)
{
	struct nvkm_sim *sim = priv;
	unsigned long flags;
	u32 data = 0;

	spin_lock_irqsave(&sim->lock, flags);
	sim->stats.rd++;
	if (!nvkm_sim_pmc_rd(sim, addr, &data))
		sim->stats.unclaimed++;
	spin_unlock_irqrestore(&sim->lock, flags);
	return data;
}

static void
nvkm_sim_wr32(void *priv, u32 addr, u32 data)
{
	struct nvkm_sim *sim = priv;
	unsigned long flags;

	spin_lock_irqsave(&sim->lock, flags);
	sim->stats.wr++;
	if (!nvkm_sim_pmc_wr(sim, addr, data))
		sim->stats.unclaimed++;
	spin_unlock_irqrestore(&sim->lock, flags);
}

const struct nvkm_mmio_func
nvkm_sim_mmio = {
	.rd32 = nvkm_sim_rd32,
	.wr32 = nvkm_sim_wr32,
};

/**
 * nvkm_sim_new() - create a simulated GPU
 * @chipset: chipset id its PMC_BOOT_0 reports; any value is accepted, so
 *	     that identification of unknown chipsets can be exercised
 *
 * Return: the simulator, or NULL when out of memory.
 */
struct nvkm_sim *
nvkm_sim_new(u32 chipset)
{
	struct nvkm_sim *sim = kzalloc(sizeof(*sim), GFP_KERNEL);

	if (!sim)
		return NULL;
	spin_lock_init(&sim->lock);
	sim->chipset = chipset;
	sim->boot0 = (chipset & NV_PMC_BOOT_0_CHIPSET_MASK) <<
		     NV_PMC_BOOT_0_CHIPSET_SHIFT | SIM_BOOT0_REVISION;
	return sim;
}

/**
 * nvkm_sim_del() - destroy a simulated GPU
 * @psim: the simulator; set to NULL
 */
void
nvkm_sim_del(struct nvkm_sim **psim)
{
	kfree(*psim);
	*psim = NULL;
}

/**
 * nvkm_sim_stats() - snapshot the MMIO traffic counters
 * @sim: the simulator
 * @stats: where to copy them
 */
void
nvkm_sim_stats(struct nvkm_sim *sim, struct nvkm_sim_stats *stats)
{
	unsigned long flags;

	spin_lock_irqsave(&sim->lock, flags);
	*stats = sim->stats;
	spin_unlock_irqrestore(&sim->lock, flags);
}
