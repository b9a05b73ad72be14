#!/bin/sh
# The vfsmount brlock's write_acquires counts every write section, no more
# and no less: over a mount storm with readers, its delta equals the
# brlock_write_lock() calls on the vfsmount brlock that a kprobe counts in
# the same window; and a storm's writes are the documented number a pair.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

d=$vfsmount_stats
need_vfsmount_stats

# bpftrace's first run in a boot mounts tracefs, a write section of its
# own that would fall in the kprobe's window only: warm up first.
bpftrace -e 'BEGIN { exit(); }' >/dev/null 2>&1 || true

# The window is the command bpftrace runs: the kprobe is attached before it
# starts and detached after it ends, and the reset and the switches happen
# inside it, with nothing else mounting (they take every CPU's lock
# themselves, not through brlock_write_lock()).
w=2 n=15
script=$(mktemp /tmp/exact.XXXXXX)
cat >"$script" <<EOT
echo 0 >$d/enable
echo 1 >$d/reset
echo 1 >$d/enable
mount-storm -j -w $w -r 2 -n $n
echo 0 >$d/enable
EOT
out=$(bpftrace -e 'kprobe:brlock_write_lock /arg0 == kaddr("vfsmount")/ { @writes = count(); }' \
	-c "sh $script" 2>&1)
check_eq "bpftrace counts the storm's brlock_write_lock() calls and exits 0" 0 $?
rm -f "$script"
kprobe=$(printf '%s\n' "$out" | sed -n 's/^@writes: //p')
counted=$(stat_of write_acquires)
check "the kprobe counted writes (got ${kprobe:-none})" [ "${kprobe:-0}" -gt 0 ]
check_eq "write_acquires equals the kprobe's count exactly" "$kprobe" "$counted"
# Each writer's pair is a private tmpfs and a bind mount/umount, each the
# same write sections as WRITES_PER_PAIR says (bind mount 1, its umount 1);
# a umount that found its mount busy with a lookup, and is tried again,
# took one more (do_umount()).
busy=$(storm_busy "$out")
check_match "the storm says how many umounts found their mount busy" '^[0-9]+$' "$busy"
check_eq "the storm's $((2 * w * n)) mount/umount pairs take $WRITES_PER_PAIR write sections each, plus one a busy umount" \
	$((2 * w * n * WRITES_PER_PAIR + ${busy:-0})) "$counted"
