// SPDX-License-Identifier: GPL-2.0
/*
 * umount2: umount2(2) with the flags busybox's umount cannot pass
 * (MNT_EXPIRE), for the guest tests of do_umount()'s paths.
 *
 * usage: umount2 [-e] [-l] [-f] PATH
 *   -e  MNT_EXPIRE    -l  MNT_DETACH    -f  MNT_FORCE
 *
 * Prints the outcome on stdout, "ok" or the error's name (EAGAIN, EBUSY,
 * ...), and exits 0 either way: the outcome is the output, which a test
 * compares. -h: the usage on stdout, exit 0; wrong arguments: the usage
 * on stderr, exit 2 (as brlock-bench-vfs).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

static const struct {
	int err;
	const char *name;
} names[] = {
	{ EAGAIN, "EAGAIN" }, { EBUSY, "EBUSY" }, { EINVAL, "EINVAL" },
	{ ENOENT, "ENOENT" }, { EPERM, "EPERM" },
};

static void usage(FILE *f)
{
	fputs("usage: umount2 [-e] [-l] [-f] PATH\n"
	      "  -e  MNT_EXPIRE    -l  MNT_DETACH    -f  MNT_FORCE\n"
	      "Prints ok or the error's name (EAGAIN, EBUSY, ...); exits 0.\n",
	      f);
}

int main(int argc, char **argv)
{
	int flags = 0, opt;
	size_t i;

	while ((opt = getopt(argc, argv, "elfh")) != -1) {
		switch (opt) {
		case 'e':
			flags |= MNT_EXPIRE;
			break;
		case 'l':
			flags |= MNT_DETACH;
			break;
		case 'f':
			flags |= MNT_FORCE;
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
	if (umount2(argv[optind], flags) == 0) {
		puts("ok");
		return 0;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (names[i].err == errno) {
			puts(names[i].name);
			return 0;
		}
	}
	printf("errno %d (%s)\n", errno, strerror(errno));
	return 0;
}
