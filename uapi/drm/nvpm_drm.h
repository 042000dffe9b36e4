/* SPDX-License-Identifier: MIT */
/*
 * nvpm: NVIDIA PCOUNTER / PDAEMON performance counters, userspace interface.
 *
 * Conventions shared by every ioctl:
 *  - each argument struct starts with a @size field that userspace sets to
 *    sizeof() the struct it was built against; the kernel refuses sizes it
 *    does not know with -EINVAL, which is how the structs grow;
 *  - fields named pad or reserved must be zero on input (-EINVAL otherwise)
 *    and are left zero on output;
 *  - pointers to userspace memory travel as __u64.
 */
#ifndef _UAPI_NVPM_DRM_H_
#define _UAPI_NVPM_DRM_H_

#include <linux/const.h>
#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* Bumped whenever an ioctl, a field or a capability is added. */
#define NVPM_UAPI_VERSION		3

/* Card types (the GPU architecture a chipset belongs to). */
#define NVPM_CARD_NV10			0x10
#define NVPM_CARD_NV20			0x20
#define NVPM_CARD_NV30			0x30
#define NVPM_CARD_NV40			0x40
#define NVPM_CARD_NV50			0x50
#define NVPM_CARD_NVC0			0xc0
#define NVPM_CARD_NVE0			0xe0

/* drm_nvpm_get_info.flags */
#define NVPM_INFO_SIMULATED		_BITUL(0)

/*
 * drm_nvpm_get_info.hw_caps: what the PCOUNTER hardware of this chipset
 * offers, as the reference documents list it per generation.
 */
#define NVPM_HW_CAP_CTR_PERIOD		_BITULL(0)  /* EVENT_CTR_PERIOD, NV15+ */
#define NVPM_HW_CAP_COUNTER_40BIT	_BITULL(1)  /* NV10:NV30 */
#define NVPM_HW_CAP_QUAD		_BITULL(2)  /* quad event mode, NV30+ */
#define NVPM_HW_CAP_COUNTER_MODES	_BITULL(3)  /* B4/B6 modes, NV40+ */
#define NVPM_HW_CAP_RECORD		_BITULL(4)  /* record mode, G84+ */
#define NVPM_HW_CAP_SPEC_SRC		_BITULL(5)  /* selectable SWAP, G84+ */
#define NVPM_HW_CAP_PERIODIC		_BITULL(6)  /* PERIODIC signal, G84+ */
#define NVPM_HW_CAP_DELAY_REPLACE	_BITULL(7)  /* G92+ */
#define NVPM_HW_CAP_RECORD_ADDR_HIGH	_BITULL(8)  /* G92+ */
#define NVPM_HW_CAP_USER_TRIGGER	_BITULL(9)  /* USER signals, GT215+ */
#define NVPM_HW_CAP_DOMAIN_SETS		_BITULL(10) /* hub/GPC/part, GF100+ */

/**
 * struct drm_nvpm_get_info - describe the device behind this file
 *
 * Argument of %DRM_IOCTL_NVPM_GET_INFO.
 */
struct drm_nvpm_get_info {
	/** @size: in: sizeof(struct drm_nvpm_get_info). */
	__u32 size;
	/** @flags: out: NVPM_INFO_* bits. */
	__u32 flags;
	/** @version: out: NVPM_UAPI_VERSION of the kernel. */
	__u32 version;
	/** @chipset: out: chipset number, e.g. 0x84 for G84. */
	__u32 chipset;
	/** @card_type: out: NVPM_CARD_* architecture of the chipset. */
	__u32 card_type;
	/** @boot0: out: raw PMC_BOOT_0 the chipset was identified from. */
	__u32 boot0;
	/** @hw_caps: out: NVPM_HW_CAP_* bits of this chipset. */
	__u64 hw_caps;
	/** @name: out: NUL-terminated chipset name, e.g. "G84". */
	char name[16];
	/** @reserved: must be zero; later versions return more here. */
	__u64 reserved;
};

/*
 * Array queries (QUERY_DOMAINS, QUERY_SIGNALS, QUERY_SOURCES): userspace
 * passes @count, the capacity of its array.  The kernel always sets @count
 * to the number of entries there are.  With a capacity of 0 nothing else
 * happens (a size query); a capacity below the number of entries fails
 * with -E2BIG and writes no entry; otherwise every entry is written.
 */

