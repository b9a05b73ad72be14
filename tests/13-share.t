#!/bin/bash
# --share makes a host folder readable and writable in the guest, at
# /mnt/host or at the path given; it may repeat.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

dir=$(mktemp -d) dir2=$(mktemp -d)
trap 'rm -rf "$dir" "$dir2"' EXIT
echo from-host >"$dir/in.txt"
guest --fail-on-splat --share "$dir" -- sh -c 'cat /mnt/host/in.txt; echo from-guest > /mnt/host/out.txt'
check_eq "the shared run exits 0" 0 "$rc"
check_eq "a host file is readable in the guest" from-host "$out"
check_eq "a file written in the guest appears on the host" from-guest "$(cat "$dir/out.txt" 2>/dev/null)"
guest_failure_detail

# Two shares in one boot: a bare one at /mnt/host, one at its GUESTPATH.
echo second >"$dir2/in.txt"
guest --fail-on-splat --share "$dir" --share "$dir2:/srv/data" -- \
	sh -c 'cat /mnt/host/in.txt /srv/data/in.txt; echo back > /srv/data/out.txt'
check_eq "two shares: the run exits 0" 0 "$rc"
check_eq "... each readable at its path" "from-host second" "$(printf '%s' "$out" | tr '\n' ' ')"
check_eq "... and writable" back "$(cat "$dir2/out.txt" 2>/dev/null)"
guest_failure_detail

# A second share without GUESTPATH would replace the first: refused.
guest --share "$dir" --share "$dir2" -- true
check_eq "a second --share without GUESTPATH exits 2" 2 "$rc"
check_match "... and says why" '^qemu/run: --share .*second share without GUESTPATH' "$err"
guest --share "$dir:/srv/my data" -- true
check_eq "a GUESTPATH with a blank exits 2" 2 "$rc"
guest --share "$dir:/srv/x" --share "$dir2:/srv/x" -- true
check_eq "the same GUESTPATH twice exits 2" 2 "$rc"
