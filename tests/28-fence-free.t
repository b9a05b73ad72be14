#!/bin/bash
# The fence-free flavour on the mount lock: boots with brlock.ipi=vfsmount
# under lockdep and splat detection. One with 2 of 4 possible CPUs online
# runs tests/guest/fence-free.sh (the flavour, the parameter, the writer's
# CPUs, then the storms with CPU hotplug, the exact write counts and the
# statistics, as the spinning flavour passes them); one with maxcpus=1
# brings CPUs online for the first time under writers and readers
# (tests/guest/first-online.sh). A writer whose IPI a CPU never answers is
# reported by CONFIG_CSD_LOCK_WAIT_DEBUG: that fails too. Its storms
# keep both vCPUs busy as the guest suite's do: heavy, so that it runs
# after that suite, ahead of the light tests (tests/run: beside the others
# at the same priority it took 146 s and 163 s of host CPU).
# tests/run: heavy
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# unanswered_ipis LOG: the first CSD lock timeout of a boot's console log
# (a CPU that never answered a writer's IPI); the log must reach the
# guest's poweroff, or it proves nothing.
unanswered_ipis() {
	if ! grep -q 'reboot: Power down' <<<"$1"; then
		echo "the console log does not reach the guest's poweroff"
		return
	fi
	grep -m 1 'csd: .*non-responsive' <<<"$1"
}
# The guest's checks are printed as they come, like tests/20-guest.t's.
# The full initramfs: fence-free.sh runs the guest tests that use bpftrace.
"$runner" "${TEST_BOOT[@]}" --fail-on-splat --timeout 1800 --log "$log" --cpus 2 --max-cpus 4 \
	--append brlock.ipi=vfsmount,nosuch -- sh /usr/lib/brlock-tests/fence-free.sh
rc=$?
check_eq "the fence-free mount lock's boot ran to the end without a splat" 0 "$rc"
check_eq "... and every IPI was answered" "" "$(unanswered_ipis "$(cat "$log")")"

guest --fail-on-splat --cpus 4 --append "maxcpus=1 brlock.ipi=vfsmount" -- sh /usr/lib/brlock-tests/first-online.sh
check_eq "fence-free, first-online CPUs under a mount storm: no splat, storm and mount table fine" 0 "$rc"
check_match "... and every CPU ends online" "now online 0-3" "$out"
check_match "... with the mount lock fence-free" 'brlock: vfsmount is fence-free' "$console"
check_eq "... and every IPI was answered" "" "$(unanswered_ipis "$console")"
guest_failure_detail