/* drm_nvpm_domain.caps */
#define NVPM_DOMAIN_CAP_SINGLE		_BITUL(0)  /* single event mode */
#define NVPM_DOMAIN_CAP_QUAD		_BITUL(1)  /* quad event mode */
#define NVPM_DOMAIN_CAP_COUNTER_MODES	_BITUL(2)  /* B4/B6 counter modes */
#define NVPM_DOMAIN_CAP_PERIODIC	_BITUL(3)  /* PERIODIC signal */
#define NVPM_DOMAIN_CAP_USER		_BITUL(4)  /* USER signals */

/**
 * struct drm_nvpm_domain - one PCOUNTER domain
 */
struct drm_nvpm_domain {
	/** @id: domain number, the index used by every other ioctl. */
	__u32 id;
	/** @nr_counters: counters a counter group on it can use. */
	__u32 nr_counters;
	/** @nr_signals: its signals are numbered 0 .. nr_signals - 1. */
	__u32 nr_signals;
	/** @caps: NVPM_DOMAIN_CAP_* bits. */
	__u32 caps;
	/** @name: NUL-terminated name, e.g. "core_a". */
	char name[24];
	/** @clock: NUL-terminated name of the clock it counts, e.g. "core". */
	char clock[16];
};

/**
 * struct drm_nvpm_query_domains - list the PCOUNTER domains
 *
 * Argument of %DRM_IOCTL_NVPM_QUERY_DOMAINS.
 */
struct drm_nvpm_query_domains {
	/** @size: in: sizeof(struct drm_nvpm_query_domains). */
	__u32 size;
	/** @count: in: capacity of @domains; out: number of domains. */
	__u32 count;
	/** @domains: in: pointer to an array of struct drm_nvpm_domain. */
	__u64 domains;
};

/**
 * struct drm_nvpm_signal - one signal of a domain
 */
struct drm_nvpm_signal {
	/** @signal: its number in the domain. */
	__u32 signal;
	/** @nr_sources: sources (multiplexer settings) it has. */
	__u32 nr_sources;
	/** @name: NUL-terminated name, e.g. "PGRAPH.IDLE". */
	char name[40];
};

/**
 * struct drm_nvpm_query_signals - list the named signals of a domain
 *
 * Signals without a name (the hardware has up to 256 per domain) are not
 * listed but can be counted by number.
 *
 * Argument of %DRM_IOCTL_NVPM_QUERY_SIGNALS.
 */
struct drm_nvpm_query_signals {
	/** @size: in: sizeof(struct drm_nvpm_query_signals). */
	__u32 size;
	/** @domain: in: domain id. */
	__u32 domain;
	/** @count: in: capacity of @signals; out: number of named signals. */
	__u32 count;
	/** @pad: must be zero. */
	__u32 pad;
	/** @signals: in: pointer to an array of struct drm_nvpm_signal. */
	__u64 signals;
};

/* drm_nvpm_counter.flags: how the four signals reach the logic op */
#define NVPM_COUNTER_DELAY0		_BITUL(0)  /* arg 0 one cycle late */
#define NVPM_COUNTER_DELAY1		_BITUL(1)  /* arg 1 one cycle late */
#define NVPM_COUNTER_REPLACE2		_BITUL(2)  /* arg 2 = signal 0 late (G92+) */
#define NVPM_COUNTER_REPLACE3		_BITUL(3)  /* arg 3 = signal 1 late (G92+) */
#define NVPM_COUNTER_SETFLAG3		_BITUL(4)  /* arg 3 = SETFLAG (NV30+,
						    * counters 2 and 3 only)
						    */

/**
 * struct drm_nvpm_counter - one counter of a counter group
 *
 * The counter counts cycles in which the logic op is true.  The op is a
 * truth table over the four arguments: bit i of @logic_op is the result
 * when argument k is bit k of i.
 */
struct drm_nvpm_counter {
	/** @signal: the four signals (argument 0..3). */
	__u8 signal[4];
	/** @logic_op: truth table. */
	__u16 logic_op;
	/** @flags: NVPM_COUNTER_* bits. */
	__u16 flags;
};

