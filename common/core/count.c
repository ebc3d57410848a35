/* SPDX-License-Identifier: ISC */
/*
 * count.c: arithmetic on sample counts, fixed-point decimals (count). The
 * whole part is an int64_t, exact up to 2^63-1; the fraction keeps nine
 * decimal digits, so fractional inputs (inferno and flamegraph.pl accept
 * them) sum exactly and print without binary floating-point noise.
 * Overflow is always reported. Reading counts is countparse, writing
 * them countfmt.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * countfmt: writing counts: the shortest exact decimal of a count (no
 * trailing zeros in the fraction) and folded records, through out.c's
 * checked buffer (count).
 */
size_t
fg_count_fmt(char *buf, fg_count c)
{
	char tmp[24], *p = tmp + sizeof(tmp);
	uint64_t v = (uint64_t)c.i;
	size_t n;

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	n = (size_t)(tmp + sizeof(tmp) - p);
	memcpy(buf, p, n);
	if (c.f != 0) {
		uint32_t f = c.f;
		int k, last = 0;

		buf[n++] = '.';
		for (k = FG_FRAC_DIGITS - 1; k >= 0; k--) {
			buf[n + (size_t)k] = (char)('0' + f % 10);
			if (f % 10 != 0 && last == 0)
				last = k + 1;
			f /= 10;
		}
		n += (size_t)last;
	}
	buf[n] = '\0';
	return n;
}

void
fg_out_count(fg_count c)
{
	char b[40];

	if (c.f == 0)
		fg_out_u64((uint64_t)c.i);
	else
		fg_out_write(b, fg_count_fmt(b, c));
}

/*
 * countparse: reading numbers: a count from a folded line, exactly (no
 * floating point on the hot path), and option values (a decimal factor, a
 * bounded whole number) with an error naming the option (count).
 */
enum fg_numerr
fg_count_parse(const char *s, size_t n, fg_count *c)
{
	const char *e = s + n;
	int64_t v = 0;
	uint32_t f = 0, scale = FG_FRAC_ONE / 10;
	int digits = 0;

	if (n == 0)
		return FG_NUM_EMPTY;
	if (*s == '-')
		return n > 1 && (s[1] >= '0' && s[1] <= '9') ?
		    FG_NUM_NEG : FG_NUM_SYNTAX;
	for (; s < e && *s >= '0' && *s <= '9'; s++, digits++) {
		int d = *s - '0';

		if (v > (INT64_MAX - d) / 10)
			return FG_NUM_RANGE;
		v = v * 10 + d;
	}
	if (s < e && *s == '.') {
		for (s++; s < e && *s >= '0' && *s <= '9'; s++, digits++) {
			f += (uint32_t)(*s - '0') * scale;
			scale /= 10;
		}
	}
	if (s != e)
		return FG_NUM_SYNTAX;
	if (digits == 0)
		return FG_NUM_EMPTY;
	c->i = v;
	c->f = f;
	return FG_NUM_OK;
}

const char *
fg_numerr_str(enum fg_numerr e)
{
	switch (e) {
	case FG_NUM_OK:
		return "ok";
	case FG_NUM_EMPTY:
		return "no count";
	case FG_NUM_SYNTAX:
		return "count is not a number";
	case FG_NUM_NEG:
		return "negative count";
	case FG_NUM_RANGE:
		return "count overflows 2^63-1";
	}
	return "bad count";
}

long double
fg_parse_factor(const char *s, const char *what)
{
	char *end;
	long double v;

	errno = 0;
	v = strtold(s, &end);
	if (*s == '\0' || *end != '\0' || errno != 0 || !isfinite(v) ||
	    v < 0 || ((*s < '0' || *s > '9') && *s != '.'))
		fg_errx(FG_EXIT_ERR, "%s: not a non-negative decimal number: %s",
		    what, s);
	return v;
}

long long
fg_parse_int(const char *s, long long min, long long max, const char *what)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (*s == '\0' || *end != '\0')
		fg_errx(FG_EXIT_ERR, "%s: invalid number: %s", what, s);
	if ((errno == ERANGE && v < 0) || v < min)
		fg_errx(FG_EXIT_ERR, "%s: %s: too small (minimum %lld)",
		    what, s, min);
	if (errno == ERANGE || v > max)
		fg_errx(FG_EXIT_ERR, "%s: %s: too large (maximum %lld)",
		    what, s, max);
	return v;
}
