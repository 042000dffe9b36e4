/* SPDX-License-Identifier: MIT */
/*
 * PCOUNTER register map (reference: pcounter intro, rnndb nv10/nv40
 * pcounter).  Offsets are from BAR0.  Shared by the driver and the
 * simulated GPU: these are facts, not behaviour.
 */
#ifndef __NVKM_HW_PCOUNTER_H__
#define __NVKM_HW_PCOUNTER_H__
#include <linux/bits.h>

/* MMIO area 0x00a000:0x00b000 on NV10:GF100 (pcounter-intro). */
#define NV_PCOUNTER_BASE		0x00a000
#define NV_PCOUNTER_SIZE		0x001000

/* NV10:NV40 layout: 0x100 per domain, up to 2 domains. */
#define NV10_PCOUNTER_DOMS		2
#define NV10_PCOUNTER_PRE_SRC(d)	(0x00a400 + (d) * 0x100)
#define NV10_PCOUNTER_PRE_OP(d)		(0x00a404 + (d) * 0x100)
#define NV10_PCOUNTER_START_SRC(d)	(0x00a408 + (d) * 0x100)
#define NV10_PCOUNTER_START_OP(d)	(0x00a40c + (d) * 0x100)
#define NV10_PCOUNTER_EVENT_SRC(d)	(0x00a410 + (d) * 0x100)
#define NV10_PCOUNTER_EVENT_OP(d)	(0x00a414 + (d) * 0x100)
#define NV10_PCOUNTER_STOP_SRC(d)	(0x00a418 + (d) * 0x100)
#define NV10_PCOUNTER_STOP_OP(d)	(0x00a41c + (d) * 0x100)
#define NV10_PCOUNTER_SETFLAG_SRC(d)	(0x00a420 + (d) * 0x100)	/* NV10:NV30 */
#define NV10_PCOUNTER_SETFLAG_OP(d)	(0x00a424 + (d) * 0x100)
#define NV10_PCOUNTER_CLRFLAG_SRC(d)	(0x00a428 + (d) * 0x100)	/* NV10:NV30 */
#define NV10_PCOUNTER_CLRFLAG_OP(d)	(0x00a42c + (d) * 0x100)
/* SIG_STATUS[dom][hi][lo]: signals (hi * 4 + lo) * 32 .. + 31 */
#define NV10_PCOUNTER_SIG_STATUS(d, hi, lo) \
	(0x00a430 + (d) * 0x100 + (hi) * 0x200 + (lo) * 4)
#define NV10_PCOUNTER_CTR_CYCLES(d)	(0x00a600 + (d) * 0x100)
#define NV10_PCOUNTER_CTR_CYCLES_HI(d)	(0x00a604 + (d) * 0x100)	/* NV10:NV30 */
#define NV10_PCOUNTER_CTR_CYCLES_ALT(d)	(0x00a608 + (d) * 0x100)
#define NV10_PCOUNTER_CTR_CYCLES_ALT_HI(d) (0x00a60c + (d) * 0x100)	/* NV10:NV30 */
#define NV10_PCOUNTER_CTR_EVENT(d)	(0x00a610 + (d) * 0x100)
#define NV10_PCOUNTER_CTR_EVENT_HI(d)	(0x00a614 + (d) * 0x100)	/* NV10:NV30 */
#define NV10_PCOUNTER_CTR_START(d)	(0x00a618 + (d) * 0x100)
#define NV10_PCOUNTER_CTR_START_HI(d)	(0x00a61c + (d) * 0x100)	/* NV10:NV30 */
#define NV10_PCOUNTER_CTR_PRE(d)	(0x00a620 + (d) * 0x100)
#define NV10_PCOUNTER_CTR_STOP(d)	(0x00a624 + (d) * 0x100)
#define NV10_PCOUNTER_THRESHOLD(d)	(0x00a628 + (d) * 0x100)
#define NV10_PCOUNTER_THRESHOLD_HI(d)	(0x00a62c + (d) * 0x100)	/* NV10:NV30 */
#define NV30_PCOUNTER_QUAD_ACK_TRIGGER	0x00a738			/* NV30:NV40 */
#define NV30_PCOUNTER_QUAD_ACK_DOM(d)	BIT((d) * 8)
#define NV10_PCOUNTER_CTRL		0x00a73c
#define NV10_PCOUNTER_CTRL_CTR_MODE	BIT(2)				/* EVENT_B4 */
#define NV10_PCOUNTER_CTRL_SINGLE_STATE(d) (0x3 << (3 + (d) * 2))
#define NV10_PCOUNTER_CTRL_CTR_PERIOD(d) BIT(8 + (d))			/* NV15: */
#define NV30_PCOUNTER_CTRL_MODE_QUAD(d)	BIT(16 + (d) * 2)		/* NV30: */
#define NV30_PCOUNTER_CTRL_QUAD_STATE(d) (0x3 << (24 + (d) * 2))	/* NV30: */

