#!/bin/bash
# Every patch in the series passes the kernel's checkpatch.pl --strict with
# no errors, warnings or checks.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

tree=$top/build/linux
# checkpatch runs scripts/spdxcheck.py with python3: Debian's, which has
# the ply module it needs, not whatever python3 comes first on PATH.
scripts/series-list patches | while read -r p; do
	result=$(cd "$tree" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --color=never "$top/patches/$p" 2>&1)
	check_match "checkpatch --strict is clean on $p" '^total: 0 errors, 0 warnings, 0 checks' "$result"
	check_eq "checkpatch's SPDX check ran on $p" "" "$(printf '%s\n' "$result" | grep -m 1 Traceback)"
done
