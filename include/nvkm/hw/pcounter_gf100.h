/* SPDX-License-Identifier: MIT */
/*
 * GF100+ PCOUNTER register map (reference: pcounter intro, rnndb gf100
 * pcounter) and the few PTOP topology registers that say how many GPC and
 * partition domain sets there are and which of their units are switched
 * off (NVIDIA's open hwref headers for GF116/GK106 name the counts,
 * envytools' rnndb bus/punits.xml all of them; nouveau's PM reads the
 * same ones).  Offsets are from BAR0.  Facts, not behaviour.
 */
#ifndef __NVKM_HW_PCOUNTER_GF100_H__
#define __NVKM_HW_PCOUNTER_GF100_H__
#include <linux/bits.h>

/* PMC.ENABLE bit that takes the whole unit out of reset. */
#define GF100_PMC_ENABLE_PCOUNTER	BIT(28)

#define GF100_PCOUNTER_BASE		0x180000
#define GF100_PCOUNTER_SIZE		0x040000

/* Domain sets: up to 32 GPCs, 16 partitions and the hub, 8 domains each. */
#define GF100_PCOUNTER_GPCS		32
#define GF100_PCOUNTER_PARTS		16
#define GF100_PCOUNTER_DOMS		8
#define GF100_PCOUNTER_DOM_SIZE		0x200

#define GF100_PCOUNTER_GPC_DOM(g, d)	(0x180000 + (g) * 0x1000 + (d) * 0x200)
#define GF100_PCOUNTER_PART_DOM(p, d)	(0x1a0000 + (p) * 0x1000 + (d) * 0x200)
#define GF100_PCOUNTER_HUB_DOM(d)	(0x1b0000 + (d) * 0x200)
#define GF100_PCOUNTER_MAIN		0x1b4000	/* record mode */
#define GF100_PCOUNTER_GPC_DSET(g)	(0x1b8000 + (g) * 0x200)
#define GF100_PCOUNTER_PART_DSET(p)	(0x1bc000 + (p) * 0x200)
#define GF100_PCOUNTER_HUB_DSET		0x1be000

/* Registers of a domain, offsets from its GF100_PCOUNTER_*_DOM(). */
#define GF100_PCOUNTER_SIG_STATUS(i)	((i) * 4)	/* i < 16 */
#define GF100_PCOUNTER_SIG_STATUS_WORDS	16
#define GF100_PCOUNTER_PRE_SRC		0x40
#define GF100_PCOUNTER_PRE_OP		0x44
#define GF100_PCOUNTER_START_SRC	0x48
#define GF100_PCOUNTER_START_OP		0x4c
#define GF100_PCOUNTER_EVENT_SRC	0x50
#define GF100_PCOUNTER_EVENT_OP		0x54
#define GF100_PCOUNTER_STOP_SRC		0x58
#define GF100_PCOUNTER_STOP_OP		0x5c
#define GF100_PCOUNTER_SETFLAG_OP	0x60
#define GF100_PCOUNTER_CLRFLAG_OP	0x64
#define GF100_PCOUNTER_SRC_STATUS	0x68
#define GF100_PCOUNTER_SWAP_SRC		0x6c
#define GF100_PCOUNTER_CTR_CYCLES	0x70
#define GF100_PCOUNTER_UNK74		0x74
#define GF100_PCOUNTER_CTR_CYCLES_NEXT_RO 0x78
#define GF100_PCOUNTER_UNK7C		0x7c
#define GF100_PCOUNTER_CTR_EVENT	0x80
#define GF100_PCOUNTER_UNK84		0x84
#define GF100_PCOUNTER_CTR_START	0x88
#define GF100_PCOUNTER_CTR_PRE		0x8c
#define GF100_PCOUNTER_CTR_STOP		0x90
#define GF100_PCOUNTER_SINGLE_ABORT_TRIGGER 0x94
#define GF100_PCOUNTER_THRESHOLD	0x98
#define GF100_PCOUNTER_CTRL		0x9c
#define GF100_PCOUNTER_QUAD_ACK_TRIGGER	0xa0
#define GF100_PCOUNTER_CTR_EVENT_NEXT	0xa4
#define GF100_PCOUNTER_CTR_PRE_NEXT	0xa8
#define GF100_PCOUNTER_CTR_START_NEXT	0xac
#define GF100_PCOUNTER_CTR_STOP_NEXT	0xb0
#define GF100_PCOUNTER_UNK0B4		0xb4
#define GF100_PCOUNTER_UNK0B8		0xb8
#define GF100_PCOUNTER_CTR_CYCLES_NEXT	0xbc
#define GF100_PCOUNTER_CTR_CYCLES_NEXT_HIGH 0xc0
#define GF100_PCOUNTER_CTR_RECORD_STOP_NEXT 0xc4
#define GF100_PCOUNTER_VSTATUS		0xc8
#define GF100_PCOUNTER_UNK0CC(i)	(0xcc + (i) * 4)	/* i < 2 */
#define GF100_PCOUNTER_UNK0D4		0xd4
#define GF100_PCOUNTER_UNK0D8(i)	(0xd8 + (i) * 4)	/* i < 2 */
#define GF100_PCOUNTER_SINGLE_BEGIN_TRIGGER 0xe0
#define GF100_PCOUNTER_STATE		0xe4
#define GF100_PCOUNTER_UNK0E8		0xe8
#define GF100_PCOUNTER_USER_TRIGGER	0xec
#define GF100_PCOUNTER_FILTER		0x100

