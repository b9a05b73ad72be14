#!/bin/bash
# The guest half of the suite (tests/guest/*.t), in one boot, with splat
# detection on.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# About 8 minutes on a quiet 2-core host; a loaded one took twice that
# (900 s, the runner's default, ran out at test 72).
"$runner" --fail-on-splat --timeout 2400 -- /usr/lib/brlock-tests/run
rc=$?
check_eq "the guest suite ran to the end without a kernel splat" 0 "$rc"
