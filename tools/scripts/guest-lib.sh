# SPDX-License-Identifier: MIT
# Sourced by the make test and make fuzz guests (from /nvpm): what they
# share.  ok/notok/check print TAP lines and count them in $n and $nfail.

# Kernel messages that mean something went wrong, whatever the tests say.
BAD="BUG:|WARNING:|KASAN|circular locking|sleeping function|leaked|Oops|general protection"
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
# a check that took 3 s or more says so ("# name: N s", as the selftests)
check() { name=$1; shift; c0=$(now)
	if "$@"; then ok "$name"; else notok "$name" "failed: $*"; fi
	awk -v a="$c0" -v b="$(now)" -v n="$name" 'BEGIN { if (b - a >= 3) printf "# %s: %.1f s\n", n, b - a }'; }

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
		awk -v a="$k0" -v b="$(now)" 'BEGIN { printf "# kmemleak_scan: %.1f s\n", b - a }'
		check "$1" test "$leaks" = 0
		[ "$leaks" = 0 ] || sed 's/^/# /' $KMEMLEAK
	else
		n=$((n + 1)); echo "ok $n $1 # SKIP no kmemleak"
	fi
}
# check $1: no BAD kernel message since the line matching $2 (a stall
# while the kernel boots is the host starving QEMU, not nvpm)
check_kernel_clean() {
	check "$1" sh -c "! dmesg | sed -n '/$2/,\$p' | grep -qE '$BAD'"
	if dmesg | sed -n "/$2/,\$p" | grep -qE "$BAD"; then
		dmesg | sed -n "/$2/,\$p" | grep -E -A20 "$BAD" | sed 's/^/# /' | head -n 80
	fi
}
