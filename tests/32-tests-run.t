#!/bin/bash
# tests/run itself, on test files made here: its counts and exit status,
# two files at once with the output still in file order, heavy files
# first and never side by side, a stop that leaves nothing running, and
# bad options refused. No kernel, no boot.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run="$top/tests/run"

# Bad options: usage, exit 2; -h: the usage, exit 0.
for args in "-j x" "-j 0" "-j" "--frobnicate"; do
	# shellcheck disable=SC2086 # the options, split on purpose
	err=$("$run" $args 2>&1 >/dev/null) && s=0 || s=$?
	check_eq "tests/run $args exits 2" 2 "$s"
	check_match "... and prints its usage" '^usage: tests/run \[-j N\] \[TEST\.t\]\.\.\.$' "$err"
done
out=$("$run" -h 2>&1) && s=0 || s=$?
check_eq "tests/run -h exits 0" 0 "$s"
check_match "... and says what -j does" '^-j N runs up to N test files at once' "$out"

# The counts: a check that fails, a script that exits non-zero after
# passing checks, a script that prints no check.
printf 'echo "ok - one"\necho "not ok - two"\n' >"$work/a.t"
printf 'echo "ok - three"\nexit 3\n' >"$work/b.t"
printf 'exit 0\n' >"$work/c.t"
out=$("$run" "$work/a.t" "$work/b.t" "$work/c.t" 2>&1) && s=0 || s=$?
check_eq "a failure makes tests/run exit 1" 1 "$s"
check_eq "... and its last line counts 2 passed and 3 failed" "2 passed, 3 failed" "$(printf '%s\n' "$out" | tail -n 1)"
check_match "a script that exits 3 after its checks passed is a failure" "^not ok - $work/b\\.t exited with status 3$" "$out"
check_match "a script that prints no check is a failure" "^not ok - $work/c\\.t printed no check \\(exit status 0\\)$" "$out"

# Two at once, and the output in file order: "slow" waits until "fast"
# has started (which it cannot do one at a time) and ends after it.
cat >"$work/slow.t" <<EOF
touch "$work/slow.started"
i=0
until [ -e "$work/fast.started" ] || [ \$i -ge 30 ]; do sleep 0.1; i=\$((i + 1)); done
if [ -e "$work/fast.started" ]; then echo "ok - slow ran beside fast"; else echo "not ok - slow ran beside fast"; fi
EOF
printf 'touch "%s/fast.started"\necho "ok - fast"\n' "$work" >"$work/fast.t"
out=$("$run" -j 2 "$work/slow.t" "$work/fast.t" 2>&1) && s=0 || s=$?
check_eq "-j 2: the file that waits for the other to start passes, exit 0" 0 "$s"
check_eq "... and the output is in file order, slow's lines before fast's" \
	"# $work/slow.t|ok - slow ran beside fast|# $work/fast.t|ok - fast" \
	"$(printf '%s\n' "$out" | grep -v ': [0-9]* s, CPU [0-9]* s$\|passed' | paste -sd '|')"
