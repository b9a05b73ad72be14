# brlock lab: build the patched Debian 6.1 kernel, boot it in QEMU, look.
#
#   make        (= make run) build what is missing, boot, run the demo
#   make test   build what is missing, boot, run the test suite
#   make check  the checks that need no kernel build and no boot
#   make soak   the long torture and mount storm (not in CI; SOAK_S=600)
#   make bench  patched against stock: the exact table (instructions per
#               operation), then the timing tables
#   make exact  the exact table alone, on built bench kernels
#
# Every target installs what it needs first (make deps) and is incremental:
# the kernel tree is extracted once, a changed series is re-applied with git,
# and kbuild with ccache rebuilds only what the change touches.

SHELL := /bin/bash
TOP := $(CURDIR)
BUILD := $(TOP)/build
TREE := $(BUILD)/linux
OBJ := $(BUILD)/obj
TARBALL := /usr/src/linux-source-6.1.tar.xz
BZIMAGE := $(OBJ)/arch/x86/boot/bzImage
INITRD := $(BUILD)/initramfs.cpio
# The same without the tracing tools, for the test boots that trace
# nothing: a tenth of the size to unpack at every boot.
INITRD_LEAN := $(BUILD)/initramfs-lean.cpio
APPLIED := $(TREE)/.git/brlock-applied
JOBS ?= $(shell nproc)

# Config: allnoconfig plus what the lab and the tests need
# (kconfig/*.config, merged in this order): a fifth fewer objects to build
# than the x86_64_defconfig base the bench kernels keep, and a test boot a
# second shorter.
KCONFIG_FRAGMENTS := $(addprefix kconfig/,base.config lab.config namespaces.config selftests.config debug.config brlock.config)

# The compiler cache lives outside the clone, so a new clone (CI's) and
# make distclean keep it; BASEDIR makes hits independent of the clone's path.
export CCACHE_DIR ?= $(HOME)/.cache/ccache
export CCACHE_BASEDIR := $(TOP)
export CCACHE_MAXSIZE ?= 5G
# Depend mode: on a miss ccache hashes the headers gcc's own -MD output
# names instead of running the preprocessor a second time. The misses of a
# cold build (a fresh machine's) took a quarter less time here: fs/'s 62
# objects, one job, 77 s against 103 s (the EPYC, 2026-12-07); hits alike.
export CCACHE_DEPEND ?= 1
# A fixed build stamp, so that a rebuild of the same sources is the same
# kernel (and scripts/series-check, run from here, builds it alike).
export KBUILD_BUILD_TIMESTAMP := Thu Jan  1 00:00:00 UTC 2026
export KBUILD_BUILD_USER := lab
export KBUILD_BUILD_HOST := lab
# $(call kbuild,TREE,OBJ)
kbuild = $(MAKE) -C $(1) O=$(2) CC="ccache gcc" -j$(JOBS)

