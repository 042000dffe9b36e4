# SPDX-License-Identifier: MIT
# make run, inside the guest: load drm, nvpm and the simulator (a G84) and show
# what the device reports, its domains and a few real counter values; then
# record a short timeline with hardware record mode on a G84 and a G92.
set -e
insmod ./drm.ko
# the simulated PGRAPH is busy 35% of the time: PGRAPH.IDLE should read 65%
insmod ./nvpm.ko
insmod ./nvpm_sim.ko sim=g84 sim_gr_busy=35
echo "== nvpm info =="
./nvpm info
echo
echo "== nvpm list core_a | head -n 15 =="
./nvpm list core_a | head -n 15
echo
echo "== nvpm stat -e core_a/always,host/always -I 50 -n 2 =="
./nvpm stat -e core_a/always,host/always -I 50 -n 2
echo
echo "== nvpm stat -e core_a/PGRAPH.IDLE -I 100 -n 2 (simulated PGRAPH 35% busy) =="
./nvpm stat -e core_a/PGRAPH.IDLE -I 100 -n 2
echo
# PDAEMON's idle counters (GT215+): the same 35% PGRAPH load, as gr busy
rmmod nvpm nvpm_sim
insmod ./nvpm.ko
insmod ./nvpm_sim.ko sim=gt215 sim_gr_busy=35
echo "== nvpm stat -e pdaemon/gr -I 100 -n 2 (simulated GT215, PGRAPH 35% busy) =="
./nvpm stat -e pdaemon/gr -I 100 -n 2
echo
echo "== nvpm top -n 2 (simulated GT215) =="
./nvpm top -n 2 -e core_a/PGRAPH.IDLE
echo
# Record mode: reload with a G84 and a G92, record a short timeline on each.
rmmod nvpm nvpm_sim
insmod ./nvpm.ko
insmod ./nvpm_sim.ko sim=g84,g92 sim_gr_busy=35
for dev in /dev/dri/renderD128:g84 /dev/dri/renderD129:g92; do
	node=${dev%%:*}
	chip=${dev##*:}
	echo "== nvpm record -d $node -e core_a/PGRAPH.IDLE,core_a/PGRAPH.INTR,core_b/0x20 --period 65536 -o $chip.csv -- sleep 0.2 =="
	./nvpm record -d "$node" -e core_a/PGRAPH.IDLE,core_a/PGRAPH.INTR,core_b/0x20 \
		--period 65536 -o "/tmp/$chip.csv" -- sleep 0.2
	head -n 6 "/tmp/$chip.csv"
	echo "... $(grep -c '^core_' "/tmp/$chip.csv") rows"
	echo "== nvpm plot $chip.csv -o $chip.svg =="
	./nvpm plot "/tmp/$chip.csv" -o "/tmp/$chip.svg"
	echo "$chip.svg: $(wc -c <"/tmp/$chip.svg") bytes, $(grep -c '<path' "/tmp/$chip.svg") paths"
	echo
done
echo "== nvpm hud -n 12 (frames sampled by software methods, 8 in flight) =="
./nvpm hud -n 12
echo
# The host unpacks this from the second serial port (see run.sh).
tar -C /tmp -cz g84.csv g84.svg g92.csv g92.svg | base64 >/dev/ttyS1
