# SPDX-License-Identifier: MIT
# make run, inside the guest: load drm and nvpm on a simulated G84 and show
# what the device reports.
set -e
insmod ./drm.ko
insmod ./nvpm.ko sim=g84
echo "== nvpm info =="
./nvpm info
