#!/bin/bash
# qemu/run passes the command's exit status, output and arguments through.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2016 # the guest must get a literal \$HOME
guest --fail-on-splat -- printf '[%s]' 'two words' "it's" '' '$HOME *'
check_eq "a command that succeeds exits 0" 0 "$rc"
check_eq "arguments with spaces, quotes and globs arrive intact" \
	"[two words][it's][][\$HOME *]" "$out"
check_match "the runner says which accelerator it used" 'with (kvm|tcg),' "$err"

# As over ssh: stderr apart from stdout, pipes rather than a terminal (so
# that a tool's pager or prompt stays off), and our stdin (here tests/run's
# /dev/null) the command's.
# shellcheck disable=SC2016 # for the guest's sh
ttys='for fd in 0 1 2; do if [ -t $fd ]; then echo "fd $fd: terminal"; else echo "fd $fd: pipe"; fi; done'
# --timeout 0 means no timeout at all (GNU timeout's 0), for a long
# tracing session; the default with a command is 900 s.
guest --fail-on-splat --timeout 0 -- sh -c "$ttys; cat; echo stdin-ended; echo to-stderr >&2; exit 42" </dev/null
check_eq "exit status 42 is passed through (with --timeout 0: no timeout)" 42 "$rc"
check_eq "the command's stdin, stdout and stderr are not terminals, an empty stdin ends, stderr is not on stdout" \
	"fd 0: pipe fd 1: pipe fd 2: pipe stdin-ended" "$(printf '%s' "$out" | tr '\n' ' ')"
check_match "the command's stderr is on the runner's stderr" '^to-stderr$' "$err"
guest --fail-on-splat -t -- sh -c "$ttys; echo to-stderr >&2; false"
check_match "-t gives it a terminal" 'fd 1: terminal' "$out"
check_match "... with its stderr on it" 'to-stderr' "$out"
check_eq "a command that fails exits 1, on a terminal too" 1 "$rc"

# Our stdin is the command's when it is not a terminal.
guest --fail-on-splat -- sh -s <<'EOT'
echo "line one"
echo "$((6 * 7))"
EOT
check_eq "stdin reaches the command: sh -s runs a script from it" "line one
42" "$out"
big=$(mktemp)
head -c 300000 /dev/urandom >"$big"
guest --fail-on-splat -- md5sum <"$big"
check_eq "300 kB of binary stdin arrive intact" "$(md5sum <"$big" | cut -d' ' -f1)" "${out%% *}"
rm -f "$big"
# Streaming: the first line must reach us while the guest is still running,
# well before the second. The 4 s gap leaves room for a slow host. Its
# stdin never ends (a sleep holds it open): that must not hold up a
# command that does not read it.
exec {hold}< <(sleep 3000)
hold_pid=$!
stamps=$("$runner" "${GUEST_OPTS[@]}" --fail-on-splat --timeout 300 -- sh -c 'echo first; sleep 4; echo second' \
	<&"$hold" 2>/dev/null | while IFS= read -r line; do echo "$line $(date +%s)"; done
	echo "status ${PIPESTATUS[0]}")
kill "$hold_pid" 2>/dev/null
exec {hold}<&-
check_eq "an open stdin does not hold up a command that ignores it: both lines, exit 0" "first second 0" \
	"$(printf '%s\n' "$stamps" | awk '{ print $NF == "0" && $1 == "status" ? 0 : $1 }' | paste -sd ' ')"
first=$(printf '%s\n' "$stamps" | awk '$1 == "first" {print $2}')
second=$(printf '%s\n' "$stamps" | awk '$1 == "second" {print $2}')
if [ -n "$first" ] && [ -n "$second" ] && [ $((second - first)) -ge 2 ]; then
	ok "output streams while the command runs"
else
	not_ok "output streams while the command runs" "arrival times: $stamps"
fi
