// SPDX-License-Identifier: MIT
/*
 * Simulated G80:GF100 memory as the GPU sees it: VRAM, reached from BAR0
 * through the PRAMIN window, system memory, reached as a bus master, and
 * the VM that translates engines' addresses through channel structures,
 * DMA objects and page tables.  Written from envytools' memory_g80-vm.rst
 * and memory_peephole.rst, independently of the driver's structure code:
 *
 *  - PRAMIN: BAR0 0x700000..0x7fffff shows the 1 MiB of VRAM starting at
 *    (0x001700 << 16); VRAM beyond what the card has reads 0, ignores
 *    writes (VRAM_LIMIT);
 *  - a channel descriptor is the structure's address >> 12 plus a target;
 *    the page directory sits at +0x1400 (G80) or +0x200 (G84+): 0x800 PDEs
 *    of 512 MiB, each naming a page table of 4 KiB, 16 KiB (GT215+) or
 *    64 KiB pages, in VRAM or system memory; 4 KiB page tables may be cut
 *    short to 0x8000, 0x4000 or 0x2000 entries;
 *  - a DMA object is 6 words at structure + selector << 4: selector 0
 *    faults, an access reaching past the limit (the last valid address)
 *    faults, a VM target goes through the page tables, the others are
 *    linear;
 *  - system memory addresses are bus addresses, which in the simulated
 *    machine (no IOMMU) are CPU physical addresses;
 *  - PFB's memory configuration (rnndb_memory_g80_pfb.xml: CFG0, CFG1,
 *    MEM_AMOUNT, BANKCFG, COMP_MAX_TAG) and PBUS HWUNITS' partition mask
 *    describe that VRAM and are read-only; the sysram flush address and
 *    VM_FAULT's setup are kept as written, unused.
 *
 * An engine may keep a TLB (struct nvkm_sim_tlb, PCOUNTER's record
 * writes): the DMA object and the page translations it used, until its
 * binding changes or a TLB flush names its VM engine ("The page table
 * contents are cached in per-engine TLBs", memory_g80-vm.rst).  Other
 * accesses walk the tables every time.  A flush completes at once and is
 * counted.  Everything runs with sim->lock held, from any context: it
 * neither sleeps nor allocates.
 */
#include <linux/bitfield.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <nvkm/hw/pfb.h>
#include <sim/vm.h>
#include "nv50_hw.h"
#include "priv.h"

/*
 * The memory configuration PFB reports for the model's VRAM: one 64-bit
 * partition, one rank of 4 banks of 256 columns of 8 bytes (8 KiB rows)
 * and as many rows as NVKM_SIM_VRAM_SIZE takes.  A posted board: the
 * VBIOS set it, and it reads back the same whatever is written.
 */
#define SIM_PFB_PARTS		1
#define SIM_PFB_BANKBITS	2
#define SIM_PFB_COLBITS		8
#define SIM_PFB_ROW		(SIM_PFB_PARTS * 8 << SIM_PFB_BANKBITS << SIM_PFB_COLBITS)
#define SIM_PFB_ROWBITS		13
static_assert(SIM_PFB_ROW << SIM_PFB_ROWBITS == NVKM_SIM_VRAM_SIZE);

/*
 * VRAM is kept in pages, each taken when something other than zero is
 * first written there (it reads as zero until then), found through a
 * directory whose pieces, a page of page pointers each (2 MiB of VRAM with
 * 4 KiB pages), are taken the same way: a GPU whose VRAM is unused costs
 * the directory, 32 pointers, not a pointer per page.
 *
 * The pages are taken from a reserve of SIM_VRAM_SPARE zeroed pages, not
 * allocated: VRAM is written under sim->lock, a raw spinlock (perf's
 * callbacks and the simulator's hard timer reach it), where PREEMPT_RT
 * allows no allocation at all.  The reserve is filled outside the lock
 * (nvkm_sim_mem_spare_add()): at creation, and by the simulator's refill
 * work, queued when it falls to SIM_VRAM_SPARE_LOW.  A write that finds it
 * empty is dropped and counted (@lost).  256 pages are a megabyte of VRAM
 * written between two runs of a work item: a channel's structures take a
 * few pages, page tables and zeroes none.
 */
#define SIM_VRAM_PAGES		(NVKM_SIM_VRAM_SIZE / PAGE_SIZE)
#define SIM_VRAM_DIR_PAGES	(PAGE_SIZE / sizeof(u8 *))
#define SIM_VRAM_DIRS		DIV_ROUND_UP(SIM_VRAM_PAGES, SIM_VRAM_DIR_PAGES)
#define SIM_VRAM_SPARE		NVKM_SIM_VRAM_SPARE
#define SIM_VRAM_SPARE_LOW	(SIM_VRAM_SPARE * 3 / 4)

