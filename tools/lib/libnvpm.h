/* SPDX-License-Identifier: MIT */
/*
 * libnvpm: finding nvpm render nodes and talking to them.
 *
 * The C library over nvpm's uapi (<nvpm/nvpm_drm.h>) that the nvpm tool
 * uses and that a monitoring tool or a mesa-like driver can use:
 *
 *  - devices: nvpm_for_each_dev() or nvpm_dev_open(), nvpm_get_info();
 *  - what can be counted: nvpm_query_domains(), nvpm_query_signals(),
 *    nvpm_query_sources(), or all of it at once with nvpm_catalog_load(),
 *    and "domain/signal" names with nvpm_event_parse();
 *  - counting: nvpm_group_quad() (or nvpm_group_create()), nvpm_sample(),
 *    nvpm_read(), nvpm_group_destroy();
 *  - sampling in the command stream: nvpm_channel_new(), nvpm_push_*(),
 *    the notifier ring with nvpm_ring_read();
 *  - record mode and its decoding: libnvpm_record.h, included below.
 *
 * Build with `pkg-config --cflags --libs nvpm`.  The shared library is
 * libnvpm.so.0; its symbols carry the version NVPM_0.  Structs declared
 * here are part of that ABI: a change to their layout is a new soname.
 *
 * Functions that can fail return 0 (or a count) on success and a negative
 * errno on failure; errno itself is not meant to be looked at.  The library
 * keeps no state besides a per-fd note of which driver serves the fd; it
 * is not meant for concurrent use of one fd from several threads.
 */
#ifndef __LIBNVPM_H__
#define __LIBNVPM_H__
#include <errno.h>
#include <stddef.h>
#include <nvpm_drm.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The DRM driver name of nvpm devices, as drmGetVersion() reports it. */
#define NVPM_DRIVER_NAME	"nvpm"
/* nouveau's, whose nodes serve nvpm's counter ioctls with nvpm's engine */
#define NVPM_NOUVEAU_DRIVER_NAME	"nouveau"

/* Render node minors: /dev/dri/renderD128..renderD191. */
#define NVPM_RENDER_MINOR_FIRST	128
#define NVPM_RENDER_MINOR_LAST	191
/* DRM devices a scan looks at, at most (one per render minor). */
#define NVPM_MAX_DEVICES	(NVPM_RENDER_MINOR_LAST - NVPM_RENDER_MINOR_FIRST + 1)

/**
 * struct nvpm_dev - an open nvpm render node
 * @fd: the open file, O_RDWR | O_CLOEXEC
 * @minor: the render node minor, e.g. 128
 * @path: the device node, e.g. "/dev/dri/renderD128"
 */
struct nvpm_dev {
	int fd;
	int minor;
	char path[64];
};

/**
 * struct nvpm_iter - position of a scan over the DRM devices
 * @nr: render nodes found by drmGetDevices2(), at most NVPM_MAX_DEVICES
 * @pos: the next of them to look at
 * @minor: their minors, ascending
 * @err: the first error other than "no such node" met while enumerating
 *	 or opening render nodes (e.g. -EACCES), or 0; lets callers explain
 *	 an empty scan
 */
struct nvpm_iter {
	int nr;
	int pos;
	int minor[NVPM_MAX_DEVICES];
	int err;
};

/**
 * nvpm_iter_init() - start a scan over the DRM devices
 * @it: the scan
 *
 * libdrm's drmGetDevices2() lists the devices, as it does for mesa; the
 * scan keeps the render node of each (in minor order) and
 * nvpm_iter_next() opens those that belong to nvpm.
 */
void nvpm_iter_init(struct nvpm_iter *it);

/**
 * nvpm_iter_next() - open the next nvpm render node
 * @it: the scan
 * @dev: filled in with the device, which the caller must close
 *
 * Render nodes that cannot be opened or belong to another driver are
 * skipped; the first unexpected open error is kept in @it->err.
 *
 * Return: 1 with a device, 0 at the end of the scan.
 */
