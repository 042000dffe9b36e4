/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_MMIO_H__
#define __NVKM_MMIO_H__
#include <linux/types.h>

/**
 * struct nvkm_mmio_func - the one place MMIO can be redirected
 * @rd32: read the 32-bit register at BAR0 offset @addr
 * @wr32: write @data to the 32-bit register at BAR0 offset @addr
 *
 * A device either has a mapped BAR0 (real hardware) or a set of these hooks
 * (the simulated GPU).  Both must be callable from interrupt context.
 */
struct nvkm_mmio_func {
	u32 (*rd32)(void *priv, u32 addr);
	void (*wr32)(void *priv, u32 addr, u32 data);
};

#endif
