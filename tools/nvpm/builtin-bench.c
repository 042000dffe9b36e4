// SPDX-License-Identifier: MIT
/*
 * nvpm bench: the cost of the counter ioctls and of software methods.
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

#define BENCH_ITERS	10000
#define BENCH_ROUNDS	3

/**
 * struct bench - state of nvpm bench
 * @fd: the device
 * @handle: the first group, the one READ reads
 * @iters: iterations per round
 * @chip: the chip name
 */
struct bench {
	int fd;
	__u32 handle;
	long iters;
	char chip[32];
	double version_ns;
};

typedef int (*bench_fn)(struct bench *b);

static int
bench_version(struct bench *b)
{
	struct drm_version v;

	memset(&v, 0, sizeof(v));
	return ioctl(b->fd, DRM_IOCTL_VERSION, &v);
}

static int
bench_get_info(struct bench *b)
{
	struct drm_nvpm_get_info info = { .size = sizeof(info) };

	return ioctl(b->fd, DRM_IOCTL_NVPM_GET_INFO, &info);
}

static int
bench_read(struct bench *b)
{
	struct drm_nvpm_read r = { .size = sizeof(r), .handle = b->handle };

	return ioctl(b->fd, DRM_IOCTL_NVPM_READ, &r);
}

static int
bench_sample(struct bench *b)
{
	struct drm_nvpm_sample s = { .size = sizeof(s) };

	return ioctl(b->fd, DRM_IOCTL_NVPM_SAMPLE, &s);
}

/* The best of BENCH_ROUNDS rounds in ns per call; negative errno. */
static double
bench_time(struct bench *b, bench_fn fn)
{
	double best = -1, t, ns;
	long i;
	int r;

	for (i = 0; i < b->iters / 10; i++) {
		if (fn(b))
			return -errno;
	}
	for (r = 0; r < BENCH_ROUNDS; r++) {
		t = now_s();
		for (i = 0; i < b->iters; i++) {
			if (fn(b))
				return -errno;
		}
		ns = (now_s() - t) * 1e9 / b->iters;
		if (best < 0 || ns < best)
			best = ns;
	}
	return best;
}

/* Add groups until there are @want (one counter, every cycle each). */
static int
bench_groups(struct bench *b, const struct nvpm_catalog *cat, unsigned int *have,
	     unsigned int want)
{
	struct drm_nvpm_counter ctr = { .logic_op = NVPM_OP_ALWAYS };
	__u32 handle;
	int ret;

	for (; *have < want; (*have)++) {
		if (*have >= cat->nr_dom || !cat->dom[*have].nr_counters)
			return -EOPNOTSUPP;
		ret = nvpm_group_quad(b->fd, cat->dom[*have].id, &ctr, 1, &handle);
		if (ret)
			return ret;
		if (!*have)
			b->handle = handle;
	}
	return 0;
}

static int
bench_row(struct bench *b, const char *name, bench_fn fn, double *base)
{
	double ns = bench_time(b, fn);

	if (ns < 0) {
		fprintf(stderr, "nvpm bench: %s: %s\n", name, strerror((int)-ns));
		return 1;
	}
	if (*base <= 0)
		*base = ns;
	printf("%-28s %12.0f %10.2f\n", name, ns, ns / *base);
	fflush(stdout);
	return 0;
}

static int
bench_run(struct bench *b, const struct nvpm_catalog *cat)
{
	unsigned int groups = 0;
	double base = 0;
	int ret;

	printf("%-28s %12s %10s\n", "ioctl", "ns/op", "x VERSION");
	ret = bench_row(b, "DRM_IOCTL_VERSION", bench_version, &base);
	b->version_ns = base;
	ret = ret || bench_row(b, "NVPM_GET_INFO", bench_get_info, &base) ||
	      bench_row(b, "NVPM_SAMPLE, no group", bench_sample, &base);
	if (ret)
		return 1;
	ret = bench_groups(b, cat, &groups, 1);
	if (!ret)
		ret = bench_row(b, "NVPM_READ", bench_read, &base) ||
		      bench_row(b, "NVPM_SAMPLE, 1 group", bench_sample, &base);
	if (!ret)
		ret = bench_groups(b, cat, &groups, 4);
	if (!ret)
		ret = bench_row(b, "NVPM_SAMPLE, 4 groups", bench_sample, &base);
	if (ret < 0 && groups < cat->nr_dom)
		create_error("bench", b->chip, &cat->dom[groups], ret);
	else if (ret < 0)
		fprintf(stderr, "nvpm bench: %s has fewer than 4 domains\n", b->chip);
	return ret ? 1 : 0;
}