/* drm_nvpm_perfdom_create.mode */
#define NVPM_MODE_QUAD			0  /* 4 counters, latched on SAMPLE */
#define NVPM_MODE_SINGLE		1  /* gated counting periods */

/* drm_nvpm_perfdom_create.counter_mode (NV40+ beyond EVENT_B4) */
#define NVPM_COUNTER_MODE_SIMPLE		0
#define NVPM_COUNTER_MODE_EVENT_B4		1
#define NVPM_COUNTER_MODE_EVENT_B6		2
#define NVPM_COUNTER_MODE_EXTRA_B4		3
#define NVPM_COUNTER_MODE_EXTRA_B6_EVENT_B2	4

/* drm_nvpm_perfdom_create.flags */
#define NVPM_PERFDOM_EVENT_PERIOD_ALL	_BITUL(0)  /* single: sum all periods */

/**
 * struct drm_nvpm_perfdom_create - configure a counter group on a domain
 *
 * In quad mode counter i counts cycles in which its logic op is true,
 * between two SAMPLEs; the counter modes make counters 1 and 2 add
 * integers made of the signals of counters 1 and 2 instead.  In single
 * event mode counter 0 is PRE, 1 START, 2 EVENT (the one counted) and 3
 * STOP: after @pre_count + 1 PRE cycles, counting periods open on START
 * and close on STOP, @stop_count + 1 of them.
 *
 * Needs CAP_PERFMON (or CAP_SYS_ADMIN) unless the module was loaded with
 * unprivileged=1.  The domain must be free: -EBUSY otherwise.
 *
 * Argument of %DRM_IOCTL_NVPM_PERFDOM_CREATE.
 */
struct drm_nvpm_perfdom_create {
	/** @size: in: sizeof(struct drm_nvpm_perfdom_create). */
	__u32 size;
	/** @domain: in: domain id. */
	__u32 domain;
	/** @mode: in: NVPM_MODE_*. */
	__u32 mode;
	/** @counter_mode: in: NVPM_COUNTER_MODE_*. */
	__u32 counter_mode;
	/** @nr_counters: in: counters used, 1 .. the domain's nr_counters. */
	__u32 nr_counters;
	/** @flags: in: NVPM_PERFDOM_* bits. */
	__u32 flags;
	/** @counter: in: the counters; entries past @nr_counters must be 0. */
	struct drm_nvpm_counter counter[4];
	/** @pre_count: in: single event mode: initial CTR_PRE. */
	__u32 pre_count;
	/** @stop_count: in: single event mode: initial CTR_STOP. */
	__u32 stop_count;
	/** @threshold: in: single event mode: EVENT threshold. */
	__u64 threshold;
	/** @handle: out: the group's handle, for SAMPLE/READ/DESTROY. */
	__u32 handle;
	/** @pad: must be zero. */
	__u32 pad;
};

/**
 * struct drm_nvpm_perfdom_destroy - release a counter group
 *
 * Argument of %DRM_IOCTL_NVPM_PERFDOM_DESTROY.
 */
struct drm_nvpm_perfdom_destroy {
	/** @size: in: sizeof(struct drm_nvpm_perfdom_destroy). */
	__u32 size;
	/** @handle: in: from PERFDOM_CREATE. */
	__u32 handle;
};

/**
 * struct drm_nvpm_sample - latch the counter groups
 *
 * The hardware latch is device-wide: every quad mode group of the device,
 * of any file, is latched in the same cycle and its counts are added to
 * its 64-bit totals (so no count is lost to another user's SAMPLE).  This
 * file's groups, and its single event groups, are the ones the SAMPLE is
 * for: their READ sequence grows.
 *
 * Argument of %DRM_IOCTL_NVPM_SAMPLE.
 */
struct drm_nvpm_sample {
	/** @size: in: sizeof(struct drm_nvpm_sample). */
	__u32 size;
	/** @flags: in: must be zero. */
	__u32 flags;
	/** @sequence: out: number of SAMPLEs this file has taken. */
	__u64 sequence;
};

