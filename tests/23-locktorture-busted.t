#!/bin/bash
# The torture test can fail: locktorture's brlock_busted type, whose writer
# skips CPU 0's lock, and brlock_ipi_busted, whose fence-free writer never
# waits for CPU 0's readers, must end in FAILURE with their readers' and
# writers' overlap counted and WARNed about. One boot of their own (each
# type a load of the module, whose WARN_ON_ONCE() comes anew), without
# --fail-on-splat: the WARNING is the point. The overlap is likely, not
# certain: each type gets up to 3 runs to show it (locktorture.sh -F).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

lt=/usr/lib/brlock-tests/locktorture.sh
# A sound type, last, shows that -F gives up after 3 runs.
guest -- sh -c "sh $lt -F brlock_busted 15 && echo '# next' && sh $lt -F brlock_ipi_busted 15 &&
	echo '# sound' && sh $lt -F spin_lock 1"
check_eq "locktorture brlock_busted and brlock_ipi_busted load, run and unload" 0 "$rc"
sound=${out#*# sound} out=${out%%# sound*}
first=${out%%# next*} second=${out#*# next}
check_eq "locktorture.sh -F runs a type that does not fail 3 times" "3 2" \
	"$(grep -c 'spin_lock-torture:.*End of test: SUCCESS' <<<"$sound") $(grep -c '^# run [12] of spin_lock did not fail: again$' <<<"$sound")"
check_match "locktorture brlock_busted ends in FAILURE" \
	'brlock_busted-torture:.*End of test: FAILURE' "$first"
check_match "... with failed acquisitions counted" '(Writes|Reads ):  Total: [0-9]+ .* Fail: 1 !!!' "$first"
check_match "locktorture brlock_ipi_busted ends in FAILURE" \
	'brlock_ipi_busted-torture:.*End of test: FAILURE' "$second"
check_match "... with failed acquisitions counted" '(Writes|Reads ):  Total: [0-9]+ .* Fail: 1 !!!' "$second"
# The console in two: before and after the second type's first line.
warned() { printf '%s\n' "$1" | grep -qE 'WARNING: .* lock_torture_(reader|writer)'; }
check "the overlap of brlock_busted was WARNed about" warned "${console%%brlock_ipi_busted-torture*}"
check "the overlap of brlock_ipi_busted was WARNed about" warned "${console#*brlock_ipi_busted-torture}"
guest_failure_detail
