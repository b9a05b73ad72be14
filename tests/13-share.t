#!/bin/bash
# --share makes a host folder readable and writable in the guest.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo from-host >"$dir/in.txt"
guest --fail-on-splat --share "$dir" -- sh -c 'cat /mnt/host/in.txt; echo from-guest > /mnt/host/out.txt'
check_eq "the shared run exits 0" 0 "$rc"
check_eq "a host file is readable in the guest" from-host "$out"
check_eq "a file written in the guest appears on the host" from-guest "$(cat "$dir/out.txt" 2>/dev/null)"
