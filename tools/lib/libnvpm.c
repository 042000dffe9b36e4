// SPDX-License-Identifier: MIT
/*
 * libnvpm: finding nvpm render nodes and talking to them over libdrm.
 * Each exported function is documented where it is declared, in
 * libnvpm.h (the installed header), and listed in libnvpm.map.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <xf86drm.h>
#include <nouveau_drm.h>
#include "libnvpm.h"

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

/*
 * The driver serving each open file's counter ioctls, by fd (fds past the
 * table are asked on each call): nvpm's own node, or nouveau's, which
 * serves them at nvpm's numbers plus NVPM_NOUVEAU_IOCTL_BASE.
 */
enum nvpm_driver { NVPM_DRV_UNKNOWN, NVPM_DRV_NONE, NVPM_DRV_NVPM, NVPM_DRV_NOUVEAU };
#define NVPM_FD_TABLE	1024
static unsigned char nvpm_fd_drv[NVPM_FD_TABLE];

static enum nvpm_driver
nvpm_driver_of(int fd)
{
	struct drm_nvpm_get_info info = { .size = sizeof(info) };
	enum nvpm_driver drv = NVPM_DRV_NONE;
	drmVersionPtr ver = drmGetVersion(fd);

	if (!ver)
		return NVPM_DRV_NONE;
	if (ver->name && !strcmp(ver->name, NVPM_DRIVER_NAME))
		drv = NVPM_DRV_NVPM;
	else if (ver->name && !strcmp(ver->name, NVPM_NOUVEAU_DRIVER_NAME) &&
		 !drmIoctl(fd, DRM_IOCTL_NVPM_ON_NOUVEAU(DRM_IOCTL_NVPM_GET_INFO), &info))
		drv = NVPM_DRV_NOUVEAU;	/* nouveau with nvpm's engine */
	drmFreeVersion(ver);
	return drv;
}

static enum nvpm_driver
nvpm_fd_driver(int fd)
{
	enum nvpm_driver drv;

	if (fd < 0)
		return NVPM_DRV_NONE;
	if (fd >= NVPM_FD_TABLE)
		return nvpm_driver_of(fd);
	drv = nvpm_fd_drv[fd];
	if (drv == NVPM_DRV_UNKNOWN) {
		drv = nvpm_driver_of(fd);
		nvpm_fd_drv[fd] = drv;
	}
	return drv;
}

static void
nvpm_fd_forget(int fd)
{
	if (fd >= 0 && fd < NVPM_FD_TABLE)
		nvpm_fd_drv[fd] = NVPM_DRV_UNKNOWN;
}

int
nvpm_ioctl(int fd, unsigned long cmd, void *arg)
{
	if (nvpm_fd_driver(fd) == NVPM_DRV_NOUVEAU)
		cmd = DRM_IOCTL_NVPM_ON_NOUVEAU(cmd);
	return drmIoctl(fd, cmd, arg);
}

int
nvpm_fd_is_nvpm(int fd)
{
	nvpm_fd_forget(fd);
	return nvpm_fd_driver(fd) >= NVPM_DRV_NVPM;
}

void
nvpm_fd_forget_driver(int fd)
{
	nvpm_fd_forget(fd);
}

const char *
nvpm_fd_driver_name(int fd)
{
	switch (nvpm_fd_driver(fd)) {
	case NVPM_DRV_NVPM:
		return NVPM_DRIVER_NAME;
	case NVPM_DRV_NOUVEAU:
		return NVPM_NOUVEAU_DRIVER_NAME;
	default:
		return NULL;
	}
}

int
nvpm_dev_open(const char *path, struct nvpm_dev *dev)
{
	struct stat st;
	int fd;

	if (strlen(path) >= sizeof(dev->path))
		return -ENAMETOOLONG;
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (!nvpm_fd_is_nvpm(fd)) {
		nvpm_fd_forget(fd);
		close(fd);
		return -ENODEV;
	}
	dev->fd = fd;
	dev->minor = fstat(fd, &st) ? -1 : (int)minor(st.st_rdev);
	strcpy(dev->path, path);
	return 0;
}

void
nvpm_dev_close(struct nvpm_dev *dev)
{
	if (dev->fd >= 0) {
		nvpm_fd_forget(dev->fd);
		close(dev->fd);
	}
	dev->fd = -1;
}

static int
nvpm_int_cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

