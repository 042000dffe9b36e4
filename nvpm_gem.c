// SPDX-License-Identifier: MIT
/*
 * Buffer objects.  Every BO is a set of system pages allocated, zeroed and
 * mapped into the kernel when it is created, and kept until its last
 * reference goes: the GPU (simulated or not), the software methods and
 * userspace (through mmap of the DRM file) all see the same bytes, and no
 * access can fault or sleep.  Mesa-style users create BOs for pushbuffers;
 * the kernel creates the ones it owns (notifiers, record buffers) the same
 * way and hands out handles to them.
 *
 * Pinned memory is bounded: every BO made for a file counts against that
 * file's limit (bo_file_mb) and the device's (bo_device_mb, at most half
 * of RAM), and its pages and arrays are charged to the memory cgroup of
 * the task that made it.  The counts drop when the BO is freed, which may
 * be after its file is closed (a mapping lives on).
 */
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>
#include <drm/drm_vma_manager.h>
#include <uapi/drm/nvpm_drm.h>
#include "nvpm_compat.h"
#include "nvpm_drv.h"
#include "nvpm_gem.h"

static_assert(NVPM_GEM_MAX_SIZE == NVPM_BO_MAX_SIZE);
static_assert(NVPM_GEM_FILE_BYTES_DEFAULT == NVPM_BO_FILE_BYTES_DEFAULT);

static unsigned int nvpm_bo_file_mb = NVPM_BO_FILE_BYTES_DEFAULT >> 20;
module_param_named(bo_file_mb, nvpm_bo_file_mb, uint, 0644);
MODULE_PARM_DESC(bo_file_mb, "Buffer object MiB one file may have pinned [256]");

static unsigned int nvpm_bo_device_mb = 1024;
module_param_named(bo_device_mb, nvpm_bo_device_mb, uint, 0644);
MODULE_PARM_DESC(bo_device_mb, "Buffer object MiB one device may have pinned, at most half of RAM [1024]");

#if IS_ENABLED(CONFIG_DRM_NVPM_KUNIT_TEST)
/*
 * Tests make the Nth allocation of a BO fail (0: none), to prove the
 * unwinding of every step; only test builds have the hook.
 */
static atomic_t nvpm_bo_fail_at = ATOMIC_INIT(0);

void
nvpm_bo_fail_nth(int nth)
{
	atomic_set(&nvpm_bo_fail_at, nth);
}

static bool
nvpm_bo_fail(void)
{
	return atomic_read(&nvpm_bo_fail_at) > 0 &&
	       atomic_dec_and_test(&nvpm_bo_fail_at);
}
#else
static bool
nvpm_bo_fail(void)
{
	return false;
}
#endif

/**
 * nvpm_quota_new() - pinned-byte accounting of a file
 *
 * Return: a quota with one reference, or NULL.
 */
struct nvpm_quota *
nvpm_quota_new(void)
{
	struct nvpm_quota *q = kzalloc(sizeof(*q), GFP_KERNEL_ACCOUNT);

	if (q)
		kref_init(&q->ref);
	return q;
}

static void
nvpm_quota_free(struct kref *ref)
{
	kfree(container_of(ref, struct nvpm_quota, ref));
}

/**
 * nvpm_quota_put() - drop a reference to a quota
 * @q: the quota, may be NULL
 */
void
nvpm_quota_put(struct nvpm_quota *q)
{
	if (q)
		kref_put(&q->ref, nvpm_quota_free);
}

/* The device's limit: its parameter, and never more than half of RAM. */
static u64
nvpm_bo_device_limit(void)
{
	u64 half = (u64)totalram_pages() << (PAGE_SHIFT - 1);

	return min((u64)READ_ONCE(nvpm_bo_device_mb) << 20, half);
}

/* Count @size against @q and the device: -ENOSPC past either limit. */
static int
nvpm_bo_charge(struct nvpm_drm *nvpm, struct nvpm_quota *q, u64 size)
{
	u64 file_max = (u64)READ_ONCE(nvpm_bo_file_mb) << 20;

	if (atomic64_add_return(size, &nvpm->pinned) > nvpm_bo_device_limit()) {
		atomic64_sub(size, &nvpm->pinned);
		return -ENOSPC;
	}
	if (q && atomic64_add_return(size, &q->pinned) > file_max) {
		atomic64_sub(size, &q->pinned);
		atomic64_sub(size, &nvpm->pinned);
		return -ENOSPC;
	}
	return 0;
}

