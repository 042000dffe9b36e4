// SPDX-License-Identifier: MIT
/*
 * nvpm hud: frames sampled by software methods, read from the notifier ring.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include "builtin.h"

#define HUD_FRAMES		16
#define HUD_IN_FLIGHT		8
#define HUD_MAX_IN_FLIGHT	64
#define HUD_PRIM_CYCLES		16
#define HUD_FRAME_US		4000
#define HUD_WAIT_NS		(10ull * 1000 * 1000 * 1000)
#define HUD_EVENTS		"core_a/setup_primitive_count,core_a/PGRAPH.IDLE,core_a/always"

/**
 * struct hud - state of nvpm hud
 * @dev: the device
 * @chip: its chip name
 * @cat: its domains and signals
 * @ev: the events (one domain)
 * @label: their names
 * @nr_ev: entries in @ev
 * @grp: their counter group
 * @ch: the channel
 * @push: its pushbuffer
 * @frames: -n
 * @in_flight: -f
 * @fence: per frame slot, the submission of the frame in it
 * @prims: per frame slot, what the frame drew
 * @waited: frames whose results were not in the ring when looked at
 */
struct hud {
	struct nvpm_dev dev;
	char chip[32];
	struct nvpm_catalog cat;
	struct nvpm_event ev[4];
	char label[4][48];
	int nr_ev;
	__u32 grp;
	struct nvpm_channel ch;
	struct nvpm_push push;
	long frames;
	long in_flight;
	__u64 fence[HUD_MAX_IN_FLIGHT];
	__u32 prims[HUD_MAX_IN_FLIGHT];
	long waited;
};

static void
hud_usage(FILE *f)
{
	fprintf(f, "usage: nvpm hud [-d DEVICE] [-e EVENT[,EVENT...]] [-n FRAMES] [-f IN_FLIGHT]\n"
		"  draw FRAMES (default %d) simulated frames on a channel, each between two\n"
		"  SAMPLE software methods and followed by a READOUT, IN_FLIGHT (default %d)\n"
		"  at a time, and print each frame's counts read from the notifier ring:\n"
		"  up to 4 events of one domain (default %s)\n"
		"  and the frame's GPU time (PTIMER)\n\n"
		"  -d, --device DEVICE       a render node (default: the first nvpm device)\n"
		"  -e, --event EVENT,...     the events\n"
		"  -n, --count FRAMES        frames to draw\n"
		"  -f, --in-flight IN_FLIGHT frames submitted ahead of the one read\n"
		"  -h, --help                this help\n", HUD_FRAMES, HUD_IN_FLIGHT, HUD_EVENTS);
}

/* A scene whose frames differ: 40 .. 250 primitives. */
static __u32
hud_prims(long frame)
{
	return 40 + (frame * 7919) % 211;
}

static int
hud_events(struct hud *h, char *list)
{
	char *tok, *save = NULL;
	int ret;

	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (h->nr_ev == 4) {
			fprintf(stderr, "nvpm hud: at most 4 events\n");
			return EXIT_USAGE;
		}
		ret = nvpm_event_parse(&h->cat, tok, &h->ev[h->nr_ev]);
		if (ret) {
			fprintf(stderr, "nvpm hud: %s: %s; see 'nvpm list'\n", tok,
				ret == NVPM_EVENT_NO_DOMAIN ? "no such domain" :
				ret == NVPM_EVENT_NO_SIGNAL ? "no such signal" : "bad event");
			return 1;
		}
		if (h->ev[h->nr_ev].domain != h->ev[0].domain) {
			fprintf(stderr, "nvpm hud: the events must be of one domain\n");
			return EXIT_USAGE;
		}
		snprintf(h->label[h->nr_ev], sizeof(h->label[0]), "%s", strchr(tok, '/') + 1);
		h->nr_ev++;
	}
	return h->nr_ev ? 0 : EXIT_USAGE;
}

