#!/bin/sh
# The brlock KUnit suite (CONFIG_BRLOCK_KUNIT_TEST) ran at boot; relay each
# of its test cases' results from the KTAP in the kernel log.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

# Strip the printk time stamps, keep the brlock suite's block: from its
# "# Subtest: brlock" to the suite's own "ok N brlock" line.
ktap=$(dmesg | sed 's/^\[[ 0-9.]*\] //' | awk '
	/^ *# Subtest: brlock$/ { on = 1; next }
	on && /^(not )?ok [0-9]+ brlock$/ { print "suite " $0; exit }
	on { print }')

if [ -z "$ktap" ]; then
	not_ok "the brlock KUnit suite ran at boot" "no '# Subtest: brlock' in dmesg"
	exit 0
fi
check_match "the brlock KUnit suite passed as a whole" '^suite ok [0-9]+ brlock$' "$ktap"

cases=$(printf '%s\n' "$ktap" | sed -n 's/^ *\(\(not \)\{0,1\}ok\) [0-9]* \([a-z_0-9]*\)\(.*\)$/\1 \3\4/p')
check "the brlock KUnit suite has at least 6 cases" [ "$(printf '%s\n' "$cases" | grep -c .)" -ge 6 ]
printf '%s\n' "$cases" | while read -r result name rest; do
	case "$result $rest" in
	"ok "*"# SKIP"*) not_ok "KUnit brlock: $name (skipped: $rest)" ;;
	"ok "*) ok "KUnit brlock: $name" ;;
	*) not_ok "KUnit brlock: $name" "$(printf '%s\n' "$ktap" | grep -B8 "not ok [0-9]* $name")" ;;
	esac
done
