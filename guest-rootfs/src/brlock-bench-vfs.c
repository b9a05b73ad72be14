// SPDX-License-Identifier: GPL-2.0-only
/*
 * brlock-bench-vfs: what the vfsmount lock costs the system calls that use
 * it, measured from user space in the guest.
 *
 * A shell loop of `[ -d ... ]` or `mount` measures the shell (fork, exec,
 * parsing) more than the kernel, so this is a small static C program that
 * does nothing but the system call under test in a tight loop:
 *
 *   lookup            stat() down a chain of DEPTH tmpfs mounts
 *   dotdot            stat() of "../.." back up across them
 *   getcwd            getcwd() at the bottom of the chain
 *   *_all_cpus        the same, one thread per online CPU
 *   mount             tmpfs mount + umount pairs, one writer per CPU
 *   mount_one_cpu     the same with one writer: what a write section costs
 *                     without a second writer to wait for
 *   bind              bind mount + umount pairs, one thread
 *   mntns             unshare(CLONE_NEWNS): a mount namespace made (a copy
 *                     of the thread's) and the one before it torn down
 *   detached          a tmpfs mounted, a file in it opened DETACHED_FILES
 *                     times, the mount detached (umount -l), the files
 *                     closed: every close is a mntput() of a mount with no
 *                     namespace; *_all_cpus one thread per CPU
 *   fork              fork() + waitpid() of a child that exits at once: a
 *                     control that takes no mount lock
 *
 * Each measure runs for -t milliseconds and prints one line
 * "MEASURE OPS_PER_SECOND" (all threads together). Every mount the tool
 * made is taken down again before it exits, on error and on SIGINT,
 * SIGTERM or SIGHUP too.
 *
 * With -x WINDOWS it counts instead of timing (exact mode, for
 * qemu/plugin/exact.c): each single-thread measure runs one operation
 * unmeasured, then WINDOWS windows of -n operations on the first allowed
 * CPU, each window between the plugin's markers and after a grace period
 * and a short sleep (exact_settle()), and prints "exact MEASURE OPS" a
 * window, in window order. A detached window holds the closes alone (OPS
 * of them, each a mntput() of a detached mount); its mount, opens and
 * umount -l come before the marker.
 *
 * With -L ROUNDS it counts cache lines instead (lockstep mode, for
 * qemu/plugin/coherence.c): a thread on every allowed CPU, taking turns,
 * one operation a turn, a warm-up round and then ROUNDS rounds in one
 * window, so that each operation follows another CPU's: the lines that
 * an operation passes between CPUs when every CPU does it. The turn is
 * waited on with PAUSE (under single-threaded TCG it ends the vCPU's
 * turn) and its line is hidden from the count. Measures: the
 * single-thread ones but detached and fork, and
 *
 *   dotdot_ref        the stat() up the chain in ref-walk: the path
 *                     starts in sysfs, whose kernfs d_revalidate()
 *                     refuses RCU-walk, so every `..` across a mount root
 *                     is follow_dotdot()'s choose_mountpoint(), the read
 *                     side's one taker on the way up
 *   mixed             the first CPU mounts and unmounts a tmpfs on its
 *                     turns, every other CPU does a lookup on its own:
 *                     the case a big-reader lock is for. The mounting
 *                     CPU's accesses are not counted (EXACT_MUTE()): the
 *                     window is what the lookups pay for the writer.
 *
 * It prints "exact MEASURE.lockstep OPS" a window, OPS the operations
 * counted (mixed: the lookups).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "exact-marker.h"

#define MAX_DEPTH	32
/* Files a detached measure closes after its umount -l, a cycle. */
#define DETACHED_FILES	32
#define MAX_THREADS	CPU_SETSIZE

