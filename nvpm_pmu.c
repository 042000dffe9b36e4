// SPDX-License-Identifier: MIT
/*
 * A perf_event PMU per GPU, "nvpm_<device>", for perf and other
 * perf_event_open() users.  Like other uncore PMUs it counts system-wide
 * only (no tasks, no sampling), on the one CPU its cpumask names.
 *
 * An event is one counter of a counter group of its own: the config says
 * the domain, the counter's four signals and its logic op (the format
 * directory tells perf where), so any counter a GROUP_CREATE can set up
 * with one quad mode counter is an event.  The counter group is created
 * when the event is, through the same engine calls the ioctls use: a
 * PCOUNTER domain held by another user (an ioctl user, a record session
 * or another event) refuses the event with -EBUSY, and the other way
 * round; the idle counter domain is shared as long as it has counters
 * left.  Reading an event latches and collects its group.
 *
 * Named events (the events directory) cover the common questions: every
 * cycle of each domain, PGRAPH busy and idle, and each PDAEMON engine's
 * busy cycles.  Counts are cycles of the domain's clock: a busy share is a
 * busy event's count over its domain's cycles event's.
 *
 * Events may outlive the GPU (unbind while perf stat runs).  Each holds a
 * reference on the DRM device, so the nvkm device, whose engine its
 * counter group belongs to, stays allocated until the last event is
 * destroyed, and the &struct nvpm_pmu is freed with the DRM device.  Once
 * the PMU is unregistered its events count no more: they leave the
 * hardware alone, and a read succeeds with the count as the last update
 * before left it, every time.  New events are refused with -ENODEV.
 */
#include <linux/bitfield.h>
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <nvkm/engine/pm.h>
#include "nvpm_drv.h"

/* config: where each field lives (mirrored by the format attributes) */
#define NVPM_PMU_DOM		GENMASK_ULL(7, 0)
#define NVPM_PMU_SIG(k)		(GENMASK_ULL(15, 8) << (8 * (k)))
#define NVPM_PMU_OP		GENMASK_ULL(55, 40)
#define NVPM_PMU_CONFIG		(NVPM_PMU_DOM | NVPM_PMU_SIG(0) | NVPM_PMU_SIG(1) | \
				 NVPM_PMU_SIG(2) | NVPM_PMU_SIG(3) | NVPM_PMU_OP)

/* Logic ops of the named events: signal 0 high, low, every cycle. */
#define NVPM_PMU_OP_HIGH	0xaaaa
#define NVPM_PMU_OP_LOW		0x5555
#define NVPM_PMU_OP_ALWAYS	0xffff

/* Named events, at most: cycles per domain, two for PGRAPH, busy per engine. */
#define NVPM_PMU_MAX_DOMS	16
#define NVPM_PMU_MAX_EVENTS	(NVPM_PMU_MAX_DOMS + 2 + 16)

/**
 * struct nvpm_pmu_attr - a named event's sysfs file
 * @attr: the event, its value the config terms
 * @name: the event's name
 * @value: the config terms
 */
struct nvpm_pmu_attr {
	struct device_attribute attr;
	char name[NVKM_PM_NAME_LEN + 8];
	char value[80];
};

/**
 * struct nvpm_pmu - the PMU of one GPU
 * @base: perf's PMU
 * @nvpm: the device
 * @closed: unregistered: events leave the hardware alone
 * @rcu: frees it after perf's RCU readers of event->pmu (kfree_rcu()
 *	 takes offsets below 4096: near the top)
 * @cpu: the CPU events are counted on (any would do: the counters are the
 *	 GPU's)
 * @name: "nvpm_<device>"
 * @nr: entries of @ev in use
 * @ev: the named events
 * @attrs: NULL-terminated attributes of the events directory
 * @events: the events directory
 * @groups: events, format and cpumask, NULL-terminated
 */
struct nvpm_pmu {
	struct pmu base;
	struct nvpm_drm *nvpm;
	bool closed;
	struct rcu_head rcu;
	int cpu;
	char name[40];
	int nr;
	struct nvpm_pmu_attr ev[2 * NVPM_PMU_MAX_EVENTS];
	struct attribute *attrs[2 * NVPM_PMU_MAX_EVENTS + 1];
	struct attribute_group events;
	const struct attribute_group *groups[4];
};

/**
 * struct nvpm_pmu_event - the state of one perf event
 * @grp: its counter group
 * @value: the group's counter total at the last read
 */
struct nvpm_pmu_event {
	struct nvkm_pm_group *grp;
	u64 value;
};

static inline struct nvpm_pmu *
to_nvpm_pmu(struct pmu *pmu)
{
	return container_of(pmu, struct nvpm_pmu, base);
}

