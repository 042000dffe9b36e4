// SPDX-License-Identifier: MIT
/*
 * nvpm top: a live view, like intel_gpu_top or nvtop, of how busy the
 * engines are (PDAEMON's idle counters, GT215+) and of chosen PCOUNTER
 * events, refreshed every interval.
 *
 * On a terminal it redraws in place and quits on q or Ctrl-C.  With -n,
 * or when stdout is not a terminal, it prints each refresh after the
 * previous one (COUNT of them with -n) and exits, for scripts and tests.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "builtin.h"

#define TOP_INTERVAL_MS		500
#define TOP_MAX_GROUPS		8
#define TOP_MAX_ROWS		32
#define TOP_BAR			40

/**
 * struct top_row - one line of the view: an engine or an event
 * @label: what is shown ("gr", "core_a/PGRAPH.IDLE")
 * @group: index of its group
 * @ctr: its counter in the group
 * @engine: an engine's busy share (a bar), not an event's rate
 */
struct top_row {
	char label[80];
	int group;
	int ctr;
	bool engine;
};

/**
 * struct top_group - a counter group and its totals
 * @domain: domain id
 * @ctr: its counters
 * @nr: counters used
 * @handle: from GROUP_CREATE, 0 before
 * @now: totals at the last refresh
 * @last: totals at the one before
 */
struct top_group {
	__u32 domain;
	struct drm_nvpm_counter ctr[4];
	unsigned int nr;
	__u32 handle;
	struct drm_nvpm_read now;
	struct drm_nvpm_read last;
};

/**
 * struct top - state of nvpm top
 * @dev: the device
 * @chip: its chip name
 * @cat: its domains and signals
 * @grp: the groups: engines first, then the events' domains
 * @nr_grp: entries in @grp
 * @row: the lines shown
 * @nr_row: entries in @row
 * @missing: engines left out, for want of idle counters
 * @interval_ms: -I
 * @count: -n, 0 for no limit
 * @live: redraw in place and read keys (a terminal, no -n)
 * @tio: the terminal's settings, to put back
 */
struct top {
	struct nvpm_dev dev;
	char chip[32];
	struct nvpm_catalog cat;
	struct top_group grp[TOP_MAX_GROUPS];
	int nr_grp;
	struct top_row row[TOP_MAX_ROWS];
	int nr_row;
	int missing;
	long interval_ms;
	long count;
	bool live;
	struct termios tio;
};

static atomic_int top_quit;

static void
top_on_signal(int sig)
{
	(void)sig;
	top_quit = 1;
}

static void
top_usage(FILE *f)
{
	fprintf(f, "usage: nvpm top [-d DEVICE] [-E ENGINE,...] [-e EVENT[,EVENT...]]\n"
		"                [-I MS] [-n COUNT]\n"
		"  a live view of the engines' busy share (PDAEMON idle counters, GT215+;\n"
		"  all of them that the counters allow, or the ENGINEs) and of EVENTs\n"
		"  (DOMAIN/NAME, DOMAIN/0xNN, DOMAIN/always; see 'nvpm list'), refreshed\n"
		"  every MS milliseconds (%d); q or Ctrl-C quits.  With -n, or when the\n"
		"  output is not a terminal, prints COUNT refreshes (-n) one after the\n"
		"  other and exits.\n\n"
		"  -d, --device DEVICE      a render node (default: the first nvpm device)\n"
		"  -E, --engine ENGINE,...  the engines to show\n"
		"  -e, --event EVENT,...    events to show\n"
		"  -I, --interval MS        refresh period\n"
		"  -n, --count COUNT        refreshes to print\n"
		"  -h, --help               this help\n", TOP_INTERVAL_MS);
}

static int
top_number(const char *opt, const char *arg, long *val)
{
	char *end;

	errno = 0;
	*val = strtol(arg, &end, 10);
	if (errno || *end || *val <= 0 || *val > 1000000000L) {
		fprintf(stderr, "nvpm top: %s: bad value '%s'\n", opt, arg);
		return 1;
	}
	return 0;
}

static void
top_create_error(struct top *t, __u32 domain, int err)
{
	const struct drm_nvpm_domain *dom = &t->cat.dom[domain];

	if (err == -EPERM || err == -EACCES)
		fprintf(stderr, "nvpm top: not allowed to create counter groups: they need\n"
			"  CAP_PERFMON (or root), or the module parameter unprivileged=1\n");
	else
		fprintf(stderr, "nvpm top: a counter group on %.*s (%s): %s\n",
			(int)sizeof(dom->name), dom->name, t->chip, strerror(-err));
}

