# SPDX-License-Identifier: MIT
# make fuzz, inside the gcov kernel (make test's KASAN, lockdep and
# kmemleak kernel, plus gcov): load nvpm (without its KUnit suites, built
# for gcov) on three simulated GPUs and run the fuzzer for nvpm.fuzz=
# calls (kernel command line) from four processes; then unload, look at
# the kernel's messages, and print the module's coverage counters (the
# .gcda files of /sys/kernel/debug/gcov, which the kernel keeps after the
# unload) as a base64 tar between NVPM-GCOV-BEGIN and NVPM-GCOV-END.
. ./guest-lib.sh
echo 30 >/proc/sys/kernel/hung_task_timeout_secs 2>/dev/null
seed=$(sed -n 's/.*nvpm\.seed=\([0-9]*\).*/\1/p' /proc/cmdline)

echo NVPM-LOAD >/dev/kmsg
insmod ./nvpm.ko
insmod ./nvpm_sim.ko sim=g84,gt215,gf100
echo 1 >/proc/sys/kernel/printk
echo NVPM-SELFTEST-BEGIN
echo "NVPM-BIN-BEGIN nvpm_fuzz_test"
./nvpm_fuzz_test --calls "${fuzz_calls:-400000}" --procs 4 --seed "${seed:-1}" --seconds 3000
echo "NVPM-BIN-END nvpm_fuzz_test $?"
rmmod nvpm nvpm_sim
echo "NVPM-BIN-BEGIN guest"
check_kernel_clean kernel_has_no_warnings NVPM-LOAD
echo "1..$n"
echo "NVPM-BIN-END guest $([ "$nfail" = 0 ] && echo 0 || echo 1)"
echo NVPM-SELFTEST-END

# debugfs reports a .gcda's size as 0: read each through cat, then pack
gcov=/sys/kernel/debug/gcov
if [ -d $gcov ]; then
	(cd $gcov && find . -name '*.gcda') | while read -r f; do
		mkdir -p "/tmp/gcov/${f%/*}"
		cat "$gcov/$f" >"/tmp/gcov/$f"
	done
	echo NVPM-GCOV-BEGIN
	(cd /tmp/gcov && tar -cf - . | gzip | base64)
	echo NVPM-GCOV-END
fi
