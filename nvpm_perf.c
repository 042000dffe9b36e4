// SPDX-License-Identifier: MIT
/*
 * nvpm counter ioctls: domain and signal queries (open to every render
 * node user), counter groups (privileged: global counters see every
 * process's work), sampling and reading.  Each handler validates, looks
 * up, acts, copies out; a refused call changes nothing.
 */
#include <linux/capability.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>
#include <nvkm/engine/pm.h>
#include <nvkm/engine/sw.h>
#include <uapi/drm/nvpm_drm.h>
#include "nvpm_drv.h"

static bool nvpm_unprivileged;
module_param_named(unprivileged, nvpm_unprivileged, bool, 0644);
MODULE_PARM_DESC(unprivileged, "Let any render node user create counter groups (default: CAP_PERFMON needed)");

/* What the uapi lets a group ask for, the engine takes. */
static_assert(NVPM_GROUP_MAX_SOURCES == NVKM_PM_SOURCES);

/**
 * nvpm_perf_allowed() - may the caller use the global counters?
 *
 * Return: true with CAP_PERFMON (or CAP_SYS_ADMIN), or when the module
 * parameter unprivileged is set.
 */
bool
nvpm_perf_allowed(void)
{
	return nvpm_unprivileged || perfmon_capable();
}

int
nvpm_file_get_info(struct nvpm_file *nfile, void *data)
{
	struct nvkm_device *device = nfile->device;
	struct drm_nvpm_get_info *args = data;
	struct drm_device *drm = nfile->drm;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "GET_INFO: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->reserved) {
		drm_dbg(drm, "GET_INFO: reserved 0x%llx must be zero\n", args->reserved);
		return -EINVAL;
	}

	args->flags = nfile->info_flags;
	args->version = NVPM_UAPI_VERSION;
	args->chipset = device->chipset;
	args->card_type = device->card_type;
	args->boot0 = device->boot0;
	args->hw_caps = nvkm_pm_caps(device->pm);
	strscpy(args->name, device->name, sizeof(args->name));
	return 0;
}

/**
 * struct nvpm_query - an array query
 * @ioctl: its name, for the debug log
 * @elem: bytes of an entry
 * @fill: writes entry i of the array (of @ctx) at @out
 */
struct nvpm_query {
	const char *ioctl;
	size_t elem;
	void (*fill)(void *ctx, u32 i, void *out);
};

/*
 * The array query protocol (see the uapi header): @q's fill writes entry
 * i of @total into a kernel buffer that is copied out at once.
 */
static int
nvpm_query_array(struct drm_device *drm, const struct nvpm_query *q, u32 *count, u64 uptr,
		 u32 total, void *ctx)
{
	void *buf;
	u32 i;
	int ret = 0;

	if (!*count) {
		*count = total;
		return 0;
	}
	if (*count < total) {
		drm_dbg(drm, "%s: count %u < %u entries\n", q->ioctl, *count, total);
		*count = total;
		return -E2BIG;
	}
	*count = total;
	if (!total)
		return 0;

	buf = kcalloc(total, q->elem, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	for (i = 0; i < total; i++)
		q->fill(ctx, i, buf + i * q->elem);
	if (copy_to_user(u64_to_user_ptr(uptr), buf, total * q->elem))
		ret = -EFAULT;
	kfree(buf);
	return ret;
}

static void
nvpm_fill_domain(void *ctx, u32 i, void *out)
{
	struct nvkm_pm *pm = ctx;
	struct drm_nvpm_domain *d = out;
	u64 caps = nvkm_pm_caps(pm);

	d->id = i;
	d->nr_counters = nvkm_pm_nr_counters(pm);
	d->nr_signals = pm->dom[i].nr_signals;
	d->caps = nvkm_pm_single(pm) ? NVPM_DOMAIN_CAP_SINGLE : 0;
	if (caps & NVPM_HW_CAP_QUAD)
		d->caps |= NVPM_DOMAIN_CAP_QUAD;
	if (caps & NVPM_HW_CAP_COUNTER_MODES)
		d->caps |= NVPM_DOMAIN_CAP_COUNTER_MODES;
	if (caps & NVPM_HW_CAP_PERIODIC)
		d->caps |= NVPM_DOMAIN_CAP_PERIODIC;
	if (caps & NVPM_HW_CAP_USER_TRIGGER)
		d->caps |= NVPM_DOMAIN_CAP_USER;
	strscpy(d->name, pm->dom[i].name, sizeof(d->name));
	strscpy(d->clock, pm->dom[i].clock, sizeof(d->clock));
	if (pm->dom[i].idle) {
		d->nr_counters = pm->dom[i].nr_ctr;
		d->caps = NVPM_DOMAIN_CAP_QUAD | NVPM_DOMAIN_CAP_IDLE;
	}
}

static const struct nvpm_query nvpm_query_domains = {
	.ioctl = "QUERY_DOMAINS",
	.elem = sizeof(struct drm_nvpm_domain),
	.fill = nvpm_fill_domain,
};

int
nvpm_file_query_domains(struct nvpm_file *nfile, void *data)
{
	struct drm_device *drm = nfile->drm;
	struct drm_nvpm_query_domains *args = data;
	struct nvkm_pm *pm = nfile->device->pm;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "QUERY_DOMAINS: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	return nvpm_query_array(drm, &nvpm_query_domains, &args->count, args->domains,
				pm->nr_doms, pm);
}

