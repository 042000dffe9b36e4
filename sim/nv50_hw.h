/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_NV50_HW_H__
#define __NVKM_SIM_NV50_HW_H__
/*
 * The simulator's own reading of the reference for what its PTIMER,
 * PFIFO and VM models decode: registers, channel structures, pushbuffer
 * commands, DMA objects and page tables of the NV50 family (G80:GF100).
 * The driver has its definitions (include/nvkm/hw/); the model does not
 * share them, so that a wrong value on either side shows as a test that
 * fails rather than as two wrongs that agree.  Each group names its
 * source in shared/reference/envytools; KUnit's nvpm_sim_fifo suite
 * drives the model with words written out by hand from the same pages.
 */
#include <linux/bits.h>

/* PTIMER (bus_ptimer.rst, rnndb_bus_ptimer.xml) */
#define SIM_NV_PTIMER_INTR_0			0x009100
#define SIM_NV_PTIMER_INTR_EN_0			0x009140
#define SIM_NV_PTIMER_INTR_ALARM		BIT(0)
#define SIM_NV_PTIMER_CLOCK_DIV			0x009200	/* NUMERATOR */
#define SIM_NV_PTIMER_CLOCK_MUL			0x009210	/* DENOMINATOR */
#define SIM_NV_PTIMER_CLOCK_RATIO		GENMASK(15, 0)
#define SIM_NV41_PTIMER_CLOCK_SOURCE		0x009220
#define SIM_NV41_PTIMER_CLOCK_SOURCE_FIELDS	(GENMASK(12, 0) | BIT(16))
#define SIM_NV_PTIMER_TIME_0			0x009400
#define SIM_NV_PTIMER_TIME_1			0x009410
#define SIM_NV_PTIMER_ALARM_0			0x009420
#define SIM_NV_PTIMER_ALARM_TIME		GENMASK(31, 5)

/* PFIFO (rnndb_fifo_g80_pfifo.xml, domain G80 PFIFO at 0x2000) */
#define SIM_NV_PFIFO_INTR_0			0x002100
#define SIM_NV_PFIFO_INTR_EN_0			0x002140
#define SIM_NV_PFIFO_INTR_CACHE_ERROR		BIT(0)
#define SIM_NV_PFIFO_INTR_DMA_PUSHER		BIT(12)
#define SIM_NV_PFIFO_INTR_SEMAPHORE		BIT(20)
#define SIM_G84_PFIFO_INTR_NOTIFY		BIT(30)	/* nouveau: nonstall */
#define SIM_NV50_PFIFO_DMA_TIMESLICE		0x002044
#define SIM_NV50_PFIFO_CACHES			0x002500
#define SIM_NV50_PFIFO_CHSW_DEBUG_1		0x00250c
#define SIM_NV50_PFIFO_CHANS			128
#define SIM_NV50_PFIFO_CTX_TABLE(c)		(0x002600 + (c) * 4)
#define SIM_NV50_PFIFO_CTX_TABLE_ENABLED	BIT(31)
/* G84+: the entry holds RAMFC >> 8 and its target */
#define SIM_G84_PFIFO_CTX_TABLE_RAMFC		GENMASK(23, 0)
#define SIM_G84_PFIFO_CTX_TABLE_TARGET		GENMASK(25, 24)
/* the playlist: channel ids, one per word */
#define SIM_NV50_PFIFO_PLAYLIST_LEN		0x0032ec
#define SIM_NV50_PFIFO_PLAYLIST			0x0032f4
#define SIM_NV50_PFIFO_PLAYLIST_ADDR		GENMASK(27, 0)	/* >> 12 */
#define SIM_NV50_PFIFO_PLAYLIST_TARGET		GENMASK(29, 28)

