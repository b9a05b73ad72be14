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
out=$(sh "$storm" -q -w 1 -r 0 -t 600 2>/dev/null &
	storm_pid=$!
	"$bt" all 2 2>&1
	echo "exit $?"
	kill -TERM "$storm_pid"
	wait "$storm_pid")
check_match "brlockwrite.bt all 2 ends by itself and exits 0" '^exit 0$' "$out"
check_match "... says for how long it traces" '^Tracing brlock writers for 2 s\.\.\.$' "$out"
check_match "... and shows the storm's writes" '^@spin_ns\[vfsmount\]: ?$' "$out"