static void
nvpm_bo_free(struct drm_gem_object *obj)
{
	struct nvpm_bo *bo = to_nvpm_bo(obj);
	unsigned long i;

	if (bo->vaddr)
		vunmap(bo->vaddr);
	/* the array itself may be what failed to allocate */
	for (i = 0; bo->pages && i < bo->nr_pages && bo->pages[i]; i++)
		__free_page(bo->pages[i]);
	kvfree(bo->pages);
	if (bo->charged) {
		atomic64_sub(bo->base.size, &to_nvpm(obj->dev)->pinned);
		if (bo->quota)
			atomic64_sub(bo->base.size, &bo->quota->pinned);
	}
	nvpm_quota_put(bo->quota);
	drm_gem_free_mmap_offset(obj);
	drm_gem_object_release(obj);
	kfree(bo);
}

/* The whole mapping is built at mmap(): the pages never move or go. */
static int
nvpm_bo_mmap(struct drm_gem_object *obj, struct vm_area_struct *vma)
{
	struct nvpm_bo *bo = to_nvpm_bo(obj);
	unsigned long first = vma->vm_pgoff - drm_vma_node_start(&obj->vma_node);
	unsigned long nr = vma_pages(vma);

	if (first > bo->nr_pages || nr > bo->nr_pages - first)
		return -EINVAL;
	nvpm_vm_flags_set(vma, VM_DONTEXPAND | VM_DONTDUMP);
	return vm_insert_pages(vma, vma->vm_start, bo->pages + first, &nr);
}

/*
 * A fault only follows a zap: drm_dev_unplug() unmaps every mapping of the
 * device.  The pages live as long as the object, which the mapping holds,
 * so they are put back: a mapping stays valid memory after unplug.
 */
static vm_fault_t
nvpm_bo_fault(struct vm_fault *vmf)
{
	struct drm_gem_object *obj = vmf->vma->vm_private_data;
	struct nvpm_bo *bo = to_nvpm_bo(obj);
	unsigned long i = vmf->pgoff - drm_vma_node_start(&obj->vma_node);

	if (i >= bo->nr_pages)
		return VM_FAULT_SIGBUS;
	return vmf_insert_page(vmf->vma, vmf->address, bo->pages[i]);
}

static const struct vm_operations_struct nvpm_bo_vm_ops = {
	.fault = nvpm_bo_fault,
	.open = drm_gem_vm_open,
	.close = drm_gem_vm_close,
};

static const struct drm_gem_object_funcs nvpm_bo_funcs = {
	.free = nvpm_bo_free,
	.mmap = nvpm_bo_mmap,
	.vm_ops = &nvpm_bo_vm_ops,
};

/**
 * nvpm_bo_new() - create a buffer object
 * @drm: the device
 * @q: the pinned-byte quota of the file it is made for, or NULL
 * @size: bytes, rounded up to whole pages; 1 .. NVPM_BO_MAX_SIZE
 * @pbo: the new BO, holding one reference
 *
 * Return: 0, -EINVAL for a size out of range, -ENOSPC past the file's or
 * the device's limit of pinned bytes, -ENOMEM; on failure nothing stays
 * allocated or counted.
 */
int
nvpm_bo_new(struct drm_device *drm, struct nvpm_quota *q, u64 size,
	    struct nvpm_bo **pbo)
{
	struct nvpm_bo *bo;
	unsigned long i;
	int ret;

	*pbo = NULL;
	if (!size || size > NVPM_BO_MAX_SIZE)
		return -EINVAL;
	size = PAGE_ALIGN(size);

	bo = nvpm_bo_fail() ? NULL : kzalloc(sizeof(*bo), GFP_KERNEL_ACCOUNT);
	if (!bo)
		return -ENOMEM;
	bo->base.funcs = &nvpm_bo_funcs;
	drm_gem_private_object_init(drm, &bo->base, size);
	ret = nvpm_bo_charge(to_nvpm(drm), q, size);
	if (ret)
		goto fail;
	bo->charged = true;
	if (q)
		kref_get(&q->ref);
	bo->quota = q;

