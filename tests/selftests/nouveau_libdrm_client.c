// SPDX-License-Identifier: MIT
/*
 * A client of nouveau's render node on libdrm_nouveau, the library mesa's
 * nouveau driver submits with, sampling its frames the way the 2015
 * proposal for GL_AMD_performance_monitor in mesa does: in the command
 * stream, with nvpm's software methods on the channel's software object
 * and the results in a notifier ring it maps.
 *
 *   nouveau_libdrm_client NODE FRAMES IN_FLIGHT
 *
 * It makes a channel (DRM_NOUVEAU_CHANNEL_ALLOC), a software and a
 * graphics object (GROBJ_ALLOC), a notifier (NOTIFIEROBJ_ALLOC) that it
 * maps, and a counter group of primitives (nvpm's ioctls on nouveau's
 * node, through libnvpm), binds the notifier's ring to the software
 * object (DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND), and submits each frame, a
 * DRAW between two SAMPLEs and a READOUT with the frame's sequence, through
 * DRM_NOUVEAU_GEM_PUSHBUF, IN_FLIGHT frames ahead of the one it reads from
 * the ring.  Over the frames it records a timeline of core_b in its own
 * channel (DRM_IOCTL_NVPM_NOUVEAU_RECORD_START into a buffer of its own,
 * NVPM_RECORD_USER_BO), reading the packets as they come.  It prints each
 * frame's counts, and exits 0 when every frame counted exactly the
 * primitives it drew and the record lost nothing; on a failure, the step
 * and its error, and exits 1.
 *
 * The graphics object is of G82_TESLA (0x8297), a class nouveau's G84
 * graphics engine offers; on the simulated G84 its method 0x0204 is the
 * simulator's DRAW (nvpm_class.h: NVPM_GR_DRAW), the load it models for
 * any graphics object (Documentation/nvpm-sim.rst).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xf86drm.h>
#include <nouveau/nouveau.h>
#include <nouveau/nvif/class.h>
#include <nouveau/nvif/cl0080.h>

#include "libnvpm.h"

#define CLIENT_HANDLE_SW	0xbeef506e
#define CLIENT_HANDLE_GR	0xbeef8297
#define CLIENT_HANDLE_NTFY	0xbeef0301
#define CLIENT_CLASS_GR		0x8297	/* G82_TESLA */
#define CLIENT_SUBC_SW		0
#define CLIENT_SUBC_GR		1
#define CLIENT_RING		64
#define CLIENT_NOTIFIER_BYTES	(sizeof(struct drm_nvpm_notifier_header) + \
				 CLIENT_RING * sizeof(struct drm_nvpm_notifier_entry))
#define CLIENT_MAX_FRAMES	4096
#define CLIENT_MAX_IN_FLIGHT	16
#define CLIENT_WAIT_NS		(60ull * 1000 * 1000 * 1000)
#define CLIENT_RECORD_BYTES	(1024u * 1024)	/* 32768 long packets */
#define CLIENT_RECORD_PERIOD	3		/* every 0x200 << 3 cycles */

static int
fail(const char *step, int ret)
{
	fprintf(stderr, "nouveau_libdrm_client: %s: %s\n", step, strerror(ret < 0 ? -ret : ret));
	return 1;
}

/* A scene whose frames differ: 40 .. 250 primitives. */
static uint32_t
frame_prims(long frame)
{
	return 40 + (frame * 7919) % 211;
}

static int
method(struct nouveau_pushbuf *p, int subc, uint32_t mthd, uint32_t data)
{
	int ret = nouveau_pushbuf_space(p, 2, 0, 0);

	if (ret)
		return ret;
	*p->cur++ = NVPM_PUSH_INC(subc, mthd, 1);
	*p->cur++ = data;
	return 0;
}

static __u64
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND of these must fail with @err. */
static int
bind_refused(int fd, __u32 channel, __u32 sw, __u32 notifier, __u32 ring_size, int err)
{
	struct drm_nvpm_nouveau_chan_bind bind = {
		.channel = channel, .sw = sw, .notifier = notifier, .ring_size = ring_size,
	};

	if (!nvpm_ioctl(fd, DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND, &bind)) {
		fprintf(stderr, "bind %u/%#x/%#x/%u: succeeded, want %s\n", channel, sw,
			notifier, ring_size, strerror(err));
		return 1;
	}
	if (errno != err) {
		fprintf(stderr, "bind %u/%#x/%#x/%u: %s, want %s\n", channel, sw, notifier,
			ring_size, strerror(errno), strerror(err));
		return 1;
	}
	return 0;
}

