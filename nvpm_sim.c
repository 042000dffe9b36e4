// SPDX-License-Identifier: MIT
/*
 * Simulated GPUs: one platform device per entry of the sim= parameter, each
 * probed like a real GPU but with the simulator behind its MMIO hooks.
 */
#include <linux/debugfs.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/platform_device.h>
#include <linux/stringify.h>
#include <linux/string.h>
#include <drm/drm_file.h>
#include <drm/drm_managed.h>
#include <nvkm/hw/pmc.h>
#include <nvkm/sim/fifo.h>
#include <nvkm/sim/pcounter.h>
#include "nvpm_drv.h"

#define NVPM_SIM_MAX	8

static char *nvpm_sim_param = "g84";
module_param_named(sim, nvpm_sim_param, charp, 0444);
MODULE_PARM_DESC(sim, "Simulated GPUs to create, comma separated chip names or chipset numbers (e.g. \"g84,gf100,0xa3\"; empty for none) [g84]");

static unsigned int nvpm_sim_gr_busy = 35;
module_param_named(sim_gr_busy, nvpm_sim_gr_busy, uint, 0444);
MODULE_PARM_DESC(sim_gr_busy, "Percentage of time the simulated GPUs' PGRAPH is busy [35]");

/*
 * 0: each chip at its reference board's core clock, in real time (the
 * simulator keeps it under QEMU's TCG; where it cannot, as with a record
 * packet every 16 cycles, the simulated clock falls behind: debugfs
 * nvpm_sim counts the cycles dropped).  The selftests count in cycles of
 * a microsecond: sim_clock_mhz=1.
 */
static unsigned int nvpm_sim_clock_mhz;
module_param_named(sim_clock_mhz, nvpm_sim_clock_mhz, uint, 0444);
MODULE_PARM_DESC(sim_clock_mhz,
		 "Clock rate of the simulated GPUs in MHz, 1.." __stringify(NVKM_SIM_MHZ_MAX)
		 "; 0: each chip's reference board core clock (G84: 540) [0]");

/* Reads per measurement of the access floor (debugfs nvpm_sim_floor). */
#define NVPM_SIM_FLOOR_READS	20000

/* One busy+idle round of the simulated PGRAPH load, in microseconds. */
#define NVPM_SIM_GR_PERIOD_US	1000

static struct platform_device *nvpm_sim_pdev[NVPM_SIM_MAX];

static void
nvpm_sim_release(struct drm_device *drm, void *ptr)
{
	struct nvkm_sim *sim = ptr;

	nvkm_sim_del(&sim);
}

#if IS_ENABLED(CONFIG_DEBUG_FS)
/*
 * What the simulator costs the CPU: its time per register access, and the
 * PCOUNTER model's work (domain cycles stepped, closed-form advances).
 */
