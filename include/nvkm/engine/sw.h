/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SW_H__
#define __NVKM_SW_H__
#include <linux/bits.h>
#include <linux/types.h>
#include <uapi/drm/nvpm_class.h>

struct nvkm_pm_group;
struct nvkm_pm;
struct nvkm_device;

/*
 * The software class (NVPM_CLASS_SW): methods the FIFO hands to the driver
 * (interrupt context), which sample counters between the commands of a
 * channel and write the results into the channel's notifier.  Its method
 * numbers, error codes and notifier layout are the class header's.
 */

/* How COUNTER_ADD's data decodes (NVPM_SW_COUNTER_GROUP() encodes it). */
#define NVKM_SW_COUNTER_HANDLE		GENMASK(23, 0)
#define NVKM_SW_COUNTER_CTR		GENMASK(30, 24)

/* The methods, for statistics */
enum nvkm_sw_op {
	NVKM_SW_OP_NOP,
	NVKM_SW_OP_SET_NOTIFY,
	NVKM_SW_OP_ADD,
	NVKM_SW_OP_CLEAR,
	NVKM_SW_OP_SAMPLE,
	NVKM_SW_OP_READOUT,
	NVKM_SW_OP_OTHER,
	NVKM_SW_OP_NR,
};

/**
 * struct nvkm_sw_stats - time spent in software methods, per method
 * @count: methods run
 * @ns: nanoseconds inside the method
 * @mmio_ns: of which in register accesses (the perfmon engine, PTIMER)
 * @max_ns: longest one
 */
struct nvkm_sw_stats {
	u64 count[NVKM_SW_OP_NR];
	u64 ns[NVKM_SW_OP_NR];
	u64 mmio_ns[NVKM_SW_OP_NR];
	u64 max_ns[NVKM_SW_OP_NR];
};

/**
 * struct nvkm_sw_ctr - a counter of the staging set
 * @id: as given to COUNTER_ADD
 * @grp: its counter group, NULL for a global counter or once gone
 * @ctr: counter of the group
 * @global: a global counter
 * @gone: its group was destroyed
 * @in_latch: the pending latch is its
 * @samples: SAMPLEs it has been in
 * @flags: NVPM_NOTIFY_SATURATED / _LOST met since the last READOUT
 * @saturated: the group's counter had its SATURATED flag at the last look
 * @lost: the group had its LOST flag at the last look
 * @last_val: total at the latest SAMPLE
 * @last_cyc: domain cycles at the latest SAMPLE
 * @prev_val: total at the SAMPLE before
 * @prev_cyc: domain cycles at the SAMPLE before
 */
struct nvkm_sw_ctr {
	u32 id;
	struct nvkm_pm_group *grp;
	u8 ctr;
	bool global;
	bool gone;
	bool in_latch;
	u32 samples;
	u32 flags;
	bool saturated;
	bool lost;
	u64 last_val, last_cyc;
	u64 prev_val, prev_cyc;
};

/**
 * typedef nvkm_sw_lookup_t - find a counter group by handle
 * @priv: the channel owner's
 * @handle: from the method's data
 *
 * Called in interrupt context with the channel's lock held: must not
 * sleep.  The owner removes a group from every channel's staging set
 * (nvkm_sw_chan_forget()) before it frees it.
 */
typedef struct nvkm_pm_group *(*nvkm_sw_lookup_t)(void *priv, u32 handle);

/**
 * struct nvkm_sw_chan - the software object of a channel
 * @device: the device
 * @pm: its perfmon engine
 * @lookup: finds counter groups for COUNTER_ADD
 * @priv: argument of @lookup
 * @stats: where the time is counted (device-wide)
 * @ntfy: the notifier's kernel mapping, NULL without one
 * @ntfy_handle: the handle SET_NOTIFY takes
 * @ring_size: entries of its ring
 * @bound: SET_NOTIFY has bound it
 * @sequence: latest READOUT's sequence
 * @written: entries written
 * @lost: entries of @read_sequence's successors overwritten
 * @errors: errors, with or without a ring
 * @latch_pending: a SAMPLE's latch has not been collected yet
 * @nr_ctr: entries in @ctr
 * @ctr: the staging set
 */
struct nvkm_sw_chan {
	struct nvkm_device *device;
	struct nvkm_pm *pm;
	nvkm_sw_lookup_t lookup;
	void *priv;
	struct nvkm_sw_stats *stats;

	void *ntfy;
	u32 ntfy_handle;
	u32 ring_size;
	bool bound;
	u64 sequence;
	u64 written;
	u32 lost;
	u32 errors;

	bool latch_pending;
	int nr_ctr;
	struct nvkm_sw_ctr ctr[NVPM_SW_STAGING_MAX];
};

/* The notifier: header, then the ring. */
#define NVKM_SW_NTFY_RING_OFFSET	sizeof(struct drm_nvpm_notifier_header)
#define NVKM_SW_NTFY_SIZE(entries) \
	(NVKM_SW_NTFY_RING_OFFSET + (entries) * sizeof(struct drm_nvpm_notifier_entry))

void nvkm_sw_chan_init(struct nvkm_sw_chan *sw, struct nvkm_device *device,
		       struct nvkm_sw_stats *stats, nvkm_sw_lookup_t lookup, void *priv);
void nvkm_sw_chan_notifier(struct nvkm_sw_chan *sw, void *ntfy, u32 handle,
			   u32 ring_size);
enum nvkm_sw_op nvkm_sw_op(u32 mthd);
void nvkm_sw_mthd(struct nvkm_sw_chan *sw, u32 mthd, u32 data);
void nvkm_sw_chan_forget(struct nvkm_sw_chan *sw, struct nvkm_pm_group *grp);
void nvkm_sw_chan_fini(struct nvkm_sw_chan *sw);

#endif
