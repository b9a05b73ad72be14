#!/bin/sh
# The demo switches off the counting it switched on, whether its mount
# storm succeeds or fails. The storm is a stand-in here (the real one is
# make run's): one that succeeds, the positive control, and one that fails.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

fake=$(mktemp -d /tmp/demo-fake.XXXXXX)
enable=$vfsmount_stats/enable
brlock-ctl off
for rc in 0 3; do
	# shellcheck disable=SC2016 # the stand-in's own $(cat ...)
	printf '#!/bin/sh\necho "fake storm: counting is $(cat %s)"\nexit %s\n' "$enable" "$rc" >"$fake/mount-storm"
	chmod +x "$fake/mount-storm"
	out=$(PATH=$fake:$PATH demo 2>&1) && s=0 || s=$?
	if [ "$rc" = 0 ]; then
		check_eq "with a storm that succeeds, demo exits 0" 0 "$s"
	else
		check "with a storm that fails, demo fails too (exit $s)" [ "$s" != 0 ]
	fi
	check_match "... having counted during the storm (storm exit $rc)" '^fake storm: counting is 1$' "$out"
	check_eq "... and leaves counting off (storm exit $rc)" 0 "$(cat "$enable")"
done
rm -rf "$fake"