/* drm_nvpm_read.counter_flags[] */
#define NVPM_READ_SATURATED		_BITUL(0)  /* a latch hit the 32-bit limit */
/* drm_nvpm_read.flags */
#define NVPM_READ_NOT_READY		_BITUL(0)  /* no SAMPLE since creation */
#define NVPM_READ_LOST			_BITUL(1)  /* counts were lost since the
						    * last READ (overflow)
						    */

/**
 * struct drm_nvpm_read - the totals of a counter group
 *
 * Argument of %DRM_IOCTL_NVPM_READ.
 */
struct drm_nvpm_read {
	/** @size: in: sizeof(struct drm_nvpm_read). */
	__u32 size;
	/** @handle: in: from PERFDOM_CREATE. */
	__u32 handle;
	/** @value: out: per counter, the total over all samples. */
	__u64 value[4];
	/** @cycles: out: domain clock cycles over all samples. */
	__u64 cycles;
	/** @sequence: out: samples this group has taken. */
	__u64 sequence;
	/** @counter_flags: out: NVPM_READ_SATURATED per counter. */
	__u32 counter_flags[4];
	/** @flags: out: NVPM_READ_* bits. */
	__u32 flags;
	/** @pad: must be zero. */
	__u32 pad;
};

/* Largest buffer object GEM_NEW creates, in bytes. */
#define NVPM_GEM_MAX_SIZE		(64ull << 20)

/**
 * struct drm_nvpm_gem_new - create a buffer object
 *
 * A BO is zeroed system memory, pinned for its whole life, that the GPU
 * and userspace share: map it with mmap() on the DRM file at @map_offset.
 * It is freed when its last handle (DRM_IOCTL_GEM_CLOSE, or closing the
 * file) and its last mapping are gone.
 *
 * Argument of %DRM_IOCTL_NVPM_GEM_NEW.
 */
struct drm_nvpm_gem_new {
	/** @size: in: sizeof(struct drm_nvpm_gem_new). */
	__u32 size;
	/** @flags: in: must be zero. */
	__u32 flags;
	/**
	 * @bo_size: in: bytes, 1 .. NVPM_GEM_MAX_SIZE; out: rounded up to
	 * whole pages.
	 */
	__u64 bo_size;
	/** @handle: out: GEM handle; must be zero on input. */
	__u32 handle;
	/** @pad: must be zero. */
	__u32 pad;
	/** @map_offset: out: mmap() offset; must be zero on input. */
	__u64 map_offset;
};

/**
 * struct drm_nvpm_gem_info - size and mmap() offset of a buffer object
 *
 * Works for every BO handle of the file, including those the kernel made
 * for it (e.g. a channel's notifier).
 *
 * Argument of %DRM_IOCTL_NVPM_GEM_INFO.
 */
struct drm_nvpm_gem_info {
	/** @size: in: sizeof(struct drm_nvpm_gem_info). */
	__u32 size;
	/** @handle: in: GEM handle. */
	__u32 handle;
	/** @bo_size: out: bytes. */
	__u64 bo_size;
	/** @map_offset: out: mmap() offset. */
	__u64 map_offset;
	/** @pad: must be zero. */
	__u64 pad;
};

/*
 * Channels and command-stream sampling
 * ====================================
 *
 * A channel is a queue of GPU commands: userspace writes pushbuffers
 * (NV50 DMA pusher format: a header word, then its data words) into buffer
 * objects and submits ranges of them with EXEC; the GPU's FIFO runs them
 * asynchronously, in order.  Every channel has three objects, bound to a
 * subchannel by method NVPM_MTHD_OBJECT with their handle as data:
 *
 *  - NVPM_HANDLE_GR, the graphics class: DRAW keeps the graphics engine
 *    busy and drives its performance signals (see Documentation/nvpm.rst);
 *  - NVPM_HANDLE_SW, the software class: its methods run in the kernel, in
 *    interrupt context, exactly between the commands around them, and
 *    sample counters into the channel's notifier;
 *  - NVPM_HANDLE_NOTIFIER, the notifier buffer object (a DMA object), given
 *    to NVPM_SW_SET_NOTIFY.
 *
 * A channel faults on a malformed pushbuffer (a header it cannot decode, a
 * range that is not mapped, a method for a subchannel without an object, a
 * bind to an unknown handle): it stops, EXEC and WAIT fail with -EIO and
 * say why; other channels go on.  Software methods never fault a channel:
 * bad data is reported in the notifier ring.
 */