/* CACHE1 (at 0x3200) */
#define SIM_NV_PFIFO_CACHE1_PUSH0		0x003200
#define SIM_NV_PFIFO_CACHE1_PUSH1		0x003204
#define SIM_NV_PFIFO_CACHE1_DMA_PUSH		0x003220
#define SIM_NV_PFIFO_CACHE1_DMA_PUSH_ACCESS	BIT(0)
#define SIM_NV_PFIFO_CACHE1_DMA_STATE		0x003228
#define SIM_NV_PFIFO_CACHE1_DMA_STATE_MTHD	GENMASK(12, 2)
#define SIM_NV_PFIFO_CACHE1_DMA_STATE_SUBC	GENMASK(15, 13)
#define SIM_NV_PFIFO_CACHE1_DMA_STATE_ERROR	GENMASK(31, 29)
#define SIM_NV_PFIFO_DMA_ERROR_INVALID_CMD	4
#define SIM_NV_PFIFO_DMA_ERROR_IB_EMPTY		5
#define SIM_NV_PFIFO_DMA_ERROR_MEM_FAULT	6
#define SIM_NV_PFIFO_CACHE1_DMA_PUT		0x003240
#define SIM_NV_PFIFO_CACHE1_DMA_GET		0x003244
#define SIM_NV_PFIFO_CACHE1_PULL0		0x003250
#define SIM_NV_PFIFO_CACHE1_PULL0_ACCESS	BIT(0)
#define SIM_NV_PFIFO_CACHE1_PULL0_HASH_FAILED	BIT(4)
#define SIM_NV_PFIFO_CACHE1_PULL0_SOFTWARE	BIT(8)	/* DEVICE_SOFTWARE */
#define SIM_NV_PFIFO_CACHE1_PULL0_SEM_ERROR	GENMASK(23, 20)
#define SIM_NV_PFIFO_SEM_ERROR_UNALIGNED	1
#define SIM_NV_PFIFO_SEM_ERROR_INVALID_STATE	2
#define SIM_NV_PFIFO_SEM_ERROR_MEM_FAULT	4
#define SIM_NV_PFIFO_CACHE1_HASH		0x003258
#define SIM_NV_PFIFO_CACHE1_HASH_INSTANCE	GENMASK(15, 0)
#define SIM_NV_PFIFO_CACHE1_SEMAPHORE		0x00326c
#define SIM_NV_PFIFO_CACHE1_SEMAPHORE_DMA_INST	GENMASK(31, 16)	/* >> 4 */
#define SIM_NV_PFIFO_CACHE1_GET			0x003270
#define SIM_NV_PFIFO_CACHE1_GET_WRAP		0x800	/* 0x1ff slots, 4 bytes */
#define SIM_NV_PFIFO_CACHE1_ENGINE		0x003280	/* 4 bits a subc */
#define SIM_NV50_PFIFO_CACHE1_IB_PUT		0x003330
#define SIM_NV50_PFIFO_CACHE1_IB_GET		0x003334
/* the methods CACHE1 holds (0x90000, "g80-pfifo-cache") */
#define SIM_NV40_PFIFO_CACHE1_METHOD(i)		(0x090000 + (i) * 8)
#define SIM_NV40_PFIFO_CACHE1_SIZE		512
#define SIM_NV_PFIFO_CACHE1_SLOT(get)		(((get) & 0x7ff) >> 2)
#define SIM_NV_PFIFO_CACHE1_METHOD_SUBC		GENMASK(15, 13)

/* g80_pfifo_engine: the engines of CACHE1_ENGINE and RAMHT contexts */
#define SIM_NV50_FIFO_ENGINE_SW			0
#define SIM_NV50_FIFO_ENGINE_GR			1

/* The channel control area (fifo_dma-pusher.rst, "Channel control area") */
#define SIM_NV50_USER(c)			(0xc00000 + (c) * 0x2000)
#define SIM_NV50_USER_SIZE			0x2000
#define SIM_NV50_USER_DMA_PUT			0x40
#define SIM_NV50_USER_DMA_GET			0x44
#define SIM_NV50_USER_REF_CNT			0x48
#define SIM_NV50_USER_IB_GET			0x88
#define SIM_NV50_USER_IB_PUT			0x8c

/*
 * RAMFC (rnndb_fifo_g80_pfifo.xml, G80_RAMFC): the words the model reads
 * when a channel is enabled.
 */
/* the pusher's and puller's state, saved at unload (rnndb G80_RAMFC) */
#define SIM_NV50_RAMFC_IB_PUT			0x00
#define SIM_NV50_RAMFC_IB_GET			0x04
#define SIM_NV50_RAMFC_DMA_PUT			0x08
#define SIM_NV50_RAMFC_DMA_PUT_HIGH		0x0c
#define SIM_NV50_RAMFC_DMA_GET			0x10
#define SIM_NV50_RAMFC_DMA_GET_HIGH		0x14
#define SIM_NV50_RAMFC_DMA_STATE		0x30
#define SIM_NV50_RAMFC_DMA_STATE_INC		BIT(0)	/* model's: 0 non-inc */
#define SIM_NV50_RAMFC_METHOD_COUNT		0x34
#define SIM_NV50_RAMFC_ENGINE			0x58	/* 4 bits a subc */
#define SIM_NV50_RAMFC_REF			0x74
#define SIM_G84_RAMFC_SEMAPHORE_ADDRESS_HIGH	0x8c
#define SIM_G84_RAMFC_SEMAPHORE_ADDRESS_LOW	0x90
#define SIM_G84_RAMFC_SEMAPHORE_SEQUENCE	0x94
#define SIM_NV50_RAMFC_DMA_FETCH		0x3c
#define SIM_NV50_RAMFC_DMA_FETCH_IB_ENABLE	BIT(30)
/*
 * rnndb_fifo_g80_pfifo.xml: RAMFC's DMA_TIMESLICE, the fields of PFIFO's
 * (0x2044).  The unit of SELECT is not documented: the model counts cycles.
 */
