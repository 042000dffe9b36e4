// SPDX-License-Identifier: MIT
/*
 * The perfmon engine: the part every PCOUNTER generation shares.  A
 * generation file passes its nvkm_pm_func to nvkm_pm_new_(): capabilities,
 * a description of its domains and the register layout that runs them.
 *
 * Counter groups (perfdoms) own one domain each; a domain held by one group
 * is refused to every other (-EBUSY).  Every register access happens under
 * pm->lock, a spinlock, so that sampling can later be driven from interrupt
 * context; nothing here sleeps with it held.
 */
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include "priv.h"

#define nvkm_pm(p) container_of((p), struct nvkm_pm, engine.subdev)

/* How long a sample waits for the latch (PM_TRIGGER takes a few cycles). */
#define NVKM_PM_LATCH_TIMEOUT_US	1000

/**
 * nvkm_pm_caps() - the PCOUNTER capabilities of a device's generation
 * @pm: the engine, may be NULL
 *
 * Return: NVKM_PM_CAP_* bits; 0 without an engine.
 */
u64
nvkm_pm_caps(struct nvkm_pm *pm)
{
	return pm ? pm->func->caps : 0;
}

/**
 * nvkm_pm_nr_counters() - counters a counter group can use
 * @pm: the engine
 *
 * Return: 4 (PRE, START, EVENT and STOP: four counters in quad mode, the
 * inputs of single event mode), 0 when counter groups are not supported.
 */
int
nvkm_pm_nr_counters(struct nvkm_pm *pm)
{
	return pm->func->layout ? NVKM_PM_COUNTERS : 0;
}

/* --- domains and their signals ----------------------------------------- */

int
nvkm_pm_doms_alloc(struct nvkm_pm *pm, int nr)
{
	pm->dom = kcalloc(nr, sizeof(*pm->dom), GFP_KERNEL);
	if (!pm->dom)
		return -ENOMEM;
	pm->nr_doms = nr;
	return 0;
}

/**
 * nvkm_pm_sig_add() - name a signal of a domain
 * @pm: the engine
 * @d: domain
 * @signal: signal number
 * @fmt: printf format of its name
 *
 * Return: 0, or -ENOMEM.
 */
int
nvkm_pm_sig_add(struct nvkm_pm *pm, int d, u8 signal, const char *fmt, ...)
{
	struct nvkm_pm_dom *dom = &pm->dom[d];
	struct nvkm_pm_sig *sig;
	va_list ap;

	sig = krealloc_array(dom->sig, dom->nr_sig + 1, sizeof(*sig), GFP_KERNEL);
	if (!sig)
		return -ENOMEM;
	dom->sig = sig;
	sig = &dom->sig[dom->nr_sig++];
	sig->signal = signal;
	va_start(ap, fmt);
	vsnprintf(sig->name, sizeof(sig->name), fmt, ap);
	va_end(ap);
	return 0;
}

/**
 * nvkm_pm_dom_init() - describe a domain
 * @pm: the engine
 * @d: domain
 * @name: its name
 * @clock: the clock it counts
 * @nr_signals: signals it has; its last 0x20 are the trailer
 * @desc: catalog entry naming its signals, or NULL
 *
 * Return: 0, or -ENOMEM.
 */
int
nvkm_pm_dom_init(struct nvkm_pm *pm, int d, const char *name, const char *clock,
		 u16 nr_signals, const struct nvkm_pm_domain_desc *desc)
{
	struct nvkm_pm_dom *dom = &pm->dom[d];
	int i, ret;

	strscpy(dom->name, name, sizeof(dom->name));
	dom->clock = clock;
	dom->nr_signals = nr_signals;
	dom->trailer = nr_signals - 0x20;
	for (i = 0; desc && i < desc->nr_named; i++) {
		ret = nvkm_pm_sig_add(pm, d, desc->signals[i].signal, "%s",
				      desc->signals[i].name);
		if (ret)
			return ret;
	}
	return 0;
}

static int
nvkm_pm_sig_cmp(const void *a, const void *b)
{
	const struct nvkm_pm_sig *x = a, *y = b;

	return x->signal - y->signal;
}

