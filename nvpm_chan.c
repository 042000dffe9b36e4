// SPDX-License-Identifier: MIT
/*
 * nvpm channel ioctls: CHANNEL_NEW / CHANNEL_DEL, EXEC, WAIT.
 *
 * A channel belongs to the file that created it.  Its notifier is a BO the
 * kernel creates with it, mapped into the channel's address space and
 * handed to its software object; the file gets a handle to mmap it.
 * Pushbuffer BOs are mapped into the channel's space on their first EXEC
 * and stay mapped, and referenced, until the channel goes.
 *
 * Channel ids are a device's: a file has at most NVPM_CHANNELS_PER_FILE
 * channels, and the user who opened it at most NVPM_CHANNELS_PER_USER on
 * the device over all its files, so that one user cannot take every id.
 *
 * Lifetime: EXEC and WAIT hold a use count on the channel; CHANNEL_DEL (and
 * close) take it out of the file's table, tell users to leave, wait for
 * them, and stop the hardware channel, all under the file's lock, which
 * counter group destruction also holds: a group is removed from every
 * channel's staging set before it is freed.
 */
#include <linux/cred.h>
#include <linux/ktime.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/wait_bit.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>
#include <drm/drm_vma_manager.h>
#include <nvkm/engine/fifo.h>
#include <nvkm/subdev/mmu.h>
#include <uapi/drm/nvpm_drm.h>
#include "nvpm_drv.h"
#include "nvpm_gem.h"

/* An EXEC range fits the one IB entry the FIFO gives it. */
static_assert(NVPM_EXEC_MAX_LENGTH <= NVKM_FIFO_SEGMENT_MAX);

/* Pushbuffer BOs one channel keeps mapped. */
#define NVPM_CHAN_MAX_BOS	64
/* How long EXEC waits for room in a full queue. */
#define NVPM_CHAN_FULL_MS	1000
/* WAIT looks at the reference counter at least this often. */
#define NVPM_CHAN_POLL_US	200

/**
 * struct nvpm_chan_bo - a pushbuffer BO mapped into a channel
 * @head: in &nvpm_chan.bos
 * @bo: the BO, referenced
 * @addr: its GPU address
 */
struct nvpm_chan_bo {
	struct list_head head;
	struct nvpm_bo *bo;
	u64 addr;
};

/**
 * struct nvpm_chan - a channel of a file
 * @chan: the nvkm channel
 * @lock: submissions and @bos
 * @bos: &struct nvpm_chan_bo
 * @nr_bos: entries in @bos
 * @ntfy: the notifier BO, referenced
 * @users: EXEC and WAIT calls under way
 * @dead: being destroyed: users leave
 * @uid: the user it is charged to, on the file's device
 */
struct nvpm_chan {
	struct nvkm_fifo_chan *chan;
	struct mutex lock;	/* see above */
	struct list_head bos;
	int nr_bos;
	struct nvpm_bo *ntfy;
	atomic_t users;
	bool dead;
	kuid_t uid;
};

/* Count a channel of @uid on the device: -ENOSPC past the user's share. */
static int
nvpm_chan_charge(struct nvpm_drm *nvpm, kuid_t uid)
{
	unsigned long key = from_kuid(&init_user_ns, uid);
	unsigned long n;
	int ret;

	mutex_lock(&nvpm->chan_lock);
	n = xa_to_value(xa_load(&nvpm->chan_users, key) ?: xa_mk_value(0));
	if (n >= NVPM_CHANNELS_PER_USER)
		ret = -ENOSPC;
	else
		ret = xa_err(xa_store(&nvpm->chan_users, key, xa_mk_value(n + 1),
				      GFP_KERNEL_ACCOUNT));
	mutex_unlock(&nvpm->chan_lock);
	return ret;
}

static void
nvpm_chan_uncharge(struct nvpm_drm *nvpm, kuid_t uid)
{
	unsigned long key = from_kuid(&init_user_ns, uid);
	unsigned long n;

	mutex_lock(&nvpm->chan_lock);
	n = xa_to_value(xa_load(&nvpm->chan_users, key) ?: xa_mk_value(0));
	if (!WARN_ON(!n)) {
		if (n == 1)
			xa_erase(&nvpm->chan_users, key);
		else
			xa_store(&nvpm->chan_users, key, xa_mk_value(n - 1), GFP_KERNEL);
	}
	mutex_unlock(&nvpm->chan_lock);
}

