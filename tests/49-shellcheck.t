#!/bin/bash
# Lint: shellcheck over every shell file of the repository, in one run: the
# scripts with a sh or bash #! line (tools, runners, storms, init, the
# builders, the tests), and the sourced libraries (*.sh, tests/lib.sh).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# shell_files: the repository's shell files, one a line; from git when
# this is a clone, else from the folder.
shell_files() {
	local f first
	{ git ls-files 2>/dev/null || find . -type f ! -path './build/*' ! -path './.git/*' | sed 's|^\./||'; } |
		while read -r f; do
			case $f in patches/* | build/*) continue ;; esac
			[ -f "$f" ] || continue
			IFS= read -r first <"$f" || :
			case $first in
			'#!'*/sh | '#!'*/bash | '#!'*' bash' | '#!'*' sh' | '# shellcheck shell='*) echo "$f" ;;
			*) case $f in *.sh) echo "$f" ;; esac ;;
			esac
		done
}
mapfile -t files < <(shell_files)

# The list is what it should be: the files the issue named among them, and
# none that is not shell.
check "at least 60 shell files are found (got ${#files[@]})" [ "${#files[@]}" -ge 60 ]
for f in qemu/run guest-rootfs/init guest-rootfs/build guest-rootfs/bin/mount-storm \
	guest-rootfs/bin/container-storm tests/run tests/lib.sh tests/guest/lib.sh tests/guest/run \
	debugfs-tools/brlock-stat; do
	check_match "$f is among them" "^$f\$" "$(printf '%s\n' "${files[@]}")"
done
check_eq "no bpftrace script is among them" "" "$(printf '%s\n' "${files[@]}" | grep '\.bt$')"

# The positive control: this shellcheck does report what it should.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2016 # the bad script's text, unexpanded
printf '#!/bin/sh\nrm -rf $1/*\n' >"$work/bad"
check_match "shellcheck reports an unquoted expansion (the control)" 'SC2086' "$(shellcheck "$work/bad" 2>&1)"

check_eq "shellcheck -x is clean on all ${#files[@]} of them" "" "$(shellcheck -x "${files[@]}" 2>&1)"
