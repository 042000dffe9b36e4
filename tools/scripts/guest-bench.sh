# SPDX-License-Identifier: MIT
# make bench, inside the guest: load drm and nvpm on a simulated G84 and
# time the counter ioctls.
set -e
insmod ./drm.ko
mhz=$(sed -n 's/.*nvpm_bench_mhz=\([0-9]*\).*/\1/p' /proc/cmdline)
insmod ./nvpm.ko sim=g84 ${mhz:+sim_clock_mhz=$mhz}
iters=$(sed -n 's/.*nvpm_bench_iters=\([0-9]*\).*/\1/p' /proc/cmdline)
echo "== nvpm bench =="
if [ -n "$iters" ] && [ "$iters" != 0 ]; then
	./nvpm bench -n "$iters"
else
	./nvpm bench
fi