static void
nvpm_fill_signal(void *ctx, u32 i, void *out)
{
	const struct nvkm_pm_dom *dom = ctx;
	struct drm_nvpm_signal *sig = out;

	sig->signal = dom->sig[i].signal;
	sig->nr_sources = dom->sig[i].nr_src;
	strscpy(sig->name, dom->sig[i].name, sizeof(sig->name));
}

static const struct nvpm_query nvpm_query_signals = {
	.ioctl = "QUERY_SIGNALS",
	.elem = sizeof(struct drm_nvpm_signal),
	.fill = nvpm_fill_signal,
};

int
nvpm_file_query_signals(struct nvpm_file *nfile, void *data)
{
	struct drm_device *drm = nfile->drm;
	struct drm_nvpm_query_signals *args = data;
	struct nvkm_pm *pm = nfile->device->pm;
	struct nvkm_pm_dom *dom;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "QUERY_SIGNALS: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->pad) {
		drm_dbg(drm, "QUERY_SIGNALS: pad must be zero\n");
		return -EINVAL;
	}
	if (args->domain >= pm->nr_doms) {
		drm_dbg(drm, "QUERY_SIGNALS: domain %u >= %d domains\n", args->domain,
			pm->nr_doms);
		return -ENOENT;
	}
	dom = &pm->dom[args->domain];
	return nvpm_query_array(drm, &nvpm_query_signals, &args->count, args->signals,
				dom->nr_sig, dom);
}

struct nvpm_src_ctx {
	const struct nvkm_pm_dom *dom;
	const struct nvkm_pm_sig *sig;
};

static void
nvpm_fill_source(void *ctx, u32 i, void *out)
{
	const struct nvpm_src_ctx *c = ctx;
	const struct nvkm_pm_src *src = c->dom->src[c->sig->src[i]];
	struct drm_nvpm_source *o = out;

	o->id = c->sig->src[i];
	o->mask = src->mask;
	strscpy(o->name, src->name, sizeof(o->name));
}

static const struct nvpm_query nvpm_query_sources = {
	.ioctl = "QUERY_SOURCES",
	.elem = sizeof(struct drm_nvpm_source),
	.fill = nvpm_fill_source,
};

int
nvpm_file_query_sources(struct nvpm_file *nfile, void *data)
{
	struct drm_device *drm = nfile->drm;
	struct drm_nvpm_query_sources *args = data;
	struct nvkm_pm *pm = nfile->device->pm;
	struct nvpm_src_ctx c;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "QUERY_SOURCES: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->domain >= pm->nr_doms) {
		drm_dbg(drm, "QUERY_SOURCES: domain %u >= %d domains\n", args->domain,
			pm->nr_doms);
		return -ENOENT;
	}
	c.dom = &pm->dom[args->domain];
	if (args->signal >= c.dom->nr_signals) {
		drm_dbg(drm, "QUERY_SOURCES: signal %u >= the domain's %u signals\n",
			args->signal, c.dom->nr_signals);
		return -EINVAL;
	}
	c.sig = nvkm_pm_sig_find(c.dom, args->signal);
	return nvpm_query_array(drm, &nvpm_query_sources, &args->count, args->sources,
				c.sig ? c.sig->nr_src : 0, &c);
}

/* GROUP_CREATE as version 2 knew it: no source settings. */
#define NVPM_GROUP_CREATE_V2_SIZE \
	offsetof(struct drm_nvpm_group_create, nr_sources)

