#!/bin/bash
# An interrupted qemu/run stops its guest and cleans up: SIGINT, SIGTERM
# and SIGHUP each stop QEMU (which runs in a process group of its own under
# GNU timeout, out of the terminal's reach), remove the control folder and
# exit 128 + the signal's number. And a --share path with a comma in it,
# which QEMU's option syntax would cut short unless doubled, works.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Job control: a background job of a script would otherwise start with
# SIGINT ignored, and a shell cannot trap what it inherited as ignored.
set -m

# interrupt SIGNAL STATUS: start a guest that runs until stopped, signal
# the runner once the command runs, check what is left.
interrupt() {
	local sig=$1 want=$2 tmp=$work/$1 i s
	mkdir "$tmp"
	TMPDIR=$tmp "$runner" -- sh -c 'echo running; sleep 600' >"$tmp.out" 2>"$tmp.err" &
	local pid=$!
	for ((i = 0; i < 600; i++)); do
		grep -q running "$tmp.out" 2>/dev/null && break
		sleep 0.2
	done
	check "the guest's command started before the $sig" grep -q running "$tmp.out"
	kill -s "$sig" "$pid"
	# The runner gives QEMU 5 s after the TERM; 30 s is plenty.
	for ((i = 0; i < 150; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.2
	done
	wait "$pid" && s=0 || s=$?
	check_eq "qemu/run stopped by $sig exits $want" "$want" "$s"
	check_eq "... and says so" "qemu/run: $sig: stopping the guest" \
		"$(grep -m 1 'stopping the guest' "$tmp.err")"
	check_eq "... and leaves no QEMU of that run behind" "" "$(pgrep -f -- "$tmp/" || true)"
	check_eq "... and removes its control folder" "" "$(ls -A "$tmp")"
	pkill -f -- "$tmp/" 2>/dev/null || true
}
interrupt SIGINT 130
interrupt SIGTERM 143
interrupt SIGHUP 129

share=$work/a,b
mkdir "$share"
echo through-the-comma >"$share/in.txt"
guest --share "$share" -- cat /mnt/host/in.txt
check_eq "a --share path with a comma in it works" through-the-comma "$out"
check_eq "... with exit status 0" 0 "$rc"
