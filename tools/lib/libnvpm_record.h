/* SPDX-License-Identifier: MIT */
/*
 * libnvpm record mode: sessions (RECORD_START / STATUS / STOP), reading
 * the rings without losing track of overwritten packets, and decoding
 * packets into 64-bit per-signal timelines.
 */
#ifndef __LIBNVPM_RECORD_H__
#define __LIBNVPM_RECORD_H__
#include <stddef.h>
#include <stdint.h>
#include <nvpm_drm.h>

#ifdef __cplusplus
extern "C" {
#endif

struct nvpm_bo;

/**
 * struct nvpm_record_pkt - one packet, as the hardware wrote it
 * @cycles: the 48-bit cycle counter
 * @stop: STOP pulses (12 bits; 0: sent early by a counter at 0xf000)
 * @ev: the 16-bit event counters
 */
struct nvpm_record_pkt {
	uint64_t cycles;
	uint16_t stop;
	uint16_t ev[NVPM_RECORD_SIGNALS];
};

/**
 * nvpm_record_pkt_decode() - one packet into its fields
 * @buf: the packet
 * @packet_size: NVPM_RECORD_LONG_SIZE or NVPM_RECORD_SHORT_SIZE (the
 *		 counters it lacks read 0)
 * @p: its fields
 */
void nvpm_record_pkt_decode(const void *buf, unsigned int packet_size,
			    struct nvpm_record_pkt *p);

/*
 * nvpm_record_row.flags: NVPM_ROW_EARLY, no STOP ended the row (early
 * packets at the end of the data); NVPM_ROW_SATURATED, a counter hit
 * 0xffff (counts are a lower bound); NVPM_ROW_RESTART, the cycle counter
 * restarted (a re-arm: the cycles before it since the last row are
 * unknown); NVPM_ROW_GAP, packets were lost before it (its counts cover
 * less than its cycles).
 */
#define NVPM_ROW_EARLY		0x1u
#define NVPM_ROW_SATURATED	0x2u
#define NVPM_ROW_RESTART	0x4u
#define NVPM_ROW_GAP		0x8u

/**
 * struct nvpm_record_row - one interval of a domain's timeline
 * @time: cycles from the start of the recording to the interval's end
 * @cycles: cycles in the interval
 * @stops: STOP pulses that ended it (1 normally)
 * @flags: NVPM_ROW_*
 * @value: per signal, cycles it was high in the interval
 */
struct nvpm_record_row {
	uint64_t time;
	uint64_t cycles;
	uint32_t stops;
	uint32_t flags;
	uint64_t value[NVPM_RECORD_SIGNALS];
};

/**
 * struct nvpm_record_stream - decoding state of one domain's packets
 * @packet_size: NVPM_RECORD_LONG_SIZE or NVPM_RECORD_SHORT_SIZE
 * @nr_signals: signals recorded (event counters used)
 * @merge_early: fold packets sent early (STOP count 0, a counter at
 *		 0xf000) into the next row, so that each row ends at a STOP
 * @started: a packet has been seen
 * @last_raw: its 48-bit cycle counter
 * @time: its time, 64 bits
 * @row_time: time of the last row emitted
 * @gap: packets were lost since the last one
 * @pend: a row being built from early packets (its flags are 0 when none)
 * @packets: packets decoded
 * @early: of which sent early
 * @restarts: cycle counter restarts seen
 */
struct nvpm_record_stream {
	unsigned int packet_size;
	unsigned int nr_signals;
	int merge_early;
	int started;
	uint64_t last_raw;
	uint64_t time;
	uint64_t row_time;
	int gap;
	struct nvpm_record_row pend;
	uint64_t packets;
	uint64_t early;
	uint64_t restarts;
};

/**
 * nvpm_record_stream_init() - start decoding a domain's packets
 * @s: the state
 * @packet_size: bytes per packet
 * @nr_signals: signals recorded (at most the packet's counters)
 * @merge_early: fold early packets into the next STOP's row
 */
void nvpm_record_stream_init(struct nvpm_record_stream *s, unsigned int packet_size,
			     unsigned int nr_signals, int merge_early);

/**
 * nvpm_record_stream_gap() - packets were lost before the next one
 * @s: the state
 *
 * The cycle counter runs on regardless, so time stays right; the next
 * row's counts miss what the lost packets held (NVPM_ROW_GAP).
 */
void nvpm_record_stream_gap(struct nvpm_record_stream *s);

/**
 * nvpm_record_decode() - packets into timeline rows
 * @s: the state
 * @pkts: @n packets of @s->packet_size bytes, oldest first
 * @n: their number
 * @rows: room for @n rows
 *
 * Only the used fields of a row are written: @value beyond the signals
 * recorded (4 for short packets) is left as it was, or 0 in a row that
 * ends early packets.
 *
 * Return: rows written (fewer than @n when early packets were folded).
 */
size_t nvpm_record_decode(struct nvpm_record_stream *s, const void *pkts, size_t n,
			  struct nvpm_record_row *rows);

/**
 * nvpm_record_flush() - the row early packets left pending at the end
 * @s: the state
 * @row: where to put it
 *
 * Return: 1 with @row filled (NVPM_ROW_EARLY set), 0 if none was pending.
 */
size_t nvpm_record_flush(struct nvpm_record_stream *s, struct nvpm_record_row *row);

/**
 * struct nvpm_record - a record session seen from userspace
 * @fd: the device
 * @handle: the session's handle
 * @nr: domains
 * @dom: as RECORD_START returned them (ring offsets and sizes)
 * @packet_size: bytes per packet
 * @bo: the BO of the rings, mapped
 * @read: per domain, packets consumed
 * @copied: per domain, packets copied out but not yet validated
 * @st: per domain, the last status
 * @lost: per domain, packets lost (as the kernel counts them)
 */
struct nvpm_record {
	int fd;
	__u32 handle;
	unsigned int nr;
	struct drm_nvpm_record_domain dom[NVPM_RECORD_MAX_DOMAINS];
	unsigned int packet_size;
	struct nvpm_bo *bo;
	__u64 read[NVPM_RECORD_MAX_DOMAINS];
	__u64 copied[NVPM_RECORD_MAX_DOMAINS];
	struct drm_nvpm_record_dom_status st[NVPM_RECORD_MAX_DOMAINS];
	__u64 lost[NVPM_RECORD_MAX_DOMAINS];
};

/**
 * nvpm_record_start() - DRM_IOCTL_NVPM_RECORD_START
 * @fd: an nvpm device
 * @args: the session; its size is set here
 *
 * On nouveau's node the session records in a channel of nouveau's that
 * libnvpm makes for it (nvpm_channel_new()) and frees at
 * nvpm_record_stop(), with DRM_IOCTL_NVPM_NOUVEAU_RECORD_START; the BO is
 * nouveau's GEM object (with NVPM_RECORD_USER_BO, one from nvpm_bo_new()
 * on that node).  At most 64 such sessions run at once per process
 * (-ENOSPC beyond).
 *
 * Return: 0 or a negative errno.
 */
int nvpm_record_start(int fd, struct drm_nvpm_record_start *args);

/**
 * nvpm_record_status() - DRM_IOCTL_NVPM_RECORD_STATUS
 * @fd: the device
 * @handle: the session
 * @flags: NVPM_RECORD_STATUS_*
 * @st: @nr entries, @read set by the caller
 * @nr: the session's domains
 *
 * Return: 0, -EIO when a domain is wedged (@st filled), or a negative errno.
 */
int nvpm_record_status(int fd, __u32 handle, __u32 flags,
		       struct drm_nvpm_record_dom_status *st, unsigned int nr);

/**
 * nvpm_record_stop() - DRM_IOCTL_NVPM_RECORD_STOP
 * @fd: the device
 * @handle: the session
 * @st: @nr entries for the final status, or NULL
 * @nr: the session's domains, or 0
 *
 * Return: 0, -EIO when a domain was wedged, or a negative errno.
 */
int nvpm_record_stop(int fd, __u32 handle, struct drm_nvpm_record_dom_status *st,
		     unsigned int nr);

/**
 * nvpm_record_open() - start a session and map its rings
 * @fd: the device
 * @doms: the domains
 * @nr: their number
 * @flags: NVPM_RECORD_SHORT
 * @ring_size: bytes per ring, 0 for the default
 * @rec: the session
 *
 * Return: 0 or a negative errno.
 */
int nvpm_record_open(int fd, const struct drm_nvpm_record_domain *doms, unsigned int nr,
		     __u32 flags, __u64 ring_size, struct nvpm_record *rec);
/*
 * Called for the packets of domain @dom, oldest first; @lost: packets lost
 * just before these (0 normally).  Returns 0 to go on.
 */
typedef int (*nvpm_record_fn)(void *priv, unsigned int dom, const void *pkts, size_t n,
			      __u64 lost);

/**
 * nvpm_record_drain() - hand every new packet to @fn
 * @rec: the session
 * @flags: NVPM_RECORD_STATUS_* for the first STATUS
 * @fn: called per domain with the packets that are surely intact
 * @priv: its argument
 *
 * STATUS, copy the ready packets out, STATUS again: copies of packets the
 * hardware reached meanwhile are dropped and reported as lost with the
 * ones it overwrote earlier.
 *
 * Return: 0, -EIO when a domain is wedged (its packets are still
 * delivered), @fn's non-zero return, or a negative errno.
 */
int nvpm_record_drain(struct nvpm_record *rec, __u32 flags, nvpm_record_fn fn, void *priv);

/**
 * nvpm_record_close() - stop a session, hand over its last packets, unmap
 * @rec: the session
 * @fn: as for nvpm_record_drain(), or NULL
 * @priv: its argument
 *
 * Return: 0, -EIO when a domain was wedged, @fn's non-zero return, or a
 * negative errno.
 */
int nvpm_record_close(struct nvpm_record *rec, nvpm_record_fn fn, void *priv);

#ifdef __cplusplus
}
#endif

#endif /* __LIBNVPM_RECORD_H__ */
