// SPDX-License-Identifier: MIT
/*
 * The simulated GPU: a BAR0 made of models of the units nvpm drives.  Each
 * model decodes its own address range; everything else reads as zero and
 * is counted as unclaimed, so tests can prove the driver never strays.
 *
 * Time: every access first brings the models up to date.  Devices created
 * for the driver follow real time; tests switch to a manual clock and step
 * it with nvkm_sim_run(), so that every count they check is exact.  A FIFO
 * with work also gets time from a timer, as a GPU runs without the CPU.
 *
 * Interrupts: the simulated device has one interrupt line, a Linux irq of
 * its own (a one-line irq domain).  While PMC says an enabled interrupt is
 * pending, the line is raised from hard interrupt context (irq_work), so
 * the driver's handler runs as it would on hardware.
 */
#include <linux/err.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <sim/fifo.h>
#include <sim/vm.h>
#include "nv50_hw.h"
#include "pcounter_priv.h"

/* Revision byte reported in PMC_BOOT_0: A1 silicon. */
#define SIM_BOOT0_REVISION	0xa1

/* PMC_INTR_0: the units with an enabled interrupt pending. */
static u32
nvkm_sim_pmc_intr(struct nvkm_sim *sim)
{
	return sim->fifo && nvkm_sim_fifo_intr(sim->fifo) ? NV_PMC_INTR_0_PFIFO : 0;
}

/* PTIMER counts nanoseconds of simulated time. */
static u64
nvkm_sim_ptimer(struct nvkm_sim *sim)
{
	return div_u64(sim->now * 1000, sim->mhz);
}

/* ENDIAN: NV1A+, in the reference's order every chip after NV15. */
static bool
nvkm_sim_pmc_has_endian(struct nvkm_sim *sim)
{
	return sim->chipset > 0x10 && sim->chipset != 0x15;
}

static bool
nvkm_sim_pmc_rd(struct nvkm_sim *sim, u32 addr, u32 *data)
{
	switch (addr) {
	case NV_PMC_BOOT_0:
		*data = sim->boot0;
		return true;
	case NV_PMC_ENDIAN:
		*data = 0;	/* little-endian, the only mode modelled */
		return nvkm_sim_pmc_has_endian(sim);
	case NV_PMC_ENABLE:
		*data = sim->pmc_enable;
		return true;
	case NV_PMC_INTR_0:
		*data = nvkm_sim_pmc_intr(sim);
		return true;
	case NV_PMC_INTR_EN_0:
		*data = sim->pmc_intr_en;
		return true;
	default:
		return false;
	}
}

static bool
nvkm_sim_pmc_wr(struct nvkm_sim *sim, u32 addr, u32 data)
{
	switch (addr) {
	case NV_PMC_ENDIAN:	/* big-endian mode is not modelled */
		return nvkm_sim_pmc_has_endian(sim);
	case NV_PMC_BOOT_0:
	case NV_PMC_INTR_0:	/* the units' own registers clear it */
		return true;	/* read-only */
	case NV_PMC_INTR_EN_0:
		sim->pmc_intr_en = data;
		return true;
	case NV_PMC_ENABLE:
		/* a unit whose bit goes off is reset (rnndb_bus_pmc.xml) */
		if (sim->fifo && (sim->pmc_enable & ~data & NV_PMC_ENABLE_PFIFO))
			nvkm_sim_fifo_reset(sim->fifo);
		sim->pmc_enable = data;
		/* GF100+ PCOUNTER goes into reset now, not at its next access */
		if (sim->pcounter)
			nvkm_sim_pcounter_run(sim->pcounter, 0);
		return true;
	default:
		return false;
	}
}

/*
 * PTIMER: the time, and the registers that set its rate and its alarm,
 * kept as written (struct nvkm_sim_ptimer).  CLOCK_SOURCE is NV41's.
 */
static bool
nvkm_sim_ptimer_rd(struct nvkm_sim *sim, u32 addr, u32 *data)
{
	struct nvkm_sim_ptimer *tmr = &sim->ptimer;

	switch (addr) {
	case SIM_NV_PTIMER_TIME_0:
		*data = lower_32_bits(nvkm_sim_ptimer(sim));
		return true;
	case SIM_NV_PTIMER_TIME_1:
		*data = upper_32_bits(nvkm_sim_ptimer(sim));
		return true;
	case SIM_NV_PTIMER_INTR_0:
		*data = 0;	/* the alarm never fires */
		return true;
	case SIM_NV_PTIMER_INTR_EN_0:
		*data = tmr->intr_en;
		return true;
	case SIM_NV_PTIMER_CLOCK_DIV:
		*data = tmr->clock_div;
		return true;
	case SIM_NV_PTIMER_CLOCK_MUL:
		*data = tmr->clock_mul;
		return true;
	case SIM_NV41_PTIMER_CLOCK_SOURCE:
		*data = tmr->clock_source;
		return sim->chipset > 0x40;
	case SIM_NV_PTIMER_ALARM_0:
		*data = tmr->alarm;
		return true;
	default:
		return false;
	}
}

