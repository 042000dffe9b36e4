// SPDX-License-Identifier: MIT
/*
 * nvpm list: domains, their counters and named signals, like perf list.
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
		"  number) and DOMAIN/always (every cycle of the domain)\n\n"
		"  -d, --device DEVICE  a render node, e.g. /dev/dri/renderD128\n"
		"  -h, --help           this help\n");
}

int
cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *path = NULL, *only = NULL;
	struct nvpm_iter it;
	struct nvpm_dev dev;
	int c, found = 0, failed = 0, ret;

	while ((c = getopt_long(argc, argv, "+d:h", opts, NULL)) != -1) {
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
