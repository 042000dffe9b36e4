// SPDX-License-Identifier: MIT
/*
 * NV10:NV40 PCOUNTER register layout: 0x100 per domain, one CTRL for both
 * domains, 40-bit counters before NV30 (a _HI register holds bits 32-39).
 * Counter groups run in single event mode only: nothing known latches quad
 * mode on NV30 (its SWAP is PGRAPH's PM_TRIGGER, whose trigger register is
 * not documented for NV30).  The counter mode is left SIMPLE: it is one bit
 * for both domains.
 *
 * MMIO per sample: per group five reads (EVENT, START, PRE, STOP, CYCLES),
 * three more before NV30 for the high parts of EVENT, START and CYCLES.
 */
#include "priv.h"

static void
nv10_pm_program(struct nvkm_pm *pm, int d, const struct nvkm_perfdom_args *args)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	bool wide = pm->func->caps & NVPM_HW_CAP_COUNTER_40BIT;
	static const u32 src[] = {
		NV10_PCOUNTER_PRE_SRC(0), NV10_PCOUNTER_START_SRC(0),
		NV10_PCOUNTER_EVENT_SRC(0), NV10_PCOUNTER_STOP_SRC(0),
	};
	u32 period = NV10_PCOUNTER_CTRL_CTR_PERIOD(d), ctrl, v;
	int i, j;

	/* CTRL serves both domains and any write to it aborts both: only
	 * when this domain's bit must change.
	 */
	ctrl = nvkm_rd32(device, NV10_PCOUNTER_CTRL);
	v = args->event_period_all ? period : 0;
	if ((ctrl & period) != v)
		nvkm_wr32(device, NV10_PCOUNTER_CTRL, (ctrl & ~period & 0x303) | v);

	if (wide) {
		nvkm_wr32(device, NV10_PCOUNTER_SETFLAG_SRC(d), 0);
		nvkm_wr32(device, NV10_PCOUNTER_CLRFLAG_SRC(d), 0);
		nvkm_wr32(device, NV10_PCOUNTER_THRESHOLD_HI(d), args->threshold >> 32);
	}
	nvkm_wr32(device, NV10_PCOUNTER_SETFLAG_OP(d), 0);
	nvkm_wr32(device, NV10_PCOUNTER_CLRFLAG_OP(d), 0);
	nvkm_wr32(device, NV10_PCOUNTER_THRESHOLD(d), args->threshold);
	nvkm_wr32(device, NV10_PCOUNTER_CTR_PRE(d), args->pre_count);
	nvkm_wr32(device, NV10_PCOUNTER_CTR_STOP(d), args->stop_count);

	for (i = NVKM_PM_COUNTERS - 1; i >= 0; i--) {
		for (v = 0, j = 0; j < 4; j++)
			v |= args->ctr[i].signal[j] << (j * 8);
		nvkm_wr32(device, src[i] + d * 0x100, v);
		v = args->ctr[i].logic_op;
		if (args->ctr[i].flags & NVPM_COUNTER_DELAY0)
			v |= NV_PCOUNTER_OP_DELAY0;
		if (args->ctr[i].flags & NVPM_COUNTER_DELAY1)
			v |= NV_PCOUNTER_OP_DELAY1;
		if (args->ctr[i].flags & NVPM_COUNTER_SETFLAG3)
			v |= NV_PCOUNTER_OP_SETFLAG3;
		/* PRE_OP last: it starts the counting process */
		nvkm_wr32(device, src[i] + 4 + d * 0x100, v);
	}
}

static void
nv10_pm_stop(struct nvkm_pm *pm, int d)
{
	/* any configuration write aborts the process: INACTIVE */
	nvkm_wr32(pm->engine.subdev.device, NV10_PCOUNTER_PRE_SRC(d), 0);
}

static u64
nv10_pm_rd40(struct nvkm_pm *pm, u32 lo, u32 hi)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	u64 v = nvkm_rd32(device, lo);

	if (pm->func->caps & NVPM_HW_CAP_COUNTER_40BIT)
		v |= (u64)(nvkm_rd32(device, hi) & 0xff) << 32;
	return v;
}

static bool
nv10_pm_collect(struct nvkm_pm *pm, int d, struct nvkm_perfdom *dom)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	struct nvkm_perfdom_result *res = &dom->res;
	u32 max = (pm->func->caps & NVPM_HW_CAP_COUNTER_40BIT) ? 0 : U32_MAX;
	int i;

	res->value[0] = nvkm_rd32(device, NV10_PCOUNTER_CTR_PRE(d));
	res->value[1] = nv10_pm_rd40(pm, NV10_PCOUNTER_CTR_START(d),
				     NV10_PCOUNTER_CTR_START_HI(d));
	res->value[2] = nv10_pm_rd40(pm, NV10_PCOUNTER_CTR_EVENT(d),
				     NV10_PCOUNTER_CTR_EVENT_HI(d));
	res->value[3] = nvkm_rd32(device, NV10_PCOUNTER_CTR_STOP(d));
	res->cycles = nv10_pm_rd40(pm, NV10_PCOUNTER_CTR_CYCLES(d),
				   NV10_PCOUNTER_CTR_CYCLES_HI(d));
	for (i = 0; i < NVKM_PM_COUNTERS; i++) {
		/* 32-bit counters saturate; 40-bit ones keep bit 39 */
		res->ctr_flags[i] = (max && res->value[i] == max) ||
				    (res->value[i] & BIT_ULL(39)) ?
				    NVPM_READ_SATURATED : 0;
	}
	return true;
}

const struct nvkm_pm_layout
nv10_pm_layout = {
	.program = nv10_pm_program,
	.stop = nv10_pm_stop,
	.collect = nv10_pm_collect,
};
