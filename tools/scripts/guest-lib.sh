# SPDX-License-Identifier: MIT
# Sourced by the make test and make fuzz guests (from /nvpm): what they
# share.  ok/notok/check print TAP lines and count them in $n and $nfail.

# Kernel messages that mean something went wrong, whatever the tests say.
BAD="BUG:|WARNING:|KASAN|circular locking|sleeping function|leaked|Oops|general protection|already present"
BAD="$BAD|rcu: INFO|rcu_sched|self-detected stall|detected stalls|soft lockup|hard LOCKUP"
BAD="$BAD|blocked for more than|hung_task|kmemleak: [0-9]+ new suspected"

# seconds since boot, to the tenth
now() { cut -d' ' -f1 /proc/uptime; }
# "# took N s" since $1 (a now()), a TAP comment the host prints
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "# took %.1f s\n", b - a }'; }

n=0
nfail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
notok() { n=$((n + 1)); nfail=$((nfail + 1)); echo "not ok $n $1 # $2"; }
skip() { n=$((n + 1)); echo "ok $n $1 # SKIP $2"; }
# "# $1: N s" since $2 (a now()), if N is $3 or more
spent() { awk -v n="$1" -v a="$2" -v b="$(now)" -v m="${3:-0}" \
	'BEGIN { if (b - a >= m) printf "# %s: %.1f s\n", n, b - a }'; }
# a check that took 3 s or more says so ("# name: N s", as the selftests)
check() { name=$1; shift; c0=$(now)
	if "$@"; then ok "$name"; else notok "$name" "failed: $*"; fi
	spent "$name" "$c0" 3; }

# Objects kmemleak finds unreferenced, older than its 5 s minimum age,
# allocated by nvpm (a leak's backtrace names nvpm's functions while it is
# loaded): one scan, after the tests that could leak.
KMEMLEAK=/sys/kernel/debug/kmemleak
nvpm_leaks() {
	sleep 6
	echo scan >$KMEMLEAK || return 1
	awk '/^unreferenced object/ { if (hit) n++; hit = 0; bt = 0 }
		/backtrace:/ { bt = 1 }
		bt && /nvpm/ { hit = 1 }
		END { if (hit) n++; print n + 0 }' $KMEMLEAK
}
# check $1: no nvpm object leaked (a SKIP without kmemleak)
check_no_leaks() {
	if [ -e $KMEMLEAK ]; then
		k0=$(now)
		leaks=$(nvpm_leaks)
		spent kmemleak_scan "$k0"
		check "$1" test "$leaks" = 0
		[ "$leaks" = 0 ] || sed 's/^/# /' $KMEMLEAK
	else
		skip "$1" "no kmemleak"
	fi
}
# Under User Mode Linux kmemleak cannot tell whose an object is (its
# backtraces come out empty) and does not scan a module's own data (its
# module memory is none kmemleak knows of), so a loaded module's globals
# look leaked.  There: clear what kmemleak reports before the module
# loads (kmemleak_clear), and after it unloaded count every object
# unreferenced since (check_no_leaks_since_clear $1).
kmemleak_clear() {
	[ -e $KMEMLEAK ] || return 0
	echo scan >$KMEMLEAK
	echo clear >$KMEMLEAK
}
check_no_leaks_since_clear() {
	if [ -e $KMEMLEAK ]; then
		k0=$(now)
		sleep 6
		echo scan >$KMEMLEAK
		leaks=$(grep -c '^unreferenced object' $KMEMLEAK)
		spent kmemleak_scan "$k0"
		check "$1" test "$leaks" = 0
		[ "$leaks" = 0 ] || sed 's/^/# /' $KMEMLEAK
	else
		skip "$1" "no kmemleak"
	fi
}
# check $1: no BAD kernel message since the line matching $2 (a stall
# while the kernel boots is the host starving QEMU, not nvpm)
check_kernel_clean() {
	msgs=$(dmesg | sed -n "/$2/,\$p" | grep -E -A20 "$BAD")
	if [ -z "$msgs" ]; then
		ok "$1"
	else
		notok "$1" "kernel messages since $2"
		echo "$msgs" | sed 's/^/# /' | head -n 80
	fi
}

