#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make bench: what nvpm costs, measured three ways, each said apart.
#  1. native, in the kernel: the KUnit benchmarks under User Mode Linux
#     (make test's UML kernel, built once): the simulator's cost per
#     register access under nvpm_sim's default load, a SAMPLE of 1 and 4
#     groups through the perfmon engine (no ioctl), software methods (a
#     SAMPLE of 4 counters) in the FIFO's interrupt handler, the model's
#     cycles and record packets per second.  The module is built without
#     KASAN instrumentation; the kernel keeps lockdep, whose cost is in
#     every lock the simulator and the engine take;
#  2. native, in userspace: libnvpm's record decoding against memcpy, on
#     this machine (no device needed);
#  3. emulated (TCG): nvpm.ko against Debian's 6.1 headers in QEMU on the
#     matching Debian kernel (no KASAN or lockdep), drm + nvpm on a
#     simulated G84, `nvpm bench` there: the ioctls against
#     DRM_IOCTL_VERSION, measured in the same run (compare the ratios
#     rather than the nanoseconds), software methods, the simulator, record
#     mode and decoding.
# Last, the targets of the simulator's last round against the native
# figures.
#
#   NVPM_BENCH_ITERS=N   calls per round (default: nvpm bench's)
#   NVPM_BENCH_MHZ=N     the simulated G84's clock rate in QEMU
#                        (sim_clock_mhz=; default: the module's default;
#                        0: the chip's own)
set -euo pipefail
. "$(dirname "$0")/common.sh"

"$NVPM_ROOT/tools/scripts/deps.sh"
scripts=$NVPM_ROOT/tools/scripts
umbuild=$("$scripts/kunit-kernel.sh" um)
# the benchmark suites, and the FIFO suite that shares a file with its own
umko=$(nvpm_build_module "$umbuild" bench-um ARCH=um CONFIG_DRM_NVPM_KUNIT_TEST=y \
	KASAN_SANITIZE=n NVPM_KUNIT_FILES="nvpm_kunit_bench nvpm_kunit_fifo")
uminitrd=$NVPM_OUT/bench-um.cpio.gz
umlog=$NVPM_OUT/bench-um.log
nvpm_initramfs "$uminitrd" "$scripts/guest-kunit.sh" "$umko" "$scripts/guest-lib.sh"
nvpm_log "KUnit benchmarks under User Mode Linux (native)"
nvpm_uml "$umbuild/linux" "$uminitrd" "" >"$umlog" 2>&1 || true
grep -q "NVPM-GUEST-EXIT 0" "$umlog" ||
	{ tail -n 30 "$umlog" >&2; nvpm_die "UML benchmarks failed (log: $umlog)"; }
# the benchmarks' own lines: "    # case: what"
native=$(sed -n '/^NVPM-KTAP-BEGIN/,/^NVPM-KTAP-END/p' "$umlog" | tr -d '\r' |
	sed -n 's/^ *# \(sim_[a-z_]*\|pm_sample_cost\|sw_method_cost\): //p')
echo "== native: the kernel's side, under User Mode Linux 6.1 (x86_64 code, lockdep on; no ioctl) =="
echo "$native"

echo
echo "== native: record decoding in userspace (libnvpm, this machine) =="
make -s -C "$NVPM_ROOT/tools" O="$NVPM_OUT/tools" >&2
LD_LIBRARY_PATH=$NVPM_OUT/tools "$NVPM_OUT/tools/nvpm" bench --decode | tee "$NVPM_OUT/bench-decode.txt"

echo
echo "== emulated: the whole path through the ioctls, QEMU (TCG) on Debian's 6.1 kernel =="
nvpm_debian_guest bench "$scripts/guest-bench.sh" "== nvpm bench ==" \
	"nvpm_bench_iters=${NVPM_BENCH_ITERS:-0} nvpm_bench_mhz=${NVPM_BENCH_MHZ:-}" |
	tee "$NVPM_OUT/bench-tcg.txt"

# The targets against the native figures.  $1: a pattern, $2: which
# number of the line it picks (the nth run of digits).
pick() { echo "$native" | grep -m 1 "$1" | grep -oE '[0-9]+' | sed -n "${2}p"; }
access=$(pick 'simulator per register access' 3)
s1=$(pick '^SAMPLE, 1 group' 2)
s4=$(pick '^SAMPLE, 4 groups' 2)
sw=$(pick '^SAMPLE: ' 1)
swall=$(pick '^SAMPLE: ' 2)
version=$(sed -n 's/^DRM_IOCTL_VERSION *\([0-9]*\) .*/\1/p' "$NVPM_OUT/bench-tcg.txt")
echo
echo "== the simulator's targets, natively (the emulated figures are TCG's) =="
printf '%-44s %10s %10s\n' "target" "native ns" "goal ns"
printf '%-44s %10s %10s\n' "simulator per register access" "${access:-?}" 1000
printf '%-44s %10s %10s\n' "SAMPLE, 1 group, engine side (no ioctl)" "${s1:-?}" "3x VERSION"
printf '%-44s %10s %10s\n' "SAMPLE, 4 groups, engine side (no ioctl)" "${s4:-?}" "6x VERSION"
printf '%-44s %10s %10s\n' "software method SAMPLE, 4 counters, whole" "${swall:-?}" 10000
printf '%-44s %10s\n' "  of which outside register accesses" "${sw:-?}"
echo "(1 us per access is what a read of a real GPU's registers over PCIe costs;"
echo " DRM_IOCTL_VERSION is an ioctl's entry and exit alone: ${version:-?} ns under TCG, where"
echo " the SAMPLE ratios above are measured; natively a SAMPLE's ioctl adds that to the engine side)"
