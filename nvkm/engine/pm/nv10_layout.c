// SPDX-License-Identifier: MIT
/*
 * NV10:NV40 PCOUNTER register layout: 0x100 per domain, one CTRL for both
 * domains, 40-bit counters before NV30 (a _HI register holds bits 32-39).
 * Counter groups run in single event mode only: nothing known latches quad
 * mode on NV30 (its SWAP is PGRAPH's PM_TRIGGER, whose trigger register is
 * not documented for NV30).  The counter mode is left SIMPLE: it is one bit
 * for both domains.  layout.c runs it.
 *
 * MMIO per sample: per group five reads (PRE, START, EVENT, STOP, CYCLES),
 * three more before NV30 for the high parts of START, EVENT and CYCLES.
 */
#include "priv.h"

static void
nv10_pm_setup(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	u32 period = NV10_PCOUNTER_CTRL_CTR_PERIOD(d), ctrl, v;

	/* CTRL serves both domains and any write to it aborts both: only
	 * when this domain's bit must change.
	 */
	ctrl = nvkm_rd32(device, NV10_PCOUNTER_CTRL);
	v = args->event_period_all ? period : 0;
	if ((ctrl & period) != v)
		nvkm_wr32(device, NV10_PCOUNTER_CTRL, (ctrl & ~period & 0x303) | v);

	if (pm->func->caps & NVPM_HW_CAP_COUNTER_40BIT) {
		nvkm_wr32(device, NV10_PCOUNTER_SETFLAG_SRC(d), 0);
		nvkm_wr32(device, NV10_PCOUNTER_CLRFLAG_SRC(d), 0);
		nvkm_wr32(device, NV10_PCOUNTER_THRESHOLD_HI(d), args->threshold >> 32);
	}
}

/*
 * No quad mode, so neither trigger nor ack; the delay-replace bits come
 * with G92.  A write to PRE_SRC, as any configuration write, aborts the
 * process: INACTIVE.
 */
const struct nvkm_pm_layout
nv10_pm_layout = {
	.regs = {
		.stride = NV10_PCOUNTER_PRE_SRC(1) - NV10_PCOUNTER_PRE_SRC(0),
		.src = { NV10_PCOUNTER_PRE_SRC(0), NV10_PCOUNTER_START_SRC(0),
			 NV10_PCOUNTER_EVENT_SRC(0), NV10_PCOUNTER_STOP_SRC(0) },
		.op = { NV10_PCOUNTER_PRE_OP(0), NV10_PCOUNTER_START_OP(0),
			NV10_PCOUNTER_EVENT_OP(0), NV10_PCOUNTER_STOP_OP(0) },
		.ctr = { NV10_PCOUNTER_CTR_PRE(0), NV10_PCOUNTER_CTR_START(0),
			 NV10_PCOUNTER_CTR_EVENT(0), NV10_PCOUNTER_CTR_STOP(0) },
		.ctr_hi = { 0, NV10_PCOUNTER_CTR_START_HI(0), NV10_PCOUNTER_CTR_EVENT_HI(0), 0 },
		.cycles = NV10_PCOUNTER_CTR_CYCLES(0),
		.cycles_hi = NV10_PCOUNTER_CTR_CYCLES_HI(0),
		.setflag_op = NV10_PCOUNTER_SETFLAG_OP(0),
		.clrflag_op = NV10_PCOUNTER_CLRFLAG_OP(0),
		.threshold = NV10_PCOUNTER_THRESHOLD(0),
		.halt = NV10_PCOUNTER_PRE_SRC(0),
		.op_setflag3 = NV_PCOUNTER_OP_SETFLAG3,
	},
	.setup = nv10_pm_setup,
	.program = nvkm_pm_layout_program,
	.stop = nvkm_pm_layout_stop,
	.collect = nvkm_pm_layout_collect,
};
