/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_HW_FIFO_H__
#define __NVKM_HW_FIFO_H__
/*
 * NV50 (Tesla) PFIFO in IB mode, PTIMER and
 * the instance memory window, with the names nouveau and envytools use.
 * Where the simulated GPU needs a layout that the hardware keeps in
 * instance memory (RAMFC, RAMHT), the fields it reads are listed here and
 * Documentation/nvpm-sim.rst says what it assumes.
 */
#include <linux/bits.h>

#include <nvkm/hw/pmc.h>

/*
 * PTIMER: nanoseconds in two words, nothing latched: read TIME_1 (high),
 * TIME_0 (low), TIME_1 again, and again while the two high words differ
 * (bus_ptimer.rst, "Reading the clock").
 */
#define NV_PTIMER_TIME_0			0x009400
#define NV_PTIMER_TIME_1			0x009410

/*
 * The rest of PTIMER (rnndb_bus_ptimer.xml): the alarm on TIME_0, and the
 * clock ratio (nouveau's NUMERATOR and DENOMINATOR are CLOCK_DIV and
 * CLOCK_MUL) and, NV41+, its source.
 */
#define NV_PTIMER_INTR_0			0x009100
#define NV_PTIMER_INTR_EN_0			0x009140
#define NV_PTIMER_INTR_ALARM			BIT(0)
#define NV_PTIMER_CLOCK_DIV			0x009200
#define NV_PTIMER_CLOCK_MUL			0x009210
#define NV_PTIMER_CLOCK_RATIO			GENMASK(15, 0)
#define NV41_PTIMER_CLOCK_SOURCE		0x009220
#define NV41_PTIMER_CLOCK_SOURCE_FIELDS		(GENMASK(12, 0) | BIT(16))
#define NV_PTIMER_ALARM_0			0x009420
#define NV_PTIMER_ALARM_TIME			GENMASK(31, 5)

/*
 * PFIFO setup nouveau's nv50_fifo_init() writes, with its values:
 * DMA_TIMESLICE (SELECT 0x3fff, TIMEOUT) and CHSW_DEBUG_1, whose bits the
 * reference does not name (rnndb_fifo_g80_pfifo.xml: "nv sets to
 * 6f3cfc34").
 */
#define NV50_PFIFO_DMA_TIMESLICE		0x002044
#define NV50_PFIFO_DMA_TIMESLICE_INIT		0x01003fff
#define NV50_PFIFO_CHSW_DEBUG_1			0x00250c
#define NV50_PFIFO_CHSW_DEBUG_1_INIT		0x6f3cfc34

/* PFIFO interrupts */
#define NV_PFIFO_INTR_0				0x002100
#define NV_PFIFO_INTR_EN_0			0x002140
#define NV_PFIFO_INTR_CACHE_ERROR		BIT(0)	/* method the FIFO can't run */
#define NV_PFIFO_INTR_DMA_PUSHER		BIT(12)	/* pushbuffer error */
#define NV_PFIFO_INTR_SEMAPHORE			BIT(20)	/* G84+ semaphore error */

/*
 * The channel table: per channel, enabled and where its state is: the
 * channel descriptor on G80, the RAMFC address >> 8 on G84+ (hw/vm.h).
 */
#define NV50_PFIFO_CHANS			128
#define NV50_PFIFO_CTX_TABLE(c)			(0x002600 + (c) * 4)
#define NV50_PFIFO_CTX_TABLE_ENABLED		BIT(31)

/* CACHE1: the channel the puller serves and the method it stopped on. */
#define NV_PFIFO_CACHE1_PUSH0			0x003200
#define NV_PFIFO_CACHE1_PUSH1			0x003204
#define NV50_PFIFO_CACHE1_PUSH1_CHID		GENMASK(6, 0)
#define NV_PFIFO_CACHE1_DMA_PUSH		0x003220
#define NV_PFIFO_CACHE1_DMA_PUSH_ACCESS		BIT(0)
#define NV_PFIFO_CACHE1_DMA_STATE		0x003228
#define NV_PFIFO_CACHE1_DMA_STATE_MTHD		GENMASK(12, 2)
#define NV_PFIFO_CACHE1_DMA_STATE_SUBC		GENMASK(15, 13)
#define NV_PFIFO_CACHE1_DMA_STATE_ERROR		GENMASK(31, 29)
#define NV_PFIFO_DMA_ERROR_NONE			0
#define NV_PFIFO_DMA_ERROR_INVALID_CMD		4
#define NV_PFIFO_DMA_ERROR_MEM_FAULT		6
#define NV_PFIFO_CACHE1_DMA_PUT			0x003240
#define NV_PFIFO_CACHE1_DMA_GET			0x003244
#define NV_PFIFO_CACHE1_PULL0			0x003250
#define NV_PFIFO_CACHE1_PULL0_ACCESS		BIT(0)
#define NV_PFIFO_CACHE1_PULL0_HASH_FAILED	BIT(4)
#define NV_PFIFO_CACHE1_PULL0_DEVICE_SOFTWARE	BIT(8)
#define NV_PFIFO_CACHE1_HASH			0x003258
#define NV_PFIFO_CACHE1_GET			0x003270
#define NV_PFIFO_CACHE1_GET_WRAP		0x800
#define NV_PFIFO_CACHE1_ENGINE			0x003280	/* 4 bits per subc */
#define NV50_PFIFO_CACHE1_IB_PUT		0x003330
#define NV50_PFIFO_CACHE1_IB_GET		0x003334
#define NV40_PFIFO_CACHE1_METHOD(i)		(0x090000 + (i) * 8)
#define NV40_PFIFO_CACHE1_DATA(i)		(0x090004 + (i) * 8)
#define NV40_PFIFO_CACHE1_SIZE			512
/* CACHE1 slot of a GET value (the G80 wraps at 0x800, not 0x1000) */
#define NV_PFIFO_CACHE1_SLOT(get)		(((get) & 0x7ff) >> 2)
#define NV_PFIFO_CACHE1_METHOD_MTHD		GENMASK(12, 2)
#define NV_PFIFO_CACHE1_METHOD_SUBC		GENMASK(15, 13)