static bool
nvkm_sim_ptimer_wr(struct nvkm_sim *sim, u32 addr, u32 data)
{
	struct nvkm_sim_ptimer *tmr = &sim->ptimer;

	switch (addr) {
	case SIM_NV_PTIMER_TIME_0:
	case SIM_NV_PTIMER_TIME_1:	/* not settable here */
	case SIM_NV_PTIMER_INTR_0:	/* nothing to acknowledge */
		return true;
	case SIM_NV_PTIMER_INTR_EN_0:
		tmr->intr_en = data & SIM_NV_PTIMER_INTR_ALARM;
		return true;
	case SIM_NV_PTIMER_CLOCK_DIV:
		tmr->clock_div = data & SIM_NV_PTIMER_CLOCK_RATIO;
		return true;
	case SIM_NV_PTIMER_CLOCK_MUL:
		tmr->clock_mul = data & SIM_NV_PTIMER_CLOCK_RATIO;
		return true;
	case SIM_NV41_PTIMER_CLOCK_SOURCE:
		tmr->clock_source = data & SIM_NV41_PTIMER_CLOCK_SOURCE_FIELDS;
		return sim->chipset > 0x40;
	case SIM_NV_PTIMER_ALARM_0:
		tmr->alarm = data & SIM_NV_PTIMER_ALARM_TIME;
		return true;
	default:
		return false;
	}
}

/*
 * PGRAPH, as far as PCOUNTER sees it: NV40+ pulses PM_TRIGGER when bit 5
 * of 0x400084 is written (rnndb graph/g80_pgraph.xml: DEBUG_1.PM_TRIGGER,
 * G80:GF100; for NV40:G80 nouveau's pm/nv40.c writes the same bit).  The
 * pulse comes in the next cycle (the timing is the model's choice).
 */
#define SIM_PGRAPH_TRIGGER		0x400084
#define SIM_PGRAPH_TRIGGER_PM		BIT(5)

static bool
nvkm_sim_pgraph_has_trigger(struct nvkm_sim *sim, u32 addr)
{
	return addr == SIM_PGRAPH_TRIGGER && sim->chip && sim->chip->pc >= PC_NV40;
}

static bool
nvkm_sim_pgraph_rd(struct nvkm_sim *sim, u32 addr, u32 *data)
{
	if (!nvkm_sim_pgraph_has_trigger(sim, addr))
		return false;
	*data = 0;	/* a trigger, nothing to read back */
	return true;
}

static bool
nvkm_sim_pgraph_wr(struct nvkm_sim *sim, u32 addr, u32 data)
{
	if (!nvkm_sim_pgraph_has_trigger(sim, addr))
		return false;
	if ((data & SIM_PGRAPH_TRIGGER_PM) && sim->pcounter)
		nvkm_sim_pcounter_pgraph_pulse(sim->pcounter, 0, false);
	return true;
}

/* Run the signal models (PCOUNTER, PDAEMON) by @cycles; sim->lock held. */
static void
nvkm_sim_run_units(struct nvkm_sim *sim, u64 cycles)
{
	if (!cycles)
		return;
	/* the FIFO's graphics engine is busy for PDAEMON while it draws */
	sim->busy = sim->fifo && nvkm_sim_fifo_gr_busy(sim->fifo) ? NVKM_SIM_IDLE_GR : 0;
	if (sim->pcounter)
		nvkm_sim_pcounter_run(sim->pcounter, cycles);
	nvkm_sim_idle_run(sim, cycles);	/* PDAEMON, under the engines' waves */
	sim->now += cycles;
}

/*
 * Advance every model by @cycles; sim->lock held.  The FIFO runs ahead on
 * its own until something it does shows in a signal; the signal models are
 * brought to that cycle first.  The FIFO does at most @work units of work
 * (NVKM_SIM_FIFO_STEP_WORK unless a test steps a manual clock).
 */
static void
nvkm_sim_advance_units(struct nvkm_sim *sim, u64 cycles)
{
	u64 target = sim->now + cycles, ev;

	while (sim->fifo) {
		ev = nvkm_sim_fifo_run(sim->fifo, sim->now, target);
		if (ev >= target)
			break;
		nvkm_sim_run_units(sim, ev - min(ev, sim->now));
		nvkm_sim_fifo_event(sim->fifo, sim->now);
	}
	nvkm_sim_run_units(sim, target - sim->now);
}

static void
nvkm_sim_advance_work(struct nvkm_sim *sim, u64 cycles, u32 work)
{
	if (sim->fifo)
		nvkm_sim_fifo_budget(sim->fifo, work);
	nvkm_sim_advance_units(sim, cycles);
}

static void
nvkm_sim_advance(struct nvkm_sim *sim, u64 cycles)
{
	nvkm_sim_advance_work(sim, cycles, NVKM_SIM_FIFO_STEP_WORK);
}

/* The interrupt line of the device is up; sim->lock held. */
static bool
nvkm_sim_line(struct nvkm_sim *sim)
{
	return sim->irq && (sim->pmc_intr_en & NV_PMC_INTR_EN_0_HARDWARE) &&
	       nvkm_sim_pmc_intr(sim);
}

/* After any change: raise the line while it is up; sim->lock held. */
static void
nvkm_sim_irq_update(struct nvkm_sim *sim)
{
	if (nvkm_sim_line(sim))
		irq_work_queue(&sim->irq_work);
}

/* Hard interrupt context: the CPU takes the interrupt. */
static void
nvkm_sim_irq_work(struct irq_work *work)
{
	struct nvkm_sim *sim = container_of(work, struct nvkm_sim, irq_work);
	unsigned long flags;
	bool up;

	raw_spin_lock_irqsave(&sim->lock, flags);
	up = nvkm_sim_line(sim);
	if (up)
		nvkm_sim_fifo_irq_count(sim->fifo);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	/* the handler's MMIO takes sim->lock: not held here */
	if (up)
		generic_handle_irq_safe(sim->irq);
}

/* When the timer should next give the FIFO time; 0: not needed. */
static u64
nvkm_sim_tick_ns(struct nvkm_sim *sim)
{
	u64 due;

	if (!sim->fifo || sim->manual_clock || !nvkm_sim_fifo_busy(sim->fifo))
		return 0;
	due = div_u64(nvkm_sim_fifo_due(sim->fifo, sim->now), sim->mhz);
	return clamp_t(u64, due, NVKM_SIM_FIFO_TICK_MIN_US, NVKM_SIM_FIFO_TICK_MAX_US) *
	       NSEC_PER_USEC;
}

