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

guest --fail-on-splat -- false
check_eq "a command that fails exits 1" 1 "$rc"

guest --fail-on-splat -- sh -c 'echo to-stderr >&2; exit 42'
check_eq "exit status 42 is passed through" 42 "$rc"
check_eq "the command's stderr reaches the runner's output" to-stderr "$out"

# Streaming: the first line must reach us while the guest is still running,
# well before the second. The 4 s gap leaves room for a slow host.
stamps=$("$runner" --fail-on-splat -- sh -c 'echo first; sleep 4; echo second' 2>/dev/null |
	while IFS= read -r line; do echo "$line $(date +%s)"; done)
first=$(printf '%s\n' "$stamps" | awk '$1 == "first" {print $2}')
second=$(printf '%s\n' "$stamps" | awk '$1 == "second" {print $2}')
if [ -n "$first" ] && [ -n "$second" ] && [ $((second - first)) -ge 2 ]; then
	ok "output streams while the command runs"
else
	not_ok "output streams while the command runs" "arrival times: $stamps"
fi

# --timeout 0 means no timeout at all (GNU timeout's 0), for a long
# tracing session; the default with a command is 900 s.
guest --timeout 0 -- sh -c 'exit 3'
check_eq "--timeout 0: no timeout, and the command's status comes back" 3 "$rc"
