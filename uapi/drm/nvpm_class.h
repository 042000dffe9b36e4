/* SPDX-License-Identifier: MIT */
/*
 * nvpm's classes: the numbers and memory layouts that the kernel's engines
 * and userspace share, and nothing else.  Card types, hardware
 * capabilities, counter group modes and flags, record packets, the
 * channel objects, the software class's methods, its error codes and its
 * notifier, channel faults.
 *
 * This header needs only <linux/types.h>: the uapi header (nvpm_drm.h)
 * includes it for userspace, and the engines (nvkm) include it directly,
 * with no DRM header.  Bits are written as hexadecimal constants of the
 * type _BITUL() / _BITULL() would give them.
 */
#ifndef _UAPI_NVPM_CLASS_H_
#define _UAPI_NVPM_CLASS_H_

#include <linux/types.h>

#if defined(__cplusplus)
extern "C" {
#endif

/* Card types (the GPU architecture a chipset belongs to). */
#define NVPM_CARD_NV10			0x10
#define NVPM_CARD_NV20			0x20
#define NVPM_CARD_NV30			0x30
#define NVPM_CARD_NV40			0x40
#define NVPM_CARD_NV50			0x50
#define NVPM_CARD_NVC0			0xc0
#define NVPM_CARD_NVE0			0xe0

/*
 * drm_nvpm_get_info.hw_caps: what the PCOUNTER hardware of this chipset
 * offers, as the reference documents list it per generation.
 */
#define NVPM_HW_CAP_CTR_PERIOD		0x1ULL    /* EVENT_CTR_PERIOD, NV15+ */
#define NVPM_HW_CAP_COUNTER_40BIT	0x2ULL    /* NV10:NV30 */
#define NVPM_HW_CAP_QUAD		0x4ULL    /* quad event mode, NV30+ */
#define NVPM_HW_CAP_COUNTER_MODES	0x8ULL    /* B4/B6 modes, NV40+ */
#define NVPM_HW_CAP_RECORD		0x10ULL   /* record mode, G84+ */
#define NVPM_HW_CAP_SPEC_SRC		0x20ULL   /* selectable SWAP, G84+ */
#define NVPM_HW_CAP_PERIODIC		0x40ULL   /* PERIODIC signal, G84+ */
#define NVPM_HW_CAP_DELAY_REPLACE	0x80ULL   /* G92+ */
#define NVPM_HW_CAP_RECORD_ADDR_HIGH	0x100ULL  /* G92+ */
#define NVPM_HW_CAP_USER_TRIGGER	0x200ULL  /* USER signals, GT215+ */
#define NVPM_HW_CAP_DOMAIN_SETS		0x400ULL  /* hub/GPC/part, GF100+ */

/* drm_nvpm_counter.flags: how the four signals reach the logic op */
#define NVPM_COUNTER_DELAY0		0x1UL      /* arg 0 one cycle late */
#define NVPM_COUNTER_DELAY1		0x2UL      /* arg 1 one cycle late */
#define NVPM_COUNTER_REPLACE2		0x4UL      /* arg 2 = signal 0 late (G92+) */
#define NVPM_COUNTER_REPLACE3		0x8UL      /* arg 3 = signal 1 late (G92+) */
#define NVPM_COUNTER_SETFLAG3		0x10UL     /* arg 3 = SETFLAG (NV30+,
						    * counters 2 and 3 only)
						    */

/*
 * A counter group: its counters (quad mode's four), the source settings it
 * may make, the sources one signal can have, and the length of a signal's
 * or source's name, NUL included.
 */
#define NVPM_GROUP_COUNTERS		4
#define NVPM_GROUP_MAX_SOURCES		8
#define NVPM_SIGNAL_SOURCES		2
#define NVPM_NAME_LEN			40

/* drm_nvpm_group_create.mode */
#define NVPM_MODE_QUAD			0  /* 4 counters, latched on SAMPLE */
#define NVPM_MODE_SINGLE		1  /* gated counting periods */

/* drm_nvpm_group_create.counter_mode (NV40+ beyond EVENT_B4) */
#define NVPM_COUNTER_MODE_SIMPLE		0
#define NVPM_COUNTER_MODE_EVENT_B4		1
#define NVPM_COUNTER_MODE_EVENT_B6		2
#define NVPM_COUNTER_MODE_EXTRA_B4		3
#define NVPM_COUNTER_MODE_EXTRA_B6_EVENT_B2	4

/* drm_nvpm_read.counter_flags[] */
#define NVPM_READ_SATURATED		0x1UL      /* a latch hit the 32-bit limit */
/* drm_nvpm_read.flags */
#define NVPM_READ_NOT_READY		0x1UL      /* no SAMPLE since creation */
#define NVPM_READ_LOST			0x2UL      /* counts were lost since the
						    * last READ (overflow)
						    */

