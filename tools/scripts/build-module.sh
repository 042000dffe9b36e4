#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build nvpm.ko and nvpm_sim.ko out of tree against Debian's 6.1 headers,
# W=1 (KERNEL=6.12: against Debian 12's 6.12 headers).
set -euo pipefail
. "$(dirname "$0")/common.sh"

kver=$(nvpm_kernel_kver)
nvpm_build_module "/usr/src/linux-headers-$kver" "debian-$kver"
