// SPDX-License-Identifier: MIT
/*
 * The idle counter domain: PDAEMON's idle counters (GT215+) offered as one
 * more domain of the engine, "pdaemon", after the PCOUNTER domains.
 *
 * Signal e of the domain is engine e of enum nvkm_pmu_engine (gr, pvld,
 * ppdec, pppp, mc, pcopy0..2: as many as the generation has), high while
 * the engine is busy, i.e. the inverse of its COUNTER_SIGNALS idle bit.
 * A counter's logic op is a truth table over its four signals, as on
 * PCOUNTER, restricted to what the hardware counts (COUNTER_MODE, see
 * include/nvkm/hw/pdaemon.h): the OR of the signals it depends on (some
 * of those engines busy: INCR_IF_NOT_ALL; 0xaaaa for signal 0 alone,
 * 0xeeee for signals 0 and 1), the AND of their inverses (all of them
 * idle: INCR_IF_ALL; 0x5555, 0x1111), or every cycle (0xffff).  "All of
 * them busy" over two or more engines is not countable.  The group's
 * cycles are the time base's: every cycle of PDAEMON's clock.
 *
 * The domain is not held by one group: any number of groups can be
 * created on it as long as the PMU subdev has counters left for them
 * (-EBUSY otherwise); groups counting the same thing share a counter.
 * A SAMPLE needs no trigger: the first group collected in a round reads
 * the counters (one read per counter in use), the others take their share
 * of the same round.
 */
#include <linux/slab.h>
#include "priv.h"

/* Each argument's truth table (bit i of an op: argument k is bit k of i). */
static const u16 nvkm_pm_pdaemon_arg[4] = { 0xaaaa, 0xcccc, 0xf0f0, 0xff00 };

static struct nvkm_pmu *
nvkm_pm_pdaemon_pmu(struct nvkm_pm *pm)
{
	return pm->engine.subdev.device->pmu;
}

/* Whether @op changes with argument @k. */
static bool
nvkm_pm_pdaemon_depends(u16 op, int k)
{
	u16 arg = nvkm_pm_pdaemon_arg[k];

	return ((op & arg) >> (1 << k)) != (op & ~arg);
}

/* Counter @i of @args in PMU terms; -EINVAL if the hardware cannot count it. */
static int
nvkm_pm_pdaemon_ctr(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args, int i,
		    u32 *engines, u32 *count)
{
	u16 op = args->ctr[i].logic_op, busy = 0, idle = 0xffff;
	int k;

	*engines = 0;
	if (args->ctr[i].flags)
		return -EINVAL;
	for (k = 0; k < 4; k++) {
		if (args->ctr[i].signal[k] >= pm->dom[args->dom].nr_signals)
			return -EINVAL;
		if (!nvkm_pm_pdaemon_depends(op, k))
			continue;
		*engines |= BIT(args->ctr[i].signal[k]);
		busy |= nvkm_pm_pdaemon_arg[k];
		idle &= ~nvkm_pm_pdaemon_arg[k];
	}

	if (op == 0xffff)
		*count = NVKM_PMU_COUNT_ALWAYS;
	else if (*engines && op == busy)
		*count = NVKM_PMU_COUNT_BUSY;
	else if (*engines && op == idle)
		*count = NVKM_PMU_COUNT_IDLE;
	else
		return -EINVAL;
	return 0;
}

static int
nvkm_pm_pdaemon_validate(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args)
{
	u32 engines, count;
	int i, ret;

	/* quad mode only, plain counters; the single event fields are ignored */
	if (args->mode != NVPM_MODE_QUAD || args->ctr_mode || args->event_period_all)
		return -EINVAL;
	if (!args->nr_ctr || args->nr_ctr > pm->dom[args->dom].nr_ctr)
		return -E2BIG;
	for (i = 0; i < args->nr_ctr; i++) {
		ret = nvkm_pm_pdaemon_ctr(pm, args, i, &engines, &count);
		if (ret)
			return ret;
	}
	return 0;
}

