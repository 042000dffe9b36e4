/* SPDX-License-Identifier: MIT */
#ifndef __NVPM_GEM_H__
#define __NVPM_GEM_H__
#include <drm/drm_gem.h>

/* Largest buffer object userspace may ask for. */
#define NVPM_BO_MAX_SIZE	(64ull << 20)

/**
 * struct nvpm_bo - a buffer object: pinned system pages, always mapped
 * @base: GEM object
 * @pages: its pages, allocated at creation and held until it is freed
 * @nr_pages: entries in @pages
 * @vaddr: kernel mapping of all of @pages, contiguous
 *
 * Nothing about a BO can sleep or fault once it exists: the simulated
 * engines and software methods (interrupt context) write through @vaddr.
 */
struct nvpm_bo {
	struct drm_gem_object base;
	struct page **pages;
	unsigned long nr_pages;
	void *vaddr;
};

static inline struct nvpm_bo *
to_nvpm_bo(struct drm_gem_object *obj)
{
	return container_of(obj, struct nvpm_bo, base);
}

int nvpm_bo_new(struct drm_device *drm, u64 size, struct nvpm_bo **pbo);
struct nvpm_bo *nvpm_bo_lookup(struct drm_file *file, u32 handle);
void nvpm_bo_put(struct nvpm_bo *bo);

int nvpm_ioctl_gem_new(struct drm_device *drm, void *data, struct drm_file *file);
int nvpm_ioctl_gem_info(struct drm_device *drm, void *data, struct drm_file *file);

#endif