static const char *prog = "brlock-bench-vfs";

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [-d DEPTH] [-t MS | -x WINDOWS [-n OPS] | -L ROUNDS] [-m MEASURE[,MEASURE...]] DIR\n"
		"  -d DEPTH    tmpfs mounts in the chain, 1..%d (default 4)\n"
		"  -t MS       how long each measure runs, in ms (default 1000)\n"
		"  -m LIST     the measures to run, in this order (default all):\n"
		"              lookup lookup_all_cpus dotdot dotdot_all_cpus\n"
		"              getcwd getcwd_all_cpus mount mount_one_cpu\n"
		"              bind mntns detached detached_all_cpus fork\n"
		"  -x WINDOWS  exact mode: no timing; WINDOWS windows of OPS\n"
		"              operations a measure, between the markers of QEMU's\n"
		"              exact.so plugin; single-thread measures only\n"
		"              (default all of them)\n"
		"  -n OPS      operations a window in exact mode (default 1)\n"
		"  -L ROUNDS   lockstep mode: no timing; a thread a CPU, taking\n"
		"              turns, ROUNDS rounds in a window of QEMU's\n"
		"              coherence.so plugin: lookup dotdot getcwd mount\n"
		"              bind mntns, and (lockstep only) dotdot_ref (dotdot in\n"
		"              ref-walk, from sysfs) and mixed (one CPU mounts, the\n"
		"              others look up)\n"
		"Mounts the chain in a new folder under DIR, prints one line\n"
		"\"MEASURE OPS_PER_SECOND\" a measure (\"exact MEASURE OPS\" a\n"
		"window with -x), and unmounts everything again. Exits 1 when a\n"
		"system call fails, 2 on bad arguments, 128 + N when signal N\n"
		"(SIGINT, SIGTERM, SIGHUP) stopped it.\n",
		prog, MAX_DEPTH);
}

static void err_msg(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* The chain: base/m is level 1, base/m/m level 2, ... */
static char base[PATH_MAX];
static char level[MAX_DEPTH + 1][PATH_MAX];
static int depth = 4, mounted;
/* "m/m/m/m" from base down, "../../../.." from the bottom up. */
static char down[4 * MAX_DEPTH], up[4 * MAX_DEPTH];
/* From sysfs down to the bottom and back up: ref-walk all the way. */
#define REF_WALK_START	"/sys/kernel/../.."
static char ref_up[sizeof(REF_WALK_START) + PATH_MAX + sizeof(up)];

enum kind { LOOKUP, DOTDOT, DOTDOT_REF, GETCWD, MOUNT, BIND, MNTNS, DETACHED, FORK, MIXED };

struct measure {
	const char	*name;
	enum kind	kind;
	int		all_cpus;
	int		lockstep;	/* 1: in lockstep mode; 2: only there */
};

static const struct measure measures[] = {
	{ "lookup",		LOOKUP,	0, 1 },
	{ "lookup_all_cpus",	LOOKUP,	1, 0 },
	{ "dotdot",		DOTDOT,	0, 1 },
	{ "dotdot_all_cpus",	DOTDOT,	1, 0 },
	{ "getcwd",		GETCWD,	0, 1 },
	{ "getcwd_all_cpus",	GETCWD,	1, 0 },
	{ "mount",		MOUNT,	1, 0 },
	{ "mount_one_cpu",	MOUNT,	0, 1 },
	{ "bind",		BIND,	0, 1 },
	{ "mntns",		MNTNS,	0, 1 },
	{ "detached",		DETACHED, 0, 0 },
	{ "detached_all_cpus",	DETACHED, 1, 0 },
	{ "fork",		FORK,	0, 0 },
	{ "dotdot_ref",		DOTDOT_REF, 0, 2 },
	{ "mixed",		MIXED,	1, 2 },
};
#define NR_MEASURES (sizeof(measures) / sizeof(measures[0]))

struct worker {
	pthread_t		tid;
	int			cpu;
	int			idx;
	enum kind		kind;
	char			mnt[PATH_MAX];	/* its own mount point */
	int			mnt_busy;	/* mounted right now */
	int			fds[DETACHED_FILES];	/* DETACHED: open, or -1 */
	long			exact_ops;	/* exact mode: ops a window */
	int			exact_windows;	/* exact mode: windows */
	unsigned long		ops;
	int			err;		/* errno of the failing call */
	const char		*what;		/* the failing call */
};

static struct worker workers[MAX_THREADS];
static pthread_barrier_t start_line;
/*
 * Read by every worker once a loop, written once by main: the cache line
 * stays shared and costs no bounces while the measure runs.
 */
static int stop;

static int cpus[MAX_THREADS], nr_cpus;

static int fail(struct worker *w, const char *what)
{
	w->err = errno;
	w->what = what;
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	return -1;
}

/* A detached measure's set-up: the mount, its open files, the umount -l. */
static int detached_setup(struct worker *w)
{
	char path[PATH_MAX + 2];
	int i;

	if (mount("brlock-bench", w->mnt, "tmpfs", 0, "size=64k"))
		return fail(w, "mount");
	w->mnt_busy = 1;
	snprintf(path, sizeof(path), "%s/f", w->mnt);
	for (i = 0; i < DETACHED_FILES; i++) {
		w->fds[i] = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
		if (w->fds[i] < 0)
			return fail(w, "open");
	}
	if (umount2(w->mnt, MNT_DETACH))
		return fail(w, "umount -l");
	w->mnt_busy = 0;
	return 0;
}

/* Closes what detached_setup() opened: each close a detached mntput(). */
static int detached_close(struct worker *w)
{
	int i, bad = 0;

	for (i = 0; i < DETACHED_FILES; i++) {
		bad |= close(w->fds[i]);
		w->fds[i] = -1;
	}
	return bad ? fail(w, "close") : 0;
}

static int fork_wait(struct worker *w)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return fail(w, "fork");
	if (pid == 0)
		_exit(0);
	if (waitpid(pid, &status, 0) != pid)
		return fail(w, "waitpid");
	return 0;
}

