/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_HW_PMC_H__
#define __NVKM_HW_PMC_H__
/*
 * PMC, the master control: identification, unit enables and the interrupt
 * summary (bus_pmc.rst, rnndb bus/pmc.xml).  Shared by the driver and the
 * simulated GPU, which decodes the same offsets.
 */
#include <linux/bits.h>

#define NV_PMC_BOOT_0			0x000000
#define NV_PMC_BOOT_0_CHIPSET_SHIFT	20
#define NV_PMC_BOOT_0_CHIPSET_MASK	0x1ff
#define NV_PMC_BOOT_0_ARCH_MASK		0x1f000000	/* 0 on NV04/NV05 */
#define NV_PMC_BOOT_0_REVISION_MASK	0x000000ff

/* NV1A+: reads 0 in little-endian mode, 0x01000001 in big-endian mode. */
#define NV_PMC_ENDIAN			0x000004

/* Interrupts: a unit's bit is set while it has an enabled interrupt. */
#define NV_PMC_INTR_0			0x000100
#define NV_PMC_INTR_0_PFIFO		BIT(8)
#define NV_PMC_INTR_EN_0		0x000140
#define NV_PMC_INTR_EN_0_HARDWARE	BIT(0)	/* the INTA line */

#define NV_PMC_ENABLE			0x000200
#define NV_PMC_ENABLE_PFIFO		BIT(8)

#endif
