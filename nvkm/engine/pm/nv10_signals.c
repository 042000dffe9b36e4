// SPDX-License-Identifier: MIT
/*
 * The PCOUNTER domains of NV10:G80 and the signals the reference names for
 * them (pcounter_nv10.rst, pcounter_nv40.rst): one catalog per chipset,
 * carried by the chipset table's row.  Chipsets the reference lists no
 * names for share their family's bare domain list.  The trailer signals
 * are the generation's to add (nv10.c, nv20.c, nv40.c).
 */
#include <linux/kernel.h>
#include "catalog.h"

/* NV10:NV20: one domain of 0xa0 signals on the core clock. */
static const struct nvkm_pm_signal_desc nv10_core_signals[] = {
	{ 0x70, "PGRAPH.PM_TRIGGER" }, { 0x87, "PTIMER_TIME_B12" },
};

static const struct nvkm_pm_signal_desc nv1f_core_signals[] = {
	{ 0x70, "PGRAPH.PM_TRIGGER" }, { 0x86, "HEAD0_VBLANK" }, { 0x87, "HEAD1_VBLANK" },
};

static const struct nvkm_pm_domain_desc nv10_doms[] = {
	{ .name = "core", .clock = "core", .nr_signals = 0xa0, .signals = nv10_core_signals,
	  .nr_named = ARRAY_SIZE(nv10_core_signals) },
};

static const struct nvkm_pm_domain_desc nv1f_doms[] = {
	{ .name = "core", .clock = "core", .nr_signals = 0xa0, .signals = nv1f_core_signals,
	  .nr_named = ARRAY_SIZE(nv1f_core_signals) },
};

const struct nvkm_pm_chip_desc nv10_pm_catalog = {
	.chipset = 0x10,
	.doms = nv10_doms,
	.nr_doms = ARRAY_SIZE(nv10_doms),
};

const struct nvkm_pm_chip_desc nv15_pm_catalog = {
	.chipset = 0x15,
	.doms = nv10_doms,
	.nr_doms = ARRAY_SIZE(nv10_doms),
};

const struct nvkm_pm_chip_desc nv1f_pm_catalog = {
	.chipset = 0x1f,
	.doms = nv1f_doms,
	.nr_doms = ARRAY_SIZE(nv1f_doms),
};

/* NV20:NV30: core grows to 0xc0 signals; a memory clock domain of 0x40. */
static const struct nvkm_pm_signal_desc nv20_core_signals[] = {
	{ 0xaa, "HEAD0_VBLANK" },
};

static const struct nvkm_pm_domain_desc nv20_doms[] = {
	{ .name = "core", .clock = "core", .nr_signals = 0xc0, .signals = nv20_core_signals,
	  .nr_named = ARRAY_SIZE(nv20_core_signals) },
	{ .name = "memory", .clock = "memory", .nr_signals = 0x40 },
};

static const struct nvkm_pm_domain_desc nv25_doms[] = {
	{ .name = "core", .clock = "core", .nr_signals = 0xc0 },
	{ .name = "memory", .clock = "memory", .nr_signals = 0x40 },
};

const struct nvkm_pm_chip_desc nv20_pm_catalog = {
	.chipset = 0x20,
	.doms = nv20_doms,
	.nr_doms = ARRAY_SIZE(nv20_doms),
};

const struct nvkm_pm_chip_desc nv25_pm_catalog = {
	.chipset = 0x25,
	.doms = nv25_doms,
	.nr_doms = ARRAY_SIZE(nv25_doms),
};

const struct nvkm_pm_chip_desc nv28_pm_catalog = {
	.chipset = 0x28,
	.doms = nv20_doms,
	.nr_doms = ARRAY_SIZE(nv20_doms),
};

/* NV30:NV40: core has 0x100 signals. */
static const struct nvkm_pm_signal_desc nv31_core_signals[] = {
	{ 0xf8, "HEAD0_VBLANK" }, { 0xf9, "HEAD1_VBLANK" },
};

static const struct nvkm_pm_signal_desc nv34_core_signals[] = {
	{ 0xda, "HEAD0_VBLANK" }, { 0xdb, "HEAD1_VBLANK" },
};

