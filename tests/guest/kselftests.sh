#!/bin/sh
# Run the kernel's mount and namespace selftests (scripts/build-selftests;
# at /usr/lib/kselftests, where the bench image carries them and
# tests/26-kselftests.t copies them from a share) and report each
# test case as one of our checks:
#   ok - kselftest DIR/PROGRAM: CASE        (TAP "ok N CASE")
#   not ok - kselftest DIR/PROGRAM: CASE    (TAP "not ok N CASE"), with the
#                                           program's lines for that case
# A program that prints no TAP case (nsfs, mount/, proc/: they exit 0, 4
# for a skip, or fail) is one check by its exit status. A skip is a failed
# check unless it is listed in $justified_skips with the reason: a lab
# that cannot run a test did not pass it. A program that exits non-zero
# with no failed case, or runs fewer cases than its plan ("1..N") says, is
# a failed check too (it crashed or timed out half way).
#
# Usage: kselftests.sh [-d DIR] [-t SECONDS] [DIR/PROGRAM...]
#   -d DIR      where the selftests are (default /usr/lib/kselftests)
#   -t SECONDS  a program's time limit (default 600)
#   DIR/PROGRAM only these (default: every program under DIR)
#
# Run it as root, on a root that is a real mount (lab.root=tmpfs): the
# tests unshare mount namespaces and remount / private.
# Not a *.t: tests/26-kselftests.t runs it in a boot of its own.
set -u
here=$(dirname "$0")
# shellcheck source=tests/guest/lib.sh
. "$here/lib.sh"

usage() { sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0" | sed '/^set /,$d'; }
dir=/usr/lib/kselftests timeout_s=600
while getopts d:t:h opt; do
	case $opt in
	d) dir=$OPTARG ;;
	t) timeout_s=$OPTARG ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))

# Skips that do not count as failures, one a line: "DIR/PROGRAM: CASE|why"
# (CASE a shell pattern). Nothing is skipped for the lab's sake: add a
# line only for a test that cannot apply to any x86_64 6.1 kernel.
justified_skips=''
# Programs that want a terminal on stdin (devpts_pts skips without one; it
# never reads it): they get the console, the others /dev/null, so that
# nothing waits on input.
needs_tty='filesystems/devpts_pts'

# skip_reason NAME: the justification of a skipped NAME, or status 1.
skip_reason() {
	printf '%s\n' "$justified_skips" | while IFS='|' read -r pat why; do
		[ -n "$pat" ] || continue
		# shellcheck disable=SC2254 # the pattern is the point
		case $1 in $pat) echo "$why"; exit 3 ;; esac
	done
	[ $? = 3 ]
}

if [ $# -eq 0 ]; then
	# shellcheck disable=SC2046 # the names have no blanks: split them
	set -- $(cd "$dir" && find . -type f -perm -u+x | sed 's|^\./||' | sort)
	[ $# -gt 0 ] || { not_ok "kselftests: there are selftests in $dir" "none found"; exit 1; }
fi

log=$(mktemp) res=$(mktemp)
trap 'rm -f "$log" "$res"' EXIT
for prog in "$@"; do
	name="kselftest $prog"
	echo "# $name"
	[ -x "$dir/$prog" ] || { not_ok "$name: it is there" "no $dir/$prog"; continue; }
	stdin=/dev/null
	case " $needs_tty " in *" $prog "*) stdin=/dev/console ;; esac
	# From its own folder, as kselftest's runner starts it.
	(cd "$dir/$(dirname "$prog")" && exec timeout "$timeout_s" "./$(basename "$prog")") \
		<"$stdin" >"$log" 2>&1
	rc=$?
	# The TAP results, one a line: STATUS<TAB>FIRST<TAB>LAST<TAB>CASE<TAB>SKIP
	# (STATUS ok, fail or skip; FIRST..LAST the log lines since the previous
	# result, the case's own output), then "plan N" if there was one. A
	# leading "[PID] " (clone3's messages) goes: it changes from run to run;
	# a name seen before in the program gets its place among the program's
	# results, "(#N)": not its TAP number, which clone3_set_tid repeats (a
	# forked child prints a result with the parent's count).
	awk '
		/^1\.\.[0-9]+/ { n = $0; sub(/^1\.\./, "", n); sub(/[^0-9].*/, "", n); print "plan\t" n; next }
		/^(not )?ok [0-9]+/ {
			s = $0; st = "ok"
			if (s ~ /^not /) { st = "fail"; sub(/^not /, "", s) }
			sub(/^ok [0-9]+ *(- *)?/, "", s)
			why = ""
			if (match(s, /# *[Ss][Kk][Ii][Pp]/)) {
				st = (st == "ok") ? "skip" : st; why = substr(s, RSTART); sub(/^# *[Ss][Kk][Ii][Pp] */, "", why)
				s = substr(s, 1, RSTART - 1)
			} else if (match(s, /# *(XFAIL|xfail)/)) {
				why = substr(s, RSTART); s = substr(s, 1, RSTART - 1)
			}
			sub(/ +$/, "", s)
			sub(/^\[[0-9]+\] */, "", s)
			num++
			if (s == "") s = "(#" num ")"
			else if (s in seen) s = s " (#" num ")"
			seen[s] = 1
			print st "\t" first + 1 "\t" NR "\t" s "\t" why
			first = NR
			next
		}
		/^Bail out!/ { print "fail\t" first + 1 "\t" NR "\tBail out\t" }' "$log" >"$res"
	cases=0 failed=0 plan=''
	while IFS='	' read -r st a b case why; do
		if [ "$st" = plan ]; then plan=$a; continue; fi
		cases=$((cases + 1))
		case $st in
		ok) ok "$name: $case" ;;
		fail)
			failed=1
			not_ok "$name: $case" "$(sed -n "${a},${b}p" "$log" | tail -n 25)"
			;;
		skip)
			if reason=$(skip_reason "$prog: $case"); then
				ok "$name: $case (skipped: $reason)"
			else
				failed=1
				not_ok "$name: $case" "skipped: $why"
			fi
			;;
		esac
	done <"$res"
	tail="$(tail -n 25 "$log")"
	if [ "$cases" = 0 ]; then
		# No case: the program is the test; kselftest's skip status is 4.
		case $rc in
		0) ok "$name" ;;
		4)
			if reason=$(skip_reason "$prog: "); then ok "$name (skipped: $reason)"; else
				not_ok "$name" "skipped (exit status 4):" "$tail"
			fi
			;;
		*) not_ok "$name" "exit status $rc:" "$tail" ;;
		esac
		continue
	fi
	if [ -n "$plan" ] && [ "$cases" -lt "$plan" ]; then
		not_ok "$name: ran all $plan cases of its plan" "ran $cases, exit status $rc:" "$tail"
	elif [ "$rc" != 0 ] && [ "$failed" = 0 ]; then
		not_ok "$name: exits 0 when no case failed" "exit status $rc:" "$tail"
	fi
done
exit 0