/* Give the FIFO time from the timer while it has work; sim->lock held. */
static void
nvkm_sim_kick(struct nvkm_sim *sim)
{
	u64 ns;

	if (sim->timer_armed)
		return;
	ns = nvkm_sim_tick_ns(sim);
	if (!ns)
		return;
	sim->timer_armed = true;
	hrtimer_start(&sim->timer, ns_to_ktime(ns), HRTIMER_MODE_REL_HARD);
}

/*
 * Cycles from now on that every model takes in closed form, at a cost
 * that does not grow with them: PCOUNTER only counts them, the FIFO has
 * nothing to do before them, PDAEMON's waves repeat (nvkm_sim_idle_run()).
 */
static u64
nvkm_sim_calm(struct nvkm_sim *sim)
{
	u64 calm = U64_MAX;

	if (sim->pcounter)
		calm = nvkm_sim_pcounter_calm(sim->pcounter);
	if (sim->fifo && calm)
		calm = min(calm, nvkm_sim_fifo_due(sim->fifo, sim->now));
	return calm;
}

/*
 * Only time passes in the next @cycles, and nothing sees it but PCOUNTER,
 * which only counts them: the FIFO has no work, no PDAEMON counts the
 * engines' waves (their level is seen by nothing else), every PCOUNTER
 * domain is settled up to its next change.  The most common access;
 * nvkm_sim_advance_units() would take the cycles the same way, in more
 * calls.
 */
static bool
nvkm_sim_quiet(struct nvkm_sim *sim, u64 cycles)
{
	return !sim->pdaemon && (!sim->fifo || !nvkm_sim_fifo_busy(sim->fifo)) &&
	       (!sim->pcounter || nvkm_sim_pcounter_calm(sim->pcounter) >= cycles);
}

/*
 * Real time for the simulated clock: nvkm_sim_now(), sched_clock(), which reads the TSC
 * wherever there is one, even one the kernel does not trust as its clock
 * source (QEMU's TCG: it offers the HPET, whose read costs about as much
 * as a whole access should).  It is taken under sim->lock, so accesses
 * from two CPUs are ordered; where the CPUs' clocks differ, time seen
 * going back does not move the simulated clock (it waits).  An access
 * reads it once, for its statistics too.
 */
static u64
nvkm_sim_clock_ns(struct nvkm_sim *sim, u64 now)
{
	return (s64)(now - sim->last_ns) > 0 ? now : sim->last_ns;
}

/*
 * Was the catch-up slower than real time?  It took (@took, with the lock
 * held) more than twice the @span of real time it simulated (and longer than
 * NVKM_SIM_LAG_NS), or the budget cut it short (@cut).  Twice: a model
 * that keeps real time on average (record mode at period 1024 on two
 * domains, 540 MHz) takes a little longer than its span now and then,
 * and was judged behind too often at once (25-32% of its cycles dropped
 * in nvpm bench, none with the full budget); a model slower than that
 * still grows each access, until the budget cuts one.  Two in a row and
 * the simulator is behind: the next catch-ups get NVKM_SIM_BEHIND_BUDGET_NS
 * (nvkm_sim_budget()).  One alone is not enough: it may be the host
 * stalling QEMU's CPU in the middle of it, or a domain settling cycle by
 * cycle after a write (under KASAN at 1 MHz, hundreds of microseconds for
 * a few cycles), and the next catch-up, at full budget, takes its time in
 * closed form.
 */
static void
nvkm_sim_judge(struct nvkm_sim *sim, u64 took, u64 span, bool cut)
{
	if (cut || (took / 2 > span && took > NVKM_SIM_LAG_NS))
		sim->slow = min(sim->slow + 1, 2);
	else
		sim->slow = 0;
}

/* A catch-up held the lock @ns at a stretch: the longest is kept. */
static void
nvkm_sim_hold(struct nvkm_sim *sim, u64 ns)
{
	sim->stats.hold_max_ns = max(sim->stats.hold_max_ns, ns);
}

/*
 * What a catch-up may spend: NVKM_SIM_SYNC_BUDGET_NS, or while the
 * simulator is slower than real time NVKM_SIM_BEHIND_BUDGET_NS.  With the
 * full budget there, each access would have all the time the last one
 * took to simulate, take longer still, and so on until every access
 * spent the full budget: an MMIO loop of the driver (a channel's page
 * directory zeroed, 8192 writes) at 540 MHz with record mode busy under
 * KASAN took 50 ms a write, a soft lockup after 23 s.
 */
static u64
nvkm_sim_budget(struct nvkm_sim *sim)
{
	if (sim->slow < 2)
		return NVKM_SIM_SYNC_BUDGET_NS;
	sim->stats.behind++;
	return NVKM_SIM_BEHIND_BUDGET_NS;
}

/*
 * The time the simulated clock follows: nvkm_sim_now(), or a test's clock
 * (nvkm_sim_set_test_clock()).
 */
static u64
nvkm_sim_time(struct nvkm_sim *sim)
{
	return unlikely(sim->test_clock) ? sim->test_clock(sim) : nvkm_sim_now();
}

/*
 * Between two pieces of a catch-up that has held the lock NVKM_SIM_HOLD_NS:
 * let go of it, and of the CPU's interrupts when the caller had them on
 * (@flags), and take it again.  Whoever takes the lock meanwhile finds the
 * models between two pieces, consistent, behind the time it brings them to
 * (sim->last_ns is already past this catch-up's cycles): its own access
 * comes first, at an earlier simulated cycle, as an access from another
 * CPU may.  Return: the time the lock is held again.
 */
