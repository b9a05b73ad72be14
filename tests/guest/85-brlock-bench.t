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
figures=$(printf '%s' "$json" | json_lines 2>/dev/null)
fig() { value_of "$1" "$figures"; }
cpus=$(grep -c '^processor' /proc/cpuinfo)
check_eq "it measured the $cpus online CPUs" "$cpus" "$(fig cpus)"
for k in $kinds; do
	check "read_pair_ns.$k is positive" positive "$(fig "read_pair_ns.$k")"
	n=0
	for c in $(seq "$cpus"); do
		if positive "$(fig "read_mpairs_per_s.$k.$c")"; then n=$((n + 1)); fi
	done
	check_eq "read_mpairs_per_s.$k has a positive figure for 1..$cpus CPUs" "$cpus" "$n"
done
check "write_pair_ns is positive" positive "$(fig write_pair_ns)"
check "write_pair_ns_ipi is positive" positive "$(fig write_pair_ns_ipi)"
# A module's brlocks are tracked for CPU hotplug from its load on.
check_eq "the module's writer takes the online CPUs' locks" "$cpus" "$(fig write_cpus)"
# An isolated write's latency is the median of 5 writes timed with
# local_clock(), which on this kernel (TCG's TSC is not marked stable)
# stops at the last tick + 1 ms: a vCPU the loaded host holds back that
# long between the tick and the write reads 0 (seen once in CI). A whole
# number, then; the rates are over many pairs and stay positive.
for k in $writers; do
	for f in write_latency_ns write_latency_busy_ns; do
		n=$(fig "$f.$k")
		check "$f.$k is a whole number of ns (got $n)" whole "$n"
	done
	check "read_under_write_pairs_per_ms.$k is positive" positive "$(fig "read_under_write_pairs_per_ms.$k")"
done
# Function call IPIs the other CPUs take during a write (5 writes): none
# for the spinning writer; the fence-free one sends one to each other
# online CPU that is not idle (RCU's view), each an interrupt, and none to
# an idle one. The count also takes IPIs the write did not send (a remote
# wakeup is one; a loaded CI host saw 2.0 a write on the mean), never
# misses one it sent: so the write that took fewest is the bound. With
# every other CPU kept busy, that is at least one to each; with them left
# idle, at most one to each.
check_eq "a spinning brlock write sends no IPI" 0 "$(fig ipis_per_write_fewest.brlock)"
check_eq "... nor with the other CPUs busy" 0 "$(fig ipis_per_write_busy_fewest.brlock)"
n=$(fig ipis_per_write_busy_fewest.brlock_ipi)
check "a fence-free write sends one to each busy CPU (got $n for $((cpus - 1)) in the write that took fewest)" \
	awk -v n="$n" -v c="$cpus" 'BEGIN { exit !(n ~ /^[0-9]+$/ && n >= c - 1) }'
n=$(fig ipis_per_write_fewest.brlock_ipi)
check "... at most one to each idle CPU (got $n for $((cpus - 1)) in the write that took fewest)" \
	awk -v n="$n" -v c="$cpus" 'BEGIN { exit !(n ~ /^[0-9]+$/ && n <= c - 1) }'
