# brlock-lib.sh: what brlock-stat and brlock-ctl share. Sourced, not run;
# the caller sets $prog and defines usage().
# shellcheck shell=sh

# shellcheck disable=SC2154 # prog is the caller's
bad() {
	echo "$prog: $*" >&2
	usage >&2
	exit 2
}
die() {
	echo "$prog: $*" >&2
	exit 1
}

# brlock_root: set $root to the statistics root, or die saying why it is
# not there. Each failure has its own fix (mount debugfs, be root, boot a
# kernel with the statistics), so say which one it is.
brlock_root() {
	root=${BRLOCK_DEBUGFS:-/sys/kernel/debug/brlock}
	if [ -z "${BRLOCK_DEBUGFS:-}" ] &&
		! awk '$2 == "/sys/kernel/debug" { m = 1 } END { exit !m }' /proc/mounts 2>/dev/null; then
		die "debugfs is not mounted: mount -t debugfs none /sys/kernel/debug"
	fi
	if [ ! -d "$root" ]; then
		up=$(dirname "$root")
		[ ! -d "$up" ] || [ -x "$up" ] || die "$up: permission denied (run as root)"
		[ -z "${BRLOCK_DEBUGFS:-}" ] || die "no directory $root (from BRLOCK_DEBUGFS)"
		die "no $root: this kernel has no brlock statistics"
	fi
	{ [ -r "$root" ] && [ -x "$root" ]; } || die "$root: permission denied (run as root)"
}

# brlock_dir NAME: set $dir to lock NAME's folder, or die.
brlock_dir() {
	# A name with a slash would reach outside the root: it is no lock either.
	case $1 in */* | . | ..) die "no brlock named '$1' (brlock-stat -l lists them)" ;; esac
	dir=$root/$1
	[ -d "$dir" ] && return
	# vmstat's habit: a bare number is an interval.
	case $1 in *[!0-9]* | '') ;; *) die "no brlock named '$1' (did you mean -i $1?)" ;; esac
	die "no brlock named '$1' (brlock-stat -l lists them)"
}