/* ---- nvpm bench: software methods ---- */

#define BENCH_FRAMES		1000
#define BENCH_SW_OPS		6	/* nop .. readout, as the kernel lists them */

/**
 * struct bench_sw - the kernel's software method statistics (debugfs)
 * @count: per method, how many ran
 * @ns: time inside them
 * @mmio_ns: of which in register accesses
 * @intr: interrupts handled
 * @intr_ns: time in the interrupt handler
 */
struct bench_sw {
	unsigned long long count[BENCH_SW_OPS], ns[BENCH_SW_OPS], mmio_ns[BENCH_SW_OPS];
	unsigned long long intr, intr_ns;
};

static const char * const bench_sw_ops[BENCH_SW_OPS] = {
	"nop", "set_notify", "counter_add", "counter_clear", "sample", "readout",
};

/**
 * struct bench_sim - a simulated GPU's own cost (debugfs)
 * @mhz: its clock rate
 * @accesses: register reads and writes
 * @ns: the simulator's time in them
 */
struct bench_sim {
	unsigned int mhz;
	unsigned long long accesses, ns, steps, skips, dropped, sync_ns, pieces;
};

/* The line of the simulator's debugfs file (older kernels end it early). */
#define BENCH_SIM_LINE "clock_mhz %u reads %llu writes %llu ns %llu steps %llu skips %llu dropped %llu sync_ns %llu pieces %llu"

/* /sys/kernel/debug/dri/<minor>/@name of @dev, for reading; NULL, errno set */
static FILE *
bench_debugfs(const struct nvpm_dev *dev, const char *name)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/%s", dev->minor, name);
	return fopen(path, "r");
}

/* /sys/kernel/debug/dri/<minor>/nvpm_sim; -ENOENT on a real GPU */
static int
bench_sim_read(const struct nvpm_dev *dev, struct bench_sim *st)
{
	unsigned long long rd, wr;
	FILE *f;
	int n;

	f = bench_debugfs(dev, "nvpm_sim");
	if (!f)
		return -errno;
	st->steps = 0;
	st->skips = 0;
	st->dropped = 0;
	st->sync_ns = 0;
	st->pieces = 0;
	n = fscanf(f, BENCH_SIM_LINE, &st->mhz, &rd, &wr, &st->ns, &st->steps, &st->skips,
		   &st->dropped, &st->sync_ns, &st->pieces);
	fclose(f);
	st->accesses = rd + wr;
	return n >= 4 ? 0 : -EINVAL;
}

static void
bench_sim_print(const struct bench_sim *a, const struct bench_sim *b)
{
	unsigned long long n = b->accesses - a->accesses;

	if (!n)
		return;
	printf("\nsimulated GPU at %u MHz: ", b->mhz);
	printf("%.0f ns of simulator per register access (%llu accesses)\n",
	       (double)(b->ns - a->ns) / n, n);
	printf("PCOUNTER model per access: %.2f domain cycles stepped, %.2f closed-form advances\n",
	       (double)(b->steps - a->steps) / n, (double)(b->skips - a->skips) / n);
	printf("catching up per access: %.0f ns in %.2f pieces; %llu cycles dropped\n",
	       (double)(b->sync_ns - a->sync_ns) / n, (double)(b->pieces - a->pieces) / n,
	       b->dropped - a->dropped);
	fflush(stdout);	/* record mode takes a while: show these first */
}

