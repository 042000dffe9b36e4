// SPDX-License-Identifier: MIT
/*
 * nvpm record mode ioctls: RECORD_START, RECORD_STATUS, RECORD_STOP.  A
 * session is the engine's (nvkm/engine/pm/record.c) plus the buffer
 * object its rings live in, which the session holds a reference to for as
 * long as the hardware may write it.  Same rules as the counter group
 * ioctls: validate, look up, act, copy out; a refused call changes
 * nothing; privileged like GROUP_CREATE; closing the file stops its
 * sessions.
 */
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>
#include <drm/drm_vma_manager.h>
#include <nvkm/engine/record.h>
#include <nvkm/hw/pcounter.h>
#include <uapi/drm/nvpm_drm.h>
#include "nvpm_drv.h"
#include "nvpm_gem.h"

/* The uapi's packets are the hardware's. */
static_assert(NVPM_RECORD_LONG_SIZE == G84_PCOUNTER_RECORD_LONG_SIZE);
static_assert(NVPM_RECORD_SHORT_SIZE == G84_PCOUNTER_RECORD_SHORT_SIZE);
static_assert(NVPM_RECORD_RING_MIN % PAGE_SIZE == 0);

/**
 * struct nvpm_record - a record session of a file
 * @rec: the engine's session
 * @bo: on nvpm's node, the BO its rings are in (a reference); else NULL
 * @buf: what its rings are in: @bo, or the host's buffer
 *	 (&nvpm_host_record_buf.id)
 * @owner: the host channel whose session it is (host/nvpm_host.c), or
 *	   NULL on nvpm's node
 * @head: in nvpm_record_sessions
 */
struct nvpm_record {
	struct nvkm_record *rec;
	struct nvpm_bo *bo;
	const void *buf;
	const void *owner;
	struct list_head head;
};

/* Every session of every device: a buffer records for one session at a time. */
static DEFINE_MUTEX(nvpm_record_mutex);
static LIST_HEAD(nvpm_record_sessions);

static bool
nvpm_record_buf_busy(const void *buf)
{
	struct nvpm_record *r;

	if (!buf)
		return false;
	list_for_each_entry(r, &nvpm_record_sessions, head) {
		if (r->buf == buf)
			return true;
	}
	return false;
}

/* The output fields of RECORD_START, zero on input. */
static int
nvpm_record_start_outputs(struct drm_device *drm, const struct drm_nvpm_record_start *in)
{
	if (in->handle) {
		drm_dbg(drm, "RECORD_START: handle must be zero on input\n");
		return -EINVAL;
	}
	if (in->packet_size) {
		drm_dbg(drm, "RECORD_START: packet_size must be zero on input\n");
		return -EINVAL;
	}
	if (in->bo_size) {
		drm_dbg(drm, "RECORD_START: bo_size must be zero on input\n");
		return -EINVAL;
	}
	if (in->map_offset) {
		drm_dbg(drm, "RECORD_START: map_offset must be zero on input\n");
		return -EINVAL;
	}
	return 0;
}

/* What RECORD_START takes, checked for what the engine cannot see. */
static int
nvpm_record_start_args(struct drm_device *drm, const struct drm_nvpm_record_start *in,
		       struct drm_nvpm_record_domain *doms)
{
	u64 max = NVPM_BO_MAX_SIZE;
	int i;

	if (in->size != sizeof(*in)) {
		drm_dbg(drm, "RECORD_START: size %u, want %zu\n", in->size, sizeof(*in));
		return -EINVAL;
	}
	if (nvpm_record_start_outputs(drm, in))
		return -EINVAL;
	if (in->flags & ~(NVPM_RECORD_SHORT | NVPM_RECORD_USER_BO)) {
		drm_dbg(drm, "RECORD_START: unknown flags 0x%x\n", in->flags);
		return -EINVAL;
	}
	if (!(in->flags & NVPM_RECORD_USER_BO) && in->bo_handle) {
		drm_dbg(drm, "RECORD_START: bo_handle must be zero without NVPM_RECORD_USER_BO\n");
		return -EINVAL;
	}
	if (!in->nr_domains || in->nr_domains > NVPM_RECORD_MAX_DOMAINS) {
		drm_dbg(drm, "RECORD_START: nr_domains %u not in 1..%d\n", in->nr_domains,
			NVPM_RECORD_MAX_DOMAINS);
		return -E2BIG;
	}
	if (in->ring_size && (in->ring_size % PAGE_SIZE || in->ring_size < NVPM_RECORD_RING_MIN ||
			      in->ring_size > div_u64(max, in->nr_domains))) {
		drm_dbg(drm, "RECORD_START: ring_size %llu: not a multiple of %lu in %u..%llu\n",
			in->ring_size, PAGE_SIZE, NVPM_RECORD_RING_MIN,
			div_u64(max, in->nr_domains));
		return -EINVAL;
	}
	if (copy_from_user(doms, u64_to_user_ptr(in->domains),
			   in->nr_domains * sizeof(*doms)))
		return -EFAULT;
	for (i = 0; i < in->nr_domains; i++) {
		if (doms[i].ring_offset || doms[i].ring_size) {
			drm_dbg(drm, "RECORD_START: domains[%d].%s must be zero on input\n", i,
				doms[i].ring_offset ? "ring_offset" : "ring_size");
			return -EINVAL;
		}
	}
	return 0;
}

