// SPDX-License-Identifier: MIT
/*
 * The host interface (host/nvpm_host.h): nvpm's perfmon engine and idle
 * counters on a GPU another driver owns.  A host device is an ordinary
 * nvkm device whose MMIO hooks call the host's accessors, so the engine
 * code is the same that drives nvpm's own devices; no nvkm type crosses
 * the interface.
 */
#include <linux/err.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/nospec.h>
#include <linux/string.h>
#include <drm/drm_drv.h>
#include <nvkm/engine/pm.h>
#include <nvkm/engine/record.h>
#include <nvkm/engine/sw.h>
#include <nvpm_host.h>
#include <nvpm_drm.h>
#include "../nvpm_drv.h"

/**
 * struct nvpm_host - a GPU lent by a host driver
 * @ops: the host's accessors
 * @priv: their argument
 * @device: the nvkm device built over them
 */
struct nvpm_host {
	const struct nvpm_host_ops *ops;
	void *priv;
	struct nvkm_device *device;
};

static u32
nvpm_host_rd32(void *priv, u32 addr)
{
	struct nvpm_host *host = priv;

	return host->ops->rd32(host->priv, addr);
}

static void
nvpm_host_wr32(void *priv, u32 addr, u32 data)
{
	struct nvpm_host *host = priv;

	host->ops->wr32(host->priv, addr, data);
}

/*
 * The host lends its registers and nothing else: the device builds no
 * instance memory, address space or FIFO, handles no interrupt, and
 * writes only the registers a perfmon engine owns.
 */
static const struct nvkm_mmio_func nvpm_host_mmio = {
	.rd32 = nvpm_host_rd32,
	.wr32 = nvpm_host_wr32,
};

/* A group is the engine's counter group; the type only hides it. */
static struct nvkm_pm_group *
nvpm_host_group(struct nvpm_host_group *grp)
{
	return (struct nvkm_pm_group *)grp;
}

static struct nvkm_pm *
nvpm_host_pm(struct nvpm_host *host)
{
	return host->device->pm;
}

/**
 * nvpm_host_supported() - whether nvpm drives a GPU
 * @boot0: its PMC_BOOT_0
 *
 * Return: true when nvpm's chipset table has it (NV10..GK104 with a
 * PCOUNTER).
 */
bool
nvpm_host_supported(u32 boot0)
{
	const struct nvkm_device_chip *chip;

	return !nvkm_device_identify(boot0, &chip);
}
EXPORT_SYMBOL_GPL(nvpm_host_supported);

/**
 * nvpm_host_perf_allowed() - may the caller have device-global counters?
 *
 * The rule of nvpm's own node, for a host that serves nvpm's counters
 * through an interface of its own (nouveau 6.1's PERFDOM class):
 * CAP_PERFMON (or CAP_SYS_ADMIN), or nvpm's module parameter unprivileged
 * set.
 *
 * Context: process context; the caller's credentials are checked.
 * Return: true when the caller may create counters.
 */
bool
nvpm_host_perf_allowed(void)
{
	return nvpm_perf_allowed();
}
EXPORT_SYMBOL_GPL(nvpm_host_perf_allowed);

/**
 * nvpm_host_attach() - run nvpm's engines on a host's GPU
 * @dev: the GPU's device, for messages
 * @ops: the host's register accessors; must outlive the attachment
 * @priv: their argument
 * @boot0: PMC_BOOT_0 as the host read it
 *
 * Builds nvpm's perfmon engine (and, GT215 on, the idle counters) for
 * the chipset; nothing is written to the GPU until nvpm_host_init().
 *
 * Return: the attachment, or an ERR_PTR: -EINVAL for missing accessors,
 * -ENOTSUPP for a chipset nvpm does not drive, -ENODEV when the GPU's
 * PMC_BOOT_0 does not read back as @boot0, -ENOMEM.
 */
struct nvpm_host *
nvpm_host_attach(struct device *dev, const struct nvpm_host_ops *ops,
		 void *priv, u32 boot0)
{
	struct nvpm_host *host;
	int ret;

	if (!ops || !ops->rd32 || !ops->wr32)
		return ERR_PTR(-EINVAL);
	if (!nvpm_host_supported(boot0))
		return ERR_PTR(-ENOTSUPP);

	host = kzalloc(sizeof(*host), GFP_KERNEL);
	if (!host)
		return ERR_PTR(-ENOMEM);
	host->ops = ops;
	host->priv = priv;
	ret = nvkm_device_new(dev, &(struct nvkm_host) {
		.mmio = &nvpm_host_mmio, .priv = host, .lends = 0,
	}, &host->device);
	if (!ret && host->device->boot0 != boot0)
		ret = -ENODEV;
	if (ret) {
		nvkm_device_del(&host->device);
		kfree(host);
		return ERR_PTR(ret);
	}
	return host;
}
EXPORT_SYMBOL_GPL(nvpm_host_attach);

