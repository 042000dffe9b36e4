// SPDX-License-Identifier: MIT
/*
 * nvpm_unplug_test: a simulated GPU unbound from its driver through sysfs
 * while a file holds a counter group, a recording, a channel with work
 * queued and mapped BOs (its own, the notifier, the record rings).  Every
 * ioctl on the file then fails with ENODEV, every mapping is still memory,
 * closing it all is safe, and binding the device again gives a working
 * GPU.  A perf event on the GPU's PMU outlives the device the same way.
 * KASAN, lockdep and kmemleak watch the kernel side.
 *
 * The harness runs each test in a process of its own: each test opens
 * the file with everything again and goes through the steps before its
 * own (unbind, close, bind), so every one of them unplugs the G84.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include "harness.h"

#define DRIVER_DIR	"/sys/bus/platform/drivers/nvpm-sim"
#define PMU_DIR		"/sys/bus/event_source/devices"
/* The fixture holds host (domain 0) and core_b (2); core_a is free. */
#define PMU_EVENT	"core_a-cycles"
#define BO_BYTES	(4 * 4096)

/*
 * What the file holds across the unplug.  Each test runs the story up to
 * its own step in a process of its own: the fixture opens the G84's file
 * with everything, the test unbinds (and closes, and binds) as far as it
 * needs, the teardown finishes what the test left.
 */
struct held {
	char dev[64];		/* platform device name, e.g. nvpm-sim.0 */
	char path[PATH_MAX];
	int fd;
	__u32 group;
	struct nvpm_record rec;
	struct nvpm_channel ch;
	struct nvpm_push push;
	struct nvpm_bo bo;
	int km;
	bool unbound;
};

FIXTURE(unplug) {
	struct nodes n;
	struct held u;
};

/* The render node of platform device @dev, in @path; 0 or -ENOENT. */
static int
node_of(const char *dev, char *path, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX];
	struct dirent *e;
	ssize_t n;
	DIR *d;

	d = opendir("/sys/class/drm");
	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "renderD", 7))
			continue;
		snprintf(link, sizeof(link), "/sys/class/drm/%s/device", e->d_name);
		n = readlink(link, target, sizeof(target) - 1);
		if (n <= 0)
			continue;
		target[n] = '\0';
		if (!strcmp(strrchr(target, '/') ? strrchr(target, '/') + 1 : target, dev)) {
			snprintf(path, len, "/dev/dri/%s", e->d_name);
			closedir(d);
			return 0;
		}
	}
	closedir(d);
	return -ENOENT;
}

/* The platform device behind render node @path. */
static int
dev_of(const char *path, char *dev, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX];
	const char *base = strrchr(path, '/'), *name;
	ssize_t n;

	base = base ? base + 1 : path;
	if (strlen(base) > 32)
		return -ENAMETOOLONG;
	snprintf(link, sizeof(link), "/sys/class/drm/%.32s/device", base);
	n = readlink(link, target, sizeof(target) - 1);
	if (n <= 0)
		return -errno;
	target[n] = '\0';
	name = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	if (strlen(name) >= len)
		return -ENAMETOOLONG;
	memcpy(dev, name, strlen(name) + 1);
	return 0;
}