/* CTRL: the NV40 fields, rearranged. */
#define GF100_PCOUNTER_CTRL_MODE	GENMASK(2, 0)
#define GF100_PCOUNTER_CTRL_MODE_HALTED	0
#define GF100_PCOUNTER_CTRL_MODE_SINGLE	1
#define GF100_PCOUNTER_CTRL_MODE_QUAD	2
#define GF100_PCOUNTER_CTRL_CTR_MODE	GENMASK(5, 3)
#define GF100_PCOUNTER_CTRL_CTR_PERIOD	BIT(6)		/* EVENT_CTR_PERIOD ALL */
#define GF100_PCOUNTER_CTRL_EVENT_IMPORT_PULSE BIT(7)
#define GF100_PCOUNTER_CTRL_FLAG_IMPORT_PULSE BIT(8)
#define GF100_PCOUNTER_CTRL_UNK9	GENMASK(16, 9)
#define GF100_PCOUNTER_CTRL_UNK18	GENMASK(20, 18)
#define GF100_PCOUNTER_CTRL_UNK18_SET	1	/* nouveau's 0x00040002 | mode << 3 */
#define GF100_PCOUNTER_CTRL_PERIODIC	GENMASK(23, 21)
#define GF100_PCOUNTER_CTRL_QUAD_STATE	GENMASK(25, 24)
#define GF100_PCOUNTER_CTRL_UNK26	GENMASK(27, 26)
#define GF100_PCOUNTER_CTRL_SINGLE_STATE GENMASK(29, 28)
#define GF100_PCOUNTER_CTRL_UNK31	BIT(31)

/* STATE (read-only) */
#define GF100_PCOUNTER_STATE_SINGLE_STATE GENMASK(1, 0)
#define GF100_PCOUNTER_STATE_QUAD_STATE	GENMASK(3, 2)

/* USER_TRIGGER: values of USER_0..3 and their pulse bits. */
#define GF100_PCOUNTER_USER_TRIGGER_VAL(i)	BIT(i)
#define GF100_PCOUNTER_USER_TRIGGER_PULSE(i)	BIT(4 + (i))
#define GF100_PCOUNTER_USERS			4