/**
 * struct nvkm_sim_vm - memory of a simulated NV50 family GPU
 * @vram: the card's VRAM, NVKM_SIM_VRAM_SIZE bytes: directory pieces of
 *	  SIM_VRAM_DIR_PAGES page pointers, each NULL until needed
 * @spare: zeroed pages for VRAM, @nr_spare of them
 * @nr_spare: pages in @spare
 * @refill: work that fills @spare, queued when it runs low
 * @lost: writes dropped because @spare was empty
 * @window: PRAMIN window register (VRAM address >> 16)
 * @flush: TLB flushes requested, per VM engine
 * @sysram_addr: PFB NISO UNK08_SYSRAM_ADDR, kept (nothing flushes there)
 * @vm_fault: PFB VM_FAULT's enables and INDEX (no fault is reported there)
 * @pgd: page directory offset in a channel structure
 * @medium: 16 KiB pages exist (GT215+)
 */
struct nvkm_sim_vm {
	u8 **vram[SIM_VRAM_DIRS];
	void *spare[SIM_VRAM_SPARE];
	unsigned int nr_spare;
	struct work_struct *refill;
	u64 lost;
	u32 window;
	u32 flush[16];
	u32 sysram_addr;
	u32 vm_fault;
	u32 pgd;
	bool medium;
};

static int
sim_sysram_copy(u64 addr, void *buf, u32 len, bool write)
{
	u64 at;
	u32 n;
	int pass;
	void *p;

	/* all or nothing: every page is proven first */
	for (pass = 0; pass < 2; pass++) {
		for (at = addr; at < addr + len; at += n) {
			struct page *page;

			n = min_t(u64, addr + len - at, PAGE_SIZE - offset_in_page(at));
			if (!pfn_valid(PHYS_PFN(at)))
				return -EFAULT;
			if (!pass)
				continue;
			page = pfn_to_page(PHYS_PFN(at));
			p = kmap_local_page(page);
			if (write)
				memcpy(p + offset_in_page(at), buf + (at - addr), n);
			else
				memcpy(buf + (at - addr), p + offset_in_page(at), n);
			kunmap_local(p);
		}
	}
	return 0;
}

/* The page of VRAM page number @pg, or NULL (reads as zero). */
static u8 *
sim_vram_page(struct nvkm_sim_vm *mem, u64 pg)
{
	u8 **dir = mem->vram[pg / SIM_VRAM_DIR_PAGES];

	return dir ? dir[pg % SIM_VRAM_DIR_PAGES] : NULL;
}

/* A zeroed page of the reserve, NULL if it is empty; sim->lock held. */
static void *
sim_vram_spare(struct nvkm_sim_vm *mem)
{
	if (mem->nr_spare <= SIM_VRAM_SPARE_LOW && mem->refill)
		queue_work(system_unbound_wq, mem->refill);
	return mem->nr_spare ? mem->spare[--mem->nr_spare] : NULL;
}

/* The page of VRAM page number @pg, taken if need be; NULL if it cannot be. */
static u8 *
sim_vram_page_get(struct nvkm_sim_vm *mem, u64 pg)
{
	u8 ***dir = &mem->vram[pg / SIM_VRAM_DIR_PAGES];
	u8 **page;

	if (!*dir) {
		*dir = sim_vram_spare(mem);
		if (!*dir)
			return NULL;
	}
	page = &(*dir)[pg % SIM_VRAM_DIR_PAGES];
	if (!*page)
		*page = sim_vram_spare(mem);
	return *page;
}

/**
 * nvkm_sim_mem_spare_add() - a zeroed page for the VRAM reserve
 * @mem: the memory; sim->lock held
 * @page: the page, from get_zeroed_page()
 *
 * Return: true when the reserve took it, false when it is full (the
 * caller frees it).
 */
bool
nvkm_sim_mem_spare_add(struct nvkm_sim_vm *mem, void *page)
{
	if (mem->nr_spare == SIM_VRAM_SPARE)
		return false;
	mem->spare[mem->nr_spare++] = page;
	return true;
}

/* Pages the VRAM reserve lacks (at most SIM_VRAM_SPARE); sim->lock held. */
unsigned int
nvkm_sim_mem_spare_wanted(const struct nvkm_sim_vm *mem)
{
	return SIM_VRAM_SPARE - mem->nr_spare;
}

/* VRAM writes dropped for want of a page; sim->lock held. */
u64
nvkm_sim_mem_lost(const struct nvkm_sim_vm *mem)
{
	return mem->lost;
}