/* The group, the channel, and what it samples. */
static int
hud_setup(struct hud *h)
{
	struct drm_nvpm_counter ctr[4] = { 0 };
	struct drm_nvpm_get_info info;
	__u64 seq;
	int i, ret;

	for (i = 0; i < h->nr_ev; i++) {
		ctr[i].signal[0] = h->ev[i].signal;
		ctr[i].logic_op = h->ev[i].logic_op;
	}
	ret = nvpm_group_quad(h->dev.fd, h->ev[0].domain, ctr, h->nr_ev, &h->grp);
	if (ret) {
		create_error("hud", h->chip, &h->cat.dom[h->ev[0].domain], ret);
		return 1;
	}
	ret = nvpm_channel_new(h->dev.fd, 0, &h->ch);
	if (ret == -ENODEV && !nvpm_get_info(h->dev.fd, &info))
		fprintf(stderr, "nvpm hud: %s: nvpm drives no FIFO on %s (%s family)\n",
			h->dev.path, h->chip, nvpm_card_type_name(info.card_type));
	else if (ret)
		fprintf(stderr, "nvpm hud: %s: CHANNEL_NEW: %s\n", h->dev.path, strerror(-ret));
	if (ret)
		return 1;
	ret = nvpm_push_new(h->dev.fd, 64 * 1024, &h->push);
	if (!ret)
		ret = nvpm_push_setup(&h->push);
	if (!ret)
		ret = nvpm_push_space(&h->push, 2 * (h->nr_ev + 3));
	if (ret) {
		fprintf(stderr, "nvpm hud: pushbuffer: %s\n", strerror(-ret));
		return 1;
	}
	nvpm_push_mthd(&h->push, NVPM_SUBC_SW, NVPM_SW_COUNTER_CLEAR, 0);
	for (i = 0; i < h->nr_ev; i++)
		nvpm_push_mthd(&h->push, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD,
			       NVPM_SW_COUNTER_GROUP(h->grp, i));
	nvpm_push_mthd(&h->push, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD, NVPM_SW_GLOBAL_PTIMER);
	nvpm_push_mthd(&h->push, NVPM_SUBC_GR, NVPM_GR_PRIM_CYCLES, HUD_PRIM_CYCLES);
	ret = nvpm_push_submit(&h->push, &h->ch, &seq);
	if (!ret)
		ret = nvpm_wait(h->dev.fd, h->ch.handle, seq, HUD_WAIT_NS, NULL);
	if (ret)
		fprintf(stderr, "nvpm hud: setting the channel up: %s\n", strerror(-ret));
	return ret ? 1 : 0;
}

static int
hud_submit(struct hud *h, long frame)
{
	long slot = frame % h->in_flight;
	int ret = nvpm_push_space(&h->push, 8);

	h->prims[slot] = hud_prims(frame);
	if (!ret) {
		nvpm_push_mthd(&h->push, NVPM_SUBC_SW, NVPM_SW_SAMPLE, 0);
		nvpm_push_mthd(&h->push, NVPM_SUBC_GR, NVPM_GR_DRAW, h->prims[slot]);
		nvpm_push_mthd(&h->push, NVPM_SUBC_SW, NVPM_SW_SAMPLE, 0);
		nvpm_push_mthd(&h->push, NVPM_SUBC_SW, NVPM_SW_READOUT, frame);
		ret = nvpm_push_submit(&h->push, &h->ch, &h->fence[slot]);
	}
	if (ret)
		fprintf(stderr, "nvpm hud: frame %ld: %s\n", frame, strerror(-ret));
	return ret;
}

