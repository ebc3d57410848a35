/* SPDX-License-Identifier: ISC */
/*
 * phases.c: a program whose profile changes over time, for time-window
 * tests: about one second in each of parse(), then compute(), then
 * render(), all called from main() through work().
 */
#include <stdio.h>
#include <time.h>

static volatile unsigned long sink;

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void __attribute__((noinline))
parse(void)
{
	unsigned long i;

	for (i = 0; i < 100000; i++)
		sink += i * 2654435761u;
}

static void __attribute__((noinline))
compute(void)
{
	unsigned long i;

	for (i = 0; i < 100000; i++)
		sink += i * 2654435761u;
}

static void __attribute__((noinline))
render(void)
{
	unsigned long i;

	for (i = 0; i < 100000; i++)
		sink += i * 2654435761u;
}

static void __attribute__((noinline))
work(void (*f)(void), double secs)
{
	double end = now() + secs;

	while (now() < end)
		f();
}

int
main(void)
{
	work(parse, 1.0);
	work(compute, 1.0);
	work(render, 1.0);
	printf("%lu\n", sink);
	return 0;
}
