#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# libnvpm's ABI, checked after each link of the shared library: the
# functions the headers declare, the symbol map and what the library
# exports are one list; each of them is documented in its header; the
# soname is libnvpm.so.0.  $1: the built library, $2: its headers' dir.
set -euo pipefail
so=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

grep -ohE '^[a-z][a-z0-9_ ]*[ *]nvpm_[a-z0-9_]+\(' "$dir/libnvpm.h" "$dir/libnvpm_record.h" |
	grep -oE 'nvpm_[a-z0-9_]+\($' | tr -d '(' | sort >"$tmp/headers"
sed -n 's/^\t\(nvpm_[a-z0-9_]*\);$/\1/p' "$dir/libnvpm.map" | sort >"$tmp/map"
nm -D --defined-only --with-symbol-versions "$so" | awk '$2 == "T" { print $3 }' |
	sort >"$tmp/exported"

if ! diff -u "$tmp/headers" "$tmp/map" >"$tmp/diff"; then
	echo "check-abi: the headers' functions and libnvpm.map differ:" >&2
	cat "$tmp/diff" >&2
	fail=1
fi
sed 's/$/@@NVPM_0/' "$tmp/map" >"$tmp/want"
if ! diff -u "$tmp/want" "$tmp/exported" >"$tmp/diff"; then
	echo "check-abi: $so exports other symbols than libnvpm.map:" >&2
	cat "$tmp/diff" >&2
	fail=1
fi
# anything else exported (data, weak) would be ABI too
if nm -D --defined-only "$so" | awk '$2 != "T" && $2 != "A"' | grep .; then
	echo "check-abi: $so exports more than functions" >&2
	fail=1
fi
while read -r f; do
	grep -q "^ \* $f() - " "$dir/libnvpm.h" "$dir/libnvpm_record.h" ||
		{ echo "check-abi: $f has no kernel-doc in its header" >&2; fail=1; }
done <"$tmp/headers"
soname=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = libnvpm.so.0 ] || { echo "check-abi: soname is '$soname'" >&2; fail=1; }
exit "$fail"
