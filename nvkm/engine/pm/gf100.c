// SPDX-License-Identifier: MIT
/*
 * GF100+ PCOUNTER: hub, per-GPC and per-partition domain sets at 0x180000,
 * four USER signals, and a PMC.ENABLE bit that gates the whole unit.
 *
 * The domains are found from PTOP's GPC and partition counts, less the
 * units PUNITS says are switched off (floorswept); per set, the
 * engine lists the domains whose signal counts nouveau knows: on Fermi the
 * first domain of each GPC and each partition (Kepler's are gk104.c's).
 * A quad mode group swaps on its domain's USER_0 signal, which the
 * trigger pulses through USER_TRIGGER, domain after domain.  Nothing
 * clears the shadow counters when a group is programmed: its first latch
 * is dropped.  Quad mode only.
 *
 * MMIO per sample: per quad domain one USER_TRIGGER write, one CTRL read,
 * one read per counter used, one CTR_CYCLES read, one or two acks.
 */
#include <linux/bitfield.h>
#include <nvkm/hw/pcounter_gf100.h>
#include "priv.h"

/*
 * GF100's GPC domain 0, as pcounter_fermi.rst lists it (each multiplexer's
 * outputs numbered from 0; the signals it names "???" stay unnamed).  The
 * reference has this list for GF100 only: the other Fermi chips' GPC
 * domains name their trailer alone.  GF100's row of the chipset table
 * carries it (gf100_pm_catalog).
 */
