// SPDX-License-Identifier: MIT
/*
 * A perf_event PMU per GPU, "nvpm_<device>", for perf and other
 * perf_event_open() users.  Like other uncore PMUs it counts system-wide
 * only (no tasks, no sampling), on the one CPU its cpumask names.
 *
 * An event is one counter: the config says the domain, the counter's four
 * signals and its logic op (the format directory tells perf where), so
 * any counter a GROUP_CREATE can set up with one quad mode counter is an
 * event.  The events on a PCOUNTER domain share it: the first one's
 * event_init() creates a quad mode counter group there for the PMU,
 * through the same engine calls the ioctls use, so an ioctl user or a
 * record session holding the domain refuses the event with -EBUSY, and
 * the other way round while the PMU holds it.  perf's add() gives a
 * scheduled event one of the group's four counters (events counting the
 * same share one; an event counting every cycle reads the group's cycles
 * and needs none) and programs it; when all four count something else
 * add() says -EAGAIN and perf rotates the events, scaling their counts by
 * the time each was scheduled.  A perf group whose events need more than
 * four counters on a domain is refused at event_init().  The idle
 * counter domain is shared by the engine itself: each event there has a
 * group of its own, as long as the domain has counters left.  Reading an
 * event latches and collects its group.
 *
 * Contexts: event_init() and destroy() may sleep; they create and release
 * the domain's group under &nvpm_pmu.mutex.  add(), del(), start(),
 * stop() and read() run with interrupts off: they program counters and
 * latch under &nvpm_pmu.lock, a spinlock, with register accesses and a
 * busy-wait of at most a millisecond for the latch, nothing that sleeps.
 *
 * Named events (the events directory) cover the common questions: every
 * cycle of each domain, PGRAPH busy and idle, and each PDAEMON engine's
 * busy cycles.  Counts are cycles of the domain's clock: a busy share is a
 * busy event's count over its domain's cycles event's.
 *
 * The PMU's CPU is the last one online when it registers.  When that CPU
 * goes offline, perf's context of the PMU moves to another online CPU
 * (perf_pmu_migrate_context(), from a CPU hotplug callback), its events
 * still counting, and the cpumask follows.
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
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/ctype.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <nvkm/engine/pm.h>
#include "nvpm_drv.h"

/* config: where each field lives (mirrored by the format attributes) */
#define NVPM_PMU_DOM		GENMASK_ULL(7, 0)
#define NVPM_PMU_SIG(k)		(GENMASK_ULL(15, 8) << (8 * (k)))
#define NVPM_PMU_OP		GENMASK_ULL(55, 40)
#define NVPM_PMU_NS		BIT_ULL(56)	/* in PTIMER ns, not domain cycles */
#define NVPM_PMU_CONFIG		(NVPM_PMU_DOM | NVPM_PMU_SIG(0) | NVPM_PMU_SIG(1) | \
				 NVPM_PMU_SIG(2) | NVPM_PMU_SIG(3) | NVPM_PMU_OP | NVPM_PMU_NS)

/* Logic ops of the named events: signal 0 high, low, every cycle. */
#define NVPM_PMU_OP_HIGH	0xaaaa
#define NVPM_PMU_OP_LOW		0x5555
#define NVPM_PMU_OP_ALWAYS	0xffff

/* &nvpm_pmu_event.ctr of an event without a counter, or reading the cycles */
#define NVPM_PMU_NO_CTR		(-1)
#define NVPM_PMU_CYCLES		(-2)

/*
 * Named events, at most: cycles per domain, three for PGRAPH (idle, busy
 * in cycles and in ns), busy per engine in cycles and in ns; each has its
 * .unit and .scale files.
 */
#define NVPM_PMU_MAX_DOMS	16
#define NVPM_PMU_MAX_ENGINES	16
#define NVPM_PMU_MAX_EVENTS	(NVPM_PMU_MAX_DOMS + 3 + 2 * NVPM_PMU_MAX_ENGINES)
#define NVPM_PMU_FILES		(3 * NVPM_PMU_MAX_EVENTS)

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
 * struct nvpm_pmu_dom - a PCOUNTER domain the PMU's events share
 * @grp: the PMU's quad mode counter group there, while @events
 * @events: events on the domain (under &nvpm_pmu.mutex)
 * @cfg: what each counter of @grp counts: an event's config without the
 *	 domain (0: nothing); a counter no event uses keeps counting it
 * @users: scheduled events reading each counter
 *
 * @grp's pointer, @cfg and @users change under &nvpm_pmu.lock.
 */
