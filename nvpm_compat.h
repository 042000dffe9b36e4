/* SPDX-License-Identifier: MIT */
/*
 * What differs between the kernels nvpm builds for (Debian's 6.1 and
 * 6.12), in one place.  Kbuild finds out what the kernel has
 * (NVPM_HAVE_*), from its headers rather than its version: distributions
 * backport.
 */
#ifndef __NVPM_COMPAT_H__
#define __NVPM_COMPAT_H__
#include <linux/mm.h>

/* vm_flags became read-only in 6.3: its setters came with the change. */
static inline void
nvpm_vm_flags_set(struct vm_area_struct *vma, vm_flags_t flags)
{
#ifdef NVPM_HAVE_VM_FLAGS_SET
	vm_flags_set(vma, flags);
#else
	vma->vm_flags |= flags;
#endif
}

#endif
