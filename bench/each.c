/* SPDX-License-Identifier: ISC */
/*
 * each: run a command once per index, one process at a time, and print the
 * wall time of all the runs in seconds, the largest peak resident set in
 * KiB and the CPU time of all the runs (user and system), as bench/tm.c
 * does for one run. Every '@' in an argument is
 * replaced by the index (0 to N-1); standard output goes to /dev/null.
 * usage: each N command [arg ...]
 * Exits 2 (and prints nothing) when a run fails (exit status above 1 or a
 * signal), 3 when one is stopped by timeout(1)'s status 124.
 */
#define _DEFAULT_SOURCE
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAXARG	64

int
main(int argc, char *argv[])
{
	static char buf[MAXARG][4096];
	struct timespec a, b;
	struct rusage ru;
	char *av[MAXARG + 1], *p, *q;
	long maxrss = 0, n, i;
	double cpu = 0;
	int k, st, fd;
	pid_t pid;

	if (argc < 3 || argc - 2 > MAXARG)
		return 2;
	n = atol(argv[1]);
	if ((fd = open("/dev/null", O_WRONLY)) < 0)
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++) {
		for (k = 2; k < argc; k++) {
			q = buf[k - 2];
			for (p = argv[k]; *p != '\0' && q < buf[k - 2] + 4000;
			    p++)
				if (*p == '@')
					q += sprintf(q, "%ld", i);
				else
					*q++ = *p;
			*q = '\0';
			av[k - 2] = buf[k - 2];
		}
		av[argc - 2] = NULL;
		if ((pid = fork()) == 0) {
			if (dup2(fd, 1) < 0)
				_exit(127);
			execvp(av[0], av);
			_exit(127);
		}
		if (pid < 0 || wait4(pid, &st, 0, &ru) < 0)
			return 2;
		if (WIFEXITED(st) && WEXITSTATUS(st) == 124)
			return 3;
		if (!WIFEXITED(st) || WEXITSTATUS(st) > 1) {
			fprintf(stderr, "each: %s failed\n", av[0]);
			return 2;
		}
		if (ru.ru_maxrss > maxrss)
			maxrss = ru.ru_maxrss;
		cpu += (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
		    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.3f %ld %.3f\n", (double)(b.tv_sec - a.tv_sec) +
	    (b.tv_nsec - a.tv_nsec) / 1e9, maxrss, cpu);
	return 0;
}
