/* SPDX-License-Identifier: ISC */
/*
 * rdp.c: a recursive-descent parser of arithmetic, profiled with
 * valgrind --tool=callgrind for fg-collapse's tests (see README).
 * expr() calls term(), term() calls factor(), factor() calls expr() again
 * for a parenthesised group: three functions in one cycle, as in every
 * recursive-descent parser. Each does work of its own (spin()) of a
 * different size, so a cost given to the wrong one shows.
 */
#include <stdio.h>

static const char *p;		/* the input being parsed */
static volatile unsigned long sink;

static long expr(void);

static void __attribute__((noinline))
spin(unsigned n)
{
	unsigned long s = 0;

	while (n-- > 0)
		s += n ^ (s >> 1);
	sink += s;
}

static long __attribute__((noinline))
factor(void)
{
	long v = 0;

	spin(30);
	if (*p == '(') {
		p++;
		v = expr();
		p++;		/* ')' */
		return v;
	}
	while (*p >= '0' && *p <= '9')
		v = v * 10 + (*p++ - '0');
	return v;
}

static long __attribute__((noinline))
term(void)
{
	long v = factor();
	unsigned i;

	for (i = 0; i < 200; i++)	/* term's own work, inline */
		sink += i;
	while (*p == '*') {
		p++;
		v *= factor();
	}
	return v;
}

static long __attribute__((noinline))
expr(void)
{
	long v = term();

	while (*p == '+') {
		p++;
		v += term();
	}
	return v;
}

int
main(void)
{
	static const char in[] = "1+(2*(3+4*(5+6*(7+8))))*9+((1+2)*3)";
	long v = 0;
	int i;

	for (i = 0; i < 200; i++) {
		p = in;
		v += expr();
	}
	printf("%ld\n", v);
	return 0;
}