/* VRAM bytes (in range); pages come on the first non-zero write. */
static void
sim_vram_copy(struct nvkm_sim_vm *mem, u64 addr, void *buf, u32 len, bool write)
{
	u8 *page;
	u32 n;

	for (; len; addr += n, buf += n, len -= n) {
		n = min_t(u64, len, PAGE_SIZE - offset_in_page(addr));
		page = sim_vram_page(mem, addr / PAGE_SIZE);
		if (!write) {
			if (page)
				memcpy(buf, page + offset_in_page(addr), n);
			else
				memset(buf, 0, n);
			continue;
		}
		if (!page) {
			if (!memchr_inv(buf, 0, n))
				continue;	/* zero on zero */
			page = sim_vram_page_get(mem, addr / PAGE_SIZE);
			if (!page) {
				mem->lost++;
				continue;
			}
		}
		memcpy(page + offset_in_page(addr), buf, n);
	}
}

/*
 * Copy @len bytes at linear address @addr of @target.  Return 0, or
 * -EFAULT when the target is invalid or the range is not memory.
 */
static int
sim_mem_copy(struct nvkm_sim_vm *mem, u32 target, u64 addr, void *buf, u32 len,
	     bool write)
{
	switch (target) {
	case SIM_NV50_MEM_TARGET_VRAM:
		addr &= U32_MAX;	/* VRAM linear addresses are 32-bit */
		if (addr >= NVKM_SIM_VRAM_SIZE || len > NVKM_SIM_VRAM_SIZE - addr)
			return -EFAULT;
		sim_vram_copy(mem, addr, buf, len, write);
		return 0;
	case SIM_NV50_MEM_TARGET_SYSRAM:
	case SIM_NV50_MEM_TARGET_SYSRAM_NOSNOOP:
		if (addr >= BIT_ULL(NVKM_SIM_VM_BITS) || len > BIT_ULL(NVKM_SIM_VM_BITS) - addr)
			return -EFAULT;
		return sim_sysram_copy(addr, buf, len, write);
	default:
		return -EFAULT;
	}
}

/* The range can be reached (same checks as the copy, nothing copied). */
static bool
sim_mem_ok(struct nvkm_sim_vm *mem, u32 target, u64 addr, u32 len)
{
	u64 at;

	switch (target) {
	case SIM_NV50_MEM_TARGET_VRAM:
		addr &= U32_MAX;
		return addr < NVKM_SIM_VRAM_SIZE && len <= NVKM_SIM_VRAM_SIZE - addr;
	case SIM_NV50_MEM_TARGET_SYSRAM:
	case SIM_NV50_MEM_TARGET_SYSRAM_NOSNOOP:
		for (at = addr & PAGE_MASK; at < addr + len; at += PAGE_SIZE) {
			if (!pfn_valid(PHYS_PFN(at)))
				return false;
		}
		return addr < BIT_ULL(NVKM_SIM_VM_BITS);
	default:
		return false;
	}
}

static int
sim_mem_rd64(struct nvkm_sim_vm *mem, u32 target, u64 addr, u32 w[2])
{
	return sim_mem_copy(mem, target, addr, w, 8, false);
}

/* Fill @x with a fault; return -EFAULT. */
static int
sim_fault(struct nvkm_sim_xlat *x, u32 fault)
{
	x->fault = fault;
	return -EFAULT;
}

/* The channel structure a descriptor names. */
static int
sim_chan(u32 chan, u32 *target, u64 *base)
{
	*target = FIELD_GET(SIM_NV50_CHAN_DESC_TARGET, chan);
	*base = (u64)FIELD_GET(SIM_NV50_CHAN_DESC_ADDR, chan) << 12;
	return *target == 1 ? -EFAULT : 0;	/* 1: invalid */
}

/**
 * nvkm_sim_mem_walk() - translate a virtual address through the page tables
 * @mem: the memory
 * @chan: channel descriptor
 * @va: virtual address (40 bits)
 * @write: the access writes
 * @x: where it lands, or the fault
 *
 * Return: 0 or -EFAULT (@x->fault says why).
 */
int
nvkm_sim_mem_walk(struct nvkm_sim_vm *mem, u32 chan, u64 va, bool write,
		  struct nvkm_sim_xlat *x)
{
	u32 ctarget, pde[2], pte[2], shift, type, pttarget;
	u64 cbase, pt, idx, entries, page;

	if (va >= BIT_ULL(NVKM_SIM_VM_BITS))
		return sim_fault(x, SIM_NV50_VM_FAULT_PT_NOT_PRESENT);
	if (sim_chan(chan, &ctarget, &cbase))
		return sim_fault(x, SIM_NV50_VM_FAULT_NO_CHANNEL);
	if (sim_mem_rd64(mem, ctarget, cbase + mem->pgd + (va >> SIM_NV50_PDE_SHIFT) * 8, pde))
		return sim_fault(x, SIM_NV50_VM_FAULT_NO_CHANNEL);

