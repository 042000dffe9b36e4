# SPDX-License-Identifier: MIT
# make test, inside the KUnit kernel: load the test-enabled module (its
# KUnit suites run on load), then run the uapi and counter selftests
# against the simulated GPUs it created, then check unload and the
# kernel's health.
SIMS="g84,gf100,nv10,nv30,gt215,g92,nv40,g80"
EXPECT="G84,GF100,NV10,NV30,GT215,G92,NV40,G80"
NSIMS=8

echo NVPM-KTAP-BEGIN >/dev/kmsg
insmod ./nvpm.ko sim=$SIMS
echo NVPM-KTAP-END >/dev/kmsg
# Keep kernel messages off the console from here on; dmesg still has them.
echo 1 >/proc/sys/kernel/printk

n=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
notok() { n=$((n + 1)); echo "not ok $n $1 # $2"; }
check() { name=$1; shift; if "$@"; then ok "$name"; else notok "$name" "failed: $*"; fi; }

nvpm_nodes() { for d in /sys/class/drm/renderD*; do
	[ -e "$d/device/driver" ] || continue
	case $(readlink "$d/device/driver") in */nvpm-sim) echo "$d" ;; esac
done; }
count_nodes() { nvpm_nodes | wc -l; }

echo NVPM-SELFTEST-BEGIN
./nvpm_uapi_test --expect "$EXPECT"
./nvpm_perf_test --expect "$EXPECT"
./nvpm_idle_test --expect "$EXPECT"
./nvpm_record_test --expect "$EXPECT"
./nvpm_fifo_test --expect "$EXPECT"
check module_creates_one_render_node_per_sim test "$(count_nodes)" -eq $NSIMS
check nvpm_info_lists_every_device test "$(./nvpm info | grep -c '/dev/dri/renderD')" -eq $NSIMS
check nvpm_list_lists_every_device test "$(./nvpm list | grep -c '^/dev/dri/renderD')" -eq $NSIMS
check nvpm_stat_counts_every_cycle sh -c "./nvpm stat -e core_a/always -- sleep 0.05 | grep -q '100.00% of'"
check nvpm_stat_unknown_signal_suggests_list sh -c \
	'out=$(./nvpm stat -e core_a/NOPE -- true 2>&1); [ $? = 1 ] && echo "$out" | grep -q "nvpm list core_a"'
# PDAEMON's idle counters on the GT215: the 35% PGRAPH load as gr busy
gt215=$(./nvpm info | sed -n 's|^\(/dev/dri/renderD[0-9]*\): GT215 .*|\1|p')
check nvpm_list_shows_pdaemon_on_gt215 sh -c "./nvpm list -d $gt215 pdaemon | grep -q '^pdaemon (pdaemon clock, 6 signals, 3 counters, quad idle)'"
g84=$(./nvpm info | sed -n 's|^\(/dev/dri/renderD[0-9]*\): G84 .*|\1|p')
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
check nvpm_top_quits_on_ctrl_c sh -c "./nvpm top -d $gt215 -I 100 >/tmp/top.out 2>&1 & pid=\$!; i=0;
	while ! grep -q '^gr  *[0-9.]*%' /tmp/top.out && [ \$i -lt 100 ]; do sleep 0.2; i=\$((i + 1)); done;
	kill -INT \$pid; wait \$pid && grep -q '^gr  *[0-9.]*%' /tmp/top.out"

rmmod nvpm
check unload_removes_render_nodes test "$(count_nodes)" -eq 0
check unload_removes_sim_platform_devices test -z "$(ls /sys/bus/platform/devices | grep nvpm-sim)"
check unload_reports_no_leaked_objects sh -c '! dmesg | grep -q "nvpm: .* leaked"'

echo 1 >/proc/sys/kernel/printk
insmod ./nvpm.ko sim=gk104 >/dev/null 2>&1
check reload_with_other_sims_works test "$(count_nodes)" -eq 1
check reload_gets_info sh -c "./nvpm info | grep -q \"GK104 (chipset 0x0e4, NVE0 family)\""
rmmod nvpm

insmod ./nvpm.ko sim=0x11,bogus,nv40 >/dev/null 2>&1
check unknown_chipset_refused_with_message sh -c 'dmesg | grep -q "chipset NV11 (0x011) has no PCOUNTER"'
check bad_sim_name_refused_with_message sh -c 'dmesg | grep -q "sim=bogus: not a chip name"'
check refused_sims_leave_good_ones_working test "$(count_nodes)" -eq 1
rmmod nvpm

# ecosystem: drmdevice, perf, trace JSON (its own file, its own module load)
. ./guest-test-ecosystem.sh

check kernel_has_no_warnings sh -c '! dmesg | grep -E "BUG:|WARNING:|KASAN|circular locking|sleeping function|leaked|Oops"'
if [ "$n" -gt 0 ] && dmesg | grep -qE "BUG:|WARNING:|KASAN|circular locking|sleeping function|Oops"; then
	dmesg | grep -E -A20 "BUG:|WARNING:|KASAN|circular locking|sleeping function|Oops" | sed 's/^/# /' | head -n 80
fi
echo NVPM-SELFTEST-END
