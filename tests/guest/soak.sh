#!/bin/sh
# soak.sh SECONDS OPERATIONS: make soak's guest half. locktorture's brlock
# type for SECONDS with CPU hotplug, then a mount storm of at least
# OPERATIONS mount and umount calls (tmpfs and bind, one writer a CPU) with
# lookups across the mounts and CPU hotplug, counted by the vfsmount
# brlock's statistics. Prints what locktorture said and "key value" lines
# for tests/soak/soak.t; the host side fails on any splat.
set -eu
here=$(dirname "$0")
# shellcheck source=tests/guest/lib.sh
. "$here/lib.sh"

[ $# = 2 ] || { echo "usage: soak.sh SECONDS OPERATIONS" >&2; exit 2; }
seconds=$1 ops=$2
d=$vfsmount_stats
uptime() { cut -d' ' -f1 /proc/uptime; }

t0=$(uptime)
sh "$here/locktorture.sh" brlock "$seconds"
t1=$(uptime)
echo "torture_s $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }')"

# Each writer's pair is 4 calls: mount and umount of a tmpfs, of a bind.
writers=$(grep -c '^processor' /proc/cpuinfo)
pairs=$(((ops + 4 * writers - 1) / (4 * writers)))
echo 0 >"$d/enable"
echo 1 >"$d/reset"
echo 1 >"$d/enable"
status=0
storm=$(mount-storm -j -w "$writers" -r 2 -n "$pairs" -H 2>&1) || status=$?
echo 0 >"$d/enable"
printf '%s\n' "$storm"
busy=$(storm_busy "$storm")
t2=$(uptime)
echo "storm_status $status"
echo "storm_s $(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.0f", b - a }')"
echo "storm_operations $((4 * writers * pairs + ${busy:-0}))"
echo "storm_busy ${busy:-none}"
echo "expected_writes $((2 * writers * pairs * WRITES_PER_PAIR + ${busy:-0}))"
print_stat_sums
echo "online $(cat /sys/devices/system/cpu/online)"