static const struct nvkm_pm_signal_desc
gf100_gpc0_signals[] = {
	{ 0x02, "GPC.TPC.L1.MUX[0]" },
	{ 0x03, "GPC.TPC.L1.MUX[1]" },
	{ 0x04, "GPC.TPC.L1.MUX[2]" },
	{ 0x05, "GPC.TPC.L1.MUX[3]" },
	{ 0x06, "GPC.TPC.L1.MUX[4]" },
	{ 0x07, "GPC.TPC.L1.MUX[5]" },
	{ 0x08, "GPC.TPC.L1.MUX[6]" },
	{ 0x09, "GPC.TPC.L1.MUX[7]" },
	{ 0x0a, "GPC.TPC.TEX.MUX_C_D[0]" },
	{ 0x0b, "GPC.TPC.TEX.MUX_C_D[1]" },
	{ 0x0c, "GPC.TPC.TEX.MUX_C_D[2]" },
	{ 0x0d, "GPC.TPC.TEX.MUX_C_D[3]" },
	{ 0x0e, "GPC.TPC.TEX.MUX_C_D[4]" },
	{ 0x0f, "GPC.TPC.TEX.MUX_C_D[5]" },
	{ 0x10, "GPC.TPC.TEX.MUX_C_D[6]" },
	{ 0x11, "GPC.TPC.TEX.MUX_C_D[7]" },
	{ 0x12, "GPC.TPC.TEX.MUX_C_D[8]" },
	{ 0x15, "GPC.CCACHE.MUX_A[0]" },
	{ 0x16, "GPC.CCACHE.MUX_A[1]" },
	{ 0x17, "GPC.CCACHE.MUX_A[2]" },
	{ 0x18, "GPC.CCACHE.MUX_A[3]" },
	{ 0x19, "GPC.CCACHE.MUX_A[4]" },
	{ 0x1a, "GPC.UNKC00.MUX[0]" },
	{ 0x1b, "GPC.UNKC00.MUX[1]" },
	{ 0x1c, "GPC.UNKC00.MUX[2]" },
	{ 0x1d, "GPC.UNKC00.MUX[3]" },
	{ 0x1e, "GPC.UNKC00.MUX[4]" },
	{ 0x1f, "GPC.UNKC00.MUX[5]" },
	{ 0x21, "GPC.TPC.UNK400.MUX[0]" },
	{ 0x22, "GPC.TPC.UNK400.MUX[1]" },
	{ 0x23, "GPC.TPC.UNK400.MUX[2]" },
	{ 0x24, "GPC.TPC.UNK400.MUX[3]" },
	{ 0x25, "GPC.TPC.UNK400.MUX[4]" },
	{ 0x26, "GPC.TPC.UNK400.MUX[5]" },
	{ 0x27, "GPC.TPC.UNK400.MUX[6]" },
	{ 0x28, "GPC.TPC.UNK400.MUX[7]" },
	{ 0x31, "GPC.TPC.MP.MUX[0]" },
	{ 0x32, "GPC.TPC.MP.MUX[1]" },
	{ 0x33, "GPC.TPC.MP.MUX[2]" },
	{ 0x34, "GPC.TPC.MP.MUX[3]" },
	{ 0x35, "GPC.TPC.MP.MUX[4]" },
	{ 0x36, "GPC.TPC.MP.MUX[5]" },
	{ 0x37, "GPC.TPC.MP.MUX[6]" },
	{ 0x38, "GPC.TPC.MP.MUX[7]" },
	{ 0x3a, "TPC.UNK500.MUX[0]" },
	{ 0x3b, "TPC.UNK500.MUX[1]" },
	{ 0x3c, "TPC.UNK500.MUX[2]" },
	{ 0x40, "GPC.PROP.MUX[0]" },
	{ 0x41, "GPC.PROP.MUX[1]" },
	{ 0x42, "GPC.PROP.MUX[2]" },
	{ 0x43, "GPC.PROP.MUX[3]" },
	{ 0x44, "GPC.PROP.MUX[4]" },
	{ 0x45, "GPC.PROP.MUX[5]" },
	{ 0x46, "GPC.PROP.MUX[6]" },
	{ 0x47, "GPC.PROP.MUX[7]" },
	{ 0x48, "POLY.MUX[0]" },
	{ 0x49, "POLY.MUX[1]" },
	{ 0x4a, "POLY.MUX[2]" },
	{ 0x4b, "POLY.MUX[3]" },
	{ 0x4c, "POLY.MUX[4]" },
	{ 0x4d, "POLY.MUX[5]" },
	{ 0x4f, "GPC.FFB.MUX_B[0]" },
	{ 0x50, "GPC.FFB.MUX_B[1]" },
	{ 0x51, "GPC.FFB.MUX_B[2]" },
	{ 0x52, "GPC.FFB.MUX_B[3]" },
	{ 0x53, "GPC.FFB.MUX_B[4]" },
	{ 0x54, "GPC.ESETUP.MUX[0]" },
	{ 0x55, "GPC.ESETUP.MUX[1]" },
	{ 0x56, "GPC.ESETUP.MUX[2]" },
	{ 0x57, "GPC.ESETUP.MUX[3]" },
	{ 0x5b, "GPC.TPC.TEX.MUX_A[0]" },
	{ 0x5c, "GPC.TPC.TEX.MUX_A[1]" },
	{ 0x5d, "GPC.TPC.TEX.MUX_A[2]" },
	{ 0x5e, "GPC.TPC.TEX.MUX_A[3]" },
	{ 0x61, "GPC.TPC.TEX.MUX_B[0]" },
	{ 0x62, "GPC.TPC.TEX.MUX_B[1]" },
	{ 0x63, "GPC.TPC.TEX.MUX_B[2]" },
	{ 0x64, "GPC.TPC.TEX.MUX_B[3]" },
	{ 0x66, "GPC.UNKB00.MUX[0]" },
	{ 0x67, "GPC.UNKB00.MUX[1]" },
	{ 0x68, "GPC.UNKB00.MUX[2]" },
	{ 0x6a, "GPC.UNK600.MUX" },
	{ 0x76, "GPC.UNKD00.MUX[0]" },
	{ 0x77, "GPC.UNKD00.MUX[1]" },
	{ 0x78, "GPC.UNKD00.MUX[2]" },
	{ 0x7c, "GPC.UNKC80.MUX[0]" },
	{ 0x7d, "GPC.UNKC80.MUX[1]" },
	{ 0x7e, "GPC.UNKC80.MUX[2]" },
	{ 0x7f, "GPC.UNKC80.MUX[3]" },
	{ 0x81, "GPC.UNK380.MUX[0]" },
	{ 0x82, "GPC.UNK380.MUX[1]" },
	{ 0x83, "GPC.UNK380.MUX[2]" },
	{ 0x84, "GPC.UNKE00.MUX[0]" },
	{ 0x85, "GPC.UNKE00.MUX[1]" },
	{ 0x86, "GPC.UNKE00.MUX[2]" },
	{ 0x87, "GPC.UNKE00.MUX[3]" },
	{ 0x88, "GPC.UNK700.MUX[0]" },
	{ 0x89, "GPC.UNK700.MUX[1]" },
	{ 0x8a, "GPC.UNK700.MUX[2]" },
	{ 0x8b, "GPC.UNK700.MUX[3]" },
	{ 0x8e, "GPC.CCACHE.MUX_B" },
	{ 0x91, "GPC.UNKF00.MUX[0]" },
	{ 0x92, "GPC.UNKF00.MUX[1]" },
	{ 0x93, "GPC.UNKF00.MUX[2]" },
	{ 0x95, "GPC.UNK680.MUX" },
	{ 0x98, "TPC.UNK300.MUX[0]" },
	{ 0x99, "TPC.UNK300.MUX[1]" },
	{ 0x9a, "TPC.UNK300.MUX[2]" },
	{ 0x9b, "TPC.UNK300.MUX[3]" },
	{ 0xa1, "GPC.CTXCTL.TA[0]" },
	{ 0xa2, "GPC.CTXCTL.TA[1]" },
	{ 0xaf, "GPC.CTXCTL.USER[0]" },
	{ 0xb0, "GPC.CTXCTL.USER[1]" },
	{ 0xb1, "GPC.CTXCTL.USER[2]" },
	{ 0xb2, "GPC.CTXCTL.USER[3]" },
	{ 0xb3, "GPC.CTXCTL.USER[4]" },
	{ 0xb4, "GPC.CTXCTL.USER[5]" },
	{ 0xb5, "GPC.CTXCTL.USER[6]" },
	{ 0xb6, "GPC.CTXCTL.USER[7]" },
	{ 0xb7, "GPC.CTXCTL.USER[8]" },
	{ 0xb8, "GPC.CTXCTL.USER[9]" },
	{ 0xb9, "GPC.CTXCTL.USER[10]" },
	{ 0xba, "GPC.CTXCTL.USER[11]" },
};

