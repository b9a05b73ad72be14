#!/bin/sh
# stat-toggle.sh SECONDS: switch the vfsmount brlock's counting on and off
# and reset it, in a tight loop, for SECONDS while a mount storm with CPU
# hotplug runs; then, once quiet, count a known load. Prints "key value"
# lines for tests/24-stat-toggle.t, which boots single-threaded TCG: each
# switch patches a static key under load (see the README). Exits non-zero
# if the storm failed; the host side fails on any splat.
set -eu
# shellcheck source=tests/guest/lib.sh
. "$(dirname "$0")/lib.sh"

[ $# = 1 ] || { echo "usage: stat-toggle.sh SECONDS" >&2; exit 2; }
d=$vfsmount_stats
# The counters without the worst-case callers (text that would not move).
counters() { grep -v '_caller ' "$d/stats"; }

mount-storm -q -w 2 -r 2 -H -t "$1" &
storm=$!
toggles=0
while kill -0 "$storm" 2>/dev/null; do
	echo 1 >"$d/enable"
	echo 1 >"$d/reset"
	echo 0 >"$d/enable"
	echo 1 >"$d/reset"
	toggles=$((toggles + 1))
done
wait "$storm"
echo "toggles $toggles"
echo "enable $(cat "$d/enable")"

# Off is off: the static key and the lock's flag came back down.
dir=$(mktemp -d /tmp/stat-toggle.XXXXXX)
before=$(counters)
mount_pairs 10 "$dir"
[ "$before" = "$(counters)" ] && echo "off_moves_nothing yes" || echo "off_moves_nothing no"

# A reset while nothing counts is exact; then a known load, alone.
echo 1 >"$d/reset"
echo 1 >"$d/enable"
pairs=25
mount_pairs "$pairs" "$dir"
echo 0 >"$d/enable"
rmdir "$dir"
echo "expected_writes $((pairs * WRITES_PER_PAIR))"
print_stat_sums
