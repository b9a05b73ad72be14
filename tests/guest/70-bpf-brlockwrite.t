#!/bin/sh
# bpf/brlockwrite.bt under a mount storm: it compiles against the guest's
# headers, shows the vfsmount brlock's writer spin and hold histograms and
# its writers' stacks, counts every write, filters by lock name and prints
# none of its helper maps.
# Its tracers come and go while the guest is quiet (bpftrace -c starts
# the load once attached and detaches after it): multi-threaded TCG is
# safe. SECONDS under a running storm is 71-bpf-brlockwrite-seconds.t.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

if ! bt=$(command -v brlockwrite.bt); then
	not_ok "brlockwrite.bt is on PATH" "PATH=$PATH"
	exit 0
fi
ok "brlockwrite.bt is on PATH"
storm=$(command -v mount-storm)

# The sum of the @writers counts of brlock NAME in $out.
writes_of() { bt_stack_total "@writers[$1, " "$out"; }

# bpftrace 0.17 -c execs only ELF binaries (a script on PATH, even given by
# its full path, "does not exist or is not executable") and splits the
# command on spaces itself: run the storm through sh.
w=1 n=20
# Each storm pair is a tmpfs and a bind mount/umount: WRITES_PER_PAIR write
# sections each (1 for the mount, 1 for the umount), and one more for each
# umount that found its mount busy with a lookup. bpftrace's first run in
# a boot mounts tracefs, a write section of its own: warm up first, so
# that this test counts alike whichever ran before it.
bpftrace -e 'BEGIN { exit(); }' >/dev/null 2>&1 || true
# With LOCKNAME vfsmount: the filter must keep every vfsmount write.
pairs=$((2 * w * n))
out=$("$bt" vfsmount -c "sh $storm -j -w $w -r 1 -n $n" 2>&1)
check_eq "brlockwrite.bt vfsmount traces a storm of $pairs mount/umount pairs and exits 0" 0 $?
check_match "with LOCKNAME vfsmount it says so" '^Tracing brlock vfsmount writers\.\.\. Hit Ctrl-C to end\.$' "$out"
check_match "it prints the vfsmount writer spin histogram" '^@spin_ns\[vfsmount\]: ?$' "$out"
check_match "it prints the vfsmount hold histogram" '^@hold_ns\[vfsmount\]: ?$' "$out"
writes=$(writes_of vfsmount)
busy=$(storm_busy "$out")
check_eq "$pairs mount/umount pairs count $WRITES_PER_PAIR vfsmount writes each, one more a busy umount (${busy:-?})" \
	$((pairs * WRITES_PER_PAIR + ${busy:-0})) "$writes"
check_eq "the spin histogram counts every write" "$writes" "$(bt_hist_total '@spin_ns[vfsmount]' "$out")"
check_eq "the hold histogram counts every write" "$writes" "$(bt_hist_total '@hold_ns[vfsmount]' "$out")"
check_match "the stacks show the mount path (attach_recursive_mnt)" '^ +attach_recursive_mnt\+[0-9]+$' "$out"
check_match "the stacks show the umount path (path_umount)" '^ +path_umount\+[0-9]+$' "$out"
check_eq "every stack starts at brlock_write_lock" "" \
	"$(printf '%s\n' "$out" | awk '/^@writers\[/ { getline; if ($1 !~ /^brlock_write_lock\+/) print }')"
check_eq "only the result maps print, no helper map" "@hold_ns @spin_ns @writers" \
	"$(printf '%s\n' "$out" | sed -n 's/^\(@[A-Za-z0-9_]*\).*/\1/p' | sort -u | tr '\n' ' ' | sed 's/ $//')"

# Containers, every brlock traced: a volume mounted under their shared
# parent propagates into each one (propagate_one(), inlined in
# propagate_mnt()), and each unshare copies the mount tree (copy_tree()):
# the stacks show both.
out=$("$bt" -c "sh $(command -v container-storm) -q -w 2 -r 0 -n 1" 2>&1)
check_eq "brlockwrite.bt traces container-storm -w 2 and exits 0" 0 $?
check_match "it says what it traces" '^Tracing brlock writers\.\.\. Hit Ctrl-C to end\.$' "$out"
check_match "the stacks show the propagation path (propagate_mnt)" '^ +propagate_mnt\+[0-9]+$' "$out"
check_match "the stacks show the namespace copies (copy_tree)" '^ +copy_tree\+[0-9]+$' "$out"

# The script's own filter matches whole names, not a prefix of one nor a
# name a brlock's is a prefix of. bt-front refuses a name no brlock has,
# so these go to bpftrace directly.
script=/usr/local/share/brlock/bpf/brlockwrite.bt
for name in vfs vfsmountx; do
	out=$(bpftrace "$script" $name -c "sh $storm -q -w 1 -r 0 -n 1" 2>&1)
	check_eq "with LOCKNAME $name, brlockwrite.bt exits 0" 0 $?
	check_eq "with LOCKNAME $name, no map prints" "" "$(printf '%s\n' "$out" | grep '^@')"
done
for name in vfs vfsmountx nosuch; do
	"$bt" $name >/dev/null 2>&1 && s=0 || s=$?
	check_eq "its front refuses $name (exit 1): no brlock has it" 1 "$s"
done
