#!/bin/sh
# What the vfsmount brlock costs, counted exactly in its debugfs statistics:
# write sections per private tmpfs mount + umount pair (the number that
# Documentation/locking/brlock.rst gives), and none of the lockless
# RCU-walk lookups across a mount taking the read side.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

d=$vfsmount_stats
PAIRS=50

if [ ! -r "$d/stats" ]; then
	not_ok "the vfsmount brlock has statistics" "no $d/stats"
	exit 0
fi

top=$(mktemp -d /tmp/net-win.XXXXXX)
mkdir -p "$top/m"
# A first pair outside the count: whatever a first mount sets up once.
mount -t tmpfs net-win "$top/m" && umount "$top/m"

brlock-ctl on
brlock-ctl reset
mount_pairs "$PAIRS" "$top/m"
writes=$(stat_of write_acquires)
brlock-ctl off
check_eq "$PAIRS private tmpfs mount+umount pairs take $WRITES_PER_PAIR write sections each" \
	$((PAIRS * WRITES_PER_PAIR)) "$writes"

# Lookups across a mount point with no writer running: RCU-walk crosses
# mounts without the brlock, as stock 6.1 crosses them without mount_lock.
mount -t tmpfs net-win "$top/m"
mkdir "$top/m/d"
LOOKUPS=2000
brlock-ctl on
brlock-ctl reset
i=0
while [ "$i" -lt "$LOOKUPS" ]; do
	[ -e "$top/m/d/." ]
	[ -d "$top/m/d/../.." ]
	i=$((i + 1))
done
reads=$(stat_of read_acquires)
writes=$(stat_of write_acquires)
brlock-ctl off
umount "$top/m"
rmdir "$top/m" "$top"
check_eq "$LOOKUPS lookups down and up across a mount take no write section" 0 "$writes"
check "... and (almost) no read section: $reads for $((2 * LOOKUPS)) mount crossings" \
	[ "$reads" -le 10 ]
