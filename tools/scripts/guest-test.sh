# SPDX-License-Identifier: MIT
# make test's selftest guest: on 6.1 under User Mode Linux (the UML KUnit
# kernel: native code, KASAN, lockdep, kmemleak), beside the KUnit
# suites' guests (guest-kunit.sh, which runs in QEMU the two selftests
# that need perf events), and in QEMU on Debian's own 6.12 kernel (with
# its drm.ko, and the ecosystem checks after the rest, as the KUnit guest
# runs them on 6.1): load the module without its suites, run the uapi and
# counter selftests against the simulated GPUs it created, then check
# unload and the kernel's health.  Each selftest binary's TAP comes between
# markers with its exit status; the host checks plan, count and status of
# each.  NVPM_FUZZ_CALLS (kernel command line nvpm.fuzz=) sets the
# fuzzer's run.
. ./guest-lib.sh
# Under User Mode Linux (make test's 6.1 run) kmemleak sees no owner of
# an object: the leak check is everything unreferenced between a clear
# before the modules load and a scan after they unloaded.
[ -z "$uml" ] || kmemleak_clear

# Keep kernel messages off the console; dmesg still has them.
echo 1 >/proc/sys/kernel/printk
echo NVPM-LOAD >/dev/kmsg
# The selftests count in cycles of 1 us (sim_clock_mhz=1; the default is
# each chip's own clock, checked after them).
# a Debian kernel has DRM as a module
[ ! -f ./drm.ko ] || insmod ./drm.ko
# nvpm.ko alone offers no device: the simulated GPUs are nvpm_sim.ko's
insmod ./nvpm-plain.ko
alone=$(ls /dev/dri 2>/dev/null | grep -c renderD)
insmod ./nvpm_sim.ko sim=$SIMS sim_clock_mhz=1
# a task stuck this long is reported (the default, 120 s, is most of a run)
echo 30 >/proc/sys/kernel/hung_task_timeout_secs 2>/dev/null

# One kmemleak scan after every selftest (no_nvpm_object_leaked), not one
# per leak test: each waits out kmemleak's minimum age and scans for
# seconds under TCG.  A leak's backtrace names where it was allocated.
export NVPM_KMEMLEAK_DEFERRED=1
echo NVPM-SELFTEST-BEGIN
selftest nvpm_uapi_test --expect "$EXPECT"
selftest nvpm_perf_test --expect "$EXPECT"
selftest nvpm_idle_test --expect "$EXPECT"
selftest nvpm_record_test --expect "$EXPECT"
selftest nvpm_fifo_test --expect "$EXPECT"
selftest nvpm_fuzz_test --calls "${fuzz_calls:-20000}" --procs 4 --seed 1
selftest nvpm_unplug_test
echo "NVPM-BIN-BEGIN guest"
guest_t0=$(now)
# A leak test whose scan is left to the check below did not check: a skip.
check deferred_leak_test_is_a_skip sh -c "./nvpm_fifo_test --only channels_no_leak 2>&1 |
	grep -q '^ok 1 # SKIP'"
# The selftests' leak checks, at once, before nvpm unloads (under UML,
# after: below).
[ -n "$uml" ] || check_no_leaks no_nvpm_object_leaked
check nvpm_alone_has_no_render_node test "$alone" -eq 0
check module_creates_one_render_node_per_sim test "$(count_nodes)" -eq $NSIMS
check nvpm_info_lists_every_device test "$(./nvpm info | grep -c '/dev/dri/renderD')" -eq $NSIMS
check nvpm_list_lists_every_device test "$(./nvpm list | grep -c '^/dev/dri/renderD')" -eq $NSIMS
# the G84 by name: the unplug selftest rebinds it, so it is no longer first
g84=$(./nvpm info | sed -n 's|^\(/dev/dri/renderD[0-9]*\): G84 .*|\1|p')
check nvpm_stat_counts_every_cycle sh -c "./nvpm stat -d $g84 -e core_a/always -- sleep 0.05 | grep -q '100.00% of'"
check nvpm_stat_unknown_signal_suggests_list sh -c \
	"out=\$(./nvpm stat -d $g84 -e core_a/NOPE -- true 2>&1); [ \$? = 1 ] && echo \"\$out\" | grep -q 'nvpm list core_a'"
# PDAEMON's idle counters on the GT215: the 35% PGRAPH load as gr busy
gt215=$(./nvpm info | sed -n 's|^\(/dev/dri/renderD[0-9]*\): GT215 .*|\1|p')
check nvpm_list_shows_pdaemon_on_gt215 sh -c "./nvpm list -d $gt215 pdaemon | grep -q '^pdaemon (pdaemon clock, 6 signals, 3 counters, quad idle)'"
check nvpm_list_no_pdaemon_on_g84 sh -c "! ./nvpm list -d $g84 | grep -q pdaemon"
# signal sources: listed, set from nvpm stat, refused out of range
check nvpm_list_shows_sources sh -c "./nvpm list -d $g84 core_b |
	grep -q '^  0x30 CROP.MUX\[0\]  \[crop_sel0 0..15, crop_sel1 0..7\]'"
check nvpm_stat_sets_a_source sh -c "./nvpm stat -d $g84 -e 'core_b/CROP.MUX[0]:crop_sel1=5' -- sleep 0.05 |
	grep -q 'core_b/CROP.MUX\[0\]:crop_sel1=5'"
