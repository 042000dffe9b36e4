// SPDX-License-Identifier: MIT
/*
 * NV40:GF100 PCOUNTER: up to 8 domains at a 4-byte register stride, the
 * special counter modes.  The register layout here serves every generation
 * up to GF100; G84, G92 and GT215 only add capabilities.  layout.c runs it.
 *
 * Quad mode groups are latched together by PGRAPH's PM_TRIGGER pulse, which
 * writing bit 5 of 0x400084 produces: rnndb graph/g80_pgraph.xml names it
 * DEBUG_1.PM_TRIGGER for G80:GF100; nouveau (pm/nv40.c) writes the same
 * bit on NV40:G80 too.  On NV30:G84 the SWAP input is wired to PM_TRIGGER,
 * on G84+ SPEC_SRC selects it.
 *
 * MMIO per sample: one trigger write, then per quad domain one CTRL read
 * (latched yet? a period lost?), one read per counter used, one CTR_CYCLES
 * read and one or two QUAD_ACK_TRIGGER writes.
 */
#include <linux/bitfield.h>
#include "priv.h"

#define NV40_PGRAPH_TRIGGER		0x400084
#define NV40_PGRAPH_TRIGGER_PM		BIT(5)

/* CTRL for the group; on G84+ its SWAP input is PM_TRIGGER, selected. */
static void
nv40_pm_setup(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	u32 ctrl;

	ctrl = FIELD_PREP(NV40_PCOUNTER_CTRL_MODE, args->mode == NVPM_MODE_QUAD ?
			  NV_PCOUNTER_MODE_QUAD : NV_PCOUNTER_MODE_SINGLE) |
	       FIELD_PREP(NV40_PCOUNTER_CTRL_CTR_MODE, args->ctr_mode) |
	       (args->event_period_all ? NV40_PCOUNTER_CTRL_CTR_PERIOD : 0);
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), ctrl);
	if (pm->func->caps & NVPM_HW_CAP_SPEC_SRC)
		nvkm_wr32(device, NV40_PCOUNTER_SPEC_SRC(d),
			  pm->dom[d].trailer + NV40_PCOUNTER_TRAILER_PM_TRIGGER);
}

/* G84+: the PRE_OP write latched; forget it, count from here */
static void
nv40_pm_armed(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args)
{
	struct nvkm_device *device = pm->engine.subdev.device;

	if (args->mode == NVPM_MODE_QUAD) {
		nvkm_wr32(device, NV40_PCOUNTER_QUAD_ACK_TRIGGER(d), 1);
		nvkm_wr32(device, NV40_PCOUNTER_QUAD_ACK_TRIGGER(d), 1);
	}
}

/*
 * Before G84 nothing clears the shadow counters when a group is
 * programmed: the first latch holds older counts and is dropped.
 */
static bool
nv40_pm_stale_latch(struct nvkm_pm *pm)
{
	return !(pm->func->caps & NVPM_HW_CAP_SPEC_SRC);
}

static void
nv40_pm_trigger(struct nvkm_pm *pm)
{
	nvkm_wr32(pm->engine.subdev.device, NV40_PGRAPH_TRIGGER, NV40_PGRAPH_TRIGGER_PM);
}

