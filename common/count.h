/* SPDX-License-Identifier: ISC */
/*
 * count.h: fixed-point counts: exact integers to 2^63-1, 9 decimals. One
 * header for the three files of the module, one job each: countparse.c
 * reads counts and numeric option values, count.c computes with counts,
 * countfmt.c writes them.
 */
#ifndef FG_COUNT_H
#define FG_COUNT_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

#define FG_FRAC_DIGITS 9
#define FG_FRAC_ONE 1000000000u
typedef struct {
	int64_t i;		/* whole part, >= 0 */
	uint32_t f;		/* fractional part in units of 1e-9 */
} fg_count;
enum fg_numerr {
	FG_NUM_OK = 0,
	FG_NUM_EMPTY,		/* no digits */
	FG_NUM_SYNTAX,		/* not a non-negative decimal number */
	FG_NUM_NEG,		/* negative */
	FG_NUM_RANGE		/* over 2^63-1 */
};
/* countparse.c: reading. */
/*
 * Parses a count: digits, optionally '.' and more digits ("20." and ".5"
 * are accepted as flamegraph.pl and inferno accept them). Fractional
 * digits past the ninth are dropped.
 */
enum fg_numerr fg_count_parse(const char *s, size_t n, fg_count *c);
const char *fg_numerr_str(enum fg_numerr e);
/* Parses an option value as a non-negative decimal factor; exits on error. */
long double fg_parse_factor(const char *s, const char *what);
/* strtonum-like: a whole number in [min, max], or exit with a message. */
long long fg_parse_int(const char *s, long long min, long long max,
    const char *what);

/* count.c: arithmetic. */
/* a += b; returns -1 on overflow (a unchanged). */
int fg_count_add(fg_count *a, fg_count b);
/* The one message for a sum over 2^63-1 ("file:line: ..."); exits 2. */
_Noreturn void fg_sum_overflow(const char *name, uint64_t lineno);
int fg_count_cmp(fg_count a, fg_count b);
int fg_count_iszero(fg_count c);
double fg_count_dbl(fg_count c);
/* Nearest count to a non-negative finite double; -1 if out of range. */
int fg_count_from_dbl(long double d, fg_count *c);
/* c * factor (factor >= 0), rounded to 1e-9; -1 on overflow. */
int fg_count_scale(fg_count *c, long double factor);

/* countfmt.c: writing. */
/* Formats into buf (at least 32 bytes); returns the length. */
size_t fg_count_fmt(char *buf, fg_count c);
/* Writes c through out.c. */
void fg_out_count(fg_count c);
/* A folded line: the stack, then its ncols counts, each after a blank. */
void fg_out_rec(const char *key, size_t len, const fg_count *c, int ncols);
#endif
