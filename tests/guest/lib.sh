# tests/guest/lib.sh: check helpers, POSIX sh (the guest runs busybox ash).
# The host side's tests/lib.sh sources this file too. Every check prints
# "ok - WHAT" or "not ok - WHAT" and a few "#" lines of detail.
# shellcheck shell=sh

ok() { echo "ok - $1"; }
not_ok() {
	echo "not ok - $1"
	shift
	[ $# -eq 0 ] || printf '%s\n' "$@" | sed 's/^/#   /'
}

# check WHAT COMMAND...: the command succeeds.
check() {
	_what=$1
	shift
	if "$@"; then ok "$_what"; else not_ok "$_what" "command failed: $*"; fi
}

# check_eq WHAT EXPECTED ACTUAL
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1" "expected: $2" "got:      $3"; fi
}

# check_match WHAT EXTENDED-REGEX TEXT
check_match() {
	if printf '%s\n' "$3" | grep -qE -- "$2"; then ok "$1"; else
		not_ok "$1" "no match for /$2/ in:" "$(printf '%s\n' "$3" | tail -n 15)"
	fi
}

# json_lines: the JSON on stdin as PATH=VALUE lines, one a scalar (PATH
# its keys joined with dots), in one jq run: jq takes a quarter of a
# second to start under TCG, and a test may check dozens of figures.
# (Not paths(scalars): its select() drops the false and null values.)
json_lines() {
	jq -r 'paths(type != "object" and type != "array") as $p | "\($p | map(tostring) | join("."))=\(getpath($p))"'
}
# value_of PATH LINES: the value of PATH in json_lines' LINES, or nothing.
value_of() { printf '%s\n' "$2" | awk -v k="$1=" 'index($0, k) == 1 { print substr($0, length(k) + 1); exit }'; }
# positive N: N is a number above 0.
positive() { awk -v n="$1" 'BEGIN { exit !(n ~ /^[0-9.]+$/ && n > 0) }'; }
# whole N: N is a whole number, 0 included.
whole() { awk -v n="$1" 'BEGIN { exit !(n ~ /^[0-9]+$/) }'; }

# The vfsmount brlock's statistics, as the guest tests read them.
vfsmount_stats=/sys/kernel/debug/brlock/vfsmount
# stat_of KEY: a total of the stats file (the lines before the per-CPU rows).
stat_of() { awk -v k="$1" '$1 == "cpu" { exit } $1 == k { print $2 }' "$vfsmount_stats/stats"; }
# percpu_sum KEY: KEY summed over the stats file's per-CPU rows.
percpu_sum() {
	awk -v k="$1" '$1 == "cpu" { for (i = 3; i < NF; i += 2) if ($i == k) s += $(i + 1) }
		END { print s + 0 }' "$vfsmount_stats/stats"
}
# The counters whose total is the sum of the per-CPU rows.
SUMMED_COUNTERS="read_acquires read_contended read_wait_ns write_acquires write_spin_ns"
# print_stat_sums: what a host-side test checks with check_stat_sums, as
# "key value" lines: write_acquires, histogram_sum, and for each summed
# counter "percpu_KEY SUM total TOTAL".
print_stat_sums() {
	echo "write_acquires $(stat_of write_acquires)"
	echo "histogram_sum $(hist_sum)"
	for _k in $SUMMED_COUNTERS; do
		echo "percpu_$_k $(percpu_sum "$_k") total $(stat_of "$_k")"
	done
}
# vfsmount_counters: the vfsmount brlock's stats file without the
# worst-case callers (text that would not move): to compare before and
# after something that must change no counter.
vfsmount_counters() { grep -v '_caller ' "$vfsmount_stats/stats"; }
# hist_sum: the writer spin histogram's counts added up.
hist_sum() { awk '{ s += $3 } END { print s + 0 }' "$vfsmount_stats/histogram"; }

# Write sections per private tmpfs mount + umount pair, documented in the
# commit messages of "fs: a spinlock of its own for the superblocks' lists
# of mounts" and "fs: a put of a mount in no namespace takes the writers'
# lock alone": mount(2) takes 1 (attach_recursive_mnt()), umount(2) 1
# (do_umount(); namespace_unlock_put()'s puts of the umounted mount, its
# own and the caller's, the last, take the writers' lock alone, which
# write_acquires does not count).
# shellcheck disable=SC2034 # for the tests that source this file
WRITES_PER_PAIR=2
# need_vfsmount_stats: the vfsmount brlock has its statistics in debugfs
# (a check), or the test ends here with that check failed.
need_vfsmount_stats() {
	if [ ! -w "$vfsmount_stats/enable" ]; then
		not_ok "the vfsmount brlock has statistics" "no $vfsmount_stats/enable"
		exit 0
	fi
	ok "the vfsmount brlock has statistics"
}

# mount_pairs N DIR: N private tmpfs mount + umount pairs on DIR, one
# system call each as a user program makes them (WRITES_PER_PAIR write
# sections each, 45-vfsmount-net-win.t).
mount_pairs() {
	_i=0
	while [ "$_i" -lt "$1" ]; do
		mount -t tmpfs brlock-test "$2"
		umount "$2"
		_i=$((_i + 1))
	done
}