static int
nvkm_pm_pdaemon_claim(struct nvkm_pm *pm, struct nvkm_pm_group *grp)
{
	struct nvkm_pmu_idle *idle = &grp->idle;
	int i, ret;

	memset(idle, 0, sizeof(*idle));
	idle->nr = grp->args.nr_ctr;
	for (i = 0; i < grp->args.nr_ctr; i++) {
		ret = nvkm_pm_pdaemon_ctr(pm, &grp->args, i, &idle->ctr[i].engines,
					  &idle->ctr[i].count);
		if (ret)
			return ret;
	}
	return nvkm_pmu_idle_get(nvkm_pm_pdaemon_pmu(pm), idle);
}

static void
nvkm_pm_pdaemon_release(struct nvkm_pm *pm, struct nvkm_pm_group *grp)
{
	nvkm_pmu_idle_put(nvkm_pm_pdaemon_pmu(pm), &grp->idle);
}

/*
 * The PMU subdev programs its counters when it hands them out (claim) and
 * again in its own init, and stops them when released: nothing to do here.
 */
static void
nvkm_pm_pdaemon_program(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args)
{
}

static void
nvkm_pm_pdaemon_stop(struct nvkm_pm *pm, int d)
{
}

static bool
nvkm_pm_pdaemon_collect(struct nvkm_pm *pm, int d, struct nvkm_pm_group *grp)
{
	struct nvkm_pmu *pmu = nvkm_pm_pdaemon_pmu(pm);
	u64 value[NVKM_PM_COUNTERS], cycles;
	int i;

	/* one round per latch, by whichever group is collected first */
	if (pm->dom[d].round != pm->round) {
		nvkm_pmu_idle_update(pmu);
		pm->dom[d].round = pm->round;
	}
	nvkm_pmu_idle_fetch(pmu, &grp->idle, value, &cycles);
	for (i = 0; i < grp->args.nr_ctr; i++)
		grp->res.value[i] += value[i];
	grp->res.cycles += cycles;
	return true;
}

static const struct nvkm_pm_layout
nvkm_pm_pdaemon_layout = {
	.program = nvkm_pm_pdaemon_program,
	.stop = nvkm_pm_pdaemon_stop,
	.collect = nvkm_pm_pdaemon_collect,
	.validate = nvkm_pm_pdaemon_validate,
	.claim = nvkm_pm_pdaemon_claim,
	.release = nvkm_pm_pdaemon_release,
};

/**
 * nvkm_pm_pdaemon_doms() - add the idle counter domain, if the device has one
 * @pm: the engine, its PCOUNTER domains described
 *
 * Appends "pdaemon" (clock "pdaemon") with one signal per engine of the
 * generation; a group on it can use 4 counters, or 3 on GT215:GF100 whose
 * fourth is the time base.
 *
 * Return: 0 (also without a PDAEMON), or -ENOMEM.
 */
int
nvkm_pm_pdaemon_doms(struct nvkm_pm *pm)
{
	struct nvkm_pmu *pmu = nvkm_pm_pdaemon_pmu(pm);
	unsigned int e, nr = nvkm_pmu_idle_nr_engines(pmu);
	struct nvkm_pm_dom *dom;
	int d = pm->nr_doms, ret;

	if (!pmu)
		return 0;
	dom = krealloc_array(pm->dom, d + 1, sizeof(*dom), GFP_KERNEL);
	if (!dom)
		return -ENOMEM;
	pm->dom = dom;
	memset(&pm->dom[d], 0, sizeof(*dom));
	pm->nr_doms++;

	ret = nvkm_pm_dom_init(pm, d, "pdaemon", "pdaemon", nr, NULL);
	if (ret)
		return ret;
	dom = &pm->dom[d];
	dom->trailer = nr;	/* none */
	dom->layout = &nvkm_pm_pdaemon_layout;
	dom->idle = true;
	dom->nr_ctr = min_t(unsigned int, NVKM_PM_COUNTERS,
			    nvkm_pmu_idle_nr_counters(pmu) - 1);
	for (e = 0; e < nr; e++) {
		ret = nvkm_pm_sig_add(pm, d, e, "%s", nvkm_pmu_idle_engine_name(e));
		if (ret)
			return ret;
	}
	return 0;
}