static int
nvpm_sim_debugfs_show(struct seq_file *m, void *data)
{
	struct nvkm_sim *sim = m->private;
	struct nvkm_sim_stats st;
	u64 steps, skips;

	nvkm_sim_stats(sim, &st);
	nvkm_sim_pcounter_work(sim, &steps, &skips);
	seq_printf(m, "clock_mhz %u reads %llu writes %llu ns %llu", nvkm_sim_clock(sim),
		   st.rd, st.wr, st.ns);
	seq_printf(m, " steps %llu skips %llu dropped %llu sync_ns %llu pieces %llu behind %llu\n",
		   steps, skips, st.dropped, st.sync_ns, st.pieces, st.behind);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(nvpm_sim_debugfs);

/*
 * The floor under every register access, measured when read (make bench):
 * NVPM_SIM_FLOOR_READS reads of PMC_BOOT_0, which has nothing to simulate,
 * and as many times the lock and the clock alone.
 */
static int
nvpm_sim_floor_show(struct seq_file *m, void *data)
{
	struct nvkm_sim *sim = m->private;
	s64 bare, boot0;

	bare = nvkm_sim_time_reads(sim, NV_PMC_BOOT_0, NVPM_SIM_FLOOR_READS, true);
	boot0 = nvkm_sim_time_reads(sim, NV_PMC_BOOT_0, NVPM_SIM_FLOOR_READS, false);
	if (bare < 0 || boot0 < 0)
		return -EINVAL;
	seq_printf(m, "reads %u bare_ns %lld boot0_ns %lld\n", NVPM_SIM_FLOOR_READS, bare, boot0);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(nvpm_sim_floor);

/* /sys/kernel/debug/dri/<minor>/nvpm_sim, removed with the minors. */
static void
nvpm_sim_debugfs_init(struct nvpm_drm *nvpm, struct nvkm_sim *sim)
{
	struct drm_minor *minors[] = { nvpm->drm.primary, nvpm->drm.render };
	int i;

	for (i = 0; i < ARRAY_SIZE(minors); i++) {
		if (!minors[i] || !minors[i]->debugfs_root)
			continue;
		debugfs_create_file("nvpm_sim", 0444, minors[i]->debugfs_root, sim,
				    &nvpm_sim_debugfs_fops);
		/* reading it costs the CPU a while: root alone */
		debugfs_create_file("nvpm_sim_floor", 0400, minors[i]->debugfs_root, sim,
				    &nvpm_sim_floor_fops);
	}
}
#else
static void
nvpm_sim_debugfs_init(struct nvpm_drm *nvpm, struct nvkm_sim *sim)
{
}
#endif

static int
nvpm_sim_probe(struct platform_device *pdev)
{
	const u32 *chipset = dev_get_platdata(&pdev->dev);
	struct nvpm_drm *nvpm;
	struct nvkm_sim *sim;
	int ret;

	nvpm = nvpm_drm_alloc(&pdev->dev);
	if (IS_ERR(nvpm))
		return PTR_ERR(nvpm);

	/* Registered first, so it runs after the nvkm device is gone. */
	sim = nvkm_sim_new(*chipset);
	if (!sim)
		return -ENOMEM;
	ret = drmm_add_action_or_reset(&nvpm->drm, nvpm_sim_release, sim);
	if (ret)
		return ret;
	if (nvpm_sim_clock_mhz) {
		ret = nvkm_sim_set_clock(sim, nvpm_sim_clock_mhz);
		if (ret) {
			dev_err(&pdev->dev, "sim_clock_mhz=%u: not 1..%u\n", nvpm_sim_clock_mhz,
				NVKM_SIM_MHZ_MAX);
			return ret;
		}
	}
	/* a workload to observe; chipsets without a known PGRAPH.IDLE idle */
	nvkm_sim_gr_load(sim, min(nvpm_sim_gr_busy, 100u),
			 NVPM_SIM_GR_PERIOD_US * nvkm_sim_clock(sim));

	/* its interrupt line, as a PCI GPU's */
	nvpm->irq = nvkm_sim_irq(sim);
	ret = nvpm_drm_init(nvpm, NULL, &nvkm_sim_mmio, sim);
	if (ret)
		return ret;
	nvpm_sim_debugfs_init(nvpm, sim);

	platform_set_drvdata(pdev, nvpm);
	return 0;
}

static int
nvpm_sim_remove(struct platform_device *pdev)
{
	nvpm_drm_remove(platform_get_drvdata(pdev));
	return 0;
}

/*
 * Each simulated GPU is a platform device of its own name, "nvpm-sim<N>"
 * for the Nth entry of sim=.  Userspace tells platform devices apart by
 * that name: the kernel puts it (not the instance number) in the device's
 * MODALIAS, and without firmware (OF) data libdrm takes the part after the
 * last ':' of MODALIAS as the device's bus identity, folding every node
 * with the same identity into one device.  One driver name matches them
 * all through this table.
 */
static const struct platform_device_id nvpm_sim_ids[] = {
	{ "nvpm-sim0" }, { "nvpm-sim1" }, { "nvpm-sim2" }, { "nvpm-sim3" },
	{ "nvpm-sim4" }, { "nvpm-sim5" }, { "nvpm-sim6" }, { "nvpm-sim7" },
	{ }
};

static_assert(ARRAY_SIZE(nvpm_sim_ids) == NVPM_SIM_MAX + 1);

static struct platform_driver nvpm_sim_driver = {
	.probe = nvpm_sim_probe,
	.remove = nvpm_sim_remove,
	.id_table = nvpm_sim_ids,
	.driver = {
		.name = "nvpm-sim",
	},
};

/* A chip name from the chipset table, or a chipset number (hex). */
static int
nvpm_sim_parse(const char *tok, u32 *chipset)
{
	const struct nvkm_device_chip *chip = nvkm_device_chip_find_name(tok);

	if (chip) {
		*chipset = chip->chipset;
		return 0;
	}
	if (kstrtou32(tok, 16, chipset) || *chipset > NV_PMC_BOOT_0_CHIPSET_MASK)
		return -EINVAL;
	return 0;
}

static void
nvpm_sim_create(unsigned int id, const char *tok)
{
	struct platform_device *pdev;
	u32 chipset;

	if (nvpm_sim_parse(tok, &chipset)) {
		pr_err("nvpm: sim=%s: not a chip name or chipset number\n", tok);
		return;
	}

	pdev = platform_device_register_data(NULL, nvpm_sim_ids[id].name,
					     PLATFORM_DEVID_NONE,
					     &chipset, sizeof(chipset));
	if (IS_ERR(pdev)) {
		pr_err("nvpm: sim=%s: %ld\n", tok, PTR_ERR(pdev));
		return;
	}
	nvpm_sim_pdev[id] = pdev;
}

int
nvpm_sim_register(void)
{
	char *list, *cur, *tok;
	unsigned int id = 0;
	int ret;

	ret = platform_driver_register(&nvpm_sim_driver);
	if (ret)
		return ret;

	list = kstrdup(nvpm_sim_param ?: "", GFP_KERNEL);
	if (!list) {
		platform_driver_unregister(&nvpm_sim_driver);
		return -ENOMEM;
	}

	cur = list;
	while ((tok = strsep(&cur, ",")) != NULL) {
		tok = strim(tok);
		if (!*tok)
			continue;
		if (id == NVPM_SIM_MAX) {
			pr_err("nvpm: sim=: at most %d simulated GPUs\n", NVPM_SIM_MAX);
			break;
		}
		nvpm_sim_create(id++, tok);
	}
	kfree(list);
	return 0;
}

void
nvpm_sim_unregister(void)
{
	int i;

	for (i = NVPM_SIM_MAX - 1; i >= 0; i--) {
		if (nvpm_sim_pdev[i])
			platform_device_unregister(nvpm_sim_pdev[i]);
		nvpm_sim_pdev[i] = NULL;
	}
	platform_driver_unregister(&nvpm_sim_driver);
}
