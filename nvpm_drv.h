/* SPDX-License-Identifier: MIT */
#ifndef __NVPM_DRV_H__
#define __NVPM_DRV_H__
#include <drm/drm_device.h>
#include <drm/drm_file.h>
#include <linux/xarray.h>
#include <nvkm/core/device.h>

struct nvkm_pm_group;
struct nvpm_quota;
struct nvpm_pmu;

#define DRIVER_NAME	"nvpm"
#define DRIVER_DESC	"NVIDIA PCOUNTER performance counters"
#define DRIVER_DATE	"20261122"
#define DRIVER_MAJOR	1
#define DRIVER_MINOR	0

/*
 * The GPU reaches system memory as a bus master (page tables, IB rings,
 * buffers) with 40-bit addresses, as G80 PDEs, PTEs and DMA objects hold
 * them: a real GPU's mask and a simulated one's.
 */
#define NVPM_DMA_BITS	40

/**
 * struct nvpm_drm - the DRM device of one GPU
 * @drm: base
 * @device: the nvkm device; freed when @drm is released
 * @simulated: @device is a simulated GPU
 * @irq: the GPU's interrupt, set by the bus code before nvpm_drm_init(); 0
 *	 to run without interrupts (no FIFO channels then)
 * @irq_requested: nvpm_drm_init() requested @irq
 * @pinned: bytes of BOs of the device (nvpm_gem.c)
 * @pmu: its perf PMU, or NULL
 * @chan_lock: @chan_users
 * @chan_users: channels of the device per user (nvpm_chan.c): uid in the
 *		initial namespace -> count, as an xarray value
 */
struct nvpm_drm {
	struct drm_device drm;
	struct nvkm_device *device;
	bool simulated;
	int irq;
	bool irq_requested;
	atomic64_t pinned;
	struct nvpm_pmu *pmu;
	struct mutex chan_lock;	/* see above */
	struct xarray chan_users;
};

/**
 * struct nvpm_file - per-open-file state
 * @nvpm: the device the file was opened on; NULL for a host driver's file
 * @drm: the DRM device of the node (nvpm's, or a host driver's)
 * @device: the nvkm device the file's counter ioctls reach
 * @info_flags: NVPM_INFO_* bits GET_INFO reports
 * @lock: serialises the file's counter group ioctls
 * @groups: its counter groups, by handle
 * @samples: SAMPLEs taken
 * @records: its record sessions (&struct nvpm_record), by handle
 * @channels: its FIFO channels, by handle (changed under @lock)
 * @nr_channels: entries in @channels (NVPM_CHANNELS_PER_FILE at most)
 * @host_chans: a host driver's channels whose software methods find
 *		counter groups among the file's (changed under @lock, and
 *		nvpm_host.c's own lock)
 * @nr_host_chans: entries in @host_chans (NVPM_CHANNELS_PER_FILE at most)
 * @quota: bytes of BOs made for the file
 */
struct nvpm_file {
	struct nvpm_drm *nvpm;
	struct drm_device *drm;
	struct nvkm_device *device;
	u32 info_flags;
	struct mutex lock;	/* see above */
	struct xarray groups;
	u64 samples;
	struct xarray records;
	struct xarray channels;
	unsigned int nr_channels;
	struct list_head host_chans;
	unsigned int nr_host_chans;
	struct nvpm_quota *quota;
};

static inline struct nvpm_drm *
to_nvpm(struct drm_device *drm)
{
	return container_of(drm, struct nvpm_drm, drm);
}

int nvpm_file_init(struct nvpm_file *nfile, struct drm_device *drm,
		   struct nvkm_device *device, u32 info_flags);
void nvpm_file_fini(struct nvpm_file *nfile);

/*
 * The counter ioctls (nvpm_perf.c) act on a file's state only, so that
 * nvpm's node and a host driver's (host/nvpm_host.c) serve the same code.
 */
