#!/bin/sh
# locktorture.sh TYPE SECONDS: torture a lock type for SECONDS on every
# online CPU, with 2 readers, 2 writers and CPU hotplug every 3 s, then
# unload locktorture and print what it said: its statistics lines and the
# "End of test" line. Exits 1 if the module did not load or unload.
set -eu

[ $# = 2 ] || { echo "usage: locktorture.sh TYPE SECONDS" >&2; exit 2; }
type=$1 seconds=$2
# Only this run's messages: empty the kernel's ring buffer first (the host
# reads the console, which keeps everything). Counting lines instead would
# go wrong once a long run wraps the buffer.
dmesg -c >/dev/null
modprobe locktorture torture_type="$type" nreaders_stress=2 nwriters_stress=2 \
	onoff_interval=3 stat_interval=5
sleep "$seconds"
rmmod locktorture
# Every CPU back on line for whatever runs next.
for c in /sys/devices/system/cpu/cpu[1-9]*/online; do
	[ ! -w "$c" ] || [ "$(cat "$c")" = 1 ] || echo 1 >"$c"
done
dmesg | sed -n 's/^\[[ 0-9.]*\] //; /-torture:\|Writes:\|Reads :\|is now offline/p'
