// SPDX-License-Identifier: MIT
/*
 * nvpm tool: helpers the commands share.
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

/* @v with thousands separators, in @buf. */
const char *
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

double
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
int
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
void
chip_name(const struct nvpm_dev *dev, char *buf, size_t len)
{
	struct drm_nvpm_get_info info;

	if (nvpm_get_info(dev->fd, &info))
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%.*s", (int)sizeof(info.name), info.name);
}

/* Explain a failed GROUP_CREATE on @dom of @chip. */
void
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

/* Parse a positive number option of @cmd; 0 or 1 after printing why not. */
int
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
