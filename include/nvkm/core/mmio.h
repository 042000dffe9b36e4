/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_MMIO_H__
#define __NVKM_MMIO_H__
#include <linux/types.h>

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

#endif
