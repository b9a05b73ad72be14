#!/bin/bash
# Splats provoked through LKDTM are reported, and fail a run that asks for
# splat detection (--fail-on-splat, which every other test uses).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

lkdtm=/sys/kernel/debug/provoke-crash/DIRECT

guest -- sh -c "echo WARNING > $lkdtm"
check_eq "a WARNING alone does not fail a run without --fail-on-splat" 0 "$rc"
check_match "a WARNING is reported" '^  +[0-9]+ WARNING: .*lkdtm' "$err"

guest --fail-on-splat -- sh -c "echo WARNING > $lkdtm"
check_eq "a WARNING fails a run with --fail-on-splat" 255 "$rc"
check_match "the failing splat is named" '^qemu/run: the kernel reported a splat .*WARNING' "$err"

guest --fail-on-splat -- sh -c "echo BUG > $lkdtm; true"
check_eq "a BUG exits 255" 255 "$rc"
check_match "the BUG is reported" 'kernel BUG at' "$err"

# watchdog_thresh=1 reports a soft lockup after 2 s instead of 20. The
# lockup is kept off CPU 0, where poweroff has to run.
guest --fail-on-splat --append watchdog_thresh=1 -- \
	sh -c "taskset 2 sh -c 'echo SOFTLOCKUP > $lkdtm' & sleep 8"
check_eq "a soft lockup fails a run with --fail-on-splat" 255 "$rc"
check_match "the soft lockup is reported" 'BUG: soft lockup' "$err"