/**
 * nvpm_host_detach() - undo nvpm_host_attach()
 * @host: the attachment, or NULL; its groups must be gone
 */
void
nvpm_host_detach(struct nvpm_host *host)
{
	if (!host)
		return;
	nvkm_device_fini(host->device, false);
	nvkm_device_del(&host->device);
	kfree(host);
}
EXPORT_SYMBOL_GPL(nvpm_host_detach);

/**
 * nvpm_host_init() - bring nvpm's engines up (probe, resume)
 * @host: the attachment
 *
 * Return: 0 or a negative errno.
 */
int
nvpm_host_init(struct nvpm_host *host)
{
	return nvkm_device_init(host->device);
}
EXPORT_SYMBOL_GPL(nvpm_host_init);

/**
 * nvpm_host_fini() - stop nvpm's engines (suspend, removal)
 * @host: the attachment
 * @suspend: true on suspend
 *
 * Return: 0 or a negative errno (a failed suspend).
 */
int
nvpm_host_fini(struct nvpm_host *host, bool suspend)
{
	return nvkm_device_fini(host->device, suspend);
}
EXPORT_SYMBOL_GPL(nvpm_host_fini);

/**
 * nvpm_host_chip() - the chip's name in nvpm's chipset table
 * @host: the attachment
 *
 * Return: a static string ("G84").
 */
const char *
nvpm_host_chip(struct nvpm_host *host)
{
	return host->device->name;
}
EXPORT_SYMBOL_GPL(nvpm_host_chip);

/**
 * nvpm_host_nr_domains() - counter domains of the GPU
 * @host: the attachment
 *
 * The domains are found when the engines first come up: before the first
 * nvpm_host_init() there are none.
 *
 * Return: domains 0 .. n - 1 exist.
 */
int
nvpm_host_nr_domains(struct nvpm_host *host)
{
	return nvpm_host_pm(host)->nr_doms;
}
EXPORT_SYMBOL_GPL(nvpm_host_nr_domains);

static const struct nvkm_pm_dom *
nvpm_host_dom(struct nvpm_host *host, u32 dom)
{
	struct nvkm_pm *pm = nvpm_host_pm(host);

	return dom < pm->nr_doms ? &pm->dom[dom] : NULL;
}

/**
 * nvpm_host_domain() - describe a domain
 * @host: the attachment
 * @dom: its index
 * @out: its description
 *
 * Return: 0, or -ENOENT for an unknown domain.
 */
int
nvpm_host_domain(struct nvpm_host *host, u32 dom, struct nvpm_host_domain *out)
{
	const struct nvkm_pm_dom *d = nvpm_host_dom(host, dom);

	if (!d)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	strscpy(out->name, d->name, sizeof(out->name));
	strscpy(out->clock, d->clock ?: "", sizeof(out->clock));
	out->nr_signals = d->nr_signals;
	out->nr_named = d->nr_sig;
	out->nr_counters = d->idle ? d->nr_ctr :
			   nvkm_pm_nr_counters(nvpm_host_pm(host));
	out->idle = d->idle;
	return 0;
}
EXPORT_SYMBOL_GPL(nvpm_host_domain);

static void
nvpm_host_fill_signal(const struct nvkm_pm_sig *sig, struct nvpm_host_signal *out)
{
	memset(out, 0, sizeof(*out));
	out->signal = sig->signal;
	out->nr_sources = sig->nr_src;
	memcpy(out->source, sig->src, sizeof(out->source));
	strscpy(out->name, sig->name, sizeof(out->name));
}

/**
 * nvpm_host_signal() - the named signals of a domain, by position
 * @host: the attachment
 * @dom: the domain
 * @index: 0 .. nr_named - 1, in increasing signal number
 * @out: the signal
 *
 * Return: 0, or -ENOENT for an unknown domain or index.
 */
int
nvpm_host_signal(struct nvpm_host *host, u32 dom, u32 index,
		 struct nvpm_host_signal *out)
{
	const struct nvkm_pm_dom *d = nvpm_host_dom(host, dom);

	if (!d || index >= d->nr_sig)
		return -ENOENT;
	nvpm_host_fill_signal(&d->sig[index], out);
	return 0;
}
EXPORT_SYMBOL_GPL(nvpm_host_signal);

/**
 * nvpm_host_signal_find() - a named signal by its number
 * @host: the attachment
 * @dom: the domain
 * @signal: its number
 * @out: the signal
 *
 * Return: 0, -ENOENT for an unknown domain or a signal without a name,
 * -EINVAL for a number past the domain's signals.
 */
int
nvpm_host_signal_find(struct nvpm_host *host, u32 dom, u32 signal,
		      struct nvpm_host_signal *out)
{
	const struct nvkm_pm_dom *d = nvpm_host_dom(host, dom);
	const struct nvkm_pm_sig *sig;

	if (!d)
		return -ENOENT;
	if (signal >= d->nr_signals)
		return -EINVAL;
	sig = nvkm_pm_sig_find(d, signal);
	if (!sig)
		return -ENOENT;
	nvpm_host_fill_signal(sig, out);
	return 0;
}
EXPORT_SYMBOL_GPL(nvpm_host_signal_find);