/* One operation of @w's measure. */
static int one_op(struct worker *w)
{
	struct stat st;
	char buf[PATH_MAX];

	switch (w->kind) {
	case LOOKUP:
		if (stat(down, &st))
			return fail(w, "stat down the chain");
		break;
	case DOTDOT:
		if (stat(up, &st))
			return fail(w, "stat up the chain");
		break;
	case DOTDOT_REF:
		if (stat(ref_up, &st))
			return fail(w, "stat up the chain in ref-walk");
		break;
	case GETCWD:
		if (!getcwd(buf, sizeof(buf)))
			return fail(w, "getcwd");
		break;
	case MOUNT:
		if (mount("brlock-bench", w->mnt, "tmpfs", 0, "size=64k"))
			return fail(w, "mount");
		w->mnt_busy = 1;
		if (umount(w->mnt))
			return fail(w, "umount");
		w->mnt_busy = 0;
		break;
	case BIND:
		if (mount(level[depth], w->mnt, NULL, MS_BIND, NULL))
			return fail(w, "bind mount");
		w->mnt_busy = 1;
		if (umount(w->mnt))
			return fail(w, "umount");
		w->mnt_busy = 0;
		break;
	case MNTNS:
		/*
		 * The thread has an fs_struct of its own (worker_fn()), so it
		 * may take a namespace of its own; its last one goes with it.
		 */
		if (unshare(CLONE_NEWNS))
			return fail(w, "unshare(CLONE_NEWNS)");
		break;
	case DETACHED:
		if (detached_setup(w) || detached_close(w))
			return -1;
		break;
	case FORK:
		return fork_wait(w);
	case MIXED:
		break;	/* run_measure() gives each worker LOOKUP or MOUNT */
	}
	return 0;
}

static const char *exact_name;

