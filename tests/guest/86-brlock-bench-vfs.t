#!/bin/sh
# make bench's guest half, briefly: brlock-bench-vfs gives a positive
# figure for every measure and leaves the mount table as it found it, also
# when it is stopped by a signal; lab-bench gives every key scripts/bench
# reads. No timing is asserted.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

measures="lookup lookup_all_cpus dotdot dotdot_all_cpus getcwd getcwd_all_cpus mount mount_one_cpu
	bind mntns detached detached_all_cpus fork"
mounts() { cut -d' ' -f1-3 /proc/self/mounts | sort; }
# positive KEY TEXT: KEY's value in the "key value" lines of TEXT is > 0.
positive() { printf '%s\n' "$2" | awk -v k="$1" '$1 == k && $2 > 0 { f = 1 } END { exit !f }'; }

dir=$(mktemp -d /tmp/bench-vfs.XXXXXX)
before=$(mounts)
if out=$(brlock-bench-vfs -t 10 -d 3 "$dir" 2>&1); then
	ok "brlock-bench-vfs -t 10 -d 3 runs"
else
	not_ok "brlock-bench-vfs -t 10 -d 3 runs" "$out"
fi
for m in $measures; do
	check "brlock-bench-vfs gives a positive $m figure" positive "$m" "$out"
done
check_eq "brlock-bench-vfs prints one line a measure" "$(echo "$measures" | wc -w)" "$(printf '%s\n' "$out" | grep -c .)"
check_eq "brlock-bench-vfs leaves the mount table as it found it" "$before" "$(mounts)"
check_eq "brlock-bench-vfs leaves its folder empty" "" "$(ls -A "$dir")"

brlock-bench-vfs -t 10000 -m getcwd_all_cpus "$dir" >/dev/null 2>&1 &
pid=$!
i=0
while [ "$i" -lt 50 ] && ! grep -q " $dir/" /proc/self/mounts; do
	sleep 0.1
	i=$((i + 1))
done
kill -TERM "$pid"
wait "$pid" && s=0 || s=$?
check_eq "brlock-bench-vfs stopped by SIGTERM exits 143, as the storms do" 143 "$s"
check_eq "... and takes its mounts down" "$before" "$(mounts)"
check_eq "... and leaves its folder empty" "" "$(ls -A "$dir")"

brlock-bench-vfs -h >/dev/null && s=0 || s=$?
check_eq "brlock-bench-vfs -h exits 0" 0 "$s"
for args in "-x" "-d 0" "-m frob" "-t -5"; do
	# shellcheck disable=SC2086 # meant to split
	brlock-bench-vfs $args "$dir" 2>/dev/null && s=0 || s=$?
	check_eq "brlock-bench-vfs $args exits 2" 2 "$s"
done
check_eq "the bad arguments mounted nothing" "$before" "$(mounts)"
rmdir "$dir"

# lab-bench as scripts/bench runs it, with the microbenchmark module.
enable=/sys/kernel/debug/brlock/vfsmount/enable
if out=$(lab-bench -t 10 -d 2 -k 10 -w 2>&1); then
	ok "lab-bench -t 10 -d 2 -k 10 -w runs"
else
	not_ok "lab-bench -t 10 -d 2 -k 10 -w runs" "$out"
fi
check_eq "lab-bench names the kernel" "$(uname -r)" "$(printf '%s\n' "$out" | awk '$1 == "kernel" { print $2 }')"
check_match "lab-bench names the acceleration" '^accel (tcg|kvm)$' "$out"
check "lab-bench counts the CPUs" positive cpus "$out"
check "lab-bench counts the possible CPUs" positive possible_cpus "$out"
for m in $measures; do
	check "lab-bench gives a positive vfs.$m" positive "vfs.$m" "$out"
	check "lab-bench gives a positive vfs_stats.$m (counting on)" positive "vfs_stats.$m" "$out"
done
for m in mount_one_cpu mount; do
	check "lab-bench -w counts the vfsmount writes of $m" positive "vfsmount_writer.$m.write_acquires" "$out"
	check_match "... and their spin" "^vfsmount_writer\.$m\.write_spin_ns [0-9]+$" "$out"
done
check_eq "lab-bench leaves counting off" 0 "$(cat "$enable" 2>&1)"
locks=$(printf '%s\n' "$out" | sed -n 's/^locks //p')
check "lab-bench's locks line is JSON with a positive figure for every kind" sh -c "printf '%s' '$locks' | jq -e '
	(.read_pair_ns | length == 12 and all(.[]; . > 0)) and
	(.read_mpairs_per_s | length == 12 and all(.[][]; . > 0)) and .write_pair_ns > 0' >/dev/null"
check "... with the layout figures of both layouts" sh -c "printf '%s' '$locks' | jq -e '
	.layout | (keys == [\"aligned\", \"packed\"]) and all(.[]; .write_pair_ns > 0 and .neighbour_mincs_per_s > 0)' >/dev/null"
check "lab-bench unloaded brlock_bench" [ ! -e /sys/kernel/debug/brlock_bench ]
check_eq "lab-bench left the mount table as it found it" "$before" "$(mounts)"
