#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make bench: build nvpm.ko against Debian's 6.1 headers, boot the matching
# Debian kernel in QEMU (no KASAN or lockdep, unlike make test's kernel),
# load drm + nvpm on a simulated G84 and run `nvpm bench` there.  QEMU
# emulates the CPU (TCG): compare the ratios to DRM_IOCTL_VERSION, measured
# in the same run, rather than the nanoseconds.
#
#   NVPM_BENCH_ITERS=N   calls per round (default: nvpm bench's)
#   NVPM_BENCH_MHZ=N     the simulated G84's clock rate (sim_clock_mhz=;
#                        default: the module's default; 0: the chip's own)
set -euo pipefail
. "$(dirname "$0")/common.sh"

nvpm_debian_guest bench "$NVPM_ROOT/tools/scripts/guest-bench.sh" "== nvpm bench ==" \
	"nvpm_bench_iters=${NVPM_BENCH_ITERS:-0} nvpm_bench_mhz=${NVPM_BENCH_MHZ:-}"
