/* SPDX-License-Identifier: ISC */
/*
 * fgstats.h: more of stats.c (fg_ztest is in fg.h).
 * Multiple-comparison control and the normal distribution, for tools that
 * test many frames at once (fg-top). See fg-top(1), STATISTICS.
 */
#ifndef FGSTATS_H
#define FGSTATS_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"

/* Family-wise error rate fg-top uses by default: one test at this level
 * is exactly |z| > FG_Z_DEFAULT. */
#define FG_ALPHA_DEFAULT 0.001

/* Two-sided p-value of a standard normal statistic: P(|Z| >= |z|). */
double fg_pvalue(double z);
/* The |z| whose two-sided p-value is alpha (0 < alpha <= 1). */
double fg_zcrit(double alpha);
/*
 * Holm's step-down procedure over n statistics z[]: sets sig[i] to 1 for
 * the tests rejected at family-wise error rate alpha, else 0. NaN counts
 * as 0. Returns the number rejected. Valid under any dependence between
 * the tests. Allocates a scratch array (fatal on memory exhaustion).
 */
size_t fg_holm(const double *z, size_t n, double alpha, unsigned char *sig);
/*
 * Pearson's chi-square over a 2 x n table (a[i] of ta before, b[i] of tb
 * after, where the a[i] partition ta and the b[i] partition tb) divided by
 * its degrees of freedom: about 1 when the two sides differ by sampling
 * noise only, larger when runs vary more than sampling explains (or when
 * something changed). Returns 0 when fewer than 2 cells are non-empty.
 */
double fg_dispersion(const double *a, const double *b, size_t n, double ta,
    double tb);

/*
 * Detecting a fixed sampling period. Folders that weight each sample by its
 * period (stackcollapse-perf.pl does, in ns for cpu-clock) make every count
 * a multiple of it, which inflates z by its square root. Feed every count
 * to fg_period_add(); fg_period_get() returns their greatest common divisor
 * when all are whole, at least FG_PERIOD_MINCOUNTS are non-zero and it is
 * at least FG_PERIOD_MIN; else 1 (counts are samples). Divide counts by it.
 */
#define FG_PERIOD_MIN 100
#define FG_PERIOD_MINCOUNTS 8
struct fg_period {
	uint64_t gcd;		/* of the non-zero counts so far */
	uint64_t n;		/* non-zero counts seen */
	int frac;		/* a count had a fractional part */
};
void fg_period_add(struct fg_period *p, fg_count c);
double fg_period_get(const struct fg_period *p);

#endif
