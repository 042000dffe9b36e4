#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make test: every test nvpm has.
#  1. the module builds against Debian's 6.1 and 6.12 headers, and for
#     User Mode Linux, with W=1, no warnings;
#  2. the KUnit suites run under User Mode Linux (UML), natively, on a
#     kernel with KASAN, lockdep and kmemleak (built once from
#     linux-source-6.1, cached); the suites tests/kunit/suites puts in
#     QEMU run there, on an x86_64 kernel with KASAN, lockdep, atomic-sleep
#     checks and kmemleak, followed by the ecosystem checks (drmdevice,
#     perf, nvpm record's trace JSON);
#  3. the uapi and counter selftests, the fuzzer (a short run) and the
#     unplug test run against the module under UML too, on the same
#     kernel, in a second UML at the same time (the two that need perf
#     events, the fuzzer and the unplug test, again in the x86_64 guest,
#     after the ecosystem checks), and on Debian's 6.12 in QEMU;
#  4. sparse (C=1) has nothing to say about the module.
# Each selftest binary (kselftest_harness.h, TAP) must exit with its
# status matching its results and run exactly the tests its TAP plan
# announces.  Skips are counted apart, benchmarks not at all.  Ends with "N passed, N failed, N skipped"; exits
# non-zero on any failure.
#
#   NVPM_FUZZ_CALLS=N   ioctls of the fuzzer in the guest (default 20000;
#                       make fuzz runs 400000)
set -uo pipefail
. "$(dirname "$0")/common.sh"

