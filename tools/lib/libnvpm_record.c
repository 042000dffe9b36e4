// SPDX-License-Identifier: MIT
/*
 * libnvpm record mode: the session ioctls, a reader that copies packets
 * out of the rings and drops those the hardware overwrote meanwhile, and
 * the packet decoder.  The exported functions are documented in
 * libnvpm_record.h.
 *
 * Decoding.  A packet holds the 48-bit cycle counter (cumulative since
 * the start: it wraps after 2^48 cycles, and restarts at 0 when the
 * kernel re-arms the domain), the STOP count and 16-bit event counters
 * that restart after every packet.  The decoder unwraps the cycles into
 * 64-bit time, sums the counters into 64-bit values per row and, by
 * default, folds packets the hardware sent early (a counter reached
 * 0xf000; STOP count 0) into the row of the next STOP, so that every row
 * is one STOP interval.
 */
#include <stdlib.h>
#include <string.h>
#include <xf86drm.h>
#include "libnvpm.h"

#define CYCLES_BITS	48
#define CYCLES_WRAP	((uint64_t)1 << CYCLES_BITS)
#define CYCLES_MASK	0xffffffffffffull

static inline uint16_t
le16(const uint8_t *b)
{
	return b[0] | b[1] << 8;
}

void
nvpm_record_pkt_decode(const void *buf, unsigned int packet_size, struct nvpm_record_pkt *p)
{
	const uint8_t *b = buf;
	unsigned int i, nr = packet_size == NVPM_RECORD_SHORT_SIZE ?
			     NVPM_RECORD_SHORT_SIGNALS : NVPM_RECORD_SIGNALS;

	p->cycles = le16(b) | (uint64_t)le16(b + 2) << 16 | (uint64_t)le16(b + 4) << 32;
	p->stop = le16(b + 6) & NVPM_RECORD_STOP_MAX;
	for (i = 0; i < NVPM_RECORD_SIGNALS; i++)
		p->ev[i] = i < nr ? le16(b + 8 + 2 * i) : 0;
}

void
nvpm_record_stream_init(struct nvpm_record_stream *s, unsigned int packet_size,
			unsigned int nr_signals, int merge_early)
{
	unsigned int max = packet_size == NVPM_RECORD_SHORT_SIZE ?
			   NVPM_RECORD_SHORT_SIGNALS : NVPM_RECORD_SIGNALS;

	memset(s, 0, sizeof(*s));
	s->packet_size = packet_size;
	s->nr_signals = nr_signals < max ? nr_signals : max;
	s->merge_early = merge_early;
}

void
nvpm_record_stream_gap(struct nvpm_record_stream *s)
{
	s->gap = 1;
}

/* Time since the previous packet, from a 48-bit counter that may wrap or restart. */
static inline uint64_t
nvpm_record_delta(struct nvpm_record_stream *s, uint64_t raw, uint32_t *flags)
{
	uint64_t d;

	if (!s->started) {
		s->started = 1;
		return raw;	/* the counter starts with the recording */
	}
	if (raw >= s->last_raw)
		return raw - s->last_raw;
	d = raw + CYCLES_WRAP - s->last_raw;
	/* A wrap comes from the top of the range after a short while. */
	if (s->last_raw >= CYCLES_WRAP / 2 && d < CYCLES_WRAP / 2)
		return d;
	s->restarts++;
	*flags |= NVPM_ROW_RESTART;
	return raw;
}

