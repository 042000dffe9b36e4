/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_PM_H__
#define __NVKM_PM_H__
#include <nvkm/core/engine.h>

/* PCOUNTER hardware capabilities, per generation (reference: pcounter intro). */
#define NVKM_PM_CAP_CTR_PERIOD		BIT_ULL(0)	/* NV15+ */
#define NVKM_PM_CAP_COUNTER_40BIT	BIT_ULL(1)	/* NV10:NV30 */
#define NVKM_PM_CAP_QUAD		BIT_ULL(2)	/* NV30+ */
#define NVKM_PM_CAP_COUNTER_MODES	BIT_ULL(3)	/* NV40+ */
#define NVKM_PM_CAP_RECORD		BIT_ULL(4)	/* G84+ */
#define NVKM_PM_CAP_SPEC_SRC		BIT_ULL(5)	/* G84+ */
#define NVKM_PM_CAP_PERIODIC		BIT_ULL(6)	/* G84+ */
#define NVKM_PM_CAP_DELAY_REPLACE	BIT_ULL(7)	/* G92+ */
#define NVKM_PM_CAP_RECORD_ADDR_HIGH	BIT_ULL(8)	/* G92+ */
#define NVKM_PM_CAP_USER_TRIGGER	BIT_ULL(9)	/* GT215+ */
#define NVKM_PM_CAP_DOMAIN_SETS		BIT_ULL(10)	/* GF100+ */

/**
 * struct nvkm_pm - the perfmon (PCOUNTER) engine of a device
 * @engine: base
 * @func: generation specifics
 */
struct nvkm_pm {
	struct nvkm_engine engine;
	const struct nvkm_pm_func *func;
};

u64 nvkm_pm_caps(struct nvkm_pm *pm);

int nv10_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int nv15_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int nv20_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int nv30_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int nv40_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int g84_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int g92_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int gt215_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int gf100_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int gk104_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);

#endif
