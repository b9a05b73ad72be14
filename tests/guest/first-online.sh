#!/bin/sh
# first-online.sh: run in a guest booted with the kernel's maxcpus=1 and
# more than one vCPU, so that CPUs 1.. are possible but have never been
# online. Brings them online for the first time, and takes them off line
# and on again, while a mount storm writes and looks up: a CPU that comes
# up while a writer holds the vfsmount brlock must not let a reader in.
# Exits non-zero if the storm failed or the mount table was not restored;
# the host side fails on any splat.
set -eu

cpus=/sys/devices/system/cpu
[ "$(cat $cpus/online)" = 0 ] || { echo "first-online: expected only cpu0 online, got $(cat $cpus/online)" >&2; exit 1; }
others=$(seq 1 $(($(cut -d- -f2 $cpus/possible))))
[ -n "$others" ] || { echo "first-online: no CPU but cpu0 is possible" >&2; exit 1; }

mount-storm -q -w 2 -r 2 -n 40 &
storm=$!
rounds=0
while kill -0 "$storm" 2>/dev/null; do
	for c in $others; do echo 1 >"$cpus/cpu$c/online"; done
	for c in $others; do echo 0 >"$cpus/cpu$c/online"; done
	rounds=$((rounds + 1))
done
wait "$storm"
for c in $others; do echo 1 >"$cpus/cpu$c/online"; done
echo "first-online: $rounds rounds of CPUs $(printf "%s" "$others" | tr "\n" " ") on and off, now online $(cat $cpus/online)"