# Each file's time line gives its host CPU beside its wall time: a file
# that computes for a second or more, one that sleeps for as long.
cat >"$work/busy.t" <<'EOF'
i=0
while [ $i -lt 400000 ]; do i=$((i + 1)); done
echo "ok - busy"
EOF
printf 'sleep 1.5\necho "ok - idle"\n' >"$work/idle.t"
out=$("$run" -j 2 "$work/busy.t" "$work/idle.t" 2>&1)
check_match "a file that computes reports its CPU seconds" "^# $work/busy\.t: [0-9]+ s, CPU [1-9][0-9]* s\$" "$out"
check_match "... one that sleeps, none" "^# $work/idle\.t: [0-9]+ s, CPU 0 s\$" "$out"
check_match "... and the run its total" '^# all: [0-9]+ s, CPU [1-9][0-9]* s$' "$out"
# The control: one at a time, slow waits 3 s for nothing.
rm -f "$work"/*.started
out=$("$run" -j 1 "$work/slow.t" "$work/fast.t" 2>&1) && s=0 || s=$?
check_eq "-j 1: one at a time, so the same file fails (the check above can fail)" \
	"1 not ok - slow ran beside fast" "$s $(printf '%s\n' "$out" | grep '^not ok')"

# Heavy files start first and never side by side, a light one beside
# them. Each file records when it starts and ends.
for name in light1 heavy1 heavy2 light2; do
	{
		case $name in heavy*) echo '# tests/run: heavy' ;; esac
		echo "echo \"$name start\" >>\"\$ORDER\""
		echo "echo \"$name nice \$(nice)\" >>\"\$ORDER\""
		case $name in heavy*) echo "sleep 2" ;; esac
		echo "echo \"$name end\" >>\"\$ORDER\""
		echo "echo \"ok - $name\""
	} >"$work/$name.t"
done
heavy_run() { ORDER=$work/order.$1 "$run" -j "$1" "$work/light1.t" "$work/heavy1.t" "$work/heavy2.t" "$work/light2.t" 2>&1; }
out=$(heavy_run 1) && s=0 || s=$?
check_eq "-j 1, two heavy files and two light: 4 passed" "0 4 passed, 0 failed" "$s $(printf '%s\n' "$out" | tail -n 1)"
check_eq "... the heavy ones ran first, then the light ones, each in file order" "heavy1 heavy2 light1 light2" \
	"$(sed -n 's/ start$//p' "$work/order.1" | paste -sd ' ')"
check_eq "... and the output is still in file order" "light1 heavy1 heavy2 light2" \
	"$(printf '%s\n' "$out" | sed -n 's/^ok - //p' | paste -sd ' ')"
# nice_of NAME: the niceness file NAME ran at, in the -j 1 run.
nice_of() { sed -n "s/^$1 nice //p" "$work/order.1"; }
check "... the light ones at a lower priority than the heavy ones (nice $(nice_of light1) and $(nice_of heavy1))" \
	[ "$(nice_of light1)" -gt "$(nice_of heavy1)" ]
out=$(heavy_run 2) && s=0 || s=$?
check_eq "-j 2: 4 passed" "0 4 passed, 0 failed" "$s $(printf '%s\n' "$out" | tail -n 1)"
# line_of LINE [FILE]: where LINE is in FILE (default: the -j 2 run's order).
line_of() { grep -n "^$1$" "${2:-$work/order.2}" | cut -d: -f1; }
check "... the second heavy file started after the first had ended" \
	[ "$(line_of 'heavy2 start')" -gt "$(line_of 'heavy1 end')" ]
check "... and a light one started while the first heavy one ran" \
	[ "$(line_of 'light1 start')" -lt "$(line_of 'heavy1 end')" ]

# Files marked waits: one at a time in a lane of its own, beside the -j
# lanes; once those run out of light files, in theirs too.
for name in waits1 waits2 waits3 light3; do
	{
		case $name in waits*) echo '# tests/run: waits' ;; esac
		echo "echo \"$name start\" >>\"\$ORDER\""
		echo "sleep 1"
		echo "echo \"$name end\" >>\"\$ORDER\""
		echo "echo \"ok - $name\""
	} >"$work/$name.t"
done
out=$(ORDER=$work/order.w "$run" -j 1 "$work/waits1.t" "$work/waits2.t" "$work/waits3.t" "$work/light3.t" 2>&1) && s=0 || s=$?
check_eq "-j 1, three files that wait and a light one: 4 passed, in file order" "0 waits1 waits2 waits3 light3" \
	"$s $(printf '%s\n' "$out" | sed -n 's/^ok - //p' | paste -sd ' ')"
check "... one that waits ran beside the light one" \
	[ "$(line_of 'light3 start' "$work/order.w")" -lt "$(line_of 'waits1 end' "$work/order.w")" ]
check_eq "... and never more than two files at once (one lane and the waiting lane)" 2 \
	"$(awk '/ start$/ { n++ } / end$/ { n-- } n > m { m = n } END { print m }' "$work/order.w")"

# SIGTERM stops every running test and what it started, and exits 143.
printf 'sleep 600 &\necho $! >"%s/sleeper"\nwait\necho "ok - never"\n' "$work" >"$work/long.t"
set -m
mkdir "$work/tmp"
TMPDIR=$work/tmp "$run" "$work/long.t" "$work/fast.t" >"$work/long.out" 2>&1 &
pid=$!
i=0
until [ -s "$work/sleeper" ] || [ "$i" -ge 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -s TERM "$pid"
wait "$pid" && s=0 || s=$?
set +m
check_eq "SIGTERM: tests/run exits 143" 143 "$s"
sleeper=$(cat "$work/sleeper" 2>/dev/null)
# A killed process is gone a moment later, once its parent is.
i=0
while [ -n "$sleeper" ] && kill -0 "$sleeper" 2>/dev/null && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
gone() { [ -n "$1" ] && ! kill -0 "$1" 2>/dev/null; }
check "... and the test's own process is gone (pid ${sleeper:-none})" gone "$sleeper"
check_eq "... and its work folder with it" "" "$(ls -A "$work/tmp")"