/**
 * nvpm_host_source() - describe a source of a domain
 * @host: the attachment
 * @dom: the domain
 * @id: the source's id (nvpm_host_signal.source[])
 * @out: its description
 *
 * Return: 0, or -ENOENT for an unknown domain or source.
 */
int
nvpm_host_source(struct nvpm_host *host, u32 dom, u32 id,
		 struct nvpm_host_source *out)
{
	const struct nvkm_pm_dom *d = nvpm_host_dom(host, dom);

	if (!d || id >= d->nr_src)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	strscpy(out->name, d->src[id]->name, sizeof(out->name));
	out->mask = d->src[id]->mask;
	return 0;
}
EXPORT_SYMBOL_GPL(nvpm_host_source);

/**
 * nvpm_host_group_new() - configure a counter group and start it
 * @host: the attachment
 * @args: what it counts
 * @holder: who holds its domain (groups of one holder take turns on a
 *	    domain; another holder's domain is refused)
 * @pgrp: the group
 *
 * Return: 0, or the engine's errors (-ENOENT unknown domain, -EINVAL /
 * -E2BIG bad configuration, -EBUSY domain held, -ENOSPC too many groups,
 * -ENOMEM); on failure nothing changed.
 */
int
nvpm_host_group_new(struct nvpm_host *host,
		    const struct nvpm_host_group_args *args,
		    const void *holder, struct nvpm_host_group **pgrp)
{
	struct nvkm_pm_group_args a = {};
	struct nvkm_pm_group *grp;
	int i, ret;

	*pgrp = NULL;
	if (args->nr_ctr > NVPM_HOST_COUNTERS || args->nr_src > NVPM_HOST_SOURCES)
		return -E2BIG;
	a.dom = args->dom;
	a.mode = args->mode;
	a.ctr_mode = args->ctr_mode;
	a.nr_ctr = args->nr_ctr;
	for (i = 0; i < args->nr_ctr; i++) {
		memcpy(a.ctr[i].signal, args->ctr[i].signal, 4);
		a.ctr[i].logic_op = args->ctr[i].logic_op;
		a.ctr[i].flags = args->ctr[i].flags;
	}
	a.nr_src = args->nr_src;
	for (i = 0; i < args->nr_src; i++) {
		a.src[i].id = args->src[i].id;
		a.src[i].value = args->src[i].value;
	}

	ret = nvkm_pm_group_new_held(nvpm_host_pm(host), &a, holder, &grp);
	if (!ret)
		*pgrp = (struct nvpm_host_group *)grp;
	return ret;
}
EXPORT_SYMBOL_GPL(nvpm_host_group_new);

/**
 * nvpm_host_group_del() - stop a counter group
 * @pgrp: the group, or NULL; set to NULL
 */
void
nvpm_host_group_del(struct nvpm_host_group **pgrp)
{
	struct nvkm_pm_group *grp = *pgrp ? nvpm_host_group(*pgrp) : NULL;

	nvkm_pm_group_del(&grp);
	*pgrp = NULL;
}
EXPORT_SYMBOL_GPL(nvpm_host_group_del);

/**
 * nvpm_host_sample() - latch counter groups and add up their counts
 * @host: the attachment
 * @grp: the groups
 * @nr: entries in @grp, at most NVPM_HOST_SAMPLE_MAX
 *
 * Return: 0, -E2BIG for too many groups, -ETIMEDOUT when the hardware
 * did not latch.
 */
int
nvpm_host_sample(struct nvpm_host *host, struct nvpm_host_group **grp, int nr)
{
	struct nvkm_pm_group *grps[NVPM_HOST_SAMPLE_MAX];
	int i;

	if (nr < 0 || nr > NVPM_HOST_SAMPLE_MAX)
		return -E2BIG;
	for (i = 0; i < nr; i++)
		grps[i] = nvpm_host_group(grp[i]);
	nvkm_pm_trigger(nvpm_host_pm(host));
	return nvkm_pm_collect_groups(nvpm_host_pm(host), grps, nr, true);
}
EXPORT_SYMBOL_GPL(nvpm_host_sample);

/**
 * nvpm_host_read() - a counter group's totals
 * @grp: the group
 * @res: its totals since it was created
 */
void
nvpm_host_read(struct nvpm_host_group *grp, struct nvpm_host_result *res)
{
	struct nvkm_pm_group_result r;
	int i;

	nvkm_pm_group_read(nvpm_host_group(grp), &r, NVPM_READ_LOST);
	memset(res, 0, sizeof(*res));
	for (i = 0; i < NVPM_HOST_COUNTERS; i++) {
		res->value[i] = r.value[i];
		res->ctr_flags[i] = r.ctr_flags[i];
	}
	res->cycles = r.cycles;
	res->flags = r.flags;
	res->samples = r.samples;
}
EXPORT_SYMBOL_GPL(nvpm_host_read);

