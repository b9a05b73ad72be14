#!/bin/bash
# make help names every target a user runs, one line each, and needs
# nothing built.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

help=$(make -s help 2>&1) && s=0 || s=$?
check_eq "make help exits 0" 0 "$s"
# The user's targets: .PHONY but for the Makefile's internals.
phony=$(awk '/^\.PHONY:/ { on = 1 } on { more = /\\$/; sub(/^\.PHONY:/, ""); sub(/\\$/, ""); print; if (!more) exit }' Makefile)
# shellcheck disable=SC2086 # the names, split
for t in $(printf '%s\n' $phony | grep -vxE 'all|tree|FORCE|help|'); do
	check_match "make help names make $t" "^make $t " "$help"
done
check_eq "... one line a target" "$(printf '%s\n' "$help" | grep -c '^make ')" "$(printf '%s\n' "$help" | grep -c .)"

# ARGS passes qemu/run options through (-o rootfs: nothing is built).
check_eq "make shell ARGS=... passes them to qemu/run" "qemu/run --cpus 4 --append brlock.ipi=vfsmount" \
	"$(make -s -n -o rootfs shell ARGS='--cpus 4 --append brlock.ipi=vfsmount' 2>&1)"
# make run boots the lean image without the KUnit suites, ARGS last.
check_match "make run ARGS=... too, after the demo's lean boot" \
	'^qemu/run --fail-on-splat --initrd [^ ]*/initramfs-lean\.cpio --append "kunit\.enable=0 acpi=noirq" --share .* --cpus 4 -- demo -o /mnt/host$' \
	"$(make -s -n -o kernel -o "$top/build/initramfs-lean.cpio" run ARGS='--cpus 4' 2>&1)"
