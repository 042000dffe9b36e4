/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_HW_PDAEMON_H__
#define __NVKM_HW_PDAEMON_H__
/*
 * PDAEMON idle counters (GT215+), as the envytools reference documents
 * them (pm_pdaemon_counter.rst).  The reference gives offsets inside
 * PDAEMON's MMIO window, which starts at BAR0 0x10a000; its stride "i*10"
 * is hexadecimal, 0x10.
 */
#include <linux/bits.h>

#define NV_PDAEMON_BASE				0x10a000

/* Counters per chipset: 4 on GT215:GF100, 8 on GF100+. */
#define NV_PDAEMON_COUNTER_NR_GT215		4
#define NV_PDAEMON_COUNTER_NR_GF100		8
#define NV_PDAEMON_COUNTER_NR_MAX		NV_PDAEMON_COUNTER_NR_GF100
#define NV_PDAEMON_COUNTER_STRIDE		0x10

/* Read-only; a bit is set while the engine/block is idle. */
#define NV_PDAEMON_COUNTER_SIGNALS		0x10a500
#define NV_PDAEMON_COUNTER_SIGNALS_GR_IDLE	BIT(0)
#define NV_PDAEMON_COUNTER_SIGNALS_PVLD_IDLE	BIT(4)
#define NV_PDAEMON_COUNTER_SIGNALS_PPDEC_IDLE	BIT(5)
#define NV_PDAEMON_COUNTER_SIGNALS_PPPP_IDLE	BIT(6)
#define NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GF100	BIT(7)	/* GF100- */
#define NV_PDAEMON_COUNTER_SIGNALS_MC_IDLE_GT215	BIT(8)	/* GT215:GF100 */
#define NV_PDAEMON_COUNTER_SIGNALS_PCOPY0_IDLE	BIT(19)
#define NV_PDAEMON_COUNTER_SIGNALS_PCOPY1_IDLE	BIT(20)	/* GF100- */
#define NV_PDAEMON_COUNTER_SIGNALS_PCOPY2_IDLE	BIT(21)	/* GK104- */

/* Which COUNTER_SIGNALS bits are applied before the COUNTER_MODE logic. */
#define NV_PDAEMON_COUNTER_MASK(i)		(0x10a504 + (i) * NV_PDAEMON_COUNTER_STRIDE)

#define NV_PDAEMON_COUNTER_COUNT(i)		(0x10a508 + (i) * NV_PDAEMON_COUNTER_STRIDE)
#define NV_PDAEMON_COUNTER_COUNT_COUNT		GENMASK(30, 0)
#define NV_PDAEMON_COUNTER_COUNT_CLEAR_TRIGGER	BIT(31)	/* write-only */

/*
 * COUNTER_MODE: INCR_IF_ALL counts cycles in which every masked bit is set
 * (every masked engine idle); INCR_IF_NOT_ALL the others, in which not all
 * of them are set (some masked engine busy).  That is what the field's
 * name says and what makes "both modes at once count every cycle" true
 * for any mask (pm_pdaemon_counter.rst); the same document's "all the
 * selected bits are cleared" only agrees for a single-bit mask.
 */
#define NV_PDAEMON_COUNTER_MODE(i)		(0x10a50c + (i) * NV_PDAEMON_COUNTER_STRIDE)
#define NV_PDAEMON_COUNTER_MODE_INCR_IF_ALL	BIT(0)	/* all masked bits set */
#define NV_PDAEMON_COUNTER_MODE_INCR_IF_NOT_ALL	BIT(1)	/* not all masked bits set */
#define NV_PDAEMON_COUNTER_MODE_UNK2		BIT(2)	/* GF119- */

#endif
