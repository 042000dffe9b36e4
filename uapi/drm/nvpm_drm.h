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
 *    (-EINVAL otherwise): the AND of the signals it depends on (those
 *    engines all busy; 0xaaaa for signal 0 alone, 0x8888 for signals 0
 *    and 1 both), the AND of their inverses (all idle; 0x5555, 0x1111),
 *    or 0xffff (every cycle).
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
	/** @id: the source's number in the domain, for PERFDOM_CREATE. */
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

/* Source settings a counter group may make. */
#define NVPM_PERFDOM_MAX_SOURCES	8

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
 * unprivileged=1.  A domain is held by the file that created the first
 * group on it, until its last group there is destroyed: another file gets
 * -EBUSY.  Several groups of one file on one domain (up to 16, -ENOSPC
 * beyond) take turns: the first counts from its creation, and each SAMPLE
 * of the file moves the domain on to its next group, so each group counts
 * in every n-th sampling interval; its READ @cycles and @sequence tell how
 * long and how often it counted.
 *
 * Source settings are written when the group starts counting (and each
 * time it takes its turn): each names a source of a signal the group's
 * counters select, at most once, with a value within its mask (-EINVAL
 * otherwise; more than NVPM_PERFDOM_MAX_SOURCES: -E2BIG).  Sources are
 * unit registers, not PCOUNTER's: the last group to start decides them.
 *
 * Version 2 of the struct ended at @pad; that size is still accepted and
 * means no source settings.
 *
 * On the idle counter domain (NVPM_DOMAIN_CAP_IDLE), see its description
 * above: a shared domain, and the logic ops its counters can count.
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
	/** @nr_sources: in: entries in @sources. */
	__u32 nr_sources;
	/** @pad2: must be zero. */
	__u32 pad2;
	/** @sources: in: pointer to struct drm_nvpm_source_value[]. */
	__u64 sources;
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
	/** @sequence: out: samples taken while this group was counting. */
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

#define DRM_NVPM_GET_INFO		0x00
#define DRM_NVPM_QUERY_DOMAINS		0x01
#define DRM_NVPM_QUERY_SIGNALS		0x02
#define DRM_NVPM_PERFDOM_CREATE		0x03
#define DRM_NVPM_PERFDOM_DESTROY	0x04
#define DRM_NVPM_SAMPLE			0x05
#define DRM_NVPM_READ			0x06
#define DRM_NVPM_QUERY_SOURCES		0x07
#define DRM_NVPM_GEM_NEW		0x08
#define DRM_NVPM_GEM_INFO		0x09

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
#define DRM_IOCTL_NVPM_QUERY_SOURCES \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_QUERY_SOURCES, struct drm_nvpm_query_sources)
#define DRM_IOCTL_NVPM_GEM_NEW \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GEM_NEW, struct drm_nvpm_gem_new)
#define DRM_IOCTL_NVPM_GEM_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GEM_INFO, struct drm_nvpm_gem_info)

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_NVPM_DRM_H_ */
