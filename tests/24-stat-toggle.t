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
toggles=$(out_value toggles)
check "... over many toggles (got ${toggles:-none})" [ "${toggles:-0}" -ge 20 ]
check_eq "counting reads off after the last toggle" 0 "$(out_value enable)"
check_eq "... and is off: mount pairs move no counter" yes "$(out_value off_moves_nothing)"
expected=$(out_value expected_writes)
check_eq "a reset while quiet, then $((expected / 4)) pairs: write_acquires exact" "$expected" "$(out_value write_acquires)"
check_stat_sums "$expected"
guest_failure_detail
