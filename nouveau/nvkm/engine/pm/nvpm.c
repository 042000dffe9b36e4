// SPDX-License-Identifier: MIT
/*
 * nouveau's perfmon engine served by nvpm (DRM_NOUVEAU_NVPM).
 *
 * nouveau's device table constructs this engine in place of its own
 * perfmon (NV10..GK104, where nvpm drives the chipset).  It lends nvpm
 * the device's register accessors through nvpm's host interface and
 * serves nouveau's PERFMON and PERFDOM classes (nvif/if0002.h,
 * nvif/if0003.h) with nvpm's counter groups, plus nvpm's own methods
 * (uapi/drm/nvpm_nvif.h in nvpm).  Only nouveau's headers and
 * nvpm_host.h are included: no nvpm nvkm type is visible here.
 */
#include <core/client.h>
#include <core/option.h>
#include <engine/pm.h>

#include <nvif/class.h>
#include <nvif/if0002.h>
#include <nvif/if0003.h>
#include <nvif/unpack.h>

#include <nvpm_host.h>
#include <nvpm_nvif.h>

bool nvkm_nvpm_enable = true;
module_param_named(nvpm, nvkm_nvpm_enable, bool, 0400);
MODULE_PARM_DESC(nvpm, "Serve the perfmon engine with nvpm's (1, default) or nouveau's own (0)");

/* PERFDOMs one PERFMON may have: one SAMPLE latches them all. */
#define NVKM_NVPM_PERFDOMS	NVPM_HOST_SAMPLE_MAX

struct nvkm_nvpm {
	struct nvkm_pm base;
	struct nvpm_host *host;
};

struct nvkm_nvpm_perfmon {
	struct nvkm_object object;
	struct nvkm_nvpm *pm;
	struct mutex lock;	/* @doms, @nr_doms, the PERFDOMs' state */
	struct list_head doms;
	int nr_doms;
};

/**
 * struct nvkm_nvpm_perfdom - a PERFDOM: one counter group of nvpm
 * @object: base
 * @perfmon: its PERFMON
 * @head: entry in the PERFMON's list
 * @grp: the counter group, configured and counting from NEW on
 * @init: INIT has run: READ and the totals count from @base
 * @base: the group's totals at INIT's latch
 * @last: its totals at the end of the last period it counted
 * @ctr: that period's counts (READ)
 * @clk: that period's cycles (READ); 0 before the first period
 * @lost: NVPM_READ_LOST seen since the last totals read
 */
struct nvkm_nvpm_perfdom {
	struct nvkm_object object;
	struct nvkm_nvpm_perfmon *perfmon;
	struct list_head head;
	struct nvpm_host_group *grp;
	bool init;
	struct nvpm_host_result base;
	struct nvpm_host_result last;
	u32 ctr[4];
	u32 clk;
	u32 lost;
};

#define nvkm_nvpm(p) container_of((p), struct nvkm_nvpm, base.engine)
#define nvkm_nvpm_perfmon(p) container_of((p), struct nvkm_nvpm_perfmon, object)
#define nvkm_nvpm_perfdom(p) container_of((p), struct nvkm_nvpm_perfdom, object)

/* The registers, as nouveau reaches them (BAR0, or a test's hook). */
static u32
nvkm_nvpm_rd32(void *priv, u32 addr)
{
	return nvkm_rd32((struct nvkm_device *)priv, addr);
}

static void
nvkm_nvpm_wr32(void *priv, u32 addr, u32 data)
{
	nvkm_wr32((struct nvkm_device *)priv, addr, data);
}

static const struct nvpm_host_ops
nvkm_nvpm_host_ops = {
	.rd32 = nvkm_nvpm_rd32,
	.wr32 = nvkm_nvpm_wr32,
};

/*
 * nouveau's PERFDOM counts in quad event mode (pm/nv40.c and pm/gf100.c
 * set CTRL's MODE to QUAD), which PCOUNTER has from NV30 on, latched by
 * SWAP: before NV30 there is single event mode only, and NV30's SWAP is
 * PGRAPH's PM_TRIGGER, whose trigger register nothing documents before
 * NV40 (pcounter_intro.rst).  nvpm's engine refuses quad mode there, so
 * on NV10:NV40 the PERFMON serves the catalog and offers no PERFDOM.
 */
