#!/bin/sh
# stress-ng's bind-mount stressor, a mount load that is not ours: its
# workers clone a new user and mount namespace each and bind-mount and
# unmount in a loop there. Those writers take the same vfsmount brlock as
# any mount(2), so the counters must see them; and the namespaces die with
# the workers, so the mount table we see must not change.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

if ! command -v stress-ng >/dev/null; then
	not_ok "stress-ng is in the guest" "guest-rootfs/build copies /usr/bin/stress-ng"
	exit 0
fi
check_match "stress-ng runs in the guest" '^stress-ng, version ' "$(stress-ng --version 2>&1)"

mounts() { cut -d' ' -f1-3 /proc/self/mounts | sort; }
before=$(mounts)
brlock-ctl reset
brlock-ctl on
w0=$(stat_of write_acquires) r0=$(stat_of read_acquires)
# stress-ng classes bind-mount as pathological ("may hang or reboot the
# machine": its workers recursively bind-mount / and unmount it as fast as
# they can) and runs it only with --pathological; 4 s of it in a guest of
# our own is what we want. Its temporary folders go to /tmp, not to the
# tests' folder.
cmd="stress-ng --bind-mount 2 --timeout 4 --pathological --metrics-brief --temp-path /tmp"
out=$(cd /tmp && $cmd 2>&1) && s=0 || s=$?
w1=$(stat_of write_acquires) r1=$(stat_of read_acquires)
brlock-ctl off

if [ "$s" = 0 ]; then ok "$cmd exits 0"; else
	not_ok "$cmd exits 0" "exit status $s" "$out"
fi
# --metrics-brief: "stress-ng: info:  [PID] bind-mount  BOGO-OPS  ...", a
# bogo op being one bind mount and its umount.
ops=$(printf '%s\n' "$out" | awk '$3 ~ /^\[[0-9]+\]$/ && $4 == "bind-mount" && $5 ~ /^[0-9]+$/ { print $5 }')
check "... and its bind-mount workers mounted (bogo ops: ${ops:-none})" [ "${ops:-0}" -gt 0 ]
check_eq "... and it disabled or skipped nothing" "" "$(printf '%s\n' "$out" | grep -Ei 'disabled|skipp')"
printf '%s\n' "$out" | sed 's/^/# /'
echo "# stress-ng: $ops bogo ops; vfsmount write_acquires +$((w1 - w0)), read_acquires +$((r1 - r0))"
# At least one write section a bogo op (the mount's), and at least one.
check "write_acquires grows with the bind mounts, at least one a bogo op (+$((w1 - w0)))" \
	[ $((w1 - w0)) -ge "${ops:-1}" ]
check "read_acquires grows (+$((r1 - r0)))" [ $((r1 - r0)) -gt 0 ]
check_eq "the histogram's counts add up to write_acquires" "$(stat_of write_acquires)" "$(hist_sum)"
check_eq "the mount table is as it was before stress-ng" "$before" "$(mounts)"
check_eq "stress-ng left no folder in /tmp" "" "$(ls -d /tmp/stress-ng* 2>/dev/null)"