/*
 * Exact mode, before each window: let the deferred work of the operations
 * before it run now, outside the window. A mount's last reference frees it
 * through call_rcu() (delayed_free_vfsmnt()), whose callbacks run after a
 * grace period, in softirq on the CPU that queued them: inside some
 * windows and not others, and in some boots inside every one (two boots
 * of one kernel gave mntns 55,526 and 60,047 instructions). membarrier()'s
 * global command waits for a grace period (synchronize_rcu()); the sleep
 * gives the CPU the ticks in which RCU invokes the callbacks queued before
 * it. The windows then count the operation and not a share of the work its
 * predecessors left: a kernel that defers more to RCU is not charged here.
 */
static void exact_settle(void)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	/* Without membarrier() (ENOSYS, EINVAL), the sleep alone. */
	syscall(__NR_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0);
	nanosleep(&ts, NULL);
}

/*
 * Exact mode: @w's windows, each between the markers, and a line a window.
 * Only system calls and their loop are in a window; what the window's
 * figure is not about (a detached measure's set-up, printing) is outside.
 */
static void exact_windows(struct worker *w)
{
	long i, ops = w->exact_ops;
	int win;

	/*
	 * One operation first, outside the windows, so that the first window
	 * counts what the others do: the first unshare() of a mount namespace
	 * tears no namespace down (the one it leaves is the process's, still
	 * in use), every later one tears down the namespace the one before
	 * made; the other measures warm their caches and lazily set-up state.
	 */
	if (w->kind != DETACHED && one_op(w))
		return;
	for (win = 0; win < w->exact_windows && !w->err; win++) {
		if (w->kind == DETACHED) {
			if (detached_setup(w))
				break;
			exact_settle();
			EXACT_START();
			i = detached_close(w);
			EXACT_STOP();
			if (i)
				break;
			ops = DETACHED_FILES;
		} else {
			exact_settle();
			EXACT_START();
			for (i = 0; i < ops; i++)
				if (one_op(w))
					break;
			EXACT_STOP();
			if (i < ops)
				break;
		}
		printf("exact %s %ld\n", exact_name, ops);
	}
	fflush(stdout);
}

/* Lockstep mode (-L): rounds a window; the turn, in a line of its own. */
static long lockstep_rounds;
static int lockstep_mixed;
static struct {
	_Alignas(64) volatile int turn;
} lockstep;

/*
 * Lockstep mode: @w's turns, one operation each, a warm-up round and then
 * lockstep_rounds in the window, which the first worker opens and the
 * last closes.
 */
static void lockstep_turns(struct worker *w, int n)
{
	long r;

	for (r = 0; r <= lockstep_rounds; r++) {
		while (lockstep.turn != w->idx)
			__builtin_ia32_pause();
		if (r == 1 && w->idx == 0)
			EXACT_START();
		if (lockstep_mixed && w->idx == 0)
			EXACT_MUTE();
		if (!w->err)
			one_op(w);
		if (lockstep_mixed && w->idx == 0)
			EXACT_UNMUTE();
		if (r == lockstep_rounds && w->idx == n - 1)
			EXACT_STOP();
		/* A failed worker still passes the turn: the others finish. */
		__atomic_store_n(&lockstep.turn, (w->idx + 1) % n, __ATOMIC_RELEASE);
	}
}

static int lockstep_threads;

