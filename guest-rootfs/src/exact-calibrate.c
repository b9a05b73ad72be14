// SPDX-License-Identifier: GPL-2.0-only
/*
 * exact-calibrate: windows whose instruction counts are known, for
 * checking qemu/plugin/exact.c (tests/27-exact.t) before trusting it.
 *
 *   plain   1 + 1000 x (add, dec, jnz)          3001 instructions, 0 locked
 *   locked  1 + 1000 x (lock add, dec, jnz)     3001 instructions, 1000 locked
 *   xchg    1 + 1000 x (xchg to memory, dec, jnz)  3001, 1000 locked
 *
 * Each kind runs in -w windows (default 5), pinned to one CPU; an
 * interrupt that lands in a window adds to it, so the smallest is the
 * figure. Prints "exact KIND OPS" a window, in window order, as
 * brlock-bench-vfs -x does, then "expect KIND INSNS LOCKED" a kind.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exact-marker.h"

#define LOOPS	1000

static long word;

/*
 * Each window is one asm statement, markers included: the compiler puts
 * nothing of its own between them.
 */
static void plain(void)
{
	long n, x = 0;

	__asm__ volatile(EXACT_START_ASM
			 "mov %2, %0\n"
			 "1: add $1, %1\n"
			 "dec %0\n"
			 "jnz 1b\n"
			 EXACT_STOP_ASM
			 : "=&r"(n), "+r"(x) : "i"(LOOPS) : "cc", "memory");
}

static void locked(void)
{
	long n;

	__asm__ volatile(EXACT_START_ASM
			 "mov %2, %0\n"
			 "1: lock addq $1, %1\n"
			 "dec %0\n"
			 "jnz 1b\n"
			 EXACT_STOP_ASM
			 : "=&r"(n), "+m"(word) : "i"(LOOPS) : "cc", "memory");
}

static void xchg(void)
{
	long n, x = 1;

	__asm__ volatile(EXACT_START_ASM
			 "mov %3, %0\n"
			 "1: xchg %1, %2\n"
			 "dec %0\n"
			 "jnz 1b\n"
			 EXACT_STOP_ASM
			 : "=&r"(n), "+r"(x), "+m"(word) : "i"(LOOPS) : "cc", "memory");
}

static const struct {
	const char *name;
	void (*fn)(void);
	long locked;
} kinds[] = {
	{ "plain", plain, 0 },
	{ "locked", locked, LOOPS },
	{ "xchg", xchg, LOOPS },
};

int main(int argc, char **argv)
{
	int windows = 5, opt, w;
	size_t k;
	cpu_set_t set;

	while ((opt = getopt(argc, argv, "w:h")) != -1) {
		switch (opt) {
		case 'w':
			windows = atoi(optarg);
			if (windows < 1 || windows > 1000) {
				fprintf(stderr, "exact-calibrate: -w wants 1..1000, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 'h':
			printf("usage: exact-calibrate [-w WINDOWS]\n");
			return 0;
		default:
			fprintf(stderr, "usage: exact-calibrate [-w WINDOWS]\n");
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "usage: exact-calibrate [-w WINDOWS]\n");
		return 2;
	}
	/* A window belongs to the vCPU that opened it: stay on one. */
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("exact-calibrate: sched_setaffinity");
		return 1;
	}
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		for (w = 0; w < windows; w++) {
			kinds[k].fn();
			printf("exact %s 1\n", kinds[k].name);
		}
	}
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
		printf("expect %s %d %ld\n", kinds[k].name, 1 + 3 * LOOPS, kinds[k].locked);
	return 0;
}