static void
nvkm_pm_doms_free(struct nvkm_pm *pm)
{
	int d;

	for (d = 0; d < pm->nr_doms; d++)
		kfree(pm->dom[d].sig);
	kfree(pm->dom);
	pm->dom = NULL;
	pm->nr_doms = 0;
}

/* --- counter groups ------------------------------------------------------ */

static int
nvkm_perfdom_validate(struct nvkm_pm *pm, const struct nvkm_perfdom_args *args)
{
	u64 caps = pm->func->caps;
	struct nvkm_pm_dom *dom;
	u32 allowed;
	int i, j;

	if (!pm->func->layout)
		return -EOPNOTSUPP;
	if (args->dom >= pm->nr_doms)
		return -ENOENT;
	dom = &pm->dom[args->dom];

	switch (args->mode) {
	case NVKM_PERFDOM_QUAD:
		if (!(caps & NVKM_PM_CAP_QUAD))
			return -EINVAL;
		if (!pm->func->layout->trigger)
			return -EOPNOTSUPP;	/* no known way to latch */
		break;
	case NVKM_PERFDOM_SINGLE:
		break;
	default:
		return -EINVAL;
	}
	if (args->ctr_mode > ((caps & NVKM_PM_CAP_COUNTER_MODES) ?
			      NV_PCOUNTER_CTR_MODE_EXTRA_B6_EVENT_B2 :
			      NV_PCOUNTER_CTR_MODE_EVENT_B4))
		return -EINVAL;
	if (!args->nr_ctr || args->nr_ctr > nvkm_pm_nr_counters(pm))
		return -E2BIG;
	if (args->event_period_all && !(caps & NVKM_PM_CAP_CTR_PERIOD))
		return -EINVAL;
	if (args->threshold > U32_MAX && !(caps & NVKM_PM_CAP_COUNTER_40BIT))
		return -EINVAL;
	if (args->mode == NVKM_PERFDOM_SINGLE && args->nr_ctr != NVKM_PM_COUNTERS)
		return -EINVAL;	/* PRE, START, EVENT and STOP all matter */
	/* before NV40 the counter mode is one for both domains */
	if (args->ctr_mode && !(caps & NVKM_PM_CAP_COUNTER_MODES))
		return -EOPNOTSUPP;

	for (i = 0; i < args->nr_ctr; i++) {
		allowed = NVKM_PERFCTR_DELAY0 | NVKM_PERFCTR_DELAY1;
		if (caps & NVKM_PM_CAP_DELAY_REPLACE)
			allowed |= NVKM_PERFCTR_REPLACE2 | NVKM_PERFCTR_REPLACE3;
		if ((caps & NVKM_PM_CAP_QUAD) && i >= 2)	/* EVENT, STOP */
			allowed |= NVKM_PERFCTR_SETFLAG3;
		if (args->ctr[i].flags & ~allowed)
			return -EINVAL;
		for (j = 0; j < 4; j++) {
			if (args->ctr[i].signal[j] >= dom->nr_signals)
				return -EINVAL;
		}
	}
	return 0;
}

/**
 * nvkm_perfdom_new() - configure a counter group and start it counting
 * @pm: the engine
 * @args: what to count
 * @pdom: the new group
 *
 * Return: 0; -ENOENT for an unknown domain, -EINVAL / -E2BIG for a
 * configuration the generation cannot run, -EBUSY when another group or a
 * record session holds the domain, -EIO when it is wedged, -EOPNOTSUPP
 * without counter group support, -ENOMEM.  On failure nothing changed.
 */
int
nvkm_perfdom_new(struct nvkm_pm *pm, const struct nvkm_perfdom_args *args,
		 struct nvkm_perfdom **pdom)
{
	struct nvkm_perfdom *dom;
	unsigned long flags;
	int ret;

	*pdom = NULL;
	ret = nvkm_perfdom_validate(pm, args);
	if (ret)
		return ret;

	dom = kzalloc(sizeof(*dom), GFP_KERNEL);
	if (!dom)
		return -ENOMEM;
	dom->pm = pm;
	dom->args = *args;
	dom->res.flags = NVKM_PERFDOM_NOT_READY;