void
nvpm_iter_init(struct nvpm_iter *it)
{
	drmDevicePtr devs[NVPM_MAX_DEVICES];
	unsigned int maj, min;
	struct stat st;
	int i, n;

	it->nr = 0;
	it->pos = 0;
	it->err = 0;
	n = drmGetDevices2(0, devs, NVPM_MAX_DEVICES);
	if (n < 0) {
		it->err = n == -ENOENT ? 0 : n;
		return;
	}
	for (i = 0; i < n; i++) {
		if ((devs[i]->available_nodes & (1 << DRM_NODE_RENDER)) &&
		    !stat(devs[i]->nodes[DRM_NODE_RENDER], &st) && S_ISCHR(st.st_mode)) {
			maj = major(st.st_rdev);
			min = minor(st.st_rdev);
			if (maj && min >= NVPM_RENDER_MINOR_FIRST &&
			    min <= NVPM_RENDER_MINOR_LAST)
				it->minor[it->nr++] = min;
		}
	}
	drmFreeDevices(devs, n);
	qsort(it->minor, it->nr, sizeof(it->minor[0]), nvpm_int_cmp);
}

/* Errors that just mean "there is no such device here". */
static int
nvpm_err_is_absent(int err)
{
	return err == -ENOENT || err == -ENXIO || err == -ENODEV;
}

int
nvpm_iter_next(struct nvpm_iter *it, struct nvpm_dev *dev)
{
	char path[sizeof(dev->path)];
	int ret;

	dev->fd = -1;
	while (it->pos < it->nr) {
		snprintf(path, sizeof(path), "/dev/dri/renderD%d", it->minor[it->pos++]);
		ret = nvpm_dev_open(path, dev);
		if (!ret)
			return 1;
		if (!nvpm_err_is_absent(ret) && !it->err)
			it->err = ret;
	}
	return 0;
}

int
nvpm_device_count(void)
{
	struct nvpm_iter it;
	struct nvpm_dev dev;
	int n = 0;

	nvpm_for_each_dev(&it, &dev)
		n++;
	return n;
}

int
nvpm_get_info(int fd, struct drm_nvpm_get_info *info)
{
	memset(info, 0, sizeof(*info));
	info->size = sizeof(*info);
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_GET_INFO, info))
		return -errno;
	return 0;
}

static const char *const nvpm_hw_cap_names[] = {
	[0] = "ctr-period",		/* NVPM_HW_CAP_CTR_PERIOD */
	[1] = "40bit",			/* NVPM_HW_CAP_COUNTER_40BIT */
	[2] = "quad",			/* NVPM_HW_CAP_QUAD */
	[3] = "counter-modes",		/* NVPM_HW_CAP_COUNTER_MODES */
	[4] = "record",			/* NVPM_HW_CAP_RECORD */
	[5] = "spec-src",		/* NVPM_HW_CAP_SPEC_SRC */
	[6] = "periodic",		/* NVPM_HW_CAP_PERIODIC */
	[7] = "delay-replace",		/* NVPM_HW_CAP_DELAY_REPLACE */
	[8] = "record-addr-high",	/* NVPM_HW_CAP_RECORD_ADDR_HIGH */
	[9] = "user-trigger",		/* NVPM_HW_CAP_USER_TRIGGER */
	[10] = "domain-sets",		/* NVPM_HW_CAP_DOMAIN_SETS */
};

static_assert(NVPM_HW_CAP_COUNTER_40BIT == 1ull << 1, "cap bit moved");
static_assert(NVPM_HW_CAP_DOMAIN_SETS == 1ull << 10, "cap bit moved");

const char *
nvpm_hw_cap_name(unsigned int bit)
{
	if (bit >= ARRAY_SIZE(nvpm_hw_cap_names))
		return NULL;
	return nvpm_hw_cap_names[bit];
}

/* Append @word to @buf (holding @pos chars), space separated. */
static int
nvpm_str_append(char *buf, size_t len, int pos, const char *word)
{
	int n;

	if (pos < 0)
		return pos;
	n = snprintf(buf + pos, len - pos, "%s%s", pos ? " " : "", word);
	if (n < 0 || (size_t)n >= len - pos)
		return -ENOSPC;
	return pos + n;
}

int
nvpm_hw_caps_str(__u64 caps, char *buf, size_t len)
{
	char unknown[16];
	const char *name;
	unsigned int bit;
	int pos = 0;

	if (!len)
		return -ENOSPC;
	buf[0] = '\0';
	if (!caps)
		return nvpm_str_append(buf, len, 0, "none");
	for (bit = 0; bit < 64 && pos >= 0; bit++) {
		if (!(caps & (1ull << bit)))
			continue;
		name = nvpm_hw_cap_name(bit);
		if (!name) {
			snprintf(unknown, sizeof(unknown), "bit%u", bit);
			name = unknown;
		}
		pos = nvpm_str_append(buf, len, pos, name);
	}
	return pos;
}

const char *
nvpm_card_type_name(__u32 card_type)
{
	switch (card_type) {
	case NVPM_CARD_NV10: return "NV10";
	case NVPM_CARD_NV20: return "NV20";
	case NVPM_CARD_NV30: return "NV30";
	case NVPM_CARD_NV40: return "NV40";
	case NVPM_CARD_NV50: return "NV50";
	case NVPM_CARD_NVC0: return "NVC0";
	case NVPM_CARD_NVE0: return "NVE0";
	default: return NULL;
	}
}

