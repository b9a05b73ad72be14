#!/bin/sh
# container-storm: containers unsharing mount namespaces, pivoting into
# roots of their own, with volumes propagating from a shared parent into
# every container (propagate_mnt(), propagate_one(), propagate_umount()).
# Runs on the initramfs root: the tool chroots before pivot_root (see its
# header). The host runs this with --fail-on-splat: a lockdep report,
# warning or hang fails it. The tool's -t and signals are
# 36-container-storm-tool.t's, which the lock's flavour does not change.
# shellcheck source=tests/guest/lib.sh
. ./lib.sh

mountinfo() { cat /proc/self/mountinfo; }
# summary_of TEXT: the -j summary (the JSON line) in TEXT as json_lines'
# KEY=VALUE lines: the checks of a storm read up to twenty of its keys.
summary_of() { printf '%s\n' "$1" | grep '^{' | json_lines 2>/dev/null; }
# key KEY: KEY of the last storm's summary ($summary).
key() { value_of "$1" "$summary"; }

# The kernel's cost model that the storm's write_sections and
# namespace_sections come from, installed beside it.
# shellcheck source=guest-rootfs/bin/container-storm-costs.sh
. "$(dirname "$(command -v container-storm)")/container-storm-costs.sh"
# modelled: the model applied to the counts in the storm's summary $out,
# "WRITE_SECTIONS NAMESPACE_SECTIONS".
modelled() {
	echo "$(cstorm_write_sections "$(key propagation_targets)" \
		"$(key volume_mounts)" "$(key volume_umounts)" \
		"$(key container_mounts)" "$(key container_umounts)" \
		"$(key pivots)" "$(key busy)")" \
		"$(cstorm_namespace_sections "$(key unshares)" \
			"$(key namespace_grandparents)" "$(key user_namespaces)")"
}

# counted_storm ARGS...: container-storm ARGS with counting on, from a
# reset: sets before (the mount table it started from), out (its output,
# shown as comments), summary (its -j summary), s (its exit status) and
# writes (write_acquires).
counted_storm() {
	before=$(mountinfo)
	brlock-ctl on
	brlock-ctl reset
	out=$(container-storm -j "$@" 2>&1) && s=0 || s=$?
	writes=$(stat_of write_acquires)
	brlock-ctl off
	summary=$(summary_of "$out")
	printf '%s\n' "$out" | sed 's/^/# /'
}

need_vfsmount_stats

# Write sections per mount and umount under a shared mount, by the number
# of mounts it propagates to (T): peers (bind mounts of a shared mount, in
# this namespace) and slaves (copies in other mount namespaces, as the
# containers have). container-storm-costs.sh documents T + 2 and 1.
top=$(mktemp -d /tmp/cst.XXXXXX)
mkdir "$top/p0"
mount -t tmpfs cst-parent "$top/p0"
mount --make-shared "$top/p0"
mkdir "$top/p0/x"
# A first pair outside the count: whatever a first mount sets up once.
mount -t tmpfs cst-warm "$top/p0/x" && umount "$top/p0/x"
# measure LABEL T: one tmpfs mount and its umount on $top/p0/x, counted.
measure() {
	brlock-ctl on
	brlock-ctl reset
	mount -t tmpfs cst-vol "$top/p0/x"
	m=$(stat_of write_acquires)
	brlock-ctl reset
	umount "$top/p0/x"
	u=$(stat_of write_acquires)
	brlock-ctl off
	echo "# $1: T=$2: mount $m, umount $u write sections"
	check_eq "$1, a mount propagated to $2 takes $(($2 + 2)) write sections" $(($2 + 2)) "$m"
	check_eq "$1, its umount takes 1, whatever T" 1 "$u"
}
measure "no other peer" 0
n=1
for peers in 2 4; do
	while [ "$n" -lt "$peers" ]; do
		mkdir "$top/p$n"
		mount --bind "$top/p0" "$top/p$n"
		n=$((n + 1))
	done
	measure "$peers peers" $((peers - 1))
done
while [ "$n" -gt 1 ]; do
	n=$((n - 1))
	umount "$top/p$n"
	rmdir "$top/p$n"
done
# Slaves in other mount namespaces: processes that wait in namespaces of
# their own, each with a copy of $top/p0 that is a slave of it.
for slaves in 1 2 4; do
	pids=''
	i=0
	while [ "$i" -lt "$slaves" ]; do
		unshare -m --propagation slave sh -c \
			": >$top/up.$i; while [ ! -e $top/stop ]; do sleep 0.1; done" &
		pids="$pids $!"
		i=$((i + 1))
	done
	i=0
	while [ "$i" -lt "$slaves" ]; do
		j=0
		until [ -e "$top/up.$i" ] || [ "$j" -ge 200 ]; do sleep 0.1; j=$((j + 1)); done
		i=$((i + 1))
	done
	measure "$slaves namespaces" "$slaves"
	: >"$top/stop"
	for p in $pids; do wait "$p"; done
	rm -f "$top"/up.* "$top/stop"
