/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_MMIO_H__
#define __NVKM_MMIO_H__
#include <linux/bits.h>
#include <linux/types.h>

struct dentry;
struct device;
struct module;

/**
 * struct nvkm_mmio_func - the one place hardware access can be redirected
 * @rd32: read the 32-bit register at BAR0 offset @addr
 * @wr32: write @data to the 32-bit register at BAR0 offset @addr
 *
 * A device either has a mapped BAR0 (real hardware) or these hooks (the
 * simulated GPU), which must be callable from any context.  Nothing else
 * reaches the hardware: memory structures are written through registers
 * (the PRAMIN window) or in system memory the GPU reads as a bus master.
 */
struct nvkm_mmio_func {
	u32 (*rd32)(void *priv, u32 addr);
	void (*wr32)(void *priv, u32 addr, u32 data);
};

/*
 * What a host lends a device besides its registers (struct nvkm_host
 * .lends).  A device builds only the subdevs whose services it is lent:
 * nvpm's own buses (the simulated GPU, a PCI GPU nvpm owns) lend what
 * they have; a host that owns the GPU itself (nouveau) lends registers,
 * and nvpm then writes nothing but what a perfmon engine owns.
 */
#define NVKM_HOST_INTR		BIT(0)	/* the interrupt line: PMC, PFIFO interrupts are nvpm's */
#define NVKM_HOST_INSTMEM	BIT(1)	/* VRAM for channel structures, and the PRAMIN window */
#define NVKM_HOST_VMM		BIT(2)	/* GPU address spaces nvkm builds, in the GPU's MMU */
#define NVKM_HOST_BUF		BIT(3)	/* buffer memory the GPU and the CPU both map */
#define NVKM_HOST_SWMTHD	BIT(4)	/* software methods: the FIFO's, and its interrupts */
/* Everything a GPU nvpm owns can lend. */
#define NVKM_HOST_ALL		(NVKM_HOST_INTR | NVKM_HOST_INSTMEM | NVKM_HOST_VMM | \
				 NVKM_HOST_BUF | NVKM_HOST_SWMTHD)
/* What nvpm's own FIFO (channels, software methods) needs. */
#define NVKM_HOST_FIFO		NVKM_HOST_ALL

/**
 * struct nvkm_mmio_bus - a bus of GPUs reached through MMIO hooks
 * @owner: the module providing the bus; held while a GPU of it is bound
 * @gpu_new: a fresh GPU for a binding of platform device @dev: the
 *	     argument of @mmio, and in @irq its interrupt line (0 for none);
 *	     NULL on failure, with a message of its own
 * @gpu_del: the GPU is no longer used (its last file is closed)
 * @mmio: the GPU's register accessors
 * @lends: NVKM_HOST_* services the bus lends besides the registers
 * @debugfs: optional; files of the bus's own about a GPU, in @root
 *
 * The platform data of a bus's devices, which nvpm's platform driver
 * binds: a simulated GPU is nvpm's as a platform device and through its
 * MMIO hooks, nothing else (the simulator module, sim/bus.c).
 */
struct nvkm_mmio_bus {
	struct module *owner;
	void *(*gpu_new)(struct device *dev, int *irq);
	void (*gpu_del)(void *gpu);
	const struct nvkm_mmio_func *mmio;
	u32 lends;
	void (*debugfs)(void *gpu, struct dentry *root);
};

#endif