/* Frame @f's results (the primitives, the GPU time) from the ring. */
static int
record_refused(int fd, struct drm_nvpm_nouveau_record_start *rs, int err)
{
	struct drm_nvpm_nouveau_record_start tmp = *rs;

	if (!nvpm_ioctl(fd, DRM_IOCTL_NVPM_NOUVEAU_RECORD_START, &tmp)) {
		fprintf(stderr, "record %u/%#x: started, want %s\n", rs->channel, rs->sw,
			strerror(err));
		return 1;
	}
	if (errno != err) {
		fprintf(stderr, "record %u/%#x: %s, want %s\n", rs->channel, rs->sw,
			strerror(errno), strerror(err));
		return 1;
	}
	return 0;
}

/*
 * The record's packets up to what the kernel says is in memory: each a
 * PERIODIC STOP (or one sent early), its cycle counter past the last.
 */
static int
record_read(int fd, __u32 handle, const uint8_t *ring, __u64 *read, __u64 *last, long *bad)
{
	__u64 slots = CLIENT_RECORD_BYTES / NVPM_RECORD_LONG_SIZE;
	struct drm_nvpm_record_dom_status st = { .read = *read };
	struct nvpm_record_pkt pkt;
	int ret;

	ret = nvpm_record_status(fd, handle, 0, &st, 1);
	if (ret)
		return ret;
	for (; *read < st.ready; (*read)++) {
		nvpm_record_pkt_decode(ring + (*read % slots) * NVPM_RECORD_LONG_SIZE,
				       NVPM_RECORD_LONG_SIZE, &pkt);
		*bad += pkt.cycles <= *last && *read;
		*last = pkt.cycles;
	}
	*bad += st.lost != 0 || st.gaps != 0 || st.flags != 0;
	return 0;
}

static int
frame_read(const struct nvpm_channel *ring, long f, struct drm_nvpm_notifier_entry *e)
{
	__u64 deadline = now_ns() + CLIENT_WAIT_NS;
	int n;

	while ((n = nvpm_ring_read(ring, f + 1, e, 2)) == -EAGAIN) {
		if (now_ns() > deadline)
			return -ETIMEDOUT;
		sched_yield();
	}
	return n == 2 ? 0 : -ENODATA;
}