/*
 * Hardware record mode (G84:GF100, NVPM_HW_CAP_RECORD).
 *
 * A record session runs PCOUNTER record mode on up to 8 domains.  In each,
 * up to 12 signals are counted by the hardware's 16-bit event counters
 * and, on every pulse of the domain's STOP input (or when an event
 * counter reaches 0xf000), the hardware writes a packet of its counters
 * into the domain's ring in a buffer object, with no CPU work per packet.
 *
 * Packet layout (little endian 16-bit words; a short packet is the first
 * 16 bytes of a long one, so it has event counters 0-3 only):
 *
 *   0x00  cycles, bits 0-15     the domain's 48-bit cycle counter, which
 *   0x02  cycles, bits 16-31    runs from the start of the recording and
 *   0x04  cycles, bits 32-47    wraps (it restarts at a re-arm, below)
 *   0x06  bits 0-11: STOP count STOP pulses since the previous packet
 *         (1 normally; 0 when an event counter at 0xf000 sent the packet
 *         early; more when the hardware could not write packets as fast
 *         as STOP came; saturates at 0xfff)
 *   0x08  event counter 0 .. 0x1e event counter 11: cycles each signal
 *         was high since the previous packet (saturate at 0xffff)
 *
 * Every counter but the cycles restarts at 0 after each packet.  The last
 * packet of a domain, written by RECORD_STOP, holds the counts since the
 * last STOP.  Packet i (counting from 0 for the first of the recording) is
 * at byte (i % ring packets) * packet_size of the domain's ring.
 *
 * The ring is overwritten: the hardware never waits for userspace.  A
 * packet overwritten before userspace reported it read (@read of STATUS)
 * is counted as lost.  Reading protocol: STATUS(read = r) gives @written,
 * @ready (landed in memory; the newest packet may still be on its way)
 * and @tail (the oldest packet still in the ring, >= r).  Copy packets
 * [tail, ready) out of the ring, then STATUS(read = tail) again: copies of
 * packets below the new @tail may have been overwritten while they were
 * read and must be dropped (they are counted in @lost).
 */
#define NVPM_RECORD_MAX_DOMAINS		8
#define NVPM_RECORD_SIGNALS		12  /* per domain, long packets */
#define NVPM_RECORD_SHORT_SIGNALS	4   /* per domain, short packets */
#define NVPM_RECORD_LONG_SIZE		32  /* bytes per long packet */
#define NVPM_RECORD_SHORT_SIZE		16  /* bytes per short packet */
#define NVPM_RECORD_STOP_MAX		0xfff
#define NVPM_RECORD_EVENT_MAX		0xffff
#define NVPM_RECORD_EVENT_EARLY		0xf000  /* a counter here sends a packet */
#define NVPM_RECORD_RING_DEFAULT	(256u << 10)  /* bytes per domain */
#define NVPM_RECORD_RING_MIN		4096u

/* drm_nvpm_record_domain.stop: what pulses the STOP input */
#define NVPM_RECORD_STOP_PERIODIC	0  /* PERIODIC signal, @stop_arg 1..7:
					    * every 0x200 << stop_arg cycles
					    */
#define NVPM_RECORD_STOP_SIGNAL		1  /* signal @stop_arg, while high */
#define NVPM_RECORD_STOP_USER		2  /* USER_0, pulsed by STATUS with
					    * NVPM_RECORD_STATUS_TRIGGER (GT215+)
					    */

/* drm_nvpm_record_domain.flags */
#define NVPM_RECORD_STOP_EDGE		0x1UL      /* STOP_SIGNAL: rising edges
						    * only (one pulse per edge)
						    */

/* drm_nvpm_record_status.domains[].flags */
#define NVPM_RECORD_FAULT		0x1UL      /* the domain is wedged */
#define NVPM_RECORD_STOPPED		0x2UL      /* no longer recording */
#define NVPM_RECORD_INTERRUPTED		0x4UL      /* stopped by a GPU reset
						    * or suspend
						    */

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
 * NVPM_SW_SET_NOTIFY: data NVPM_HANDLE_NOTIFIER: where results go.  Its data
 *	names an object (methods 0x180-0x1fc do): the FIFO looks the handle up
 *	and the kernel gets the object's instance, which an error entry of it
 *	carries (0: no such object).  On nouveau's channels, the handle of the
 *	notifier's DMA object (see Documentation/nvpm-nouveau.rst).
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
#define NVPM_SW_COUNTER_GROUP(handle, ctr)	((handle) | ((ctr) << 24))
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
#define NVPM_NOTIFY_ERROR		0x1UL      /* no result, see @counter */
#define NVPM_NOTIFY_METHOD		0x2UL      /* a method's error, no result */
#define NVPM_NOTIFY_NOT_READY		0x4UL      /* fewer than two SAMPLEs */
#define NVPM_NOTIFY_SATURATED		0x8UL      /* a latch hit the limit */
#define NVPM_NOTIFY_LOST		0x10UL     /* a latch was lost (overflow) */

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

/* drm_nvpm_wait.fault: why a channel stopped */
#define NVPM_FAULT_NONE			0
#define NVPM_FAULT_INVALID_CMD		1  /* a header the FIFO cannot decode */
#define NVPM_FAULT_MEM			2  /* pushbuffer address not mapped */
#define NVPM_FAULT_UNKNOWN_OBJECT	3  /* OBJECT with an unknown handle */
#define NVPM_FAULT_NO_OBJECT		4  /* method on an unbound subchannel */
#define NVPM_FAULT_INVALID_METHOD	5  /* a FIFO method nvpm does not run */
#define NVPM_FAULT_DEVICE		6  /* the GPU was stopped (removed, reset) */

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_NVPM_CLASS_H_ */
