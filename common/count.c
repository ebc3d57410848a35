/* SPDX-License-Identifier: ISC */
/*
 * count.c: arithmetic on sample counts, fixed-point decimals (count.h). The
 * whole part is an int64_t, exact up to 2^63-1; the fraction keeps nine
 * decimal digits, so fractional inputs (inferno and flamegraph.pl accept
 * them) sum exactly and print without binary floating-point noise.
 * Overflow is always reported. Reading counts is countparse.c, writing
 * them countfmt.c.
 */
#include <math.h>

#include "fg.h"

int
fg_count_add(fg_count *a, fg_count b)
{
	int64_t i = b.i;
	uint32_t f = a->f + b.f;

	if (f >= FG_FRAC_ONE) {
		f -= FG_FRAC_ONE;
		if (i == INT64_MAX)
			return -1;
		i++;
	}
	if (a->i > INT64_MAX - i)
		return -1;
	a->i += i;
	a->f = f;
	return 0;
}

void
fg_sum_overflow(const char *name, uint64_t lineno)
{
	if (lineno == 0)
		fg_errx(FG_EXIT_ERR, "%s: sum of counts overflows 2^63-1",
		    name);
	fg_errx(FG_EXIT_ERR, "%s:%llu: sum of counts overflows 2^63-1", name,
	    (unsigned long long)lineno);
}

int
fg_count_cmp(fg_count a, fg_count b)
{
	if (a.i != b.i)
		return a.i < b.i ? -1 : 1;
	if (a.f != b.f)
		return a.f < b.f ? -1 : 1;
	return 0;
}

int
fg_count_iszero(fg_count c)
{
	return c.i == 0 && c.f == 0;
}

double
fg_count_dbl(fg_count c)
{
	return (double)c.i + (double)c.f / FG_FRAC_ONE;
}

int
fg_count_from_dbl(long double d, fg_count *c)
{
	long double w, fr;

	if (!(d >= 0) || d >= 9223372036854775808.0L)
		return -1;
	w = floorl(d);
	fr = roundl((d - w) * FG_FRAC_ONE);
	c->i = (int64_t)w;
	if (fr >= FG_FRAC_ONE) {
		if (c->i == INT64_MAX)
			return -1;
		c->i++;
		fr = 0;
	}
	c->f = (uint32_t)fr;
	return 0;
}

int
fg_count_scale(fg_count *c, long double factor)
{
	if (c->f == 0 && factor == floorl(factor) &&
	    factor < 9223372036854775808.0L) {
		int64_t k = (int64_t)factor;

		if (c->i != 0 && k > INT64_MAX / c->i)
			return -1;
		c->i *= k;
		return 0;
	}
	return fg_count_from_dbl(((long double)c->i +
	    (long double)c->f / FG_FRAC_ONE) * factor, c);
}