int
main(int argc, char **argv)
{
	struct nv04_fifo fifo = { .vram = 0xbeef0201, .gart = 0xbeef0202 };
	struct nv04_notify notify = { .length = CLIENT_NOTIFIER_BYTES };
	struct nv_device_v0 devargs = { .device = ~0ULL };
	struct nouveau_object *chan = NULL, *sw = NULL, *gr = NULL, *ntfy = NULL;
	struct drm_nvpm_nouveau_chan_bind bind = { 0 };
	struct drm_nvpm_nouveau_record_start rs = { 0 };
	struct drm_nvpm_record_dom_status rst = { 0 };
	struct drm_nvpm_record_domain rdom = { 0 };
	struct nouveau_bo *rbo = NULL;
	__u64 rread = 0, rlast = 0;
	__u32 rhandle;
	long rbad = 0;
	struct drm_nvpm_counter ctr[1] = { 0 };
	struct drm_nvpm_notifier_entry e[2];
	struct nouveau_pushbuf_refn ref;
	struct nv04_notify *ntfy_info;
	struct nv04_fifo *chan_info;
	struct nouveau_pushbuf *p = NULL;
	struct nouveau_client *client = NULL;
	struct nouveau_device *dev = NULL;
	struct nouveau_bo *bo = NULL, *nbo = NULL;
	struct nouveau_drm *drm = NULL;
	struct nvpm_channel ring = { 0 };
	struct nvpm_catalog cat;
	struct nvpm_event ev;
	long frames, in_flight, f, bad = 0;
	__u32 grp;
	int fd, ret;

	if (argc != 4)
		return fprintf(stderr, "usage: %s NODE FRAMES IN_FLIGHT\n", argv[0]), 2;
	frames = strtol(argv[2], NULL, 0);
	in_flight = strtol(argv[3], NULL, 0);
	if (frames < 1 || frames > CLIENT_MAX_FRAMES || in_flight < 1 ||
	    in_flight > CLIENT_MAX_IN_FLIGHT)
		return fprintf(stderr, "FRAMES 1..%d, IN_FLIGHT 1..%d\n", CLIENT_MAX_FRAMES,
			       CLIENT_MAX_IN_FLIGHT), 2;

	fd = open(argv[1], O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return fail(argv[1], errno);
	ret = nouveau_drm_new(fd, &drm);
	if (ret)
		return fail("nouveau_drm_new", ret);
	ret = nouveau_device_new(&drm->client, NV_DEVICE, &devargs, sizeof(devargs), &dev);
	if (ret)
		return fail("nouveau_device_new", ret);
	printf("device: chipset 0x%x, %llu MiB VRAM, %llu MiB GART\n", dev->chipset,
	       (unsigned long long)dev->vram_size >> 20, (unsigned long long)dev->gart_size >> 20);
	ret = nouveau_client_new(dev, &client);
	if (ret)
		return fail("nouveau_client_new", ret);
	ret = nouveau_object_new(&dev->object, 0, NOUVEAU_FIFO_CHANNEL_CLASS,
				 &fifo, sizeof(fifo), &chan);
	if (ret)
		return fail("channel", ret);
	/* libdrm keeps its own copy of the arguments, with the answers */
	chan_info = chan->data;
	printf("channel %u\n", chan_info->base.channel);
	/* the class by its old number (GROBJ_ALLOC's), or nvkm's */
	ret = nouveau_object_new(chan, CLIENT_HANDLE_SW, NVPM_CLASS_SW, NULL, 0, &sw);
	if (ret)
		ret = nouveau_object_new(chan, CLIENT_HANDLE_SW, NVIF_CLASS_SW_NV50, NULL, 0, &sw);
	if (ret)
		return fail("software object", ret);
	printf("software object of class %d\n", sw->oclass);
	ret = nouveau_object_new(chan, CLIENT_HANDLE_GR, CLIENT_CLASS_GR, NULL, 0, &gr);
	if (ret)
		return fail("graphics object", ret);
	ret = nouveau_object_new(chan, CLIENT_HANDLE_NTFY, NOUVEAU_NOTIFIER_CLASS,
				 &notify, sizeof(notify), &ntfy);
	if (ret)
		return fail("notifier", ret);
	/* the channel's notifier memory, where the notifier sits */
	ntfy_info = ntfy->data;
	ret = nouveau_bo_wrap(dev, chan_info->notify, &nbo);
	ret = ret ? ret : nouveau_bo_map(nbo, NOUVEAU_BO_RDWR, client);
	if (ret)
		return fail("notifier memory", ret);

	/* nvpm's counter group, through its ioctls on nouveau's node */
	ret = nvpm_catalog_load(fd, &cat);
	if (ret)
		return fail("nvpm_catalog_load", ret);
	ret = nvpm_event_parse(&cat, "core_a/setup_primitive_count", &ev);
	if (ret)
		return fail("core_a/setup_primitive_count", ret);
	ctr[0].signal[0] = ev.signal;
	ctr[0].logic_op = ev.logic_op;
	ret = nvpm_group_quad(fd, ev.domain, ctr, 1, &grp);
	if (ret)
		return fail("counter group", ret);
	/* what is not the file's, or does not fit, is refused and changes nothing */
	ret = bind_refused(fd, chan_info->base.channel + 1, CLIENT_HANDLE_SW, CLIENT_HANDLE_NTFY,
			   CLIENT_RING, ENOENT);
	ret |= bind_refused(fd, chan_info->base.channel, CLIENT_HANDLE_GR, CLIENT_HANDLE_NTFY,
			    CLIENT_RING, ENOENT);
	ret |= bind_refused(fd, chan_info->base.channel, CLIENT_HANDLE_SW, CLIENT_HANDLE_NTFY + 1,
			    CLIENT_RING, ENOENT);
	ret |= bind_refused(fd, chan_info->base.channel, CLIENT_HANDLE_SW, CLIENT_HANDLE_NTFY,
			    CLIENT_RING + 1, EINVAL);
	ret |= bind_refused(fd, chan_info->base.channel, CLIENT_HANDLE_SW, CLIENT_HANDLE_NTFY,
			    CLIENT_RING * 2, EINVAL);
	if (ret)
		return 1;
	bind.channel = chan_info->base.channel;
	bind.sw = CLIENT_HANDLE_SW;
	bind.notifier = CLIENT_HANDLE_NTFY;
	bind.ring_size = CLIENT_RING;
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND, &bind))
		return fail("DRM_IOCTL_NVPM_NOUVEAU_CHAN_BIND", errno);
	/* one is enough: the software object already runs nvpm's methods */
	if (bind_refused(fd, chan_info->base.channel, CLIENT_HANDLE_SW, CLIENT_HANDLE_NTFY,
			 CLIENT_RING, EBUSY))
		return 1;
	printf("bind: bad channel, object, notifier and ring size refused, a second bind busy\n");

	/* a timeline of core_b in this channel, into a buffer of the client's */
	ret = nvpm_event_parse(&cat, "core_b/0x20", &ev);
	if (ret)
		return fail("core_b/0x20", ret);
	rdom.domain = ev.domain;
	rdom.nr_signals = 1;
	rdom.signal[0] = ev.signal;
	rdom.stop = NVPM_RECORD_STOP_PERIODIC;
	rdom.stop_arg = CLIENT_RECORD_PERIOD;
	ret = nouveau_bo_new(dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0, CLIENT_RECORD_BYTES, NULL,
			     &rbo);
	ret = ret ? ret : nouveau_bo_map(rbo, NOUVEAU_BO_RD, client);
	if (ret)
		return fail("record buffer", ret);
	rs.channel = chan_info->base.channel + 1;
	rs.sw = CLIENT_HANDLE_SW;
	rs.start.size = sizeof(rs.start);
	rs.start.flags = NVPM_RECORD_USER_BO;
	rs.start.nr_domains = 1;
	rs.start.domains = (uintptr_t)&rdom;
	rs.start.bo_handle = rbo->handle;
	ret = record_refused(fd, &rs, ENOENT);
	rs.channel = chan_info->base.channel;
	rs.sw = CLIENT_HANDLE_GR;
	ret |= record_refused(fd, &rs, ENOENT);
	rs.sw = CLIENT_HANDLE_SW;
	rs.start.ring_size = 2 * CLIENT_RECORD_BYTES;
	ret |= record_refused(fd, &rs, EINVAL);
	rs.start.ring_size = 0;
	if (ret)
		return 1;
	if (nvpm_ioctl(fd, DRM_IOCTL_NVPM_NOUVEAU_RECORD_START, &rs))
		return fail("DRM_IOCTL_NVPM_NOUVEAU_RECORD_START", errno);
	if (rs.start.bo_handle != rbo->handle || rdom.ring_size != CLIENT_RECORD_BYTES ||
	    rs.start.packet_size != NVPM_RECORD_LONG_SIZE)
		return fprintf(stderr, "record: BO %u, ring %llu, packets of %u\n",
			       rs.start.bo_handle, (unsigned long long)rdom.ring_size,
			       rs.start.packet_size), 1;
	rhandle = rs.start.handle;
	rdom.ring_size = 0;
	rs.start.handle = 0;
	rs.start.bo_handle = rbo->handle;
	rs.start.packet_size = 0;
	rs.start.bo_size = 0;
	rs.start.map_offset = 0;
	if (record_refused(fd, &rs, EBUSY))
		return 1;
	printf("record: bad channel, object and ring size refused, a second session busy\n");
	ring.fd = fd;
	ring.hdr = (void *)((char *)nbo->map + ntfy_info->offset);
	ring.ring = (void *)((char *)ring.hdr + ring.hdr->ring_offset);

	ret = nouveau_pushbuf_new(client, chan, 4, 32 * 1024, true, &p);
	if (ret)
		return fail("nouveau_pushbuf_new", ret);
	/* a buffer the frames write-reference: its fence is theirs */
	ret = nouveau_bo_new(dev, NOUVEAU_BO_GART | NOUVEAU_BO_MAP, 0, 4096, NULL, &bo);
	if (ret)
		return fail("nouveau_bo_new", ret);
	ref.bo = bo;
	ref.flags = NOUVEAU_BO_GART | NOUVEAU_BO_WR;

	ret = method(p, CLIENT_SUBC_SW, NVPM_MTHD_OBJECT, CLIENT_HANDLE_SW);
	ret = ret ? ret : method(p, CLIENT_SUBC_GR, NVPM_MTHD_OBJECT, CLIENT_HANDLE_GR);
	ret = ret ? ret : method(p, CLIENT_SUBC_SW, NVPM_SW_SET_NOTIFY, CLIENT_HANDLE_NTFY);
	ret = ret ? ret : method(p, CLIENT_SUBC_SW, NVPM_SW_COUNTER_ADD,
				 NVPM_SW_COUNTER_GROUP(grp, 0));
	ret = ret ? ret : method(p, CLIENT_SUBC_SW, NVPM_SW_COUNTER_ADD, NVPM_SW_GLOBAL_PTIMER);
	ret = ret ? ret : method(p, CLIENT_SUBC_SW, NVPM_SW_SAMPLE, 0);
	if (ret)
		return fail("pushbuf", ret);
	for (f = 0; f < frames + in_flight; f++) {
		if (f < frames) {
			ret = method(p, CLIENT_SUBC_GR, NVPM_GR_DRAW, frame_prims(f));
			ret = ret ? ret : method(p, CLIENT_SUBC_SW, NVPM_SW_SAMPLE, 0);
			ret = ret ? ret : method(p, CLIENT_SUBC_SW, NVPM_SW_READOUT, f + 1);
			ret = ret ? ret : nouveau_pushbuf_refn(p, &ref, 1);
			ret = ret ? ret : nouveau_pushbuf_kick(p, chan);
			if (ret)
				return fail("frame submission", ret);
		}
		if (f < in_flight)
			continue;
		/* the frame submitted IN_FLIGHT frames ago */
		ret = frame_read(&ring, f - in_flight, e);
		if (ret) {
			fprintf(stderr, "ring: sequence %llu, %u written, %u errors, %u lost\n",
				(unsigned long long)ring.hdr->sequence, ring.hdr->write_index,
				ring.hdr->errors, ring.hdr->lost);
			return fail("ring", ret);
		}
		printf("frame %ld: %u primitives drawn, %llu counted, %llu ns\n", f - in_flight,
		       frame_prims(f - in_flight), (unsigned long long)e[0].value,
		       (unsigned long long)e[1].value);
		bad += e[0].value != frame_prims(f - in_flight) || e[0].flags;
		ret = record_read(fd, rhandle, rbo->map, &rread, &rlast, &rbad);
		if (ret)
			return fail("RECORD_STATUS", ret);
	}
	/* DRM_NOUVEAU_GEM_CPU_PREP: the last frame's fence, released by the GPU */
	ret = nouveau_bo_wait(bo, NOUVEAU_BO_RD, client);
	if (ret)
		return fail("nouveau_bo_wait", ret);
	bad += ring.hdr->errors != 0;
	printf("%ld frames, %ld in flight: %s; ring: %u errors, %u lost\n", frames, in_flight,
	       bad ? "counts differ" : "every count equals the primitives drawn",
	       ring.hdr->errors, ring.hdr->lost);
	/* the last packet goes out at the stop; then the rest is read */
	ret = nvpm_record_stop(fd, rhandle, &rst, 1);
	if (ret)
		return fail("RECORD_STOP", ret);
	rbad += rst.lost != 0 || rst.gaps != 0 || rst.flags != NVPM_RECORD_STOPPED;
	if (rst.written > rread + CLIENT_RECORD_BYTES / NVPM_RECORD_LONG_SIZE)
		rbad++;
	for (; rread < rst.written; rread++) {
		struct nvpm_record_pkt pkt;

		nvpm_record_pkt_decode((uint8_t *)rbo->map + rread % (CLIENT_RECORD_BYTES /
				       NVPM_RECORD_LONG_SIZE) * NVPM_RECORD_LONG_SIZE,
				       NVPM_RECORD_LONG_SIZE, &pkt);
		rbad += pkt.cycles <= rlast && rread;
		rlast = pkt.cycles;
	}
	printf("record: %llu packets of core_b in the client's channel, %llu lost, %u gaps: %s\n",
	       (unsigned long long)rst.written, (unsigned long long)rst.lost, rst.gaps,
	       rbad || !rst.written ? "bad" : "every packet read");
	bad += rbad || !rst.written;
	nouveau_bo_ref(NULL, &rbo);

	nvpm_group_destroy(fd, grp);
	nvpm_catalog_free(&cat);
	nouveau_bo_ref(NULL, &bo);
	nouveau_bo_ref(NULL, &nbo);
	nouveau_pushbuf_del(&p);
	nouveau_object_del(&ntfy);
	nouveau_object_del(&gr);
	nouveau_object_del(&sw);
	nouveau_object_del(&chan);
	nouveau_client_del(&client);
	nouveau_device_del(&dev);
	nouveau_drm_del(&drm);
	close(fd);
	return bad != 0;
}
