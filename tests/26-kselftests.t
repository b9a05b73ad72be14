#!/bin/bash
# The kernel's own mount and namespace selftests (scripts/build-selftests,
# run by tests/guest/kselftests.sh), each test case one check, in a boot of
# their own on a tmpfs root (lab.root=tmpfs): a root with a parent mount,
# as pivot_root(2) and the tests want. Not in tests/guest/: those run on
# the initramfs root of tests/20-guest.t's boot.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# The TAP reader first, on the host, with a program that repeats a name
# and a TAP number (as clone3_set_tid's forked children do): every case
# is one check with a name of its own, a skip not listed fails, a name-
# less case gets its place.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/x"
cat >"$work/x/repeats" <<'TAP'
#!/bin/sh
echo "1..5"
echo "ok 1 Result (0) matches"
echo "ok 2 Result (0) matches"
echo "ok 2 [42] Result (0) matches"
echo "ok 2 Result (0) matches"
echo "ok 3 # SKIP nothing to do"
echo "ok 4"
TAP
chmod +x "$work/x/repeats"
tap=$(sh tests/guest/kselftests.sh -d "$work" x/repeats 2>&1)
printf '%s\n' "$tap" | sed 's/^/# /'
check_eq "kselftests.sh: a check a TAP result, each name its own" \
	"Result (0) matches|Result (0) matches (#2)|Result (0) matches (#3)|Result (0) matches (#4)|(#5)|(#6)|" \
	"$(printf '%s\n' "$tap" | sed -n 's/^\(not \)\{0,1\}ok - kselftest x\/repeats: //p' | tr '\n' '|')"
check_eq "kselftests.sh: the unlisted skip is the one failure" "not ok - kselftest x/repeats: (#5)" \
	"$(printf '%s\n' "$tap" | grep '^not ok - kselftest x/repeats: ')"

# Then the guest, its root first: lab.root=tmpfs put a tmpfs over the
# initramfs, and pivot_root(2) accepts it as the old root (on the
# initramfs's rootfs, 6.1 says EINVAL). In a mount namespace of its own, so nothing stays.
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
# The selftests (make test builds them) are in no initramfs of the lab's:
# shared into this boot and copied onto its tmpfs root, where they ran when
# the image carried them.
kst=$top/build/kselftests/bin
check "the selftests are built ($kst)" [ -d "$kst" ]
guest --append lab.root=tmpfs --share "$kst:/mnt/kselftests" --fail-on-splat --timeout 1800 -- \
	sh -c ". /usr/lib/brlock-tests/lib.sh; $root_check
		mkdir -p /usr/lib/kselftests && cp -a /mnt/kselftests/. /usr/lib/kselftests/ &&
		sh /usr/lib/brlock-tests/kselftests.sh"
printf '%s\n' "$out" | grep -E '^(not )?ok |^#'
check_eq "the selftests' boot ran to the end without a kernel splat" 0 "$rc"
guest_failure_detail
