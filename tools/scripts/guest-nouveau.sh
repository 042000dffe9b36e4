# SPDX-License-Identifier: MIT
# make nouveau, inside the nouveau test kernel: `modprobe nouveau` must
# bring nvpm.ko in as its dependency (and nvpm_sim.ko, for the test
# suite's simulated GPUs); nouveau's KUnit suite runs on load.
# Then unload both and check the kernel's health.
echo NVPM-KTAP-BEGIN >/dev/kmsg
modprobe nouveau
echo NVPM-KTAP-END >/dev/kmsg
echo 1 >/proc/sys/kernel/printk

n=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
notok() { n=$((n + 1)); echo "not ok $n $1 # $2"; }
check() { name=$1; shift; if "$@"; then ok "$name"; else notok "$name" "failed: $*"; fi; }

echo NVPM-SELFTEST-BEGIN
check modprobe_nouveau_loads_nvpm grep -q '^nvpm ' /proc/modules
check nouveau_uses_nvpm sh -c "grep '^nvpm ' /proc/modules | grep -q nouveau"
check nouveau_has_nvpm_param test -e /sys/module/nouveau/parameters/nvpm
# nouveau's suite takes its simulated GPUs from nvpm_sim.ko, which also
# made its default G84 on its bus: nvpm binds that one as its own
check nvpm_drives_the_simulators_gpu test -e /sys/bus/platform/drivers/nvpm-sim/nvpm-sim0
rmmod nouveau
rmmod nvpm
rmmod nvpm_sim
check unload_all sh -c "! grep -qE '^(nvpm|nvpm_sim|nouveau) ' /proc/modules"
if [ -e /sys/kernel/debug/kmemleak ]; then
	echo scan >/sys/kernel/debug/kmemleak
	echo scan >/sys/kernel/debug/kmemleak
	check kmemleak_finds_nothing sh -c '! grep -q "unreferenced object" /sys/kernel/debug/kmemleak'
	grep -A12 "unreferenced object" /sys/kernel/debug/kmemleak | head -n 60 | sed 's/^/# /'
fi
check kernel_has_no_warnings sh -c '! dmesg | grep -E "BUG:|WARNING:|KASAN|circular locking|sleeping function|Oops"'
if dmesg | grep -qE "BUG:|WARNING:|KASAN|circular locking|sleeping function|Oops"; then
	dmesg | grep -E -A20 "BUG:|WARNING:|KASAN|circular locking|sleeping function|Oops" | sed 's/^/# /' | head -n 80
fi
echo NVPM-SELFTEST-END
