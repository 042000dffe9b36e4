# SPDX-License-Identifier: MIT
# make run-nouveau, inside the nouveau 6.12 test kernel: nouveau's own DRM
# device over a simulated G84 (test-only nouveau.sim=0x84), and the nvpm
# tool on its render node, as a user runs it.  No KUnit suite runs.
echo 1 >/proc/sys/kernel/printk
modprobe kunit 2>/dev/null
echo nvpm-no-suite >/sys/module/kunit/parameters/filter_glob 2>/dev/null
modprobe nouveau sim=0x84
node=
for d in /sys/class/drm/renderD*; do
	case $(readlink "$d/device/driver") in
	*/nouveau-sim) node=/dev/dri/${d##*/} ;;
	esac
done
echo NVPM-RUN-BEGIN
if [ -z "$node" ]; then
	echo "nouveau made no render node over the simulated G84"
	dmesg | grep nouveau | tail -n 20
else
	echo "== nvpm info -d $node (nouveau's render node) =="
	./nvpm info -d "$node"
	echo
	echo "== nvpm list -d $node core_a (first signals) =="
	./nvpm list -d "$node" core_a | head -n 8
	echo
	echo "== nvpm stat -d $node -e core_a/PGRAPH.IDLE,core_a/always -- sleep 0.2 =="
	./nvpm stat -d "$node" -e core_a/PGRAPH.IDLE,core_a/always -- sleep 0.2
	echo
	echo "== nvpm hud -d $node -n 8 (nouveau's channel, GEM_PUSHBUF, software methods) =="
	./nvpm hud -d "$node" -n 8
	echo
	echo "== nvpm record -d $node -e core_a/PGRAPH.IDLE --period 1024 -t 100 -o /tmp/rec.csv (nouveau's channel and GART BO) =="
	./nvpm record -d "$node" -e core_a/PGRAPH.IDLE --period 1024 -t 100 -o /tmp/rec.csv
	head -n 6 /tmp/rec.csv
	echo
	echo "== nouveau_libdrm_client $node 8 4 (libdrm_nouveau, as mesa submits) =="
	./nouveau_libdrm_client "$node" 8 4
fi
echo NVPM-RUN-END
rmmod nouveau