/* Engines of CACHE1_ENGINE and of a RAMHT entry's context */
#define NV50_FIFO_ENGINE_SW			0
#define NV50_FIFO_ENGINE_GR			1

/* Per channel user registers ("user area") */
#define NV50_USER(c)				(0xc00000 + (c) * 0x2000)
#define NV50_USER_SIZE				0x2000
#define NV50_USER_DMA_PUT			0x40
#define NV50_USER_DMA_GET			0x44
#define NV50_USER_REF_CNT			0x48
#define NV50_USER_IB_GET			0x88
#define NV50_USER_IB_PUT			0x8c

/* PRAMIN: BAR0's window on instance memory */
#define NV50_PRAMIN				0x700000
#define NV50_PRAMIN_SIZE			0x100000

/*
 * Instance block of a channel: RAMFC first (rnndb G80_RAMFC).  The words
 * nouveau's g84_chan_ramfc_write() sets and nvpm sets alike: IB mode and
 * the fetch parameters, the channel's time slice, the DMA object the IB
 * ring and pushbuffers are read through (offset in the structure >> 4),
 * the semaphore acquire timeout, the SLI word with every device (0xfff).
 */
#define NV50_RAMFC_DMA_FETCH			0x3c
#define NV50_RAMFC_DMA_FETCH_TRIG		GENMASK(7, 3)
#define NV50_RAMFC_DMA_FETCH_SIZE		GENMASK(15, 13)
#define NV50_RAMFC_DMA_FETCH_MAX_REQS		GENMASK(22, 16)
#define NV50_RAMFC_DMA_FETCH_IB_ENABLE		BIT(30)
#define NV50_RAMFC_DMA_TIMESLICE		0x44
#define NV50_RAMFC_DMA_INSTANCE			0x48
#define NV50_RAMFC_ACQUIRE_TIMEOUT		0x60
#define NV50_RAMFC_ACQUIRE_TIMEOUT_MAX		GENMASK(30, 0)
#define NV50_RAMFC_UNK88			0x78
#define NV50_RAMFC_SLI				0x7c
#define NV50_RAMFC_SLI_INIT			0x30000fff
#define NV50_RAMFC_IB_LOW			0x50
#define NV50_RAMFC_IB_HIGH			0x54
#define NV50_RAMFC_IB_HIGH_ADDR			GENMASK(7, 0)	/* bits 39:32 */
#define NV50_RAMFC_IB_HIGH_ORDER		GENMASK(20, 16)	/* log2 entries */
#define NV50_RAMFC_RAMHT			0x80
#define NV50_RAMFC_RAMHT_OFFSET			GENMASK(23, 0)	/* bytes >> 4 */
#define NV50_RAMFC_RAMHT_BITS			GENMASK(31, 27)	/* log2 entries - 9 */
#define NV50_RAMFC_RAMHT_SEARCH_FULL		(4 << 24)

/*
 * RAMHT: 8-byte entries, handle then context, found from a hash of the
 * handle (nouveau core/ramht.c: XOR-folded in log2(entries)-bit pieces;
 * per-channel tables mix in no channel id).  An object with no structure
 * of its own (a software object) has nouveau's default instance, 0x40.
 */
#define NV50_RAMHT_ENTRY			8
#define NV50_RAMHT_INSTANCE_NONE		0x40
#define NV50_RAMHT_CONTEXT_ENGINE		GENMASK(22, 20)
#define NV50_RAMHT_CONTEXT_INSTANCE		GENMASK(15, 0)	/* object >> 4 */

/* IB entries: 8 bytes, address and length of a pushbuffer segment */
#define NV50_IB_ENTRY				8
#define NV50_IB_HIGH_ADDR			GENMASK(7, 0)
#define NV50_IB_HIGH_LENGTH			GENMASK(30, 10)	/* words */

/* DMA pusher commands (IB mode: no jumps, calls or returns) */
#define NV50_DMA_CMD_TYPE			GENMASK(31, 29)
#define NV50_DMA_CMD_TYPE_INC			0
#define NV50_DMA_CMD_TYPE_NONINC		2
#define NV50_DMA_CMD_COUNT			GENMASK(28, 18)
#define NV50_DMA_CMD_ZERO			(GENMASK(17, 16) | GENMASK(1, 0))
#define NV50_DMA_CMD_SUBC			GENMASK(15, 13)
#define NV50_DMA_CMD_MTHD			GENMASK(12, 2)

/* Methods the FIFO runs itself (below 0x100) */
#define NV_FIFO_MTHD_OBJECT			0x0000
#define NV_FIFO_MTHD_REF_CNT			0x0050
#define NV_FIFO_MTHD_FIFO_END			0x0100
/* Methods whose data is a handle the puller looks up: CACHE1_HASH after */
#define NV_FIFO_MTHD_OBJ_FIRST			0x0180
#define NV_FIFO_MTHD_OBJ_LAST			0x01fc

#endif
