// SPDX-License-Identifier: MIT
/*
 * nvpm stat: count events while a command runs, like perf stat.
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

/* While groups take turns on a domain, nvpm stat moves them on this often. */
#define STAT_MUX_MS	10

/* ---- nvpm stat ---- */

/**
 * struct stat_event - one -e event
 * @ev: what it counts
 * @label: "domain/NAME", as printed
 * @group: index of its group
 * @ctr: its counter in the group
 * @busy: "NAME busy" for an engine of the idle counter domain, else ""
 */
struct stat_event {
	struct nvpm_event ev;
	char label[80];
	int group;
	int ctr;
	char busy[48];
};

/**
 * struct stat_group - one counter group: the events of one domain
 * @domain: domain id
 * @nr: counters used
 * @handle: from GROUP_CREATE
 * @last: totals at the previous print
 * @src: source settings of its events
 * @nr_src: entries in @src
 */
struct stat_group {
	__u32 domain;
	unsigned int nr;
	__u32 handle;
	struct drm_nvpm_read last;
	struct drm_nvpm_source_value src[NVPM_GROUP_MAX_SOURCES];
	unsigned int nr_src;
};

/**
 * struct stat_state - state of nvpm stat
 * @dev: the device
 * @chip: its chip name
 * @cat: its domains and signals
 * @ev: the events, in command line order
 * @nr_ev: entries in @ev
 * @grp: the groups, in order of their first event
 * @nr_grp: entries in @grp
 * @interval_ms: -I, 0 for none
 * @count: -n, 0 for no limit
 * @t0: when counting started
 * @cmd: the command, NULL for none
 * @pid: its process, 0 for none
 * @err_fd: where its exec failure comes back (see stat_spawn())
 * @status: its wait status, once @reaped
 * @reaped: it has ended and been waited for
 * @exec_failed: it never ran
 * @mux: groups take turns on some domain (more events than counters)
 * @sep: -x: print fields separated by this, NULL for the table
 */
struct stat_state {
	struct nvpm_dev dev;
	char chip[32];
	struct nvpm_catalog cat;
	struct stat_event ev[MAX_EVENTS];
	int nr_ev;
	struct stat_group grp[MAX_GROUPS];
	int nr_grp;
	long interval_ms;
	long count;
	double t0;
	char **cmd;
	pid_t pid;
	int err_fd;
	int status;
	bool reaped;
	bool exec_failed;
	bool mux;
	const char *sep;
};

/* set by the signal handlers (lock-free atomics are async-signal-safe) */
static atomic_int stat_interrupted, stat_child_exited;

static void
stat_on_sigint(int sig)
{
	(void)sig;
	stat_interrupted = 1;
}

static void
stat_on_sigchld(int sig)
{
	(void)sig;
	stat_child_exited = 1;
}

static void
stat_usage(FILE *f)
{
	fprintf(f, "usage: nvpm stat -e EVENT[,EVENT...] [-d DEVICE] [-I MS [-n COUNT]] [-x SEP]\n"
		"                 [-- COMMAND [ARGS...]]\n"
		"  count EVENTs (DOMAIN/NAME, DOMAIN/0xNN or DOMAIN/always, each\n"
		"  optionally followed by :SOURCE=VALUE settings; see 'nvpm list')\n"
		"  while COMMAND runs, or until Ctrl-C; with -I print\n"
		"  the counts every MS milliseconds, COUNT times at most.  More events\n"
		"  on a domain than it has counters take turns (every %d ms); their\n"
		"  counts are scaled up by the share of the time each was counted,\n"
		"  which is printed after them, like perf stat's multiplexed events.\n\n"
		"  -e, --event EVENT,...       events to count (repeatable)\n"
		"  -d, --device DEVICE         a render node (default: the first nvpm device)\n"
		"  -I, --interval MS           print the counts every MS milliseconds\n"
		"  -n, --count COUNT           ... COUNT times at most (with -I)\n"
		"  -x, --field-separator SEP   one line per event, fields separated by SEP,\n"
		"                              like perf stat -x: [TIME]COUNT,UNIT,EVENT,\n"
		"                              CYCLES,SHARE,RATE,RATE-UNIT\n"
		"  -h, --help                  this help\n",
		STAT_MUX_MS);
}

