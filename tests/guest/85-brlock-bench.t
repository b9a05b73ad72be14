#!/bin/sh
# The brlock_bench module loads from the initramfs, measures every lock
# kind briefly and reports one JSON object with a positive figure for
# each. No timing is asserted: these are figures for make bench.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

kinds="brlock brlock_stats brlock_stats_sample64 brlock_stats_every spinlock rwlock percpu_rwsem seqcount
brlock_ipi brlock_ipi_stats brlock_ipi_stats_sample64 brlock_ipi_stats_every"
writers="brlock brlock_ipi percpu_rwsem"
results=/sys/kernel/debug/brlock_bench/results

if ! out=$(modprobe brlock_bench duration_ms=20 2>&1); then
	not_ok "modprobe brlock_bench loads the module from /lib/modules/$(uname -r)" "$out"
	exit 0
fi
ok "modprobe brlock_bench loads the module from /lib/modules/$(uname -r)"
json=$(cat "$results" 2>&1) || json=''
rmmod brlock_bench
check "rmmod brlock_bench unloads it" [ ! -e "$results" ]
check "the results are one JSON object" sh -c "printf '%s' '$json' | jq -e 'type == \"object\"' >/dev/null"
cpus=$(grep -c '^processor' /proc/cpuinfo)
check_eq "it measured the $cpus online CPUs" "$cpus" "$(printf '%s' "$json" | jq -r .cpus)"
for k in $kinds; do
	check "read_pair_ns.$k is positive" sh -c "printf '%s' '$json' | jq -e '.read_pair_ns.$k > 0' >/dev/null"
	check "read_mpairs_per_s.$k has a positive figure for 1..$cpus CPUs" \
		sh -c "printf '%s' '$json' | jq -e '[range(1; $cpus + 1) | tostring] as \$n | .read_mpairs_per_s.$k as \$m | \$n | all(\$m[.] > 0)' >/dev/null"
done
check "write_pair_ns is positive" sh -c "printf '%s' '$json' | jq -e '.write_pair_ns > 0' >/dev/null"
check "write_pair_ns_ipi is positive" sh -c "printf '%s' '$json' | jq -e '.write_pair_ns_ipi > 0' >/dev/null"
# A module's brlocks are tracked for CPU hotplug from its load on.
check_eq "the module's writer takes the online CPUs' locks" \
	"$cpus" "$(printf '%s' "$json" | jq -r .write_cpus)"
for k in $writers; do
	check "write_latency_ns.$k is positive" sh -c "printf '%s' '$json' | jq -e '.write_latency_ns.$k > 0' >/dev/null"
	check "read_under_write_pairs_per_ms.$k is positive" \
		sh -c "printf '%s' '$json' | jq -e '.read_under_write_pairs_per_ms.$k > 0' >/dev/null"
done
# Function call IPIs the other CPUs take during a write (5 writes): none
# for the spinning writer; for the fence-free one, a call to every other
# online CPU, each an interrupt unless that CPU was polling in idle (it
# runs the call without one). The count also takes IPIs the write did not
# send (a remote wakeup is one; a loaded CI host saw 2.0 a write on the
# mean), never misses one it sent: so some on the mean, and at most one to
# each other CPU in the write that took fewest.
check_eq "a spinning brlock write sends no IPI" 0 "$(printf '%s' "$json" | jq -r '.ipis_per_write_fewest.brlock')"
ipis=$(printf '%s' "$json" | jq -r '.ipis_per_write.brlock_ipi')
check "a fence-free brlock write sends IPIs (got $ipis on the mean)" \
	awk -v n="$ipis" 'BEGIN { exit !(n > 0) }'
fewest=$(printf '%s' "$json" | jq -r '.ipis_per_write_fewest.brlock_ipi')
check "... at most one to each other online CPU (got $fewest for $((cpus - 1)) in the write that took fewest)" \
	awk -v n="$fewest" -v c="$cpus" 'BEGIN { exit !(n ~ /^[0-9]+$/ && n <= c - 1) }'
