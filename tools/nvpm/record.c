// SPDX-License-Identifier: MIT
/*
 * nvpm record: hardware record mode into a CSV timeline.
 * nvpm plot: a CSV timeline into an SVG picture.
 * bench_record(): the packet rate and the decoder's speed for nvpm bench.
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
#include "record.h"

#define EXIT_USAGE	2
#define MAX_EVENTS	(NVPM_RECORD_MAX_DOMAINS * NVPM_RECORD_SIGNALS)
#define DRAIN_US	20000
/* Row flag of the CSV only: the row RECORD_STOP cut short. */
#define REC_ROW_END	0x100u

static double
mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- nvpm record ---------------------------------------------------- */

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
	char *spec[MAX_EVENTS];
	unsigned int nr_ev;
	unsigned int ev_dom[MAX_EVENTS];
	unsigned int ev_slot[MAX_EVENTS];
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
		"  -e EVENT,...     DOMAIN/NAME or DOMAIN/0xNN, up to 12 per domain (4 with --short)\n"
		"  -d DEVICE        a render node (default: the first nvpm device)\n"
		"  --period CYCLES  one row every CYCLES of the domain's clock: 1024, 2048,\n"
		"                   ..., 65536 (default 1024)\n"
		"  --short          16-byte packets (4 events per domain)\n"
		"  -t MS            stop after MS milliseconds\n"
		"  -o, --output FILE  where the timeline goes (.json: trace events)\n");
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

	if (st->nr_ev == MAX_EVENTS) {
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
	fprintf(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"nvpm record\","
		"\"period_cycles\":%u,\"seconds\":%.6f},\n\"traceEvents\":[\n", period, secs);
	fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,"
		"\"args\":{\"name\":");
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
				fprintf(f, ",\"ph\":\"C\",\"pid\":1,\"tid\":%u,\"ts\":%.3f,"
					"\"args\":{\"cycles\":%llu}}", d + 1,
					(double)(uint64_t)(r->time * ns_per_cycle + 0.5) / 1e3,
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
	double t0 = mono_s();
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
		if (ms > 0 && mono_s() - t0 >= ms / 1000.0)
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
	t0 = mono_s();
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
		ret = rec_write_trace(st, out, 0x200u << period, mono_s() - t0) ? 1 : code;
	else
		ret = rec_write_csv(st, out, 0x200u << period, mono_s() - t0) ? 1 : code;
	if (!ret || ret == code) {
		unsigned long long rows = 0;

		for (d = 0; d < st->nr_doms; d++)
			rows += st->nr_row[d];
		fprintf(stderr, "nvpm record: %llu rows of %u events on %u domains", rows,
			st->nr_ev, st->nr_doms);
		fprintf(stderr, " in %.3f s, %llu packets lost -> %s\n", mono_s() - t0,
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

/* ---- nvpm plot ------------------------------------------------------ */

#define PLOT_W		960
#define PLOT_LEFT	72
#define PLOT_RIGHT	24
#define PLOT_TOP	76
#define PLOT_PANEL	120
#define PLOT_GAP	44
#define PLOT_BOTTOM	48

static const char * const plot_colors[] = {
	"#2b6cb0", "#c05621", "#2f855a", "#9b2c2c", "#6b46c1", "#b7791f",
	"#2c7a7b", "#97266d",
};

/**
 * struct plot_series - one event of the CSV
 * @name: its column name
 * @n: points
 * @time: per point, the end of its interval (cycles)
 * @pct: per point, % of the interval's cycles the signal was high
 * @brk: per point, the line breaks before it (gap, restart)
 * @sum: counts in all
 * @cycles: cycles in all
 */
struct plot_series {
	char name[64];
	size_t n, cap;
	double *time;
	double *pct;
	unsigned char *brk;
	double sum;
	double cycles;
};

static int
plot_push(struct plot_series *s, double t, double pct, int brk)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 1024;
		double *time = realloc(s->time, cap * sizeof(*time));
		double *p = time ? realloc(s->pct, cap * sizeof(*p)) : NULL;
		unsigned char *b = p ? realloc(s->brk, cap) : NULL;

		if (time)
			s->time = time;
		if (p)
			s->pct = p;
		if (!b)
			return -ENOMEM;
		s->brk = b;
		s->cap = cap;
	}
	s->time[s->n] = t;
	s->pct[s->n] = pct;
	s->brk[s->n] = brk;
	s->n++;
	return 0;
}

/* Split a CSV line in place; returns the number of fields. */
static int
plot_split(char *line, char **field, int max)
{
	int n = 0;

	line[strcspn(line, "\r\n")] = '\0';
	while (n < max) {
		field[n++] = line;
		line = strchr(line, ',');
		if (!line)
			break;
		*line++ = '\0';
	}
	return n;
}

static int
plot_read(const char *path, struct plot_series *s, int *nr, char *title, size_t tlen)
{
	char line[8192], *f[5 + MAX_EVENTS];
	int nf, i, header = 0;
	FILE *in = fopen(path, "r");

	if (!in) {
		fprintf(stderr, "nvpm plot: %s: %s\n", path, strerror(errno));
		return -1;
	}
	*nr = 0;
	title[0] = '\0';
	while (fgets(line, sizeof(line), in)) {
		if (line[0] == '#') {
			if (!title[0] && !strncmp(line, "# nvpm record: ", 15))
				snprintf(title, tlen, "%.*s", (int)strcspn(line + 15, "\r\n"),
					 line + 15);
			continue;
		}
		nf = plot_split(line, f, ARRAY_SIZE(f));
		if (!header) {
			if (nf < 6 || strcmp(f[0], "domain") || strcmp(f[1], "time")) {
				fprintf(stderr, "nvpm plot: %s is not an nvpm record CSV\n", path);
				fclose(in);
				return -1;
			}
			for (i = 5; i < nf; i++)
				snprintf(s[i - 5].name, sizeof(s[i - 5].name), "%s", f[i]);
			*nr = nf - 5;
			header = 1;
			continue;
		}
		for (i = 5; i < nf && i - 5 < *nr; i++) {
			double t = strtod(f[1], NULL), cyc = strtod(f[2], NULL);
			int brk = strstr(f[4], "gap") || strstr(f[4], "restart");

			if (!*f[i] || cyc <= 0)
				continue;
			/* too short to say much; counted in the mean all the same */
			if (strstr(f[4], "end")) {
				s[i - 5].sum += strtod(f[i], NULL);
				s[i - 5].cycles += cyc;
				continue;
			}
			s[i - 5].sum += strtod(f[i], NULL);
			s[i - 5].cycles += cyc;
			if (plot_push(&s[i - 5], t, 100.0 * strtod(f[i], NULL) / cyc, brk)) {
				fclose(in);
				return -1;
			}
		}
	}
	fclose(in);
	if (!header) {
		fprintf(stderr, "nvpm plot: %s has no header line\n", path);
		return -1;
	}
	return 0;
}

/* A round step for about @n ticks over @span. */
static double
plot_step(double span, int n)
{
	double raw = span / n, mag = pow(10, floor(log10(raw))), r = raw / mag;

	return (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * mag;
}

static void
plot_cycles(char *buf, size_t len, double v)
{
	if (v >= 1e9)
		snprintf(buf, len, "%gG", v / 1e9);
	else if (v >= 1e6)
		snprintf(buf, len, "%gM", v / 1e6);
	else if (v >= 1e3)
		snprintf(buf, len, "%gk", v / 1e3);
	else
		snprintf(buf, len, "%g", v);
}

static void
plot_escape(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	}
}

/*
 * One panel: per pixel column the mean of its points as a line over a
 * filled area, and their min..max as a lighter band.
 */
static void
plot_panel(FILE *f, const struct plot_series *s, int idx, double t0, double t1, int y0)
{
	const char *color = plot_colors[idx % ARRAY_SIZE(plot_colors)];
	int w = PLOT_W - PLOT_LEFT - PLOT_RIGHT, x, pen = 0, i;
	double *lo = calloc(w, sizeof(double)), *hi = calloc(w, sizeof(double));
	double *sum = calloc(w, sizeof(double));
	int *cnt = calloc(w, sizeof(int)), *brk = calloc(w, sizeof(int));
	size_t k;

	if (!lo || !hi || !sum || !cnt || !brk)
		goto out;
	for (k = 0; k < s->n; k++) {
		x = t1 > t0 ? (int)((s->time[k] - t0) / (t1 - t0) * (w - 1)) : 0;
		x = x < 0 ? 0 : x >= w ? w - 1 : x;
		if (!cnt[x] || s->pct[k] < lo[x])
			lo[x] = s->pct[k];
		if (!cnt[x] || s->pct[k] > hi[x])
			hi[x] = s->pct[k];
		sum[x] += s->pct[k];
		cnt[x]++;
		brk[x] |= s->brk[k];
	}

	fprintf(f, "<g transform=\"translate(%d,%d)\">\n", PLOT_LEFT, y0);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#f7fafc\" stroke=\"#cbd5e0\"/>\n",
		w, PLOT_PANEL);
	for (i = 0; i <= 4; i++) {
		int y = PLOT_PANEL - i * PLOT_PANEL / 4;

		fprintf(f, "<line x1=\"0\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#e2e8f0\"/>\n",
			w, y, y);
		fprintf(f, "<text x=\"-8\" y=\"%d\" text-anchor=\"end\"", y + 4);
		fprintf(f, " class=\"tick\">%d%%</text>\n", i * 25);
	}
	/* the min..max band */
	fprintf(f, "<path fill=\"%s\" fill-opacity=\"0.18\" stroke=\"none\" d=\"", color);
	for (x = 0, pen = 0; x < w; x++) {
		if (!cnt[x])
			continue;
		fprintf(f, "%s%d %.1f L%d %.1f ", pen ? "L" : "M", x,
			PLOT_PANEL - hi[x] * PLOT_PANEL / 100, x + 1,
			PLOT_PANEL - hi[x] * PLOT_PANEL / 100);
		pen = 1;
	}
	for (x = w - 1; pen && x >= 0; x--) {
		if (cnt[x])
			fprintf(f, "L%d %.1f L%d %.1f ", x + 1,
				PLOT_PANEL - lo[x] * PLOT_PANEL / 100, x,
				PLOT_PANEL - lo[x] * PLOT_PANEL / 100);
	}
	fprintf(f, "Z\"/>\n");
	/* the mean, as a line */
	fprintf(f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"", color);
	fprintf(f, " stroke-linejoin=\"round\" d=\"");
	for (x = 0, pen = 0; x < w; x++) {
		if (!cnt[x])
			continue;
		fprintf(f, "%s%d %.1f ", pen && !brk[x] ? "L" : "M", x,
			PLOT_PANEL - sum[x] / cnt[x] * PLOT_PANEL / 100);
		pen = 1;
	}
	fprintf(f, "\"/>\n");
	fprintf(f, "<text x=\"0\" y=\"-8\" class=\"name\">");
	plot_escape(f, s->name);
	fprintf(f, "</text>\n<text x=\"%d\" y=\"-8\" text-anchor=\"end\" class=\"stat\">", w);
	fprintf(f, "mean %.1f%% of cycles, %zu samples</text>\n",
		s->cycles > 0 ? 100 * s->sum / s->cycles : 0, s->n);
	fprintf(f, "</g>\n");
out:
	free(lo);
	free(hi);
	free(sum);
	free(cnt);
	free(brk);
}

