#!/bin/sh
# locktorture's brlock type: 2 readers and 2 writers on every CPU for 20 s,
# cpu1 going off and on line every 3 s, under lockdep. The host fails the
# suite on any splat; here the torture itself must report success.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

out=$(sh ./locktorture.sh brlock 20 2>&1) && s=0 || s=$?
check_eq "locktorture brlock loads, runs and unloads" 0 "$s"
check_match "locktorture brlock ends in SUCCESS" 'brlock-torture:.*End of test: SUCCESS' "$out"
writes=$(printf '%s\n' "$out" | sed -n 's/.*Writes:  Total: \([0-9]*\).*/\1/p' | tail -n 1)
reads=$(printf '%s\n' "$out" | sed -n 's/.*Reads :  Total: \([0-9]*\).*/\1/p' | tail -n 1)
check "... after real writes (got ${writes:-none})" [ "${writes:-0}" -gt 0 ]
check "... and real reads (got ${reads:-none})" [ "${reads:-0}" -gt 0 ]
check_match "... while CPUs went off and on line" 'CPU [0-9]* is now offline' "$out"
