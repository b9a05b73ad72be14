#!/bin/bash
# The guest half of the suite (tests/guest/*.t), with splat detection on:
# all but the tests marked "# accel: tcg1", on the runner's default
# (multi-threaded TCG where KVM does not work). Those marked let a tracer
# come or go while a load runs: under multi-threaded TCG, code patched
# while another vCPU runs it can hang the guest (qemu/run --help, --accel
# tcg1), as it did once in CI, in brlockwrite.bt's detach under a storm.
# tests/29-guest-tcg1.t boots them apart, on one host CPU, so that
# tests/run can run that boot beside this one.
# tests/run: heavy
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

guest_tests_by_accel
check "most guest tests do not ask for single-threaded TCG (got ${#multi[@]})" [ "${#multi[@]}" -gt "${#single[@]}" ]

# About 4 minutes on a quiet 2-core host; a loaded one took twice as
# long. One boot, though its shell keeps only about one host CPU busy:
# split in two boots side by side (two guests of 2 vCPUs, and the other
# tests' guests, on 2 host CPUs), make test took 820 s instead of 664-685
# and 1,584 s of host CPU instead of 1,273-1,307; most likely a guest
# whose vCPU the host preempts holds its locks longer while the other
# spins. The timeouts leave 3 times that: a kernel that hangs reports it
# (a hung task, a soft lockup: qemu/run --fail-on-splat then stops it 10 s
# later) and a test that hangs is stopped by the guest runner after 600 s,
# so they are for a guest that hangs without a word.
"$runner" --fail-on-splat --timeout 1200 -- /usr/lib/brlock-tests/run "${multi[@]}"
check_eq "the guest tests on multi-threaded TCG ran to the end without a kernel splat" 0 "$?"
