/* SPDX-License-Identifier: MIT */
/*
 * nvpm's host interface: how another GPU driver (nouveau) runs nvpm's
 * perfmon engine and PDAEMON idle counters on a GPU it owns.
 *
 * This header is the whole contract.  It names no nvkm type, so a driver
 * with its own nvkm headers (nouveau) includes it next to them without a
 * clash; every symbol it declares is exported by nvpm.ko with the nvpm_
 * prefix.  The host lends nvpm its register accessors; nvpm builds its own
 * nvkm device on them and never maps BAR0 itself.
 */
#ifndef __NVPM_HOST_H__
#define __NVPM_HOST_H__
#include <linux/types.h>
#include <nvpm_class.h>

struct device;
struct drm_device;
struct nvpm_host;
struct nvpm_host_chan;
struct nvpm_host_file;
struct nvpm_host_group;
struct nvpm_sim_gpu;

/**
 * struct nvpm_host_ops - what the host lends nvpm
 * @rd32: read the 32-bit register at BAR0 offset @addr
 * @wr32: write @data to the 32-bit register at BAR0 offset @addr
 *
 * Both must be callable from any context nvpm runs in, interrupt context
 * included (software methods): no sleeping.  Later services (its
 * address spaces for record mode) are added here as further optional
 * members, so a host built against an older version of this struct keeps
 * working.
 */
struct nvpm_host_ops {
	u32 (*rd32)(void *priv, u32 addr);
	void (*wr32)(void *priv, u32 addr, u32 data);
};

/*
 * The sizes are nvpm's class constants (nvpm_class.h, which userspace and
 * nvpm's engines share), so there is one definition of each.
 */
#define NVPM_HOST_NAME_LEN	NVPM_NAME_LEN
#define NVPM_HOST_COUNTERS	NVPM_GROUP_COUNTERS	/* counters of a counter group */
#define NVPM_HOST_SOURCES	NVPM_GROUP_MAX_SOURCES	/* source settings per group */
#define NVPM_HOST_SIG_SOURCES	NVPM_SIGNAL_SOURCES	/* sources a signal can have */
#define NVPM_HOST_SAMPLE_MAX	64	/* groups one nvpm_host_sample() takes */

/**
 * struct nvpm_host_domain - a counter domain
 * @name: its name ("core_a", "pdaemon")
 * @clock: the clock it counts
 * @nr_signals: signals 0 .. @nr_signals - 1 exist
 * @nr_named: signals of it with a name
 * @nr_counters: counters one group on it can use
 * @idle: it is the PDAEMON idle counter domain
 */
struct nvpm_host_domain {
	char name[16];
	char clock[16];
	u16 nr_signals;
	u16 nr_named;
	u8 nr_counters;
	bool idle;
};

/**
 * struct nvpm_host_signal - a named signal
 * @signal: its number in its domain
 * @nr_sources: entries in @source
 * @source: the sources that steer it (ids for nvpm_host_source())
 * @name: its name
 */
struct nvpm_host_signal {
	u8 signal;
	u8 nr_sources;
	u8 source[NVPM_HOST_SIG_SOURCES];
	char name[NVPM_HOST_NAME_LEN];
};

/**
 * struct nvpm_host_source - a multiplexer field that steers signals
 * @name: its name
 * @mask: the values it takes, unshifted
 */
struct nvpm_host_source {
	char name[NVPM_HOST_NAME_LEN];
	u32 mask;
};

/**
 * struct nvpm_host_group_args - what a counter group counts
 * @dom: domain index
 * @mode: NVPM_MODE_QUAD or NVPM_MODE_SINGLE (nvpm_class.h)
 * @ctr_mode: counter mode (PCOUNTER CTRL field; 0 for plain counting)
 * @nr_ctr: counters used, 1 .. NVPM_HOST_COUNTERS
 * @ctr: per counter
 * @ctr.signal: its four input signals
 * @ctr.logic_op: the truth table over them
 * @ctr.flags: nvpm's per-counter input flags (0 for none)
 * @nr_src: entries in @src
 * @src: source settings programmed before the counters start
 * @src.id: the source (domain-wide id, as nvpm_host_signal.source)
 * @src.value: its value
 */
struct nvpm_host_group_args {
	u32 dom;
	u32 mode;
	u32 ctr_mode;
	u32 nr_ctr;
	struct {
		u8 signal[4];
		u16 logic_op;
		u16 flags;
	} ctr[NVPM_HOST_COUNTERS];
	u32 nr_src;
	struct {
		u32 id;
		u32 value;
	} src[NVPM_HOST_SOURCES];
};