struct nvpm_pmu_dom {
	struct nvkm_pm_group *grp;
	unsigned int events;
	u64 cfg[NVKM_PM_COUNTERS];
	u8 users[NVKM_PM_COUNTERS];
};

/**
 * struct nvpm_pmu - the PMU of one GPU
 * @base: perf's PMU
 * @nvpm: the device
 * @closed: unregistered: events leave the hardware alone
 * @rcu: frees it after perf's RCU readers of event->pmu (kfree_rcu()
 *	 takes offsets below 4096: near the top)
 * @cpu: the CPU events are counted on (any would do: the counters are the
 *	 GPU's); changed only by nvpm_pmu_cpu_offline()
 * @node: in the CPU hotplug state's instances, while registered
 * @mutex: creating and releasing the groups of @dom
 * @lock: the counters of @dom (taken with interrupts off, in add/del)
 * @dom: per domain of the engine, its share-out
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
	struct hlist_node node;
	struct mutex mutex;	/* see above */
	raw_spinlock_t lock;	/* see above */
	struct nvpm_pmu_dom *dom;
	char name[40];
	int nr;
	struct nvpm_pmu_attr ev[NVPM_PMU_FILES];
	struct attribute *attrs[NVPM_PMU_FILES + 1];
	struct attribute_group events;
	const struct attribute_group *groups[4];
};

/**
 * struct nvpm_pmu_event - the state of one perf event
 * @grp: the counter group it reads: its domain's (@dom), or its own
 * @dom: its PCOUNTER domain's share-out, NULL on the idle counter domain
 * @cfg: what it counts: its config without the domain
 * @ctr: the counter of @grp it reads while scheduled, NVPM_PMU_CYCLES
 *	 for the group's cycles, or NVPM_PMU_NO_CTR (it counts nothing)
 * @value: what it read there at the last update
 * @ns: it counts PTIMER nanoseconds: each update's count in domain cycles
 *	times the PTIMER time over the domain cycles since the last
 * @cycles: the group's domain cycles at the last update (@ns)
 * @time: PTIMER then (@ns)
 */
struct nvpm_pmu_event {
	struct nvkm_pm_group *grp;
	struct nvpm_pmu_dom *dom;
	u64 cfg;
	int ctr;
	u64 value;
	bool ns;
	u64 cycles;
	u64 time;
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

	return cpumap_print_to_pagebuf(true, buf, cpumask_of(READ_ONCE(p->cpu)));
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
PMU_FORMAT_ATTR(ns, "config:56");

static struct attribute *nvpm_pmu_format_attrs[] = {
	&format_attr_dom.attr,
	&format_attr_sig0.attr,
	&format_attr_sig1.attr,
	&format_attr_sig2.attr,
	&format_attr_sig3.attr,
	&format_attr_op.attr,
	&format_attr_ns.attr,
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
 * Add a named event, its .unit file (perf prints the unit next to the
 * count: cycles of the event's domain clock, or ns with ns=1) and its
 * .scale (1: the kernel counts in the unit).  Quietly full at the bound.
 */
static __printf(3, 4) void
nvpm_pmu_event_add(struct nvpm_pmu *p, const char *value, const char *fmt, ...)
{
	struct nvpm_pmu_attr *a, *file;
	va_list ap;

	if (p->nr + 3 > ARRAY_SIZE(p->ev))
		return;
	a = nvpm_pmu_attr_add(p, value);
	va_start(ap, fmt);
	vsnprintf(a->name, sizeof(a->name), fmt, ap);
	va_end(ap);
	file = nvpm_pmu_attr_add(p, strstr(value, ",ns=1") ? "ns" : "cycles");
	scnprintf(file->name, sizeof(file->name), "%s.unit", a->name);
	file = nvpm_pmu_attr_add(p, "1");
	scnprintf(file->name, sizeof(file->name), "%s.scale", a->name);
}

/* A busy event, in domain cycles and (@name-ns) in PTIMER nanoseconds. */
static void
nvpm_pmu_busy_add(struct nvpm_pmu *p, int dom, u32 signal, u32 op, const char *name)
{
	char value[80];

	snprintf(value, sizeof(value), "dom=0x%x,sig0=0x%x,op=0x%x", dom, signal, op);
	nvpm_pmu_event_add(p, value, "%s", name);
	snprintf(value, sizeof(value), "dom=0x%x,sig0=0x%x,op=0x%x,ns=1", dom, signal, op);
	nvpm_pmu_event_add(p, value, "%s-ns", name);
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
				/* an engine: its busy cycles, and ns */
				nvpm_pmu_event_name(name, sizeof(name), sig->name);
				strlcat(name, "-busy", sizeof(name));
				nvpm_pmu_busy_add(p, d, sig->signal, NVPM_PMU_OP_HIGH, name);
			} else if (!pgraph && !strcmp(sig->name, "PGRAPH.IDLE")) {
				pgraph = true;
				snprintf(value, sizeof(value), "dom=0x%x,sig0=0x%x,op=0x%x",
					 d, sig->signal, NVPM_PMU_OP_HIGH);
				nvpm_pmu_event_add(p, value, "pgraph-idle");
				nvpm_pmu_busy_add(p, d, sig->signal, NVPM_PMU_OP_LOW,
						  "pgraph-busy");
			}
		}
	}
}

