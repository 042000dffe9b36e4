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
 *
 * The numbers and memory layouts the kernel's engines share with
 * userspace (card types, capabilities, counter modes and flags, record
 * packets, the channel objects and the software class) are in
 * nvpm_class.h, which this header includes.
 */
#ifndef _UAPI_NVPM_DRM_H_
#define _UAPI_NVPM_DRM_H_

#include <linux/const.h>
#include "drm.h"
#include "nvpm_class.h"

#if defined(__cplusplus)
extern "C" {
#endif

/*
 * Bumped whenever an ioctl, a field or a capability is added, or a name
 * changes.  4: PERFDOM_CREATE/DESTROY are GROUP_CREATE/DESTROY, and the
 * counts of samples SAMPLE and READ return are @samples (were @sequence);
 * numbers and layouts are those of 3.
 */
#define NVPM_UAPI_VERSION		5

/* drm_nvpm_get_info.flags */
#define NVPM_INFO_SIMULATED		_BITUL(0)
/* served by another driver's node (nouveau's), on the GPU it drives */
#define NVPM_INFO_HOSTED		_BITUL(1)

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
#define NVPM_DOMAIN_CAP_IDLE		_BITUL(5)  /* PDAEMON idle counters */

/*
 * The idle counter domain (NVPM_DOMAIN_CAP_IDLE; GT215+, named "pdaemon",
 * listed after the PCOUNTER domains): PDAEMON's idle counters, which
 * watch the engines' idle bits.
 *
 *  - Signal s is one engine, in an order every generation shares: 0 gr,
 *    1 pvld, 2 ppdec, 3 pppp, 4 mc, 5 pcopy0, 6 pcopy1 (GF100+), 7 pcopy2
 *    (GK104+); nr_signals says how many there are, each is named.  A
 *    signal is high while its engine is busy.
 *  - Groups are quad mode, counter mode SIMPLE, flags 0, counter flags 0
 *    (-EINVAL otherwise); nr_counters is up to the domain's nr_counters
 *    (3 on GT215:GF100, 4 on GF100+; -E2BIG beyond).
 *  - A counter counts, of the cycles of PDAEMON's clock, those in which
 *    its logic op is true, and the op must be one the hardware counts
 *    (-EINVAL otherwise): the OR of the signals it depends on (any of
 *    those engines busy; 0xaaaa for signal 0 alone, 0xeeee for signal 0
 *    or 1), the AND of their inverses (all idle; 0x5555, 0x1111), or
 *    0xffff (every cycle).  "All busy" over two or more engines (0x8888)
 *    is not something the hardware counts.
 *  - drm_nvpm_read.cycles counts every cycle of PDAEMON's clock over the
 *    same spans (the time base): value / cycles is the share of time.
 *  - The domain is shared: groups of any file can be created on it while
 *    hardware counters remain (4 on GT215:GF100, 8 on GF100+, one of them
 *    the time base; groups counting the same thing share one); then
 *    -EBUSY.
 *  - A SAMPLE reads these counters too; no latch is needed.
 */

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

/**
 * struct drm_nvpm_source - a source of a signal
 *
 * A source is a multiplexer field of the unit a signal comes from: its
 * value chooses what the signal observes.  Several signals may share one
 * source; its id is the same for all of them.
 */
struct drm_nvpm_source {
	/** @id: the source's number in the domain, for GROUP_CREATE. */
	__u32 id;
	/**
	 * @mask: the values it takes: every v with (v & ~mask) == 0.
	 */
	__u32 mask;
	/** @name: NUL-terminated name, e.g. "crop_sel1". */
	char name[32];
};

/**
 * struct drm_nvpm_query_sources - list the sources of a signal
 *
 * Argument of %DRM_IOCTL_NVPM_QUERY_SOURCES.
 */
struct drm_nvpm_query_sources {
	/** @size: in: sizeof(struct drm_nvpm_query_sources). */
	__u32 size;
	/** @domain: in: domain id. */
	__u32 domain;
	/** @signal: in: signal number, below the domain's nr_signals. */
	__u32 signal;
	/** @count: in: capacity of @sources; out: the signal's nr_sources. */
	__u32 count;
	/** @sources: in: pointer to an array of struct drm_nvpm_source. */
	__u64 sources;
};

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

/* drm_nvpm_group_create.flags */
#define NVPM_GROUP_EVENT_PERIOD_ALL	_BITUL(0)  /* single: sum all periods */

/**
 * struct drm_nvpm_source_value - a source setting of a counter group
 */
struct drm_nvpm_source_value {
	/** @id: source id, from QUERY_SOURCES. */
	__u32 id;
	/** @value: the value it takes while the group counts. */
	__u32 value;
};

/**
 * struct drm_nvpm_group_create - configure a counter group on a domain
 *
 * In quad mode counter i counts cycles in which its logic op is true,
 * between two SAMPLEs; the counter modes make counters 1 and 2 add
 * integers made of the signals of counters 1 and 2 instead.  In single
 * event mode counter 0 is PRE, 1 START, 2 EVENT (the one counted) and 3
 * STOP: after @pre_count + 1 PRE cycles, counting periods open on START
 * and close on STOP, @stop_count + 1 of them.
 *
 * Needs CAP_PERFMON (or CAP_SYS_ADMIN) unless the module was loaded with
 * unprivileged=1.  A domain is held by the file that created the first
 * group on it, until its last group there is destroyed: another file gets
 * -EBUSY.  Several groups of one file on one domain (up to 16, -ENOSPC
 * beyond) take turns: the first counts from its creation, and each SAMPLE
 * of the file moves the domain on to its next group, so each group counts
 * in every n-th sampling interval; its READ @cycles and @samples tell how
 * long and how often it counted.  The shared pdaemon domain, where groups
 * of several files count at once, takes at most 16 groups of one file too,
 * and 64 of all files (-ENOSPC beyond).
 *
 * Source settings are written when the group starts counting (and each
 * time it takes its turn): each names a source of a signal the group's
 * counters select, at most once, with a value within its mask (-EINVAL
 * otherwise; more than NVPM_GROUP_MAX_SOURCES: -E2BIG).  Sources are
 * unit registers, not PCOUNTER's: the last group to start decides them.
 *
 * Version 2 of the struct ended at @pad; that size is still accepted and
 * means no source settings.
 *
 * On the idle counter domain (NVPM_DOMAIN_CAP_IDLE), see its description
 * above: a shared domain, and the logic ops its counters can count.
 *
 * Argument of %DRM_IOCTL_NVPM_GROUP_CREATE.
 */
struct drm_nvpm_group_create {
	/** @size: in: sizeof(struct drm_nvpm_group_create). */
	__u32 size;
	/** @domain: in: domain id. */
	__u32 domain;
	/** @mode: in: NVPM_MODE_*. */
	__u32 mode;
	/** @counter_mode: in: NVPM_COUNTER_MODE_*. */
	__u32 counter_mode;
	/** @nr_counters: in: counters used, 1 .. the domain's nr_counters. */
	__u32 nr_counters;
	/** @flags: in: NVPM_GROUP_* bits. */
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
	/** @nr_sources: in: entries in @sources. */
	__u32 nr_sources;
	/** @pad2: must be zero. */
	__u32 pad2;
	/** @sources: in: pointer to struct drm_nvpm_source_value[]. */
	__u64 sources;
};

/**
 * struct drm_nvpm_group_destroy - release a counter group
 *
 * Argument of %DRM_IOCTL_NVPM_GROUP_DESTROY.
 */
struct drm_nvpm_group_destroy {
	/** @size: in: sizeof(struct drm_nvpm_group_destroy). */
	__u32 size;
	/** @handle: in: from GROUP_CREATE. */
	__u32 handle;
};

/**
 * struct drm_nvpm_sample - latch the counter groups
 *
 * The hardware latch is device-wide: every quad mode group of the device,
 * of any file, is latched in the same cycle and its counts are added to
 * its 64-bit totals (so no count is lost to another user's SAMPLE).  This
 * file's groups, and its single event groups, are the ones the SAMPLE is
 * for: their READ samples grow.
 *
 * Argument of %DRM_IOCTL_NVPM_SAMPLE.
 */
struct drm_nvpm_sample {
	/** @size: in: sizeof(struct drm_nvpm_sample). */
	__u32 size;
	/** @flags: in: must be zero. */
	__u32 flags;
	/** @samples: out: number of SAMPLEs this file has taken. */
	__u64 samples;
};

/**
 * struct drm_nvpm_read - the totals of a counter group
 *
 * Argument of %DRM_IOCTL_NVPM_READ.
 */
struct drm_nvpm_read {
	/** @size: in: sizeof(struct drm_nvpm_read). */
	__u32 size;
	/** @handle: in: from GROUP_CREATE. */
	__u32 handle;
	/** @value: out: per counter, the total over all samples. */
	__u64 value[4];
	/** @cycles: out: domain clock cycles over all samples. */
	__u64 cycles;
	/** @samples: out: samples taken while this group was counting. */
	__u64 samples;
	/** @counter_flags: out: NVPM_READ_SATURATED per counter. */
	__u32 counter_flags[4];
	/** @flags: out: NVPM_READ_* bits. */
	__u32 flags;
	/** @pad: must be zero. */
	__u32 pad;
};

/* Largest buffer object GEM_NEW creates, in bytes. */
#define NVPM_GEM_MAX_SIZE		(64ull << 20)
/*
 * Default limit of the bytes of BOs one file may have pinned (the
 * module parameter bo_file_mb, in MiB); the BOs the kernel makes for a
 * file (notifiers, record buffers) count too.  A device has a limit of
 * its own (bo_device_mb, 1 GiB by default, at most half of RAM).
 */
#define NVPM_GEM_FILE_BYTES_DEFAULT	(256ull << 20)

/**
 * struct drm_nvpm_gem_new - create a buffer object
 *
 * A BO is zeroed system memory, pinned for its whole life, that the GPU
 * and userspace share: map it with mmap() on the DRM file at @map_offset.
 * It is freed when its last handle (DRM_IOCTL_GEM_CLOSE, or closing the
 * file) and its last mapping are gone.  -ENOSPC when it would take the
 * file or the device past its limit of pinned bytes
 * (NVPM_GEM_FILE_BYTES_DEFAULT); its memory is charged to the caller's
 * memory cgroup.
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

/**
 * struct drm_nvpm_record_domain - one domain of a record session
 *
 * Event counter i of the packets counts @signal[i]; the hardware's slots
 * are PRE_SRC[0..3], START_SRC[0..3], EVENT_SRC[0..3], in that order.
 */
struct drm_nvpm_record_domain {
	/** @domain: in: domain id. */
	__u32 domain;
	/**
	 * @nr_signals: in: signals counted, 0 .. NVPM_RECORD_SIGNALS
	 * (NVPM_RECORD_SHORT_SIGNALS with short packets).
	 */
	__u32 nr_signals;
	/** @signal: in: the signals; entries past @nr_signals must be 0. */
	__u8 signal[NVPM_RECORD_SIGNALS];
	/** @stop: in: NVPM_RECORD_STOP_*. */
	__u32 stop;
	/** @stop_arg: in: the period (PERIODIC), the signal (SIGNAL) or 0. */
	__u32 stop_arg;
	/** @flags: in: NVPM_RECORD_STOP_EDGE. */
	__u32 flags;
	/** @ring_offset: out: where the domain's ring starts in the BO. */
	__u64 ring_offset;
	/** @ring_size: out: bytes of the ring, a multiple of the packet size. */
	__u64 ring_size;
};

/* drm_nvpm_record_start.flags */
#define NVPM_RECORD_SHORT		_BITUL(0)  /* 16-byte packets */
#define NVPM_RECORD_USER_BO		_BITUL(1)  /* record into @bo_handle */

/**
 * struct drm_nvpm_record_start - start a record session
 *
 * The kernel creates a BO (or, with NVPM_RECORD_USER_BO, takes the one
 * userspace gives; it must not be recording already) holding one ring per
 * domain, back to back, and maps it for the GPU for as long as the
 * session runs.  Map the BO with mmap() at @map_offset to read packets.
 *
 * Needs what GROUP_CREATE needs (CAP_PERFMON unless unprivileged=1).
 * Errors, a refused call changing nothing: -EINVAL for a malformed
 * argument (size, pad, flags, a signal beyond the domain's, too many
 * signals, a STOP source or period the chipset lacks, a ring size that is
 * not a multiple of 4096 or below NVPM_RECORD_RING_MIN, a BO too small),
 * -E2BIG for @nr_domains 0 or above NVPM_RECORD_MAX_DOMAINS, -ENOENT for
 * an unknown domain or BO handle, -EBUSY when a domain is held (a counter
 * group or a record session of any file) or named twice, or when the BO
 * is recording, -EIO when a domain is wedged (see STATUS), -EOPNOTSUPP
 * without record mode, -EPERM, -ENOSPC when the GPU address space is used
 * up (the low 4 GiB on G84), -ENODEV where the driver cannot build GPU
 * address spaces (outside the NV50 family).
 *
 * Argument of %DRM_IOCTL_NVPM_RECORD_START.
 */
struct drm_nvpm_record_start {
	/** @size: in: sizeof(struct drm_nvpm_record_start). */
	__u32 size;
	/** @flags: in: NVPM_RECORD_SHORT, NVPM_RECORD_USER_BO. */
	__u32 flags;
	/** @nr_domains: in: entries in @domains, 1 .. NVPM_RECORD_MAX_DOMAINS. */
	__u32 nr_domains;
	/** @handle: out: the session's handle; must be zero on input. */
	__u32 handle;
	/** @domains: in/out: pointer to struct drm_nvpm_record_domain[]. */
	__u64 domains;
	/**
	 * @ring_size: in: bytes per domain, a multiple of 4096; 0 for
	 * NVPM_RECORD_RING_DEFAULT, or with NVPM_RECORD_USER_BO for the
	 * BO's size shared out evenly.
	 */
	__u64 ring_size;
	/** @bo_handle: in (NVPM_RECORD_USER_BO) or out: the record BO. */
	__u32 bo_handle;
	/** @packet_size: out: NVPM_RECORD_LONG_SIZE or NVPM_RECORD_SHORT_SIZE. */
	__u32 packet_size;
	/** @bo_size: out: bytes of the BO. */
	__u64 bo_size;
	/** @map_offset: out: the BO's mmap() offset. */
	__u64 map_offset;
};

/**
 * struct drm_nvpm_record_dom_status - where a domain's recording stands
 */
struct drm_nvpm_record_dom_status {
	/** @read: in: packets userspace has read (see the protocol above). */
	__u64 read;
	/** @written: out: packets the hardware has written since the start. */
	__u64 written;
	/** @ready: out: packets in memory (@written, or one less). */
	__u64 ready;
	/** @tail: out: the oldest packet still in the ring. */
	__u64 tail;
	/** @lost: out: packets overwritten before they were read. */
	__u64 lost;
	/** @position: out: ring offset where the next packet goes. */
	__u64 position;
	/** @wraps: out: times the hardware went round the ring. */
	__u64 wraps;
	/**
	 * @rearms: out: times the kernel moved the hardware back to the
	 * start of its address window; each restarts the cycle counter and
	 * loses the counts since the packet before it (less than one STOP).
	 */
	__u32 rearms;
	/**
	 * @gaps: out: times the hardware ran out of window before the kernel
	 * re-armed it: packets were lost, and not counted in @lost.
	 */
	__u32 gaps;
	/** @flags: out: NVPM_RECORD_FAULT, NVPM_RECORD_STOPPED, ... */
	__u32 flags;
	/** @pad: must be zero. */
	__u32 pad;
};

/* drm_nvpm_record_status.flags */
#define NVPM_RECORD_STATUS_TRIGGER	_BITUL(0)  /* pulse USER_0 of the
						    * domains recording with
						    * NVPM_RECORD_STOP_USER
						    */

/**
 * struct drm_nvpm_record_status - where a record session stands
 *
 * A domain whose record buffer saw a VM fault is wedged until the GPU is
 * reset: its status has NVPM_RECORD_FAULT, STATUS still fills in every
 * entry but returns -EIO, and every later use of the domain (a counter
 * group, a record session) gets -EIO.
 *
 * Argument of %DRM_IOCTL_NVPM_RECORD_STATUS.
 */
struct drm_nvpm_record_status {
	/** @size: in: sizeof(struct drm_nvpm_record_status). */
	__u32 size;
	/** @handle: in: from RECORD_START. */
	__u32 handle;
	/** @count: in: entries in @domains: the session's nr_domains. */
	__u32 count;
	/** @flags: in: NVPM_RECORD_STATUS_TRIGGER. */
	__u32 flags;
	/**
	 * @domains: in/out: pointer to struct drm_nvpm_record_dom_status[],
	 * in the order of RECORD_START's domains.
	 */
	__u64 domains;
};

/**
 * struct drm_nvpm_record_stop - stop a record session and release it
 *
 * The hardware writes one last packet per domain (the counts since the
 * last STOP) and leaves record mode; the domains are free again.  The BO
 * and its data stay for as long as userspace holds the BO.  With
 * @domains set, the final status is written there first (as STATUS does,
 * without @read).  Returns -EIO when a domain was wedged; the session is
 * released all the same.
 *
 * Argument of %DRM_IOCTL_NVPM_RECORD_STOP.
 */
struct drm_nvpm_record_stop {
	/** @size: in: sizeof(struct drm_nvpm_record_stop). */
	__u32 size;
	/** @handle: in: from RECORD_START. */
	__u32 handle;
	/** @count: in: entries in @domains (0, or the session's nr_domains). */
	__u32 count;
	/** @pad: must be zero. */
	__u32 pad;
	/** @domains: in: 0, or pointer to struct drm_nvpm_record_dom_status[]. */
	__u64 domains;
};

/* Channels one file may have at once (CHANNEL_NEW: -ENOSPC beyond). */
#define NVPM_CHANNELS_PER_FILE		16
/*
 * Channels of one user (effective uid) on one device, over all the user's
 * files: a quarter of an NV50 FIFO's 126, so that no user takes them all
 * (CHANNEL_NEW: -ENOSPC beyond).
 */
#define NVPM_CHANNELS_PER_USER		32

/* Default and limits of drm_nvpm_channel_new.ring_size */
#define NVPM_RING_SIZE_DEFAULT		256
#define NVPM_RING_SIZE_MIN		64
#define NVPM_RING_SIZE_MAX		4096

/**
 * struct drm_nvpm_channel_new - create a channel and its notifier
 *
 * Needs a GPU whose FIFO nvpm drives (-ENODEV otherwise).  The channel
 * belongs to the file; software methods find counter groups among the
 * file's.  A file has at most NVPM_CHANNELS_PER_FILE channels, a user at
 * most NVPM_CHANNELS_PER_USER on a device, all the files of its processes
 * together, and a device as many as its FIFO has channel ids (-ENOSPC
 * beyond each).
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

/**
 * struct drm_nvpm_nouveau_chan_bind - nvpm's methods in one of nouveau's
 * channels
 *
 * On nouveau's render node only (at DRM_IOCTL_NVPM_ON_NOUVEAU()): from
 * now on, the channel's NV50 software object runs nvpm's software methods
 * (nvpm_class.h: COUNTER_ADD of this file's counter groups, SAMPLE,
 * READOUT, ...) and writes their results into a ring in one of the
 * channel's notifiers, which SET_NOTIFY selects by its handle.  The
 * channel, the objects and the notifier are nouveau's:
 * DRM_NOUVEAU_CHANNEL_ALLOC, DRM_NOUVEAU_GROBJ_ALLOC of class 0x506e, and
 * DRM_NOUVEAU_NOTIFIEROBJ_ALLOC, whose memory userspace maps through the
 * channel's notifier_handle.  The kernel pins that memory until the
 * software object goes (a channel has one, whatever its handles).
 *
 * Returns -ENOENT for a channel, NV50 software object or notifier the
 * file does not have, -EINVAL for a ring size that is not one or does not fit the
 * notifier, -EBUSY if the channel's software object already runs nvpm's
 * methods, -ENOSPC past NVPM_CHANNELS_PER_FILE channels, -ENODEV on a
 * device without nvpm's engine.
 *
 * Argument of %DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND.
 */
struct drm_nvpm_nouveau_chan_bind {
	/** @channel: in: the channel's id, from DRM_NOUVEAU_CHANNEL_ALLOC. */
	__u32 channel;
	/** @sw: in: the handle of the channel's software object. */
	__u32 sw;
	/** @notifier: in: the handle of the channel's notifier: the ring. */
	__u32 notifier;
	/**
	 * @ring_size: in: entries in the ring, a power of two from
	 * NVPM_RING_SIZE_MIN to NVPM_RING_SIZE_MAX; the header and the ring
	 * (nvpm_class.h) must fit the notifier.
	 */
	__u32 ring_size;
};

/* Copies of each ring in its window of the channel's space (see below). */
#define NVPM_NOUVEAU_RECORD_COPIES	4
/* Bytes of a record BO on nouveau's node, at most: it is pinned. */
#define NVPM_NOUVEAU_RECORD_BO_MAX	(16u << 20)

/**
 * struct drm_nvpm_nouveau_record_start - record mode in one of nouveau's
 * channels
 *
 * On nouveau's render node only (at DRM_IOCTL_NVPM_ON_NOUVEAU()):
 * RECORD_START, with @start as nvpm's node takes it, into the address
 * space of a channel the file bound with DRM_NVPM_NOUVEAU_CHAN_BIND.  The
 * BO is a nouveau GEM object in GART: the kernel makes one, or with
 * NVPM_RECORD_USER_BO takes @start.bo_handle; map it through nouveau's
 * node at @start.map_offset.  The kernel pins the BO and maps each ring
 * NVPM_NOUVEAU_RECORD_COPIES times back to back in the channel's address
 * space, through the channel's GART DMA object, until the session stops:
 * at RECORD_STOP (on nouveau's node, with @start.handle), when the
 * channel's software object goes, or when the file closes.
 * RECORD_STATUS and RECORD_STOP on nouveau's node take @start.handle.
 *
 * Returns what RECORD_START returns on nvpm's node, and -ENOENT for a
 * channel or software object the file does not have or one not bound,
 * -EBUSY for a channel that records already, -EINVAL for a BO that
 * cannot be placed in GART or is larger than NVPM_NOUVEAU_RECORD_BO_MAX
 * (the rings of a BO the kernel makes, too).
 *
 * Argument of %DRM_IOCTL_NVPM_NOUVEAU_RECORD_START.
 */
struct drm_nvpm_nouveau_record_start {
	/** @channel: in: the channel's id, from DRM_NOUVEAU_CHANNEL_ALLOC. */
	__u32 channel;
	/** @sw: in: the handle of its software object, as bound. */
	__u32 sw;
	/** @start: in/out: as for %DRM_IOCTL_NVPM_RECORD_START. */
	struct drm_nvpm_record_start start;
};

/**
 * struct drm_nvpm_wait - wait for a submission to be processed
 *
 * Returns 0 once the FIFO has processed every command of the submission
 * @sequence (its software methods have run), -ETIME if @timeout_ns passes
 * first (0: just check), -EIO if the channel has faulted (@fault says why),
 * -EINVAL for a sequence not submitted yet.  @completed, @fault and
 * @fault_info are written in every case but -EINVAL.  Interrupted by a
 * signal, it returns -EINTR (or restarts) with @timeout_ns set to the time
 * left: the deadline stays where the first call put it.
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
	/**
	 * @timeout_ns: in: how long to wait at most; out, after a signal:
	 * how long is left.
	 */
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
#define DRM_NVPM_GROUP_CREATE		0x03
#define DRM_NVPM_GROUP_DESTROY	0x04
#define DRM_NVPM_SAMPLE			0x05
#define DRM_NVPM_READ			0x06
#define DRM_NVPM_QUERY_SOURCES		0x07
#define DRM_NVPM_GEM_NEW		0x08
#define DRM_NVPM_GEM_INFO		0x09
#define DRM_NVPM_RECORD_START		0x0a
#define DRM_NVPM_RECORD_STOP		0x0b
#define DRM_NVPM_RECORD_STATUS		0x0c
#define DRM_NVPM_CHANNEL_NEW		0x10
#define DRM_NVPM_CHANNEL_DEL		0x11
#define DRM_NVPM_EXEC			0x12
#define DRM_NVPM_WAIT			0x13
#define DRM_NVPM_NOUVEAU_CHAN_BIND	0x18	/* nouveau's node only */
#define DRM_NVPM_NOUVEAU_RECORD_START	0x19	/* nouveau's node only */

#define DRM_IOCTL_NVPM_GET_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GET_INFO, struct drm_nvpm_get_info)
#define DRM_IOCTL_NVPM_QUERY_DOMAINS \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_QUERY_DOMAINS, struct drm_nvpm_query_domains)
#define DRM_IOCTL_NVPM_QUERY_SIGNALS \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_QUERY_SIGNALS, struct drm_nvpm_query_signals)
#define DRM_IOCTL_NVPM_GROUP_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GROUP_CREATE, struct drm_nvpm_group_create)
#define DRM_IOCTL_NVPM_GROUP_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_NVPM_GROUP_DESTROY, struct drm_nvpm_group_destroy)
#define DRM_IOCTL_NVPM_SAMPLE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_SAMPLE, struct drm_nvpm_sample)
#define DRM_IOCTL_NVPM_READ \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_READ, struct drm_nvpm_read)
#define DRM_IOCTL_NVPM_QUERY_SOURCES \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_QUERY_SOURCES, struct drm_nvpm_query_sources)
#define DRM_IOCTL_NVPM_GEM_NEW \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GEM_NEW, struct drm_nvpm_gem_new)
#define DRM_IOCTL_NVPM_GEM_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GEM_INFO, struct drm_nvpm_gem_info)
#define DRM_IOCTL_NVPM_RECORD_START \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_RECORD_START, struct drm_nvpm_record_start)
#define DRM_IOCTL_NVPM_RECORD_STOP \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_RECORD_STOP, struct drm_nvpm_record_stop)
#define DRM_IOCTL_NVPM_RECORD_STATUS \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_RECORD_STATUS, struct drm_nvpm_record_status)
#define DRM_IOCTL_NVPM_CHANNEL_NEW \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_CHANNEL_NEW, struct drm_nvpm_channel_new)
#define DRM_IOCTL_NVPM_CHANNEL_DEL \
	DRM_IOW(DRM_COMMAND_BASE + DRM_NVPM_CHANNEL_DEL, struct drm_nvpm_channel_del)
#define DRM_IOCTL_NVPM_EXEC \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_EXEC, struct drm_nvpm_exec)
#define DRM_IOCTL_NVPM_WAIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_WAIT, struct drm_nvpm_wait)
#define DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND \
	DRM_IOW(DRM_COMMAND_BASE + DRM_NVPM_NOUVEAU_CHAN_BIND, \
		struct drm_nvpm_nouveau_chan_bind)
#define DRM_IOCTL_NVPM_NOUVEAU_RECORD_START \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_NOUVEAU_RECORD_START, \
		 struct drm_nvpm_nouveau_record_start)

/*
 * nouveau's render node, where nouveau builds nvpm's perfmon engine,
 * serves the counter ioctls (GET_INFO .. QUERY_SOURCES), RECORD_STOP,
 * RECORD_STATUS and its own two (NOUVEAU_CHAN_BIND, NOUVEAU_RECORD_START)
 * with these structs at nvpm's numbers plus NVPM_NOUVEAU_IOCTL_BASE:
 * 0x20 .. 0x39 past DRM_COMMAND_BASE, where nouveau has none of its own
 * (it uses 0x00 .. 0x12 and 0x40 .. 0x44).  GET_INFO there sets
 * NVPM_INFO_HOSTED.
 */
#define NVPM_NOUVEAU_IOCTL_BASE		0x20
#define DRM_IOCTL_NVPM_ON_NOUVEAU(cmd) \
	((cmd) + (NVPM_NOUVEAU_IOCTL_BASE << _IOC_NRSHIFT))

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_NVPM_DRM_H_ */
