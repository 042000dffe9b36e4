// SPDX-License-Identifier: MIT
/*
 * The simulated GPU: a BAR0 made of models of the units nvpm drives.  Each
 * model decodes its own address range; everything else reads as zero and
 * is counted as unclaimed, so tests can prove the driver never strays.
 *
 * Time: every access first brings the models up to date.  Devices created
 * for the driver follow real time; tests switch to a manual clock and step
 * it with nvkm_sim_run(), so that every count they check is exact.
 */
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <nvkm/sim/vm.h>
#include "pcounter_priv.h"

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
		/* GF100+ PCOUNTER goes into reset now, not at its next access */
		if (sim->pcounter)
			nvkm_sim_pcounter_run(sim->pcounter, 0);
		return true;
	default:
		return false;
	}
}

/*
 * PGRAPH, as far as PCOUNTER sees it: NV40+ pulses PM_TRIGGER when bit 5
 * of 0x400084 is written (nouveau's knowledge; the reference only names
 * the PM_TRIGGER signal).  The pulse comes in the next cycle.
 */
#define SIM_PGRAPH_TRIGGER		0x400084
#define SIM_PGRAPH_TRIGGER_PM		BIT(5)

static bool
nvkm_sim_pgraph_rd(struct nvkm_sim *sim, u32 addr, u32 *data)
{
	if (addr != SIM_PGRAPH_TRIGGER || sim->chipset < 0x40)
		return false;
	*data = 0;	/* a trigger, nothing to read back */
	return true;
}

static bool
nvkm_sim_pgraph_wr(struct nvkm_sim *sim, u32 addr, u32 data)
{
	if (addr != SIM_PGRAPH_TRIGGER || sim->chipset < 0x40)
		return false;
	if ((data & SIM_PGRAPH_TRIGGER_PM) && sim->pcounter)
		nvkm_sim_pcounter_pgraph_pulse(sim->pcounter, 0, false);
	return true;
}

/* Advance every model by @cycles; sim->lock held. */
static void
nvkm_sim_advance(struct nvkm_sim *sim, u64 cycles)
{
	if (!cycles)
		return;
	if (sim->pcounter)
		nvkm_sim_pcounter_run(sim->pcounter, cycles);
	nvkm_sim_idle_run(sim, cycles);	/* PDAEMON, under the engines' waves */
	sim->now += cycles;
}

/*
 * Bring the models up to real time, unless the clock is manual; there,
 * an access may take time of its own (nvkm_sim_set_access_cycles()).
 */
static void
nvkm_sim_sync(struct nvkm_sim *sim)
{
	u64 ns, cycles;

	if (sim->manual_clock)
		return;
	ns = ktime_get_ns();
	cycles = div_u64(ns - sim->last_ns, 1000) * NVKM_SIM_CYCLES_PER_US;
	if (!cycles)
		return;
	/* keep the remainder: the clock must not run slow */
	sim->last_ns += cycles * 1000 / NVKM_SIM_CYCLES_PER_US;
	nvkm_sim_advance(sim, min_t(u64, cycles, NVKM_SIM_MAX_CATCHUP));
}

/* For the workload side of the models: lock the simulator, in time. */
void
nvkm_sim_lock(struct nvkm_sim *sim, unsigned long *flags)
{
	spin_lock_irqsave(&sim->lock, *flags);
	nvkm_sim_sync(sim);
}

void
nvkm_sim_unlock(struct nvkm_sim *sim, unsigned long flags)
{
	spin_unlock_irqrestore(&sim->lock, flags);
}