/* Frame @frame's results, from the ring; waits only if they are not there. */
static int
hud_print(struct hud *h, long frame)
{
	struct drm_nvpm_notifier_entry e[5];
	struct drm_nvpm_wait w;
	long slot = frame % h->in_flight;
	char buf[32];
	int i, n, ret;

	n = nvpm_ring_read(&h->ch, frame, e, h->nr_ev + 1);
	if (n == -EAGAIN) {
		h->waited++;
		ret = nvpm_wait(h->dev.fd, h->ch.handle, h->fence[slot], HUD_WAIT_NS, &w);
		if (ret) {
			fprintf(stderr, "nvpm hud: frame %ld: %s (fault %u)\n", frame,
				strerror(-ret), w.fault);
			return 1;
		}
		n = nvpm_ring_read(&h->ch, frame, e, h->nr_ev + 1);
	}
	if (n != h->nr_ev + 1) {
		fprintf(stderr, "nvpm hud: frame %ld: %d results in the ring, %d expected\n",
			frame, n, h->nr_ev + 1);
		return 1;
	}
	fmt_count(buf, sizeof(buf), e[h->nr_ev].value / 1000);
	printf("%6ld %6u %9s", frame, h->prims[slot], buf);
	for (i = 0; i < h->nr_ev; i++)
		printf(" %14s %6.2f%%", fmt_count(buf, sizeof(buf), e[i].value),
		       e[i].cycles ? 100.0 * e[i].value / e[i].cycles : 0.0);
	printf("%s\n", e[0].flags ? "  (flags)" : "");
	return 0;
}

static int
hud_run(struct hud *h)
{
	long f, next = 1;
	int i, ret = 0;

	printf("nvpm hud: %s (%s), %ld frames, %ld in flight, %d cycles per primitive\n",
	       h->chip, h->dev.path, h->frames, h->in_flight, HUD_PRIM_CYCLES);
	printf("%6s %6s %9s", "frame", "prims", "gpu_us");
	for (i = 0; i < h->nr_ev; i++)
		printf(" %22.22s", h->label[i]);
	printf("\n");
	for (f = 1; f <= h->frames && !ret; f++) {
		ret = hud_submit(h, f);
		/* the oldest frame in flight makes room for the next one */
		if (!ret && f - next + 1 == h->in_flight)
			ret = hud_print(h, next++);
		/* the application's own work between frames */
		usleep(HUD_FRAME_US);
	}
	while (!ret && next < f)
		ret = hud_print(h, next++);
	if (!ret)
		printf("%ld frames: %ld results read from the ring at once, %ld waited for\n",
		       h->frames, h->frames - h->waited, h->waited);
	return ret ? 1 : 0;
}

int
cmd_hud(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "event", required_argument, NULL, 'e' },
		{ "count", required_argument, NULL, 'n' },
		{ "in-flight", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct hud h = { .frames = HUD_FRAMES, .in_flight = HUD_IN_FLIGHT };
	char events[256] = HUD_EVENTS;
	const char *path = NULL;
	int c, ret;

	while ((c = getopt_long(argc, argv, "+d:e:n:f:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'e':
			snprintf(events, sizeof(events), "%s", optarg);
			break;
		case 'n':
			if (parse_long("hud", "-n", optarg, &h.frames))
				return EXIT_USAGE;
			break;
		case 'f':
			if (parse_long("hud", "-f", optarg, &h.in_flight))
				return EXIT_USAGE;
			if (h.in_flight > HUD_MAX_IN_FLIGHT) {
				fprintf(stderr, "nvpm hud: -f: at most %d\n", HUD_MAX_IN_FLIGHT);
				return EXIT_USAGE;
			}
			break;
		case 'h':
			hud_usage(stdout);
			return 0;
		default:
			hud_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		hud_usage(stderr);
		return EXIT_USAGE;
	}
	if (open_dev("hud", path, &h.dev))
		return 1;
	chip_name(&h.dev, h.chip, sizeof(h.chip));
	ret = nvpm_catalog_load(h.dev.fd, &h.cat);
	if (ret) {
		fprintf(stderr, "nvpm hud: %s: %s\n", h.dev.path, strerror(-ret));
		ret = 1;
	}
	if (!ret)
		ret = hud_events(&h, events);
	if (!ret)
		ret = hud_setup(&h);
	if (!ret)
		ret = hud_run(&h);
	nvpm_push_free(&h.push);
	nvpm_channel_del(&h.ch);
	nvpm_catalog_free(&h.cat);
	nvpm_dev_close(&h.dev);
	return ret;
}
