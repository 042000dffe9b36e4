#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install the Debian 12 packages nvpm needs, only those that are missing
# (dkms, debhelper, dh-dkms, lintian and pkg-config: make dkms and make
# package).
set -euo pipefail

pkgs="build-essential bc bison flex libelf-dev libssl-dev cpio gzip xz-utils
python3 qemu-system-x86 qemu-system-data busybox-static libdrm-dev
linux-headers-amd64 linux-source-6.1 kmod sparse libdrm-tests linux-perf
dwarves dkms debhelper dh-dkms lintian pkg-config"

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
# Debian 12's 6.12 (bookworm-security), the second kernel nvpm builds for:
# its newest headers, by name, as there is no meta package for them
have612=$(ls -d /usr/src/linux-headers-6.12.*+deb12-amd64 2>/dev/null | head -n 1 || true)
[ -z "$missing" ] && [ -n "$have612" ] && exit 0

[ "$(id -u)" = 0 ] || { echo "nvpm: need root to install:$missing 6.12 headers" >&2; exit 1; }
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if [ -z "$have612" ]; then
	h612=$(apt-cache search --names-only '^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' |
		cut -d' ' -f1 | sort -V | tail -n 1)
	[ -n "$h612" ] || { echo "nvpm: no linux-headers-6.12 in the apt sources" >&2; exit 1; }
	missing="$missing $h612"
fi
echo "[nvpm] installing:$missing" >&2
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