static void *worker_fn(void *arg)
{
	struct worker *w = arg;
	const char *cwd = w->kind == LOOKUP ? base : level[depth];
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(w->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		fail(w, "sched_setaffinity");
	/*
	 * A thread of its own fs_struct: paths relative to the working
	 * directory then share nothing between the threads (a shared dirfd
	 * would bounce the file's reference count between the CPUs, and that
	 * is not what is measured here).
	 */
	else if (unshare(CLONE_FS))
		fail(w, "unshare(CLONE_FS)");
	else if (chdir(cwd))
		fail(w, "chdir");

	pthread_barrier_wait(&start_line);
	if (lockstep_rounds) {
		lockstep_turns(w, lockstep_threads);
	} else if (w->exact_windows) {
		if (!w->err)
			exact_windows(w);
	} else if (!w->err) {
		/* At least one operation, so that a slow one still gives a figure. */
		do {
			if (one_op(w))
				break;
			w->ops++;
		} while (!__atomic_load_n(&stop, __ATOMIC_RELAXED));
	}
	/*
	 * Out of the chain before returning: pthread_join() returns once the
	 * kernel cleared the thread's tid, which exit_mm() does before
	 * exit_fs() drops the working directory, and a umount of the chain
	 * right after the join would find it still busy.
	 */
	if (chdir("/") && !w->err)
		fail(w, "chdir /");
	return NULL;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static sigset_t stop_signals;
static int got_signal;

/* Waits @ms or until a stop signal arrives; false after a signal. */
static int wait_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	int sig;

	do {
		sig = sigtimedwait(&stop_signals, NULL, &ts);
	} while (sig < 0 && errno == EINTR);
	if (sig > 0) {
		got_signal = sig;
		return 0;
	}
	return 1;
}

/* Exact mode (-x): windows a measure, operations a window; 0: timed. */
static int exact_nr_windows;
static long exact_nr_ops = 1;

static int has_mount_point(enum kind kind)
{
	return kind == MOUNT || kind == BIND || kind == DETACHED || kind == MIXED;
}

/*
 * Runs @m for @ms, or its exact windows; prints its line(s). Returns 0,
 * or -1 after a failure.
 */
static int run_measure(const struct measure *m, long ms)
{
	int n = m->all_cpus || lockstep_rounds ? nr_cpus : 1, i, ret = 0;
	unsigned long ops = 0;
	double t0, t1;

	__atomic_store_n(&stop, 0, __ATOMIC_RELAXED);
	if (pthread_barrier_init(&start_line, NULL, n + 1)) {
		err_msg("pthread_barrier_init failed");
		return -1;
	}
	for (i = 0; i < n; i++) {
		struct worker *w = &workers[i];

		memset(w, 0, sizeof(*w));
		w->cpu = cpus[i];
		w->idx = i;
		w->kind = m->kind;
		/* mixed: the first CPU mounts, the others look up. */
		if (m->kind == MIXED)
			w->kind = i ? LOOKUP : MOUNT;
		w->exact_windows = exact_nr_windows;
		w->exact_ops = exact_nr_ops;
		memset(w->fds, -1, sizeof(w->fds));
		if (has_mount_point(m->kind)) {
			snprintf(w->mnt, sizeof(w->mnt), "%s/w%d", level[depth], i);
			if (mkdir(w->mnt, 0755) && errno != EEXIST) {
				err_msg("mkdir %s: %s", w->mnt, strerror(errno));
				return -1;	/* the threads are not started yet */
			}
		}
	}
	for (i = 0; i < n; i++) {
		int e = pthread_create(&workers[i].tid, NULL, worker_fn, &workers[i]);

		if (e) {
			/*
			 * The started ones wait at the barrier for n + 1:
			 * there is no clean way back, so give up at once; the
			 * exit handler still unmounts the chain.
			 */
			err_msg("pthread_create: %s", strerror(e));
			exit(1);
		}
	}
	exact_name = m->name;
	lockstep.turn = 0;
	lockstep_threads = n;
	lockstep_mixed = m->kind == MIXED;
	pthread_barrier_wait(&start_line);
	t0 = now();
	/* Exact mode: the windows end the worker; a signal waits for them. */
	if (!exact_nr_windows && !lockstep_rounds && !wait_ms(ms))
		ret = -1;
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < n; i++)
		pthread_join(workers[i].tid, NULL);
	/* After the joins: the last operations of each thread count too. */
	t1 = now();
	pthread_barrier_destroy(&start_line);

	for (i = 0; i < n; i++) {
		struct worker *w = &workers[i];

		int f;

		for (f = 0; f < DETACHED_FILES; f++)
			if (w->fds[f] >= 0)
				close(w->fds[f]);
		if (w->mnt_busy && umount(w->mnt) && umount2(w->mnt, MNT_DETACH))
			err_msg("umount %s: %s", w->mnt, strerror(errno));
		if (has_mount_point(m->kind))
			rmdir(w->mnt);
		if (w->err) {
			err_msg("%s: %s on CPU %d: %s", m->name, w->what, w->cpu,
				strerror(w->err));
			ret = -1;
		}
		ops += w->ops;
	}
	if (!ret && lockstep_rounds) {
		printf("exact %s.lockstep %ld\n", m->name,
		       lockstep_rounds * (m->kind == MIXED ? n - 1 : n));
		fflush(stdout);
	}
	if (ret || exact_nr_windows || lockstep_rounds)
		return ret;
	printf("%s %.0f\n", m->name, ops / (t1 - t0));
	fflush(stdout);
	return 0;
}