/* 64 bits of a packet, little endian, in host order. */
static __always_inline uint64_t
le64(const uint8_t *b)
{
	uint64_t v;

	memcpy(&v, b, sizeof(v));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/*
 * Bit 15 of each lane of @x (four 16-bit counters) set if the lane reads
 * 0xffff; the other bits are left to the caller to mask.
 */
static __always_inline uint64_t
nvpm_record_sat4(uint64_t x)
{
	return ((x & 0x7fff7fff7fff7fffull) + 0x0001000100010001ull) & x;
}

/*
 * @lanes (1 to 4) counters from the 64 bits at @b into @v; returns their
 * nvpm_record_sat4() bits.
 */
static __always_inline uint64_t
nvpm_record_word(uint64_t *v, const uint8_t *b, const unsigned int lanes)
{
	uint64_t x = le64(b);

	v[0] = x & 0xffff;
	if (lanes > 1)
		v[1] = (x >> 16) & 0xffff;
	if (lanes > 2)
		v[2] = (x >> 32) & 0xffff;
	if (lanes > 3)
		v[3] = x >> 48;
	return nvpm_record_sat4(x) & (~0ull >> (64 - 16 * lanes));
}

/* @row's stops and flags, adjacent 32-bit fields, in one 64-bit store. */
static __always_inline void
nvpm_record_put_stops(struct nvpm_record_row *row, uint32_t stops, uint32_t flags)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	uint64_t v = (uint64_t)stops << 32 | flags;
#else
	uint64_t v = (uint64_t)flags << 32 | stops;
#endif

	memcpy(&row->stops, &v, sizeof(v));
}

/* Early packets, and the STOP packet ending them: into s->pend, slowly. */
static void
nvpm_record_pend(struct nvpm_record_stream *s, const uint8_t *b, uint32_t stop,
		 uint32_t flags, unsigned int nr)
{
	struct nvpm_record_row *r = &s->pend;
	int fresh = !r->flags;
	unsigned int j;

	for (j = 0; j < nr; j++) {
		uint16_t v = le16(b + 8 + 2 * j);

		r->value[j] = (fresh ? 0 : r->value[j]) + v;
		flags |= v == NVPM_RECORD_EVENT_MAX ? NVPM_ROW_SATURATED : 0;
	}
	r->stops = (fresh ? 0 : r->stops) + stop;
	r->flags = (fresh ? 0 : r->flags) | flags | NVPM_ROW_EARLY;	/* never 0 */
}

/*
 * One packet the fast loop leaves out: the first, one after a gap, a
 * cycle counter that did not go up (wrap, restart or a repeat), an early
 * packet, or any while early packets are pending.  Works on s->time,
 * s->last_raw and s->row_time.  Returns the rows written, 0 or 1.
 */
static size_t __attribute__((noinline))
nvpm_record_decode_one(struct nvpm_record_stream *s, const uint8_t *b,
		       struct nvpm_record_row *row, unsigned int nr)
{
	uint64_t raw = le64(b) & CYCLES_MASK;
	uint32_t stop = le16(b + 6) & NVPM_RECORD_STOP_MAX, flags = 0;
	unsigned int j;

	s->time += nvpm_record_delta(s, raw, &flags);
	s->last_raw = raw;
	if (s->gap) {
		flags |= NVPM_ROW_GAP;
		s->gap = 0;
	}
	if (!stop || s->pend.flags) {
		s->early += !stop;
		if (s->merge_early) {
			nvpm_record_pend(s, b, stop, flags, nr);
			if (!stop)
				return 0;
			*row = s->pend;
			row->flags &= ~NVPM_ROW_EARLY;
			s->pend.flags = 0;
			goto emit;
		}
	}
	for (j = 0; j < nr; j++) {
		row->value[j] = le16(b + 8 + 2 * j);
		flags |= row->value[j] == NVPM_RECORD_EVENT_MAX ? NVPM_ROW_SATURATED : 0;
	}
	row->stops = stop;
	row->flags = flags;
emit:
	row->time = s->time;
	row->cycles = s->time - s->row_time;
	s->row_time = s->time;
	return 1;
}

