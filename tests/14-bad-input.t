#!/bin/bash
# Bad arguments give one line on stderr, which names what is wrong, and
# exit 2, without booting.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# bad WHAT REGEX ARGS...: qemu/run ARGS is refused with a message matching REGEX.
bad() {
	local what=$1 says=$2
	shift 2
	local start=$SECONDS
	guest "$@"
	check_eq "$what exits 2" 2 "$rc"
	check_eq "$what says so in one line" 1 "$(printf '%s\n' "$err" | grep -c .)"
	check_match "$what is named in the message" "^qemu/run: $says" "$err"
	check "$what does not boot a guest" [ $((SECONDS - start)) -lt 5 ]
}
# The kernel image given exists, so that the initrd is the one thing wrong.
bad "an unknown flag" "unknown argument '--frobnicate'" --frobnicate -- true
bad "a missing kernel image" "kernel image /nonexistent/bzImage not found" \
	--kernel /nonexistent/bzImage -- true
bad "a missing initrd" "initrd /nonexistent/initrd not found" \
	--kernel "$0" --initrd /nonexistent/initrd -- true
bad "a non-numeric --cpus" "--cpus wants a positive number, not 'many'" --cpus many -- true
bad "a non-numeric --max-cpus" "--max-cpus wants a positive number, not 'lots'" --max-cpus lots -- true
bad "a --max-cpus below --cpus" "--max-cpus 2 is fewer than --cpus 4" --cpus 4 --max-cpus 2 -- true
bad "a --max-cpus above QEMU's limit" "--max-cpus wants at most 255" --max-cpus 4096 -- true
bad "a flag without its value" "--timeout needs a value" --timeout