/*
 * The array query protocol of the uapi: a size query (count 0), then a
 * query with an array that big.  Entries cannot appear between the two
 * calls today, but -E2BIG (the kernel's count grew) is retried anyway.
 *
 * @args is the ioctl argument, its size set; @count and @ptr point into it.
 * On success @*out is a malloc()ed array of @*n entries (NULL if none).
 */
static int
nvpm_query_array(int fd, unsigned long cmd, void *args, __u32 *count,
		 __u64 *ptr, size_t elem, void **out, unsigned int *n)
{
	void *buf = NULL, *tmp;
	int tries, ret = -EAGAIN;

	*out = NULL;
	*n = 0;
	*count = 0;
	*ptr = 0;
	if (nvpm_ioctl(fd, cmd, args))
		return -errno;
	if (!*count)
		return 0;
	for (tries = 0; tries < 4; tries++) {
		tmp = realloc(buf, (size_t)*count * elem);
		if (!tmp) {
			ret = -ENOMEM;
			break;
		}
		buf = tmp;
		*ptr = (uintptr_t)buf;
		if (!nvpm_ioctl(fd, cmd, args)) {
			*out = buf;
			*n = *count;
			return 0;
		}
		ret = -errno;
		if (ret != -E2BIG)
			break;
	}
	free(buf);
	return ret;
}

int
nvpm_query_domains(int fd, struct drm_nvpm_domain **out, unsigned int *n)
{
	struct drm_nvpm_query_domains q = { .size = sizeof(q) };

	return nvpm_query_array(fd, DRM_IOCTL_NVPM_QUERY_DOMAINS, &q, &q.count,
				&q.domains, sizeof(**out), (void **)out, n);
}

int
nvpm_query_signals(int fd, __u32 domain, struct drm_nvpm_signal **out,
		   unsigned int *n)
{
	struct drm_nvpm_query_signals q = { .size = sizeof(q), .domain = domain };

	return nvpm_query_array(fd, DRM_IOCTL_NVPM_QUERY_SIGNALS, &q, &q.count,
				&q.signals, sizeof(**out), (void **)out, n);
}

int
nvpm_query_sources(int fd, __u32 domain, __u32 signal, struct drm_nvpm_source **out,
		   unsigned int *n)
{
	struct drm_nvpm_query_sources q = {
		.size = sizeof(q), .domain = domain, .signal = signal,
	};

	return nvpm_query_array(fd, DRM_IOCTL_NVPM_QUERY_SOURCES, &q, &q.count,
				&q.sources, sizeof(**out), (void **)out, n);
}

void
nvpm_catalog_free(struct nvpm_catalog *cat)
{
	unsigned int d;

	for (d = 0; cat->sig && d < cat->nr_dom; d++)
		free(cat->sig[d]);
	free(cat->sig);
	free(cat->nr_sig);
	free(cat->dom);
	memset(cat, 0, sizeof(*cat));
}

int
nvpm_catalog_load(int fd, struct nvpm_catalog *cat)
{
	unsigned int d;
	int ret;

	memset(cat, 0, sizeof(*cat));
	ret = nvpm_query_domains(fd, &cat->dom, &cat->nr_dom);
	if (ret || !cat->nr_dom)
		return ret;
	cat->sig = calloc(cat->nr_dom, sizeof(*cat->sig));
	cat->nr_sig = calloc(cat->nr_dom, sizeof(*cat->nr_sig));
	if (!cat->sig || !cat->nr_sig) {
		nvpm_catalog_free(cat);
		return -ENOMEM;
	}
	for (d = 0; d < cat->nr_dom; d++) {
		ret = nvpm_query_signals(fd, cat->dom[d].id, &cat->sig[d],
					 &cat->nr_sig[d]);
		if (ret) {
			nvpm_catalog_free(cat);
			return ret;
		}
	}
	return 0;
}

const struct drm_nvpm_domain *
nvpm_catalog_domain(const struct nvpm_catalog *cat, const char *name, size_t len)
{
	const struct drm_nvpm_domain *dom;
	unsigned int d;

	for (d = 0; d < cat->nr_dom; d++) {
		dom = &cat->dom[d];
		if (strnlen(dom->name, sizeof(dom->name)) == len &&
		    !memcmp(dom->name, name, len))
			return dom;
	}
	return NULL;
}

const char *
nvpm_catalog_signal_name(const struct nvpm_catalog *cat, __u32 domain,
			 __u32 signal)
{
	const struct drm_nvpm_signal *sig;
	unsigned int i;

	if (domain >= cat->nr_dom)
		return NULL;
	for (i = 0; i < cat->nr_sig[domain]; i++) {
		sig = &cat->sig[domain][i];
		if (sig->signal == signal && memchr(sig->name, '\0', sizeof(sig->name)))
			return sig->name;
	}
	return NULL;
}

