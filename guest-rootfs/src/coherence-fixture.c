// SPDX-License-Identifier: GPL-2.0-only
/*
 * coherence-fixture: workloads whose cache-line transfers are known, for
 * checking qemu/plugin/coherence.c (tests/33-coherence.t) before trusting
 * it. Threads pinned one a CPU take turns, in lockstep, doing one
 * operation each; the turn passes through a line of its own, waited on
 * with PAUSE (under single-threaded TCG a PAUSE ends the vCPU's turn, so
 * every handover interleaves) and hidden from the count by the plugin's
 * ignore marker (EXACT_IGNORE_LINE()). Each mode is one window:
 *
 *   shared  every CPU increments one counter (lock xadd)  1 transfer an op
 *   percpu  each CPU its own counter, a line each         0
 *   false   2 CPUs, adjacent words of one line            1, false sharing
 *   padded  the same two words a line apart               0
 *
 * Prints "fixture MODE cpus N ops K addr ADDR..." (ADDR: the counters'
 * addresses, as the plugin's records show them) and "exact MODE K", a
 * window, as exact-calibrate does.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exact-marker.h"

#define MAX_CPUS	64

struct line {
	_Alignas(64) volatile long v;
};

static struct line turn;
static struct line ready;
static struct line shared_counter;
static struct line percpu[MAX_CPUS];
/* Two words of one line, and the same two a line apart. */
static struct line adjacent;
static struct line padded[2];

static const struct mode {
	const char *name;
	int two_cpus;
} modes[] = {
	{ "shared", 0 },
	{ "percpu", 0 },
	{ "false", 1 },
	{ "padded", 1 },
};

static const struct mode *mode;
static int nr_threads;
static long ops;

static void op(int cpu)
{
	if (!strcmp(mode->name, "shared"))
		__atomic_fetch_add(&shared_counter.v, 1, __ATOMIC_RELAXED);
	else if (!strcmp(mode->name, "percpu"))
		percpu[cpu].v++;
	else if (!strcmp(mode->name, "false"))
		(&adjacent.v)[cpu]++;
	else
		padded[cpu].v++;
}

static void *lockstep(void *arg)
{
	int cpu = (int)(long)arg;
	cpu_set_t set;
	long r;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("coherence-fixture: sched_setaffinity");
		exit(1);
	}
	__atomic_fetch_add(&ready.v, 1, __ATOMIC_SEQ_CST);
	while (ready.v != nr_threads)
		__builtin_ia32_pause();
	for (r = 0; r < ops; r++) {
		while (turn.v != cpu)
			__builtin_ia32_pause();
		if (!r && !cpu)
			EXACT_START();
		op(cpu);
		if (r == ops - 1 && cpu == nr_threads - 1)
			EXACT_STOP();
		__atomic_store_n(&turn.v, (cpu + 1) % nr_threads, __ATOMIC_RELEASE);
	}
	return NULL;
}

static int usage(FILE *f, int rc)
{
	fprintf(f, "usage: coherence-fixture [-n OPS] [MODE...]\n"
		"  -n OPS  operations a CPU (default 500)\n"
		"  MODE    shared, percpu, false, padded (default: all)\n"
		"Runs on every online CPU (false and padded on the first two).\n");
	return rc;
}

static int run(const struct mode *m)
{
	pthread_t threads[MAX_CPUS];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int i;

	if (cpus < 2 || cpus > MAX_CPUS) {
		fprintf(stderr, "coherence-fixture: %ld CPUs online; it needs 2 to %d\n",
			cpus, MAX_CPUS);
		return 1;
	}
	mode = m;
	nr_threads = m->two_cpus ? 2 : (int)cpus;
	turn.v = 0;
	ready.v = 0;
	for (i = 1; i < nr_threads; i++)
		if (pthread_create(&threads[i], NULL, lockstep, (void *)(long)i)) {
			fprintf(stderr, "coherence-fixture: cannot start thread %d\n", i);
			return 1;
		}
	lockstep((void *)0L);
	for (i = 1; i < nr_threads; i++)
		pthread_join(threads[i], NULL);
	printf("fixture %s cpus %d ops %ld addr", m->name, nr_threads, ops * nr_threads);
	if (!strcmp(m->name, "shared"))
		printf(" %p", (void *)&shared_counter.v);
	for (i = 0; !strcmp(m->name, "percpu") && i < nr_threads; i++)
		printf(" %p", (void *)&percpu[i].v);
	if (!strcmp(m->name, "false"))
		printf(" %p %p", (void *)&adjacent.v, (void *)(&adjacent.v + 1));
	if (!strcmp(m->name, "padded"))
		printf(" %p %p", (void *)&padded[0].v, (void *)&padded[1].v);
	printf("\nexact %s %ld\n", m->name, ops * nr_threads);
	fflush(stdout);
	return 0;
}

int main(int argc, char **argv)
{
	int opt, i, rc = 0;
	size_t k;
	char *end;

	ops = 500;
	while ((opt = getopt(argc, argv, "n:h")) != -1) {
		switch (opt) {
		case 'n':
			ops = strtol(optarg, &end, 10);
			if (*end || ops < 1 || ops > 1000000) {
				fprintf(stderr, "coherence-fixture: -n wants 1..1000000, not '%s'\n",
					optarg);
				return usage(stderr, 2);
			}
			break;
		case 'h':
			return usage(stdout, 0);
		default:
			return usage(stderr, 2);
		}
	}
	for (i = optind; i < argc; i++) {
		for (k = 0; k < sizeof(modes) / sizeof(modes[0]); k++)
			if (!strcmp(argv[i], modes[k].name))
				break;
		if (k == sizeof(modes) / sizeof(modes[0])) {
			fprintf(stderr, "coherence-fixture: no mode '%s'\n", argv[i]);
			return usage(stderr, 2);
		}
	}
	/* The handover's lines are the harness's, not the workload's. */
	EXACT_IGNORE_LINE(&turn.v);
	EXACT_IGNORE_LINE(&ready.v);
	for (k = 0; k < sizeof(modes) / sizeof(modes[0]) && !rc; k++) {
		int wanted = optind == argc;

		for (i = optind; i < argc; i++)
			wanted |= !strcmp(argv[i], modes[k].name);
		if (wanted)
			rc = run(&modes[k]);
	}
	EXACT_COUNT_LINE(&turn.v);
	EXACT_COUNT_LINE(&ready.v);
	return rc;
}