# A selftest binary's TAP between markers, with its exit status.  $@: the
# binary and its arguments.
selftest() {
	echo "NVPM-BIN-BEGIN $1"
	t0=$(now)
	"./$@"
	st=$?
	took "$t0"
	echo "NVPM-BIN-END $1 $st"
}

# The simulated GPUs the selftests run on (guest-test.sh; guest-kunit.sh
# for those that run in QEMU), in the order of --expect.
SIMS="g84,gf100,nv10,nv30,gt215,g92,nv40,g80"
EXPECT="G84,GF100,NV10,NV30,GT215,G92,NV40,G80"
NSIMS=8
# "1" under User Mode Linux (nvpm_uml() says so on the command line)
uml=""
grep -q nvpm_uml=1 /proc/cmdline && uml=1
# the fuzzer's calls (kernel command line nvpm.fuzz=)
fuzz_calls=$(sed -n 's/.*nvpm\.fuzz=\([0-9]*\).*/\1/p' /proc/cmdline)

# The render nodes of nvpm's simulated GPUs, and how many.
nvpm_nodes() { for d in /sys/class/drm/renderD*; do
	[ -e "$d/device/driver" ] || continue
	case $(readlink "$d/device/driver") in */nvpm-sim) echo "$d" ;; esac
done; }
count_nodes() { nvpm_nodes | wc -l; }

# With nvpm and nvpm_sim unloaded: load them again with other simulated
# GPUs, a G84 at its own clock rate, and sims to refuse (./nvpm, the tool).
reload_checks() {
	echo 1 >/proc/sys/kernel/printk
	insmod ./nvpm-plain.ko
	insmod ./nvpm_sim.ko sim=gk104 >/dev/null 2>&1
	check reload_with_other_sims_works test "$(count_nodes)" -eq 1
	check reload_gets_info sh -c "./nvpm info | grep -q \"GK104 (chipset 0x0e4, NVE0 family)\""
	rmmod nvpm nvpm_sim

	# the chips' own clock rates: a G84 at its 540 MHz (the default), in real
	# time; over 5 intervals of 100 ms, as one interval's length is only known
	# to the time stamps around it (under TCG, +-10 ms)
	insmod ./nvpm-plain.ko
	insmod ./nvpm_sim.ko sim=g84 >/dev/null 2>&1
	check sim_g84_counts_540_cycles_per_us sh -c "./nvpm stat -e core_a/always -I 100 -n 6 |
		awk '/core_a\/always/ { gsub(\",\", \"\", \$2); if (n++) c += \$2; else t = \$1; e = \$1 }
		END { r = c / ((e - t) * 1e6); print \"# G84:\", r, \"cycles per us\"; exit !(r > 486 && r < 594) }'"
	rmmod nvpm nvpm_sim
	insmod ./nvpm-plain.ko
	insmod ./nvpm_sim.ko sim=g84 sim_clock_mhz=2001 >/dev/null 2>&1
	check sim_clock_out_of_range_refused sh -c 'dmesg | grep -q "sim_clock_mhz=2001: not 1..2000"'
	rmmod nvpm nvpm_sim 2>/dev/null

	insmod ./nvpm-plain.ko
	insmod ./nvpm_sim.ko sim=0x11,bogus,nv40 >/dev/null 2>&1
	check unknown_chipset_refused_with_message sh -c 'dmesg | grep -q "chipset NV11 (0x011) has no PCOUNTER"'
	check bad_sim_name_refused_with_message sh -c 'dmesg | grep -q "sim=bogus: not a chip name"'
	check refused_sims_leave_good_ones_working test "$(count_nodes)" -eq 1
	rmmod nvpm nvpm_sim
}

# The ecosystem checks (guest-test-ecosystem.sh) as a binary of their own,
# "ecosystem", with their own count and kernel-message check.
ecosystem() {
	echo "NVPM-BIN-BEGIN ecosystem"
	n=0
	nfail=0
	eco_t0=$(now)
	echo NVPM-ECOSYSTEM >/dev/kmsg
	. ./guest-test-ecosystem.sh
	check_kernel_clean ecosystem_kernel_has_no_warnings NVPM-ECOSYSTEM
	echo "1..$n"
	took "$eco_t0"
	echo "NVPM-BIN-END ecosystem $([ "$nfail" = 0 ] && echo 0 || echo 1)"
}