/* A new group on @domain; NULL (after saying why) if there are too many. */
static struct top_group *
top_group_new(struct top *t, __u32 domain)
{
	struct top_group *g;

	if (t->nr_grp == TOP_MAX_GROUPS) {
		fprintf(stderr, "nvpm top: more than %d counter groups\n", TOP_MAX_GROUPS);
		return NULL;
	}
	g = &t->grp[t->nr_grp++];
	memset(g, 0, sizeof(*g));
	g->domain = domain;
	return g;
}

/* A row for counter @op on @signal, in a group of @domain with room. */
static int
top_add(struct top *t, __u32 domain, __u8 signal, __u16 op, const char *label, bool engine)
{
	const struct drm_nvpm_domain *dom = &t->cat.dom[domain];
	unsigned int max = dom->nr_counters ? dom->nr_counters : 4;
	struct top_group *g = NULL;
	struct top_row *r;
	int i;

	if (t->nr_row == TOP_MAX_ROWS) {
		fprintf(stderr, "nvpm top: more than %d lines\n", TOP_MAX_ROWS);
		return 1;
	}
	for (i = 0; i < t->nr_grp; i++) {
		if (t->grp[i].domain == domain && !t->grp[i].handle && t->grp[i].nr < max)
			g = &t->grp[i];
	}
	if (!g)
		g = top_group_new(t, domain);
	if (!g)
		return 1;
	r = &t->row[t->nr_row++];
	snprintf(r->label, sizeof(r->label), "%s", label);
	r->group = g - t->grp;
	r->ctr = g->nr;
	r->engine = engine;
	g->ctr[g->nr].signal[0] = signal;
	g->ctr[g->nr].logic_op = op;
	g->nr++;
	return 0;
}

/*
 * Create the groups made since the last call; 0 or a negative errno, the
 * domain of the group that failed in @domain.
 */
static int
top_create(struct top *t, __u32 *domain)
{
	int i, ret;

	for (i = 0; i < t->nr_grp; i++) {
		if (t->grp[i].handle)
			continue;
		*domain = t->grp[i].domain;
		ret = nvpm_group_quad(t->dev.fd, t->grp[i].domain, t->grp[i].ctr,
				      t->grp[i].nr, &t->grp[i].handle);
		if (ret)
			return ret;
	}
	return 0;
}

/* Forget the rows and groups from @row and @grp on (never created). */
static void
top_drop(struct top *t, int row, int grp)
{
	t->nr_row = row;
	t->nr_grp = grp;
}

/* The engines to show: those named in @only (comma separated), or all. */
static int
top_pick(const struct top *t, const struct drm_nvpm_domain *dom, char *only,
	 const struct drm_nvpm_signal **pick)
{
	char *tok, *save = NULL;
	unsigned int i, n = 0;

	if (!only) {
		for (i = 0; i < t->cat.nr_sig[dom->id] && n < TOP_MAX_ROWS; i++)
			pick[n++] = &t->cat.sig[dom->id][i];
		return n;
	}
	for (tok = strtok_r(only, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < t->cat.nr_sig[dom->id]; i++) {
			if (!strcmp(t->cat.sig[dom->id][i].name, tok))
				break;
		}
		if (i == t->cat.nr_sig[dom->id]) {
			fprintf(stderr, "nvpm top: no engine '%s' on %s; see 'nvpm list %.*s'\n",
				tok, t->chip, (int)sizeof(dom->name), dom->name);
			return -1;
		}
		if (n < TOP_MAX_ROWS)
			pick[n++] = &t->cat.sig[dom->id][i];
	}
	return n;
}

/*
 * The engines of the idle counter domain, group after group, as long as
 * the idle counters last (other users may hold some): busy is op 0xaaaa.
 */
static int
top_engines(struct top *t, char *only)
{
	const struct drm_nvpm_signal *pick[TOP_MAX_ROWS];
	const struct drm_nvpm_domain *dom = NULL;
	int d, i, n, nr, row, grp, ret;
	__u32 failed;

	for (d = 0; d < (int)t->cat.nr_dom && !dom; d++) {
		if (t->cat.dom[d].caps & NVPM_DOMAIN_CAP_IDLE)
			dom = &t->cat.dom[d];
	}
	if (!dom) {
		if (only)
			fprintf(stderr, "nvpm top: %s has no idle counters (GT215+ only)\n",
				t->chip);
		return !!only;
	}
	nr = top_pick(t, dom, only, pick);
	if (nr < 0)
		return 1;
	for (i = 0; i < nr; i += n) {
		row = t->nr_row;
		grp = t->nr_grp;
		for (n = 0; n < (int)dom->nr_counters && i + n < nr; n++) {
			if (top_add(t, dom->id, pick[i + n]->signal, NVPM_OP_ARG0,
				    pick[i + n]->name, true))
				return 1;
		}
		ret = top_create(t, &failed);
		if (ret == -EBUSY) {
			top_drop(t, row, grp);
			t->missing = nr - i;
			return 0;
		}
		if (ret) {
			top_create_error(t, failed, ret);
			return 1;
		}
	}
	return 0;
}

