// SPDX-License-Identifier: GPL-2.0-only
/*
 * c2c-window COMMAND [ARG]...: run COMMAND inside one window of QEMU's
 * coherence.so plugin (qemu/run --c2c): the opening marker before it
 * starts, the closing one after it ends, so that the plugin counts the
 * cache lines every CPU passes while it runs, and only then. Exits with
 * COMMAND's status (128 + N when signal N ended it), 127 when it cannot
 * be run. SIGINT is COMMAND's: we wait for it to end and close the
 * window after it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exact-marker.h"

int main(int argc, char **argv)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	int status;
	pid_t pid;

	if (argc < 2 || !strcmp(argv[1], "-h")) {
		fprintf(argc < 2 ? stderr : stdout, "usage: c2c-window COMMAND [ARG]...\n");
		return argc < 2 ? 2 : 0;
	}
	sigaction(SIGINT, &ign, &old);
	EXACT_START();
	pid = fork();
	if (pid < 0) {
		perror("c2c-window: fork");
		return 127;
	}
	if (!pid) {
		sigaction(SIGINT, &old, NULL);
		execvp(argv[1], argv + 1);
		fprintf(stderr, "c2c-window: %s: %s\n", argv[1], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		;
	EXACT_STOP();
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
