#!/bin/bash
# The coherence ruler counts what it should: in boots under QEMU's
# coherence.so plugin, workloads whose cache-line transfers are known
# (coherence-fixture: CPUs in lockstep, one increment a turn) give them.
# A shared counter passes its line once an increment, at 2 and 4 vCPUs;
# per-CPU counters, a line each, never; two CPUs writing adjacent words of
# one line pass it once an increment too and are flagged as false sharing,
# at their two offsets; the same words a line apart, never. Multi-
# threaded TCG, where the vCPUs really run at once, agrees on the shared
# counter. qemu/run --c2c reports a command's shared lines as JSON and a
# table, and passes the command's exit status on.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
check_eq "coherence.so builds with -Wall -Wextra and no warning" "" \
	"$(gcc -shared -fPIC -O2 -Wall -Wextra -fvisibility=hidden -o "$work/coherence.so" qemu/plugin/coherence.c 2>&1)"
plugin=build/coherence.so
[ -f "$plugin" ] || plugin=$work/coherence.so

# The runner's --c2c: a command, TCG and at most 64 CPUs, or a usage error.
for bad in "--c2c $work/x.json" "--c2c $work/x.json --accel kvm -- true" \
	"--c2c $work/x.json --cpus 65 -- true" "--c2c $work/nodir/x.json -- true"; do
	# shellcheck disable=SC2086 # the words are the options
	"$runner" "${GUEST_OPTS[@]}" $bad >/dev/null 2>"$work/err"
	check_eq "qemu/run $bad exits 2" 2 "$?"
done
check_match "... and says why" "needs TCG" "$(cat "$work/err" 2>/dev/null; "$runner" --c2c "$work/x.json" --accel kvm -- true 2>&1)"

OPS=500
# ratio T OPS: T / OPS with four decimals.
ratio() { awk -v t="$1" -v n="$2" 'BEGIN { printf "%.4f", t / n }'; }
# within X LO HI: LO <= X <= HI.
within() { awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x >= lo && x <= hi) }'; }
# line_of ADDR: the 64-byte line of a hex address, as c2c-report's
# wline prints addresses (the line's first byte).
line_of() { printf '0x%x' $(($1 & ~63)); }
# wline_transfers MODE ADDR: the transfers that the MODE window's
# record of ADDR's line counts, 0 when the window has none of it.
wline_transfers() {
	printf '%s\n' "$summary" | awk -v m="$1" -v a="$(line_of "$2")" '
		$1 == m && $2 == "ops" { inside = 1; next }
		$2 == "ops" { inside = 0 }
		inside && $1 == "wline" && $2 == a { t = $5 }
		END { print t + 0 }'
}
# addrs MODE: the counters' addresses that coherence-fixture printed.
addrs() { printf '%s\n' "$out" | awk -v m="$1" '$1 == "fixture" && $2 == m { for (i = 8; i <= NF; i++) print $i }'; }

# fixture_boot ACCEL CPUS MODES...: the fixture under the plugin; sets
# $summary (c2c-report windows) and $json_file (c2c-report report -j).
fixture_boot() {
	local accel=$1 cpus=$2
	shift 2
	guest --fail-on-splat --accel "$accel" --cpus "$cpus" --append nokaslr \
		--plugin "$plugin,out=$work/fx-$accel-$cpus.out" -- coherence-fixture -n "$OPS" "$@"
	check_eq "coherence-fixture runs under the plugin ($accel, $cpus vCPUs)" 0 "$rc"
	guest_failure_detail
	summary=$(scripts/c2c-report windows "$work/fx-$accel-$cpus.out" <(printf '%s\n' "$out") 2>&1)
	json_file=$work/fx-$accel-$cpus.json
	scripts/c2c-report report -j "$json_file" "$work/fx-$accel-$cpus.out" >/dev/null 2>&1
}

# One increment a turn: the line comes from the previous CPU every time
# but the first.
check_shared() {
	local accel=$1 cpus=$2 ops t
	ops=$((OPS * cpus))
	t=$(wline_transfers shared "$(addrs shared)")
	if within "$(ratio "$t" "$ops")" 0.98 1.02; then
		ok "$accel, $cpus CPUs: a shared counter passes its line once an increment ($t in $ops)"
	else
		not_ok "$accel, $cpus CPUs: a shared counter passes its line once an increment" \
			"transfers of its line: $t in $ops increments" "$summary"
	fi
}

fixture_boot tcg1 2
check_shared tcg1 2
for a in $(addrs percpu); do
	check_eq "tcg1: a per-CPU counter in a line of its own ($a) passes none" 0 "$(wline_transfers percpu "$a")"
done
first=$(addrs false | head -n 1)
t=$(wline_transfers false "$first")
if within "$(ratio "$t" $((2 * OPS)))" 0.98 1.02; then
	ok "tcg1: two CPUs writing adjacent words pass their line once an increment ($t)"
else
	not_ok "tcg1: two CPUs writing adjacent words pass their line once an increment" "$t in $((2 * OPS))" "$summary"
fi
fs=$(jq -r --arg l "$(line_of "$first")" '.lines[] | select(.vaddr == $l) |
	"\(.false_sharing) \([.offsets[].offset] | map(tostring) | join(","))"' "$json_file" 2>&1)
check_eq "... flagged as false sharing, at offsets 0 and 8" "true 0,8" "$fs"
for a in $(addrs padded); do
	check_eq "tcg1: the same words a line apart ($a) pass none" 0 "$(wline_transfers padded "$a")"
done
shared_fs=$(jq -r '[.lines[] | select(.false_sharing == false)] | length' "$json_file" 2>&1)
check "... and a line that every CPU writes at the same bytes is not false sharing" positive "$shared_fs"

fixture_boot tcg1 4 shared
check_shared tcg1 4

# The cross-check: multi-threaded TCG, two host threads at once.
fixture_boot tcg 2 shared
check_shared tcg 2

# qemu/run --c2c: any command, its exit status passed on.
"$runner" "${GUEST_OPTS[@]}" --fail-on-splat --c2c "$work/c2c.json" -- \
	sh -c "coherence-fixture -n $OPS shared >/dev/null; exit 3" >"$work/c2c.out" 2>"$work/c2c.err"
check_eq "qemu/run --c2c passes the command's exit status on" 3 "$?"
check_match "... says where the report is" "the shared lines in .*c2c.json" "$(cat "$work/c2c.err")"
check_match "... and its first lines are on stderr" "transfers .* in all" "$(cat "$work/c2c.err")"
lines=$(json_lines <"$work/c2c.json" 2>&1)
for k in phys symbol transfers invalidations cpus false_sharing; do
	check "... FILE's first line has \"$k\"" test -n "$(value_of "lines.0.$k" "$lines")"
done
# The counter is one of the lines, named by its code: a user program's.
t=$(jq -r '[.lines[] | select(.symbol == "[user]") | .transfers] | max' "$work/c2c.json" 2>&1)
check "... the fixture's counter is there, a line of a user program's, passed about once an increment ($t)" \
	within "$(ratio "$t" $((2 * OPS)))" 0.98 1.02
check_match "... FILE.txt is perf c2c report's table" "Shared Data Cache Line Table" "$(cat "$work/c2c.json.txt" 2>&1)"
check_match "... with each line's offsets and code sites" "Shared Cache Line Distribution" "$(cat "$work/c2c.json.txt" 2>&1)"
