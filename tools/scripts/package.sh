#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make package: the Debian packages from debian/ (dpkg-buildpackage -b in
# a copy of the checkout), lintian on them, their contents unpacked into a
# scratch root, the example program built against that root's libnvpm-dev
# through pkg-config, and a Debian 12 guest (its own 6.1 kernel) that loads
# the modules DKMS builds from nvpm-dkms's files and runs the installed
# nvpm tool and the example.  Nothing is installed on the host.  Ends with
# "package: N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/common.sh"

"$NVPM_ROOT/tools/scripts/deps.sh" || nvpm_die "cannot install dependencies"
start=$(date +%s)
finish() {
	nvpm_log "package: $(( $(date +%s) - start )) s"
	echo "package: $passed passed, $failed failed"
	[ "$failed" = 0 ]
	exit
}

ver=$(dpkg-parsechangelog -l "$NVPM_ROOT/debian/changelog" -S Version)
dkmsver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$NVPM_ROOT/dkms.conf")
# one version: the package's, dkms.conf's and the source path in nvpm-dkms
grep -q "usr/src/nvpm-$ver/" "$NVPM_ROOT/debian/nvpm-dkms.install"
inst=$?
result package_version_is_dkms_version "$( [ "$ver" = "$dkmsver" ] && [ "$inst" = 0 ]; echo $?)"
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)

# The build: a copy of the checkout's files (tracked or new, not ignored),
# as dpkg-buildpackage writes into the tree and next to it.
work=$NVPM_OUT/package
src=$work/src/nvpm-$ver
rm -rf "$work"
mkdir -p "$src"
(cd "$NVPM_ROOT" && git ls-files -co --exclude-standard -z |
	while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
	xargs -0 cp --parents -t "$src")
