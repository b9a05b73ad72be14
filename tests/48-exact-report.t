#!/bin/bash
# The exact ruler's host half (no boot): QEMU's exact.so plugin
# (qemu/plugin/exact.c) and exact-calibrate build warning-free, the
# markers agree everywhere, scripts/exact-report pairs windows with their
# names, takes the smallest and writes the table, exact.json and the
# by-function diff; scripts/exact refuses bad arguments. The counting
# itself is tests/27-exact-plugin.t.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check_eq "exact.so builds with -Wall -Wextra and no warning" "" \
	"$(gcc -shared -fPIC -O2 -Wall -Wextra -fvisibility=hidden -o "$work/exact.so" qemu/plugin/exact.c 2>&1)"
check_match "... and exports what QEMU loads" 'qemu_plugin_install' "$(nm -D "$work/exact.so" 2>&1)"
check_eq "exact-calibrate builds static with -Wall -Wextra and no warning" "" \
	"$(gcc -static -O2 -Wall -Wextra -o "$work/cal" guest-rootfs/src/exact-calibrate.c 2>&1)"
# The window is one asm statement: the start marker, one mov, the loop,
# the stop marker; nothing of the compiler's in between.
# shellcheck disable=SC2016 # a regular expression, not an expansion
check_match "exact-calibrate's plain window is the marker, one mov and the loop" \
	'nopl +0x45584301\(%rax\) mov +\$0x3e8,%[a-z0-9]+ add +\$0x1,%[a-z0-9]+ dec +%[a-z0-9]+ jne +[0-9a-f]+ <plain\+0x[0-9a-f]+> nopl +0x45584302\(%rax\)' \
	"$(objdump -d --no-show-raw-insn "$work/cal" | awk '/<plain>:/ { on = 1; next } on && /^$/ { exit } on { sub(/^[^\t]*\t/, ""); printf "%s ", $0 }' | tr -s ' ')"