/* The row of a common packet: @raw its cycle counter, @prev the one before. */
static __always_inline void
nvpm_record_fast_row(struct nvpm_record_row *row, const uint8_t *b, uint64_t raw,
		     uint64_t prev, uint64_t stop, uint64_t off, const unsigned int nr)
{
	uint64_t sat = 0;

	row->time = raw + off;
	row->cycles = raw - prev;
	if (nr > 0)
		sat = nvpm_record_word(row->value, b + 8, nr < 4 ? nr : 4);
	if (nr > 4)
		sat |= nvpm_record_word(row->value + 4, b + 16, nr < 8 ? nr - 4 : 4);
	if (nr > 8)
		sat |= nvpm_record_word(row->value + 8, b + 24, nr - 8);
	sat &= 0x8000800080008000ull;
	nvpm_record_put_stops(row, stop, sat ? NVPM_ROW_SATURATED : 0);
}

/* Negative unless the counter went up from @prev to @raw and @stop is not 0. */
#define NVPM_RECORD_SLOW(raw, prev, stop)	(((raw) - (prev) - 1) | ((stop) - 1))

/*
 * The loop, for @nr signals and @size bytes known to the compiler.  The
 * common packet (cycle counter up, a STOP, nothing pending, no gap) is
 * one row straight into the output: the time is the counter plus a
 * constant offset, the row's cycles the counter's step.  Packets are
 * taken two at a time with one test for both (four at a time costs more
 * than it saves: the registers run out), then one at a time near the end
 * or an uncommon packet, which goes through nvpm_record_decode_one().
 * The counters are read 64 bits (four of them) at a time and split with
 * shifts, and only the row's used fields are written: under an emulator
 * as under the CPU, memory accesses and branches are what cost (an
 * emulator ends its translated blocks at branches, and runs vector
 * unpacking out of line).
 */
static __always_inline size_t
nvpm_record_decode_n(struct nvpm_record_stream *s, const uint8_t *b, size_t n,
		     struct nvpm_record_row *rows, const unsigned int nr,
		     const unsigned int size)
{
	struct nvpm_record_row *row = rows;
	const uint8_t *end = b + n * size;

	while (b < end) {
		uint64_t last = s->last_raw, off = s->time - last;

		if (s->started && !s->gap && !s->pend.flags && s->row_time == s->time) {
			for (; end - b >= 2 * size; b += 2 * size, row += 2) {
				uint64_t h0 = le64(b), h1 = le64(b + size);
				uint64_t r0 = h0 & CYCLES_MASK, r1 = h1 & CYCLES_MASK;
				uint64_t s0 = (h0 >> 48) & NVPM_RECORD_STOP_MAX;
				uint64_t s1 = (h1 >> 48) & NVPM_RECORD_STOP_MAX;

				uint64_t slow = NVPM_RECORD_SLOW(r0, last, s0) |
						NVPM_RECORD_SLOW(r1, r0, s1);

				if (__builtin_expect((int64_t)slow < 0, 0))
					break;
				nvpm_record_fast_row(row, b, r0, last, s0, off, nr);
				nvpm_record_fast_row(row + 1, b + size, r1, r0, s1, off, nr);
				last = r1;
			}
			for (; b < end; b += size, row++) {
				uint64_t head = le64(b), raw = head & CYCLES_MASK;
				uint64_t stop = (head >> 48) & NVPM_RECORD_STOP_MAX;
				uint64_t slow = NVPM_RECORD_SLOW(raw, last, stop);

				if (__builtin_expect((int64_t)slow < 0, 0))
					break;
				nvpm_record_fast_row(row, b, raw, last, stop, off, nr);
				last = raw;
			}
			s->last_raw = last;
			s->time = last + off;
			s->row_time = s->time;
			if (b == end)
				break;
		}
		row += nvpm_record_decode_one(s, b, row, nr);
		b += size;
	}
	s->packets += n;
	return row - rows;
}