/* Explain a failed nvpm_event_parse(). */
static void
stat_event_error(struct stat_state *st, const char *spec, int err)
{
	const char *slash = strchr(spec, '/');
	int dlen = slash ? (int)(slash - spec) : 0;
	const struct drm_nvpm_domain *dom;

	switch (err) {
	case -EINVAL:
		fprintf(stderr, "nvpm stat: bad event '%s': want DOMAIN/SIGNAL; see 'nvpm list'\n",
			spec);
		break;
	case NVPM_EVENT_NO_DOMAIN:
		fprintf(stderr, "nvpm stat: no domain '%.*s' on %s (%s); see 'nvpm list'\n",
			dlen, spec, st->chip, st->dev.path);
		break;
	case NVPM_EVENT_NO_SIGNAL:
		fprintf(stderr, "nvpm stat: unknown signal '%s' in %.*s; see 'nvpm list %.*s'\n",
			slash + 1, dlen, spec, dlen, spec);
		break;
	case NVPM_EVENT_RANGE:
		dom = nvpm_catalog_domain(&st->cat, spec, dlen);
		fprintf(stderr, "nvpm stat: signal '%s' out of range: %.*s has 0x00-0x%02x\n",
			slash + 1, dlen, spec, dom ? dom->nr_signals - 1 : 0);
		break;
	default:
		fprintf(stderr, "nvpm stat: event '%s': %s\n", spec, strerror(-err));
		break;
	}
}

/*
 * A group for @domain with a counter left, a new one if needed: groups of
 * one file on one domain take turns (the kernel's rotation).  The idle
 * counter domain has no turns: its groups share counters, all at once.
 * -1 if there are too many groups.
 */
static int
stat_group_of(struct stat_state *st, const struct drm_nvpm_domain *dom, unsigned int max)
{
	bool seen = false;
	int g;

	for (g = 0; g < st->nr_grp; g++) {
		if (st->grp[g].domain != dom->id)
			continue;
		if (st->grp[g].nr < max)
			return g;
		seen = true;
	}
	if (st->nr_grp == MAX_GROUPS || (seen && (dom->caps & NVPM_DOMAIN_CAP_IDLE)))
		return -1;
	memset(&st->grp[g], 0, sizeof(st->grp[g]));
	st->grp[g].domain = dom->id;
	if (seen)
		st->mux = true;
	return st->nr_grp++;
}

/* Add "SOURCE=VALUE" of event @e to its group; 0, or 1 after printing why not. */
static int
stat_add_source(struct stat_state *st, struct stat_event *e, const char *set)
{
	struct stat_group *grp = &st->grp[e->group];
	const char *eq = strchr(set, '=');
	struct drm_nvpm_source *src;
	unsigned int i, n;
	unsigned long v;
	char *end;
	int ret;

	ret = nvpm_query_sources(st->dev.fd, e->ev.domain, e->ev.signal, &src, &n);
	if (ret) {
		fprintf(stderr, "nvpm stat: QUERY_SOURCES: %s\n", strerror(-ret));
		return 1;
	}
	for (i = 0; eq && i < n; i++) {
		if (strlen(src[i].name) == (size_t)(eq - set) &&
		    !strncmp(src[i].name, set, eq - set))
			break;
	}
	if (!eq || i == n) {
		fprintf(stderr, "nvpm stat: '%s': %s has no such source; see 'nvpm list'\n",
			set, e->label);
		free(src);
		return 1;
	}
	errno = 0;
	v = strtoul(eq + 1, &end, 0);
	if (errno || end == eq + 1 || *end || v > src[i].mask) {
		fprintf(stderr, "nvpm stat: '%s': %s takes 0..%u\n", set, src[i].name,
			src[i].mask);
		free(src);
		return 1;
	}
	for (n = 0; n < grp->nr_src && grp->src[n].id != src[i].id; n++)
		;
	if (n < grp->nr_src && grp->src[n].value != v) {
		fprintf(stderr, "nvpm stat: %s set twice on one domain\n", src[i].name);
		free(src);
		return 1;
	}
	if (n == grp->nr_src && n == NVPM_GROUP_MAX_SOURCES) {
		fprintf(stderr, "nvpm stat: more than %d source settings on a domain\n",
			NVPM_GROUP_MAX_SOURCES);
		free(src);
		return 1;
	}
	grp->src[n].id = src[i].id;
	grp->src[n].value = v;
	grp->nr_src += n == grp->nr_src;
	free(src);
	return 0;
}