/* NV40:GF100 layout: 4-byte stride, up to 8 domains. */
#define NV40_PCOUNTER_DOMS		8
#define NV40_PCOUNTER_PRE_SRC(d)	(0x00a400 + (d) * 4)
#define NV40_PCOUNTER_PRE_OP(d)		(0x00a420 + (d) * 4)
#define NV40_PCOUNTER_START_SRC(d)	(0x00a440 + (d) * 4)
#define NV40_PCOUNTER_START_OP(d)	(0x00a460 + (d) * 4)
#define NV40_PCOUNTER_EVENT_SRC(d)	(0x00a480 + (d) * 4)
#define NV40_PCOUNTER_EVENT_OP(d)	(0x00a4a0 + (d) * 4)
#define NV40_PCOUNTER_STOP_SRC(d)	(0x00a4c0 + (d) * 4)
#define NV40_PCOUNTER_STOP_OP(d)	(0x00a4e0 + (d) * 4)
#define NV40_PCOUNTER_SETFLAG_OP(d)	(0x00a500 + (d) * 4)
#define NV40_PCOUNTER_CLRFLAG_OP(d)	(0x00a520 + (d) * 4)
#define NV40_PCOUNTER_SRC_STATUS(d)	(0x00a540 + (d) * 4)
#define NV40_PCOUNTER_SPEC_SRC(d)	(0x00a560 + (d) * 4)		/* G84: */
#define NV40_PCOUNTER_USER_TRIGGER(d)	(0x00a580 + (d) * 4)		/* GT215: */
#define NV40_PCOUNTER_CTR_CYCLES(d)	(0x00a600 + (d) * 4)
#define NV40_PCOUNTER_CTR_CYCLES_ALT(d)	(0x00a640 + (d) * 4)
#define NV40_PCOUNTER_CTR_EVENT(d)	(0x00a680 + (d) * 4)
#define NV40_PCOUNTER_RECORD_ADDRESS_HIGH(d) (0x00a6a0 + (d) * 4)	/* G92: */
#define NV40_PCOUNTER_CTR_START(d)	(0x00a6c0 + (d) * 4)
#define NV40_PCOUNTER_RECORD_STATUS(d)	(0x00a6e0 + (d) * 4)		/* G84: */
#define NV40_PCOUNTER_CTR_PRE(d)	(0x00a700 + (d) * 4)
#define NV40_PCOUNTER_RECORD_LIMIT(d)	(0x00a720 + (d) * 4)		/* G84: */
#define NV40_PCOUNTER_CTR_STOP(d)	(0x00a740 + (d) * 4)
#define NV40_PCOUNTER_RECORD_START(d)	(0x00a760 + (d) * 4)		/* G84: */
#define NV40_PCOUNTER_THRESHOLD(d)	(0x00a780 + (d) * 4)
#define NV40_PCOUNTER_RECORD_CHAN	0x00a7a0			/* G84: */
#define NV40_PCOUNTER_RECORD_DMA	0x00a7a4			/* G84: */
#define NV40_PCOUNTER_GCTRL		0x00a7a8			/* G84: */
#define NV40_PCOUNTER_GCTRL_RECORD_RESET	BIT(0)
#define NV40_PCOUNTER_GCTRL_PERIODIC_RESET	BIT(4)
#define NV40_PCOUNTER_CTRL(d)		(0x00a7c0 + (d) * 4)
#define NV40_PCOUNTER_QUAD_ACK_TRIGGER(d) (0x00a7e0 + (d) * 4)
#define NV40_PCOUNTER_SIG_STATUS(d, i)	(0x00a800 + (d) * 0x20 + (i) * 4)

/* NV40 CTRL fields */
#define NV40_PCOUNTER_CTRL_MODE		GENMASK(1, 0)
#define NV40_PCOUNTER_CTRL_CTR_MODE	GENMASK(6, 4)
#define NV40_PCOUNTER_CTRL_CTR_PERIOD	BIT(8)
#define NV40_PCOUNTER_CTRL_EVENT_IMPORT_PULSE BIT(11)
#define NV40_PCOUNTER_CTRL_FLAG_IMPORT_PULSE BIT(13)
#define NV40_PCOUNTER_CTRL_UNK16	BIT(16)
#define NV40_PCOUNTER_CTRL_RECORD_SHORT	BIT(20)				/* G84: */
#define NV40_PCOUNTER_CTRL_PERIODIC	GENMASK(23, 21)			/* G84: */
#define NV40_PCOUNTER_CTRL_QUAD_STATE	GENMASK(25, 24)
#define NV40_PCOUNTER_CTRL_FAULT_CLEAR	BIT(27)				/* G84: */
#define NV40_PCOUNTER_CTRL_SINGLE_STATE	GENMASK(29, 28)
#define NV40_PCOUNTER_CTRL_UNK30	BIT(30)				/* G92: */