check nvpm_stat_source_out_of_range sh -c \
	"out=\$(./nvpm stat -d $g84 -e 'core_b/CROP.MUX[0]:crop_sel1=8' -- true 2>&1); [ \$? = 1 ] &&
	echo \"\$out\" | grep -q 'crop_sel1 takes 0..7'"
check nvpm_stat_pdaemon_gr_busy sh -c "./nvpm stat -d $gt215 -e pdaemon/gr -I 100 -n 3 | tail -n 1 |
	awk '\$NF == \"busy\" && \$(NF-2) + 0 > 30 && \$(NF-2) + 0 < 40 { ok = 1 } END { exit !ok }'"
check nvpm_top_two_refreshes sh -c "./nvpm top -d $gt215 -n 2 -I 100 -e core_a/PGRAPH.IDLE >/tmp/top.out &&
	[ \$(grep -c '^nvpm top - GT215' /tmp/top.out) = 2 ] && grep -q '^gr  *[0-9.]*%' /tmp/top.out &&
	grep -q '^core_a/PGRAPH.IDLE' /tmp/top.out"
# (a tool that does not quit in 30 s, a zombie being one that did, fails
# the check with where it waits, rather than hanging the guest in wait).
# The output file goes first: the last check's has gr lines too, and a
# background job of sh starts with SIGINT ignored until nvpm top catches
# it, so a kill sent on the old file's word was lost when the child had
# not run yet (seen in Debian's 6.12, whose scheduler lets the parent
# run on after fork).
# who holds each device's idle counters now (nothing should)
grep -H . /sys/kernel/debug/dri/*/nvpm_idle 2>/dev/null | grep -v ' 0 0x' | sed 's/^/# before top: /'
check nvpm_top_quits_on_ctrl_c sh -c "rm -f /tmp/top.out;
	./nvpm top -d $gt215 -I 100 >/tmp/top.out 2>&1 & pid=\$!; i=0;
	while ! grep -qs '^gr  *[0-9.]*%' /tmp/top.out && [ \$i -lt 300 ]; do sleep 0.2; i=\$((i + 1)); done;
	kill -INT \$pid; i=0; while grep -qs '^State:.[^Z]' /proc/\$pid/status && [ \$i -lt 150 ]; do
		sleep 0.2; i=\$((i + 1)); done;
	if grep -qs '^State:.[^Z]' /proc/\$pid/status; then echo \"# nvpm top did not quit: \$(cat /proc/\$pid/wchan)\";
		cat /proc/\$pid/stack 2>/dev/null | sed 's/^/# /'; tail -n 3 /tmp/top.out | sed 's/^/# /';
		grep -E '^Sig(Pnd|Blk|Ign|Cgt)|^ShdPnd' /proc/\$pid/status | sed 's/^/# /';
		grep -H . /sys/kernel/debug/dri/*/nvpm_idle 2>/dev/null | sed 's/^/# /';
		kill -KILL \$pid; exit 1; fi;
	wait \$pid && grep -q '^gr  *[0-9.]*%' /tmp/top.out"

# after every selftest: what each simulated GPU kept interrupts off for at
# most, by its own clock (reported: under TCG a stall of QEMU's CPU counts,
# and one host thread runs both vCPUs in turns), and no VRAM write lost
# for want of a page (asserted)
grep -H . /sys/kernel/debug/dri/*/nvpm_sim 2>/dev/null |
	sed -n 's|^.*/dri/\([0-9]\{1,2\}\)/nvpm_sim:.* breaths \([0-9]*\) hold_max_ns \([0-9]*\) .*|# sim \1: \2 breaths, interrupts off at most \3 ns|p'
check sim_lost_no_vram_write sh -c "grep -h -o 'vram_lost [0-9]*' /sys/kernel/debug/dri/*/nvpm_sim |
	awk '{ n++; lost += \$2 } END { exit !(n > 0 && lost == 0) }'"

rmmod nvpm nvpm_sim
[ -z "$uml" ] || check_no_leaks_since_clear no_nvpm_object_leaked
check unload_removes_render_nodes test "$(count_nodes)" -eq 0
check unload_removes_sim_platform_devices test -z "$(ls /sys/bus/platform/devices | grep nvpm-sim)"
check unload_reports_no_leaked_objects sh -c '! dmesg | grep -q "nvpm: .* leaked"'

# nvpm and nvpm_sim loaded again, with other simulated GPUs, each chip's
# own clock rate and refused sims.  Not under UML: 6.1's KASAN there
# never clears an unloaded module's shadow (kasan_free_module_shadow()
# returns at once for UML), and the next load reads the .ko into memory
# still marked as the old module's global redzones: a false
# "global-out-of-bounds" in _copy_to_iter, then a panic in find_symbol(),
# nvpm and nvpm_sim only loaded and unloaded twice, nothing run.  The
# selftests' guest in QEMU runs them on 6.1 (guest-kunit.sh).
[ -n "$uml" ] || reload_checks

# the selftests' leak checks skip without it: say so here too
if [ -e $KMEMLEAK ]; then
	ok kmemleak_is_there_for_the_leak_checks
else
	skip kmemleak_is_there_for_the_leak_checks "no kmemleak"
fi
check_kernel_clean kernel_has_no_warnings NVPM-LOAD
echo "1..$n"
took "$guest_t0"
echo "NVPM-BIN-END guest $([ "$nfail" = 0 ] && echo 0 || echo 1)"
[ ! -f ./guest-test-ecosystem.sh ] || ecosystem
echo NVPM-SELFTEST-END