/**
 * nvpm_record_start_check() - RECORD_START's argument, the caller and the GPU
 * @nfile: the calling file
 * @in: the argument, copied in
 * @doms: filled in with its domains
 *
 * What nvpm's node and a host's node check before they make a buffer;
 * the engine checks the domains' configuration when the session starts.
 *
 * Return: 0, or RECORD_START's error (-EINVAL, -E2BIG, -EFAULT, -EPERM,
 * -EOPNOTSUPP).
 */
int
nvpm_record_start_check(struct nvpm_file *nfile, const struct drm_nvpm_record_start *in,
			struct drm_nvpm_record_domain *doms)
{
	struct drm_device *drm = nfile->drm;
	int ret;

	ret = nvpm_record_start_args(drm, in, doms);
	if (ret)
		return ret;
	if (!nvpm_perf_allowed()) {
		drm_dbg(drm, "RECORD_START: needs CAP_PERFMON (or unprivileged=1)\n");
		return -EPERM;
	}
	if (!(nvkm_pm_caps(nfile->device->pm) & NVPM_HW_CAP_RECORD)) {
		drm_dbg(drm, "RECORD_START: the chipset has no record mode\n");
		return -EOPNOTSUPP;
	}
	return 0;
}

/**
 * nvpm_record_alloc() - a session of a host channel, not started yet
 * @buf: what its rings are in
 * @owner: the channel
 *
 * Return: the session, or NULL; nvpm_record_add() starts it, and
 * nvpm_record_put() frees one it refused.
 */
struct nvpm_record *
nvpm_record_alloc(const void *buf, const void *owner)
{
	struct nvpm_record *r = kzalloc(sizeof(*r), GFP_KERNEL_ACCOUNT);

	if (r) {
		r->buf = buf;
		r->owner = owner;
	}
	return r;
}

void
nvpm_record_put(struct nvpm_record *r)
{
	kfree(r);
}

/**
 * nvpm_record_add() - start a session and give it a handle of the file
 * @nfile: the file; its lock held
 * @r: the session: @r->buf (and @r->bo, @r->owner) set
 * @args: what the engine takes
 * @handle: the session's handle, out
 *
 * Return: 0, -EBUSY when @r->buf records already, the engine's error, or
 * -ENOMEM.  On failure @r->rec is NULL and the engine released
 * @args->space.
 */
int
nvpm_record_add(struct nvpm_file *nfile, struct nvpm_record *r,
		const struct nvkm_record_args *args, u32 *handle)
{
	struct drm_device *drm = nfile->drm;
	int ret;

	lockdep_assert_held(&nfile->lock);
	mutex_lock(&nvpm_record_mutex);
	if (nvpm_record_buf_busy(r->buf)) {
		drm_dbg(drm, "RECORD_START: the buffer is recording already\n");
		ret = -EBUSY;
		if (args->space)
			args->space->release(args->space);
	} else {
		ret = nvkm_record_new(nfile->device->pm, args, &r->rec);
		if (ret)
			drm_dbg(drm, "RECORD_START: the engine refused the configuration: %d\n",
				ret);
	}
	if (!ret)
		list_add_tail(&r->head, &nvpm_record_sessions);
	mutex_unlock(&nvpm_record_mutex);
	if (ret)
		return ret;

	ret = xa_alloc(&nfile->records, handle, r, xa_limit_32b, GFP_KERNEL_ACCOUNT);
	if (!ret)
		return 0;
	mutex_lock(&nvpm_record_mutex);
	list_del(&r->head);
	nvkm_record_del(&r->rec, NULL);
	mutex_unlock(&nvpm_record_mutex);
	return ret;
}

