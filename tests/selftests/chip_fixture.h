/* SPDX-License-Identifier: MIT */
/*
 * The fixture of the tests per --expect device, shared by the selftest
 * programs that have them: one variant per device, named after its chip
 * (chip_variants() adds them before the harness runs).
 */
#ifndef __NVPM_CHIP_FIXTURE_H__
#define __NVPM_CHIP_FIXTURE_H__
#include "harness.h"

FIXTURE(chip) {
	struct nodes n;
};

FIXTURE_VARIANT(chip) {
	struct chip_variant v;
};

FIXTURE_SETUP(chip)
{
	/* without --expect the harness runs the tests once, variant-less */
	if (!variant)
		SETUP_SKIP("no --expect device");
	NODES_SETUP(&self->n);
}

FIXTURE_TEARDOWN(chip)
{
	NODES_TEARDOWN(&self->n);
}

#endif /* __NVPM_CHIP_FIXTURE_H__ */
