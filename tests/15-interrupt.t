#!/bin/bash
# An interrupted qemu/run stops its guest and cleans up: SIGTERM and SIGHUP
# each stop QEMU (which runs in a process group of its own under GNU
# timeout, out of the terminal's reach), remove the control folder and exit
# 128 + the signal's number. The first SIGINT goes to the guest's command,
# as a terminal's Ctrl-C to its foreground job; the second stops the guest
# (exit 130). And a --share path with a comma in it, which QEMU's option
# syntax would cut short unless doubled, works.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Job control: a background job of a script would otherwise start with
# SIGINT ignored, and a shell cannot trap what it inherited as ignored.
set -m

# interrupt SIGNAL STATUS [SCRIPT]: start a guest whose command (SCRIPT,
# default: sleep) runs until stopped, signal the runner once the command
# runs (SIGINT twice: the first is the command's, which ignores it), check
# what is left.
interrupt() {
	local sig=$1 want=$2 script=${3:-'echo running; sleep 600'} tmp=$work/$1
	mkdir "$tmp"
	TMPDIR=$tmp "$runner" "${GUEST_OPTS[@]}" -- sh -c "$script" >"$tmp.out" 2>"$tmp.err" &
	local pid=$!
	check "the guest's command started before the $sig" wait_for_line "$tmp.out" running
	kill -s "$sig" "$pid"
	if [ "$sig" = SIGINT ]; then
		sleep 3
		check "... the first SIGINT went to the command, which ignored it" kill -0 "$pid"
		kill -s "$sig" "$pid"
	fi
	# The runner gives QEMU 5 s after the TERM; 30 s is plenty.
	reap "$pid" 30
	check_eq "qemu/run stopped by $sig exits $want" "$want" "$status"
	check_eq "... and says so" "qemu/run: $sig: stopping the guest" \
		"$(grep -m 1 'stopping the guest' "$tmp.err")"
	check_eq "... and leaves no QEMU of that run behind" "" "$(pgrep -f -- "$tmp/" || true)"
	check_eq "... and removes its control folder" "" "$(ls -A "$tmp")"
	pkill -f -- "$tmp/" 2>/dev/null || true
}
interrupt SIGINT 130 "trap '' INT; echo running; sleep 600"
interrupt SIGTERM 143
interrupt SIGHUP 129

# A forwarded SIGINT: the command's trap runs, and its exit status is ours.
mkdir "$work/fwd"
TMPDIR=$work/fwd "$runner" "${GUEST_OPTS[@]}" -- sh -c 'trap "echo got SIGINT; exit 7" INT; echo running; while :; do sleep 1; done' \
	>"$work/fwd.out" 2>"$work/fwd.err" &
pid=$!
wait_for_line "$work/fwd.out" running
kill -s SIGINT "$pid"
reap "$pid" 60
check_eq "one SIGINT reaches the guest's command, whose exit status is ours" 7 "$status"
check_eq "... the command's trap ran" "running got SIGINT" "$(tr '\n' ' ' <"$work/fwd.out" | sed 's/ $//')"
check_eq "... and the runner said it passed it on" \
	"qemu/run: SIGINT: passed to the guest's command; Ctrl-C again stops the guest" \
	"$(grep -m 1 'passed to' "$work/fwd.err")"
check_eq "... and removes its control folder" "" "$(ls -A "$work/fwd")"

share=$work/a,b
mkdir "$share"
echo through-the-comma >"$share/in.txt"
guest --share "$share" -- cat /mnt/host/in.txt
check_eq "a --share path with a comma in it works" through-the-comma "$out"
check_eq "... with exit status 0" 0 "$rc"