/* Pushbuffer headers: @count data words follow, for methods from @mthd. */
#define NVPM_PUSH_INC(subc, mthd, count) \
	(((count) << 18) | ((subc) << 13) | (mthd))	/* mthd, mthd + 4, ... */
#define NVPM_PUSH_NONINC(subc, mthd, count) \
	(0x40000000 | NVPM_PUSH_INC(subc, mthd, count))	/* mthd every time */
#define NVPM_PUSH_MAX_COUNT		0x7ff
#define NVPM_PUSH_SUBCHANNELS		8

/* Methods every subchannel has (the FIFO's own). */
#define NVPM_MTHD_OBJECT		0x0000	/* data: object handle */

/* The objects of every channel. */
#define NVPM_HANDLE_GR			0xbeef50a0
#define NVPM_HANDLE_SW			0xbeef506e
#define NVPM_HANDLE_NOTIFIER		0xbeef0301

/* Classes of the objects, as the GPU knows them. */
#define NVPM_CLASS_GR			0x50a0	/* simulated graphics */
#define NVPM_CLASS_SW			0x506e	/* NV50 software class */

/*
 * Graphics class methods.  DRAW draws @data primitives (0..0xffff): the
 * graphics engine is busy for primitives * PRIM_CYCLES cycles, and its
 * setup unit emits one primitive per cycle at the start.  A graphics
 * method waits until the engine has finished the previous DRAW.
 */
#define NVPM_GR_NOP			0x0100
#define NVPM_GR_PRIM_CYCLES		0x0200	/* data: 1..0xffff; default 4 */
#define NVPM_GR_DRAW			0x0204	/* data: primitives */
#define NVPM_GR_PRIM_CYCLES_DEFAULT	4

/*
 * Software methods.  The FIFO waits for the graphics engine to be idle,
 * stops the channel and interrupts; the kernel runs the method and lets
 * the channel go on.
 *
 * NVPM_SW_SET_NOTIFY: data NVPM_HANDLE_NOTIFIER: where results go.
 * NVPM_SW_COUNTER_ADD: data: a counter, NVPM_SW_COUNTER_*(): add it to the
 *	staging set (at most NVPM_SW_STAGING_MAX); its first interval starts
 *	at its first SAMPLE.
 * NVPM_SW_COUNTER_CLEAR: data 0: empty the staging set.
 * NVPM_SW_SAMPLE: data 0: latch every staged counter now; an interval of a
 *	counter is what it counted between two SAMPLEs.
 * NVPM_SW_READOUT: data: a query sequence number: write one ring entry per
 *	staged counter, its last interval, stamped with the sequence, then
 *	the sequence at offset 0 of the notifier.
 * NVPM_SW_NOP: does nothing (the cost of a software method).
 */
#define NVPM_SW_NOP			0x0100
#define NVPM_SW_SET_NOTIFY		0x0180
#define NVPM_SW_COUNTER_ADD		0x0600
#define NVPM_SW_COUNTER_CLEAR		0x0604
#define NVPM_SW_SAMPLE			0x0608
#define NVPM_SW_READOUT			0x060c

#define NVPM_SW_STAGING_MAX		16

/*
 * Counters for NVPM_SW_COUNTER_ADD: counter @ctr (0..3) of the counter group
 * @handle of the file that created the channel (handles are below 1 << 24),
 * or a global counter of the GPU.
 */
#define NVPM_SW_COUNTER_PERFDOM(handle, ctr)	((handle) | ((ctr) << 24))
#define NVPM_SW_COUNTER_GLOBAL		0x80000000
/* GPU time (PTIMER) in ns; its entries' cycles are 0. */
#define NVPM_SW_GLOBAL_PTIMER		(NVPM_SW_COUNTER_GLOBAL | 0)