/*
 * nvpm's uapi on a host driver's DRM node: a file of the host's that uses
 * nvpm's counter ioctls has an nvpm_file of its own, on the attachment's
 * device, and the ioctls run the very code nvpm's node runs.
 */
static const nvpm_file_ioctl_t nvpm_host_ioctls[] = {
	[DRM_NVPM_GET_INFO] = nvpm_file_get_info,
	[DRM_NVPM_QUERY_DOMAINS] = nvpm_file_query_domains,
	[DRM_NVPM_QUERY_SIGNALS] = nvpm_file_query_signals,
	[DRM_NVPM_GROUP_CREATE] = nvpm_file_group_create,
	[DRM_NVPM_GROUP_DESTROY] = nvpm_file_group_destroy,
	[DRM_NVPM_SAMPLE] = nvpm_file_sample,
	[DRM_NVPM_READ] = nvpm_file_read,
	[DRM_NVPM_QUERY_SOURCES] = nvpm_file_query_sources,
	[DRM_NVPM_RECORD_STOP] = nvpm_file_record_stop,
	[DRM_NVPM_RECORD_STATUS] = nvpm_file_record_status,
};

static struct nvpm_file *
nvpm_host_nfile(struct nvpm_host_file *file)
{
	return (struct nvpm_file *)file;
}

/**
 * nvpm_host_file_new() - counter state for a file of the host's DRM node
 * @host: the attachment, brought up by nvpm_host_init() (the host keeps
 *	  it up for as long as the file state exists)
 * @drm: the host's DRM device: refusals are logged on it, and its
 *	 drm_dev_enter() guards every register access
 *
 * Return: the state, or an ERR_PTR (-ENOMEM).  Its memory is charged to
 * the caller's memory cgroup.
 */
struct nvpm_host_file *
nvpm_host_file_new(struct nvpm_host *host, struct drm_device *drm)
{
	struct nvpm_file *nfile;
	int ret;

	nfile = kzalloc(sizeof(*nfile), GFP_KERNEL_ACCOUNT);
	if (!nfile)
		return ERR_PTR(-ENOMEM);
	ret = nvpm_file_init(nfile, drm, host->device, NVPM_INFO_HOSTED);
	if (ret) {
		kfree(nfile);
		return ERR_PTR(ret);
	}
	return (struct nvpm_host_file *)nfile;
}
EXPORT_SYMBOL_GPL(nvpm_host_file_new);

/**
 * nvpm_host_file_del() - release a file's counter state
 * @pfile: the state, or a pointer to NULL; cleared
 *
 * Its counter groups stop and go.  Call it before nvpm_host_fini() on
 * removal, while the registers are still there.
 */
void
nvpm_host_file_del(struct nvpm_host_file **pfile)
{
	struct nvpm_file *nfile = nvpm_host_nfile(*pfile);

	if (!nfile)
		return;
	nvpm_file_fini(nfile);
	kfree(nfile);
	*pfile = NULL;
}
EXPORT_SYMBOL_GPL(nvpm_host_file_del);

/**
 * nvpm_host_ioctl() - one of nvpm's counter ioctls, from the host's node
 * @file: the calling file's state
 * @nr: nvpm's number of the ioctl (DRM_NVPM_GET_INFO ..
 *	DRM_NVPM_QUERY_SOURCES, DRM_NVPM_RECORD_STOP and
 *	DRM_NVPM_RECORD_STATUS, nvpm_drm.h)
 * @data: its argument, copied in by drm_ioctl() as for nvpm's node
 *
 * RECORD_STOP and RECORD_STATUS act on the sessions the file started in
 * its channels (nvpm_host_record_start()); the host keeps those channels
 * from going during the call.
 *
 * Return: what nvpm's node returns for the same call, or -EINVAL for a
 * number that is not one of these.
 */
int
nvpm_host_ioctl(struct nvpm_host_file *file, unsigned int nr, void *data)
{
	nvpm_file_ioctl_t func;

	if (nr >= ARRAY_SIZE(nvpm_host_ioctls))
		return -EINVAL;
	func = nvpm_host_ioctls[array_index_nospec(nr, ARRAY_SIZE(nvpm_host_ioctls))];
	if (!func)
		return -EINVAL;
	return func(nvpm_host_nfile(file), data);
}
EXPORT_SYMBOL_GPL(nvpm_host_ioctl);

/*
 * nvpm's software methods in a host's channels.  The host's software
 * object hands nvpm's methods over from its dispatch (interrupt context,
 * the host's dispatch lock held); nvpm runs them with the code that runs
 * them on its own channels (nvkm/engine/sw), on a notifier the host
 * pinned and mapped, finding counter groups among one file's.
 *
 * Lifetime: a channel's methods and the file's changes exclude each other
 * under the channel's spinlock: a group going away is forgotten by every
 * channel of its file before it is freed (nvpm_host_chans_forget()), and
 * when the file goes first its channels are detached (they then take no
 * method of nvpm's and touch no register).  nvpm_host_chans_mutex keeps
 * a channel's file from going while the channel itself goes.
 */
