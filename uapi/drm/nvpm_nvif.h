/* SPDX-License-Identifier: MIT */
/*
 * nvpm's additions to nouveau's perfmon classes, on a nouveau built with
 * DRM_NOUVEAU_NVPM.  They are methods of nouveau's own objects, reached
 * like nouveau's: an NVIF MTHD (struct nvif_ioctl_mthd_v0) on the PERFMON
 * (class NVIF_CLASS_PERFMON, nvif/if0002.h) or PERFDOM
 * (NVIF_CLASS_PERFDOM, nvif/if0003.h) object, through DRM_NOUVEAU_NVIF on
 * nouveau's file descriptor.  Method numbers start at 0x80, clear of
 * nouveau's; a stock nouveau answers them with -EINVAL.
 */
#ifndef __NVPM_NVIF_H__
#define __NVPM_NVIF_H__
#include <linux/const.h>
#include <linux/types.h>

#define NVIF_PERFMON_V0_NVPM_DOMAIN	0x80
#define NVIF_PERFDOM_V0_NVPM_TOTALS	0x80

/* nvif_perfmon_nvpm_domain_v0.flags */
#define NVIF_PERFMON_NVPM_DOMAIN_IDLE	_BITUL(0)

/**
 * struct nvif_perfmon_nvpm_domain_v0 - what nvpm knows of a domain
 * @version: in: 0
 * @domain: in: the domain, as QUERY_DOMAIN's id
 * @nr_counters: out: counters a PERFDOM on it can use (QUERY_DOMAIN's
 *		 counter_nr); 0 before NV40, where the PERFMON offers no
 *		 PERFDOM
 * @flags: out: NVIF_PERFMON_NVPM_DOMAIN_IDLE for PDAEMON's idle counters
 *	   (their signals are engines: a counter counts the engine's busy
 *	   cycles)
 * @nr_signals: out: signals 0 .. nr_signals - 1 exist
 * @nr_named: out: signals with a name (QUERY_DOMAIN's signal_nr)
 * @name: out: the domain's name, NUL-terminated
 * @clock: out: the clock it counts, NUL-terminated
 *
 * Return: 0; -EINVAL for an unknown domain; -ENOSYS / -E2BIG for a wrong
 * version or size.
 */
struct nvif_perfmon_nvpm_domain_v0 {
	__u8  version;
	__u8  domain;
	__u8  nr_counters;
	__u8  flags;
	__u16 nr_signals;
	__u16 nr_named;
	char  name[16];
	char  clock[16];
};

/**
 * struct nvif_perfdom_nvpm_totals_v0 - a PERFDOM's totals, 64-bit
 * @version: in: 0
 * @pad01: in: zero
 * @value: out: per counter, the sum over every period the PERFDOM
 *	   counted since INIT (READ gives only the last one, truncated to
 *	   32 bits)
 * @cycles: out: the domain's cycles over the same periods
 * @samples: out: SAMPLEs since INIT that ended a period it counted (on a
 *	     domain PERFDOMs take turns on, one in as many as there are)
 * @ctr_flags: out: per counter, bit 0: the counter saturated in some
 *	       period since NEW (its total may be a lower bound)
 * @flags: out: bit 0: no period counted since INIT; bit 1: a latch was
 *	   lost since the last totals read (the domain was multiplexed or
 *	   overrun)
 * @pad4c: out: zero
 *
 * Return: 0; -EAGAIN before the first INIT; -EINVAL for nonzero @pad01;
 * -ENOSYS / -E2BIG for a wrong version or size.
 */
struct nvif_perfdom_nvpm_totals_v0 {
	__u8  version;
	__u8  pad01[7];
	__u64 value[4];
	__u64 cycles;
	__u64 samples;
	__u32 ctr_flags[4];
	__u32 flags;
	__u32 pad4c;
};

#endif