/* Error codes: drm_nvpm_notifier_entry.counter of an error entry. */
#define NVPM_SW_ERR_NO_NOTIFIER		1	/* counted only: no ring yet */
#define NVPM_SW_ERR_BAD_NOTIFIER	2	/* SET_NOTIFY: unknown handle */
#define NVPM_SW_ERR_BAD_COUNTER		3	/* ADD: no such group or counter */
#define NVPM_SW_ERR_STAGING_FULL	4	/* ADD: NVPM_SW_STAGING_MAX reached */
#define NVPM_SW_ERR_BAD_DATA		5	/* CLEAR/SAMPLE/NOP: data not 0 */
#define NVPM_SW_ERR_BAD_METHOD		6	/* no such software method */
#define NVPM_SW_ERR_GONE		7	/* the group was destroyed */
#define NVPM_SW_ERR_LATCH		8	/* the hardware did not latch */

/*
 * The notifier: a buffer object the kernel creates with the channel;
 * userspace maps it (GEM_INFO or the offset CHANNEL_NEW returns) and reads
 * results without a system call.  It starts with struct
 * drm_nvpm_notifier_header; the ring of struct drm_nvpm_notifier_entry
 * follows at @ring_offset.  Entry n of the ring is written at index
 * n % ring_size.
 *
 * A READOUT writes, per staged counter, the entry's @sequence as
 * NVPM_NOTIFY_SEQ_BUSY, then its other fields, then its @sequence; once
 * all are written, the header's counts and @write_index, and last the
 * header's @sequence.  Each step is ordered after the previous one (write
 * barriers).  So, for a query sequence S:
 *
 *  - the results of S are complete once header.sequence >= S (sequences
 *    are expected to grow);
 *  - an entry is S's if its @sequence reads S before and after its other
 *    fields are read (with read barriers in between) and it has no
 *    NVPM_NOTIFY_METHOD flag; an entry of S that is missing while
 *    header.sequence >= S was overwritten by newer ones.
 *
 * Userspace may write @read_sequence, the last sequence it has consumed:
 * entries of later sequences that the kernel overwrites are counted in
 * @lost.
 */

/* drm_nvpm_notifier_entry.sequence while the entry is being written */
#define NVPM_NOTIFY_SEQ_BUSY		(~0ull)

/* drm_nvpm_notifier_entry.flags */
#define NVPM_NOTIFY_ERROR		_BITUL(0)  /* no result, see @counter */
#define NVPM_NOTIFY_METHOD		_BITUL(1)  /* a method's error, no result */
#define NVPM_NOTIFY_NOT_READY		_BITUL(2)  /* fewer than two SAMPLEs */
#define NVPM_NOTIFY_SATURATED		_BITUL(3)  /* a latch hit the limit */
#define NVPM_NOTIFY_LOST		_BITUL(4)  /* a latch was lost (overflow) */

/**
 * struct drm_nvpm_notifier_header - start of a channel's notifier
 */
struct drm_nvpm_notifier_header {
	/** @sequence: the latest READOUT's sequence (0: none yet). */
	__u64 sequence;
	/** @ring_offset: byte offset of entry 0 in the notifier. */
	__u32 ring_offset;
	/** @ring_size: entries in the ring, a power of two >= 64. */
	__u32 ring_size;
	/** @entry_size: sizeof(struct drm_nvpm_notifier_entry). */
	__u32 entry_size;
	/** @write_index: entries written so far (wraps at 2^32). */
	__u32 write_index;
	/** @lost: entries newer than @read_sequence that were overwritten. */
	__u32 lost;
	/** @errors: error entries written, and errors met without a ring. */
	__u32 errors;
	/** @read_sequence: written by userspace, see above; 0 to not count. */
	__u64 read_sequence;
	/** @reserved: zero. */
	__u64 reserved[3];
};

/**
 * struct drm_nvpm_notifier_entry - one result (or error) in the ring
 */
