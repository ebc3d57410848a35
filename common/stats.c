/* SPDX-License-Identifier: ISC */
/*
 * stats.c: is a change in a frame's share of the profile beyond sampling
 * noise?
 *
 * Model: each sample lands in a frame or not, independently, with a fixed
 * probability per run (Bernoulli trials). A frame holding a of ta samples
 * before and b of tb after is tested with the two-proportion z-test on the
 * pooled proportion p = (a+b)/(ta+tb):
 *
 *	z = (b/tb - a/ta) / sqrt(p (1-p) (1/ta + 1/tb))
 *
 * Shares, not counts, are compared, so runs of different length compare.
 * The test is only as good as its inputs: ta and tb must be numbers of
 * samples. Counts weighted by period or time must be divided by the period
 * first (fg-top --period, --samples), or z is inflated by the square root
 * of the weight. Run-to-run variation beyond sampling (other load, CPU
 * frequency, caches) is not in the model; fg_dispersion() measures it and
 * fg-top --dispersion discounts it. See fg-top(1), STATISTICS.
 */
#include <math.h>
#include <stdlib.h>

#include "fg.h"
#include "fgstats.h"

double
fg_ztest(double a, double ta, double b, double tb)
{
	double p1, p2, p, se;

	/* Not counts of a frame out of totals: no evidence of anything. */
	if (!isfinite(a) || !isfinite(b) || !isfinite(ta) || !isfinite(tb) ||
	    a < 0 || b < 0 || a > ta || b > tb || ta <= 0 || tb <= 0)
		return 0;
	p1 = a / ta;
	p2 = b / tb;
	p = (a + b) / (ta + tb);
	se = sqrt(p * (1 - p) * (1 / ta + 1 / tb));
	if (!(se > 0))	/* p is 0 or 1: both sides 0% or both 100% */
		return 0;
	return (p2 - p1) / se;
}

double
fg_pvalue(double z)
{
	if (isnan(z))
		return 1;
	return erfc(fabs(z) / sqrt(2.0));
}

double
fg_zcrit(double alpha)
{
	double lo = 0, hi = 40, mid;
	int i;

	if (!(alpha < 1))
		return 0;
	if (!(alpha > 0))
		return HUGE_VAL;
	/* erfc is monotone; 200 halvings reach the last bit of a double. */
	for (i = 0; i < 200 && hi - lo > 1e-12; i++) {
		mid = (lo + hi) / 2;
		if (fg_pvalue(mid) > alpha)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

static int
absdesc(const void *x, const void *y)
{
	double a = fabs(**(const double *const *)x);
	double b = fabs(**(const double *const *)y);

	return (a < b) - (a > b);
}

size_t
fg_holm(const double *z, size_t n, double alpha, unsigned char *sig)
{
	const double **v, zero = 0;
	size_t i, k = 0;

	if (n == 0)
		return 0;
	v = fg_reallocarray(NULL, n, sizeof(*v));
	for (i = 0; i < n; i++) {
		v[i] = isnan(z[i]) ? &zero : &z[i];
		sig[i] = 0;
	}
	qsort(v, n, sizeof(*v), absdesc);
	/*
	 * Step down from the largest |z|: the k-th (from 0) is rejected when
	 * its p-value is at most alpha / (n - k) and all before it were.
	 */
	for (k = 0; k < n; k++) {
		if (!(fg_pvalue(*v[k]) <= alpha / (double)(n - k)) ||
		    *v[k] == 0)
			break;
		sig[v[k] - z] = 1;
	}
	free(v);
	return k;
}

double
fg_dispersion(const double *a, const double *b, size_t n, double ta,
    double tb)
{
	double t = ta + tb, x2 = 0, ea, eb, d;
	size_t i, cells = 0;

	if (!(ta > 0) || !(tb > 0))
		return 0;
	for (i = 0; i < n; i++) {
		if (!(a[i] + b[i] > 0))
			continue;
		cells++;
		ea = ta * (a[i] + b[i]) / t;
		eb = tb * (a[i] + b[i]) / t;
		d = a[i] - ea;
		/* (a-ea)^2/ea + (b-eb)^2/eb, and b-eb = -(a-ea) */
		x2 += d * d * (1 / ea + 1 / eb);
	}
	if (cells < 2)
		return 0;
	return x2 / (double)(cells - 1);
}

void
fg_period_add(struct fg_period *p, fg_count c)
{
	uint64_t a, b, t;

	if (c.f != 0) {
		p->frac = 1;
		return;
	}
	if (c.i == 0)
		return;
	p->n++;
	a = p->gcd;
	b = (uint64_t)c.i;
	while (b != 0) {
		t = a % b;
		a = b;
		b = t;
	}
	p->gcd = a;
}

double
fg_period_get(const struct fg_period *p)
{
	if (p->frac || p->n < FG_PERIOD_MINCOUNTS || p->gcd < FG_PERIOD_MIN)
		return 1;
	return (double)p->gcd;
}
