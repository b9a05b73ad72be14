#!/bin/bash
# The guest half of the suite (tests/guest/*.t), in one boot, with splat
# detection on.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

"$runner" --fail-on-splat -- /usr/lib/brlock-tests/run
rc=$?
check_eq "the guest suite ran to the end without a kernel splat" 0 "$rc"