int nvpm_iter_next(struct nvpm_iter *it, struct nvpm_dev *dev);

/*
 * Every nvpm render node in minor order.  The body owns @dev: it is closed
 * before the next one is opened, unless the body leaves with break (or
 * return), in which case the caller must nvpm_dev_close() it.
 */
#define nvpm_for_each_dev(it, dev) \
	for (nvpm_iter_init(it); nvpm_iter_next(it, dev) > 0; nvpm_dev_close(dev))

/**
 * nvpm_dev_open() - open a device node if it belongs to nvpm
 * @path: the node, e.g. "/dev/dri/renderD128"
 * @dev: filled in on success
 *
 * Return: 0, -ENODEV if the node is not an nvpm device, or the negative
 * errno of open().
 */
int nvpm_dev_open(const char *path, struct nvpm_dev *dev);

/**
 * nvpm_dev_close() - close a device opened by this library
 * @dev: the device; its fd becomes -1
 */
void nvpm_dev_close(struct nvpm_dev *dev);

/**
 * nvpm_fd_is_nvpm() - whether an open file serves nvpm's counter ioctls
 * @fd: the file
 *
 * It does on nvpm's own nodes and on nouveau's where nouveau runs nvpm's
 * perfmon engine.  The answer is kept for @fd until nvpm_dev_close() or
 * nvpm_fd_forget_driver(): a caller that closes @fd itself calls that.
 *
 * Return: 1 if it does, 0 if it does not (or is no DRM device at all).
 */
int nvpm_fd_is_nvpm(int fd);

/**
 * nvpm_fd_forget_driver() - forget what serves @fd (it is being closed)
 * @fd: the file
 */
void nvpm_fd_forget_driver(int fd);

/**
 * nvpm_fd_driver_name() - the DRM driver serving a file's counter ioctls
 * @fd: an nvpm device
 *
 * Return: "nvpm", "nouveau", or NULL for a file that serves none.
 */
const char *nvpm_fd_driver_name(int fd);

/**
 * nvpm_ioctl() - one of nvpm's ioctls, on whichever node serves it
 * @fd: an nvpm device (nvpm's node, or nouveau's with nvpm's engine)
 * @cmd: DRM_IOCTL_NVPM_*
 * @arg: its argument
 *
 * Return: as drmIoctl(): 0, or -1 with errno set.
 */
int nvpm_ioctl(int fd, unsigned long cmd, void *arg);

/**
 * nvpm_device_count() - count the nvpm render nodes
 *
 * Return: the number of nvpm render nodes that could be opened.
 */
int nvpm_device_count(void);

/**
 * nvpm_get_info() - DRM_IOCTL_NVPM_GET_INFO
 * @fd: an nvpm device
 * @info: zeroed, its size set, then filled in by the kernel
 *
 * Return: 0 or a negative errno.
 */
int nvpm_get_info(int fd, struct drm_nvpm_get_info *info);

/**
 * nvpm_query_domains() - DRM_IOCTL_NVPM_QUERY_DOMAINS, every domain
 * @fd: an nvpm device
 * @out: set to a malloc()ed array the caller frees, NULL if there is none
 * @n: set to the number of domains
 *
 * Return: 0 or a negative errno.
 */
int nvpm_query_domains(int fd, struct drm_nvpm_domain **out, unsigned int *n);

/**
 * nvpm_query_signals() - DRM_IOCTL_NVPM_QUERY_SIGNALS, every named signal
 * @fd: an nvpm device
 * @domain: the domain id
 * @out: set to a malloc()ed array the caller frees, NULL if there is none
 * @n: set to the number of named signals
 *
 * Return: 0 or a negative errno (-ENOENT: no such domain).
 */
int nvpm_query_signals(int fd, __u32 domain, struct drm_nvpm_signal **out,
		       unsigned int *n);

