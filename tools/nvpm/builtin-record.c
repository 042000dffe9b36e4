// SPDX-License-Identifier: MIT
/*
 * nvpm record: a timeline from hardware record mode (G84:GF100), as CSV or
 * as Chrome trace-event JSON.
 *
 * The CSV: lines starting with '#' describe the recording; then a header
 * "domain,time,cycles,stops,flags,EVENT,..." and one row per STOP
 * interval of a domain: its end (cycles since the start), its length,
 * its STOPs, flags (early, saturated, restart, gap; end: cut short by
 * the end of the recording) and, in the columns
 * of that domain's events, the cycles each event's signal was high.
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
#include <sys/wait.h>
#include <libnvpm_record.h>
#include "builtin.h"

#define REC_MAX_EVENTS	(NVPM_RECORD_MAX_DOMAINS * NVPM_RECORD_SIGNALS)
#define DRAIN_US	20000
/* Row flag of the CSV only: the row RECORD_STOP cut short. */
#define REC_ROW_END	0x100u

/**
 * struct rec_state - one nvpm record run
 * @dev: the device
 * @chip: its name
 * @cat: its domains and signals
 * @spec: the events as given
 * @nr_ev: their number
 * @ev_dom: per event, its index in @doms
 * @ev_slot: per event, its counter in the packets
 * @doms: the session's domains
 * @nr_doms: their number
 * @rec: the session
 * @s: per domain, the decoder
 * @row: per domain, the rows so far
 * @nr_row: per domain, their number
 * @cap_row: per domain, room for rows
 * @lost: packets lost
 */
struct rec_state {
	struct nvpm_dev dev;
	char chip[32];
	struct nvpm_catalog cat;
	char *spec[REC_MAX_EVENTS];
	unsigned int nr_ev;
	unsigned int ev_dom[REC_MAX_EVENTS];
	unsigned int ev_slot[REC_MAX_EVENTS];
	struct drm_nvpm_record_domain doms[NVPM_RECORD_MAX_DOMAINS];
	unsigned int nr_doms;
	struct nvpm_record rec;
	struct nvpm_record_stream s[NVPM_RECORD_MAX_DOMAINS];
	struct nvpm_record_row *row[NVPM_RECORD_MAX_DOMAINS];
	size_t nr_row[NVPM_RECORD_MAX_DOMAINS];
	size_t cap_row[NVPM_RECORD_MAX_DOMAINS];
	unsigned long long lost;
};

/* set by the signal handlers (lock-free atomics are async-signal-safe) */
static atomic_int rec_stop;

static void
rec_on_signal(int sig)
{
	(void)sig;
	rec_stop = 1;
}

static void
record_usage(FILE *f)
{
	fprintf(f,
		"usage: nvpm record -e EVENT[,EVENT...] [-d DEVICE] [--period CYCLES] [--short]\n"
		"                   [-t MS] -o FILE.csv|FILE.json [-- COMMAND [ARGS...]]\n\n"
		"Record hardware counter packets (PCOUNTER record mode, G84:GF100) while\n"
		"COMMAND runs (or for MS milliseconds, or until Ctrl-C) and write the\n"
		"timeline to FILE.csv: one row per period per domain, with the cycles\n"
		"each event's signal was high; or, for FILE.json, a Chrome trace-event JSON\n"
		"(ui.perfetto.dev, chrome://tracing) with one counter track per event.\n\n"
		"  -e, --event EVENT,...  DOMAIN/NAME or DOMAIN/0xNN, up to 12 per domain\n"
		"                         (4 with --short)\n"
		"  -d, --device DEVICE    a render node (default: the first nvpm device)\n"
		"  --period CYCLES  one row every CYCLES of the domain's clock: 1024, 2048,\n"
		"                   ..., 65536 (default 1024)\n"
		"  --short          16-byte packets (4 events per domain)\n"
		"  -t, --time MS    stop after MS milliseconds\n"
		"  -o, --output FILE  where the timeline goes (.json: trace events)\n"
		"  -h, --help       this help\n");
}