# The markers: the plugin's, the guest programs', brlock_bench's.
for m in 0x45584301 0x45584302; do
	n=$(grep -l -- "$m" qemu/plugin/markers.h guest-rootfs/src/exact-marker.h patches/*.patch 2>/dev/null | wc -l)
	check "marker $m is the same in the plugins' header, the guest header and brlock_bench's patch" [ "$n" -ge 3 ]
done

# exact-report on hand-made windows: 3 windows of "a" (2 ops each:
# 200, 220, 260 insns) and 2 of "b" (1 op: 50, 50), interleaved.
cat >"$work/w" <<'EOF'
exact 2 vcpus funcs on
window 0 vcpu 0 insns 200 locked 2
tb 0xffffffff81000000 150
tb 0x401000 50
window 1 vcpu 0 insns 50 locked 0
window 2 vcpu 0 insns 260 locked 4
window 3 vcpu 0 insns 220 locked 2
window 4 vcpu 0 insns 50 locked 1
EOF
printf 'exact a 2\nexact b 1\nexact a 2\nexact a 2\nexact b 1\nother line\n' >"$work/names"
check_eq "exact-report pairs windows with names: smallest, median, spread" \
	"a windows 3 insns 100 locked 1 median 110 spread 0.1000
b windows 2 insns 50 locked 0 median 50 spread 0.0000" \
	"$(scripts/exact-report windows "$work/w" "$work/names" 2>&1)"
printf 'exact a 2\n' >"$work/short"
scripts/exact-report windows "$work/w" "$work/short" >/dev/null 2>"$work/err"
check_eq "exact-report refuses windows it cannot pair with names (exit 1)" 1 "$?"
check_match "... and says why" 'has 5 windows, .* names 1' "$(cat "$work/err")"
scripts/exact-report frob >/dev/null 2>&1
check_eq "exact-report with bad arguments exits 2" 2 "$?"

check_eq "shellcheck is clean on scripts/exact and the exact tests" "" "$(shellcheck -x scripts/exact tests/27-exact-plugin.t tests/48-exact-report.t 2>&1)"
start=$SECONDS
for args in "" "-w 0 $0 $0" "-x" "/nonexistent/a /nonexistent/b"; do
	# shellcheck disable=SC2086 # the arguments are meant to split
	scripts/exact $args >/dev/null 2>&1
	check_eq "scripts/exact ${args:-without arguments} exits 2" 2 "$?"
done
check "... and boots nothing" [ $((SECONDS - start)) -lt 5 ]

# exact-report's report on a hand-made raw folder: VFS boots at 2 vCPUs
# of the patched kernel, the stock one and the patched one counting, one
# lock boot; the tables, exact.json's contract keys, and the by-function
# diff through each kernel's System.map.
raw=$work/raw
mkdir "$raw"
printf 'ffffffff81000000 T _stext\nffffffff81000000 T path_lookupat\nffffffff81000100 T brlock_read_lock\nffffffff82000000 T _etext\n' >"$raw/System.map-patched"
printf 'ffffffff81000000 T _stext\nffffffff81000000 T path_lookupat\nffffffff82000000 T _etext\n' >"$raw/System.map-stock"
# windows FILE NAME OPS INSNS... : a window a figure, each "tb" line at
# path_lookupat (and 10 at brlock_read_lock for the patched kernel).
windows() {
	local f=$1 name=$2 ops=$3 i=0 n
	shift 3
	echo "exact 2 vcpus funcs on" >"$f.windows"
	: >"$f.out"
	for n in "$@"; do
		echo "window $i vcpu 0 insns $n locked $ops" >>"$f.windows"
		case $f in
		*patched*) printf 'tb 0xffffffff81000010 %d\ntb 0xffffffff81000110 10\n' $((n - 10)) >>"$f.windows" ;;
		*) echo "tb 0xffffffff81000010 $n" >>"$f.windows" ;;
		esac
		echo "exact $name $ops" >>"$f.out"
		i=$((i + 1))
	done
}
windows "$raw/vfs-patched-2" lookup 1 1010 1012 1011
windows "$raw/vfs-stock-2" lookup 1 1000 1000 1001
windows "$raw/vfs-patched_stats-2" lookup 1 1012 1011 1015
: >"$raw/locks-2.windows"
: >"$raw/locks-2.out"
for side in read write; do
	echo "window 0 vcpu 0 insns 2500 locked 100" >>"$raw/locks-2.windows"
	echo "exact brlock.$side 100" >>"$raw/locks-2.out"
done
report=$(scripts/exact-report report "$raw" "$work/rep" 2>&1)
check_match "the exact table has the lookup row, its ratio and its goal" \
	'lookup .* 1010 +- +1000 +1\.0100 .*<= 1\.005 MISSED' "$report"
# jq_true FILTER FILE: FILTER is true of FILE.
jq_true() { jq -e "$1" "$2" >/dev/null; }
check "exact.json holds the contract keys of an operation" jq_true \
	'.lookup | .patched == 1010 and .stock == 1000 and .patched_locked == 1 and .stock_locked == 1 and (.spread | type == "number")' \
	"$work/rep/exact.json"
check_match "the counting table has the lookup row: counted against uncounted, and its goal" \
	'lookup .* 1010 +1011 +1\.0010 +1 +1 +<= 1\.005 met' "$(printf '%s\n' "$report" | sed -n '/counting on/,$p')"
check "exact.json holds the counted figures of an operation" jq_true \
	'.lookup | .patched_stats == 1011 and .patched_stats_locked == 1 and .ratio_stats == 1.001' \
	"$work/rep/exact.json"
check "... and of a lock kind" jq_true \
	'.brlock | .read_insns == 25 and .read_locked == 1 and .write_insns["2"] == 25' "$work/rep/exact.json"
check_match "the by-function diff names the patched kernel's extra function" \
	'\+10\.0 +10 +0 +brlock_read_lock' "$(cat "$work/rep/exact-functions.txt")"

