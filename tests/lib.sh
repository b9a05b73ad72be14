# tests/lib.sh: what every host-side tests/*.t sources.
# shellcheck shell=bash

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1
runner=$top/qemu/run
# shellcheck source=tests/guest/lib.sh
. "$top/tests/guest/lib.sh"

# guest [QEMU/RUN ARGS] -- COMMAND...: boot and run; sets $out, $err, $rc.
# shellcheck disable=SC2034 # the results are for the caller
guest() {
	local o e
	o=$(mktemp) e=$(mktemp)
	"$runner" "$@" >"$o" 2>"$e"
	rc=$?
	out=$(cat "$o") err=$(cat "$e")
	rm -f "$o" "$e"
}
