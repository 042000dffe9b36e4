#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make bench: build nvpm.ko against Debian's 6.1 headers, boot the matching
# Debian kernel in QEMU (no KASAN or lockdep, unlike make test's kernel),
# load drm + nvpm on a simulated G84 and run `nvpm bench` there.  QEMU
# emulates the CPU (TCG): compare the ratios to DRM_IOCTL_VERSION, measured
# in the same run, rather than the nanoseconds.
#
#   NVPM_BENCH_ITERS=N   calls per round (default: nvpm bench's)
set -euo pipefail
. "$(dirname "$0")/common.sh"

"$NVPM_ROOT/tools/scripts/deps.sh"
ko=$("$NVPM_ROOT/tools/scripts/build-module.sh")
make -s -C "$NVPM_ROOT/tools" O="$NVPM_OUT/tools" >&2
image=$("$NVPM_ROOT/tools/scripts/debian-kernel.sh")
kver=$(nvpm_debian_kver)
drm=$(find "$image/lib/modules/$kver" -name drm.ko)

initrd=$NVPM_OUT/bench.cpio.gz
nvpm_initramfs "$initrd" "$NVPM_ROOT/tools/scripts/guest-bench.sh" \
	"$drm" "$ko" "$NVPM_OUT/tools/nvpm"

nvpm_log "booting Debian $kver in QEMU (TCG)"
log=$NVPM_OUT/bench.log
nvpm_qemu "$image/boot/vmlinuz-$kver" "$initrd" \
	"loglevel=4 nvpm_bench_iters=${NVPM_BENCH_ITERS:-0}" | tee "$log" |
	sed -n '/== nvpm bench ==/,/NVPM-GUEST-EXIT/p' | grep -v NVPM-GUEST-EXIT
grep -q "NVPM-GUEST-EXIT 0" "$log" || { tail -n 30 "$log" >&2; nvpm_die "guest failed (log: $log)"; }
