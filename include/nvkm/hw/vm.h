/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_HW_VM_H__
#define __NVKM_HW_VM_H__
/*
 * G80:GF100 memory: the PRAMIN window on VRAM, channel structures, DMA
 * objects, page directory and page tables, TLB flushes.  Names and layouts
 * from envytools (memory_g80-vm.rst, rnndb_memory_g80_vm.xml,
 * rnndb_fifo_g80_pfifo.xml, rnndb_g80_defs.xml) and nouveau's
 * instmem/nv50.c and mmu/vmmnv50.c.
 */
#include <linux/bits.h>

/* PRAMIN: BAR0 0x700000 shows 1 MiB of VRAM from (0x001700 << 16) on. */
#define NV50_PRAMIN_WINDOW			0x001700
#define NV50_PRAMIN_WINDOW_SHIFT		16

/* Memory targets of channel descriptors, PDEs, PTEs (g80_mem_target). */
#define NV50_MEM_TARGET_VRAM			0
#define NV50_MEM_TARGET_SYSRAM			2
#define NV50_MEM_TARGET_SYSRAM_NOSNOOP		3

/* Channel descriptor: structure address >> 12 and its target. */
#define NV50_CHAN_DESC_ADDR			GENMASK(27, 0)
#define NV50_CHAN_DESC_TARGET			GENMASK(29, 28)
#define NV50_CHAN_ALIGN				0x1000

/* Fixed parts of a channel structure (memory_g80-vm.rst "Channels"). */
#define G80_CHAN_RAMFC				0x0000	/* 0x200 bytes */
#define G80_CHAN_PGD				0x1400
#define G84_CHAN_PGD				0x0200
#define NV50_CHAN_PGD_SIZE			0x4000	/* 0x800 PDEs */

/* G84+ channel table entry: RAMFC address >> 8 and its target. */
#define G84_PFIFO_CTX_TABLE_RAMFC		GENMASK(23, 0)
#define G84_PFIFO_CTX_TABLE_TARGET		GENMASK(25, 24)
#define G84_RAMFC_ALIGN				0x100
/* G84+ RAMFC: the channel structure's descriptor */
#define G84_RAMFC_CHAN_INST			0x98

/* DMA objects: 6 words at channel structure + selector << 4. */
#define NV50_DMAOBJ_SIZE			0x18
#define NV50_DMAOBJ_SHIFT			4
#define NV50_DMAOBJ_FLAGS			0x00
#define NV50_DMAOBJ_FLAGS_CLASS			GENMASK(15, 0)
#define NV50_DMAOBJ_FLAGS_TARGET		GENMASK(17, 16)
#define NV50_DMAOBJ_TARGET_VM			0
#define NV50_DMAOBJ_TARGET_VRAM			1
#define NV50_DMAOBJ_TARGET_SYSRAM		2
#define NV50_DMAOBJ_TARGET_SYSRAM_NOSNOOP	3
#define NV50_DMAOBJ_FLAGS_ACCESS		GENMASK(19, 18)
#define NV50_DMAOBJ_ACCESS_USEVM		0
#define NV50_DMAOBJ_ACCESS_RO			1
#define NV50_DMAOBJ_ACCESS_RW			2
#define NV50_DMAOBJ_LIMIT			0x04
#define NV50_DMAOBJ_START			0x08
#define NV50_DMAOBJ_EXTRA			0x0c
#define NV50_DMAOBJ_EXTRA_START_HIGH		GENMASK(7, 0)
#define NV50_DMAOBJ_EXTRA_LIMIT_HIGH		GENMASK(31, 24)
#define NV50_DMAOBJ_CLASS_RW			0x3d

/* Page directory entry (two words; word 1 holds address bits 39:32). */
#define NV50_PDE_TYPE				GENMASK(1, 0)
#define NV50_PDE_TYPE_NONE			0
#define NV50_PDE_TYPE_64K			1
#define NV50_PDE_TYPE_16K			2	/* GT215+ */
#define NV50_PDE_TYPE_4K			3
#define NV50_PDE_TARGET				GENMASK(3, 2)
#define NV50_PDE_SIZE				GENMASK(6, 5)	/* 4K pages only */
#define NV50_PDE_ADDR_LO			GENMASK(31, 12)
#define NV50_PDE_ADDR_HI			GENMASK(7, 0)
#define NV50_PDE_SHIFT				29	/* 512 MiB each */
#define NV50_PDES				0x800

/* Page table entry (two words; word 1 holds address bits 39:32). */
#define NV50_PTE_PRESENT			BIT(0)
#define NV50_PTE_READ_ONLY			BIT(3)
#define NV50_PTE_TARGET				GENMASK(5, 4)
#define NV50_PTE_ADDR_LO			GENMASK(31, 12)
#define NV50_PTE_ADDR_HI			GENMASK(7, 0)

/* TLB flush: write engine << 16 | TRIGGER, wait for TRIGGER to clear. */
#define NV50_VM_TLB_FLUSH			0x100c80
#define NV50_VM_TLB_FLUSH_TRIGGER		BIT(0)
#define NV50_VM_TLB_FLUSH_ENGINE		GENMASK(19, 16)
#define NV50_VM_ENGINE_PFIFO			0x5
#define NV50_VM_ENGINE_PCOUNTER			0xb

/* VM faults (G80_VM_FAULT) */
#define NV50_VM_FAULT_PT_NOT_PRESENT		0
#define NV50_VM_FAULT_PT_TOO_SHORT		1
#define NV50_VM_FAULT_PAGE_NOT_PRESENT		2
#define NV50_VM_FAULT_PAGE_READ_ONLY		4
#define NV50_VM_FAULT_NO_CHANNEL		5
#define NV50_VM_FAULT_NULL_DMAOBJ		6
#define NV50_VM_FAULT_VRAM_LIMIT		0xb
#define NV50_VM_FAULT_DMAOBJ_LIMIT		0xf

/* PFIFO playlist and cache control (nouveau fifo/nv50.c) */
#define NV50_PFIFO_CACHES			0x002500
#define NV50_PFIFO_CACHES_REASSIGN		BIT(0)
#define NV50_PFIFO_CACHES_PLAYLIST		BIT(8)	/* nouveau: 0x101 */
#define NV50_PFIFO_PLAYLIST_LEN			0x0032ec
#define NV50_PFIFO_PLAYLIST			0x0032f4
#define NV50_PFIFO_PLAYLIST_ADDR		GENMASK(27, 0)	/* >> 12 */
#define NV50_PFIFO_PLAYLIST_TARGET		GENMASK(29, 28)

#endif
