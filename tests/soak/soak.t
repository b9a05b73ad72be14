#!/bin/bash
# make soak (not in make test: it takes SOAK_S seconds and more): on 4
# vCPUs with CPU hotplug, locktorture's brlock type for SOAK_S seconds
# (default 600), then a mount storm of SOAK_OPS mount and umount calls
# (default 100000) with lookups, then the counters' consistency checks
# (tests/guest/soak.sh). Lockdep and the other debug options are on: it is
# the lab kernel. Ends, as make test does, with "N passed, N failed".
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

soak_s=${SOAK_S:-600} soak_ops=${SOAK_OPS:-100000}
for n in "$soak_s" "$soak_ops"; do
	[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "soak: SOAK_S and SOAK_OPS want positive integers, not '$n'" >&2; exit 2; }
done
echo "# soak: locktorture brlock ${soak_s} s, then a storm of $soak_ops mount/umount calls, 4 vCPUs"
t0=$SECONDS
# The storm's own rate under TCG is a few hundred calls a second: allow
# it an hour per 100000 calls on top of the torture and the boot.
guest --fail-on-splat --cpus 4 --timeout $((soak_s + 600 + soak_ops * 36 / 1000)) -- \
	sh /usr/lib/brlock-tests/soak.sh "$soak_s" "$soak_ops"
echo "# soak: the boot took $((SECONDS - t0)) s"
check_eq "the soak ran to the end without a splat, a hang or a timeout" 0 "$rc"
check_match "locktorture brlock ends in SUCCESS" 'brlock-torture:.*End of test: SUCCESS' "$out"
check_eq "... with no failed acquisition, reads or writes" "" \
	"$(printf '%s\n' "$out" | grep -E '(Writes|Reads ):  Total:' | grep -v 'Fail: 0 *$')"
check_match "... and counted acquisitions" 'Writes:  Total: [1-9][0-9]*' "$out"
check "... and CPUs went off line meanwhile" grep -q 'is now offline' <<<"$out"
echo "# soak: torture $(out_value torture_s) s, storm $(out_value storm_s) s for $(out_value storm_operations) calls"
check_eq "the storm's mounts and umounts all succeeded, mount table restored" 0 "$(out_value storm_status)"
ops=$(out_value storm_operations)
check "... at least $soak_ops of them (got ${ops:-none})" [ "${ops:-0}" -ge "$soak_ops" ]
check_match "... and said how many umounts found their mount busy" '^[0-9]+$' "$(out_value storm_busy)"
expected=$(out_value expected_writes)
check_eq "write_acquires is exactly the storm's write sections (a busy umount takes one)" "$expected" "$(out_value write_acquires)"
check_stat_sums "$expected"
check_eq "every CPU ends online" 0-3 "$(out_value online)"
guest_failure_detail
