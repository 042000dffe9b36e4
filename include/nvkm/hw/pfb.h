/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_HW_PFB_H__
#define __NVKM_HW_PFB_H__
/*
 * G80:GF100 PFB: the memory configuration a driver reads when it probes
 * the card, and the registers it only writes (rnndb_memory_g80_pfb.xml).
 * PBUS HWUNITS, whose partition count the reference names
 * (memory_g80-vram.rst, "Partition cycle") without its offset or layout,
 * is nouveau's (fb/ramnv50.c); so is the way rows, banks and columns add
 * up to the VRAM size (the reference's "Row/bank/column split" is
 * unwritten): partitions * banks * columns * 8 bytes (a partition is 64
 * bits wide, memory_g80-vram.rst) per row.
 */
#include <linux/bits.h>

#define NV50_PBUS_HWUNITS			0x001540
#define NV50_PBUS_HWUNITS_PARTS			GENMASK(23, 16)	/* partition mask */

#define NV50_PFB_CFG0				0x100200
#define NV50_PFB_CFG0_RANKS			BIT(2)		/* 0: A, 1: A and B */
#define NV50_PFB_CFG1				0x100204
#define NV50_PFB_CFG1_COLBITS			GENMASK(15, 12)
#define NV50_PFB_CFG1_ROWBITSA			GENMASK(19, 16)	/* row bits - 8 */
#define NV50_PFB_CFG1_ROWBITSB			GENMASK(23, 20)	/* row bits - 8 */
#define NV50_PFB_CFG1_BANKBITS			GENMASK(25, 24)	/* bank bits - 2;
								 * bit 24 only
								 * before GT215
								 */
#define NV50_PFB_MEM_AMOUNT			0x10020c
#define NV50_PFB_MEM_AMOUNT_HIGH		BIT(0)		/* size bit 32 */
#define NV50_PFB_MEM_AMOUNT_LOW			GENMASK(31, 12)	/* size bits 31:12 */
#define NV50_PFB_BANKCFG			0x100250
#define NV50_PFB_COMP_MAX_TAG			0x100320

/* Written, not read at probe: the sysram flush page, the trap setup. */
#define NV50_PFB_NISO_UNK08_SYSRAM_ADDR		0x100c08	/* address >> 8 */
#define NV50_PFB_VM_FAULT			0x100c90
#define NV50_PFB_VM_FAULT_CTRL			GENMASK(26, 0)	/* enables, INDEX */
#define NV50_PFB_VM_FAULT_PENDING		BIT(31)

#endif
