/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_SIM_H__
#define __NVKM_SIM_H__
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/ktime.h>
#include <linux/sched/clock.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <nvkm/core/mmio.h>

struct irq_domain;
struct nvkm_sim_chip;
struct nvkm_sim_fifo;
struct nvkm_sim_pcounter;
struct nvkm_sim_pdaemon;
struct nvkm_sim_vm;

/**
 * struct nvkm_sim_stats - MMIO traffic seen by a simulated GPU
 * @rd: register reads
 * @wr: register writes
 * @unclaimed: accesses to addresses no simulated unit decodes
 * @ns: time the simulator spent in them, catching up included
 * @dropped: cycles of real time not simulated, because catching up on
 *	     them would have taken longer than the budget (NVKM_SIM_SYNC_BUDGET_NS,
 *	     or NVKM_SIM_BEHIND_BUDGET_NS while behind)
 * @sync_ns: of @ns, the time spent catching up with real time
 * @pieces: pieces the catch-ups were simulated in (nvkm_sim_sync_max())
 * @behind: catch-ups given NVKM_SIM_BEHIND_BUDGET_NS: the two before were
 *	    slower than real time
 * @vram_lost: VRAM writes dropped: the page reserve was empty (sim/vm.c)
 * @breaths: times a catch-up let go of the lock to let interrupts in
 *	     (NVKM_SIM_HOLD_NS)
 * @hold_max_ns: the longest a catch-up held the lock at a stretch, by the
 *		 simulator's clock: interrupts were off that long
 */
struct nvkm_sim_stats {
	u64 rd;
	u64 wr;
	u64 unclaimed;
	u64 ns;
	u64 dropped;
	u64 sync_ns;
	u64 pieces;
	u64 behind;
	u64 vram_lost;
	u64 breaths;
	u64 hold_max_ns;
};

/**
 * struct nvkm_sim_punits - a GF100+ board's switched-off units
 * @gpc_hw: HW_GPC_DISABLE_MASK (fuses): bit n switches GPC n off
 * @gpc_sw: SW_GPC_DISABLE_MASK
 * @part_hw: HW_PART_DISABLE_MASK: bit n switches partition n off
 * @part_sw: SW_PART_DISABLE_MASK
 *
 * All zero: the full chip.  See nvkm_sim_floorsweep().
 */
struct nvkm_sim_punits {
	u32 gpc_hw;
	u32 gpc_sw;
	u32 part_hw;
	u32 part_sw;
};

/* Clock rates a simulated GPU may run at, in MHz (nvkm_sim_set_clock()). */
#define NVKM_SIM_MHZ_MAX		2000
/* At most this much time (us) is simulated to catch up in one access. */
#define NVKM_SIM_MAX_CATCHUP_US		BIT_ULL(22)
/*
 * Time an access or a tick may spend catching up, with the simulator's
 * lock held and interrupts off, before it gives up on the rest (about
 * twice this at worst: see nvkm_sim_sync_max()); the first piece of cycles.
 * A bound against pathological work (seconds of stepping), far below the
 * kernel's stall detectors, not a latency target: under QEMU's TCG with
 * KASAN an ordinary catch-up over a few periods of the workload takes
 * milliseconds, and those must not drop (2 ms dropped most of them).
 */
#define NVKM_SIM_SYNC_BUDGET_NS		50000000
#define NVKM_SIM_SYNC_PIECE		64
/*
 * Time a catch-up holds the simulator's lock at a stretch, interrupts off
 * (about twice this at worst, or one first piece of NVKM_SIM_SYNC_PIECE
 * cycles if that costs more): then it lets go of the lock for a moment,
 * when its caller had interrupts on.  A caller with them off (a hard
 * interrupt, perf's callbacks) has NVKM_SIM_IRQSOFF_BUDGET_NS for its
 * whole catch-up: perf reads once at the end of a run, and a catch-up
 * over half a second of the default workload takes some milliseconds
 * under TCG with KASAN, many more on a loaded host (1 ms dropped 99% of
 * it unloaded, 10 ms 98.7% under a CPU hog, and the busy shares read
 * then were wrong): the full budget.
 */
