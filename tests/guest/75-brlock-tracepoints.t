#!/bin/sh
# brlock waits show in the lock:contention_begin/end tracepoints (what perf
# lock contention reads), under the vfsmount brlock's own address, with
# the SPIN|READ and SPIN|WRITE flags, and every begin has its end.
#
# The writers are brlock-bench-vfs's mount measure, one tight mount/umount
# loop per CPU: a shell storm forks and execs between its writes, and with
# the 2 write sections a mount/umount pair now takes, its writers rarely
# met (CI once saw none in a whole storm).
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

dir=$(mktemp -d /tmp/tracepoints.XXXXXX)
# trace: the counts of one 2 s run of the writers.
trace() {
	bpftrace -e '
tracepoint:lock:contention_begin /args->lock_addr == kaddr("vfsmount")/ { @begin[args->flags] = count(); }
tracepoint:lock:contention_end /args->lock_addr == kaddr("vfsmount")/ { @end = count(); }' \
		-c "brlock-bench-vfs -t 2000 -m mount $dir" 2>&1
}
# LCB_F_SPIN = 1, LCB_F_READ = 2, LCB_F_WRITE = 4
count() { printf '%s\n' "$out" | sed -n "s/^$1: //p"; }
# Contention is likely, not certain: up to three runs until one shows it.
tries=0
while :; do
	out=$(trace)
	tries=$((tries + 1))
	writes=$(count '@begin\[5\]')
	if [ "${writes:-0}" -gt 0 ] || [ "$tries" -ge 3 ]; then break; fi
done
reads=$(count '@begin\[3\]')
ends=$(count '@end')
check "contended vfsmount writes show as SPIN|WRITE contention (got ${writes:-none} in run $tries)" \
	[ "${writes:-0}" -gt 0 ]
check_eq "no other flags are reported for the vfsmount brlock" "" \
	"$(printf '%s\n' "$out" | grep '^@begin\[' | grep -v '^@begin\[[35]\]')"
check_eq "every contention_begin has its contention_end" "$(( ${reads:-0} + ${writes:-0} ))" "${ends:-0}"
check_eq "the writers left their folder empty" "" "$(ls -A "$dir")"
rmdir "$dir"