static u64
nvkm_sim_breathe(struct nvkm_sim *sim, unsigned long *flags)
	__must_hold(&sim->lock)
{
	raw_spin_unlock_irqrestore(&sim->lock, *flags);
	cpu_relax();
	raw_spin_lock_irqsave(&sim->lock, *flags);
	sim->stats.breaths++;
	return nvkm_sim_time(sim);
}

/*
 * Bring the models up to real time, unless the clock is manual; there,
 * an access may take time of its own (nvkm_sim_set_access_cycles()).
 * @flags: the caller's, from raw_spin_lock_irqsave(&sim->lock); NULL when
 * it cannot let go of the lock.
 *
 * Interrupts stay off at most about 2 * NVKM_SIM_HOLD_NS and a first piece
 * at a time for a caller with interrupts on: it lets go of the lock
 * between pieces each NVKM_SIM_HOLD_NS (nvkm_sim_breathe()), pieces
 * starting again at one cycle.  A caller with them off (a hard interrupt,
 * perf's callbacks, a lock of the driver's taken with irqsave) gets at
 * most NVKM_SIM_IRQSOFF_BUDGET_NS of budget: about twice that off.
 */
static void
nvkm_sim_sync_max(struct nvkm_sim *sim, u64 now, u64 max, unsigned long *flags)
{
	u64 ns, span, cycles, budget, piece, n, t, held, spent = 0;
	bool breathe = flags && !irqs_disabled_flags(*flags), cut = false;

	if (sim->manual_clock)
		return;
	ns = nvkm_sim_clock_ns(sim, now);
	span = ns - sim->last_ns;
	cycles = div_u64(span * sim->mhz, 1000);
	if (!cycles)
		return;
	/* keep the remainder: the clock must not run slow */
	sim->last_ns += div_u64(cycles * 1000, sim->mhz);
	/* past the cap the cycles are let go of, as a budget's: dropped */
	if (cycles > max) {
		sim->stats.dropped += cycles - max;
		cycles = max;
	}
	if (nvkm_sim_quiet(sim, cycles)) {
		if (sim->pcounter)
			nvkm_sim_pcounter_run(sim->pcounter, cycles);
		sim->busy = 0;
		sim->now += cycles;
		sim->stats.pieces++;
		sim->slow = 0;
		return;
	}
	/*
	 * The cycles are simulated in pieces that double in size, the time
	 * spent checked between them: where the model has to step (inputs
	 * that change every few cycles), a catch-up ends once it has spent
	 * its budget (nvkm_sim_budget()), and the cycles left are not simulated:
	 * the simulated clock falls behind real time, as a tick's does.  A
	 * piece costs at most as much as all pieces before it, so an access
	 * spends at most about twice the budget catching up, whatever the
	 * gap, and holds the lock at most about twice NVKM_SIM_HOLD_NS at a
	 * stretch.  Where the models take the cycles in closed form at a cost
	 * that does not depend on them (nvkm_sim_calm()), a piece takes all
	 * of those at once: an access with every model settled costs one
	 * piece and one read of the clock.
	 */
	if (sim->fifo)
		nvkm_sim_fifo_budget(sim->fifo, NVKM_SIM_FIFO_STEP_WORK);
	/*
	 * Not local_clock(): where the TSC is unstable (QEMU's TCG), it
	 * stops a tick past the last one while interrupts are off.  The
	 * budget counts the time the lock was held since the read above.
	 */
	budget = nvkm_sim_budget(sim);	/* NVKM_SIM_IRQSOFF_BUDGET_NS: the same */
	held = ns;
	piece = NVKM_SIM_SYNC_PIECE;
	while (cycles) {
		n = min(max(piece, nvkm_sim_calm(sim)), cycles);
		nvkm_sim_advance_units(sim, n);
		sim->stats.pieces++;
		cycles -= n;
		piece = 2 * n;
		t = nvkm_sim_time(sim);
		if (cycles && spent + (t - held) > budget) {
			sim->stats.dropped += cycles;
			cut = true;
			break;
		}
		if (cycles && breathe && t - held > NVKM_SIM_HOLD_NS) {
			nvkm_sim_hold(sim, t - held);
			spent += t - held;
			held = nvkm_sim_breathe(sim, flags);
			t = held;
			piece = 1;
		}
	}
	nvkm_sim_hold(sim, t - held);
	nvkm_sim_judge(sim, spent + (t - held), span, cut);
}

/* Up to real time as of @now (nvkm_sim_time()). */
static void
nvkm_sim_sync_at(struct nvkm_sim *sim, u64 now, unsigned long *flags)
{
	nvkm_sim_sync_max(sim, now, NVKM_SIM_MAX_CATCHUP_US * sim->mhz, flags);
}

static void
nvkm_sim_sync(struct nvkm_sim *sim)
{
	nvkm_sim_sync_at(sim, nvkm_sim_time(sim), NULL);
}

/* For the workload side of the models: lock the simulator, in time. */
void
nvkm_sim_lock(struct nvkm_sim *sim, unsigned long *flags)
	__acquires(&sim->lock)
{
	raw_spin_lock_irqsave(&sim->lock, *flags);
	nvkm_sim_sync_at(sim, nvkm_sim_time(sim), flags);
}

void
nvkm_sim_unlock(struct nvkm_sim *sim, unsigned long flags)
	__releases(&sim->lock)
{
	nvkm_sim_irq_update(sim);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
}

