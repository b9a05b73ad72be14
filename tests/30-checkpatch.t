#!/bin/bash
# Every patch in the series passes the kernel's checkpatch.pl --strict with
# no errors, warnings or checks.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

tree=$top/build/linux
# The tree, extracted and the series applied (make check does not wait
# for it; under make test it is there already and this does nothing).
# Our make's flags are not the sub-make's: this is a test, not a recipe.
if ! err=$(env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s -C "$top" tree 2>&1 >/dev/null); then
	not_ok "make tree prepares the tree checkpatch runs in" "$err"
	exit 0
fi
# checkpatch runs scripts/spdxcheck.py with python3: Debian's, which has
# the ply module it needs, not whatever python3 comes first on PATH.
#
# UNKNOWN_COMMIT_ID: checkpatch looks every "commit <id>" and Fixes: id up
# in the tree's git history, and the tree here is Debian's source tarball
# on one base commit, without the upstream history those ids name. The
# ids and the titles are checked against the kernel's Fixes: style below
# instead; checkpatch's BAD_FIXES_TAG stays on.
#
# Two patches at a time (checkpatch is one perl process, 3-5 s a patch):
# under make check this test is the last to end, the other lane idle by
# then. Each report goes to a file of its own, read in series order.
series=$(scripts/series-list patches)
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
# shellcheck disable=SC2016 # expanded by the sh that xargs starts
printf '%s\n' "$series" | (cd "$tree" && PATH=/usr/bin:$PATH xargs -P 2 -I {} \
	sh -c './scripts/checkpatch.pl --strict --color=never --ignore UNKNOWN_COMMIT_ID "$1/$2" >"$3/$2" 2>&1' \
	sh "$top/patches" {} "$results")
printf '%s\n' "$series" | while read -r p; do
	result=$(cat "$results/$p" 2>&1)
	check_match "checkpatch --strict is clean on $p" '^total: 0 errors, 0 warnings, 0 checks' "$result"
	check_eq "checkpatch's SPDX check ran on $p" "" "$(printf '%s\n' "$result" | grep -m 1 Traceback)"
done

# Every Fixes: tag as Documentation/process/submitting-patches.rst spells
# it (12 hex digits, the title quoted in parentheses), and the series
# opens with the fix, which carries one.
fixes=$(printf '%s\n' "$series" | while read -r p; do
	sed -n '/^---$/q; /^Fixes:/p' "$top/patches/$p"
done)
check_eq "every Fixes: tag is in the kernel's style" "" \
	"$(printf '%s\n' "$fixes" | grep -Ev '^(Fixes: [0-9a-f]{12} \("[^"]+"\))?$' || true)"
first=$(printf '%s\n' "$series" | head -n 1)
check_match "the series opens with the fix, with its Fixes: tag" \
	'^Fixes: [0-9a-f]{12} \("get rid of detach_mnt\(\)"\)$' "$(sed -n '/^---$/q; p' "$top/patches/$first")"