static const struct nvkm_pm_domain_desc nv30_doms[] = {
	{ .name = "core", .clock = "core", .nr_signals = 0x100 },
	{ .name = "memory", .clock = "memory", .nr_signals = 0x40 },
};

static const struct nvkm_pm_domain_desc nv31_doms[] = {
	{ .name = "core", .clock = "core", .nr_signals = 0x100, .signals = nv31_core_signals,
	  .nr_named = ARRAY_SIZE(nv31_core_signals) },
	{ .name = "memory", .clock = "memory", .nr_signals = 0x40 },
};

static const struct nvkm_pm_domain_desc nv34_doms[] = {
	{ .name = "core", .clock = "core", .nr_signals = 0x100, .signals = nv34_core_signals,
	  .nr_named = ARRAY_SIZE(nv34_core_signals) },
	{ .name = "memory", .clock = "memory", .nr_signals = 0x40 },
};

const struct nvkm_pm_chip_desc nv30_pm_catalog = {
	.chipset = 0x30,
	.doms = nv30_doms,
	.nr_doms = ARRAY_SIZE(nv30_doms),
};

const struct nvkm_pm_chip_desc nv31_pm_catalog = {
	.chipset = 0x31,
	.doms = nv31_doms,
	.nr_doms = ARRAY_SIZE(nv31_doms),
};

const struct nvkm_pm_chip_desc nv34_pm_catalog = {
	.chipset = 0x34,
	.doms = nv34_doms,
	.nr_doms = ARRAY_SIZE(nv34_doms),
};

const struct nvkm_pm_chip_desc nv35_pm_catalog = {
	.chipset = 0x35,
	.doms = nv31_doms,
	.nr_doms = ARRAY_SIZE(nv31_doms),
};

const struct nvkm_pm_chip_desc nv36_pm_catalog = {
	.chipset = 0x36,
	.doms = nv30_doms,
	.nr_doms = ARRAY_SIZE(nv30_doms),
};

/*
 * NV40:G80: 0x100 signals per domain, none named.  Parts with TurboCache
 * or integrated graphics (IGP) have no geometry domain (NV40:G80 signals).
 */
static const struct nvkm_pm_domain_desc nv40_doms[] = {
	{ .name = "host", .clock = "host", .nr_signals = 0x100 },
	{ .name = "core", .clock = "core", .nr_signals = 0x100 },
	{ .name = "geometry", .clock = "geometry", .nr_signals = 0x100 },
	{ .name = "shader", .clock = "shader", .nr_signals = 0x100 },
	{ .name = "memory", .clock = "memory", .nr_signals = 0x100 },
};

static const struct nvkm_pm_domain_desc nv44_doms[] = {
	{ .name = "host", .clock = "host", .nr_signals = 0x100 },
	{ .name = "core", .clock = "core", .nr_signals = 0x100 },
	{ .name = "shader", .clock = "shader", .nr_signals = 0x100 },
	{ .name = "memory", .clock = "memory", .nr_signals = 0x100 },
};

/*
 * The IGPs' four domains (pcounter_nv40.rst, "NV40 IGP"): host, core
 * ("PGRAPH probably"), core again ("shaders probably"), and one on an
 * unknown clock ("could be the memory interface").  The names stay those
 * of the TurboCache parts; the clocks are the reference's.
 */
static const struct nvkm_pm_domain_desc mcp61_doms[] = {
	{ .name = "host", .clock = "host", .nr_signals = 0x100 },
	{ .name = "core", .clock = "core", .nr_signals = 0x100 },
	{ .name = "shader", .clock = "core", .nr_signals = 0x100 },
	{ .name = "memory", .clock = "unknown", .nr_signals = 0x100 },
};

/* family-wide lists: .chipset 0 */
const struct nvkm_pm_chip_desc nv40_pm_catalog = {
	.doms = nv40_doms,
	.nr_doms = ARRAY_SIZE(nv40_doms),
};

const struct nvkm_pm_chip_desc nv44_pm_catalog = {
	.doms = nv44_doms,
	.nr_doms = ARRAY_SIZE(nv44_doms),
};

const struct nvkm_pm_chip_desc mcp61_pm_catalog = {
	.doms = mcp61_doms,
	.nr_doms = ARRAY_SIZE(mcp61_doms),
};