struct drm_nvpm_notifier_entry {
	/**
	 * @sequence: the READOUT's sequence; NVPM_NOTIFY_SEQ_BUSY while
	 * being written; for NVPM_NOTIFY_METHOD entries, the header's
	 * sequence when they were written.
	 */
	__u64 sequence;
	/**
	 * @counter: the counter as given to ADD; for NVPM_NOTIFY_METHOD
	 * entries, an NVPM_SW_ERR_*.
	 */
	__u32 counter;
	/** @flags: NVPM_NOTIFY_* bits. */
	__u32 flags;
	/**
	 * @cycles: domain clock cycles of the interval (0 for global
	 * counters); for a method's error, its method number.
	 */
	__u64 cycles;
	/**
	 * @value: the count of the interval; for an NVPM_NOTIFY_METHOD entry,
	 * the method's data; for a result with NVPM_NOTIFY_ERROR (its
	 * counter group was destroyed), an NVPM_SW_ERR_*.
	 */
	__u64 value;
};

/* Default and limits of drm_nvpm_channel_new.ring_size */
#define NVPM_RING_SIZE_DEFAULT		256
#define NVPM_RING_SIZE_MIN		64
#define NVPM_RING_SIZE_MAX		4096

/**
 * struct drm_nvpm_channel_new - create a channel and its notifier
 *
 * Needs a GPU whose FIFO nvpm drives (-ENODEV otherwise).  The channel
 * belongs to the file; software methods find counter groups among the
 * file's.
 *
 * Argument of %DRM_IOCTL_NVPM_CHANNEL_NEW.
 */
struct drm_nvpm_channel_new {
	/** @size: in: sizeof(struct drm_nvpm_channel_new). */
	__u32 size;
	/** @flags: in: must be zero. */
	__u32 flags;
	/**
	 * @ring_size: in: notifier ring entries, a power of two from
	 * NVPM_RING_SIZE_MIN to NVPM_RING_SIZE_MAX, or 0 for
	 * NVPM_RING_SIZE_DEFAULT.
	 */
	__u32 ring_size;
	/** @channel: out: the channel's handle; must be zero on input. */
	__u32 channel;
	/** @notifier: out: GEM handle of the notifier; zero on input. */
	__u32 notifier;
	/** @pad: must be zero. */
	__u32 pad;
	/** @notifier_size: out: its size in bytes. */
	__u64 notifier_size;
	/** @notifier_offset: out: its mmap() offset. */
	__u64 notifier_offset;
};

/**
 * struct drm_nvpm_channel_del - destroy a channel
 *
 * Work still queued is dropped; the notifier BO lives on while userspace
 * holds its handle or a mapping.  Closing the file destroys its channels.
 *
 * Argument of %DRM_IOCTL_NVPM_CHANNEL_DEL.
 */
struct drm_nvpm_channel_del {
	/** @size: in: sizeof(struct drm_nvpm_channel_del). */
	__u32 size;
	/** @channel: in: from CHANNEL_NEW. */
	__u32 channel;
};

/* Largest pushbuffer range one EXEC submits, in bytes. */
#define NVPM_EXEC_MAX_LENGTH		_BITULL(22)

/**
 * struct drm_nvpm_exec - submit a pushbuffer range to a channel
 *
 * The BO must be one of the file's; it stays referenced (and mapped for
 * the GPU) until the channel is destroyed.  Fails with -EIO on a channel
 * that has faulted, -EBUSY when the channel's queue stays full for a
 * second.
 *
 * Argument of %DRM_IOCTL_NVPM_EXEC.
 */
struct drm_nvpm_exec {
	/** @size: in: sizeof(struct drm_nvpm_exec). */
	__u32 size;
	/** @channel: in: from CHANNEL_NEW. */
	__u32 channel;
	/** @bo: in: GEM handle of the pushbuffer. */
	__u32 bo;
	/** @flags: in: must be zero. */
	__u32 flags;
	/** @offset: in: byte offset of the range in the BO, 4-aligned. */
	__u64 offset;
	/** @length: in: bytes, 4 .. NVPM_EXEC_MAX_LENGTH, 4-aligned. */
	__u64 length;
	/** @sequence: out: the submission's fence, for WAIT (from 1 up). */
	__u64 sequence;
};

/* drm_nvpm_wait.fault: why a channel stopped */
#define NVPM_FAULT_NONE			0
#define NVPM_FAULT_INVALID_CMD		1  /* a header the FIFO cannot decode */
#define NVPM_FAULT_MEM			2  /* pushbuffer address not mapped */
#define NVPM_FAULT_UNKNOWN_OBJECT	3  /* OBJECT with an unknown handle */
#define NVPM_FAULT_NO_OBJECT		4  /* method on an unbound subchannel */
#define NVPM_FAULT_INVALID_METHOD	5  /* a FIFO method nvpm does not run */
#define NVPM_FAULT_DEVICE		6  /* the GPU was stopped (removed, reset) */

