// SPDX-License-Identifier: MIT
/*
 * nvpm_fuzz_test: random and mutated nvpm ioctls from several processes.
 *
 * Each process opens every nvpm render node and issues its share of the
 * calls: every ioctl number (and some that are not), argument sizes right
 * and wrong, fields zero, small (valid-looking handles), random or
 * pointing at memory (valid, NULL, unmapped), and for EXEC pushbuffers of
 * random words or random methods.  Every so often it closes its files with
 * whatever it made still open, and maps and touches BOs.  The seed makes a
 * run reproducible; the call count and a time limit bound it.
 *
 * What must hold afterwards: every process exited normally, the calls
 * were made, the devices still work (a submission runs to completion), no
 * file and (with kmemleak) no nvpm object is left behind.  The kernel's
 * own checks (KASAN, lockdep, the dmesg check of make test) do the rest.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include "harness.h"

/* The simulated FIFOs' state (debugfs), as TAP comments. */
#define FIFO_DUMP	"cd /sys/kernel/debug/dri && grep -H . */nvpm_sim_fifo | sed 's/^/# /'"

#define MAX_PROCS	16
#define SCRATCH		(64 * 1024)
#define GUARD		(64 * 1024)	/* past the largest array a call returns */
#define PUSH_BYTES	(64 * 1024)
#define REOPEN_EVERY	3000
#define WAIT_MAX_NS	2000000ull	/* WAIT timeouts: the run stays bounded */

struct stats {
	unsigned long long calls;
	unsigned long long ok;
	unsigned long long execs;
	int done;
};

struct opts {
	unsigned long long calls;
	int procs;
	unsigned long long seed;
	int seconds;
};

struct fuzzer {
	unsigned long long rng;
	int fds[MAX_DEVS];
	int nr_fds;
	char paths[MAX_DEVS][64];
	unsigned char *scratch;
	struct nvpm_bo push[MAX_DEVS];
	struct nvpm_channel ch[MAX_DEVS];
};

/* xorshift64*: small, fast, and the same sequence for the same seed */
static unsigned long long
rnd(struct fuzzer *f)
{
	f->rng ^= f->rng >> 12;
	f->rng ^= f->rng << 25;
	f->rng ^= f->rng >> 27;
	return f->rng * 2685821657736338717ull;
}

static unsigned int
below(struct fuzzer *f, unsigned int n)
{
	return rnd(f) % n;
}

/* A 32-bit field: zero, a small number (a handle, a count), or anything. */
static __u32
field32(struct fuzzer *f)
{
	switch (below(f, 8)) {
	case 0: case 1: case 2:
		return 0;
	case 3: case 4:
		return below(f, 20);
	case 5:
		return 1u << below(f, 32);
	case 6:
		return ~0u - below(f, 4);
	default:
		return rnd(f);
	}
}

/* A 64-bit field that may be a pointer: to scratch, NULL, or unmapped. */
static __u64
field64(struct fuzzer *f)
{
	switch (below(f, 8)) {
	case 0: case 1:
		return (__u64)(unsigned long)(f->scratch + 8 * below(f, SCRATCH / 8));
	case 2:
		return (__u64)(unsigned long)(f->scratch + SCRATCH - 8 * below(f, 4));
	case 3:
		return 0x1000 * (__u64)below(f, 16);
	case 4: case 5:
		return field32(f);
	default:
		return rnd(f);
	}
}

/* Mutate an argument that starts as all fields random-but-plausible. */
static void
fill_args(struct fuzzer *f, unsigned char *arg, size_t size)
{
	size_t i;

	for (i = 0; i + 8 <= size; i += 8) {
		if (below(f, 2)) {
			__u64 v = field64(f);

			memcpy(arg + i, &v, 8);
		} else {
			__u32 v[2] = { field32(f), field32(f) };

			memcpy(arg + i, v, 8);
		}
	}
	/* the size field: mostly right */
	if (size >= 4 && below(f, 8)) {
		__u32 s = size;

		memcpy(arg, &s, 4);
	}
}