/* Interrupt context: the file's counter group behind a handle. */
static struct nvkm_pm_group *
nvpm_chan_lookup(void *priv, u32 handle)
{
	struct nvpm_file *nfile = priv;

	return xa_load(&nfile->groups, handle);
}

static void
nvpm_chan_free(struct nvpm_chan *c)
{
	struct nvpm_chan_bo *m, *tmp;

	/* first the channel: then nothing reads the BOs any more */
	nvkm_fifo_chan_del(&c->chan);
	list_for_each_entry_safe(m, tmp, &c->bos, head) {
		nvpm_bo_put(m->bo);
		kfree(m);
	}
	nvpm_bo_put(c->ntfy);
	mutex_destroy(&c->lock);
	kfree(c);
}

/* nfile->lock held, @c out of the file's table: wait for users, free. */
static void
nvpm_chan_destroy(struct nvpm_file *nfile, struct nvpm_chan *c)
{
	kuid_t uid = c->uid;

	nfile->nr_channels--;
	WRITE_ONCE(c->dead, true);
	wake_up_all(&c->chan->wait);
	wait_var_event(&c->users, !atomic_read(&c->users));
	nvpm_chan_free(c);
	nvpm_chan_uncharge(nfile->nvpm, uid);
}

static struct nvpm_chan *
nvpm_chan_get(struct nvpm_file *nfile, u32 handle)
{
	struct nvpm_chan *c;

	mutex_lock(&nfile->lock);
	c = xa_load(&nfile->channels, handle);
	if (c)
		atomic_inc(&c->users);
	mutex_unlock(&nfile->lock);
	return c;
}

static void
nvpm_chan_put(struct nvpm_chan *c)
{
	if (atomic_dec_and_test(&c->users))
		wake_up_var(&c->users);
}

/* The notifier: a BO, mapped for the GPU, a DMA object, the object's. */
static int
nvpm_chan_notifier(struct drm_device *drm, struct nvpm_quota *q, struct nvpm_chan *c,
		   u32 ring_size)
{
	struct nvkm_vmm *vmm = c->chan->vmm;
	u64 addr;
	int ret;

	ret = nvpm_bo_new(drm, q, NVKM_SW_NTFY_SIZE(ring_size), &c->ntfy);
	if (ret)
		return ret;
	ret = nvkm_vmm_map(vmm, c->ntfy->vaddr, c->ntfy->base.size, 0, &addr);
	if (ret)
		return ret;
	ret = nvkm_vmm_dma(vmm, NVKM_FIFO_NTFY_DMA, addr, c->ntfy->base.size - 1);
	if (ret)
		return ret;
	nvkm_fifo_chan_notifier(c->chan, c->ntfy->vaddr, ring_size,
				nvkm_vmm_dma_sel(vmm, NVKM_FIFO_NTFY_DMA));
	return 0;
}

/* What CHANNEL_NEW takes: its inputs, and outputs that are zero. */
static int
nvpm_chan_new_args(struct drm_device *drm, const struct drm_nvpm_channel_new *args)
{
	u32 ring = args->ring_size ?: NVPM_RING_SIZE_DEFAULT;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "CHANNEL_NEW: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->flags) {
		drm_dbg(drm, "CHANNEL_NEW: unknown flags 0x%x\n", args->flags);
		return -EINVAL;
	}
	if (args->pad) {
		drm_dbg(drm, "CHANNEL_NEW: pad must be zero\n");
		return -EINVAL;
	}
	if (args->channel || args->notifier) {
		drm_dbg(drm, "CHANNEL_NEW: %s must be zero on input\n",
			args->channel ? "channel" : "notifier");
		return -EINVAL;
	}
	if (args->notifier_size || args->notifier_offset) {
		drm_dbg(drm, "CHANNEL_NEW: %s must be zero on input\n",
			args->notifier_size ? "notifier_size" : "notifier_offset");
		return -EINVAL;
	}
	if (!is_power_of_2(ring) || ring < NVPM_RING_SIZE_MIN || ring > NVPM_RING_SIZE_MAX) {
		drm_dbg(drm, "CHANNEL_NEW: ring_size %u: not a power of 2 in %d..%d\n",
			args->ring_size, NVPM_RING_SIZE_MIN, NVPM_RING_SIZE_MAX);
		return -EINVAL;
	}
	return 0;
}

