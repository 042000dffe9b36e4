// SPDX-License-Identifier: MIT
/*
 * nvpm debugfs, two files per minor: nvpm_fifo, with what the FIFO's
 * interrupt handler and the software methods have cost so far (what
 * nvpm bench reads), and nvpm_idle, who holds the PDAEMON idle counters
 * (what the guest's checks print when a tool finds them in use).  Built
 * with CONFIG_DEBUG_FS only.
 */
#include <linux/seq_file.h>
#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>
#include <nvkm/engine/fifo.h>
#include <nvkm/engine/pm.h>
#include <nvkm/engine/sw.h>
#include <nvkm/subdev/pmu.h>
#include "nvpm_drv.h"

static const char * const nvpm_sw_op_name[NVKM_SW_OP_NR] = {
	[NVKM_SW_OP_NOP] = "nop",
	[NVKM_SW_OP_SET_NOTIFY] = "set_notify",
	[NVKM_SW_OP_ADD] = "counter_add",
	[NVKM_SW_OP_CLEAR] = "counter_clear",
	[NVKM_SW_OP_SAMPLE] = "sample",
	[NVKM_SW_OP_READOUT] = "readout",
	[NVKM_SW_OP_OTHER] = "other",
};

/* What the interrupt handler and the software methods cost, so far. */
static int
nvpm_debugfs_fifo(struct seq_file *m, void *data)
{
	struct drm_info_node *node = m->private;
	struct nvkm_fifo *fifo = to_nvpm(node->minor->dev)->device->fifo;
	struct nvkm_fifo_stats st;
	struct nvkm_sw_stats sw;
	int i;

	if (!fifo) {
		seq_puts(m, "no FIFO\n");
		return 0;
	}
	nvkm_fifo_stats(fifo, &st, &sw);
	seq_printf(m, "interrupts %llu hardirq %llu ns %llu swmthd %llu faults %llu\n",
		   st.intr, st.hardirq, st.ns, st.swmthd, st.faults);
	seq_puts(m, "method count ns mmio_ns max_ns\n");
	for (i = 0; i < NVKM_SW_OP_NR; i++)
		seq_printf(m, "%s %llu %llu %llu %llu\n", nvpm_sw_op_name[i],
			   sw.count[i], sw.ns[i], sw.mmio_ns[i], sw.max_ns[i]);
	return 0;
}

/* Who holds the PDAEMON idle counters: per counter, its users and setup. */
static int
nvpm_debugfs_idle(struct seq_file *m, void *data)
{
	struct drm_info_node *node = m->private;
	struct nvkm_device *device = to_nvpm(node->minor->dev)->device;
	struct nvkm_pmu *pmu = device->pmu;
	unsigned long flags;
	struct nvkm_pmu_counter ctr[NVKM_PMU_COUNTERS_MAX];
	unsigned int i;

	if (!pmu) {
		seq_puts(m, "no idle counters\n");
		return 0;
	}
	raw_spin_lock_irqsave(&pmu->lock, flags);
	memcpy(ctr, pmu->ctr, sizeof(ctr));
	raw_spin_unlock_irqrestore(&pmu->lock, flags);
	seq_puts(m, "counter users mask mode\n");
	for (i = 0; i < NVKM_PMU_COUNTERS_MAX; i++)
		seq_printf(m, "%u %u 0x%08x %u\n", i, ctr[i].users, ctr[i].mask, ctr[i].mode);
	return 0;
}

static const struct drm_info_list nvpm_debugfs_list[] = {
	{ "nvpm_fifo", nvpm_debugfs_fifo, 0 },
	{ "nvpm_idle", nvpm_debugfs_idle, 0 },
};

void
nvpm_debugfs_init(struct drm_minor *minor)
{
	drm_debugfs_create_files(nvpm_debugfs_list, ARRAY_SIZE(nvpm_debugfs_list),
				 minor->debugfs_root, minor);
}
