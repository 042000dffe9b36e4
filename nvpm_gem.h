/* SPDX-License-Identifier: MIT */
#ifndef __NVPM_GEM_H__
#define __NVPM_GEM_H__
#include <drm/drm_gem.h>

/* Largest buffer object userspace may ask for. */
#define NVPM_BO_MAX_SIZE	(64ull << 20)
/* Default of the bo_file_mb parameter: pinned bytes of one file. */
#define NVPM_BO_FILE_BYTES_DEFAULT	(256ull << 20)

/**
 * struct nvpm_quota - bytes of BOs a file has pinned
 * @ref: the file, and each of the BOs made for it
 * @pinned: bytes
 */
struct nvpm_quota {
	struct kref ref;
	atomic64_t pinned;
};

/**
 * struct nvpm_bo - a buffer object: pinned system pages, always mapped
 * @base: GEM object
 * @pages: its pages, allocated at creation and held until it is freed
 * @nr_pages: entries in @pages
 * @vaddr: kernel mapping of all of @pages, contiguous
 * @quota: the file's quota it is counted in (referenced), or NULL
 * @charged: its size is counted in @quota and the device's total
 *
 * Nothing about a BO can sleep or fault once it exists: the simulated
 * engines and software methods (interrupt context) write through @vaddr.
 */
struct nvpm_bo {
	struct drm_gem_object base;
	struct page **pages;
	unsigned long nr_pages;
	void *vaddr;
	struct nvpm_quota *quota;
	bool charged;
};

static inline struct nvpm_bo *
to_nvpm_bo(struct drm_gem_object *obj)
{
	return container_of(obj, struct nvpm_bo, base);
}

struct nvpm_quota *nvpm_quota_new(void);
void nvpm_quota_put(struct nvpm_quota *q);
int nvpm_bo_new(struct drm_device *drm, struct nvpm_quota *q, u64 size,
		struct nvpm_bo **pbo);
void nvpm_bo_fail_nth(int nth);
struct nvpm_bo *nvpm_bo_lookup(struct drm_file *file, u32 handle);
void nvpm_bo_put(struct nvpm_bo *bo);

int nvpm_ioctl_gem_new(struct drm_device *drm, void *data, struct drm_file *file);
int nvpm_ioctl_gem_info(struct drm_device *drm, void *data, struct drm_file *file);

#endif