/* Add one event; 0, or 1 after printing why not. */
static int
stat_add_event(struct stat_state *st, const char *spec_in)
{
	char spec[128], *sets;
	const struct drm_nvpm_domain *dom;
	struct stat_event *e;
	const char *name;
	int ret, g, max;

	if (st->nr_ev == MAX_EVENTS) {
		fprintf(stderr, "nvpm stat: more than %d events\n", MAX_EVENTS);
		return 1;
	}
	snprintf(spec, sizeof(spec), "%s", spec_in);
	sets = strchr(spec, ':');
	if (sets)
		*sets++ = '\0';
	e = &st->ev[st->nr_ev];
	ret = nvpm_event_parse(&st->cat, spec, &e->ev);
	if (ret) {
		stat_event_error(st, spec, ret);
		return 1;
	}
	dom = &st->cat.dom[e->ev.domain];
	max = dom->nr_counters ? (int)dom->nr_counters : 4;
	g = stat_group_of(st, dom, max);
	if (g < 0) {
		fprintf(stderr, "nvpm stat: too many events on domain %.*s: it has %d counters%s\n",
			(int)sizeof(dom->name), dom->name, max,
			(dom->caps & NVPM_DOMAIN_CAP_IDLE) ? ", shared, no turns" : "");
		return 1;
	}
	e->group = g;
	e->ctr = st->grp[g].nr++;
	name = nvpm_catalog_signal_name(&st->cat, e->ev.domain, e->ev.signal);
	if (e->ev.logic_op == NVPM_OP_ALWAYS)
		snprintf(e->label, sizeof(e->label), "%.*s/%s", (int)sizeof(dom->name),
			 dom->name, NVPM_EVENT_ALWAYS);
	else if (name)
		snprintf(e->label, sizeof(e->label), "%.*s/%s", (int)sizeof(dom->name),
			 dom->name, name);
	else
		snprintf(e->label, sizeof(e->label), "%.*s/0x%02x", (int)sizeof(dom->name),
			 dom->name, e->ev.signal);
	e->busy[0] = '\0';
	if ((dom->caps & NVPM_DOMAIN_CAP_IDLE) && e->ev.logic_op == NVPM_OP_ARG0)
		snprintf(e->busy, sizeof(e->busy), "%s busy", name ? name : "engine");
	while (sets) {
		char *next = strchr(sets, ':');
		size_t len = strlen(e->label);

		if (next)
			*next++ = '\0';
		if (stat_add_source(st, e, sets))
			return 1;
		snprintf(e->label + len, sizeof(e->label) - len, ":%s", sets);
		sets = next;
	}
	st->nr_ev++;
	return 0;
}

/* Split a -e list at commas; 0 or 1. */
static int
stat_add_events(struct stat_state *st, char *list)
{
	char *tok, *save = NULL;

	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (stat_add_event(st, tok))
			return 1;
	}
	return 0;
}

/* Create every group; 0, or 1 after printing why not. */
static int
stat_create(struct stat_state *st)
{
	struct drm_nvpm_counter ctr[MAX_GROUPS][4];
	struct stat_event *e;
	int i, g, ret;

	memset(ctr, 0, sizeof(ctr));
	for (i = 0; i < st->nr_ev; i++) {
		e = &st->ev[i];
		ctr[e->group][e->ctr].signal[0] = e->ev.signal;
		ctr[e->group][e->ctr].logic_op = e->ev.logic_op;
	}
	for (g = 0; g < st->nr_grp; g++) {
		struct drm_nvpm_group_create a = {
			.domain = st->grp[g].domain,
			.mode = NVPM_MODE_QUAD,
			.nr_counters = st->grp[g].nr,
			.nr_sources = st->grp[g].nr_src,
			.sources = (uintptr_t)st->grp[g].src,
		};

		memcpy(a.counter, ctr[g], sizeof(a.counter));
		ret = nvpm_group_create(st->dev.fd, &a);
		st->grp[g].handle = a.handle;
		if (ret) {
			create_error("stat", st->chip, &st->cat.dom[st->grp[g].domain], ret);
			return 1;
		}
	}
	return 0;
}