static bool
nvkm_nvpm_perfdoms(struct nvkm_nvpm *pm)
{
	return pm->base.engine.subdev.device->card_type >= NV_40;
}

/*******************************************************************************
 * PERFDOM: one counter group of nvpm, with nouveau's INIT/SAMPLE/READ
 ******************************************************************************/

/* The group's totals; a lost latch is kept for the next totals read. */
static void
nvkm_nvpm_perfdom_fetch(struct nvkm_nvpm_perfdom *dom, struct nvpm_host_result *res)
{
	nvpm_host_read(dom->grp, res);
	dom->lost |= res->flags & NVPM_READ_LOST;
}

/*
 * Latch every PERFDOM of the PERFMON, as nouveau's SAMPLE latches every
 * domain.  Each initialised PERFDOM that counted the period just ended
 * makes it the one READ reports; one that waited its turn on a shared
 * domain keeps the last period it counted (as does one whose latch was
 * dropped as stale, after a resume).  PERFDOMs without INIT are latched
 * too: they take their turns like the others.
 */
static int
nvkm_nvpm_sample_all(struct nvkm_nvpm_perfmon *perfmon)
{
	struct nvpm_host_group *grp[NVKM_NVPM_PERFDOMS];
	struct nvkm_nvpm_perfdom *dom;
	struct nvpm_host_result res;
	int nr = 0, ret, i;

	list_for_each_entry(dom, &perfmon->doms, head)
		grp[nr++] = dom->grp;
	ret = nvpm_host_sample(perfmon->pm->host, grp, nr);
	if (ret)
		return ret;

	list_for_each_entry(dom, &perfmon->doms, head) {
		if (!dom->init)
			continue;
		nvkm_nvpm_perfdom_fetch(dom, &res);
		if (res.cycles == dom->last.cycles)
			continue;	/* not its turn, or a stale latch dropped */
		for (i = 0; i < 4; i++)
			dom->ctr[i] = res.value[i] - dom->last.value[i];
		dom->clk = res.cycles - dom->last.cycles;
		dom->last = res;
	}
	return 0;
}

/*
 * INIT starts the PERFDOM's count: a latch that is no SAMPLE (no period
 * ends, no turn moves on) folds what came before into the totals, and the
 * count starts from there.  The first SAMPLE after INIT then ends a period
 * that began at INIT, as with nouveau's INIT, whose counter writes latch
 * once (PRE_OP on G84:GF100, USER_TRIGGER on GF100+).  Where nothing
 * clears the shadow counters when a group is programmed (NV40:G84, GF100+)
 * this latch is also the stale one nvpm drops.
 */
static int
nvkm_nvpm_perfdom_init(struct nvkm_nvpm_perfdom *dom, void *data, u32 size)
{
	union {
		struct nvif_perfdom_init none;
	} *args = data;
	struct nvkm_nvpm_perfmon *perfmon = dom->perfmon;
	int ret = -ENOSYS;

	ret = nvif_unvers(ret, &data, &size, args->none);
	if (ret)
		return ret;

	mutex_lock(&perfmon->lock);
	ret = nvpm_host_sample(perfmon->pm->host, &dom->grp, 0);
	if (!ret) {
		nvkm_nvpm_perfdom_fetch(dom, &dom->base);
		dom->last = dom->base;
		memset(dom->ctr, 0, sizeof(dom->ctr));
		dom->clk = 0;
		dom->lost = 0;
		dom->init = true;
	}
	mutex_unlock(&perfmon->lock);
	return ret;
}

static int
nvkm_nvpm_perfdom_sample(struct nvkm_nvpm_perfdom *dom, void *data, u32 size)
{
	union {
		struct nvif_perfdom_sample none;
	} *args = data;
	int ret = -ENOSYS;

	ret = nvif_unvers(ret, &data, &size, args->none);
	if (ret)
		return ret;

	mutex_lock(&dom->perfmon->lock);
	ret = nvkm_nvpm_sample_all(dom->perfmon);
	mutex_unlock(&dom->perfmon->lock);
	return ret;
}