/* --- sysfs --------------------------------------------------------------- */

static ssize_t
cpumask_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct nvpm_pmu *p = to_nvpm_pmu(dev_get_drvdata(dev));

	return cpumap_print_to_pagebuf(true, buf, cpumask_of(p->cpu));
}
static DEVICE_ATTR_RO(cpumask);

static struct attribute *nvpm_pmu_cpumask_attrs[] = {
	&dev_attr_cpumask.attr,
	NULL,
};

static const struct attribute_group nvpm_pmu_cpumask_group = {
	.attrs = nvpm_pmu_cpumask_attrs,
};

PMU_FORMAT_ATTR(dom, "config:0-7");
PMU_FORMAT_ATTR(sig0, "config:8-15");
PMU_FORMAT_ATTR(sig1, "config:16-23");
PMU_FORMAT_ATTR(sig2, "config:24-31");
PMU_FORMAT_ATTR(sig3, "config:32-39");
PMU_FORMAT_ATTR(op, "config:40-55");

static struct attribute *nvpm_pmu_format_attrs[] = {
	&format_attr_dom.attr,
	&format_attr_sig0.attr,
	&format_attr_sig1.attr,
	&format_attr_sig2.attr,
	&format_attr_sig3.attr,
	&format_attr_op.attr,
	NULL,
};

static const struct attribute_group nvpm_pmu_format_group = {
	.name = "format",
	.attrs = nvpm_pmu_format_attrs,
};

static ssize_t
nvpm_pmu_event_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct nvpm_pmu_attr *a = container_of(attr, struct nvpm_pmu_attr, attr);

	return sysfs_emit(buf, "%s\n", a->value);
}

static struct nvpm_pmu_attr *
nvpm_pmu_attr_add(struct nvpm_pmu *p, const char *value)
{
	struct nvpm_pmu_attr *a = &p->ev[p->nr];

	p->attrs[p->nr++] = &a->attr.attr;
	strscpy(a->value, value, sizeof(a->value));
	sysfs_attr_init(&a->attr.attr);
	a->attr.attr.name = a->name;
	a->attr.attr.mode = 0444;
	a->attr.show = nvpm_pmu_event_show;
	return a;
}

/*
 * Add a named event and its .unit file (perf prints the unit next to the
 * count: every event counts cycles of its domain's clock).  Quietly full
 * at the bound.
 */
static __printf(3, 4) void
nvpm_pmu_event_add(struct nvpm_pmu *p, const char *value, const char *fmt, ...)
{
	struct nvpm_pmu_attr *a, *unit;
	va_list ap;

	if (p->nr == ARRAY_SIZE(p->ev))
		return;
	a = nvpm_pmu_attr_add(p, value);
	va_start(ap, fmt);
	vsnprintf(a->name, sizeof(a->name), fmt, ap);
	va_end(ap);
	unit = nvpm_pmu_attr_add(p, "cycles");
	scnprintf(unit->name, sizeof(unit->name), "%s.unit", a->name);
}

/* An event name from a domain or signal name: lower case, '.' to '-'. */
static void
nvpm_pmu_event_name(char *dst, size_t size, const char *src)
{
	size_t i;

	for (i = 0; i + 1 < size && src[i]; i++)
		dst[i] = src[i] == '.' ? '-' : tolower(src[i]);
	dst[i] = '\0';
}

static void
nvpm_pmu_events_init(struct nvpm_pmu *p, struct nvkm_pm *pm)
{
	const struct nvkm_pm_sig *sig;
	char value[80], name[NVKM_PM_NAME_LEN];
	bool pgraph = false;
	int d, i;

	for (d = 0; d < pm->nr_doms && d < NVPM_PMU_MAX_DOMS; d++) {
		snprintf(value, sizeof(value), "dom=0x%x,op=0x%x", d, NVPM_PMU_OP_ALWAYS);
		nvpm_pmu_event_name(name, sizeof(name), pm->dom[d].name);
		nvpm_pmu_event_add(p, value, "%s-cycles", name);
	}
	for (d = 0; d < pm->nr_doms && d < NVPM_PMU_MAX_DOMS; d++) {
		for (i = 0; i < pm->dom[d].nr_sig; i++) {
			sig = &pm->dom[d].sig[i];
			if (pm->dom[d].idle) {
				/* an engine: its busy cycles */
				snprintf(value, sizeof(value), "dom=0x%x,sig0=0x%x,op=0x%x",
					 d, sig->signal, NVPM_PMU_OP_HIGH);
				nvpm_pmu_event_name(name, sizeof(name), sig->name);
				nvpm_pmu_event_add(p, value, "%s-busy", name);
			} else if (!pgraph && !strcmp(sig->name, "PGRAPH.IDLE")) {
				pgraph = true;
				snprintf(value, sizeof(value), "dom=0x%x,sig0=0x%x,op=0x%x",
					 d, sig->signal, NVPM_PMU_OP_HIGH);
				nvpm_pmu_event_add(p, value, "pgraph-idle");
				snprintf(value, sizeof(value), "dom=0x%x,sig0=0x%x,op=0x%x",
					 d, sig->signal, NVPM_PMU_OP_LOW);
				nvpm_pmu_event_add(p, value, "pgraph-busy");
			}
		}
	}
}

