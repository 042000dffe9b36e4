#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build nvpm.ko out of tree against Debian's 6.1 headers, W=1.
set -euo pipefail
. "$(dirname "$0")/common.sh"

kver=$(nvpm_debian_kver)
nvpm_build_module "/usr/src/linux-headers-$kver" "debian-$kver"
