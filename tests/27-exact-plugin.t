#!/bin/bash
# The exact ruler counts exactly: in a boot under QEMU's exact.so plugin
# (single-threaded TCG, 2 vCPUs), windows whose instruction counts are
# known (a 3-instruction loop body 1,000 times, plain, with a LOCK prefix,
# with an XCHG to memory: exact-calibrate) give exactly those counts and
# atomics. The runner refuses a plugin it cannot load.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
check_eq "exact.so builds with -Wall -Wextra and no warning" "" \
	"$(gcc -shared -fPIC -O2 -Wall -Wextra -fvisibility=hidden -o "$work/exact.so" qemu/plugin/exact.c 2>&1)"

# The runner: a plugin that is no file, or KVM with a plugin, is a usage error.
"$runner" "${GUEST_OPTS[@]}" --plugin "$work/nothing.so" -- true >/dev/null 2>&1
check_eq "qemu/run --plugin with a missing file exits 2" 2 "$?"
"$runner" "${GUEST_OPTS[@]}" --accel kvm --plugin "$work/exact.so,out=$work/x" -- true >/dev/null 2>&1
check_eq "qemu/run --plugin with --accel kvm exits 2" 2 "$?"

# The calibration boot: single-threaded TCG (exact counts), 2 vCPUs.
plugin=build/exact.so
[ -f "$plugin" ] || plugin=$work/exact.so
guest --fail-on-splat --accel tcg1 --plugin "$plugin,out=$work/cal.windows" -- exact-calibrate -w 5
check_eq "exact-calibrate runs in the guest under the plugin" 0 "$rc"
guest_failure_detail
summary=$(scripts/exact-report windows "$work/cal.windows" <(printf '%s\n' "$out") 2>&1)
# 1 mov + 1,000 x 3; the LOCK prefix and the XCHG to memory 1,000 times.
for expect in "plain 3001 0" "locked 3001 1000" "xchg 3001 1000"; do
	read -r kind insns locked <<<"$expect"
	check_match "a $kind window counts exactly $insns instructions, $locked of them atomic" \
		"^$kind windows 5 insns $insns locked $locked " "$summary"
done
