// SPDX-License-Identifier: MIT
/*
 * Real NVIDIA GPUs on PCI.  nouveau normally owns them, so nvpm only
 * registers its PCI driver when loaded with pci=1, and has no device table
 * for udev to autoload it by: the user unbinds nouveau and binds nvpm.
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>
#include <linux/pci.h>
#include "nvpm_drv.h"

static bool nvpm_pci_param;
module_param_named(pci, nvpm_pci_param, bool, 0444);
MODULE_PARM_DESC(pci, "Drive real NVIDIA GPUs that no other driver has bound (default: no)");

#define NVPM_PCI_BAR0	0

#define NVPM_PCI_CLASS(c) \
	.vendor = PCI_VENDOR_ID_NVIDIA, .device = PCI_ANY_ID, \
	.subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID, \
	.class = (c) << 8, .class_mask = 0xffff00

static const struct pci_device_id nvpm_pci_ids[] = {
	{ NVPM_PCI_CLASS(PCI_CLASS_DISPLAY_VGA) },
	{ NVPM_PCI_CLASS(PCI_CLASS_DISPLAY_3D) },
	{ }
};

static int
nvpm_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct nvpm_drm *nvpm;
	void __iomem *pri;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;

	/* BAR0 holds every MMIO register nvpm touches; nothing else is used. */
	ret = pcim_iomap_regions(pdev, BIT(NVPM_PCI_BAR0), "nvpm");
	if (ret)
		return ret;
	pri = pcim_iomap_table(pdev)[NVPM_PCI_BAR0];

	/* a bus master with NVPM_DMA_BITS addresses */
	pci_set_master(pdev);
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(NVPM_DMA_BITS));
	if (ret)
		return ret;

	nvpm = nvpm_drm_alloc(&pdev->dev);
	if (IS_ERR(nvpm))
		return PTR_ERR(nvpm);

	/*
	 * No interrupt line is requested for a PCI GPU yet: it lends its
	 * memory (record mode), not the interrupt path channels need.
	 */
	ret = nvpm_drm_init(nvpm, &(struct nvkm_host) {
		.pri = pri, .lends = NVKM_HOST_ALL,
	});
	if (ret)
		return ret;

	pci_set_drvdata(pdev, nvpm);
	return 0;
}

static void
nvpm_pci_remove(struct pci_dev *pdev)
{
	nvpm_drm_remove(pci_get_drvdata(pdev));
}

static struct pci_driver nvpm_pci_driver = {
	.name = "nvpm",
	.id_table = nvpm_pci_ids,
	.probe = nvpm_pci_probe,
	.remove = nvpm_pci_remove,
};

int
nvpm_pci_register(void)
{
	return nvpm_pci_param ? pci_register_driver(&nvpm_pci_driver) : 0;
}

void
nvpm_pci_unregister(void)
{
	if (nvpm_pci_param)
		pci_unregister_driver(&nvpm_pci_driver);
}
