/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_PM_PRIV_H__
#define __NVKM_PM_PRIV_H__
#include <nvkm/engine/pm.h>
#include <nvkm/hw/pcounter.h>
#include <nvkm/hw/pcounter_gf100.h>
#include <nvkm/subdev/mmu.h>
#include "catalog.h"

/**
 * struct nvkm_pm_regs - where a PCOUNTER register layout keeps a domain's
 *			 registers, and how its logic ops are encoded
 * @stride: domain d's registers are at d * @stride from domain 0's
 *	    (&nvkm_pm_dom.addr); 0 where the generation places each domain
 *	    itself (GF100+)
 * @src: the PRE, START, EVENT and STOP inputs' _SRC registers
 * @op: their _OP registers
 * @ctr: the PRE, START, EVENT and STOP counters (PRE and STOP also take
 *	 the single event mode's start counts)
 * @ctr_hi: bits 32-39 of a 40-bit counter (NV10:NV30), or 0
 * @cycles: CTR_CYCLES
 * @cycles_hi: its bits 32-39, or 0
 * @setflag_op: SETFLAG_OP
 * @clrflag_op: CLRFLAG_OP
 * @threshold: THRESHOLD
 * @ctrl: the domain's CTRL
 * @quad_state: CTRL's QUAD_STATE field
 * @ack: QUAD_ACK_TRIGGER
 * @halt: the register whose write of 0 stops the domain counting
 * @op_setflag3: the _OP bit that makes SETFLAG argument 3 (EVENT, STOP)
 * @op_replace2: per input, the _OP bit of NVPM_COUNTER_REPLACE2, or 0
 * @op_replace3: per input, the _OP bit of NVPM_COUNTER_REPLACE3, or 0
 *
 * Every address is domain 0's, or for @stride 0 an offset from the
 * domain's block; the register of domain d is &nvkm_pm_dom.addr plus it.
 */
struct nvkm_pm_regs {
	u32 stride;
	u32 src[NVKM_PM_COUNTERS];
	u32 op[NVKM_PM_COUNTERS];
	u32 ctr[NVKM_PM_COUNTERS];
	u32 ctr_hi[NVKM_PM_COUNTERS];
	u32 cycles;
	u32 cycles_hi;
	u32 setflag_op;
	u32 clrflag_op;
	u32 threshold;
	u32 ctrl;
	u32 quad_state;
	u32 ack;
	u32 halt;
	u32 op_setflag3;
	u32 op_replace2[NVKM_PM_COUNTERS];
	u32 op_replace3[NVKM_PM_COUNTERS];
};

/**
 * struct nvkm_pm_layout - how one register layout runs counter groups
 * @regs: PCOUNTER layouts: where the registers are (data for the shared
 *	  nvkm_pm_layout_program() and nvkm_pm_layout_collect())
 * @setup: PCOUNTER layouts: the domain's control registers for @args,
 *	   written before anything else (CTRL and what the layout adds)
 * @armed: PCOUNTER layouts: after the inputs are written (may be NULL)
 * @stale_latch: PCOUNTER layouts: whether a group's first quad mode latch
 *		 holds counts from before it (nothing cleared the shadow
 *		 counters when it was programmed); NULL: never
 * @program: program domain @d for @args (counting starts now)
 * @stop: stop counting in domain @d
 * @trigger: latch every quad mode domain at once
 * @collect: add domain @d's latched counters to @dom's totals; false if
 *	     the latch has not happened yet
 * @validate: a domain's own layout (&nvkm_pm_dom.layout) only: check
 *	      @args instead of the PCOUNTER rules
 * @claim: a domain's own layout only: take what @dom needs, under
 *	   pm->lock, instead of the whole domain (-EBUSY when it is not there)
 * @release: a domain's own layout only: give back what @claim took
 * @quad_only: single event mode is not offered on this layout
 *
 * A PCOUNTER layout is data (@regs) and the few hooks above where the
 * revisions truly differ; its @program, @stop and @collect are the shared
 * nvkm_pm_layout_*() functions.  The idle counter domain brings its own.
 */
