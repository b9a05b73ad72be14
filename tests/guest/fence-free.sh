#!/bin/sh
# fence-free.sh: run in a guest booted with brlock.ipi=vfsmount,nosuch and
# some possible CPUs not online (qemu/run --max-cpus). The vfsmount brlock
# is fence-free and says so, the parameter keeps its value and reports the
# name no brlock has, the writer's CPUs are the online ones; then the
# guest tests that load and count the mount lock (storms with CPU hotplug,
# exact write counts, the statistics) run against the fence-free flavour.
# Prints "ok"/"not ok" lines like a guest test; the host fails on a splat.
# shellcheck source=tests/guest/lib.sh
. "$(dirname "$0")/lib.sh"

d=/sys/kernel/debug/brlock/vfsmount
check_eq "brlock.ipi=vfsmount makes the vfsmount brlock fence-free" ipi "$(cat "$d/flavour" 2>&1)"
check_eq "/sys/module/brlock/parameters/ipi holds the value given" vfsmount,nosuch \
	"$(cat /sys/module/brlock/parameters/ipi 2>&1)"
log=$(dmesg)
check_match "the boot says which brlock became fence-free" 'brlock: vfsmount is fence-free \(brlock.ipi=\)' "$log"
check_match "... and which name no brlock has" "brlock: brlock.ipi=: no brlock named 'nosuch', ignored" "$log"
check_eq "its writers take the online CPUs, not the possible ones" "$(cat /sys/devices/system/cpu/online)" \
	"$(cat "$d/writer_cpus" 2>&1)"
check "... which are fewer here" [ "$(cat /sys/devices/system/cpu/online)" != "$(cat /sys/devices/system/cpu/possible)" ]

"$(dirname "$0")/run" 30-mount-storm.t 35-container-storm.t 60-brlock-stat.t 65-write-acquires-exact.t