static int
rec_period_arg(const char *s)
{
	char *end;
	long v = strtol(s, &end, 0);
	int n;

	if (*end)
		return -1;
	for (n = 1; n <= 7; n++) {
		if (v == 0x200l << n)
			return n;
	}
	return -1;
}

static int
rec_add_event(struct rec_state *st, char *spec, bool shrt)
{
	unsigned int max = shrt ? NVPM_RECORD_SHORT_SIGNALS : NVPM_RECORD_SIGNALS;
	const char *slash = strchr(spec, '/');
	struct nvpm_event ev;
	unsigned int d;
	int ret;

	if (st->nr_ev == REC_MAX_EVENTS) {
		fprintf(stderr, "nvpm record: too many events\n");
		return -1;
	}
	if (slash && !strcmp(slash + 1, NVPM_EVENT_ALWAYS)) {
		fprintf(stderr, "nvpm record: '%s': every row has its cycles already\n", spec);
		return -1;
	}
	ret = nvpm_event_parse(&st->cat, spec, &ev);
	if (ret) {
		if (ret == NVPM_EVENT_NO_SIGNAL || ret == NVPM_EVENT_NO_DOMAIN)
			fprintf(stderr, "nvpm record: unknown event '%s' on %s; see 'nvpm list'\n",
				spec, st->chip);
		else
			fprintf(stderr, "nvpm record: bad event '%s': %s\n", spec, strerror(-ret));
		return -1;
	}
	for (d = 0; d < st->nr_doms && st->doms[d].domain != ev.domain; d++)
		;
	if (d == st->nr_doms) {
		memset(&st->doms[d], 0, sizeof(st->doms[d]));
		st->doms[d].domain = ev.domain;
		st->nr_doms++;
	}
	if (st->doms[d].nr_signals == max) {
		fprintf(stderr, "nvpm record: more than %u events on %s\n", max,
			st->cat.dom[ev.domain].name);
		return -1;
	}
	st->ev_dom[st->nr_ev] = d;
	st->ev_slot[st->nr_ev] = st->doms[d].nr_signals;
	st->doms[d].signal[st->doms[d].nr_signals++] = ev.signal;
	st->spec[st->nr_ev++] = spec;
	return 0;
}

static int
rec_rows(void *priv, unsigned int d, const void *pkts, size_t n, __u64 lost)
{
	struct rec_state *st = priv;

	st->lost += lost;
	if (lost)
		nvpm_record_stream_gap(&st->s[d]);
	if (st->nr_row[d] + n + 1 > st->cap_row[d]) {
		size_t cap = (st->nr_row[d] + n + 1) * 2;
		void *row = realloc(st->row[d], cap * sizeof(*st->row[d]));

		if (!row)
			return -ENOMEM;
		st->row[d] = row;
		st->cap_row[d] = cap;
	}
	st->nr_row[d] += nvpm_record_decode(&st->s[d], pkts, n, st->row[d] + st->nr_row[d]);
	return 0;
}

static const char *
rec_flags_str(__u32 flags, char *buf, size_t len)
{
	static const struct {
		__u32 bit;
		const char *name;
	} names[] = {
		{ NVPM_ROW_EARLY, "early" }, { NVPM_ROW_SATURATED, "saturated" },
		{ NVPM_ROW_RESTART, "restart" }, { NVPM_ROW_GAP, "gap" }, { REC_ROW_END, "end" },
	};
	size_t at = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (flags & names[i].bit)
			at += snprintf(buf + at, len - at, "%s%s", at ? "|" : "", names[i].name);
	}
	return buf;
}