static int
plot_write(const char *path, const struct plot_series *s, int nr, const char *title)
{
	int w = PLOT_W - PLOT_LEFT - PLOT_RIGHT, i, h;
	double t0 = 0, t1 = 0, step, t;
	char lab[32];
	FILE *f;

	for (i = 0; i < nr; i++) {
		if (s[i].n && s[i].time[s[i].n - 1] > t1)
			t1 = s[i].time[s[i].n - 1];
	}
	h = PLOT_TOP + nr * (PLOT_PANEL + PLOT_GAP) - PLOT_GAP + PLOT_BOTTOM;
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "nvpm plot: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fputs("<svg xmlns=\"http://www.w3.org/2000/svg\"", f);
	fprintf(f, " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", PLOT_W, h, PLOT_W, h);
	fputs("<style>text{font-family:sans-serif;fill:#2d3748}\n", f);
	fputs(".title{font-size:16px;font-weight:bold}\n", f);
	fputs(".name{font-size:13px;font-weight:bold}\n", f);
	fputs(".stat{font-size:12px;fill:#4a5568}\n", f);
	fputs(".tick{font-size:11px;fill:#718096}</style>\n", f);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(f, "<text x=\"%d\" y=\"26\" class=\"title\">", PLOT_LEFT);
	plot_escape(f, title[0] ? title : "nvpm record");
	fprintf(f, "</text>\n<text x=\"%d\" y=\"44\" class=\"stat\">", PLOT_LEFT);
	fputs("share of each period's cycles the signal was high", f);
	fputs(" (line: mean, band: min..max per pixel)</text>\n", f);
	for (i = 0; i < nr; i++)
		plot_panel(f, &s[i], i, t0, t1, PLOT_TOP + 8 + i * (PLOT_PANEL + PLOT_GAP));
	/* the time axis, under the last panel */
	fprintf(f, "<g transform=\"translate(%d,%d)\">\n", PLOT_LEFT,
		PLOT_TOP + 8 + nr * (PLOT_PANEL + PLOT_GAP) - PLOT_GAP);
	step = t1 > t0 ? plot_step(t1 - t0, 8) : 1;
	for (t = 0; t1 > t0 && t <= t1 + step / 1e6; t += step) {
		int x = (int)((t - t0) / (t1 - t0) * (w - 1));

		plot_cycles(lab, sizeof(lab), t);
		fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"0\" y2=\"5\"", x, x);
		fprintf(f, " stroke=\"#718096\"/><text x=\"%d\" y=\"18\"", x);
		fprintf(f, " text-anchor=\"middle\" class=\"tick\">%s</text>\n", lab);
	}
	fprintf(f, "<text x=\"%d\" y=\"38\" text-anchor=\"middle\" class=\"stat\">", w / 2);
	fputs("domain clock cycles since the start</text>\n</g>\n", f);
	fprintf(f, "</svg>\n");
	return fclose(f) ? -1 : 0;
}

