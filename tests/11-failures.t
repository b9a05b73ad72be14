#!/bin/bash
# A panic, a guest that runs too long and a guest that never comes up all
# end in exit 255 with a one-line reason, never in a hang.
# Two of its boots sleep out a timeout:
# tests/run: waits
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

started=$SECONDS
guest -- sh -c 'echo c > /proc/sysrq-trigger; sleep 30'
check_eq "a kernel panic exits 255" 255 "$rc"
check_match "the panic is named" '^qemu/run: kernel panic: .*sysrq' "$err"

# The timeouts are not slept out longer than needed: that boot, to a
# panic, says how long this host takes to bring a guest up now (a loaded
# one takes several times as long as a quiet one); twice that and 15 s
# is long enough for the guest to come up and start the command.
limit=$((2 * (SECONDS - started) + 15))
guest --timeout "$limit" -- sleep 600
check_eq "a command past --timeout exits 255" 255 "$rc"
check_match "the timeout is named, with the command that hung" "^qemu/run: timeout: 'sleep 600' was still running after --timeout $limit s" "$err"
check_match "... and the guest wrote every task's stack to the console log first, the hung command's among them" \
	'^\[[ 0-9.]*\] task:sleep +state:S ' "$console"

# With rdinit= missing the kernel looks for a root device, finds none and
# panics.
guest --timeout 120 --append 'rdinit=/nonexistent init=/nonexistent' -- true
check_eq "a guest whose init cannot start exits 255" 255 "$rc"
check_match "the failed boot is named" '^qemu/run: kernel panic: (VFS: Unable to mount root|Requested init|No working init)' "$err"

# cat as init never runs the command: the guest never comes up, however
# long the timeout, so a short one will do.
guest --timeout 10 --append rdinit=/bin/cat -- true
check_eq "a guest that never comes up exits 255" 255 "$rc"
check_match "the guest that never came up is named" "^qemu/run: guest did not come up within the 10 s timeout" "$err"
