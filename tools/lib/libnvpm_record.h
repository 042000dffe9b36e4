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

void nvpm_record_stream_init(struct nvpm_record_stream *s, unsigned int packet_size,
			     unsigned int nr_signals, int merge_early);
void nvpm_record_stream_gap(struct nvpm_record_stream *s);
size_t nvpm_record_decode(struct nvpm_record_stream *s, const void *pkts, size_t n,
			  struct nvpm_record_row *rows);
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

int nvpm_record_start(int fd, struct drm_nvpm_record_start *args);
int nvpm_record_status(int fd, __u32 handle, __u32 flags,
		       struct drm_nvpm_record_dom_status *st, unsigned int nr);
int nvpm_record_stop(int fd, __u32 handle, struct drm_nvpm_record_dom_status *st,
		     unsigned int nr);

int nvpm_record_open(int fd, const struct drm_nvpm_record_domain *doms, unsigned int nr,
		     __u32 flags, __u64 ring_size, struct nvpm_record *rec);
/*
 * Called for the packets of domain @dom, oldest first; @lost: packets lost
 * just before these (0 normally).  Returns 0 to go on.
 */
typedef int (*nvpm_record_fn)(void *priv, unsigned int dom, const void *pkts, size_t n,
			      __u64 lost);
int nvpm_record_drain(struct nvpm_record *rec, __u32 flags, nvpm_record_fn fn, void *priv);
int nvpm_record_close(struct nvpm_record *rec, nvpm_record_fn fn, void *priv);

#endif /* __LIBNVPM_RECORD_H__ */
