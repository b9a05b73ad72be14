#!/bin/bash
# Splats provoked through LKDTM are reported, and fail a run that asks for
# splat detection (--fail-on-splat, which every other test uses).
# It waits out a hung guest test and a lockup detector:
# tests/run: waits
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

lkdtm=/sys/kernel/debug/provoke-crash/DIRECT

# The WARNING from a guest test run by the guest runner, after a test
# that hangs: the hang is stopped at the per-test limit, the suite goes on,
# and the splat is named after the test that ran when it came.
suite=/tmp/suite
guest -- sh -c "mkdir $suite && cp /usr/lib/brlock-tests/run $suite/ &&
	printf 'echo ok - starts; sleep 60\n' >$suite/1-hang.t &&
	printf 'echo WARNING > $lkdtm; echo ok - warned\n' >$suite/2-warn.t &&
	GUEST_TEST_TIMEOUT=3 $suite/run"
check_eq "a WARNING alone does not fail a run without --fail-on-splat" 0 "$rc"
check_match "a WARNING is reported" '^  +[0-9]+ WARNING: .*lkdtm' "$err"
check_match "... with the guest test it came in" \
	'^qemu/run: the first of them came during the guest test \./2-warn\.t$' "$err"
check_match "the guest runner stops a test past GUEST_TEST_TIMEOUT" \
	'^not ok - guest test \./1-hang\.t ran longer than 3 s and was stopped$' "$out"
check_match "... and runs the next one" '^ok - warned$' "$out"

guest --fail-on-splat -- sh -c "echo WARNING > $lkdtm"
check_eq "a WARNING fails a run with --fail-on-splat" 255 "$rc"
check_match "the failing splat is named" '^qemu/run: the kernel reported a splat .*WARNING' "$err"

guest --fail-on-splat -- sh -c "echo BUG > $lkdtm; true"
check_eq "a BUG exits 255" 255 "$rc"
check_match "the BUG is reported" 'kernel BUG at' "$err"

# watchdog_thresh=1 reports a soft lockup after 2 s instead of 20. The
# lockup is kept off CPU 0, where the command waits for it. A guest the
# kernel calls stuck is stopped 10 s after the report, not at --timeout:
# the command would wait for 10 minutes.
guest --fail-on-splat --timeout 600 --append watchdog_thresh=1 -- \
	sh -c "taskset 2 sh -c 'echo SOFTLOCKUP > $lkdtm' & sleep 590"
check_eq "a soft lockup fails a run with --fail-on-splat" 255 "$rc"
check_match "the soft lockup is reported" 'BUG: soft lockup' "$err"
check_match "... and the stuck guest is stopped, before --timeout" \
	'^qemu/run: the guest was stuck \(--fail-on-splat\): .*soft lockup' "$err"
check_eq "... which is no timeout" "" "$(printf '%s\n' "$err" | grep '^qemu/run: timeout')"