static DEFINE_MUTEX(nvpm_host_chans_mutex);

/**
 * struct nvpm_host_chan - nvpm's software object of a host channel
 * @lock: its methods against the file's changes
 * @file: whose counter groups COUNTER_ADD finds; NULL once detached
 * @head: in &nvpm_file.host_chans
 * @ntfy: the notifier the host lent
 * @stats: time in its methods
 * @sw: the software object
 *
 * Its record session, if any, is among the file's (&nvpm_file.records),
 * owned by the channel.
 */
struct nvpm_host_chan {
	spinlock_t lock;	/* see above */
	struct nvpm_file *file;
	struct list_head head;
	struct nvpm_host_notifier ntfy;
	struct nvkm_sw_stats stats;
	struct nvkm_sw_chan sw;
};

/* Interrupt context, chan->lock held: the file's group behind a handle. */
static struct nvkm_pm_group *
nvpm_host_chan_lookup(void *priv, u32 handle)
{
	struct nvpm_host_chan *chan = priv;

	return xa_load(&chan->file->groups, handle);
}

/**
 * nvpm_host_chan_new() - nvpm's software methods for a host channel
 * @file: the counter state of the file that owns the channel: its groups
 *	  are the ones COUNTER_ADD finds
 * @ntfy: the notifier, pinned and mapped by the host
 *
 * The notifier is cleared and given nvpm's header; nvpm writes it from
 * its methods only.  A file has at most NVPM_CHANNELS_PER_FILE of these.
 * The host keeps @file until nvpm_host_chan_del(), or releases it first
 * (the channel then takes no more of nvpm's methods).
 *
 * Context: process context, before any method can reach the channel.
 * Return: the channel's software state, or an ERR_PTR: -EINVAL for a
 * notifier too small, not mapped or with a ring size out of range,
 * -ENOSPC for a file with its channels all made, -ENOMEM.
 */
struct nvpm_host_chan *
nvpm_host_chan_new(struct nvpm_host_file *file, const struct nvpm_host_notifier *ntfy)
{
	struct nvpm_file *nfile = nvpm_host_nfile(file);
	struct nvpm_host_chan *chan;

	if (!ntfy->map || !is_power_of_2(ntfy->ring_size) ||
	    ntfy->ring_size < NVPM_RING_SIZE_MIN || ntfy->ring_size > NVPM_RING_SIZE_MAX ||
	    ntfy->size < NVPM_HOST_NOTIFIER_SIZE(ntfy->ring_size))
		return ERR_PTR(-EINVAL);

	chan = kzalloc(sizeof(*chan), GFP_KERNEL_ACCOUNT);
	if (!chan)
		return ERR_PTR(-ENOMEM);
	spin_lock_init(&chan->lock);
	chan->ntfy = *ntfy;
	nvkm_sw_chan_init(&chan->sw, nfile->device, &chan->stats, nvpm_host_chan_lookup, chan);
	memset(ntfy->map, 0, NVPM_HOST_NOTIFIER_SIZE(ntfy->ring_size));
	nvkm_sw_chan_notifier(&chan->sw, ntfy->map, ntfy->handle, ntfy->ring_size);

	mutex_lock(&nfile->lock);
	if (nfile->nr_host_chans < NVPM_CHANNELS_PER_FILE) {
		nfile->nr_host_chans++;
		chan->file = nfile;
		list_add_tail(&chan->head, &nfile->host_chans);
	}
	mutex_unlock(&nfile->lock);
	if (!chan->file) {
		kfree(chan);
		return ERR_PTR(-ENOSPC);
	}
	return chan;
}
EXPORT_SYMBOL_GPL(nvpm_host_chan_new);

/**
 * nvpm_host_chan_mthd() - a software method of the host channel
 * @chan: its software state
 * @mthd: the method
 * @data: its data
 *
 * nvpm's methods (nvpm_class.h: NVPM_SW_NOP, _SET_NOTIFY, _COUNTER_ADD,
 * _COUNTER_CLEAR, _SAMPLE, _READOUT) run as on nvpm's own channels: bad
 * data becomes an error entry in the notifier ring, never an error of the
 * channel.  Any other method is not nvpm's.
 *
 * Context: any, interrupt context included; never sleeps; bounded work
 * (NVPM_SW_STAGING_MAX counters).
 * Return: true when the method was nvpm's and ran; false for a method
 * that is not nvpm's, or once the channel's file is gone: the host's
 * dispatch then treats it as a method nobody handles.
 */