static int
rec_write_csv(struct rec_state *st, const char *path, unsigned int period, double secs)
{
	FILE *f = fopen(path, "w");
	unsigned int d, e;
	size_t i;
	char fl[48];

	if (!f) {
		fprintf(stderr, "nvpm record: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "# nvpm record: %s (%s), %.3f s, period %u cycles, %u-byte packets\n",
		st->chip, st->dev.path, secs, period, st->rec.packet_size);
	for (d = 0; d < st->nr_doms; d++)
		fprintf(f, "# %s: %llu packets, %llu lost, %u re-arms, %u gaps%s\n",
			st->cat.dom[st->doms[d].domain].name,
			(unsigned long long)st->rec.st[d].written,
			(unsigned long long)st->rec.lost[d], st->rec.st[d].rearms,
			st->rec.st[d].gaps,
			st->rec.st[d].flags & NVPM_RECORD_FAULT ? ", WEDGED by a VM fault" : "");
	fprintf(f, "domain,time,cycles,stops,flags");
	for (e = 0; e < st->nr_ev; e++)
		fprintf(f, ",%s", st->spec[e]);
	fprintf(f, "\n");
	for (d = 0; d < st->nr_doms; d++) {
		for (i = 0; i < st->nr_row[d]; i++) {
			const struct nvpm_record_row *r = &st->row[d][i];

			fprintf(f, "%s,%llu,%llu,%u,%s", st->cat.dom[st->doms[d].domain].name,
				(unsigned long long)r->time, (unsigned long long)r->cycles,
				r->stops, rec_flags_str(r->flags, fl, sizeof(fl)));
			for (e = 0; e < st->nr_ev; e++) {
				if (st->ev_dom[e] == d)
					fprintf(f, ",%llu",
						(unsigned long long)r->value[st->ev_slot[e]]);
				else
					fprintf(f, ",");
			}
			fprintf(f, "\n");
		}
	}
	if (fclose(f)) {
		fprintf(stderr, "nvpm record: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void
rec_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

/*
 * The timeline as Chrome trace-event JSON, which ui.perfetto.dev and
 * chrome://tracing open: the device is a process, each event a counter
 * track ("ph": "C") with one point per row at the row's end and the cycles
 * its signal was high in the row.  Row times are domain clock cycles; the
 * domain's clock is taken to have run evenly over the recording (its last
 * row's time over the wall time recorded), which gives each point a time
 * in ns: "ts" is in microseconds, as the format wants, to the ns.
 */
static int
rec_write_trace(struct rec_state *st, const char *path, unsigned int period, double secs)
{
	FILE *f = fopen(path, "w");
	const struct nvpm_record_row *r;
	unsigned int d, e;
	double ns_per_cycle;
	char proc[sizeof(st->chip) + sizeof(st->dev.path) + 4];
	size_t i;

	if (!f) {
		fprintf(stderr, "nvpm record: %s: %s\n", path, strerror(errno));
		return -1;
	}
	snprintf(proc, sizeof(proc), "%s (%s)", st->chip, st->dev.path);
	fprintf(f, "{\"displayTimeUnit\":\"ns\",");
	fprintf(f, "\"otherData\":{\"tool\":\"nvpm record\",");
	fprintf(f, "\"period_cycles\":%u,\"seconds\":%.6f},\n", period, secs);
	fprintf(f, "\"traceEvents\":[\n");
	fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,");
	fprintf(f, "\"args\":{\"name\":");
	rec_json_str(f, proc);
	fprintf(f, "}}");
	for (d = 0; d < st->nr_doms; d++) {
		if (!st->nr_row[d] || !st->row[d][st->nr_row[d] - 1].time)
			continue;
		ns_per_cycle = secs * 1e9 / st->row[d][st->nr_row[d] - 1].time;
		for (i = 0; i < st->nr_row[d]; i++) {
			r = &st->row[d][i];
			for (e = 0; e < st->nr_ev; e++) {
				if (st->ev_dom[e] != d)
					continue;
				fprintf(f, ",\n{\"name\":");
				rec_json_str(f, st->spec[e]);
				fprintf(f, ",\"ph\":\"C\",\"pid\":1,\"tid\":%u,", d + 1);
				fprintf(f, "\"ts\":%.3f,",
					(double)(uint64_t)(r->time * ns_per_cycle + 0.5) / 1e3);
				fprintf(f, "\"args\":{\"cycles\":%llu}}",
					(unsigned long long)r->value[st->ev_slot[e]]);
			}
		}
	}
	fprintf(f, "\n]}\n");
	if (fclose(f)) {
		fprintf(stderr, "nvpm record: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* -o FILE.json writes the trace, anything else the CSV. */
static bool
rec_out_is_trace(const char *path)
{
	size_t n = strlen(path);

	return n > 5 && !strcmp(path + n - 5, ".json");
}

static int
rec_open_dev(const char *path, struct nvpm_dev *dev)
{
	struct nvpm_iter it;
	int ret;

	if (path) {
		ret = nvpm_dev_open(path, dev);
		if (ret)
			fprintf(stderr, "nvpm record: %s: %s\n", path,
				ret == -ENODEV ? "not an nvpm device" : strerror(-ret));
		return ret ? -1 : 0;
	}
	nvpm_iter_init(&it);
	if (nvpm_iter_next(&it, dev) > 0)
		return 0;
	fprintf(stderr, "nvpm record: no nvpm device found; is the module loaded?\n");
	return -1;
}

static pid_t
rec_spawn(char **cmd)
{
	pid_t pid = fork();

	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		execvp(cmd[0], cmd);
		fprintf(stderr, "nvpm record: %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	if (pid < 0)
		perror("nvpm record: fork");
	return pid;
}

static int
rec_run(struct rec_state *st, char **cmd, long ms, int *code)
{
	double t0 = now_s();
	pid_t pid = -1;
	int ret, status;

	if (cmd && *cmd) {
		pid = rec_spawn(cmd);
		if (pid < 0)
			return -1;
	}
	signal(SIGINT, rec_on_signal);
	signal(SIGTERM, rec_on_signal);
	while (!rec_stop) {
		usleep(DRAIN_US);
		ret = nvpm_record_drain(&st->rec, 0, rec_rows, st);
		if (ret && ret != -EIO) {
			fprintf(stderr, "nvpm record: %s\n", strerror(-ret));
			break;
		}
		if (pid > 0 && waitpid(pid, &status, WNOHANG) == pid) {
			*code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
			pid = -1;
			break;
		}
		if (ms > 0 && now_s() - t0 >= ms / 1000.0)
			break;
	}
	if (pid > 0) {
		kill(pid, SIGTERM);
		waitpid(pid, &status, 0);
	}
	return 0;
}

int
cmd_record(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "period", required_argument, NULL, 'p' },
		{ "short", no_argument, NULL, 's' },
		{ "event", required_argument, NULL, 'e' },
		{ "device", required_argument, NULL, 'd' },
		{ "output", required_argument, NULL, 'o' },
		{ "time", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct rec_state *st = calloc(1, sizeof(*st));
	const char *path = NULL, *out = NULL;
	char *events = NULL, *tok, *save;
	int c, ret = 1, code = 0, period = 1;
	unsigned int d;
	long ms = 0;
	bool shrt = false;
	double t0;

	if (!st)
		return 1;
	while ((c = getopt_long(argc, argv, "+e:d:o:t:h", opts, NULL)) != -1) {
		switch (c) {
		case 'e':
			events = optarg;
			break;
		case 'd':
			path = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 't':
			ms = atol(optarg);
			if (ms <= 0) {
				fprintf(stderr, "nvpm record: -t wants milliseconds\n");
				return EXIT_USAGE;
			}
			break;
		case 'p':
			period = rec_period_arg(optarg);
			if (period < 0) {
				fprintf(stderr, "nvpm record: --period is one of %s\n",
					"1024, 2048, 4096, 8192, 16384, 32768, 65536");
				return EXIT_USAGE;
			}
			break;
		case 's':
			shrt = true;
			break;
		case 'h':
			record_usage(stdout);
			return 0;
		default:
			record_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (!events || !out) {
		record_usage(stderr);
		return EXIT_USAGE;
	}
	if (rec_open_dev(path, &st->dev)) {
		free(st);
		return 1;
	}
	if (nvpm_catalog_load(st->dev.fd, &st->cat)) {
		fprintf(stderr, "nvpm record: %s: cannot list its domains\n", st->dev.path);
		goto out_dev;
	}
	{
		struct drm_nvpm_get_info info;

		if (nvpm_get_info(st->dev.fd, &info) == 0)
			snprintf(st->chip, sizeof(st->chip), "%.*s", (int)sizeof(info.name),
				 info.name);
		if (!(info.hw_caps & NVPM_HW_CAP_RECORD)) {
			fprintf(stderr, "nvpm record: %s has no record mode (G84:GF100 have)\n",
				st->chip);
			goto out_cat;
		}
	}
	for (tok = strtok_r(events, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (rec_add_event(st, tok, shrt))
			goto out_cat;
	}
	for (d = 0; d < st->nr_doms; d++) {
		st->doms[d].stop = NVPM_RECORD_STOP_PERIODIC;
		st->doms[d].stop_arg = period;
	}
	ret = nvpm_record_open(st->dev.fd, st->doms, st->nr_doms, shrt ? NVPM_RECORD_SHORT : 0,
			       0, &st->rec);
	if (ret) {
		const char *why = "";

		if (ret == -EPERM)
			why = " (needs CAP_PERFMON, or the module parameter unprivileged=1)";
		else if (ret == -EBUSY)
			why = " (a domain is in use)";
		else if (ret == -EIO)
			why = " (a domain is wedged until the GPU is reset)";
		fprintf(stderr, "nvpm record: cannot start recording on %s: %s%s\n", st->chip,
			strerror(-ret), why);
		ret = 1;
		goto out_cat;
	}
	for (d = 0; d < st->nr_doms; d++)
		nvpm_record_stream_init(&st->s[d], st->rec.packet_size, st->doms[d].nr_signals, 1);
	t0 = now_s();
	rec_run(st, argv + optind, ms, &code);
	ret = nvpm_record_close(&st->rec, rec_rows, st);
	for (d = 0; d < st->nr_doms; d++) {
		st->nr_row[d] += nvpm_record_flush(&st->s[d], st->row[d] + st->nr_row[d]);
		if (st->nr_row[d])
			st->row[d][st->nr_row[d] - 1].flags |= REC_ROW_END;
	}
	if (ret == -EIO)
		fprintf(stderr, "nvpm record: a domain is wedged (VM fault); see dmesg\n");
	else if (ret)
		fprintf(stderr, "nvpm record: %s\n", strerror(-ret));
	if (rec_out_is_trace(out))
		ret = rec_write_trace(st, out, 0x200u << period, now_s() - t0) ? 1 : code;
	else
		ret = rec_write_csv(st, out, 0x200u << period, now_s() - t0) ? 1 : code;
	if (!ret || ret == code) {
		unsigned long long rows = 0;

		for (d = 0; d < st->nr_doms; d++)
			rows += st->nr_row[d];
		fprintf(stderr, "nvpm record: %llu rows of %u events on %u domains", rows,
			st->nr_ev, st->nr_doms);
		fprintf(stderr, " in %.3f s, %llu packets lost -> %s\n", now_s() - t0,
			st->lost, out);
	}
	for (d = 0; d < st->nr_doms; d++)
		free(st->row[d]);
out_cat:
	nvpm_catalog_free(&st->cat);
out_dev:
	nvpm_dev_close(&st->dev);
	free(st);
	return ret;
}