/* --- counting ------------------------------------------------------------ */

/*
 * Latch and collect the event's group; add what its counter counted since
 * the last time, unless @start (the event counts from here).  A latch that
 * did not happen in time leaves the totals as they were: the next read
 * has its counts.  Once the PMU is closed, or the GPU unplugged, nothing
 * changes.  perf calls this with interrupts off: drm_dev_enter() is an
 * SRCU read lock, which may be taken there, and holds nvpm_drm_remove()
 * off the hardware until drm_dev_exit().
 */
static void
nvpm_pmu_event_update(struct perf_event *event, bool start)
{
	struct nvpm_pmu *p = to_nvpm_pmu(event->pmu);
	struct nvpm_pmu_event *e = event->pmu_private;
	struct nvkm_pm_group_result res;
	int idx;

	if (READ_ONCE(p->closed) || !drm_dev_enter(&p->nvpm->drm, &idx))
		return;
	nvkm_pm_trigger(e->grp->pm);
	nvkm_pm_collect_groups(e->grp->pm, &e->grp, 1, true);
	nvkm_pm_group_read(e->grp, &res, NVPM_READ_LOST);
	drm_dev_exit(idx);
	if (!start)
		local64_add(res.value[0] - e->value, &event->count);
	e->value = res.value[0];
}

static void
nvpm_pmu_read(struct perf_event *event)
{
	nvpm_pmu_event_update(event, false);
}

static void
nvpm_pmu_start(struct perf_event *event, int flags)
{
	nvpm_pmu_event_update(event, true);	/* counts from here */
	event->hw.state = 0;
}

