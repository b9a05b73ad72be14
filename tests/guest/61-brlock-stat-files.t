#!/bin/sh
# The vfsmount brlock's debugfs files refuse malformed writes with EINVAL
# and change nothing, stay root-only, and brlock-stat and brlock-ctl read
# and set them. What the counters count is 60-brlock-stat.t's.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

d=$vfsmount_stats
need_vfsmount_stats

# A write as a user program does it: dd fails when write(2) fails.
write() { printf '%b' "$2" | dd of="$d/$1" bs=64 2>/dev/null; }
# Why such a write failed: dd's message names the errno; nothing if it worked.
write_error() { printf '%b' "$2" | dd of="$d/$1" bs=64 2>&1 >/dev/null | grep -i error; }

brlock-ctl off
# Malformed writes fail and change nothing (counting is off, so the
# counters stand still).
before=$(vfsmount_counters)
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
check_eq "no malformed write changed a counter" "$before" "$(vfsmount_counters)"
check "writing 1 with a newline to enable works" write enable '1\n'
check "writing 0 to enable works" write enable '0'

# read_hold_sample: 0 or a power of two from 1 to 2^31, nothing else.
check_eq "read_hold_sample reads 0 (no sampling) by default" 0 "$(cat "$d/read_hold_sample")"
check "writing 64 to read_hold_sample works" write read_hold_sample '64'
for v in '\n' '3' '65' '-1' '-64' ' 64' '64 ' 'x' '0x40' '2147483649' '4294967296' \
	'99999999999999999999' '000000000064' '64\n\n'; do
	check_match "writing '$v' to read_hold_sample fails with EINVAL" 'Invalid argument' \
		"$(write_error read_hold_sample "$v")"
done
check_eq "read_hold_sample still reads 64 after the malformed writes" 64 "$(cat "$d/read_hold_sample")"
check "writing 2147483648 with a newline to read_hold_sample works" write read_hold_sample '2147483648\n'
check_eq "... and it reads back" 2147483648 "$(cat "$d/read_hold_sample")"
check "writing 0 back to read_hold_sample works" write read_hold_sample '0'
check_match "brlock-ctl sample 3 passes on the kernel's refusal, in one line" \
	'^brlock-ctl: cannot write 3 to .*/read_hold_sample: Invalid argument$' "$(brlock-ctl sample 3 2>&1)"
check "brlock-ctl sample 2 sets it" brlock-ctl sample 2
check_eq "... which reads back" 2 "$(cat "$d/read_hold_sample")"
brlock-ctl sample 0

# The positive control first: a refusal below must be the file's, not su's.
check "the non-root user can run a command at all" su nobody -s /bin/sh -c true
# refused COMMAND: run as nobody, it fails with EACCES.
refused() {
	_err=$(su nobody -s /bin/sh -c "$1" 2>&1 >/dev/null) && return 1
	printf '%s\n' "$_err" | grep -q 'Permission denied'
}
for f in enable read_hold_sample stats histogram flavour writer_cpus; do
	check "a non-root user cannot read $f (Permission denied)" refused "cat $d/$f"
done
for f in enable reset read_hold_sample; do
	check "a non-root user cannot write $f (Permission denied)" refused "echo 1 > $d/$f"
done