	type = FIELD_GET(SIM_NV50_PDE_TYPE, pde[0]);
	switch (type) {
	case SIM_NV50_PDE_TYPE_4K:
		shift = 12;
		/* a small-page table may cover only its first pages */
		entries = BIT_ULL(17) >> (FIELD_GET(SIM_NV50_PDE_SIZE, pde[0]) ?
					  FIELD_GET(SIM_NV50_PDE_SIZE, pde[0]) + 1 : 0);
		break;
	case SIM_NV50_PDE_TYPE_16K:
		if (!mem->medium)
			return sim_fault(x, SIM_NV50_VM_FAULT_PT_NOT_PRESENT);
		shift = 14;
		entries = BIT_ULL(15);
		break;
	case SIM_NV50_PDE_TYPE_64K:
		shift = 16;
		entries = BIT_ULL(13);
		break;
	default:
		return sim_fault(x, SIM_NV50_VM_FAULT_PT_NOT_PRESENT);
	}
	idx = (va & (BIT_ULL(SIM_NV50_PDE_SHIFT) - 1)) >> shift;
	if (idx >= entries)
		return sim_fault(x, SIM_NV50_VM_FAULT_PT_TOO_SHORT);
	pttarget = FIELD_GET(SIM_NV50_PDE_TARGET, pde[0]);
	pt = (pde[0] & SIM_NV50_PDE_ADDR_LO) | (u64)FIELD_GET(SIM_NV50_PDE_ADDR_HI, pde[1]) << 32;
	if (sim_mem_rd64(mem, pttarget, pt + idx * 8, pte))
		return sim_fault(x, SIM_NV50_VM_FAULT_PT_NOT_PRESENT);

	if (!(pte[0] & SIM_NV50_PTE_PRESENT))
		return sim_fault(x, SIM_NV50_VM_FAULT_PAGE_NOT_PRESENT);
	if (write && (pte[0] & SIM_NV50_PTE_READ_ONLY))
		return sim_fault(x, SIM_NV50_VM_FAULT_PAGE_READ_ONLY);
	page = (pte[0] & SIM_NV50_PTE_ADDR_LO) |
	       (u64)FIELD_GET(SIM_NV50_PTE_ADDR_HI, pte[1]) << 32;
	page &= ~(BIT_ULL(shift) - 1);
	x->target = FIELD_GET(SIM_NV50_PTE_TARGET, pte[0]);
	x->addr = page + (va & (BIT_ULL(shift) - 1));
	x->page = BIT(shift);
	return 0;
}

/**
 * nvkm_sim_mem_dmaobj() - read a DMA object
 * @mem: the memory
 * @chan: channel descriptor of the structure holding it
 * @sel: its selector
 * @dma: the decoded object
 *
 * Return: 0, or -EFAULT with @dma->fault set (selector 0, no channel).
 */
int
nvkm_sim_mem_dmaobj(struct nvkm_sim_vm *mem, u32 chan, u16 sel,
		    struct nvkm_sim_dmaobj *dma)
{
	struct nvkm_sim_xlat x = {};
	u32 target, w[6];
	u64 base;

	memset(dma, 0, sizeof(*dma));
	if (!sel)
		return sim_fault(&x, dma->fault = SIM_NV50_VM_FAULT_NULL_DMAOBJ);
	if (sim_chan(chan, &target, &base) ||
	    sim_mem_copy(mem, target, base + ((u64)sel << SIM_NV50_DMAOBJ_SHIFT), w, sizeof(w),
			 false))
		return sim_fault(&x, dma->fault = SIM_NV50_VM_FAULT_NO_CHANNEL);
	dma->class = FIELD_GET(SIM_NV50_DMAOBJ_FLAGS_CLASS, w[0]);
	dma->target = FIELD_GET(SIM_NV50_DMAOBJ_FLAGS_TARGET, w[0]);
	dma->access = FIELD_GET(SIM_NV50_DMAOBJ_FLAGS_ACCESS, w[0]);
	dma->limit = w[1] | (u64)FIELD_GET(SIM_NV50_DMAOBJ_EXTRA_LIMIT_HIGH, w[3]) << 32;
	dma->base = w[2] | (u64)FIELD_GET(SIM_NV50_DMAOBJ_EXTRA_START_HIGH, w[3]) << 32;
	return 0;
}

/*
 * A write's page walk through @tlb: a page it holds, or a walk whose
 * page, writable and all memory, it then keeps (faults are not kept: the
 * next access walks again).  *@known: the page is memory.
 */
