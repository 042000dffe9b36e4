/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_PRIV_H__
#define __NVKM_SIM_PRIV_H__
#include <nvkm/core/device.h>
#include <nvkm/sim/sim.h>

/*
 * Every model follows the same shape: _new() for the chipset (NULL when
 * the chipset has no such unit, ERR_PTR on failure), _rd()/_wr() that
 * return false for addresses they do not decode, and _run() that advances
 * the model by a number of cycles.  All are called with sim->lock held.
 */
void nvkm_sim_lock(struct nvkm_sim *sim, unsigned long *flags) __acquires(&sim->lock);
void nvkm_sim_unlock(struct nvkm_sim *sim, unsigned long flags) __releases(&sim->lock);

struct nvkm_sim_pcounter *nvkm_sim_pcounter_new(struct nvkm_sim *sim, u32 chipset);
void nvkm_sim_pcounter_del(struct nvkm_sim_pcounter **ppc);
bool nvkm_sim_pcounter_rd(struct nvkm_sim_pcounter *pc, u32 addr, u32 *data);
bool nvkm_sim_pcounter_wr(struct nvkm_sim_pcounter *pc, u32 addr, u32 data);
void nvkm_sim_pcounter_run(struct nvkm_sim_pcounter *pc, u64 cycles);
u64 nvkm_sim_pcounter_calm(const struct nvkm_sim_pcounter *pc);
void nvkm_sim_pcounter_pgraph_pulse(struct nvkm_sim_pcounter *pc, unsigned int delay,
				    bool flush);

struct nvkm_sim_pdaemon *nvkm_sim_pdaemon_new(u32 chipset);
void nvkm_sim_pdaemon_del(struct nvkm_sim_pdaemon **ppd);
bool nvkm_sim_pdaemon_rd(struct nvkm_sim_pdaemon *pd, u32 addr, u32 *data);
bool nvkm_sim_pdaemon_wr(struct nvkm_sim_pdaemon *pd, u32 addr, u32 data);
void nvkm_sim_pdaemon_run(struct nvkm_sim_pdaemon *pd, u64 cycles, u32 idle);
void nvkm_sim_pdaemon_snapshot(struct nvkm_sim_pdaemon *pd, u32 *count);
void nvkm_sim_pdaemon_repeat(struct nvkm_sim_pdaemon *pd, const u32 *before, u64 times);

void nvkm_sim_idle_run(struct nvkm_sim *sim, u64 cycles);

struct nvkm_sim_fifo_stats;
struct nvkm_sim_fifo *nvkm_sim_fifo_new(struct nvkm_sim *sim, u32 chipset);
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

struct nvkm_sim_xlat;
struct nvkm_sim_dmaobj;
struct nvkm_sim_vm *nvkm_sim_mem_new(u32 chipset);
void nvkm_sim_mem_del(struct nvkm_sim_vm **pmem);
bool nvkm_sim_mem_rd(struct nvkm_sim_vm *mem, u32 addr, u32 *data);
bool nvkm_sim_mem_wr(struct nvkm_sim_vm *mem, u32 addr, u32 data);
u32 nvkm_sim_mem_rd32(struct nvkm_sim_vm *mem, u32 target, u64 addr);
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
