#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build nvpm.ko and nvpm_sim.ko out of tree against Debian's 6.1 headers,
# W=1 (KERNEL=6.12: against Debian 12's 6.12 headers).
set -euo pipefail
. "$(dirname "$0")/common.sh"

if [ "${KERNEL:-6.1}" = 6.12 ]; then kver=$(nvpm_debian_kver612); else kver=$(nvpm_debian_kver); fi
nvpm_build_module "/usr/src/linux-headers-$kver" "debian-$kver"
