#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make dkms: nvpm as a user installs it, through DKMS (dkms.conf): the
# checkout's files as /usr/src/nvpm-<version>, then dkms add, build and
# install against Debian's 6.1 and 6.12 headers; the installed modules
# must be there with the kernel's vermagic.  Removes it all again.  Ends
# with "dkms: N passed, N failed".
set -uo pipefail
. "$(dirname "$0")/common.sh"

"$NVPM_ROOT/tools/scripts/deps.sh" || nvpm_die "cannot install dependencies"
if ! command -v dkms >/dev/null; then
	[ "$(id -u)" = 0 ] || nvpm_die "need root to install dkms"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dkms >/dev/null ||
		nvpm_die "cannot install dkms"
fi

ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$NVPM_ROOT/dkms.conf")
src=/usr/src/nvpm-$ver
dkms remove -q "nvpm/$ver" --all >/dev/null 2>&1
rm -rf "$src"
mkdir -p "$src"
(cd "$NVPM_ROOT" && git ls-files -z | xargs -0 cp --parents -t "$src")
dkms add -q "nvpm/$ver" >/dev/null
result dkms_add $?

for kver in "$(nvpm_debian_kver)" "$(nvpm_debian_kver612)"; do
	log=$NVPM_OUT/dkms-$kver.log
	dkms build -q "nvpm/$ver" -k "$kver" >"$log" 2>&1 &&
		dkms install -q --force "nvpm/$ver" -k "$kver" >>"$log" 2>&1
	st=$?
	[ "$st" = 0 ] || tail -n 20 "$log"
	result "dkms_build_install_$kver" "$st"
	for m in nvpm nvpm_sim; do
		f=$(find "/lib/modules/$kver" -path '*/updates/*' -name "$m.ko*" -o \
			-path '*/drm/nvpm/*' -name "$m.ko*" | head -n 1)
		magic=$( [ -n "$f" ] && modinfo -F vermagic "$f" | cut -d' ' -f1)
		result "dkms_installed_${m}_for_$kver" "$( [ "$magic" = "$kver" ]; echo $?)"
	done
done

dkms remove -q "nvpm/$ver" --all >/dev/null 2>&1
rm -rf "$src"
echo "dkms: $passed passed, $failed failed"
[ "$failed" = 0 ]
