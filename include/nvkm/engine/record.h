/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_RECORD_H__
#define __NVKM_RECORD_H__
#include <nvkm/engine/pm.h>
#include <uapi/drm/nvpm_class.h>

/*
 * PCOUNTER record mode sessions (G84:GF100): the engine's side of
 * RECORD_START / RECORD_STATUS / RECORD_STOP.  The caller provides one
 * ring of memory per domain (kernel addresses, alive until the session is
 * deleted); the engine maps it for the GPU, runs the hardware and keeps
 * the accounts.  See nvkm/engine/pm/record.c.
 */
/**
 * struct nvkm_record_dom_args - one domain of a record session
 * @dom: domain index
 * @nr_signals: signals counted, slots 0 .. @nr_signals - 1
 * @signal: per slot (PRE_SRC[0..3], START_SRC[0..3], EVENT_SRC[0..3])
 * @stop: NVPM_RECORD_STOP_*
 * @stop_arg: PERIODIC: period 1..7; SIGNAL: the signal; USER: 0
 * @flags: NVPM_RECORD_STOP_EDGE
 * @ring: the domain's ring: page aligned, contiguous in the kernel's
 *	  address space, alive and unmoved until the session is deleted
 * @ring_size: its bytes, a non-zero multiple of 4096
 * @win: with a lent space (&nvkm_record_args.space): the offset, in the
 *	 space's DMA object, of the domain's window, which the lender mapped
 * @copies: with a lent space: the window is @copies copies of the ring,
 *	    back to back, NVKM_RECORD_COPIES_MIN .. NVKM_RECORD_COPIES_MAX
 */
struct nvkm_record_dom_args {
	u32 dom;
	u32 nr_signals;
	u8 signal[NVPM_RECORD_SIGNALS];
	u32 stop;
	u32 stop_arg;
	u32 flags;
	void *ring;
	u64 ring_size;
	u64 win;
	u32 copies;
};

#define NVKM_RECORD_COPIES_MIN	2
#define NVKM_RECORD_COPIES_MAX	16

/**
 * struct nvkm_record_space - a record space lent by a host
 * @chan: RECORD_CHAN's CHAN field: the descriptor of the channel whose
 *	  address space the windows are mapped in (its instance >> 12, the
 *	  memory target in bits 28-29, memory_g80-vm.rst)
 * @dma: RECORD_DMA: the selector of a DMA object of that channel (its
 *	 instance >> 4 in the channel's structure); windows are offsets in it
 * @limit: the DMA object's last valid offset
 * @release: called once PCOUNTER can no longer write the windows (the
 *	     session is deleted), in process context; the lender then unmaps
 *	     them and may let the channel go
 *
 * The engine's own sessions map their rings in an address space of the
 * engine's (nvpm's own FIFO channel and VM).  A host that owns the GPU's
 * channels (nouveau) lends one of its own instead: it maps every window
 * itself, flushes PCOUNTER's TLB when it changes a mapping (VM engine
 * 0xb, memory_g80-vm.rst), and keeps channel, DMA object, mapping and
 * memory until @release.  The engine checks the windows against the
 * reference's rules before it touches a register.
 */
struct nvkm_record_space {
	u32 chan;
	u16 dma;
	u64 limit;
	void (*release)(struct nvkm_record_space *space);
};

/**
 * struct nvkm_record_args - a record session
 * @shrt: short (16-byte) packets
 * @nr_doms: entries in @dom, 1 .. NVPM_RECORD_MAX_DOMAINS
 * @space: a space lent by the host, or NULL for the engine's own; the
 *	   session owns it from nvkm_record_new(), whatever it returns,
 *	   and calls its release exactly once
 * @dom: the domains
 */
struct nvkm_record_args {
	bool shrt;
	u32 nr_doms;
	struct nvkm_record_space *space;
	struct nvkm_record_dom_args dom[NVPM_RECORD_MAX_DOMAINS];
};

/**
 * struct nvkm_record_status - where one domain's recording stands
 * @written: packets the hardware has written since the start
 * @ready: packets surely in memory (the newest may still be on its way)
 * @tail: oldest packet still in the ring
 * @lost: packets overwritten before they were read
 * @position: ring offset of the next packet
 * @wraps: times the hardware went round the ring
 * @rearms: times the hardware was moved back to the start of its window
 * @gaps: times it ran out of window first (packets lost, uncounted)
 * @flags: NVPM_RECORD_FAULT, _STOPPED, _INTERRUPTED
 */
struct nvkm_record_status {
	u64 written;
	u64 ready;
	u64 tail;
	u64 lost;
	u64 position;
	u64 wraps;
	u32 rearms;
	u32 gaps;
	u32 flags;
};

struct nvkm_record;

struct drm_nvpm_record_domain;
void nvkm_record_args_init(struct nvkm_record_args *args, bool shrt, u32 nr,
			   const struct drm_nvpm_record_domain *doms, void *rings,
			   u64 ring_size);
int nvkm_record_new(struct nvkm_pm *pm, const struct nvkm_record_args *args,
		    struct nvkm_record **prec);
int nvkm_record_status(struct nvkm_record *rec, const u64 *read, bool trigger,
		       struct nvkm_record_status *st);
int nvkm_record_del(struct nvkm_record **prec, struct nvkm_record_status *st);
int nvkm_record_nr_doms(struct nvkm_record *rec);
void nvkm_record_poll(struct nvkm_pm *pm);
u64 nvkm_record_window(struct nvkm_record *rec, int i, u64 *size);
struct nvkm_vmm *nvkm_record_vmm(struct nvkm_pm *pm);
void nvkm_record_clock(struct nvkm_pm *pm, void (*delay)(void *priv, unsigned int us),
		       void *priv, unsigned int poll_ms);

#endif