static const struct nvkm_pm_domain_desc
gf100_gpc0_cat = {
	.name = "gpc",
	.clock = "core",
	.nr_signals = 0xe0,
	.signals = gf100_gpc0_signals,
	.nr_named = ARRAY_SIZE(gf100_gpc0_signals),
};

const struct nvkm_pm_chip_desc
gf100_pm_catalog = {
	.chipset = 0xc0,
	.doms = &gf100_gpc0_cat,
	.nr_doms = 1,
};

static const struct gf100_pm_set gf100_pm_gpc = { "gpc", 1, { 0xe0 } };

static const struct gf100_pm_set gf100_pm_part = { "part", 1, { 0xe0 } };

int
gf100_pm_init(struct nvkm_pm *pm)
{
	struct nvkm_device *device = pm->engine.subdev.device;

	nvkm_mask(device, NV_PMC_ENABLE, GF100_PMC_ENABLE_PCOUNTER,
		  GF100_PMC_ENABLE_PCOUNTER);
	return 0;
}

/*
 * CTRL with MODE QUAD, the counter mode and CTRL bit 18 set (a field the
 * reference lists as UNK18, bits 18-20, without a meaning; nouveau,
 * pm/gf100.c, always sets it), then FILTER cleared: its ENABLE bit (31)
 * would restrict counting to what SRC_MASK selects, and its reset value is
 * not documented.  The group swaps on its domain's USER_0 signal.
 */
static void
gf100_pm_setup(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	u32 base = pm->dom[d].addr, v;

	v = FIELD_PREP(GF100_PCOUNTER_CTRL_MODE, GF100_PCOUNTER_CTRL_MODE_QUAD) |
	    FIELD_PREP(GF100_PCOUNTER_CTRL_CTR_MODE, args->ctr_mode) |
	    FIELD_PREP(GF100_PCOUNTER_CTRL_UNK18, GF100_PCOUNTER_CTRL_UNK18_SET) |
	    (args->event_period_all ? GF100_PCOUNTER_CTRL_CTR_PERIOD : 0);
	nvkm_wr32(device, base + GF100_PCOUNTER_CTRL, v);
	nvkm_wr32(device, base + GF100_PCOUNTER_FILTER, 0);
	nvkm_wr32(device, base + GF100_PCOUNTER_SWAP_SRC,
		  pm->dom[d].trailer + GF100_PCOUNTER_TRAILER_USER(0));
}

/* Nothing clears the shadow counters when a group is programmed. */
static bool
gf100_pm_stale_latch(struct nvkm_pm *pm)
{
	return true;
}

static void
gf100_pm_trigger(struct nvkm_pm *pm)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	struct nvkm_pm_group *grp;

	/*
	 * One pulse per domain, for the group counting there: groups taking
	 * turns share the domain, and a second pulse would swap again, leaving
	 * only the cycles between the two (and QUAD_STATE OVERFLOW).  The idle
	 * counters have no USER_TRIGGER, and no group is active there.
	 */
	list_for_each_entry(grp, &pm->groups, head) {
		if (grp->args.mode == NVPM_MODE_QUAD && pm->dom[grp->args.dom].active == grp)
			nvkm_wr32(device,
				  pm->dom[grp->args.dom].addr + GF100_PCOUNTER_USER_TRIGGER,
				  GF100_PCOUNTER_USER_TRIGGER_VAL(0) |
				  GF100_PCOUNTER_USER_TRIGGER_PULSE(0));
	}
}