/* --- counting ------------------------------------------------------------ */

/* A counter's configuration: an event's config without its domain. */
static u64
nvpm_pmu_cfg(u64 config)
{
	/* an event in ns shares the counter of its cycles twin */
	return config & ~(NVPM_PMU_DOM | NVPM_PMU_NS);
}

/* An event that counts every cycle reads the domain's cycles: no counter. */
static bool
nvpm_pmu_cfg_cycles(u64 cfg)
{
	return FIELD_GET(NVPM_PMU_OP, cfg) == NVPM_PMU_OP_ALWAYS;
}

/* Counter @k of @args counts what @cfg says. */
static void
nvpm_pmu_args_ctr(struct nvkm_pm_group_args *args, int k, u64 cfg)
{
	int j;

	for (j = 0; j < 4; j++)
		args->ctr[k].signal[j] = (cfg & NVPM_PMU_SIG(j)) >> (8 + 8 * j);
	args->ctr[k].logic_op = FIELD_GET(NVPM_PMU_OP, cfg);
	args->ctr[k].flags = 0;
}

/* A quad mode group on domain @dom, counter k counting @cfg[k]. */
static void
nvpm_pmu_args(struct nvkm_pm_group_args *args, u32 dom, const u64 *cfg, int nr)
{
	int k;

	memset(args, 0, sizeof(*args));
	args->dom = dom;
	args->mode = NVPM_MODE_QUAD;
	args->nr_ctr = nr;
	for (k = 0; k < nr; k++)
		nvpm_pmu_args_ctr(args, k, cfg[k]);
}

/*
 * Latch and collect the event's group; add what its counter counted since
 * the last time, unless @start (the event counts from here).  An event
 * without a counter (not scheduled, or scheduled on a GPU that is gone)
 * counts nothing.  A latch that did not happen in time leaves the totals
 * as they were: the next read has its counts.  Once the PMU is closed, or
 * the GPU unplugged, nothing changes.  perf calls this with interrupts
 * off: drm_dev_enter() is an SRCU read lock, which may be taken there, and
 * holds nvpm_drm_remove() off the hardware until drm_dev_exit(); the
 * latch is a busy-wait of at most a millisecond.
 */
static void
nvpm_pmu_event_update(struct perf_event *event, bool start)
{
	struct nvpm_pmu *p = to_nvpm_pmu(event->pmu);
	struct nvpm_pmu_event *e = event->pmu_private;
	struct nvkm_pm_group_result res;
	u64 value, now = 0;
	int idx;

	if (e->ctr == NVPM_PMU_NO_CTR)
		return;
	if (READ_ONCE(p->closed) || !drm_dev_enter(&p->nvpm->drm, &idx))
		return;
	/*
	 * The time as close as can be to the counts': PCOUNTER latches at the
	 * trigger, the idle counters are read at the collect.
	 */
	if (e->ns && e->dom)
		now = nvkm_device_ptimer(p->nvpm->device);
	nvkm_pm_trigger(e->grp->pm);
	if (e->ns && !e->dom)
		now = nvkm_device_ptimer(p->nvpm->device);
	nvkm_pm_collect_groups(e->grp->pm, &e->grp, 1, true);
	nvkm_pm_group_read(e->grp, &res, NVPM_READ_LOST);
	drm_dev_exit(idx);
	value = e->ctr == NVPM_PMU_CYCLES ? res.cycles : res.value[e->ctr];
	if (e->ns) {
		/* the counted share of the domain's cycles, of the time between */
		if (!start && res.cycles > e->cycles && now > e->time)
			local64_add(mul_u64_u64_div_u64(value - e->value, now - e->time,
							res.cycles - e->cycles),
				    &event->count);
		e->cycles = res.cycles;
		e->time = now;
	} else if (!start) {
		local64_add(value - e->value, &event->count);
	}
	e->value = value;
}

