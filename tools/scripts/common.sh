# SPDX-License-Identifier: MIT
# Shared settings for the nvpm helper scripts.  Sourced, not run.

NVPM_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVPM_CACHE=${NVPM_CACHE:-$HOME/.cache/nvpm}
NVPM_OUT=${NVPM_OUT:-$NVPM_CACHE/out}
mkdir -p "$NVPM_CACHE" "$NVPM_OUT"

nvpm_log() { printf '[nvpm] %s\n' "$*" >&2; }

# A check's outcome, counted in $passed and $failed: "PASS name" or
# "FAIL name".  $1: name, $2: its exit status.
passed=0
failed=0
result() {
	if [ "$2" = 0 ]; then passed=$((passed + 1)); echo "PASS $1";
	else failed=$((failed + 1)); echo "FAIL $1"; fi
}
nvpm_die() { printf '[nvpm] error: %s\n' "$*" >&2; exit 1; }

# Debian's 6.1 headers: the ABI the out-of-tree module and the kernel image
# must share.  Taken from the installed headers, never from uname -r.
nvpm_debian_kver() {
	local d
	d=$(ls -d /usr/src/linux-headers-6.1.*-amd64 2>/dev/null | sort -V | tail -n 1 || true)
	[ -n "$d" ] || nvpm_die "linux-headers-amd64 (6.1) is not installed"
	basename "$d" | sed 's/^linux-headers-//'
}

# Debian 12's 6.12 headers (bookworm-security), the newest installed.
nvpm_debian_kver612() {
	local d
	d=$(ls -d /usr/src/linux-headers-6.12.*+deb12-amd64 2>/dev/null | sort -V | tail -n 1 || true)
	[ -n "$d" ] || nvpm_die "Debian's 6.12 headers are not installed"
	basename "$d" | sed 's/^linux-headers-//'
}

# The Debian kernel KERNEL= names (6.1, the default, or 6.12).
nvpm_kernel_kver() {
	case ${KERNEL:-6.1} in
	6.1) nvpm_debian_kver ;;
	6.12) nvpm_debian_kver612 ;;
	*) nvpm_die "KERNEL=$KERNEL: 6.1 or 6.12" ;;
	esac
}

# drm.ko of an unpacked Debian image ($1), uncompressed (6.12 ships
# modules xz-compressed, which busybox's insmod cannot load) into $2.
nvpm_debian_drm() {
	local f
	f=$(find "$1/lib/modules" -name 'drm.ko*' | head -n 1)
	[ -n "$f" ] || nvpm_die "no drm.ko in $1"
	case $f in
	*.xz) xz -dc "$f" >"$2" ;;
	*) cp "$f" "$2" ;;
	esac
}

# Unpacked linux-source-6.1, cached outside the repository.
nvpm_linux_src() {
	local tar=/usr/src/linux-source-6.1.tar.xz dir
	[ -f "$tar" ] || nvpm_die "linux-source-6.1 is not installed"
	dir="$NVPM_CACHE/linux-source-6.1"
	if [ ! -f "$dir/.nvpm-unpacked" ]; then
		nvpm_log "unpacking $tar"
		rm -rf "$dir" "$dir.tmp"
		mkdir -p "$dir.tmp"
		tar -C "$dir.tmp" -xf "$tar" --strip-components=1
		touch "$dir.tmp/.nvpm-unpacked"
		mv "$dir.tmp" "$dir"
	fi
	echo "$dir"
}

# A mirror of the sources made of symlinks: on 6.1, M= builds write their
# objects next to the sources, and the repository must stay clean.  Kept
# from one build to the next, so that make rebuilds only what changed
# (it follows the links to the files' times); made anew when $2 (what
# the objects were built from: checkout, kernel, arguments) changed.
nvpm_mirror() {
	local dst=$1 stamp=$2 f
	if [ "$(cat "$dst/.nvpm-from" 2>/dev/null)" != "$stamp" ]; then
		rm -rf "$dst"
		mkdir -p "$dst"
		echo "$stamp" >"$dst/.nvpm-from"
	fi
	# links to files gone from the checkout go too
	find "$dst" -xtype l -delete
	(cd "$NVPM_ROOT" && find Kbuild Kconfig nvkm sim include host uapi nvpm_*.c nvpm_*.h tests/kunit \
		-type f \( -name '*.c' -o -name '*.h' -o -name Kbuild -o -name Kconfig \) 2>/dev/null) |
	while read -r f; do
		[ -L "$dst/$f" ] && continue
		mkdir -p "$dst/$(dirname "$f")"
		ln -s "$NVPM_ROOT/$f" "$dst/$f"
	done
}