/* "0x" followed by hex digits only: the number in @*val. */
static int
nvpm_parse_hex(const char *s, unsigned long *val)
{
	char *end;

	if (strncasecmp(s, "0x", 2) || !isxdigit((unsigned char)s[2]))
		return -EINVAL;
	errno = 0;
	*val = strtoul(s + 2, &end, 16);
	if (*end || errno)
		return -EINVAL;
	return 0;
}

/* The signal named @name in @dom: exact match first, then any case. */
static int
nvpm_signal_by_name(const struct nvpm_catalog *cat, __u32 d, const char *name,
		    __u32 *signal)
{
	const struct drm_nvpm_signal *sig = cat->sig[d];
	unsigned int i, n = cat->nr_sig[d];
	int found = -1;

	for (i = 0; i < n; i++) {
		if (!strncmp(sig[i].name, name, sizeof(sig[i].name))) {
			*signal = sig[i].signal;
			return 0;
		}
		if (!strncasecmp(sig[i].name, name, sizeof(sig[i].name)))
			found = found == -1 ? (int)i : -2;
	}
	if (found < 0)
		return NVPM_EVENT_NO_SIGNAL;
	*signal = sig[found].signal;
	return 0;
}

int
nvpm_event_parse(const struct nvpm_catalog *cat, const char *spec,
		 struct nvpm_event *ev)
{
	const char *slash = strchr(spec, '/'), *what;
	const struct drm_nvpm_domain *dom;
	unsigned long num;
	__u32 signal;
	int ret;

	if (!slash || !slash[1])
		return -EINVAL;
	dom = nvpm_catalog_domain(cat, spec, slash - spec);
	if (!dom)
		return NVPM_EVENT_NO_DOMAIN;
	what = slash + 1;
	memset(ev, 0, sizeof(*ev));
	ev->domain = dom->id;
	if (!strcmp(what, NVPM_EVENT_ALWAYS)) {
		ev->logic_op = NVPM_OP_ALWAYS;
		return 0;
	}
	if (!nvpm_parse_hex(what, &num)) {
		if (num >= dom->nr_signals || num > 0xff)
			return NVPM_EVENT_RANGE;
		signal = num;
	} else {
		ret = nvpm_signal_by_name(cat, dom->id, what, &signal);
		if (ret)
			return ret;
	}
	ev->signal = signal;
	ev->logic_op = NVPM_OP_ARG0;
	return 0;
}

int
nvpm_group_create(int fd, struct drm_nvpm_group_create *args)
{
	args->size = sizeof(*args);
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_GROUP_CREATE, args))
		return -errno;
	return 0;
}

int
nvpm_group_quad(int fd, __u32 domain, const struct drm_nvpm_counter *ctr,
		unsigned int nr, __u32 *handle)
{
	struct drm_nvpm_group_create args;
	int ret;

	if (nr > ARRAY_SIZE(args.counter))
		return -E2BIG;
	memset(&args, 0, sizeof(args));
	args.domain = domain;
	args.mode = NVPM_MODE_QUAD;
	args.counter_mode = NVPM_COUNTER_MODE_SIMPLE;
	args.nr_counters = nr;
	memcpy(args.counter, ctr, nr * sizeof(*ctr));
	ret = nvpm_group_create(fd, &args);
	if (!ret)
		*handle = args.handle;
	return ret;
}

int
nvpm_group_destroy(int fd, __u32 handle)
{
	struct drm_nvpm_group_destroy args = {
		.size = sizeof(args),
		.handle = handle,
	};

	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_GROUP_DESTROY, &args))
		return -errno;
	return 0;
}

int
nvpm_sample(int fd, __u64 *samples)
{
	struct drm_nvpm_sample args = { .size = sizeof(args) };

	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_SAMPLE, &args))
		return -errno;
	if (samples)
		*samples = args.samples;
	return 0;
}

int
nvpm_read(int fd, __u32 handle, struct drm_nvpm_read *out)
{
	memset(out, 0, sizeof(*out));
	out->size = sizeof(*out);
	out->handle = handle;
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_READ, out))
		return -errno;
	return 0;
}

static int nvpm_nv_bo_new(int fd, __u64 size, struct nvpm_bo *bo);

int
nvpm_bo_new(int fd, __u64 size, struct nvpm_bo *bo)
{
	struct drm_nvpm_gem_new args = { .size = sizeof(args), .bo_size = size };

	if (nvpm_fd_driver(fd) == NVPM_DRV_NOUVEAU)
		return nvpm_nv_bo_new(fd, size, bo);
	memset(bo, 0, sizeof(*bo));
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_GEM_NEW, &args))
		return -errno;
	bo->fd = fd;
	bo->handle = args.handle;
	bo->size = args.bo_size;
	bo->map_offset = args.map_offset;
	return 0;
}