/**
 * struct nvpm_host_result - a counter group's totals (64-bit, never wrap)
 * @value: per counter, the sum over all samples
 * @cycles: domain cycles over all samples
 * @ctr_flags: per counter NVPM_READ_SATURATED (nvpm_class.h)
 * @flags: NVPM_READ_NOT_READY (never sampled) / NVPM_READ_LOST (a latch
 *	   was lost since the last read)
 * @samples: samples taken
 */
struct nvpm_host_result {
	u64 value[NVPM_HOST_COUNTERS];
	u64 cycles;
	u32 ctr_flags[NVPM_HOST_COUNTERS];
	u32 flags;
	u64 samples;
};

bool nvpm_host_supported(u32 boot0);
bool nvpm_host_perf_allowed(void);
struct nvpm_host *nvpm_host_attach(struct device *dev,
				   const struct nvpm_host_ops *ops, void *priv,
				   u32 boot0);
void nvpm_host_detach(struct nvpm_host *host);
int nvpm_host_init(struct nvpm_host *host);
int nvpm_host_fini(struct nvpm_host *host, bool suspend);
const char *nvpm_host_chip(struct nvpm_host *host);

int nvpm_host_nr_domains(struct nvpm_host *host);
int nvpm_host_domain(struct nvpm_host *host, u32 dom,
		     struct nvpm_host_domain *out);
int nvpm_host_signal(struct nvpm_host *host, u32 dom, u32 index,
		     struct nvpm_host_signal *out);
int nvpm_host_signal_find(struct nvpm_host *host, u32 dom, u32 signal,
			  struct nvpm_host_signal *out);
int nvpm_host_source(struct nvpm_host *host, u32 dom, u32 id,
		     struct nvpm_host_source *out);

int nvpm_host_group_new(struct nvpm_host *host,
			const struct nvpm_host_group_args *args,
			const void *holder, struct nvpm_host_group **pgrp);
void nvpm_host_group_del(struct nvpm_host_group **pgrp);
int nvpm_host_sample(struct nvpm_host *host, struct nvpm_host_group **grp,
		     int nr);
void nvpm_host_read(struct nvpm_host_group *grp, struct nvpm_host_result *res);

/*
 * nvpm's counter ioctls on the host's DRM node (nvpm_drm.h): the host
 * gives each file that uses them a state of its own and passes the
 * ioctls, copied in, with nvpm's numbers.
 */
struct nvpm_host_file *nvpm_host_file_new(struct nvpm_host *host,
					  struct drm_device *drm);
void nvpm_host_file_del(struct nvpm_host_file **pfile);
int nvpm_host_ioctl(struct nvpm_host_file *file, unsigned int nr, void *data);

/**
 * struct nvpm_host_notifier - a channel's notifier, lent by the host
 * @map: its kernel mapping, pinned and mapped until @release is called
 * @size: bytes at @map: NVPM_HOST_NOTIFIER_SIZE(@ring_size) at least
 * @handle: SET_NOTIFY's data for it, as the host's dispatch passes it on
 *	    (the puller looks SET_NOTIFY's handle up: on the NV50 family
 *	    nouveau passes the instance >> 4 of the notifier's DMA object)
 * @ring_size: ring entries, a power of two from NVPM_RING_SIZE_MIN to
 *	       NVPM_RING_SIZE_MAX (nvpm_drm.h)
 * @release: called once nvpm no longer touches @map, in process context;
 *	     may be NULL
 * @priv: argument of @release
 *
 * The layout is nvpm's notifier's (nvpm_class.h): a header, then the ring.
 */
struct nvpm_host_notifier {
	void *map;
	size_t size;
	u32 handle;
	u32 ring_size;
	void (*release)(void *priv);
	void *priv;
};

#define NVPM_HOST_NOTIFIER_SIZE(ring_size) \
	(sizeof(struct drm_nvpm_notifier_header) + \
	 (ring_size) * sizeof(struct drm_nvpm_notifier_entry))

/**
 * struct nvpm_host_mthd_time - time spent in one software method
 * @count: times it ran
 * @ns: nanoseconds inside it, register accesses included
 * @mmio_ns: of which in register accesses
 * @max_ns: the longest run
 */
struct nvpm_host_mthd_time {
	u64 count;
	u64 ns;
	u64 mmio_ns;
	u64 max_ns;
};

/*
 * nvpm's software methods on a host channel's software object: the host
 * hands them over from its software-method dispatch, in interrupt
 * context; they find their counter groups among one file's.
 */
struct nvpm_host_chan *nvpm_host_chan_new(struct nvpm_host_file *file,
					  const struct nvpm_host_notifier *ntfy);
bool nvpm_host_chan_mthd(struct nvpm_host_chan *chan, u32 mthd, u32 data);
int nvpm_host_chan_time(struct nvpm_host_chan *chan, u32 mthd,
			struct nvpm_host_mthd_time *out);