# storm_busy OUTPUT: how many umounts mount-storm -j tried again because a
# lookup held the mount (each one more write section), from its JSON
# summary line in OUTPUT; empty if there is none.
storm_busy() {
	printf '%s\n' "$1" | grep '^{"writers"' | jq -r .busy 2>/dev/null
}

# procs_of TEXT: the /proc folders of the processes whose command line
# holds TEXT (the guest has no pgrep). Nothing it runs carries TEXT.
procs_of() {
	for _c in /proc/[0-9]*/cmdline; do
		# A process may end between the glob and the read: the
		# group's 2>/dev/null also silences the failed redirection.
		_cmd=$({ tr '\0' ' ' <"$_c"; } 2>/dev/null) || continue
		case $_cmd in *"$1"*) echo "${_c%/cmdline}" ;; esac
	done
}

# cstorm_leftovers: what container-storm leaves running: its own
# processes and its containers' (their command lines hold
# "/container-storm"; the tests' do not), and the mount namespaces other
# than ours that any process is in.
cstorm_leftovers() {
	procs_of /container-storm
	for _p in /proc/[0-9]*; do
		# Kernel threads (no command line) left out: kdevtmpfs has a
		# mount namespace of its own.
		if [ -s "$_p/cmdline" ] && [ -e "$_p/ns/mnt" ]; then
			# shellcheck disable=SC3013 # busybox ash's test has -ef: no fork a process
			[ "$_p/ns/mnt" -ef /proc/self/ns/mnt ] || echo "$_p in another mount namespace"
		fi
	done
}

# bt_wait_tracing FILE PID: wait until the tool PID, its output going to
# FILE, says it is tracing (compiled and attached), ends, or 300 s pass.
bt_wait_tracing() {
	_i=0
	until grep -q '^Tracing' "$1" || [ "$_i" -ge 600 ] || ! kill -0 "$2" 2>/dev/null; do
		sleep 0.5
		_i=$((_i + 1))
	done
}

# What bpftrace prints, for the tests of bpf/*.bt.
# bt_hist_total MAP TEXT: the total count of histogram MAP (its name and
# key, "@spin_ns[vfsmount]") in TEXT: the number after each "[lo, hi)" or
# "[n]" bucket, up to the blank line.
bt_hist_total() {
	printf '%s\n' "$2" | awk -v m="$1" '
		$0 ~ /^@/ { on = (index($0, m ":") == 1); next }
		on && /^\[/ { s = $0; sub(/^[^])]*[])] */, "", s); split(s, a, " "); t += a[1]; next }
		on { on = 0 }
		END { print t + 0 }'
}
# bt_stack_total PREFIX TEXT: the counts of the map entries whose key starts
# with PREFIX ("@writers[vfsmount, ") and ends with a kernel stack, added
# up: such a key spans lines and its count ends the last one ("]: N").
bt_stack_total() {
	printf '%s\n' "$2" | awk -v k="$1" '
		index($0, k) == 1 { on = 1; next }
		on && /^\]: [0-9]+$/ { t += $2; on = 0 }
		END { print t + 0 }'
}

# storm_flags STORM: the options mount-storm and container-storm share
# mean the same in both: each wrong argument exits 2 naming what was
# wrong, -q prints nothing, -j one JSON object with the hotplug CPUs.
storm_flags() {
	for a in '-w x:-w wants a whole number' '-n -1:-n wants a whole number' \
		'-t 1x:-t wants a whole number' '-r 2.5:-r wants a whole number' \
		'-w 0:-w wants at least 1' '-n 1 -t 1:-n and -t do not go together' \
		'-C 1:-C goes with -H' '-H -C 1,,2:-C wants CPU numbers' 'extra:no arguments besides'; do
		# shellcheck disable=SC2086 # the arguments, split
		_err=$($1 ${a%%:*} 2>&1 >/dev/null) && _s=0 || _s=$?
		check_eq "$1 ${a%%:*} exits 2" 2 "$_s"
		check_match "... saying what was wrong: ${a#*:}" "^$1: ${a#*:}" "$_err"
	done
	_out=$($1 -q -w 1 -r 0 -n 1 2>&1) && _s=0 || _s=$?
	check_eq "$1 -q exits 0 and prints nothing" "0 " "$_s $_out"
	_online=$(cat /sys/devices/system/cpu/online)
	_out=$($1 -q -j -w 1 -r 0 -n 1 -H 2>&1) && _s=0 || _s=$?
	check_eq "$1 -q -j -H exits 0" 0 "$_s"
	check_eq "... printing one JSON object that says it went well, with the CPUs -H toggled" \
		"true [1]" "$(printf '%s' "$_out" | jq -rc '"\(.ok) \(.hotplug_cpus)"' 2>&1)"
	check_eq "... and every CPU is back on line" "$_online" "$(cat /sys/devices/system/cpu/online)"
}