int
nvpm_bo_from_handle(int fd, __u32 handle, struct nvpm_bo *bo)
{
	struct drm_nvpm_gem_info args = { .size = sizeof(args), .handle = handle };
	struct drm_nouveau_gem_info info = { .handle = handle };
	int ret;

	memset(bo, 0, sizeof(*bo));
	if (nvpm_fd_driver(fd) == NVPM_DRV_NOUVEAU) {
		/* nouveau's GEM object: its own GEM_INFO */
		ret = drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_INFO, &info, sizeof(info));
		if (ret)
			return ret;
		bo->fd = fd;
		bo->handle = handle;
		bo->size = info.size;
		bo->map_offset = info.map_handle;
		return 0;
	}
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_GEM_INFO, &args))
		return -errno;
	bo->fd = fd;
	bo->handle = handle;
	bo->size = args.bo_size;
	bo->map_offset = args.map_offset;
	return 0;
}

int
nvpm_bo_map(struct nvpm_bo *bo)
{
	void *map;

	if (bo->map)
		return 0;
	map = mmap(NULL, bo->size, PROT_READ | PROT_WRITE, MAP_SHARED, bo->fd,
		   bo->map_offset);
	if (map == MAP_FAILED)
		return -errno;
	bo->map = map;
	return 0;
}

void
nvpm_bo_free(struct nvpm_bo *bo)
{
	struct drm_gem_close args = { .handle = bo->handle };

	if (bo->map)
		munmap(bo->map, bo->size);
	if (bo->handle)
		drmIoctl(bo->fd, DRM_IOCTL_GEM_CLOSE, &args);
	memset(bo, 0, sizeof(*bo));
}

/* NVPM_DOMAIN_CAP_* in the order they read best. */
static const struct {
	__u32 bit;
	const char *name;
} nvpm_domain_caps[] = {
	{ NVPM_DOMAIN_CAP_QUAD, "quad" },
	{ NVPM_DOMAIN_CAP_SINGLE, "single" },
	{ NVPM_DOMAIN_CAP_COUNTER_MODES, "counter-modes" },
	{ NVPM_DOMAIN_CAP_PERIODIC, "periodic" },
	{ NVPM_DOMAIN_CAP_USER, "user" },
	{ NVPM_DOMAIN_CAP_IDLE, "idle" },
};

int
nvpm_domain_caps_str(__u32 caps, char *buf, size_t len)
{
	char unknown[16];
	unsigned int i, bit;
	int pos = 0;

	if (!len)
		return -ENOSPC;
	buf[0] = '\0';
	if (!caps)
		return nvpm_str_append(buf, len, 0, "none");
	for (i = 0; i < ARRAY_SIZE(nvpm_domain_caps); i++) {
		if (caps & nvpm_domain_caps[i].bit)
			pos = nvpm_str_append(buf, len, pos, nvpm_domain_caps[i].name);
		caps &= ~nvpm_domain_caps[i].bit;
	}
	for (bit = 0; bit < 32 && caps; bit++) {
		if (!(caps & (1u << bit)))
			continue;
		snprintf(unknown, sizeof(unknown), "bit%u", bit);
		pos = nvpm_str_append(buf, len, pos, unknown);
	}
	return pos;
}

/* ---- channels and command-stream sampling ---- */

/*
 * On nouveau's node the channel, its objects, its notifier and the
 * pushbuffers are nouveau's (DRM_NOUVEAU_CHANNEL_ALLOC, GROBJ_ALLOC,
 * NOTIFIEROBJ_ALLOC, GEM_NEW in GART, GEM_PUSHBUF), bound to nvpm's
 * software methods by DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND; the objects have
 * nvpm's handles, so nvpm_push_setup() and the ring are the same on both
 * nodes.  struct nvpm_channel's handle is then the channel id + 1 (0 is
 * none).  nouveau has no submission sequence: libnvpm counts submissions
 * per channel, and a wait waits for the channel's last pushbuffer to be
 * idle (GEM_CPU_PREP), which covers every submission before it.
 */
#define NVPM_NV_CHANS		128
#define NVPM_NV_CLASS_GR	0x8297	/* G82_TESLA: the simulator's DRAW is its 0x0204 */
#define NVPM_NV_CTXDMA_VRAM	0xbeef0201
#define NVPM_NV_CTXDMA_GART	0xbeef0202
#define NVPM_NV_RING_SIZE	64	/* a notifier's page holds no more */

static struct {
	int fd;
	__u32 push;	/* GEM handle of the last pushbuffer submitted */
	__u64 submitted;
} nvpm_nv_chan[NVPM_NV_CHANS];

