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
 * @chipset: chipset id; 0 for a list a whole family shares
 * @doms: its domains, in register order
 * @nr_doms: entries in @doms
 */
struct nvkm_pm_chip_desc {
	u16 chipset;
	const struct nvkm_pm_domain_desc *doms;
	u8 nr_doms;
};

/* The catalogs the chipset table's rows carry (nv10_signals.c, tesla_signals.c). */
extern const struct nvkm_pm_chip_desc nv10_pm_catalog, nv15_pm_catalog, nv1f_pm_catalog;
extern const struct nvkm_pm_chip_desc nv20_pm_catalog, nv25_pm_catalog, nv28_pm_catalog;
extern const struct nvkm_pm_chip_desc nv30_pm_catalog, nv31_pm_catalog, nv34_pm_catalog;
extern const struct nvkm_pm_chip_desc nv35_pm_catalog, nv36_pm_catalog;
extern const struct nvkm_pm_chip_desc nv40_pm_catalog, nv44_pm_catalog, mcp61_pm_catalog;
extern const struct nvkm_pm_chip_desc g80_pm_catalog, g84_pm_catalog, g86_pm_catalog;
extern const struct nvkm_pm_chip_desc g92_pm_catalog, g94_pm_catalog, g96_pm_catalog;
extern const struct nvkm_pm_chip_desc g98_pm_catalog, g200_pm_catalog, mcp77_pm_catalog;
extern const struct nvkm_pm_chip_desc mcp79_pm_catalog, gt215_pm_catalog, gt216_pm_catalog;
extern const struct nvkm_pm_chip_desc gt218_pm_catalog, mcp89_pm_catalog;
/* GF100+: the named signals of each GPC's domains (gf100.c) */
extern const struct nvkm_pm_chip_desc gf100_pm_catalog;

/* Every G80:GF100 catalog, generated from the reference's tables. */
extern const struct nvkm_pm_chip_desc * const nvkm_pm_tesla_chips[];
extern const unsigned int nvkm_pm_tesla_nr_chips;

#endif
