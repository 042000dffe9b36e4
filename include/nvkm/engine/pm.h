/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_PM_H__
#define __NVKM_PM_H__
#include <linux/spinlock.h>
#include <nvkm/core/engine.h>
#include <nvkm/subdev/pmu.h>
#include <uapi/drm/nvpm_class.h>

/* nvpm's class constants, which userspace and the host interface share */
#define NVKM_PM_COUNTERS	NVPM_GROUP_COUNTERS	/* PRE, START, EVENT, STOP */
#define NVKM_PM_NAME_LEN	NVPM_NAME_LEN
#define NVKM_PM_SIG_SOURCES	NVPM_SIGNAL_SOURCES	/* sources a signal can have */
#define NVKM_PM_SOURCES		NVPM_GROUP_MAX_SOURCES	/* settings per counter group */

/**
 * struct nvkm_pm_src - a source: a multiplexer field that chooses what some
 *			signals observe
 * @name: its name
 * @addr: the register holding it
 * @mask: the field's values, unshifted (every value v with v & ~mask == 0
 *	  is allowed)
 * @shift: the field's lowest bit
 * @enable: bits set with the field: the multiplexer's ENABLE, where the
 *	    unit has one multiplexer per TPC or ROP and the first with
 *	    ENABLE set drives its PCOUNTER input (0: none)
 * @before: the same multiplexer of the unit's lowest numbered instance,
 *	    when @addr is not it: the instances from @before up to @addr
 *	    get @enable cleared, so that @addr's drives the input (0: none)
 * @stride: between two instances, with @before
 */
struct nvkm_pm_src {
	const char *name;
	u32 addr;
	u32 mask;
	u8 shift;
	u32 enable;
	u32 before;
	u32 stride;
};

/**
 * struct nvkm_pm_sig - a named signal of a domain
 * @signal: its number
 * @nr_src: entries in @src
 * @src: its sources, as indices into &nvkm_pm_dom.src
 * @name: its name
 */
struct nvkm_pm_sig {
	u8 signal;
	u8 nr_src;
	u8 src[NVKM_PM_SIG_SOURCES];
	char name[NVKM_PM_NAME_LEN];
};

/**
 * struct nvkm_pm_dom - a PCOUNTER domain as the engine drives it
 * @name: short name
 * @clock: clock it counts
 * @nr_signals: signals 0 .. nr_signals - 1 exist
 * @trailer: first trailer signal (nr_signals - 0x20)
 * @sig: named signals (catalog and trailer), sorted by number
 * @nr_sig: entries in @sig
 * @addr: where its PCOUNTER registers are: its block on GF100+, before
 *	  that its offset from domain 0's (the layout's stride times its index)
 * @src: the sources of its signals; a source's id is its index here
 * @nr_src: entries in @src
 * @holder: who holds the domain (a file), NULL while it is free
 * @groups: the holder's counter groups on it, in the order they take turns
 * @nr_groups: entries in @groups (on a shared domain: groups on it)
 * @active: the group of @groups the hardware counts for now
 * @turn: the sample call that last moved @active on
 * @layout: what runs its counter groups when not the generation's PCOUNTER
 *	    layout (the idle counter domain), else NULL
 * @idle: it is the idle counter domain (PDAEMON, GT215+)
 * @nr_ctr: counters a group on it can use, when @layout is set
 * @round: the latch (&nvkm_pm.round) its counters were last read for,
 *	   when @layout is set
 * @record: the record session holding the domain, or NULL
 * @wedged: a VM fault of record mode hung the domain until a GPU reset
 */
struct nvkm_pm_dom {
	char name[16];
	const char *clock;
	u16 nr_signals;
	u16 trailer;
	struct nvkm_pm_sig *sig;
	u16 nr_sig;
	u32 addr;
	const struct nvkm_pm_src **src;
	u8 nr_src;
	const void *holder;
	struct list_head groups;
	u32 nr_groups;
	struct nvkm_pm_group *active;
	u64 turn;
	const struct nvkm_pm_layout *layout;
	bool idle;
	u8 nr_ctr;
	u64 round;
	struct nvkm_record *record;
	bool wedged;
};

/* Counter groups that may take turns on one domain (multiplexing). */
#define NVKM_PM_GROUPS_PER_DOM	16
/*
 * Groups of all holders on a shared domain (pdaemon) of a device: every
 * SAMPLE, the software method's in interrupt context too, visits each
 * group of the device, so their number is bounded by a constant (the
 * PCOUNTER domains' by NVKM_PM_GROUPS_PER_DOM each, one holder apiece).
 */
#define NVKM_PM_SHARED_GROUPS	64