/* The BO the rings go in, and the bytes of each ring. */
static int
nvpm_record_bo(struct drm_device *drm, struct drm_file *file,
	       const struct drm_nvpm_record_start *in, struct nvpm_bo **pbo, u64 *ring)
{
	struct nvpm_file *nfile = file->driver_priv;
	u32 nr = in->nr_domains;
	struct nvpm_bo *bo;
	int ret;

	if (!(in->flags & NVPM_RECORD_USER_BO)) {
		*ring = in->ring_size ?: NVPM_RECORD_RING_DEFAULT;
		ret = nvpm_bo_new(drm, nfile->quota, *ring * nr, pbo);
		if (ret)
			drm_dbg(drm, "RECORD_START: no BO of %u rings of %llu bytes: %d\n",
				nr, *ring, ret);
		return ret;
	}
	bo = nvpm_bo_lookup(file, in->bo_handle);
	if (!bo) {
		drm_dbg(drm, "RECORD_START: bo_handle %u is not a BO of the file\n",
			in->bo_handle);
		return -ENOENT;
	}
	*ring = in->ring_size ?: rounddown(div_u64(bo->base.size, nr), PAGE_SIZE);
	if (*ring < NVPM_RECORD_RING_MIN || *ring * nr > bo->base.size) {
		drm_dbg(drm, "RECORD_START: bo_handle %u: %zu bytes < %u rings of %llu\n",
			in->bo_handle, bo->base.size, nr,
			max_t(u64, *ring, NVPM_RECORD_RING_MIN));
		nvpm_bo_put(bo);
		return -EINVAL;
	}
	*pbo = bo;
	return 0;
}

/* Start the session and give it a handle; the caller copies out. */
static int
nvpm_record_create(struct drm_device *drm, struct drm_file *file,
		   const struct drm_nvpm_record_start *in,
		   const struct drm_nvpm_record_domain *doms, struct nvpm_record *r,
		   u64 *ring, u32 *handle)
{
	struct nvpm_file *nfile = file->driver_priv;
	struct nvkm_record_args *args;
	int ret;

	ret = nvpm_record_bo(drm, file, in, &r->bo, ring);
	if (ret)
		return ret;
	r->buf = r->bo;
	args = kmalloc(sizeof(*args), GFP_KERNEL);
	if (!args) {
		ret = -ENOMEM;
		goto fail_bo;
	}
	nvkm_record_args_init(args, in->flags & NVPM_RECORD_SHORT, in->nr_domains, doms,
			      r->bo->vaddr, *ring);
	ret = nvpm_record_add(nfile, r, args, handle);
	kfree(args);
	if (!ret)
		return 0;
fail_bo:
	nvpm_bo_put(r->bo);
	return ret;
}

/* The session stops; its buffer goes back.  Out of the file's handles. */
static void
nvpm_record_free(struct nvpm_record *r, struct nvkm_record_status *st, int *ret)
{
	int err;

	mutex_lock(&nvpm_record_mutex);
	list_del(&r->head);
	err = nvkm_record_del(&r->rec, st);
	mutex_unlock(&nvpm_record_mutex);
	if (ret)
		*ret = err;
	if (r->bo)
		nvpm_bo_put(r->bo);
	kfree(r);
}

