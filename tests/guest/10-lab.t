#!/bin/sh
# The guest is the lab that was asked for: our kernel, debugfs and tracefs
# mounted, jq, GNU tar and xz, and bpftrace counting kprobe hits exactly.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

check_match "the guest runs the Debian 6.1 kernel we built" '^6\.1\.' "$(uname -r)"
check_match "debugfs is mounted at /sys/kernel/debug" '^debugfs /sys/kernel/debug debugfs' "$(cat /proc/mounts)"
check_match "tracefs is mounted at /sys/kernel/tracing" '^tracefs /sys/kernel/tracing tracefs' "$(cat /proc/mounts)"
check_eq "jq parses JSON" c "$(echo '{"a":[1,{"b":"c"}]}' | jq -r '.a[1].b')"
if echo '{"a":' | jq . >/dev/null 2>&1; then
	not_ok "jq rejects malformed JSON"
else
	ok "jq rejects malformed JSON"
fi

mkdir -p /tmp/kh
tar -C /tmp/kh -xJf /sys/kernel/kheaders.tar.xz ./include/linux/sched.h 2>/dev/null
check "GNU tar and xz unpack the kernel's kheaders" [ -s /tmp/kh/include/linux/sched.h ]
rm -rf /tmp/kh

n=25
mkdir -p /tmp/m
out=$(bpftrace -e 'kprobe:path_mount { @mounts = count(); } kprobe:path_umount { @umounts = count(); }' \
	-c "sh -c 'i=0; while [ \$i -lt $n ]; do mount -t tmpfs none /tmp/m; umount /tmp/m; i=\$((i + 1)); done'" 2>&1)
check_match "bpftrace counts $n mounts exactly" "^@mounts: $n\$" "$out"
check_match "bpftrace counts $n umounts exactly" "^@umounts: $n\$" "$out"