static enum hrtimer_restart
nvkm_sim_tick(struct hrtimer *timer)
{
	struct nvkm_sim *sim = container_of(timer, struct nvkm_sim, timer);
	u64 t0 = ktime_get_ns();
	unsigned long flags;
	u64 ns;

	raw_spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync_max(sim, nvkm_sim_time(sim), NVKM_SIM_FIFO_TICK_CATCHUP_US * sim->mhz,
			  &flags);
	ns = nvkm_sim_tick_ns(sim);
	sim->timer_armed = ns != 0;
	nvkm_sim_irq_update(sim);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	if (!ns)
		return HRTIMER_NORESTART;
	/*
	 * Where simulating takes longer than the time simulated (a busy
	 * workload under KASAN), the clock falls behind rather than keep the
	 * CPU in this handler: a tick catches up a bounded time and rests at
	 * least as long as it worked.
	 */
	ns = max(ns, ktime_get_ns() - t0);
	hrtimer_forward_now(timer, ns_to_ktime(ns));
	return HRTIMER_RESTART;
}

static u32
nvkm_sim_rd32(void *priv, u32 addr)
{
	struct nvkm_sim *sim = priv;
	unsigned long flags;
	u32 data = 0;
	bool claimed;
	u64 t0;

	raw_spin_lock_irqsave(&sim->lock, flags);
	t0 = nvkm_sim_time(sim);
	nvkm_sim_sync_at(sim, t0, &flags);
	sim->stats.sync_ns += nvkm_sim_time(sim) - t0;
	if (sim->manual_clock)
		nvkm_sim_advance(sim, sim->access_cycles);
	sim->stats.rd++;
	/* instance memory first: the bulk of the traffic on the NV50 family */
	claimed = sim->vm && nvkm_sim_mem_rd(sim->vm, addr, &data);
	if (!claimed)
		claimed = nvkm_sim_pmc_rd(sim, addr, &data);
	if (!claimed)
		claimed = nvkm_sim_ptimer_rd(sim, addr, &data);
	if (!claimed)
		claimed = nvkm_sim_gf100_ptop_rd(sim, addr, &data);
	if (!claimed && sim->pcounter)
		claimed = nvkm_sim_pcounter_rd(sim->pcounter, addr, &data);
	if (!claimed && sim->pdaemon)
		claimed = nvkm_sim_pdaemon_rd(sim->pdaemon, addr, &data);
	if (!claimed)
		claimed = nvkm_sim_pgraph_rd(sim, addr, &data);
	if (!claimed && sim->fifo)
		claimed = nvkm_sim_fifo_rd(sim->fifo, addr, &data);
	if (!claimed) {
		sim->stats.unclaimed++;
		data = 0;
	}
	nvkm_sim_irq_update(sim);
	sim->stats.ns += nvkm_sim_time(sim) - t0;
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	return data;
}

static void
nvkm_sim_wr32(void *priv, u32 addr, u32 data)
{
	struct nvkm_sim *sim = priv;
	unsigned long flags;
	bool claimed;
	u64 t0;

	raw_spin_lock_irqsave(&sim->lock, flags);
	t0 = nvkm_sim_time(sim);
	nvkm_sim_sync_at(sim, t0, &flags);
	sim->stats.sync_ns += nvkm_sim_time(sim) - t0;
	if (sim->manual_clock)
		nvkm_sim_advance(sim, sim->access_cycles);
	sim->stats.wr++;
	claimed = sim->vm && nvkm_sim_mem_wr(sim->vm, addr, data);
	if (!claimed)
		claimed = nvkm_sim_pmc_wr(sim, addr, data);
	if (!claimed)
		claimed = nvkm_sim_ptimer_wr(sim, addr, data);
	if (!claimed)
		claimed = nvkm_sim_gf100_ptop_wr(sim, addr, data);
	if (!claimed && sim->pcounter)
		claimed = nvkm_sim_pcounter_wr(sim->pcounter, addr, data);
	if (!claimed && sim->pdaemon)
		claimed = nvkm_sim_pdaemon_wr(sim->pdaemon, addr, data);
	if (!claimed)
		claimed = nvkm_sim_pgraph_wr(sim, addr, data);
	if (!claimed && sim->fifo)
		claimed = nvkm_sim_fifo_wr(sim->fifo, addr, data);
	if (!claimed)
		sim->stats.unclaimed++;
	nvkm_sim_kick(sim);
	nvkm_sim_irq_update(sim);
	sim->stats.ns += nvkm_sim_time(sim) - t0;
	raw_spin_unlock_irqrestore(&sim->lock, flags);
}

const struct nvkm_mmio_func
nvkm_sim_mmio = {
	.rd32 = nvkm_sim_rd32,
	.wr32 = nvkm_sim_wr32,
};

static int
nvkm_sim_irq_map(struct irq_domain *domain, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &dummy_irq_chip, handle_simple_irq);
	irq_set_chip_data(virq, domain->host_data);
	return 0;
}

static const struct irq_domain_ops nvkm_sim_irq_ops = {
	.map = nvkm_sim_irq_map,
	.xlate = irq_domain_xlate_onecell,
};

/* The device's interrupt controller: one line, one Linux irq. */
static int
nvkm_sim_irq_new(struct nvkm_sim *sim)
{
	static atomic_t ids = ATOMIC_INIT(0);
	struct fwnode_handle *fwnode;

	fwnode = irq_domain_alloc_named_id_fwnode("nvpm-sim", atomic_inc_return(&ids));
	if (!fwnode)
		return -ENOMEM;
	sim->irq_domain = irq_domain_create_linear(fwnode, 1, &nvkm_sim_irq_ops, sim);
	if (!sim->irq_domain) {
		irq_domain_free_fwnode(fwnode);
		return -ENOMEM;
	}
	sim->irq = irq_create_mapping(sim->irq_domain, 0);
	return sim->irq ? 0 : -ENOMEM;
}

