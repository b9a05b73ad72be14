#!/bin/sh
# The vfsmount brlock's debugfs statistics count exactly, only when on,
# reset to zero, add up, reject malformed writes and stay root-only; and
# brlock-stat reads them.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

d=$vfsmount_stats
if [ ! -d "$d" ]; then
	not_ok "the vfsmount brlock has its debugfs folder" "no $d"
	exit 0
fi
ok "the vfsmount brlock has its debugfs folder"

# A write as a user program does it: dd fails when write(2) fails.
write() { printf '%b' "$2" | dd of="$d/$1" bs=64 2>/dev/null; }
# The counters, without the worst-case callers (text that would not move).
counters() { grep -v '_caller ' "$d/stats"; }

mkdir -p /tmp/s
pairs() { mount_pairs "$1" /tmp/s; }

brlock-ctl off
brlock-ctl reset
check_eq "reset leaves every counter at zero" "" \
	"$(counters | awk '$1 == "cpu" { for (i = 4; i <= NF; i += 2) if ($i != 0) print; next }
		$1 !~ /_cpu$/ && $2 != 0 { print }')"
check_eq "reset leaves the histogram empty" 0 "$(hist_sum)"

before=$(counters)
pairs 10
check_eq "with counting off, 10 mount/umount pairs move nothing" "$before" "$(counters)"

brlock-ctl on
check_eq "enable reads 1 after brlock-ctl on" 1 "$(cat "$d/enable")"
brlock-ctl reset
n=20
pairs $n
check_eq "$n mount/umount pairs count $WRITES_PER_PAIR write acquires each" \
	$((WRITES_PER_PAIR * n)) "$(stat_of write_acquires)"

# Lookups across a mount are lockless (RCU-walk, 45-vfsmount-net-win.t);
# mount(2) takes the read side in lock_mount()'s ref-walk lookup_mnt().
r0=$(stat_of read_acquires)
pairs 10
r1=$(stat_of read_acquires)
check "10 mount/umount pairs count at least 10 read acquires (got $((r1 - r0)))" \
	[ $((r1 - r0)) -ge 10 ]

mount-storm -q -w 2 -r 2 -n 30
brlock-ctl off
check "writer spin time grows under a storm" [ "$(stat_of write_spin_ns)" -gt 0 ]
check "the worst writer spin names its caller" [ "$(stat_of write_spin_worst_caller)" != - ]
check_eq "the histogram's counts add up to write_acquires" "$(stat_of write_acquires)" "$(hist_sum)"
for k in $SUMMED_COUNTERS; do
	check_eq "the total $k is the sum of the per-CPU rows" "$(stat_of $k)" "$(percpu_sum $k)"
done

# Malformed writes fail and change nothing (counting is off, so the
# counters stand still).
before=$(counters)
for v in '\n' '2' '-1' 'on' 'yes' ' 1' '1 ' '10' '99999999999999999999' '\001\002' '1\n\n'; do
	if write enable "$v"; then
		not_ok "writing '$v' to enable fails"
	else
		ok "writing '$v' to enable fails"
	fi
done
check_eq "enable still reads 0 after the malformed writes" 0 "$(cat "$d/enable")"
for v in '\n' '0' '2' 'x' '-1' '1 1'; do
	if write reset "$v"; then not_ok "writing '$v' to reset fails"; else ok "writing '$v' to reset fails"; fi
done
check_eq "no malformed write changed a counter" "$before" "$(counters)"
check "writing 1 with a newline to enable works" write enable '1\n'
check "writing 0 to enable works" write enable '0'

# The positive control first: a refusal below must be the file's, not su's.
check "the non-root user can run a command at all" su nobody -s /bin/sh -c true
# refused COMMAND: run as nobody, it fails with EACCES.
refused() {
	_err=$(su nobody -s /bin/sh -c "$1" 2>&1 >/dev/null) && return 1
	printf '%s\n' "$_err" | grep -q 'Permission denied'
}
for f in enable stats histogram; do
	check "a non-root user cannot read $f (Permission denied)" refused "cat $d/$f"
done
for f in enable reset; do
	check "a non-root user cannot write $f (Permission denied)" refused "echo 1 > $d/$f"
done

# brlock-stat on the real files.
json=$(brlock-stat -j)
check "brlock-stat -j is valid JSON with the contract's keys" sh -c "printf '%s' '$json' | jq -e '
	.name == \"vfsmount\" and (.enabled | type == \"boolean\") and
	([.read_acquires, .read_contended, .write_acquires, .write_spin_ns, .write_spin_max_ns] | all(type == \"number\")) and
	(.cpus | length == $(nproc --all)) and
	(.cpus | all(has(\"cpu\") and has(\"read_acquires\") and has(\"write_acquires\") and has(\"write_spin_ns\") and has(\"write_wait_ns\")))' >/dev/null"
check_eq "brlock-stat -j agrees with the stats file" "$(stat_of write_acquires)" "$(printf '%s' "$json" | jq .write_acquires)"
check_match "brlock-stat -l lists vfsmount" '^vfsmount$' "$(brlock-stat -l)"
brlock-ctl on
lines=$(brlock-stat -i 1 2 | grep -c .)
brlock-ctl off
check_eq "brlock-stat -i 1 2 prints a header and two lines" 3 "$lines"
brlock-stat -x >/dev/null 2>&1 && s=0 || s=$?
check_eq "brlock-stat with a bad flag exits 2" 2 "$s"
brlock-ctl frob >/dev/null 2>&1 && s=0 || s=$?
check_eq "brlock-ctl with a bad verb exits 2" 2 "$s"
