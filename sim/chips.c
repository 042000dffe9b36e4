// SPDX-License-Identifier: MIT
/*
 * The chips the simulator models, described from the reference alone: the
 * id PMC_BOOT_0 reports (bus_pmc.rst: the GPU id in bits 20-27), the
 * PCOUNTER generation and its domains, the other units the models give it,
 * and the core clock the simulated chip runs at.  The driver has a
 * chipset table of its own; the simulator never looks at it
 * (nvpm_chipset/sim_models_the_driver_chips checks that the two name the
 * same chips).
 *
 * PCOUNTER domains, NV10:GF100: the last signal of each domain, the
 * TRAILER rows of the signal lists (pcounter_nv10.rst, pcounter_tesla.rst;
 * NV25, NV30 and NV36 are not listed and take their siblings', NV20 and
 * NV35).  The NV40 family: pcounter_nv40.rst gives 5 domains, 4 on
 * TurboCache and integrated parts, but no signals: each domain is
 * modelled with 256.  GT215:GF100 also place USER_0/USER_1 (the
 * PCOUNTER.USER rows).
 *
 * GF100+: GPCs, TPCs per GPC and partitions of the full chip (envytools'
 * GPU table; PTOP reports them, bus_punits.rst).  The domains and their
 * signals: nouveau's PM lists for GK104 (hub: 8 domains, GPC: 1,
 * partition: 2) and for GF100 (GPC domain 0 and partition domain 0, 0xe0
 * signals each); Fermi's other domains are sized from the signal lists
 * of pcounter_fermi.rst: the smallest multiple of 0x20 whose trailer
 * clears every signal listed for the domain (hub domains 0-6, partition
 * domain 1).
 *
 * The NV50 family's units: G80 has its own channel structure, G84 on
 * another (memory_g80-vm.rst), GT215 on adds 16 KiB pages; the PGRAPH
 * multiplexers PCOUNTER sees are G80's, G84's or GT200's (pcounter_mux.c
 * says where each comes from); PGRAPH.IDLE and setup_primitive_count are
 * the signal lists' (pcounter_tesla.rst).  PDAEMON's idle counters: GT215,
 * GF100 (more counters, PCOPY1), GF119 (MODE bit 2), GK104 (PCOPY2)
 * (pm_pdaemon_counter.rst).
 *
 * Clocks: the core clock of each chip's reference board (the vendors'
 * specifications, GeForce boards); chips without one listed take their
 * family's typical clock (nvkm_sim_default_clock()).
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include "priv.h"

static const u8 nv10_last[] = { 0x9f, 0 };
static const u8 nv20_last[] = { 0xbf, 0x3f, 0 };
static const u8 nv30_last[] = { 0xff, 0x3f, 0 };
static const u8 nv40_last[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
static const u8 nv44_last[] = { 0xff, 0xff, 0xff, 0xff, 0 };

/* Tesla domains: host, core A, core B, shader, memory, core C, vdec, core D
 * (MCP7x have no memory clock domain).
 */
static const u8 g80_last[] = { 0x3f, 0xff, 0xff, 0x3f, 0x3f, 0 };
static const u8 g84_last[] = { 0x5f, 0xff, 0x9f, 0x3f, 0x5f, 0x5f, 0xbf, 0xff, 0 };
static const u8 g86_last[] = { 0x5f, 0xff, 0x9f, 0x3f, 0x5f, 0x5f, 0xbf, 0xdf, 0 };
static const u8 g98_last[] = { 0x5f, 0xff, 0x9f, 0x3f, 0x5f, 0x7f, 0xbf, 0xbf, 0 };
static const u8 g200_last[] = { 0x7f, 0xff, 0xff, 0x3f, 0x7f, 0x7f, 0xbf, 0x9f, 0 };
static const u8 mcp77_last[] = { 0x9f, 0xff, 0xff, 0x3f, 0x1f, 0xbf, 0xbf, 0 };
static const u8 gt215_last[] = { 0xff, 0xff, 0xdf, 0x3f, 0x7f, 0x7f, 0xdf, 0xff, 0 };
static const u8 gt218_last[] = { 0xff, 0xff, 0xdf, 0x3f, 0x7f, 0x7f, 0xdf, 0xdf, 0 };
static const u8 mcp89_last[] = { 0x9f, 0xff, 0xdf, 0x3f, 0xff, 0x7f, 0xff, 0xff, 0 };

static const u8 gt215_user[] = { 0x2a, 0x69, 0x9e, 0x13, 0x3b, 0x10, 0x10, 0x4f };
static const u8 gt216_user[] = { 0x2a, 0x69, 0x9e, 0x13, 0x3b, 0x10, 0x10, 0x3e };
static const u8 gt218_user[] = { 0x2a, 0x69, 0x9e, 0x13, 0x37, 0x10, 0x10, 0x3e };
static const u8 mcp89_user[] = { 0x3a, 0x69, 0x9e, 0x13, 0x6a, 0x10, 0x10, 0x1e };