done
umount "$top/p0"
rm -rf "$top"

# The storm, without readers, counted: every write section is one the
# summary accounts for.
counted_storm -w 2 -r 0 -n 2
check_eq "container-storm -w 2 -r 0 -n 2 exits 0" 0 "$s"
check_eq "... and restores the mount table (line count)" "$(printf '%s\n' "$before" | wc -l)" "$(mountinfo | wc -l)"
check_eq "... and restores the mount table (content)" "$before" "$(mountinfo)"
check_eq "... ran 2 rounds of 2 containers" "2 4 4" "$(key rounds) $(key containers) $(key unshares)"
check_eq "... 2 slaves a container: a volume propagates to 4 mounts" 4 "$(key propagation_targets)"
check_eq "... mounted and unmounted 4 volumes" "4 4" "$(key volume_mounts) $(key volume_umounts)"
prop=$(key propagated_mounts)
check_eq "... as many propagated mounts as the topology says (4 volumes x 4 slaves)" 16 "$prop"
check_eq "... and as many as the namespaces' mountinfo showed" "$prop" "$(key propagated_seen)"
check_eq "... pivoted each container" 4 "$(key pivots)"
ws=$(key write_sections)
ns=$(key namespace_sections)
check_match "... gives its write sections" '^[1-9][0-9]* [1-9][0-9]*$' "$ws $ns"
check_eq "... which are the cost model's of the counts it gives" "$ws $ns" "$(modelled)"
check_eq "write_acquires is exactly the documented write sections of the operations and namespaces (${ws:-?} + ${ns:-?})" \
	$((${ws:-0} + ${ns:-0})) "$writes"
check_eq "... and no process of the storm or its containers remains" "" "$(cstorm_leftovers)"

# With readers looking up files across the volumes: their lookups may
# hold a volume for a moment (a umount tried again, counted in busy and
# write_sections), or drop the last reference of an unmounted mount (its
# write section taken by the reader): at least the documented number.
counted_storm -w 3 -r 2 -n 1
check_eq "container-storm -w 3 -r 2 -n 1 exits 0" 0 "$s"
check_eq "... and restores the mount table" "$before" "$(mountinfo)"
check_eq "... propagated 3 volumes to 6 mounts each, as seen" "18 18" "$(key propagated_mounts) $(key propagated_seen)"
ws=$(key write_sections)
ns=$(key namespace_sections)
check "write_acquires ($writes) is at least the documented write sections (${ws:-?} + ${ns:-?})" \
	[ "$writes" -ge $((${ws:-1000000} + ${ns:-0})) ]
check_eq "... and no process of the storm or its containers remains" "" "$(cstorm_leftovers)"

# Containers in user namespaces (unshare -r): their copies of the shared
# parent are slaves by the kernel's rule, and are locked.
counted_storm -U -w 2 -r 0 -n 1
check_eq "container-storm -U (user namespaces) exits 0" 0 "$s"
ws=$(key write_sections)
ns=$(key namespace_sections)
check_eq "... write_acquires is exactly the documented write sections (${ws:-?} + ${ns:-?})" \
	$((${ws:-0} + ${ns:-0})) "$writes"
check_eq "... the cost model's of the counts it gives, user namespaces 1" "$ws $ns 1" "$(modelled) $(key user_namespaces)"
check_eq "... propagated 2 volumes to 4 mounts each, as seen" "8 8" "$(key propagated_mounts) $(key propagated_seen)"
check_eq "... and restores the mount table" "$before" "$(mountinfo)"

# With cpu1 going off and on line throughout.
out=$(container-storm -j -H -w 2 -r 1 -n 1 2>&1) && s=0 || s=$?
summary=$(summary_of "$out")
printf '%s\n' "$out" | sed 's/^/# /'
check_eq "container-storm -H (CPU hotplug) exits 0" 0 "$s"
check_eq "... propagated 2 volumes to 4 mounts each, as seen" "8 8" "$(key propagated_mounts) $(key propagated_seen)"
check_eq "... and restores the mount table" "$before" "$(mountinfo)"
check_eq "cpu1 is back on line after it" 1 "$(cat /sys/devices/system/cpu/cpu1/online)"
check_eq "... and no process of the storm or its containers remains" "" "$(cstorm_leftovers)"