bool
nvpm_host_chan_mthd(struct nvpm_host_chan *chan, u32 mthd, u32 data)
{
	unsigned long flags;
	bool ran = false;

	if (nvkm_sw_op(mthd) == NVKM_SW_OP_OTHER)
		return false;
	spin_lock_irqsave(&chan->lock, flags);
	if (chan->file) {
		nvkm_sw_mthd(&chan->sw, mthd, data);
		ran = true;
	}
	spin_unlock_irqrestore(&chan->lock, flags);
	return ran;
}
EXPORT_SYMBOL_GPL(nvpm_host_chan_mthd);

/**
 * nvpm_host_chan_time() - the time a host channel spent in a method
 * @chan: its software state
 * @mthd: one of nvpm's methods
 * @out: filled in
 *
 * Return: 0, or -EINVAL for a method that is not nvpm's.
 */
int
nvpm_host_chan_time(struct nvpm_host_chan *chan, u32 mthd, struct nvpm_host_mthd_time *out)
{
	enum nvkm_sw_op op = nvkm_sw_op(mthd);
	unsigned long flags;

	if (op == NVKM_SW_OP_OTHER)
		return -EINVAL;
	spin_lock_irqsave(&chan->lock, flags);
	out->count = chan->stats.count[op];
	out->ns = chan->stats.ns[op];
	out->mmio_ns = chan->stats.mmio_ns[op];
	out->max_ns = chan->stats.max_ns[op];
	spin_unlock_irqrestore(&chan->lock, flags);
	return 0;
}
EXPORT_SYMBOL_GPL(nvpm_host_chan_time);

/*
 * nvpm_host_chans_mutex and the file's lock held: no method runs on
 * @chan after this, and a latch it left pending is collected while its
 * groups still exist.
 */
static void
nvpm_host_chan_detach(struct nvpm_host_chan *chan)
{
	struct nvpm_file *nfile = chan->file;
	unsigned long flags;
	u32 handle;

	/* the record stops, and its buffer goes back, while the channel is there */
	if (nvpm_record_of(nfile, chan, &handle))
		nvpm_record_release(nfile, handle, NULL);
	spin_lock_irqsave(&chan->lock, flags);
	chan->file = NULL;
	spin_unlock_irqrestore(&chan->lock, flags);
	nvkm_sw_chan_fini(&chan->sw);
	list_del_init(&chan->head);
	nfile->nr_host_chans--;
}

/**
 * nvpm_host_chan_del() - a host channel's software object goes
 * @pchan: its software state, or a pointer to NULL; cleared
 *
 * Its record session stops first and releases its buffer
 * (&nvpm_host_record_buf.release); then the notifier is released
 * (&nvpm_host_notifier.release).
 *
 * Context: process context, after the host's dispatch can no longer
 * reach the channel.
 */
void
nvpm_host_chan_del(struct nvpm_host_chan **pchan)
{
	struct nvpm_host_chan *chan = *pchan;
	struct nvpm_file *nfile;

	if (!chan)
		return;
	mutex_lock(&nvpm_host_chans_mutex);
	nfile = chan->file;
	if (nfile) {
		mutex_lock(&nfile->lock);
		nvpm_host_chan_detach(chan);
		mutex_unlock(&nfile->lock);
	}
	mutex_unlock(&nvpm_host_chans_mutex);
	if (chan->ntfy.release)
		chan->ntfy.release(chan->ntfy.priv);
	kfree(chan);
	*pchan = NULL;
}
EXPORT_SYMBOL_GPL(nvpm_host_chan_del);

/* A group of @nfile goes: out of its host channels' staging sets.  nfile->lock held. */
void
nvpm_host_chans_forget(struct nvpm_file *nfile, struct nvkm_pm_group *grp)
{
	struct nvpm_host_chan *chan;
	unsigned long flags;

	list_for_each_entry(chan, &nfile->host_chans, head) {
		spin_lock_irqsave(&chan->lock, flags);
		nvkm_sw_chan_forget(&chan->sw, grp);
		spin_unlock_irqrestore(&chan->lock, flags);
	}
}

/* The file goes before its host channels: they are detached. */
void
nvpm_host_chans_release(struct nvpm_file *nfile)
{
	struct nvpm_host_chan *chan, *tmp;

	mutex_lock(&nvpm_host_chans_mutex);
	mutex_lock(&nfile->lock);
	list_for_each_entry_safe(chan, tmp, &nfile->host_chans, head)
		nvpm_host_chan_detach(chan);
	mutex_unlock(&nfile->lock);
	mutex_unlock(&nvpm_host_chans_mutex);
}

/*
 * Record mode in a host channel.  The engine runs the session
 * (nvkm/engine/pm/record.c) in a space the host lends: the host mapped
 * the windows in its channel's address space, and nvpm binds that
 * channel and DMA object.  A session belongs to the channel's software
 * state, so it stops before the channel goes (the host deletes that
 * state with the channel's software object) or the file does.
 */

static_assert(NVPM_HOST_RECORD_COPIES_MIN == NVKM_RECORD_COPIES_MIN);
static_assert(NVPM_HOST_RECORD_COPIES_MAX == NVKM_RECORD_COPIES_MAX);