/*
 * Give a scheduled event a counter of its domain's group: one counting
 * the same already (shared), one left counting it by an event before
 * (taken as it is), or a free one, programmed for it.  Before the
 * programming the group is latched and collected, so the other events'
 * counters lose only the few cycles up to the programming.  Runs with
 * interrupts off (perf's add()): register accesses and the latch's
 * bounded busy-wait, under the PMU's spinlock, which orders it against
 * the other events of the domain.
 *
 * Return: 0 (on a GPU that is gone the event gets no counter and counts
 * nothing), -EAGAIN when every counter counts something else (perf tries
 * again at its next rotation), -ETIMEDOUT when the latch did not come.
 */
static int
nvpm_pmu_ctr_get(struct nvpm_pmu *p, struct nvpm_pmu_event *e)
{
	struct nvpm_pmu_dom *d = e->dom;
	u64 cfg[NVKM_PM_COUNTERS];
	struct nvkm_pm_group_args args;
	int k, free = -1, idx, ret = 0;
	unsigned long flags;

	raw_spin_lock_irqsave(&p->lock, flags);
	for (k = 0; k < NVKM_PM_COUNTERS; k++) {
		if (d->cfg[k] == e->cfg)
			goto take;
		if (!d->users[k] && free < 0)
			free = k;
	}
	if (free < 0) {
		ret = -EAGAIN;
		goto out;
	}
	k = free;
	if (READ_ONCE(p->closed) || !drm_dev_enter(&p->nvpm->drm, &idx)) {
		e->ctr = NVPM_PMU_NO_CTR;
		goto out;
	}
	memcpy(cfg, d->cfg, sizeof(cfg));
	cfg[k] = e->cfg;
	nvpm_pmu_args(&args, d - p->dom, cfg, NVKM_PM_COUNTERS);
	nvkm_pm_trigger(d->grp->pm);
	ret = nvkm_pm_collect_groups(d->grp->pm, &d->grp, 1, true);
	if (!ret)
		ret = nvkm_pm_group_set(d->grp, &args);
	drm_dev_exit(idx);
	if (ret)
		goto out;
	d->cfg[k] = e->cfg;
take:
	d->users[k]++;
	e->ctr = k;
out:
	raw_spin_unlock_irqrestore(&p->lock, flags);
	return ret;
}

/* The event leaves its counter; what it counts stays programmed. */
static void
nvpm_pmu_ctr_put(struct nvpm_pmu *p, struct nvpm_pmu_event *e)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&p->lock, flags);
	if (e->ctr >= 0)
		e->dom->users[e->ctr]--;
	e->ctr = NVPM_PMU_NO_CTR;
	raw_spin_unlock_irqrestore(&p->lock, flags);
}

