# shellcheck shell=sh
# storm-lib.sh: what mount-storm and container-storm share, so that their
# common options mean the same: the checks of their arguments, the CPU
# hotplug loop of -H (-C), and the -j summary. Sourced by both; the caller
# sets $prog and defines usage().

# shellcheck disable=SC2154 # $prog is the sourcing storm's name
# storm_bad MESSAGE: a wrong argument: MESSAGE, the usage, exit 2.
storm_bad() {
	echo "$prog: $1" >&2
	usage >&2
	exit 2
}

# storm_number OPTION VALUE: VALUE is a whole number, or the usage names
# OPTION as the wrong one.
storm_number() {
	case $2 in '' | *[!0-9]*) storm_bad "$1 wants a whole number, not '$2'" ;; esac
}

# storm_checks: what the two storms check of their common options once
# getopts is done ($counted: -n was given, $seconds, $hotplug, $cpus), and
# $hotplug_cpus set from them: the CPUs -H toggles, space-separated.
storm_checks() {
	[ -z "$counted" ] || [ -z "$seconds" ] || storm_bad "-n and -t do not go together"
	case $cpus in *[!0-9,]* | ,* | *, | *,,*) storm_bad "-C wants CPU numbers, comma-separated, not '$cpus'" ;; esac
	[ -z "$cpus" ] || [ "$hotplug" = 1 ] || storm_bad "-C goes with -H"
	hotplug_cpus=''
	[ "$hotplug" = 1 ] || return 0
	hotplug_cpus=$(storm_hotplug_cpus "$cpus") || exit 1
	# shellcheck disable=SC2086,SC2116 # one line a CPU, joined by spaces
	hotplug_cpus=$(echo $hotplug_cpus)
}

# storm_json_ok STATUS: "true" for an exit status of 0, else "false".
storm_json_ok() { if [ "$1" = 0 ]; then echo true; else echo false; fi; }

# storm_hotplug_cpus LIST: the CPUs -H takes off line and on again, one a
# line: LIST (-C, comma-separated), or by default every CPU but 0 that can
# go off line. Fails, saying why, when there is none or one cannot.
storm_hotplug_cpus() {
	if [ -n "$1" ]; then
		echo "$1" | tr ',' '\n'
	else
		for f in /sys/devices/system/cpu/cpu[1-9]*/online; do
			[ -w "$f" ] || continue
			f=${f%/online}
			echo "${f##*/cpu}"
		done
	fi | {
		n=0
		while read -r c; do
			[ -w "/sys/devices/system/cpu/cpu$c/online" ] || {
				echo "$prog: cpu$c cannot be taken off line (no /sys/devices/system/cpu/cpu$c/online)" >&2
				exit 1
			}
			echo "$c"
			n=$((n + 1))
		done
		[ "$n" -gt 0 ] || { echo "$prog: no CPU can be taken off line" >&2; exit 1; }
	}
}

# storm_hotplugger DONE CPUS...: takes each CPU off line and on again, in
# turn, until the file DONE exists.
storm_hotplugger() {
	done_file=$1
	shift
	while [ ! -e "$done_file" ]; do
		for c in "$@"; do
			echo 0 >"/sys/devices/system/cpu/cpu$c/online"
			echo 1 >"/sys/devices/system/cpu/cpu$c/online"
		done
	done
}

# storm_online CPUS...: every one of them back on line (after a stop).
storm_online() {
	for c in "$@"; do
		f=/sys/devices/system/cpu/cpu$c/online
		[ "$(cat "$f" 2>/dev/null)" = 1 ] || echo 1 >"$f" 2>/dev/null || :
	done
}

# storm_json KEY=VALUE...: one JSON object, the values as given (numbers,
# or JSON already: "[1,2]", "true").
storm_json() {
	sep=''
	printf '{'
	for kv in "$@"; do
		printf '%s"%s":%s' "$sep" "${kv%%=*}" "${kv#*=}"
		sep=,
	done
	printf '}\n'
}

# storm_json_list WORDS...: a JSON array of numbers.
storm_json_list() {
	sep=''
	printf '['
	for w in "$@"; do
		printf '%s%s' "$sep" "$w"
		sep=,
	done
	printf ']'
}