/**
 * struct drm_nvpm_wait - wait for a submission to be processed
 *
 * Returns 0 once the FIFO has processed every command of the submission
 * @sequence (its software methods have run), -ETIME if @timeout_ns passes
 * first (0: just check), -EIO if the channel has faulted (@fault says why),
 * -EINVAL for a sequence not submitted yet.  @completed, @fault and
 * @fault_info are written in every case but -EINVAL.
 *
 * Argument of %DRM_IOCTL_NVPM_WAIT.
 */
struct drm_nvpm_wait {
	/** @size: in: sizeof(struct drm_nvpm_wait). */
	__u32 size;
	/** @channel: in: from CHANNEL_NEW. */
	__u32 channel;
	/** @sequence: in: from EXEC. */
	__u64 sequence;
	/** @timeout_ns: in: how long to wait at most. */
	__u64 timeout_ns;
	/** @completed: out: the latest submission processed. */
	__u64 completed;
	/** @fault: out: NVPM_FAULT_*. */
	__u32 fault;
	/** @pad: must be zero. */
	__u32 pad;
	/**
	 * @fault_info: out: for a method fault, the subchannel, method and
	 * data (subc << 45 | mthd << 32 | data); otherwise the GPU address.
	 */
	__u64 fault_info;
};

#define DRM_NVPM_GET_INFO		0x00
#define DRM_NVPM_QUERY_DOMAINS		0x01
#define DRM_NVPM_QUERY_SIGNALS		0x02
#define DRM_NVPM_PERFDOM_CREATE		0x03
#define DRM_NVPM_PERFDOM_DESTROY	0x04
#define DRM_NVPM_SAMPLE			0x05
#define DRM_NVPM_READ			0x06
#define DRM_NVPM_GEM_NEW		0x08
#define DRM_NVPM_GEM_INFO		0x09
#define DRM_NVPM_CHANNEL_NEW		0x10
#define DRM_NVPM_CHANNEL_DEL		0x11
#define DRM_NVPM_EXEC			0x12
#define DRM_NVPM_WAIT			0x13

#define DRM_IOCTL_NVPM_GET_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GET_INFO, struct drm_nvpm_get_info)
#define DRM_IOCTL_NVPM_QUERY_DOMAINS \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_QUERY_DOMAINS, struct drm_nvpm_query_domains)
#define DRM_IOCTL_NVPM_QUERY_SIGNALS \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_QUERY_SIGNALS, struct drm_nvpm_query_signals)
#define DRM_IOCTL_NVPM_PERFDOM_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_PERFDOM_CREATE, struct drm_nvpm_perfdom_create)
#define DRM_IOCTL_NVPM_PERFDOM_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_NVPM_PERFDOM_DESTROY, struct drm_nvpm_perfdom_destroy)
#define DRM_IOCTL_NVPM_SAMPLE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_SAMPLE, struct drm_nvpm_sample)
#define DRM_IOCTL_NVPM_READ \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_READ, struct drm_nvpm_read)
#define DRM_IOCTL_NVPM_GEM_NEW \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GEM_NEW, struct drm_nvpm_gem_new)
#define DRM_IOCTL_NVPM_GEM_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GEM_INFO, struct drm_nvpm_gem_info)
#define DRM_IOCTL_NVPM_CHANNEL_NEW \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_CHANNEL_NEW, struct drm_nvpm_channel_new)
#define DRM_IOCTL_NVPM_CHANNEL_DEL \
	DRM_IOW(DRM_COMMAND_BASE + DRM_NVPM_CHANNEL_DEL, struct drm_nvpm_channel_del)
#define DRM_IOCTL_NVPM_EXEC \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_EXEC, struct drm_nvpm_exec)
#define DRM_IOCTL_NVPM_WAIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_WAIT, struct drm_nvpm_wait)

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_NVPM_DRM_H_ */
