#!/bin/sh
# The vfsmount brlock's debugfs statistics count exactly, only when on,
# reset to zero, add up, and time read sections as read_hold_sample says.
# The files' refusals and permissions, and brlock-stat reading them, are
# 61-brlock-stat-files.t's: the lock's flavour changes the counting, not
# the files.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

d=$vfsmount_stats
need_vfsmount_stats

mkdir -p /tmp/s
pairs() { mount_pairs "$1" /tmp/s; }

brlock-ctl off
brlock-ctl reset
check_eq "reset leaves every counter at zero" "" \
	"$(vfsmount_counters | awk '$1 == "cpu" { for (i = 4; i <= NF; i += 2) if ($i != 0) print; next }
		$1 !~ /_cpu$/ && $2 != 0 { print }')"
check_eq "reset leaves the histogram empty" 0 "$(hist_sum)"

before=$(vfsmount_counters)
pairs 10
check_eq "with counting off, 10 mount/umount pairs move nothing" "$before" "$(vfsmount_counters)"

brlock-ctl on
check_eq "enable reads 1 after brlock-ctl on" 1 "$(cat "$d/enable")"
brlock-ctl reset
n=20
pairs $n
check_eq "$n mount/umount pairs count $WRITES_PER_PAIR write acquires each" \
	$((WRITES_PER_PAIR * n)) "$(stat_of write_acquires)"

# Lookups across a mount are lockless (RCU-walk, 45-vfsmount-net-win.t);
# mount(2) takes the read side in lock_mount()'s ref-walk lookup_mnt().
r0=$(stat_of read_acquires)
pairs 10
r1=$(stat_of read_acquires)
check "10 mount/umount pairs count at least 10 read acquires (got $((r1 - r0)))" \
	[ $((r1 - r0)) -ge 10 ]

mount-storm -q -w 2 -r 2 -n 30
brlock-ctl off
check "writer spin time grows under a storm" [ "$(stat_of write_spin_ns)" -gt 0 ]
check "the worst writer spin names its caller" [ "$(stat_of write_spin_worst_caller)" != - ]
check_eq "the histogram's counts add up to write_acquires" "$(stat_of write_acquires)" "$(hist_sum)"
for k in $SUMMED_COUNTERS; do
	check_eq "the total $k is the sum of the per-CPU rows" "$(stat_of "$k")" "$(percpu_sum "$k")"
done

# Every read section timed: the mounts' lookups give read_hold_worst a caller.
check "brlock-ctl sample 1 times every read section" brlock-ctl sample 1
brlock-ctl reset
brlock-ctl on
pairs 10
brlock-ctl off
check "with a sample of 1, a read section is timed (read_hold_worst_ns > 0)" \
	[ "$(stat_of read_hold_worst_ns)" -gt 0 ]
check "... and its caller is named" [ "$(stat_of read_hold_worst_caller)" != - ]
check "brlock-ctl sample 0 switches the sampling off" brlock-ctl sample 0
check_eq "brlock-ctl sample prints it" 0 "$(brlock-ctl sample)"
# No sampling: the only read sections timed are those a writer waited for,
# so the worst is no longer than what writers waited on its CPU in all.
brlock-ctl reset
brlock-ctl on
pairs 10
brlock-ctl off
worst_cpu=$(stat_of read_hold_worst_cpu)
check_eq "with a sample of 0, the worst read hold is one a writer waited for" "" \
	"$(awk -v w="$(stat_of read_hold_worst_ns)" -v c="$worst_cpu" '
		$1 == "cpu" && $2 == c {
			for (i = 3; i < NF; i += 2) if ($i == "write_wait_ns") ww = $(i + 1)
			if (w > ww) print "cpu " c ": " w " ns > write_wait_ns " ww
		}
		END { if (c == -1 && w != 0) print "no cpu, " w " ns" }' "$d/stats")"
