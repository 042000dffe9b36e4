#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install the Debian 12 packages nvpm needs, only those that are missing.
set -euo pipefail

pkgs="build-essential bc bison flex libelf-dev libssl-dev cpio gzip xz-utils
python3 qemu-system-x86 qemu-system-data busybox-static libdrm-dev
linux-headers-amd64 linux-source-6.1 kmod sparse libdrm-tests linux-perf"

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

[ "$(id -u)" = 0 ] || { echo "nvpm: need root to install:$missing" >&2; exit 1; }
echo "[nvpm] installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