static u32
nvkm_sim_rd32(void *priv, u32 addr)
{
	struct nvkm_sim *sim = priv;
	unsigned long flags;
	u32 data = 0;
	bool claimed;

	spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	if (sim->manual_clock)
		nvkm_sim_advance(sim, sim->access_cycles);
	sim->stats.rd++;
	claimed = nvkm_sim_pmc_rd(sim, addr, &data);
	if (!claimed)
		claimed = nvkm_sim_gf100_ptop_rd(sim->chipset, addr, &data);
	if (!claimed && sim->pcounter)
		claimed = nvkm_sim_pcounter_rd(sim->pcounter, addr, &data);
	if (!claimed && sim->pdaemon)
		claimed = nvkm_sim_pdaemon_rd(sim->pdaemon, addr, &data);
	if (!claimed)
		claimed = nvkm_sim_pgraph_rd(sim, addr, &data);
	if (!claimed) {
		sim->stats.unclaimed++;
		data = 0;
	}
	spin_unlock_irqrestore(&sim->lock, flags);
	return data;
}

static void
nvkm_sim_wr32(void *priv, u32 addr, u32 data)
{
	struct nvkm_sim *sim = priv;
	unsigned long flags;
	bool claimed;

	spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	if (sim->manual_clock)
		nvkm_sim_advance(sim, sim->access_cycles);
	sim->stats.wr++;
	claimed = nvkm_sim_pmc_wr(sim, addr, data);
	if (!claimed)
		claimed = nvkm_sim_gf100_ptop_wr(sim->chipset, addr, data);
	if (!claimed && sim->pcounter)
		claimed = nvkm_sim_pcounter_wr(sim->pcounter, addr, data);
	if (!claimed && sim->pdaemon)
		claimed = nvkm_sim_pdaemon_wr(sim->pdaemon, addr, data);
	if (!claimed)
		claimed = nvkm_sim_pgraph_wr(sim, addr, data);
	if (!claimed)
		sim->stats.unclaimed++;
	spin_unlock_irqrestore(&sim->lock, flags);
}

const struct nvkm_mmio_func
nvkm_sim_mmio = {
	.rd32 = nvkm_sim_rd32,
	.wr32 = nvkm_sim_wr32,
	.vm_new = nvkm_sim_hook_vm_new,
	.vm_del = nvkm_sim_hook_vm_del,
	.vm_map = nvkm_sim_hook_vm_map,
	.vm_unmap = nvkm_sim_hook_vm_unmap,
	.vm_dma = nvkm_sim_hook_vm_dma,
	.vm_dma_del = nvkm_sim_hook_vm_dma_del,
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
	sim->last_ns = ktime_get_ns();
	sim->idle = ~0;		/* nothing runs until the workload says so */

	sim->vm = nvkm_sim_vm_new();
	if (!sim->vm)
		goto fail;
	sim->pcounter = nvkm_sim_pcounter_new(sim, chipset);
	if (IS_ERR(sim->pcounter))
		goto fail;
	sim->pdaemon = nvkm_sim_pdaemon_new(chipset);
	if (IS_ERR(sim->pdaemon))
		goto fail;
	if (sim->pdaemon)
		nvkm_sim_pdaemon_run(sim->pdaemon, 0, sim->idle);
	return sim;

fail:
	sim->pdaemon = IS_ERR(sim->pdaemon) ? NULL : sim->pdaemon;
	sim->pcounter = IS_ERR(sim->pcounter) ? NULL : sim->pcounter;
	nvkm_sim_del(&sim);
	return NULL;
}

/**
 * nvkm_sim_del() - destroy a simulated GPU
 * @psim: the simulator; set to NULL
 */
void
nvkm_sim_del(struct nvkm_sim **psim)
{
	struct nvkm_sim *sim = *psim;

	if (!sim)
		return;
	nvkm_sim_pdaemon_del(&sim->pdaemon);
	nvkm_sim_pcounter_del(&sim->pcounter);
	nvkm_sim_vm_del(&sim->vm);
	kfree(sim);
	*psim = NULL;
}

