// SPDX-License-Identifier: MIT
/*
 * The perfmon engine: the part every PCOUNTER generation shares.  A
 * generation file passes its nvkm_pm_func to nvkm_pm_new_(): capabilities,
 * a description of its domains and the register layout that runs them.
 *
 * Counter groups (groups) own one domain each; a domain held by one group
 * is refused to every other (-EBUSY).  Every register access happens under
 * pm->lock, a spinlock, so that sampling can later be driven from interrupt
 * context; nothing here sleeps with it held.  The idle counter domain
 * (pdaemon.c) brings its own layout, which shares the domain.
 */
#include <linux/bsearch.h>
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
 * Return: NVPM_HW_CAP_* bits; 0 without an engine.
 */
u64
nvkm_pm_caps(struct nvkm_pm *pm)
{
	return pm ? pm->func->caps : 0;
}

/**
 * nvkm_pm_single() - whether PCOUNTER domains offer single event mode
 * @pm: the engine, may be NULL
 *
 * Return: false on a generation whose single event mode is not offered
 * (GF100+), true otherwise.
 */
bool
nvkm_pm_single(struct nvkm_pm *pm)
{
	return !pm || !pm->func->layout || !pm->func->layout->quad_only;
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
	int d;

	pm->dom = kcalloc(nr, sizeof(*pm->dom), GFP_KERNEL);
	if (!pm->dom)
		return -ENOMEM;
	for (d = 0; d < nr; d++)
		INIT_LIST_HEAD(&pm->dom[d].groups);
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
	memset(sig, 0, sizeof(*sig));
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
	/* where the layout finds its registers (GF100+ place it themselves) */
	dom->addr = pm->func->layout ? d * pm->func->layout->regs.stride : 0;
	for (i = 0; desc && i < desc->nr_named; i++) {
		ret = nvkm_pm_sig_add(pm, d, desc->signals[i].signal, "%s",
				      desc->signals[i].name);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * nvkm_pm_doms_catalog() - the domains the chipset table's row lists
 * @pm: the engine
 *
 * Return: 0, -ENODEV when the row carries no catalog, or -ENOMEM.
 */
int
nvkm_pm_doms_catalog(struct nvkm_pm *pm)
{
	const struct nvkm_pm_chip_desc *cat = pm->engine.subdev.device->chip->pm_cat;
	int d, ret;

	if (!cat)
		return -ENODEV;
	ret = nvkm_pm_doms_alloc(pm, cat->nr_doms);
	for (d = 0; !ret && d < cat->nr_doms; d++)
		ret = nvkm_pm_dom_init(pm, d, cat->doms[d].name, cat->doms[d].clock,
				       cat->doms[d].nr_signals, &cat->doms[d]);
	return ret;
}

/**
 * nvkm_pm_sig_named() - the number of a named signal
 * @dom: the domain
 * @name: its name
 *
 * Return: the signal number, or -ENOENT.
 */
int
nvkm_pm_sig_named(const struct nvkm_pm_dom *dom, const char *name)
{
	int i;

	for (i = 0; i < dom->nr_sig; i++) {
		if (!strcmp(dom->sig[i].name, name))
			return dom->sig[i].signal;
	}
	return -ENOENT;
}

static int
nvkm_pm_sig_cmp(const void *a, const void *b)
{
	const struct nvkm_pm_sig *x = a, *y = b;

	return x->signal - y->signal;
}

/**
 * nvkm_pm_sig_find() - a named signal of a domain
 * @dom: the domain
 * @signal: its number
 *
 * Return: the signal, or NULL when it has no name.
 */
const struct nvkm_pm_sig *
nvkm_pm_sig_find(const struct nvkm_pm_dom *dom, u32 signal)
{
	struct nvkm_pm_sig key = { .signal = signal };

	if (signal > U8_MAX)
		return NULL;
	return bsearch(&key, dom->sig, dom->nr_sig, sizeof(*dom->sig), nvkm_pm_sig_cmp);
}

/* The id of @src in domain @d, added to the domain's list if new. */
static int
nvkm_pm_src_id(struct nvkm_pm *pm, int d, const struct nvkm_pm_src *src)
{
	struct nvkm_pm_dom *dom = &pm->dom[d];
	const struct nvkm_pm_src **list;
	int i;

	for (i = 0; i < dom->nr_src; i++) {
		if (dom->src[i] == src)
			return i;
	}
	if (dom->nr_src == U8_MAX)
		return -ENOSPC;
	list = krealloc_array(dom->src, dom->nr_src + 1, sizeof(*list), GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	dom->src = list;
	dom->src[dom->nr_src] = src;
	return dom->nr_src++;
}

/* Give the named signals the sources the generation lists for them. */
static int
nvkm_pm_sources_attach(struct nvkm_pm *pm)
{
	const struct nvkm_pm_src_map *map;
	struct nvkm_pm_sig *sig;
	int d, i, m, k, id;

	for (d = 0; d < pm->nr_doms; d++) {
		for (i = 0; i < pm->dom[d].nr_sig; i++) {
			sig = &pm->dom[d].sig[i];
			for (m = 0; m < pm->func->nr_sources; m++) {
				map = &pm->func->sources[m];
				if (strncmp(sig->name, map->prefix, strlen(map->prefix)))
					continue;
				for (k = 0; k < map->nr_src; k++) {
					if (sig->nr_src == NVKM_PM_SIG_SOURCES)
						break;
					id = nvkm_pm_src_id(pm, d, &map->src[k]);
					if (id < 0)
						return id;
					sig->src[sig->nr_src++] = id;
				}
			}
		}
	}
	return 0;
}

static void
nvkm_pm_doms_free(struct nvkm_pm *pm)
{
	int d;

	for (d = 0; d < pm->nr_doms; d++) {
		kfree(pm->dom[d].sig);
		kfree(pm->dom[d].src);
	}
	kfree(pm->dom);
	pm->dom = NULL;
	pm->nr_doms = 0;
}

/* --- counter groups ------------------------------------------------------ */

/* Whether a signal the group counts has source @id. */
static bool
nvkm_pm_group_uses_src(const struct nvkm_pm_dom *dom,
		       const struct nvkm_pm_group_args *args, u32 id)
{
	const struct nvkm_pm_sig *sig;
	int i, j, k;

	for (i = 0; i < args->nr_ctr; i++) {
		for (j = 0; j < 4; j++) {
			sig = nvkm_pm_sig_find(dom, args->ctr[i].signal[j]);
			for (k = 0; sig && k < sig->nr_src; k++) {
				if (sig->src[k] == id)
					return true;
			}
		}
	}
	return false;
}

/*
 * Each source setting names a source of a signal the group counts, once,
 * with a value its field can hold.
 */
static int
nvkm_pm_group_validate_src(const struct nvkm_pm_dom *dom,
			   const struct nvkm_pm_group_args *args)
{
	int i, j;

	if (args->nr_src > NVKM_PM_SOURCES)
		return -E2BIG;
	for (i = 0; i < args->nr_src; i++) {
		if (args->src[i].id >= dom->nr_src ||
		    args->src[i].value & ~dom->src[args->src[i].id]->mask ||
		    !nvkm_pm_group_uses_src(dom, args, args->src[i].id))
			return -EINVAL;
		for (j = 0; j < i; j++) {
			if (args->src[j].id == args->src[i].id)
				return -EINVAL;
		}
	}
	return 0;
}

/* The layout that runs domain @d: its own (idle counters), or PCOUNTER's. */
static const struct nvkm_pm_layout *
nvkm_pm_layout(struct nvkm_pm *pm, u32 d)
{
	return pm->dom[d].layout ?: pm->func->layout;
}

/* Whether @grp counts now: a shared domain's, or its turn on its domain. */
static bool
nvkm_pm_group_counting(struct nvkm_pm *pm, struct nvkm_pm_group *grp)
{
	const struct nvkm_pm_dom *dom = &pm->dom[grp->args.dom];

	return dom->layout || dom->active == grp;
}

/* A group's counter mode goes into the CTRL register as it is. */
static_assert(NVPM_COUNTER_MODE_SIMPLE == NV_PCOUNTER_CTR_MODE_SIMPLE);
static_assert(NVPM_COUNTER_MODE_EVENT_B4 == NV_PCOUNTER_CTR_MODE_EVENT_B4);
static_assert(NVPM_COUNTER_MODE_EVENT_B6 == NV_PCOUNTER_CTR_MODE_EVENT_B6);
static_assert(NVPM_COUNTER_MODE_EXTRA_B4 == NV_PCOUNTER_CTR_MODE_EXTRA_B4);
static_assert(NVPM_COUNTER_MODE_EXTRA_B6_EVENT_B2 == NV_PCOUNTER_CTR_MODE_EXTRA_B6_EVENT_B2);

static int
nvkm_pm_group_validate(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args)
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
	if (dom->layout)	/* no sources there */
		return args->nr_src ? -EINVAL : dom->layout->validate(pm, args);

	switch (args->mode) {
	case NVPM_MODE_QUAD:
		if (!(caps & NVPM_HW_CAP_QUAD))
			return -EINVAL;
		if (!pm->func->layout->trigger)
			return -EOPNOTSUPP;	/* no known way to latch */
		break;
	case NVPM_MODE_SINGLE:
		if (pm->func->layout->quad_only)
			return -EOPNOTSUPP;
		break;
	default:
		return -EINVAL;
	}
	if (args->ctr_mode > ((caps & NVPM_HW_CAP_COUNTER_MODES) ?
			      NV_PCOUNTER_CTR_MODE_EXTRA_B6_EVENT_B2 :
			      NV_PCOUNTER_CTR_MODE_EVENT_B4))
		return -EINVAL;
	if (!args->nr_ctr || args->nr_ctr > nvkm_pm_nr_counters(pm))
		return -E2BIG;
	if (args->event_period_all && !(caps & NVPM_HW_CAP_CTR_PERIOD))
		return -EINVAL;
	if (args->threshold > U32_MAX && !(caps & NVPM_HW_CAP_COUNTER_40BIT))
		return -EINVAL;
	if (args->mode == NVPM_MODE_SINGLE && args->nr_ctr != NVKM_PM_COUNTERS)
		return -EINVAL;	/* PRE, START, EVENT and STOP all matter */
	/* before NV40 the counter mode is one for both domains */
	if (args->ctr_mode && !(caps & NVPM_HW_CAP_COUNTER_MODES))
		return -EOPNOTSUPP;

	for (i = 0; i < args->nr_ctr; i++) {
		allowed = NVPM_COUNTER_DELAY0 | NVPM_COUNTER_DELAY1;
		if (caps & NVPM_HW_CAP_DELAY_REPLACE)
			allowed |= NVPM_COUNTER_REPLACE2 | NVPM_COUNTER_REPLACE3;
		if ((caps & NVPM_HW_CAP_QUAD) && i >= 2)	/* EVENT, STOP */
			allowed |= NVPM_COUNTER_SETFLAG3;
		if (args->ctr[i].flags & ~allowed)
			return -EINVAL;
		for (j = 0; j < 4; j++) {
			if (args->ctr[i].signal[j] >= dom->nr_signals)
				return -EINVAL;
		}
	}
	return nvkm_pm_group_validate_src(dom, args);
}

/*
 * Make @grp the group the hardware counts for on its domain.  Where the
 * shadow counters survive programming (before G84, GF100+), a @fresh group
 * drops its first latch, which holds counts from before it; a group taking
 * its turn right after a latch keeps it: only the few cycles between that
 * latch and this write were counted the previous group's way.
 */
static void
nvkm_pm_group_activate(struct nvkm_pm *pm, struct nvkm_pm_group *grp, bool fresh)
{
	struct nvkm_device *device = pm->engine.subdev.device;
	const struct nvkm_pm_src *src;
	u32 a;
	int i;

	pm->dom[grp->args.dom].active = grp;
	grp->round = pm->round;	/* a latch already under way is not its */
	grp->discarded = !fresh;
	/* what the signals observe first, then what counts them */
	for (i = 0; i < grp->args.nr_src; i++) {
		src = pm->dom[grp->args.dom].src[grp->args.src[i].id];
		/* a few instances, from the generation's table */
		for (a = src->before; a && a < src->addr; a += src->stride)
			nvkm_mask(device, a, src->enable, 0);
		nvkm_mask(device, src->addr, src->mask << src->shift | src->enable,
			  grp->args.src[i].value << src->shift | src->enable);
	}
	pm->func->layout->program(pm, grp->args.dom, &grp->args);
}

/**
 * nvkm_pm_group_new_held() - configure a counter group for a holder
 * @pm: the engine
 * @args: what to count
 * @holder: who asks (e.g. the file); NULL for a group that shares its
 *	    domain with no other
 * @pgrp: the new group
 *
 * A free domain is taken by @holder.  Further groups of the same holder on
 * it take turns with the first (multiplexing): each sample moves the
 * domain on to the next of them, so each counts a share of the time and
 * its cycle total says how much.  Another holder's domain is never taken
 * over.  A group that is first on its domain starts counting at once.
 *
 * Return: 0; -ENOENT for an unknown domain, -EINVAL / -E2BIG for a
 * configuration the generation cannot run, -EBUSY when another holder
 * holds the domain or a record session does, -EIO when it is wedged,
 * -ENOSPC when the holder has NVKM_PM_GROUPS_PER_DOM groups on it already
 * (a shared domain: when the device has NVKM_PM_SHARED_GROUPS on it),
 * -EOPNOTSUPP without counter group support, -ENOMEM.  On failure nothing
 * changed.
 */
int
nvkm_pm_group_new_held(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args,
		       const void *holder, struct nvkm_pm_group **pgrp)
{
	struct nvkm_pm_group *grp;
	struct nvkm_pm_dom *dom;
	unsigned long flags;
	int ret = 0;

	*pgrp = NULL;
	ret = nvkm_pm_group_validate(pm, args);
	if (ret)
		return ret;

	grp = kzalloc(sizeof(*grp), GFP_KERNEL_ACCOUNT);
	if (!grp)
		return -ENOMEM;
	grp->pm = pm;
	grp->args = *args;
	grp->holder = holder;
	grp->res.flags = NVPM_READ_NOT_READY;

	raw_spin_lock_irqsave(&pm->lock, flags);
	dom = &pm->dom[args->dom];
	if (dom->wedged)
		ret = -EIO;
	else if (dom->record)
		ret = -EBUSY;
	else if (dom->layout && dom->nr_groups >= NVKM_PM_SHARED_GROUPS)
		ret = -ENOSPC;	/* sampling visits them all: a bounded count */
	else if (dom->layout)	/* a shared domain: what its layout has left */
		ret = dom->layout->claim(pm, grp);
	else if (dom->nr_groups && (!holder || dom->holder != holder))
		ret = -EBUSY;
	else if (dom->nr_groups >= NVKM_PM_GROUPS_PER_DOM)
		ret = -ENOSPC;
	if (ret) {
		raw_spin_unlock_irqrestore(&pm->lock, flags);
		kfree(grp);
		return ret;
	}
	list_add_tail(&grp->head, &pm->groups);
	grp->round = pm->round;
	if (dom->layout) {
		dom->nr_groups++;
		dom->layout->program(pm, args->dom, args);
	} else {
		dom->holder = holder;
		list_add_tail(&grp->dom_head, &dom->groups);
		if (!dom->nr_groups++)
			nvkm_pm_group_activate(pm, grp, true);
	}
	raw_spin_unlock_irqrestore(&pm->lock, flags);

	*pgrp = grp;
	return 0;
}

/**
 * nvkm_pm_group_new() - configure a counter group and start it counting
 * @pm: the engine
 * @args: what to count
 * @pgrp: the new group
 *
 * The domain must be free: nvkm_pm_group_new_held() with no holder.
 *
 * Return: as nvkm_pm_group_new_held().
 */
int
nvkm_pm_group_new(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args,
		  struct nvkm_pm_group **pgrp)
{
	return nvkm_pm_group_new_held(pm, args, NULL, pgrp);
}

/**
 * nvkm_pm_group_check() - whether a counter group could be configured
 * @pm: the engine
 * @args: what it would count
 *
 * Checks @args as nvkm_pm_group_new_held() does, without taking a domain
 * or touching the hardware.
 *
 * Return: 0, or the error nvkm_pm_group_new_held() would give for @args
 * itself (-ENOENT, -EINVAL, -E2BIG, -EOPNOTSUPP).
 */
int
nvkm_pm_group_check(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args)
{
	return nvkm_pm_group_validate(pm, args);
}

/**
 * nvkm_pm_group_set() - change what a quad mode counter group counts
 * @grp: the group, on a PCOUNTER domain (not a shared one)
 * @args: its new configuration: the same domain, quad mode
 *
 * The domain is programmed for @args at once when @grp is the group
 * counting there (else when its turn comes).  Its totals go on: a counter
 * given a new configuration adds what it counts from here to the total
 * its previous one left.  Collect @grp first: the counts since the last
 * latch are dropped (G84:GF100 latch and clear on programming) or, where
 * the shadow counters survive programming, the next latch has a few
 * cycles counted the old way, as when groups take turns.
 *
 * Register accesses only, under the engine's spinlock: callable in
 * interrupt context.
 *
 * Return: 0; -EINVAL when @args is for another domain or mode, or not
 * valid (nothing changed then).
 */
int
nvkm_pm_group_set(struct nvkm_pm_group *grp, const struct nvkm_pm_group_args *args)
{
	struct nvkm_pm *pm = grp->pm;
	unsigned long flags;

	if (args->dom != grp->args.dom || args->mode != NVPM_MODE_QUAD ||
	    grp->args.mode != NVPM_MODE_QUAD || pm->dom[args->dom].layout ||
	    nvkm_pm_group_validate(pm, args))
		return -EINVAL;

	raw_spin_lock_irqsave(&pm->lock, flags);
	grp->args = *args;
	/* after fini the hardware is not touched: init programs it again */
	if (pm->dom[args->dom].active == grp && pm->engine.subdev.device->initialised)
		nvkm_pm_group_activate(pm, grp, false);
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	return 0;
}

/* The group after @grp in its domain's turn order. */
static struct nvkm_pm_group *
nvkm_pm_group_next(struct nvkm_pm *pm, struct nvkm_pm_group *grp)
{
	struct list_head *groups = &pm->dom[grp->args.dom].groups;

	if (list_is_last(&grp->dom_head, groups))
		return list_first_entry(groups, struct nvkm_pm_group, dom_head);
	return list_next_entry(grp, dom_head);
}

/**
 * nvkm_pm_group_del() - stop a counter group and release its domain
 * @pgrp: the group; set to NULL
 *
 * When other groups of the holder share the domain, the next one counts.
 */
void
nvkm_pm_group_del(struct nvkm_pm_group **pgrp)
{
	struct nvkm_pm_group *grp = *pgrp, *next = NULL;
	struct nvkm_pm_dom *dom;
	struct nvkm_pm *pm;
	unsigned long flags;
	bool hw;

	if (!grp)
		return;
	pm = grp->pm;
	dom = &pm->dom[grp->args.dom];
	raw_spin_lock_irqsave(&pm->lock, flags);
	/* after fini (GPU removed or suspended) the hardware is not touched */
	hw = pm->engine.subdev.device->initialised;
	if (dom->layout) {
		if (hw)
			dom->layout->stop(pm, grp->args.dom);
		dom->layout->release(pm, grp);
		dom->nr_groups--;
		list_del(&grp->head);
		raw_spin_unlock_irqrestore(&pm->lock, flags);
		kfree(grp);
		*pgrp = NULL;
		return;
	}
	if (dom->active == grp) {
		if (dom->nr_groups > 1)
			next = nvkm_pm_group_next(pm, grp);
		dom->active = NULL;
	}
	list_del(&grp->dom_head);
	list_del(&grp->head);
	if (!--dom->nr_groups)
		dom->holder = NULL;
	if (next) {
		if (hw)
			nvkm_pm_group_activate(pm, next, true);
		else
			dom->active = next;
	} else if (!dom->active && hw) {
		pm->func->layout->stop(pm, grp->args.dom);
	}
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	kfree(grp);
	*pgrp = NULL;
}

/* --- sampling: trigger, collect, read -------------------------------------- */

/**
 * nvkm_pm_trigger() - latch every quad mode counter group of the device
 * @pm: the engine
 *
 * The latch is the hardware's and device-wide: one trigger latches every
 * quad mode group, of every holder, in the same cycle.  It lands a few
 * cycles later; nvkm_pm_collect() or nvkm_pm_collect_groups() adds it to
 * the groups' totals.  Register accesses only, under the engine's
 * spinlock: callable in interrupt context.
 */
void
nvkm_pm_trigger(struct nvkm_pm *pm)
{
	struct nvkm_pm_group *grp;
	unsigned long flags;

	raw_spin_lock_irqsave(&pm->lock, flags);
	list_for_each_entry(grp, &pm->groups, head) {
		if (grp->args.mode == NVPM_MODE_QUAD &&
		    nvkm_pm_layout(pm, grp->args.dom)->trigger) {
			pm->func->layout->trigger(pm);
			break;
		}
	}
	pm->round++;	/* idle counter groups need no trigger, only a round */
	raw_spin_unlock_irqrestore(&pm->lock, flags);
}

/*
 * Collect every quad group not yet collected since the last trigger;
 * false while the latch has not happened.  Groups created since the
 * trigger were marked collected when they were made.
 */
static bool
nvkm_pm_group_collect_quads(struct nvkm_pm *pm)
{
	struct nvkm_pm_group *grp;

	list_for_each_entry(grp, &pm->groups, head) {
		if (grp->args.mode != NVPM_MODE_QUAD || grp->round == pm->round)
			continue;
		if (!nvkm_pm_group_counting(pm, grp)) {
			grp->round = pm->round;	/* waiting its turn: not latched */
			continue;
		}
		if (!nvkm_pm_layout(pm, grp->args.dom)->collect(pm, grp->args.dom, grp))
			return false;
		grp->round = pm->round;
	}
	return true;
}

/* A sample of @grp, if it was counting: a single event group is read now. */
static void
nvkm_pm_group_sampled(struct nvkm_pm *pm, struct nvkm_pm_group *grp)
{
	if (!nvkm_pm_group_counting(pm, grp))
		return;	/* not its turn: no sample */
	if (grp->args.mode == NVPM_MODE_SINGLE)
		nvkm_pm_layout(pm, grp->args.dom)->collect(pm, grp->args.dom, grp);
	grp->res.flags &= ~NVPM_READ_NOT_READY;
	grp->res.samples++;
}

/* @grp's domain moves on to its next group, once per collect (@turn). */
static void
nvkm_pm_group_turn(struct nvkm_pm *pm, struct nvkm_pm_group *grp, u64 turn)
{
	struct nvkm_pm_dom *dom = &pm->dom[grp->args.dom];

	if (dom->active != grp || dom->nr_groups < 2 || dom->turn == turn)
		return;
	dom->turn = turn;
	nvkm_pm_group_activate(pm, nvkm_pm_group_next(pm, grp), false);
}

/*
 * Collect the latch into every quad group of the device (or the next latch
 * would find them unread), then a sample for the groups sampled: @grps
 * when given, else every group of @holder.  Then each domain where a
 * sampled group counts and others wait moves on to its next group.
 */
static int
nvkm_pm_collect_(struct nvkm_pm *pm, const void *holder,
		 struct nvkm_pm_group *const *grps, int nr, bool wait)
{
	int i, us = wait ? NVKM_PM_LATCH_TIMEOUT_US : 0;
	struct nvkm_pm_group *grp;
	unsigned long flags;
	bool done;
	u64 turn;

	for (;;) {
		raw_spin_lock_irqsave(&pm->lock, flags);
		done = nvkm_pm_group_collect_quads(pm);
		raw_spin_unlock_irqrestore(&pm->lock, flags);
		if (done)
			break;
		if (us-- <= 0)
			return wait ? -ETIMEDOUT : -EAGAIN;
		udelay(1);
	}

	raw_spin_lock_irqsave(&pm->lock, flags);
	turn = ++pm->turns;
	if (grps) {
		for (i = 0; i < nr; i++)
			nvkm_pm_group_sampled(pm, grps[i]);
		for (i = 0; i < nr; i++)
			nvkm_pm_group_turn(pm, grps[i], turn);
	} else {
		/* bounded: NVKM_PM_GROUPS_PER_DOM per domain, and the shared ones */
		list_for_each_entry(grp, &pm->groups, head) {
			if (grp->holder == holder)
				nvkm_pm_group_sampled(pm, grp);
		}
		list_for_each_entry(grp, &pm->groups, head) {
			if (grp->holder == holder)
				nvkm_pm_group_turn(pm, grp, turn);
		}
	}
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	return 0;
}

/**
 * nvkm_pm_collect() - add the latch to the totals: a sample for a holder
 * @pm: the engine
 * @holder: whose counter groups are sampled (as given to
 *	    nvkm_pm_group_new_held())
 * @wait: busy-wait (up to NVKM_PM_LATCH_TIMEOUT_US) for the latch
 *
 * Every quad group of the device gets its latched counts; those of
 * @holder that were counting also count a sample (its single event groups
 * are read now), and each domain where @holder's groups take turns moves
 * on to its next group.
 *
 * Return: 0, or -EAGAIN / -ETIMEDOUT when the latch has not happened
 * (nothing changed but the groups already collected).
 */
int
nvkm_pm_collect(struct nvkm_pm *pm, const void *holder, bool wait)
{
	return nvkm_pm_collect_(pm, holder, NULL, 0, wait);
}

/**
 * nvkm_pm_collect_groups() - add the latch to the totals: a sample for
 *			      some groups
 * @pm: the engine
 * @grps: the groups sampled
 * @nr: entries in @grps
 * @wait: busy-wait (up to NVKM_PM_LATCH_TIMEOUT_US) for the latch
 *
 * As nvkm_pm_collect(), for the groups of @grps instead of a holder's.
 * Without @wait, register accesses only, under the engine's spinlock:
 * callable in interrupt context.
 *
 * Return: as nvkm_pm_collect().
 */
int
nvkm_pm_collect_groups(struct nvkm_pm *pm, struct nvkm_pm_group *const *grps, int nr,
		       bool wait)
{
	return nvkm_pm_collect_(pm, NULL, grps, nr, wait);
}

/**
 * nvkm_pm_group_read() - a counter group's totals
 * @grp: the group
 * @res: where to copy them
 * @clear: flags of the group's result that this read clears:
 *	   NVPM_READ_LOST for the READ ioctl's "a latch was lost since the
 *	   previous read", 0 to leave them for that reader
 *
 * Callable in interrupt context.
 */
void
nvkm_pm_group_read(struct nvkm_pm_group *grp, struct nvkm_pm_group_result *res, u32 clear)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&grp->pm->lock, flags);
	*res = grp->res;
	grp->res.flags &= ~clear;
	raw_spin_unlock_irqrestore(&grp->pm->lock, flags);
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
	ret = nvkm_pm_sources_attach(pm);
	return ret ?: nvkm_record_oneinit(pm);
}