static int
sim_tlb_walk(struct nvkm_sim_vm *mem, struct nvkm_sim_tlb *tlb, u32 chan, u64 va,
	     struct nvkm_sim_xlat *x, bool *known)
{
	struct nvkm_sim_tlb_entry *e;
	u64 page;
	int i, ret;

	for (i = 0; i < NVKM_SIM_TLB_ENTRIES; i++) {
		e = &tlb->e[i];
		if (e->valid && (va >> e->shift) == (e->va >> e->shift)) {
			x->target = e->target;
			x->addr = e->addr + (va & (BIT_ULL(e->shift) - 1));
			x->page = BIT(e->shift);
			tlb->hits++;
			*known = true;
			return 0;
		}
	}
	tlb->misses++;
	ret = nvkm_sim_mem_walk(mem, chan, va, true, x);
	if (ret)
		return ret;
	page = x->addr & ~((u64)x->page - 1);
	if (!sim_mem_ok(mem, x->target, page, x->page))
		return 0;	/* the access faults on its own */
	e = &tlb->e[tlb->next++ % NVKM_SIM_TLB_ENTRIES];
	e->valid = true;
	e->va = va & ~((u64)x->page - 1);
	e->shift = __ffs(x->page);
	e->target = x->target;
	e->addr = page;
	*known = true;
	return 0;
}

/*
 * Through DMA object @dma: its limit and access, then the page tables
 * (through @tlb, if any) or the linear target.  *@known: the translation
 * came from @tlb, whose pages are known to be memory.
 */
static int
sim_dma_xlat(struct nvkm_sim_vm *mem, struct nvkm_sim_tlb *tlb, u32 chan,
	     const struct nvkm_sim_dmaobj *dma, u64 offset, u32 len, bool write,
	     struct nvkm_sim_xlat *x, bool *known)
{
	u64 addr = dma->base + offset;

	*known = false;
	/*
	 * The limit word holds the last valid address (nouveau writes start +
	 * size - 1): every byte of the access must be at or below it.
	 */
	if (addr < dma->base || addr > dma->limit || len - 1 > dma->limit - addr)
		return sim_fault(x, SIM_NV50_VM_FAULT_DMAOBJ_LIMIT);
	if (write && dma->access == SIM_NV50_DMAOBJ_ACCESS_RO)
		return sim_fault(x, SIM_NV50_VM_FAULT_PAGE_READ_ONLY);
	if (dma->target == SIM_NV50_DMAOBJ_TARGET_VM) {
		if (tlb && write)
			return sim_tlb_walk(mem, tlb, chan, addr, x, known);
		return nvkm_sim_mem_walk(mem, chan, addr, write, x);
	}
	x->target = dma->target == SIM_NV50_DMAOBJ_TARGET_VRAM ? SIM_NV50_MEM_TARGET_VRAM :
		    dma->target;
	x->addr = addr;
	x->page = PAGE_SIZE;
	return 0;
}

/**
 * nvkm_sim_mem_dma() - translate an engine's access through a DMA object
 * @mem: the memory
 * @chan: channel descriptor bound
 * @sel: DMA object selector bound
 * @offset: the engine's (logical) address
 * @len: bytes accessed, within one page
 * @write: the access writes
 * @x: where it lands, or the fault
 *
 * Return: 0 or -EFAULT.
 */
int
nvkm_sim_mem_dma(struct nvkm_sim_vm *mem, u32 chan, u16 sel, u64 offset, u32 len,
		 bool write, struct nvkm_sim_xlat *x)
{
	struct nvkm_sim_dmaobj dma;
	bool known;

	if (nvkm_sim_mem_dmaobj(mem, chan, sel, &dma))
		return sim_fault(x, dma.fault);
	return sim_dma_xlat(mem, NULL, chan, &dma, offset, len, write, x, &known);
}

/**
 * nvkm_sim_tlb_flush() - empty a TLB
 * @tlb: the TLB
 *
 * What its engine does when its binding changes.
 */
void
nvkm_sim_tlb_flush(struct nvkm_sim_tlb *tlb)
{
	tlb->dma_valid = false;
	memset(tlb->e, 0, sizeof(tlb->e));
}

/* A flush of the TLB's engine since it was filled empties it. */
static void
sim_tlb_check(struct nvkm_sim_vm *mem, struct nvkm_sim_tlb *tlb)
{
	u32 n = nvkm_sim_mem_flushes(mem, tlb->engine);

	if (tlb->flushes != n) {
		nvkm_sim_tlb_flush(tlb);
		tlb->flushes = n;
	}
}

