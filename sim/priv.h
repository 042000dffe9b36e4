/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_PRIV_H__
#define __NVKM_SIM_PRIV_H__
#include <nvkm/hw/pmc.h>
#include <sim/sim.h>

/* PCOUNTER generations, in order; each has everything the earlier ones have
 * unless the reference says otherwise.
 */
enum sim_pc_gen {
	PC_NV10, PC_NV15, PC_NV20, PC_NV30, PC_NV40, PC_G84, PC_G92, PC_GT215,
	PC_GF100, PC_GK104,
};

/* PDAEMON idle counter generations, in order (PD_NONE: before GT215). */
enum sim_pd_gen { PD_NONE, PD_GT215, PD_GF100, PD_GF119, PD_GK104 };

/*
 * The NV50 family's PFIFO, graphics engine and VM: G80's channel
 * structure, G84's, G84's with 16 KiB pages (GT215).
 */
enum sim_nv50_gen { NV50_NONE, NV50_G80, NV50_G84, NV50_GT215 };

/* The PGRAPH multiplexers in front of PCOUNTER (pcounter_mux.c). */
enum sim_mux_gen { MUX_NONE, MUX_G80, MUX_G84, MUX_GT200 };

/**
 * struct nvkm_sim_chip - a chip the simulator models (sim/chips.c)
 * @chipset: the GPU id PMC_BOOT_0 reports
 * @name: its name ("G84")
 * @mhz: core clock of its reference board, 0 if none is listed
 * @pc: PCOUNTER generation
 * @pc_last: NV10:GF100: last signal of each PCOUNTER domain, 0-terminated
 * @pc_user: GT215:GF100: first USER signal of each domain, or NULL
 * @gpcs: GF100+: GPCs of the full chip (one domain set each)
 * @tpcs: GF100+: TPCs per GPC
 * @parts: GF100+: memory partitions of the full chip (one domain set each)
 * @hub: GF100+: signals of each hub domain, 0-terminated
 * @gpc: GF100+: signals of each domain of a GPC's set, 0-terminated
 * @part: GF100+: signals of each domain of a partition's set, 0-terminated
 * @nv50: the NV50 family's PFIFO, graphics engine and VM, NV50_NONE outside it
 * @mux: its PGRAPH multiplexers, MUX_NONE outside the NV50 family
 * @gr_idle: PGRAPH.IDLE in PCOUNTER domain 1 (NV50 family), 0 if not known
 * @gr_prim: setup_primitive_count in domain 1 (NV50 family), 0 if not known
 * @pd: PDAEMON idle counters
 */
struct nvkm_sim_chip {
	u16 chipset;
	const char *name;
	u16 mhz;
	enum sim_pc_gen pc;
	const u8 *pc_last;
	const u8 *pc_user;
	u8 gpcs, tpcs, parts;
	const u8 *hub, *gpc, *part;
	enum sim_nv50_gen nv50;
	enum sim_mux_gen mux;
	u8 gr_idle, gr_prim;
	enum sim_pd_gen pd;
};

const struct nvkm_sim_chip *nvkm_sim_chip_find(u32 chipset);

/*
 * Every model follows the same shape: _new() for the chipset (NULL when
 * the chipset has no such unit, ERR_PTR on failure), _rd()/_wr() that
 * return false for addresses they do not decode, and _run() that advances
 * the model by a number of cycles.  All are called with sim->lock held.
 */
void nvkm_sim_lock(struct nvkm_sim *sim, unsigned long *flags) __acquires(&sim->lock);
void nvkm_sim_unlock(struct nvkm_sim *sim, unsigned long flags) __releases(&sim->lock);

struct nvkm_sim_pcounter *nvkm_sim_pcounter_new(struct nvkm_sim *sim);
void nvkm_sim_pcounter_del(struct nvkm_sim_pcounter **ppc);
bool nvkm_sim_pcounter_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data);
bool nvkm_sim_pcounter_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data);
void nvkm_sim_pcounter_run(struct nvkm_sim_pcounter *pc, u64 cycles);
u64 nvkm_sim_pcounter_calm(const struct nvkm_sim_pcounter *pc);
void nvkm_sim_pcounter_pgraph_pulse(struct nvkm_sim_pcounter *pc, unsigned int delay,
				    bool flush);