/**
 * struct nvpm_host_record_space - a host's buffer, as the engine's space
 * @space: the engine's view
 * @release: the host's release
 * @priv: its argument
 */
struct nvpm_host_record_space {
	struct nvkm_record_space space;
	void (*release)(void *priv);
	void *priv;
};

static void
nvpm_host_record_release(struct nvkm_record_space *space)
{
	struct nvpm_host_record_space *hs =
		container_of(space, struct nvpm_host_record_space, space);

	if (hs->release)
		hs->release(hs->priv);
	kfree(hs);
}

static void
nvpm_host_record_args(const struct nvpm_host_record_buf *buf, bool shrt, u32 nr,
		      const struct drm_nvpm_record_domain *doms, struct nvkm_record_args *args)
{
	u32 i;

	nvkm_record_args_init(args, shrt, nr, doms, buf->map, buf->ring_size);
	for (i = 0; i < nr; i++) {
		args->dom[i].win = buf->win[i];
		args->dom[i].copies = buf->copies;
	}
}

static void
nvpm_host_record_fill(const struct nvkm_record_status *in, int nr,
		      struct nvpm_host_record_status *st)
{
	int i;

	for (i = 0; i < nr; i++) {
		st[i].written = in[i].written;
		st[i].ready = in[i].ready;
		st[i].tail = in[i].tail;
		st[i].lost = in[i].lost;
		st[i].position = in[i].position;
		st[i].rearms = in[i].rearms;
		st[i].gaps = in[i].gaps;
		st[i].flags = in[i].flags;
	}
}

/* Checks of the host's buffer; the engine checks the rest. */
static int
nvpm_host_record_buf_check(struct nvpm_host_chan *chan, const struct nvpm_host_record_buf *buf,
			   u32 nr_doms)
{
	if (!nvpm_perf_allowed())
		return -EPERM;
	if (!nr_doms || nr_doms > NVPM_RECORD_MAX_DOMAINS)
		return -E2BIG;
	if (!buf->map || !buf->ring_size || buf->ring_size > U32_MAX)
		return -EINVAL;
	return 0;
}

/**
 * nvpm_host_record_check() - RECORD_START's argument, as nvpm's node checks it
 * @file: the calling file's state
 * @in: the argument, copied in by drm_ioctl()
 * @doms: filled in with its domains, copied from userspace
 *
 * For a host that serves RECORD_START on its node with nvpm's struct: it
 * checks this first, then makes the buffer and calls
 * nvpm_host_record_start().
 *
 * Context: process context; the caller's credentials are checked.
 * Return: 0, or RECORD_START's error on nvpm's node for the same call
 * (-EINVAL, -E2BIG, -EFAULT, -EPERM, -EOPNOTSUPP).
 */
int
nvpm_host_record_check(struct nvpm_host_file *file, const struct drm_nvpm_record_start *in,
		       struct drm_nvpm_record_domain *doms)
{
	return nvpm_record_start_check(nvpm_host_nfile(file), in, doms);
}
EXPORT_SYMBOL_GPL(nvpm_host_record_check);

/**
 * nvpm_host_record_start() - record mode into a buffer of a host channel
 * @chan: the channel's software state (nvpm_host_chan_new())
 * @buf: the buffer, its windows mapped in the channel's address space
 * @shrt: short (16-byte) packets
 * @nr_doms: entries in @doms, 1 .. NVPM_RECORD_MAX_DOMAINS
 * @doms: per domain what to record, as RECORD_START takes it on nvpm's
 *	  node (the output fields are ignored)
 * @handle: out: the session's handle among the file's, which
 *	    RECORD_STATUS and RECORD_STOP take (nvpm_host_ioctl())
 *
 * The buffer is nvpm's from here: it is released (@buf->release) once
 * PCOUNTER can no longer write it: at RECORD_STOP or
 * nvpm_host_record_stop(), when the channel's state or its file goes, or
 * before this returns an error.
 *
 * Context: process context.
 * Return: 0, or what RECORD_START returns on nvpm's node for the same
 * request (-EINVAL, -E2BIG, -ENOENT, -EBUSY, -EIO, -EPERM without
 * CAP_PERFMON), -EINVAL for windows that break the reference's rules,
 * -EBUSY for a channel that records already, a buffer that does, or
 * while sessions in another channel record, -ENODEV once the channel's
 * file is gone or the device unplugged, -ENOMEM.  On failure no register
 * was written.
 */