t=$(date +%s)
(cd "$src" && dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1
st=$?
[ "$st" = 0 ] || tail -n 30 "$work/build.log"
result dpkg_buildpackage "$st"
nvpm_log "dpkg-buildpackage: $(( $(date +%s) - t )) s"
[ "$st" = 0 ] || finish

changes=$work/src/nvpm_${ver}_$arch.changes
echo "== lintian --pedantic -I $(basename "$changes") =="
lintian --pedantic -I --fail-on error "$changes" 2>&1 | grep -v "running with root privileges"
result lintian_no_errors "${PIPESTATUS[0]}"

# Each package unpacked into one root, as dpkg would install them.
root=$work/root
mkdir -p "$root"
for p in nvpm-dkms_${ver}_all libnvpm0_${ver}_$arch libnvpm-dev_${ver}_$arch \
	 nvpm-tools_${ver}_$arch; do
	dpkg -x "$work/src/$p.deb" "$root"
	result "unpack_$p" $?
done
lib=$root/usr/lib/$multiarch
has() { [ -e "$root/$1" ] || [ -L "$root/$1" ]; }
result libnvpm0_has_so_0 "$(has "usr/lib/$multiarch/libnvpm.so.0"; echo $?)"
soname=$(objdump -p "$lib/libnvpm.so.0" 2>/dev/null | awk '$1 == "SONAME" { print $2 }')
result libnvpm0_soname_is_libnvpm.so.0 "$( [ "$soname" = libnvpm.so.0 ]; echo $?)"
result libnvpm0_exports_only_the_api \
	"$("$NVPM_ROOT/tools/lib/check-abi.sh" "$lib/libnvpm.so.0" "$NVPM_ROOT/tools/lib"; echo $?)"
for f in usr/include/nvpm/libnvpm.h usr/include/nvpm/libnvpm_record.h \
	 usr/include/nvpm/nvpm_drm.h usr/include/nvpm/nvpm_class.h \
	 "usr/lib/$multiarch/libnvpm.so" "usr/lib/$multiarch/pkgconfig/nvpm.pc"; do
	result "libnvpm-dev_has_${f##*/}" "$(has "$f"; echo $?)"
done
readelf -d "$root/usr/bin/nvpm" 2>/dev/null | grep -q 'NEEDED.*\[libnvpm.so.0\]'
result nvpm-tools_nvpm_links_libnvpm.so.0 $?
result nvpm-dkms_has_dkms.conf "$(has "usr/src/nvpm-$ver/dkms.conf"; echo $?)"

# The example, built as its README line says, against the unpacked
# libnvpm-dev (with libdrm-dev, which it depends on, next to it: the
# sysroot's pkg-config files then point into the root only).
drmdev=$NVPM_CACHE/debs/libdrm-dev.deb
if [ ! -f "$drmdev" ]; then
	mkdir -p "${drmdev%/*}"
	# (as root, into root's cache: apt's _apt user could not write there)
	(cd "${drmdev%/*}" && apt-get download -qq -o APT::Sandbox::User=root libdrm-dev && mv libdrm-dev_*.deb "$drmdev") ||
		nvpm_die "cannot download libdrm-dev"
fi
dpkg -x "$drmdev" "$root"
example=$work/nvpm-example
pc() {
	PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_LIBDIR=$lib/pkgconfig:$root/usr/share/pkgconfig \
		pkg-config "$@" nvpm
}
echo "== pkg-config --cflags --libs nvpm: $(pc --cflags --libs) =="
# shellcheck disable=SC2046
gcc -Wall -Wextra -Werror -O2 -o "$example" "$NVPM_ROOT/tools/examples/nvpm-example.c" \
	$(pc --cflags --libs)
result example_builds_against_libnvpm-dev $?
[ -x "$example" ] || finish

# DKMS builds the modules from nvpm-dkms's source, for Debian's 6.1, in
# trees of its own under $work (not /usr/src, not /var/lib/dkms).
kver=$(nvpm_debian_kver)
t=$(date +%s)
mkdir -p "$work/dkms"
dkms build -m nvpm -v "$ver" -k "$kver" --sourcetree "$root/usr/src" \
	--dkmstree "$work/dkms" >"$work/dkms.log" 2>&1
st=$?
[ "$st" = 0 ] || tail -n 20 "$work/dkms.log"
result "dkms_build_from_nvpm-dkms_$kver" "$st"
nvpm_log "dkms build: $(( $(date +%s) - t )) s"
[ "$st" = 0 ] || finish
kos=$work/ko
mkdir -p "$kos"
for m in nvpm nvpm_sim; do
	f=$(find "$work/dkms/nvpm/$ver/$kver" -name "$m.ko*" | head -n 1)
	case $f in
	*.xz) xz -dc "$f" >"$kos/$m.ko" ;;
	*) cp "$f" "$kos/$m.ko" ;;
	esac
done

image=$("$NVPM_ROOT/tools/scripts/debian-kernel.sh") || { result debian_6.1_image 1; finish; }
nvpm_debian_drm "$image" "$kos/drm.ko"
initrd=$work/package.cpio.gz
NVPM_GUEST_PROGRAMS="$root/usr/bin/nvpm" NVPM_GUEST_LIBPATH=$lib \
	nvpm_initramfs "$initrd" "$NVPM_ROOT/tools/scripts/guest-package.sh" \
	"$kos/drm.ko" "$kos/nvpm.ko" "$kos/nvpm_sim.ko" "$example"
log=$work/guest.log
nvpm_log "booting Debian $kver in QEMU (TCG) with the installed files"
nvpm_qemu "$image/boot/vmlinuz-$kver" "$initrd" "loglevel=4" >"$log" 2>&1
sed -n '/== \/usr\/bin\/nvpm info ==/,/NVPM-GUEST-EXIT/p' "$log"
grep -q "NVPM-GUEST-EXIT 0" "$log"
result guest_ran_the_installed_files $?
grep -q "^/dev/dri/renderD128: G84 " "$log"
result guest_installed_nvpm_info_sees_g84 $?
# the first domain's "always" counts every cycle of that domain
grep -qE "^[a-z_0-9]+/always: [1-9][0-9]* in [1-9][0-9]* cycles \(100\.00%\)" "$log"
result guest_example_counts_every_cycle $?
finish