int
nvpm_ioctl_channel_new(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_nvpm_channel_new *args = data;
	struct nvpm_file *nfile = file->driver_priv;
	struct nvkm_fifo *fifo = to_nvpm(drm)->device->fifo;
	u32 ring = args->ring_size ?: NVPM_RING_SIZE_DEFAULT;
	kuid_t uid = file->filp->f_cred->euid;
	struct nvpm_chan *c;
	u32 id, handle;
	int ret, idx;

	ret = nvpm_chan_new_args(drm, args);
	if (ret)
		return ret;
	if (!fifo) {
		drm_dbg(drm, "CHANNEL_NEW: the device has no FIFO\n");
		return -ENODEV;
	}
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	/* the file's share of the channel ids: taken first, given back below */
	mutex_lock(&nfile->lock);
	ret = nfile->nr_channels < NVPM_CHANNELS_PER_FILE ? 0 : -ENOSPC;
	nfile->nr_channels += !ret;
	mutex_unlock(&nfile->lock);
	if (ret) {
		drm_dbg(drm, "CHANNEL_NEW: the file has %d channels already\n",
			NVPM_CHANNELS_PER_FILE);
		goto exit;
	}
	ret = nvpm_chan_charge(to_nvpm(drm), uid);
	if (ret) {
		if (ret == -ENOSPC)
			drm_dbg(drm, "CHANNEL_NEW: uid %u has %d channels of the device already\n",
				from_kuid(&init_user_ns, uid), NVPM_CHANNELS_PER_USER);
		goto unreserve;
	}

	c = kzalloc(sizeof(*c), GFP_KERNEL_ACCOUNT);
	if (!c) {
		ret = -ENOMEM;
		goto uncharge;
	}
	c->uid = uid;
	mutex_init(&c->lock);
	INIT_LIST_HEAD(&c->bos);
	ret = nvkm_fifo_chan_new(fifo, nvpm_chan_lookup, nfile, &c->chan);
	if (ret) {
		drm_dbg(drm, "CHANNEL_NEW: the FIFO refused a channel: %d\n", ret);
		goto free;
	}
	ret = nvpm_chan_notifier(drm, nfile->quota, c, ring);
	if (ret) {
		drm_dbg(drm, "CHANNEL_NEW: no notifier for ring_size %u: %d\n", ring, ret);
		goto free;
	}

	ret = drm_gem_handle_create(file, &c->ntfy->base, &handle);
	if (ret)
		goto free;
	/* published last: from here on CHANNEL_DEL can find it */
	mutex_lock(&nfile->lock);
	ret = xa_alloc(&nfile->channels, &id, c, xa_limit_32b, GFP_KERNEL_ACCOUNT);
	mutex_unlock(&nfile->lock);
	if (ret) {
		drm_gem_handle_delete(file, handle);
		goto free;
	}

	args->channel = id;
	args->notifier = handle;
	args->notifier_size = c->ntfy->base.size;
	args->notifier_offset = drm_vma_node_offset_addr(&c->ntfy->base.vma_node);
	drm_dev_exit(idx);
	return 0;

free:
	nvpm_chan_free(c);
uncharge:
	nvpm_chan_uncharge(to_nvpm(drm), uid);
unreserve:
	mutex_lock(&nfile->lock);
	nfile->nr_channels--;
	mutex_unlock(&nfile->lock);
exit:
	drm_dev_exit(idx);
	return ret;
}

int
nvpm_ioctl_channel_del(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_nvpm_channel_del *args = data;
	struct nvpm_file *nfile = file->driver_priv;
	struct nvpm_chan *c;
	int idx;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "CHANNEL_DEL: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	/* stopping the channel is MMIO: unplugged, it goes at close */
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	mutex_lock(&nfile->lock);
	c = xa_erase(&nfile->channels, args->channel);
	if (c)
		nvpm_chan_destroy(nfile, c);
	mutex_unlock(&nfile->lock);
	drm_dev_exit(idx);
	if (!c) {
		drm_dbg(drm, "CHANNEL_DEL: no channel %u\n", args->channel);
		return -ENOENT;
	}
	return 0;
}

