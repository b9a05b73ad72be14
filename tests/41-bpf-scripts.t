#!/bin/bash
# bpf/*.bt as bpftrace's own tools are: run by env, a header that names the
# tool and its USAGE, an SPDX line, an _example.txt of real output beside
# it, a row in bpf/README.md. (What they print is tested in the guest,
# tests/guest/70- and 72-.)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

for bt in bpf/*.bt; do
	name=$(basename "$bt" .bt)
	check_eq "$bt starts with #!/usr/bin/env bpftrace" '#!/usr/bin/env bpftrace' "$(head -n 1 "$bt")"
	check_match "$bt's header names it and what it shows" "^ \\* $name	[A-Z]" "$(head -n 5 "$bt")"
	check_match "$bt's header has its USAGE" "^ \\* USAGE: $name\\.bt( |\$)" "$(cat "$bt")"
	check_match "$bt has an SPDX line" '^ \* SPDX-License-Identifier: GPL-2\.0$' "$(cat "$bt")"
	check "$bt has its example, bpf/${name}_example.txt, with real maps" \
		grep -q '^@[a-z_]*\[' "bpf/${name}_example.txt"
	check_match "$bt's example shows how it was run" "^# $name\\.bt" "$(cat "bpf/${name}_example.txt")"
	check_match "bpf/README.md lists $name.bt" "\\[$name\\.bt\\]\\($name\\.bt\\)" "$(cat bpf/README.md)"
done