/* DMA object @sel of @chan, from @tlb or from memory (then kept). */
static int
sim_tlb_dmaobj(struct nvkm_sim_vm *mem, struct nvkm_sim_tlb *tlb, u32 chan, u16 sel,
	       struct nvkm_sim_dmaobj *dma)
{
	if (tlb->dma_valid && tlb->chan == chan && tlb->sel == sel) {
		*dma = tlb->dma;
		return 0;
	}
	nvkm_sim_tlb_flush(tlb);	/* its pages belong to another binding */
	if (nvkm_sim_mem_dmaobj(mem, chan, sel, dma))
		return -EFAULT;
	tlb->dma_valid = true;
	tlb->chan = chan;
	tlb->sel = sel;
	tlb->dma = *dma;
	return 0;
}

/*
 * An engine's access of @len bytes from @addr through DMA object @sel, or
 * through @given, a DMA object the engine decoded earlier, all or nothing:
 * the first pass translates and checks every piece, the second copies.
 * An access within one page is one piece: checked, it is copied at once.
 * Without @buf the access is only checked (a probe).
 */
static int
sim_vm_access(struct nvkm_sim_vm *vm, struct nvkm_sim_tlb *tlb, u32 chan, u16 sel,
	      const struct nvkm_sim_dmaobj *given, u64 addr, void *buf, u32 len, bool write)
{
	struct nvkm_sim_dmaobj dma;
	struct nvkm_sim_xlat x;
	bool known = false;
	u32 at, n;
	int pass, ret;

	if (!vm || !len)
		return -EFAULT;
	if (given) {
		dma = *given;
	} else {
		if (tlb) {
			sim_tlb_check(vm, tlb);
			ret = sim_tlb_dmaobj(vm, tlb, chan, sel, &dma);
		} else {
			ret = nvkm_sim_mem_dmaobj(vm, chan, sel, &dma);
		}
		if (ret)
			return ret;
	}
	for (pass = 0; pass < 2; pass++) {
		for (at = 0; at < len; at += n) {
			x = (struct nvkm_sim_xlat) {};
			ret = sim_dma_xlat(vm, tlb, chan, &dma, addr + at, len - at, write, &x,
					   &known);
			if (ret)
				return ret;
			n = min_t(u64, len - at, x.page - (x.addr & (x.page - 1)));
			if (!pass && !known && !sim_mem_ok(vm, x.target, x.addr, n))
				return -EFAULT;
			if (!buf)
				continue;	/* a probe: checked, nothing copied */
			if (pass || n == len)
				sim_mem_copy(vm, x.target, x.addr, buf + at, n, write);
			if (n == len)
				return 0;
		}
		if (!buf)
			return 0;
	}
	return 0;
}

/**
 * nvkm_sim_vm_write() - an engine writes through its bound DMA object
 * @vm: the memory, may be NULL (no VM: a fault)
 * @chan: channel descriptor bound
 * @sel: DMA object selector bound
 * @offset: the engine's address
 * @data: bytes to write
 * @len: their number
 *
 * Return: 0, or -EFAULT (VM fault); nothing is written then.
 */
int
nvkm_sim_vm_write(struct nvkm_sim_vm *vm, u32 chan, u32 sel, u64 offset,
		  const void *data, u32 len)
{
	return sim_vm_access(vm, NULL, chan, sel, NULL, offset, (void *)data, len, true);
}

/**
 * nvkm_sim_vm_write_tlb() - the same, through the engine's TLB
 * @vm: the memory, may be NULL (no VM: a fault)
 * @tlb: the engine's TLB (see struct nvkm_sim_tlb)
 * @chan: channel descriptor bound
 * @sel: DMA object selector bound
 * @offset: the engine's address
 * @data: bytes to write
 * @len: their number
 *
 * What @tlb holds is used without reading memory: the engine sees changes
 * of its DMA object or page tables after a TLB flush of its engine, or a
 * new binding, as hardware does.
 *
 * Return: 0, or -EFAULT (VM fault); nothing is written then.
 */
int
nvkm_sim_vm_write_tlb(struct nvkm_sim_vm *vm, struct nvkm_sim_tlb *tlb, u32 chan,
		      u32 sel, u64 offset, const void *data, u32 len)
{
	return sim_vm_access(vm, tlb, chan, sel, NULL, offset, (void *)data, len, true);
}

/**
 * nvkm_sim_vm_probe_tlb() - would a write through the engine's TLB go through
 * @vm: the memory, may be NULL (no VM: a fault)
 * @tlb: the engine's TLB (see struct nvkm_sim_tlb)
 * @chan: channel descriptor bound
 * @sel: DMA object selector bound
 * @offset: the engine's address
 * @len: bytes, 1 or more
 *
 * The checks of nvkm_sim_vm_write_tlb() for every byte, nothing written:
 * a write of any part of the range goes through if this returns 0 and
 * neither the memory, its mappings nor @tlb's binding change meanwhile.
 *
 * Return: 0, or -EFAULT (a write would fault).
 */