# Build nvpm.ko against a kernel build tree.  $1: kernel dir (headers or
# build dir), $2: output name, rest: extra make arguments.  W=1; any
# compiler warning fails the build, and drops the objects, so that the
# next build compiles (and warns) again.  Prints the path of nvpm.ko; the
# simulator's module, nvpm_sim.ko, is next to it (but in a KUnit build,
# whose nvpm.ko carries the simulator for its suites).
nvpm_build_module() {
	local kdir=$1 name=$2 mirror log
	shift 2
	mirror=$NVPM_OUT/$name
	log=$NVPM_OUT/$name.log
	nvpm_mirror "$mirror" "$NVPM_ROOT $kdir $*"
	if ! make -C "$kdir" M="$mirror" W=1 -j"$(nproc)" "$@" modules >"$log" 2>&1; then
		cat "$log" >&2
		nvpm_die "module build ($name) failed"
	fi
	if grep -q "warning:" "$log"; then
		grep -B2 -A4 "warning:" "$log" >&2
		rm -rf "$mirror"
		nvpm_die "module build ($name) has warnings"
	fi
	echo "$mirror/nvpm.ko"
}

# The shared libraries and loader a dynamically linked program needs,
# copied into a guest root ($1) at the paths they have here.  Libraries of
# nvpm's own build (libnvpm.so.0, found next to the program $2) go where
# the libnvpm0 package installs them, /usr/lib/x86_64-linux-gnu, where the
# guest's loader looks without an ld.so.cache (NVPM_GUEST_LIBPATH: another
# directory to find them in).  A static program needs nothing.
nvpm_guest_libs() {
	local root=$1 prog=$2 lib dst path
	path=${NVPM_GUEST_LIBPATH:+$NVPM_GUEST_LIBPATH:}$(dirname "$prog")
	for lib in $(LD_LIBRARY_PATH=$path ldd "$prog" 2>/dev/null | grep -o '/[^ ]*'); do
		case $lib in
		/lib/* | /lib64/* | /usr/lib/*) dst=$lib ;;
		*) dst=/usr/lib/x86_64-linux-gnu/${lib##*/} ;;
		esac
		[ -e "$root$dst" ] && continue
		mkdir -p "$root$(dirname "$dst")"
		cp -L "$lib" "$root$dst"
	done
}

# Copy Debian's dynamically linked programs into a guest root, with the
# shared libraries and loader they need.  $1: the root, rest: the programs
# (copied to /usr/bin).
nvpm_guest_programs() {
	local root=$1 prog
	shift
	mkdir -p "$root/usr/bin"
	for prog in "$@"; do
		cp "$prog" "$root/usr/bin/"
		nvpm_guest_libs "$root" "$prog"
	done
}

# Pack a busybox initramfs.  $1: output (.cpio.gz), $2: guest script run
# as /guest.sh, rest: files copied to /nvpm/ in the guest (a dynamically
# linked one with its libraries).  Programs named
# in NVPM_GUEST_PROGRAMS (space separated) come along with their libraries.
nvpm_initramfs() {
	local out=$1 guest=$2 root f
	shift 2
	root=$(mktemp -d "$NVPM_OUT/initramfs.XXXXXX")
	chmod 755 "$root"	# the guest's / (mktemp makes it 0700)
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,nvpm}
	cp /bin/busybox "$root/bin/busybox"
	cp "$NVPM_ROOT/tools/scripts/guest-init.sh" "$root/init"
	cp "$guest" "$root/guest.sh"
	chmod +x "$root/init" "$root/guest.sh"
	for f in "$@"; do
		cp "$f" "$root/nvpm/"
		# the nvpm tool links libnvpm.so.0
		if [ -x "$f" ]; then nvpm_guest_libs "$root" "$f"; fi
	done
	# shellcheck disable=SC2086
	nvpm_guest_programs "$root" ${NVPM_GUEST_PROGRAMS:-}
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$out"
	rm -rf "$root"
}

