#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fetch (once) the Debian kernel image matching the installed 6.1 headers
# (KERNEL=6.12: Debian 12's 6.12 headers) and unpack it under $NVPM_CACHE;
# prints the unpacked root.
set -euo pipefail
. "$(dirname "$0")/common.sh"

kver=$(nvpm_kernel_kver)
root=$NVPM_CACHE/debian-image-$kver
if [ ! -f "$root/.nvpm-unpacked" ]; then
	nvpm_log "fetching linux-image-$kver-unsigned (once)"
	tmp=$(mktemp -d "$NVPM_CACHE/dl.XXXXXX")
	(cd "$tmp" && apt-get download -qq "linux-image-$kver-unsigned") >&2 ||
		{ apt-get update -qq >&2 && (cd "$tmp" && apt-get download -qq "linux-image-$kver-unsigned") >&2; } ||
		nvpm_die "cannot download linux-image-$kver-unsigned"
	rm -rf "$root"
	dpkg -x "$tmp"/linux-image-*.deb "$root"
	rm -rf "$tmp"
	touch "$root/.nvpm-unpacked"
fi
echo "$root"
