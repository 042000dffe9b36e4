# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# nvpm developer entry points.  Kbuild reads ./Kbuild, not this file, so
# the same directory builds out of tree, in tree and into a KUnit kernel.
#
#   make run    build, boot Debian's kernel in QEMU, load nvpm on a simulated
#               G84, show what the nvpm tool reads from it
#   make test   every test: W=1 builds, KUnit in QEMU, uapi and counter
#               selftests
#   make nouveau  nouveau 6.1 with nvpm's perfmon engine: patch, build,
#               run nouveau's KUnit suite over the simulated GPU in QEMU
#   make run-nouveau  nouveau 6.12's own render node over a simulated G84
#               in QEMU, and the nvpm tool on it (make nouveau's kernel)
#   make fuzz   the ioctl fuzzer's long run (NVPM_FUZZ_CALLS=, default
#               400000; NVPM_FUZZ_SEED=) on make test's kernel plus gcov,
#               and the line coverage it reached
#   make dkms   install nvpm through DKMS for Debian's 6.1 and 6.12, check,
#               remove (as root: it writes /usr/src and /lib/modules)
#   make package  the Debian packages (nvpm-dkms, nvpm-tools, libnvpm0,
#               libnvpm-dev) from debian/, lintian, the example built
#               against them, the installed files run in QEMU
#   make bench  time the counter ioctls against DRM_IOCTL_VERSION, in QEMU
#               on Debian's kernel (NVPM_BENCH_ITERS= calls per round)
#
# Everything is installed on first use (apt, as root) and cached under
# ~/.cache/nvpm (override with NVPM_CACHE=).

NVPM_CACHE ?= $(HOME)/.cache/nvpm
export NVPM_CACHE

.PHONY: all module tools run run-nouveau test fuzz bench intree nouveau dkms package \
	checkpatch clean

all: module tools

module:
	@tools/scripts/build-module.sh

tools:
	@$(MAKE) -s -C tools O=$(NVPM_CACHE)/out/tools

run:
	@tools/scripts/run.sh

test:
	@tools/scripts/test.sh

fuzz:
	@tools/scripts/fuzz.sh

bench:
	@tools/scripts/bench.sh

intree:
	@tools/intree.sh

nouveau:
	@tools/scripts/nouveau.sh

run-nouveau:
	@NVPM_NOUVEAU_RUN=1 NVPM_NOUVEAU_KERNELS=6.12 \
		NVPM_NOUVEAU_GUEST=guest-nouveau-run.sh tools/scripts/nouveau.sh

dkms:
	@tools/scripts/dkms.sh

package:
	@tools/scripts/package.sh

checkpatch:
	@tools/scripts/checkpatch.sh

clean:
	rm -rf $(NVPM_CACHE)/out
