/* SPDX-License-Identifier: MIT */
/*
 * nvpm: NVIDIA PCOUNTER / PDAEMON performance counters, userspace interface.
 *
 * Conventions shared by every ioctl:
 *  - each argument struct starts with a @size field that userspace sets to
 *    sizeof() the struct it was built against; the kernel refuses sizes it
 *    does not know with -EINVAL, which is how the structs grow;
 *  - fields named pad or reserved must be zero on input (-EINVAL otherwise)
 *    and are left zero on output;
 *  - pointers to userspace memory travel as __u64.
 */
#ifndef _UAPI_NVPM_DRM_H_
#define _UAPI_NVPM_DRM_H_

#include <linux/const.h>
#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* Bumped whenever an ioctl, a field or a capability is added. */
#define NVPM_UAPI_VERSION		1

/* Card types (the GPU architecture a chipset belongs to). */
#define NVPM_CARD_NV10			0x10
#define NVPM_CARD_NV20			0x20
#define NVPM_CARD_NV30			0x30
#define NVPM_CARD_NV40			0x40
#define NVPM_CARD_NV50			0x50
#define NVPM_CARD_NVC0			0xc0
#define NVPM_CARD_NVE0			0xe0

/* drm_nvpm_get_info.flags */
#define NVPM_INFO_SIMULATED		_BITUL(0)

/*
 * drm_nvpm_get_info.hw_caps: what the PCOUNTER hardware of this chipset
 * offers, as the reference documents list it per generation.
 */
#define NVPM_HW_CAP_CTR_PERIOD		_BITULL(0)  /* EVENT_CTR_PERIOD, NV15+ */
#define NVPM_HW_CAP_COUNTER_40BIT	_BITULL(1)  /* NV10:NV30 */
#define NVPM_HW_CAP_QUAD		_BITULL(2)  /* quad event mode, NV30+ */
#define NVPM_HW_CAP_COUNTER_MODES	_BITULL(3)  /* B4/B6 modes, NV40+ */
#define NVPM_HW_CAP_RECORD		_BITULL(4)  /* record mode, G84+ */
#define NVPM_HW_CAP_SPEC_SRC		_BITULL(5)  /* selectable SWAP, G84+ */
#define NVPM_HW_CAP_PERIODIC		_BITULL(6)  /* PERIODIC signal, G84+ */
#define NVPM_HW_CAP_DELAY_REPLACE	_BITULL(7)  /* G92+ */
#define NVPM_HW_CAP_RECORD_ADDR_HIGH	_BITULL(8)  /* G92+ */
#define NVPM_HW_CAP_USER_TRIGGER	_BITULL(9)  /* USER signals, GT215+ */
#define NVPM_HW_CAP_DOMAIN_SETS		_BITULL(10) /* hub/GPC/part, GF100+ */

/**
 * struct drm_nvpm_get_info - describe the device behind this file
 *
 * Argument of %DRM_IOCTL_NVPM_GET_INFO.
 */
struct drm_nvpm_get_info {
	/** @size: in: sizeof(struct drm_nvpm_get_info). */
	__u32 size;
	/** @flags: out: NVPM_INFO_* bits. */
	__u32 flags;
	/** @version: out: NVPM_UAPI_VERSION of the kernel. */
	__u32 version;
	/** @chipset: out: chipset number, e.g. 0x84 for G84. */
	__u32 chipset;
	/** @card_type: out: NVPM_CARD_* architecture of the chipset. */
	__u32 card_type;
	/** @boot0: out: raw PMC_BOOT_0 the chipset was identified from. */
	__u32 boot0;
	/** @hw_caps: out: NVPM_HW_CAP_* bits of this chipset. */
	__u64 hw_caps;
	/** @name: out: NUL-terminated chipset name, e.g. "G84". */
	char name[16];
	/** @reserved: must be zero; later versions return more here. */
	__u64 reserved;
};

#define DRM_NVPM_GET_INFO		0x00

#define DRM_IOCTL_NVPM_GET_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_NVPM_GET_INFO, struct drm_nvpm_get_info)

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_NVPM_DRM_H_ */