/* The GPU address of @bo in the channel, mapping it the first time. */
static int
nvpm_chan_bo_addr(struct drm_device *drm, struct nvpm_chan *c, struct nvpm_bo *bo, u64 *addr)
{
	struct nvpm_chan_bo *m;
	int ret;

	list_for_each_entry(m, &c->bos, head) {
		if (m->bo == bo) {
			*addr = m->addr;
			return 0;
		}
	}
	if (c->nr_bos == NVPM_CHAN_MAX_BOS) {
		drm_dbg(drm, "EXEC: the channel has %d pushbuffer BOs already\n",
			NVPM_CHAN_MAX_BOS);
		return -ENOSPC;
	}
	m = kzalloc(sizeof(*m), GFP_KERNEL_ACCOUNT);
	if (!m)
		return -ENOMEM;
	ret = nvkm_vmm_map(c->chan->vmm, bo->vaddr, bo->base.size, 0, &m->addr);
	if (ret) {
		drm_dbg(drm, "EXEC: the channel's address space refused the bo: %d\n", ret);
		kfree(m);
		return ret;
	}
	drm_gem_object_get(&bo->base);
	m->bo = bo;
	list_add_tail(&m->head, &c->bos);
	c->nr_bos++;
	*addr = m->addr;
	return 0;
}

static int
nvpm_chan_exec(struct drm_device *drm, struct nvpm_chan *c, struct nvpm_bo *bo, u64 offset,
	       u32 length, u64 *seq)
{
	unsigned long end = jiffies + msecs_to_jiffies(NVPM_CHAN_FULL_MS);
	u64 addr;
	int ret;

	mutex_lock(&c->lock);
	ret = nvpm_chan_bo_addr(drm, c, bo, &addr);
	while (!ret) {
		ret = nvkm_fifo_chan_submit(c->chan, addr + offset, length, seq);
		if (ret != -EBUSY || time_after(jiffies, end))
			break;
		/* the queue is full: its interrupts make room, or time does */
		ret = wait_event_interruptible_timeout(c->chan->wait, READ_ONCE(c->dead), 1);
		ret = ret < 0 ? ret : READ_ONCE(c->dead) ? -ENOENT : 0;
	}
	mutex_unlock(&c->lock);
	if (ret == -EBUSY)
		drm_dbg(drm, "EXEC: the channel's queue stayed full for %d ms\n",
			NVPM_CHAN_FULL_MS);
	else if (ret == -ENOENT)
		drm_dbg(drm, "EXEC: the channel was deleted while waiting for room\n");
	return ret;
}

/* What EXEC takes, before any lookup. */
static int
nvpm_exec_args(struct drm_device *drm, const struct drm_nvpm_exec *args)
{
	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "EXEC: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->flags) {
		drm_dbg(drm, "EXEC: unknown flags 0x%x\n", args->flags);
		return -EINVAL;
	}
	if (args->sequence) {
		drm_dbg(drm, "EXEC: sequence must be zero on input\n");
		return -EINVAL;
	}
	if (!args->length || args->length > NVPM_EXEC_MAX_LENGTH) {
		drm_dbg(drm, "EXEC: length %llu not in 1..%llu\n", args->length,
			NVPM_EXEC_MAX_LENGTH);
		return -EINVAL;
	}
	if ((args->length | args->offset) & 3) {
		drm_dbg(drm, "EXEC: offset %llu and length %llu must be multiples of 4\n",
			args->offset, args->length);
		return -EINVAL;
	}
	return 0;
}

int
nvpm_ioctl_exec(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_nvpm_exec *args = data;
	struct nvpm_file *nfile = file->driver_priv;
	struct nvpm_chan *c;
	struct nvpm_bo *bo;
	u64 seq;
	int ret, idx;

	ret = nvpm_exec_args(drm, args);
	if (ret)
		return ret;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	c = nvpm_chan_get(nfile, args->channel);
	if (!c) {
		drm_dbg(drm, "EXEC: no channel %u\n", args->channel);
		ret = -ENOENT;
		goto exit;
	}
	bo = nvpm_bo_lookup(file, args->bo);
	if (!bo) {
		drm_dbg(drm, "EXEC: bo %u is not a BO of the file\n", args->bo);
		ret = -ENOENT;
		goto put;
	}
	if (args->offset > bo->base.size || args->length > bo->base.size - args->offset) {
		drm_dbg(drm, "EXEC: offset %llu + length %llu past the bo's %zu bytes\n",
			args->offset, args->length, bo->base.size);
		ret = -EINVAL;
	} else {
		ret = nvpm_chan_exec(drm, c, bo, args->offset, args->length, &seq);
	}
	if (!ret)
		args->sequence = seq;
	nvpm_bo_put(bo);
put:
	nvpm_chan_put(c);
exit:
	drm_dev_exit(idx);
	return ret;
}

