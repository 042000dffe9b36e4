// SPDX-License-Identifier: MIT
/*
 * nvpm's privilege rule, lent to a host: device-global counters observe
 * every process's work, so a host that serves them through an interface
 * of its own gates it as nvpm's GROUP_CREATE is gated.
 */
#include <linux/module.h>
#include <nvpm_host_perf.h>
#include "../nvpm_drv.h"

/**
 * nvpm_host_perf_allowed() - may the caller have device-global counters?
 *
 * The rule of nvpm's own node: CAP_PERFMON (or CAP_SYS_ADMIN), or nvpm's
 * module parameter unprivileged set.
 *
 * Context: process context; the caller's credentials are checked.
 * Return: true when the caller may create counters.
 */
bool
nvpm_host_perf_allowed(void)
{
	return nvpm_perf_allowed();
}
EXPORT_SYMBOL_GPL(nvpm_host_perf_allowed);
