// SPDX-License-Identifier: MIT
/*
 * nvpm: command line front end of the nvpm performance counter driver.
 *
 *   nvpm info		what GET_INFO reports for every nvpm device
 *   nvpm list		the domains and named signals of every device
 *   nvpm stat		count signals while a command runs, like perf stat
 *   nvpm bench		the cost of the counter ioctls and software methods
 *   nvpm top		a live view of engine busy shares and counters (top.c)
 *   nvpm record	record a timeline with hardware record mode (record.c)
 *   nvpm plot		draw a recorded timeline as SVG (record.c)
 *   nvpm hud		frames sampled by software methods, read from the ring
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <getopt.h>
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
#include <libnvpm.h>
#include "record.h"

#define EXIT_USAGE	2
#define MAX_EVENTS	32
#define MAX_GROUPS	8
/* While groups take turns on a domain, nvpm stat moves them on this often. */
#define STAT_MUX_MS	10

struct nvpm_cmd {
	const char *name;
	const char *args;
	const char *help;
	int (*run)(int argc, char **argv);
};

/* ---- helpers shared by the commands ---- */

/* @v with thousands separators, in @buf. */
static const char *
fmt_count(char *buf, size_t len, unsigned long long v)
{
	char digits[32];
	size_t o = 0;
	int n, i;

	n = snprintf(digits, sizeof(digits), "%llu", v);
	for (i = 0; i < n && o + 2 < len; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
	return buf;
}

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Open @path, or the first nvpm device if @path is NULL; 0 or 1 (after
 * printing why) on failure.
 */
static int
open_dev(const char *cmd, const char *path, struct nvpm_dev *dev)
{
	struct nvpm_iter it;
	int ret;

	if (path) {
		ret = nvpm_dev_open(path, dev);
		if (!ret)
			return 0;
		if (ret == -ENODEV)
			fprintf(stderr, "nvpm %s: %s is not an nvpm device\n", cmd, path);
		else
			fprintf(stderr, "nvpm %s: %s: %s\n", cmd, path, strerror(-ret));
		return 1;
	}
	nvpm_iter_init(&it);
	if (nvpm_iter_next(&it, dev) > 0)
		return 0;
	fprintf(stderr, "nvpm %s: no nvpm device found; is the module loaded?\n", cmd);
	if (it.err)
		fprintf(stderr, "nvpm %s: note: some render nodes could not be opened: %s\n",
			cmd, strerror(-it.err));
	return 1;
}

/* The chip name of a device for messages, "?" if GET_INFO fails. */
static void
chip_name(const struct nvpm_dev *dev, char *buf, size_t len)
{
	struct drm_nvpm_get_info info;

	if (nvpm_get_info(dev->fd, &info))
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%.*s", (int)sizeof(info.name), info.name);
}

/* Explain a failed PERFDOM_CREATE on @dom of @chip. */
static void
create_error(const char *cmd, const char *chip, const struct drm_nvpm_domain *dom,
	     int err)
{
	int len = sizeof(dom->name);

	switch (err) {
	case -EPERM:
	case -EACCES:
		fprintf(stderr, "nvpm %s: not allowed to create counter groups: they need\n"
			"  CAP_PERFMON (or root), or the module parameter unprivileged=1:\n"
			"  echo 1 > /sys/module/nvpm/parameters/unprivileged\n", cmd);
		break;
	case -EBUSY:
		fprintf(stderr, "nvpm %s: domain %.*s is busy: another counter group (of this\n"
			"  or another program) holds it\n", cmd, len, dom->name);
		break;
	case -EOPNOTSUPP:
		fprintf(stderr, "nvpm %s: counter groups are not supported on %s yet\n"
			"  (its domains can be listed, not counted)\n", cmd, chip);
		break;
	default:
		fprintf(stderr, "nvpm %s: creating a counter group on %.*s: %s\n",
			cmd, len, dom->name, strerror(-err));
		break;
	}
}

/* ---- nvpm info ---- */

/* Print one device's GET_INFO; 0 or a negative errno. */
static int
info_print(const struct nvpm_dev *dev)
{
	struct drm_nvpm_get_info info;
	const char *family;
	char caps[256];
	int ret;

	ret = nvpm_get_info(dev->fd, &info);
	if (ret) {
		fprintf(stderr, "nvpm: %s: GET_INFO failed: %s\n",
			dev->path, strerror(-ret));
		return ret;
	}
	family = nvpm_card_type_name(info.card_type);
	nvpm_hw_caps_str(info.hw_caps, caps, sizeof(caps));

	printf("%s: %.*s (chipset 0x%03x, ", dev->path,
	       (int)sizeof(info.name), info.name, info.chipset);
	if (family)
		printf("%s family)", family);
	else
		printf("unknown card type 0x%02x)", info.card_type);
	printf("%s\n", info.flags & NVPM_INFO_SIMULATED ? ", simulated" : "");
	printf("  PMC_BOOT_0 0x%08x, uapi version %u\n", info.boot0, info.version);
	printf("  hardware: %s\n", caps);
	return 0;
}

static int
cmd_info(int argc, char **argv)
{
	struct nvpm_iter it;
	struct nvpm_dev dev;
	int found = 0, failed = 0;

	if (argc > 1) {
		fprintf(stderr, "nvpm info: unexpected argument '%s'\n", argv[1]);
		return EXIT_USAGE;
	}
	nvpm_for_each_dev(&it, &dev) {
		found++;
		if (info_print(&dev))
			failed++;
	}
	if (!found) {
		fprintf(stderr, "nvpm: no nvpm device found (%s)\n",
			"no nvpm render node in /dev/dri; is the module loaded?");
		if (it.err)
			fprintf(stderr, "nvpm: note: some render nodes could not be opened: %s\n",
				strerror(-it.err));
		return 1;
	}
	return failed ? 1 : 0;
}

/* ---- nvpm list ---- */

/* A signal's sources, as "  [name 0..max, ...]". */
static void
list_sources(int fd, unsigned int d, unsigned int signal)
{
	struct drm_nvpm_source *src;
	unsigned int i, n;

	if (nvpm_query_sources(fd, d, signal, &src, &n) || !n)
		return;
	printf("  [");
	for (i = 0; i < n; i++)
		printf("%s%.*s 0..%u", i ? ", " : "", (int)sizeof(src[i].name), src[i].name,
		       src[i].mask);
	printf("]");
	free(src);
}

static void
list_domain(int fd, const struct nvpm_catalog *cat, unsigned int d)
{
	const struct drm_nvpm_domain *dom = &cat->dom[d];
	const struct drm_nvpm_signal *sig;
	char caps[128], ctrs[48];
	unsigned int i;

	nvpm_domain_caps_str(dom->caps, caps, sizeof(caps));
	if (dom->nr_counters)
		snprintf(ctrs, sizeof(ctrs), "%u counter%s", dom->nr_counters,
			 dom->nr_counters == 1 ? "" : "s");
	else
		snprintf(ctrs, sizeof(ctrs), "no counter groups yet");
	printf("%.*s (%.*s clock, %u signals, %s, %s)\n",
	       (int)sizeof(dom->name), dom->name, (int)sizeof(dom->clock),
	       dom->clock, dom->nr_signals, ctrs, caps);
	for (i = 0; i < cat->nr_sig[d]; i++) {
		sig = &cat->sig[d][i];
		printf("  0x%02x %.*s", sig->signal, (int)sizeof(sig->name), sig->name);
		if (sig->nr_sources)
			list_sources(fd, d, sig->signal);
		printf("\n");
	}
}

/* List @dev's domains (all, or the one named @only); 1 if it was found. */
static int
list_dev(const struct nvpm_dev *dev, const char *only)
{
	struct nvpm_catalog cat;
	char name[32];
	unsigned int d;
	int ret, shown = 0;

	ret = nvpm_catalog_load(dev->fd, &cat);
	if (ret) {
		fprintf(stderr, "nvpm list: %s: %s\n", dev->path, strerror(-ret));
		return -1;
	}
	chip_name(dev, name, sizeof(name));
	for (d = 0; d < cat.nr_dom; d++) {
		if (only && strncmp(cat.dom[d].name, only, sizeof(cat.dom[d].name)))
			continue;
		if (!shown++)
			printf("%s: %s, %u domain%s\n", dev->path, name, cat.nr_dom,
			       cat.nr_dom == 1 ? "" : "s");
		list_domain(dev->fd, &cat, d);
	}
	if (!only && !cat.nr_dom)
		printf("%s: %s, no domains\n", dev->path, name);
	nvpm_catalog_free(&cat);
	return shown || !only;
}

static void
list_usage(FILE *f)
{
	fprintf(f, "usage: nvpm list [-d DEVICE] [DOMAIN]\n"
		"  every domain of every nvpm device (or DEVICE) and its named signals;\n"
		"  events for nvpm stat are DOMAIN/NAME, DOMAIN/0xNN (any signal by\n"
		"  number) and DOMAIN/always (every cycle of the domain)\n");
}

static int
cmd_list(int argc, char **argv)
{
	const char *path = NULL, *only = NULL;
	struct nvpm_iter it;
	struct nvpm_dev dev;
	int c, found = 0, failed = 0, ret;

	while ((c = getopt(argc, argv, "+d:h")) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'h':
			list_usage(stdout);
			return 0;
		default:
			list_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc)
		only = argv[optind++];
	if (optind < argc) {
		list_usage(stderr);
		return EXIT_USAGE;
	}

	if (path) {
		if (open_dev("list", path, &dev))
			return 1;
		ret = list_dev(&dev, only);
		nvpm_dev_close(&dev);
		found = ret > 0;
		failed = ret < 0;
	} else {
		nvpm_for_each_dev(&it, &dev) {
			ret = list_dev(&dev, only);
			found += ret > 0;
			failed += ret < 0;
		}
		if (!found && !failed && !only) {
			fprintf(stderr, "nvpm list: no nvpm device found; is the module loaded?\n");
			return 1;
		}
	}
	if (only && !found && !failed) {
		fprintf(stderr, "nvpm list: no domain '%s'; 'nvpm list' shows them all\n", only);
		return 1;
	}
	return failed ? 1 : 0;
}

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
 * @handle: from PERFDOM_CREATE
 * @last: totals at the previous print
 * @src: source settings of its events
 * @nr_src: entries in @src
 */
struct stat_group {
	__u32 domain;
	unsigned int nr;
	__u32 handle;
	struct drm_nvpm_read last;
	struct drm_nvpm_source_value src[NVPM_PERFDOM_MAX_SOURCES];
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
	fprintf(f, "usage: nvpm stat -e EVENT[,EVENT...] [-d DEVICE] [-I MS [-n COUNT]]\n"
		"                 [-- COMMAND [ARGS...]]\n"
		"  count EVENTs (DOMAIN/NAME, DOMAIN/0xNN or DOMAIN/always, each\n"
		"  optionally followed by :SOURCE=VALUE settings; see 'nvpm list')\n"
		"  while COMMAND runs, or until Ctrl-C; with -I print\n"
		"  the counts every MS milliseconds, COUNT times at most.  More events\n"
		"  on a domain than it has counters take turns (every %d ms); their\n"
		"  counts are scaled up by the share of the time each was counted,\n"
		"  which is printed after them, like perf stat's multiplexed events.\n",
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
	if (n == grp->nr_src && n == NVPM_PERFDOM_MAX_SOURCES) {
		fprintf(stderr, "nvpm stat: more than %d source settings on a domain\n",
			NVPM_PERFDOM_MAX_SOURCES);
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
		struct drm_nvpm_perfdom_create a = {
			.domain = st->grp[g].domain,
			.mode = NVPM_MODE_QUAD,
			.nr_counters = st->grp[g].nr,
			.nr_sources = st->grp[g].nr_src,
			.sources = (uintptr_t)st->grp[g].src,
		};

		memcpy(a.counter, ctr[g], sizeof(a.counter));
		ret = nvpm_perfdom_create(st->dev.fd, &a);
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

static void
stat_print_interval(struct stat_state *st, const struct drm_nvpm_read *now, double t)
{
	unsigned long long count, cycles;
	char c1[32], c2[32], rate[16], sh[16];
	double share;
	int i;

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
	if (!n)
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

/* Parse a positive number option of @cmd; 0 or 1 after printing why not. */
static int
parse_long(const char *cmd, const char *opt, const char *arg, long *val)
{
	char *end;

	errno = 0;
	*val = strtol(arg, &end, 10);
	if (errno || *end || *val <= 0 || *val > 1000000000L) {
		fprintf(stderr, "nvpm %s: %s: bad value '%s'\n", cmd, opt, arg);
		return 1;
	}
	return 0;
}

/* Parse the options; the -e lists are collected in @events. */
static int
stat_parse(struct stat_state *st, int argc, char **argv, char **events, int *nr,
	   const char **path)
{
	int c;

	while ((c = getopt(argc, argv, "+e:d:I:n:h")) != -1) {
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

static int
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

/* ---- nvpm hud ---- */

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
		"  and the frame's GPU time (PTIMER)\n", HUD_FRAMES, HUD_IN_FLIGHT, HUD_EVENTS);
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
	ret = nvpm_perfdom_quad(h->dev.fd, h->ev[0].domain, ctr, h->nr_ev, &h->grp);
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
			       NVPM_SW_COUNTER_PERFDOM(h->grp, i));
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

static int
cmd_hud(int argc, char **argv)
{
	static struct hud h = { .frames = HUD_FRAMES, .in_flight = HUD_IN_FLIGHT };
	char events[256] = HUD_EVENTS;
	const char *path = NULL;
	int c, ret;

	while ((c = getopt(argc, argv, "+d:e:n:f:h")) != -1) {
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

/* ---- nvpm bench ---- */

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
		ret = nvpm_perfdom_quad(b->fd, cat->dom[*have].id, &ctr, 1, &handle);
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
	ret = bench_row(b, "DRM_IOCTL_VERSION", bench_version, &base) ||
	      bench_row(b, "NVPM_GET_INFO", bench_get_info, &base) ||
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

/* /sys/kernel/debug/dri/<minor>/nvpm_fifo */
static int
bench_sw_read(const struct nvpm_dev *dev, struct bench_sw *st)
{
	char path[96], name[32];
	unsigned long long c, ns, mmio, max;
	FILE *f;
	int i;

	memset(st, 0, sizeof(*st));
	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%d/nvpm_fifo", dev->minor);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	if (fscanf(f, "interrupts %llu hardirq %*u ns %llu %*[^\n]\n", &st->intr,
		   &st->intr_ns) != 2) {
		fclose(f);
		return -EINVAL;
	}
	fscanf(f, "%*[^\n]\n");
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
	ret = nvpm_perfdom_quad(b->fd, cat->dom[cat->nr_dom - 1].id, ctr, 3, &grp);
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
			       NVPM_SW_COUNTER_PERFDOM(grp, i));
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
	fprintf(f, "usage: nvpm bench [-d DEVICE] [-n ITERATIONS]\n"
		"  time DRM_IOCTL_VERSION, GET_INFO, READ and SAMPLE (no, 1 and 4 counter\n"
		"  groups), best of %d rounds of ITERATIONS (default %d) calls each;\n"
		"  then software methods (the kernel's time in them, from debugfs) and\n"
		"  %d frames sampled in the command stream against %d of one empty method\n",
		BENCH_ROUNDS, BENCH_ITERS, BENCH_FRAMES, BENCH_FRAMES);
}

static int
cmd_bench(int argc, char **argv)
{
	struct bench b = { .iters = BENCH_ITERS };
	struct nvpm_catalog cat;
	const char *path = NULL;
	struct nvpm_dev dev;
	int c, ret;

	while ((c = getopt(argc, argv, "+d:n:h")) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'n':
			if (parse_long("bench", "-n", optarg, &b.iters))
				return EXIT_USAGE;
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
	ret = bench_run(&b, &cat);
	/* software methods on the last domain, before the file is reopened */
	if (!ret)
		ret = bench_sw(&b, &dev, &cat);
	if (!ret) {
		/* closing the file frees its groups: record mode needs core_a */
		char node[sizeof(dev.path)];

		memcpy(node, dev.path, sizeof(node));
		nvpm_dev_close(&dev);
		ret = open_dev("bench", node, &dev) || bench_record(dev.fd, &cat);
	}
	nvpm_catalog_free(&cat);
	nvpm_dev_close(&dev);
	return ret;
}

/* ---- main ---- */

int cmd_top(int argc, char **argv);	/* top.c */

static const struct nvpm_cmd nvpm_cmds[] = {
	{ "info", "", "show what every nvpm device reports (GET_INFO)", cmd_info },
	{ "list", "[DOMAIN]", "list domains and their named signals", cmd_list },
	{ "stat", "-e EVENT,...", "count events while a command runs", cmd_stat },
	{ "bench", "", "time the counter ioctls and software methods", cmd_bench },
	{ "hud", "", "sample frames in the command stream, like mesa's HUD", cmd_hud },
	{ "top", "", "live view of engine busy shares and counters", cmd_top },
	{ "record", "-e EVENT,... -o CSV", "record a timeline (hardware record mode)", cmd_record },
	{ "plot", "CSV -o SVG", "draw a recorded timeline", cmd_plot },
};

#define NVPM_NR_CMDS	ARRAY_SIZE(nvpm_cmds)

static void
print_usage(FILE *f)
{
	const struct nvpm_cmd *cmd;
	char synopsis[64];

	fprintf(f, "usage: nvpm <command> [<args>]\n\ncommands:\n");
	for (cmd = nvpm_cmds; cmd < nvpm_cmds + NVPM_NR_CMDS; cmd++) {
		snprintf(synopsis, sizeof(synopsis), "%s%s%s", cmd->name,
			 *cmd->args ? " " : "", cmd->args);
		fprintf(f, "  %-16s %s\n", synopsis, cmd->help);
	}
	fprintf(f, "  %-16s %s\n", "help", "show this help");
	fprintf(f, "\n'nvpm <command> -h' shows a command's options.\n");
}

static int
is_help(const char *arg)
{
	return !strcmp(arg, "help") || !strcmp(arg, "--help") ||
	       !strcmp(arg, "-h");
}

int
main(int argc, char **argv)
{
	const struct nvpm_cmd *cmd;

	if (argc < 2) {
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (is_help(argv[1])) {
		print_usage(stdout);
		return 0;
	}
	for (cmd = nvpm_cmds; cmd < nvpm_cmds + NVPM_NR_CMDS; cmd++) {
		if (!strcmp(argv[1], cmd->name))
			return cmd->run(argc - 1, argv + 1);
	}
	fprintf(stderr, "nvpm: unknown command '%s'\n\n", argv[1]);
	print_usage(stderr);
	return EXIT_USAGE;
}