# Boot a kernel with an initramfs under TCG; the guest's console is our
# stdout.  $1: kernel, $2: initramfs, $3: extra command line.  Further QEMU
# arguments come from NVPM_QEMU_ARGS (word split), the memory size from
# NVPM_QEMU_MEM (512M).
#
# One host thread runs both vCPUs (thread=single).  Debian 12's QEMU 7.2
# with a thread per vCPU races a vCPU's stale translation against the
# other's code patching: a kernel that flips a static key while booting
# takes an "Oops: int3" on the patched site now and then, more often on a
# loaded host (a CI run of 6.12.117 died so in sched_clock_cpu; the same
# crash is reported against QEMU 8.0 on LKML, July 2023, "qemu-x86_64
# booting with 8.0.0 stil see int3").  The guests still have two CPUs for
# the concurrency tests; the host runs up to three guests on two cores,
# so one thread per guest costs little.
# shellcheck disable=SC2086
nvpm_qemu() {
	timeout --foreground "${NVPM_QEMU_TIMEOUT:-600}" \
		qemu-system-x86_64 -accel tcg,thread=single -m "${NVPM_QEMU_MEM:-512M}" -smp 2 \
		-bios /usr/share/qemu/qboot.rom -nodefaults -display none \
		-serial stdio -no-reboot \
		-kernel "$1" -initrd "$2" \
		-append "console=ttyS0 panic=-1 printk.time=0 $(nvpm_guest_tsc) $3" \
		${NVPM_QEMU_ARGS:-}
}

# Run a User Mode Linux kernel (kunit-kernel.sh um) with an initramfs: the
# kernel is a program of the host, its code runs natively.  Its console
# (tty0: UML's first console, on its stdin and stdout, as kunit.py runs
# it) is our stdout.  $1: the kernel, $2: the initramfs, $3: extra command
# line.  Memory: NVPM_UML_MEM (1G, as kunit.py gives it).  UML maps its
# memory from a file in /dev/shm.
# shellcheck disable=SC2086
nvpm_uml() {
	timeout --foreground "${NVPM_QEMU_TIMEOUT:-600}" \
		"$1" mem="${NVPM_UML_MEM:-1G}" initrd="$2" \
		console=tty panic=-1 printk.time=0 nvpm_uml=1 $3 </dev/null
}

# Under TCG the guest's TSC is the host's, but a guest calibrating it on
# a loaded host can get it wrong (PIT against HPET, both emulated: 868
# MHz for 2593 once), and then sched_clock(), which the simulator keeps
# time by, runs at a multiple of CLOCK_MONOTONIC (HPET), which the tests
# measure by.  A host with a constant TSC tells the guest its rate.
nvpm_guest_tsc() {
	grep -qw constant_tsc /proc/cpuinfo || return 0
	awk '/^cpu MHz/ { printf "tsc_early_khz=%d\n", $4 * 1000; exit }' /proc/cpuinfo
}

# Build nvpm.ko, nvpm_sim.ko and the tools for Debian's kernel (6.1, or
# KERNEL=6.12), boot that kernel in QEMU with drm.ko, the two modules and
# nvpm, run guest script $2 and print its output from the line $3 on.
# $1: name of the run, $4: extra command line.
nvpm_debian_guest() {
	local name=$1 guest=$2 marker=$3 cmdline=$4 ko image kver drm initrd log

	"$NVPM_ROOT/tools/scripts/deps.sh"
	ko=$("$NVPM_ROOT/tools/scripts/build-module.sh")
	make -s -C "$NVPM_ROOT/tools" O="$NVPM_OUT/tools" >&2
	image=$("$NVPM_ROOT/tools/scripts/debian-kernel.sh")
	kver=$(nvpm_kernel_kver)
	drm=$NVPM_OUT/drm-$kver/drm.ko
	mkdir -p "${drm%/*}"
	nvpm_debian_drm "$image" "$drm"

	initrd=$NVPM_OUT/$name.cpio.gz
	nvpm_initramfs "$initrd" "$guest" "$drm" "$ko" "${ko%/*}/nvpm_sim.ko" "$NVPM_OUT/tools/nvpm"

	nvpm_log "booting Debian $kver in QEMU (TCG)"
	log=$NVPM_OUT/$name.log
	nvpm_qemu "$image/boot/vmlinuz-$kver" "$initrd" "loglevel=4 $cmdline" | tee "$log" |
		sed -n "/$marker/,/NVPM-GUEST-EXIT/p" | grep -v NVPM-GUEST-EXIT
	grep -q "NVPM-GUEST-EXIT 0" "$log" ||
		{ tail -n 30 "$log" >&2; nvpm_die "guest failed (log: $log)"; }
}
