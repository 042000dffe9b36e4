#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make fuzz: the long run of the ioctl fuzzer (make test runs a short one)
# on make test's KASAN + lockdep + kmemleak kernel with gcov added
# (kunit-kernel.sh gcov), with nvpm.ko built without its KUnit suites and
# for gcov (GCOV_PROFILE=y).  Ends with "N passed, N failed, N skipped",
# the fuzzer's calls per second, and the line coverage the run reached in
# nvpm's ioctl, software-method and PMU code (gcov-report.sh).
#
#   NVPM_FUZZ_CALLS=N   ioctls in all (default 400000)
#   NVPM_FUZZ_SEED=N    seed of the run (default 1): the same seed, the
#                       same calls
set -uo pipefail
. "$(dirname "$0")/common.sh"

"$NVPM_ROOT/tools/scripts/deps.sh" || nvpm_die "cannot install dependencies"
kbuild=$("$NVPM_ROOT/tools/scripts/kunit-kernel.sh" gcov) || nvpm_die "no gcov kernel"
ko=$(nvpm_build_module "$kbuild" fuzz-gcov GCOV_PROFILE=y) || exit 1
make -s -C "$NVPM_ROOT/tools" O="$NVPM_OUT/tools" >&2 || nvpm_die "tools do not build"

initrd=$NVPM_OUT/fuzz.cpio.gz
nvpm_initramfs "$initrd" "$NVPM_ROOT/tools/scripts/guest-fuzz.sh" "$ko" "${ko%/*}/nvpm_sim.ko" \
	"$NVPM_OUT/tools/nvpm_fuzz_test" "$NVPM_ROOT/tools/scripts/guest-lib.sh"
log=$NVPM_OUT/fuzz.log
nvpm_log "fuzzing in QEMU (TCG): ${NVPM_FUZZ_CALLS:-400000} calls, seed ${NVPM_FUZZ_SEED:-1}"
NVPM_QEMU_TIMEOUT=${NVPM_QEMU_TIMEOUT:-3600} nvpm_qemu "$kbuild/arch/x86/boot/bzImage" "$initrd" \
	"nvpm.fuzz=${NVPM_FUZZ_CALLS:-400000} nvpm.seed=${NVPM_FUZZ_SEED:-1}" >"$log" 2>&1
sed -n '/NVPM-SELFTEST-BEGIN/,/NVPM-SELFTEST-END/p' "$log" | tr -d '\r' >"$NVPM_OUT/fuzz.tap"
passed=0 failed=0 skipped=0
for bin in nvpm_fuzz_test guest; do
	sec=$(sed -n "/^NVPM-BIN-BEGIN $bin\$/,/^NVPM-BIN-END $bin /p" "$NVPM_OUT/fuzz.tap")
	echo "$sec" | grep -E "^(not )?ok |^# " | sed "s/^/$bin: /"
	status=$(echo "$sec" | sed -n "s/^NVPM-BIN-END $bin \([0-9]*\)$/\1/p")
	plan=$(echo "$sec" | sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' | head -n 1)
	ok=$(echo "$sec" | grep -E "^ok " | grep -cv "# SKIP")
	skip=$(echo "$sec" | grep -cE "^ok .*# SKIP")
	bad=$(echo "$sec" | grep -cE "^not ok ")
	passed=$((passed + ok)) failed=$((failed + bad)) skipped=$((skipped + skip))
	if [ -z "$status" ] || [ -z "$plan" ] || [ "$plan" != $((ok + skip + bad)) ] ||
	   { [ "$status" = 0 ] && [ "$bad" != 0 ]; } || { [ "$status" != 0 ] && [ "$bad" = 0 ]; }; then
		echo "FAIL ${bin}: status ${status:-none}, plan ${plan:-none}, ran $((ok + skip + bad))"
		failed=$((failed + 1))
	fi
done

# the guest's .gcda files, next to the module's .gcno files
gcda=$NVPM_OUT/fuzz-gcda
rm -rf "$gcda"
mkdir -p "$gcda"
if sed -n '/^NVPM-GCOV-BEGIN/,/^NVPM-GCOV-END/p' "$log" | tr -d '\r' | grep -v '^NVPM-GCOV-' |
	base64 -d | tar -xzf - -C "$gcda" 2>/dev/null; then
	"$NVPM_ROOT/tools/scripts/gcov-report.sh" "${ko%/*}" "$gcda"
	result fuzz_coverage_reaches_target $?
else
	echo "no coverage data from the guest (log: $log)"
	result fuzz_coverage_reaches_target 1
fi
echo "$passed passed, $failed failed, $skipped skipped (log: $log)"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
