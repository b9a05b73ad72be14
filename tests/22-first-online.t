#!/bin/bash
# CPUs that come online for the first time under a mount storm: boot 4
# vCPUs with the kernel's maxcpus=1, then bring CPUs 1-3 up, down and up
# again while writers and readers run (tests/guest/first-online.sh).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

guest --fail-on-splat --cpus 4 --append maxcpus=1 -- sh /usr/lib/brlock-tests/first-online.sh
check_eq "first-online CPUs under a mount storm: no splat, storm and mount table fine" 0 "$rc"
check_match "... and every CPU ends online" "now online 0-3" "$out"
guest_failure_detail
