// SPDX-License-Identifier: MIT
/*
 * nvpm plot: a recorded timeline (nvpm record's CSV) drawn as SVG.
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
		   "each period's cycles its signal was high, over time.\n\n"
		   "  -o, --output FILE.svg  where the picture goes\n"
		   "  -d, --device DEVICE    accepted like everywhere, unused: plot reads a file\n"
		   "  -h, --help             this help\n");
}

int
cmd_plot(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "device", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct plot_series *s;
	const char *out = NULL;
	char title[256];
	int c, nr = 0, i, ret;

	while ((c = getopt_long(argc, argv, "o:d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			out = optarg;
			break;
		case 'd':
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