/*
 * The floor under any access (debugfs nvpm_sim_floor, root only): the
 * simulator's lock and clock alone, and a whole read of a register with
 * nothing to simulate, per access.
 */
static void
bench_floor_print(const struct nvpm_dev *dev, double version_ns)
{
	long long bare, boot0;
	unsigned int n;
	FILE *f;
	int ret;

	f = bench_debugfs(dev, "nvpm_sim_floor");
	if (!f)
		return;
	ret = fscanf(f, "reads %u bare_ns %lld boot0_ns %lld", &n, &bare, &boot0);
	fclose(f);
	if (ret != 3 || !n || version_ns <= 0)
		return;
	printf("floor per access: %.0f ns lock and clock, ", (double)bare / n);
	printf("%.0f ns reading PMC_BOOT_0 (%.2fx VERSION)\n", (double)boot0 / n,
	       boot0 / n / version_ns);
	fflush(stdout);
}

/* /sys/kernel/debug/dri/<minor>/nvpm_fifo */
static int
bench_sw_read(const struct nvpm_dev *dev, struct bench_sw *st)
{
	char name[32];
	unsigned long long c, ns, mmio, max;
	FILE *f;
	int i;

	memset(st, 0, sizeof(*st));
	f = bench_debugfs(dev, "nvpm_fifo");
	if (!f)
		return -errno;
	if (fscanf(f, "interrupts %llu hardirq %*u ns %llu %*[^\n]\n", &st->intr,
		   &st->intr_ns) != 2) {
		fclose(f);
		return -EINVAL;
	}
	/* the column header: no conversion, so 0 unless the file ends */
	if (fscanf(f, "%*[^\n]\n") == EOF) {
		fclose(f);
		return -EINVAL;
	}
	while (fscanf(f, "%31s %llu %llu %llu %llu\n", name, &c, &ns, &mmio, &max) == 5) {
		for (i = 0; i < BENCH_SW_OPS; i++) {
			if (strcmp(name, bench_sw_ops[i]))
				continue;
			st->count[i] = c;
			st->ns[i] = ns;
			st->mmio_ns[i] = mmio;
		}
	}
	fclose(f);
	return 0;
}

/*
 * @frames frames, 8 in flight: @sampled ones SAMPLE, SAMPLE, READOUT
 * (results read from the ring), the others one NOP; us per frame.
 */
static double
bench_frames(struct nvpm_channel *ch, struct nvpm_push *p, long frames, bool sampled,
	     __u32 *seq)
{
	struct drm_nvpm_notifier_entry e[5];
	__u64 fence[8];
	double t = now_s();
	long f;
	int ret;

	for (f = 0; f < frames; f++) {
		if (f >= 8 && nvpm_wait(ch->fd, ch->handle, fence[f % 8], 10000000000ull, NULL))
			return -EIO;
		if (f >= 8 && sampled && nvpm_ring_read(ch, *seq - 7, e, 5) != 4)
			return -EIO;
		ret = nvpm_push_space(p, 6);
		if (ret)
			return ret;
		if (sampled) {
			nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_SAMPLE, 0);
			nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_SAMPLE, 0);
			nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_READOUT, ++*seq);
		} else {
			nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_NOP, 0);
		}
		ret = nvpm_push_submit(p, ch, &fence[f % 8]);
		if (ret)
			return ret;
	}
	for (f = frames - 8; f < frames; f++) {
		if (f >= 0 && nvpm_wait(ch->fd, ch->handle, fence[f % 8], 10000000000ull, NULL))
			return -EIO;
	}
	return (now_s() - t) * 1e6 / frames;
}

static void
bench_sw_row(const char *name, const struct bench_sw *a, const struct bench_sw *b, int op,
	     double *base)
{
	unsigned long long n = b->count[op] - a->count[op];
	double own, all;

	if (!n)
		return;
	all = (double)(b->ns[op] - a->ns[op]) / n;
	own = all - (double)(b->mmio_ns[op] - a->mmio_ns[op]) / n;
	if (*base <= 0)
		*base = own;
	printf("%-26s %9.0f %11.0f %8.2f\n", name, own, all, own / *base);
}

