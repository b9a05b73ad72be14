#!/bin/bash
# The guest tests marked "# accel: tcg1" (tests/guest/*.t), in a boot of
# their own on single-threaded TCG, with splat detection on: they let a
# tracer come or go while a load runs, which multi-threaded TCG can hang
# (tests/20-guest.t boots the others). One host CPU does the work, so
# tests/run runs this boot beside the heavy guest suites.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

guest_tests_by_accel
# None marked would have the guest runner run every test: stop there.
check "some guest tests ask for single-threaded TCG (got ${#single[@]})" [ "${#single[@]}" -gt 0 ]
[ "${#single[@]}" -gt 0 ] || exit 0
# The KUnit suites run in tests/20-guest.t's boot. Under a minute on a
# quiet 2-core host; the timeout is for a guest that hangs without a word.
"$runner" --accel tcg1 "${TEST_BOOT[@]}" --fail-on-splat --timeout 720 -- /usr/lib/brlock-tests/run "${single[@]}"
check_eq "the guest tests on single-threaded TCG (${single[*]}) ran to the end without a kernel splat" 0 "$?"
