#!/bin/bash
# Bad arguments give one line on stderr and exit 2, without booting.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

bad() {
	local what=$1
	shift
	local start=$SECONDS
	guest "$@"
	check_eq "$what exits 2" 2 "$rc"
	check_eq "$what says so in one line" 1 "$(printf '%s\n' "$err" | grep -c .)"
	check "$what does not boot a guest" [ $((SECONDS - start)) -lt 5 ]
}
bad "an unknown flag" --frobnicate -- true
bad "a missing kernel image" --kernel /nonexistent/bzImage -- true
bad "a missing initrd" --initrd /nonexistent/initrd -- true
bad "a non-numeric --cpus" --cpus many -- true
bad "a non-numeric --max-cpus" --max-cpus lots -- true
bad "a --max-cpus below --cpus" --cpus 4 --max-cpus 2 -- true
bad "a --max-cpus above QEMU's limit" --max-cpus 4096 -- true
bad "a flag without its value" --timeout
