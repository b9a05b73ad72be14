#!/bin/bash
# scripts/series-check (make series-check: every prefix of the series builds
# and boots) refuses what it cannot use before it builds or checks out
# anything. Its real run is a kernel build a patch, too long for make test.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# run ARGS...: scripts/series-check ARGS; sets $rc, $out, $err.
run() {
	scripts/series-check "$@" >"$work/out" 2>"$work/err"
	rc=$?
	out=$(cat "$work/out") err=$(cat "$work/err")
}

check_eq "shellcheck is clean on scripts/series-check" "" "$(shellcheck scripts/series-check 2>&1)"

run -h
check_eq "-h exits 0" 0 "$rc"
check_match "-h prints the usage with its options" '^Usage: scripts/series-check \[-c lab\|lean\] \[-f FIRST\] \[-l LAST\] \[-o OUTDIR\] TREE INITRD' "$out"

touch "$work/initrd"
mkdir -p "$work/not-a-tree"
# An applied tree as far as the arguments go: a git tree with the base tag
# (prepare-tree's), and a worktree of it, whose .git is a file.
git_q() { git -c user.name=t -c user.email=t@t -c init.defaultBranch=main "$@" >/dev/null 2>&1; }
git_q init "$work/tree" && git_q -C "$work/tree" commit --allow-empty -m base &&
	git_q -C "$work/tree" tag base && git_q -C "$work/tree" worktree add --detach "$work/worktree" base
# refused WHAT STATUS REGEX ARGS...: series-check ARGS exits STATUS, says
# REGEX on stderr, and leaves no output folder.
refused() {
	local what=$1 status=$2 says=$3
	shift 3
	run -o "$work/out.d" "$@"
	check_eq "$what: exit $status" "$status" "$rc"
	check_match "$what: says why" "$says" "$err"
	check "$what: makes no output folder" [ ! -e "$work/out.d" ]
}
refused "an unknown -c" 2 "^series-check: -c takes lab or lean, not 'debug'" -c debug "$work/not-a-tree" "$work/initrd"
refused "no INITRD" 2 "^Usage: " "$work/not-a-tree"
refused "an unknown flag" 2 "^Usage: " -x "$work/not-a-tree" "$work/initrd"
refused "a -f that is no patch number" 2 "^series-check: -f takes a patch number from 1, not '0'" -f 0 "$work/not-a-tree" "$work/initrd"
refused "an -l that is no patch number" 2 "^series-check: -l takes a patch number from 1, not 'x'" -l x "$work/not-a-tree" "$work/initrd"
refused "an -l before the -f" 2 "^series-check: -l 2 comes before -f 3$" -f 3 -l 2 "$work/not-a-tree" "$work/initrd"
refused "a TREE that is no git tree" 1 "^series-check: .*not-a-tree is not the applied tree \\(make tree\\)$" \
	"$work/not-a-tree" "$work/initrd"
refused "a missing INITRD" 1 "^series-check: no initramfs at .*/nonexistent \\(make rootfs\\)$" \
	"$work/tree" "$work/nonexistent"
refused "a missing INITRD, TREE a worktree of the applied tree" 1 \
	"^series-check: no initramfs at .*/nonexistent \\(make rootfs\\)$" "$work/worktree" "$work/nonexistent"
