#!/bin/sh
# Mount semantics the vfsmount lock guards, as a user sees them: lookups
# across mount points, cd .. out of a mount, getcwd, bind and move mounts,
# lazy umount of a busy mount. They behave the same on the stock kernel.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

table() { cut -d' ' -f1-3 /proc/self/mounts | sort; }
before=$(table)
d=$(mktemp -d /tmp/mounts.XXXXXX)
mkdir -p "$d/a" "$d/b" "$d/c"

mount -t tmpfs fm-a "$d/a"
echo hello >"$d/a/file"
mkdir "$d/a/sub"
check_eq "a file on a fresh tmpfs reads back" hello "$(cat "$d/a/file")"
check "stat across the mount point reaches the tmpfs root" \
	[ "$(stat -c %d "$d/a")" != "$(stat -c %d "$d")" ]
# shellcheck disable=SC2012 # ls is what is under test
check_eq "ls lists the mounted tmpfs, not the covered folder" "file sub" "$(ls "$d/a" | tr '\n' ' ' | sed 's/ $//')"
check_eq "cd .. from inside a mount climbs out of it" "$d" "$(cd "$d/a/sub" && cd ../.. && pwd -P)"
check_eq "getcwd inside a mount names the full path" "$d/a/sub" "$(cd "$d/a/sub" && pwd -P)"

mount --bind "$d/a" "$d/b"
check_eq "a bind mount shows the same files" hello "$(cat "$d/b/file")"
check_eq "a write through the bind mount shows in the original" "$(echo x >"$d/b/new" && cat "$d/a/new")" x

mount --move "$d/b" "$d/c"
check "after --move the mount is at its new place" [ -f "$d/c/file" ]
check "after --move the old place is empty" [ ! -e "$d/b/file" ]
check_match "after --move /proc/mounts names the new place" " $d/c tmpfs" "$(table)"

(cd "$d/c/sub" && sleep 3) &
busy=$!
sleep 1
check "umount -l detaches a busy mount" umount -l "$d/c"
check "after umount -l the mount point is empty" [ ! -e "$d/c/file" ]
wait "$busy"
check "the process inside the detached mount finished normally" [ $? -eq 0 ]

# umount2(MNT_EXPIRE), which busybox's umount cannot ask for: a first
# call marks the mount and fails with EAGAIN, a second unmounts it; with
# a file open on it, EBUSY. Each umount takes a reference to the mount and
# drops it on every path (do_umount()): one left behind would make the
# next call find the mount busy (EBUSY where EAGAIN or ok is due).
mkdir "$d/e"
mount -t tmpfs fm-e "$d/e"
echo e >"$d/e/file"
exec 3<"$d/e/file"
check_eq "umount2 MNT_EXPIRE of a mount with a file open on it: EBUSY" EBUSY "$(umount2 -e "$d/e")"
check_eq "... again: EBUSY, the failed call left no reference behind" EBUSY "$(umount2 -e "$d/e")"
exec 3<&-
check_eq "closed: the first umount2 MNT_EXPIRE marks it, EAGAIN" EAGAIN "$(umount2 -e "$d/e")"
check_eq "the second unmounts it" ok "$(umount2 -e "$d/e")"
check "... and it is gone" [ ! -e "$d/e/file" ]
check_eq "umount2 MNT_EXPIRE with MNT_DETACH is refused, EINVAL" EINVAL "$(umount2 -e -l "$d/a")"
check_eq "... and left the mount alone: a plain umount2 unmounts it" ok "$(umount2 "$d/a")"

rm -rf "$d"
check_eq "the mount table is back to where it started" "$before" "$(table)"
