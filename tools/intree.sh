#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build nvpm in tree: link this directory as drivers/gpu/drm/nvpm of
# linux-source-6.1 (cached unpacked copy), hook it into drivers/gpu/drm's
# Kconfig and Makefile, and let kunit.py build a kernel with nvpm and its
# KUnit suites built in and run them in QEMU.
#
#   tools/intree.sh [linux-source-dir]
set -euo pipefail
. "$(dirname "$0")/scripts/common.sh"

"$NVPM_ROOT/tools/scripts/deps.sh"
src=${1:-$(nvpm_linux_src)}
drm=$src/drivers/gpu/drm

ln -sfn "$NVPM_ROOT" "$drm/nvpm"
grep -q 'drivers/gpu/drm/nvpm/Kconfig' "$drm/Kconfig" ||
	echo 'source "drivers/gpu/drm/nvpm/Kconfig"' >>"$drm/Kconfig"
grep -q 'CONFIG_DRM_NVPM)' "$drm/Makefile" ||
	echo 'obj-$(CONFIG_DRM_NVPM) += nvpm/' >>"$drm/Makefile"
nvpm_log "linked $NVPM_ROOT as $drm/nvpm"

build=$NVPM_CACHE/intree-build
mkdir -p "$build"
{ cat "$NVPM_ROOT/tests/kunit/kunitconfig"
  echo CONFIG_DRM_NVPM=y
  echo CONFIG_DRM_NVPM_SIM=y
  echo CONFIG_DRM_NVPM_KUNIT_TEST=y
} >"$build/.kunitconfig"

cd "$src"
python3 tools/testing/kunit/kunit.py run --arch=x86_64 \
	--kunitconfig="$build/.kunitconfig" --build_dir="$build" \
	--jobs="$(nproc)" --timeout=600 \
	--kernel_args=printk.time=0 'nvpm_*'
