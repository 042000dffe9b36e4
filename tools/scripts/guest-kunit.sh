# SPDX-License-Identifier: MIT
# make test's KUnit guests: User Mode Linux (the suites that run there)
# and QEMU, beside the selftests' guest (guest-test.sh).  With a
# test-enabled ./nvpm.ko: load it, whose KUnit suites run on load, then
# check that they leaked nothing, that it unloads, and the kernel's
# health (under UML the leak check comes after the unload: see
# kmemleak_clear); these checks come as the TAP of a binary named
# kunit_guest (uml_kunit_guest under UML), between the same markers as
# guest-test.sh's.  With ./guest-test-ecosystem.sh (QEMU): the ecosystem
# checks (with nvpm-plain.ko), as the binary ecosystem.
. ./guest-lib.sh
echo 30 >/proc/sys/kernel/hung_task_timeout_secs 2>/dev/null

bin=kunit_guest
uml=""
grep -q nvpm_uml=1 /proc/cmdline && bin=uml_kunit_guest uml=1
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
echo NVPM-SELFTEST-END