# brlock-stat on the real files.
json=$(brlock-stat -j)
check "brlock-stat -j is valid JSON with the contract's keys" sh -c "printf '%s' '$json' | jq -e '
	.name == \"vfsmount\" and (.enabled | type == \"boolean\") and
	([.read_acquires, .read_contended, .write_acquires, .write_spin_ns, .write_spin_max_ns] | all(type == \"number\")) and
	(.cpus | length == $(($(cut -d- -f2 /sys/devices/system/cpu/possible) + 1))) and
	(.cpus | all(has(\"cpu\") and has(\"read_acquires\") and has(\"write_acquires\") and has(\"write_spin_ns\") and has(\"write_wait_ns\")))' >/dev/null"
check_eq "brlock-stat -j agrees with the stats file" "$(stat_of write_acquires)" "$(printf '%s' "$json" | jq .write_acquires)"
check_match "brlock-stat -l lists vfsmount" '^vfsmount$' "$(brlock-stat -l)"

# brlock-stat -i under a mount load: the time since boot with each sample,
# the rates per second that elapsed, the average at the end.
brlock-ctl on
brlock-ctl reset
since_boot() { read -r _u _ </proc/uptime && echo "$_u"; }
mount-storm -q -w 1 -r 1 -t 8 &
storm=$!
u0=$(since_boot)
iv=$(brlock-stat -j -i 1 2)
u1=$(since_boot)
text=$(brlock-stat -i 1 2)
percpu=$(brlock-stat -c -i 1 1)
wait $storm && s=0 || s=$?
brlock-ctl off
check_eq "mount-storm ran clean beside brlock-stat -i" 0 "$s"
check_eq "brlock-stat -j -i 1 2 prints 2 objects and the average" "3 true 2" \
	"$(printf '%s\n' "$iv" | grep -c .) $(printf '%s\n' "$iv" | jq -rs '"\(.[2].average) \(.[2].intervals)"' 2>&1)"
check_eq "its time is the time since boot, and it increases" ok \
	"$(printf '%s\n' "$iv" | jq -rs --argjson u0 "$u0" --argjson u1 "$u1" '[.[0].time, .[1].time] as [$t0, $t1] |
		if $u0 < $t0 and $t0 < $t1 and $t1 <= $u1 then "ok" else "uptime \($u0), times \($t0) \($t1), uptime \($u1)" end' 2>&1)"
# Under TCG beside a storm an interval can take seconds more than the 1 s
# slept: that is what elapsed_s is for. It is at least the sleep, and the
# two fit in the time the command took.
check_eq "its elapsed_s are at least 1 s, fit in the command's time, the second the difference of the times" "ok ok ok ok" \
	"$(printf '%s\n' "$iv" | jq -rs --argjson u0 "$u0" --argjson u1 "$u1" '.[0] as $a | .[1] as $b | [$a.elapsed_s, $b.elapsed_s] |
		map(if . >= 0.99 then "ok" else "elapsed_s \(.)" end) + [
		if $a.elapsed_s + $b.elapsed_s <= $u1 - $u0 + 0.015 then "ok" else "elapsed_s \($a.elapsed_s) + \($b.elapsed_s) > \($u1 - $u0) s of the command" end,
		if (($b.time - $a.time) - $b.elapsed_s | fabs) < 0.015 then "ok" else "time - time \($b.time - $a.time) vs \($b.elapsed_s)" end
		] | join(" ")' 2>&1)"
check_eq "the storm's writes count, and the average object has the sums" "writes sums" \
	"$(printf '%s\n' "$iv" | jq -rs '(if .[0].write_acquires + .[1].write_acquires > 0 then "writes" else "no writes" end) + " " +
		(if .[2].write_acquires == .[0].write_acquires + .[1].write_acquires and
			((.[2].elapsed_s - .[0].elapsed_s - .[1].elapsed_s) | fabs) < 0.015 then "sums" else "not the sums: \(tojson)" end)' 2>&1)"
check_eq "brlock-stat -i 1 2 prints a header, two lines and the average" "4 average" \
	"$(printf '%s\n' "$text" | grep -c .) $(printf '%s\n' "$text" | awk 'END { print $NF }')"
check_match "brlock-stat -i's time column is the time since boot" '^[0-9]+\.[0-9][0-9]$' \
	"$(printf '%s\n' "$text" | awk 'NR == 2 { print $NF }')"
ncpu=$(grep -c '^cpu ' "$d/stats")
check_eq "brlock-stat -c -i 1 1 prints a header, a row per CPU, then their averages" \
	"$((1 + 2 * ncpu)) $ncpu" "$(printf '%s\n' "$percpu" | grep -c .) $(printf '%s\n' "$percpu" | grep -c ' average$')"
brlock-stat -x >/dev/null 2>&1 && s=0 || s=$?
check_eq "brlock-stat with a bad flag exits 2" 2 "$s"
brlock-ctl frob >/dev/null 2>&1 && s=0 || s=$?
check_eq "brlock-ctl with a bad verb exits 2" 2 "$s"
