#!/bin/bash
# Counting switched on and off and reset in a tight loop during a mount
# storm with CPU hotplug (tests/guest/stat-toggle.sh): no splat, counting
# ends off and really off, and a known load counted afterwards adds up
# exactly. Single-threaded TCG: under multi-threaded TCG, patching a static
# key while another vCPU runs the patched code can hang the guest, stock
# 6.1 included (../shared/README.md).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

guest --fail-on-splat --accel tcg1 -- sh /usr/lib/brlock-tests/stat-toggle.sh 20
check_eq "counting toggled and reset under a storm with hotplug: no splat, storm fine" 0 "$rc"
value() { printf '%s\n' "$out" | awk -v k="$1" '$1 == k { print $2 }'; }
toggles=$(value toggles)
check "... over many toggles (got ${toggles:-none})" [ "${toggles:-0}" -ge 20 ]
check_eq "counting reads off after the last toggle" 0 "$(value enable)"
check_eq "... and is off: mount pairs move no counter" yes "$(value off_moves_nothing)"
expected=$(value expected_writes)
check_eq "a reset while quiet, then $((expected / 4)) pairs: write_acquires exact" "$expected" "$(value write_acquires)"
check_eq "... the histogram adds up to them" "$expected" "$(value histogram_sum)"
for k in read_acquires read_contended read_wait_ns write_acquires write_spin_ns; do
	check_eq "... the per-CPU rows of $k add up to the total" \
		"$(printf '%s\n' "$out" | awk -v k="percpu_$k" '$1 == k { print $4 }')" "$(value "percpu_$k")"
done
guest_failure_detail
