// SPDX-License-Identifier: MIT
/*
 * nvpm_sim.ko: simulated GPUs on a bus of their own.  One platform device
 * per entry of the sim= parameter, "nvpm-sim<N>", whose platform data is a
 * struct nvkm_mmio_bus: nvpm binds it as a GPU and reaches the simulator
 * through its MMIO hooks and interrupt line only.  Without this module
 * nvpm.ko creates no simulated GPU.
 */
#include <linux/debugfs.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/platform_device.h>
#include <linux/stringify.h>
#include <linux/string.h>
#include <nvkm/core/mmio.h>
#include <nvkm/hw/pmc.h>
#include <sim/fifo.h>
#include <sim/pcounter.h>
#include <sim/sim.h>

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

/**
 * struct nvpm_sim_pdata - a simulated GPU's platform data
 * @bus: what nvpm reads: the bus's hooks (first: it is the platform data)
 * @chipset: the chip to simulate
 */
struct nvpm_sim_pdata {
	struct nvkm_mmio_bus bus;
	u32 chipset;
};

static struct platform_device *nvpm_sim_pdev[NVPM_SIM_MAX];

#if IS_ENABLED(CONFIG_DEBUG_FS)
/*
 * What the simulator costs the CPU: its time per register access, and the
 * PCOUNTER model's work (domain cycles stepped, closed-form advances); the
 * longest it kept interrupts off; VRAM writes lost.
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
	seq_printf(m, " steps %llu skips %llu dropped %llu sync_ns %llu pieces %llu behind %llu",
		   steps, skips, st.dropped, st.sync_ns, st.pieces, st.behind);
	seq_printf(m, " breaths %llu hold_max_ns %llu vram_lost %llu\n", st.breaths,
		   st.hold_max_ns, st.vram_lost);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(nvpm_sim_debugfs);

/* The PFIFO model's state: registers, CACHE1, each live channel. */
static int
nvpm_sim_fifo_debugfs_show(struct seq_file *m, void *data)
{
	if (nvkm_sim_fifo_show(m->private, m))
		seq_puts(m, "no FIFO\n");
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(nvpm_sim_fifo_debugfs);

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
nvpm_sim_debugfs(void *gpu, struct dentry *root)
{
	debugfs_create_file("nvpm_sim", 0444, root, gpu, &nvpm_sim_debugfs_fops);
	debugfs_create_file("nvpm_sim_fifo", 0444, root, gpu, &nvpm_sim_fifo_debugfs_fops);
	/* reading it costs the CPU a while: root alone */
	debugfs_create_file("nvpm_sim_floor", 0400, root, gpu, &nvpm_sim_floor_fops);
}

#define NVPM_SIM_DEBUGFS nvpm_sim_debugfs
#else
#define NVPM_SIM_DEBUGFS NULL
#endif

/* A fresh simulated GPU for each binding of a device, at its clock. */
static void *
nvpm_sim_gpu_new(struct device *dev, int *irq)
{
	const struct nvpm_sim_pdata *pd = dev_get_platdata(dev);
	struct nvkm_sim *sim;

	sim = nvkm_sim_new(pd->chipset);
	if (!sim)
		return NULL;
	if (nvpm_sim_clock_mhz && nvkm_sim_set_clock(sim, nvpm_sim_clock_mhz)) {
		dev_err(dev, "sim_clock_mhz=%u: not 1..%u\n", nvpm_sim_clock_mhz,
			NVKM_SIM_MHZ_MAX);
		nvkm_sim_del(&sim);
		return NULL;
	}
	/* a workload to observe; chipsets without a known PGRAPH.IDLE idle */
	nvkm_sim_gr_load(sim, min(nvpm_sim_gr_busy, 100u),
			 NVPM_SIM_GR_PERIOD_US * nvkm_sim_clock(sim));
	/* its interrupt line, as a PCI GPU's */
	*irq = nvkm_sim_irq(sim);
	return sim;
}

static void
nvpm_sim_gpu_del(void *gpu)
{
	struct nvkm_sim *sim = gpu;

	nvkm_sim_del(&sim);
}

/* A chip name the simulator models, or a chipset number (hex). */
static int
nvpm_sim_parse(const char *tok, u32 *chipset)
{
	*chipset = nvkm_sim_chip_chipset(tok);
	if (*chipset)
		return 0;
	if (kstrtou32(tok, 16, chipset) || *chipset > NV_PMC_BOOT_0_CHIPSET_MASK)
		return -EINVAL;
	return 0;
}

static void
nvpm_sim_create(unsigned int id, const char *tok)
{
	struct nvpm_sim_pdata pd = {
		.bus = {
			.owner = THIS_MODULE,
			.gpu_new = nvpm_sim_gpu_new,
			.gpu_del = nvpm_sim_gpu_del,
			.mmio = &nvkm_sim_mmio,
			.lends = NVKM_HOST_ALL,
			.debugfs = NVPM_SIM_DEBUGFS,
		},
	};
	struct platform_device *pdev;
	char name[16];

	if (nvpm_sim_parse(tok, &pd.chipset)) {
		pr_err("nvpm_sim: sim=%s: not a chip name or chipset number\n", tok);
		return;
	}

	snprintf(name, sizeof(name), "nvpm-sim%u", id);
	pdev = platform_device_register_data(NULL, name, PLATFORM_DEVID_NONE,
					     &pd, sizeof(pd));
	if (IS_ERR(pdev)) {
		pr_err("nvpm_sim: sim=%s: %ld\n", tok, PTR_ERR(pdev));
		return;
	}
	nvpm_sim_pdev[id] = pdev;
}

static int __init
nvpm_sim_init(void)
{
	char *list, *cur, *tok;
	unsigned int id = 0;

	list = kstrdup(nvpm_sim_param ?: "", GFP_KERNEL);
	if (!list)
		return -ENOMEM;

	cur = list;
	while ((tok = strsep(&cur, ",")) != NULL) {
		tok = strim(tok);
		if (!*tok)
			continue;
		if (id == NVPM_SIM_MAX) {
			pr_err("nvpm_sim: sim=: at most %d simulated GPUs\n", NVPM_SIM_MAX);
			break;
		}
		nvpm_sim_create(id++, tok);
	}
	kfree(list);
	return 0;
}

static void __exit
nvpm_sim_exit(void)
{
	int i;

	for (i = NVPM_SIM_MAX - 1; i >= 0; i--) {
		if (nvpm_sim_pdev[i])
			platform_device_unregister(nvpm_sim_pdev[i]);
		nvpm_sim_pdev[i] = NULL;
	}
}

module_init(nvpm_sim_init);
module_exit(nvpm_sim_exit);

MODULE_AUTHOR("nvpm developers");
MODULE_DESCRIPTION("Simulated NVIDIA GPUs for nvpm");
MODULE_LICENSE("Dual MIT/GPL");