/**
 * nvpm_query_sources() - DRM_IOCTL_NVPM_QUERY_SOURCES, a signal's sources
 * @fd: an nvpm device
 * @domain: the domain id
 * @signal: the signal number
 * @out: set to a malloc()ed array the caller frees, NULL if there is none
 * @n: set to the number of sources
 *
 * Return: 0 or a negative errno (-ENOENT: no such domain, -EINVAL: no
 * such signal).
 */
int nvpm_query_sources(int fd, __u32 domain, __u32 signal,
		       struct drm_nvpm_source **out, unsigned int *n);

/* Logic ops: count while signal 0 is high, count every cycle. */
#define NVPM_OP_ARG0		0xaaaa
#define NVPM_OP_ALWAYS		0xffff
/* Signal 0 low: on the idle counter domain, its engine idle. */
#define NVPM_OP_NOT_ARG0	0x5555

/* The pseudo signal of "domain/always": every cycle of the domain. */
#define NVPM_EVENT_ALWAYS	"always"

/**
 * struct nvpm_catalog - every domain of a device with its named signals
 * @dom: the domains, by id
 * @nr_dom: entries in @dom
 * @sig: per domain, its named signals, sorted by number
 * @nr_sig: per domain, entries in @sig
 */
struct nvpm_catalog {
	struct drm_nvpm_domain *dom;
	unsigned int nr_dom;
	struct drm_nvpm_signal **sig;
	unsigned int *nr_sig;
};

/**
 * nvpm_catalog_load() - query every domain of a device and its signals
 * @fd: an nvpm device
 * @cat: filled in; nvpm_catalog_free() it
 *
 * Return: 0 or a negative errno (then @cat is empty).
 */
int nvpm_catalog_load(int fd, struct nvpm_catalog *cat);

/**
 * nvpm_catalog_free() - free what nvpm_catalog_load() allocated
 * @cat: the catalog; left empty
 */
void nvpm_catalog_free(struct nvpm_catalog *cat);

/**
 * nvpm_catalog_domain() - find a domain by name
 * @cat: the catalog
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * Return: the domain, or NULL.
 */
const struct drm_nvpm_domain *nvpm_catalog_domain(const struct nvpm_catalog *cat,
						  const char *name, size_t len);

/**
 * nvpm_catalog_signal_name() - the name of a signal
 * @cat: the catalog
 * @domain: domain id
 * @signal: signal number
 *
 * Return: its NUL-terminated name, or NULL for an unnamed signal.
 */
const char *nvpm_catalog_signal_name(const struct nvpm_catalog *cat,
				     __u32 domain, __u32 signal);

/**
 * struct nvpm_event - one thing to count, parsed from "domain/what"
 * @domain: domain id
 * @signal: signal number (0 for "always")
 * @logic_op: NVPM_OP_ARG0 for a signal, NVPM_OP_ALWAYS for "always"
 */
struct nvpm_event {
	__u32 domain;
	__u8 signal;
	__u16 logic_op;
};

/* nvpm_event_parse() errors besides -EINVAL (no '/' in the spec). */
#define NVPM_EVENT_NO_DOMAIN	(-ENODEV)	/* no such domain */
#define NVPM_EVENT_NO_SIGNAL	(-ENOENT)	/* no signal of that name */
#define NVPM_EVENT_RANGE	(-ERANGE)	/* number >= nr_signals */

/**
 * nvpm_event_parse() - parse "domain/NAME", "domain/0xNN" or "domain/always"
 * @cat: the device's catalog
 * @spec: the event
 * @ev: filled in on success
 *
 * A NAME is matched exactly, else without regard to case if that is
 * unambiguous.  A number may name any signal of the domain, named or not.
 *
 * Return: 0, -EINVAL (no '/'), NVPM_EVENT_NO_DOMAIN, NVPM_EVENT_NO_SIGNAL
 * or NVPM_EVENT_RANGE.
 */
int nvpm_event_parse(const struct nvpm_catalog *cat, const char *spec,
		     struct nvpm_event *ev);

