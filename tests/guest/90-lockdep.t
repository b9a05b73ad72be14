#!/bin/sh
# Runs last: lockdep watched everything before it. It switches itself off
# (debug_locks: 0) after its first report, so still being on means no
# report, and it must know the vfsmount brlock as a lock class.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

check_match "lockdep is still on after the suite (it reported nothing)" \
	'^ *debug_locks: +1$' "$(cat /proc/lockdep_stats)"
check_match "lockdep tracks the vfsmount brlock as one lock class" \
	' vfsmount$' "$(cat /proc/lockdep)"
