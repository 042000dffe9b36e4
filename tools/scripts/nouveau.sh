#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make nouveau: nouveau with nvpm's perfmon engine, built and tested, for
# each of Debian 12's kernels (NVPM_NOUVEAU_KERNELS, default "6.1 6.12"):
# 6.1 with nouveau/patches, 6.12 with nouveau/patches-6.12.
#  1. unpack linux-source-<kernel> into a cache dir of its own (never the
#     shared unpacked copy), apply the series, link nvpm's nouveau files
#     (nouveau/nvkm/... for 6.1, nouveau/nvkm612/... for 6.12) into
#     nouveau and nvpm itself as drivers/gpu/drm/nvpm;
#  2. build a test kernel (tests/kunit/kunitconfig + the variant's
#     kunitconfig: nouveau and nvpm as modules, KASAN, lockdep, kmemleak);
#  3. boot it in QEMU: `modprobe nouveau` loads nvpm.ko as its dependency
#     and runs nouveau's KUnit suite over nvpm's simulated GPUs; on 6.12
#     (DRM_NOUVEAU_SIM) nouveau is loaded again with sim=0x84 and the nvpm
#     tool runs on nouveau's own render node; then unload both and scan
#     for leaks.
# Then the 6.12 series is built once more out of tree, as for a real box,
# against Debian's 6.12 headers.  Ends with "nouveau <kernel>: N passed,
# N failed" per variant; exits non-zero on any failure.
#
# make run-nouveau sets NVPM_NOUVEAU_RUN=1, NVPM_NOUVEAU_KERNELS=6.12 and
# NVPM_NOUVEAU_GUEST=guest-nouveau-run.sh: the same kernel, with the nvpm
# tool shown on nouveau's node instead of the checks (no suites run).
set -uo pipefail
. "$(dirname "$0")/common.sh"

"$NVPM_ROOT/tools/scripts/deps.sh" || nvpm_die "cannot install dependencies"

all_failed=0
all_passed=0
finish() {
	echo "nouveau $1: $passed passed, $failed failed"
	all_passed=$((all_passed + passed))
	all_failed=$((all_failed + failed))
	[ "$passed" -gt 0 ] || all_failed=$((all_failed + 1))
}

