// SPDX-License-Identifier: MIT
/*
 * GT215:GF100 PCOUNTER: two USER signals per domain, set via USER_TRIGGER;
 * GT200's multiplexers (assumed: nouveau lists none of its own).
 */
#include "priv.h"

/* The NV40 layout's domains, then PDAEMON's idle counters. */
static int
gt215_pm_doms(struct nvkm_pm *pm)
{
	return nv40_pm_doms(pm) ?: nvkm_pm_pdaemon_doms(pm);
}

/*
 * USER_0 of each domain (USER_1 follows it), from the reference's
 * PCOUNTER.USER rows of the G80:GF100 signal tables.
 */
static const struct {
	u16 chipset;
	u8 user[NV40_PCOUNTER_DOMS];
} gt215_pm_user[] = {
	{ 0xa3, { 0x2a, 0x69, 0x9e, 0x13, 0x3b, 0x10, 0x10, 0x4f } },
	{ 0xa5, { 0x2a, 0x69, 0x9e, 0x13, 0x3b, 0x10, 0x10, 0x3e } },
	{ 0xa8, { 0x2a, 0x69, 0x9e, 0x13, 0x37, 0x10, 0x10, 0x3e } },
	{ 0xaf, { 0x3a, 0x69, 0x9e, 0x13, 0x6a, 0x10, 0x10, 0x1e } },
};

static int
gt215_pm_user_signal(struct nvkm_pm *pm, int d)
{
	u32 chipset = pm->engine.subdev.device->chipset;
	int i;

	for (i = 0; i < ARRAY_SIZE(gt215_pm_user); i++) {
		if (gt215_pm_user[i].chipset == chipset && d < NV40_PCOUNTER_DOMS &&
		    gt215_pm_user[i].user[d])
			return gt215_pm_user[i].user[d];
	}
	return -1;
}

/* Record mode as on G92, and a STOP the driver can pulse: USER_0. */
static const struct nvkm_pm_record_func
gt215_pm_record = {
	.vmm_flags = NVKM_VMM_NO_4G_CROSS,
	.address_high = true,
	.user_signal = gt215_pm_user_signal,
};

static const struct nvkm_pm_func
gt215_pm = {
	.caps = GT215_PM_CAPS,
	.doms = gt215_pm_doms,
	.layout = &nv40_pm_layout,
	.sources = gt200_pm_sources,
	.nr_sources = TESLA_PM_SOURCES,
	.record = &gt215_pm_record,
};

int
gt215_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&gt215_pm, device, ppm);
}