/* The last period the PERFDOM counted; -EAGAIN while it has none. */
static int
nvkm_nvpm_perfdom_read(struct nvkm_nvpm_perfdom *dom, void *data, u32 size)
{
	union {
		struct nvif_perfdom_read_v0 v0;
	} *args = data;
	int ret = -ENOSYS, i;

	ret = nvif_unpack(ret, &data, &size, args->v0, 0, 0, false);
	if (ret)
		return ret;

	mutex_lock(&dom->perfmon->lock);
	if (dom->init && dom->clk) {
		for (i = 0; i < 4; i++)
			args->v0.ctr[i] = dom->ctr[i];
		args->v0.clk = dom->clk;
	} else {
		ret = -EAGAIN;	/* no period counted since INIT */
	}
	mutex_unlock(&dom->perfmon->lock);
	return ret;
}

/* The totals since INIT: the group's, less what it had at INIT. */
static int
nvkm_nvpm_perfdom_read_totals(struct nvkm_nvpm_perfdom *dom, void *data, u32 size)
{
	union {
		struct nvif_perfdom_nvpm_totals_v0 v0;
	} *args = data;
	struct nvpm_host_result res, base;
	int ret = -ENOSYS, i;
	u32 lost = 0;

	ret = nvif_unpack(ret, &data, &size, args->v0, 0, 0, false);
	if (ret)
		return ret;
	if (memchr_inv(args->v0.pad01, 0, sizeof(args->v0.pad01)))
		return -EINVAL;

	mutex_lock(&dom->perfmon->lock);
	if (dom->init) {
		nvkm_nvpm_perfdom_fetch(dom, &res);
		base = dom->base;
		lost = dom->lost;
		dom->lost = 0;
	} else {
		ret = -EAGAIN;
	}
	mutex_unlock(&dom->perfmon->lock);
	if (ret)
		return ret;

	for (i = 0; i < 4; i++) {
		args->v0.value[i] = res.value[i] - base.value[i];
		args->v0.ctr_flags[i] = res.ctr_flags[i];
	}
	args->v0.cycles = res.cycles - base.cycles;
	args->v0.samples = res.samples - base.samples;
	args->v0.flags = lost;
	if (!args->v0.samples)
		args->v0.flags |= NVPM_READ_NOT_READY;
	return 0;
}

static int
nvkm_nvpm_perfdom_mthd(struct nvkm_object *object, u32 mthd, void *data, u32 size)
{
	struct nvkm_nvpm_perfdom *dom = nvkm_nvpm_perfdom(object);

	switch (mthd) {
	case NVIF_PERFDOM_V0_INIT:
		return nvkm_nvpm_perfdom_init(dom, data, size);
	case NVIF_PERFDOM_V0_SAMPLE:
		return nvkm_nvpm_perfdom_sample(dom, data, size);
	case NVIF_PERFDOM_V0_READ:
		return nvkm_nvpm_perfdom_read(dom, data, size);
	case NVIF_PERFDOM_V0_NVPM_TOTALS:
		return nvkm_nvpm_perfdom_read_totals(dom, data, size);
	default:
		break;
	}
	return -EINVAL;
}

static void *
nvkm_nvpm_perfdom_dtor(struct nvkm_object *object)
{
	struct nvkm_nvpm_perfdom *dom = nvkm_nvpm_perfdom(object);
	struct nvkm_nvpm_perfmon *perfmon = dom->perfmon;

	mutex_lock(&perfmon->lock);
	nvpm_host_group_del(&dom->grp);
	list_del(&dom->head);
	perfmon->nr_doms--;
	mutex_unlock(&perfmon->lock);
	return dom;
}

static const struct nvkm_object_func
nvkm_nvpm_perfdom = {
	.dtor = nvkm_nvpm_perfdom_dtor,
	.mthd = nvkm_nvpm_perfdom_mthd,
};

/* Add one source setting of a PERFDOM argument; ids are nvpm's, plus one. */
static int
nvkm_nvpm_perfdom_source(struct nvpm_host_group_args *a,
			 const struct nvpm_host_signal *sig, u64 source)
{
	u32 id = lower_32_bits(source), value = upper_32_bits(source);
	int i;

	for (i = 0; i < sig->nr_sources; i++) {
		if (sig->source[i] + 1 == id)
			break;
	}
	if (i == sig->nr_sources)
		return -EINVAL;

	for (i = 0; i < a->nr_src; i++) {
		if (a->src[i].id == id - 1)
			return a->src[i].value == value ? 0 : -EINVAL;
	}
	if (a->nr_src == NVPM_HOST_SOURCES)
		return -EINVAL;
	a->src[a->nr_src].id = id - 1;
	a->src[a->nr_src].value = value;
	a->nr_src++;
	return 0;
}

