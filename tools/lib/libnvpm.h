/* SPDX-License-Identifier: MIT */
/*
 * libnvpm: finding nvpm render nodes and talking to them.
 *
 * Functions that can fail return 0 (or a count) on success and a negative
 * errno on failure; errno itself is not meant to be looked at.
 */
#ifndef __LIBNVPM_H__
#define __LIBNVPM_H__
#include <errno.h>
#include <stddef.h>
#include <nvpm_drm.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
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

void nvpm_iter_init(struct nvpm_iter *it);
int nvpm_iter_next(struct nvpm_iter *it, struct nvpm_dev *dev);

/*
 * Every nvpm render node in minor order.  The body owns @dev: it is closed
 * before the next one is opened, unless the body leaves with break (or
 * return), in which case the caller must nvpm_dev_close() it.
 */
#define nvpm_for_each_dev(it, dev) \
	for (nvpm_iter_init(it); nvpm_iter_next(it, dev) > 0; nvpm_dev_close(dev))

int nvpm_dev_open(const char *path, struct nvpm_dev *dev);
void nvpm_dev_close(struct nvpm_dev *dev);
int nvpm_fd_is_nvpm(int fd);
void nvpm_fd_forget_driver(int fd);
const char *nvpm_fd_driver_name(int fd);
int nvpm_ioctl(int fd, unsigned long cmd, void *arg);
int nvpm_device_count(void);

int nvpm_get_info(int fd, struct drm_nvpm_get_info *info);

int nvpm_query_domains(int fd, struct drm_nvpm_domain **out, unsigned int *n);
int nvpm_query_signals(int fd, __u32 domain, struct drm_nvpm_signal **out,
		       unsigned int *n);
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

int nvpm_catalog_load(int fd, struct nvpm_catalog *cat);
void nvpm_catalog_free(struct nvpm_catalog *cat);
const struct drm_nvpm_domain *nvpm_catalog_domain(const struct nvpm_catalog *cat,
						  const char *name, size_t len);
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

int nvpm_event_parse(const struct nvpm_catalog *cat, const char *spec,
		     struct nvpm_event *ev);

int nvpm_group_create(int fd, struct drm_nvpm_group_create *args);
int nvpm_group_quad(int fd, __u32 domain, const struct drm_nvpm_counter *ctr,
		    unsigned int nr, __u32 *handle);
int nvpm_group_destroy(int fd, __u32 handle);
int nvpm_sample(int fd, __u64 *samples);
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

int nvpm_bo_new(int fd, __u64 size, struct nvpm_bo *bo);
int nvpm_bo_from_handle(int fd, __u32 handle, struct nvpm_bo *bo);
int nvpm_bo_map(struct nvpm_bo *bo);
void nvpm_bo_free(struct nvpm_bo *bo);

int nvpm_domain_caps_str(__u32 caps, char *buf, size_t len);

const char *nvpm_hw_cap_name(unsigned int bit);
int nvpm_hw_caps_str(__u64 caps, char *buf, size_t len);
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

int nvpm_channel_new(int fd, __u32 ring_size, struct nvpm_channel *ch);
void nvpm_channel_del(struct nvpm_channel *ch);
int nvpm_exec(int fd, __u32 channel, __u32 bo, __u64 offset, __u64 length,
	      __u64 *sequence);
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

int nvpm_push_new(int fd, size_t bytes, struct nvpm_push *p);
void nvpm_push_free(struct nvpm_push *p);
int nvpm_push_space(struct nvpm_push *p, unsigned int words);
void nvpm_push_word(struct nvpm_push *p, __u32 word);
void nvpm_push_mthd(struct nvpm_push *p, unsigned int subc, unsigned int mthd,
		    __u32 data);
int nvpm_push_submit(struct nvpm_push *p, const struct nvpm_channel *ch,
		     __u64 *sequence);
int nvpm_push_setup(struct nvpm_push *p);

int nvpm_ring_entry(const struct nvpm_channel *ch, __u32 index,
		    struct drm_nvpm_notifier_entry *out);
int nvpm_ring_read(const struct nvpm_channel *ch, __u64 sequence,
		   struct drm_nvpm_notifier_entry *out, unsigned int max);

#endif /* __LIBNVPM_H__ */