struct nvkm_sim_pdaemon *nvkm_sim_pdaemon_new(const struct nvkm_sim_chip *chip);
void nvkm_sim_pdaemon_del(struct nvkm_sim_pdaemon **ppd);
bool nvkm_sim_pdaemon_rd(struct nvkm_sim_pdaemon *pd, u32 addr, u32 *data);
bool nvkm_sim_pdaemon_wr(struct nvkm_sim_pdaemon *pd, u32 addr, u32 data);
void nvkm_sim_pdaemon_run(struct nvkm_sim_pdaemon *pd, u64 cycles, u32 idle);
void nvkm_sim_pdaemon_snapshot(struct nvkm_sim_pdaemon *pd, u32 *count);
void nvkm_sim_pdaemon_repeat(struct nvkm_sim_pdaemon *pd, const u32 *before, u64 times);

void nvkm_sim_idle_run(struct nvkm_sim *sim, u64 cycles);

struct nvkm_sim_fifo_stats;
struct nvkm_sim_fifo *nvkm_sim_fifo_new(struct nvkm_sim *sim);
void nvkm_sim_fifo_del(struct nvkm_sim_fifo **pfifo);
bool nvkm_sim_fifo_rd(struct nvkm_sim_fifo *fifo, u32 addr, u32 *data);
bool nvkm_sim_fifo_wr(struct nvkm_sim_fifo *fifo, u32 addr, u32 data);
u64 nvkm_sim_fifo_run(struct nvkm_sim_fifo *fifo, u64 now, u64 limit);
void nvkm_sim_fifo_budget(struct nvkm_sim_fifo *fifo, u32 units);
void nvkm_sim_fifo_event(struct nvkm_sim_fifo *fifo, u64 now);
bool nvkm_sim_fifo_gr_busy(struct nvkm_sim_fifo *fifo);
bool nvkm_sim_fifo_intr(struct nvkm_sim_fifo *fifo);
bool nvkm_sim_fifo_busy(struct nvkm_sim_fifo *fifo);
u64 nvkm_sim_fifo_due(struct nvkm_sim_fifo *fifo, u64 now);
void nvkm_sim_fifo_stats_get(struct nvkm_sim_fifo *fifo, struct nvkm_sim_fifo_stats *stats);
void nvkm_sim_fifo_irq_count(struct nvkm_sim_fifo *fifo);
void nvkm_sim_fifo_reset(struct nvkm_sim_fifo *fifo);
struct seq_file;
void nvkm_sim_fifo_dump(struct nvkm_sim_fifo *fifo, struct seq_file *m);

struct nvkm_sim_xlat;
struct nvkm_sim_dmaobj;
struct nvkm_sim_vm *nvkm_sim_mem_new(const struct nvkm_sim_chip *chip,
				     struct work_struct *refill);
void nvkm_sim_mem_del(struct nvkm_sim_vm **pmem);
bool nvkm_sim_mem_spare_add(struct nvkm_sim_vm *mem, void *page);
unsigned int nvkm_sim_mem_spare_wanted(const struct nvkm_sim_vm *mem);
u64 nvkm_sim_mem_lost(const struct nvkm_sim_vm *mem);
bool nvkm_sim_mem_rd(struct nvkm_sim_vm *mem, u32 addr, u32 *data);
bool nvkm_sim_mem_wr(struct nvkm_sim_vm *mem, u32 addr, u32 data);
u32 nvkm_sim_mem_rd32(struct nvkm_sim_vm *mem, u32 target, u64 addr);
void nvkm_sim_mem_wr32(struct nvkm_sim_vm *mem, u32 target, u64 addr, u32 data);
int nvkm_sim_mem_walk(struct nvkm_sim_vm *mem, u32 chan, u64 va, bool write,
		      struct nvkm_sim_xlat *x);
int nvkm_sim_mem_dmaobj(struct nvkm_sim_vm *mem, u32 chan, u16 sel,
			struct nvkm_sim_dmaobj *dma);
int nvkm_sim_mem_dma(struct nvkm_sim_vm *mem, u32 chan, u16 sel, u64 offset, u32 len,
		     bool write, struct nvkm_sim_xlat *x);
int nvkm_sim_mem_copy(struct nvkm_sim_vm *mem, const struct nvkm_sim_xlat *x, void *buf,
		      u32 len, bool write);
u32 nvkm_sim_mem_flushes(struct nvkm_sim_vm *mem, u32 engine);

#endif