variant() {
	local kernel=$1 series glue linux kunitconfig cache
	passed=0
	failed=0
	case $kernel in
	6.1)	series=nouveau/patches glue=nouveau/nvkm linux=linux-source-6.1
		kunitconfig=nouveau/kunitconfig cache=nouveau ;;
	6.12)	series=nouveau/patches-6.12 glue=nouveau/nvkm612 linux=linux-source-6.12
		kunitconfig=nouveau/kunitconfig-6.12 cache=nouveau612 ;;
	*)	nvpm_die "no nouveau variant for kernel $kernel" ;;
	esac
	if [ ! -f "/usr/src/$linux.tar.xz" ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			"$linux" >/dev/null || nvpm_die "cannot install $linux"
	fi

	# The source tree: one patched copy of linux-source-6.1, kept across runs.
	# When the series changes, the applied patches from the first one that
	# differs (in its diff, not its description) are reversed and the new ones
	# applied in place, so only the files they touch are rebuilt (a new tree
	# would rebuild the whole kernel: kbuild records the source path in every
	# command).  The build directory is keyed by the configs only.
	patches=("$NVPM_ROOT/$series"/*.patch)
	key=$(cat "$NVPM_ROOT/tests/kunit/kunitconfig" "$NVPM_ROOT/$kunitconfig" |
		sha256sum | cut -c1-12)
	src=$NVPM_CACHE/$cache-src
	build=$NVPM_CACHE/$cache-build-$key
	applied=$src/.nvpm-patches
	unpack() {
		local tar=/usr/src/$linux.tar.xz
		[ -f "$tar" ] || nvpm_die "$linux is not installed"
		nvpm_log "unpacking $tar into $src"
		rm -rf "$src" "$src.tmp"
		mkdir -p "$src.tmp/.nvpm-patches"
		tar -C "$src.tmp" -xf "$tar" --strip-components=1
		touch "$src.tmp/.nvpm-unpacked"
		mv "$src.tmp" "$src"
	}
	diffpart() { sed -n '/^diff /,$p' "$1"; }
	[ -f "$src/.nvpm-unpacked" ] || unpack
	mkdir -p "$applied"
	old=()
	for p in "$applied"/*.patch; do [ -f "$p" ] && old+=("$p"); done
	same=0
	while [ "$same" -lt "${#old[@]}" ] && [ "$same" -lt "${#patches[@]}" ] &&
		cmp -s <(diffpart "${old[$same]}") <(diffpart "${patches[$same]}"); do
		same=$((same + 1))
	done
	if [ "$same" -lt "${#old[@]}" ] || [ "$same" -lt "${#patches[@]}" ]; then
		nvpm_log "$src: reversing $(( ${#old[@]} - same )), applying $(( ${#patches[@]} - same )) patches"
		for ((i = ${#old[@]} - 1; i >= same; i--)); do
			if ! patch -d "$src" -p1 -R --quiet --force <"${old[$i]}" >/dev/null; then
				nvpm_log "$(basename "${old[$i]}") does not reverse"
				unpack
				same=0
				break
			fi
		done
		for ((i = same; i < ${#patches[@]}; i++)); do
			patch -d "$src" -p1 --quiet --forward <"${patches[$i]}" >&2 ||
				{ rm -f "$src/.nvpm-unpacked"; nvpm_die "$(basename "${patches[$i]}") does not apply"; }
		done
	fi
	rm -f "$applied"/*.patch
	cp "${patches[@]}" "$applied/"

	# nvpm's files: linked (not copied) on every run, so edits rebuild.
	drm=$src/drivers/gpu/drm
	(cd "$NVPM_ROOT/$glue" && find . -name '*.c') | while read -r f; do
		ln -sfn "$NVPM_ROOT/$glue/$f" "$drm/nouveau/nvkm/$f"
	done
	ln -sfn "$NVPM_ROOT" "$drm/nvpm"
	grep -q 'drivers/gpu/drm/nvpm/Kconfig' "$drm/Kconfig" ||
		echo 'source "drivers/gpu/drm/nvpm/Kconfig"' >>"$drm/Kconfig"
	grep -q 'CONFIG_DRM_NVPM)' "$drm/Makefile" ||
		echo 'obj-$(CONFIG_DRM_NVPM) += nvpm/' >>"$drm/Makefile"

	mkdir -p "$build"
	# Another checkout's files behind the same links: make compares times only,
	# so drop what was built from the previous one.
	if [ "$(cat "$build/.nvpm-root" 2>/dev/null)" != "$NVPM_ROOT" ]; then
		rm -rf "$build/drivers/gpu/drm/nvpm" "$build"/drivers/gpu/drm/nouveau/nvkm/engine/pm/nvpm*
		echo "$NVPM_ROOT" >"$build/.nvpm-root"
	fi
	cat "$NVPM_ROOT/tests/kunit/kunitconfig" "$NVPM_ROOT/$kunitconfig" >"$build/.kunitconfig"
	nvpm_log "building nouveau + nvpm in $build"
	start=$(date +%s)
	(cd "$src" && python3 tools/testing/kunit/kunit.py build --arch=x86_64 \
		--kunitconfig="$build/.kunitconfig" --build_dir="$build" \
		--jobs="$(nproc)") >"$build/build.log" 2>&1
	bstatus=$?
	nvpm_log "build: $(( $(date +%s) - start )) s"
	if [ "$bstatus" != 0 ]; then
		grep -E "error|Error" "$build/build.log" | head -n 30 >&2
		result build_nouveau_with_nvpm 1
		return
	fi
	# nouveau's and nvpm's own files build without warnings
	warn=$(grep -E "drivers/gpu/drm/(nvpm|nouveau)/.*warning:" "$build/build.log")
	[ -z "$warn" ] || echo "$warn" >&2
	result build_nouveau_with_nvpm "$( [ -z "$warn" ]; echo $?)"

	# the nvpm tool (and libnvpm.so.0), for the guest's checks on nouveau's own node
	make -s -C "$NVPM_ROOT/tools" O="$NVPM_OUT/tools" "$NVPM_OUT/tools/nvpm" \
		"$NVPM_OUT/tools/libnvpm.so" >&2
	result build_nvpm_tool $?

	# a client of nouveau's node on libdrm_nouveau (Debian's libdrm-nouveau2)
	# and on libnvpm, for nvpm's ioctls there
	gcc -Wall -Wextra -Werror -O2 -I"$NVPM_ROOT/uapi/drm" -I"$NVPM_ROOT/tools/lib" \
		-I/usr/include/libdrm "$NVPM_ROOT/tests/selftests/nouveau_libdrm_client.c" \
		-o "$NVPM_OUT/nouveau_libdrm_client" -L"$NVPM_OUT/tools" -lnvpm \
		-ldrm_nouveau -ldrm >&2
	result build_nouveau_libdrm_client $?
	# nvpm's ioctls on nouveau's node, valid and mutated around live state
	gcc -Wall -Wextra -Werror -O2 -I"$NVPM_ROOT/uapi/drm" -I"$NVPM_ROOT/tools/lib" \
		-I/usr/include/libdrm "$NVPM_ROOT/tests/selftests/nouveau_fuzz.c" \
		-o "$NVPM_OUT/nouveau_fuzz" -L"$NVPM_OUT/tools" -lnvpm -ldrm >&2
	result build_nouveau_fuzz $?

	kver=$(cat "$build/include/config/kernel.release")
	root=$(mktemp -d "$NVPM_OUT/$cache-root.XXXXXX")
	chmod 755 "$root"
	make -s -C "$src" O="$build" INSTALL_MOD_PATH="$root" modules_install >/dev/null 2>&1 ||
		nvpm_die "modules_install failed"
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,nvpm}
	cp /bin/busybox "$root/bin/busybox"
	cp "$NVPM_ROOT/tools/scripts/guest-init.sh" "$root/init"
	cp "$NVPM_ROOT/tools/scripts/${NVPM_NOUVEAU_GUEST:-guest-nouveau.sh}" "$root/guest.sh"
	chmod +x "$root/init" "$root/guest.sh"
	if [ -f "$NVPM_OUT/tools/nvpm" ]; then
		cp "$NVPM_OUT/tools/nvpm" "$root/nvpm/nvpm"
		nvpm_guest_libs "$root" "$NVPM_OUT/tools/nvpm"
	fi
	for prog in nouveau_libdrm_client nouveau_fuzz; do
		[ -f "$NVPM_OUT/$prog" ] || continue
		cp "$NVPM_OUT/$prog" "$root/nvpm/"
		NVPM_GUEST_LIBPATH=$NVPM_OUT/tools nvpm_guest_libs "$root" "$NVPM_OUT/$prog"
	done
	initrd=$NVPM_OUT/$cache.cpio.gz
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$initrd"
	rm -rf "$root"

	log=$NVPM_OUT/$cache.log
	nvpm_log "booting the nouveau test kernel ($kver) in QEMU (TCG)"
	NVPM_QEMU_TIMEOUT=${NVPM_QEMU_TIMEOUT:-900} \
		nvpm_qemu "$build/arch/x86/boot/bzImage" "$initrd" "" >"$log" 2>&1
	grep -q "NVPM-GUEST-EXIT" "$log"
	result nouveau_guest_ran_to_the_end $?
	# make run-nouveau: what the guest showed, no suites to count
	if [ -n "${NVPM_NOUVEAU_RUN:-}" ]; then
		sed -n '/NVPM-RUN-BEGIN/,/NVPM-RUN-END/p' "$log" | sed '1d;$d'
		grep -q "NVPM-RUN-END" "$log"
		result nouveau_run_showed_the_tool $?
		return
	fi

	# the suites' lines under one header of ours (6.12 prints its own
	# for a module's suites, 6.1 none)
	ktap=$(sed -n '/NVPM-KTAP-BEGIN/,/NVPM-KTAP-END/p' "$log" |
		grep -E '^ *(KTAP version|# |1\.\.|ok |not ok )' |
		grep -vE '^(KTAP version|1\.\.)')
	nsuites=$(echo "$ktap" | grep -cE '^(ok|not ok) ')
	printf 'KTAP version 1\n1..%s\n%s\n' "$nsuites" "$ktap" >"$NVPM_OUT/$cache.ktap"
	kout=$(cd "$src" && python3 tools/testing/kunit/kunit.py parse "$NVPM_OUT/$cache.ktap" 2>&1)
	kstatus=$?
	echo "$kout" | grep -E "^\[.*\] (\[(FAILED|CRASHED)\]|=+ \[(PASSED|FAILED|CRASHED)\])|Testing complete|# .*(expected|but)" |
		sed 's/^\[[0-9:]*\] //'
	summary=$(echo "$kout" | grep "Testing complete" | tail -n 1)
	kpass=$(echo "$summary" | sed -n 's/.*passed: \([0-9]*\).*/\1/p')
	kfail=$(echo "$summary" | sed -n 's/.*failed: \([0-9]*\).*/\1/p')
	kcrash=$(echo "$summary" | sed -n 's/.*crashed: \([0-9]*\).*/\1/p')
	passed=$((passed + ${kpass:-0}))
	failed=$((failed + ${kfail:-0} + ${kcrash:-0}))
	if [ "$kstatus" != 0 ] || [ -z "$kpass" ] || [ "$kpass" = 0 ]; then
		[ -n "$kfail$kcrash" ] || result nouveau_kunit_ran 1
		echo "$kout" | grep -vE "^\[.*\] \[PASSED\]" | tail -n 40
	fi

	sed -n '/NVPM-SELFTEST-BEGIN/,/NVPM-SELFTEST-END/p' "$log" >"$NVPM_OUT/$cache.tap"
	grep -E "^not ok " "$NVPM_OUT/$cache.tap" || true
	spass=$(grep -cE "^ok " "$NVPM_OUT/$cache.tap")
	sfail=$(grep -cE "^not ok " "$NVPM_OUT/$cache.tap")
	passed=$((passed + spass))
	failed=$((failed + sfail))
	[ "$spass" -gt 0 ] || result nouveau_guest_checks_ran 1
}

for k in ${NVPM_NOUVEAU_KERNELS:-6.1 6.12}; do
	variant "$k"
	finish "$k"
done
if [ -n "${NVPM_NOUVEAU_RUN:-}" ]; then
	[ "$all_failed" = 0 ]
	exit
fi

# the 6.12 series out of tree against Debian's 6.12 headers, as for a
# real box (nvpm.ko without the simulator)
passed=0
failed=0
KERNEL=6.12 "$NVPM_ROOT/tools/scripts/nouveau-module.sh" >/dev/null
result build_nouveau_6.12_module_for_debian $?
all_passed=$((all_passed + passed))
all_failed=$((all_failed + failed))
echo "nouveau: $all_passed passed, $all_failed failed"
[ "$all_failed" = 0 ]