/* Takes the chain down, bottom first; lazily if something holds it. */
static void teardown(void)
{
	int ok = 1;

	for (; mounted > 0; mounted--) {
		const char *p = level[mounted];

		if (umount(p) == 0)
			continue;
		err_msg("umount %s: %s; detaching it", p, strerror(errno));
		ok = 0;
		if (umount2(p, MNT_DETACH))
			err_msg("umount -l %s: %s", p, strerror(errno));
	}
	if (base[0]) {
		if (level[1][0])
			rmdir(level[1]);
		if (rmdir(base) && ok)
			err_msg("rmdir %s: %s", base, strerror(errno));
	}
}

static int setup(const char *dir)
{
	char buf[PATH_MAX];
	int i;

	if (snprintf(base, sizeof(base), "%s/brlock-bench-vfs.XXXXXX", dir) >=
	    (int)sizeof(base) || !mkdtemp(base)) {
		err_msg("cannot make a folder in %s: %s", dir, strerror(errno));
		base[0] = '\0';
		return -1;
	}
	snprintf(level[0], sizeof(level[0]), "%s", base);
	for (i = 1; i <= depth; i++) {
		if (snprintf(level[i], sizeof(level[i]), "%s/m", level[i - 1]) >=
		    (int)sizeof(level[i])) {
			err_msg("%s: path too long", base);
			return -1;
		}
		if (mkdir(level[i], 0755)) {
			err_msg("mkdir %s: %s", level[i], strerror(errno));
			return -1;
		}
		if (mount("brlock-bench", level[i], "tmpfs", 0, "size=1m")) {
			err_msg("mount %s: %s", level[i], strerror(errno));
			return -1;
		}
		mounted = i;
		strcat(down, i > 1 ? "/m" : "m");
		strcat(up, i > 1 ? "/.." : "..");
	}
	/* An absolute path, for the walk that starts in sysfs. */
	if (!realpath(level[depth], buf)) {
		err_msg("realpath %s: %s", level[depth], strerror(errno));
		return -1;
	}
	snprintf(ref_up, sizeof(ref_up), REF_WALK_START "%s/%s", buf, up);
	return 0;
}

static int parse_num(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* Parses -m's list into @which (indexes into measures[]); count or -1. */
static int parse_measures(char *list, int *which)
{
	int n = 0;
	char *tok, *save;

	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < NR_MEASURES; i++)
			if (!strcmp(tok, measures[i].name))
				break;
		if (i == NR_MEASURES || n == (int)NR_MEASURES) {
			err_msg("unknown measure '%s'", tok);
			return -1;
		}
		which[n++] = i;
	}
	return n ? n : -1;
}

