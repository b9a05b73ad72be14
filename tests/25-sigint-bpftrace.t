#!/bin/bash
# Ctrl-C reaches a tracer in the guest: qemu/run passes the first SIGINT to
# the guest's command, so `qemu/run -- brlockwait.bt` stops tracing and
# prints its maps, as bpftrace does on a terminal, and the run ends with
# bpftrace's exit status. The waits come from brlock-bench-vfs's mount
# loop, one writer per CPU, started in the background once the tracer
# has attached.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Job control: a background job of a script would otherwise start with
# SIGINT ignored, and a shell cannot trap what it inherited as ignored.
set -m

# Single-threaded TCG: bpftrace attaches and detaches its tracepoints
# (static keys patched in the kernel's text) while the mount loop runs on
# the other vCPU, which multi-threaded TCG can hang, stock 6.1 too (see
# the README on --accel tcg1). It used to hang now and then after the
# SIGINT, bpftrace printing nothing more and the guest idle: the stacks
# the runner had the guest write at the timeout showed bpftrace in its
# poll loop's epoll_wait(), alive. bpftrace 0.17 acts on SIGINT only when
# it interrupts that epoll_wait() or when an event reaches it afterwards;
# one that lands between two calls was lost. Our scripts now send an
# empty event once a second (bpf/brlockwait.bt), so this must not hang;
# if it does, the stacks of bpftrace and of init's copiers of its output
# print below.
# The writers start once the tracer has attached (its perf events are
# among its open files; it execs with the shell's pid): on one host CPU,
# writers already running would halve what bpftrace's compile gets.
# shellcheck disable=SC2016 # $$ is the guest shell's
"$runner" --accel tcg1 "${TEST_BOOT[@]}" --log "$work/console" --fail-on-splat --timeout 600 -- sh -c \
	'mkdir /tmp/w && {
		until ls -l /proc/$$/fd 2>/dev/null | grep -q "perf_event"; do sleep 0.2; done
		exec brlock-bench-vfs -t 600000 -m mount /tmp/w >/dev/null
	} & exec brlockwait.bt vfsmount' \
	>"$work/out" 2>"$work/err" &
pid=$!
# bpftrace compiles the script against the kernel headers first: on a
# loaded host, boot and start took minutes.
wait_for_line "$work/out" '^Tracing' 540
check_match "brlockwait.bt started in the guest" '^Tracing brlock vfsmount waits\.\.\. Hit Ctrl-C to end\.$' \
	"$(cat "$work/out")"
# Long enough for the writers to meet: tests/guest/72 sees waits in 2 s.
sleep 8
kill -s SIGINT "$pid"
reap "$pid" 60
rc=$status
out=$(cat "$work/out") err=$(cat "$work/err")
check_eq "after one SIGINT, bpftrace ended and the run exits with its status, 0" 0 "$rc"
check_match "... the runner passed the SIGINT on" "passed to the guest's command" "$err"
waits=$(bt_hist_total '@wait_ns[vfsmount, write]' "$out")
check "... and brlockwait.bt printed its histogram of writer waits (got ${waits:-none})" [ "${waits:-0}" -gt 0 ]
check_match "... with the waits by CPU" '^@cpu\[vfsmount, write, [0-9]+\]: [0-9]+$' "$out"
guest_failure_detail
# Where bpftrace (and the copier of its output to the serial port) were at
# the timeout, when it hung.
[ "$rc" = 0 ] || tr -d '\r' <"$work/console" | sed -n '/ task:\(bpftrace\|cat\) /,/<\/TASK>/p' |
	head -n 160 | sed 's/^/#   /'
