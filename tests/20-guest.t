#!/bin/bash
# The guest half of the suite (tests/guest/*.t), with splat detection on,
# in two boots: the tests marked "# accel: tcg1" on single-threaded TCG,
# the others on the runner's default (multi-threaded TCG where KVM does not
# work). Those marked let a tracer come or go while a load runs: under
# multi-threaded TCG, code patched while another vCPU runs it can hang the
# guest (qemu/run --help, --accel tcg1), as it did once in CI, in
# brlockwrite.bt's detach under a storm.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

single=() multi=()
for t in tests/guest/*.t; do
	if grep -q '^# accel: tcg1$' "$t"; then single+=("${t##*/}"); else multi+=("${t##*/}"); fi
done
check "some guest tests ask for single-threaded TCG (got ${#single[@]})" [ "${#single[@]}" -gt 0 ]
check "... and most do not (got ${#multi[@]})" [ "${#multi[@]}" -gt "${#single[@]}" ]

# About 6 minutes on a quiet 2-core host; a loaded one took twice that
# (900 s, the runner's default, ran out at test 72). A kernel that reports
# itself stuck is stopped 10 s later (qemu/run --fail-on-splat).
"$runner" --fail-on-splat --timeout 1800 -- /usr/lib/brlock-tests/run "${multi[@]}"
check_eq "the guest tests on multi-threaded TCG ran to the end without a kernel splat" 0 "$?"

# The KUnit suites ran in the first boot.
"$runner" --accel tcg1 "${NO_KUNIT[@]}" --fail-on-splat --timeout 900 -- /usr/lib/brlock-tests/run "${single[@]}"
check_eq "the guest tests on single-threaded TCG ran to the end without a kernel splat" 0 "$?"
