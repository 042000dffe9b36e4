// SPDX-License-Identifier: MIT
/*
 * The simulated GPU for a host's tests (host/nvpm_host.h): a GPU that
 * exists only behind register accessors, so another driver's own code
 * (nouveau's nvkm) can be run over it.  It is the same model nvpm's
 * simulated devices use, with the same PGRAPH load.
 */
#include <linux/module.h>
#include <sim/fifo.h>
#include <sim/pcounter.h>
#include <sim/sim.h>
#include <nvpm_host.h>

/*
 * The clock of a host's simulated GPU: 1 MHz, one cycle a microsecond of
 * real time, the unit a host's tests count in (nvpm.ko's own devices run
 * at their chip's clock unless told otherwise: sim_clock_mhz).
 */
#define NVPM_SIM_GPU_MHZ	1
/* One busy+idle round of the simulated PGRAPH load, in cycles (1 ms). */
#define NVPM_SIM_GPU_GR_PERIOD	(1000 * NVPM_SIM_GPU_MHZ)

/**
 * nvpm_sim_gpu_new() - create a simulated GPU
 * @chipset: its chipset (0x84 for a G84)
 * @gr_busy: share of time (%) its PGRAPH is busy, at most 100
 *
 * The GPU runs at 1 MHz (one cycle per microsecond of real time), whatever
 * the chip's own clock, and its PGRAPH works in rounds of 1 ms.
 *
 * Return: the GPU (pass it as the accessors' argument), or NULL for an
 * unknown chipset or without memory.
 */
struct nvpm_sim_gpu *
nvpm_sim_gpu_new(u32 chipset, unsigned int gr_busy)
{
	struct nvkm_sim *sim = nvkm_sim_new(chipset);

	if (!sim)
		return NULL;
	if (nvkm_sim_set_clock(sim, NVPM_SIM_GPU_MHZ)) {
		nvkm_sim_del(&sim);
		return NULL;
	}
	nvkm_sim_gr_load(sim, min(gr_busy, 100u), NVPM_SIM_GPU_GR_PERIOD);
	return (struct nvpm_sim_gpu *)sim;
}
EXPORT_SYMBOL_GPL(nvpm_sim_gpu_new);

/**
 * nvpm_sim_gpu_del() - destroy a simulated GPU
 * @psim: the GPU, or NULL; set to NULL
 */
void
nvpm_sim_gpu_del(struct nvpm_sim_gpu **psim)
{
	struct nvkm_sim *sim = (struct nvkm_sim *)*psim;

	nvkm_sim_del(&sim);
	*psim = NULL;
}
EXPORT_SYMBOL_GPL(nvpm_sim_gpu_del);

/**
 * nvpm_sim_gpu_rd32() - read a register of a simulated GPU
 * @sim: the GPU (struct nvpm_sim_gpu)
 * @addr: BAR0 offset
 *
 * Context: any, as a real register read.
 * Return: the register's value.
 */
u32
nvpm_sim_gpu_rd32(void *sim, u32 addr)
{
	return nvkm_sim_mmio.rd32(sim, addr);
}
EXPORT_SYMBOL_GPL(nvpm_sim_gpu_rd32);

/**
 * nvpm_sim_gpu_wr32() - write a register of a simulated GPU
 * @sim: the GPU (struct nvpm_sim_gpu)
 * @addr: BAR0 offset
 * @data: the value
 *
 * Context: any, as a real register write.
 */
void
nvpm_sim_gpu_wr32(void *sim, u32 addr, u32 data)
{
	nvkm_sim_mmio.wr32(sim, addr, data);
}
EXPORT_SYMBOL_GPL(nvpm_sim_gpu_wr32);

/**
 * nvpm_sim_gpu_irq() - the interrupt line of a simulated GPU
 * @sim: the GPU
 *
 * A Linux interrupt of the GPU's own, raised in hard interrupt context
 * while PMC_INTR_EN_0 is on and PMC says an enabled interrupt is pending
 * (the NV50 family's PFIFO), as a PCI GPU's line: a host requests it for
 * its own handler, as it would its device's.
 *
 * Return: the Linux irq number, or -ENODEV when the GPU has no interrupt
 * (no PFIFO modelled: outside the NV50 family).
 */
int
nvpm_sim_gpu_irq(struct nvpm_sim_gpu *sim)
{
	int irq = nvkm_sim_irq((struct nvkm_sim *)sim);

	return irq > 0 ? irq : -ENODEV;
}
EXPORT_SYMBOL_GPL(nvpm_sim_gpu_irq);