int main(int argc, char **argv)
{
	int which[NR_MEASURES], nr_which = NR_MEASURES, opt, i, status = 0;
	int picked = 0;
	long ms = 1000, v;
	struct stat st;
	cpu_set_t set;

	for (i = 0; i < (int)NR_MEASURES; i++)
		which[i] = i;
	while ((opt = getopt(argc, argv, "d:t:m:x:n:L:h")) != -1) {
		switch (opt) {
		case 'd':
			if (parse_num(optarg, 1, MAX_DEPTH, &v)) {
				err_msg("-d wants 1..%d, not '%s'", MAX_DEPTH, optarg);
				return 2;
			}
			depth = v;
			break;
		case 't':
			if (parse_num(optarg, 1, 3600000, &ms)) {
				err_msg("-t wants milliseconds, not '%s'", optarg);
				return 2;
			}
			break;
		case 'm':
			nr_which = parse_measures(optarg, which);
			if (nr_which < 0)
				return 2;
			picked = 1;
			break;
		case 'x':
			if (parse_num(optarg, 1, 100000, &v)) {
				err_msg("-x wants 1..100000 windows, not '%s'", optarg);
				return 2;
			}
			exact_nr_windows = v;
			break;
		case 'n':
			if (parse_num(optarg, 1, 1000000, &exact_nr_ops)) {
				err_msg("-n wants 1..1000000 operations, not '%s'", optarg);
				return 2;
			}
			break;
		case 'L':
			if (parse_num(optarg, 1, 100000, &lockstep_rounds)) {
				err_msg("-L wants 1..100000 rounds, not '%s'", optarg);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	if (exact_nr_windows) {
		/* A window is one thread's: the single-thread measures only. */
		int n = 0;

		for (i = 0; i < nr_which; i++) {
			if (!measures[which[i]].all_cpus) {
				which[n++] = which[i];
			} else if (picked) {
				err_msg("-x: %s runs a thread a CPU; exact mode counts one",
					measures[which[i]].name);
				return 2;
			}
		}
		nr_which = n;
	}
	if (exact_nr_windows && lockstep_rounds) {
		err_msg("-x and -L are two modes: one at a time");
		return 2;
	}
	/* The measures of the mode: mixed in lockstep mode only. */
	{
		int n = 0;

		for (i = 0; i < nr_which; i++) {
			int in = lockstep_rounds ? measures[which[i]].lockstep
						 : measures[which[i]].lockstep != 2;

			if (in) {
				which[n++] = which[i];
			} else if (picked) {
				err_msg("%s: not a measure of %s mode", measures[which[i]].name,
					lockstep_rounds ? "lockstep" : "this");
				return 2;
			}
		}
		nr_which = n;
	}
	if (stat(argv[optind], &st) || !S_ISDIR(st.st_mode)) {
		err_msg("%s is not a folder", argv[optind]);
		return 2;
	}

	/* The CPUs we may run on: the online ones, unless restricted. */
	if (sched_getaffinity(0, sizeof(set), &set)) {
		err_msg("sched_getaffinity: %s", strerror(errno));
		return 1;
	}
	for (i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &set))
			cpus[nr_cpus++] = i;
	if (lockstep_rounds && nr_cpus < 2) {
		err_msg("-L: lockstep needs 2 CPUs or more");
		return 2;
	}

	/*
	 * The stop signals are blocked in every thread (they inherit the
	 * mask) and taken only by main's sigtimedwait(): an interrupted run
	 * still reaches the teardown.
	 */
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	sigaddset(&stop_signals, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
	atexit(teardown);

	if (setup(argv[optind]))
		return 1;
	/* The turn is the harness's line, not the measure's. */
	if (lockstep_rounds)
		EXACT_IGNORE_LINE(&lockstep.turn);
	for (i = 0; i < nr_which && !got_signal; i++) {
		if (run_measure(&measures[which[i]], ms)) {
			status = 1;
			break;
		}
		/* A signal that came between two measures. */
		if (!wait_ms(0))
			break;
	}
	if (lockstep_rounds)
		EXACT_COUNT_LINE(&lockstep.turn);
	if (got_signal) {
		err_msg("stopped by signal %d", got_signal);
		/* As a shell reports a command a signal ended: 128 + the signal. */
		status = 128 + got_signal;
	}
	return status;
}