static void
nvkm_sim_irq_del(struct nvkm_sim *sim)
{
	struct fwnode_handle *fwnode;
	unsigned long flags;

	/* nothing arms the timer any more: it looks armed already */
	raw_spin_lock_irqsave(&sim->lock, flags);
	sim->timer_armed = true;
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	hrtimer_cancel(&sim->timer);
	irq_work_sync(&sim->irq_work);
	if (!sim->irq_domain)
		return;
	if (sim->irq)
		irq_dispose_mapping(sim->irq);
	fwnode = sim->irq_domain->fwnode;
	irq_domain_remove(sim->irq_domain);
	irq_domain_free_fwnode(fwnode);
}

/**
 * nvkm_sim_irq() - the interrupt of a simulated GPU
 * @sim: the simulator
 *
 * What the bus glue hands the driver, as a PCI device's irq.
 *
 * Return: the Linux irq number, or 0 when the GPU interrupts nothing (it
 * has no simulated unit that interrupts).
 */
int
nvkm_sim_irq(struct nvkm_sim *sim)
{
	return sim->irq;
}

/**
 * nvkm_sim_fifo_stats() - what the simulated FIFO has done
 * @sim: the simulator
 * @stats: where to copy it
 *
 * Return: 0, or -ENODEV without a FIFO model.
 */
int
nvkm_sim_fifo_stats(struct nvkm_sim *sim, struct nvkm_sim_fifo_stats *stats)
{
	unsigned long flags;

	if (!sim->fifo)
		return -ENODEV;
	nvkm_sim_lock(sim, &flags);
	nvkm_sim_fifo_stats_get(sim->fifo, stats);
	nvkm_sim_unlock(sim, flags);
	return 0;
}

/**
 * nvkm_sim_fifo_show() - the PFIFO model's state, as text
 * @sim: the simulator
 * @m: where it goes
 *
 * Return: 0, or -ENODEV outside the NV50 family.
 */
int
nvkm_sim_fifo_show(struct nvkm_sim *sim, struct seq_file *m)
{
	unsigned long flags;

	if (!sim->fifo)
		return -ENODEV;
	nvkm_sim_lock(sim, &flags);
	nvkm_sim_fifo_dump(sim->fifo, m);
	nvkm_sim_unlock(sim, flags);
	return 0;
}

/*
 * Fill the VRAM page reserve: pages are allocated here, outside sim->lock,
 * and handed over under it.  At most SIM_VRAM_SPARE pages a call.
 */
static void
nvkm_sim_refill(struct nvkm_sim *sim)
{
	unsigned int n, i;
	unsigned long flags, page;
	bool kept;

	raw_spin_lock_irqsave(&sim->lock, flags);
	n = nvkm_sim_mem_spare_wanted(sim->vm);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	for (i = 0; i < n; i++) {
		page = get_zeroed_page(GFP_KERNEL | __GFP_NOWARN);
		if (!page)
			return;
		raw_spin_lock_irqsave(&sim->lock, flags);
		kept = nvkm_sim_mem_spare_add(sim->vm, (void *)page);
		raw_spin_unlock_irqrestore(&sim->lock, flags);
		if (!kept) {
			free_page(page);
			return;
		}
	}
}

static void
nvkm_sim_refill_work(struct work_struct *work)
{
	nvkm_sim_refill(container_of(work, struct nvkm_sim, refill));
}

/**
 * nvkm_sim_new() - create a simulated GPU
 * @chipset: chipset id its PMC_BOOT_0 reports; any value is accepted, so
 *	     that identification of unknown chipsets can be exercised: a
 *	     chipset the simulator does not describe (sim/chips.c) has
 *	     PMC and PTIMER and no other unit
 *
 * Return: the simulator, or NULL when out of memory.
 */