#define NVKM_SIM_HOLD_NS		1000000
#define NVKM_SIM_IRQSOFF_BUDGET_NS	NVKM_SIM_SYNC_BUDGET_NS
/*
 * A catch-up slower than real time by less than this is not counted as
 * slow (nvkm_sim_judge()); while two in a row were, a catch-up may spend
 * NVKM_SIM_BEHIND_BUDGET_NS (about twice that at worst, as the full budget).
 */
#define NVKM_SIM_LAG_NS			50000
#define NVKM_SIM_BEHIND_BUDGET_NS	100000
/* Reads nvkm_sim_time_reads() times at once, at most. */
#define NVKM_SIM_TIME_READS_MAX		1000000

/**
 * nvkm_sim_now() - real time, as the simulated clock follows it
 *
 * sched_clock(): the TSC wherever there is one (see nvkm_sim_clock_ns()).
 * User Mode Linux has no sched_clock() of its own, and the generic one
 * counts jiffies: 10 ms steps, none while interrupts are off.  There the
 * clock source, which reads the host's clock, keeps the time.
 *
 * Return: nanoseconds.
 */
static inline u64
nvkm_sim_now(void)
{
	return IS_ENABLED(CONFIG_UML) ? ktime_get_mono_fast_ns() : sched_clock();
}

/* PDAEMON COUNTER_SIGNALS bits (set: the engine is idle). */
#define NVKM_SIM_IDLE_GR		BIT(0)
#define NVKM_SIM_IDLE_PVLD		BIT(4)
#define NVKM_SIM_IDLE_PPDEC		BIT(5)
#define NVKM_SIM_IDLE_PPPP		BIT(6)
#define NVKM_SIM_IDLE_MC_GF100		BIT(7)
#define NVKM_SIM_IDLE_MC_GT215		BIT(8)
#define NVKM_SIM_IDLE_PCOPY0		BIT(19)
#define NVKM_SIM_IDLE_PCOPY1		BIT(20)
#define NVKM_SIM_IDLE_PCOPY2		BIT(21)

/* Engine activity patterns (nvkm_sim_idle_wave()) running at once. */
#define NVKM_SIM_IDLE_WAVES		4

/**
 * struct nvkm_sim_idle_wave - engines alternating between idle and busy
 * @mask: NVKM_SIM_IDLE_* bits it drives; 0: the slot is free
 * @period: cycles of one idle+busy round
 * @idle: cycles idle at the start of each round (then busy)
 * @start: the cycle (&nvkm_sim.now) its first round starts at
 */
struct nvkm_sim_idle_wave {
	u32 mask;
	u32 period;
	u32 idle;
	u64 start;
};

/**
 * struct nvkm_sim_ptimer - PTIMER's registers besides the time
 * @intr_en: INTR_EN_0
 * @clock_div: CLOCK_DIV
 * @clock_mul: CLOCK_MUL
 * @clock_source: CLOCK_SOURCE (NV41+)
 * @alarm: ALARM_0
 *
 * Stored as written: the time counts nanoseconds of simulated time
 * whatever the ratio, and the alarm raises nothing.
 */
struct nvkm_sim_ptimer {
	u32 intr_en;
	u32 clock_div;
	u32 clock_mul;
	u32 clock_source;
	u32 alarm;
};

