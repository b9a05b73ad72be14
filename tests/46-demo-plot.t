#!/bin/bash
# scripts/demo-plot, the picture of make run, on hand-made samples
# (tests/fixtures/demo-plot): the PNG, the data it was drawn from (x from
# brlock-stat's `time`/`elapsed_s` when the lines have them, from the
# line's rank times interval_s otherwise), its failures; and the demo's
# arguments, which are checked before it touches a lock.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixtures=$top/tests/fixtures/demo-plot

check_eq "shellcheck is clean on scripts/demo-plot" "" "$(shellcheck scripts/demo-plot 2>&1)"
check_eq "shellcheck -x is clean on the demo and tests/guest/77-stress-ng.t" "" \
	"$(shellcheck -x guest-rootfs/bin/demo tests/guest/77-stress-ng.t 2>&1)"

# run CMD...: sets $rc, $out and $err.
run() {
	"$@" >"$work/out" 2>"$work/err"
	rc=$?
	out=$(cat "$work/out") err=$(cat "$work/err")
}
lines() { printf '%s' "$1" | grep -c '^'; }
# fresh NAME: a copy of fixture NAME (or an empty folder); prints its path.
fresh() {
	local d
	d=$(mktemp -d "$work/demo.XXXXXX")
	[ ! -d "$fixtures/$1" ] || cp "$fixtures/$1/." "$d" -R
	echo "$d"
}
is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
# column N FILE: the data lines' column N (0: the last), space-separated.
column() { awk -v n="$1" '!/^#/ { printf "%s%s", (s++ ? " " : ""), $(n ? n : NF) }' "$2"; }

run scripts/demo-plot -h
check_eq "demo-plot -h exits 0" 0 "$rc"
check_match "... and gives the usage" '^Usage: scripts/demo-plot DIR' "$out"
for args in "" "-x" "$work $work" "$work/no-such-folder"; do
	# shellcheck disable=SC2086 # the arguments are meant to split
	run scripts/demo-plot $args
	check_eq "demo-plot ${args//$work/WORK} exits 2" 2 "$rc"
done

# Lines without time: x is the line's rank times interval_s. The last line
# of the fixture is cut short, as a sampler killed mid-write leaves it.
d=$(fresh interval)
run scripts/demo-plot "$d"
check_eq "demo-plot on interval_s samples exits 0" 0 "$rc"
check "... and makes a non-empty PNG" [ -s "$d/vfsmount.png" ]
check "... that begins with the PNG signature" is_png "$d/vfsmount.png"
check "... of under 100 KB" [ "$(stat -c %s "$d/vfsmount.png")" -lt 100000 ]
check_eq "... with x from the rank times interval_s, the cut line left out" "1 2 3 4 5" "$(column 1 "$d/vfsmount-rates.dat")"
check_eq "... and the reads and writes per second" "0 5200 6100 5900 40|0 180 210 196 0" \
	"$(column 2 "$d/vfsmount-rates.dat")|$(column 3 "$d/vfsmount-rates.dat")"
# The fixture's first bucket (0 .. 2 ns) has writes, as the lab kernel's has.
check_eq "... the histogram's buckets from the first with writes to the last" \
	"3 0 0 0 0 0 0 0 0 0 0 0 6 20 14" "$(column 0 "$d/vfsmount-spin.dat")"
check_match "... and says what it drew" "^demo-plot: .*/vfsmount.png \(5 samples, x from interval_s, 43 writes in the histogram\)$" "$out"
check_eq "... and nothing on stderr" "" "$err"

# Lines with time and elapsed_s (1.5 s intervals, as a busy TCG guest
# stretches them) and brlock-stat's average over the run last: x from
# time, rates per measured second, the average no point of its own.
d=$(fresh timed)
run scripts/demo-plot "$d"
check_eq "demo-plot on time/elapsed_s samples exits 0" 0 "$rc"
check "... and makes a PNG" is_png "$d/vfsmount.png"
check_eq "... with x from time, from the start of the first interval, without the average line" \
	"1.5 3.01 4.53 6.02" "$(column 1 "$d/vfsmount-rates.dat")"
check_eq "... and the reads per measured second" "200 5960.265 6000 20.134" "$(column 2 "$d/vfsmount-rates.dat")"
check_match "... and says so" "x from time\)$" "$out"
check_match "... and that without a histogram file it drew the rates only" "no .*/vfsmount-histogram: the PNG has the rates only" "$err"

# The failures: one line on stderr, status 1, no PNG.
d=$(fresh none)
run scripts/demo-plot "$d"
check_eq "demo-plot on a folder without samples exits 1" 1 "$rc"
check_eq "... with one line on stderr" 1 "$(lines "$err")"
check_match "... that says so" "^demo-plot: no samples in .*/vfsmount-samples.jsonl" "$err"
check "... and makes no PNG" [ ! -e "$d/vfsmount.png" ]
printf 'not json\n{"name":"vfsmount"}\n' >"$d/vfsmount-samples.jsonl"
run scripts/demo-plot "$d"
check_eq "demo-plot on samples without counters exits 1" 1 "$rc"
check_eq "... with one line on stderr" 1 "$(lines "$err")"
check "... and makes no PNG" [ ! -e "$d/vfsmount.png" ]

# A PATH with everything demo-plot uses but gnuplot.
nognuplot=$work/bin
mkdir "$nognuplot"
for t in bash jq grep sed awk rm cat; do ln -s "$(command -v "$t")" "$nognuplot/$t"; done
d=$(fresh interval)
run env PATH="$nognuplot" bash scripts/demo-plot "$d"
check_eq "demo-plot without gnuplot exits 1" 1 "$rc"
check_eq "... with one line on stderr" 1 "$(lines "$err")"
check_match "... that names gnuplot" "^demo-plot: gnuplot is missing" "$err"

# The demo's arguments (busybox sh, as in the guest): the checks come
# before anything that needs the lab kernel.
for args in "-x" "extra" "-o" "-o $work/no-such-folder"; do
	# shellcheck disable=SC2086
	run /bin/busybox sh guest-rootfs/bin/demo $args
	check_eq "demo ${args//$work/WORK} exits 2" 2 "$rc"
done
run /bin/busybox sh guest-rootfs/bin/demo -h
check_match "demo -h gives the usage, with -o" '^usage: demo \[-o DIR\]' "$out"
