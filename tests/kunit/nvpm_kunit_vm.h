/* SPDX-License-Identifier: MIT */
/*
 * G80 VM structures built by hand for the simulator suites, word by word
 * from envytools' memory_g80-vm.rst (no driver code, no shared macros):
 * a channel structure at VRAM address chan << 12 (descriptor chan, VRAM)
 * with its page directory at +0x200 (G84+) or +0x1400 (G80), full page
 * tables of 4 KiB pages in system memory, PTEs pointing at the pages of
 * kernel buffers, paged read-write DMA objects at + selector << 4.
 * VRAM is written through PRAMIN (window 0x1700 << 16 at 0x700000).
 */
#ifndef __NVPM_KUNIT_VM_H__
#define __NVPM_KUNIT_VM_H__
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/vmalloc.h>
#include <sim/vm.h>
#include "nvpm_kunit.h"

#define KVM_PT_BYTES	SZ_1M	/* 0x20000 PTEs of 8 bytes */

static inline void
kvm_wr(struct nvkm_sim *sim, u64 vram, u32 data)
{
	kt_wr(sim, 0x1700, (u32)(vram >> 20) << 4);
	kt_wr(sim, 0x700000 + (vram & 0xfffff), data);
}

static inline u32
kvm_rd(struct nvkm_sim *sim, u64 vram)
{
	kt_wr(sim, 0x1700, (u32)(vram >> 20) << 4);
	return kt_rd(sim, 0x700000 + (vram & 0xfffff));
}

static inline u64
kvm_pde(struct nvkm_sim *sim, u32 chan, u64 va)
{
	u32 pgd = sim->chipset == 0x50 ? 0x1400 : 0x200;

	return ((u64)chan << 12) + pgd + (va >> 29) * 8;
}

/* The channel structure is VRAM, zero at power-on: nothing to write. */
static inline int
kvm_chan_new(struct kunit *test, struct nvkm_sim *sim, u32 chan)
{
	return chan && chan < (NVKM_SIM_VRAM_SIZE >> 12) ? 0 : -EINVAL;
}

/* Every PDE not present: the space is gone. */
static inline void
kvm_chan_del(struct nvkm_sim *sim, u32 chan)
{
	u32 i;

	for (i = 0; i < 0x800 * 2; i++)
		kvm_wr(sim, kvm_pde(sim, chan, 0) + i * 4, 0);
}

/* The page table of @va's PDE: one made (1 MiB, all absent) if none. */
static inline u32 *
kvm_pt(struct kunit *test, struct nvkm_sim *sim, u32 chan, u64 va)
{
	u64 pde = kvm_pde(sim, chan, va);
	u32 lo = kvm_rd(sim, pde), hi = kvm_rd(sim, pde + 4);
	void *pt;

	if (lo & 3)
		return phys_to_virt((lo & 0xfffff000) | (u64)(hi & 0xff) << 32);
	pt = kunit_kzalloc(test, KVM_PT_BYTES, GFP_KERNEL);
	if (!pt)
		return NULL;
	/* 4K pages (3), SYSRAM_SNOOP table (2 << 2), full size (0 << 5) */
	kvm_wr(sim, pde + 4, upper_32_bits(virt_to_phys(pt)));
	kvm_wr(sim, pde, lower_32_bits(virt_to_phys(pt)) | 0x8 | 0x3);
	return pt;
}

static inline phys_addr_t
kvm_phys(void *p)
{
	return is_vmalloc_addr(p) ? page_to_phys(vmalloc_to_page(p)) : virt_to_phys(p);
}

/* Map @size bytes of @cpu (page aligned) at @va: 0, -EEXIST, -ENOMEM. */
static inline int
kvm_map(struct kunit *test, struct nvkm_sim *sim, u32 chan, u64 va, void *cpu, u64 size)
{
	u64 at;

	for (at = 0; at < size; at += PAGE_SIZE) {
		u32 *pt = kvm_pt(test, sim, chan, va + at);
		u32 *pte;
		phys_addr_t p;

		if (!pt)
			return -ENOMEM;
		pte = &pt[((va + at) >> 12 & 0x1ffff) * 2];
		if (pte[0] & 1)
			return -EEXIST;
		p = kvm_phys(cpu + at);
		pte[1] = upper_32_bits(p);
		pte[0] = lower_32_bits(p) | 0x20 | 0x1;	/* SYSRAM_SNOOP, present */
	}
	return 0;
}

static inline int
kvm_unmap(struct kunit *test, struct nvkm_sim *sim, u32 chan, u64 va, u64 size)
{
	u64 at;

	for (at = 0; at < size; at += PAGE_SIZE) {
		u32 *pt = kvm_pt(test, sim, chan, va + at);

		if (pt)
			pt[((va + at) >> 12 & 0x1ffff) * 2] = 0;
	}
	return 0;
}

/* Paged read-write DMA object @sel over [@base, @base + @limit]. */
static inline int
kvm_dma(struct nvkm_sim *sim, u32 chan, u32 sel, u64 base, u64 limit)
{
	u64 at = ((u64)chan << 12) + ((u64)sel << 4), last = base + limit;

	kvm_wr(sim, at + 0x00, 0x0008003d);	/* class 0x3d, VM, read-write */
	kvm_wr(sim, at + 0x04, lower_32_bits(last));
	kvm_wr(sim, at + 0x08, lower_32_bits(base));
	kvm_wr(sim, at + 0x0c, upper_32_bits(last) << 24 | upper_32_bits(base));
	kvm_wr(sim, at + 0x10, 0);
	kvm_wr(sim, at + 0x14, 0);
	return 0;
}

#endif
