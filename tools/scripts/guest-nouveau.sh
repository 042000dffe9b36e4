# SPDX-License-Identifier: MIT
# make nouveau, inside the nouveau test kernel: `modprobe nouveau` must
# bring nvpm.ko in as its dependency (and nvpm_sim.ko, for the test
# suite's simulated GPUs); nouveau's KUnit suite runs on load.  Where
# nouveau has the sim parameter (6.12, DRM_NOUVEAU_SIM), it is loaded
# again over a simulated G84 and the nvpm tool runs on its render node.
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

# nouveau 6.12 with DRM_NOUVEAU_SIM (nouveau.sim): nouveau's own DRM device
# over a simulated G84, and the nvpm tool on its render node.  The suite
# ran at the first load; the second runs none.
sim_node=
if [ -e /sys/module/nouveau/parameters/sim ]; then
	echo nvpm-no-suite >/sys/module/kunit/parameters/filter_glob
	rmmod nouveau
	modprobe nouveau sim=0x84
	for d in /sys/class/drm/renderD*; do
		case $(readlink "$d/device/driver") in
		*/nouveau-sim) sim_node=/dev/dri/${d##*/} ;;
		esac
	done
	check nouveau_sim_has_a_render_node test -n "$sim_node"
	dmesg | grep -E 'nouveau(-sim| nouveau-sim)' | sed 's/^/# /'
	check nouveau_sim_node_is_nouveaus sh -c \
		"readlink /sys/class/drm/${sim_node##*/}/device/driver/module | grep -q '/nouveau\$'"
	./nvpm info -d "$sim_node" >/tmp/info.out 2>&1
	sed 's/^/# /' /tmp/info.out
	check nvpm_info_on_nouveau_g84 grep -q "^$sim_node: G84 (chipset 0x084, NV50 family)" /tmp/info.out
	# libnvpm asks DRM_IOCTL_VERSION: "nouveau", and nvpm's GET_INFO at 0x20+
	check nvpm_info_served_by_nouveau grep -q "^  served by nouveau" /tmp/info.out
	check nvpm_info_lists_nvpm_and_nouveau sh -c \
		"[ \$(./nvpm info | grep -c '^/dev/dri/renderD') = 2 ]"
	check nvpm_list_on_nouveau_pgraph_idle_0xbd sh -c \
		"./nvpm list -d $sim_node core_a | grep -q '^  0xbd PGRAPH.IDLE'"
	# exact: a logic op true on every cycle counts every cycle of core_a
	./nvpm stat -d "$sim_node" -x , -e core_a/always -- sleep 0.05 >/tmp/stat.out 2>&1
	sed 's/^/# /' /tmp/stat.out
	check nvpm_stat_on_nouveau_counts_every_cycle awk -F, \
		'$3 == "core_a/always" && $1 > 0 && $1 == $4 { ok = 1 } END { exit !ok }' /tmp/stat.out
	# the simulated PGRAPH is busy 35% of each 1 ms round
	./nvpm stat -d "$sim_node" -x , -e core_a/PGRAPH.IDLE -- sleep 0.2 >/tmp/stat.out 2>&1
	sed 's/^/# /' /tmp/stat.out
	check nvpm_stat_on_nouveau_pgraph_idle_65_percent awk -F, \
		'$3 == "core_a/PGRAPH.IDLE" && $4 > 0 { r = 100 * $1 / $4; ok = r > 63 && r < 67 }
		END { exit !ok }' /tmp/stat.out
	check nvpm_top_on_nouveau sh -c "./nvpm top -d $sim_node -n 2 -I 100 -e core_a/PGRAPH.IDLE >/tmp/top.out &&
		[ \$(grep -c '^nvpm top - G84' /tmp/top.out) = 2 ] && grep -q '^core_a/PGRAPH.IDLE' /tmp/top.out"
	sed 's/^/# /' /tmp/top.out | head -n 12

	# libdrm_nouveau, as mesa submits: a channel on nouveau's node, its
	# objects and notifier, a counter group, frames of DRAWs between SAMPLEs
	# and READOUTs through GEM_PUSHBUF, 8 in flight, read from the ring
	# (40 + (f * 7919) % 211 primitives in frame f), waited for on a fence
	./nouveau_libdrm_client "$sim_node" 24 8 >/tmp/client.out 2>&1
	echo "exit $?" >>/tmp/client.out
	sed 's/^/# /' /tmp/client.out
	dmesg | grep 'nouveau-sim' | tail -n 20 | sed 's/^/# /'
	check nouveau_libdrm_client_frames_counted_exactly sh -c \
		"grep -q '^24 frames, 8 in flight: every count equals the primitives drawn; ring: 0 errors, 0 lost' /tmp/client.out &&
		grep -q '^exit 0' /tmp/client.out"
	check nvpm_chan_bind_refuses_what_is_not_the_files \
		grep -q '^bind: bad channel, object, notifier and ring size refused, a second bind busy' /tmp/client.out
	# over the frames, a record of core_b in the client's own channel, into
	# a buffer of its own, read as it comes: every packet, none lost
	check nouveau_libdrm_client_records_in_its_channel grep -q \
		"^record: [1-9][0-9]* packets of core_b in the client's channel, 0 lost, 0 gaps: every packet read" \
		/tmp/client.out
	check nvpm_record_start_refuses_what_is_not_the_files grep -q \
		'^record: bad channel, object and ring size refused, a second session busy' /tmp/client.out
	check nouveau_libdrm_client_every_frame_read \
		test "$(grep -c '^frame [0-9]*: ' /tmp/client.out)" = 24
	# a client killed with everything live (channel, objects, bound ring,
	# record, counter group, frames in flight): nouveau and nvpm release it all
	# (kmemleak and the warnings check below), and the node serves the next
	./nouveau_libdrm_client "$sim_node" 4096 8 >/tmp/kill.out 2>&1 &
	pid=$!
	i=0
	while ! grep -q '^frame 16:' /tmp/kill.out && [ $i -lt 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -KILL $pid
	wait $pid
	check nouveau_client_killed_mid_frames grep -q '^frame 16:' /tmp/kill.out
	# nvpm hud on nouveau's node: libnvpm makes nouveau's channel, objects
	# and notifier, submits by GEM_PUSHBUF and waits by GEM_CPU_PREP; each
	# frame's primitives counted exactly
	./nvpm hud -d "$sim_node" -n 12 -e core_a/setup_primitive_count >/tmp/hud.out 2>&1
	echo "exit $?" >>/tmp/hud.out
	sed 's/^/# /' /tmp/hud.out
	check nvpm_hud_on_nouveau_counts_every_frame awk \
		'$1 ~ /^[0-9]+$/ && NF == 5 && $5 ~ /%$/ { n++; if ($2 != $4) bad++ }
		/^exit 0$/ { ok = 1 } END { exit !(ok && n == 12 && !bad) }' /tmp/hud.out
	# nvpm record on nouveau's node: libnvpm makes a channel of nouveau's
	# for the session, and NOUVEAU_RECORD_START maps a GART BO of nouveau's
	# in that channel's address space.  First a session killed with its
	# channel and record live: its domains must be free again for the next.
	./nvpm record -d "$sim_node" -e core_a/PGRAPH.IDLE --period 65536 -o /tmp/kill.csv \
		>/tmp/kill.out 2>&1 &
	pid=$!
	sleep 2
	kill -KILL $pid
	wait $pid
	./nvpm record -d "$sim_node" -e core_a/PGRAPH.IDLE,core_a/PGRAPH.INTR --period 1024 -t 300 \
		-o /tmp/rec.csv >/tmp/rec.out 2>&1
	echo "exit $?" >>/tmp/rec.out
	sed 's/^/# /' /tmp/rec.out
	head -n 6 /tmp/rec.csv | sed 's/^/# /'
	check nvpm_record_on_nouveau_loses_nothing sh -c \
		"grep -q ' 0 packets lost -> /tmp/rec.csv' /tmp/rec.out && grep -q '^exit 0' /tmp/rec.out &&
		grep -q '^# core_a: [1-9][0-9]* packets, 0 lost, [0-9]* re-arms, 0 gaps\$' /tmp/rec.csv"
	# the simulated PGRAPH is idle 65% of each round: over the full rows
	check nvpm_record_on_nouveau_pgraph_idle_65_percent awk -F, \
		'$1 == "core_a" && $5 == "" { n++; c += $3; idle += $6; if ($6 > $3) bad++ }
		END { r = c ? 100 * idle / c : 0; exit !(n >= 100 && !bad && r > 63 && r < 67) }' /tmp/rec.csv
	# nvpm's ioctls and nouveau's own (NVIF, channels, GEM, pushbufs) on
	# nouveau's node, half of them mutated, around live groups, bound
	# channels, record sessions, NVIF objects and submissions; then closed
	# with all of it live (kmemleak and the warnings check below)
	timeout 420 ./nouveau_fuzz "$sim_node" 2000 1 >/tmp/fuzz.out 2>&1
	echo "exit $?" >>/tmp/fuzz.out
	sed 's/^/# /' /tmp/fuzz.out
	# what the kernel said of a run that failed or hung
	grep -q '^exit 0' /tmp/fuzz.out || dmesg | tail -n 60 | sed 's/^/# /'
	# NVIF NEW's objects stay on the file's list when their channel goes
	check nvpm_chan_bind_refuses_a_freed_channels_object sh -c \
		"grep -q '^CHAN_BIND of a freed channel.s object: No such file or directory' /tmp/fuzz.out &&
		grep -q '^RECORD_START of a freed channel.s object: No such file or directory' /tmp/fuzz.out"
	check nouveau_fuzz_reaches_every_operation sh -c \
		"grep -q '^2000 calls, seed 1: every operation succeeded; the node serves a group afterwards' /tmp/fuzz.out &&
		grep -q '^exit 0' /tmp/fuzz.out"
fi
rmmod nouveau
[ -z "$sim_node" ] ||
	check nouveau_sim_gone_with_nouveau test ! -e /sys/bus/platform/devices/nouveau-sim.132
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