	spin_lock_irqsave(&pm->lock, flags);
	ret = pm->dom[args->dom].wedged ? -EIO : 0;
	if (!ret && (pm->dom[args->dom].owner || pm->dom[args->dom].record))
		ret = -EBUSY;
	if (ret) {
		spin_unlock_irqrestore(&pm->lock, flags);
		kfree(dom);
		return ret;
	}
	pm->dom[args->dom].owner = dom;
	dom->round = pm->round;	/* a latch already under way is not its */
	list_add_tail(&dom->head, &pm->perfdoms);
	pm->func->layout->program(pm, args->dom, args);
	spin_unlock_irqrestore(&pm->lock, flags);

	*pdom = dom;
	return 0;
}

/**
 * nvkm_perfdom_del() - stop a counter group and release its domain
 * @pdom: the group; set to NULL
 */
void
nvkm_perfdom_del(struct nvkm_perfdom **pdom)
{
	struct nvkm_perfdom *dom = *pdom;
	struct nvkm_pm *pm;
	unsigned long flags;

	if (!dom)
		return;
	pm = dom->pm;
	spin_lock_irqsave(&pm->lock, flags);
	/* after fini (GPU removed or suspended) the hardware is not touched */
	if (pm->engine.subdev.device->initialised)
		pm->func->layout->stop(pm, dom->args.dom);
	pm->dom[dom->args.dom].owner = NULL;
	list_del(&dom->head);
	spin_unlock_irqrestore(&pm->lock, flags);
	kfree(dom);
	*pdom = NULL;
}

/**
 * nvkm_perfdom_sample_begin() - latch the quad mode counter groups
 * @pm: the engine
 * @doms: the groups the caller samples
 * @nr: entries in @doms
 *
 * The latch is the hardware's and device-wide: one trigger latches every
 * quad mode group, of every user, in the same cycle.  It takes a few
 * cycles to happen; nvkm_perfdom_sample_end() collects it.
 *
 * Return: 0.
 */
int
nvkm_perfdom_sample_begin(struct nvkm_pm *pm, struct nvkm_perfdom **doms, int nr)
{
	struct nvkm_perfdom *dom;
	unsigned long flags;

	spin_lock_irqsave(&pm->lock, flags);
	list_for_each_entry(dom, &pm->perfdoms, head) {
		if (dom->args.mode == NVKM_PERFDOM_QUAD && pm->func->layout->trigger) {
			pm->func->layout->trigger(pm);
			pm->round++;
			break;
		}
	}
	spin_unlock_irqrestore(&pm->lock, flags);
	return 0;
}

/*
 * Collect every quad group not yet collected since the last trigger;
 * false while the latch has not happened.  Groups created since the
 * trigger were marked collected when they were made.
 */
static bool
nvkm_perfdom_collect_quads(struct nvkm_pm *pm)
{
	struct nvkm_perfdom *dom;

	list_for_each_entry(dom, &pm->perfdoms, head) {
		if (dom->args.mode != NVKM_PERFDOM_QUAD || dom->round == pm->round)
			continue;
		if (!pm->func->layout->collect(pm, dom->args.dom, dom))
			return false;
		dom->round = pm->round;
	}
	return true;
}

/**
 * nvkm_perfdom_sample_end() - add the latched counts to the groups' totals
 * @pm: the engine
 * @doms: the groups given to nvkm_perfdom_sample_begin()
 * @nr: entries in @doms
 * @wait: busy-wait (up to NVKM_PM_LATCH_TIMEOUT_US) for the latch
 *
 * Every quad group of the device gets its latched counts (or the next
 * latch would find them unread); the sample count grows only for @doms.
 *
 * Return: 0, or -EAGAIN / -ETIMEDOUT when the latch has not happened.
 */
int
nvkm_perfdom_sample_end(struct nvkm_pm *pm, struct nvkm_perfdom **doms, int nr,
			bool wait)
{
	int i, us = wait ? NVKM_PM_LATCH_TIMEOUT_US : 0;
	unsigned long flags;
	bool done;

	for (;;) {
		spin_lock_irqsave(&pm->lock, flags);
		done = nvkm_perfdom_collect_quads(pm);
		spin_unlock_irqrestore(&pm->lock, flags);
		if (done)
			break;
		if (us-- <= 0)
			return wait ? -ETIMEDOUT : -EAGAIN;
		udelay(1);
	}

	spin_lock_irqsave(&pm->lock, flags);
	for (i = 0; i < nr; i++) {
		if (doms[i]->args.mode == NVKM_PERFDOM_SINGLE)
			pm->func->layout->collect(pm, doms[i]->args.dom, doms[i]);
		doms[i]->res.flags &= ~NVKM_PERFDOM_NOT_READY;
		doms[i]->res.samples++;
	}
	spin_unlock_irqrestore(&pm->lock, flags);
	return 0;
}

