/* SPDX-License-Identifier: ISC */
/*
 * work.c: a small program profiled with valgrind --tool=callgrind for
 * fg-collapse's tests (see README). step() does its work in leaf() when
 * parse() calls it and in itself when render() calls it: callgrind keeps
 * one self cost and one step->leaf cost for all of step's callers, so the
 * rebuilt stacks split them evenly, where the truth is all-or-nothing.
 * fib() recurses directly, even() and odd() through each other.
 */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;	/* keeps every call */

static unsigned long __attribute__((noinline))
leaf(unsigned long n)
{
	unsigned long s = 0, i;

	for (i = 0; i < n; i++)
		s += i * i ^ (s >> 3);
	sink += s;
	return s;
}

static unsigned long __attribute__((noinline))
step(unsigned long n, int deep)
{
	unsigned long s = 0, i;

	if (deep)
		return leaf(n);
	for (i = 0; i < n; i++)
		s += i * i ^ (s >> 3);
	sink += s;
	return s;
}

static unsigned long __attribute__((noinline))
parse(int n)
{
	unsigned long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += step(1000, 1);
	return s;
}

static unsigned long __attribute__((noinline))
render(int n)
{
	unsigned long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += step(1000, 0);
	return s;
}

static unsigned long __attribute__((noinline))
fib(int n)
{
	return n < 2 ? leaf((unsigned long)n) : fib(n - 1) + fib(n - 2);
}

static unsigned long odd(int);

static unsigned long __attribute__((noinline))
even(int n)
{
	return n == 0 ? leaf(100) : odd(n - 1);
}

static unsigned long __attribute__((noinline))
odd(int n)
{
	return n == 0 ? leaf(200) : even(n - 1);
}

int
main(int argc, char *argv[])
{
	int n = argc > 1 ? atoi(argv[1]) : 100;
	unsigned long s;

	s = parse(n) + render(n) + fib(12) + even(n) + even(n + 1);
	printf("%lu\n", s);
	return 0;
}