ROOTFS_INPUTS := guest-rootfs/build guest-rootfs/init guest-rootfs/profile \
	$(wildcard guest-rootfs/bin/* guest-rootfs/src/* debugfs-tools/* bpf/* tests/guest/*)

.PHONY: all run test check soak bench bench-kernels exact coherence plugin peer series-check deps tree kernel rootfs \
	shell export-patches model help \
	clean distclean FORCE
all: run

# make help: every target, one line each.
help:
	@echo 'make run          build what is missing, boot, run the demo (the default: make; ARGS= qemu/run options)'
	@echo 'make test         build what is missing, run the test suite (tests/run)'
	@echo 'make check        the checks that need no kernel build and no boot (2 minutes)'
	@echo 'make model        spin on the fence-free protocol'"'"'s model and its mutants (formal/brlock-ipi.pml, 20 s)'
	@echo 'make shell        boot to an interactive root shell in the guest (ARGS='"'"'--cpus 4'"'"': qemu/run options)'
	@echo 'make deps         install what the lab needs with apt-get'
	@echo 'make kernel       extract the source, apply patches/, build the lab kernel'
	@echo 'make rootfs       the lab kernel and the guest initramfs'
	@echo 'make plugin       build/exact.so and build/coherence.so, the counting QEMU plugins'
	@echo 'make exact        instructions per operation, patched vs stock, then the coherence table'
	@echo 'make coherence    cache lines passed between CPUs per lock pair (2 to 64 vCPUs) and VFS call (bench kernels)'
	@echo 'make bench        the exact table, then patched vs stock and the lock benchmarks'
	@echo 'make bench-kernels  the patched and the stock kernel without debug options'
	@echo 'make peer         the kernel selftests on the stock and the patched kernel'
	@echo 'make soak         long torture and mount storm (SOAK_S, SOAK_OPS)'
	@echo 'make series-check every prefix of the series builds and boots (SERIES_CONFIG=lean, SERIES_FIRST=N, SERIES_LAST=N)'
	@echo 'make export-patches  write build/linux commits back to patches/'
	@echo 'make clean        remove the kernel builds and the initramfs'
	@echo 'make distclean    remove build/'

deps:
	@scripts/install-deps

# Extract (once) and apply patches/series (when it changed).
$(APPLIED): FORCE | deps
	@scripts/prepare-tree $(TREE) $(TARBALL) patches
tree: $(APPLIED)

$(OBJ)/.config: $(KCONFIG_FRAGMENTS) $(APPLIED) scripts/configure-kernel
	scripts/configure-kernel -b allnoconfig $(TREE) $(OBJ) $(KCONFIG_FRAGMENTS)

# The modules (brlock_bench, ...) go to a staging folder that the
# initramfs carries as /lib/modules/$(uname -r).
MODULES := $(BUILD)/modules
# $(call kbuild_modules,TREE,OBJ,STAGING): STAGING is replaced only when
# the modules changed, so that an unchanged kernel leaves the initramfs be.
# The build and source links point into this machine's build tree: the
# guest has no use for them (and diff must not walk the tree).
kbuild_modules = rm -rf $(3).new && $(call kbuild,$(1),$(2)) modules_install \
	INSTALL_MOD_PATH=$(3).new INSTALL_MOD_STRIP=1 >/dev/null && \
	rm -f $(3).new/lib/modules/*/build $(3).new/lib/modules/*/source && \
	if diff -r -q $(3).new $(3) >/dev/null 2>&1; then rm -rf $(3).new; \
	else rm -rf $(3) && mv $(3).new $(3); fi

$(BZIMAGE): $(OBJ)/.config FORCE
	@mkdir -p $(CCACHE_DIR)
	+$(call kbuild,$(TREE),$(OBJ)) bzImage modules
	+$(call kbuild_modules,$(TREE),$(OBJ),$(MODULES))
kernel: $(BZIMAGE)

# bpftrace in the guest gets the kernel's headers from its build.
KHEADERS := $(OBJ)/kernel/kheaders_data.tar.xz
$(KHEADERS) $(MODULES): $(BZIMAGE)
# The kernel's mount and namespace selftests, static, for
# tests/26-kselftests.t and make peer. The script is incremental and
# touches the stamp only when a program changed.
KSELFTESTS := $(BUILD)/kselftests
$(KSELFTESTS)/stamp: scripts/build-selftests $(APPLIED) FORCE | deps
	@scripts/build-selftests $(TREE) $(KSELFTESTS)
# The selftests are not in the lab's images (17 MB of static programs that
# one boot runs: tests/26-kselftests.t shares them into it), so a first
# `make` does not wait for them and every lean boot unpacks a third of the
# bytes. The bench image carries them for make peer.
$(INITRD): $(ROOTFS_INPUTS) $(KHEADERS) $(MODULES) | deps
	guest-rootfs/build $@ $(KHEADERS) $(MODULES)
$(INITRD_LEAN): $(ROOTFS_INPUTS) $(MODULES) | deps
	guest-rootfs/build --lean $@ '' $(MODULES)
rootfs: kernel $(INITRD) $(INITRD_LEAN)

# The demo's samples (the vfsmount lock's rates every second, its writer
# spin histogram) come back through the shared folder; the host draws
# them: build/demo/vfsmount.png.
DEMO := $(BUILD)/demo
# The demo traces nothing: it boots the lean initramfs without the KUnit
# suites, as the tests' boots do (tests/lib.sh says why acpi=noirq), and a
# first `make` builds neither the 300 MB initramfs nor waits for it to
# unpack: 20 s less. ARGS: more qemu/run options, for instance
# ARGS='--cpus 4 --append brlock.ipi=vfsmount' (or --initrd $(INITRD)).
ARGS ?=
DEMO_BOOT := --initrd $(INITRD_LEAN) --append "kunit.enable=0 acpi=noirq"
run: kernel $(INITRD_LEAN)
	rm -rf $(DEMO) && mkdir -p $(DEMO)
	qemu/run --fail-on-splat $(DEMO_BOOT) --share $(DEMO) $(ARGS) -- demo -o /mnt/host
	scripts/demo-plot $(DEMO)

shell: rootfs
	qemu/run $(ARGS)

# QEMU's exact.so: guest instructions between two marker instructions.
EXACT_SO := $(BUILD)/exact.so
$(EXACT_SO): qemu/plugin/exact.c qemu/plugin/markers.h qemu/plugin/qemu-plugin-api.h | deps
	@mkdir -p $(BUILD)
	gcc -shared -fPIC -O2 -Wall -Wextra -fvisibility=hidden -o $@ qemu/plugin/exact.c
# QEMU's coherence.so: cache lines passed between vCPUs, as perf c2c
# counts them on hardware (qemu/plugin/coherence.c).
COHERENCE_SO := $(BUILD)/coherence.so
$(COHERENCE_SO): qemu/plugin/coherence.c qemu/plugin/markers.h qemu/plugin/qemu-plugin-api.h | deps
	@mkdir -p $(BUILD)
	gcc -shared -fPIC -O2 -Wall -Wextra -fvisibility=hidden -o $@ qemu/plugin/coherence.c
plugin: $(EXACT_SO) $(COHERENCE_SO)

test: rootfs $(KSELFTESTS)/stamp $(EXACT_SO) $(COHERENCE_SO)
	tests/run

# Every check that needs no kernel build and no boot: the tools against
# fixtures, checkpatch on the series (the tree is extracted, not built),
# the bench and exact reports, the plots, make help. make test runs them
# too, with the rest. Only checkpatch needs the tree: tests/30 prepares it
# (make tree) while the other checks run, rather than every check waiting
# the 45 s a fresh clone's extraction takes.
CHECK_TESTS := $(addprefix tests/,30-checkpatch.t 31-series-check.t 32-tests-run.t 40-brlock-tools.t 41-bpf-scripts.t \
	45-bench.t 46-demo-plot.t 47-make-help.t 48-exact-report.t 49-shellcheck.t 50-c2c-report.t \
	51-spin-model.t)
check: | deps
	tests/run $(CHECK_TESTS)

model: | deps
	scripts/spin-check

# Not in make test: it runs for SOAK_S seconds (default 600) and more.
SOAK_S ?= 600
SOAK_OPS ?= 100000
soak: rootfs
	SOAK_S=$(SOAK_S) SOAK_OPS=$(SOAK_OPS) tests/run tests/soak/soak.t

# make bench: the patched kernel against the stock one, both without the
# debug options (lockdep would measure itself), side by side in one run.
# The stock tree is a git worktree of build/linux at base.
STOCK_TREE := $(BUILD)/linux-stock
BENCH_PATCHED := $(BUILD)/obj-bench-patched
BENCH_STOCK := $(BUILD)/obj-bench-stock
BENCH_FRAGMENTS := $(addprefix kconfig/,trim.config lab.config namespaces.config selftests.config)
BENCH_ROUNDS ?= 5

# Made again when build/linux was extracted anew (a new linux-source).
$(STOCK_TREE)/Makefile: $(TREE)/.git/brlock-source-version
	rm -rf $(STOCK_TREE)
	git -C $(TREE) worktree prune
	git -C $(TREE) worktree add -q --detach $(STOCK_TREE) base
$(TREE)/.git/brlock-source-version: | $(APPLIED)

$(BENCH_PATCHED)/.config: $(BENCH_FRAGMENTS) kconfig/brlock.config kconfig/bench.config $(APPLIED) \
		scripts/configure-kernel
	scripts/configure-kernel $(TREE) $(BENCH_PATCHED) $(BENCH_FRAGMENTS) kconfig/brlock.config \
		kconfig/bench.config
$(BENCH_STOCK)/.config: $(BENCH_FRAGMENTS) scripts/configure-kernel $(STOCK_TREE)/Makefile
	scripts/configure-kernel $(STOCK_TREE) $(BENCH_STOCK) $(BENCH_FRAGMENTS)

bench-kernels: $(BENCH_PATCHED)/.config $(BENCH_STOCK)/.config
	+$(call kbuild,$(TREE),$(BENCH_PATCHED)) bzImage modules
	+$(call kbuild_modules,$(TREE),$(BENCH_PATCHED),$(BENCH_MODULES))
	+$(call kbuild,$(STOCK_TREE),$(BENCH_STOCK)) bzImage

# The bench boots carry the patched bench kernel's modules (brlock_bench),
# built with another config than the lab kernel's under the same release.
# They trace nothing: the lean initramfs.
BENCH_INITRD := $(BUILD)/initramfs-bench.cpio
BENCH_MODULES := $(BUILD)/modules-bench
$(BENCH_INITRD): $(ROOTFS_INPUTS) $(KSELFTESTS)/stamp bench-kernels | deps
	guest-rootfs/build --lean $@ '' $(BENCH_MODULES) $(KSELFTESTS)/bin

# The tables go to stdout; results.json and the plots to build/bench/.
# The exact table first: scripts/bench-report puts it in results.json.
EXACT_WINDOWS ?= 30
# Then the coherence table: cache lines passed between CPUs per lock pair,
# every CPU in lockstep, at COHERENCE_CPUS vCPUs (scripts/coherence).
COHERENCE_ROUNDS ?= 100
COHERENCE_CPUS ?= 2 4 8 16 32 64
# And the VFS's system calls on the patched, fence-free and stock kernels.
COHERENCE_VFS_CPUS ?= 2 8
COHERENCE_VFS_ROUNDS ?= 20
COHERENCE_ARGS = -i $(BENCH_INITRD) -o $(BUILD)/bench -r $(COHERENCE_ROUNDS) -c "$(COHERENCE_CPUS)" \
	-s $(BENCH_STOCK)/arch/x86/boot/bzImage -v "$(COHERENCE_VFS_CPUS)" -R $(COHERENCE_VFS_ROUNDS)
exact: bench-kernels $(BENCH_INITRD) $(EXACT_SO) $(COHERENCE_SO)
	scripts/exact -i $(BENCH_INITRD) -o $(BUILD)/bench -w $(EXACT_WINDOWS) \
		$(BENCH_PATCHED)/arch/x86/boot/bzImage $(BENCH_STOCK)/arch/x86/boot/bzImage
	scripts/coherence $(COHERENCE_ARGS) $(BENCH_PATCHED)/arch/x86/boot/bzImage
coherence: bench-kernels $(BENCH_INITRD) $(COHERENCE_SO)
	scripts/coherence $(COHERENCE_ARGS) $(BENCH_PATCHED)/arch/x86/boot/bzImage
bench: rootfs exact
	scripts/bench -i $(BENCH_INITRD) -o $(BUILD)/bench $(BENCH_PATCHED)/arch/x86/boot/bzImage \
		$(BENCH_STOCK)/arch/x86/boot/bzImage $(BENCH_ROUNDS)

# The kernel's mount and namespace selftests on the stock and the patched
# bench kernels: a table of every case, and a failure when a case fails
# on the patched kernel only. Outputs in build/peer/.
peer: bench-kernels $(BENCH_INITRD)
	scripts/kselftest-peer -i $(BENCH_INITRD) -o $(BUILD)/peer \
		$(BENCH_STOCK)/arch/x86/boot/bzImage $(BENCH_PATCHED)/arch/x86/boot/bzImage

# Every prefix of the series builds and boots to a clean storm, as git
# bisect would meet it (not in make test: a kernel build a patch).
# SERIES_CONFIG=lean builds with the statistics and debug options off.
SERIES_CONFIG ?= lab
# SERIES_FIRST=N starts at patch N (the prefixes before it were checked).
SERIES_FIRST ?= 1
# SERIES_LAST=N stops after patch N (default: the whole series).
SERIES_LAST ?=
series-check: rootfs
	scripts/series-check -c $(SERIES_CONFIG) -f $(SERIES_FIRST) $(if $(SERIES_LAST),-l $(SERIES_LAST)) $(TREE) $(INITRD_LEAN)

# Write the commits of the tree under build/ back to patches/.
export-patches: $(APPLIED)
	scripts/export-patches $(TREE) patches

clean:
	rm -rf $(OBJ) $(BENCH_PATCHED) $(BENCH_STOCK) $(INITRD) $(INITRD).d $(INITRD).tmp \
		$(INITRD_LEAN) $(INITRD_LEAN).d $(INITRD_LEAN).tmp \
		$(MODULES) $(BENCH_MODULES) $(BENCH_INITRD) $(BENCH_INITRD).d $(EXACT_SO)

distclean:
	rm -rf $(BUILD)

FORCE:
