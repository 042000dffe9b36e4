/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_ENGINE_H__
#define __NVKM_ENGINE_H__
#include <nvkm/core/subdev.h>

/**
 * struct nvkm_engine - a subdev that userspace objects are created on
 * @subdev: base
 *
 * Engines own state that users configure (perfmon counter groups, software
 * method objects); on a GPU reset or resume they reprogram it in init.
 */
struct nvkm_engine {
	struct nvkm_subdev subdev;
};

#define nvkm_engine_ctor(f, d, n, e) nvkm_subdev_ctor((f), (d), (n), &(e)->subdev)

#endif
