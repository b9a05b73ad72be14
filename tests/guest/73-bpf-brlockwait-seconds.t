#!/bin/sh
# bpf/brlockwait.bt SECONDS: it ends by itself after SECONDS while
# contending writers (brlock-bench-vfs's mount measure) still run. Its
# tracepoints come off under that load, which needs single-threaded TCG
# (code patched while another vCPU runs it can hang multi-threaded TCG;
# see tests/20-guest.t); the rest of the tool is 72-bpf-brlockwait.t.
# accel: tcg1
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

if ! bt=$(command -v brlockwait.bt); then
	not_ok "brlockwait.bt is on PATH" "PATH=$PATH"
	exit 0
fi
dir=$(mktemp -d /tmp/brlockwait.XXXXXX)

# SECONDS: it ends by itself, under a load that runs until told to stop
# (no -c: if it did not end, the guest's timeout would fail the suite).
# The load starts once bpftrace has compiled and attached: on one host
# thread for both vCPUs, a compile beside the load took a minute more.
stop=$dir.stop
"$bt" all 2 >"$dir.out" 2>&1 &
bt_pid=$!
bt_wait_tracing "$dir.out" "$bt_pid"
while [ ! -e "$stop" ]; do brlock-bench-vfs -t 1000 -m mount "$dir" >/dev/null 2>&1; done &
load=$!
tracing=no
! kill -0 "$bt_pid" 2>/dev/null || tracing=yes
wait "$bt_pid"
rc=$?
out=$(cat "$dir.out")
running=no
! kill -0 "$load" 2>/dev/null || running=yes
: >"$stop"
wait "$load"
rm -f "$stop" "$dir.out"
check_eq "brlockwait.bt all 2 ends by itself and exits 0" 0 "$rc"
check_eq "... the load began while it traced" yes "$tracing"
check_eq "... and still ran when it ended" yes "$running"
check_match "... and says for how long it traces" '^Tracing brlock waits for 2 s\.\.\.$' "$out"
check_eq "the writers left their folder empty" "" "$(ls -A "$dir")"
rmdir "$dir"
