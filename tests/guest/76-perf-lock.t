#!/bin/sh
# perf lock contention sees the vfsmount brlock's waits among the other
# locks'. Debian's perf 6.1 has no BPF skeletons, so it reads the
# lock:contention_begin/end tracepoints that perf lock record recorded
# (`perf lock contention -a -- CMD`, the live mode, needs BPF: here it
# only looks for a perf.data). perf 6.1 names a lock by its flags: the
# brlock's SPIN|READ and SPIN|WRITE show as rwlock:R and rwlock:W, and
# the caller is the first frame outside the locking code.
#
# The writers are brlock-bench-vfs's mount loop, one per CPU (as in 75).
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

dir=$(mktemp -d /tmp/perflock.XXXXXX)
mkdir "$dir/m"
# The callers in fs/ that wait for the vfsmount brlock, read or write.
vfs_callers='(path_umount|do_umount|__x64_sys_mount|__x64_sys_umount|path_mount|do_new_mount|attach_recursive_mnt|mntput_no_expire|lock_mount|lookup_mnt|step_into|path_lookupat|filename_lookup|follow_|choose_mountpoint|namespace_unlock|do_mount|vfs_create_mount)'
# Contention is likely, not certain: up to three runs until one shows it.
# -o and -i: with its output a pipe, perf record would write the samples
# there, and with its input a pipe (qemu/run passes a non-terminal stdin
# on, as ssh does), perf lock contention would read them from it.
# perf lock contention prints its table on stderr.
tries=0
while :; do
	rec=$(cd "$dir" && perf lock record -o perf.data -a -- brlock-bench-vfs -t 2000 -m mount "$dir/m" 2>&1)
	rc=$?
	out=$(cd "$dir" && perf lock contention -i perf.data -E 100 2>&1)
	rows=$(printf '%s\n' "$out" | grep -E " rwlock:[RW] +$vfs_callers\+0x")
	tries=$((tries + 1))
	if [ -n "$rows" ] || [ "$tries" -ge 3 ]; then break; fi
done
check_eq "perf lock record -a -- the mount writers exits 0" 0 "$rc"
check_match "... and wrote its samples" 'Captured and wrote [0-9.]+ MB perf\.data' "$rec"
check_match "perf lock contention prints its table" '^ +contended +total wait +max wait +avg wait +type +caller$' "$out"
check "a brlock wait (rwlock:R or rwlock:W) has a vfs caller (run $tries)" [ -n "$rows" ]
check_match "... with a count and times" "^ +[1-9][0-9]* +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +rwlock:[RW] +$vfs_callers" "$rows"
printf '%s\n' "$rows" | head -n 5 | sed 's/^/# /'
check_eq "the writers left their folder empty" "" "$(ls -A "$dir/m")"
rm -rf "$dir"