/**
 * nvpm_group_create() - DRM_IOCTL_NVPM_GROUP_CREATE
 * @fd: an nvpm device
 * @args: the group, filled in by the caller; its size is set here
 *
 * Return: 0 with @args->handle set, or a negative errno.
 */
int nvpm_group_create(int fd, struct drm_nvpm_group_create *args);

/**
 * nvpm_group_quad() - create a quad mode group of simple counters
 * @fd: an nvpm device
 * @domain: domain id
 * @ctr: the counters
 * @nr: entries in @ctr, 1..4
 * @handle: set to the group's handle
 *
 * Return: 0 or a negative errno.
 */
int nvpm_group_quad(int fd, __u32 domain, const struct drm_nvpm_counter *ctr,
		    unsigned int nr, __u32 *handle);

/**
 * nvpm_group_destroy() - DRM_IOCTL_NVPM_GROUP_DESTROY
 * @fd: the file the group was created on
 * @handle: the group
 *
 * Return: 0 or a negative errno.
 */
int nvpm_group_destroy(int fd, __u32 handle);

/**
 * nvpm_sample() - DRM_IOCTL_NVPM_SAMPLE: latch every group of the file
 * @fd: the file
 * @samples: set to the number of SAMPLEs the file has taken, may be NULL
 *
 * Return: 0 or a negative errno.
 */
int nvpm_sample(int fd, __u64 *samples);

/**
 * nvpm_read() - DRM_IOCTL_NVPM_READ: a group's totals
 * @fd: the file the group was created on
 * @handle: the group
 * @out: zeroed, then filled in by the kernel
 *
 * Return: 0 or a negative errno.
 */
int nvpm_read(int fd, __u32 handle, struct drm_nvpm_read *out);

/**
 * struct nvpm_bo - a buffer object mapped into this process
 * @fd: the file it belongs to
 * @handle: its GEM handle
 * @size: bytes
 * @map_offset: its mmap() offset on @fd
 * @map: its mapping, or NULL when not mapped
 */
struct nvpm_bo {
	int fd;
	__u32 handle;
	__u64 size;
	__u64 map_offset;
	void *map;
};

/**
 * nvpm_bo_new() - DRM_IOCTL_NVPM_GEM_NEW: a buffer object, not yet mapped
 * @fd: the file that owns it
 * @size: bytes (the kernel rounds up to pages)
 * @bo: filled in
 *
 * Return: 0 or a negative errno.
 */
int nvpm_bo_new(int fd, __u64 size, struct nvpm_bo *bo);

/**
 * nvpm_bo_from_handle() - DRM_IOCTL_NVPM_GEM_INFO: describe a BO handle
 * @fd: the file the handle belongs to
 * @handle: e.g. a handle the kernel returned for a BO it made
 * @bo: filled in, not mapped
 *
 * Return: 0 or a negative errno.
 */
int nvpm_bo_from_handle(int fd, __u32 handle, struct nvpm_bo *bo);

/**
 * nvpm_bo_map() - map a whole BO read-write, shared with the GPU
 * @bo: the BO; @bo->map is set
 *
 * Return: 0 or a negative errno.
 */
int nvpm_bo_map(struct nvpm_bo *bo);

/**
 * nvpm_bo_free() - unmap a BO and close its handle
 * @bo: the BO; zeroed
 */
void nvpm_bo_free(struct nvpm_bo *bo);

/**
 * nvpm_domain_caps_str() - NVPM_DOMAIN_CAP_* bits as space separated names
 * @caps: the bits
 * @buf: the output, always NUL-terminated if @len > 0
 * @len: size of @buf
 *
 * Unknown bits are listed as "bitN"; no bits as "none".
 *
 * Return: the length of the string, or -ENOSPC if it was truncated.
 */
int nvpm_domain_caps_str(__u32 caps, char *buf, size_t len);

/**
 * nvpm_hw_cap_name() - short name of an NVPM_HW_CAP_* bit
 * @bit: the bit number, e.g. 2 for NVPM_HW_CAP_QUAD
 *
 * Return: the name, or NULL for a bit this library does not know.
 */