struct nvkm_sim *
nvkm_sim_new(u32 chipset)
{
	struct nvkm_sim *sim = kzalloc(sizeof(*sim), GFP_KERNEL);

	if (!sim)
		return NULL;
	raw_spin_lock_init(&sim->lock);
	hrtimer_init(&sim->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	sim->timer.function = nvkm_sim_tick;
	sim->irq_work = IRQ_WORK_INIT_HARD(nvkm_sim_irq_work);
	sim->chipset = chipset;
	sim->chip = nvkm_sim_chip_find(chipset);
	sim->boot0 = (chipset & NV_PMC_BOOT_0_CHIPSET_MASK) <<
		     NV_PMC_BOOT_0_CHIPSET_SHIFT | SIM_BOOT0_REVISION;
	sim->last_ns = nvkm_sim_time(sim);
	sim->mhz = nvkm_sim_default_clock(chipset);
	sim->idle = ~0;		/* nothing runs until the workload says so */

	INIT_WORK(&sim->refill, nvkm_sim_refill_work);
	sim->vm = nvkm_sim_mem_new(sim->chip, &sim->refill);
	if (IS_ERR(sim->vm))
		goto fail;
	if (sim->vm)
		nvkm_sim_refill(sim);
	sim->pcounter = nvkm_sim_pcounter_new(sim);
	if (IS_ERR(sim->pcounter))
		goto fail;
	sim->pdaemon = nvkm_sim_pdaemon_new(sim->chip);
	if (IS_ERR(sim->pdaemon))
		goto fail;
	if (sim->pdaemon)
		nvkm_sim_pdaemon_run(sim->pdaemon, 0, sim->idle);
	sim->fifo = nvkm_sim_fifo_new(sim);
	if (IS_ERR(sim->fifo))
		goto fail;
	if (sim->fifo && nvkm_sim_irq_new(sim))
		goto fail;
	return sim;

fail:
	sim->fifo = IS_ERR(sim->fifo) ? NULL : sim->fifo;
	sim->pdaemon = IS_ERR(sim->pdaemon) ? NULL : sim->pdaemon;
	sim->pcounter = IS_ERR(sim->pcounter) ? NULL : sim->pcounter;
	sim->vm = IS_ERR(sim->vm) ? NULL : sim->vm;
	nvkm_sim_del(&sim);
	return NULL;
}

/**
 * nvkm_sim_del() - destroy a simulated GPU
 * @psim: the simulator; set to NULL
 */
void
nvkm_sim_del(struct nvkm_sim **psim)
{
	struct nvkm_sim *sim = *psim;

	if (!sim)
		return;
	nvkm_sim_irq_del(sim);
	nvkm_sim_fifo_del(&sim->fifo);
	nvkm_sim_pdaemon_del(&sim->pdaemon);
	nvkm_sim_pcounter_del(&sim->pcounter);
	cancel_work_sync(&sim->refill);	/* nothing writes VRAM any more */
	nvkm_sim_mem_del(&sim->vm);
	kfree(sim);
	*psim = NULL;
}

/**
 * nvkm_sim_reset() - reset the simulated GPU
 * @sim: the simulator
 *
 * What a GPU reset does: every unit model (PCOUNTER, PDAEMON) and PMC.ENABLE
 * return to their power-on state, which is the only way out of a wedged
 * PCOUNTER record domain.  Signals the workload drives into PCOUNTER go
 * back to 0 with the engines that drive them, and model switches such as
 * nvkm_sim_pcounter_step_only() are off again.  Memory and its mappings,
 * the workload's idle signals, the clock and the MMIO statistics live on.
 *
 * Context: process context; may sleep.
 * Return: 0, or -ENOMEM (the GPU is then left as it was).
 */
int
nvkm_sim_reset(struct nvkm_sim *sim)
{
	struct nvkm_sim_pcounter *pc;
	struct nvkm_sim_pdaemon *pd;
	unsigned long flags;

	/* New models are built outside the lock, then swapped in. */
	pc = nvkm_sim_pcounter_new(sim);
	if (IS_ERR(pc))
		return PTR_ERR(pc);
	pd = nvkm_sim_pdaemon_new(sim->chip);
	if (IS_ERR(pd)) {
		nvkm_sim_pcounter_del(&pc);
		return PTR_ERR(pd);
	}

	raw_spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	swap(sim->pcounter, pc);
	swap(sim->pdaemon, pd);
	sim->pmc_enable = 0;
	if (sim->pdaemon)
		nvkm_sim_pdaemon_run(sim->pdaemon, 0, sim->idle);
	raw_spin_unlock_irqrestore(&sim->lock, flags);

	nvkm_sim_pdaemon_del(&pd);
	nvkm_sim_pcounter_del(&pc);
	return 0;
}

/**
 * nvkm_sim_stats() - snapshot the MMIO traffic counters
 * @sim: the simulator
 * @stats: where to copy them
 */
void
nvkm_sim_stats(struct nvkm_sim *sim, struct nvkm_sim_stats *stats)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sim->lock, flags);
	*stats = sim->stats;
	stats->vram_lost = sim->vm ? nvkm_sim_mem_lost(sim->vm) : 0;
	raw_spin_unlock_irqrestore(&sim->lock, flags);
}

/**
 * nvkm_sim_set_test_clock() - the real time the simulated clock follows
 * @sim: the simulator
 * @clock: called with sim->lock held, in place of nvkm_sim_now(); NULL
 *	   for nvkm_sim_now() again
 *
 * For tests of what the catch-up spends: a clock that counts the model's
 * work makes its budget and its hold exact, whatever the host's speed.
 * The simulated clock starts following @clock from now on, and the
 * longest hold (&nvkm_sim_stats.hold_max_ns) counts from here.
 */
void
nvkm_sim_set_test_clock(struct nvkm_sim *sim, u64 (*clock)(struct nvkm_sim *sim))
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	sim->test_clock = clock;
	sim->last_ns = nvkm_sim_time(sim);
	sim->stats.hold_max_ns = 0;
	raw_spin_unlock_irqrestore(&sim->lock, flags);
}

/**
 * nvkm_sim_set_manual_clock() - stop (or resume) following real time
 * @sim: the simulator
 * @manual: true to advance only through nvkm_sim_run()
 */
void
nvkm_sim_set_manual_clock(struct nvkm_sim *sim, bool manual)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	sim->manual_clock = manual;
	sim->last_ns = nvkm_sim_time(sim);
	nvkm_sim_kick(sim);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
}

/**
 * nvkm_sim_time_reads() - what register reads cost the CPU, for make bench
 * @sim: the simulator
 * @addr: the register, read @n times through the same path as the driver's
 * @n: reads, at most NVKM_SIM_TIME_READS_MAX
 * @bare: time only what any access costs whatever it does: taking the lock
 *	  with interrupts off and reading the clock once
 *
 * The floor under an access: a register with nothing to simulate (PMC's
 * BOOT_0) costs the lock, the clock, catching up on time that only passed,
 * the claim and the interrupt check.  Accesses of the measurement count in
 * the statistics as any other.
 *
 * Return: nanoseconds for all @n, -EINVAL if @n is too many.
 */
s64
nvkm_sim_time_reads(struct nvkm_sim *sim, u32 addr, u32 n, bool bare)
{
	unsigned long flags;
	u64 t0, sink = 0;
	u32 i;

	if (n > NVKM_SIM_TIME_READS_MAX)
		return -EINVAL;
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		if (bare) {
			raw_spin_lock_irqsave(&sim->lock, flags);
			sink += nvkm_sim_now();
			raw_spin_unlock_irqrestore(&sim->lock, flags);
		} else {
			sink += nvkm_sim_rd32(sim, addr);
		}
	}
	barrier_data(&sink);
	return ktime_get_ns() - t0;
}

