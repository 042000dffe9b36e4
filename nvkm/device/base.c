// SPDX-License-Identifier: MIT
/*
 * nvkm devices: identification from PMC_BOOT_0, construction of the
 * subdevs the chipset table names, init/fini in order.
 */
#include <linux/atomic.h>
#include <linux/slab.h>
#include <nvkm/engine/fifo.h>
#include <nvkm/subdev/instmem.h>
#include <nvkm/engine/pm.h>
#include <nvkm/subdev/pmu.h>
#include <nvkm/hw/fifo.h>
#include <nvkm/subdev/mmu.h>

static atomic_t nvkm_device_count = ATOMIC_INIT(0);

/* Live devices in the whole module: a leak check for tests and unload. */
int
nvkm_device_live(void)
{
	return atomic_read(&nvkm_device_count);
}

/**
 * nvkm_device_identify() - find the chipset table row for a PMC_BOOT_0 value
 * @boot0: value read from PMC_BOOT_0
 * @pchip: the row, on success
 *
 * Return: 0, -ENODEV when the register reads as all ones (no device
 * behind the BAR), or -ENOTSUPP for NV04/NV05 and unknown chipsets.
 */
int
nvkm_device_identify(u32 boot0, const struct nvkm_device_chip **pchip)
{
	u32 chipset;

	*pchip = NULL;
	if (boot0 == 0xffffffff)
		return -ENODEV;
	/* NV04/NV05 keep the architecture field at zero; no PCOUNTER there. */
	if (!(boot0 & NV_PMC_BOOT_0_ARCH_MASK))
		return -ENOTSUPP;

	chipset = (boot0 >> NV_PMC_BOOT_0_CHIPSET_SHIFT) &
		  NV_PMC_BOOT_0_CHIPSET_MASK;
	*pchip = nvkm_device_chip_find(chipset);
	return *pchip ? 0 : -ENOTSUPP;
}

static void
nvkm_device_explain_refusal(struct device *dev, u32 boot0)
{
	u32 chipset = (boot0 >> NV_PMC_BOOT_0_CHIPSET_SHIFT) &
		      NV_PMC_BOOT_0_CHIPSET_MASK;
	const char *nopc = nvkm_device_chip_no_pcounter(chipset);

	if (boot0 == 0xffffffff)
		dev_err(dev, "PMC_BOOT_0 reads 0xffffffff: no GPU behind BAR0\n");
	else if (!(boot0 & NV_PMC_BOOT_0_ARCH_MASK))
		dev_err(dev, "PMC_BOOT_0 %08x: NV04/NV05 have no PCOUNTER, not supported\n",
			boot0);
	else if (nopc)
		dev_err(dev, "chipset %s (0x%03x) has no PCOUNTER, not supported\n",
			nopc, chipset);
	else
		dev_err(dev, "unknown chipset 0x%03x (PMC_BOOT_0 %08x), not supported\n",
			chipset, boot0);
}

static void
nvkm_device_free_subdevs(struct nvkm_device *device)
{
	struct nvkm_subdev *subdev, *tmp;

	device->pm = NULL;
	device->pmu = NULL;
	device->fifo = NULL;
	list_for_each_entry_safe_reverse(subdev, tmp, &device->subdevs, head)
		nvkm_subdev_del(&subdev);
	/* last: the FIFO gives its structures back when it goes */
	nvkm_instmem_del(&device->imem);
}

/*
 * nvpm's own FIFO on the NV50 family: channels live in address spaces nvkm
 * builds, their structures in instance memory, and the FIFO's interrupts
 * carry the software methods.  Built only when the host lends all of it; a
 * host that owns the GPU's FIFO (nouveau) keeps it to itself.
 */
static int
nvkm_device_new_fifo(struct nvkm_device *device)
{
	int ret;

	if (device->card_type != NV_50 ||
	    (device->lends & NVKM_HOST_FIFO) != NVKM_HOST_FIFO)
		return 0;

	ret = nv50_instmem_new(device, &device->imem);
	if (ret)
		return ret;
	/* the channel structures: the original G80's or G84's */
	if (device->chipset == 0x50)
		return nv50_fifo_new(device, &device->fifo);
	return g84_fifo_new(device, &device->fifo);
}

/**
 * nvkm_device_new() - identify a GPU and construct its subdevs
 * @dev: device for messages
 * @host: its registers and what else its host lends; only read here
 * @pdevice: the new device
 *
 * The perfmon engine (and, GT215 on, the idle counters) is always built;
 * instance memory and the FIFO only when @host lends what they need.
 *
 * Return: 0, or a negative errno; unknown chipsets are refused with
 * -ENOTSUPP after a message that names what was found.
 */
int
nvkm_device_new(struct device *dev, const struct nvkm_host *host,
		struct nvkm_device **pdevice)
{
	struct nvkm_device *device;
	int ret;

	*pdevice = NULL;
	if (WARN_ON(!host || (!host->pri && (!host->mmio || !host->mmio->rd32 ||
					     !host->mmio->wr32))))
		return -EINVAL;