int
nvpm_ioctl_record_start(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_nvpm_record_domain doms[NVPM_RECORD_MAX_DOMAINS];
	struct drm_nvpm_record_start *in = data;
	struct nvpm_file *nfile = file->driver_priv;
	u32 handle, bo_handle = in->bo_handle;
	struct nvpm_record *r;
	int ret, idx, i;
	u64 ring;

	ret = nvpm_record_start_check(nfile, in, doms);
	if (ret)
		return ret;
	r = kzalloc(sizeof(*r), GFP_KERNEL_ACCOUNT);
	if (!r)
		return -ENOMEM;
	if (!drm_dev_enter(drm, &idx)) {
		kfree(r);
		return -ENODEV;
	}

	mutex_lock(&nfile->lock);
	ret = nvpm_record_create(drm, file, in, doms, r, &ring, &handle);
	if (ret) {
		kfree(r);
		goto out;
	}
	if (!(in->flags & NVPM_RECORD_USER_BO))
		ret = drm_gem_handle_create(file, &r->bo->base, &bo_handle);
	for (i = 0; i < in->nr_domains; i++) {
		doms[i].ring_offset = i * ring;
		doms[i].ring_size = ring;
	}
	if (!ret && copy_to_user(u64_to_user_ptr(in->domains), doms,
				 in->nr_domains * sizeof(*doms))) {
		if (!(in->flags & NVPM_RECORD_USER_BO))
			drm_gem_handle_delete(file, bo_handle);
		ret = -EFAULT;
	}
	if (ret) {
		xa_erase(&nfile->records, handle);
		nvpm_record_free(r, NULL, NULL);
		goto out;
	}
	in->handle = handle;
	in->bo_handle = bo_handle;
	in->packet_size = in->flags & NVPM_RECORD_SHORT ? NVPM_RECORD_SHORT_SIZE :
							  NVPM_RECORD_LONG_SIZE;
	in->bo_size = r->bo->base.size;
	in->map_offset = drm_vma_node_offset_addr(&r->bo->base.vma_node);
out:
	mutex_unlock(&nfile->lock);
	drm_dev_exit(idx);
	return ret;
}

/* The session behind @handle, with @count domains (0: any); nfile->lock held. */
static struct nvpm_record *
nvpm_record_find(struct drm_device *drm, struct nvpm_file *nfile, const char *ioctl,
		 u32 handle, u32 count)
{
	struct nvpm_record *r = xa_load(&nfile->records, handle);

	if (!r) {
		drm_dbg(drm, "%s: no record session with handle %u\n", ioctl, handle);
		return ERR_PTR(-ENOENT);
	}
	if (count && nvkm_record_nr_doms(r->rec) != count) {
		drm_dbg(drm, "%s: count %u, the session has %d domains\n", ioctl, count,
			nvkm_record_nr_doms(r->rec));
		return ERR_PTR(-EINVAL);
	}
	return r;
}

static void
nvpm_record_status_out(const struct nvkm_record_status *st,
		       struct drm_nvpm_record_dom_status *out)
{
	out->written = st->written;
	out->ready = st->ready;
	out->tail = st->tail;
	out->lost = st->lost;
	out->position = st->position;
	out->wraps = st->wraps;
	out->rearms = st->rearms;
	out->gaps = st->gaps;
	out->flags = st->flags;
	out->pad = 0;
}

/* RECORD_STATUS, on nvpm's node and on a host's (nvpm_host_ioctl()). */
int
nvpm_file_record_status(struct nvpm_file *nfile, void *data)
{
	struct drm_nvpm_record_dom_status out[NVPM_RECORD_MAX_DOMAINS];
	struct nvkm_record_status st[NVPM_RECORD_MAX_DOMAINS];
	struct drm_nvpm_record_status *args = data;
	struct drm_device *drm = nfile->drm;
	u64 read[NVPM_RECORD_MAX_DOMAINS];
	struct nvpm_record *r;
	int ret, idx, i;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "RECORD_STATUS: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->flags & ~NVPM_RECORD_STATUS_TRIGGER) {
		drm_dbg(drm, "RECORD_STATUS: unknown flags 0x%x\n", args->flags);
		return -EINVAL;
	}
	if (!args->count || args->count > NVPM_RECORD_MAX_DOMAINS) {
		drm_dbg(drm, "RECORD_STATUS: count %u not in 1..%d\n", args->count,
			NVPM_RECORD_MAX_DOMAINS);
		return -EINVAL;
	}
	if (copy_from_user(out, u64_to_user_ptr(args->domains), args->count * sizeof(*out)))
		return -EFAULT;
	for (i = 0; i < args->count; i++) {
		if (out[i].pad) {
			drm_dbg(drm, "RECORD_STATUS: domains[%d].pad must be zero\n", i);
			return -EINVAL;
		}
		read[i] = out[i].read;
	}
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	mutex_lock(&nfile->lock);
	r = nvpm_record_find(drm, nfile, "RECORD_STATUS", args->handle, args->count);
	ret = PTR_ERR_OR_ZERO(r);
	if (!ret) {
		ret = nvkm_record_status(r->rec, read, args->flags & NVPM_RECORD_STATUS_TRIGGER,
					 st);
		for (i = 0; (!ret || ret == -EIO) && i < args->count; i++)
			nvpm_record_status_out(&st[i], &out[i]);
		if ((!ret || ret == -EIO) &&
		    copy_to_user(u64_to_user_ptr(args->domains), out, args->count * sizeof(*out)))
			ret = -EFAULT;
	}
	mutex_unlock(&nfile->lock);
	drm_dev_exit(idx);
	return ret;
}