/* nouveau's PERFDOM argument as an nvpm counter group: four counters. */
static int
nvkm_nvpm_perfdom_args(struct nvpm_host *host, const struct nvif_perfdom_v0 *v0,
		       struct nvpm_host_group_args *a)
{
	struct nvpm_host_domain d;
	struct nvpm_host_signal sig;
	int c, s, m, ret;

	if (nvpm_host_domain(host, v0->domain, &d))
		return -EINVAL;

	memset(a, 0, sizeof(*a));
	a->dom = v0->domain;
	a->mode = NVPM_MODE_QUAD;
	a->ctr_mode = v0->mode;
	a->nr_ctr = min_t(u32, d.nr_counters, ARRAY_SIZE(v0->ctr));
	for (c = 0; c < ARRAY_SIZE(v0->ctr); c++) {
		for (s = 0; s < 4; s++) {
			u8 signal = v0->ctr[c].signal[s];
			bool named = !nvpm_host_signal_find(host, a->dom, signal, &sig);

			/* signal 0 unnamed is "no signal", as in nouveau */
			if (signal && !named)
				return -EINVAL;
			for (m = 0; m < 8; m++) {
				if (!v0->ctr[c].source[s][m])
					continue;
				if (!named)
					return -EINVAL;
				ret = nvkm_nvpm_perfdom_source(a, &sig,
							       v0->ctr[c].source[s][m]);
				if (ret)
					return ret;
			}
		}
		if (c >= a->nr_ctr) {
			if (memchr_inv(v0->ctr[c].signal, 0, 4) || v0->ctr[c].logic_op)
				return -EINVAL;
			continue;
		}
		memcpy(a->ctr[c].signal, v0->ctr[c].signal, 4);
		a->ctr[c].logic_op = v0->ctr[c].logic_op;
	}

	/*
	 * nouveau's PERFDOM always has its four counters; one with logic op 0
	 * counts nothing.  PDAEMON's idle counters have no mode that never
	 * counts: on the idle domain such counters take no hardware counter
	 * when they come last (READ gives 0 for them), and are refused before
	 * a counter in use.
	 */
	if (d.idle) {
		while (a->nr_ctr && !a->ctr[a->nr_ctr - 1].logic_op)
			a->nr_ctr--;
		for (c = 0; c < a->nr_ctr; c++) {
			if (!a->ctr[c].logic_op)
				return -EINVAL;
		}
		if (!a->nr_ctr)
			return -EINVAL;
	}
	return 0;
}

/*
 * NEW validates, checks the caller's privilege and makes the counter
 * group, so that what can be refused is refused here: a counter mode or
 * logic op the domain cannot count, a domain whose turns or idle counters
 * are all taken.  INIT and SAMPLE then fail only when the hardware does
 * not latch.  The group counts from NEW; INIT starts the PERFDOM's count.
 */
static int
nvkm_nvpm_perfdom_new(const struct nvkm_oclass *oclass, void *data, u32 size,
		      struct nvkm_object **pobject)
{
	union {
		struct nvif_perfdom_v0 v0;
	} *args = data;
	struct nvkm_nvpm_perfmon *perfmon = nvkm_nvpm_perfmon(oclass->parent);
	struct nvkm_nvpm_perfdom *dom;
	struct nvpm_host_group_args a;
	int ret = -ENOSYS;

	ret = nvif_unpack(ret, &data, &size, args->v0, 0, 0, false);
	if (ret)
		return ret;
	ret = nvkm_nvpm_perfdom_args(perfmon->pm->host, &args->v0, &a);
	if (ret)
		return ret;
	/* device-global counters see every process's work: nvpm's rule */
	if (!nvpm_host_perf_allowed())
		return -EPERM;

	dom = kzalloc(sizeof(*dom), GFP_KERNEL);
	if (!dom)
		return -ENOMEM;
	mutex_lock(&perfmon->lock);
	if (perfmon->nr_doms == NVKM_NVPM_PERFDOMS)
		ret = -ENOSPC;
	else
		ret = nvpm_host_group_new(perfmon->pm->host, &a, perfmon, &dom->grp);
	if (ret) {
		mutex_unlock(&perfmon->lock);
		kfree(dom);
		return ret;
	}
	nvkm_object_ctor(&nvkm_nvpm_perfdom, oclass, &dom->object);
	dom->perfmon = perfmon;
	list_add_tail(&dom->head, &perfmon->doms);
	perfmon->nr_doms++;
	mutex_unlock(&perfmon->lock);
	*pobject = &dom->object;
	return 0;
}

