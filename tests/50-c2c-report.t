#!/bin/bash
# The coherence ruler's host half (no boot): scripts/c2c-report turns
# coherence.so's records (tests/fixtures/coherence/two-lines.out: a
# kernel counter every CPU increments, and a user line two CPUs write at
# different words) into perf c2c's table and the JSON of qemu/run --c2c
# (its contract keys), names kernel data and code through a System.map,
# tells false sharing from true sharing, pairs windows with their names,
# and refuses bad input. The counting itself is tests/33-coherence.t.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fx=tests/fixtures/coherence

check_eq "coherence.so builds with -Wall -Wextra and no warning" "" \
	"$(gcc -shared -fPIC -O2 -Wall -Wextra -fvisibility=hidden -o "$work/coherence.so" qemu/plugin/coherence.c 2>&1)"
check_match "... and exports what QEMU loads" 'qemu_plugin_install' "$(nm -D "$work/coherence.so" 2>&1)"
for m in 0x45584301 0x45584302 0x45584303 0x45584304 0x45584305 0x45584306; do
	n=$(grep -l -- "$m" qemu/plugin/markers.h guest-rootfs/src/exact-marker.h 2>/dev/null | wc -l)
	check "marker $m is the same in the plugins' header and the guest header" [ "$n" = 2 ]
done
check_eq "coherence-fixture and c2c-window build static with -Wall -Wextra and no warning" "" \
	"$(for c in coherence-fixture c2c-window; do gcc -static -O2 -pthread -Wall -Wextra -o "$work/$c" "guest-rootfs/src/$c.c" 2>&1; done)"
"$work/c2c-window" sh -c 'exit 5'
check_eq "c2c-window passes the command's exit status on (outside QEMU its markers are nops)" 5 "$?"
"$work/c2c-window" >/dev/null 2>&1
check_eq "c2c-window without a command exits 2" 2 "$?"
"$work/coherence-fixture" -n 0 >/dev/null 2>&1
check_eq "coherence-fixture -n 0 exits 2" 2 "$?"
"$work/coherence-fixture" nosuchmode >/dev/null 2>&1
check_eq "coherence-fixture with an unknown mode exits 2" 2 "$?"

table=$(scripts/c2c-report report -m "$fx/System.map" -j "$work/c2c.json" "$fx/two-lines.out" 2>&1)
check_eq "c2c-report report exits 0" 0 "$?"
check_match "the table is perf c2c's Shared Data Cache Line Table" "Shared Data Cache Line Table" "$table"
check_match "... sorted by transfers, the kernel counter first, named by System.map" \
	"^ +0 +0x1000 +shared_counter\+0x0 +999 +999 +1000 +1000 +2 +no$" "$table"
check_match "... the user line second, flagged as false sharing" "^ +1 +0x2040 +\[user\] +4 +5 +10 +10 +2 +yes$" "$table"
check_match "... each line's offsets with the functions at them" "0x0 +8 +999 .* brlock_fixture_inc$" "$table"
lines=$(json_lines <"$work/c2c.json" 2>&1)
for k in phys symbol transfers invalidations cpus false_sharing; do
	check "FILE's lines have \"$k\"" test -n "$(value_of "lines.0.$k" "$lines")"
done
check_eq "... phys is the line's address" 0x1000 "$(value_of lines.0.phys "$lines")"
check_eq "... cpus counts the CPUs" 2 "$(value_of lines.0.cpus "$lines")"
check_eq "... false_sharing is false for a counter all CPUs write" false "$(value_of lines.0.false_sharing "$lines")"
check_eq "... and true for two CPUs at different words" true "$(value_of lines.1.false_sharing "$lines")"
check_eq "... whose offsets are 0 and 8" "0 8" "$(value_of lines.1.offsets.0.offset "$lines") $(value_of lines.1.offsets.1.offset "$lines")"
check_eq "... sites name the kernel function" brlock_fixture_inc "$(value_of lines.0.sites.0 "$lines")"
check_eq "... and a user address as such" "[user 0x401000]" "$(value_of lines.1.offsets.0.sites.0 "$lines")"
check_eq "... the totals are the windows'" "1003 1004" "$(value_of transfers "$lines") $(value_of invalidations "$lines")"

win=$(scripts/c2c-report windows -m "$fx/System.map" "$fx/two-lines.out" "$fx/two-lines.guest" 2>&1)
check_match "c2c-report windows gives transfers per operation" "^shared ops 1000 transfers 1003 invalidations 1004 per_op 1.0030 1.0040$" "$win"
check_match "... and the window's lines by symbol" "wline 0xffffffff82000000 shared_counter\+0x0 transfers 999" "$win"
scripts/c2c-report windows "$fx/two-lines.out" /dev/null >/dev/null 2>&1
check_eq "... windows that the guest does not name are an error (exit 1)" 1 "$?"
scripts/c2c-report report "$fx/System.map" >/dev/null 2>&1
check_eq "c2c-report report on a file that is no plugin output exits 1" 1 "$?"
scripts/c2c-report frobnicate >/dev/null 2>&1
check_eq "c2c-report with an unknown command exits 2" 2 "$?"
scripts/c2c-report report -n x "$fx/two-lines.out" >/dev/null 2>&1
check_eq "c2c-report report -n x exits 2" 2 "$?"
check_eq "shellcheck is clean on the coherence tests" "" "$(shellcheck -x tests/33-coherence.t tests/50-c2c-report.t 2>&1)"
