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

# Two boots side by side, half of the tests each: those numbered below 60
# (the lab, the storms, the mounts) and the others (the statistics, the
# tracers, torture, the benchmarks). A guest's shell runs one test at a
# time and keeps about one host CPU busy (the suite in one boot: 483 s of
# CPU in 540 s), and no guest test relies on another's state. The boot-
# time KUnit suites run in the first (20-brlock-kunit.t reads them); the
# second's output follows the first's.
# Each half took 4 to 5 minutes on a loaded 2-core host. The timeouts
# leave 3 times that: a kernel that hangs reports it (a hung task, a soft
# lockup: qemu/run --fail-on-splat then stops it 10 s later) and a test
# that hangs is stopped by the guest runner after 600 s, so they are for
# a guest that hangs without a word.
first=() second=()
for t in "${multi[@]}"; do
	if [ "$((10#${t%%-*}))" -lt 60 ]; then first+=("$t"); else second+=("$t"); fi
done
out2=$(mktemp)
trap 'rm -f "$out2"' EXIT
"$runner" --fail-on-splat --timeout 1200 --append kunit.enable=0 -- /usr/lib/brlock-tests/run "${second[@]}" >"$out2" 2>&1 &
pid=$!
"$runner" --fail-on-splat --timeout 1200 -- /usr/lib/brlock-tests/run "${first[@]}"
rc1=$?
wait "$pid"
rc2=$?
cat "$out2"
check "both halves have tests (${#first[@]} and ${#second[@]})" [ "$((${#first[@]} > 0 && ${#second[@]} > 0))" = 1 ]
check_eq "the guest tests numbered below 60, on multi-threaded TCG, ran to the end without a kernel splat" 0 "$rc1"
check_eq "... and those from 60 on, in a boot beside it" 0 "$rc2"
