#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: build nvpm.ko against Debian's 6.1 headers, boot the matching
# Debian kernel in QEMU, load drm + nvpm on a simulated G84 and run the
# nvpm tool there.
set -euo pipefail
. "$(dirname "$0")/common.sh"

"$NVPM_ROOT/tools/scripts/deps.sh"
ko=$("$NVPM_ROOT/tools/scripts/build-module.sh")
make -s -C "$NVPM_ROOT/tools" O="$NVPM_OUT/tools" >&2
image=$("$NVPM_ROOT/tools/scripts/debian-kernel.sh")
kver=$(nvpm_debian_kver)
drm=$(find "$image/lib/modules/$kver" -name drm.ko)

initrd=$NVPM_OUT/run.cpio.gz
nvpm_initramfs "$initrd" "$NVPM_ROOT/tools/scripts/guest-run.sh" \
	"$drm" "$ko" "$NVPM_OUT/tools/nvpm"

nvpm_log "booting Debian $kver in QEMU (TCG)"
log=$NVPM_OUT/run.log
nvpm_qemu "$image/boot/vmlinuz-$kver" "$initrd" "loglevel=4" | tee "$log" |
	sed -n '/== nvpm info ==/,/NVPM-GUEST-EXIT/p' | grep -v NVPM-GUEST-EXIT
grep -q "NVPM-GUEST-EXIT 0" "$log" || { tail -n 30 "$log" >&2; nvpm_die "guest failed (log: $log)"; }