#define SIM_NV50_RAMFC_DMA_TIMESLICE		0x44
#define SIM_NV50_DMA_TIMESLICE_SELECT		GENMASK(16, 0)
#define SIM_NV50_DMA_TIMESLICE_TIMEOUT		BIT(24)
#define SIM_NV50_RAMFC_DMA_INSTANCE		0x48	/* DMA object >> 4 */
#define SIM_NV50_RAMFC_IB_LOW			0x50
#define SIM_NV50_RAMFC_IB_HIGH			0x54	/* IB_CONFIG */
#define SIM_NV50_RAMFC_IB_HIGH_ADDR		GENMASK(7, 0)
#define SIM_NV50_RAMFC_IB_HIGH_ORDER		GENMASK(20, 16)
#define SIM_NV50_RAMFC_RAMHT			0x80
#define SIM_G84_RAMFC_CHAN_INST			0x98

/* RAMHT: the RAMHT register's fields, as RAMFC holds them */
#define SIM_NV50_RAMHT_INSTANCE			GENMASK(15, 0)	/* >> 4 */
#define SIM_NV50_RAMHT_SEARCH			GENMASK(25, 24)	/* 16 << n */
#define SIM_NV50_RAMHT_SEARCH_FULL		BIT(26)
#define SIM_NV50_RAMHT_SIZE			GENMASK(28, 27)	/* 4K << n */
#define SIM_NV50_RAMHT_ENTRY			8
/* an entry: the handle, then the context */
#define SIM_NV50_RAMHT_CONTEXT_ENGINE		GENMASK(22, 20)
#define SIM_NV50_RAMHT_CONTEXT_INSTANCE		GENMASK(15, 0)	/* >> 4 */

/* IB entries and commands (fifo_dma-pusher.rst, IB mode, pre-GF100) */
#define SIM_NV50_IB_ENTRY			8
#define SIM_NV50_IB_HIGH_ADDR			GENMASK(7, 0)
#define SIM_NV50_IB_HIGH_LENGTH			GENMASK(30, 10)	/* words */
#define SIM_NV50_DMA_CMD_TYPE			GENMASK(31, 29)
#define SIM_NV50_DMA_CMD_TYPE_INC		0
#define SIM_NV50_DMA_CMD_TYPE_NONINC		2
#define SIM_NV50_DMA_CMD_COUNT			GENMASK(28, 18)
#define SIM_NV50_DMA_CMD_ZERO			(GENMASK(17, 16) | GENMASK(1, 0))
#define SIM_NV50_DMA_CMD_SUBC			GENMASK(15, 13)
#define SIM_NV50_DMA_CMD_MTHD			GENMASK(12, 2)

/* Methods the puller runs itself (fifo_intro.rst: 0-0xfc) */
#define SIM_NV_FIFO_MTHD_OBJECT			0x0000
#define SIM_NV_FIFO_MTHD_REF_CNT		0x0050
#define SIM_NV_FIFO_MTHD_FIFO_END		0x0100
/*
 * Semaphores and notification, G84+ (rnndb_fifo_nv_object.xml, SUBCHAN):
 * the address (high, low), the sequence, the trigger's ACTION; NOTIFY_INTR
 * raises PFIFO_INTR's NOTIFY; WRCACHE_FLUSH.  DMA_SEMAPHORE (NV1A:GF100)
 * names the DMA object, a handle looked up in RAMHT.
 */
#define SIM_G84_FIFO_MTHD_SEM_ADDR_HIGH		0x0010
#define SIM_G84_FIFO_MTHD_SEM_ADDR_LOW		0x0014
#define SIM_G84_FIFO_MTHD_SEM_SEQUENCE		0x0018
#define SIM_G84_FIFO_MTHD_SEM_TRIGGER		0x001c
#define SIM_G84_FIFO_SEM_TRIGGER_ACTION		GENMASK(3, 0)
#define SIM_G84_FIFO_SEM_ACQUIRE_EQUAL		1
#define SIM_G84_FIFO_SEM_RELEASE		2
#define SIM_G84_FIFO_SEM_ACQUIRE_GEQUAL		4
#define SIM_G84_FIFO_MTHD_NOTIFY_INTR		0x0020
#define SIM_G84_FIFO_MTHD_WRCACHE_FLUSH		0x0024
#define SIM_NV_FIFO_MTHD_DMA_SEMAPHORE		0x0060
/*
 * Methods whose data is an object's handle, which the puller looks up in
 * RAMHT (rnndb_g80_defs.xml: "object of invalid class as param to one of
 * 0x180-0x1fc methods"); for a software object nouveau takes the object's
 * instance from CACHE1_HASH (nv04_fifo_swmthd()).
 */