static void
nvpm_pmu_read(struct perf_event *event)
{
	if (!(event->hw.state & PERF_HES_STOPPED))	/* a stopped event counts no more */
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

/*
 * perf schedules the event: on a shared domain it needs a counter (the
 * domain's cycles need none).  A refusal makes perf take the event's
 * whole group off and try again at its next rotation, with the time not
 * counted as running: perf scales the count by it.
 */
static int
nvpm_pmu_add(struct perf_event *event, int flags)
{
	struct nvpm_pmu_event *e = event->pmu_private;
	int ret;

	if (e->dom && e->ctr != NVPM_PMU_CYCLES) {
		ret = nvpm_pmu_ctr_get(to_nvpm_pmu(event->pmu), e);
		if (ret)
			return ret;
	}
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		nvpm_pmu_start(event, flags);
	return 0;
}

static void
nvpm_pmu_del(struct perf_event *event, int flags)
{
	struct nvpm_pmu_event *e = event->pmu_private;

	nvpm_pmu_stop(event, PERF_EF_UPDATE);
	if (e->dom && e->ctr != NVPM_PMU_CYCLES)
		nvpm_pmu_ctr_put(to_nvpm_pmu(event->pmu), e);
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
 * Take a share of domain @dom: the first event on it creates the PMU's
 * group there, with no counter counting yet (add() programs them).  An
 * ioctl user or a record session holding the domain refuses it (-EBUSY).
 */
static int
nvpm_pmu_dom_get(struct nvpm_pmu *p, u32 dom, struct nvpm_pmu_dom **pd)
{
	struct nvpm_pmu_dom *d = &p->dom[dom];
	u64 cfg[NVKM_PM_COUNTERS];
	struct nvkm_pm_group_args args;
	struct nvkm_pm_group *grp;
	unsigned long flags;
	int ret = 0;

	mutex_lock(&p->mutex);
	if (!d->events) {
		/* logic op 0 everywhere: the counters count nothing yet */
		memset(cfg, 0, sizeof(cfg));
		nvpm_pmu_args(&args, dom, cfg, NVKM_PM_COUNTERS);
		ret = nvkm_pm_group_new(p->nvpm->device->pm, &args, &grp);
		if (!ret) {
			raw_spin_lock_irqsave(&p->lock, flags);
			d->grp = grp;
			memset(d->cfg, 0, sizeof(d->cfg));
			memset(d->users, 0, sizeof(d->users));
			raw_spin_unlock_irqrestore(&p->lock, flags);
		}
	}
	if (!ret) {
		d->events++;
		*pd = d;
	}
	mutex_unlock(&p->mutex);
	return ret;
}

/* The last event on a shared domain releases the PMU's group there. */
static void
nvpm_pmu_dom_put(struct nvpm_pmu *p, struct nvpm_pmu_dom *d)
{
	struct nvkm_pm_group *grp = NULL;
	unsigned long flags;

	mutex_lock(&p->mutex);
	if (!--d->events) {
		raw_spin_lock_irqsave(&p->lock, flags);
		grp = d->grp;
		d->grp = NULL;
		raw_spin_unlock_irqrestore(&p->lock, flags);
	}
	nvkm_pm_group_del(&grp);
	mutex_unlock(&p->mutex);
}

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
	struct nvpm_pmu *p = to_nvpm_pmu(event->pmu);
	struct nvpm_drm *nvpm = p->nvpm;
	bool entered;
	int idx;

	entered = drm_dev_enter(&nvpm->drm, &idx);
	if (e->dom)
		nvpm_pmu_dom_put(p, e->dom);
	else
		nvkm_pm_group_del(&e->grp);
	if (entered)
		drm_dev_exit(idx);
	kfree(e);
	event->pmu_private = NULL;
	WRITE_ONCE(event->pmu, &nvpm_pmu_gone);
	drm_dev_put(&nvpm->drm);
}

/*
 * Add @sib's counter to @cfg (@nr entries) when it needs one on @event's
 * domain and no entry counts the same.  False when that takes more than
 * the domain's counters.
 */
static bool
nvpm_pmu_group_add(struct perf_event *event, struct perf_event *sib, u64 *cfg, int *nr)
{
	u64 c = nvpm_pmu_cfg(sib->attr.config);
	u64 dom = FIELD_GET(NVPM_PMU_DOM, event->attr.config);
	int k;

	if (sib->pmu != event->pmu || nvpm_pmu_cfg_cycles(c) ||
	    FIELD_GET(NVPM_PMU_DOM, sib->attr.config) != dom)
		return true;	/* another PMU's, another domain's, or cycles */
	for (k = 0; k < *nr; k++) {
		if (cfg[k] == c)
			return true;
	}
	if (*nr == NVKM_PM_COUNTERS)
		return false;
	cfg[(*nr)++] = c;
	return true;
}

/*
 * A perf group is scheduled as a unit: the events of it on @event's domain
 * (@event included) that need a counter must fit in the domain's counters
 * at once, events counting the same sharing one.  Called under the
 * leader's context mutex (perf takes it for event_init() of a sibling).
 *
 * Return: 0, or -EINVAL for a group that could never be scheduled.
 */
static int
nvpm_pmu_group_fits(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sib;
	u64 cfg[NVKM_PM_COUNTERS];
	int nr = 0;

	if (leader != event) {
		if (!nvpm_pmu_group_add(event, leader, cfg, &nr))
			return -EINVAL;
		for_each_sibling_event(sib, leader) {
			if (!nvpm_pmu_group_add(event, sib, cfg, &nr))
				return -EINVAL;
		}
	}
	return nvpm_pmu_group_add(event, event, cfg, &nr) ? 0 : -EINVAL;
}

static int
nvpm_pmu_event_init(struct perf_event *event)
{
	struct nvpm_pmu *p = to_nvpm_pmu(event->pmu);
	u64 config = event->attr.config;
	struct nvkm_pm_group_args args;
	struct nvpm_pmu_event *e;
	struct nvkm_pm *pm;
	int ret, idx;

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
	/* the ioctls' rule, before the hardware is touched */
	if (!nvpm_perf_allowed())
		return -EACCES;

	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->cfg = nvpm_pmu_cfg(config);
	e->ns = config & NVPM_PMU_NS;
	e->ctr = NVPM_PMU_NO_CTR;
	nvpm_pmu_args(&args, FIELD_GET(NVPM_PMU_DOM, config), &e->cfg, 1);
	if (!drm_dev_enter(&p->nvpm->drm, &idx)) {
		kfree(e);
		return -ENODEV;
	}
	pm = p->nvpm->device->pm;
	ret = nvkm_pm_group_check(pm, &args);
	if (ret) {
		/* nothing to count */
	} else if (pm->dom[args.dom].layout) {
		/* the idle counters share their domain: a group of its own */
		ret = nvkm_pm_group_new(pm, &args, &e->grp);
		e->ctr = 0;
	} else {
		/* a PCOUNTER domain: a share of the PMU's group there */
		ret = nvpm_pmu_group_fits(event) ?: nvpm_pmu_dom_get(p, args.dom, &e->dom);
		if (!ret)
			e->grp = e->dom->grp;
		if (nvpm_pmu_cfg_cycles(e->cfg))
			e->ctr = NVPM_PMU_CYCLES;
	}
	if (!ret)
		drm_dev_get(&p->nvpm->drm);	/* put by nvpm_pmu_event_destroy() */
	drm_dev_exit(idx);
	if (ret) {
		kfree(e);
		return ret;
	}
	event->cpu = READ_ONCE(p->cpu);
	event->pmu_private = e;
	event->destroy = nvpm_pmu_event_destroy;
	return 0;
}

/* --- registration -------------------------------------------------------- */

/* The dynamic CPU hotplug state of every nvpm PMU (nvpm_pmu_init()). */
static enum cpuhp_state nvpm_pmu_cpuhp = CPUHP_INVALID;

/*
 * A CPU goes offline (the hotplug thread, process context): if it is the
 * PMU's, perf's context of the PMU, with its events, moves to another
 * online CPU.  The PMU stays registered meanwhile: its instance is
 * removed before perf_pmu_unregister().
 */
static int
nvpm_pmu_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct nvpm_pmu *p = hlist_entry_safe(node, struct nvpm_pmu, node);
	unsigned int target;

	if (!p || cpu != READ_ONCE(p->cpu))
		return 0;
	target = cpumask_any_but(cpu_online_mask, cpu);
	if (target >= nr_cpu_ids)
		return 0;
	perf_pmu_migrate_context(&p->base, cpu, target);
	WRITE_ONCE(p->cpu, target);
	return 0;
}

