/* SPDX-License-Identifier: MIT */
/*
 * What the simulator test suites share: MMIO through the same hook the
 * driver uses, the unclaimed-access count, and a signal level.  The
 * fixture helpers are nvpm_kunit_*, the per-access ones kt_* (short: they
 * are most of a test's lines).
 */
#ifndef __NVPM_KUNIT_H__
#define __NVPM_KUNIT_H__
#include <kunit/test.h>
#include <linux/platform_device.h>
#include <nvkm/core/device.h>
#include <sim/pcounter.h>

/* memory_g80-vm.rst "Channels": a G84+ page directory at +0x200 */
#define G84_PGD		0x200

/*
 * What a fixture with a simulated GPU starts from: a platform device for
 * the nvkm device to hang on, and a simulator on a manual clock.
 */
static inline void
nvpm_kunit_sim_up(struct kunit *test, const char *name, u32 chipset,
		  struct platform_device **pdev, struct nvkm_sim **sim)
{
	*pdev = platform_device_register_simple(name, -1, NULL, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(*pdev));
	*sim = nvkm_sim_new(chipset);
	KUNIT_ASSERT_NOT_NULL(test, *sim);
	nvkm_sim_set_manual_clock(*sim, true);
}

/*
 * An nvkm device over @mmio, lent everything nvpm's own buses lend (its
 * FIFO included), as the simulated GPU's platform device builds it.
 */
static inline int
nvpm_kunit_device_new(struct device *dev, const struct nvkm_mmio_func *mmio,
		      void *priv, struct nvkm_device **pdevice)
{
	return nvkm_device_new(dev, &(struct nvkm_host) {
		.mmio = mmio, .priv = priv, .lends = NVKM_HOST_ALL,
	}, pdevice);
}

/* Tear down a fixture's device, simulator and platform device. */
static inline void
nvpm_kunit_sim_down(struct platform_device *pdev, struct nvkm_sim **sim,
		    struct nvkm_device **device)
{
	if (*device)
		nvkm_device_fini(*device, false);
	nvkm_device_del(device);
	nvkm_sim_del(sim);
	if (!IS_ERR_OR_NULL(pdev))
		platform_device_unregister(pdev);
}

static inline void
kt_wr(struct nvkm_sim *sim, u32 addr, u32 data)
{
	nvkm_sim_mmio.wr32(sim, addr, data);
}

static inline u32
kt_rd(struct nvkm_sim *sim, u32 addr)
{
	return nvkm_sim_mmio.rd32(sim, addr);
}

static inline u64
kt_unclaimed(struct nvkm_sim *sim)
{
	struct nvkm_sim_stats stats;

	nvkm_sim_stats(sim, &stats);
	return stats.unclaimed;
}

static inline void
kt_level(struct nvkm_sim *sim, int dom, int sig, bool v)
{
	nvkm_sim_pcounter_set_signal(sim, dom, sig, v);
}

#endif
