# tests/lib.sh: what every host-side tests/*.t sources.
# shellcheck shell=bash

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1
runner=$top/qemu/run
# shellcheck source=tests/guest/lib.sh
. "$top/tests/guest/lib.sh"

# How the tests boot a guest, unless they say otherwise: the lean
# initramfs (make rootfs), without the tracing tools (a test that traces
# uses qemu/run's default, the full one), and without the KUnit suites
# that a built-in KUnit test runs at every boot (3.5 s of TCG each;
# tests/20-guest.t's boot runs them). acpi=noirq: the guest's virtio
# device takes MSI-X interrupts, and the ACPI PCI interrupt links that the
# kernel would set up first cost about a second of every TCG boot.
# Together a boot of `-- true` in 4 s instead of 14 (the EPYC, 2026-12-07).
# TEST_BOOT are the kernel options, for the tests that boot the full
# initramfs; GUEST_OPTS all of it, for the tests that run qemu/run
# themselves.
GUEST_INITRD=${GUEST_INITRD:-$top/build/initramfs-lean.cpio}
TEST_BOOT=(--append "kunit.enable=0 acpi=noirq")
GUEST_OPTS=(--initrd "$GUEST_INITRD" "${TEST_BOOT[@]}")

# guest [QEMU/RUN ARGS] -- COMMAND...: boot $GUEST_INITRD and run; sets
# $out, $err, $rc and $console (the kernel's console log). With --log, the
# runner keeps no control folder of its own, even when the run fails: a
# test that fails a guest on purpose leaves nothing behind in /tmp.
# shellcheck disable=SC2034 # the results are for the caller
guest() {
	local o e l
	o=$(mktemp) e=$(mktemp) l=$(mktemp)
	"$runner" "${GUEST_OPTS[@]}" --log "$l" "$@" >"$o" 2>"$e"
	rc=$?
	out=$(cat "$o") err=$(cat "$e") console=$(cat "$l")
	rm -f "$o" "$e" "$l"
}

# guest_failure_detail: after a failed guest run, what the runner said
# (a splat, a timeout, the guest's last lines) as "#" detail lines; nothing
# after a run that exited 0.
guest_failure_detail() {
	[ "$rc" = 0 ] || printf '%s\n' "$err" | tail -n 20 | sed 's/^/#   /'
}

# out_value KEY: the value of the guest's "KEY VALUE" line in $out.
out_value() { printf '%s\n' "$out" | awk -v k="$1" '$1 == k { print $2 }'; }
# check_stat_sums EXPECTED: the lines print_stat_sums (tests/guest/lib.sh)
# left in $out: the histogram adds up to EXPECTED writes, and each summed
# counter's per-CPU rows to its total.
check_stat_sums() {
	local k
	check_eq "... the histogram adds up to them" "$1" "$(out_value histogram_sum)"
	for k in $SUMMED_COUNTERS; do
		check_eq "... the per-CPU rows of $k add up to the total" \
			"$(printf '%s\n' "$out" | awk -v k="percpu_$k" '$1 == k { print $4 }')" "$(out_value "percpu_$k")"
	done
}

# For tests that signal a runner in the background, as a terminal would.
# wait_for_line FILE REGEX [SECONDS]: wait, up to SECONDS (default 180:
# a loaded host boots slowly), until a line of FILE matches REGEX (the
# guest's command started, say); fails if none did.
wait_for_line() {
	local i
	for ((i = 0; i < ${3:-180} * 5; i++)); do
		grep -qE -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.2
	done
	return 1
}
# reap PID SECONDS: give our background job PID up to SECONDS to end, then
# wait for it and set $status to its exit status.
# shellcheck disable=SC2034 # the status is for the caller
reap() {
	local i
	for ((i = 0; i < $2 * 5; i++)); do
		kill -0 "$1" 2>/dev/null || break
		sleep 0.2
	done
	wait "$1" && status=0 || status=$?
}

# guest_tests_by_accel: single, the guest tests (tests/guest/*.t) marked
# "# accel: tcg1", and multi, the others; names as the guest runner takes
# them. tests/20-guest.t boots the others, tests/29-guest-tcg1.t these.
guest_tests_by_accel() {
	local t
	# shellcheck disable=SC2034 # for the caller
	single=() multi=()
	for t in "$top"/tests/guest/*.t; do
		if grep -q '^# accel: tcg1$' "$t"; then single+=("${t##*/}"); else multi+=("${t##*/}"); fi
	done
}