/**
 * nvkm_sim_reset() - reset the simulated GPU
 * @sim: the simulator
 *
 * What a GPU reset does: every unit model (PCOUNTER, PDAEMON) and PMC.ENABLE
 * return to their power-on state, which is the only way out of a wedged
 * PCOUNTER record domain.  Signals the workload drives into PCOUNTER go
 * back to 0 with the engines that drive them, and model switches such as
 * nvkm_sim_pcounter_step_only() are off again.  Memory and its mappings,
 * the workload's idle signals, the clock and the MMIO statistics live on.
 *
 * Context: process context; may sleep.
 * Return: 0, or -ENOMEM (the GPU is then left as it was).
 */
int
nvkm_sim_reset(struct nvkm_sim *sim)
{
	struct nvkm_sim_pcounter *pc;
	struct nvkm_sim_pdaemon *pd;
	unsigned long flags;

	/* New models are built outside the lock, then swapped in. */
	pc = nvkm_sim_pcounter_new(sim, sim->chipset);
	if (IS_ERR(pc))
		return PTR_ERR(pc);
	pd = nvkm_sim_pdaemon_new(sim->chipset);
	if (IS_ERR(pd)) {
		nvkm_sim_pcounter_del(&pc);
		return PTR_ERR(pd);
	}

	spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	swap(sim->pcounter, pc);
	swap(sim->pdaemon, pd);
	sim->pmc_enable = 0;
	if (sim->pdaemon)
		nvkm_sim_pdaemon_run(sim->pdaemon, 0, sim->idle);
	spin_unlock_irqrestore(&sim->lock, flags);

	nvkm_sim_pdaemon_del(&pd);
	nvkm_sim_pcounter_del(&pc);
	return 0;
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

/**
 * nvkm_sim_set_manual_clock() - stop (or resume) following real time
 * @sim: the simulator
 * @manual: true to advance only through nvkm_sim_run()
 */
void
nvkm_sim_set_manual_clock(struct nvkm_sim *sim, bool manual)
{
	unsigned long flags;

	spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	sim->manual_clock = manual;
	sim->last_ns = ktime_get_ns();
	spin_unlock_irqrestore(&sim->lock, flags);
}

/**
 * nvkm_sim_run() - advance simulated time
 * @sim: the simulator
 * @cycles: clock cycles to simulate
 */
void
nvkm_sim_run(struct nvkm_sim *sim, u64 cycles)
{
	unsigned long flags;

	spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_advance(sim, cycles);
	spin_unlock_irqrestore(&sim->lock, flags);
}

/**
 * nvkm_sim_set_access_cycles() - let every MMIO access take time
 * @sim: the simulator, with a manual clock
 * @cycles: cycles that pass before each register read or write happens
 *
 * A bus is not instantaneous: code that reads registers one after the
 * other sees each at a later cycle.  With a manual clock no time passes
 * otherwise, so tests use this to see what that code makes of it.
 * Real-time clocks ignore it (the accesses take real time there).
 */
void
nvkm_sim_set_access_cycles(struct nvkm_sim *sim, u32 cycles)
{
	unsigned long flags;

	spin_lock_irqsave(&sim->lock, flags);
	sim->access_cycles = cycles;
	spin_unlock_irqrestore(&sim->lock, flags);
}

/**
 * nvkm_sim_set_idle() - drive the PDAEMON idle signals
 * @sim: the simulator
 * @mask: NVKM_SIM_IDLE_* bits to change; waves driving them stop
 * @idle: their new values (set: idle)
 */
void
nvkm_sim_set_idle(struct nvkm_sim *sim, u32 mask, u32 idle)
{
	unsigned long flags;
	int i;

	spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	for (i = 0; i < NVKM_SIM_IDLE_WAVES; i++)
		sim->wave[i].mask &= ~mask;
	sim->idle = (sim->idle & ~mask) | (idle & mask);
	if (sim->pdaemon)	/* COUNTER_SIGNALS shows it at once */
		nvkm_sim_pdaemon_run(sim->pdaemon, 0, sim->idle);
	spin_unlock_irqrestore(&sim->lock, flags);
}
