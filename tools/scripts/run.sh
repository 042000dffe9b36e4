#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: build nvpm.ko against Debian's 6.1 headers, boot the matching
# Debian kernel in QEMU, load drm + nvpm on a simulated G84 and run the
# nvpm tool there.  What it writes (CSV, SVG, trace JSON) comes back over
# the guest's second serial port, ttyS1, as a base64 tar, and is unpacked
# into $NVPM_OUT/results.
set -euo pipefail
. "$(dirname "$0")/common.sh"

results=$NVPM_OUT/results
wire=$NVPM_OUT/results.b64
rm -rf "$results" "$wire"
mkdir -p "$results"
export NVPM_QEMU_ARGS="-serial file:$wire"

nvpm_debian_guest run "$NVPM_ROOT/tools/scripts/guest-run.sh" "== nvpm info ==" ""

base64 -d -i <"$wire" | tar -xz -C "$results" ||
	nvpm_die "no results came back from the guest ($wire)"
echo
echo "== results on the host =="
find "$results" -type f | sort
