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
 * Shares, not counts, are compared, so runs of different length compare
 * (the proportional mode). In the absolute mode, for runs of equal length,
 * the counts themselves are compared: two counts of samples a and b (each
 * Poisson), z = (b - a) / sqrt(a + b).
 * The test is only as good as its inputs: ta and tb must be numbers of
 * samples. Counts weighted by period or time must be divided by the period
 * first (fg-top --period, --samples), or z is inflated by the square root
 * of the weight. Run-to-run variation beyond sampling (other load, CPU
 * frequency, caches) is not in the model; fg_dispersion() measures it and
 * fg-top --dispersion discounts it. See fg-top(1), STATISTICS.
 * noiseset.c settles the test's mode and samples (options, header).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"

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

/* By bisection: fg_pvalue falls as |z| grows (to 1e-300 near 37). */
double
fg_zof(double p)
{
	double lo = 0, hi = 40, mid;
	int i;

	for (i = 0; i < 100; i++) {
		mid = (lo + hi) / 2;
		if (fg_pvalue(mid) > p)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

static int
absdesc(const void *x, const void *y)
{
	double a = fabs(*(const double *)x), b = fabs(*(const double *)y);

	return (a < b) - (a > b);
}

/*
 * Those at most alpha / n pass every step (they come first, in any
 * order); only the others are sorted.
 */
size_t
fg_holm_of(double *z, size_t m, size_t n, double alpha, double *zmin)
{
	size_t i, k = 0;
	double t;

	*zmin = HUGE_VAL;
	for (i = 0; i < m; i++) {
		if (isnan(z[i]))
			z[i] = 0;
		if (z[i] != 0 && fg_pvalue(z[i]) <= alpha / (double)n) {
			t = z[k], z[k++] = z[i], z[i] = t;
			if (fabs(z[k - 1]) < *zmin)
				*zmin = fabs(z[k - 1]);
		}
	}
	qsort(z + k, m - k, sizeof(*z), absdesc);
	for (; k < m; k++) {
		if (!(fg_pvalue(z[k]) <= alpha / (double)(n - k)) || z[k] == 0)
			break;
		*zmin = fabs(z[k]);
	}
	return k;
}

int
fg_holm_rejects(double z, size_t k, double zmin)
{
	return k > 0 && !isnan(z) && z != 0 && fabs(z) >= zmin;
}

/* Holm over all n: fg_holm_of's threshold, applied to each test. */
size_t
fg_holm(const double *z, size_t n, double alpha, unsigned char *sig)
{
	double *c, zmin;
	size_t i, k;

	if (n == 0)
		return 0;
	c = fg_reallocarray(NULL, n, sizeof(*c));
	memcpy(c, z, n * sizeof(*c));
	k = fg_holm_of(c, n, n, alpha, &zmin);
	free(c);
	for (i = 0; i < n; i++)
		sig[i] = (unsigned char)fg_holm_rejects(z[i], k, zmin);
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

uint64_t
fg_gcd(uint64_t a, uint64_t b)
{
	uint64_t t;

	while (b != 0) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
}

void
fg_period_add(struct fg_period *p, int side, fg_count c)
{
	side = side != 0;
	if (c.f != 0) {
		p->frac[side] = 1;
		return;
	}
	if (c.i == 0)
		return;
	p->n[side]++;
	p->gcd[side] = fg_gcd(p->gcd[side], (uint64_t)c.i);
}

double
fg_period_side(const struct fg_period *p, int side)
{
	side = side != 0;
	if (p->frac[side] || p->n[side] < FG_PERIOD_MINCOUNTS ||
	    p->gcd[side] < FG_PERIOD_MIN)
		return 1;
	return (double)p->gcd[side];
}

double
fg_period_get(const struct fg_period *p)
{
	uint64_t g = fg_gcd(p->gcd[0], p->gcd[1]);

	if (p->frac[0] || p->frac[1] || p->n[0] + p->n[1] <
	    FG_PERIOD_MINCOUNTS || g < FG_PERIOD_MIN)
		return 1;
	return (double)g;
}

double
fg_drift(const struct fg_noise *nz, const double *a, const double *b,
    size_t n, size_t *used)
{
	double *r, k = 1;
	size_t i, m = 0;

	r = fg_reallocarray(NULL, n + 1, sizeof(*r));
	for (i = 0; i < n; i++)
		if (a[i] * nz->scale[0] >= FG_DRIFT_MIN &&
		    b[i] * nz->scale[1] >= FG_DRIFT_MIN)
			r[m++] = b[i] / a[i];
	if (m >= FG_DRIFT_MINN)
		k = fg_median(r, m);
	else
		m = 0;
	free(r);
	*used = m;
	return k;
}

void
fg_noise_drift(struct fg_noise *nz, const double *a, const double *b,
    size_t n)
{
	double k;
	size_t m;

	if (!nz->driftauto || nz->mode == FG_MODE_PROPORTIONAL)
		return;
	k = fg_drift(nz, a, b, n, &m);
	nz->drift = k > 0 ? k : 1;
	nz->driftn = m;
}

/* The drift in force: absolute mode only. */
static double
drift(const struct fg_noise *nz)
{
	return nz->mode == FG_MODE_PROPORTIONAL || !(nz->drift > 0) ? 1 :
	    nz->drift;
}

double
fg_noise_share(const struct fg_noise *nz, double c, int side)
{
	double t = nz->tot[nz->mode == FG_MODE_PROPORTIONAL ? side : 0];

	if (side == 1)
		c /= drift(nz);
	return t > 0 ? c / t : 0;
}

double
fg_noise_delta(const struct fg_noise *nz, double a, double b)
{
	return fg_noise_share(nz, b, 1) - fg_noise_share(nz, a, 0);
}

void
fg_chg_shares(const struct fg_noise *nz, struct fg_chg *c)
{
	double m0 = fg_noise_share(nz, c->c[0], 0);
	double m1 = fg_noise_share(nz, c->c[1], 1);

	c->share[0] = nz->tot[0] > 0 ? c->c[0] / nz->tot[0] : 0;
	c->share[1] = nz->tot[1] > 0 ? c->c[1] / nz->tot[1] : 0;
	c->delta = m1 - m0;
	c->rel = m0 > 0 ? m1 / m0 - 1 : 0;
}

/*
 * Exact counts and counts of unknown origin are not tested: a change is
 * taken as real (infinite z, its sign the change's) and the practical
 * threshold alone decides; no change is 0.
 */
static double
untested(const struct fg_noise *nz, double a, double b)
{
	double d = fg_noise_delta(nz, a, b);

	if (!isfinite(a) || !isfinite(b) || d == 0 || isnan(d))
		return 0;
	return d > 0 ? HUGE_VAL : -HUGE_VAL;
}

/* Two counts of samples, equal exposure: the Poisson difference. */
static double
counttest(double a, double sa, double b, double sb)
{
	double se;

	if (!isfinite(a) || !isfinite(b) || a < 0 || b < 0 || !(sa > 0) ||
	    !(sb > 0))
		return 0;
	/* in count units: var(a) = a / sa when a * sa is Poisson */
	se = sqrt(a / sa + b / sb);
	if (!(se > 0))
		return 0;
	return (b - a) / se;
}

int
fg_noise_tested(const struct fg_noise *nz)
{
	return nz->origin == FG_ORIGIN_SAMPLED || nz->between;
}

double
fg_noise_z(const struct fg_noise *nz, double a, double b)
{
	double z;

	if (nz->between)
		return fg_repl_z(nz, a, b);
	if (nz->origin != FG_ORIGIN_SAMPLED)
		return untested(nz, a, b);
	if (nz->mode == FG_MODE_PROPORTIONAL)
		z = fg_ztest(a * nz->scale[0], nz->tot[0] * nz->scale[0],
		    b * nz->scale[1], nz->tot[1] * nz->scale[1]);
	else	/* b / k has variance b / (k^2 sb) = (b / k) / (k sb) */
		z = counttest(a, nz->scale[0], b / drift(nz),
		    nz->scale[1] * drift(nz));
	return z / sqrt(nz->phi);
}

int
fg_noise_maybe(const struct fg_noise *nz, double a, double b, double zc)
{
	double num, var, k;

	if (nz->between)
		return fabs(fg_repl_z(nz, a, b)) >= zc * (1 - 1e-6);
	if (nz->origin != FG_ORIGIN_SAMPLED)
		return untested(nz, a, b) != 0;
	if (nz->mode == FG_MODE_PROPORTIONAL)
		return fabs(fg_noise_z(nz, a, b)) >= zc;
	/* counttest's |z| >= zc, on squares, without its square roots */
	k = drift(nz);
	if (!isfinite(a) || !isfinite(b) || a < 0 || b < 0 ||
	    !(nz->scale[0] > 0) || !(nz->scale[1] * k > 0))
		return 0;
	b /= k;
	var = a / nz->scale[0] + b / (nz->scale[1] * k);
	if (!(var > 0))
		return 0;
	num = b - a;
	return num * num >= zc * zc * var * nz->phi * (1 - 1e-6);
}

double
fg_noise_zfirst(const struct fg_noise *nz, size_t n)
{
	if (nz->rule == FG_RULE_FIXED)
		return nz->zcrit;
	if (nz->rule == FG_RULE_NONE)
		return 0;
	return fg_zof(nz->alpha / (double)(n > 0 ? n : 1));
}

double
fg_noise_zmdc(const struct fg_noise *nz, size_t n)
{
	/* the one-sided quantile of the power */
	return fg_noise_zfirst(nz, n) + fg_zof(2 * (1 - FG_POWER));
}

double
fg_noise_mdc(const struct fg_noise *nz, double a, double b, double z)
{
	double sa, sb, n0, n1, p, se;

	if (nz->between)
		return fg_repl_mdc(nz, a, b, z);
	if (nz->origin == FG_ORIGIN_EXACT)
		return 0;
	if (nz->origin != FG_ORIGIN_SAMPLED || !(nz->scale[0] > 0) ||
	    !(nz->scale[1] > 0) || !(nz->tot[0] > 0) || !(nz->tot[1] > 0))
		return NAN;
	sa = a * nz->scale[0];
	sb = b * nz->scale[1];
	n0 = nz->tot[0] * nz->scale[0];
	n1 = nz->tot[1] * nz->scale[1];
	if (nz->mode == FG_MODE_PROPORTIONAL) {
		p = (sa + sb) / (n0 + n1);
		se = sqrt(p * (1 - p) * (1 / n0 + 1 / n1));
	} else	/* the Poisson difference, in the baseline's samples */
		se = sqrt(sa + sb) / n0;
	if (!(se > 0))	/* nothing seen: one sample either way is real */
		se = 1 / (nz->mode == FG_MODE_PROPORTIONAL ? n0 + n1 : n0);
	return z * se * sqrt(nz->phi);
}

size_t
fg_noise_verdicts(const struct fg_noise *nz, const double *z, size_t n,
    unsigned char *sig, char *desc, size_t desclen)
{
	size_t i, nsig = 0;

	if (!fg_noise_tested(nz)) {	/* untested: any change */
		for (i = 0; i < n; i++)
			nsig += sig[i] = isinf(z[i]) != 0;
		snprintf(desc, desclen, "of %zu", n);
		return nsig;
	}
	if (nz->rule == FG_RULE_FIXED) {
		for (i = 0; i < n; i++)
			nsig += sig[i] = fabs(z[i]) > nz->zcrit;
		snprintf(desc, desclen, "|z| > %.4g each", nz->zcrit);
		return nsig;
	}
	snprintf(desc, desclen, "Holm, alpha %.4g over %zu", nz->alpha, n);
	return fg_holm(z, n, nz->alpha, sig);
}

/*
 * change: classify the functions of a differential profile (change):
 * how much each changed in the mode in force, whether beyond noise, and
 * the ranked lists of regressions and improvements.
 */
void
fg_changes_init(struct fg_changes *cs)
{
	memset(cs, 0, sizeof(*cs));
}

void
fg_changes_add(struct fg_changes *cs, const char *name, size_t len,
    double before, double after)
{
	struct fg_chg *c;

	if (cs->n == cs->cap) {
		cs->cap = cs->cap ? cs->cap * 2 : 64;
		cs->v = fg_reallocarray(cs->v, cs->cap, sizeof(*cs->v));
	}
	c = &cs->v[cs->n++];
	memset(c, 0, sizeof(*c));
	c->name = name;
	c->len = len;
	c->c[0] = before;
	c->c[1] = after;
}

static int
kindof(const struct fg_chg *c)
{
	if (c->c[0] == 0 && c->c[1] > 0)
		return FG_CHG_NEW;
	if (c->c[1] == 0 && c->c[0] > 0)
		return FG_CHG_GONE;
	if (c->delta > 0)
		return FG_CHG_GREW;
	if (c->delta < 0)
		return FG_CHG_SHRANK;
	return FG_CHG_SAME;
}

/* qsort has no argument: the table being ranked. */
static const struct fg_chg *rankv;

/* Largest |delta| first, then name. */
static int
cmprank(const void *x, const void *y)
{
	const struct fg_chg *a = &rankv[*(const size_t *)x];
	const struct fg_chg *b = &rankv[*(const size_t *)y];
	double da = fabs(a->delta), db = fabs(b->delta);

	if (da != db)
		return da > db ? -1 : 1;
	return fg_keycmp(a->name, a->len, b->name, b->len);
}

/* A change's |delta| and index, for rank's first pass. */
struct adi {
	double ad;
	size_t i;
};

static int
cmpad(const void *x, const void *y)
{
	const struct adi *a = x, *b = y;

	if (a->ad != b->ad)
		return a->ad > b->ad ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/*
 * Sorts idx[0..n) as cmprank orders them: by |delta| (a sort of numbers
 * kept side by side), then each run of equal ones by name with the string
 * sort (fg_sort_items), which skips the bytes a run's names share (a
 * million leaves of one width under one long prefix). Names are distinct,
 * so the order is cmprank's; with a NaN, which cmprank does not order,
 * qsort with cmprank as before.
 */
static void
rank(const struct fg_changes *cs, size_t *idx, size_t n)
{
	struct fg_sortitem *it;
	struct adi *a;
	size_t i, j, k;

	for (i = 0; i < n; i++)
		if (isnan(cs->v[idx[i]].delta))
			break;
	if (i < n || n < 2) {
		rankv = cs->v;
		qsort(idx, n, sizeof(*idx), cmprank);
		return;
	}
	a = fg_reallocarray(NULL, n, sizeof(*a));
	for (i = 0; i < n; i++) {
		a[i].ad = fabs(cs->v[idx[i]].delta);
		a[i].i = idx[i];
	}
	qsort(a, n, sizeof(*a), cmpad);
	it = fg_calloc(n, sizeof(*it));
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && a[j].ad == a[i].ad; j++)
			;
		if (j - i == 1) {
			idx[i] = a[i].i;
			continue;
		}
		for (k = i; k < j; k++) {
			it[k - i].key = cs->v[a[k].i].name;
			it[k - i].len = (uint32_t)cs->v[a[k].i].len;
			it[k - i].p = &cs->v[a[k].i];
			it[k - i].tail = 0;
			it[k - i].w = 0;
		}
		fg_sort_items(it, j - i);
		for (k = i; k < j; k++)
			idx[k] = (size_t)((const struct fg_chg *)it[k - i].p -
			    cs->v);
	}
	free(it);
	free(a);
}

static void
lists(struct fg_changes *cs)
{
	const struct fg_chg *c;
	size_t i;

	cs->reg = fg_reallocarray(NULL, cs->n + 1, sizeof(size_t));
	cs->imp = fg_reallocarray(NULL, cs->n + 1, sizeof(size_t));
	cs->noise = fg_reallocarray(NULL, cs->n + 1, sizeof(size_t));
	for (i = 0; i < cs->n; i++) {
		c = &cs->v[i];
		if (!c->sig && c->delta != 0)
			cs->noise[cs->nnoise++] = i;
		else if (c->sig && (c->kind == FG_CHG_GREW ||
		    c->kind == FG_CHG_NEW))
			cs->reg[cs->nreg++] = i;
		else if (c->sig && (c->kind == FG_CHG_SHRANK ||
		    c->kind == FG_CHG_GONE))
			cs->imp[cs->nimp++] = i;
	}
	rank(cs, cs->reg, cs->nreg);
	rank(cs, cs->imp, cs->nimp);
	rank(cs, cs->noise, cs->nnoise);
}

void
fg_changes_classify(struct fg_changes *cs, struct fg_noise *nz,
    int dispersion)
{
	double *z, *a, *b, zf;
	unsigned char *sig;
	size_t i, n = cs->n;
	struct fg_chg *c;

	cs->mode = nz->mode;
	cs->tot[0] = nz->tot[0];
	cs->tot[1] = nz->tot[1];
	z = fg_reallocarray(NULL, n + 1, sizeof(*z));
	a = fg_reallocarray(NULL, n + 1, sizeof(*a));
	b = fg_reallocarray(NULL, n + 1, sizeof(*b));
	sig = fg_malloc(n + 1);
	for (i = 0; i < n; i++) {
		a[i] = cs->v[i].c[0];
		b[i] = cs->v[i].c[1];
	}
	/* measured always (fg-top warns), applied with --drift auto */
	cs->driftm = fg_drift(nz, a, b, n, &cs->driftn);
	fg_noise_drift(nz, a, b, n);
	cs->drift = nz->mode == FG_MODE_ABSOLUTE ? nz->drift : 1;
	for (i = 0; i < n; i++) {
		c = &cs->v[i];
		fg_chg_shares(nz, c);
		z[i] = c->z = fg_noise_z(nz, c->c[0], c->c[1]);
		a[i] = c->c[0] * nz->scale[0];
		b[i] = c->c[1] * nz->scale[1];
	}
	fg_noise_verdicts(nz, z, n, sig, cs->test, sizeof(cs->test));
	zf = fg_noise_zmdc(nz, n);
	cs->mdcmax = n;
	for (i = 0; i < n; i++) {
		c = &cs->v[i];
		c->sig = sig[i];
		c->kind = kindof(c);
		c->mdc = fg_noise_mdc(nz, c->c[0], c->c[1], zf);
		if (!isnan(c->mdc) && (cs->mdcmax == n ||
		    c->mdc > cs->v[cs->mdcmax].mdc))
			cs->mdcmax = i;
	}
	cs->phi = dispersion ? fg_dispersion(a, b, n, nz->tot[0] *
	    nz->scale[0], nz->tot[1] * nz->scale[1]) : 0;
	free(z);
	free(a);
	free(b);
	free(sig);
	lists(cs);
}

int
fg_over(double d, double pct)
{
	return round(fabs(d) * 1e11) / 1e9 > pct;
}

double
fg_changes_totchange(const struct fg_changes *cs)
{
	return cs->tot[0] > 0 ? cs->tot[1] / cs->tot[0] - 1 : 0;
}

void
fg_changes_free(struct fg_changes *cs)
{
	free(cs->v);
	free(cs->reg);
	free(cs->imp);
	free(cs->noise);
	fg_changes_init(cs);
}
