# tests/guest/lib.sh: check helpers, POSIX sh (the guest runs busybox ash).
# The host side's tests/lib.sh sources this file too. Every check prints
# "ok - WHAT" or "not ok - WHAT" and a few "#" lines of detail.
# shellcheck shell=sh

ok() { echo "ok - $1"; }
not_ok() {
	echo "not ok - $1"
	shift
	[ $# -eq 0 ] || printf '%s\n' "$@" | sed 's/^/#   /'
}

# check WHAT COMMAND...: the command succeeds.
check() {
	_what=$1
	shift
	if "$@"; then ok "$_what"; else not_ok "$_what" "command failed: $*"; fi
}

# check_eq WHAT EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "expected: $2" "got:      $3"; fi
}

# check_match WHAT EXTENDED-REGEX TEXT
check_match() {
	if printf '%s\n' "$3" | grep -qE -- "$2"; then ok "$1"; else
		not_ok "$1" "no match for /$2/ in:" "$(printf '%s\n' "$3" | tail -n 15)"
	fi
}