/* The -e events, one group per domain (as many as its counters). */
static int
top_events(struct top *t, char *list)
{
	struct nvpm_event ev;
	const char *name;
	char *tok, *save = NULL, label[80];
	int ret;

	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		ret = nvpm_event_parse(&t->cat, tok, &ev);
		if (ret) {
			fprintf(stderr, "nvpm top: unknown event '%s'; see 'nvpm list'\n", tok);
			return 1;
		}
		name = nvpm_catalog_signal_name(&t->cat, ev.domain, ev.signal);
		if (ev.logic_op == NVPM_OP_ALWAYS || !name)
			snprintf(label, sizeof(label), "%s", tok);
		else
			snprintf(label, sizeof(label), "%.*s/%s",
				 (int)sizeof(t->cat.dom[ev.domain].name),
				 t->cat.dom[ev.domain].name, name);
		if (top_add(t, ev.domain, ev.signal, ev.logic_op, label, false))
			return 1;
	}
	return 0;
}

/* SAMPLE, then READ every group; 0 or a negative errno. */
static int
top_sample(struct top *t)
{
	int g, ret;

	ret = nvpm_sample(t->dev.fd, NULL);
	for (g = 0; !ret && g < t->nr_grp; g++) {
		t->grp[g].last = t->grp[g].now;
		ret = nvpm_read(t->dev.fd, t->grp[g].handle, &t->grp[g].now);
	}
	if (ret)
		fprintf(stderr, "nvpm top: SAMPLE/READ: %s\n", strerror(-ret));
	return ret;
}

static void
top_bar(char *buf, double share)
{
	int i, n = (int)(share * TOP_BAR + 0.5);

	for (i = 0; i < TOP_BAR; i++)
		buf[i] = i < n ? '#' : '.';
	buf[TOP_BAR] = '\0';
}

static void
top_draw(struct top *t, long n, double elapsed)
{
	unsigned long long count, cycles;
	const struct top_group *g;
	char bar[TOP_BAR + 1];
	bool events = false;
	double share;
	int i;

	if (t->live)
		printf("\033[H\033[2J");
	printf("nvpm top - %s (%s), every %ld ms, refresh %ld at %.2f s%s\n", t->chip,
	       t->dev.path, t->interval_ms, n, elapsed, t->live ? "; q quits" : "");
	for (i = 0; i < t->nr_row; i++) {
		g = &t->grp[t->row[i].group];
		count = g->now.value[t->row[i].ctr] - g->last.value[t->row[i].ctr];
		cycles = g->now.cycles - g->last.cycles;
		share = cycles ? (double)count / cycles : 0;
		if (t->row[i].engine) {
			if (!i)
				printf("%-10s %7s\n", "ENGINE", "BUSY");
			top_bar(bar, share);
			printf("%-10s %6.1f%%  [%s]\n", t->row[i].label, 100 * share, bar);
			continue;
		}
		if (!events)
			printf("%s%-36s %8s %16s\n", i ? "\n" : "", "EVENT", "RATE", "COUNT");
		events = true;
		printf("%-36s %7.2f%% %16llu\n", t->row[i].label, 100 * share, count);
	}
	if (t->missing)
		printf("(%d engine%s not shown: the idle counters are in use)\n", t->missing,
		       t->missing == 1 ? "" : "s");
	if (!t->nr_row)
		printf("(nothing to show)\n");
	if (!t->live)
		printf("\n");
	fflush(stdout);
}

/* Wait until @deadline (CLOCK_MONOTONIC s), a q key (live) or a signal. */
static void
top_wait(struct top *t, double deadline)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	struct timespec ts;
	double now;
	char c;

	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		now = ts.tv_sec + ts.tv_nsec / 1e9;
		if (top_quit || now >= deadline)
			return;
		if (!t->live) {
			ts.tv_sec = (time_t)deadline;
			ts.tv_nsec = (long)((deadline - ts.tv_sec) * 1e9);
			clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
			continue;
		}
		if (poll(&pfd, 1, (int)((deadline - now) * 1000) + 1) > 0) {
			if (read(STDIN_FILENO, &c, 1) != 1 || c == 'q' || c == 'Q')
				top_quit = 1;
		}
	}
}