struct nvkm_pm_layout {
	struct nvkm_pm_regs regs;
	void (*setup)(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args);
	void (*armed)(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args);
	bool (*stale_latch)(struct nvkm_pm *pm);
	void (*program)(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args);
	void (*stop)(struct nvkm_pm *pm, int d);
	void (*trigger)(struct nvkm_pm *pm);
	bool (*collect)(struct nvkm_pm *pm, int d, struct nvkm_pm_group *grp);
	int (*validate)(struct nvkm_pm *pm, const struct nvkm_pm_group_args *args);
	int (*claim)(struct nvkm_pm *pm, struct nvkm_pm_group *grp);
	void (*release)(struct nvkm_pm *pm, struct nvkm_pm_group *grp);
	bool quad_only;
};

void nvkm_pm_layout_program(struct nvkm_pm *pm, int d, const struct nvkm_pm_group_args *args);
void nvkm_pm_layout_stop(struct nvkm_pm *pm, int d);
bool nvkm_pm_layout_collect(struct nvkm_pm *pm, int d, struct nvkm_pm_group *grp);
u32 nvkm_pm_layout_op(const struct nvkm_pm_regs *regs, int i, u16 logic_op, u16 flags);
u32 nvkm_pm_layout_src(const u8 *signal, int nr, u8 fill);

/**
 * struct nvkm_pm_src_map - the sources of a family of named signals
 * @prefix: the signals whose name starts with it
 * @src: their sources
 * @nr_src: entries in @src (up to NVKM_PM_SIG_SOURCES)
 */
struct nvkm_pm_src_map {
	const char *prefix;
	const struct nvkm_pm_src *src;
	u8 nr_src;
};

/**
 * struct nvkm_pm_func - what one PCOUNTER generation adds to the base
 * @caps: NVPM_HW_CAP_* the hardware of this generation has
 * @init: generation-specific hardware setup (may be NULL)
 * @doms: describe the chipset's domains (nvkm_pm_dom_add() each)
 * @layout: register layout; NULL when counter groups are not supported yet
 * @sources: which named signals have which sources (may be NULL)
 * @nr_sources: entries in @sources
 * @record: record mode specifics; NULL without record mode
 */
struct nvkm_pm_func {
	u64 caps;
	int (*init)(struct nvkm_pm *pm);
	int (*doms)(struct nvkm_pm *pm);
	const struct nvkm_pm_layout *layout;
	const struct nvkm_pm_src_map *sources;
	u8 nr_sources;
	const struct nvkm_pm_record_func *record;
};

int nvkm_pm_new_(const struct nvkm_pm_func *func, struct nvkm_device *device,
		 struct nvkm_pm **ppm);
int nvkm_pm_doms_alloc(struct nvkm_pm *pm, int nr);
int nvkm_pm_dom_init(struct nvkm_pm *pm, int d, const char *name, const char *clock,
		     u16 nr_signals, const struct nvkm_pm_domain_desc *desc);
int nvkm_pm_doms_catalog(struct nvkm_pm *pm);
int nvkm_pm_sig_named(const struct nvkm_pm_dom *dom, const char *name);
__printf(4, 5)
int nvkm_pm_sig_add(struct nvkm_pm *pm, int d, u8 signal, const char *fmt, ...);

int gf100_pm_init(struct nvkm_pm *pm);

/**
 * struct nvkm_pm_record_func - what record mode differs in per generation
 * @vmm_flags: where a record buffer may lie in the GPU address space
 *	       (G84:G92 low 4 GiB; G92+ one 4 GiB block: the position is
 *	       32 bits and wraps)
 * @address_high: RECORD_ADDRESS_HIGH exists (G92+)
 * @user_signal: USER_0 of domain @d for a USER trigger, or -1 (GT215+);
 *		 NULL before GT215
 */
struct nvkm_pm_record_func {
	u32 vmm_flags;
	bool address_high;
	int (*user_signal)(struct nvkm_pm *pm, int d);
};