/* RECORD_STOP, on nvpm's node and on a host's (nvpm_host_ioctl()). */
int
nvpm_file_record_stop(struct nvpm_file *nfile, void *data)
{
	struct drm_nvpm_record_dom_status out[NVPM_RECORD_MAX_DOMAINS] = {};
	struct nvkm_record_status st[NVPM_RECORD_MAX_DOMAINS];
	struct drm_nvpm_record_stop *args = data;
	struct drm_device *drm = nfile->drm;
	void __user *uptr = u64_to_user_ptr(args->domains);
	struct nvpm_record *r;
	int ret, i, idx;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "RECORD_STOP: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->pad) {
		drm_dbg(drm, "RECORD_STOP: pad must be zero\n");
		return -EINVAL;
	}
	if (args->count > NVPM_RECORD_MAX_DOMAINS) {
		drm_dbg(drm, "RECORD_STOP: count %u > %d\n", args->count, NVPM_RECORD_MAX_DOMAINS);
		return -EINVAL;
	}
	if (!args->count != !args->domains) {
		drm_dbg(drm, "RECORD_STOP: count %u and domains must both be zero or both be set\n",
			args->count);
		return -EINVAL;
	}
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;

	mutex_lock(&nfile->lock);
	r = nvpm_record_find(drm, nfile, "RECORD_STOP", args->handle, args->count);
	ret = PTR_ERR_OR_ZERO(r);
	/* a status that cannot be written must not cost the session */
	if (!ret && args->count && copy_to_user(uptr, out, args->count * sizeof(*out)))
		ret = -EFAULT;
	if (!ret)
		xa_erase(&nfile->records, args->handle);
	mutex_unlock(&nfile->lock);
	if (ret) {
		drm_dev_exit(idx);
		return ret;
	}

	nvpm_record_free(r, st, &ret);
	drm_dev_exit(idx);
	for (i = 0; i < args->count; i++)
		nvpm_record_status_out(&st[i], &out[i]);
	if (args->count && copy_to_user(uptr, out, args->count * sizeof(*out)))
		return -EFAULT;
	return ret;
}

int
nvpm_ioctl_record_status(struct drm_device *drm, void *data, struct drm_file *file)
{
	return nvpm_file_record_status(file->driver_priv, data);
}

int
nvpm_ioctl_record_stop(struct drm_device *drm, void *data, struct drm_file *file)
{
	return nvpm_file_record_stop(file->driver_priv, data);
}

/**
 * nvpm_record_of() - the session of a host channel
 * @nfile: the channel's file; its lock held
 * @owner: the channel
 * @handle: its handle, out
 *
 * Bounded: a file's sessions each hold a domain of the device.
 *
 * Return: the engine's session, or NULL.
 */
struct nvkm_record *
nvpm_record_of(struct nvpm_file *nfile, const void *owner, u32 *handle)
{
	struct nvpm_record *r;
	unsigned long i;

	lockdep_assert_held(&nfile->lock);
	xa_for_each(&nfile->records, i, r) {
		if (r->owner == owner) {
			*handle = i;
			return r->rec;
		}
	}
	return NULL;
}

/**
 * nvpm_record_release() - stop one session of a file
 * @nfile: the file; its lock held
 * @handle: the session's handle
 * @st: its final status, or NULL
 *
 * Return: what nvkm_record_del() returns, -ENOENT without the session.
 */
int
nvpm_record_release(struct nvpm_file *nfile, u32 handle, struct nvkm_record_status *st)
{
	struct nvpm_record *r;
	int ret;

	lockdep_assert_held(&nfile->lock);
	r = xa_erase(&nfile->records, handle);
	if (!r)
		return -ENOENT;
	nvpm_record_free(r, st, &ret);
	return ret;
}

/* On close: every session of the file stops. */
void
nvpm_records_release(struct nvpm_file *nfile)
{
	struct nvpm_record *r;
	unsigned long handle;

	xa_for_each(&nfile->records, handle, r) {
		xa_erase(&nfile->records, handle);
		nvpm_record_free(r, NULL, NULL);
	}
}
