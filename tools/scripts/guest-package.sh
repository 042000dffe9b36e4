# SPDX-License-Identifier: MIT
# make package, inside the guest: nvpm.ko and nvpm_sim.ko as DKMS built
# them from the nvpm-dkms package, the nvpm tool and libnvpm.so.0 at the
# paths the nvpm-tools and libnvpm0 packages install them to, and the
# example program built against libnvpm-dev.
set -e
insmod ./drm.ko
insmod ./nvpm.ko
insmod ./nvpm_sim.ko sim=g84
echo "== /usr/bin/nvpm info =="
/usr/bin/nvpm info
echo "== nvpm-example =="
./nvpm-example