/**
 * nvpm_pmu_init() - the CPU hotplug state the PMUs follow their CPU with
 *
 * Return: 0, or a negative errno (the module does not load).
 */
int
nvpm_pmu_init(void)
{
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "drm/nvpm/pmu:online", NULL,
				      nvpm_pmu_cpu_offline);
	if (ret < 0)
		return ret;
	nvpm_pmu_cpuhp = ret;
	return 0;
}

/* Module exit, after every device's PMU is unregistered. */
void
nvpm_pmu_exit(void)
{
	if (nvpm_pmu_cpuhp != CPUHP_INVALID)
		cpuhp_remove_multi_state(nvpm_pmu_cpuhp);
	nvpm_pmu_cpuhp = CPUHP_INVALID;
}

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

	kfree(p->dom);
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
	p->dom = kcalloc(pm->nr_doms, sizeof(*p->dom), GFP_KERNEL);
	if (!p->dom)
		return;
	mutex_init(&p->mutex);
	raw_spin_lock_init(&p->lock);
	/* any CPU would do; when it goes offline the PMU moves */
	p->cpu = cpumask_last(cpu_online_mask);
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
	if (!ret) {
		ret = cpuhp_state_add_instance_nocalls(nvpm_pmu_cpuhp, &p->node);
		if (ret)
			perf_pmu_unregister(&p->base);
	}
	if (ret) {
		drm_warn(&nvpm->drm, "no perf PMU: %d\n", ret);
		return;
	}
	/* its CPU went before the PMU joined the state: no event is there */
	cpus_read_lock();
	if (!cpu_online(p->cpu))
		WRITE_ONCE(p->cpu, cpumask_last(cpu_online_mask));
	cpus_read_unlock();
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
	cpuhp_state_remove_instance_nocalls(nvpm_pmu_cpuhp, &p->node);
	perf_pmu_unregister(&p->base);
	nvpm->pmu = NULL;
}