int
nvkm_sim_vm_probe_tlb(struct nvkm_sim_vm *vm, struct nvkm_sim_tlb *tlb, u32 chan,
		      u32 sel, u64 offset, u32 len)
{
	return sim_vm_access(vm, tlb, chan, sel, NULL, offset, NULL, len, true);
}

/**
 * nvkm_sim_vm_read() - an engine reads through a DMA object it holds
 * @vm: the memory, may be NULL
 * @chan: channel descriptor
 * @dma: the DMA object, as nvkm_sim_mem_dmaobj() decoded it
 * @offset: offset in it
 * @data: where the bytes go
 * @len: their number
 *
 * PFIFO's path in IB mode: IB entries and pushbuffers through the
 * channel's DMA_INSTANCE (fifo_dma-pusher.rst, READ_DMAOBJ_32 on
 * dma_pushbuffer), decoded when the channel was loaded.
 *
 * Return: 0, or -EFAULT (a fault); nothing is read then.
 */
int
nvkm_sim_vm_read(struct nvkm_sim_vm *vm, u32 chan, const struct nvkm_sim_dmaobj *dma,
		 u64 offset, void *data, u32 len)
{
	return sim_vm_access(vm, NULL, chan, 0, dma, offset, data, len, false);
}

/**
 * nvkm_sim_mem_copy() - bytes at a linear address
 * @mem: the memory
 * @x: a translation (target and address)
 * @buf: the bytes
 * @len: their number
 * @write: copy @buf there, rather than from there
 *
 * Return: 0 or -EFAULT.
 */
int
nvkm_sim_mem_copy(struct nvkm_sim_vm *mem, const struct nvkm_sim_xlat *x, void *buf,
		  u32 len, bool write)
{
	return sim_mem_copy(mem, x->target, x->addr, buf, len, write);
}

/**
 * nvkm_sim_mem_rd32() - a word of VRAM, as PFIFO reads its structures
 * @mem: the memory
 * @target: memory target
 * @addr: linear address
 *
 * Return: the word, 0 outside memory.
 */
u32
nvkm_sim_mem_rd32(struct nvkm_sim_vm *mem, u32 target, u64 addr)
{
	u32 data = 0;

	if (sim_mem_copy(mem, target, addr, &data, 4, false))
		return 0;
	return data;
}

/**
 * nvkm_sim_mem_wr32() - write a word of VRAM or system memory, as an engine
 * @mem: the memory
 * @target: SIM_NV50_MEM_TARGET_*
 * @addr: its address there
 * @data: the word (dropped outside memory)
 */
void
nvkm_sim_mem_wr32(struct nvkm_sim_vm *mem, u32 target, u64 addr, u32 data)
{
	sim_mem_copy(mem, target, addr, &data, 4, true);
}

static u64
sim_pramin(struct nvkm_sim_vm *mem, u32 addr)
{
	return ((u64)mem->window << SIM_NV50_PRAMIN_WINDOW_SHIFT) +
	       (addr - SIM_NV50_PRAMIN) / 4 * 4;
}

/* PFB's configuration (and PBUS's partition mask), as the driver probes it. */
static bool
sim_pfb_rd(struct nvkm_sim_vm *mem, u32 addr, u32 *data)
{
	switch (addr) {
	case NV50_PBUS_HWUNITS:
		*data = FIELD_PREP(NV50_PBUS_HWUNITS_PARTS, GENMASK(SIM_PFB_PARTS - 1, 0));
		return true;
	case NV50_PFB_CFG0:
		*data = 0;	/* rank A alone */
		return true;
	case NV50_PFB_CFG1:
		*data = FIELD_PREP(NV50_PFB_CFG1_COLBITS, SIM_PFB_COLBITS) |
			FIELD_PREP(NV50_PFB_CFG1_ROWBITSA, SIM_PFB_ROWBITS - 8) |
			FIELD_PREP(NV50_PFB_CFG1_BANKBITS, SIM_PFB_BANKBITS - 2);
		return true;
	case NV50_PFB_MEM_AMOUNT:
		*data = NVKM_SIM_VRAM_SIZE & NV50_PFB_MEM_AMOUNT_LOW;
		return true;
	case NV50_PFB_BANKCFG:
		*data = 0;	/* REORDER_SIMPLE */
		return true;
	case NV50_PFB_COMP_MAX_TAG:
		*data = 0;	/* no tag RAM: compression is not modelled */
		return true;
	case NV50_PFB_NISO_UNK08_SYSRAM_ADDR:
		*data = mem->sysram_addr;
		return true;
	case NV50_PFB_VM_FAULT:
		*data = mem->vm_fault;	/* never PENDING */
		return true;
	default:
		return false;
	}
}

