/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_CLOCK_H__
#define __NVKM_CLOCK_H__
#include <linux/ktime.h>
#include <linux/sched/clock.h>

/**
 * nvkm_clock_ns() - the clock the engines time their own work by
 *
 * local_clock(): cheap, and callable from the interrupt handler.  User
 * Mode Linux has no sched_clock() of its own, and the generic one counts
 * jiffies (10 ms steps, none while interrupts are off): there the clock
 * source, which reads the host's clock, times a software method.
 *
 * Return: nanoseconds.
 */
static inline u64
nvkm_clock_ns(void)
{
	return IS_ENABLED(CONFIG_UML) ? ktime_get_mono_fast_ns() : local_clock();
}

#endif
