#!/bin/bash
# The torture test can fail: locktorture's brlock_busted type, whose writer
# skips CPU 0's lock, must end in FAILURE with its readers' and writers'
# overlap counted and WARNed about. Its own boot, without --fail-on-splat:
# the WARNING is the point.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

guest -- sh /usr/lib/brlock-tests/locktorture.sh brlock_busted 15
check_eq "locktorture brlock_busted loads, runs and unloads" 0 "$rc"
check_match "locktorture brlock_busted ends in FAILURE" \
	'brlock_busted-torture:.*End of test: FAILURE' "$out"
check_match "... with failed acquisitions counted" '(Writes|Reads ):  Total: [0-9]+ .* Fail: 1 !!!' "$out"
check_match "... and the overlap WARNed about" 'WARNING: .* lock_torture_(reader|writer)' "$console"
guest_failure_detail