/*
 * Each domain's registers are at offsets from its block, which
 * gf100_pm_sets() places.  Single event mode is not offered: how it is
 * started on GF100+ is one of the reference's open questions (pcounter
 * intro: "figure out how single event mode is supposed to be used on
 * GF100+"), and nouveau never uses it.
 */
const struct nvkm_pm_layout
gf100_pm_layout = {
	.regs = {
		.src = { GF100_PCOUNTER_PRE_SRC, GF100_PCOUNTER_START_SRC,
			 GF100_PCOUNTER_EVENT_SRC, GF100_PCOUNTER_STOP_SRC },
		.op = { GF100_PCOUNTER_PRE_OP, GF100_PCOUNTER_START_OP,
			GF100_PCOUNTER_EVENT_OP, GF100_PCOUNTER_STOP_OP },
		.ctr = { GF100_PCOUNTER_CTR_PRE, GF100_PCOUNTER_CTR_START,
			 GF100_PCOUNTER_CTR_EVENT, GF100_PCOUNTER_CTR_STOP },
		.cycles = GF100_PCOUNTER_CTR_CYCLES,
		.setflag_op = GF100_PCOUNTER_SETFLAG_OP,
		.clrflag_op = GF100_PCOUNTER_CLRFLAG_OP,
		.threshold = GF100_PCOUNTER_THRESHOLD,
		.ctrl = GF100_PCOUNTER_CTRL,
		.quad_state = GF100_PCOUNTER_CTRL_QUAD_STATE,
		.ack = GF100_PCOUNTER_QUAD_ACK_TRIGGER,
		.halt = GF100_PCOUNTER_CTRL,	/* MODE HALTED */
		.op_setflag3 = GF100_PCOUNTER_OP_SETFLAG3,
		.op_replace2 = { GF100_PCOUNTER_OP_REPLACE2, GF100_PCOUNTER_OP_REPLACE2,
				 GF100_PCOUNTER_OP_REPLACE2, GF100_PCOUNTER_OP_REPLACE2 },
		.op_replace3 = { GF100_PCOUNTER_OP_REPLACE3, GF100_PCOUNTER_OP_REPLACE3,
				 GF100_PCOUNTER_OP_REPLACE3, GF100_PCOUNTER_OP_REPLACE3 },
	},
	.setup = gf100_pm_setup,
	.stale_latch = gf100_pm_stale_latch,
	.quad_only = true,
	.program = nvkm_pm_layout_program,
	.stop = nvkm_pm_layout_stop,
	.trigger = gf100_pm_trigger,
	.collect = nvkm_pm_layout_collect,
};

/* Trailer names of domain @j of the set whose domains start at @first. */
static int
gf100_pm_trailer(struct nvkm_pm *pm, int first, int nr, int j)
{
	int d = first + j, t = pm->dom[d].trailer, x, ret = 0;

	for (x = 0; x < GF100_PCOUNTER_USERS; x++)
		ret |= nvkm_pm_sig_add(pm, d, t + GF100_PCOUNTER_TRAILER_USER(x), "USER[%d]", x);
	ret |= nvkm_pm_sig_add(pm, d, t + GF100_PCOUNTER_TRAILER_PAUSED, "PAUSED");
	ret |= nvkm_pm_sig_add(pm, d, t + GF100_PCOUNTER_TRAILER_PERIODIC, "PERIODIC");
	for (x = 0; x < nr; x++) {
		ret |= nvkm_pm_sig_add(pm, d, t + GF100_PCOUNTER_TRAILER_EVENT(x), "%s.EVENT",
				       pm->dom[first + x].name);
		ret |= nvkm_pm_sig_add(pm, d, t + GF100_PCOUNTER_TRAILER_FLAG(x), "%s.FLAG",
				       pm->dom[first + x].name);
	}
	return ret ? -ENOMEM : 0;
}

/*
 * The domains of the sets like @set whose units are in @units, their
 * registers from @addr(unit, domain); names and addresses keep the unit's
 * own number, so a switched-off unit leaves a gap.
 */
