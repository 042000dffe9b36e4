#!/bin/busybox sh
# SPDX-License-Identifier: MIT
# /init of the nvpm test guests: mount the basics, run /guest.sh, reboot
# (with -no-reboot, QEMU exits).
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
reboot -f
