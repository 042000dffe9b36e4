#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build (once) the test kernel from linux-source-6.1: KUnit, KASAN, lockdep,
# atomic-sleep checks and kmemleak.  Cached under $NVPM_CACHE keyed by the
# kunitconfig's hash; prints the build directory.
set -euo pipefail
. "$(dirname "$0")/common.sh"

cfg=$NVPM_ROOT/tests/kunit/kunitconfig
key=$(sha256sum "$cfg" | cut -c1-12)
build=$NVPM_CACHE/kunit-build-$key

if [ ! -f "$build/.nvpm-built" ]; then
	src=$(nvpm_linux_src)
	# make intree hooks a checkout into this tree's drivers/gpu/drm
	# Kconfig; one since removed would fail the configuration
	[ ! -L "$src/drivers/gpu/drm/nvpm" ] || ln -sfn "$NVPM_ROOT" "$src/drivers/gpu/drm/nvpm"
	nvpm_log "building the KUnit kernel in $build (once, ~10 min on 2 cores)"
	mkdir -p "$build"
	cp "$cfg" "$build/.kunitconfig"
	(cd "$src" && python3 tools/testing/kunit/kunit.py build \
		--arch=x86_64 --kunitconfig="$build/.kunitconfig" \
		--build_dir="$build" --jobs="$(nproc)") >"$build/build.log" 2>&1 ||
		{ tail -n 40 "$build/build.log" >&2; nvpm_die "KUnit kernel build failed"; }
	touch "$build/.nvpm-built"
fi
echo "$build"