static void
plot_usage(FILE *f)
{
	fprintf(f, "usage: nvpm plot FILE.csv -o FILE.svg\n\n"
		   "Draw the timeline nvpm record wrote: one panel per event, the share of\n"
		   "each period's cycles its signal was high, over time.\n");
}

int
cmd_plot(int argc, char **argv)
{
	struct plot_series *s;
	const char *out = NULL;
	char title[256];
	int c, nr = 0, i, ret;

	while ((c = getopt(argc, argv, "o:h")) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'h':
			plot_usage(stdout);
			return 0;
		default:
			plot_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (!out || optind != argc - 1) {
		plot_usage(stderr);
		return EXIT_USAGE;
	}
	s = calloc(MAX_EVENTS, sizeof(*s));
	if (!s)
		return 1;
	ret = plot_read(argv[optind], s, &nr, title, sizeof(title));
	if (!ret && !nr) {
		fprintf(stderr, "nvpm plot: %s has no events\n", argv[optind]);
		ret = -1;
	}
	if (!ret)
		ret = plot_write(out, s, nr, title);
	if (!ret)
		fprintf(stderr, "nvpm plot: %d events -> %s\n", nr, out);
	for (i = 0; i < MAX_EVENTS; i++) {
		free(s[i].time);
		free(s[i].pct);
		free(s[i].brk);
	}
	free(s);
	return ret ? 1 : 0;
}

/* ---- nvpm bench: record mode ---------------------------------------- */

#define BENCH_REC_MS		500
#define BENCH_DECODE_BYTES	(4u << 20)
#define BENCH_DECODE_ROUNDS	5

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

/*
 * Packets per second with STOP on PGRAPH.IDLE (high about 2/3 of the
 * time): while it is high the simulated GPU sends a packet every 16 cycles
 * (1 cycle per us), as fast as its model keeps up; the reader drains every
 * 20 ms.
 */
static int
bench_packet_rate(int fd, const struct nvpm_catalog *cat)
{
	struct drm_nvpm_record_domain dom = { .stop = NVPM_RECORD_STOP_SIGNAL };
	unsigned long long count[2] = { 0, 0 };
	struct nvpm_record rec;
	struct nvpm_event ev;
	double t0, t;
	int ret;

	ret = nvpm_event_parse(cat, "core_a/PGRAPH.IDLE", &ev);
	if (ret) {
		printf("%-28s %s\n", "record packets/s", "(no core_a/PGRAPH.IDLE)");
		return 0;
	}
	dom.domain = ev.domain;
	dom.stop_arg = ev.signal;
	dom.nr_signals = 1;
	dom.signal[0] = ev.signal;
	ret = nvpm_record_open(fd, &dom, 1, 0, 1u << 20, &rec);
	if (ret) {
		fprintf(stderr, "nvpm bench: record: %s\n", strerror(-ret));
		return 1;
	}
	t0 = mono_s();
	while (mono_s() - t0 < BENCH_REC_MS / 1000.0) {
		usleep(DRAIN_US);
		nvpm_record_drain(&rec, 0, bench_count, count);
	}
	ret = nvpm_record_close(&rec, bench_count, count);
	t = mono_s() - t0;
	printf("%-28s %12.0f %10s  (%llu in %.3f s, STOP on PGRAPH.IDLE)\n",
	       "record packets/s written", (count[0] + count[1]) / t, "",
	       count[0] + count[1], t);
	printf("%-28s %12.0f %10s  (%llu lost: overwritten before read)\n",
	       "record packets/s read", count[0] / t, "", count[1]);
	return ret ? 1 : 0;
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
		t = mono_s();
		memcpy(copy, buf, BENCH_DECODE_BYTES);
		__asm__ __volatile__("" : : "r"(copy) : "memory");
		tc = bench_best(mono_s() - t, tc);

		nvpm_record_stream_init(&s, size, nr_signals, 1);
		t = mono_s();
		got = nvpm_record_decode(&s, buf, n, rows);
		__asm__ __volatile__("" : : "r"(rows) : "memory");
		td = bench_best(mono_s() - t, td);
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
 * @fd: the device
 * @cat: its catalog
 *
 * Return: 0, or 1 on failure.
 */
int
bench_record(int fd, const struct nvpm_catalog *cat)
{
	struct drm_nvpm_get_info info;
	__u64 hw_caps = nvpm_get_info(fd, &info) ? 0 : info.hw_caps;
	int ret = 0;

	printf("\n%-28s %12s %10s\n", "record mode", "rate", "x memcpy");
	if (hw_caps & NVPM_HW_CAP_RECORD)
		ret = bench_packet_rate(fd, cat);
	else
		printf("%-28s %s\n", "record packets/s", "(no record mode on this chip)");
	ret |= bench_decode(NVPM_RECORD_LONG_SIZE, NVPM_RECORD_SIGNALS,
			    "decode, long, 12 signals");
	ret |= bench_decode(NVPM_RECORD_SHORT_SIZE, NVPM_RECORD_SHORT_SIGNALS,
			    "decode, short, 4 signals");
	return ret;
}
