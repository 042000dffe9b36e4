// SPDX-License-Identifier: MIT
/*
 * The chipset table: every chipset nvpm drives, the architecture it belongs
 * to and the constructor of its PCOUNTER generation (and from GT215 on, of
 * its PDAEMON idle counters).  Chipset ids and names
 * follow envytools; the generation boundaries follow the PCOUNTER reference
 * (NV15, NV20, NV30, NV40, G84, G92, GT215, GF100 each add something).
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <nvkm/engine/pm.h>
#include <nvkm/subdev/pmu.h>
#include "../engine/pm/catalog.h"

/* @cat: the PCOUNTER catalog, cat##_pm_catalog */
#define CHIP(id, nm, type, gen, cat) \
	{ .chipset = (id), .name = (nm), .card_type = (type), .pm = gen##_pm_new, \
	  .pm_cat = &cat##_pm_catalog }
/* GT215:GF100: also PDAEMON's idle counters, of generation @pd */
#define CHIP_PMU(id, nm, type, gen, cat, pd) \
	{ .chipset = (id), .name = (nm), .card_type = (type), .pm = gen##_pm_new, \
	  .pm_cat = &cat##_pm_catalog, .pmu = pd##_pmu_new }
/* GF100+: the domains are counted on the chip; PDAEMON of generation @pd */
#define CHIP_GF(id, nm, type, gen, pd) \
	{ .chipset = (id), .name = (nm), .card_type = (type), .pm = gen##_pm_new, \
	  .pmu = pd##_pmu_new }
/* GF100+ where the reference names a GPC's signals: catalog @cat */
#define CHIP_GF_CAT(id, nm, type, gen, cat, pd) \
	{ .chipset = (id), .name = (nm), .card_type = (type), .pm = gen##_pm_new, \
	  .pm_cat = &cat##_pm_catalog, .pmu = pd##_pmu_new }

const struct nvkm_device_chip nvkm_device_chips[] = {
	CHIP(0x010, "NV10",  NV_10, nv10, nv10),
	CHIP(0x015, "NV15",  NV_10, nv15, nv15),
	CHIP(0x01f, "NV1F",  NV_10, nv15, nv1f),
	CHIP(0x020, "NV20",  NV_20, nv20, nv20),
	CHIP(0x025, "NV25",  NV_20, nv20, nv25),
	CHIP(0x028, "NV28",  NV_20, nv20, nv28),
	CHIP(0x030, "NV30",  NV_30, nv30, nv30),
	CHIP(0x031, "NV31",  NV_30, nv30, nv31),
	CHIP(0x034, "NV34",  NV_30, nv30, nv34),
	CHIP(0x035, "NV35",  NV_30, nv30, nv35),
	CHIP(0x036, "NV36",  NV_30, nv30, nv36),
	CHIP(0x040, "NV40",  NV_40, nv40, nv40),
	CHIP(0x041, "NV41",  NV_40, nv40, nv40),
	CHIP(0x042, "NV42",  NV_40, nv40, nv40),
	CHIP(0x043, "NV43",  NV_40, nv40, nv40),
	CHIP(0x044, "NV44",  NV_40, nv40, nv44),
	CHIP(0x045, "NV45",  NV_40, nv40, nv40),
	CHIP(0x046, "G72",   NV_40, nv40, nv44),
	CHIP(0x047, "G70",   NV_40, nv40, nv40),
	CHIP(0x049, "G71",   NV_40, nv40, nv40),
	CHIP(0x04a, "NV44A", NV_40, nv40, nv44),
	CHIP(0x04b, "G73",   NV_40, nv40, nv40),
	CHIP(0x04c, "MCP61", NV_40, nv40, mcp61),
	CHIP(0x063, "MCP73", NV_40, nv40, mcp61),
	CHIP(0x067, "MCP67", NV_40, nv40, mcp61),
	CHIP(0x068, "MCP68", NV_40, nv40, mcp61),
	CHIP(0x050, "G80",   NV_50, g80, g80),
	CHIP(0x084, "G84",   NV_50, g84, g84),
	CHIP(0x086, "G86",   NV_50, g84, g86),
	CHIP(0x092, "G92",   NV_50, g92, g92),
	CHIP(0x094, "G94",   NV_50, g92, g94),
	CHIP(0x096, "G96",   NV_50, g92, g96),
	CHIP(0x098, "G98",   NV_50, g92, g98),
	CHIP(0x0a0, "G200",  NV_50, gt200, g200),
	CHIP(0x0aa, "MCP77", NV_50, g92, mcp77),
	CHIP(0x0ac, "MCP79", NV_50, g92, mcp79),
	CHIP_PMU(0x0a3, "GT215", NV_50, gt215, gt215, gt215),
	CHIP_PMU(0x0a5, "GT216", NV_50, gt215, gt216, gt215),
	CHIP_PMU(0x0a8, "GT218", NV_50, gt215, gt218, gt215),
	CHIP_PMU(0x0af, "MCP89", NV_50, gt215, mcp89, gt215),
	CHIP_GF_CAT(0x0c0, "GF100", NV_C0, gf100, gf100, gf100),
	CHIP_GF(0x0c1, "GF108", NV_C0, gf100, gf100),
	CHIP_GF(0x0c3, "GF106", NV_C0, gf100, gf100),
	CHIP_GF(0x0c4, "GF104", NV_C0, gf100, gf100),
	CHIP_GF(0x0c8, "GF110", NV_C0, gf100, gf100),
	CHIP_GF(0x0ce, "GF114", NV_C0, gf100, gf100),
	CHIP_GF(0x0cf, "GF116", NV_C0, gf100, gf100),
	CHIP_GF(0x0d7, "GF117", NV_C0, gf100, gf100),
	CHIP_GF(0x0d9, "GF119", NV_C0, gf100, gf100),
	CHIP_GF(0x0e4, "GK104", NV_E0, gk104, gk104),
	CHIP_GF(0x0e6, "GK106", NV_E0, gk104, gk104),
	CHIP_GF(0x0e7, "GK107", NV_E0, gk104, gk104),
};

const unsigned int nvkm_device_nr_chips = ARRAY_SIZE(nvkm_device_chips);

/* Chipsets of the supported families that were built without PCOUNTER. */
static const struct {
	u16 chipset;
	const char *name;
} nvkm_device_no_pcounter[] = {
	{ 0x011, "NV11" },
	{ 0x017, "NV17" },
	{ 0x018, "NV18" },
	{ 0x01a, "NV1A" },
	{ 0x04e, "C51" },
};

const struct nvkm_device_chip *
nvkm_device_chip_find(u32 chipset)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nvkm_device_chips); i++) {
		if (nvkm_device_chips[i].chipset == chipset)
			return &nvkm_device_chips[i];
	}
	return NULL;
}

const struct nvkm_device_chip *
nvkm_device_chip_find_name(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nvkm_device_chips); i++) {
		if (!strcasecmp(nvkm_device_chips[i].name, name))
			return &nvkm_device_chips[i];
	}
	return NULL;
}

/* The name of a known chipset that has no PCOUNTER, or NULL. */
const char *
nvkm_device_chip_no_pcounter(u32 chipset)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nvkm_device_no_pcounter); i++) {
		if (nvkm_device_no_pcounter[i].chipset == chipset)
			return nvkm_device_no_pcounter[i].name;
	}
	return NULL;
}
