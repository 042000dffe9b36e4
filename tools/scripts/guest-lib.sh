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