const char *nvpm_hw_cap_name(unsigned int bit);

/**
 * nvpm_hw_caps_str() - NVPM_HW_CAP_* bits as space separated names
 * @caps: the bits
 * @buf: the output, always NUL-terminated if @len > 0
 * @len: size of @buf
 *
 * Bits are listed in bit order; unknown bits as "bitN"; no bits as "none".
 *
 * Return: the length of the string, or -ENOSPC if it was truncated.
 */
int nvpm_hw_caps_str(__u64 caps, char *buf, size_t len);

/**
 * nvpm_card_type_name() - name of an NVPM_CARD_* architecture
 * @card_type: the value
 *
 * Return: e.g. "NV50", or NULL for a value this library does not know.
 */
const char *nvpm_card_type_name(__u32 card_type);

#include "libnvpm_record.h"
/* ---- channels and command-stream sampling ---- */

/* The subchannels libnvpm binds the channel's objects to. */
#define NVPM_SUBC_GR		0
#define NVPM_SUBC_SW		1

/**
 * struct nvpm_channel - a channel and its mapped notifier
 * @fd: the file it belongs to
 * @handle: the channel's handle
 * @notifier: the notifier BO, mapped
 * @hdr: its header
 * @ring: its ring, @hdr->ring_size entries
 */
struct nvpm_channel {
	int fd;
	__u32 handle;
	struct nvpm_bo notifier;
	struct drm_nvpm_notifier_header *hdr;
	struct drm_nvpm_notifier_entry *ring;
};

/**
 * nvpm_channel_new() - DRM_IOCTL_NVPM_CHANNEL_NEW, and map the notifier
 * @fd: an nvpm render node, or nouveau's
 * @ring_size: notifier ring entries (0: the default)
 * @ch: the channel
 *
 * On nouveau's node the channel is nouveau's (DRM_NOUVEAU_CHANNEL_ALLOC),
 * with its software and graphics objects (GROBJ_ALLOC) and a notifier
 * (NOTIFIEROBJ_ALLOC) of nvpm's handles, bound to nvpm's software methods
 * (DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND); @ch->handle is its id + 1, the
 * default ring 64 entries (a notifier page holds no more), pushbuffers
 * are nouveau's GEM objects submitted by DRM_NOUVEAU_GEM_PUSHBUF.
 *
 * Return: 0 or a negative errno (-ENODEV: the GPU has no FIFO nvpm drives).
 */
int nvpm_channel_new(int fd, __u32 ring_size, struct nvpm_channel *ch);

/**
 * nvpm_channel_del() - destroy a channel, unmap and close its notifier
 * @ch: the channel; zeroed
 */
void nvpm_channel_del(struct nvpm_channel *ch);

/**
 * nvpm_exec() - DRM_IOCTL_NVPM_EXEC: submit a pushbuffer range
 * @fd: the file
 * @channel: channel handle
 * @bo: pushbuffer BO handle
 * @offset: byte offset of the range
 * @length: its bytes
 * @sequence: the submission's fence
 *
 * Return: 0 or a negative errno (-EIO: the channel has stopped).
 */
int nvpm_exec(int fd, __u32 channel, __u32 bo, __u64 offset, __u64 length,
	      __u64 *sequence);

/**
 * nvpm_wait() - DRM_IOCTL_NVPM_WAIT: wait for a submission
 * @fd: the file
 * @channel: channel handle
 * @sequence: from nvpm_exec()
 * @timeout_ns: longest wait
 * @out: what WAIT reports (completed, fault), may be NULL
 *
 * On nouveau's node, which has no submission sequence, sequences are
 * libnvpm's count of the channel's submissions, and the wait is for the
 * channel's last pushbuffer to be idle (DRM_NOUVEAU_GEM_CPU_PREP): every
 * submission up to it is then done; @timeout_ns 0 only checks, any other
 * waits as long as nouveau does (30 s).
 *
 * Return: 0, -ETIME, -EIO when the channel stopped, or another errno.
 */
