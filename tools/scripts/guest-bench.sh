# SPDX-License-Identifier: MIT
# make bench, inside the guest: load drm and nvpm on a simulated G84 and
# time the counter ioctls.
set -e
insmod ./drm.ko
mhz=$(sed -n 's/.*nvpm_bench_mhz=\([0-9]*\).*/\1/p' /proc/cmdline)
insmod ./nvpm.ko
insmod ./nvpm_sim.ko sim=g84 ${mhz:+sim_clock_mhz=$mhz}
iters=$(sed -n 's/.*nvpm_bench_iters=\([0-9]*\).*/\1/p' /proc/cmdline)
echo "== nvpm bench =="
if [ -n "$iters" ] && [ "$iters" != 0 ]; then
	./nvpm bench -n "$iters"
else
	./nvpm bench
fi

# nvpm hud's draw load (DRAWs between sampled frames): does the simulated
# clock keep real time?  The cycles it dropped, from the debugfs file.
sim=$(ls /sys/kernel/debug/dri/*/nvpm_sim | head -n 1)
dropped() { sed -n 's/.* dropped \([0-9]*\) .*/\1/p' "$sim"; }
d0=$(dropped)
t0=$(cut -d' ' -f1 /proc/uptime)
./nvpm hud -n 200 | tail -n 1
t1=$(cut -d' ' -f1 /proc/uptime)
d1=$(dropped)
clock=$(sed -n 's/^clock_mhz \([0-9]*\) .*/\1/p' "$sim")
awk -v d="$((d1 - d0))" -v t="$t0" -v u="$t1" -v mhz="$clock" 'BEGIN {
	printf "nvpm hud, 200 frames in %.2f s: simulated clock kept %.0f%% (%d cycles dropped)\n",
	       u - t, 100 * (1 - d / ((u - t) * mhz * 1e6)), d }'
