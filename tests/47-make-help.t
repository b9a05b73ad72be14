#!/bin/bash
# make help names every target a user runs, one line each, and needs
# nothing built.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

help=$(make -s help 2>&1) && s=0 || s=$?
check_eq "make help exits 0" 0 "$s"
# The user's targets: .PHONY but for the Makefile's internals.
phony=$(awk '/^\.PHONY:/ { on = 1 } on { more = /\\$/; sub(/^\.PHONY:/, ""); sub(/\\$/, ""); print; if (!more) exit }' Makefile)
# shellcheck disable=SC2086 # the names, split
for t in $(printf '%s\n' $phony | grep -vxE 'all|tree|FORCE|help|'); do
	check_match "make help names make $t" "^make $t " "$help"
done
check_eq "... one line a target" "$(printf '%s\n' "$help" | grep -c '^make ')" "$(printf '%s\n' "$help" | grep -c .)"