static void
nvpm_pmu_stop(struct perf_event *event, int flags)
{
	if (event->hw.state & PERF_HES_STOPPED)
		return;
	if (flags & PERF_EF_UPDATE)
		nvpm_pmu_event_update(event, false);
	event->hw.state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int
nvpm_pmu_add(struct perf_event *event, int flags)
{
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		nvpm_pmu_start(event, flags);
	return 0;
}

static void
nvpm_pmu_del(struct perf_event *event, int flags)
{
	nvpm_pmu_stop(event, PERF_EF_UPDATE);
}

/*
 * What perf reads of an event's PMU after its destroy(): 6.1's
 * _free_event() puts the module reference through event->pmu then.  The
 * device reference destroy() drops may be the last, and the PMU goes with
 * the device, so the event is left pointing here instead.  Only .module
 * and .capabilities (not PERF_PMU_CAP_EXCLUSIVE) are read of it.
 */
static struct pmu nvpm_pmu_gone = {
	.module = THIS_MODULE,
};

/*
 * The group is released whether or not the GPU is still there: the event's
 * device reference keeps the nvkm device allocated, and a finalised device
 * leaves its registers alone.  Entering the device only keeps
 * nvpm_drm_remove() from finalising it while the group stops counting.
 */
static void
nvpm_pmu_event_destroy(struct perf_event *event)
{
	struct nvpm_pmu_event *e = event->pmu_private;
	struct nvpm_drm *nvpm = to_nvpm_pmu(event->pmu)->nvpm;
	bool entered;
	int idx;

	entered = drm_dev_enter(&nvpm->drm, &idx);
	nvkm_pm_group_del(&e->grp);
	if (entered)
		drm_dev_exit(idx);
	kfree(e);
	event->pmu_private = NULL;
	WRITE_ONCE(event->pmu, &nvpm_pmu_gone);
	drm_dev_put(&nvpm->drm);
}

static int
nvpm_pmu_event_init(struct perf_event *event)
{
	struct nvpm_pmu *p = to_nvpm_pmu(event->pmu);
	u64 config = event->attr.config;
	struct nvkm_pm_group_args args;
	struct nvpm_pmu_event *e;
	int k, ret, idx;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	if (READ_ONCE(p->closed))
		return -ENODEV;
	/* system-wide counting only: no task, no sampling */
	if (event->attach_state & PERF_ATTACH_TASK || event->cpu < 0)
		return -EINVAL;
	if (is_sampling_event(event))
		return -EOPNOTSUPP;
	if (config & ~NVPM_PMU_CONFIG || event->attr.config1 || event->attr.config2)
		return -EINVAL;

	memset(&args, 0, sizeof(args));
	args.dom = FIELD_GET(NVPM_PMU_DOM, config);
	args.mode = NVPM_MODE_QUAD;
	args.nr_ctr = 1;
	for (k = 0; k < 4; k++)
		args.ctr[0].signal[k] = (config & NVPM_PMU_SIG(k)) >> (8 + 8 * k);
	args.ctr[0].logic_op = FIELD_GET(NVPM_PMU_OP, config);

	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	if (!drm_dev_enter(&p->nvpm->drm, &idx)) {
		kfree(e);
		return -ENODEV;
	}
	ret = nvkm_pm_group_new(p->nvpm->device->pm, &args, &e->grp);
	if (!ret)
		drm_dev_get(&p->nvpm->drm);	/* put by nvpm_pmu_event_destroy() */
	drm_dev_exit(idx);
	if (ret) {
		kfree(e);
		return ret;
	}
	event->cpu = p->cpu;
	event->pmu_private = e;
	event->destroy = nvpm_pmu_event_destroy;
	return 0;
}

/* --- registration -------------------------------------------------------- */

/* "nvpm_" and the device's name: nvpm-sim<N> -> nvpm_sim<N>, PCI -> nvpm_0000_01_00.0 */
static void
nvpm_pmu_name(struct nvpm_pmu *p)
{
	const char *dev = dev_name(p->nvpm->drm.dev);
	char *c;

	if (!strncmp(dev, DRIVER_NAME "-", strlen(DRIVER_NAME) + 1))
		dev += strlen(DRIVER_NAME) + 1;
	snprintf(p->name, sizeof(p->name), DRIVER_NAME "_%s", dev);
	for (c = p->name; *c; c++) {
		if (*c == ':' || *c == '-')
			*c = '_';
	}
}

/* The last reference to the device is gone: no event is left. */
static void
nvpm_pmu_release(struct drm_device *drm, void *ptr)
{
	struct nvpm_pmu *p = ptr;

	kfree_rcu(p, rcu);
}

/**
 * nvpm_pmu_register() - offer a GPU's counters to perf
 * @nvpm: the device, initialised and registered
 *
 * Devices without quad mode counters (before NV30) get no PMU.  A PMU that
 * cannot be registered is not fatal: the render node works without it.
 * The PMU is freed with the DRM device, after its last event.
 */
void
nvpm_pmu_register(struct nvpm_drm *nvpm)
{
	struct nvkm_pm *pm = nvpm->device->pm;
	struct nvpm_pmu *p;
	int ret;

	if (!(nvkm_pm_caps(pm) & NVPM_HW_CAP_QUAD))
		return;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return;
	if (drmm_add_action_or_reset(&nvpm->drm, nvpm_pmu_release, p))
		return;
	p->nvpm = nvpm;
	/* the boot CPU, which x86 does not take offline */
	p->cpu = cpumask_first(cpu_online_mask);
	nvpm_pmu_name(p);
	nvpm_pmu_events_init(p, pm);
	p->events.name = "events";
	p->events.attrs = p->attrs;
	p->groups[0] = &p->events;
	p->groups[1] = &nvpm_pmu_format_group;
	p->groups[2] = &nvpm_pmu_cpumask_group;

	p->base = (struct pmu) {
		.module = THIS_MODULE,
		.task_ctx_nr = perf_invalid_context,
		.capabilities = PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups = p->groups,
		.event_init = nvpm_pmu_event_init,
		.add = nvpm_pmu_add,
		.del = nvpm_pmu_del,
		.start = nvpm_pmu_start,
		.stop = nvpm_pmu_stop,
		.read = nvpm_pmu_read,
	};
	ret = perf_pmu_register(&p->base, p->name, -1);
	if (ret) {
		drm_warn(&nvpm->drm, "no perf PMU: %d\n", ret);
		return;
	}
	nvpm->pmu = p;
}

/**
 * nvpm_pmu_unregister() - take a GPU's PMU away
 * @nvpm: the device, before drm_dev_unplug()
 *
 * Events that exist stay until perf destroys them, counting no more; the
 * PMU itself is freed with the DRM device, after the last of them.  The
 * module cannot go while events exist (perf holds a reference on it).
 */
void
nvpm_pmu_unregister(struct nvpm_drm *nvpm)
{
	struct nvpm_pmu *p = nvpm->pmu;

	if (!p)
		return;
	WRITE_ONCE(p->closed, true);
	perf_pmu_unregister(&p->base);
	nvpm->pmu = NULL;
}
