/* SPDX-License-Identifier: MIT */
/*
 * What a hosted nvpm device may write, for a host's tests: the registers
 * a perfmon engine owns, stated from the reference by hand (not from the
 * register macros nvpm's engines use), and the state a host keeps that
 * nvpm must leave as it found it.  Tests only; nothing in nvpm.ko uses it.
 */
#ifndef __NVPM_HOST_OWNED_H__
#define __NVPM_HOST_OWNED_H__
#include <linux/bits.h>
#include <linux/types.h>

/*
 * PMC.ENABLE (0x200): bit 28 is PCOUNTER's on GF100+ (bus_pmc.rst, "On
 * GF100+, the bits are"); a write there may flip that bit and no other.
 */
#define NVPM_OWNED_PMC_ENABLE		0x000200
#define NVPM_OWNED_PMC_ENABLE_PCOUNTER	BIT(28)

/**
 * nvpm_host_pm_owns() - whether a register belongs to a perfmon engine
 * @addr: BAR0 offset
 *
 * Return: true for PCOUNTER, the PDAEMON idle counters and the PGRAPH
 * signal multiplexers PCOUNTER's MUX signals show.
 */
static inline bool
nvpm_host_pm_owns(u32 addr)
{
	/* rnndb nv40_pcounter.xml, nv10_pcounter.xml: PCOUNTER at 0xa000 */
	if (addr >= 0x00a000 && addr <= 0x00afff)
		return true;
	/*
	 * pm_pdaemon_counter.rst: PDAEMON (0x10a000) COUNTER_MASK, _COUNT
	 * and _MODE at 0x504/0x508/0x50c + i * 0x10, 8 counters on GF100+
	 */
	if (addr >= 0x10a504 && addr <= 0x10a57f)
		return true;
	/* rnndb gf100_pcounter.xml: PCOUNTER at 0x180000, 0x40000 long */
	if (addr >= 0x180000 && addr <= 0x1bffff)
		return true;
	/*
	 * rnndb graph/g80_pgraph.xml and g80_pgraph_tpc.xml (PGRAPH at
	 * 0x400000): VFETCH.UNK0C's PM_MUX; ROP[8].CROP.PM_MUX (+0x08) and
	 * ROP[8].ZROP.PM_MUX (+0x8c), ROPs every 0x100 from 0x407000;
	 * TPC[].PROP.PM_MUX: TPCs from 0x408000, to G200 8 every 0x1000
	 * with PROP at +0xe00, from G200 on 16 every 0x800 with PROP at
	 * +0x700; PM_MUX at PROP + 0x50
	 */
	if (addr == 0x400c0c)
		return true;
	if (addr >= 0x407000 && addr < 0x407800 &&
	    ((addr & 0xff) == 0x08 || (addr & 0xff) == 0x8c))
		return true;
	if (addr < 0x408000 || addr >= 0x410000)
		return false;
	return (addr - 0x408000) % 0x1000 == 0xe50 || (addr - 0x408000) % 0x800 == 0x750;
}

/*
 * PGRAPH DEBUG_1 (0x400084) has no read-write bits; writing its bit 5,
 * PM_TRIGGER, pulses PCOUNTER's PGRAPH.PM_TRIGGER signal (rnndb
 * graph/g80_pgraph.xml; pcounter_intro.rst: SWAP is wired to it NV30:G84).
 */
#define NVPM_OWNED_PGRAPH_DEBUG_1		0x400084
#define NVPM_OWNED_PGRAPH_DEBUG_1_PM_TRIGGER	BIT(5)

/**
 * nvpm_host_pm_may_write() - whether a hosted device may write a value
 * @addr: BAR0 offset
 * @old: the register's value before the write
 * @data: the value written
 *
 * Return: true for a perfmon register, PGRAPH's PM_TRIGGER pulse, or
 * PMC.ENABLE with only PCOUNTER's bit changed.
 */
static inline bool
nvpm_host_pm_may_write(u32 addr, u32 old, u32 data)
{
	if (nvpm_host_pm_owns(addr))
		return true;
	if (addr == NVPM_OWNED_PGRAPH_DEBUG_1)
		return data == NVPM_OWNED_PGRAPH_DEBUG_1_PM_TRIGGER;
	return addr == NVPM_OWNED_PMC_ENABLE &&
	       !((old ^ data) & ~NVPM_OWNED_PMC_ENABLE_PCOUNTER);
}

/* Stray writes a watch keeps, for a test's messages. */
#define NVPM_HOST_WATCH_STRAYS	8

/**
 * struct nvpm_host_watch - what a host's test saw nvpm write
 * @writes: writes seen
 * @strays: of them, writes nvpm_host_pm_may_write() refuses
 * @stray: the first NVPM_HOST_WATCH_STRAYS of those, address and value
 */
struct nvpm_host_watch {
	unsigned int writes, strays;
	u32 stray[NVPM_HOST_WATCH_STRAYS][2];
};

/**
 * nvpm_host_watch_write() - judge a write before it reaches the GPU
 * @w: the watch
 * @addr: BAR0 offset
 * @old: the register's value before the write
 * @data: the value written
 */
static inline void
nvpm_host_watch_write(struct nvpm_host_watch *w, u32 addr, u32 old, u32 data)
{
	w->writes++;
	if (nvpm_host_pm_may_write(addr, old, data))
		return;
	if (w->strays < NVPM_HOST_WATCH_STRAYS) {
		w->stray[w->strays][0] = addr;
		w->stray[w->strays][1] = data;
	}
	w->strays++;
}

/**
 * struct nvpm_host_kept - a register whose value is the host's
 * @addr: BAR0 offset
 * @value: what a test writes there before nvpm comes, and must find after
 * @what: its name, for messages
 */
struct nvpm_host_kept {
	u32 addr;
	u32 value;
	const char *what;
};

/* The host's state a test plants: none of it is a perfmon engine's. */
static const struct nvpm_host_kept nvpm_host_kept[] __maybe_unused = {
	/* rnndb fifo/g80_pfifo.xml: PFIFO (0x2000) CHAN_TABLE[5], enabled */
	{ 0x002614, 0x80012340, "PFIFO channel table entry 5" },
	/* rnndb fifo/g80_pfifo.xml: PFIFO INTR_EN */
	{ 0x002140, 0x40011111, "PFIFO interrupt enables" },
	/* rnndb bus/pmc.xml: PMC INTR_EN_HOST, the interrupt line */
	{ 0x000140, 0x00000001, "PMC_INTR_EN" },
	/* the PRAMIN window, VRAM address >> 16, as NV50 instmem sets it */
	{ 0x001700, 0x00000123, "PRAMIN window" },
};

#endif
