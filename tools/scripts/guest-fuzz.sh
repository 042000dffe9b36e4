# SPDX-License-Identifier: MIT
# make fuzz, inside the KUnit kernel (KASAN, lockdep, kmemleak): load nvpm
# (without its KUnit suites) on three simulated GPUs and run the fuzzer for
# nvpm.fuzz= calls (kernel command line) from four processes; then unload
# and look at the kernel's messages.
. ./guest-lib.sh
echo 30 >/proc/sys/kernel/hung_task_timeout_secs 2>/dev/null
calls=$(sed -n 's/.*nvpm\.fuzz=\([0-9]*\).*/\1/p' /proc/cmdline)
seed=$(sed -n 's/.*nvpm\.seed=\([0-9]*\).*/\1/p' /proc/cmdline)

echo NVPM-LOAD >/dev/kmsg
insmod ./nvpm.ko
insmod ./nvpm_sim.ko sim=g84,gt215,gf100
echo 1 >/proc/sys/kernel/printk
echo NVPM-SELFTEST-BEGIN
echo "NVPM-BIN-BEGIN nvpm_fuzz_test"
./nvpm_fuzz_test --calls "${calls:-1000000}" --procs 4 --seed "${seed:-1}" --seconds 3000
echo "NVPM-BIN-END nvpm_fuzz_test $?"
rmmod nvpm nvpm_sim
echo "NVPM-BIN-BEGIN guest"
check_kernel_clean kernel_has_no_warnings NVPM-LOAD
echo "1..$n"
echo "NVPM-BIN-END guest $([ "$nfail" = 0 ] && echo 0 || echo 1)"
echo NVPM-SELFTEST-END
