#!/bin/sh
# container-storm as a tool: -t runs for a duration and its JSON says so,
# SIGTERM stops its containers and cleans up, bad arguments exit 2. The
# lock under it is 35-container-storm.t's (run on both flavours); this is
# the tool's behaviour, run once.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

mountinfo() { cat /proc/self/mountinfo; }
before=$(mountinfo)

# -t, and interrupted by SIGTERM: it stops its containers, unmounts what
# it mounted and removes its folder.
out=$(container-storm -j -w 1 -r 1 -t 1 2>&1) && s=0 || s=$?
check_eq "container-storm -j -t 1 exits 0" 0 "$s"
check "... and its JSON says it ran rounds" sh -c "printf '%s' '$out' | jq -e '.rounds > 0 and .ok' >/dev/null"
container-storm -q -w 2 -r 2 -t 600 >/dev/null 2>&1 &
pid=$!
# Until container 1 has pivoted into its root and says so (the files of
# the shared parent's .sync/ are seen from every namespace).
i=0
until [ -e "$(echo /run/container-storm.*/peers/.sync/up.1)" ] || [ "$i" -ge 600 ]; do
	sleep 0.1
	i=$((i + 1))
done
check "while it runs, its containers are seen (the checks below can fail)" [ -n "$(cstorm_leftovers)" ]
kill -TERM "$pid"
wait "$pid" && s=0 || s=$?
check_eq "container-storm stopped by SIGTERM exits 143" 143 "$s"
check_eq "... and leaves the mount table as it found it" "$before" "$(mountinfo)"
check_eq "... and removes its folder" "" "$(ls -d /run/container-storm.* 2>/dev/null)"
check_eq "... and leaves no process or namespace behind" "" "$(cstorm_leftovers)"
check "container-storm -w 0 exits 2" sh -c 'container-storm -w 0 2>/dev/null; [ $? = 2 ]'
# The options it shares with mount-storm.
storm_flags container-storm
