#!/bin/sh
# bpf/brlockwrite.bt SECONDS: it ends by itself after SECONDS, while a
# mount storm still runs, and shows the storm's writes. Its tracepoints
# come off under that storm, which needs single-threaded TCG (code
# patched while another vCPU runs it can hang multi-threaded TCG; see
# tests/20-guest.t); the rest of the tool is 70-bpf-brlockwrite.t.
# accel: tcg1
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

if ! bt=$(command -v brlockwrite.bt); then
	not_ok "brlockwrite.bt is on PATH" "PATH=$PATH"
	exit 0
fi
storm=$(command -v mount-storm)

# SECONDS: it ends by itself, under a storm that runs until told to stop
# (no -c: if it did not end, the guest's timeout would fail the suite).
# The storm starts once bpftrace has compiled and attached (on one host
# thread for both vCPUs, a compile beside it is slow), and 5 s leave the
# storm's first writes time to come.
log=$(mktemp)
"$bt" all 5 >"$log" 2>&1 &
bt_pid=$!
bt_wait_tracing "$log" "$bt_pid"
sh "$storm" -q -w 1 -r 0 -t 600 2>/dev/null &
storm_pid=$!
tracing=no
! kill -0 "$bt_pid" 2>/dev/null || tracing=yes
wait "$bt_pid"
rc=$?
kill -TERM "$storm_pid"
wait "$storm_pid"
out=$(cat "$log")
rm -f "$log"
check_eq "brlockwrite.bt all 5 ends by itself and exits 0" 0 "$rc"
check_eq "... the storm began while it traced" yes "$tracing"
check_match "... says for how long it traces" '^Tracing brlock writers for 5 s\.\.\.$' "$out"
check_match "... and shows the storm's writes" '^@spin_ns\[vfsmount\]: ?$' "$out"
