#!/bin/sh
# bpf/brlockwrite.bt under a mount storm: it compiles against the guest's
# headers, shows the vfsmount brlock's writer spin and hold histograms and
# its writers' stacks, counts every write, filters by lock name and prints
# none of its helper maps.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

if ! bt=$(command -v brlockwrite.bt); then
	not_ok "brlockwrite.bt is on PATH" "PATH=$PATH"
	exit 0
fi
ok "brlockwrite.bt is on PATH"
storm=$(command -v mount-storm)

# The total count of the histogram MAP in the bpftrace output $out: the
# number after each "[lo, hi)" or "[n]" bucket, up to the blank line.
hist_total() {
	printf '%s\n' "$out" | awk -v m="$1" '
		$0 ~ /^@/ { on = (index($0, m ":") == 1); next }
		on && /^\[/ { s = $0; sub(/^[^])]*[])] */, "", s); split(s, a, " "); t += a[1]; next }
		on { on = 0 }
		END { print t + 0 }'
}
# The sum of the @writers counts of brlock NAME in $out.
writes_of() {
	printf '%s\n' "$out" | awk -v k="@writers[$1, " '
		index($0, k) == 1 { on = 1; next }
		on && /^\]: [0-9]+$/ { t += $2; on = 0 }
		END { print t + 0 }'
}

# bpftrace 0.17 -c execs only ELF binaries (a script on PATH, even given by
# its full path, "does not exist or is not executable") and splits the
# command on spaces itself: run the storm through sh.
w=1 n=20
# Each storm pair is a tmpfs and a bind mount/umount. A pair takes the write
# side at least twice (mount and umount); this kernel takes it 8 times (5
# for the mount, 3 for the umount; see bpf/brlockwrite_example.txt).
pairs=$((2 * w * n))
out=$(bpftrace "$bt" -c "sh $storm -q -w $w -r 1 -n $n" 2>&1)
check_eq "brlockwrite.bt traces a storm of $pairs mount/umount pairs and exits 0" 0 $?
check_match "it says what it traces" '^Tracing brlock writers\.\.\. Hit Ctrl-C to end\.$' "$out"
check_match "it prints the vfsmount writer spin histogram" '^@spin_us\[vfsmount\]: ?$' "$out"
check_match "it prints the vfsmount hold histogram" '^@hold_us\[vfsmount\]: ?$' "$out"
writes=$(writes_of vfsmount)
check "$pairs mount/umount pairs count at least $((2 * pairs)) vfsmount writes (got $writes)" \
	[ "$writes" -ge $((2 * pairs)) ]
check_eq "the spin histogram counts every write" "$writes" "$(hist_total '@spin_us[vfsmount]')"
check_eq "the hold histogram counts every write" "$writes" "$(hist_total '@hold_us[vfsmount]')"
check_match "the stacks show the mount path (attach_recursive_mnt)" '^ +attach_recursive_mnt\+[0-9]+$' "$out"
check_match "the stacks show the umount path (path_umount)" '^ +path_umount\+[0-9]+$' "$out"
check_eq "every stack starts at brlock_write_lock" "" \
	"$(printf '%s\n' "$out" | awk '/^@writers\[/ { getline; if ($1 !~ /^brlock_write_lock\+/) print }')"
check_eq "only the result maps print, no helper map" "@hold_us @spin_us @writers" \
	"$(printf '%s\n' "$out" | sed -n 's/^\(@[A-Za-z0-9_]*\).*/\1/p' | sort -u | tr '\n' ' ' | sed 's/ $//')"

n=3
out=$(bpftrace "$bt" vfsmount -c "sh $storm -q -w 1 -r 0 -n $n" 2>&1)
check_match "with LOCKNAME vfsmount it says so" '^Tracing brlock vfsmount writers\.\.\. Hit Ctrl-C to end\.$' "$out"
writes=$(writes_of vfsmount)
check "with LOCKNAME vfsmount, $((2 * n)) pairs count at least $((4 * n)) writes (got $writes)" \
	[ "$writes" -ge $((4 * n)) ]
for name in vfs vfsmountx nosuch; do
	out=$(bpftrace "$bt" $name -c "sh $storm -q -w 1 -r 0 -n 1" 2>&1)
	check_eq "with LOCKNAME $name, brlockwrite.bt exits 0" 0 $?
	check_eq "with LOCKNAME $name, no map prints" "" "$(printf '%s\n' "$out" | grep '^@')"
done
