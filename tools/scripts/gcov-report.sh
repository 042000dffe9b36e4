#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The line coverage of nvpm's ioctl, software-method and PMU code after a
# run of a module built with GCOV_PROFILE=y (make fuzz): gcov (the gcc
# that built the kernel and the module) over the module's .gcno files and
# the .gcda files the guest copied out of /sys/kernel/debug/gcov.
#
#   gcov-report.sh OBJDIR GCDA
#
# OBJDIR: where the module was built (its objects and .gcno files); GCDA:
# the guest's gcov tree (debugfs mirrors the objects' absolute paths).
# Prints each file's covered lines, the overall figure and the functions
# with the most lines left uncovered; the exit status is non-zero below
# NVPM_FUZZ_COVERAGE_MIN percent overall (default 85).
set -euo pipefail
obj=$1 gcda=$2
files="nvpm_perf.c nvpm_chan.c nvpm_record.c nvpm_gem.c nvpm_pmu.c"
files="$files $(cd "$obj" && ls nvkm/engine/sw/*.c)"
min=${NVPM_FUZZ_COVERAGE_MIN:-85}

[ -d "$gcda$obj" ] || { echo "gcov-report: no .gcda files of $obj in $gcda" >&2; exit 1; }
cp -r "$gcda$obj/." "$obj/"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0 covered=0
for f in $files; do
	# "Lines executed:85.00% of 200" of the file itself, not its headers
	out=$(cd "$work" && gcov -f -o "$obj/$(dirname "$f")" "$obj/$f" 2>/dev/null) || true
	line=$(echo "$out" | awk -v f="$obj/$f" '$0 == "File '\''" f "'\''" { getline; print; exit }')
	pct=$(echo "$line" | sed -n 's/^Lines executed:\([0-9.]*\)% of \([0-9]*\)$/\1/p')
	n=$(echo "$line" | sed -n 's/^Lines executed:\([0-9.]*\)% of \([0-9]*\)$/\2/p')
	if [ -z "$n" ]; then
		echo "coverage: $f: no data"
		continue
	fi
	c=$(awk -v p="$pct" -v n="$n" 'BEGIN { printf "%d", p * n / 100 + 0.5 }')
	total=$((total + n)) covered=$((covered + c))
	printf 'coverage: %-28s %6s%%  %4d of %4d lines\n' "$f" "$pct" "$c" "$n"
	# functions: lines each left uncovered
	echo "$out" | awk -v f="$f" '
		/^Function / { fn = $2; gsub("'\''", "", fn) }
		/^Lines executed:/ && fn != "" {
			split($2, a, "%"); sub("executed:", "", a[1])
			n = $4; miss = n - int(a[1] * n / 100 + 0.5)
			if (miss > 0) printf "%d %s %s\n", miss, f, fn
			fn = "" }' |
	# only the file's own functions, not the inline ones of headers
	while read -r miss file fn; do
		if grep -q "^$fn(" "$obj/$f"; then echo "$miss $file $fn"; fi
	done >>"$work/missed"
done
[ "$total" -gt 0 ] || { echo "coverage: no lines"; exit 1; }
pct=$(awk -v c="$covered" -v t="$total" 'BEGIN { printf "%.1f", 100 * c / t }')
echo "coverage: overall $pct% ($covered of $total lines; target $min%)"
echo "coverage: functions with the most lines not run:"
sort -rn "$work/missed" 2>/dev/null | head -n 15 |
	awk '{ printf "coverage:   %-28s %-40s %3d lines\n", $2, $3, $1 }'
awk -v p="$pct" -v m="$min" 'BEGIN { exit !(p >= m) }'
