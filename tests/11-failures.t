#!/bin/bash
# A panic, a guest that runs too long and a guest that never comes up all
# end in exit 255 with a one-line reason, never in a hang.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

guest -- sh -c 'echo c > /proc/sysrq-trigger; sleep 30'
check_eq "a kernel panic exits 255" 255 "$rc"
check_match "the panic is named" '^qemu/run: kernel panic: .*sysrq' "$err"

guest --timeout 45 -- sleep 600
check_eq "a command past --timeout exits 255" 255 "$rc"
check_match "the timeout is named" '^qemu/run: timeout: .*45 s' "$err"

guest --timeout 30 --append init=/nonexistent -- true
check_eq "a guest that cannot start init exits 255" 255 "$rc"
check_match "the failed boot is named" '^qemu/run: (kernel panic|guest did not come up)' "$err"