/*******************************************************************************
 * PERFMON: the catalog, with nouveau's iterators
 ******************************************************************************/

static int
nvkm_nvpm_query_domain(struct nvkm_nvpm_perfmon *perfmon, void *data, u32 size)
{
	union {
		struct nvif_perfmon_query_domain_v0 v0;
	} *args = data;
	struct nvpm_host *host = perfmon->pm->host;
	int nr = nvpm_host_nr_domains(host);
	struct nvpm_host_domain d;
	int di, ret = -ENOSYS;

	ret = nvif_unpack(ret, &data, &size, args->v0, 0, 0, false);
	if (ret)
		return ret;

	di = args->v0.iter - 1;	/* iter 0: start; n: domain n - 1 */
	if (di >= nr)
		return -EINVAL;
	if (di >= 0) {
		nvpm_host_domain(host, di, &d);
		args->v0.id = di;
		args->v0.counter_nr = nvkm_nvpm_perfdoms(perfmon->pm) ? d.nr_counters : 0;
		args->v0.signal_nr = d.nr_named;
		memset(args->v0.name, 0, sizeof(args->v0.name));
		strscpy(args->v0.name, d.name, sizeof(args->v0.name));
	}
	args->v0.iter = di + 1 < nr ? di + 2 : 0xff;
	return 0;
}

/* The first named signal numbered above @si, or -1. */
static int
nvkm_nvpm_next_named(struct nvpm_host *host, u32 di, int si, u16 nr_named)
{
	struct nvpm_host_signal sig;
	u32 i;

	for (i = 0; i < nr_named; i++) {
		if (nvpm_host_signal(host, di, i, &sig))
			break;
		if (sig.signal > si)
			return sig.signal;
	}
	return -1;
}

static int
nvkm_nvpm_query_signal(struct nvkm_nvpm_perfmon *perfmon, void *data, u32 size)
{
	union {
		struct nvif_perfmon_query_signal_v0 v0;
	} *args = data;
	struct nvkm_nvpm *pm = perfmon->pm;
	struct nvkm_device *device = pm->base.engine.subdev.device;
	const bool all = nvkm_boolopt(device->cfgopt, "NvPmShowAll", false);
	const bool raw = nvkm_boolopt(device->cfgopt, "NvPmUnnamed", all);
	struct nvpm_host_domain d;
	struct nvpm_host_signal sig;
	int si, next, ret = -ENOSYS;

	ret = nvif_unpack(ret, &data, &size, args->v0, 0, 0, false);
	if (ret)
		return ret;

	if (nvpm_host_domain(pm->host, args->v0.domain, &d))
		return -EINVAL;
	si = args->v0.iter - 1;	/* iter 0: start; n: signal n - 1 */
	if (si >= d.nr_signals)
		return -EINVAL;

	if (si >= 0) {
		bool named = !nvpm_host_signal_find(pm->host, args->v0.domain, si, &sig);

		memset(args->v0.name, 0, sizeof(args->v0.name));
		if (raw || !named)
			snprintf(args->v0.name, sizeof(args->v0.name), "/%s/%02x",
				 d.name, si);
		else
			strscpy(args->v0.name, sig.name, sizeof(args->v0.name));
		args->v0.signal = si;
		args->v0.source_nr = named ? sig.nr_sources : 0;
	}

	if (all)
		next = si + 1 < d.nr_signals ? si + 1 : -1;
	else
		next = nvkm_nvpm_next_named(pm->host, args->v0.domain, si, d.nr_named);
	args->v0.iter = next >= 0 ? next + 1 : 0xffff;
	return 0;
}

