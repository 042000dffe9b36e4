/* SPDX-License-Identifier: MIT */
/*
 * nvpm's privilege rule for a host that hands out nvpm's counters through
 * an interface of its own (nouveau 6.1's PERFDOM class).  Kept apart from
 * nvpm_host.h only while that header is being reworked; it names no nvkm
 * type either, and its symbol is exported by nvpm.ko.
 */
#ifndef __NVPM_HOST_PERF_H__
#define __NVPM_HOST_PERF_H__
#include <linux/types.h>

bool nvpm_host_perf_allowed(void);

#endif
