#!/bin/bash
# The kernel's own mount and namespace selftests (scripts/build-selftests,
# run by tests/guest/kselftests.sh), each test case one check, in a boot of
# their own on a tmpfs root (lab.root=tmpfs): a root with a parent mount,
# as pivot_root(2) and the tests want. Not in tests/guest/: those run on
# the initramfs root of tests/20-guest.t's boot.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# The root first: lab.root=tmpfs put a tmpfs over the initramfs, and
# pivot_root(2) accepts it as the old root (on the initramfs's rootfs,
# 6.1 says EINVAL). In a mount namespace of its own, so nothing stays.
# The file system type follows the "-" of a mountinfo line; the last "/"
# is the one on top.
root_check=$(
	cat <<'GUEST'
root_fs=$(awk '$5 == "/" { for (i = 7; i < NF; i++) if ($i == "-") { print $(i + 1); break } }' \
	/proc/self/mountinfo | tail -n 1)
check_eq "lab.root=tmpfs: the root is a tmpfs mount" "tmpfs tmpfs" "${LAB_ROOT:-} $root_fs"
check "lab.root=tmpfs: pivot_root(2) accepts the root" unshare -m sh -c "
	mount --make-rprivate / && mkdir -p /tmp/pivot && mount -t tmpfs pivot /tmp/pivot &&
	mkdir /tmp/pivot/old && cd /tmp/pivot && pivot_root . old"
GUEST
)
guest --append lab.root=tmpfs --fail-on-splat --timeout 1800 -- \
	sh -c ". /usr/lib/brlock-tests/lib.sh; $root_check
		sh /usr/lib/brlock-tests/kselftests.sh"
printf '%s\n' "$out" | grep -E '^(not )?ok |^#'
check_eq "the selftests' boot ran to the end without a kernel splat" 0 "$rc"
guest_failure_detail