static int
nvpm_nv_bo_new(int fd, __u64 size, struct nvpm_bo *bo)
{
	struct drm_nouveau_gem_new args = {
		.info.size = size, .info.domain = NOUVEAU_GEM_DOMAIN_GART,
	};

	int ret;

	memset(bo, 0, sizeof(*bo));
	ret = drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_NEW, &args, sizeof(args));
	if (ret)
		return ret;
	bo->fd = fd;
	bo->handle = args.info.handle;
	bo->size = args.info.size;
	bo->map_offset = args.info.map_handle;
	return 0;
}

static int
nvpm_nv_channel_new(int fd, __u32 ring_size, struct nvpm_channel *ch)
{
	struct drm_nouveau_channel_alloc chan = {
		.fb_ctxdma_handle = NVPM_NV_CTXDMA_VRAM,
		.tt_ctxdma_handle = NVPM_NV_CTXDMA_GART,
	};
	struct drm_nouveau_grobj_alloc sw = { .handle = NVPM_HANDLE_SW, .class = NVPM_CLASS_SW };
	struct drm_nouveau_grobj_alloc gr = { .handle = NVPM_HANDLE_GR, .class = NVPM_NV_CLASS_GR };
	struct drm_nouveau_notifierobj_alloc ntfy = { .handle = NVPM_HANDLE_NOTIFIER };
	struct drm_nouveau_gem_info info = { 0 };
	struct drm_nvpm_nouveau_chan_bind bind = { 0 };
	int ret;

	if (!ring_size)
		ring_size = NVPM_NV_RING_SIZE;
	ret = drmCommandWriteRead(fd, DRM_NOUVEAU_CHANNEL_ALLOC, &chan, sizeof(chan));
	if (ret)
		return ret;
	ch->fd = fd;
	ch->handle = chan.channel + 1;
	if (chan.channel < 0 || chan.channel >= NVPM_NV_CHANS) {
		ret = -ENOSPC;
		goto err;
	}
	sw.channel = chan.channel;
	gr.channel = chan.channel;
	ntfy.channel = chan.channel;
	ntfy.size = sizeof(struct drm_nvpm_notifier_header) +
		    ring_size * sizeof(struct drm_nvpm_notifier_entry);
	info.handle = chan.notifier_handle;
	bind = (struct drm_nvpm_nouveau_chan_bind) {
		.channel = chan.channel, .sw = NVPM_HANDLE_SW,
		.notifier = NVPM_HANDLE_NOTIFIER, .ring_size = ring_size,
	};
	ret = drmCommandWrite(fd, DRM_NOUVEAU_GROBJ_ALLOC, &sw, sizeof(sw));
	if (!ret)
		ret = drmCommandWrite(fd, DRM_NOUVEAU_GROBJ_ALLOC, &gr, sizeof(gr));
	if (!ret)
		ret = drmCommandWriteRead(fd, DRM_NOUVEAU_NOTIFIEROBJ_ALLOC, &ntfy, sizeof(ntfy));
	if (!ret)
		ret = drmCommandWriteRead(fd, DRM_NOUVEAU_GEM_INFO, &info, sizeof(info));
	if (!ret && nvpm_ioctl(fd, DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND, &bind))
		ret = -errno;
	if (ret)
		goto err;
	ch->notifier = (struct nvpm_bo) {
		.fd = fd, .handle = chan.notifier_handle, .size = info.size,
		.map_offset = info.map_handle,
	};
	ret = nvpm_bo_map(&ch->notifier);
	if (ret)
		goto err;
	ch->hdr = (void *)((char *)ch->notifier.map + ntfy.offset);
	ch->ring = (void *)((char *)ch->hdr + ch->hdr->ring_offset);
	nvpm_nv_chan[chan.channel].fd = fd;
	nvpm_nv_chan[chan.channel].push = 0;
	nvpm_nv_chan[chan.channel].submitted = 0;
	return 0;

err:
	nvpm_channel_del(ch);
	return ret;
}

static void
nvpm_nv_channel_del(struct nvpm_channel *ch)
{
	struct drm_nouveau_channel_free args = { .channel = ch->handle - 1 };

	/* the notifier memory is the channel's: its handle goes with it */
	if (ch->notifier.map)
		munmap(ch->notifier.map, ch->notifier.size);
	if (ch->handle)
		drmCommandWrite(ch->fd, DRM_NOUVEAU_CHANNEL_FREE, &args, sizeof(args));
	if (ch->handle && ch->handle <= NVPM_NV_CHANS)
		nvpm_nv_chan[ch->handle - 1].fd = -1;
}