int nvpm_wait(int fd, __u32 channel, __u64 sequence, __u64 timeout_ns,
	      struct drm_nvpm_wait *out);

/**
 * struct nvpm_push - a pushbuffer: a mapped BO written as a ring
 * @bo: the BO
 * @words: its size in 32-bit words
 * @pos: where the next word goes
 * @start: first word not submitted yet
 *
 * Commands are appended at @pos and submitted from @start; when a run of
 * commands does not fit before the end, the buffer starts over at 0, so
 * the caller must have waited for what was submitted from there.
 */
struct nvpm_push {
	struct nvpm_bo bo;
	unsigned int words;
	unsigned int pos;
	unsigned int start;
};

/**
 * nvpm_push_new() - a pushbuffer BO, mapped
 * @fd: the file
 * @bytes: its size
 * @p: the pushbuffer
 *
 * Return: 0 or a negative errno.
 */
int nvpm_push_new(int fd, size_t bytes, struct nvpm_push *p);

/**
 * nvpm_push_free() - free a pushbuffer
 * @p: the pushbuffer; zeroed
 */
void nvpm_push_free(struct nvpm_push *p);

/**
 * nvpm_push_space() - make room for @words more words in one run
 * @p: the pushbuffer
 * @words: words about to be written
 *
 * Starts over at 0 if they do not fit before the end (what was written
 * and not submitted moves along: it is copied).
 *
 * Return: 0, or -ENOSPC if they never fit.
 */
int nvpm_push_space(struct nvpm_push *p, unsigned int words);

/**
 * nvpm_push_word() - append a word (after nvpm_push_space())
 * @p: the pushbuffer
 * @word: the word
 */
void nvpm_push_word(struct nvpm_push *p, __u32 word);

/**
 * nvpm_push_mthd() - append one method with its data (after nvpm_push_space(), 2 words)
 * @p: the pushbuffer
 * @subc: subchannel
 * @mthd: method
 * @data: data
 */
void nvpm_push_mthd(struct nvpm_push *p, unsigned int subc, unsigned int mthd,
		    __u32 data);

/**
 * nvpm_push_submit() - submit what was appended since the last submission
 * @p: the pushbuffer
 * @ch: the channel
 * @sequence: the submission's fence
 *
 * Return: 0 or a negative errno; -EINVAL when nothing was appended.
 */
int nvpm_push_submit(struct nvpm_push *p, const struct nvpm_channel *ch,
		     __u64 *sequence);

/**
 * nvpm_push_setup() - append what a channel needs first: bind the
 * graphics object to NVPM_SUBC_GR, the software object to NVPM_SUBC_SW,
 * and the notifier to the software object
 * @p: the pushbuffer
 *
 * Return: 0 or -ENOSPC.
 */
int nvpm_push_setup(struct nvpm_push *p);

/**
 * nvpm_ring_entry() - a consistent copy of a notifier ring entry
 * @ch: the channel
 * @index: entry number (taken modulo the ring size)
 * @out: the copy
 *
 * Return: 0, or -EAGAIN when the kernel is writing it (or wrote it while
 * it was being copied).
 */
int nvpm_ring_entry(const struct nvpm_channel *ch, __u32 index,
		    struct drm_nvpm_notifier_entry *out);

/**
 * nvpm_ring_read() - the results of a READOUT, without a system call
 * @ch: the channel
 * @sequence: the READOUT's sequence
 * @out: its entries, in the order of the staging set
 * @max: room in @out
 *
 * Return: the number of entries found (fewer than were staged: the others
 * were overwritten by newer results), or -EAGAIN while the READOUT has
 * not run yet.
 */
int nvpm_ring_read(const struct nvpm_channel *ch, __u64 sequence,
		   struct drm_nvpm_notifier_entry *out, unsigned int max);

#ifdef __cplusplus
}
#endif

#endif /* __LIBNVPM_H__ */
