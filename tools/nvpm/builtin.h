/* SPDX-License-Identifier: MIT */
/*
 * nvpm tool: what the commands share.  Like perf's, each command lives in
 * its own builtin-<command>.c with a cmd_<command>(argc, argv) entry point;
 * nvpm.c picks one from argv[1].  The devices, the uapi and the record
 * decoder are libnvpm's.
 *
 * Exit codes, the same for every command:
 *   0  success (nvpm stat, top and record: COMMAND's own exit status, or
 *      128 + its signal, when they run one)
 *   1  failure: no device, a refused ioctl, a file that cannot be written
 *   2  usage: unknown option or argument, bad value
 */
#ifndef __NVPM_TOOL_BUILTIN_H__
#define __NVPM_TOOL_BUILTIN_H__
#include <stddef.h>
#include <libnvpm.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

#define EXIT_FAILED	1
#define EXIT_USAGE	2

/* Events of nvpm stat, and its counter groups (several per domain take turns). */
#define MAX_EVENTS	32
#define MAX_GROUPS	8

const char *fmt_count(char *buf, size_t len, unsigned long long v);
double now_s(void);
int open_dev(const char *cmd, const char *path, struct nvpm_dev *dev);
void chip_name(const struct nvpm_dev *dev, char *buf, size_t len);
void create_error(const char *cmd, const char *chip, const struct drm_nvpm_domain *dom,
		  int err);
int parse_long(const char *cmd, const char *opt, const char *arg, long *val);

int cmd_info(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_hud(int argc, char **argv);
int cmd_top(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int bench_record(const struct nvpm_dev *dev, const struct nvpm_catalog *cat);
int bench_decode_all(void);

#endif