/* SAMPLE, then READ every group into @now; 0 or a negative errno. */
static int
stat_sample(struct stat_state *st, struct drm_nvpm_read *now)
{
	int g, ret;

	ret = nvpm_sample(st->dev.fd, NULL);
	if (ret) {
		fprintf(stderr, "nvpm stat: SAMPLE: %s\n", strerror(-ret));
		return ret;
	}
	for (g = 0; g < st->nr_grp; g++) {
		ret = nvpm_read(st->dev.fd, st->grp[g].handle, &now[g]);
		if (ret) {
			fprintf(stderr, "nvpm stat: READ: %s\n", strerror(-ret));
			return ret;
		}
	}
	return 0;
}

/*
 * Count and cycles of @e since the last print.  Where groups take turns
 * on its domain, @e counted during @own of the domain's @cycles (the sum
 * of its groups' cycles): its @count is scaled up by @cycles / @own, and
 * @share is @own / @cycles; else @share is 1.  A group that had no turn
 * has a count of 0 and a share of 0.
 */
static void
stat_delta(const struct stat_state *st, const struct drm_nvpm_read *now,
	   const struct stat_event *e, unsigned long long *count,
	   unsigned long long *cycles, double *share)
{
	const struct drm_nvpm_read *last = &st->grp[e->group].last;
	unsigned long long own;
	int g;

	*count = now[e->group].value[e->ctr] - last->value[e->ctr];
	own = now[e->group].cycles - last->cycles;
	*cycles = 0;
	for (g = 0; g < st->nr_grp; g++) {
		if (st->grp[g].domain == st->grp[e->group].domain)
			*cycles += now[g].cycles - st->grp[g].last.cycles;
	}
	*share = *cycles ? (double)own / *cycles : 0;
	if (own && own != *cycles)
		*count = (unsigned long long)((double)*count * *cycles / own + 0.5);
	else if (!own)
		*count = 0;
}

/* Whether @e's group takes turns with others on its domain. */
static bool
stat_muxed(const struct stat_state *st, const struct stat_event *e)
{
	int g;

	for (g = 0; g < st->nr_grp; g++) {
		if (g != e->group && st->grp[g].domain == st->grp[e->group].domain)
			return true;
	}
	return false;
}

/* "  (SHARE%)" after a multiplexed event's line, as perf stat prints it. */
static const char *
stat_share(char *buf, size_t len, const struct stat_state *st,
	   const struct stat_event *e, double share)
{
	buf[0] = '\0';
	if (stat_muxed(st, e))
		snprintf(buf, len, "  (%.2f%%)", 100.0 * share);
	return buf;
}

static const char *
stat_notes(const struct drm_nvpm_read *r, int ctr)
{
	if (r->flags & NVPM_READ_LOST)
		return "  (counts lost)";
	if (r->counter_flags[ctr] & NVPM_READ_SATURATED)
		return "  (saturated)";
	return "";
}

static void
stat_rate(char *buf, size_t len, unsigned long long count, unsigned long long cycles)
{
	if (cycles)
		snprintf(buf, len, "%7.2f%%", 100.0 * count / cycles);
	else
		snprintf(buf, len, "%8s", "n/a");
}

/*
 * -x SEP: one line per event, like perf stat -x: [TIME,]COUNT,UNIT,EVENT,
 * CYCLES,SHARE,RATE,RATE-UNIT; UNIT is empty (cycles), SHARE the percentage
 * of the time the event was counted, RATE its count over CYCLES.
 */
static void
stat_print_csv(struct stat_state *st, const struct drm_nvpm_read *now, double t)
{
	unsigned long long count, cycles;
	const char *x = st->sep;
	double share;
	int i;

	for (i = 0; i < st->nr_ev; i++) {
		stat_delta(st, now, &st->ev[i], &count, &cycles, &share);
		if (t >= 0)
			printf("%.6f%s", t, x);
		printf("%llu%s%s%s%s%llu%s%.2f%s", count, x, x, st->ev[i].label, x, cycles, x,
		       100.0 * share, x);
		if (cycles)
			printf("%.2f%s%% of cycles\n", 100.0 * count / cycles, x);
		else
			printf("%s\n", x);
	}
	fflush(stdout);
}

