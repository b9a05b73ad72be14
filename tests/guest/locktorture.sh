#!/bin/sh
# locktorture.sh [-F] TYPE SECONDS: torture a lock type for SECONDS on
# every online CPU, with 2 readers, 2 writers and CPU hotplug every 3 s,
# then unload locktorture and print what it said: its statistics lines and
# the "End of test" line. Exits 1 if the module did not load or unload.
# -F is for the broken types (brlock_busted, brlock_ipi_busted), whose
# overlap of a reader and a writer is likely, not certain (a loaded host
# once gave none in 15 s): up to 3 runs, until one ends in FAILURE.
set -eu

expect_failure=0
if [ "${1:-}" = -F ]; then expect_failure=1; shift; fi
[ $# = 2 ] || { echo "usage: locktorture.sh [-F] TYPE SECONDS" >&2; exit 2; }
type=$1 seconds=$2

# torture: one run; what locktorture said on stdout.
torture() {
	# Only this run's messages: empty the kernel's ring buffer first (the
	# host reads the console, which keeps everything). Counting lines
	# instead would go wrong once a long run wraps the buffer.
	dmesg -c >/dev/null
	modprobe locktorture torture_type="$type" nreaders_stress=2 nwriters_stress=2 \
		onoff_interval=3 stat_interval=5
	sleep "$seconds"
	# A sound type's run goes on until a CPU has gone off line (up to
	# 30 s more): its callers check that the lock met one, and on a
	# loaded host a TCG hotplug once did not come in 10 s. The broken
	# types' runs (-F) are about their failure, not hotplug.
	_i=0
	until [ "$expect_failure" = 1 ] || dmesg | grep -q 'is now offline' || [ "$_i" -ge 60 ]; do
		sleep 0.5
		_i=$((_i + 1))
	done
	rmmod locktorture
	# Every CPU back on line for whatever runs next.
	for c in /sys/devices/system/cpu/cpu[1-9]*/online; do
		[ ! -w "$c" ] || [ "$(cat "$c")" = 1 ] || echo 1 >"$c"
	done
	dmesg | sed -n 's/^\[[ 0-9.]*\] //; /-torture:\|Writes:\|Reads :\|is now offline/p'
}

runs=0
while :; do
	out=$(torture)
	runs=$((runs + 1))
	printf '%s\n' "$out"
	{ [ "$expect_failure" = 1 ] && [ "$runs" -lt 3 ]; } || break
	case $out in *"End of test: FAILURE"*) break ;; esac
	echo "# run $runs of $type did not fail: again"
done
