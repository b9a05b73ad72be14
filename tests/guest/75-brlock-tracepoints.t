#!/bin/sh
# brlock waits show in the lock:contention_begin/end tracepoints (what perf
# lock contention reads), under the vfsmount brlock's own address, with
# the SPIN|READ and SPIN|WRITE flags, and every begin has its end.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

storm=$(command -v mount-storm)
out=$(bpftrace -e '
tracepoint:lock:contention_begin /args->lock_addr == kaddr("vfsmount")/ { @begin[args->flags] = count(); }
tracepoint:lock:contention_end /args->lock_addr == kaddr("vfsmount")/ { @end = count(); }' \
	-c "sh $storm -q -w 2 -r 2 -n 50" 2>&1)
# LCB_F_SPIN = 1, LCB_F_READ = 2, LCB_F_WRITE = 4
reads=$(printf '%s\n' "$out" | sed -n 's/^@begin\[3\]: //p')
writes=$(printf '%s\n' "$out" | sed -n 's/^@begin\[5\]: //p')
ends=$(printf '%s\n' "$out" | sed -n 's/^@end: //p')
check "contended vfsmount writes show as SPIN|WRITE contention (got ${writes:-none})" [ "${writes:-0}" -gt 0 ]
check_eq "no other flags are reported for the vfsmount brlock" "" \
	"$(printf '%s\n' "$out" | grep '^@begin\[' | grep -v '^@begin\[[35]\]')"
check_eq "every contention_begin has its contention_end" "$(( ${reads:-0} + ${writes:-0} ))" "${ends:-0}"