size_t
nvpm_record_decode(struct nvpm_record_stream *s, const void *pkts, size_t n,
		   struct nvpm_record_row *rows)
{
	if (s->packet_size == NVPM_RECORD_SHORT_SIZE)
		return nvpm_record_decode_n(s, pkts, n, rows, NVPM_RECORD_SHORT_SIGNALS,
					    NVPM_RECORD_SHORT_SIZE);
	switch (s->nr_signals) {	/* one loop per count of long packets */
	case 1:
		return nvpm_record_decode_n(s, pkts, n, rows, 1, NVPM_RECORD_LONG_SIZE);
	case 2:
		return nvpm_record_decode_n(s, pkts, n, rows, 2, NVPM_RECORD_LONG_SIZE);
	case 3:
		return nvpm_record_decode_n(s, pkts, n, rows, 3, NVPM_RECORD_LONG_SIZE);
	case 4:
		return nvpm_record_decode_n(s, pkts, n, rows, 4, NVPM_RECORD_LONG_SIZE);
	case 5:
		return nvpm_record_decode_n(s, pkts, n, rows, 5, NVPM_RECORD_LONG_SIZE);
	case 6:
		return nvpm_record_decode_n(s, pkts, n, rows, 6, NVPM_RECORD_LONG_SIZE);
	case 7:
		return nvpm_record_decode_n(s, pkts, n, rows, 7, NVPM_RECORD_LONG_SIZE);
	case 8:
		return nvpm_record_decode_n(s, pkts, n, rows, 8, NVPM_RECORD_LONG_SIZE);
	case 9:
		return nvpm_record_decode_n(s, pkts, n, rows, 9, NVPM_RECORD_LONG_SIZE);
	case 10:
		return nvpm_record_decode_n(s, pkts, n, rows, 10, NVPM_RECORD_LONG_SIZE);
	case 11:
		return nvpm_record_decode_n(s, pkts, n, rows, 11, NVPM_RECORD_LONG_SIZE);
	case 12:
		return nvpm_record_decode_n(s, pkts, n, rows, 12, NVPM_RECORD_LONG_SIZE);
	}
	return nvpm_record_decode_n(s, pkts, n, rows, 0, NVPM_RECORD_LONG_SIZE);
}

size_t
nvpm_record_flush(struct nvpm_record_stream *s, struct nvpm_record_row *row)
{
	if (!s->merge_early || !s->pend.flags)
		return 0;
	*row = s->pend;
	row->time = s->time;
	row->cycles = s->time - s->row_time;
	s->row_time = s->time;
	s->pend.flags = 0;
	return 1;
}

/* --- sessions ---------------------------------------------------------- */

/*
 * On nouveau's node a session records into a channel's address space:
 * libnvpm makes a channel of nouveau's for each (nvpm_channel_new(), whose
 * handle is nouveau's channel id + 1) and frees it after RECORD_STOP.
 */
#define NVPM_NV_RECORDS		64

static struct {
	int used;
	int fd;
	__u32 handle;
	struct nvpm_channel ch;
} nvpm_nv_rec[NVPM_NV_RECORDS];

static int
nvpm_fd_is_nouveau(int fd)
{
	const char *drv = nvpm_fd_driver_name(fd);

	return drv && !strcmp(drv, NVPM_NOUVEAU_DRIVER_NAME);
}

static int
nvpm_nv_record_start(int fd, struct drm_nvpm_record_start *args)
{
	struct drm_nvpm_nouveau_record_start rs = { .sw = NVPM_HANDLE_SW };
	unsigned int i;
	int ret;

	for (i = 0; i < NVPM_NV_RECORDS && nvpm_nv_rec[i].used; i++)
		;
	if (i == NVPM_NV_RECORDS)
		return -ENOSPC;
	ret = nvpm_channel_new(fd, 0, &nvpm_nv_rec[i].ch);
	if (ret)
		return ret;
	rs.channel = nvpm_nv_rec[i].ch.handle - 1;
	rs.start = *args;
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_NOUVEAU_RECORD_START, &rs)) {
		ret = -errno;
		nvpm_channel_del(&nvpm_nv_rec[i].ch);
		return ret;
	}
	*args = rs.start;
	nvpm_nv_rec[i].used = 1;
	nvpm_nv_rec[i].fd = fd;
	nvpm_nv_rec[i].handle = args->handle;
	return 0;
}