static void
stat_print_interval(struct stat_state *st, const struct drm_nvpm_read *now, double t)
{
	unsigned long long count, cycles;
	char c1[32], c2[32], rate[16], sh[16];
	double share;
	int i;

	if (st->sep) {
		stat_print_csv(st, now, t);
		return;
	}
	for (i = 0; i < st->nr_ev; i++) {
		stat_delta(st, now, &st->ev[i], &count, &cycles, &share);
		stat_rate(rate, sizeof(rate), count, cycles);
		printf("%12.6f %16s  %-28s %16s  %s%s%s%s%s\n", t,
		       fmt_count(c1, sizeof(c1), count), st->ev[i].label,
		       fmt_count(c2, sizeof(c2), cycles), rate,
		       st->ev[i].busy[0] ? "  " : "", st->ev[i].busy,
		       stat_notes(&now[st->ev[i].group], st->ev[i].ctr),
		       stat_share(sh, sizeof(sh), st, &st->ev[i], share));
	}
	fflush(stdout);
}

static void
stat_print_summary(struct stat_state *st, const struct drm_nvpm_read *now,
		   char **cmd, double elapsed)
{
	unsigned long long count, cycles;
	const struct drm_nvpm_domain *dom;
	char c1[32], c2[32], rate[16], sh[16];
	double share;
	int i;

	if (st->sep) {
		stat_print_csv(st, now, -1);
		return;
	}
	printf("\n Performance counter stats for ");
	if (cmd) {
		printf("'%s", cmd[0]);
		for (i = 1; cmd[i]; i++)
			printf(" %s", cmd[i]);
		printf("'");
	} else {
		printf("the device");
	}
	printf(" on %s (%s):\n\n", st->chip, st->dev.path);
	for (i = 0; i < st->nr_ev; i++) {
		dom = &st->cat.dom[st->ev[i].ev.domain];
		stat_delta(st, now, &st->ev[i], &count, &cycles, &share);
		stat_rate(rate, sizeof(rate), count, cycles);
		printf("%20s      %-28s # %s%s%s of %s %.*s cycles%s%s\n",
		       fmt_count(c1, sizeof(c1), count), st->ev[i].label, st->ev[i].busy,
		       st->ev[i].busy[0] ? " " : "", rate,
		       fmt_count(c2, sizeof(c2), cycles), (int)sizeof(dom->name),
		       dom->name, stat_notes(&now[st->ev[i].group], st->ev[i].ctr),
		       stat_share(sh, sizeof(sh), st, &st->ev[i], share));
	}
	printf("\n %18.6f seconds time elapsed\n\n", elapsed);
}

static void
stat_remember(struct stat_state *st, const struct drm_nvpm_read *now)
{
	int g;

	for (g = 0; g < st->nr_grp; g++)
		st->grp[g].last = now[g];
}

/*
 * Start @cmd, held until counting starts: it waits for a byte on @go.  An
 * exec failure comes back as an errno on @err (closed by a good exec).
 * Returns its pid, or -1 after printing why not.
 */
static pid_t
stat_spawn(char **cmd, int *go, int *err)
{
	int gofds[2], errfds[2], e;
	pid_t pid;
	char c;

	if (pipe2(gofds, O_CLOEXEC) || pipe2(errfds, O_CLOEXEC)) {
		perror("nvpm stat: pipe");
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		perror("nvpm stat: fork");
		return -1;
	}
	if (!pid) {
		close(gofds[1]);
		close(errfds[0]);
		signal(SIGINT, SIG_DFL);
		signal(SIGCHLD, SIG_DFL);
		if (read(gofds[0], &c, 1) != 1)
			_exit(127);
		execvp(cmd[0], cmd);
		e = errno;
		if (write(errfds[1], &e, sizeof(e)) != sizeof(e))
			_exit(127);
		_exit(127);
	}
	close(gofds[0]);
	close(errfds[1]);
	*go = gofds[1];
	*err = errfds[0];
	return pid;
}