static int
nvpm_nv_submit(struct nvpm_push *p, const struct nvpm_channel *ch, __u64 *sequence)
{
	struct drm_nouveau_gem_pushbuf_bo bo = {
		.handle = p->bo.handle, .valid_domains = NOUVEAU_GEM_DOMAIN_GART,
		.read_domains = NOUVEAU_GEM_DOMAIN_GART,
	};
	struct drm_nouveau_gem_pushbuf_push push = {
		.bo_index = 0, .offset = p->start * 4ull, .length = (p->pos - p->start) * 4ull,
	};
	struct drm_nouveau_gem_pushbuf args = {
		.channel = ch->handle - 1, .nr_buffers = 1, .buffers = (uintptr_t)&bo,
		.nr_push = 1, .push = (uintptr_t)&push,
	};
	__u32 c = ch->handle - 1;
	int ret;

	if (c >= NVPM_NV_CHANS || nvpm_nv_chan[c].fd != ch->fd)
		return -EINVAL;
	ret = drmCommandWriteRead(ch->fd, DRM_NOUVEAU_GEM_PUSHBUF, &args, sizeof(args));
	if (ret)
		return ret;
	nvpm_nv_chan[c].push = p->bo.handle;
	*sequence = ++nvpm_nv_chan[c].submitted;
	return 0;
}

static int
nvpm_nv_wait(int fd, __u32 channel, __u64 sequence, __u64 timeout_ns,
	     struct drm_nvpm_wait *out)
{
	struct drm_nouveau_gem_cpu_prep prep = { .flags = NOUVEAU_GEM_CPU_PREP_WRITE };
	__u32 c = channel - 1;
	int ret = 0;

	if (out)
		memset(out, 0, sizeof(*out));
	if (c >= NVPM_NV_CHANS || nvpm_nv_chan[c].fd != fd ||
	    !sequence || sequence > nvpm_nv_chan[c].submitted)
		return -EINVAL;
	prep.handle = nvpm_nv_chan[c].push;
	if (!timeout_ns)
		prep.flags |= NOUVEAU_GEM_CPU_PREP_NOWAIT;
	/* nouveau waits up to 30 s itself */
	ret = drmCommandWrite(fd, DRM_NOUVEAU_GEM_CPU_PREP, &prep, sizeof(prep));
	if (ret == -EBUSY)
		ret = -ETIME;
	if (out) {
		out->size = sizeof(*out);
		out->channel = channel;
		out->sequence = sequence;
		out->completed = ret ? 0 : nvpm_nv_chan[c].submitted;
	}
	return ret;
}

int
nvpm_channel_new(int fd, __u32 ring_size, struct nvpm_channel *ch)
{
	struct drm_nvpm_channel_new args = { .size = sizeof(args), .ring_size = ring_size };
	int ret;

	memset(ch, 0, sizeof(*ch));
	if (nvpm_fd_driver(fd) == NVPM_DRV_NOUVEAU)
		return nvpm_nv_channel_new(fd, ring_size, ch);
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_CHANNEL_NEW, &args))
		return -errno;
	ch->fd = fd;
	ch->handle = args.channel;
	ch->notifier.fd = fd;
	ch->notifier.handle = args.notifier;
	ch->notifier.size = args.notifier_size;
	ch->notifier.map_offset = args.notifier_offset;
	ret = nvpm_bo_map(&ch->notifier);
	if (ret) {
		nvpm_channel_del(ch);
		return ret;
	}
	ch->hdr = ch->notifier.map;
	ch->ring = (void *)((char *)ch->notifier.map + ch->hdr->ring_offset);
	return 0;
}

void
nvpm_channel_del(struct nvpm_channel *ch)
{
	struct drm_nvpm_channel_del args = { .size = sizeof(args), .channel = ch->handle };

	if (nvpm_fd_driver(ch->fd) == NVPM_DRV_NOUVEAU) {
		nvpm_nv_channel_del(ch);
		memset(ch, 0, sizeof(*ch));
		return;
	}
	if (ch->handle)
		nvpm_ioctl(ch->fd, DRM_IOCTL_NVPM_CHANNEL_DEL, &args);
	nvpm_bo_free(&ch->notifier);
	memset(ch, 0, sizeof(*ch));
}

int
nvpm_exec(int fd, __u32 channel, __u32 bo, __u64 offset, __u64 length,
	  __u64 *sequence)
{
	struct drm_nvpm_exec args = {
		.size = sizeof(args), .channel = channel, .bo = bo,
		.offset = offset, .length = length,
	};

	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_EXEC, &args))
		return -errno;
	*sequence = args.sequence;
	return 0;
}

int
nvpm_wait(int fd, __u32 channel, __u64 sequence, __u64 timeout_ns,
	  struct drm_nvpm_wait *out)
{
	struct drm_nvpm_wait args = {
		.size = sizeof(args), .channel = channel, .sequence = sequence,
		.timeout_ns = timeout_ns,
	};
	int ret = 0;

	if (nvpm_fd_driver(fd) == NVPM_DRV_NOUVEAU)
		return nvpm_nv_wait(fd, channel, sequence, timeout_ns, out);
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_WAIT, &args))
		ret = -errno;
	if (out)
		*out = args;
	return ret;
}