typedef int (*nvpm_file_ioctl_t)(struct nvpm_file *nfile, void *data);
int nvpm_file_get_info(struct nvpm_file *nfile, void *data);
int nvpm_file_query_domains(struct nvpm_file *nfile, void *data);
int nvpm_file_query_signals(struct nvpm_file *nfile, void *data);
int nvpm_file_query_sources(struct nvpm_file *nfile, void *data);
int nvpm_file_group_create(struct nvpm_file *nfile, void *data);
int nvpm_file_group_destroy(struct nvpm_file *nfile, void *data);
int nvpm_file_sample(struct nvpm_file *nfile, void *data);
int nvpm_file_read(struct nvpm_file *nfile, void *data);
void nvpm_groups_release(struct nvpm_file *nfile);
bool nvpm_perf_allowed(void);

int nvpm_ioctl_record_start(struct drm_device *drm, void *data, struct drm_file *file);
int nvpm_ioctl_record_stop(struct drm_device *drm, void *data, struct drm_file *file);
int nvpm_ioctl_record_status(struct drm_device *drm, void *data, struct drm_file *file);
void nvpm_records_release(struct nvpm_file *nfile);

/* Record sessions of either node (nvpm_record.c). */
struct drm_nvpm_record_start;
struct drm_nvpm_record_domain;
struct nvkm_record;
struct nvkm_record_args;
struct nvkm_record_status;
struct nvpm_record;
int nvpm_record_start_check(struct nvpm_file *nfile, const struct drm_nvpm_record_start *in,
			    struct drm_nvpm_record_domain *doms);
struct nvpm_record *nvpm_record_alloc(const void *buf, const void *owner);
int nvpm_record_add(struct nvpm_file *nfile, struct nvpm_record *r,
		    const struct nvkm_record_args *args, u32 *handle);
void nvpm_record_put(struct nvpm_record *r);
struct nvkm_record *nvpm_record_of(struct nvpm_file *nfile, const void *owner, u32 *handle);
int nvpm_record_release(struct nvpm_file *nfile, u32 handle, struct nvkm_record_status *st);
int nvpm_file_record_status(struct nvpm_file *nfile, void *data);
int nvpm_file_record_stop(struct nvpm_file *nfile, void *data);
int nvpm_ioctl_channel_new(struct drm_device *drm, void *data, struct drm_file *file);
int nvpm_ioctl_channel_del(struct drm_device *drm, void *data, struct drm_file *file);
int nvpm_ioctl_exec(struct drm_device *drm, void *data, struct drm_file *file);
int nvpm_ioctl_wait(struct drm_device *drm, void *data, struct drm_file *file);
void nvpm_channels_forget(struct nvpm_file *nfile, struct nvkm_pm_group *grp);
void nvpm_channels_release(struct nvpm_file *nfile);
void nvpm_host_chans_forget(struct nvpm_file *nfile, struct nvkm_pm_group *grp);
void nvpm_host_chans_release(struct nvpm_file *nfile);
void nvpm_debugfs_init(struct drm_minor *minor);

struct nvpm_drm *nvpm_drm_alloc(struct device *parent);
int nvpm_drm_init(struct nvpm_drm *nvpm, const struct nvkm_host *bus);
void nvpm_drm_remove(struct nvpm_drm *nvpm);

#if IS_ENABLED(CONFIG_PERF_EVENTS)
int nvpm_pmu_init(void);
void nvpm_pmu_exit(void);
void nvpm_pmu_register(struct nvpm_drm *nvpm);
void nvpm_pmu_unregister(struct nvpm_drm *nvpm);
#else
static inline int nvpm_pmu_init(void) { return 0; }
static inline void nvpm_pmu_exit(void) { }
static inline void nvpm_pmu_register(struct nvpm_drm *nvpm) { }
static inline void nvpm_pmu_unregister(struct nvpm_drm *nvpm) { }
#endif

int nvpm_platform_register(void);
void nvpm_platform_unregister(void);

#if IS_ENABLED(CONFIG_PCI)
int nvpm_pci_register(void);
void nvpm_pci_unregister(void);
#else
static inline int nvpm_pci_register(void) { return 0; }
static inline void nvpm_pci_unregister(void) { }
#endif

#endif