/* Sleep until @deadline (CLOCK_MONOTONIC seconds) or a signal. */
static void
stat_sleep_until(double deadline)
{
	struct timespec ts;

	ts.tv_sec = (time_t)deadline;
	ts.tv_nsec = (long)((deadline - ts.tv_sec) * 1e9);
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

/*
 * Sleep until @deadline, a signal or the command's end.  While groups take
 * turns, SAMPLE every STAT_MUX_MS meanwhile: each SAMPLE moves every
 * domain on to its next group.  0 or a negative errno.
 */
static int
stat_wait_until(struct stat_state *st, double deadline)
{
	double tick;
	int ret;

	while (!stat_interrupted && !stat_child_exited && now_s() < deadline) {
		tick = st->mux ? now_s() + STAT_MUX_MS / 1000.0 : deadline;
		if (tick >= deadline) {
			stat_sleep_until(deadline);
			continue;
		}
		stat_sleep_until(tick);
		ret = nvpm_sample(st->dev.fd, NULL);
		if (ret) {
			fprintf(stderr, "nvpm stat: SAMPLE: %s\n", strerror(-ret));
			return ret;
		}
	}
	return 0;
}

/*
 * Wait for the command to end, and say if it never ran.  Ctrl-C reaches it
 * from the terminal; a SIGINT sent to nvpm alone is passed on, once.
 */
static void
stat_wait_cmd(struct stat_state *st)
{
	bool passed_on = false;
	pid_t r;
	int e;

	if (st->pid <= 0 || st->reaped)
		return;
	for (;;) {
		if (stat_interrupted && !passed_on) {
			kill(st->pid, SIGINT);
			passed_on = true;
		}
		r = waitpid(st->pid, &st->status, 0);
		if (r == st->pid)
			break;
		if (r < 0 && errno != EINTR)
			return;
	}
	st->reaped = true;
	/* a good exec closed the pipe: EOF */
	if (read(st->err_fd, &e, sizeof(e)) == sizeof(e)) {
		fprintf(stderr, "nvpm stat: cannot run '%s': %s\n", st->cmd[0], strerror(e));
		st->exec_failed = true;
	}
}

/* One -I line per event: SAMPLE, print the counts since the last. */
static int
stat_interval(struct stat_state *st, long n)
{
	struct drm_nvpm_read now[MAX_GROUPS];
	int ret;

	ret = stat_sample(st, now);
	if (ret)
		return ret;
	if (!n && !st->sep)
		printf("#%11s %16s  %-28s %16s  %8s\n", "time", "counts", "event",
		       "cycles", "rate");
	stat_print_interval(st, now, now_s() - st->t0);
	stat_remember(st, now);
	return 0;
}

/*
 * The -I loop; returns when done: after COUNT intervals, on Ctrl-C, or
 * when the command has ended (after a last, shorter interval).  0 or a
 * negative errno.
 */
static int
stat_intervals(struct stat_state *st)
{
	double next = st->t0;
	long n = 0;
	int ret = 0;

	while (!ret && !stat_interrupted && (!st->count || n < st->count)) {
		next += st->interval_ms / 1000.0;
		ret = stat_wait_until(st, next);
		if (ret || stat_interrupted)
			break;
		if (stat_child_exited) {
			stat_wait_cmd(st);
			if (st->exec_failed)
				break;
		}
		ret = stat_interval(st, n++);
		if (stat_child_exited)
			break;
	}
	return ret;
}

static int
stat_exit_code(const struct stat_state *st)
{
	if (!st->reaped)
		return 0;
	if (WIFEXITED(st->status))
		return WEXITSTATUS(st->status);
	return WIFSIGNALED(st->status) ? 128 + WTERMSIG(st->status) : 1;
}

/* Count while the command runs (or until SIGINT / -n); print; exit code. */
static int
stat_run(struct stat_state *st)
{
	struct drm_nvpm_read now[MAX_GROUPS];
	struct sigaction sa = { 0 };
	int go = -1, ret;

	sa.sa_handler = stat_on_sigint;
	sigaction(SIGINT, &sa, NULL);
	sa.sa_handler = stat_on_sigchld;
	sigaction(SIGCHLD, &sa, NULL);

	st->err_fd = -1;
	if (st->cmd) {
		st->pid = stat_spawn(st->cmd, &go, &st->err_fd);
		if (st->pid < 0)
			return 1;
	}
	/* the baseline: counts from its latch on, inside this SAMPLE */
	st->t0 = now_s();
	ret = stat_sample(st, now);
	if (ret)
		goto out;
	stat_remember(st, now);
	if (go >= 0) {
		if (write(go, "g", 1) != 1)
			perror("nvpm stat: starting the command");
		close(go);
		go = -1;
	}

	if (st->interval_ms) {
		ret = stat_intervals(st);
		goto out;
	}
	if (st->mux)
		ret = stat_wait_until(st, INFINITY);
	if (ret)
		goto out;
	if (st->pid > 0)
		stat_wait_cmd(st);
	else
		while (!stat_interrupted)
			pause();
	ret = stat_sample(st, now);
	if (!ret && !st->exec_failed)
		stat_print_summary(st, now, st->cmd, now_s() - st->t0);
out:
	if (go >= 0)
		close(go);
	stat_wait_cmd(st);
	if (st->err_fd >= 0)
		close(st->err_fd);
	return ret ? 1 : stat_exit_code(st);
}

/* Parse the options; the -e lists are collected in @events. */
static int
stat_parse(struct stat_state *st, int argc, char **argv, char **events, int *nr,
	   const char **path)
{
	static const struct option opts[] = {
		{ "event", required_argument, NULL, 'e' },
		{ "device", required_argument, NULL, 'd' },
		{ "interval", required_argument, NULL, 'I' },
		{ "count", required_argument, NULL, 'n' },
		{ "field-separator", required_argument, NULL, 'x' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "+e:d:I:n:x:h", opts, NULL)) != -1) {
		switch (c) {
		case 'e':
			if (*nr == MAX_EVENTS) {
				fprintf(stderr, "nvpm stat: more than %d -e options\n", MAX_EVENTS);
				return EXIT_USAGE;
			}
			events[(*nr)++] = optarg;
			break;
		case 'd':
			*path = optarg;
			break;
		case 'I':
			if (parse_long("stat", "-I", optarg, &st->interval_ms))
				return EXIT_USAGE;
			break;
		case 'n':
			if (parse_long("stat", "-n", optarg, &st->count))
				return EXIT_USAGE;
			break;
		case 'x':
			if (!*optarg) {
				fprintf(stderr, "nvpm stat: -x wants a separator\n");
				return EXIT_USAGE;
			}
			st->sep = optarg;
			break;
		case 'h':
			stat_usage(stdout);
			exit(0);
		default:
			stat_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (!*nr) {
		fprintf(stderr, "nvpm stat: no event given (-e DOMAIN/SIGNAL; see 'nvpm list')\n");
		return EXIT_USAGE;
	}
	if (st->count && !st->interval_ms) {
		fprintf(stderr, "nvpm stat: -n needs -I\n");
		return EXIT_USAGE;
	}
	return 0;
}

int
cmd_stat(int argc, char **argv)
{
	static struct stat_state st;
	char *events[MAX_EVENTS];
	const char *path = NULL;
	int i, nr = 0, ret;

	ret = stat_parse(&st, argc, argv, events, &nr, &path);
	if (ret)
		return ret;
	if (open_dev("stat", path, &st.dev))
		return 1;
	chip_name(&st.dev, st.chip, sizeof(st.chip));
	ret = nvpm_catalog_load(st.dev.fd, &st.cat);
	if (ret) {
		fprintf(stderr, "nvpm stat: %s: querying domains: %s\n", st.dev.path,
			strerror(-ret));
		ret = 1;
		goto out;
	}
	for (i = 0, ret = 0; i < nr && !ret; i++)
		ret = stat_add_events(&st, events[i]);
	if (!ret)
		ret = stat_create(&st);
	if (!ret) {
		st.cmd = optind < argc ? argv + optind : NULL;
		ret = stat_run(&st);
	}
out:
	nvpm_catalog_free(&st.cat);
	nvpm_dev_close(&st.dev);
	return ret;
}
