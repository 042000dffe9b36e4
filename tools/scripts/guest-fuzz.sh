# SPDX-License-Identifier: MIT
# make fuzz, inside the KUnit kernel (KASAN, lockdep, kmemleak): load nvpm
# (without its KUnit suites) on three simulated GPUs and run the fuzzer for
# nvpm.fuzz= calls (kernel command line) from four processes; then unload
# and look at the kernel's messages.
BAD="BUG:|WARNING:|KASAN|circular locking|sleeping function|leaked|Oops|general protection"
BAD="$BAD|rcu: INFO|rcu_sched|self-detected stall|detected stalls|soft lockup|hard LOCKUP"
BAD="$BAD|blocked for more than|hung_task|kmemleak: [0-9]+ new suspected"
echo 30 >/proc/sys/kernel/hung_task_timeout_secs 2>/dev/null
calls=$(sed -n 's/.*nvpm\.fuzz=\([0-9]*\).*/\1/p' /proc/cmdline)
seed=$(sed -n 's/.*nvpm\.seed=\([0-9]*\).*/\1/p' /proc/cmdline)

insmod ./nvpm.ko sim=g84,gt215,gf100
echo 1 >/proc/sys/kernel/printk
echo NVPM-SELFTEST-BEGIN
echo "NVPM-BIN-BEGIN nvpm_fuzz_test"
./nvpm_fuzz_test --calls "${calls:-1000000}" --procs 4 --seed "${seed:-1}" --seconds 3000
echo "NVPM-BIN-END nvpm_fuzz_test $?"
rmmod nvpm
echo "NVPM-BIN-BEGIN guest"
if dmesg | grep -qE "$BAD"; then
	echo "not ok 1 kernel_has_no_warnings"
	dmesg | grep -E -A20 "$BAD" | sed 's/^/# /' | head -n 80
	st=1
else
	echo "ok 1 kernel_has_no_warnings"
	st=0
fi
echo "1..1"
echo "NVPM-BIN-END guest $st"
echo NVPM-SELFTEST-END