/* Also after a GPU reset or resume: what was configured counts again. */
static int
nvkm_pm_init(struct nvkm_subdev *subdev)
{
	struct nvkm_pm *pm = nvkm_pm(subdev);
	struct nvkm_pm_group *grp;
	unsigned long flags;
	int ret;

	if (pm->func->init) {
		ret = pm->func->init(pm);
		if (ret)
			return ret;
	}

	nvkm_record_init(pm);
	if (!pm->func->layout)
		return 0;
	raw_spin_lock_irqsave(&pm->lock, flags);
	list_for_each_entry(grp, &pm->groups, head) {
		if (pm->dom[grp->args.dom].layout)
			pm->dom[grp->args.dom].layout->program(pm, grp->args.dom, &grp->args);
		else if (pm->dom[grp->args.dom].active == grp)
			nvkm_pm_group_activate(pm, grp, true);
	}
	raw_spin_unlock_irqrestore(&pm->lock, flags);
	return 0;
}

static int
nvkm_pm_fini(struct nvkm_subdev *subdev, bool suspend)
{
	nvkm_record_fini(nvkm_pm(subdev));
	return 0;
}

static void *
nvkm_pm_dtor(struct nvkm_subdev *subdev)
{
	struct nvkm_pm *pm = nvkm_pm(subdev);

	WARN_ON(!list_empty(&pm->groups));
	nvkm_record_dtor(pm);
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
	raw_spin_lock_init(&pm->lock);
	INIT_LIST_HEAD(&pm->groups);
	nvkm_engine_ctor(&nvkm_pm, device, "pm", &pm->engine);
	*ppm = pm;
	return 0;
}
