# SPDX-License-Identifier: MIT
# make test, inside the KUnit kernel, beside the selftests' guest
# (guest-test.sh): load the test-enabled module, whose KUnit suites run on
# load, then check that they leaked nothing, that it unloads, and the
# kernel's health.  Its checks come as the TAP of a binary named
# kunit_guest, between the same markers as guest-test.sh's; then the
# ecosystem checks (guest-test-ecosystem.sh, with nvpm-plain.ko), as the
# binary ecosystem.
. ./guest-lib.sh
echo 30 >/proc/sys/kernel/hung_task_timeout_secs 2>/dev/null

kunit_t0=$(now)
echo NVPM-KTAP-BEGIN >/dev/kmsg
# the test-enabled module carries the simulator for its suites, but
# creates no simulated device (only nvpm_sim.ko does): they make theirs
insmod ./nvpm.ko
st=$?
echo NVPM-KTAP-END >/dev/kmsg
echo "NVPM-KUNIT-TIME $(took "$kunit_t0")"
echo 1 >/proc/sys/kernel/printk

echo NVPM-SELFTEST-BEGIN
echo "NVPM-BIN-BEGIN kunit_guest"
guest_t0=$(now)
check kunit_module_loads test "$st" = 0
check_no_leaks no_nvpm_object_leaked_by_kunit
rmmod nvpm
check kunit_module_unloads sh -c '! grep -q "^nvpm " /proc/modules'
check_kernel_clean kunit_kernel_has_no_warnings NVPM-KTAP-BEGIN
echo "1..$n"
took "$guest_t0"
echo "NVPM-BIN-END kunit_guest $([ "$nfail" = 0 ] && echo 0 || echo 1)"

# Then the ecosystem checks (drmdevice, perf, the trace JSON), a binary of
# their own: here rather than after the selftests, whose guest has more
# to do than this one.
ecosystem
echo NVPM-SELFTEST-END
