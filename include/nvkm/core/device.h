/* SPDX-License-Identifier: MIT */
#ifndef __NVKM_DEVICE_H__
#define __NVKM_DEVICE_H__
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <nvkm/core/mmio.h>
#include <nvkm/hw/pmc.h>
#include <uapi/drm/nvpm_class.h>

struct nvkm_device;
struct nvkm_fifo;
struct nvkm_instmem;
struct nvkm_pm;
struct nvkm_pm_chip_desc;
struct nvkm_pmu;

enum nv_card_type {
	NV_10 = NVPM_CARD_NV10,
	NV_20 = NVPM_CARD_NV20,
	NV_30 = NVPM_CARD_NV30,
	NV_40 = NVPM_CARD_NV40,
	NV_50 = NVPM_CARD_NV50,
	NV_C0 = NVPM_CARD_NVC0,
	NV_E0 = NVPM_CARD_NVE0,
};

/**
 * struct nvkm_host - what a device is built from
 * @pri: mapped BAR0 (a GPU nvpm owns), or NULL to use @mmio
 * @mmio: register accessors when @pri is NULL (a simulated GPU, a host's)
 * @priv: argument of the @mmio accessors
 * @lends: NVKM_HOST_* services the host lends besides the registers
 */
struct nvkm_host {
	void __iomem *pri;
	const struct nvkm_mmio_func *mmio;
	void *priv;
	u32 lends;
};

/**
 * struct nvkm_device_chip - one row of the chipset table
 * @chipset: PMC_BOOT_0 chipset id
 * @name: marketing-neutral chip name ("G84")
 * @card_type: architecture the chipset belongs to
 * @pm: constructor of the chipset's perfmon engine
 * @pm_cat: its PCOUNTER domains and named signals; GF100+ find their
 *	    domains on the chip, and this names a GPC's signals, or is NULL
 * @pmu: constructor of its PDAEMON idle counters (GT215+), or NULL
 */
struct nvkm_device_chip {
	u16 chipset;
	const char *name;
	enum nv_card_type card_type;
	int (*pm)(struct nvkm_device *device, struct nvkm_pm **ppm);
	const struct nvkm_pm_chip_desc *pm_cat;
	int (*pmu)(struct nvkm_device *device, struct nvkm_pmu **ppmu);
};

/**
 * struct nvkm_device - one GPU, real or simulated
 * @dev: the struct device it was probed from (for messages)
 * @pri: mapped BAR0 on real hardware, NULL otherwise
 * @mmio: MMIO hooks when @pri is NULL
 * @mmio_priv: argument of the @mmio hooks
 * @lends: NVKM_HOST_* services its host lends
 * @chip: the chipset table row the device was identified as
 * @boot0: PMC_BOOT_0 as read at identification
 * @chipset: shortcut to @chip->chipset
 * @card_type: shortcut to @chip->card_type
 * @name: shortcut to @chip->name
 * @mutex: serialises init/fini against users of the subdevs
 * @subdevs: constructed subdevs, in init order
 * @initialised: init has run and fini has not
 * @pm: the perfmon engine
 * @pmu: the PDAEMON idle counters, NULL before GT215
 * @fifo: the FIFO engine (channels, software methods), NULL unless the
 *	  host lends everything it needs (NVKM_HOST_FIFO)
 * @imem: instance memory (NV50 family with a FIFO), or NULL
 */
struct nvkm_device {
	struct device *dev;
	void __iomem *pri;
	const struct nvkm_mmio_func *mmio;
	void *mmio_priv;
	u32 lends;

	const struct nvkm_device_chip *chip;
	u32 boot0;
	u16 chipset;
	enum nv_card_type card_type;
	const char *name;

	struct mutex mutex;	/* init/fini state */
	struct list_head subdevs;
	bool initialised;

	struct nvkm_pm *pm;
	struct nvkm_pmu *pmu;
	struct nvkm_fifo *fifo;
	struct nvkm_instmem *imem;
};

static inline u32
nvkm_rd32(struct nvkm_device *device, u32 addr)
{
	if (likely(device->pri))
		return ioread32(device->pri + addr);
	return device->mmio->rd32(device->mmio_priv, addr);
}

static inline void
nvkm_wr32(struct nvkm_device *device, u32 addr, u32 data)
{
	if (likely(device->pri))
		iowrite32(data, device->pri + addr);
	else
		device->mmio->wr32(device->mmio_priv, addr, data);
}

static inline u32
nvkm_mask(struct nvkm_device *device, u32 addr, u32 mask, u32 data)
{
	u32 temp = nvkm_rd32(device, addr);

	nvkm_wr32(device, addr, (temp & ~mask) | data);
	return temp;
}

extern const struct nvkm_device_chip nvkm_device_chips[];
extern const unsigned int nvkm_device_nr_chips;

const struct nvkm_device_chip *nvkm_device_chip_find(u32 chipset);
const struct nvkm_device_chip *nvkm_device_chip_find_name(const char *name);
const char *nvkm_device_chip_no_pcounter(u32 chipset);
int nvkm_device_identify(u32 boot0, const struct nvkm_device_chip **pchip);

int nvkm_device_new(struct device *dev, const struct nvkm_host *host,
		    struct nvkm_device **pdevice);
void nvkm_device_del(struct nvkm_device **pdevice);
int nvkm_device_init(struct nvkm_device *device);
int nvkm_device_fini(struct nvkm_device *device, bool suspend);
bool nvkm_device_intr(struct nvkm_device *device);
u64 nvkm_device_ptimer(struct nvkm_device *device);

#define nvdev_printk(d, l, f, a...) do {					\
	struct nvkm_device *_device = (d);					\
	dev_##l(_device->dev, "%s: " f, _device->name ?: "nvkm", ##a);	\
} while (0)
#define nvdev_error(d, f, a...) nvdev_printk((d), err, f, ##a)
#define nvdev_warn(d, f, a...)  nvdev_printk((d), warn, f, ##a)
#define nvdev_info(d, f, a...)  nvdev_printk((d), info, f, ##a)
#define nvdev_dbg(d, f, a...)   nvdev_printk((d), dbg, f, ##a)

#endif