int
nvpm_host_record_start(struct nvpm_host_chan *chan, const struct nvpm_host_record_buf *buf,
		       bool shrt, u32 nr_doms, const struct drm_nvpm_record_domain *doms,
		       u32 *handle)
{
	struct nvpm_host_record_space *hs;
	struct nvkm_record_args *args;
	struct nvpm_file *nfile;
	struct nvpm_record *r;
	int ret, idx;
	u32 other;

	hs = kzalloc(sizeof(*hs), GFP_KERNEL_ACCOUNT);
	args = kmalloc(sizeof(*args), GFP_KERNEL);
	r = nvpm_record_alloc(buf->id ?: buf->priv, chan);
	if (!hs || !args || !r) {
		kfree(hs);
		kfree(args);
		nvpm_record_put(r);
		if (buf->release)
			buf->release(buf->priv);
		return -ENOMEM;
	}
	hs->space = (struct nvkm_record_space) {
		.chan = buf->chan,
		.dma = buf->dma,
		.limit = buf->limit,
		.release = nvpm_host_record_release,
	};
	hs->release = buf->release;
	hs->priv = buf->priv;

	mutex_lock(&nvpm_host_chans_mutex);
	nfile = chan->file;
	ret = nfile ? 0 : -ENODEV;
	if (!ret)
		mutex_lock(&nfile->lock);
	if (!ret && !drm_dev_enter(nfile->drm, &idx)) {
		mutex_unlock(&nfile->lock);
		ret = -ENODEV;
	}
	if (!ret) {
		ret = nvpm_host_record_buf_check(chan, buf, nr_doms);
		if (!ret && nvpm_record_of(nfile, chan, &other))
			ret = -EBUSY;
		if (ret) {
			nvpm_host_record_release(&hs->space);
		} else {
			nvpm_host_record_args(buf, shrt, nr_doms, doms, args);
			args->space = &hs->space;
			/* the session owns the space now, whatever it returns */
			ret = nvpm_record_add(nfile, r, args, handle);
		}
		drm_dev_exit(idx);
		mutex_unlock(&nfile->lock);
	} else {
		nvpm_host_record_release(&hs->space);
	}
	mutex_unlock(&nvpm_host_chans_mutex);
	if (ret)
		nvpm_record_put(r);
	kfree(args);
	return ret;
}
EXPORT_SYMBOL_GPL(nvpm_host_record_start);

/*
 * The session of a host channel, its file's lock held (and
 * nvpm_host_chans_mutex, which keeps the file), or NULL.
 */
static struct nvkm_record *
nvpm_host_record_lock(struct nvpm_host_chan *chan, u32 *handle)
{
	struct nvkm_record *rec = NULL;

	mutex_lock(&nvpm_host_chans_mutex);
	if (chan->file) {
		mutex_lock(&chan->file->lock);
		rec = nvpm_record_of(chan->file, chan, handle);
		if (!rec)
			mutex_unlock(&chan->file->lock);
	}
	if (!rec)
		mutex_unlock(&nvpm_host_chans_mutex);
	return rec;
}

static void
nvpm_host_record_unlock(struct nvpm_host_chan *chan)
{
	mutex_unlock(&chan->file->lock);
	mutex_unlock(&nvpm_host_chans_mutex);
}

/**
 * nvpm_host_record_status() - where a host channel's record session stands
 * @chan: the channel's software state
 * @read: per domain, packets the reader is done with, or NULL
 * @st: per domain of the session, its status
 *
 * Context: process context.
 * Return: the session's domains, -ENOENT without a session, -EIO when a
 * domain is wedged (@st is filled in all the same).
 */
int
nvpm_host_record_status(struct nvpm_host_chan *chan, const u64 *read,
			struct nvpm_host_record_status *st)
{
	struct nvkm_record_status tmp[NVPM_RECORD_MAX_DOMAINS];
	struct nvkm_record *rec;
	int ret, nr;
	u32 handle;

	rec = nvpm_host_record_lock(chan, &handle);
	if (!rec)
		return -ENOENT;
	nr = nvkm_record_nr_doms(rec);
	ret = nvkm_record_status(rec, read, false, tmp);
	nvpm_host_record_unlock(chan);
	nvpm_host_record_fill(tmp, nr, st);
	return ret ?: nr;
}
EXPORT_SYMBOL_GPL(nvpm_host_record_status);

/**
 * nvpm_host_record_stop() - stop a host channel's record session
 * @chan: the channel's software state
 * @st: per domain of the session, its final status, or NULL
 *
 * Each domain writes its last packet and leaves record mode; then the
 * buffer is released (&nvpm_host_record_buf.release).
 *
 * Context: process context.
 * Return: the session's domains, -ENOENT without a session, -EIO when a
 * domain is wedged (the session is gone all the same).
 */
int
nvpm_host_record_stop(struct nvpm_host_chan *chan, struct nvpm_host_record_status *st)
{
	struct nvkm_record_status tmp[NVPM_RECORD_MAX_DOMAINS];
	struct nvkm_record *rec;
	int ret, nr;
	u32 handle;

	rec = nvpm_host_record_lock(chan, &handle);
	if (!rec)
		return -ENOENT;
	nr = nvkm_record_nr_doms(rec);
	ret = nvpm_record_release(chan->file, handle, tmp);
	nvpm_host_record_unlock(chan);
	if (st)
		nvpm_host_record_fill(tmp, nr, st);
	return ret ?: nr;
}
EXPORT_SYMBOL_GPL(nvpm_host_record_stop);
