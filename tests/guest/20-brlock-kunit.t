#!/bin/sh
# The brlock KUnit suites (CONFIG_BRLOCK_KUNIT_TEST) ran at boot: brlock
# (the spinning flavour, the statistics) and brlock_ipi (the fence-free
# flavour). Relay each test case's result from the KTAP in the kernel log,
# and check that as many cases reported as the suite's plan announced.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

log=$(dmesg | sed 's/^\[[ 0-9.]*\] //')

# suite NAME: the checks of one suite.
suite() {
	# The suite's block: from its "# Subtest: NAME" to its own
	# "ok N NAME" line.
	ktap=$(printf '%s\n' "$log" | awk -v s="$1" '
		$0 ~ "^ *# Subtest: " s "$" { on = 1; next }
		on && $0 ~ "^(not )?ok [0-9]+ " s "$" { print "suite " $0; exit }
		on { print }')
	if [ -z "$ktap" ]; then
		not_ok "the $1 KUnit suite ran at boot" "no '# Subtest: $1' in dmesg"
		return
	fi
	check_match "the $1 KUnit suite passed as a whole" "^suite ok [0-9]+ $1\$" "$ktap"

	plan=$(printf '%s\n' "$ktap" | sed -n 's/^ *1\.\.\([0-9]*\)$/\1/p' | head -n 1)
	# A line a case: RESULT NAME REST, RESULT "ok" or "not_ok" (one word).
	cases=$(printf '%s\n' "$ktap" | sed -n 's/^ *\(not \)\{0,1\}ok [0-9]* \([a-z_0-9]*\)\(.*\)$/\1ok \2\3/p' | sed 's/^not ok /not_ok /')
	check "the $1 KUnit suite announced its cases (got '${plan:-none}')" [ "${plan:-0}" -gt 0 ]
	check_eq "... and every one of them reported" "${plan:-?}" "$(printf '%s\n' "$cases" | grep -c .)"
	printf '%s\n' "$cases" | while read -r result name rest; do
		case "$result $rest" in
		"ok "*"# SKIP"*) not_ok "KUnit $1: $name (skipped: $rest)" ;;
		"ok "*) ok "KUnit $1: $name" ;;
		*) not_ok "KUnit $1: $name" "$(printf '%s\n' "$ktap" | grep -B12 "not ok [0-9]* $name\$")" ;;
		esac
	done
}

suite brlock
suite brlock_ipi