/* The fields of GROUP_CREATE the engine can't see, checked. */
static int
nvpm_group_check(struct drm_device *drm, const struct drm_nvpm_group_create *in)
{
	static const struct drm_nvpm_counter zero;
	int i;

	if (in->size != sizeof(*in) && in->size != NVPM_GROUP_CREATE_V2_SIZE) {
		drm_dbg(drm, "GROUP_CREATE: size %u, want %zu (or %zu, version 2)\n",
			in->size, sizeof(*in), NVPM_GROUP_CREATE_V2_SIZE);
		return -EINVAL;
	}
	if (in->pad) {
		drm_dbg(drm, "GROUP_CREATE: pad must be zero\n");
		return -EINVAL;
	}
	if (in->pad2) {
		drm_dbg(drm, "GROUP_CREATE: pad2 must be zero\n");
		return -EINVAL;
	}
	if (in->handle) {
		drm_dbg(drm, "GROUP_CREATE: handle must be zero on input\n");
		return -EINVAL;
	}
	if (in->size == NVPM_GROUP_CREATE_V2_SIZE && (in->nr_sources || in->sources)) {
		drm_dbg(drm, "GROUP_CREATE: nr_sources and sources must be zero (version 2)\n");
		return -EINVAL;
	}
	if (in->nr_sources > NVPM_GROUP_MAX_SOURCES) {
		drm_dbg(drm, "GROUP_CREATE: nr_sources %u > %u\n", in->nr_sources,
			NVPM_GROUP_MAX_SOURCES);
		return -E2BIG;
	}
	if (in->flags & ~NVPM_GROUP_EVENT_PERIOD_ALL) {
		drm_dbg(drm, "GROUP_CREATE: unknown flags 0x%x\n", in->flags);
		return -EINVAL;
	}
	if (in->nr_counters > ARRAY_SIZE(in->counter)) {
		drm_dbg(drm, "GROUP_CREATE: nr_counters %u > %zu\n", in->nr_counters,
			ARRAY_SIZE(in->counter));
		return -E2BIG;
	}
	for (i = in->nr_counters; i < ARRAY_SIZE(in->counter); i++) {
		if (memcmp(&in->counter[i], &zero, sizeof(zero))) {
			drm_dbg(drm, "GROUP_CREATE: counter[%d] must be zero: nr_counters is %u\n",
				i, in->nr_counters);
			return -EINVAL;
		}
	}
	return 0;
}

/* The uapi form of a counter group, checked for what the engine can't see. */
static int
nvpm_group_args(struct drm_device *drm, const struct drm_nvpm_group_create *in,
		struct nvkm_pm_group_args *args)
{
	int i, ret;

	ret = nvpm_group_check(drm, in);
	if (ret)
		return ret;

	memset(args, 0, sizeof(*args));
	args->dom = in->domain;
	args->mode = in->mode;
	args->ctr_mode = in->counter_mode;
	args->nr_ctr = in->nr_counters;
	for (i = 0; i < in->nr_counters; i++) {
		memcpy(args->ctr[i].signal, in->counter[i].signal, 4);
		args->ctr[i].logic_op = in->counter[i].logic_op;
		args->ctr[i].flags = in->counter[i].flags;
	}
	args->event_period_all = in->flags & NVPM_GROUP_EVENT_PERIOD_ALL;
	args->pre_count = in->pre_count;
	args->stop_count = in->stop_count;
	args->threshold = in->threshold;

	args->nr_src = in->nr_sources;
	if (in->nr_sources) {
		struct drm_nvpm_source_value v[NVPM_GROUP_MAX_SOURCES];

		if (copy_from_user(v, u64_to_user_ptr(in->sources),
				   in->nr_sources * sizeof(v[0])))
			return -EFAULT;
		for (i = 0; i < in->nr_sources; i++) {
			args->src[i].id = v[i].id;
			args->src[i].value = v[i].value;
		}
	}
	return 0;
}

/*
 * Groups of a file on one domain are capped on every domain, the shared
 * ones (pdaemon) too, where nvkm lets holders add groups while counters
 * are left; nfile->lock held.
 */
static bool
nvpm_group_room(struct nvpm_file *nfile, u32 d)
{
	struct nvkm_pm_group *grp;
	unsigned long handle;
	int n = 0;

	xa_for_each(&nfile->groups, handle, grp)
		n += grp->args.dom == d;
	return n < NVKM_PM_GROUPS_PER_DOM;
}