/* The session is gone: its channel goes too. */
static void
nvpm_nv_record_done(int fd, __u32 handle)
{
	unsigned int i;

	for (i = 0; i < NVPM_NV_RECORDS; i++) {
		if (nvpm_nv_rec[i].used && nvpm_nv_rec[i].fd == fd &&
		    nvpm_nv_rec[i].handle == handle) {
			nvpm_channel_del(&nvpm_nv_rec[i].ch);
			nvpm_nv_rec[i].used = 0;
		}
	}
}

int
nvpm_record_start(int fd, struct drm_nvpm_record_start *args)
{
	args->size = sizeof(*args);
	if (nvpm_fd_is_nouveau(fd))
		return nvpm_nv_record_start(fd, args);
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_RECORD_START, args))
		return -errno;
	return 0;
}

int
nvpm_record_status(int fd, __u32 handle, __u32 flags, struct drm_nvpm_record_dom_status *st,
		   unsigned int nr)
{
	struct drm_nvpm_record_status args = {
		.size = sizeof(args), .handle = handle, .count = nr, .flags = flags,
		.domains = (uintptr_t)st,
	};

	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_RECORD_STATUS, &args))
		return -errno;
	return 0;
}

int
nvpm_record_stop(int fd, __u32 handle, struct drm_nvpm_record_dom_status *st, unsigned int nr)
{
	struct drm_nvpm_record_stop args = {
		.size = sizeof(args), .handle = handle, .count = st ? nr : 0,
		.domains = (uintptr_t)st,
	};
	int ret = 0;

	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_RECORD_STOP, &args))
		ret = -errno;
	/* stopped, wedged or not */
	if ((!ret || ret == -EIO) && nvpm_fd_is_nouveau(fd))
		nvpm_nv_record_done(fd, handle);
	return ret;
}

int
nvpm_record_open(int fd, const struct drm_nvpm_record_domain *doms, unsigned int nr,
		 __u32 flags, __u64 ring_size, struct nvpm_record *rec)
{
	struct drm_nvpm_record_start args = {
		.flags = flags, .nr_domains = nr, .ring_size = ring_size,
	};
	int ret;

	memset(rec, 0, sizeof(*rec));
	if (nr > NVPM_RECORD_MAX_DOMAINS)
		return -E2BIG;
	memcpy(rec->dom, doms, nr * sizeof(*doms));
	args.domains = (uintptr_t)rec->dom;
	ret = nvpm_record_start(fd, &args);
	if (ret)
		return ret;
	rec->fd = fd;
	rec->handle = args.handle;
	rec->nr = nr;
	rec->packet_size = args.packet_size;
	rec->bo = calloc(1, sizeof(*rec->bo));
	ret = rec->bo ? nvpm_bo_from_handle(fd, args.bo_handle, rec->bo) : -ENOMEM;
	if (!ret)
		ret = nvpm_bo_map(rec->bo);
	if (ret) {
		nvpm_record_stop(fd, rec->handle, NULL, 0);
		if (rec->bo && rec->bo->handle)
			nvpm_bo_free(rec->bo);
		free(rec->bo);
		rec->bo = NULL;
	}
	return ret;
}

/* Copy packets [from, to) of domain @d out of its ring into @buf. */
static void
nvpm_record_copy(const struct nvpm_record *rec, unsigned int d, __u64 from, __u64 to,
		 uint8_t *buf)
{
	const uint8_t *ring = (const uint8_t *)rec->bo->map + rec->dom[d].ring_offset;
	__u64 slots = rec->dom[d].ring_size / rec->packet_size;

	while (from < to) {
		__u64 slot = from % slots, n = slots - slot;

		if (n > to - from)
			n = to - from;
		memcpy(buf, ring + slot * rec->packet_size, n * rec->packet_size);
		buf += n * rec->packet_size;
		from += n;
	}
}

