/* SPDX-License-Identifier: ISC */
/*
 * countparse.c: reading numbers: a count from a folded line, exactly (no
 * floating point on the hot path), and option values (a decimal factor, a
 * bounded whole number) with an error naming the option (count.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "fg.h"

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
