#!/bin/bash
# brlock.stats= on the kernel command line: the named brlocks count from
# boot, so the first command already sees the boot's mounts; the value is
# readable in sysfs; an unknown name is reported once and ignored; a
# value too long for the parameter does not stop the boot.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2016 # expanded by the guest's shell
read_stats='
p=/sys/module/brlock/parameters/stats
echo "param $(cat $p)"
echo "enable $(cat /sys/kernel/debug/brlock/vfsmount/enable)"
awk '\''$1 == "cpu" { exit } $1 ~ /_acquires$/ { print }'\'' /sys/kernel/debug/brlock/vfsmount/stats'

guest --fail-on-splat --append "brlock.stats=vfsmount,nosuchlock" -- sh -c "$read_stats"
check_eq "a boot with brlock.stats=vfsmount,nosuchlock runs its command" 0 "$rc"
check_eq "the value is readable in /sys/module/brlock/parameters/stats" "vfsmount,nosuchlock" "$(out_value param)"
check_eq "vfsmount counts from boot: enable reads 1" 1 "$(out_value enable)"
writes=$(out_value write_acquires)
check "the boot's mounts are counted: write_acquires at the first command (got ${writes:-none})" [ "${writes:-0}" -gt 0 ]
check "... and its path lookups: read_acquires (got $(out_value read_acquires))" [ "$(out_value read_acquires)" -gt 0 ]
check_eq "the kernel log says vfsmount counts from boot" 1 \
	"$(grep -c 'brlock: vfsmount counts from boot (brlock.stats=)' <<<"$console")"
check_eq "the unknown name is reported once" 1 \
	"$(grep -c "brlock: brlock.stats=: no brlock named 'nosuchlock', ignored" <<<"$console")"
guest_failure_detail

long=$(printf 'vfsmount%.0s,' $(seq 40))
guest --fail-on-splat --append "brlock.stats=$long" -- sh -c "$read_stats"
check_eq "a brlock.stats= value too long for the parameter does not stop the boot" 0 "$rc"
check_eq "... nothing counts" 0 "$(out_value enable)"
check_match "... and the kernel said why" "brlock.stats: string doesn't fit in 255 chars" "$console"
guest_failure_detail

guest -- sh -c "$read_stats"
check_eq "without brlock.stats=, counting is off at boot" 0 "$(out_value enable)"
check_eq "... and the parameter reads empty" "" "$(out_value param)"