	bo->nr_pages = size >> PAGE_SHIFT;
	bo->pages = nvpm_bo_fail() ? NULL :
		    kvcalloc(bo->nr_pages, sizeof(*bo->pages), GFP_KERNEL_ACCOUNT);
	if (!bo->pages) {
		ret = -ENOMEM;
		goto fail;
	}
	for (i = 0; i < bo->nr_pages; i++) {
		bo->pages[i] = nvpm_bo_fail() ? NULL :
			       alloc_page(GFP_KERNEL_ACCOUNT | __GFP_ZERO);
		if (!bo->pages[i]) {
			ret = -ENOMEM;
			goto fail;
		}
	}
	bo->vaddr = nvpm_bo_fail() ? NULL :
		    vmap(bo->pages, bo->nr_pages, VM_MAP, PAGE_KERNEL);
	if (!bo->vaddr) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = drm_gem_create_mmap_offset(&bo->base);
	if (ret)
		goto fail;
	*pbo = bo;
	return 0;

fail:
	drm_gem_object_put(&bo->base);
	return ret;
}

/**
 * nvpm_bo_lookup() - the BO behind a handle of a file
 * @file: the file
 * @handle: GEM handle
 *
 * Return: the BO with a reference the caller drops with nvpm_bo_put(), or
 * NULL when the handle is not one of @file's nvpm BOs.
 */
struct nvpm_bo *
nvpm_bo_lookup(struct drm_file *file, u32 handle)
{
	struct drm_gem_object *obj = drm_gem_object_lookup(file, handle);

	if (!obj)
		return NULL;
	if (obj->funcs != &nvpm_bo_funcs) {
		drm_gem_object_put(obj);
		return NULL;
	}
	return to_nvpm_bo(obj);
}

/**
 * nvpm_bo_put() - drop a reference to a BO
 * @bo: the BO, may be NULL
 */
void
nvpm_bo_put(struct nvpm_bo *bo)
{
	if (bo)
		drm_gem_object_put(&bo->base);
}

/* What GEM_NEW takes: its inputs, and outputs that are zero. */
static int
nvpm_gem_new_args(struct drm_device *drm, const struct drm_nvpm_gem_new *args)
{
	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "GEM_NEW: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->flags) {
		drm_dbg(drm, "GEM_NEW: unknown flags 0x%x\n", args->flags);
		return -EINVAL;
	}
	if (args->pad) {
		drm_dbg(drm, "GEM_NEW: pad must be zero\n");
		return -EINVAL;
	}
	if (args->handle || args->map_offset) {
		drm_dbg(drm, "GEM_NEW: %s must be zero on input\n",
			args->handle ? "handle" : "map_offset");
		return -EINVAL;
	}
	if (!args->bo_size || args->bo_size > NVPM_GEM_MAX_SIZE) {
		drm_dbg(drm, "GEM_NEW: bo_size %llu not in 1..%llu\n", args->bo_size,
			NVPM_GEM_MAX_SIZE);
		return -EINVAL;
	}
	return 0;
}

int
nvpm_ioctl_gem_new(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_nvpm_gem_new *args = data;
	struct nvpm_file *nfile = file->driver_priv;
	struct nvpm_bo *bo;
	u32 handle;
	int ret;

	ret = nvpm_gem_new_args(drm, args);
	if (ret)
		return ret;
	ret = nvpm_bo_new(drm, nfile->quota, args->bo_size, &bo);
	if (ret == -ENOSPC)
		drm_dbg(drm, "GEM_NEW: bo_size %llu: past the file's or device's pinned limit\n",
			args->bo_size);
	if (ret)
		return ret;
	ret = drm_gem_handle_create(file, &bo->base, &handle);
	if (!ret) {
		args->handle = handle;
		args->bo_size = bo->base.size;
		args->map_offset = drm_vma_node_offset_addr(&bo->base.vma_node);
	}
	nvpm_bo_put(bo);	/* the handle holds it now */
	return ret;
}

int
nvpm_ioctl_gem_info(struct drm_device *drm, void *data, struct drm_file *file)
{
	struct drm_nvpm_gem_info *args = data;
	struct nvpm_bo *bo;

	if (args->size != sizeof(*args)) {
		drm_dbg(drm, "GEM_INFO: size %u, want %zu\n", args->size, sizeof(*args));
		return -EINVAL;
	}
	if (args->pad) {
		drm_dbg(drm, "GEM_INFO: pad must be zero\n");
		return -EINVAL;
	}
	bo = nvpm_bo_lookup(file, args->handle);
	if (!bo) {
		drm_dbg(drm, "GEM_INFO: handle %u is not a BO of the file\n", args->handle);
		return -ENOENT;
	}
	args->bo_size = bo->base.size;
	args->map_offset = drm_vma_node_offset_addr(&bo->base.vma_node);
	nvpm_bo_put(bo);
	return 0;
}