/**
 * nvkm_perfdom_sample() - latch counter groups and collect their counts
 * @pm: the engine
 * @doms: the groups
 * @nr: entries in @doms
 *
 * Return: 0, or -ETIMEDOUT if the hardware did not latch.
 */
int
nvkm_perfdom_sample(struct nvkm_pm *pm, struct nvkm_perfdom **doms, int nr)
{
	nvkm_perfdom_sample_begin(pm, doms, nr);
	return nvkm_perfdom_sample_end(pm, doms, nr, true);
}

/**
 * nvkm_perfdom_read() - a counter group's totals
 * @dom: the group
 * @res: where to copy them
 *
 * NVKM_PERFDOM_LOST tells of a latch lost since the previous read; reading
 * clears it.
 */
void
nvkm_perfdom_read(struct nvkm_perfdom *dom, struct nvkm_perfdom_result *res)
{
	unsigned long flags;

	spin_lock_irqsave(&dom->pm->lock, flags);
	*res = dom->res;
	dom->res.flags &= ~NVKM_PERFDOM_LOST;
	spin_unlock_irqrestore(&dom->pm->lock, flags);
}

/* --- the engine ------------------------------------------------------------ */

static int
nvkm_pm_oneinit(struct nvkm_subdev *subdev)
{
	struct nvkm_pm *pm = nvkm_pm(subdev);
	int ret, d;

	if (!pm->func->doms)
		return 0;
	ret = pm->func->doms(pm);
	if (ret)
		return ret;
	for (d = 0; d < pm->nr_doms; d++)
		sort(pm->dom[d].sig, pm->dom[d].nr_sig, sizeof(*pm->dom[d].sig),
		     nvkm_pm_sig_cmp, NULL);
	return nvkm_pm_record_oneinit(pm);
}

/* Also after a GPU reset or resume: what was configured counts again. */
static int
nvkm_pm_init(struct nvkm_subdev *subdev)
{
	struct nvkm_pm *pm = nvkm_pm(subdev);
	struct nvkm_perfdom *dom;
	unsigned long flags;
	int ret;

	if (pm->func->init) {
		ret = pm->func->init(pm);
		if (ret)
			return ret;
	}

	nvkm_pm_record_init(pm);
	if (!pm->func->layout)
		return 0;
	spin_lock_irqsave(&pm->lock, flags);
	list_for_each_entry(dom, &pm->perfdoms, head)
		pm->func->layout->program(pm, dom->args.dom, &dom->args);
	spin_unlock_irqrestore(&pm->lock, flags);
	return 0;
}

static int
nvkm_pm_fini(struct nvkm_subdev *subdev, bool suspend)
{
	nvkm_pm_record_fini(nvkm_pm(subdev));
	return 0;
}

static void *
nvkm_pm_dtor(struct nvkm_subdev *subdev)
{
	struct nvkm_pm *pm = nvkm_pm(subdev);

	WARN_ON(!list_empty(&pm->perfdoms));
	nvkm_pm_record_dtor(pm);
	nvkm_pm_doms_free(pm);
	return pm;
}

static const struct nvkm_subdev_func
nvkm_pm = {
	.dtor = nvkm_pm_dtor,
	.oneinit = nvkm_pm_oneinit,
	.init = nvkm_pm_init,
	.fini = nvkm_pm_fini,
};

int
nvkm_pm_new_(const struct nvkm_pm_func *func, struct nvkm_device *device,
	     struct nvkm_pm **ppm)
{
	struct nvkm_pm *pm;

	pm = kzalloc(sizeof(*pm), GFP_KERNEL);
	if (!pm)
		return -ENOMEM;
	pm->func = func;
	spin_lock_init(&pm->lock);
	INIT_LIST_HEAD(&pm->perfdoms);
	nvkm_engine_ctor(&nvkm_pm, device, "pm", &pm->engine);
	*ppm = pm;
	return 0;
}
