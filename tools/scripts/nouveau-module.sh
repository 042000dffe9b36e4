#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# nvpm.ko and the nouveau variant's nouveau.ko for Debian 12's 6.1 kernel:
# the route for a machine with a real NV50/Fermi card.  Unpacks nouveau's
# directory of linux-source-6.1 into the cache, applies nouveau/patches,
# links nvpm's nouveau files in, builds nvpm.ko and then nouveau.ko out of
# tree against Debian's headers with nvpm's Module.symvers.  W=1 is not
# used for nouveau (its own files are not warning-free at W=1); any warning
# in nvpm's files fails.  Prints the two module paths.
set -euo pipefail
. "$(dirname "$0")/common.sh"

kver=$(nvpm_debian_kver)
kdir=/usr/src/linux-headers-$kver
patches=("$NVPM_ROOT"/nouveau/patches/*.patch)
key=$(cat "${patches[@]}" | sha256sum | cut -c1-12)
src=$NVPM_CACHE/nouveau-module-src-$key
if [ ! -f "$src/.nvpm-patched" ]; then
	tar=/usr/src/linux-source-6.1.tar.xz
	[ -f "$tar" ] || nvpm_die "linux-source-6.1 is not installed"
	rm -rf "$src" "$src.tmp"
	mkdir -p "$src.tmp"
	tar -C "$src.tmp" -xf "$tar" --strip-components=1 \
		linux-source-6.1/drivers/gpu/drm/nouveau
	for p in "${patches[@]}"; do
		patch -d "$src.tmp" -p1 --quiet --forward <"$p" ||
			nvpm_die "$(basename "$p") does not apply"
	done
	touch "$src.tmp/.nvpm-patched"
	mv "$src.tmp" "$src"
fi
nv=$src/drivers/gpu/drm/nouveau
ln -sfn "$NVPM_ROOT/nouveau/nvkm/engine/pm/nvpm.c" "$nv/nvkm/engine/pm/nvpm.c"

# a real box needs no simulated GPU: nvpm.ko alone
ko=$(nvpm_build_module "$kdir" nouveau-nvpm CONFIG_DRM_NVPM_SIM=n)
log=$NVPM_OUT/nouveau-module.log
if ! make -C "$kdir" M="$nv" NOUVEAU_PATH= NVPM_PATH="$NVPM_ROOT" \
	CONFIG_DRM_NOUVEAU_NVPM=y KCFLAGS=-DCONFIG_DRM_NOUVEAU_NVPM=1 \
	KBUILD_EXTRA_SYMBOLS="$(dirname "$ko")/Module.symvers" \
	-j"$(nproc)" modules >"$log" 2>&1; then
	tail -n 30 "$log" >&2
	nvpm_die "nouveau.ko build failed (log: $log)"
fi
if grep -E "nvpm\.c.*warning:|nvpm_host\.h.*warning:|nvpm_nvif\.h.*warning:" "$log" >&2; then
	nvpm_die "nvpm's nouveau files have warnings"
fi
echo "$ko"
echo "$nv/nouveau.ko"