void nvpm_host_chan_del(struct nvpm_host_chan **pchan);

struct drm_nvpm_record_domain;

/**
 * struct nvpm_host_record_buf - a record buffer in a host channel
 * @chan: the channel's descriptor, as RECORD_CHAN takes it: its instance
 *	  >> 12, the memory target in bits 28-29 (0: VRAM; memory_g80-vm.rst)
 * @dma: RECORD_DMA: a DMA object of that channel (its instance >> 4 in
 *	 the channel's structure, as a RAMHT entry names it), through which
 *	 PCOUNTER writes; the windows are offsets in it
 * @limit: the DMA object's last valid offset
 * @map: kernel mapping of the rings: domain i's at @map + i * @ring_size
 * @ring_size: bytes of each ring, a multiple of 4096
 * @win: per domain, the offset in the DMA object of its window, where the
 *	 host mapped @copies copies of its ring back to back
 * @copies: copies of a ring in its window, NVPM_HOST_RECORD_COPIES_MIN ..
 *	    NVPM_HOST_RECORD_COPIES_MAX: PCOUNTER's position only grows, so
 *	    going through the window is going round the ring; nvpm moves it
 *	    back before it reaches the end (its poll, every 10 ms)
 * @id: what the rings are in (the host's buffer object), or NULL for
 *	@priv: a buffer records for one session at a time
 * @release: called once PCOUNTER can no longer write the windows, in
 *	     process context (the host unmaps them then, flushing PCOUNTER's
 *	     TLB, and may free the channel); may be NULL
 * @priv: argument of @release
 *
 * Everything the hardware can write must be mapped, every window whole,
 * until @release: nvpm checks the reference's rules
 * (16-byte aligned windows, inside the DMA object, none crossing a 4 GiB
 * boundary, below 4 GiB before G92) before it writes a register.
 */
struct nvpm_host_record_buf {
	u32 chan;
	u16 dma;
	u64 limit;
	void *map;
	u64 ring_size;
	u64 win[NVPM_RECORD_MAX_DOMAINS];
	u32 copies;
	const void *id;
	void (*release)(void *priv);
	void *priv;
};

#define NVPM_HOST_RECORD_COPIES_MIN	2
#define NVPM_HOST_RECORD_COPIES_MAX	16

/**
 * struct nvpm_host_record_status - where one domain's recording stands
 * @written: packets written since the start
 * @ready: packets surely in memory
 * @tail: oldest packet still in the ring
 * @lost: packets overwritten before they were read
 * @position: ring offset of the next packet
 * @rearms: times PCOUNTER was moved back to the start of its window
 * @gaps: times it ran out of window first (packets lost, uncounted)
 * @flags: NVPM_RECORD_FAULT, _STOPPED, _INTERRUPTED (nvpm_class.h)
 */
struct nvpm_host_record_status {
	u64 written;
	u64 ready;
	u64 tail;
	u64 lost;
	u64 position;
	u32 rearms;
	u32 gaps;
	u32 flags;
};

/*
 * Record mode (G84:GF100) into a buffer in a host channel's address
 * space: one session per channel, stopped before the channel's software
 * state goes (nvpm_host_chan_del()) or its file does.  The session has a
 * handle among its file's, for RECORD_STATUS and RECORD_STOP on the
 * host's node (nvpm_host_ioctl()).
 */
struct drm_nvpm_record_start;
int nvpm_host_record_check(struct nvpm_host_file *file,
			   const struct drm_nvpm_record_start *in,
			   struct drm_nvpm_record_domain *doms);
int nvpm_host_record_start(struct nvpm_host_chan *chan,
			   const struct nvpm_host_record_buf *buf, bool shrt,
			   u32 nr_doms, const struct drm_nvpm_record_domain *doms,
			   u32 *handle);
int nvpm_host_record_status(struct nvpm_host_chan *chan, const u64 *read,
			    struct nvpm_host_record_status *st);
int nvpm_host_record_stop(struct nvpm_host_chan *chan,
			  struct nvpm_host_record_status *st);

/*
 * The simulated GPU, for a host's tests: a GPU that exists only behind
 * these register accessors (nvpm.ko built with DRM_NVPM_SIM).
 */
struct nvpm_sim_gpu *nvpm_sim_gpu_new(u32 chipset, unsigned int gr_busy);
void nvpm_sim_gpu_del(struct nvpm_sim_gpu **psim);
u32 nvpm_sim_gpu_rd32(void *sim, u32 addr);
void nvpm_sim_gpu_wr32(void *sim, u32 addr, u32 data);
int nvpm_sim_gpu_irq(struct nvpm_sim_gpu *sim);

#endif