#define SIM_NV_FIFO_MTHD_OBJ_FIRST		0x0180
#define SIM_NV_FIFO_MTHD_OBJ_LAST		0x01fc

/* PRAMIN (memory_peephole.rst): 1 MiB of VRAM from (0x1700 << 16) */
#define SIM_NV50_PRAMIN				0x700000
#define SIM_NV50_PRAMIN_SIZE			0x100000
#define SIM_NV50_PRAMIN_WINDOW			0x001700
#define SIM_NV50_PRAMIN_WINDOW_SHIFT		16

/* Memory targets (rnndb_g80_defs.xml, g80_mem_target) */
#define SIM_NV50_MEM_TARGET_VRAM		0
#define SIM_NV50_MEM_TARGET_SYSRAM		2
#define SIM_NV50_MEM_TARGET_SYSRAM_NOSNOOP	3

/* Channels (memory_g80-vm.rst, "Channels"): descriptor, fixed parts */
#define SIM_NV50_CHAN_DESC_ADDR			GENMASK(27, 0)	/* >> 12 */
#define SIM_NV50_CHAN_DESC_TARGET		GENMASK(29, 28)
#define SIM_G80_CHAN_RAMFC			0x0000
#define SIM_G80_CHAN_PGD			0x1400
#define SIM_G84_CHAN_PGD			0x0200

/* DMA objects (memory_g80-vm.rst, "DMA objects"): 6 words */
#define SIM_NV50_DMAOBJ_SHIFT			4
#define SIM_NV50_DMAOBJ_FLAGS_CLASS		GENMASK(15, 0)
#define SIM_NV50_DMAOBJ_FLAGS_TARGET		GENMASK(17, 16)
#define SIM_NV50_DMAOBJ_TARGET_VM		0
#define SIM_NV50_DMAOBJ_TARGET_VRAM		1
#define SIM_NV50_DMAOBJ_FLAGS_ACCESS		GENMASK(19, 18)
#define SIM_NV50_DMAOBJ_ACCESS_RO		1
#define SIM_NV50_DMAOBJ_EXTRA_START_HIGH	GENMASK(7, 0)
#define SIM_NV50_DMAOBJ_EXTRA_LIMIT_HIGH	GENMASK(31, 24)

/* Page directory and tables (memory_g80-vm.rst, rnndb_memory_g80_vm.xml) */
#define SIM_NV50_PDE_TYPE			GENMASK(1, 0)
#define SIM_NV50_PDE_TYPE_64K			1
#define SIM_NV50_PDE_TYPE_16K			2
#define SIM_NV50_PDE_TYPE_4K			3
#define SIM_NV50_PDE_TARGET			GENMASK(3, 2)
#define SIM_NV50_PDE_SIZE			GENMASK(6, 5)
#define SIM_NV50_PDE_ADDR_LO			GENMASK(31, 12)
#define SIM_NV50_PDE_ADDR_HI			GENMASK(7, 0)
#define SIM_NV50_PDE_SHIFT			29
#define SIM_NV50_PTE_PRESENT			BIT(0)
#define SIM_NV50_PTE_READ_ONLY			BIT(3)
#define SIM_NV50_PTE_TARGET			GENMASK(5, 4)
#define SIM_NV50_PTE_ADDR_LO			GENMASK(31, 12)
#define SIM_NV50_PTE_ADDR_HI			GENMASK(7, 0)

/* TLB flush and VM faults (rnndb_memory_g80_vm.xml) */
#define SIM_NV50_VM_TLB_FLUSH			0x100c80
#define SIM_NV50_VM_TLB_FLUSH_TRIGGER		BIT(0)
#define SIM_NV50_VM_TLB_FLUSH_ENGINE		GENMASK(19, 16)
#define SIM_NV50_VM_ENGINE_PCOUNTER		0xb
#define SIM_NV50_VM_FAULT_PT_NOT_PRESENT	0
#define SIM_NV50_VM_FAULT_PT_TOO_SHORT		1
#define SIM_NV50_VM_FAULT_PAGE_NOT_PRESENT	2
#define SIM_NV50_VM_FAULT_PAGE_READ_ONLY	4
#define SIM_NV50_VM_FAULT_NO_CHANNEL		5
#define SIM_NV50_VM_FAULT_NULL_DMAOBJ		6
#define SIM_NV50_VM_FAULT_DMAOBJ_LIMIT		0xf

#endif
