/* SPDX-License-Identifier: ISC */
/*
 * tm: run a command N times with stdout to a file, print the best wall
 * time in seconds, the largest peak resident set in KiB and the least CPU
 * time (user and system, its children's included) in seconds: on a busy
 * machine the CPU time is the steadier figure.
 * usage: tm N OUTFILE command [arg ...]
 *
 * A previous run's OUTFILE (a regular file) is removed before the clock
 * starts: opening it with O_TRUNC in the timed child would charge the
 * freeing of its page cache (600 MB for the 800k service shape) to the
 * command timed, whichever tool it is.
 *
 * Exits 2 when a run fails (exit status above 1 or a signal), 3 when a run
 * exits 124, timeout(1)'s status for a command it stopped.
 */
#define _DEFAULT_SOURCE
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char *argv[])
{
	struct timespec a, b;
	struct rusage ru;
	struct stat sb;
	double best = 1e30, bcpu = 1e30, t, c;
	long maxrss = 0;
	int n, i, st, fd;
	pid_t p;

	if (argc < 4)
		return 2;
	n = atoi(argv[1]);
	for (i = 0; i < n; i++) {
		if (stat(argv[2], &sb) == 0 && S_ISREG(sb.st_mode) &&
		    unlink(argv[2]) < 0) {
			perror(argv[2]);
			return 2;
		}
		clock_gettime(CLOCK_MONOTONIC, &a);
		if ((p = fork()) == 0) {
			fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (fd < 0 || dup2(fd, 1) < 0)
				_exit(127);
			execvp(argv[3], argv + 3);
			_exit(127);
		}
		if (p < 0 || wait4(p, &st, 0, &ru) < 0)
			return 2;
		clock_gettime(CLOCK_MONOTONIC, &b);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 124)
			return 3;
		if (!WIFEXITED(st) || WEXITSTATUS(st) > 1) {
			fprintf(stderr, "tm: %s failed\n", argv[3]);
			return 2;
		}
		t = (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
		if (t < best)
			best = t;
		c = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
		    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
		if (c < bcpu)
			bcpu = c;
		if (ru.ru_maxrss > maxrss)
			maxrss = ru.ru_maxrss;
	}
	printf("%.3f %ld %.3f\n", best, maxrss, bcpu);
	return 0;
}
