# SPDX-License-Identifier: MIT
# make test's KUnit guests: User Mode Linux (the suites that run there)
# and QEMU, beside the selftests' guest (guest-test.sh).  With a
# test-enabled ./nvpm.ko: load it, whose KUnit suites run on load, then
# check that they leaked nothing, that it unloads, and the kernel's
# health (under UML the leak check comes after the unload: see
# kmemleak_clear); these checks come as the TAP of a binary named
# kunit_guest (uml_kunit_guest under UML), between the same markers as
# guest-test.sh's.  With ./guest-test-ecosystem.sh (QEMU): the ecosystem
# checks (with nvpm-plain.ko), as the binary ecosystem.  With the
# fuzzer's and the unplug test's binaries (QEMU, a guest of their own,
# without ./nvpm.ko): those two selftests, which need perf events, and
# their checks as the binary qemu_guest.
. ./guest-lib.sh
echo 30 >/proc/sys/kernel/hung_task_timeout_secs 2>/dev/null

bin=kunit_guest
[ -z "$uml" ] || bin=uml_kunit_guest
if [ -f ./nvpm.ko ]; then
	[ -z "$uml" ] || kmemleak_clear
	kunit_t0=$(now)
	echo NVPM-KTAP-BEGIN >/dev/kmsg
	# the test-enabled module carries the simulator for its suites, but
	# creates no simulated device (only nvpm_sim.ko does): they make theirs
	insmod ./nvpm.ko
	st=$?
	echo NVPM-KTAP-END >/dev/kmsg
	echo "NVPM-KUNIT-TIME $(took "$kunit_t0")"
fi
echo 1 >/proc/sys/kernel/printk

echo NVPM-SELFTEST-BEGIN
if [ -f ./nvpm.ko ]; then
	echo "NVPM-BIN-BEGIN $bin"
	guest_t0=$(now)
	check kunit_module_loads test "$st" = 0
	[ -n "$uml" ] || check_no_leaks no_nvpm_object_leaked_by_kunit
	rmmod nvpm
	check kunit_module_unloads sh -c '! grep -q "^nvpm " /proc/modules'
	[ -z "$uml" ] || check_no_leaks_since_clear no_nvpm_object_leaked_by_kunit
	check_kernel_clean kunit_kernel_has_no_warnings NVPM-KTAP-BEGIN
	echo "1..$n"
	took "$guest_t0"
	echo "NVPM-BIN-END $bin $([ "$nfail" = 0 ] && echo 0 || echo 1)"
fi
# Then the ecosystem checks (drmdevice, perf, the trace JSON), a binary of
# their own: here rather than after the selftests, whose guest has more
# to do than this one.
[ ! -f ./guest-test-ecosystem.sh ] || ecosystem
# Then the selftests that need what User Mode Linux lacks, where the rest
# run (guest-test.sh): perf events (the fuzzer opens the PMUs' events
# among its calls; the unplug test counts through an unbind) and the
# atomic-sleep check (every ioctl the fuzzer reaches, here, goes through
# it).  Their leak and health checks, and the module reloads UML cannot
# do, come as the binary qemu_guest.
if [ -f ./nvpm_fuzz_test ]; then
	echo NVPM-QEMU-SELFTESTS >/dev/kmsg
	insmod ./nvpm-plain.ko
	insmod ./nvpm_sim.ko sim=$SIMS sim_clock_mhz=1
	export NVPM_KMEMLEAK_DEFERRED=1
	selftest nvpm_fuzz_test --calls "${fuzz_calls:-20000}" --procs 4 --seed 1
	selftest nvpm_unplug_test
	echo "NVPM-BIN-BEGIN qemu_guest"
	n=0
	nfail=0
	guest_t0=$(now)
	check_no_leaks no_nvpm_object_leaked
	rmmod nvpm nvpm_sim
	check unload_removes_render_nodes test "$(count_nodes)" -eq 0
	check unload_removes_sim_platform_devices test -z "$(ls /sys/bus/platform/devices | grep nvpm-sim)"
	# what User Mode Linux cannot do (guest-test.sh): load them again
	reload_checks
	check_kernel_clean qemu_kernel_has_no_warnings NVPM-QEMU-SELFTESTS
	echo "1..$n"
	took "$guest_t0"
	echo "NVPM-BIN-END qemu_guest $([ "$nfail" = 0 ] && echo 0 || echo 1)"
fi
echo NVPM-SELFTEST-END