skipped=0
where=""
t_start=$(date +%s)
finish() {
	echo "$passed passed, $failed failed, $skipped skipped${where:+ ($where)}"
	[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
	exit $?
}
SELFTESTS="nvpm_uapi_test nvpm_perf_test nvpm_idle_test nvpm_record_test nvpm_fifo_test
nvpm_fuzz_test nvpm_unplug_test"

"$NVPM_ROOT/tools/scripts/deps.sh" || nvpm_die "cannot install dependencies"

"$NVPM_ROOT/tools/scripts/build-module.sh" >/dev/null
result build_debian_headers_w1_no_warnings $?
ko612=$(KERNEL=6.12 "$NVPM_ROOT/tools/scripts/build-module.sh")
result build_debian_6.12_headers_w1_no_warnings $?

kbuild=$("$NVPM_ROOT/tools/scripts/kunit-kernel.sh") || { result kunit_kernel_build 1; finish; }
umbuild=$("$NVPM_ROOT/tools/scripts/kunit-kernel.sh" um) || { result uml_kunit_kernel_build 1; finish; }
src=$(nvpm_linux_src)

# Where each suite runs (tests/kunit/suites): under UML or in QEMU, each
# kernel's test module carrying only the files of its suites.  $@: suites.
suite_files() {
	local suite
	for suite in "$@"; do
		grep -lw "$suite" "$NVPM_ROOT"/tests/kunit/*.c | xargs -r -n 1 basename | sed 's/\.c$//'
	done | sort -u | tr '\n' ' '
}
suites=$(grep -vE '^(#|$)' "$NVPM_ROOT/tests/kunit/suites")
qemu_suites=$(echo "$suites" | awk '$2 == "qemu" { print $1 }')
uml_suites=$(echo "$suites" | awk '$2 == "uml" { print $1 }')
# shellcheck disable=SC2086
qemu_files=$(suite_files $qemu_suites)
# shellcheck disable=SC2086
uml_files=$(suite_files $uml_suites)
# shellcheck disable=SC2086
both=$(printf '%s\n' $qemu_files $uml_files | sort | uniq -d)
[ -z "$both" ] || nvpm_die "tests/kunit/suites puts suites of one file in two places:" $both

umko=$(nvpm_build_module "$umbuild" kunit-um ARCH=um CONFIG_DRM_NVPM_KUNIT_TEST=y \
	NVPM_KUNIT_FILES="$uml_files")
result build_uml_kunit_w1_no_warnings $?
[ -f "$umko" ] || finish
ko=""
if [ -n "$qemu_files" ]; then
	ko=$(nvpm_build_module "$kbuild" kunit CONFIG_DRM_NVPM_KUNIT_TEST=y NVPM_KUNIT_FILES="$qemu_files")
	result build_kunit_kernel_w1_no_warnings $?
	[ -f "$ko" ] || finish
fi

# the same module without its KUnit suites, for the guests' reloads: a
# test-enabled module reruns every suite on each load (6.1 has no switch);
# for UML, where the selftests run, and x86_64, for the ecosystem checks
# and the selftests that need perf events
plain=$(nvpm_build_module "$kbuild" plain)
result build_plain_module_w1_no_warnings $?
cp "$plain" "$NVPM_OUT/nvpm-plain.ko" || finish
cp "${plain%/*}/nvpm_sim.ko" "$NVPM_OUT/nvpm_sim.ko" || finish
umplain=$(nvpm_build_module "$umbuild" plain-um ARCH=um)
result build_uml_plain_module_w1_no_warnings $?
mkdir -p "$NVPM_OUT/um"
cp "$umplain" "$NVPM_OUT/um/nvpm-plain.ko" || finish
cp "${umplain%/*}/nvpm_sim.ko" "$NVPM_OUT/um/nvpm_sim.ko" || finish

# sparse: every file of the module, its suites and lock annotations
# included (the x86_64 build of the suites that run under UML: W=1 too)
nvpm_build_module "$kbuild" sparse C=1 CONFIG_DRM_NVPM_KUNIT_TEST=y >/dev/null
result sparse_c1_no_warnings $?

make -s -C "$NVPM_ROOT/tools" O="$NVPM_OUT/tools" >&2
tstatus=$?
result build_tools $tstatus
[ "$tstatus" = 0 ] || finish

scripts=$NVPM_ROOT/tools/scripts
# UML: the test module (its suites run on load) and the checks after it
uminitrd=$NVPM_OUT/kunit-um.cpio.gz
nvpm_initramfs "$uminitrd" "$scripts/guest-kunit.sh" "$umko" "$scripts/guest-lib.sh"
kinitrd=$NVPM_OUT/kunit.cpio.gz
# ecosystem: Debian's drmdevice and perf, run by guest-test-ecosystem.sh
# after the KUnit suites that run in QEMU (if any)
# shellcheck disable=SC2086
NVPM_GUEST_PROGRAMS="/usr/bin/drmdevice /usr/bin/perf" nvpm_initramfs "$kinitrd" "$scripts/guest-kunit.sh" \
	$ko "$NVPM_OUT/nvpm-plain.ko" "$NVPM_OUT/nvpm_sim.ko" "$NVPM_OUT/tools/nvpm" \
	"$scripts/guest-test-ecosystem.sh" "$scripts/guest-lib.sh"
# the two selftests that need perf events, on the same kernel, in a guest
# of their own beside it (each QEMU guest is one host thread), then the
# module reloads that UML cannot do
qinitrd=$NVPM_OUT/test-qemu.cpio.gz
nvpm_initramfs "$qinitrd" "$scripts/guest-kunit.sh" \
	"$NVPM_OUT/nvpm-plain.ko" "$NVPM_OUT/nvpm_sim.ko" "$NVPM_OUT/tools/nvpm" \
	"$NVPM_OUT/tools/nvpm_fuzz_test" "$NVPM_OUT/tools/nvpm_unplug_test" "$scripts/guest-lib.sh"
# the selftests under UML
initrd=$NVPM_OUT/test-um.cpio.gz
# shellcheck disable=SC2046
nvpm_initramfs "$initrd" "$scripts/guest-test.sh" \
	"$NVPM_OUT/um/nvpm-plain.ko" "$NVPM_OUT/um/nvpm_sim.ko" "$NVPM_OUT/tools/nvpm" $(for t in $SELFTESTS; do echo "$NVPM_OUT/tools/$t"; done) \
	"$scripts/guest-lib.sh"

# The same selftests and the ecosystem checks on Debian's own 6.12 kernel
# (prebuilt, no KASAN), with the module built against its headers.
k612=$NVPM_OUT/k612
mkdir -p "$k612"
image612=$(KERNEL=6.12 "$scripts/debian-kernel.sh") || { result debian_6.12_image 1; finish; }
kver612=$(nvpm_debian_kver612)
nvpm_debian_drm "$image612" "$k612/drm.ko"
cp "$ko612" "$k612/nvpm-plain.ko" && cp "${ko612%/*}/nvpm_sim.ko" "$k612/nvpm_sim.ko" || finish
initrd612=$NVPM_OUT/test612.cpio.gz
# shellcheck disable=SC2046
NVPM_GUEST_PROGRAMS="/usr/bin/drmdevice /usr/bin/perf" nvpm_initramfs "$initrd612" "$scripts/guest-test.sh" \
	"$k612/drm.ko" "$k612/nvpm-plain.ko" "$k612/nvpm_sim.ko" "$NVPM_OUT/tools/nvpm" \
	$(for t in $SELFTESTS; do echo "$NVPM_OUT/tools/$t"; done) \
	"$scripts/guest-lib.sh" "$scripts/guest-test-ecosystem.sh"

# Five kernels at once, each its own log: UML twice, the KUnit suites, and
# the selftests with the guest's checks; in QEMU, the suites that run
# there and the ecosystem checks; the selftests that need perf; the
# selftests on 6.12.  A QEMU guest takes about 2 minutes under TCG on two
# idle cores; the timeout is for one that hangs.
umlog=$NVPM_OUT/kunit-um.log
klog=$NVPM_OUT/kunit.log
qlog=$NVPM_OUT/test-qemu.log
log=$NVPM_OUT/test-um.log
log612=$NVPM_OUT/test612.log
nvpm_log "built in $(($(date +%s) - t_start)) s"
nvpm_log "UML: KUnit, selftests; the KUnit kernel in QEMU (TCG): ${qemu_files:+KUnit suites, }ecosystem, perf selftests; Debian's $kver612: selftests"
export NVPM_QEMU_TIMEOUT=${NVPM_QEMU_TIMEOUT:-2700}
nvpm_uml "$umbuild/linux" "$uminitrd" "" >"$umlog" 2>&1 &
umpid=$!
nvpm_qemu "$kbuild/arch/x86/boot/bzImage" "$kinitrd" "" >"$klog" 2>&1 &
kpid=$!
nvpm_qemu "$kbuild/arch/x86/boot/bzImage" "$qinitrd" "nvpm.fuzz=${NVPM_FUZZ_CALLS:-20000}" >"$qlog" 2>&1 &
qpid=$!
# 6 GiB: most pages are above 4 GiB, so buffers the simulated GPUs read
# are there too (a 32-bit DMA mask would bounce them through swiotlb, and
# the model would read stale copies); a 1 GiB guest never sees that.
NVPM_QEMU_MEM=6G nvpm_qemu "$image612/boot/vmlinuz-$kver612" "$initrd612" \
	"loglevel=4 nvpm.fuzz=${NVPM_FUZZ_CALLS:-20000}" >"$log612" 2>&1 &
k612pid=$!
nvpm_uml "$umbuild/linux" "$initrd" "nvpm.fuzz=${NVPM_FUZZ_CALLS:-20000}" >"$log" 2>&1
wait "$umpid" "$kpid" "$qpid" "$k612pid"
for f in "$umlog" "$log" "$klog" "$qlog" "$log612"; do
	nvpm_log "${f##*/} done at $(($(stat -c %Y "$f") - t_start)) s"
done
grep -q "NVPM-GUEST-EXIT" "$umlog"
result uml_kunit_ran_to_the_end $?
grep -q "NVPM-GUEST-EXIT" "$klog"
result kunit_guest_ran_to_the_end $?
grep -q "NVPM-GUEST-EXIT" "$qlog"
result qemu_selftest_guest_ran_to_the_end $?
grep -q "NVPM-GUEST-EXIT" "$log"
result uml_guest_ran_to_the_end $?
grep -q "NVPM-GUEST-EXIT" "$log612"
result debian_6.12_guest_ran_to_the_end $?

# KUnit: the KTAP between our markers (the kernel prints its own empty
# header at boot).  Suites run from a module come without the top-level
# header, and kernel messages interleave: keep the KTAP lines, add the
# header.  Each kernel's results apart: $1: its log, $2: what it is
# ("under UML", "in QEMU"), $3: a name for its KTAP file.
kunit_results() {
	local log=$1 label=$2 ktap nsuites kout kstatus summary kpass kfail kcrash kskip kbench
	ktap=$(sed -n '/^NVPM-KTAP-BEGIN/,/^NVPM-KTAP-END/p' "$log" | tr -d '\r' |
		grep -E '^ *(KTAP version|# |1\.\.|ok |not ok )')
	nsuites=$(echo "$ktap" | grep -cE '^(ok|not ok) ')
	printf 'KTAP version 1\n1..%s\n%s\n' "$nsuites" "$ktap" >"$NVPM_OUT/$3.ktap"
	kout=$(cd "$src" && python3 tools/testing/kunit/kunit.py parse "$NVPM_OUT/$3.ktap" 2>&1)
	kstatus=$?
	echo "$kout" | grep -E "^\[.*\] (\[(FAILED|CRASHED)\]|=+ \[(PASSED|FAILED|CRASHED)\])|# .*(expected|but)" |
		sed 's/^\[[0-9:]*\] //'
	summary=$(echo "$kout" | grep "Testing complete" | tail -n 1)
	echo "KUnit $label: $nsuites suites, ${summary#*Testing complete. }"
	kpass=$(echo "$summary" | sed -n 's/.*passed: \([0-9]*\).*/\1/p')
	kfail=$(echo "$summary" | sed -n 's/.*failed: \([0-9]*\).*/\1/p')
	kcrash=$(echo "$summary" | sed -n 's/.*crashed: \([0-9]*\).*/\1/p')
	kskip=$(echo "$summary" | sed -n 's/.*skipped: \([0-9]*\).*/\1/p')
	# the benchmark suite measures, it does not test: not counted
	kbench=$(sed -n '/# Subtest: nvpm_sim_bench/,/ok [0-9]* nvpm_sim_bench/p' "$NVPM_OUT/$3.ktap" |
		grep -cE '^ +ok [0-9]+ ')
	[ "$kbench" = 0 ] || echo "KUnit benchmarks $label: $kbench run, not counted"
	sed -n "s/^NVPM-KUNIT-TIME # /KUnit suites $label: /p" "$log" | tr -d '\r'
	passed=$((passed + ${kpass:-0} - kbench))
	failed=$((failed + ${kfail:-0} + ${kcrash:-0}))
	skipped=$((skipped + ${kskip:-0}))
	if [ "$kstatus" != 0 ] || [ -z "$kpass" ] || [ "$kpass" = 0 ]; then
		[ -n "$kfail$kcrash" ] || result "kunit_ran ($label)" 1
		echo "$kout" | grep -vE "^\[.*\] \[PASSED\]" | tail -n 40
	fi
}
kunit_results "$umlog" "under UML" kunit-um
[ -z "$qemu_suites" ] || kunit_results "$klog" "in QEMU" kunit

# Every suite tests/kunit/suites names ran, where it says: the plan above
# is counted from the KTAP itself, so a suite that never ran could not
# fail it.  $1: the kernel's log, rest: the suites.
suites_ran() {
	local log=$1 suite ran
	shift
	ran=$(sed -n '/^NVPM-KTAP-BEGIN/,/^NVPM-KTAP-END/p' "$log" | tr -d '\r' |
		grep -E '^(ok|not ok) [0-9]+ ' | awk '{ print $NF }')
	for suite in "$@"; do echo "$ran" | grep -qx "$suite" || echo "$suite"; done
}
# shellcheck disable=SC2086
missing=$(suites_ran "$umlog" $uml_suites; suites_ran "$klog" $qemu_suites)
[ -z "$missing" ] || echo "KUnit suites that did not run where tests/kunit/suites says:" $missing
result kunit_every_suite_ran "$([ -z "$missing" ]; echo $?)"
# shellcheck disable=SC2086
where="KUnit: $(echo $uml_suites | wc -w) suites under UML, $(echo $qemu_suites | wc -w) in QEMU; selftests on 6.1 under UML (perf's in QEMU), on 6.12 in QEMU"

# ecosystem: the trace-event JSON nvpm record wrote in the guest (G84,
# PGRAPH 35% busy: PGRAPH.IDLE high 65% of the cycles)
sed -n '/^NVPM-TRACE-BEGIN/,/^NVPM-TRACE-END/p' "$klog" | sed '1d;$d' | tr -d '\r' >"$NVPM_OUT/trace.json"
python3 "$NVPM_ROOT/tools/scripts/check-trace.py" "$NVPM_OUT/trace.json" 65536 \
	"core_a/PGRAPH.IDLE=65,core_a/PGRAPH.INTR=-,core_b/0x20=-"
result trace_json_is_valid_perfetto_input $?

# Selftests: each binary's TAP between its markers, with its exit status;
# the KUnit guest's own checks and the ecosystem checks as two more.
# $1: the TAP, $2: a prefix for the names ("" or "6.12/"), rest: binaries.
selftests() {
	local tap=$1 pre=$2 bin sec status plan sok sskip sfail
	shift 2
	for bin in "$@"; do
		sec=$(sed -n "/^NVPM-BIN-BEGIN $bin\$/,/^NVPM-BIN-END $bin /p" "$tap")
		if ! echo "$sec" | grep -q "^NVPM-BIN-END $bin "; then
			result "$pre${bin}_ran_to_the_end" 1	# crashed, hung, or never started
			echo "$sec" | tail -n 5 | sed 's/^/# /'
			continue
		fi
		status=$(echo "$sec" | sed -n "s/^NVPM-BIN-END $bin \([0-9]*\)$/\1/p")
		plan=$(echo "$sec" | sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' | head -n 1)
		sok=$(echo "$sec" | grep -E "^ok " | grep -cv "# SKIP")
		sskip=$(echo "$sec" | grep -cE "^ok .*# SKIP")
		sfail=$(echo "$sec" | grep -cE "^not ok ")
		# the harness's failure messages (TH_LOG: "# file.c:line:test:why",
		# and "# test: Test ..." for a test that crashed or timed out) come
		# before their "not ok" lines
		echo "$sec" | grep -E "^not ok |^ok .*# SKIP|^# (Totals|took|.*calls/s|[a-z0-9_]+: [0-9.]+ s$)|^# [^ ]+\.c:[0-9]+:|^# [a-z0-9_]+: Test " |
			sed "s#^#$pre$bin: #"
		passed=$((passed + sok))
		failed=$((failed + sfail))
		skipped=$((skipped + sskip))
		if [ -z "$plan" ] || [ "$plan" != $((sok + sskip + sfail)) ]; then
			result "$pre${bin}_ran_its_plan (plan ${plan:-none}, ran $((sok + sskip + sfail)))" 1
		fi
		# a non-zero status without a failed test: it crashed or lied
		if { [ "$status" = 0 ] && [ "$sfail" != 0 ]; } || { [ "$status" != 0 ] && [ "$sfail" = 0 ]; }; then
			result "$pre${bin}_exit_status_matches_results (status $status, $sfail failed)" 1
		fi
	done
}
sed -n '/NVPM-SELFTEST-BEGIN/,/NVPM-SELFTEST-END/p' "$log" "$umlog" | tr -d '\r' >"$NVPM_OUT/selftest.tap"
# shellcheck disable=SC2086
selftests "$NVPM_OUT/selftest.tap" "" $SELFTESTS guest uml_kunit_guest
sed -n '/NVPM-SELFTEST-BEGIN/,/NVPM-SELFTEST-END/p' "$klog" "$qlog" | tr -d '\r' >"$NVPM_OUT/selftest-qemu.tap"
# shellcheck disable=SC2086
selftests "$NVPM_OUT/selftest-qemu.tap" "qemu/" ${ko:+kunit_guest} ecosystem nvpm_fuzz_test nvpm_unplug_test qemu_guest
echo "6.1: $passed passed, $failed failed, $skipped skipped"
p61=$passed f61=$failed s61=$skipped
sed -n '/NVPM-SELFTEST-BEGIN/,/NVPM-SELFTEST-END/p' "$log612" | tr -d '\r' >"$NVPM_OUT/selftest612.tap"
# shellcheck disable=SC2086
selftests "$NVPM_OUT/selftest612.tap" "6.12/" $SELFTESTS guest ecosystem
echo "6.12: $((passed - p61)) passed, $((failed - f61)) failed, $((skipped - s61)) skipped"

finish
