#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# checkpatch --strict over every C source and header of the project.  The
# userspace programs call libdrm (CamelCase) and have no kernel macros.
set -euo pipefail
. "$(dirname "$0")/common.sh"

src=$(nvpm_linux_src)
cd "$NVPM_ROOT"
cp=("perl" "$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types -f)
status=0
git ls-files '*.c' '*.h' | grep -vE '^(tools|tests/selftests|nouveau)/' | xargs "${cp[@]}" || status=1
# nouveau's NVIF protocol answers a wrong version or size with -ENOSYS.
git ls-files 'nouveau/*.c' | xargs "${cp[@]}" --ignore ENOSYS || status=1
git ls-files 'tools/*.c' 'tools/*.h' 'tests/selftests/*.c' | xargs "${cp[@]}" \
	--ignore CAMELCASE,PREFER_DEFINED_ATTRIBUTE_MACRO,MACRO_ARG_REUSE || status=1
# The simulator is written from the reference, apart from the driver: it
# includes the kernel's headers, the register maps, its own headers and the
# hook it is reached through, never a driver header.
bad=$(git ls-files 'sim/*' 'include/nvkm/hw/*' |
	xargs grep -HnE '^#include' |
	grep -vE '#include (<linux/[^>]*>|<nvkm/hw/[^>]*>|<sim/[^>]*>|<nvkm/core/mmio\.h>|<nvpm_host\.h>|"[a-z0-9_]*\.h")' || true)
if [ -n "$bad" ]; then
	echo "$bad" | sed 's/$/: the simulator includes a driver header/'
	status=1
fi
# Its FIFO and VM models decode with definitions of their own
# (sim/nv50_hw.h), not the driver's.
bad=$(git ls-files 'sim/*' | xargs grep -HnE '^#include <nvkm/hw/(fifo|vm)\.h>' || true)
if [ -n "$bad" ]; then
	echo "$bad" | sed 's/$/: the simulator decodes PFIFO and VM with sim\/nv50_hw.h/'
	status=1
fi
exit $status
