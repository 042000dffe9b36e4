/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_FIFO_H__
#define __NVKM_FIFO_H__
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <nvkm/core/engine.h>
#include <nvkm/engine/sw.h>

struct nvkm_vmm;
struct nvkm_fifo_func;

/* Channel ids (the NV50 channel table) */
#define NVKM_FIFO_CHANS			128

/* IB ring entries per channel; a submission takes two. */
#define NVKM_FIFO_IB_ENTRIES		512
/*
 * Handles of the DMA objects a channel's space holds (nvkm_vmm_dma()): the
 * one PFIFO reads the IB ring and pushbuffers through (all of the space),
 * and the notifier's.
 */
#define NVKM_FIFO_NTFY_DMA		1
#define NVKM_FIFO_PUSH_DMA		2

/* The largest segment an IB entry can describe, in bytes. */
#define NVKM_FIFO_SEGMENT_MAX		(((1u << 21) - 1) * 4)

/**
 * struct nvkm_fifo_stats - interrupts handled
 * @intr: calls of the interrupt handler that found something
 * @hardirq: of which in hard interrupt context
 * @ns: nanoseconds spent in them
 * @swmthd: software methods run
 * @faults: channels stopped
 */
struct nvkm_fifo_stats {
	u64 intr;
	u64 hardirq;
	u64 ns;
	u64 swmthd;
	u64 faults;
};

/**
 * struct nvkm_fifo_chan - a channel: a command queue in its own address space
 * @fifo: the FIFO
 * @chid: channel id
 * @inst: VRAM address of its channel structure (instance memory)
 * @vmm: its address space
 * @push_sel: selector of its pushbuffer DMA object (RAMFC's DMA_INSTANCE)
 * @ib: IB ring (kernel mapping), NVKM_FIFO_IB_ENTRIES entries
 * @ib_addr: its GPU address
 * @tail: the kernel's segments that set the reference counter
 * @tail_addr: their GPU address
 * @ib_put: next IB entry the driver writes
 * @submitted: sequence of the latest submission
 * @completed: latest sequence seen processed
 * @sw_subc: subchannels bound to the software object (interrupt handler)
 * @fault: NVPM_FAULT_*, set once
 * @fault_info: method or address of the fault
 * @wait: woken when the channel's interrupts are handled
 * @wakeups: bumped before each such wake-up
 * @sw: the software object
 */
struct nvkm_fifo_chan {
	struct nvkm_fifo *fifo;
	int chid;
	u32 inst;
	struct nvkm_vmm *vmm;
	u16 push_sel;
	u32 *ib;
	u64 ib_addr;
	u32 *tail;
	u64 tail_addr;
	u32 ib_put;
	u64 submitted;
	u64 completed;
	u8 sw_subc;
	u32 fault;
	u64 fault_info;
	wait_queue_head_t wait;
	u32 wakeups;
	struct nvkm_sw_chan sw;
};

/**
 * struct nvkm_fifo - the FIFO engine (NV50 family)
 * @engine: base
 * @func: the generation's channel structures
 * @lock: @chan, every channel's fault state and software object; taken
 *	  in the interrupt handler
 * @chan: channels by id
 * @next_chid: where the search for a free channel id starts
 * @intr_en: PFIFO interrupts enabled
 * @mutex: the playlists
 * @playlist: the two playlists (instance memory), used in turn
 * @playlist_cur: the one written next
 * @stats: interrupt statistics
 * @sw_stats: software method statistics
 */
struct nvkm_fifo {
	struct nvkm_engine engine;
	const struct nvkm_fifo_func *func;
	spinlock_t lock;	/* see above */
	struct nvkm_fifo_chan *chan[NVKM_FIFO_CHANS];
	int next_chid;
	u32 intr_en;
	struct mutex mutex;	/* see above */
	u32 playlist[2];
	int playlist_cur;
	struct nvkm_fifo_stats stats;
	struct nvkm_sw_stats sw_stats;
};

int nv50_fifo_new(struct nvkm_device *device, struct nvkm_fifo **pfifo);
int g84_fifo_new(struct nvkm_device *device, struct nvkm_fifo **pfifo);
bool nvkm_fifo_intr(struct nvkm_fifo *fifo);
int nvkm_fifo_chan_new(struct nvkm_fifo *fifo, nvkm_sw_lookup_t lookup, void *priv,
		       struct nvkm_fifo_chan **pchan);
void nvkm_fifo_chan_del(struct nvkm_fifo_chan **pchan);
void nvkm_fifo_chan_notifier(struct nvkm_fifo_chan *chan, void *ntfy, u32 ring_size, u16 sel);
int nvkm_fifo_chan_submit(struct nvkm_fifo_chan *chan, u64 addr, u32 len, u64 *seq);
u64 nvkm_fifo_chan_completed(struct nvkm_fifo_chan *chan);
u32 nvkm_fifo_chan_fault(struct nvkm_fifo_chan *chan, u64 *info);
void nvkm_fifo_chan_forget(struct nvkm_fifo_chan *chan, struct nvkm_pm_group *grp);
void nvkm_fifo_stats(struct nvkm_fifo *fifo, struct nvkm_fifo_stats *stats,
		     struct nvkm_sw_stats *sw_stats);

#endif