/* A channel sampling 4 counters: 3 of a group, and PTIMER. */
static int
bench_sw_channel(struct bench *b, const struct nvpm_catalog *cat, struct nvpm_channel *ch,
		 struct nvpm_push *p)
{
	struct drm_nvpm_counter ctr[3] = { { .logic_op = NVPM_OP_ALWAYS },
					   { .logic_op = NVPM_OP_ALWAYS },
					   { .logic_op = NVPM_OP_ALWAYS } };
	__u32 grp;
	__u64 seq;
	int i, ret;

	/* the last domain: the ioctl rows hold the first four */
	ret = nvpm_group_quad(b->fd, cat->dom[cat->nr_dom - 1].id, ctr, 3, &grp);
	if (!ret)
		ret = nvpm_channel_new(b->fd, 0, ch);
	if (!ret)
		ret = nvpm_push_new(b->fd, 64 * 1024, p);
	if (!ret)
		ret = nvpm_push_setup(p);
	if (!ret)
		ret = nvpm_push_space(p, 10);
	if (ret)
		return ret;
	for (i = 0; i < 3; i++)
		nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD,
			       NVPM_SW_COUNTER_GROUP(grp, i));
	nvpm_push_mthd(p, NVPM_SUBC_SW, NVPM_SW_COUNTER_ADD, NVPM_SW_GLOBAL_PTIMER);
	ret = nvpm_push_submit(p, ch, &seq);
	return ret ? ret : nvpm_wait(b->fd, ch->handle, seq, 10000000000ull, NULL);
}

/*
 * Software methods: their time in the interrupt handler (from the
 * kernel's statistics) against an empty one, and the cost of a sampled
 * frame, submission to result, against a frame of one empty method.
 */
static int
bench_sw(struct bench *b, const struct nvpm_dev *dev, const struct nvpm_catalog *cat)
{
	struct bench_sw s0, s1;
	struct nvpm_channel ch;
	struct nvpm_push p;
	double empty, sampled, base = 0;
	__u32 seq = 0;
	int ret;

	memset(&ch, 0, sizeof(ch));
	memset(&p, 0, sizeof(p));
	ret = bench_sw_read(dev, &s0);
	if (ret) {
		printf("\nsoftware methods: not timed (no FIFO statistics: %s)\n", strerror(-ret));
		return 0;
	}
	ret = bench_sw_channel(b, cat, &ch, &p);
	if (ret == -ENODEV) {
		printf("\nsoftware methods: not timed (nvpm drives no FIFO on %s)\n", b->chip);
		ret = 0;
		goto out;
	}
	if (ret) {
		fprintf(stderr, "nvpm bench: channel: %s\n", strerror(-ret));
		goto out;
	}
	ret = bench_sw_read(dev, &s0);
	empty = ret ? ret : bench_frames(&ch, &p, BENCH_FRAMES, false, &seq);
	sampled = empty < 0 ? empty : bench_frames(&ch, &p, BENCH_FRAMES, true, &seq);
	if (sampled < 0 || bench_sw_read(dev, &s1)) {
		ret = sampled < 0 ? (int)sampled : -EIO;
		fprintf(stderr, "nvpm bench: frames: %s\n", strerror(-ret));
		goto out;
	}

	printf("\n%-26s %9s %11s %8s\n", "software method", "own ns", "with MMIO", "x NOP");
	bench_sw_row("NOP (empty)", &s0, &s1, 0, &base);
	bench_sw_row("SAMPLE, 4 counters", &s0, &s1, 4, &base);
	bench_sw_row("READOUT, 4 counters", &s0, &s1, 5, &base);
	if (s1.intr > s0.intr)
		printf("%-26s %9s %11.0f\n", "interrupt handler, whole", "",
		       (double)(s1.intr_ns - s0.intr_ns) / (s1.intr - s0.intr));
	printf("(own: the mean time in the method outside register accesses)\n");
	printf("\n%-34s %10s %10s\n", "frame, EXEC to result, 8 in flight", "us/frame",
	       "x NOP frame");
	printf("%-34s %10.1f %10.2f\n", "one NOP", empty, 1.0);
	printf("%-34s %10.1f %10.2f\n", "SAMPLE, SAMPLE, READOUT", sampled, sampled / empty);
	ret = 0;
out:
	nvpm_push_free(&p);
	nvpm_channel_del(&ch);
	return ret ? 1 : 0;
}

