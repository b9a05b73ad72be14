#!/bin/bash
# The fence-free brlock's model (formal/brlock-ipi.pml) checked by spin,
# through scripts/spin-check: the model passes safety and liveness, with
# one reader CPU and (safety) with two; each mutant gives its
# counterexample; the variants that drop the IPI handler's barriers pass
# (x86-TSO needs none there). Then the controls: a model that is wrong
# fails, and a mutant that finds nothing fails the script.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
model=formal/brlock-ipi.pml

out=$(scripts/spin-check -k "$work/keep" 2>&1) && s=0 || s=$?
check_eq "scripts/spin-check exits 0: every verdict is the expected one" 0 "$s"
check_match "the model passes safety: no reader and writer both inside, no deadlock" \
	'^model safety: no errors \([0-9]+ states' "$out"
check_match "the model passes liveness: no fair cycle in which the writer never gets in" \
	'^model liveness: no errors \([0-9]+ states' "$out"
check_match "with two reader CPUs, the model passes safety" '^readers2 safety: no errors \([0-9]+ states' "$out"
for m in no_a no_b no_c no_ipi ipi_nowait idle_before_a idle_exit_plain early_reader; do
	check_match "mutant $m: spin finds a reader and the writer both inside" \
		"^mutant $m safety: counterexample: assertion violated" "$out"
done
check_match "mutant wait_pending: spin finds the writer waiting forever on a reader's IPI" \
	'^mutant wait_pending liveness: counterexample: non-progress cycle' "$out"
for v in ipi_no_mb ipi_bare; do
	check_match "variant $v passes safety" "^variant $v safety: no errors" "$out"
	check_match "variant $v passes liveness" "^variant $v liveness: no errors" "$out"
done
replay=$(cd "$work/keep" && spin -t -DMUTANT_NO_IPI no_ipi-safety.pml 2>&1)
check_match "... and a kept trail replays to its assertion (spin -t)" 'assertion violated' "$replay"

# The controls. A model whose slow-path reader never executes C: its
# verdict is a counterexample and the script fails.
sed 's/^#ifndef MUTANT_NO_C$/#ifdef MUTANT_NEVER/' "$model" >"$work/no-c.pml"
check_eq "the control model differs from the model (cmp exits 1)" 1 "$(cmp -s "$model" "$work/no-c.pml"; echo $?)"
ctl=$(scripts/spin-check -m "$work/no-c.pml" model 2>&1) && s=0 || s=$?
check_eq "a model without C fails scripts/spin-check (exit 1)" 1 "$s"
check_match "... with its counterexample" '^model safety: counterexample: assertion violated' "$ctl"
# A mutant that keeps A after all finds nothing, and the script fails.
sed 's/^#ifndef MUTANT_NO_A$/#if 1/' "$model" >"$work/a-kept.pml"
check_eq "the second control model differs from the model" 1 "$(cmp -s "$model" "$work/a-kept.pml"; echo $?)"
ctl=$(scripts/spin-check -m "$work/a-kept.pml" no_a 2>&1) && s=0 || s=$?
check_eq "a mutant that finds no counterexample fails scripts/spin-check (exit 1)" 1 "$s"
check_match "... saying so" '^mutant no_a safety: no errors' "$ctl"

scripts/spin-check no_such_check >/dev/null 2>&1 && s=0 || s=$?
check_eq "scripts/spin-check with an unknown name exits 2" 2 "$s"
scripts/spin-check -j x >/dev/null 2>&1 && s=0 || s=$?
check_eq "scripts/spin-check -j x exits 2" 2 "$s"
check_match "scripts/spin-check -h prints its usage" '^Usage: scripts/spin-check' "$(scripts/spin-check -h 2>&1)"
check_eq "shellcheck is clean on scripts/spin-check and this test" "" \
	"$(shellcheck -x scripts/spin-check tests/51-spin-model.t 2>&1)"