/* Counter i of a group is input i: PRE, START, EVENT, STOP. */
const struct nvkm_pm_layout
nv40_pm_layout = {
	.regs = {
		.stride = NV40_PCOUNTER_PRE_SRC(1) - NV40_PCOUNTER_PRE_SRC(0),
		.src = { NV40_PCOUNTER_PRE_SRC(0), NV40_PCOUNTER_START_SRC(0),
			 NV40_PCOUNTER_EVENT_SRC(0), NV40_PCOUNTER_STOP_SRC(0) },
		.op = { NV40_PCOUNTER_PRE_OP(0), NV40_PCOUNTER_START_OP(0),
			NV40_PCOUNTER_EVENT_OP(0), NV40_PCOUNTER_STOP_OP(0) },
		.ctr = { NV40_PCOUNTER_CTR_PRE(0), NV40_PCOUNTER_CTR_START(0),
			 NV40_PCOUNTER_CTR_EVENT(0), NV40_PCOUNTER_CTR_STOP(0) },
		.cycles = NV40_PCOUNTER_CTR_CYCLES(0),
		.setflag_op = NV40_PCOUNTER_SETFLAG_OP(0),
		.clrflag_op = NV40_PCOUNTER_CLRFLAG_OP(0),
		.threshold = NV40_PCOUNTER_THRESHOLD(0),
		.ctrl = NV40_PCOUNTER_CTRL(0),
		.quad_state = NV40_PCOUNTER_CTRL_QUAD_STATE,
		.ack = NV40_PCOUNTER_QUAD_ACK_TRIGGER(0),
		/* single event mode, INACTIVE: the domain counts nothing */
		.halt = NV40_PCOUNTER_CTRL(0),
		.op_setflag3 = NV_PCOUNTER_OP_SETFLAG3,
		/* EVENT and STOP place their bits differently */
		.op_replace2 = { NV_PCOUNTER_OP_REPLACE2, NV_PCOUNTER_OP_REPLACE2,
				 NV_PCOUNTER_OP_ES_REPLACE2, NV_PCOUNTER_OP_ES_REPLACE2 },
		.op_replace3 = { NV_PCOUNTER_OP_REPLACE3, NV_PCOUNTER_OP_REPLACE3,
				 NV_PCOUNTER_OP_ES_REPLACE3, NV_PCOUNTER_OP_ES_REPLACE3 },
	},
	.setup = nv40_pm_setup,
	.armed = nv40_pm_armed,
	.stale_latch = nv40_pm_stale_latch,
	.program = nvkm_pm_layout_program,
	.stop = nvkm_pm_layout_stop,
	.trigger = nv40_pm_trigger,
	.collect = nvkm_pm_layout_collect,
};

/* Trailer signals of the NV40:GF100 layout, per domain. */
static int
nv40_pm_trailer(struct nvkm_pm *pm, int d)
{
	bool g84 = pm->func->caps & NVPM_HW_CAP_PERIODIC;
	u16 t = pm->dom[d].trailer;
	int ret = 0, x;

	if (g84) {
		ret |= nvkm_pm_sig_add(pm, d, t + NV40_PCOUNTER_TRAILER_ZERO, "ZERO");
		ret |= nvkm_pm_sig_add(pm, d, t + NV40_PCOUNTER_TRAILER_PERIODIC, "PERIODIC");
	}
	ret |= nvkm_pm_sig_add(pm, d, t + NV40_PCOUNTER_TRAILER_WRCACHE_FLUSH,
			       g84 ? "WRCACHE_FLUSH" : "ZERO");
	ret |= nvkm_pm_sig_add(pm, d, t + NV40_PCOUNTER_TRAILER_PM_TRIGGER, "PM_TRIGGER");
	for (x = 0; x < pm->nr_doms; x++) {
		ret |= nvkm_pm_sig_add(pm, d, t + NV40_PCOUNTER_TRAILER_EVENT(x), "%s.EVENT",
				       pm->dom[x].name);
		ret |= nvkm_pm_sig_add(pm, d, t + NV40_PCOUNTER_TRAILER_FLAG(x), "%s.FLAG",
				       pm->dom[x].name);
	}
	return ret ? -ENOMEM : 0;
}

/* The chipset's catalog, then the trailer signals of every domain. */
int
nv40_pm_doms(struct nvkm_pm *pm)
{
	int d, ret = nvkm_pm_doms_catalog(pm);

	for (d = 0; !ret && d < pm->nr_doms; d++)
		ret = nv40_pm_trailer(pm, d);
	return ret;
}

static const struct nvkm_pm_func
nv40_pm = {
	.caps = NV40_PM_CAPS,
	.doms = nv40_pm_doms,
	.layout = &nv40_pm_layout,
};

int
nv40_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv40_pm, device, ppm);
}