extern const struct nvkm_pm_record_func g84_pm_record;
extern const struct nvkm_pm_record_func g92_pm_record;
int nvkm_record_oneinit(struct nvkm_pm *pm);
void nvkm_record_init(struct nvkm_pm *pm);
void nvkm_record_fini(struct nvkm_pm *pm);
void nvkm_record_dtor(struct nvkm_pm *pm);
int nv20_pm_doms(struct nvkm_pm *pm);
int nv40_pm_doms(struct nvkm_pm *pm);
extern const struct nvkm_pm_layout nv40_pm_layout;
extern const struct nvkm_pm_layout nv10_pm_layout;
extern const struct nvkm_pm_layout gf100_pm_layout;
/*
 * VFETCH, CROP, ZROP and PROP: the G80:GF100 units with known multiplexers
 * (g80.c, g84.c, gt200.c), and the registers they select through.
 */
#define TESLA_PM_SOURCES		4
#define NV50_PGRAPH_VFETCH_MUX		0x400c0c
#define NV50_PGRAPH_CROP_MUX		0x407008	/* ROP 0 */
#define NV50_PGRAPH_ZROP_MUX		0x40708c	/* ROP 0 */
#define NV50_PGRAPH_PROP_MUX(tpc)	(0x408e50 + (tpc) * 0x1000)
#define NV50_PGRAPH_PM_MUX_ENABLE	BIT(31)
#define G80_ZROP_SRC			2
#define G84_VFETCH_SRC			1
extern const struct nvkm_pm_src g80_zrop_src[G80_ZROP_SRC];
extern const struct nvkm_pm_src g84_vfetch_src[G84_VFETCH_SRC];
extern const struct nvkm_pm_src_map g84_pm_sources[TESLA_PM_SOURCES];
extern const struct nvkm_pm_src_map gt200_pm_sources[TESLA_PM_SOURCES];

/**
 * struct gf100_pm_set - the PCOUNTER domains of one kind of GF100+ unit
 * @name: "hub", "gpc" or "part"
 * @nr: domains per unit that the engine lists
 * @signals: their signal counts
 * @cat: per domain, the catalog naming its signals below the trailer, or
 *	 NULL (the engine names the trailer signals)
 */
struct gf100_pm_set {
	const char *name;
	u8 nr;
	u16 signals[GF100_PCOUNTER_DOMS];
	const struct nvkm_pm_domain_desc *cat[GF100_PCOUNTER_DOMS];
};

int gf100_pm_doms_(struct nvkm_pm *pm, const struct gf100_pm_set *hub,
		   const struct gf100_pm_set *gpc, const struct gf100_pm_set *part);
int nvkm_pm_pdaemon_doms(struct nvkm_pm *pm);

/* Capabilities each generation inherits from the one before it. */
#define NV10_PM_CAPS	NVPM_HW_CAP_COUNTER_40BIT
#define NV15_PM_CAPS	(NV10_PM_CAPS | NVPM_HW_CAP_CTR_PERIOD)
#define NV20_PM_CAPS	NV15_PM_CAPS
/* NV30 trades the 40-bit counters for 32-bit ones and gains quad mode. */
#define NV30_PM_CAPS	(NVPM_HW_CAP_CTR_PERIOD | NVPM_HW_CAP_QUAD)
#define NV40_PM_CAPS	(NV30_PM_CAPS | NVPM_HW_CAP_COUNTER_MODES)
#define G84_PM_CAPS	(NV40_PM_CAPS | NVPM_HW_CAP_RECORD | \
			 NVPM_HW_CAP_SPEC_SRC | NVPM_HW_CAP_PERIODIC)
#define G92_PM_CAPS	(G84_PM_CAPS | NVPM_HW_CAP_DELAY_REPLACE | \
			 NVPM_HW_CAP_RECORD_ADDR_HIGH)
#define GT215_PM_CAPS	(G92_PM_CAPS | NVPM_HW_CAP_USER_TRIGGER)
/*
 * GF100 starts the second major revision: domain sets, a readable
 * USER_TRIGGER; record mode is not documented there, so it is not claimed.
 */
#define GF100_PM_CAPS	((GT215_PM_CAPS | NVPM_HW_CAP_DOMAIN_SETS) & \
			 ~(NVPM_HW_CAP_RECORD | NVPM_HW_CAP_RECORD_ADDR_HIGH))

#endif