static int
sysfs_write(const char *file, const char *val)
{
	int fd = open(file, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/* A G84: counter groups, record mode and a FIFO in one device. */
static bool
open_everything(struct __test_metadata *_metadata, struct nodes *nodes, struct held *u)
{
	const struct drm_nvpm_counter ctr = { .signal = { 1 }, .logic_op = 0xaaaa };
	struct drm_nvpm_record_domain dom = { .domain = 2, .stop = NVPM_RECORD_STOP_PERIODIC,
					      .stop_arg = 1 };
	struct drm_nvpm_get_info info;
	__u64 seq;
	int i, ret;

	for (i = 0; i < nodes->nr_devs; i++) {
		if (!nvpm_get_info(nodes->devs[i].fd, &info) && info.chipset == 0x84)
			break;
	}
	if (i == nodes->nr_devs)
		SETUP_SKIP("no simulated G84");
	snprintf(u->path, sizeof(u->path), "%s", nodes->devs[i].path);
	if (dev_of(u->path, u->dev, sizeof(u->dev)))
		FAIL(return false, "%s: no platform device", u->path);
	u->km = kmemleak_start();
	u->fd = open(u->path, O_RDWR | O_CLOEXEC);
	if (u->fd < 0)
		FAIL(return false, "open %s: %s", u->path, strerror(errno));
	ret = nvpm_group_quad(u->fd, 0, &ctr, 1, &u->group);
	if (ret)
		FAIL(return false, "group: %s", err_name(ret));
	ret = nvpm_record_open(u->fd, &dom, 1, 0, 0, &u->rec);
	if (ret)
		FAIL(return false, "recording: %s", err_name(ret));
	ret = nvpm_channel_new(u->fd, 0, &u->ch);
	if (!ret)
		ret = nvpm_push_new(u->fd, 64 * 1024, &u->push);
	if (!ret)
		ret = nvpm_push_setup(&u->push);
	/* DRAWs queued: the channel is busy when the device goes */
	for (i = 0; !ret && i < 500; i++) {
		ret = nvpm_push_space(&u->push, 2);
		if (!ret)
			nvpm_push_mthd(&u->push, NVPM_SUBC_GR, NVPM_GR_DRAW, 1000);
	}
	if (!ret)
		ret = nvpm_push_submit(&u->push, &u->ch, &seq);
	if (ret)
		FAIL(return false, "channel: %s", err_name(ret));
	ret = nvpm_bo_new(u->fd, BO_BYTES, &u->bo);
	if (!ret)
		ret = nvpm_bo_map(&u->bo);
	if (ret)
		FAIL(return false, "BO: %s", err_name(ret));
	diag("%s (%s): group, recording, busy channel, 4 mappings", u->path, u->dev);
	return true;
}

/* Unbind the device: its render node goes. */
static bool
unplug(struct __test_metadata *_metadata, struct held *u)
{
	char path[PATH_MAX];
	int ret;

	ret = sysfs_write(DRIVER_DIR "/unbind", u->dev);
	if (ret)
		FAIL(return false, "unbind %s: %s", u->dev, err_name(ret));
	u->unbound = true;
	if (!node_of(u->dev, path, sizeof(path)))
		FAIL(return false, "%s still has %s", u->dev, path);
	return true;
}

/* Write a pattern and read it back: still memory, nothing faults. */
static bool
touch(struct __test_metadata *_metadata, void *map, size_t size, const char *what)
{
	__u32 *p = map;
	size_t i;

	if (!map)
		FAIL(return false, "%s: not mapped", what);
	for (i = 0; i < size / 4; i += 97)
		p[i] = i * 2654435761u;
	/* read back from memory, not from what the compiler remembers */
	asm volatile("" ::: "memory");
	for (i = 0; i < size / 4; i += 97) {
		if (p[i] != (__u32)(i * 2654435761u))
			FAIL(return false, "%s word %zu changed under us", what, i);
	}
	return true;
}

/* Unmap and close everything the file holds. */
static bool
close_everything(struct __test_metadata *_metadata, struct held *u)
{
	int fd = u->fd;

	munmap(u->bo.map, u->bo.size);
	munmap(u->push.bo.map, u->push.bo.size);
	munmap(u->ch.notifier.map, u->ch.notifier.size);
	munmap(u->rec.bo->map, u->rec.bo->size);
	free(u->rec.bo);
	u->fd = -1;
	if (close(fd))
		FAIL(return false, "close: %s", strerror(errno));
	return true;
}

/* Bind the device again: a G84 whose FIFO runs a submission. */
static bool
rebind(struct __test_metadata *_metadata, struct held *u)
{
	struct drm_nvpm_get_info info;
	struct nvpm_channel ch;
	struct nvpm_push p;
	char path[PATH_MAX];
	int fd, ret;
	__u64 seq;

	ret = sysfs_write(DRIVER_DIR "/bind", u->dev);
	if (ret)
		FAIL(return false, "bind %s: %s", u->dev, err_name(ret));
	u->unbound = false;
	if (node_of(u->dev, path, sizeof(path)))
		FAIL(return false, "%s has no render node after bind", u->dev);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		FAIL(return false, "open %s: %s", path, strerror(errno));
	ret = nvpm_get_info(fd, &info);
	if (!ret && info.chipset != 0x84)
		ret = -ENXIO;
	if (!ret)
		ret = nvpm_channel_new(fd, 0, &ch);
	if (!ret) {
		ret = nvpm_push_new(fd, 4096, &p);
		if (!ret)
			ret = nvpm_push_setup(&p);
		if (!ret)
			ret = nvpm_push_submit(&p, &ch, &seq);
		if (!ret)
			ret = nvpm_wait(fd, ch.handle, seq, WAIT_NS, NULL);
		nvpm_push_free(&p);
		nvpm_channel_del(&ch);
	}
	close(fd);
	if (ret)
		FAIL(return false, "%s after bind: %s", path, err_name(ret));
	return true;
}

/* The first line of sysfs file @file, without its newline. */
static int
sysfs_read(const char *file, char *buf, size_t len)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* The PMU of platform device @dev: nvpm-sim0 -> .../nvpm_sim0. */
static void
pmu_dir(const char *dev, char *dir, size_t len)
{
	char *c;

	snprintf(dir, len, PMU_DIR "/%s", dev);
	for (c = dir + strlen(PMU_DIR) + 1; *c; c++) {
		if (*c == '-')
			*c = '_';
	}
}

/*
 * The config of event @name of the PMU in @dir, as perf builds it: each
 * term of events/<name> put where format/<term> says ("config:lo-hi").
 */
static int
pmu_config(const char *dir, const char *name, __u64 *config)
{
	char file[PATH_MAX], terms[256], fmt[64], *t, *save, *eq;
	unsigned int lo, hi;
	__u64 val;
	int ret;

	snprintf(file, sizeof(file), "%s/events/%s", dir, name);
	ret = sysfs_read(file, terms, sizeof(terms));
	if (ret)
		return ret;
	*config = 0;
	for (t = strtok_r(terms, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		eq = strchr(t, '=');
		if (!eq)
			return -EINVAL;
		*eq = '\0';
		val = strtoull(eq + 1, NULL, 0);
		snprintf(file, sizeof(file), "%s/format/%s", dir, t);
		ret = sysfs_read(file, fmt, sizeof(fmt));
		if (ret)
			return ret;
		ret = sscanf(fmt, "config:%u-%u", &lo, &hi);
		if (ret == 1)
			hi = lo;
		else if (ret != 2 || hi < lo || hi > 63)
			return -EINVAL;
		if (hi - lo < 63 && val >> (hi - lo + 1))
			return -ERANGE;
		*config |= val << lo;
	}
	return 0;
}

/* Event @name of the PMU in @dir, counting system-wide on CPU 0. */
static int
pmu_open(struct __test_metadata *_metadata, const char *dir, const char *name)
{
	struct perf_event_attr attr = { .size = sizeof(attr) };
	char file[PATH_MAX], type[32];
	int fd, ret;

	snprintf(file, sizeof(file), "%s/type", dir);
	ret = sysfs_read(file, type, sizeof(type));
	if (!ret)
		ret = pmu_config(dir, name, &attr.config);
	if (ret)
		FAIL(return -1, "%s %s: %s", dir, name, err_name(ret));
	attr.type = strtoul(type, NULL, 0);
	fd = syscall(__NR_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		FAIL(return -1, "perf_event_open %s/%s/: %s", dir, name, strerror(errno));
	return fd;
}

/* The event's count, after @ms of counting. */
static bool
pmu_read(struct __test_metadata *_metadata, int fd, int ms, __u64 *count)
{
	ssize_t n;

	usleep(ms * 1000);
	n = read(fd, count, sizeof(*count));
	if (n != sizeof(*count))
		FAIL(return false, "read the event: %zd, %s", n, n < 0 ? strerror(errno) : "");
	return true;
}

/* Event PMU_EVENT of the PMU in @dir, seen counting for 20 ms; or -1. */
static int
pmu_counting(struct __test_metadata *_metadata, const char *dir, __u64 *count)
{
	int fd = pmu_open(_metadata, dir, PMU_EVENT);

	if (fd < 0)
		return -1;
	if (!pmu_read(_metadata, fd, 20, count)) {
		close(fd);
		return -1;
	}
	if (!*count) {
		close(fd);
		FAIL(return -1, "%s/%s/ counted nothing in 20 ms", dir, PMU_EVENT);
	}
	return fd;
}

/* The kernel log from here on. */
static int
kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

/*
 * Fail on a KASAN report, BUG or WARNING since kmsg_open(), here rather
 * than only in make test's check of the whole run, so the test that
 * caused it says so.
 */
static void
kmsg_clean(struct __test_metadata *_metadata, int fd)
{
	static const char *const bad[] = { "KASAN", "BUG:", "WARNING:" };
	char rec[8192], *msg;
	ssize_t n;
	size_t i;

	if (fd < 0)
		return;
	while ((n = read(fd, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		if (n < 0)
			continue;	/* records lost to the ring: read on */
		rec[n] = '\0';
		msg = strchr(rec, ';') ? strchr(rec, ';') + 1 : rec;
		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			if (strstr(msg, bad[i]))
				FAIL(goto out, "kernel: %s", msg);
		}
	}
out:
	close(fd);
}

/* Close the fixture's own descriptor of the G84's render node. */
static void
drop_node(struct nodes *nodes, const char *path)
{
	int i;

	for (i = 0; i < nodes->nr_devs; i++) {
		if (!strcmp(nodes->devs[i].path, path))
			nvpm_dev_close(&nodes->devs[i]);
	}
}

FIXTURE_SETUP(unplug)
{
	self->u.fd = -1;
	nodes_scan();	/* the test before bound the G84 again: a new node */
	NODES_SETUP(&self->n);
	open_everything(_metadata, &self->n, &self->u);
}

/* Whatever the test left: close the file, bind the device again. */
FIXTURE_TEARDOWN(unplug)
{
	if (self->u.fd >= 0)
		close_everything(_metadata, &self->u);
	if (self->u.unbound)
		rebind(_metadata, &self->u);
	NODES_TEARDOWN(&self->n);
}

TEST_F(unplug, open_with_everything)
{
	/* the fixture did it */
}

TEST_F(unplug, unbind_removes_the_node)
{
	unplug(_metadata, &self->u);
}

TEST_F(unplug, every_ioctl_is_enodev)
{
	__u32 arg[128];
	size_t i;
	int ret;

	if (!unplug(_metadata, &self->u))
		return;
	for (i = 0; i < nvpm_nr_ioctls; i++) {
		memset(arg, 0, sizeof(arg));
		arg[0] = _IOC_SIZE(nvpm_ioctls[i]);
		arg[1] = i & 1 ? self->u.group : self->u.ch.handle;
		ret = raw_ioctl(self->u.fd, nvpm_ioctls[i], arg);
		if (ret != -ENODEV)
			FAIL(return, "ioctl 0x%02x: %s, want ENODEV",
			     (unsigned int)_IOC_NR(nvpm_ioctls[i]), err_name(ret));
	}
}

TEST_F(unplug, mappings_stay_memory)
{
	if (!unplug(_metadata, &self->u))
		return;
	if (!touch(_metadata, self->u.bo.map, self->u.bo.size, "BO") ||
	    !touch(_metadata, self->u.push.bo.map, self->u.push.bo.size, "pushbuffer") ||
	    !touch(_metadata, self->u.ch.notifier.map, self->u.ch.notifier.size, "notifier") ||
	    !touch(_metadata, self->u.rec.bo->map, self->u.rec.bo->size, "record rings"))
		return;
	/* a new mapping of the unplugged device is refused */
	if (mmap(NULL, 4096, PROT_READ, MAP_SHARED, self->u.fd,
		 self->u.bo.map_offset) != MAP_FAILED)
		FAIL(return, "a new mapping after unplug worked");
}

TEST_F(unplug, close_after_unplug)
{
	if (unplug(_metadata, &self->u))
		close_everything(_metadata, &self->u);
}

TEST_F(unplug, rebind_gives_a_working_gpu)
{
	if (unplug(_metadata, &self->u) && close_everything(_metadata, &self->u))
		rebind(_metadata, &self->u);
}

TEST_F(unplug, nothing_left_behind)
{
	if (unplug(_metadata, &self->u) && close_everything(_metadata, &self->u) &&
	    rebind(_metadata, &self->u))
		kmemleak_check(_metadata, self->u.km);
}

/* ---- ioctls in flight ---- */

enum flight_kind { FLY_WAIT, FLY_EXEC, FLY_SAMPLE, FLY_RECORD, FLY_NR };

static const char *const flight_name[FLY_NR] = { "WAIT", "EXEC", "SAMPLE", "RECORD_STOP" };

/*
 * One thread's ioctl, called over and over until it gets ENODEV: @entered
 * counts the calls begun (the main thread unplugs once every thread began
 * one), @calls those done, @done says WAIT saw its submission complete,
 * @bad is the first result other than what the ioctl may return on a
 * live device or ENODEV.
 */
struct flight {
	pthread_t th;
	enum flight_kind kind;
	int fd;
	__u32 ch;
	__u64 seq;
	__u32 push;	/* EXEC: a BO holding one NOP */
	__u32 ring;	/* RECORD: a BO of the rings */
	int entered;
	int calls;
	bool done;
	int bad;
	bool enodev;
};

/* RECORD_START on core_a (the fixture holds host and core_b), then STOP. */
static int
record_once(struct flight *f)
{
	struct drm_nvpm_record_domain dom = { .domain = 1, .stop = NVPM_RECORD_STOP_PERIODIC,
					      .stop_arg = 1 };
	struct drm_nvpm_record_start args = {
		.flags = NVPM_RECORD_USER_BO, .nr_domains = 1, .domains = (uintptr_t)&dom,
		.bo_handle = f->ring,
	};
	int ret = nvpm_record_start(f->fd, &args);

	return ret ? ret : nvpm_record_stop(f->fd, args.handle, NULL, 0);
}

static void *
flight_run(void *arg)
{
	struct flight *f = arg;
	__u64 seq;
	int ret;

	while (!f->enodev && !f->bad && !f->done) {
		__atomic_fetch_add(&f->entered, 1, __ATOMIC_RELAXED);
		switch (f->kind) {
		case FLY_WAIT:
			/* no deadline: only the GPU or the unplug ends it */
			ret = nvpm_wait(f->fd, f->ch, f->seq, ~0ull, NULL);
			f->done = !ret;
			break;
		case FLY_EXEC:
			/* the queue fills behind the long segment: -EBUSY */
			ret = nvpm_exec(f->fd, f->ch, f->push, 0, 8, &seq);
			ret = ret == -EBUSY ? 0 : ret;
			break;
		case FLY_SAMPLE:
			ret = nvpm_sample(f->fd, NULL);
			break;
		default:
			ret = record_once(f);
			break;
		}
		f->calls++;
		if (ret == -ENODEV)
			f->enodev = true;
		else if (ret)
			f->bad = ret;
	}
	return NULL;
}

/*
 * The device goes while four threads are in WAIT (asleep on a segment of
 * 4000 DRAWs, over four minutes of the simulated clock), EXEC (waiting for
 * room in the full queue), SAMPLE and RECORD_START/STOP: unbind finishes,
 * every thread gets ENODEV and nothing else, the kernel reports nothing,
 * the file closes.  WAIT must end by the unplug, not by the segment's
 * end: an unplug that waited for a sleeping WAIT would wait for the GPU.
 */
TEST_F(unplug, ioctls_in_flight_get_enodev)
{
	struct flight fl[FLY_NR];
	struct nvpm_push nop;
	struct nvpm_bo ring;
	int km = kmsg_open(), i, ret;
	bool started;
	__u64 seq;

	ret = nvpm_push_space(&self->u.push, 2 * 4000);
	for (i = 0; !ret && i < 4000; i++)
		nvpm_push_mthd(&self->u.push, NVPM_SUBC_GR, NVPM_GR_DRAW, 65535);
	if (!ret)
		ret = nvpm_push_submit(&self->u.push, &self->u.ch, &seq);
	if (!ret)
		ret = nvpm_push_new(self->u.fd, 4096, &nop);
	if (!ret)
		ret = nvpm_push_space(&nop, 2);
	if (!ret) {
		nvpm_push_mthd(&nop, NVPM_SUBC_SW, NVPM_SW_NOP, 0);
		ret = nvpm_bo_new(self->u.fd, 8192, &ring);
	}
	if (ret)
		FAIL(return, "the long segment, the NOP, the ring BO: %s", err_name(ret));

	memset(fl, 0, sizeof(fl));
	for (i = 0; i < FLY_NR; i++) {
		fl[i].kind = i;
		fl[i].fd = self->u.fd;
		fl[i].ch = self->u.ch.handle;
		fl[i].seq = seq;
		fl[i].push = nop.bo.handle;
		fl[i].ring = ring.handle;
		if (pthread_create(&fl[i].th, NULL, flight_run, &fl[i]))
			FAIL(return, "pthread_create");
	}
	do {
		usleep(1000);
		for (i = 0, started = true; i < FLY_NR; i++)
			started &= __atomic_load_n(&fl[i].entered, __ATOMIC_RELAXED) > 0;
	} while (!started);
	/* let them get into the kernel: WAIT to its sleep, EXEC to its queue */
	usleep(20000);
	unplug(_metadata, &self->u);
	for (i = 0; i < FLY_NR; i++) {
		pthread_join(fl[i].th, NULL);
		if (fl[i].done)
			FAIL(, "WAIT saw its segment complete: the unplug waited for the GPU");
		else if (fl[i].bad)
			FAIL(, "%s: %s after %d calls", flight_name[i], err_name(fl[i].bad),
			     fl[i].calls);
		else if (!fl[i].enodev)
			FAIL(, "%s never got ENODEV", flight_name[i]);
	}
	diag("calls: WAIT %d, EXEC %d, SAMPLE %d, RECORD %d", fl[FLY_WAIT].calls,
	     fl[FLY_EXEC].calls, fl[FLY_SAMPLE].calls, fl[FLY_RECORD].calls);
	munmap(nop.bo.map, nop.bo.size);
	kmsg_clean(_metadata, km);
}

/*
 * perf stat through an unbind: the event stays readable, its count
 * stopped where it was, and outlives every file of the device (holding
 * its last reference); it then closes cleanly.
 */
static bool
perf_through_unbind(struct __test_metadata *_metadata, struct nodes *nodes, struct held *u,
		    const char *dir)
{
	__u64 before, after, later;
	bool ok = false;
	int fd;

	fd = pmu_counting(_metadata, dir, &before);
	if (fd < 0)
		return false;
	if (!unplug(_metadata, u))
		goto out;
	if (!access(dir, F_OK))
		FAIL(goto out, "%s is still there after unbind", dir);
	if (!pmu_read(_metadata, fd, 0, &after))
		goto out;
	if (after < before)
		FAIL(goto out, "count went back at unbind: %llu, then %llu",
		     (unsigned long long)before, (unsigned long long)after);
	/* the files go: the event holds the device's last reference */
	drop_node(nodes, u->path);
	if (!close_everything(_metadata, u) || !pmu_read(_metadata, fd, 20, &later))
		goto out;
	if (later != after)
		FAIL(goto out, "count moved after unbind: %llu, then %llu",
		     (unsigned long long)after, (unsigned long long)later);
	ok = true;
out:
	close(fd);
	return ok;
}

/* ... and the GPU bound again has its PMU again, whose events count. */
TEST_F(unplug, perf_event_outlives_unbind)
{
	char dir[PATH_MAX];
	__u64 count;
	int km, fd;

	if (!kernel_has_perf())
		SKIP(return, "no perf events in this kernel (UML): QEMU's guest runs this");
	km = kmsg_open();
	pmu_dir(self->u.dev, dir, sizeof(dir));
	if (perf_through_unbind(_metadata, &self->n, &self->u, dir) &&
	    rebind(_metadata, &self->u)) {
		fd = pmu_counting(_metadata, dir, &count);
		if (fd >= 0)
			close(fd);
	}
	kmsg_clean(_metadata, km);
}

/* No options of its own: what follows "--" is the harness's. */
static int
args(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--")) {
		fprintf(stderr, "usage: nvpm_unplug_test [-- harness options]\n");
		return 2;
	}
	optind = argc > 1 ? 2 : 1;
	return -1;
}

NVPM_HARNESS_MAIN(args)