/**
 * struct nvkm_pm_group_args - what a counter group counts
 * @dom: domain index
 * @mode: NVPM_MODE_*
 * @ctr_mode: counter mode (NV_PCOUNTER_CTR_MODE_*)
 * @nr_ctr: counters used (1..NVKM_PM_COUNTERS)
 * @ctr: per counter: signals, truth table and NVPM_COUNTER_* flags
 * @ctr.signal: the four signals
 * @ctr.logic_op: truth table
 * @ctr.flags: NVPM_COUNTER_*
 * @event_period_all: single event mode: CTR_EVENT sums all periods
 * @pre_count: single event mode: initial CTR_PRE
 * @stop_count: single event mode: initial CTR_STOP
 * @threshold: single event mode: THRESHOLD
 * @nr_src: entries in @src
 * @src: source settings, programmed before the counters
 * @src.id: the source (index into &nvkm_pm_dom.src)
 * @src.value: its value
 */
struct nvkm_pm_group_args {
	u32 dom;
	u32 mode;
	u32 ctr_mode;
	u32 nr_ctr;
	struct {
		u8 signal[4];
		u16 logic_op;
		u16 flags;
	} ctr[NVKM_PM_COUNTERS];
	bool event_period_all;
	u32 pre_count;
	u32 stop_count;
	u64 threshold;
	u32 nr_src;
	struct {
		u32 id;
		u32 value;
	} src[NVKM_PM_SOURCES];
};

/**
 * struct nvkm_pm_group_result - totals of a counter group
 * @value: per counter, the sum over all samples
 * @cycles: domain cycles over all samples
 * @ctr_flags: per counter NVPM_READ_SATURATED
 * @flags: NVPM_READ_NOT_READY / NVPM_READ_LOST
 * @samples: samples taken
 */
struct nvkm_pm_group_result {
	u64 value[NVKM_PM_COUNTERS];
	u64 cycles;
	u32 ctr_flags[NVKM_PM_COUNTERS];
	u32 flags;
	u64 samples;
};

/**
 * struct nvkm_pm_group - a counter group: one domain, configured
 * @pm: engine
 * @args: its configuration, validated
 * @res: its totals
 * @round: the latch (&nvkm_pm.round) it was last collected from
 * @discarded: its first latch since it was last programmed has been
 *	       dropped (where that is needed)
 * @holder: who created it (see nvkm_pm_group_new_held())
 * @head: entry in &nvkm_pm.groups
 * @dom_head: entry in &nvkm_pm_dom.groups
 * @idle: on the idle counter domain, the PDAEMON counters it holds
 */
struct nvkm_pm_group {
	struct nvkm_pm *pm;
	struct nvkm_pm_group_args args;
	struct nvkm_pm_group_result res;
	u64 round;
	bool discarded;
	const void *holder;
	struct list_head head;
	struct list_head dom_head;
	struct nvkm_pmu_idle idle;
};

/**
 * struct nvkm_pm - the perfmon (PCOUNTER) engine of a device
 * @engine: base
 * @func: generation specifics
 * @dom: its domains
 * @nr_doms: entries in @dom
 * @lock: domain ownership, @groups and every PCOUNTER register access
 * @groups: configured counter groups
 * @round: latches triggered so far
 * @turns: sample calls that moved groups on, so far
 * @rec: record mode state (G84:GF100), NULL without record mode
 */
struct nvkm_pm {
	struct nvkm_engine engine;
	const struct nvkm_pm_func *func;
	struct nvkm_pm_dom *dom;
	int nr_doms;
	raw_spinlock_t lock;	/* see above */
	struct list_head groups;
	u64 round;
	u64 turns;
	struct nvkm_pm_record *rec;
};

u64 nvkm_pm_caps(struct nvkm_pm *pm);
bool nvkm_pm_single(struct nvkm_pm *pm);
int nvkm_pm_nr_counters(struct nvkm_pm *pm);
int nvkm_pm_group_new(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args,
		      struct nvkm_pm_group **pgrp);
int nvkm_pm_group_new_held(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args,
			   const void *holder, struct nvkm_pm_group **pgrp);
int nvkm_pm_group_check(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args);
int nvkm_pm_group_set(struct nvkm_pm_group *grp, const struct nvkm_pm_group_args *args);
void nvkm_pm_group_del(struct nvkm_pm_group **pgrp);
void nvkm_pm_trigger(struct nvkm_pm *pm);
int nvkm_pm_collect(struct nvkm_pm *pm, const void *holder, bool wait);
int nvkm_pm_collect_groups(struct nvkm_pm *pm, struct nvkm_pm_group *const *grps, int nr,
			   bool wait);
void nvkm_pm_group_read(struct nvkm_pm_group *grp, struct nvkm_pm_group_result *res, u32 clear);
const struct nvkm_pm_sig *nvkm_pm_sig_find(const struct nvkm_pm_dom *dom, u32 signal);

int nv10_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int nv15_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int nv20_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int nv30_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int nv40_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int g80_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int g84_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int g92_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int gt200_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int gt215_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int gf100_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);
int gk104_pm_new(struct nvkm_device *device, struct nvkm_pm **ppm);

#endif
