// SPDX-License-Identifier: MIT
/*
 * nvpm info: what GET_INFO reports, per device.
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
	printf("  served by %s%s\n", nvpm_fd_driver_name(dev->fd) ?: "?",
	       info.flags & NVPM_INFO_HOSTED ? ", nvpm's engine in its device" : "");
	printf("  PMC_BOOT_0 0x%08x, uapi version %u\n", info.boot0, info.version);
	printf("  hardware: %s\n", caps);
	return 0;
}

static void
info_usage(FILE *f)
{
	fprintf(f, "usage: nvpm info [-d DEVICE]\n"
		"  what GET_INFO reports for every nvpm device, or for DEVICE\n\n"
		"  -d, --device DEVICE  a render node, e.g. /dev/dri/renderD128\n"
		"  -h, --help           this help\n");
}

int
cmd_info(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *path = NULL;
	struct nvpm_iter it;
	struct nvpm_dev dev;
	int c, found = 0, failed = 0;

	while ((c = getopt_long(argc, argv, "+d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			path = optarg;
			break;
		case 'h':
			info_usage(stdout);
			return 0;
		default:
			info_usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "nvpm info: unexpected argument '%s'\n", argv[optind]);
		return EXIT_USAGE;
	}
	if (path) {
		if (open_dev("info", path, &dev))
			return 1;
		failed = !!info_print(&dev);
		nvpm_dev_close(&dev);
		return failed;
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
