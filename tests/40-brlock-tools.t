#!/bin/bash
# debugfs-tools/brlock-stat and brlock-ctl against a fake debugfs tree
# (tests/fixtures/brlock), without booting: run by busybox sh with nothing
# but busybox applets on PATH, as in the guest.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work" # the permission checks run the tools as nobody
fixture=$top/tests/fixtures/brlock
stats=$fixture/vfsmount/stats

# A PATH of busybox applets only: a GNU-only option or tool fails here.
bb=$work/bin
mkdir "$bb"
for applet in $(/bin/busybox --list); do ln -s /bin/busybox "$bb/$applet"; done
# Copies of the tools that nobody can read, whatever the clone's modes.
tools=$work/tools
mkdir "$tools"
cp debugfs-tools/brlock-stat debugfs-tools/brlock-stat.awk debugfs-tools/brlock-ctl debugfs-tools/brlock-lib.sh "$tools/"
chmod 755 "$tools"/*
# The tools run in an empty folder, and must leave it empty.
cwd=$work/cwd
mkdir "$cwd"

# fresh: a writable copy of the fixture tree; prints its path.
fresh() {
	local d
	d=$(mktemp -d "$work/debugfs.XXXXXX")
	cp -R "$fixture/." "$d"
	chmod 755 "$d"
	echo "$d"
}
debugfs=$(fresh)

# -i: deltas. bump DIR rewrites vfsmount/stats at once (rename) with 2000
# more reads, 10 more writes and 50000 ns more spin, as if in 1 s, all of
# them on cpu 1, whose lock writers also waited 10000 ns more for.
bump() {
	sed -e 's/^read_acquires 1234$/read_acquires 3234/' -e 's/^write_acquires 40$/write_acquires 50/' \
		-e 's/^write_spin_ns 500000$/write_spin_ns 550000/' -e 's/^write_spin_max_ns 30000$/write_spin_max_ns 31000/' \
		-e 's/^cpu 1 read_acquires 634 \(.*\) write_acquires 18 write_spin_ns 240000 write_wait_ns 9000$/cpu 1 read_acquires 2634 \1 write_acquires 28 write_spin_ns 290000 write_wait_ns 19000/' \
		"$stats" >"$1/stats.new"
	mv "$1/stats.new" "$1/vfsmount/stats"
}
check_eq "bump changes the totals and cpu 1's row" 5 "$(d=$(fresh) && bump "$d" && diff "$stats" "$d/vfsmount/stats" | grep -c '^>')"

# iv_start ID MARK SIGNAL UPTIMES ARGS...: run brlock-stat ARGS in the
# background on a fresh tree; iv_end ID waits for it and sets $out, $err,
# $rc. The runs go in parallel: -i takes whole seconds.
# - The time since boot comes from a FIFO (BRLOCK_UPTIME) filled with
#   UPTIMES, one a snapshot: the elapsed times are exactly the ones given,
#   whatever the machine's load.
# - MARK: bump the stats as soon as the output has MARK lines ("-": never):
#   a real change between two of its samples, since each sample is taken
#   before the line it leads to is printed and the next one 1 s later.
# - SIGNAL "SIG@N" or "SIG@N+S": send SIG once the output has N lines (and
#   S seconds more); INT goes to the process group, as Ctrl-C does ("-":
#   none). env --default-signal undoes the SIGINT a background job starts
#   with ignored.
# A run that is not over in 60 s is killed and says so on stderr.
declare -A ivpid
iv_start() {
	local id=$1 mark=$2 sig=$3 ups=$4
	shift 4
	local r=$work/iv.$id
	mkdir "$r"
	(
		d=$(fresh)
		mkfifo "$r/uptime"
		exec 5<>"$r/uptime"
		for u in $ups; do echo "$u 0.00" >&5; done
		# An ID that starts with "tty" runs on a terminal: script(1)'s pty.
		local cmd=(/bin/busybox sh "$tools/brlock-stat" "$@")
		case $id in tty*) cmd=(/usr/bin/script -qefc "${cmd[*]@Q}" /dev/null) ;; esac
		(cd "$cwd" && exec setsid env --default-signal=INT -i PATH="$bb" BRLOCK_DEBUGFS="$d" BRLOCK_UPTIME="$r/uptime" \
			"${cmd[@]}" >"$r/out" 2>"$r/err") &
		pid=$! bumped='' sent=''
		for _ in $(seq 1200); do
			kill -0 "$pid" 2>/dev/null || break
			n=$(grep -c '^' "$r/out")
			if [ "$mark" != - ] && [ -z "$bumped" ] && [ "$n" -ge "$mark" ]; then bump "$d" && bumped=1; fi
			at=${sig#*@}
			if [ "$sig" != - ] && [ -z "$sent" ] && [ "$n" -ge "${at%+*}" ]; then
				[ "$at" = "${at%+*}" ] || sleep "${at#*+}"
				case $sig in INT@*) kill -INT -- "-$pid" ;; *) kill -"${sig%@*}" "$pid" ;; esac
				sent=1
			fi
			sleep 0.05
		done
		if kill -0 "$pid" 2>/dev/null; then
			echo "TIMEOUT: the test killed it" >>"$r/err"
			kill -KILL -- "-$pid"
		fi
		wait "$pid"
		echo $? >"$r/rc"
	) &
	ivpid[$id]=$!
}
iv_end() {
	local r=$work/iv.$1
	wait "${ivpid[$1]}"
	# A terminal's lines end in CR LF.
	rc=$(cat "$r/rc") out=$(tr -d '\r' <"$r/out") err=$(cat "$r/err")
}
# col N LINE...: field N of each line.
col() { awk -v n="$1" -v l="$2" 'NR == l { print $n }' <<<"$out"; }
row() { awk -v l="$1" 'NR == l { $1 = $1; print }' <<<"$out"; }
hdr='^ *reads/s +writes/s +contended/s +spin/write_ns +max_spin_ns +time$'
chdr='^ *cpu +reads/s +writes/s +contended/s +spin/write_ns +wait/write_ns +time$'

# The -i runs take seconds of sleep each: start them now, check them below.
iv_start text 1 - "100.00 101.00 102.00" -i 1 2
iv_start json 1 - "100.00 102.50 103.75" -j -i 1 2
iv_start elapsed 1 - "100.00 102.50 103.50" -i 1 2
iv_start still - - "100.00 100.00" -i 1 1
iv_start clock - - "100.00 101.00" -t -i 1 1
iv_start screen - - "$(seq -f %.2f 100 121)" -i 1 21
iv_start ttyscreen - - "$(seq -f %.2f 100 121)" -i 1 21
iv_start ttyonce - - "$(seq -f %.2f 100 121)" -n -i 1 21
iv_start ttycpus 1 - "$(seq -f %.2f 100 111)" -c -i 1 11
iv_start jcpus 1 - "100.00 101.00 102.00" -j -c -i 1 2
iv_start term 1 TERM@3 "$(seq -f %.2f 100 130)" -i 1
iv_start int 1 INT@2 "$(seq -f %.2f 100 130)" -j -i 1
# The third snapshot waits for a time that never comes, as a slow read of
# the stats would: Ctrl-C there ends the run too.
iv_start intsnap 1 INT@2+1.5 "100.00 101.00" -i 1


# tool NAME ARGS...: run debugfs-tools/NAME under busybox sh with
# BRLOCK_DEBUGFS=$debugfs (unset when $debugfs is empty) and $as in front
# (e.g. setpriv); sets $out, $err, $rc.
as=()
tool() {
	local t=$1
	shift
	local e=(PATH="$bb")
	[ -z "$debugfs" ] || e+=(BRLOCK_DEBUGFS="$debugfs")
	(cd "$cwd" && "${as[@]}" env -i "${e[@]}" /bin/busybox sh "$tools/$t" "$@" >"$work/out" 2>"$work/err")
	rc=$?
	out=$(cat "$work/out") err=$(cat "$work/err")
}
lines() { printf '%s' "$1" | grep -c '^'; }
total() { awk -v k="$2" '$1 == k { print $2 }' "$1"; }
percpu() { awk -v c="$2" -v k="$3" '$1 == "cpu" && $2 == c { for (i = 3; i < NF; i += 2) if ($i == k) print $(i + 1) }' "$1"; }
isjson() { jq -e . >/dev/null 2>&1 <<<"$1"; }
flat() { printf "%s" "$1" | tr "\n" " "; }
jqv() { printf '%s\n' "$out" | jq -r "$1" 2>&1; }

for t in brlock-stat brlock-ctl; do
	check_eq "shellcheck -s sh is clean on $t" "" "$(shellcheck -x -s sh "debugfs-tools/$t" 2>&1)"
	check_eq "$t starts with #!/bin/sh" "#!/bin/sh" "$(head -n 1 "debugfs-tools/$t")"
	tool "$t" -h
	check_match "$t -h prints the usage and exits 0" "^0 Usage: $t" "$rc $out"
	tool "$t" --help
	check_match "$t --help prints the usage and exits 0, as GNU tools do" "^0 Usage: $t" "$rc $out"
done

# A snapshot as JSON, compared with the fixture's own numbers.
tool brlock-stat -j vfsmount
check_eq "-j exits 0 and prints one line" "0 1" "$rc $(lines "$out")"
check "-j output is valid JSON" isjson "$out"
check_eq "-j names the lock" vfsmount "$(jqv .name)"
check_eq "-j read_acquires is the fixture's" "$(total "$stats" read_acquires)" "$(jqv .read_acquires)"
check_eq "-j write_acquires is the fixture's" "$(total "$stats" write_acquires)" "$(jqv .write_acquires)"
check_eq "-j cpus[1].write_wait_ns is the fixture's" "$(percpu "$stats" 1 write_wait_ns)" "$(jqv '.cpus[1].write_wait_ns')"
check_eq "-j enabled is true when enable says 1" "1 true" "$(cat "$fixture/vfsmount/enable") $(jqv .enabled)"
check_eq "-j numbers are JSON numbers" '["number"]' \
	"$(jqv '[.read_acquires, .write_spin_max_ns, .cpus[0].write_wait_ns, .histogram[0].count, .worst_write_spin.cpu] | map(type) | unique | tojson')"
check_eq "-j has every key of the stats file, under its own name" "" \
	"$(awk '$1 != "cpu" { print $1 }' "$stats" | while read -r k; do jq -e --arg k "$k" 'has($k)' <<<"$out" >/dev/null || echo "$k"; done)"
check_eq "-j worst_write_spin is the fixture's" '{"ns":30000,"cpu":1,"caller":"do_umount+0x1f/0x200"}' "$(jqv '.worst_write_spin | tojson')"
check_eq "-j worst_read_hold is the fixture's" '{"ns":7700,"cpu":0,"caller":"path_lookupat+0x8a/0x1b0"}' "$(jqv '.worst_read_hold | tojson')"
check_eq "-j histogram has the 32 buckets" 32 "$(jqv ".histogram | length")"
check_eq "-j histogram counts sum to write_acquires" "$(total "$stats" write_acquires)" "$(jqv '[.histogram[].count] | add')"
check_eq "-j histogram's first bucket is [0, 2), the last has hi_ns null" '{"lo_ns":0,"hi_ns":2} {"lo_ns":2147483648,"hi_ns":null}' \
	"$(jqv '[.histogram[0], .histogram[-1]] | map({lo_ns, hi_ns} | tojson) | join(" ")')"
check_eq "-j cpus has one entry per cpu line" "$(grep -c '^cpu ' "$stats")" "$(jqv '.cpus | length')"
# shellcheck disable=SC2016 # jq's variables
check_eq "-j totals are the sums over cpus[]" true \
	"$(jqv '. as $s | ["read_acquires", "read_contended", "read_wait_ns", "write_acquires", "write_spin_ns"] | all(. as $k | $s[$k] == ([$s.cpus[][$k]] | add))')"
vfs_json=$out

tool brlock-stat -j demo
check "-j on a second lock is valid JSON" isjson "$out"
check_eq "-j enabled is false when enable says 0" "0 false" "$(cat "$fixture/demo/enable") $(jqv .enabled)"
check_eq "-j passes unknown keys through, totals and per CPU" "7 3" "$(jqv '"\(.future_field) \(.cpus[3].future_ns)"')"
check_eq "-j says null for a worst case there was none of yet" '{"ns":0,"cpu":null,"caller":null}' "$(jqv '.worst_write_spin | tojson')"

tool brlock-stat -j
check_eq "without NAME brlock-stat shows vfsmount" "$vfs_json" "$out"

tool brlock-stat -l
check_eq "-l lists both locks" "0 demo vfsmount" "$rc $(flat "$out")"
tool brlock-stat -l -j
check_eq "-l -j is a JSON array of the names" '["demo","vfsmount"]' "$(jqv 'tojson')"

# all: every brlock, as brlock.stats=all and the bpftrace tools take it.
tool brlock-stat all
check_eq "brlock-stat all shows each lock's snapshot, in order" "0 brlock demo: brlock vfsmount:" \
	"$rc $(printf '%s\n' "$out" | grep -o '^brlock [a-z]*:' | tr '\n' ' ' | sed 's/ $//')"
tool brlock-stat -j all
check_eq "brlock-stat -j all is an array of the locks' objects" '["demo","vfsmount"]' "$(jqv 'map(.name) | tojson')"
check_eq "... each the object brlock-stat -j NAME prints" "$(printf '%s' "$vfs_json" | jq -c .)" "$(jqv '.[1] | tojson')"
tool brlock-stat -cj all
check_eq "-c all: the per-CPU rows of each (as many as its stats file)" \
	"$(grep -c '^cpu ' "$fixture/demo/stats") $(grep -c '^cpu ' "$fixture/vfsmount/stats")" \
	"$(jqv '[.[] | .cpus | length] | map(tostring) | join(" ")')"

# The readable snapshot.
tool brlock-stat
check_eq "the text snapshot exits 0 and is quiet on stderr" "0 " "$rc $err"
check_match "the text snapshot says counting is on" "^brlock vfsmount: counting is on" "$out"
check_match "the text snapshot has the acquires and contended" "1234 acquired, 5 contended" "$out"
check_match "the text snapshot has the average and maximum spin per write" "12\.5 µs per write on average, 30\.0 µs at most" "$out"
check_match "the text snapshot names the worst spin's caller and CPU" "do_umount\+0x1f/0x200 on cpu 1" "$out"
check_match "the text snapshot names the worst read hold, caller and CPU" "7\.7 µs in path_lookupat\+0x8a/0x1b0 on cpu 0" "$out"
tool brlock-stat demo
check_match "the text snapshot says how to switch counting on" "counting is off: brlock-ctl on demo" "$out"
check_match "the text snapshot says when there was no worst case yet" "worst write spin: none yet" "$out"

# -c: one aligned row per CPU after the header.
for lock in vfsmount demo; do
	tool brlock-stat -c "$lock"
	table=$(printf '%s\n' "$out" | sed -n '/^ *cpu  *read_acquires  *read_contended  *write_acquires  *write_spin_ns  *write_wait_ns$/,$p')
	check_eq "-c $lock has one row per CPU" "$(grep -c '^cpu ' "$fixture/$lock/stats")" "$(($(lines "$table") - 1))"
	check_eq "-c $lock's columns are aligned" 1 "$(printf '%s\n' "$table" | awk '{ print length($0) }' | sort -u | grep -c .)"
done
tool brlock-stat -c
check_match "-c shows cpu 1's numbers" "^ +1 +634 +2 +18 +240000 +9000$" "$out"

# -i, from the runs started at the top.
iv_end text
check_eq "-i 1 2 exits 0, quiet on stderr, header, 2 lines and the average" "0  4" "$rc $err $(lines "$out")"
check_match "-i prints a header first, the time last" "$hdr" "$(row 1)"
check_eq "-i's first line has the interval's reads/s, writes/s, contended/s, spin per write, max spin and time" \
	"2000 10 0 5000 31000 101.00" "$(row 2)"
check_eq "-i's second line has no reads and no writes, max spin unchanged" \
	"0 0 - 31000 102.00" "$(awk 'NR == 3 { print $1, $2, $4, $5, $6 }' <<<"$out")"
check_eq "-i's last line is the average over the run" "1000 5 0 5000 31000 average" "$(row 4)"

iv_end elapsed
check_eq "-i divides by the time that elapsed (2.5 s), not by SECONDS" "800 4 0 5000 31000 102.50" "$(row 2)"
check_eq "-i's average divides by the whole run's time (3.5 s)" "571.4 2.9 0 5000 31000 average" "$(row 4)"
iv_end still
check_eq "-i with a clock that did not move shows no rate" "0 - - - - 30000 100.00" "$rc $(row 2)"

iv_end clock
check_eq "-t -i 1 1 exits 0 with a header, a line and the average" "0 3" "$rc $(lines "$out")"
check_match "-t's time column is the time of day" '^[0-2][0-9]:[0-5][0-9]:[0-5][0-9]$' "$(col 6 2)"

iv_end screen
check_eq "-i 1 21 into a file exits 0 with one header, 21 lines and the average" "0 23 1" \
	"$rc $(lines "$out") $(grep -cE "$hdr" <<<"$out")"
iv_end ttyscreen
check_eq "-i 1 21 on a terminal exits 0 with 2 headers, 21 lines and the average" "0 24" "$rc $(lines "$out")"
check_eq "... it repeats the header after 20 lines, and only then" "1 22" \
	"$(grep -nE "$hdr" <<<"$out" | cut -d: -f1 | tr '\n' ' ' | sed 's/ $//')"
check_eq "... and the line after the repeated header is the 21st interval's" "121.00" "$(col 6 23)"
iv_end ttyonce
check_eq "-n -i 1 21 on a terminal exits 0 with one header" "0 23 1" \
	"$rc $(lines "$out") $(grep -cE "$hdr" <<<"$out")"

iv_end ttycpus
check_eq "-c -i 1 11 on a terminal exits 0 quietly with a row per CPU, 2 headers, the averages" "0  26" "$rc $err $(lines "$out")"
check_match "-c -i's header has cpu first, wait/write_ns, the time last" "$chdr" "$(row 1)"
check_eq "-c -i's cpu 0 row: nothing ran there, the writes did not wait for its lock" "0 0 0 0 - 0 101.00" "$(row 2)"
check_eq "-c -i's cpu 1 row: its reads, writes, spin per write, wait per write, time" "1 2000 10 0 5000 1000 101.00" "$(row 3)"
check_eq "-c -i repeats the header after 10 intervals of 2 CPUs (20 rows)" "1 22" \
	"$(grep -nE "$chdr" <<<"$out" | cut -d: -f1 | tr '\n' ' ' | sed 's/ $//')"
check_eq "-c -i ends with an average row per CPU" "0 0 0 0 - 0 average|1 181.8 0.9 0 5000 1000 average" "$(row 25)|$(row 26)"

iv_end json
check_eq "-j -i 1 2 exits 0 with 2 lines and the average" "0 3" "$rc $(lines "$out")"
check "-j -i prints JSON lines" isjson "$out"
check_eq "-j -i lines have interval_s and the deltas" '1 0 0 vfsmount 1 2000 10 50000 31000' \
	"$(jq -rs '"\(.[0].interval_s) \(.[0].read_acquires) \(.[0].write_acquires) \(.[1].name) \(.[1].interval_s) \(.[1].read_acquires) \(.[1].write_acquires) \(.[1].write_spin_ns) \(.[1].write_spin_max_ns)"' <<<"$out" 2>&1)"
check_eq "-j -i lines have time (since boot) and elapsed_s, measured, as numbers" '[102.5,2.5] [103.75,1.25] ["number","number"]' \
	"$(jq -rs '"\([.[0].time, .[0].elapsed_s] | tojson) \([.[1].time, .[1].elapsed_s] | tojson) \([.[0].time, .[0].elapsed_s] | map(type) | tojson)"' <<<"$out" 2>&1)"
check_eq "-j -i's last object is the average: the run's changes, time and intervals" \
	'{"name":"vfsmount","average":true,"intervals":2,"interval_s":1,"time":103.75,"elapsed_s":3.75,"read_acquires":2000,"write_acquires":10,"write_spin_ns":50000,"write_spin_max_ns":31000}' \
	"$(jq -cs '.[2] | {name, average, intervals, interval_s, time, elapsed_s, read_acquires, write_acquires, write_spin_ns, write_spin_max_ns}' <<<"$out" 2>&1)"
check_eq "-j -i: only the last object has the average key" "[null,null,true]" "$(jq -cs 'map(.average)' <<<"$out" 2>&1)"
check_eq "-j -i keeps every key it had, in its order" \
	'["name","interval_s","enabled","read_acquires","read_contended","read_wait_ns","write_acquires","write_spin_ns","write_hold_ns","write_spin_max_ns","write_hold_max_ns"]' \
	"$(head -n 1 <<<"$out" | jq -c 'keys_unsorted - ["time", "elapsed_s"]' 2>&1)"

iv_end jcpus
check_eq "-j -c -i objects have cpus[] with each CPU's changes" '[{"cpu":0,"read_acquires":0,"read_contended":0,"read_wait_ns":0,"write_acquires":0,"write_spin_ns":0,"write_wait_ns":0},{"cpu":1,"read_acquires":2000,"read_contended":0,"read_wait_ns":0,"write_acquires":10,"write_spin_ns":50000,"write_wait_ns":10000}]' \
	"$(jq -cs '.[1].cpus' <<<"$out" 2>&1)"
check_eq "-j -c -i's average has the run's changes per CPU" "2000 10000 true" "$(jq -rs '.[2] | "\(.cpus[1].read_acquires) \(.cpus[1].write_wait_ns) \(.average)"' <<<"$out" 2>&1)"

iv_end term
check_eq "-i without COUNT, SIGTERM after 2 lines: exit 0, quiet, the average last" "0  4 1000 5 0 5000 31000 average" \
	"$rc $err $(lines "$out") $(row 4)"
iv_end int
check_eq "-j -i, SIGINT to the process group (Ctrl-C) after 2 lines: exit 0, the average object last" "0  3 true 2 2000" \
	"$rc $err $(lines "$out") $(tail -n 1 <<<"$out" | jq -r '"\(.average) \(.intervals) \(.read_acquires)"' 2>&1)"

iv_end intsnap
check_eq "-i, Ctrl-C in the middle of a snapshot: exit 0, the average of the interval before" "0  3 2000 10 0 5000 31000 average" \
	"$rc $err $(lines "$out") $(row 3)"

# The awk program is a file of its own, found next to the script.
lone=$work/lone
mkdir "$lone"
cp debugfs-tools/brlock-stat debugfs-tools/brlock-lib.sh "$lone/"
(cd "$cwd" && env -i PATH="$bb" BRLOCK_DEBUGFS="$debugfs" /bin/busybox sh "$lone/brlock-stat" >"$work/out" 2>"$work/err")
rc=$? err=$(cat "$work/err")
check_eq "brlock-stat without brlock-stat.awk next to it exits 1 with one line" "1 1" "$rc $(lines "$err")"
check_match "... which names the missing file" "brlock-stat\.awk: missing" "$err"
# One JSON escaper and one list of each kind of counter, for every mode.
check_eq "brlock-stat has one JSON string escaper" 1 "$(cat debugfs-tools/brlock-stat debugfs-tools/brlock-stat.awk | grep -c 'gsub(/"/')"
check_eq "brlock-stat lists the counters twice: totals and per CPU" 2 \
	"$(cat debugfs-tools/brlock-stat debugfs-tools/brlock-stat.awk | grep -c 'read_acquires read_contended read_wait_ns write_acquires write_spin_ns')"

# Wrong arguments: usage on stderr, exit 2.
bad() {
	local t=$1
	shift
	tool "$t" "$@"
	check_match "$t${*:+ $*} exits 2 with the usage on stderr" "^2 .*Usage: $t" "$rc $(flat "$err")"
}
bad brlock-stat -x
bad brlock-stat -i 0
bad brlock-stat -i abc
bad brlock-stat -i
bad brlock-stat -i 1 0
bad brlock-stat -c -i 1 0
bad brlock-stat -i 1.5
bad brlock-stat -i -1
bad brlock-stat -t
bad brlock-stat -t vfsmount
bad brlock-stat -j -t -i 1
bad brlock-stat -l -t
bad brlock-stat -n
bad brlock-stat -n vfsmount
bad brlock-stat vfsmount demo
bad brlock-stat -l vfsmount
bad brlock-stat -i 1 all
bad brlock-ctl
bad brlock-ctl bogus
bad brlock-ctl on vfsmount demo
bad brlock-ctl sample 8 vfsmount demo
bad brlock-ctl sample ''

# Failures: one line on stderr, exit 1.
fails() {
	local what=$1 re=$2
	check_eq "$what exits 1 with one line on stderr" "1 1" "$rc $(lines "$err")"
	check_match "$what says why" "$re" "$err"
}
tool brlock-stat nosuch
fails "brlock-stat of an unknown lock" "no brlock named 'nosuch'"
tool brlock-stat ../vfsmount
fails "brlock-stat of a name with a slash" "no brlock named"
tool brlock-ctl on nosuch
fails "brlock-ctl on an unknown lock" "no brlock named 'nosuch'"
# vmstat's habit, "brlock-stat 1": a number is no lock name, and says so.
tool brlock-stat 1
fails "brlock-stat 1" "no brlock named '1' \\(did you mean -i 1\\?\\)"
saved=$debugfs
debugfs=$work/nonexistent
for t in brlock-stat brlock-ctl; do
	if [ "$t" = brlock-stat ]; then tool "$t"; else tool "$t" status; fi
	fails "$t with a missing BRLOCK_DEBUGFS" "no directory $debugfs"
done
# Without BRLOCK_DEBUGFS the host (no brlock kernel) is as a stock kernel.
debugfs=
tool brlock-stat
fails "brlock-stat on a kernel without brlock statistics" "debugfs is not mounted|no brlock statistics|permission denied"
debugfs=$saved

# Not root: one line, exit 1. As root, the tools run as nobody.
perm=$(fresh)
chmod 000 "$perm/vfsmount/stats" "$perm/vfsmount/enable"
mkdir "$perm/debug"
cp -R "$fixture" "$perm/debug/brlock"
chmod 000 "$perm/debug"
if [ "$(id -u)" = 0 ]; then as=(setpriv --reuid=65534 --regid=65534 --clear-groups); fi
debugfs=$perm
tool brlock-stat vfsmount
fails "brlock-stat as non-root" "stats: permission denied"
tool brlock-ctl on vfsmount
fails "brlock-ctl on as non-root" "enable: permission denied"
tool brlock-ctl status vfsmount
fails "brlock-ctl status as non-root" "enable: permission denied"
debugfs=$perm/debug/brlock
tool brlock-stat -l
fails "brlock-stat -l when debugfs is closed to non-root" "debug: permission denied"
chmod 755 "$perm/debug" # so that the trap can remove it
as=()
debugfs=$saved

# brlock-ctl writes the debugfs files.
en=$debugfs/vfsmount/enable
tool brlock-ctl off
check_eq "brlock-ctl off writes 0 to enable" "0 0 " "$rc $(cat "$en") $err"
tool brlock-ctl status
check_eq "brlock-ctl status then says off" "0 off" "$rc $out"
tool brlock-ctl on demo
check_eq "brlock-ctl on NAME writes 1 to that lock's enable only" "0 1 0" "$rc $(cat "$debugfs/demo/enable") $(cat "$en")"
tool brlock-ctl on
check_eq "brlock-ctl on writes 1 to enable" "0 1 " "$rc $(cat "$en") $err"
tool brlock-ctl status vfsmount
check_eq "brlock-ctl status then says on" "0 on" "$rc $out"
tool brlock-ctl reset
check_eq "brlock-ctl reset writes 1 to reset" "0 1 " "$rc $(cat "$debugfs/vfsmount/reset") $err"
tool brlock-ctl sample
check_eq "brlock-ctl sample prints read_hold_sample" "0 64 " "$rc $out $err"
tool brlock-ctl sample 8
check_eq "brlock-ctl sample N writes N to read_hold_sample" "0 8 64 " \
	"$rc $(cat "$debugfs/vfsmount/read_hold_sample") $(cat "$debugfs/demo/read_hold_sample") $err"
tool brlock-ctl sample 1 demo
check_eq "brlock-ctl sample N NAME writes that lock's only" "0 1 8" \
	"$rc $(cat "$debugfs/demo/read_hold_sample") $(cat "$debugfs/vfsmount/read_hold_sample")"
tool brlock-ctl sample demo
check_eq "brlock-ctl sample NAME prints that lock's" "0 1" "$rc $out"
rm "$debugfs/demo/read_hold_sample"
tool brlock-ctl sample demo
fails "brlock-ctl sample on a kernel without read_hold_sample" "demo/read_hold_sample: no such file"
# A write the kernel refuses (here: /dev/full's ENOSPC) is one line, exit 1.
ln -sf /dev/full "$debugfs/demo/enable"
tool brlock-ctl off demo
fails "brlock-ctl when the write fails" "cannot write 0 to .*/demo/enable: No space left on device"

check_eq "the tools wrote nothing in the current folder" "" "$(ls -A "$cwd")"