int
nvpm_file_group_create(struct nvpm_file *nfile, void *data)
{
	struct drm_device *drm = nfile->drm;
	struct drm_nvpm_group_create *in = data;
	struct nvkm_pm_group_args args;
	struct nvkm_pm_group *grp;
	int ret, idx;
	u32 handle;

	ret = nvpm_group_args(drm, in, &args);
	if (ret)
		return ret;
	if (!nvpm_perf_allowed()) {
		drm_dbg(drm, "GROUP_CREATE: needs CAP_PERFMON (or unprivileged=1)\n");
		return -EPERM;
	}
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	mutex_lock(&nfile->lock);
	if (!nvpm_group_room(nfile, args.dom)) {
		drm_dbg(drm, "GROUP_CREATE: the file has %d groups on domain %u already\n",
			NVKM_PM_GROUPS_PER_DOM, args.dom);
		ret = -ENOSPC;
		goto out;
	}
	ret = nvkm_pm_group_new_held(nfile->device->pm, &args, nfile, &grp);
	if (ret) {
		drm_dbg(drm, "GROUP_CREATE: the engine refused the configuration: %d\n", ret);
		goto out;
	}
	/* software methods name groups in 24 bits */
	ret = xa_alloc(&nfile->groups, &handle, grp,
		       XA_LIMIT(1, NVKM_SW_COUNTER_HANDLE), GFP_KERNEL_ACCOUNT);
	if (ret) {
		nvkm_pm_group_del(&grp);
		goto out;
	}
	in->handle = handle;
out:
	mutex_unlock(&nfile->lock);
	drm_dev_exit(idx);
	return ret;
}

int
nvpm_file_group_destroy(struct nvpm_file *nfile, void *data)
{
	struct drm_device *drm = nfile->drm;
	struct drm_nvpm_group_destroy *args = data;
	struct nvkm_pm_group *grp;
	int idx, ret = -ENOENT;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "GROUP_DESTROY: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	/* stopping its counters is MMIO: unplugged, the group goes at close */
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	mutex_lock(&nfile->lock);
	grp = xa_erase(&nfile->groups, args->handle);
	if (grp)
		nvpm_channels_forget(nfile, grp);
	mutex_unlock(&nfile->lock);
	if (grp) {
		nvkm_pm_group_del(&grp);	/* clears grp */
		ret = 0;
	} else {
		drm_dbg(drm, "GROUP_DESTROY: no group with handle %u\n", args->handle);
	}
	drm_dev_exit(idx);
	return ret;
}

int
nvpm_file_sample(struct nvpm_file *nfile, void *data)
{
	struct drm_device *drm = nfile->drm;
	struct drm_nvpm_sample *args = data;
	struct nvkm_pm *pm = nfile->device->pm;
	int ret, idx;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "SAMPLE: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->flags) {
		drm_dbg(drm, "SAMPLE: unknown flags 0x%x\n", args->flags);
		return -EINVAL;
	}
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	/* a sample for the file's groups: the file is their holder */
	mutex_lock(&nfile->lock);
	nvkm_pm_trigger(pm);
	ret = nvkm_pm_collect(pm, nfile, true);
	if (!ret)
		args->samples = ++nfile->samples;
	mutex_unlock(&nfile->lock);
	drm_dev_exit(idx);
	return ret;
}

int
nvpm_file_read(struct nvpm_file *nfile, void *data)
{
	struct drm_device *drm = nfile->drm;
	struct drm_nvpm_read *args = data;
	struct nvkm_pm_group_result res;
	struct nvkm_pm_group *grp;
	int i;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "READ: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->pad) {
		drm_dbg(drm, "READ: pad must be zero\n");
		return -EINVAL;
	}

	mutex_lock(&nfile->lock);
	grp = xa_load(&nfile->groups, args->handle);
	if (grp)
		nvkm_pm_group_read(grp, &res, NVPM_READ_LOST);
	mutex_unlock(&nfile->lock);
	if (!grp) {
		drm_dbg(drm, "READ: no group with handle %u\n", args->handle);
		return -ENOENT;
	}

	for (i = 0; i < NVKM_PM_COUNTERS; i++) {
		args->value[i] = res.value[i];
		args->counter_flags[i] = res.ctr_flags[i];
	}
	args->cycles = res.cycles;
	args->flags = res.flags;
	args->samples = res.samples;
	return 0;
}

/* On close: every counter group of the file goes. */
void
nvpm_groups_release(struct nvpm_file *nfile)
{
	struct nvkm_pm_group *grp;
	unsigned long handle;

	xa_for_each(&nfile->groups, handle, grp) {
		xa_erase(&nfile->groups, handle);
		nvkm_pm_group_del(&grp);
	}
}
