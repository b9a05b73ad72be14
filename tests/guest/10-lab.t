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

# bpftrace -c splits its command on spaces itself: give it a script.
n=25
mkdir -p /tmp/m
# shellcheck disable=SC2016 # the script expands them in the guest
printf 'i=0\nwhile [ $i -lt %d ]; do mount -t tmpfs none /tmp/m; umount /tmp/m; i=$((i + 1)); done\n' "$n" >/tmp/pairs.sh
out=$(bpftrace -e 'kprobe:path_mount { @mounts = count(); } kprobe:path_umount { @umounts = count(); }' \
	-c 'sh /tmp/pairs.sh' 2>&1)
check_match "bpftrace counts $n mounts exactly" "^@mounts: $n\$" "$out"
check_match "bpftrace counts $n umounts exactly" "^@umounts: $n\$" "$out"

# A kernel type makes bpftrace compile against the headers in the guest
# (there is no BTF: the kernel is built without debug info).
out=$(bpftrace -e '#include <linux/path.h>
#include <linux/mount.h>
kprobe:path_mount { @flags[((struct path *)arg1)->mnt->mnt_flags >= 0] = count(); }' \
	-c 'sh /tmp/pairs.sh' 2>&1)
check_match "bpftrace resolves kernel struct types from the guest's headers" "^@flags\[1\]: $n\$" "$out"
rm -f /tmp/pairs.sh

# The bpftrace tools' man pages are where man looks for them.
for t in brlockwait.bt brlockwrite.bt; do
	check_match "$t's man page is installed as man8/$t.8" "^\.TH ${t%.bt} 8 " \
		"$(head -n 1 "/usr/local/share/man/man8/$t.8" 2>&1)"
done
