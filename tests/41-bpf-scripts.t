#!/bin/bash
# bpf/*.bt as bpftrace's own tools are: run by env, a header that names the
# tool and its USAGE, an SPDX line, an _example.txt of real output beside
# it, a row in bpf/README.md. (What they print is tested in the guest,
# tests/guest/70- and 72-.)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

for bt in bpf/*.bt; do
	name=$(basename "$bt" .bt)
	check_eq "$bt starts with #!/usr/bin/env bpftrace" '#!/usr/bin/env bpftrace' "$(head -n 1 "$bt")"
	check_match "$bt's header names it and what it shows" "^ \\* $name	[A-Z]" "$(head -n 5 "$bt")"
	check_match "$bt's header has its USAGE" "^ \\* USAGE: $name\\.bt( |\$)" "$(cat "$bt")"
	check_match "$bt has an SPDX line" '^ \* SPDX-License-Identifier: GPL-2\.0$' "$(cat "$bt")"
	check "$bt has its example, bpf/${name}_example.txt, with real maps" \
		grep -q '^@[a-z_]*\[' "bpf/${name}_example.txt"
	check_match "$bt's example shows how it was run" "^# $name\\.bt" "$(cat "bpf/${name}_example.txt")"
	check_match "bpf/README.md lists $name.bt" "\\[$name\\.bt\\]\\($name\\.bt\\)" "$(cat bpf/README.md)"
	# A man page each, in the style of bpftrace's tools' (man8).
	man=bpf/$name.8
	check_eq "$bt has a man page, $man, that groff formats without a warning" "" \
		"$( { [ -f "$man" ] || echo "no $man"; } && LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$man" 2>&1)"
	# As man shows it, as plain text (grotty: no escapes, no overstrikes).
	page=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -P-cbou -rLL=78n "$man" 2>/dev/null)
	for sec in NAME SYNOPSIS DESCRIPTION REQUIREMENTS EXAMPLES FIELDS OVERHEAD SOURCE 'SEE ALSO'; do
		check_match "... with the section $sec" "^$sec\$" "$page"
	done
	check_match "... whose NAME is the tool's" "^ +$name\\.bt +- " "$page"
	check_match "... whose SYNOPSIS is its USAGE" "^ +$name\\.bt \\[LOCKNAME\\|all\\] \\[SECONDS\\]\$" "$page"
	# Every map the script prints is explained under FIELDS.
	for map in $(grep -o '^@[a-z_]*\[' "bpf/${name}_example.txt" | sort -u | tr -d '@['); do
		check_match "... which explains @$map" "^ +@$map\\[" "$page"
	done
done

# bpf/bt-front, on the guest's PATH under each script's name, checks the
# tools' arguments before bpftrace runs: usage and exit 2 for bad ones.
# Here it runs against bpf/ itself, with a bpftrace that only says how it
# was called.
front=$(mktemp -d)
trap 'rm -rf "$front"' EXIT
printf '#!/bin/sh\necho "bpftrace $*"\n' >"$front/bpftrace"
chmod +x "$front/bpftrace"
check "bpf/bt-front is shellcheck clean" shellcheck bpf/bt-front
for bt in bpf/*.bt; do
	name=$(basename "$bt")
	ln -s "$top/bpf/bt-front" "$front/$name"
	run() { PATH=$front:$PATH BT_DIR=$top/bpf "$front/$name" "$@"; }
	for args in "a b c" "vfsmount 0" "vfsmount abc" "vfsmount -5" "vfsmount 05" "Bad-Name" "vfsmount 2 -c true x"; do
		# shellcheck disable=SC2086 # the arguments, split
		err=$(run $args 2>&1 >/dev/null) && s=0 || s=$?
		check_eq "$name $args: exit 2" 2 "$s"
		check_match "... with the usage" "^usage: $name \\[LOCKNAME\\|all\\] \\[SECONDS\\]$" "$err"
	done
	check_eq "$name vfsmount 5 -c 'ls /': runs bpftrace with the script and every argument" \
		"bpftrace $top/bpf/$name vfsmount 5 -c ls /" "$(run vfsmount 5 -c 'ls /')"
	check_eq "$name with no argument runs it" "bpftrace $top/bpf/$name" "$(run)"
	usage=$(run -h) && s=0 || s=$?
	check_match "$name -h: the usage" "^usage: $name " "$usage"
	check_eq "... and exit 0" 0 "$s"
	# bpftrace 0.17's options with a value, and one without.
	check_eq "$name vfsmount --emit-elf x.o: --emit-elf takes a value" \
		"bpftrace $top/bpf/$name vfsmount --emit-elf x.o" "$(run vfsmount --emit-elf x.o)"
	check_eq "$name --usdt-file-activation vfsmount: that option takes none" \
		"bpftrace $top/bpf/$name --usdt-file-activation vfsmount" "$(run --usdt-file-activation vfsmount)"
	# A lock name that no brlock has: refused, with the names there are.
	roots=$(mktemp -d)
	mkdir "$roots/vfsmount" "$roots/torture_brlock"
	err=$(BRLOCK_DEBUGFS=$roots run nosuch 2>&1 >/dev/null) && s=0 || s=$?
	check_eq "$name nosuch: exit 1, as brlock-stat does" 1 "$s"
	check_eq "... naming the brlocks there are" "$name: no brlock named 'nosuch'; there are: torture_brlock vfsmount" "$err"
	check_eq "... while a name that is there runs" "bpftrace $top/bpf/$name vfsmount" \
		"$(BRLOCK_DEBUGFS=$roots run vfsmount)"
	check_eq "... and all runs" "bpftrace $top/bpf/$name all" "$(BRLOCK_DEBUGFS=$roots run all)"
	rm -r "$roots"
done
