/* SPDX-License-Identifier: MIT */
/*
 * nvpm record, nvpm plot, and the record rows of nvpm bench.
 */
#ifndef __NVPM_TOOL_RECORD_H__
#define __NVPM_TOOL_RECORD_H__
#include <libnvpm.h>

int cmd_record(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int bench_record(int fd, const struct nvpm_catalog *cat);

#endif
