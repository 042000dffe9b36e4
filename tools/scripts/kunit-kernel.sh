#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build (once) a test kernel from linux-source-6.1 and print its build
# directory.  Cached under $NVPM_CACHE, keyed by the kunitconfig's hash.
#
#   kunit-kernel.sh      x86_64, for QEMU: KUnit, KASAN, lockdep,
#                        atomic-sleep checks and kmemleak
#                        (tests/kunit/kunitconfig)
#   kunit-kernel.sh um   User Mode Linux, a program of the host: KUnit,
#                        KASAN, lockdep and kmemleak, DRM, and kunit.py's
#                        own UML options (virtio PCI and its DMA
#                        emulation); UML has no atomic-sleep check (no
#                        preemption) and no perf (tests/kunit/uml.kunitconfig)
#   kunit-kernel.sh gcov x86_64, for make fuzz's coverage: the x86_64
#                        config plus tests/kunit/gcov.kunitconfig
#                        (debugfs, gcov), a build directory of its own
set -euo pipefail
. "$(dirname "$0")/common.sh"

case ${1:-x86_64} in
x86_64)
	cfg=$NVPM_ROOT/tests/kunit/kunitconfig
	arch=x86_64 name=kunit-build ;;
gcov)
	cfg=$NVPM_ROOT/tests/kunit/gcov.kunitconfig
	arch=x86_64 name=kunit-gcov-build ;;
um)
	cfg=$NVPM_ROOT/tests/kunit/uml.kunitconfig
	arch=um name=kunit-um-build ;;
*) nvpm_die "kunit-kernel.sh: x86_64, um or gcov, not $1" ;;
esac
# the gcov kernel is the x86_64 one plus its fragment: both in the key
config=$(if [ "$name" = kunit-gcov-build ]; then cat "$NVPM_ROOT/tests/kunit/kunitconfig"; fi; cat "$cfg")
key=$(echo "$config" | sha256sum | cut -c1-12)
build=$NVPM_CACHE/$name-$key

if [ ! -f "$build/.nvpm-built" ]; then
	src=$(nvpm_linux_src)
	# make intree hooks a checkout into this tree's drivers/gpu/drm
	# Kconfig; one since removed would fail the configuration
	[ ! -L "$src/drivers/gpu/drm/nvpm" ] || ln -sfn "$NVPM_ROOT" "$src/drivers/gpu/drm/nvpm"
	nvpm_log "building the $arch KUnit kernel in $build (once, 5-15 min on 2 cores)"
	mkdir -p "$build"
	echo "$config" >"$build/.kunitconfig"
	t0=$(date +%s)
	(cd "$src" && nice -n 10 python3 tools/testing/kunit/kunit.py build \
		--arch="$arch" --kunitconfig="$build/.kunitconfig" \
		--build_dir="$build" --jobs="$(nproc)") >"$build/build.log" 2>&1 ||
		{ tail -n 40 "$build/build.log" >&2; nvpm_die "KUnit kernel build ($arch) failed"; }
	nvpm_log "$arch KUnit kernel built in $(($(date +%s) - t0)) s"
	touch "$build/.nvpm-built"
fi
echo "$build"