static int
nvkm_nvpm_query_source(struct nvkm_nvpm_perfmon *perfmon, void *data, u32 size)
{
	union {
		struct nvif_perfmon_query_source_v0 v0;
	} *args = data;
	struct nvpm_host *host = perfmon->pm->host;
	struct nvpm_host_signal sig;
	struct nvpm_host_source src;
	int si, ret = -ENOSYS;

	ret = nvif_unpack(ret, &data, &size, args->v0, 0, 0, false);
	if (ret)
		return ret;

	if (nvpm_host_signal_find(host, args->v0.domain, args->v0.signal, &sig))
		return -EINVAL;
	si = args->v0.iter - 1;	/* iter 0: start; n: source n - 1 */
	if (si >= sig.nr_sources)
		return -EINVAL;
	if (si >= 0) {
		if (nvpm_host_source(host, args->v0.domain, sig.source[si], &src))
			return -EINVAL;
		args->v0.source = sig.source[si] + 1;	/* 0 is "no source" */
		args->v0.mask = src.mask;
		memset(args->v0.name, 0, sizeof(args->v0.name));
		strscpy(args->v0.name, src.name, sizeof(args->v0.name));
	}
	args->v0.iter = si + 1 < sig.nr_sources ? si + 2 : 0xff;
	return 0;
}

static int
nvkm_nvpm_query_nvpm_domain(struct nvkm_nvpm_perfmon *perfmon, void *data, u32 size)
{
	union {
		struct nvif_perfmon_nvpm_domain_v0 v0;
	} *args = data;
	struct nvpm_host_domain d;
	int ret = -ENOSYS;

	ret = nvif_unpack(ret, &data, &size, args->v0, 0, 0, false);
	if (ret)
		return ret;
	if (nvpm_host_domain(perfmon->pm->host, args->v0.domain, &d))
		return -EINVAL;

	args->v0.nr_counters = nvkm_nvpm_perfdoms(perfmon->pm) ? d.nr_counters : 0;
	args->v0.flags = d.idle ? NVIF_PERFMON_NVPM_DOMAIN_IDLE : 0;
	args->v0.nr_signals = d.nr_signals;
	args->v0.nr_named = d.nr_named;
	memset(args->v0.name, 0, sizeof(args->v0.name));
	strscpy(args->v0.name, d.name, sizeof(args->v0.name));
	memset(args->v0.clock, 0, sizeof(args->v0.clock));
	strscpy(args->v0.clock, d.clock, sizeof(args->v0.clock));
	return 0;
}

static int
nvkm_nvpm_perfmon_mthd(struct nvkm_object *object, u32 mthd, void *data, u32 size)
{
	struct nvkm_nvpm_perfmon *perfmon = nvkm_nvpm_perfmon(object);

	switch (mthd) {
	case NVIF_PERFMON_V0_QUERY_DOMAIN:
		return nvkm_nvpm_query_domain(perfmon, data, size);
	case NVIF_PERFMON_V0_QUERY_SIGNAL:
		return nvkm_nvpm_query_signal(perfmon, data, size);
	case NVIF_PERFMON_V0_QUERY_SOURCE:
		return nvkm_nvpm_query_source(perfmon, data, size);
	case NVIF_PERFMON_V0_NVPM_DOMAIN:
		return nvkm_nvpm_query_nvpm_domain(perfmon, data, size);
	default:
		break;
	}
	return -EINVAL;
}

static int
nvkm_nvpm_perfmon_sclass(struct nvkm_object *object, int index,
			 struct nvkm_oclass *oclass)
{
	struct nvkm_nvpm_perfmon *perfmon = nvkm_nvpm_perfmon(object);

	if (index || !nvkm_nvpm_perfdoms(perfmon->pm))
		return -EINVAL;
	oclass->base.oclass = NVIF_CLASS_PERFDOM;
	oclass->base.minver = 0;
	oclass->base.maxver = 0;
	oclass->ctor = nvkm_nvpm_perfdom_new;
	return 0;
}

static void *
nvkm_nvpm_perfmon_dtor(struct nvkm_object *object)
{
	struct nvkm_nvpm_perfmon *perfmon = nvkm_nvpm_perfmon(object);
	struct nvkm_pm *pm = &perfmon->pm->base;

	spin_lock(&pm->client.lock);
	if (pm->client.object == &perfmon->object)
		pm->client.object = NULL;
	spin_unlock(&pm->client.lock);
	mutex_destroy(&perfmon->lock);
	return perfmon;
}

static const struct nvkm_object_func
nvkm_nvpm_perfmon = {
	.dtor = nvkm_nvpm_perfmon_dtor,
	.mthd = nvkm_nvpm_perfmon_mthd,
	.sclass = nvkm_nvpm_perfmon_sclass,
};