/* Random words, or methods the FIFO and the software object decode. */
static void
fill_push(struct fuzzer *f, __u32 *p, size_t words)
{
	size_t i = 0, n;
	int mode = below(f, 4);

	while (i < words) {
		if (mode == 0) {
			p[i++] = below(f, 2) ? 0 : rnd(f);
			continue;
		}
		n = 1 + below(f, 4);
		/* incrementing header: count, subchannel, method */
		p[i++] = (__u32)(n << 18) | below(f, 8) << 13 | (below(f, 0x800) << 2 & 0x1ffc);
		if (mode == 1 && below(f, 2))
			p[i - 1] = (__u32)(n << 18) | (below(f, 2) ? NVPM_GR_DRAW : 0x0060);
		while (n-- && i < words)
			p[i++] = below(f, 2) ? below(f, 64) : rnd(f);
	}
}

static int
fuzz_open(struct fuzzer *f, int i)
{
	f->fds[i] = open(f->paths[i], O_RDWR | O_CLOEXEC);
	if (f->fds[i] < 0)
		return -errno;
	/* one pushbuffer and one channel made right, for EXEC to hit */
	memset(&f->push[i], 0, sizeof(f->push[i]));
	memset(&f->ch[i], 0, sizeof(f->ch[i]));
	if (!nvpm_bo_new(f->fds[i], PUSH_BYTES, &f->push[i]))
		nvpm_bo_map(&f->push[i]);
	nvpm_channel_new(f->fds[i], 0, &f->ch[i]);
	return 0;
}

static void
fuzz_close(struct fuzzer *f, int i)
{
	if (f->push[i].map)
		munmap(f->push[i].map, f->push[i].size);
	close(f->fds[i]);	/* whatever the calls made goes with it */
}

/* EXEC of random pushbuffer contents on a channel that may exist. */
static int
fuzz_exec(struct fuzzer *f, int d)
{
	struct drm_nvpm_exec a = { .size = sizeof(a) };
	size_t words;

	if (!f->push[d].map)
		return -ENOENT;
	words = 1 + below(f, PUSH_BYTES / 4 - 1);
	fill_push(f, f->push[d].map, words);
	a.channel = below(f, 4) ? f->ch[d].handle : field32(f);
	a.bo = below(f, 4) ? f->push[d].handle : field32(f);
	a.offset = below(f, 8) ? 0 : 4 * (__u64)below(f, PUSH_BYTES / 4);
	a.length = below(f, 8) ? 4 * words : field64(f);
	return raw_ioctl(f->fds[d], DRM_IOCTL_NVPM_EXEC, &a);
}

static int
fuzz_wait(struct fuzzer *f, int d)
{
	struct drm_nvpm_wait a = { .size = sizeof(a) };

	a.channel = below(f, 4) ? f->ch[d].handle : field32(f);
	a.sequence = below(f, 64);
	a.timeout_ns = rnd(f) % WAIT_MAX_NS;
	return raw_ioctl(f->fds[d], DRM_IOCTL_NVPM_WAIT, &a);
}

/* A mapping of a BO handle that may exist, touched, unmapped. */
static void
fuzz_map(struct fuzzer *f, int d)
{
	struct drm_nvpm_gem_info info = { .size = sizeof(info) };
	size_t len;
	void *p;

	info.handle = below(f, 20);
	if (raw_ioctl(f->fds[d], DRM_IOCTL_NVPM_GEM_INFO, &info))
		return;
	len = info.bo_size < 4096 * 4 ? info.bo_size : 4096 * (1 + below(f, 4));
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, f->fds[d], info.map_offset);
	if (p == MAP_FAILED)
		return;
	((__u32 *)p)[below(f, len / 4)] ^= rnd(f);
	munmap(p, len);
}

static int
fuzz_one(struct fuzzer *f)
{
	__u64 words[64];	/* 8-aligned, as the kernel's structs */
	unsigned char *arg = (unsigned char *)words;
	int d = below(f, f->nr_fds);
	unsigned long cmd;
	size_t size;

	switch (below(f, 16)) {
	case 0: case 1: case 2:
		return fuzz_exec(f, d);
	case 3:
		return fuzz_wait(f, d);
	case 4:
		fuzz_map(f, d);
		return 0;
	default:
		break;
	}
	cmd = nvpm_ioctls[below(f, nvpm_nr_ioctls)];
	size = _IOC_SIZE(cmd);
	if (!below(f, 16)) {	/* the size the ioctl number encodes: wrong */
		size = below(f, sizeof(words));
		cmd = _IOC(_IOC_DIR(cmd), _IOC_TYPE(cmd), _IOC_NR(cmd), size);
	} else if (!below(f, 32)) {	/* a number the driver does not have */
		cmd = _IOC(_IOC_DIR(cmd), _IOC_TYPE(cmd), DRM_COMMAND_BASE + 0x14 + below(f, 0x2c),
			   size);
	}
	memset(arg, 0, sizeof(words));
	fill_args(f, arg, size);
	if (_IOC_NR(cmd) == DRM_COMMAND_BASE + DRM_NVPM_WAIT) {
		__u64 t = rnd(f) % WAIT_MAX_NS;

		memcpy(arg + 16, &t, sizeof(t));
	}
	return raw_ioctl(f->fds[d], cmd, arg);
}