/**
 * struct nvkm_sim - a simulated GPU, as seen through BAR0
 * @lock: serialises every register access and every step of simulated
 *	  time; taken from any context
 * @chipset: chipset id reported through PMC_BOOT_0
 * @chip: the simulator's description of @chipset (nvkm/sim/chips.c), NULL
 *	  for a chipset it does not model
 * @boot0: PMC_BOOT_0 value
 * @pmc_enable: PMC.ENABLE
 * @now: simulated clock cycles since creation
 * @manual_clock: time only advances through nvkm_sim_run() (tests);
 *		  otherwise it follows real time at @mhz
 * @mhz: clock rate: cycles per microsecond of real time and of PTIMER
 * @last_ns: real time up to which @now has been brought
 * @slow: how many catch-ups in a row (up to 2) were slower than real
 *	  time (nvkm_sim_judge())
 * @access_cycles: with @manual_clock, cycles every MMIO access takes
 * @idle: PDAEMON COUNTER_SIGNALS, driven by the workload (bit set: idle)
 * @wave: engine activity patterns driving bits of @idle
 * @busy: idle bits held clear by engines the simulator runs itself (the
 *	  FIFO's graphics engine while it draws), whatever drives @idle
 * @pcounter: the PCOUNTER model, NULL on chipsets without one
 * @pdaemon: the PDAEMON idle counter model, NULL before GT215
 * @vm: VRAM, PRAMIN and the G80 VM the engines reach memory through
 *	(sim/vm.h), NULL outside the NV50 family
 * @fifo: the PFIFO and graphics engine model, NULL outside the NV50 family
 * @pmc_intr_en: PMC_INTR_EN_0
 * @ptimer: PTIMER's registers besides the time
 * @irq_domain: the one-line interrupt controller of the simulated device
 * @irq: its interrupt (Linux irq number), 0 without @fifo
 * @irq_work: raises @irq, in hard interrupt context, while the line is up
 * @timer: gives the FIFO time while it has work (real-time clock only)
 * @timer_armed: @timer is queued or its handler will queue it again
 * @refill: fills @vm's page reserve, outside the lock (process context)
 * @test_clock: replaces nvkm_sim_now() (nvkm_sim_set_test_clock())
 * @stats: MMIO traffic counters
 * @punits: the board's floorsweeping (GF100+); read-only to the driver
 *
 * The driver reaches it only through &nvkm_sim_mmio, as it would reach
 * iomem; tests may read @stats, drive the workload and run the clock.
 */
struct nvkm_sim {
	raw_spinlock_t lock;	/* everything below */
	u32 chipset;
	const struct nvkm_sim_chip *chip;
	u32 boot0;
	u32 pmc_enable;

	u64 now;
	bool manual_clock;
	u32 mhz;
	u64 last_ns;
	u8 slow;
	u32 access_cycles;

	u32 idle;
	struct nvkm_sim_idle_wave wave[NVKM_SIM_IDLE_WAVES];
	u32 busy;
	struct nvkm_sim_pcounter *pcounter;
	struct nvkm_sim_pdaemon *pdaemon;
	struct nvkm_sim_vm *vm;
	struct nvkm_sim_fifo *fifo;

	u32 pmc_intr_en;
	struct nvkm_sim_ptimer ptimer;
	struct irq_domain *irq_domain;
	int irq;
	struct irq_work irq_work;
	struct hrtimer timer;
	bool timer_armed;
	struct work_struct refill;
	u64 (*test_clock)(struct nvkm_sim *sim);

	struct nvkm_sim_stats stats;
	struct nvkm_sim_punits punits;
};

extern const struct nvkm_mmio_func nvkm_sim_mmio;

struct nvkm_sim *nvkm_sim_new(u32 chipset);
void nvkm_sim_del(struct nvkm_sim **psim);
int nvkm_sim_reset(struct nvkm_sim *sim);
void nvkm_sim_stats(struct nvkm_sim *sim, struct nvkm_sim_stats *stats);
void nvkm_sim_set_manual_clock(struct nvkm_sim *sim, bool manual);
void nvkm_sim_set_test_clock(struct nvkm_sim *sim, u64 (*clock)(struct nvkm_sim *sim));
int nvkm_sim_set_clock(struct nvkm_sim *sim, u32 mhz);
u32 nvkm_sim_clock(struct nvkm_sim *sim);
u32 nvkm_sim_default_clock(u32 chipset);
const char *nvkm_sim_chip_name(u32 chipset);
u32 nvkm_sim_chip_chipset(const char *name);
void nvkm_sim_run(struct nvkm_sim *sim, u64 cycles);
void nvkm_sim_set_access_cycles(struct nvkm_sim *sim, u32 cycles);
void nvkm_sim_set_idle(struct nvkm_sim *sim, u32 mask, u32 idle);
int nvkm_sim_floorsweep(struct nvkm_sim *sim, const struct nvkm_sim_punits *fs);
int nvkm_sim_idle_wave(struct nvkm_sim *sim, u32 mask, u32 period, u32 idle);
s64 nvkm_sim_time_reads(struct nvkm_sim *sim, u32 addr, u32 n, bool bare);

#endif