/* What WAIT reports; 0 once @seq is processed. */
static int
nvpm_chan_status(struct nvpm_chan *c, u64 seq, struct drm_nvpm_wait *args)
{
	args->completed = nvkm_fifo_chan_completed(c->chan);
	args->fault = nvkm_fifo_chan_fault(c->chan, &args->fault_info);
	if (args->completed >= seq)
		return 0;
	if (args->fault)
		return -EIO;
	return READ_ONCE(c->dead) ? -ENOENT : -EAGAIN;
}

int
nvpm_ioctl_wait(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_nvpm_wait *args = data;
	struct nvpm_file *nfile = file->driver_priv;
	struct nvkm_fifo_chan *chan;
	struct nvpm_chan *c;
	ktime_t deadline, left;
	u32 seen;
	int ret, idx;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "WAIT: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->pad) {
		drm_dbg(drm, "WAIT: pad must be zero\n");
		return -EINVAL;
	}
	c = nvpm_chan_get(nfile, args->channel);
	if (!c) {
		drm_dbg(drm, "WAIT: no channel %u\n", args->channel);
		return -ENOENT;
	}
	chan = c->chan;
	if (args->sequence > READ_ONCE(chan->submitted)) {
		drm_dbg(drm, "WAIT: sequence %llu > %llu, the last submitted\n",
			args->sequence, READ_ONCE(chan->submitted));
		nvpm_chan_put(c);
		return -EINVAL;
	}

	deadline = ktime_add_ns(ktime_get(), min_t(u64, args->timeout_ns, KTIME_MAX / 2));
	for (;;) {
		seen = READ_ONCE(chan->wakeups);
		/* the status is MMIO; the sleep is not: unplug need not wait */
		if (!drm_dev_enter(drm, &idx)) {
			ret = -ENODEV;
			break;
		}
		ret = nvpm_chan_status(c, args->sequence, args);
		drm_dev_exit(idx);
		if (ret != -EAGAIN)
			break;
		left = ktime_sub(deadline, ktime_get());
		if (ktime_compare(left, 0) <= 0) {
			ret = -ETIME;
			break;
		}
		/* woken by the channel's interrupts; the counter is polled too */
		left = min(left, ns_to_ktime(NVPM_CHAN_POLL_US * NSEC_PER_USEC));
		ret = wait_event_interruptible_hrtimeout(chan->wait,
							 READ_ONCE(chan->wakeups) != seen ||
							 READ_ONCE(c->dead), left);
		if (ret == -ERESTARTSYS) {
			/* a restart waits for what is left, not the whole again */
			left = ktime_sub(deadline, ktime_get());
			args->timeout_ns = max_t(s64, ktime_to_ns(left), 0);
			break;
		}
	}
	if (ret == -ENOENT)
		drm_dbg(drm, "WAIT: channel %u deleted while waiting\n", args->channel);
	nvpm_chan_put(c);
	return ret;
}

/* Every channel of the file: a group is going away. nfile->lock held. */
void
nvpm_channels_forget(struct nvpm_file *nfile, struct nvkm_pm_group *grp)
{
	struct nvpm_chan *c;
	unsigned long id;

	xa_for_each(&nfile->channels, id, c)
		nvkm_fifo_chan_forget(c->chan, grp);
	nvpm_host_chans_forget(nfile, grp);
}

/* On close: every channel of the file goes. */
void
nvpm_channels_release(struct nvpm_file *nfile)
{
	struct nvpm_chan *c;
	unsigned long id;

	mutex_lock(&nfile->lock);
	xa_for_each(&nfile->channels, id, c) {
		xa_erase(&nfile->channels, id);
		nvpm_chan_destroy(nfile, c);
	}
	mutex_unlock(&nfile->lock);
}
