# SPDX-License-Identifier: MIT
# make test, inside the KUnit suites' guest, sourced by guest-kunit.sh
# after them (guest-lib.sh's ok/notok/check):
# nvpm as tools nobody on the project wrote see it.  Three simulated GPUs
# (a G84, a G92 and a GT215, PGRAPH 35% busy):
#  - libdrm's drmdevice (Debian's libdrm-tests) lists three devices, each
#    with its own platform name and render node;
#  - Debian's perf lists the nvpm PMUs' events and counts them: PGRAPH busy
#    over a known load, raw format events, the hardware shared with ioctl
#    users through the same arbitration;
#  - nvpm record writes a trace-event JSON, printed between markers for
#    the host to check (check-trace.py).
# Expected values are hand-built: the G84's PGRAPH.IDLE is core clock A's
# (domain 1) signal 0xbd in the reference's PCOUNTER table, the load is
# sim_gr_busy.
eco_perf=/usr/bin/perf
eco_drmdevice=/usr/bin/drmdevice

# $1 / $2 as a percentage, to one decimal
eco_pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f\n", 100 * a / b }'; }
# perf stat -a -x, of events $3 for $2 seconds into file $1, shown in the log
eco_stat() { $eco_perf stat -a -x, -e "$3" -- sleep "$2" 2>"$1"; sed 's/^/# perf: /' "$1"; }
# perf -x, output $1: event $2's count as a percentage of event $3's
eco_share() { eco_pct "$(eco_count "$1" "$2")" "$(eco_count "$1" "$3")"; }
# perf stat -x, output $1: event $2's count, and the percentage of the
# time it ran (perf's time_running over time_enabled)
eco_count() { awk -F, -v n="$2" '$3 == n && $1 ~ /^[0-9]+$/ { print $1 }' "$1"; }
eco_running() { awk -F, -v n="$2" '$3 == n { print $5 + 0 }' "$1"; }
# $1: share, $2: expected, $3: tolerance (percentage points)
eco_near() { awk -v v="$1" -v e="$2" -v t="$3" 'BEGIN { exit !(v != "" && v - e <= t && e - v <= t) }'; }
# $1: a busy share, $2: perf -x, output: 35% +- 2, every event counted all the time
eco_busy_all_along() { eco_near "$1" 35 2 && [ "$(awk -F, '$5 + 0 != 100' "$2" | wc -l)" = 0 ]; }
# $1: perf -x, output, the rest: events counted part of the time, scaled
eco_scaled() { f=$1; shift; for e in "$@"; do
	awk -F, -v n="$e" '$3 == n && $1 ~ /^[0-9]+$/ && $5 > 0 && $5 < 100 { ok = 1 }
		END { exit !ok }' "$f" || return 1; done; }

insmod ./nvpm-plain.ko
insmod ./nvpm_sim.ko sim=g84,g92,gt215 sim_gr_busy=35 >/dev/null 2>&1

# -- libdrm: drmGetDevices2() -------------------------------------------------
$eco_drmdevice >/tmp/drmdevice.out 2>&1
check drmdevice_reports_three_devices grep -q '^--- Devices reported 3 ---' /tmp/drmdevice.out
# each device block (from "device[" to the blank line): name and render node
awk '/^device\[/ { name = ""; node = "" }
	/fullname/ { name = $NF }
	/nodes\[2\]/ { node = $NF }
	/^$/ && name != "" { print name, node; name = "" }' /tmp/drmdevice.out | sort -u >/tmp/drmdevice.pairs
check drmdevice_three_platform_names sh -c \
	"[ \"\$(cut -d' ' -f1 /tmp/drmdevice.pairs | tr '\n' ' ')\" = 'nvpm-sim0 nvpm-sim1 nvpm-sim2 ' ]"
check drmdevice_each_device_its_render_node sh -c \
	"[ \$(wc -l </tmp/drmdevice.pairs) = 3 ] && [ \$(cut -d' ' -f2 /tmp/drmdevice.pairs | grep '^/dev/dri/renderD' | sort -u | wc -l) = 3 ]"
check nvpm_finds_devices_through_libdrm test "$(./nvpm info | grep -c '/dev/dri/renderD')" -eq 3
eco_g84=$(./nvpm info | sed -n 's|^\(/dev/dri/renderD[0-9]*\): G84 .*|\1|p')

# -- perf: the PMU --------------------------------------------------------------
eco_pmu=/sys/bus/event_source/devices/nvpm_sim0
check pmu_per_device sh -c "[ -d $eco_pmu ] && [ -d /sys/bus/event_source/devices/nvpm_sim1 ] &&
	[ -d /sys/bus/event_source/devices/nvpm_sim2 ]"
# one CPU: the last one online
check pmu_cpumask_one_cpu sh -c "[ \"\$(cat $eco_pmu/cpumask)\" = \"\$(sed 's/.*[-,]//' /sys/devices/system/cpu/online)\" ]"
check pmu_format_op grep -qx 'config:40-55' $eco_pmu/format/op
check pmu_pgraph_busy_is_g84_signal_0xbd_low grep -qx 'dom=0x1,sig0=0xbd,op=0x5555' $eco_pmu/events/pgraph-busy
$eco_perf list >/tmp/perf-list.out 2>&1
check perf_list_shows_nvpm_events sh -c "grep -q 'nvpm_sim0/pgraph-busy/' /tmp/perf-list.out &&
	grep -q 'nvpm_sim0/core_a-cycles/' /tmp/perf-list.out && grep -q 'nvpm_sim2/gr-busy/' /tmp/perf-list.out"

# PCOUNTER: each event with core_a's cycles in a group, counted over the
# same cycles, so the share does not depend on how many cycles the
# simulator kept up with (a loaded host drops some: two separate runs of
# perf stat would each see a different clock)
cyc=nvpm_sim0/core_a-cycles/
eco_stat /tmp/perf-one.out 1 "{nvpm_sim0/pgraph-busy/,$cyc}"
share=$(eco_share /tmp/perf-one.out nvpm_sim0/pgraph-busy/ $cyc)
echo "# perf stat nvpm_sim0/pgraph-busy/: $share% of core_a's cycles (expected 35)"
check perf_stat_pgraph_busy_35_percent eco_near "$share" 35 2
eco_stat /tmp/perf-one.out 1 "{nvpm_sim0/dom=1,sig0=0xbd,op=0x5555,name=raw_busy/,$cyc}"
check perf_stat_raw_format_event_35_percent eco_near \
	"$(eco_share /tmp/perf-one.out raw_busy $cyc)" 35 2
eco_stat /tmp/perf-one.out 1 "{nvpm_sim0/dom=1,sig0=0xbd,op=0xaaaa,name=raw_idle/,$cyc}"
check perf_stat_raw_pgraph_idle_65_percent eco_near \
	"$(eco_share /tmp/perf-one.out raw_idle $cyc)" 65 2
# PDAEMON's idle counters are shared: busy and cycles counted at once
eco_stat /tmp/perf-one.out 1 '{nvpm_sim2/gr-busy/,nvpm_sim2/pdaemon-cycles/}'
share=$(eco_share /tmp/perf-one.out nvpm_sim2/gr-busy/ nvpm_sim2/pdaemon-cycles/)
echo "# perf stat nvpm_sim2/gr-busy/ (GT215 PDAEMON): $share% of its cycles (expected 35)"
check perf_stat_pdaemon_gr_busy_35_percent eco_near "$share" 35 2

# cycles count: every cycle of core clock A, as many as its pgraph-idle
# and pgraph-busy events would share (checked as a non-zero count here: the
# clock rate is the simulator's business)
$eco_perf stat -a -x, -e nvpm_sim0/core_a-cycles/ -- sleep 0.2 2>/tmp/perf-stat.out
check perf_stat_cycles_counts sh -c "grep 'nvpm_sim0/core_a-cycles/' /tmp/perf-stat.out |
	awk -F, '\$1 + 0 > 0 { ok = 1 } END { exit !ok }'"
# every event has a .unit file, and perf prints its unit next to the count
check perf_events_have_units sh -c 'cd /sys/bus/event_source/devices/nvpm_sim0/events &&
	for e in core_a-cycles pgraph-busy pgraph-idle; do [ "$(cat $e.unit)" = cycles ] || exit 1; done'
check perf_stat_prints_the_unit awk -F, '$2 == "cycles" && $3 == "nvpm_sim0/core_a-cycles/" { ok = 1 }
	END { exit !ok }' /tmp/perf-stat.out
# ... and a .scale file (1: the kernel counts in the unit); the busy
# events' -ns twins count in ns
check perf_events_have_scales sh -c 'cd /sys/bus/event_source/devices/nvpm_sim0/events &&
	n=0; for e in $(ls | grep -v "\\."); do [ "$(cat $e.scale)" = 1 ] || exit 1; n=$((n + 1)); done;
	[ $n -gt 3 ] && [ "$(cat pgraph-busy-ns.unit)" = ns ] && [ "$(cat pgraph-busy.unit)" = cycles ]'
# Engine busy in ns: the busy cycles of each update times the PTIMER time
# over the domain's cycles between, so the busy share of the time: over
# the domain's cycles event with ns=1 (PTIMER's ns themselves), in one
# perf group, 35% +- 2.  Against the cycles: at least 1000/540 ns a busy
# cycle on the G84 at 540 MHz (PTIMER counts simulated time; where the
# simulator drops time on a loaded host, the counters miss cycles PTIMER
# has, and each counted cycle stands for more ns), within 2% of it
# without load (measured 1.8558 and 1.8613).
cyc=$(cat /sys/bus/event_source/devices/nvpm_sim0/events/core_a-cycles)
$eco_perf stat -a -x, -e "{nvpm_sim0/pgraph-busy/,nvpm_sim0/pgraph-busy-ns/,nvpm_sim0/$cyc,ns=1,name=core_a_ns/}" \
	-- sleep 0.5 2>/tmp/perf-ns.out
sed 's/^/# perf: /' /tmp/perf-ns.out
ns=$(eco_count /tmp/perf-ns.out nvpm_sim0/pgraph-busy-ns/)
ratio=$(awk -v a="$ns" -v b="$(eco_count /tmp/perf-ns.out nvpm_sim0/pgraph-busy/)" \
	'BEGIN { if (b > 0) printf "%.4f\n", a / b }')
share=$(eco_pct "$ns" "$(eco_count /tmp/perf-ns.out core_a_ns)")
echo "# perf stat pgraph-busy-ns: $share% of core_a's time in ns (expected 35), $ratio ns a busy cycle (1000/540: 1.8519)"
check perf_stat_pgraph_busy_ns_35_percent sh -c "awk -v s='$share' -v r='$ratio' 'BEGIN { exit !(s >= 33 && s <= 37 && r > 1.815) }' &&
	awk -F, '\$2 == \"ns\" && \$3 == \"nvpm_sim0/pgraph-busy-ns/\" { ok = 1 } END { exit !ok }' /tmp/perf-ns.out"
# the GT215's PDAEMON: gr-busy-ns over the time itself (its cycles event
# with ns=1 counts PTIMER's ns), in one perf group: 35% +- 2
pd=$(cat /sys/bus/event_source/devices/nvpm_sim2/events/pdaemon-cycles)
eco_stat /tmp/perf-ns.out 0.5 "{nvpm_sim2/gr-busy-ns/,nvpm_sim2/$pd,ns=1,name=pd_ns/}"
share=$(eco_share /tmp/perf-ns.out nvpm_sim2/gr-busy-ns/ pd_ns)
echo "# perf stat gr-busy-ns over PDAEMON's time in ns: $share% (expected 35)"
check perf_stat_pdaemon_busy_ns_35_percent eco_near "$share" 35 2

# Events on one domain share it: the busy and the cycles events count in
# one counter group, over the same spans, all the time (a ratio of two
# counts of one domain: independent of the clock rate and the host's load)
eco_stat /tmp/perf-share.out 1 nvpm_sim0/pgraph-busy/,nvpm_sim0/core_a-cycles/
share=$(eco_share /tmp/perf-share.out nvpm_sim0/pgraph-busy/ nvpm_sim0/core_a-cycles/)
echo "# perf stat pgraph-busy,core_a-cycles: $share% (expected 35)"
check perf_stat_busy_and_cycles_one_domain_35_percent eco_busy_all_along "$share" /tmp/perf-share.out
# the same as a perf group, scheduled as a unit
eco_stat /tmp/perf-share.out 1 '{nvpm_sim0/pgraph-busy/,nvpm_sim0/core_a-cycles/}'
share=$(eco_share /tmp/perf-share.out nvpm_sim0/pgraph-busy/ nvpm_sim0/core_a-cycles/)
echo "# perf stat {pgraph-busy,core_a-cycles}: $share% (expected 35)"
check perf_stat_group_busy_and_cycles_35_percent eco_busy_all_along "$share" /tmp/perf-share.out
# six events on core_a, five of them needing one of its four counters:
# perf rotates them and scales each count by the share of the time it ran
# (each below 100%); the group's busy share stays a ratio of two counts
# of the same spans, within 8 points: each reprogramming of a counter at a
# rotation loses what the domain counts meanwhile, at whatever phase of
# the simulated 1 ms load rounds the rotation comes, and on a loaded host
# a stall of QEMU's CPU there is simulated time lost too (30.9% seen once
# with 4 ms rotations).  Rotations every 100 ms keep that small; a wrong
# counter would read 0, 65 or 100%.
echo 100 >/sys/bus/event_source/devices/nvpm_sim0/perf_event_mux_interval_ms
$eco_perf stat -a -x, -e '{nvpm_sim0/pgraph-busy/,nvpm_sim0/dom=1,op=0xffff,name=cyc_g/}',\
nvpm_sim0/pgraph-idle/,nvpm_sim0/dom=1,sig0=0x01,op=0xaaaa,name=s1/,\
nvpm_sim0/dom=1,sig0=0x02,op=0xaaaa,name=s2/,nvpm_sim0/dom=1,sig0=0x03,op=0xaaaa,name=s3/ \
	-- sleep 1 2>/tmp/perf-mux.out
sed 's/^/# perf: /' /tmp/perf-mux.out
check perf_stat_six_events_one_domain_scaled eco_scaled /tmp/perf-mux.out \
	nvpm_sim0/pgraph-busy/ cyc_g nvpm_sim0/pgraph-idle/ s1 s2 s3
share=$(eco_share /tmp/perf-mux.out nvpm_sim0/pgraph-busy/ cyc_g)
echo "# perf stat, six events: the group's pgraph-busy at $share% of its cycles," \
	"running $(eco_running /tmp/perf-mux.out cyc_g)% of the time (expected 35)"
check perf_stat_six_events_group_busy_35_percent eco_near "$share" 35 8
echo 4 >/sys/bus/event_source/devices/nvpm_sim0/perf_event_mux_interval_ms
# a group whose events need more counters on a domain than it has can
# never count: its fifth event is refused at open (EINVAL), which perf
# reports as not supported
$eco_perf stat -a -x, -e '{nvpm_sim0/pgraph-busy/,nvpm_sim0/pgraph-idle/,'\
'nvpm_sim0/dom=1,sig0=0x01,op=0xaaaa,name=s1/,nvpm_sim0/dom=1,sig0=0x02,op=0xaaaa,name=s2/,'\
'nvpm_sim0/dom=1,sig0=0x03,op=0xaaaa,name=s3/}' -- sleep 0.1 >/tmp/perf-big.out 2>&1
sed 's/^/# perf: /' /tmp/perf-big.out
check perf_group_over_four_counters_refused awk -F, '$3 == "s3" && $1 ~ /not supported/ { ok = 1 }
	END { exit !ok }' /tmp/perf-big.out
# an ioctl user holds core_a: perf is refused, and the other way round
# (each holder starts its command once it holds the domain)
rm -f /tmp/eco.go
./nvpm stat -d "$eco_g84" -e core_a/always -- sh -c 'touch /tmp/eco.go; sleep 30' >/dev/null 2>&1 &
eco_pid=$!
i=0; while [ ! -e /tmp/eco.go ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
check perf_refused_while_ioctl_user_holds_domain sh -c "! $eco_perf stat -a -x, \
	-e nvpm_sim0/pgraph-busy/ -- true >/tmp/perf-busy.out 2>&1 && grep -qi 'busy' /tmp/perf-busy.out"
sed 's/^/# perf: /' /tmp/perf-busy.out
kill -INT $eco_pid 2>/dev/null
wait $eco_pid
rm -f /tmp/eco.go
$eco_perf stat -a -x, -e nvpm_sim0/pgraph-busy/ -- sh -c 'touch /tmp/eco.go; sleep 3' 2>/dev/null &
eco_pid=$!
i=0; while [ ! -e /tmp/eco.go ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
check ioctl_user_refused_while_perf_holds_domain sh -c \
	"./nvpm stat -d $eco_g84 -e core_a/always -- true 2>&1 | grep -q 'core_a is busy'"
wait $eco_pid
check perf_events_released sh -c "./nvpm stat -d $eco_g84 -e core_a/always -- true >/dev/null 2>&1"

# -- nvpm stat: more events on a domain than counters take turns ---------------
# five core_a events, four counters: two groups take turns; PGRAPH.IDLE
# still reads 65% of the cycles it was counted, over part of the time (the
# turns change every 10 ms of nvpm stat's: about half, on an idle host;
# a starved process takes fewer, longer turns, so only "took turns at all"
# is checked), and "always" scaled up reads about every cycle of the domain
./nvpm stat -d "$eco_g84" -e core_a/always,core_a/0x01,core_a/0x02,core_a/0x03,core_a/PGRAPH.IDLE \
	-- sleep 0.5 >/tmp/mux.out 2>&1
grep -E 'core_a/(PGRAPH.IDLE|always)' /tmp/mux.out | sed 's/^/# mux: /'
check nvpm_stat_mux_scaled_rate_and_share sh -c "grep 'core_a/PGRAPH.IDLE' /tmp/mux.out |
	awk '{ r = \$4; sub(/%/, \"\", r); r += 0; s = \$NF; gsub(/[()%]/, \"\", s); s += 0 }
	END { exit !(r > 62 && r < 68 && s > 5 && s < 95) }'"
check nvpm_stat_mux_scaled_always_every_cycle sh -c "grep 'core_a/always' /tmp/mux.out |
	awk '{ r = \$4; sub(/%/, \"\", r); r += 0 } END { exit !(r > 97 && r < 103) }'"

# -- the nvpm command line: long options, -h per command, -d everywhere, -x -----
check nvpm_info_takes_device sh -c "[ \$(./nvpm info --device $eco_g84 | grep -c '^/dev/dri/renderD') = 1 ] &&
	./nvpm info -d $eco_g84 | grep -q '^$eco_g84: G84 '"
# nvpm info names the driver serving the node (nvpm's own here; nouveau's
# node says nouveau)
check nvpm_info_names_the_driver sh -c "./nvpm info -d $eco_g84 | grep -qx '  served by nvpm'"
check nvpm_every_command_has_help sh -c 'for c in info list stat bench top record plot hud; do
	./nvpm $c --help | grep -q "^usage: nvpm $c" && ./nvpm $c -h >/dev/null || exit 1; done'
check nvpm_every_command_takes_device sh -c 'for c in info list stat bench top record plot hud; do
	./nvpm $c --help | grep -q -- "-d, --device" || exit 1; done'
check nvpm_bad_option_exit_2 sh -c './nvpm stat --no-such-option >/dev/null 2>&1; [ $? = 2 ]'
check nvpm_no_device_exit_1 sh -c './nvpm info -d /dev/null >/dev/null 2>&1; [ $? = 1 ]'
./nvpm stat --device "$eco_g84" --event core_a/always,core_a/PGRAPH.IDLE -x, -- sleep 0.2 >/tmp/csv.out 2>&1
check nvpm_stat_x_csv sh -c "[ \$(wc -l </tmp/csv.out) = 2 ] &&
	awk -F, 'NF != 7 || \$1 !~ /^[0-9]+\$/ || \$4 !~ /^[0-9]+\$/ { bad = 1 }
	\$3 == \"core_a/PGRAPH.IDLE\" && \$6 > 62 && \$6 < 68 && \$5 == \"100.00\" { idle = 1 }
	\$3 == \"core_a/always\" && \$1 == \$4 { always = 1 }
	END { exit bad || !idle || !always }' /tmp/csv.out"
./nvpm stat -d "$eco_g84" -e core_a/always --interval 100 --count 2 -x ';' >/tmp/csv.out 2>&1
check nvpm_stat_x_interval_lines sh -c "[ \$(grep -c '^[0-9.]*;[0-9]*;;core_a/always;' /tmp/csv.out) = 2 ]"

# -- the PMU's CPU goes offline ------------------------------------------------
# perf counts core_a's cycles on the PMU's CPU, printing every 200 ms; the
# CPU goes offline half-way: perf's context moves to a CPU left online,
# the cpumask follows, and the intervals after it still count
pcpu=$(cat $eco_pmu/cpumask)
if [ "$pcpu" != 0 ] && [ -w "/sys/devices/system/cpu/cpu$pcpu/online" ]; then
	$eco_perf stat -a -x, -I 200 -e nvpm_sim0/core_a-cycles/ -- sh -c \
		"sleep 0.6; echo 0 >/sys/devices/system/cpu/cpu$pcpu/online; sleep 1.2" \
		2>/tmp/perf-hp.out
	moved=$(cat $eco_pmu/cpumask)
	echo 1 >"/sys/devices/system/cpu/cpu$pcpu/online"
	sed 's/^/# perf: /' /tmp/perf-hp.out | tail -n 8
	echo "# the PMU's CPU: $pcpu, then $moved"
	check pmu_cpu_moves_when_it_goes_offline sh -c "[ '$moved' != '$pcpu' ] &&
		grep -qw '$moved' /sys/devices/system/cpu/online"
	# the last three intervals came after the offline: each counted
	check perf_counts_on_after_its_cpu_went_offline sh -c "grep 'nvpm_sim0/core_a-cycles/' /tmp/perf-hp.out |
		tail -n 3 | awk -F, '\$2 + 0 > 0 { n++ } END { exit n != 3 }'"
else
	skip pmu_cpu_moves_when_it_goes_offline "the PMU's CPU $pcpu cannot go offline"
	skip perf_counts_on_after_its_cpu_went_offline "the PMU's CPU $pcpu cannot go offline"
fi

# -- nvpm record: trace-event JSON ----------------------------------------------
./nvpm record -d "$eco_g84" -e core_a/PGRAPH.IDLE,core_a/PGRAPH.INTR,core_b/0x20 \
	--period 65536 -o /tmp/trace.json -- sleep 0.1 2>/dev/null
check nvpm_record_writes_trace_json test -s /tmp/trace.json
echo NVPM-TRACE-BEGIN
cat /tmp/trace.json
echo NVPM-TRACE-END

rmmod nvpm nvpm_sim