static int
gf100_pm_sets(struct nvkm_pm *pm, int *d, const struct gf100_pm_set *set, u32 units,
	      u32 (*addr)(int i, int dom))
{
	unsigned long bits = units;
	char name[16];
	int i, j, ret;

	for_each_set_bit(i, &bits, BITS_PER_LONG) {
		for (j = 0; j < set->nr; j++) {
			struct nvkm_pm_dom *dom = &pm->dom[*d + j];

			if (set->nr > 1)
				snprintf(name, sizeof(name), "%s%d_%d", set->name, i, j);
			else
				snprintf(name, sizeof(name), "%s%d", set->name, i);
			ret = nvkm_pm_dom_init(pm, *d + j, name, "core", set->signals[j],
					       set->cat[j]);
			if (ret)
				return ret;
			dom->trailer = set->signals[j] - GF100_PCOUNTER_TRAILER_END;
			dom->addr = addr(i, j);
		}
		for (j = 0; j < set->nr; j++) {
			ret = gf100_pm_trailer(pm, *d, set->nr, j);
			if (ret)
				return ret;
		}
		*d += set->nr;
	}
	return 0;
}

static u32 gf100_pm_hub_addr(int i, int d) { return GF100_PCOUNTER_HUB_DOM(d); }
static u32 gf100_pm_gpc_addr(int i, int d) { return GF100_PCOUNTER_GPC_DOM(i, d); }
static u32 gf100_pm_part_addr(int i, int d) { return GF100_PCOUNTER_PART_DOM(i, d); }

/*
 * The units of one kind the board has: those below the design count in
 * @count's field (at most @max: PCOUNTER has room for no more) that
 * neither the fuses' nor software's disable mask switches off.  nouveau
 * (pm/gf100.c) applies the same two masks, but always keeps unit 0.
 */
static u32
gf100_pm_units(struct nvkm_device *device, u32 count, u32 hw, u32 sw, int max)
{
	int nr = min_t(int, FIELD_GET(GF100_PTOP_SCAL_NUM_GPCS_VALUE,
				      nvkm_rd32(device, count)), max);

	return (u32)(BIT_ULL(nr) - 1) & ~nvkm_rd32(device, hw) & ~nvkm_rd32(device, sw);
}

/**
 * gf100_pm_doms_() - the domains of the board's domain sets
 * @pm: the engine
 * @hub: the hub's set, or NULL where no hub domain is known
 * @gpc: the set of each GPC
 * @part: the set of each partition
 *
 * Return: 0, or -ENOMEM.
 */
int
gf100_pm_doms_(struct nvkm_pm *pm, const struct gf100_pm_set *hub,
	       const struct gf100_pm_set *gpc, const struct gf100_pm_set *part)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	int d = 0, ret;
	u32 gpcs, parts;

	gpcs = gf100_pm_units(device, GF100_PTOP_SCAL_NUM_GPCS,
			      GF100_PUNITS_HW_GPC_DISABLE_MASK,
			      GF100_PUNITS_SW_GPC_DISABLE_MASK, GF100_PCOUNTER_GPCS);
	parts = gf100_pm_units(device, GF100_PTOP_SCAL_NUM_FBPS,
			       GF100_PUNITS_HW_PART_DISABLE_MASK,
			       GF100_PUNITS_SW_PART_DISABLE_MASK, GF100_PCOUNTER_PARTS);
	ret = nvkm_pm_doms_alloc(pm, (hub ? hub->nr : 0) + hweight32(gpcs) * gpc->nr +
				 hweight32(parts) * part->nr);
	if (!ret && hub)
		ret = gf100_pm_sets(pm, &d, hub, BIT(0), gf100_pm_hub_addr);
	if (!ret)
		ret = gf100_pm_sets(pm, &d, gpc, gpcs, gf100_pm_gpc_addr);
	if (!ret)
		ret = gf100_pm_sets(pm, &d, part, parts, gf100_pm_part_addr);
	if (!ret)	/* after the domain sets: PDAEMON's idle counters */
		ret = nvkm_pm_pdaemon_doms(pm);
	return ret;
}

/* A GPC's domains name the signals the chip's row catalogs, if any. */
static int
gf100_pm_doms(struct nvkm_pm *pm)
{
	const struct nvkm_pm_chip_desc *cat = pm->engine.subdev.device->chip->pm_cat;
	struct gf100_pm_set gpc = gf100_pm_gpc;
	int j;

	for (j = 0; cat && j < min_t(int, cat->nr_doms, gpc.nr); j++)
		gpc.cat[j] = &cat->doms[j];
	return gf100_pm_doms_(pm, NULL, &gpc, &gf100_pm_part);
}

static const struct nvkm_pm_func
gf100_pm = {
	.caps = GF100_PM_CAPS,
	.init = gf100_pm_init,
	.doms = gf100_pm_doms,
	.layout = &gf100_pm_layout,
};

int
gf100_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&gf100_pm, device, ppm);
}
