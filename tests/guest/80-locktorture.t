#!/bin/sh
# locktorture's brlock types (brlock, brlock_ipi): 2 readers and 2 writers
# on every CPU for 10 s each, cpu1 going off and on line every 3 s, under
# lockdep; then the writers-only types (brlock_writers,
# brlock_ipi_writers), 2 writers for 5 s each. The host fails the suite on
# any splat; here the torture itself must report success. Then a module's
# brlocks in debugfs.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

# torture TYPE [SECONDS]: TYPE for SECONDS (10) ends in SUCCESS after real
# reads and writes, while CPUs went off and on line (the fence-free writer
# sends its IPIs to CPUs that come and go under it).
torture() {
	out=$(sh ./locktorture.sh "$1" "${2:-10}" 2>&1) && s=0 || s=$?
	check_eq "locktorture $1 loads, runs and unloads" 0 "$s"
	check_match "locktorture $1 ends in SUCCESS" "$1-torture:.*End of test: SUCCESS" "$out"
	writes=$(printf '%s\n' "$out" | sed -n 's/.*Writes:  Total: \([0-9]*\).*/\1/p' | tail -n 1)
	reads=$(printf '%s\n' "$out" | sed -n 's/.*Reads :  Total: \([0-9]*\).*/\1/p' | tail -n 1)
	check "... after real writes (got ${writes:-none})" [ "${writes:-0}" -gt 0 ]
	case $1 in
	*_writers) check_eq "... and no reader (a writers-only type)" "" "$reads" ;;
	*) check "... and real reads (got ${reads:-none})" [ "${reads:-0}" -gt 0 ] ;;
	esac
	check_match "... while CPUs went off and on line" 'CPU [0-9]* is now offline' "$out"
}
torture brlock
torture brlock_ipi
# Writers only, one taking the write side and one in writers' sections
# (brlock_lock_writers()): the two exclude each other, hotplug going on.
torture brlock_writers 5
torture brlock_ipi_writers 5

# A module's brlocks are registered while it is loaded: in debugfs, with
# their flavour, and tracked for CPU hotplug (the online CPUs, not the
# possible ones). locktorture's are; they go with it.
dir=/sys/kernel/debug/brlock
modprobe locktorture torture_type=brlock_ipi nreaders_stress=1 nwriters_stress=1
check_eq "a loaded module's fence-free brlock says so in debugfs" ipi "$(cat "$dir/torture_brlock_ipi/flavour" 2>&1)"
check_eq "... and its spinning one too" spin "$(cat "$dir/torture_brlock/flavour" 2>&1)"
check_eq "... whose writers take the online CPUs" "$(cat /sys/devices/system/cpu/online)" \
	"$(cat "$dir/torture_brlock_ipi/writer_cpus" 2>&1)"
rmmod locktorture
check "... and they are gone with the module" [ ! -e "$dir/torture_brlock_ipi" ]
check_eq "a built-in brlock stays" spin "$(cat "$dir/vfsmount/flavour" 2>&1)"
