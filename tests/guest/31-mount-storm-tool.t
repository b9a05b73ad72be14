#!/bin/sh
# mount-storm as a tool: -t runs for a duration and says what it did, a
# signal stops it cleanly, bad arguments exit 2, and -j summarises. The
# lock under it is 30-mount-storm.t's (run on both flavours); this is the
# tool's behaviour, run once.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

# -t: a storm for a duration, and what it says it did.
mounts() { cut -d' ' -f1-3 /proc/self/mounts | sort; }
before=$(mounts)
out=$(mount-storm -w 2 -r 1 -t 2 2>&1) && s=0 || s=$?
check_eq "mount-storm -t 2 exits 0" 0 "$s"
check_match "... and counts the pairs it made" '^mount-storm: done: [1-9][0-9]* tmpfs' "$out"

# Interrupted, it stops its processes, unmounts what it mounted and
# removes its folder. SIGINT takes the same path but cannot be sent from
# here: a background job of a script (as the storm is here) starts with
# SIGINT ignored, and a shell cannot trap a signal ignored at its start.
for sig in TERM HUP; do
	case $sig in TERM) want=143 ;; HUP) want=129 ;; esac
	mount-storm -q -w 2 -r 2 -t 600 2>/dev/null &
	pid=$!
	i=0
	until grep -q ' /tmp/mount-storm\.[^ ]*/w1 ' /proc/self/mounts || [ "$i" -ge 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	check "while it runs, its processes are seen (the check below can fail)" \
		[ -n "$(procs_of 'mount-storm -q -w 2 -r 2 -t 600')" ]
	kill -s "$sig" "$pid"
	wait "$pid" && s=0 || s=$?
	check_eq "mount-storm stopped by SIG$sig exits $want" "$want" "$s"
	check_eq "... and leaves the mount table as it found it" "$before" "$(mounts)"
	check_eq "... and removes its folder" "" "$(ls -d /tmp/mount-storm.* 2>/dev/null)"
	check_eq "... and leaves none of its processes" "" "$(procs_of 'mount-storm -q -w 2 -r 2 -t 600')"
done
check "mount-storm -t x exits 2" sh -c 'mount-storm -t x 2>/dev/null; [ $? = 2 ]'

# The options it shares with container-storm, and its -j summary.
storm_flags mount-storm
out=$(mount-storm -j -w 2 -r 1 -n 3 2>&1) && s=0 || s=$?
check_eq "mount-storm -j -w 2 -n 3 exits 0 with 6 pairs of each kind in its JSON" "0 6 6 2 1" \
	"$s $(printf '%s' "$out" | jq -r '"\(.tmpfs_pairs) \(.bind_pairs) \(.writers) \(.readers)"' 2>&1)"
