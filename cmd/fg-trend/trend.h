/* SPDX-License-Identifier: ISC */
/*
 * trend.h: fg-trend's parts. main.c: the options, the series read and
 * ranked, the report and the gate. fit.c: one series fitted and tested.
 */
#ifndef TREND_H
#define TREND_H

#include <stddef.h>

/* What the counts are, and so which test applies (fit.c). */
enum trend_model {
	TREND_SAMPLED,		/* samples, or weights with samples known */
	TREND_EXACT,		/* no sampling noise (callgrind) */
	TREND_UNKNOWN		/* no test */
};

/* Samples a share must stand for in an average profile to be tested. */
#define TREND_MINEXP 5

struct trend_fit {
	/* the line: shares as fractions, per step */
	double slope, change, se, rss;
	double t, p;		/* the slope's test (p NaN: untested) */
	/* the step */
	size_t onset;		/* first profile of the new level (1..n-1) */
	double before, after, step, stepse, steprss;
	double stept, stepp;	/* the step's test, onsets searched */
	double phi;		/* dispersion measured (sampled), or NaN */
	double df;		/* degrees of freedom of the t tests */
	int tested;		/* a test ran (enough samples, a model) */
};

/*
 * Fits the series x[0..n) (shares of each profile's total), n >= 3: w[i]
 * the samples behind profile i, wt[i] the weights of the fit (w for
 * sampled counts, 1 otherwise).
 */
void trend_fit(const double *x, const double *w, const double *wt, size_t n,
    enum trend_model m, struct trend_fit *f);
/* Two-sided p-value of Student's t on df degrees of freedom (0: normal). */
double trend_tp(double t, double df);

#endif