static int
nvpm_record_deliver(struct nvpm_record *rec, unsigned int d, __u64 from, __u64 valid,
		    __u64 to, uint8_t *buf, __u64 lost, nvpm_record_fn fn, void *priv)
{
	__u64 skip = valid > from ? valid - from : 0;

	lost += skip;
	rec->lost[d] += lost;
	rec->read[d] = to;
	if (to <= from + skip)
		return lost ? fn(priv, d, buf, 0, lost) : 0;
	return fn(priv, d, buf + skip * rec->packet_size, to - from - skip, lost);
}

int
nvpm_record_drain(struct nvpm_record *rec, __u32 flags, nvpm_record_fn fn, void *priv)
{
	__u64 from[NVPM_RECORD_MAX_DOMAINS], to[NVPM_RECORD_MAX_DOMAINS];
	__u64 lost[NVPM_RECORD_MAX_DOMAINS];
	uint8_t *buf[NVPM_RECORD_MAX_DOMAINS] = { NULL };
	unsigned int d;
	int ret, err = 0;

	for (d = 0; d < rec->nr; d++)
		rec->st[d].read = rec->read[d];
	ret = nvpm_record_status(rec->fd, rec->handle, flags, rec->st, rec->nr);
	if (ret && ret != -EIO)
		return ret;
	err = ret;
	for (d = 0; d < rec->nr; d++) {
		from[d] = rec->st[d].tail > rec->read[d] ? rec->st[d].tail : rec->read[d];
		lost[d] = from[d] - rec->read[d];
		to[d] = rec->st[d].ready > from[d] ? rec->st[d].ready : from[d];
		buf[d] = malloc((to[d] - from[d]) * rec->packet_size + 1);
		if (!buf[d]) {
			ret = -ENOMEM;
			goto out;
		}
		nvpm_record_copy(rec, d, from[d], to[d], buf[d]);
		rec->st[d].read = from[d];
	}
	ret = nvpm_record_status(rec->fd, rec->handle, 0, rec->st, rec->nr);
	if (ret && ret != -EIO)
		goto out;
	err = err ?: ret;
	for (d = 0; d < rec->nr; d++) {
		ret = nvpm_record_deliver(rec, d, from[d], rec->st[d].tail, to[d], buf[d],
					  lost[d], fn, priv);
		if (ret)
			goto out;
	}
	ret = err;
out:
	for (d = 0; d < rec->nr; d++)
		free(buf[d]);
	return ret;
}

int
nvpm_record_close(struct nvpm_record *rec, nvpm_record_fn fn, void *priv)
{
	struct drm_nvpm_record_dom_status st[NVPM_RECORD_MAX_DOMAINS];
	unsigned int d;
	int ret, err;

	err = nvpm_record_stop(rec->fd, rec->handle, st, rec->nr);
	if (err && err != -EIO)
		goto out;
	for (d = 0; fn && d < rec->nr; d++) {
		__u64 slots = rec->dom[d].ring_size / rec->packet_size;
		__u64 from = rec->read[d], to = st[d].written;
		uint8_t *buf;

		rec->st[d] = st[d];
		if (to > from + slots)
			from = to - slots;	/* overwritten before the end */
		buf = malloc((to - from) * rec->packet_size + 1);
		if (!buf) {
			err = -ENOMEM;
			break;
		}
		nvpm_record_copy(rec, d, from, to, buf);
		ret = nvpm_record_deliver(rec, d, from, from, to, buf, from - rec->read[d],
					  fn, priv);
		free(buf);
		if (ret) {
			err = ret;
			break;
		}
	}
out:
	nvpm_bo_free(rec->bo);
	free(rec->bo);
	rec->bo = NULL;
	return err;
}
