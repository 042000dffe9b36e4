#!/bin/busybox sh
# SPDX-License-Identifier: MIT
# /init of the nvpm test guests: mount the basics, run /guest.sh, reboot
# (with -no-reboot, QEMU exits).  User Mode Linux restarts on a reboot: it
# is told nvpm_uml=1 on its command line, and halts, which ends it.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mkdir -p /tmp
cd /nvpm
sh /guest.sh
echo "NVPM-GUEST-EXIT $?"
if grep -q nvpm_uml=1 /proc/cmdline; then halt -f; fi
reboot -f
