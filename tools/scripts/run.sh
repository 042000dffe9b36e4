#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: build nvpm.ko against Debian's 6.1 headers, boot the matching
# Debian kernel in QEMU, load drm + nvpm on a simulated G84 and run the
# nvpm tool there.
set -euo pipefail
. "$(dirname "$0")/common.sh"

nvpm_debian_guest run "$NVPM_ROOT/tools/scripts/guest-run.sh" "== nvpm info ==" ""
