#!/bin/sh
# Parallel writers (tmpfs and bind mount/umount), readers crossing the
# mount points, and cpu1 going off and on line throughout. The host runs
# this with --fail-on-splat: a lockdep report, warning or hang fails it.
# 30 rounds a writer (11 s on a quiet host, hotplug throughout): the
# suite runs it on both flavours; make soak's storm is the long one. The
# tool's own options and signals are 31-mount-storm-tool.t's, which the
# lock's flavour does not change.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

check "a mount storm with CPU hotplug completes and restores the mount table" \
	mount-storm -q -w 3 -r 2 -n 30 -H
check "cpu1 is back on line after the storm" [ "$(cat /sys/devices/system/cpu/cpu1/online)" = 1 ]
