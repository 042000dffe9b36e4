// SPDX-License-Identifier: MIT
/*
 * NV10:NV20 PCOUNTER: one domain, single event mode, 40-bit counters;
 * NV15 adds the EVENT_CTR_PERIOD switch.  The NV10:NV40 domain lists live
 * here for NV20 and NV30 too; nv10_layout.c runs their counter groups.
 */
#include "priv.h"

struct nv10_pm_named {
	u16 chipset;
	u8 dom;
	u8 signal;
	const char *name;
};

/* Signals the NV10:NV40 lists name; unlisted siblings take their family's. */
static const struct nv10_pm_named nv10_pm_named[] = {
	{ 0x10, 0, 0x70, "PGRAPH.PM_TRIGGER" }, { 0x10, 0, 0x87, "PTIMER_TIME_B12" },
	{ 0x15, 0, 0x70, "PGRAPH.PM_TRIGGER" }, { 0x15, 0, 0x87, "PTIMER_TIME_B12" },
	{ 0x1f, 0, 0x70, "PGRAPH.PM_TRIGGER" }, { 0x1f, 0, 0x86, "HEAD0_VBLANK" },
	{ 0x1f, 0, 0x87, "HEAD1_VBLANK" },
	{ 0x20, 0, 0xaa, "HEAD0_VBLANK" }, { 0x28, 0, 0xaa, "HEAD0_VBLANK" },
	{ 0x31, 0, 0xf8, "HEAD0_VBLANK" }, { 0x31, 0, 0xf9, "HEAD1_VBLANK" },
	{ 0x34, 0, 0xda, "HEAD0_VBLANK" }, { 0x34, 0, 0xdb, "HEAD1_VBLANK" },
	{ 0x35, 0, 0xf8, "HEAD0_VBLANK" }, { 0x35, 0, 0xf9, "HEAD1_VBLANK" },
};

int
nv10_pm_doms(struct nvkm_pm *pm)
{
	u32 chipset = pm->engine.subdev.device->chipset;
	bool two = chipset >= 0x20;
	int i, ret;

	ret = nvkm_pm_doms_alloc(pm, two ? 2 : 1);
	if (ret)
		return ret;
	ret = nvkm_pm_dom_init(pm, 0, "core", "core",
			       !two ? 0xa0 : chipset < 0x30 ? 0xc0 : 0x100, NULL);
	if (!ret && two)
		ret = nvkm_pm_dom_init(pm, 1, "memory", "memory", 0x40, NULL);

	for (i = 0; !ret && i < ARRAY_SIZE(nv10_pm_named); i++) {
		if (nv10_pm_named[i].chipset == chipset)
			ret = nvkm_pm_sig_add(pm, nv10_pm_named[i].dom, nv10_pm_named[i].signal,
					      "%s", nv10_pm_named[i].name);
	}

	for (i = 0; !ret && i < pm->nr_doms; i++) {
		u16 t = pm->dom[i].trailer;

		if (!two) {
			ret = nvkm_pm_sig_add(pm, i, t + NV10_PCOUNTER_TRAILER_FLAG, "FLAG");
			continue;
		}
		ret = nvkm_pm_sig_add(pm, i, t + NV20_PCOUNTER_TRAILER_PM_TRIGGER,
				      "PM_TRIGGER") ?:
		      nvkm_pm_sig_add(pm, i, t + NV20_PCOUNTER_TRAILER_FLAG(0), "core.FLAG") ?:
		      nvkm_pm_sig_add(pm, i, t + NV20_PCOUNTER_TRAILER_FLAG(1), "memory.FLAG");
	}
	return ret;
}

static const struct nvkm_pm_func
nv10_pm = {
	.caps = NV10_PM_CAPS,
	.doms = nv10_pm_doms,
	.layout = &nv10_pm_layout,
};

int
nv10_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv10_pm, device, ppm);
}

static const struct nvkm_pm_func
nv15_pm = {
	.caps = NV15_PM_CAPS,
	.doms = nv10_pm_doms,
	.layout = &nv10_pm_layout,
};

int
nv15_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm)
{
	return nvkm_pm_new_(&nv15_pm, device, ppm);
}