static int
nvkm_nvpm_perfmon_new(struct nvkm_device *device, const struct nvkm_oclass *oclass,
		      void *data, u32 size, struct nvkm_object **pobject)
{
	struct nvkm_nvpm *pm = nvkm_nvpm(oclass->engine);
	struct nvkm_nvpm_perfmon *perfmon;
	int ret;

	perfmon = kzalloc(sizeof(*perfmon), GFP_KERNEL);
	if (!perfmon)
		return -ENOMEM;
	nvkm_object_ctor(&nvkm_nvpm_perfmon, oclass, &perfmon->object);
	perfmon->pm = pm;
	mutex_init(&perfmon->lock);
	INIT_LIST_HEAD(&perfmon->doms);

	/* one PERFMON at a time, as nouveau's own */
	*pobject = &perfmon->object;
	spin_lock(&pm->base.client.lock);
	if (!pm->base.client.object)
		pm->base.client.object = &perfmon->object;
	ret = pm->base.client.object == &perfmon->object ? 0 : -EBUSY;
	spin_unlock(&pm->base.client.lock);
	return ret;
}

static const struct nvkm_device_oclass
nvkm_nvpm_oclass = {
	.base.oclass = NVIF_CLASS_PERFMON,
	.base.minver = -1,
	.base.maxver = -1,
	.ctor = nvkm_nvpm_perfmon_new,
};

static int
nvkm_nvpm_sclass(struct nvkm_oclass *oclass, int index,
		 const struct nvkm_device_oclass **class)
{
	if (index)
		return 1;
	oclass->base = nvkm_nvpm_oclass.base;
	*class = &nvkm_nvpm_oclass;
	return 0;
}

/*******************************************************************************
 * The engine
 ******************************************************************************/

static int
nvkm_nvpm_init(struct nvkm_engine *engine)
{
	return nvpm_host_init(nvkm_nvpm(engine)->host);
}

static int
nvkm_nvpm_fini(struct nvkm_engine *engine, bool suspend)
{
	return nvpm_host_fini(nvkm_nvpm(engine)->host, suspend);
}

static void *
nvkm_nvpm_dtor(struct nvkm_engine *engine)
{
	struct nvkm_nvpm *pm = nvkm_nvpm(engine);

	nvpm_host_detach(pm->host);
	return pm;
}

static const struct nvkm_engine_func
nvkm_nvpm_engine = {
	.dtor = nvkm_nvpm_dtor,
	.init = nvkm_nvpm_init,
	.fini = nvkm_nvpm_fini,
	.base.sclass = nvkm_nvpm_sclass,
};

/**
 * nvkm_nvpm_replaces() - whether nvpm serves an engine of a device
 * @device: the device, identified
 * @type: the engine
 *
 * Return: true for the perfmon engine of a chipset nvpm drives, unless
 * nouveau was loaded with nvpm=0.
 */
bool
nvkm_nvpm_replaces(struct nvkm_device *device, enum nvkm_subdev_type type)
{
	if (type != NVKM_ENGINE_PM || !nvkm_nvpm_enable || !device->chip)
		return false;
	return nvpm_host_supported(nvkm_rd32(device, 0x000000));
}

/**
 * nvkm_nvpm_pm_new() - construct nvpm's perfmon engine for a device
 * @device: the device
 * @type: NVKM_ENGINE_PM
 * @inst: its instance
 * @ppm: the engine
 *
 * Return: 0 or a negative errno.
 */
int
nvkm_nvpm_pm_new(struct nvkm_device *device, enum nvkm_subdev_type type,
		 int inst, struct nvkm_pm **ppm)
{
	struct nvkm_nvpm *pm;
	struct nvpm_host *host;
	int ret;

	pm = kzalloc(sizeof(*pm), GFP_KERNEL);
	if (!pm)
		return -ENOMEM;
	*ppm = &pm->base;
	INIT_LIST_HEAD(&pm->base.domains);
	INIT_LIST_HEAD(&pm->base.sources);
	spin_lock_init(&pm->base.client.lock);
	ret = nvkm_engine_ctor(&nvkm_nvpm_engine, device, type, inst, true,
			       &pm->base.engine);
	if (ret)
		return ret;

	host = nvpm_host_attach(device->dev, &nvkm_nvpm_host_ops, device,
				nvkm_rd32(device, 0x000000));
	if (IS_ERR(host))
		return PTR_ERR(host);
	pm->host = host;
	nvkm_info(&pm->base.engine.subdev, "nvpm's perfmon engine (%s)\n",
		  nvpm_host_chip(host));
	return 0;
}