static const u8 fermi_hub[] = { 0x40, 0x40, 0x60, 0x80, 0x60, 0x40, 0x80, 0 };
static const u8 fermi_gpc[] = { 0xe0, 0 };
static const u8 fermi_part[] = { 0xe0, 0x60, 0 };
static const u8 kepler_hub[] = { 0x60, 0x40, 0x60, 0x60, 0x40, 0x60, 0xc0, 0x60, 0 };
static const u8 kepler_gpc[] = { 0xe0, 0 };
static const u8 kepler_part[] = { 0x60, 0x60, 0 };

/* NV10:G80: PCOUNTER generation @gen, domains ending at @last */
#define CHIP(id, nm, clk, gen, last) \
	{ .chipset = (id), .name = (nm), .mhz = (clk), .pc = PC_##gen, \
	  .pc_last = last##_last }
/*
 * The NV50 family: also its PFIFO and VM (@units), the PGRAPH multiplexers
 * PCOUNTER sees (@mux_gen), and PGRAPH.IDLE and setup_primitive_count in
 * core clock A (domain 1), 0 where the signal list does not name them
 */
#define CHIP_NV50(id, nm, clk, gen, last, units, mux_gen, idle, prim) \
	{ .chipset = (id), .name = (nm), .mhz = (clk), .pc = PC_##gen, \
	  .pc_last = last##_last, .nv50 = NV50_##units, .mux = MUX_##mux_gen, \
	  .gr_idle = (idle), .gr_prim = (prim) }
/* GT215:GF100: also the USER signals and PDAEMON */
#define CHIP_GT215(id, nm, clk, last, user, idle, prim) \
	{ .chipset = (id), .name = (nm), .mhz = (clk), .pc = PC_GT215, \
	  .pc_last = last##_last, .pc_user = user##_user, .nv50 = NV50_GT215, \
	  .mux = MUX_GT200, .gr_idle = (idle), .gr_prim = (prim), .pd = PD_GT215 }
/* GF100+: generation @gen, @g GPCs of @t TPCs, @p partitions, the domains of
 * @fam, PDAEMON @pd_gen
 */
#define CHIP_GF(id, nm, clk, gen, fam, g, t, p, pd_gen) \
	{ .chipset = (id), .name = (nm), .mhz = (clk), .pc = PC_##gen, \
	  .gpcs = (g), .tpcs = (t), .parts = (p), \
	  .hub = fam##_hub, .gpc = fam##_gpc, .part = fam##_part, .pd = PD_##pd_gen }

static const struct nvkm_sim_chip nvkm_sim_chips[] = {
	CHIP(0x010, "NV10",   120, NV10, nv10),	/* GeForce 256 */
	CHIP(0x015, "NV15",   200, NV15, nv10),	/* GeForce2 GTS */
	CHIP(0x01f, "NV1F",     0, NV15, nv10),
	CHIP(0x020, "NV20",   200, NV20, nv20),	/* GeForce3 */
	CHIP(0x025, "NV25",   300, NV20, nv20),	/* GeForce4 Ti 4600 */
	CHIP(0x028, "NV28",   300, NV20, nv20),	/* GeForce4 Ti 4800 */
	CHIP(0x030, "NV30",   400, NV30, nv30),	/* GeForce FX 5800 */
	CHIP(0x031, "NV31",   325, NV30, nv30),	/* GeForce FX 5600 */
	CHIP(0x034, "NV34",   250, NV30, nv30),	/* GeForce FX 5200 */
	CHIP(0x035, "NV35",   400, NV30, nv30),	/* GeForce FX 5900 */
	CHIP(0x036, "NV36",   425, NV30, nv30),	/* GeForce FX 5700 */
	CHIP(0x040, "NV40",   400, NV40, nv40),	/* GeForce 6800 Ultra */
	CHIP(0x041, "NV41",   325, NV40, nv40),	/* GeForce 6800 */
	CHIP(0x042, "NV42",     0, NV40, nv40),
	CHIP(0x043, "NV43",   500, NV40, nv40),	/* GeForce 6600 GT */
	CHIP(0x044, "NV44",   350, NV40, nv44),	/* GeForce 6200 TurboCache */
	CHIP(0x045, "NV45",     0, NV40, nv40),
	CHIP(0x046, "G72",    550, NV40, nv44),	/* GeForce 7300 GS */
	CHIP(0x047, "G70",    430, NV40, nv40),	/* GeForce 7800 GTX */
	CHIP(0x049, "G71",    650, NV40, nv40),	/* GeForce 7900 GTX */
	CHIP(0x04a, "NV44A",    0, NV40, nv44),
	CHIP(0x04b, "G73",    560, NV40, nv40),	/* GeForce 7600 GT */
	CHIP(0x04c, "MCP61",    0, NV40, nv44),
	CHIP(0x063, "MCP73",    0, NV40, nv44),
	CHIP(0x067, "MCP67",    0, NV40, nv44),
	CHIP(0x068, "MCP68",    0, NV40, nv44),
	CHIP_NV50(0x050, "G80",   575, NV40, g80, G80, G80, 0xc8, 0xdc),	/* 8800 GTX */
	CHIP_NV50(0x084, "G84",   540, G84, g84, G84, G84, 0xbd, 0xd2),	/* 8600 GT */
	CHIP_NV50(0x086, "G86",   450, G84, g86, G84, G84, 0xbd, 0xd2),	/* 8500 GT */
	CHIP_NV50(0x092, "G92",   600, G92, g84, G84, G84, 0xbd, 0xd2),	/* 8800 GT */
	CHIP_NV50(0x094, "G94",   650, G92, g84, G84, G84, 0xbd, 0xd2),	/* 9600 GT */
	CHIP_NV50(0x096, "G96",   550, G92, g84, G84, G84, 0xbd, 0xd2),	/* 9500 GT */
	CHIP_NV50(0x098, "G98",   567, G92, g98, G84, G84, 0xbd, 0xd2),	/* 8400 GS */
	CHIP_NV50(0x0a0, "G200",  602, G92, g200, G84, GT200, 0xc9, 0xde),	/* GTX 280 */
	CHIP_NV50(0x0aa, "MCP77",   0, G92, mcp77, G84, G84, 0xc9, 0),
	CHIP_NV50(0x0ac, "MCP79",   0, G92, mcp77, G84, G84, 0xc9, 0),
	CHIP_GT215(0x0a3, "GT215", 550, gt215, gt215, 0xcb, 0xe0),	/* GT 240 */
	CHIP_GT215(0x0a5, "GT216", 625, gt215, gt216, 0xcb, 0xe0),	/* GT 220 */
	CHIP_GT215(0x0a8, "GT218", 589, gt218, gt218, 0xcb, 0xe0),	/* 210 */
	CHIP_GT215(0x0af, "MCP89",   0, mcp89, mcp89, 0, 0),
	CHIP_GF(0x0c0, "GF100",  700, GF100, fermi, 4, 4, 6, GF100),	/* GeForce GTX 480 */
	CHIP_GF(0x0c1, "GF108",  700, GF100, fermi, 1, 2, 1, GF100),	/* GeForce GT 430 */
	CHIP_GF(0x0c3, "GF106",  783, GF100, fermi, 1, 4, 3, GF100),	/* GeForce GTS 450 */
	CHIP_GF(0x0c4, "GF104",  675, GF100, fermi, 2, 4, 4, GF100),	/* GeForce GTX 460 */
	CHIP_GF(0x0c8, "GF110",  772, GF100, fermi, 4, 4, 6, GF100),	/* GeForce GTX 580 */
	CHIP_GF(0x0ce, "GF114",  822, GF100, fermi, 2, 4, 4, GF100),	/* GeForce GTX 560 Ti */
	CHIP_GF(0x0cf, "GF116",  900, GF100, fermi, 1, 4, 3, GF100),	/* GeForce GTX 550 Ti */
	CHIP_GF(0x0d7, "GF117",    0, GF100, fermi, 1, 2, 1, GF100),
	CHIP_GF(0x0d9, "GF119",    0, GF100, fermi, 1, 1, 1, GF119),
	CHIP_GF(0x0e4, "GK104", 1006, GK104, kepler, 4, 2, 4, GK104),	/* GeForce GTX 680 */
	CHIP_GF(0x0e6, "GK106",  980, GK104, kepler, 3, 2, 3, GK104),	/* GeForce GTX 660 */
	CHIP_GF(0x0e7, "GK107", 1058, GK104, kepler, 1, 2, 2, GK104),	/* GeForce GTX 650 */
};

/**
 * nvkm_sim_chip_find() - the simulator's description of a chip
 * @chipset: chipset id
 *
 * Return: its row, or NULL for a chipset the simulator does not model
 * (such a simulated GPU has PMC and PTIMER only).
 */
const struct nvkm_sim_chip *
nvkm_sim_chip_find(u32 chipset)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nvkm_sim_chips); i++) {
		if (nvkm_sim_chips[i].chipset == chipset)
			return &nvkm_sim_chips[i];
	}
	return NULL;
}

/**
 * nvkm_sim_chip_name() - the name of a chip the simulator models
 * @chipset: chipset id
 *
 * Return: its name ("G84"), or NULL for a chipset it does not model.
 */
const char *
nvkm_sim_chip_name(u32 chipset)
{
	const struct nvkm_sim_chip *chip = nvkm_sim_chip_find(chipset);

	return chip ? chip->name : NULL;
}

/**
 * nvkm_sim_chip_chipset() - the chipset of a chip the simulator models
 * @name: its name, in any case ("g84")
 *
 * Return: its chipset id, or 0 for a name the simulator does not know.
 */
u32
nvkm_sim_chip_chipset(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nvkm_sim_chips); i++) {
		if (!strcasecmp(nvkm_sim_chips[i].name, name))
			return nvkm_sim_chips[i].chipset;
	}
	return 0;
}