/* G84+ record mode registers */
#define NV40_PCOUNTER_RECORD_ADDR		GENMASK(31, 4)	/* START, LIMIT */
#define NV40_PCOUNTER_RECORD_STATUS_FAULT	BIT(0)
#define NV40_PCOUNTER_RECORD_STATUS_POS		GENMASK(31, 4)
#define NV40_PCOUNTER_RECORD_ADDRESS_HIGH_MASK	GENMASK(7, 0)
#define NV40_PCOUNTER_RECORD_CHAN_CHAN		GENMASK(29, 0)
#define NV40_PCOUNTER_RECORD_CHAN_VALID		BIT(31)
#define NV40_PCOUNTER_RECORD_DMA_MASK		GENMASK(15, 0)

/* G84+ record packets: little endian 16-bit words; a short packet is the
 * first 16 bytes of a long one.
 */
#define G84_PCOUNTER_RECORD_ALIGN		16	/* RECORD_START, _LIMIT: bits 4-31 */
#define G84_PCOUNTER_RECORD_LONG_SIZE		32
#define G84_PCOUNTER_RECORD_SHORT_SIZE		16
#define G84_PCOUNTER_RECORD_CYCLES_LOW		0x00
#define G84_PCOUNTER_RECORD_CYCLES_MID		0x02
#define G84_PCOUNTER_RECORD_CYCLES_HIGH		0x04
#define G84_PCOUNTER_RECORD_STOP		0x06	/* bits 0-11 */
#define G84_PCOUNTER_RECORD_STOP_MASK		GENMASK(11, 0)
#define G84_PCOUNTER_RECORD_PRE_SRC(i)		(0x08 + (i) * 2)
#define G84_PCOUNTER_RECORD_START_SRC(i)	(0x10 + (i) * 2)
#define G84_PCOUNTER_RECORD_EVENT_SRC(i)	(0x18 + (i) * 2)
#define G84_PCOUNTER_RECORD_EVENTS		12

/* Logic op registers */
#define NV_PCOUNTER_OP_TABLE		GENMASK(15, 0)
#define NV_PCOUNTER_OP_DELAY0		BIT(16)
#define NV_PCOUNTER_OP_DELAY1		BIT(17)
/* PRE/START/SETFLAG/CLRFLAG, G92+ */
#define NV_PCOUNTER_OP_REPLACE2		BIT(18)
#define NV_PCOUNTER_OP_REPLACE3		BIT(19)
/* EVENT/STOP: SETFLAG as argument 3 (NV30+), replace bits (G92+) */
#define NV_PCOUNTER_OP_SETFLAG3		BIT(18)
#define NV_PCOUNTER_OP_ES_REPLACE2	BIT(19)
#define NV_PCOUNTER_OP_ES_REPLACE3	BIT(20)

/* Modes and states */
#define NV_PCOUNTER_MODE_SINGLE		0
#define NV_PCOUNTER_MODE_QUAD		1
#define NV_PCOUNTER_MODE_RECORD		2

#define NV_PCOUNTER_CTR_MODE_SIMPLE		0
#define NV_PCOUNTER_CTR_MODE_EVENT_B4		1
#define NV_PCOUNTER_CTR_MODE_EVENT_B6		2
#define NV_PCOUNTER_CTR_MODE_EXTRA_B4		3
#define NV_PCOUNTER_CTR_MODE_EXTRA_B6_EVENT_B2	4

#define NV_PCOUNTER_SINGLE_INACTIVE	0
#define NV_PCOUNTER_SINGLE_WAIT_PRE	1
#define NV_PCOUNTER_SINGLE_WAIT_START	2
#define NV_PCOUNTER_SINGLE_COUNTING	3

#define NV_PCOUNTER_QUAD_EMPTY		0
#define NV_PCOUNTER_QUAD_VALID		1
#define NV_PCOUNTER_QUAD_OVERFLOW	3

/* Trailer signals, offsets from a domain's trailer base. */
#define NV10_PCOUNTER_TRAILER_FLAG		0x1f
#define NV20_PCOUNTER_TRAILER_PM_TRIGGER	0x1d
#define NV20_PCOUNTER_TRAILER_FLAG(d)		(0x1f - (d))
#define NV40_PCOUNTER_TRAILER_ZERO		0x0c	/* G84: */
#define NV40_PCOUNTER_TRAILER_PERIODIC		0x0d	/* G84: */
#define NV40_PCOUNTER_TRAILER_WRCACHE_FLUSH	0x0e	/* G84: (ZERO before) */
#define NV40_PCOUNTER_TRAILER_PM_TRIGGER	0x0f
#define NV40_PCOUNTER_TRAILER_EVENT(d)		(0x17 - (d))
#define NV40_PCOUNTER_TRAILER_FLAG(d)		(0x1f - (d))

#endif
