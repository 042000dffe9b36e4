#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# nvpm.ko and the nouveau variant's nouveau.ko for Debian 12's 6.1 kernel
# (KERNEL=6.12: for its 6.12, from bookworm-security, with the 6.12 series,
# a draft that builds but is not run yet): the route for a machine with a
# real NV50/Fermi card.  Unpacks nouveau's directory of the kernel's
# linux-source into the cache, applies the series (nouveau/patches, or
# nouveau/patches-6.12), links nvpm's nouveau files in, builds nvpm.ko and
# then nouveau.ko out of tree against Debian's headers with nvpm's
# Module.symvers.  W=1 is not used for nouveau (its own files are not
# warning-free at W=1); any warning in nvpm's files, or in the files the
# series adds, fails.  Prints the two module paths.
set -euo pipefail
. "$(dirname "$0")/common.sh"

kver=$(nvpm_kernel_kver)
kdir=/usr/src/linux-headers-$kver
case ${KERNEL:-6.1} in
6.1)	series=$NVPM_ROOT/nouveau/patches glue=$NVPM_ROOT/nouveau/nvkm
	linux=linux-source-6.1 extra= ;;
6.12)	series=$NVPM_ROOT/nouveau/patches-6.12 glue=$NVPM_ROOT/nouveau/nvkm612
	linux=linux-source-6.12 extra=linux-source-6.12/include/uapi/drm/nouveau_drm.h ;;
esac
tar=/usr/src/$linux.tar.xz
if [ ! -f "$tar" ]; then
	[ "$(id -u)" = 0 ] || nvpm_die "$linux is not installed"
	nvpm_log "installing $linux"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$linux" >/dev/null ||
		nvpm_die "cannot install $linux"
fi
patches=("$series"/*.patch)
key=$(cat "${patches[@]}" | sha256sum | cut -c1-12)
src=$NVPM_CACHE/nouveau-module-src-$key
if [ ! -f "$src/.nvpm-patched" ]; then
	rm -rf "$src" "$src.tmp"
	mkdir -p "$src.tmp"
	# shellcheck disable=SC2086
	tar -C "$src.tmp" -xf "$tar" --strip-components=1 \
		"$linux/drivers/gpu/drm/nouveau" $extra
	for p in "${patches[@]}"; do
		patch -d "$src.tmp" -p1 --quiet --forward <"$p" ||
			nvpm_die "$(basename "$p") does not apply"
	done
	touch "$src.tmp/.nvpm-patched"
	mv "$src.tmp" "$src"
fi
nv=$src/drivers/gpu/drm/nouveau
ln -sfn "$glue/engine/pm/nvpm.c" "$nv/nvkm/engine/pm/nvpm.c"

# a real box needs no simulated GPU: nvpm.ko alone
ko=$(nvpm_build_module "$kdir" "nouveau-nvpm-$kver" CONFIG_DRM_NVPM_SIM=n)
log=$NVPM_OUT/nouveau-module-$kver.log
if ! make -C "$kdir" M="$nv" NOUVEAU_PATH= NVPM_PATH="$NVPM_ROOT" \
	CONFIG_DRM_NOUVEAU_NVPM=y KCFLAGS=-DCONFIG_DRM_NOUVEAU_NVPM=1 \
	KBUILD_EXTRA_SYMBOLS="$(dirname "$ko")/Module.symvers" \
	-j"$(nproc)" modules >"$log" 2>&1; then
	tail -n 30 "$log" >&2
	nvpm_die "nouveau.ko build failed (log: $log)"
fi
if grep -E "(nvpm[a-z_]*\.[ch]|engine/pm\.h):[0-9:]* warning:" "$log" >&2; then
	# built again next time, so that the warning shows again
	rm -f "$nv/nvkm/engine/pm/nvpm.o"
	nvpm_die "nvpm's nouveau files have warnings"
fi
echo "$ko"
echo "$nv/nouveau.ko"
