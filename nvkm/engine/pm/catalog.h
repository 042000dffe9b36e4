/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_PM_CATALOG_H__
#define __NVKM_PM_CATALOG_H__
#include <linux/types.h>

/**
 * struct nvkm_pm_signal_desc - a named signal of a domain
 * @signal: its number in the domain (0..255)
 * @name: name, unique within the domain
 */
struct nvkm_pm_signal_desc {
	u8 signal;
	const char *name;
};

/**
 * struct nvkm_pm_domain_desc - a PCOUNTER domain of one chipset
 * @name: short name ("host", "core_a", ...)
 * @clock: the clock it counts ("host", "core", "shader", "memory", "vdec")
 * @nr_signals: signals it has (its trailer base + 0x20)
 * @signals: its named signals, sorted by number (trailer signals excluded:
 *	     the engine adds those per generation)
 * @nr_named: entries in @signals
 */
struct nvkm_pm_domain_desc {
	const char *name;
	const char *clock;
	u16 nr_signals;
	const struct nvkm_pm_signal_desc *signals;
	u16 nr_named;
};

/**
 * struct nvkm_pm_chip_desc - the PCOUNTER domains of one chipset
 * @chipset: chipset id
 * @doms: its domains, in register order
 * @nr_doms: entries in @doms
 */
struct nvkm_pm_chip_desc {
	u16 chipset;
	const struct nvkm_pm_domain_desc *doms;
	u8 nr_doms;
};

extern const struct nvkm_pm_chip_desc nvkm_pm_tesla_chips[];
extern const unsigned int nvkm_pm_tesla_nr_chips;

#endif