/**
 * nvkm_sim_default_clock() - the clock rate a simulated chipset starts with
 * @chipset: chipset id
 *
 * Return: the core clock of the chipset's reference board in MHz, or for
 * chipsets not listed, a clock typical of their family.
 */
u32
nvkm_sim_default_clock(u32 chipset)
{
	const struct nvkm_sim_chip *chip = nvkm_sim_chip_find(chipset);

	if (chip && chip->mhz)
		return chip->mhz;
	if (chipset >= 0xe0)
		return 1000;
	if (chipset >= 0xc0)
		return 700;
	if (chipset >= 0x50)
		return 500;
	if (chipset >= 0x40)
		return 400;
	if (chipset >= 0x30)
		return 300;
	return 200;
}

/**
 * nvkm_sim_set_clock() - set the clock rate of a simulated GPU
 * @sim: the simulator
 * @mhz: cycles per microsecond (1 .. NVKM_SIM_MHZ_MAX)
 *
 * From now on, a real-time clock runs @mhz cycles per microsecond of real
 * time, and PTIMER counts @mhz cycles as a microsecond.
 *
 * Return: 0, or -EINVAL (nothing changed).
 */
int
nvkm_sim_set_clock(struct nvkm_sim *sim, u32 mhz)
{
	unsigned long flags;

	if (!mhz || mhz > NVKM_SIM_MHZ_MAX)
		return -EINVAL;
	raw_spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	sim->mhz = mhz;
	sim->last_ns = nvkm_sim_time(sim);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	return 0;
}

/**
 * nvkm_sim_clock() - the clock rate of a simulated GPU
 * @sim: the simulator
 *
 * Return: its clock rate in MHz.
 */
u32
nvkm_sim_clock(struct nvkm_sim *sim)
{
	return READ_ONCE(sim->mhz);
}

/**
 * nvkm_sim_run() - advance simulated time
 * @sim: the simulator
 * @cycles: clock cycles to simulate
 */
void
nvkm_sim_run(struct nvkm_sim *sim, u64 cycles)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sim->lock, flags);
	/* tests only: the work of a manual step is the test's to bound */
	nvkm_sim_advance_work(sim, cycles, U32_MAX);
	nvkm_sim_irq_update(sim);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
}

/**
 * nvkm_sim_set_access_cycles() - let every MMIO access take time
 * @sim: the simulator, with a manual clock
 * @cycles: cycles that pass before each register read or write happens
 *
 * A bus is not instantaneous: code that reads registers one after the
 * other sees each at a later cycle.  With a manual clock no time passes
 * otherwise, so tests use this to see what that code makes of it.
 * Real-time clocks ignore it (the accesses take real time there).
 */
void
nvkm_sim_set_access_cycles(struct nvkm_sim *sim, u32 cycles)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sim->lock, flags);
	sim->access_cycles = cycles;
	raw_spin_unlock_irqrestore(&sim->lock, flags);
}

/**
 * nvkm_sim_set_idle() - drive the PDAEMON idle signals
 * @sim: the simulator
 * @mask: NVKM_SIM_IDLE_* bits to change; waves driving them stop
 * @idle: their new values (set: idle)
 */
void
nvkm_sim_set_idle(struct nvkm_sim *sim, u32 mask, u32 idle)
{
	unsigned long flags;
	int i;

	raw_spin_lock_irqsave(&sim->lock, flags);
	nvkm_sim_sync(sim);
	for (i = 0; i < NVKM_SIM_IDLE_WAVES; i++)
		sim->wave[i].mask &= ~mask;
	sim->idle = (sim->idle & ~mask) | (idle & mask);
	if (sim->pdaemon)	/* COUNTER_SIGNALS shows it at once */
		nvkm_sim_pdaemon_run(sim->pdaemon, 0, sim->idle);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
}

/* The VM as tests see it: the engines' view, taken under the lock. */
int
nvkm_sim_vm_walk(struct nvkm_sim *sim, u32 chan, u64 va, bool write,
		 struct nvkm_sim_xlat *x)
{
	unsigned long flags;
	int ret = -ENODEV;

	raw_spin_lock_irqsave(&sim->lock, flags);
	if (sim->vm)
		ret = nvkm_sim_mem_walk(sim->vm, chan, va, write, x);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	return ret;
}

int
nvkm_sim_vm_dmaobj(struct nvkm_sim *sim, u32 chan, u16 sel, struct nvkm_sim_dmaobj *dma)
{
	unsigned long flags;
	int ret = -ENODEV;

	raw_spin_lock_irqsave(&sim->lock, flags);
	if (sim->vm)
		ret = nvkm_sim_mem_dmaobj(sim->vm, chan, sel, dma);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	return ret;
}

int
nvkm_sim_vm_dma(struct nvkm_sim *sim, u32 chan, u16 sel, u64 offset, bool write,
		struct nvkm_sim_xlat *x)
{
	unsigned long flags;
	int ret = -ENODEV;

	raw_spin_lock_irqsave(&sim->lock, flags);
	if (sim->vm)
		ret = nvkm_sim_mem_dma(sim->vm, chan, sel, offset, 4, write, x);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	return ret;
}

u32
nvkm_sim_vm_flushes(struct nvkm_sim *sim, u32 engine)
{
	unsigned long flags;
	u32 n = 0;

	raw_spin_lock_irqsave(&sim->lock, flags);
	if (sim->vm)
		n = nvkm_sim_mem_flushes(sim->vm, engine);
	raw_spin_unlock_irqrestore(&sim->lock, flags);
	return n;
}