static bool
sim_pfb_wr(struct nvkm_sim_vm *mem, u32 addr, u32 data)
{
	switch (addr) {
	case NV50_PBUS_HWUNITS:
	case NV50_PFB_CFG0:
	case NV50_PFB_CFG1:
	case NV50_PFB_MEM_AMOUNT:
	case NV50_PFB_BANKCFG:
	case NV50_PFB_COMP_MAX_TAG:
		return true;	/* the posted configuration stays */
	case NV50_PFB_NISO_UNK08_SYSRAM_ADDR:
		mem->sysram_addr = data;
		return true;
	case NV50_PFB_VM_FAULT:
		mem->vm_fault = data & NV50_PFB_VM_FAULT_CTRL;
		return true;
	default:
		return false;
	}
}

bool
nvkm_sim_mem_rd(struct nvkm_sim_vm *mem, u32 addr, u32 *data)
{
	if (addr >= SIM_NV50_PRAMIN && addr < SIM_NV50_PRAMIN + SIM_NV50_PRAMIN_SIZE) {
		*data = nvkm_sim_mem_rd32(mem, SIM_NV50_MEM_TARGET_VRAM, sim_pramin(mem, addr));
		return true;
	}
	switch (addr) {
	case SIM_NV50_PRAMIN_WINDOW:
		*data = mem->window;
		return true;
	case SIM_NV50_VM_TLB_FLUSH:
		*data = 0;	/* done at once: nothing is cached */
		return true;
	default:
		return sim_pfb_rd(mem, addr, data);
	}
}

bool
nvkm_sim_mem_wr(struct nvkm_sim_vm *mem, u32 addr, u32 data)
{
	u64 at;

	if (addr >= SIM_NV50_PRAMIN && addr < SIM_NV50_PRAMIN + SIM_NV50_PRAMIN_SIZE) {
		at = sim_pramin(mem, addr);
		/* beyond the card's VRAM: dropped */
		sim_mem_copy(mem, SIM_NV50_MEM_TARGET_VRAM, at, &data, 4, true);
		return true;
	}
	switch (addr) {
	case SIM_NV50_PRAMIN_WINDOW:
		mem->window = data & GENMASK(23, 0);	/* 40-bit VRAM address >> 16 */
		return true;
	case SIM_NV50_VM_TLB_FLUSH:
		if (data & SIM_NV50_VM_TLB_FLUSH_TRIGGER)
			mem->flush[FIELD_GET(SIM_NV50_VM_TLB_FLUSH_ENGINE, data)]++;
		return true;
	default:
		return sim_pfb_wr(mem, addr, data);
	}
}

/* TLB flushes requested for VM engine @engine. */
u32
nvkm_sim_mem_flushes(struct nvkm_sim_vm *mem, u32 engine)
{
	return mem->flush[engine & 15];
}

/**
 * nvkm_sim_mem_new() - the memory of a chip
 * @chip: the chip's description, NULL for a chipset not modelled
 * @refill: work that fills the VRAM reserve (nvkm_sim_mem_spare_add()),
 *	    queued when it runs low; the caller fills it first
 *
 * Return: the model, NULL outside the NV50 family, or an ERR_PTR().
 */
struct nvkm_sim_vm *
nvkm_sim_mem_new(const struct nvkm_sim_chip *chip, struct work_struct *refill)
{
	struct nvkm_sim_vm *mem;

	if (!chip || chip->nv50 == NV50_NONE)
		return NULL;
	mem = kzalloc(sizeof(*mem), GFP_KERNEL);
	if (!mem)
		return ERR_PTR(-ENOMEM);
	mem->pgd = chip->nv50 == NV50_G80 ? SIM_G80_CHAN_PGD : SIM_G84_CHAN_PGD;
	mem->medium = chip->nv50 >= NV50_GT215;
	mem->refill = refill;
	return mem;
}

void
nvkm_sim_mem_del(struct nvkm_sim_vm **pmem)
{
	struct nvkm_sim_vm *mem = *pmem;
	int d, i;

	if (!mem)
		return;
	for (d = 0; d < SIM_VRAM_DIRS; d++) {
		if (!mem->vram[d])
			continue;
		for (i = 0; i < SIM_VRAM_DIR_PAGES; i++)
			free_page((unsigned long)mem->vram[d][i]);
		free_page((unsigned long)mem->vram[d]);
	}
	while (mem->nr_spare)
		free_page((unsigned long)mem->spare[--mem->nr_spare]);
	kfree(mem);
	*pmem = NULL;
}
