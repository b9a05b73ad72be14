#!/bin/bash
# A panic, a guest that runs too long and a guest that never comes up all
# end in exit 255 with a one-line reason, never in a hang.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

guest -- sh -c 'echo c > /proc/sysrq-trigger; sleep 30'
check_eq "a kernel panic exits 255" 255 "$rc"
check_match "the panic is named" '^qemu/run: kernel panic: .*sysrq' "$err"

# Long enough for the guest to come up on a loaded host: unpacking the
# 300 MB initramfs alone took 35 s under TCG with other guests running.
guest --timeout 120 -- sleep 600
check_eq "a command past --timeout exits 255" 255 "$rc"
check_match "the timeout is named, with the command that hung" "^qemu/run: timeout: 'sleep 600' was still running after --timeout 120 s" "$err"

# With rdinit= missing the kernel looks for a root device, finds none and
# panics.
guest --timeout 120 --append 'rdinit=/nonexistent init=/nonexistent' -- true
check_eq "a guest whose init cannot start exits 255" 255 "$rc"
check_match "the failed boot is named" '^qemu/run: kernel panic: (VFS: Unable to mount root|Requested init|No working init)' "$err"

# cat as init never runs the command: the guest never comes up.
guest --timeout 30 --append rdinit=/bin/cat -- true
check_eq "a guest that never comes up exits 255" 255 "$rc"
check_match "the guest that never came up is named" '^qemu/run: guest did not come up within the 30 s timeout' "$err"