/* FILTER */
#define GF100_PCOUNTER_FILTER_SRC_MASK	GENMASK(30, 0)
#define GF100_PCOUNTER_FILTER_ENABLE	BIT(31)

/* Logic op registers: bit 18 is SETFLAG for EVENT/STOP and unused
 * elsewhere; the delay-replace bits are 19 and 20 for all six.
 */
#define GF100_PCOUNTER_OP_SETFLAG3	BIT(18)
#define GF100_PCOUNTER_OP_REPLACE2	BIT(19)
#define GF100_PCOUNTER_OP_REPLACE3	BIT(20)

/* Registers of a domain set, offsets from its GF100_PCOUNTER_*_DSET. */
#define GF100_PCOUNTER_DSET_CTRL		0x00
#define GF100_PCOUNTER_DSET_CTRL_RECORD_RESET	BIT(0)
#define GF100_PCOUNTER_DSET_CTRL_PERIODIC_RESET	BIT(4)
#define GF100_PCOUNTER_DSET_CTRL_UNK5		BIT(5)
#define GF100_PCOUNTER_DSET_CTRL_UNK29		BIT(29)
#define GF100_PCOUNTER_DSET_CTRL_UNK31		BIT(31)
#define GF100_PCOUNTER_DSET_VSTATUS_0		0x10
#define GF100_PCOUNTER_DSET_VSTATUS_1		0x14
#define GF100_PCOUNTER_DSET_SLCG		0x18	/* GK104: */

/*
 * Trailer signals, offsets from a domain's trailer base.  The trailer
 * ends the domain: a domain of N signals has its base at N - 0x40.
 */
#define GF100_PCOUNTER_TRAILER_FIRST		0x1f	/* MAIN.??? from here */
#define GF100_PCOUNTER_TRAILER_USER(i)		(0x27 + (i))
#define GF100_PCOUNTER_TRAILER_CTXCTL		0x2b	/* PGRAPH.CTXCTL.UNK86C.UNK4 */
#define GF100_PCOUNTER_TRAILER_PAUSED		0x2c
#define GF100_PCOUNTER_TRAILER_PERIODIC		0x2e
#define GF100_PCOUNTER_TRAILER_EVENT(d)		(0x37 - (d))
#define GF100_PCOUNTER_TRAILER_FLAG(d)		(0x3f - (d))
#define GF100_PCOUNTER_TRAILER_END		0x40

/*
 * PTOP: how the chip is built (read-only).  The envytools register
 * database calls this block PUNITS (rnndb bus/punits.xml): 0x022430 and
 * 0x022438 are DESIGN_GPC_COUNT and DESIGN_PART_COUNT, the units the die
 * has, fused off or not.
 */
#define GF100_PTOP_SCAL_NUM_GPCS		0x022430
#define GF100_PTOP_SCAL_NUM_GPCS_VALUE		GENMASK(4, 0)
#define GF100_PTOP_SCAL_NUM_TPC_PER_GPC		0x022434
#define GF100_PTOP_SCAL_NUM_TPC_PER_GPC_VALUE	GENMASK(4, 0)
#define GF100_PTOP_SCAL_NUM_FBPS		0x022438
#define GF100_PTOP_SCAL_NUM_FBPS_VALUE		GENMASK(4, 0)
/*
 * Floorsweeping (PUNITS, GF100:GM107): a set bit is a GPC or partition
 * that is switched off, by the fuses (HW_*) or by software (SW_*).  A unit
 * is there when it is below the design count and in neither mask.
 */
#define GF100_PUNITS_HW_GPC_DISABLE_MASK	0x022504
#define GF100_PUNITS_HW_PART_DISABLE_MASK	0x022548
#define GF100_PUNITS_HW_MC_DISABLE_MASK		0x022554
#define GF100_PUNITS_SW_GPC_DISABLE_MASK	0x022584
#define GF100_PUNITS_SW_PART_DISABLE_MASK	0x0225c8

#endif