/* Keys one at a time, not echoed; the settings come back in top_restore(). */
static void
top_raw(struct top *t)
{
	struct termios raw;

	if (tcgetattr(STDIN_FILENO, &t->tio)) {
		t->live = false;
		return;
	}
	raw = t->tio;
	raw.c_lflag &= ~(ICANON | ECHO);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	tcsetattr(STDIN_FILENO, TCSANOW, &raw);
	printf("\033[?25l");	/* no cursor */
}

static void
top_restore(struct top *t)
{
	if (!t->live)
		return;
	tcsetattr(STDIN_FILENO, TCSANOW, &t->tio);
	printf("\033[?25h");
	fflush(stdout);
}

static int
top_run(struct top *t)
{
	struct timespec ts;
	double t0, next;
	long n = 0;
	int ret;

	if (t->live)
		top_raw(t);

	clock_gettime(CLOCK_MONOTONIC, &ts);
	t0 = ts.tv_sec + ts.tv_nsec / 1e9;
	next = t0;
	ret = top_sample(t);
	while (!ret && !top_quit && (!t->count || n < t->count)) {
		next += t->interval_ms / 1000.0;
		top_wait(t, next);
		if (top_quit)
			break;
		ret = top_sample(t);
		if (!ret)
			top_draw(t, ++n, next - t0);
	}
	top_restore(t);
	return ret ? 1 : 0;
}

/**
 * cmd_top() - nvpm top
 * @argc: arguments, "top" first
 * @argv: the arguments
 *
 * Return: the exit status.
 */
int
cmd_top(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "engine", required_argument, NULL, 'E' },
		{ "event", required_argument, NULL, 'e' },
		{ "interval", required_argument, NULL, 'I' },
		{ "count", required_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct top t;
	char *events[16], *engines = NULL;
	struct sigaction sa = { 0 };
	const char *path = NULL;
	int c, i, nr = 0, ret;
	__u32 failed;

	/* from the start: Ctrl-C during the setup ends it cleanly too */
	sa.sa_handler = top_on_signal;	/* no SA_RESTART: poll and sleeps end */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	t.interval_ms = TOP_INTERVAL_MS;
	while ((c = getopt_long(argc, argv, "+d:E:e:I:n:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'E':
			engines = optarg;
			break;
		case 'e':
			if (nr == (int)ARRAY_SIZE(events)) {
				fprintf(stderr, "nvpm top: too many -e options\n");
				return EXIT_USAGE;
			}
			events[nr++] = optarg;
			break;
		case 'I':
			if (top_number("-I", optarg, &t.interval_ms))
				return EXIT_USAGE;
			break;
		case 'n':
			if (top_number("-n", optarg, &t.count))
				return EXIT_USAGE;
			break;
		case 'h':
			top_usage(stdout);
			return 0;
		default:
			top_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		top_usage(stderr);
		return EXIT_USAGE;
	}
	t.live = !t.count && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO);

	if (path) {
		ret = nvpm_dev_open(path, &t.dev);
		if (ret) {
			fprintf(stderr, "nvpm top: %s: %s\n", path,
				ret == -ENODEV ? "not an nvpm device" : strerror(-ret));
			return 1;
		}
	} else {
		struct nvpm_iter it;

		nvpm_iter_init(&it);
		if (nvpm_iter_next(&it, &t.dev) <= 0) {
			fprintf(stderr, "nvpm top: no nvpm device found; is the module loaded?\n");
			return 1;
		}
	}
	ret = nvpm_catalog_load(t.dev.fd, &t.cat);
	if (ret) {
		fprintf(stderr, "nvpm top: %s: %s\n", t.dev.path, strerror(-ret));
		nvpm_dev_close(&t.dev);
		return 1;
	}
	{
		struct drm_nvpm_get_info info;

		if (nvpm_get_info(t.dev.fd, &info))
			snprintf(t.chip, sizeof(t.chip), "?");
		else
			snprintf(t.chip, sizeof(t.chip), "%.*s", (int)sizeof(info.name),
				 info.name);
	}

	ret = top_engines(&t, engines);
	for (i = 0; !ret && i < nr; i++)
		ret = top_events(&t, events[i]);
	if (!ret) {
		ret = top_create(&t, &failed);
		if (ret) {
			top_create_error(&t, failed, ret);
			ret = 1;
		}
	}
	if (!ret && !t.nr_row) {
		fprintf(stderr, "nvpm top: %s has no idle counters (GT215+ only); name\n"
			"  PCOUNTER events with -e (see 'nvpm list')\n", t.chip);
		ret = 1;
	}
	if (!ret)
		ret = top_run(&t);
	nvpm_catalog_free(&t.cat);
	nvpm_dev_close(&t.dev);
	return ret;
}