/* One process's share; exits 0 when it made its calls. */
static int
fuzz_child(struct opts *o, struct nodes *nodes, struct stats *st, int id)
{
	unsigned long long share = o->calls / o->procs + (id < (int)(o->calls % o->procs));
	double deadline = now_us() + o->seconds * 1e6;
	struct fuzzer f = { .rng = o->seed * 1000003ull + id + 1 };
	int i;

	/*
	 * The kernel writes arrays at pointers into scratch: a PROT_NONE page
	 * after it turns a write past its end into -EFAULT instead of heap
	 * corruption in this process.
	 */
	f.scratch = mmap(NULL, SCRATCH + GUARD, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (f.scratch == MAP_FAILED || mprotect(f.scratch + SCRATCH, GUARD, PROT_NONE))
		return 1;
	for (i = 0; i < SCRATCH; i++)
		f.scratch[i] = rnd(&f);
	f.nr_fds = nodes->nr_devs;
	for (i = 0; i < f.nr_fds; i++) {
		snprintf(f.paths[i], sizeof(f.paths[i]), "%s", nodes->devs[i].path);
		if (fuzz_open(&f, i))
			return 1;
	}
	while (st->calls < share && now_us() < deadline) {
		if (!fuzz_one(&f))
			st->ok++;
		st->calls++;
		if (st->calls % REOPEN_EVERY == 0) {
			i = below(&f, f.nr_fds);
			fuzz_close(&f, i);
			if (fuzz_open(&f, i))
				return 1;
		}
	}
	for (i = 0; i < f.nr_fds; i++)
		fuzz_close(&f, i);
	munmap(f.scratch, SCRATCH + GUARD);
	st->done = 1;
	return 0;
}

static struct opts opts = { .calls = 40000, .procs = 4, .seed = 1, .seconds = 600 };

/**
 * struct shared - what the fuzzing test leaves for the tests after it
 * @elapsed_s: how long the fuzzer processes ran
 * @procs: what each of them did
 *
 * The harness runs each test in a process of its own: this is mapped
 * shared before it forks the first one.
 */
static struct shared {
	double elapsed_s;
	struct stats procs[MAX_PROCS];
} *shared;

FIXTURE(fuzz) {
	struct nodes n;
	int fds_before;		/* open files before the test, its nodes included */
};

FIXTURE_SETUP(fuzz)
{
	self->fds_before = count_fds();
	NODES_SETUP(&self->n);
	self->fds_before += self->n.nr_devs;
}

FIXTURE_TEARDOWN(fuzz)
{
	NODES_TEARDOWN(&self->n);
}

TEST_F(fuzz, fuzz_processes_exit_cleanly)
{
	struct nodes *nodes = &self->n;
	pid_t pids[MAX_PROCS];
	double t0 = now_us(), limit;
	int i, status, left, bad = 0;

	if (!nodes->nr_devs)
		FAIL(return, "no nvpm render node");
	fflush(stdout);
	for (i = 0; i < opts.procs; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			FAIL(return, "fork: %s", strerror(errno));
		if (!pids[i])
			_exit(fuzz_child(&opts, nodes, &shared->procs[i], i));
	}
	/* the children stop at their time limit; a stuck one is killed */
	limit = t0 + (opts.seconds + 60) * 1e6;
	for (left = opts.procs; left;) {
		pid_t pid = waitpid(-1, &status, WNOHANG);

		if (pid > 0) {
			left--;
			if (!WIFEXITED(status) || WEXITSTATUS(status)) {
				diag("fuzzer process %d: %s %d", pid,
				     WIFEXITED(status) ? "exit" : "signal",
				     WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
				bad++;
			}
			continue;
		}
		if (now_us() > limit) {
			for (i = 0; i < opts.procs; i++)
				kill(pids[i], SIGKILL);
			while (waitpid(-1, &status, 0) > 0)
				;
			FAIL(return, "%d fuzzer processes stuck past the time limit", left);
		}
		usleep(10000);
	}
	shared->elapsed_s = (now_us() - t0) / 1e6;
	if (bad)
		FAIL(return, "%d of %d processes failed", bad, opts.procs);
}

TEST_F(fuzz, fuzz_made_every_call)
{
	unsigned long long calls = 0, ok = 0;
	int i;

	if (!shared->elapsed_s)
		FAIL(return, "the fuzzer did not run");
	for (i = 0; i < opts.procs; i++) {
		calls += shared->procs[i].calls;
		ok += shared->procs[i].ok;
	}
	diag("%llu calls (%llu succeeded) in %.1f s from %d processes, seed %llu: %.0f calls/s",
	     calls, ok, shared->elapsed_s, opts.procs, opts.seed, calls / shared->elapsed_s);
	if (calls < opts.calls)
		FAIL(return, "%llu of %llu calls made before the %d s limit", calls,
		     opts.calls, opts.seconds);
}

/* Afterwards: every device answers, and a FIFO still runs a submission. */
TEST_F(fuzz, devices_still_work)
{
	struct nodes *nodes = &self->n;
	struct drm_nvpm_get_info info;
	int i, ret, fifo = 0;

	for (i = 0; i < nodes->nr_devs; i++) {
		struct nvpm_channel ch;
		struct nvpm_push p;
		__u64 seq;

		ret = nvpm_get_info(nodes->devs[i].fd, &info);
		if (ret)
			FAIL(return, "%s: GET_INFO: %s", nodes->devs[i].path, err_name(ret));
		if (nvpm_channel_new(nodes->devs[i].fd, 0, &ch))
			continue;	/* no FIFO on this one */
		ret = nvpm_push_new(nodes->devs[i].fd, 4096, &p);
		if (!ret)
			ret = nvpm_push_setup(&p);
		if (!ret)
			ret = nvpm_push_submit(&p, &ch, &seq);
		if (!ret)
			ret = nvpm_wait(nodes->devs[i].fd, ch.handle, seq, WAIT_NS, NULL);
		nvpm_push_free(&p);
		nvpm_channel_del(&ch);
		if (ret) {
			/* what the simulated FIFOs wait for */
			fflush(stdout);
			if (system(FIFO_DUMP))
				diag("no nvpm_sim_fifo in debugfs");
			FAIL(return, "%s: a submission after the fuzzer: %s",
			     nodes->devs[i].path, err_name(ret));
		}
		fifo++;
	}
	if (!fifo)
		FAIL(return, "no device with a FIFO");
}

TEST_F(fuzz, nothing_left_behind)
{
	int km = kmemleak_start();

	if (count_fds() != self->fds_before)
		FAIL(return, "%d open files before, %d after", self->fds_before, count_fds());
	kmemleak_check(_metadata, km);
}

static int
args(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "calls", required_argument, NULL, 'n' },
		{ "procs", required_argument, NULL, 'p' },
		{ "seed", required_argument, NULL, 's' },
		{ "seconds", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "n:p:s:t:h", lopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			opts.calls = strtoull(optarg, NULL, 0);
			break;
		case 'p':
			opts.procs = atoi(optarg);
			break;
		case 's':
			opts.seed = strtoull(optarg, NULL, 0);
			break;
		case 't':
			opts.seconds = atoi(optarg);
			break;
		default:
			fprintf(c == 'h' ? stdout : stderr,
				"usage: nvpm_fuzz_test [--calls N] [--procs N] [--seed N] [--seconds N]\n");
			return c == 'h' ? 0 : 2;
		}
	}
	if (opts.procs < 1 || opts.procs > MAX_PROCS || opts.seconds < 1) {
		fprintf(stderr, "nvpm_fuzz_test: 1..%d processes, at least 1 s\n", MAX_PROCS);
		return 2;
	}
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) {
		perror("nvpm_fuzz_test: mmap");
		return 1;
	}
	/* the fuzzer kills stuck processes 60 s past its limit */
	harness_timeout("fuzz_processes_exit_cleanly", opts.seconds + 120);
	return -1;
}

NVPM_HARNESS_MAIN(args)
