// SPDX-License-Identifier: MIT
/*
 * NV40:GF100 PCOUNTER: up to 8 domains at a 4-byte register stride, the
 * special counter modes.  The register layout here serves every generation
 * up to GF100; G84, G92 and GT215 only add capabilities.
 *
 * Counter i of a group is input i of the domain: PRE, START, EVENT, STOP.
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

static const u32 nv40_pm_src[NVKM_PM_COUNTERS] = {
	NV40_PCOUNTER_PRE_SRC(0), NV40_PCOUNTER_START_SRC(0),
	NV40_PCOUNTER_EVENT_SRC(0), NV40_PCOUNTER_STOP_SRC(0),
};

static const u32 nv40_pm_ctr[NVKM_PM_COUNTERS] = {
	NV40_PCOUNTER_CTR_PRE(0), NV40_PCOUNTER_CTR_START(0),
	NV40_PCOUNTER_CTR_EVENT(0), NV40_PCOUNTER_CTR_STOP(0),
};

#define NV40_PM_OP(i)	(nv40_pm_src[i] + 0x20)

/* The hardware _OP value: table plus the flag bits, placed per input. */
static u32
nv40_pm_op(int i, u16 logic_op, u16 flags)
{
	bool es = i >= 2;	/* EVENT and STOP place their bits differently */
	u32 op = logic_op;

	if (flags & NVPM_COUNTER_DELAY0)
		op |= NV_PCOUNTER_OP_DELAY0;
	if (flags & NVPM_COUNTER_DELAY1)
		op |= NV_PCOUNTER_OP_DELAY1;
	if (flags & NVPM_COUNTER_REPLACE2)
		op |= es ? NV_PCOUNTER_OP_ES_REPLACE2 : NV_PCOUNTER_OP_REPLACE2;
	if (flags & NVPM_COUNTER_REPLACE3)
		op |= es ? NV_PCOUNTER_OP_ES_REPLACE3 : NV_PCOUNTER_OP_REPLACE3;
	if (flags & NVPM_COUNTER_SETFLAG3)
		op |= NV_PCOUNTER_OP_SETFLAG3;
	return op;
}

static void
nv40_pm_program(struct nvkm_pm *pm, int d, const struct nvkm_perfdom_args *args)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	u32 dd = d * 4, ctrl, src;
	int i, j;

	ctrl = FIELD_PREP(NV40_PCOUNTER_CTRL_MODE, args->mode == NVPM_MODE_QUAD ?
			  NV_PCOUNTER_MODE_QUAD : NV_PCOUNTER_MODE_SINGLE) |
	       FIELD_PREP(NV40_PCOUNTER_CTRL_CTR_MODE, args->ctr_mode) |
	       (args->event_period_all ? NV40_PCOUNTER_CTRL_CTR_PERIOD : 0);
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), ctrl);
	if (pm->func->caps & NVPM_HW_CAP_SPEC_SRC)
		nvkm_wr32(device, NV40_PCOUNTER_SPEC_SRC(d),
			  pm->dom[d].trailer + NV40_PCOUNTER_TRAILER_PM_TRIGGER);

	nvkm_wr32(device, NV40_PCOUNTER_SETFLAG_OP(d), 0);
	nvkm_wr32(device, NV40_PCOUNTER_CLRFLAG_OP(d), 0);
	nvkm_wr32(device, NV40_PCOUNTER_THRESHOLD(d), args->threshold);
	nvkm_wr32(device, NV40_PCOUNTER_CTR_PRE(d), args->pre_count);
	nvkm_wr32(device, NV40_PCOUNTER_CTR_STOP(d), args->stop_count);
	for (i = NVKM_PM_COUNTERS - 1; i >= 0; i--) {
		u32 op = 0;

		src = 0;
		if (i < args->nr_ctr) {
			for (j = 0; j < 4; j++)
				src |= args->ctr[i].signal[j] << (j * 8);
			op = nv40_pm_op(i, args->ctr[i].logic_op, args->ctr[i].flags);
		}
		nvkm_wr32(device, nv40_pm_src[i] + dd, src);
		/* PRE_OP last: it starts single event mode (and swaps on G84+) */
		nvkm_wr32(device, NV40_PM_OP(i) + dd, op);
	}

	/* G84+: the PRE_OP write latched; forget it, count from here */
	if (args->mode == NVPM_MODE_QUAD) {
		nvkm_wr32(device, NV40_PCOUNTER_QUAD_ACK_TRIGGER(d), 1);
		nvkm_wr32(device, NV40_PCOUNTER_QUAD_ACK_TRIGGER(d), 1);
	}
}

static void
nv40_pm_stop(struct nvkm_pm *pm, int d)
{
	struct nvkm_device *device = pm->engine.subdev.device;

	/* single event mode, INACTIVE: the domain counts nothing */
	nvkm_wr32(device, NV40_PCOUNTER_CTRL(d), NV_PCOUNTER_MODE_SINGLE);
}

static void
nv40_pm_trigger(struct nvkm_pm *pm)
{
	nvkm_wr32(pm->engine.subdev.device, NV40_PGRAPH_TRIGGER, NV40_PGRAPH_TRIGGER_PM);
}

static bool
nv40_pm_collect(struct nvkm_pm *pm, int d, struct nvkm_perfdom *dom)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	struct nvkm_perfdom_result *res = &dom->res;
	u32 ctrl, v, state;
	bool discard;
	int i;

	if (dom->args.mode == NVPM_MODE_SINGLE) {
		/* single event mode counts in place: the totals are the counters */
		for (i = 0; i < dom->args.nr_ctr; i++) {
			v = nvkm_rd32(device, nv40_pm_ctr[i] + d * 4);
			res->value[i] = v;
			res->ctr_flags[i] = v == U32_MAX ? NVPM_READ_SATURATED : 0;
		}
		res->cycles = nvkm_rd32(device, NV40_PCOUNTER_CTR_CYCLES(d));
		return true;
	}

	ctrl = nvkm_rd32(device, NV40_PCOUNTER_CTRL(d));
	state = FIELD_GET(NV40_PCOUNTER_CTRL_QUAD_STATE, ctrl);
	if (state == NV_PCOUNTER_QUAD_EMPTY)
		return false;

	/*
	 * Before G84 nothing clears the shadow counters when a group is
	 * programmed: the first latch holds older counts and is dropped.
	 */
	discard = !dom->discarded && !(pm->func->caps & NVPM_HW_CAP_SPEC_SRC);
	dom->discarded = true;
	for (i = 0; i < dom->args.nr_ctr; i++) {
		v = nvkm_rd32(device, nv40_pm_ctr[i] + d * 4);
		if (discard)
			continue;
		res->value[i] += v;
		if (v == U32_MAX)
			res->ctr_flags[i] |= NVPM_READ_SATURATED;
	}
	v = nvkm_rd32(device, NV40_PCOUNTER_CTR_CYCLES(d));
	if (!discard)
		res->cycles += v;

	/* OVERFLOW: a latch came before we read the last one: counts lost */
	nvkm_wr32(device, NV40_PCOUNTER_QUAD_ACK_TRIGGER(d), 1);
	if (state == NV_PCOUNTER_QUAD_OVERFLOW) {
		res->flags |= NVPM_READ_LOST;
		nvkm_wr32(device, NV40_PCOUNTER_QUAD_ACK_TRIGGER(d), 1);
	}
	return true;
}

const struct nvkm_pm_layout
nv40_pm_layout = {
	.program = nv40_pm_program,
	.stop = nv40_pm_stop,
	.trigger = nv40_pm_trigger,
	.collect = nv40_pm_collect,
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
