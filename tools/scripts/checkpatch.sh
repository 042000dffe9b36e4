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
exit $status