	device = kzalloc(sizeof(*device), GFP_KERNEL);
	if (!device)
		return -ENOMEM;
	device->dev = dev;
	device->pri = host->pri;
	device->mmio = host->mmio;
	device->mmio_priv = host->priv;
	device->lends = host->lends;
	mutex_init(&device->mutex);
	INIT_LIST_HEAD(&device->subdevs);
	atomic_inc(&nvkm_device_count);

	device->boot0 = nvkm_rd32(device, NV_PMC_BOOT_0);
	ret = nvkm_device_identify(device->boot0, &device->chip);
	if (ret) {
		nvkm_device_explain_refusal(dev, device->boot0);
		goto fail;
	}
	device->chipset = device->chip->chipset;
	device->card_type = device->chip->card_type;
	device->name = device->chip->name;

	/* before the engine: the idle counter domain is made from it */
	if (device->chip->pmu) {
		ret = device->chip->pmu(device, &device->pmu);
		if (ret)
			goto fail;
	}
	ret = device->chip->pm(device, &device->pm);
	if (ret)
		goto fail;

	ret = nvkm_device_new_fifo(device);
	if (ret)
		goto fail;

	*pdevice = device;
	return 0;

fail:
	nvkm_device_del(&device);
	return ret;
}

/**
 * nvkm_device_del() - destroy a device built by nvkm_device_new()
 * @pdevice: the device; set to NULL
 *
 * The device must have been finalised with nvkm_device_fini() if it was
 * initialised.
 */
void
nvkm_device_del(struct nvkm_device **pdevice)
{
	struct nvkm_device *device = *pdevice;

	if (!device)
		return;
	WARN_ON(device->initialised);
	nvkm_device_free_subdevs(device);
	mutex_destroy(&device->mutex);
	atomic_dec(&nvkm_device_count);
	kfree(device);
	*pdevice = NULL;
}

/**
 * nvkm_device_init() - bring up every subdev, in construction order
 * @device: the device
 *
 * On failure the subdevs already brought up are shut down again.
 *
 * Return: 0 or a negative errno.
 */
int
nvkm_device_init(struct nvkm_device *device)
{
	struct nvkm_subdev *subdev;
	int ret = 0;

	mutex_lock(&device->mutex);
	if (device->initialised)
		goto out;

	list_for_each_entry(subdev, &device->subdevs, head) {
		ret = nvkm_subdev_init(subdev);
		if (ret)
			goto unwind;
	}
	device->initialised = true;
	goto out;

unwind:
	list_for_each_entry_continue_reverse(subdev, &device->subdevs, head)
		nvkm_subdev_fini(subdev, false);
out:
	mutex_unlock(&device->mutex);
	return ret;
}

/**
 * nvkm_device_ptimer() - the GPU's time
 * @device: the device
 *
 * PTIMER's nanoseconds: TIME_1, TIME_0, and TIME_1 again, as long as the
 * high word changed under the low one (bus_ptimer.rst, "Reading the
 * clock"), three times at most.  Reads only: callable in any context.
 *
 * Return: the time in ns.
 */
u64
nvkm_device_ptimer(struct nvkm_device *device)
{
	u32 hi, lo, again = nvkm_rd32(device, NV_PTIMER_TIME_1);
	int tries = 3;

	do {
		hi = again;
		lo = nvkm_rd32(device, NV_PTIMER_TIME_0);
		again = nvkm_rd32(device, NV_PTIMER_TIME_1);
	} while (hi != again && --tries);
	return (u64)hi << 32 | lo;
}

/**
 * nvkm_device_intr() - handle the device's interrupts
 * @device: the device
 *
 * Context: the interrupt handler of the device's interrupt line.
 * Return: whether the device had an interrupt pending.
 */
bool
nvkm_device_intr(struct nvkm_device *device)
{
	bool handled = false;
	u32 stat;

	if (!(device->lends & NVKM_HOST_INTR))
		return false;	/* the host's line, the host's interrupts */
	stat = nvkm_rd32(device, NV_PMC_INTR_0);
	if ((stat & NV_PMC_INTR_0_PFIFO) && device->fifo)
		handled = nvkm_fifo_intr(device->fifo);
	return handled;
}

/**
 * nvkm_device_fini() - shut down every subdev, in reverse order
 * @device: the device
 * @suspend: true when the device is suspended rather than removed
 *
 * On suspend a failing subdev aborts the suspend and the ones already
 * stopped are restarted; on removal every subdev is stopped regardless.
 *
 * Return: 0 or a negative errno.
 */
int
nvkm_device_fini(struct nvkm_device *device, bool suspend)
{
	struct nvkm_subdev *subdev;
	int ret = 0;

	mutex_lock(&device->mutex);
	if (!device->initialised)
		goto out;

	list_for_each_entry_reverse(subdev, &device->subdevs, head) {
		ret = nvkm_subdev_fini(subdev, suspend);
		if (ret && suspend)
			goto unwind;
	}
	device->initialised = false;
	ret = 0;
	goto out;

unwind:
	list_for_each_entry_continue(subdev, &device->subdevs, head)
		nvkm_subdev_init(subdev);
out:
	mutex_unlock(&device->mutex);
	return ret;
}