static void
bench_usage(FILE *f)
{
	fprintf(f, "usage: nvpm bench [-d DEVICE] [-n ITERATIONS] [--decode]\n\n"
		"  -d, --device DEVICE    a render node (default: the first nvpm device)\n"
		"  -n, --count ITERATIONS calls per round\n"
		"      --decode           only record decoding against memcpy: no device\n"
		"  -h, --help             this help\n\n"
		"  time DRM_IOCTL_VERSION, GET_INFO, READ and SAMPLE (no, 1 and 4 counter\n"
		"  groups), best of %d rounds of ITERATIONS (default %d) calls each;\n"
		"  then software methods (the kernel's time in them, from debugfs) and\n"
		"  %d frames sampled in the command stream against %d of one empty method\n",
		BENCH_ROUNDS, BENCH_ITERS, BENCH_FRAMES, BENCH_FRAMES);
}

int
cmd_bench(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "count", required_argument, NULL, 'n' },
		{ "decode", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct bench b = { .iters = BENCH_ITERS };
	struct bench_sim sim0, sim1;
	struct nvpm_catalog cat;
	bool sim_ok;
	const char *path = NULL;
	bool decode_only = false;
	struct nvpm_dev dev;
	int c, ret;

	while ((c = getopt_long(argc, argv, "+d:n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'n':
			if (parse_long("bench", "-n", optarg, &b.iters))
				return EXIT_USAGE;
			break;
		case 'D':
			decode_only = true;
			break;
		case 'h':
			bench_usage(stdout);
			return 0;
		default:
			bench_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		bench_usage(stderr);
		return EXIT_USAGE;
	}
	if (decode_only) {
		printf("%-28s %12s %10s\n", "record decode", "MB/s", "x memcpy");
		return bench_decode_all();
	}
	if (open_dev("bench", path, &dev))
		return 1;
	ret = nvpm_catalog_load(dev.fd, &cat);
	if (ret) {
		fprintf(stderr, "nvpm bench: %s: %s\n", dev.path, strerror(-ret));
		nvpm_dev_close(&dev);
		return 1;
	}
	chip_name(&dev, b.chip, sizeof(b.chip));
	printf("nvpm bench: %s (%s), best of %d rounds of %ld calls\n", b.chip, dev.path,
	       BENCH_ROUNDS, b.iters);
	b.fd = dev.fd;
	sim_ok = !bench_sim_read(&dev, &sim0);
	ret = bench_run(&b, &cat);
	/* software methods on the last domain, before the file is reopened */
	if (!ret)
		ret = bench_sw(&b, &dev, &cat);
	if (!ret && sim_ok && !bench_sim_read(&dev, &sim1)) {
		bench_sim_print(&sim0, &sim1);
		bench_floor_print(&dev, b.version_ns);
	}
	if (!ret) {
		/* closing the file frees its groups: record mode needs core_a */
		char node[sizeof(dev.path)];

		memcpy(node, dev.path, sizeof(node));
		nvpm_dev_close(&dev);
		ret = open_dev("bench", node, &dev) || bench_record(&dev, &cat);
	}
	nvpm_catalog_free(&cat);
	nvpm_dev_close(&dev);
	return ret;
}

/* ---- nvpm bench: record mode ---------------------------------------- */

#define BENCH_REC_MS		500
#define BENCH_DECODE_BYTES	(4u << 20)
#define BENCH_DECODE_ROUNDS	5
/* how long the record bench lets the rings drain */
#define BENCH_DRAIN_US		20000
/* bytes per domain: 16 MB, half a second of packets at 1.08M/s */
#define BENCH_REC_RING		(16u << 20)

static int
bench_count(void *priv, unsigned int d, const void *pkts, size_t n, __u64 lost)
{
	unsigned long long *count = priv;

	(void)d;
	(void)pkts;
	count[0] += n;
	count[1] += lost;
	return 0;
}

/* Records @nr domains for BENCH_REC_MS, draining every 20 ms. */
static int
bench_record_run(const struct nvpm_dev *dev, const struct drm_nvpm_record_domain *dom,
		 unsigned int nr, const char *what)
{
	struct bench_sim sim0, sim1;
	bool sim_ok = !bench_sim_read(dev, &sim0);
	int fd = dev->fd;
	unsigned long long count[2] = { 0, 0 };
	struct nvpm_record rec;
	double t0, t;
	int ret;

	ret = nvpm_record_open(fd, dom, nr, 0, BENCH_REC_RING, &rec);
	if (ret) {
		fprintf(stderr, "nvpm bench: record: %s\n", strerror(-ret));
		return 1;
	}
	t0 = now_s();
	while (now_s() - t0 < BENCH_REC_MS / 1000.0) {
		usleep(BENCH_DRAIN_US);
		nvpm_record_drain(&rec, 0, bench_count, count);
	}
	ret = nvpm_record_close(&rec, bench_count, count);
	t = now_s() - t0;
	printf("%-28s %12.0f %10s  (%llu in %.3f s, %s)\n",
	       "record packets/s written", (count[0] + count[1]) / t, "",
	       count[0] + count[1], t, what);
	printf("%-28s %12.0f %10s  (%llu lost: overwritten before read)\n",
	       "record packets/s read", count[0] / t, "", count[1]);
	/* did the simulated clock keep real time, or drop cycles? */
	if (sim_ok && !bench_sim_read(dev, &sim1) && sim1.mhz)
		printf("%-28s %11.0f%% %10s  (%llu cycles dropped)\n", "simulated clock kept",
		       100.0 * (1 - (sim1.dropped - sim0.dropped) / (t * sim1.mhz * 1e6)), "",
		       sim1.dropped - sim0.dropped);
	return ret ? 1 : 0;
}

/*
 * Packets per second with STOP on PGRAPH.IDLE (high about 2/3 of the
 * time): while it is high the simulated GPU sends a packet every 16
 * cycles, as fast as its model keeps up; then with STOP on PERIODIC every
 * 1024 cycles in core_a and core_b, the rate a real chip's clock gives
 * (540k packets/s per domain at 540 MHz).
 */
static int
bench_packet_rate(const struct nvpm_dev *dev, const struct nvpm_catalog *cat)
{
	struct drm_nvpm_record_domain dom[2] = {
		{ .stop = NVPM_RECORD_STOP_SIGNAL },
	};
	struct nvpm_event ev, evb;
	int ret;

	ret = nvpm_event_parse(cat, "core_a/PGRAPH.IDLE", &ev);
	if (ret) {
		printf("%-28s %s\n", "record packets/s", "(no core_a/PGRAPH.IDLE)");
		return 0;
	}
	dom[0].domain = ev.domain;
	dom[0].stop_arg = ev.signal;
	dom[0].nr_signals = 1;
	dom[0].signal[0] = ev.signal;
	ret = bench_record_run(dev, dom, 1, "STOP on PGRAPH.IDLE");
	if (ret || nvpm_event_parse(cat, "core_b/0x20", &evb))
		return ret;

	dom[0].stop = NVPM_RECORD_STOP_PERIODIC;
	dom[0].stop_arg = 1;	/* 0x200 << 1 cycles */
	dom[1] = dom[0];
	dom[1].domain = evb.domain;
	dom[1].signal[0] = evb.signal;
	return bench_record_run(dev, dom, 2, "PERIODIC 1024, 2 domains");
}

/* A buffer of plausible long packets: PERIODIC, 12 counters. */
static void
bench_fill(uint8_t *buf, size_t n, unsigned int size)
{
	uint64_t cycles = 0;
	size_t i;
	int j;

	for (i = 0; i < n; i++) {
		uint8_t *p = buf + i * size;

		cycles += 1024;
		p[0] = cycles;
		p[1] = cycles >> 8;
		p[2] = cycles >> 16;
		p[3] = cycles >> 24;
		p[4] = cycles >> 32;
		p[5] = cycles >> 40;
		p[6] = 1;
		p[7] = 0;
		for (j = 8; j < (int)size; j += 2) {
			unsigned int v = (i * 37 + j * 11) % 1025;

			p[j] = v;
			p[j + 1] = v >> 8;
		}
	}
}

static double
bench_best(double a, double b)
{
	return a < b || b == 0 ? a : b;
}

/* Decoding next to memcpy of the same buffer, best of a few rounds. */
static int
bench_decode(unsigned int size, unsigned int nr_signals, const char *what)
{
	size_t n = BENCH_DECODE_BYTES / size;
	uint8_t *buf = malloc(BENCH_DECODE_BYTES), *copy = malloc(BENCH_DECODE_BYTES);
	struct nvpm_record_row *rows = malloc(n * sizeof(*rows));
	struct nvpm_record_stream s;
	double tc = 0, td = 0, t;
	size_t got = 0;
	int r;

	if (!buf || !copy || !rows) {
		free(buf);
		free(copy);
		free(rows);
		return 1;
	}
	bench_fill(buf, n, size);
	memset(copy, 0, BENCH_DECODE_BYTES);
	memset(rows, 0, n * sizeof(*rows));
	for (r = 0; r < BENCH_DECODE_ROUNDS; r++) {
		t = now_s();
		memcpy(copy, buf, BENCH_DECODE_BYTES);
		__asm__ __volatile__("" : : "r"(copy) : "memory");
		tc = bench_best(now_s() - t, tc);

		nvpm_record_stream_init(&s, size, nr_signals, 1);
		t = now_s();
		got = nvpm_record_decode(&s, buf, n, rows);
		__asm__ __volatile__("" : : "r"(rows) : "memory");
		td = bench_best(now_s() - t, td);
	}
	if (got != n || rows[n - 1].time != 1024ull * n)
		fprintf(stderr, "nvpm bench: decode went wrong (%zu rows)\n", got);
	printf("%-28s %12.0f %10.2f  (MB/s of packets; memcpy %.0f MB/s)\n", what,
	       BENCH_DECODE_BYTES / td / 1e6, td / tc, BENCH_DECODE_BYTES / tc / 1e6);
	free(buf);
	free(copy);
	free(rows);
	return 0;
}

/**
 * bench_record() - the record rows of nvpm bench
 * @dev: the device (its simulator's debugfs, if any, says what was dropped)
 * @cat: its catalog
 *
 * Return: 0, or 1 on failure.
 */
int
bench_record(const struct nvpm_dev *dev, const struct nvpm_catalog *cat)
{
	struct drm_nvpm_get_info info;
	__u64 hw_caps = nvpm_get_info(dev->fd, &info) ? 0 : info.hw_caps;
	int ret = 0;

	printf("\n%-28s %12s %10s\n", "record mode", "rate", "x memcpy");
	if (hw_caps & NVPM_HW_CAP_RECORD)
		ret = bench_packet_rate(dev, cat);
	else
		printf("%-28s %s\n", "record packets/s", "(no record mode on this chip)");
	return ret | bench_decode_all();
}

/**
 * bench_decode_all() - record decoding against memcpy, long and short packets
 *
 * Needs no device: libnvpm's decoder on packets made up here.
 *
 * Return: 0, or 1 on failure.
 */
int
bench_decode_all(void)
{
	return bench_decode(NVPM_RECORD_LONG_SIZE, NVPM_RECORD_SIGNALS,
			    "decode, long, 12 signals") |
	       bench_decode(NVPM_RECORD_SHORT_SIZE, NVPM_RECORD_SHORT_SIGNALS,
			    "decode, short, 4 signals");
}
