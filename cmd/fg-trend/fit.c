/* SPDX-License-Identifier: ISC */
/*
 * fit.c: one function's series of shares, x[i] of profile i (i = 0 .. n-1,
 * equally spaced steps), fitted two ways:
 *
 *   a straight line   x = a + b i, weighted least squares; b is the slope
 *                     in share per step, b (n - 1) the change the fit
 *                     makes across the series;
 *   a step            x = m1 before profile k, m2 from k on, the k that
 *                     fits best; k is the onset, m2 - m1 the step.
 *
 * The test depends on what the counts are (enum trend_model):
 *
 *   sampled   counts of samples (or weights turned back into samples,
 *             w[i] of them behind profile i): a share's sampling variance
 *             is p (1 - p) / w[i], p the share pooled over the series. The
 *             variance the data shows between profiles is estimated from
 *             the residuals (Pearson's chi-square over n - 2 degrees of
 *             freedom: the quasi-binomial dispersion phi), and the slope and
 *             the step are tested with Student's t on n - 2 degrees of
 *             freedom against that variance: run-to-run noise larger than
 *             sampling (phi > 1) widens the test, timer sampling that is
 *             steadier than binomial narrows it. A series whose pooled
 *             share stands for fewer than TREND_MINEXP samples in its
 *             smallest profile is not tested (too few samples).
 *   exact     counts with no sampling noise (callgrind's instructions):
 *             any slope or step is real, and only the practical threshold
 *             decides; the p-value is 0 for a change and 1 for none.
 *   unknown   no test: the p-value is NaN and nothing is called real.
 *
 * The step's p-value is multiplied by the n - 1 onsets searched
 * (Bonferroni), so that looking for the best one does not make a step out
 * of noise.
 */
#include <math.h>
#include <stddef.h>

#include "trend.h"

/* One step of Lentz's method with the term aa: the factor it gives. */
static double
lentz(double *c, double *d, double aa)
{
	*d = 1 + aa * *d;
	if (fabs(*d) < 1e-300)
		*d = 1e-300;
	*c = 1 + aa / *c;
	if (fabs(*c) < 1e-300)
		*c = 1e-300;
	*d = 1 / *d;
	return *d * *c;
}

/* Continued fraction of the regularized incomplete beta (Lentz). */
static double
betacf(double a, double b, double x)
{
	double c = 1, d, h, del, aa;
	int m, m2;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < 1e-300)
		d = 1e-300;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		m2 = 2 * m;
		aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
		h *= lentz(&c, &d, aa);
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
		del = lentz(&c, &d, aa);
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

/* The regularized incomplete beta function I_x(a, b), 0 <= x <= 1. */
static double
ibeta(double a, double b, double x)
{
	double bt;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log(1 - x));
	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a;
	return 1 - bt * betacf(b, a, 1 - x) / b;
}

double
trend_tp(double t, double df)
{
	if (isnan(t))
		return NAN;
	if (isinf(t))
		return 0;
	if (df <= 0)
		return erfc(fabs(t) / sqrt(2.0));
	return ibeta(df / 2, 0.5, df / (df + t * t));
}

/* The slope: weighted least squares of x on i, weights wt. */
static void
line(const double *x, const double *wt, size_t n, struct trend_fit *f)
{
	double sw = 0, st = 0, sx = 0, stt = 0, stx = 0, tm, xm, a, r;
	size_t i;

	for (i = 0; i < n; i++) {
		sw += wt[i];
		st += wt[i] * (double)i;
		sx += wt[i] * x[i];
	}
	tm = st / sw;
	xm = sx / sw;
	for (i = 0; i < n; i++) {
		stt += wt[i] * ((double)i - tm) * ((double)i - tm);
		stx += wt[i] * ((double)i - tm) * (x[i] - xm);
	}
	f->slope = stx / stt;
	f->change = f->slope * (double)(n - 1);
	a = xm - f->slope * tm;
	f->rss = 0;
	for (i = 0; i < n; i++) {
		r = x[i] - a - f->slope * (double)i;
		f->rss += wt[i] * r * r;
	}
	f->se = sqrt(1 / stt);
}

/* The best step: the onset k (1 .. n-1) whose two means fit best. */
static void
step(const double *x, const double *wt, size_t n, struct trend_fit *f)
{
	double w1, s1, w2, s2, m1, m2, rss, r, best = HUGE_VAL;
	size_t i, k;

	for (k = 1; k < n; k++) {
		w1 = s1 = w2 = s2 = 0;
		for (i = 0; i < n; i++) {
			if (i < k)
				w1 += wt[i], s1 += wt[i] * x[i];
			else
				w2 += wt[i], s2 += wt[i] * x[i];
		}
		m1 = s1 / w1;
		m2 = s2 / w2;
		rss = 0;
		for (i = 0; i < n; i++) {
			r = x[i] - (i < k ? m1 : m2);
			rss += wt[i] * r * r;
		}
		/* ties go to the earlier onset: the first profile that moved */
		if (rss < best * (1 - 1e-12)) {
			best = rss;
			f->onset = k;
			f->before = m1;
			f->after = m2;
			f->stepse = sqrt(1 / w1 + 1 / w2);
		}
	}
	f->step = f->after - f->before;
	f->steprss = best;
}

/* Whether a value is a change at all (not rounding of equal shares). */
static int
nonzero(double v, double scale)
{
	return fabs(v) > 1e-12 * (scale > 1 ? scale : 1);
}

void
trend_fit(const double *x, const double *w, const double *wt, size_t n,
    enum trend_model m, struct trend_fit *f)
{
	double p = 0, sw = 0, sn = 0, df, sig;
	size_t i;

	f->onset = 0;
	f->tested = 0;
	f->p = f->stepp = m == TREND_UNKNOWN ? NAN : 1;
	f->t = f->stept = 0;
	f->phi = NAN;
	f->df = (double)n - 2;
	for (i = 0; i < n; i++) {
		p += x[i] * wt[i];
		sw += wt[i];
		sn += w[i];
	}
	p /= sw;
	line(x, wt, n, f);
	step(x, wt, n, f);
	if (m == TREND_UNKNOWN)
		return;
	if (m == TREND_EXACT) {
		f->tested = 1;
		if (nonzero(f->slope, p))
			f->p = 0, f->t = f->slope > 0 ? INFINITY : -INFINITY;
		if (nonzero(f->step, p))
			f->stepp = 0,
			f->stept = f->step > 0 ? INFINITY : -INFINITY;
		return;
	}
	/* sampled: binomial weights around the pooled share */
	if (p <= 0 || p >= 1 || p * sn / (double)n < TREND_MINEXP || n < 3)
		return;
	f->tested = 1;
	df = (double)n - 2;
	sig = p * (1 - p);
	/* the rss and se above are in units of 1/w: scale to variances */
	f->phi = f->rss / sig / df;
	if (f->phi > 0) {
		f->t = f->slope / (f->se * sqrt(sig * f->phi));
		f->p = trend_tp(f->t, df);
	} else if (nonzero(f->slope, p)) {
		f->t = f->slope > 0 ? INFINITY : -INFINITY;
		f->p = 0;
	}
	if (f->steprss > 0) {
		f->stept = f->step / (f->stepse * sqrt(f->steprss / df));
		f->stepp = trend_tp(f->stept, df) * (double)(n - 1);
		if (f->stepp > 1)
			f->stepp = 1;
	} else if (nonzero(f->step, p)) {
		f->stept = f->step > 0 ? INFINITY : -INFINITY;
		f->stepp = 0;
	}
}