int
nvpm_push_new(int fd, size_t bytes, struct nvpm_push *p)
{
	int ret;

	memset(p, 0, sizeof(*p));
	if (nvpm_fd_driver(fd) == NVPM_DRV_NOUVEAU)
		ret = nvpm_nv_bo_new(fd, bytes, &p->bo);
	else
		ret = nvpm_bo_new(fd, bytes, &p->bo);
	if (!ret)
		ret = nvpm_bo_map(&p->bo);
	if (ret) {
		nvpm_bo_free(&p->bo);
		return ret;
	}
	p->words = p->bo.size / 4;
	return 0;
}

void
nvpm_push_free(struct nvpm_push *p)
{
	nvpm_bo_free(&p->bo);
	memset(p, 0, sizeof(*p));
}

int
nvpm_push_space(struct nvpm_push *p, unsigned int words)
{
	__u32 *map = p->bo.map;
	unsigned int pending = p->pos - p->start;

	if (pending + words > p->words)
		return -ENOSPC;
	if (p->pos + words <= p->words)
		return 0;
	memmove(map, map + p->start, pending * 4);
	p->start = 0;
	p->pos = pending;
	return 0;
}

void
nvpm_push_word(struct nvpm_push *p, __u32 word)
{
	((__u32 *)p->bo.map)[p->pos++] = word;
}

void
nvpm_push_mthd(struct nvpm_push *p, unsigned int subc, unsigned int mthd, __u32 data)
{
	nvpm_push_word(p, NVPM_PUSH_INC(subc, mthd, 1));
	nvpm_push_word(p, data);
}

int
nvpm_push_submit(struct nvpm_push *p, const struct nvpm_channel *ch, __u64 *sequence)
{
	int ret;

	if (p->pos == p->start)
		return -EINVAL;
	if (nvpm_fd_driver(ch->fd) == NVPM_DRV_NOUVEAU)
		ret = nvpm_nv_submit(p, ch, sequence);
	else
		ret = nvpm_exec(ch->fd, ch->handle, p->bo.handle, p->start * 4ull,
				(p->pos - p->start) * 4ull, sequence);
	if (!ret)
		p->start = p->pos;
	return ret;
}

int
nvpm_push_setup(struct nvpm_push *p)
{
	int ret = nvpm_push_space(p, 6);

	if (ret)
		return ret;
	nvpm_push_mthd(p, NVPM_SUBC_GR, NVPM_MTHD_OBJECT, NVPM_HANDLE_GR);
	nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_MTHD_OBJECT, NVPM_HANDLE_SW);
	nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_SET_NOTIFY, NVPM_HANDLE_NOTIFIER);
	return 0;
}

int
nvpm_ring_entry(const struct nvpm_channel *ch, __u32 index,
		struct drm_nvpm_notifier_entry *out)
{
	const struct drm_nvpm_notifier_entry *e =
		&ch->ring[index & (ch->hdr->ring_size - 1)];
	__u64 seq = __atomic_load_n(&e->sequence, __ATOMIC_ACQUIRE);

	if (seq == NVPM_NOTIFY_SEQ_BUSY)
		return -EAGAIN;
	out->counter = e->counter;
	out->flags = e->flags;
	out->cycles = e->cycles;
	out->value = e->value;
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	if (__atomic_load_n(&e->sequence, __ATOMIC_RELAXED) != seq)
		return -EAGAIN;
	out->sequence = seq;
	return 0;
}

int
nvpm_ring_read(const struct nvpm_channel *ch, __u64 sequence,
	       struct drm_nvpm_notifier_entry *out, unsigned int max)
{
	const struct drm_nvpm_notifier_header *h = ch->hdr;
	struct drm_nvpm_notifier_entry e;
	__u32 w, i, n, first = 0, size = h->ring_size;
	unsigned int found = 0;

	if (__atomic_load_n(&h->sequence, __ATOMIC_ACQUIRE) < sequence)
		return -EAGAIN;
	w = __atomic_load_n(&h->write_index, __ATOMIC_ACQUIRE);
	n = w < size ? w : size;
	/* newest first, to the oldest entry of the READOUT's run */
	for (i = 1; i <= n; i++) {
		if (nvpm_ring_entry(ch, w - i, &e) || (e.flags & NVPM_NOTIFY_METHOD))
			continue;
		if (e.sequence == sequence) {
			first = w - i;
			found++;
		} else if (found || e.sequence < sequence) {
			break;
		}
	}
	/* then in order, as long as they are still there */
	for (n = 0; n < found && n < max; first++) {
		if (nvpm_ring_entry(ch, first, &e) || e.sequence != sequence)
			break;
		if (!(e.flags & NVPM_NOTIFY_METHOD))
			out[n++] = e;
	}
	return n;
}
