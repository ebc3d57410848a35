/* SPDX-License-Identifier: ISC */
/*
 * repl.c: the between-run model (stats.h): a differential stream of
 * replicate runs (fg-diff BASE... -- CURRENT...) read back, every unit a
 * verdict may test (a function's self and total, a frame's inclusive
 * count, a stack) given its per-run counts, and each unit's dispersion,
 * the variance between runs over what the model's mean explains:
 *
 *   absolute       x_sr around its side's mean m_s:
 *                  X2 = sum (x_sr - m_s)^2 / m_s
 *   proportional   x_sr around its side's share l_s of the run's total
 *                  T_r: m = l_s T_r, X2 = sum (x_sr - m)^2 / (m (1 - l_s))
 *   phi_u = X2 / (R - 2)     (R runs in all; R - 2 degrees of freedom)
 *
 * The test of a unit with a before and b after (count units) is then the
 * quasi-Poisson (absolute) or quasi-binomial (proportional) test with
 *
 *   phi = max(floor, phi_g, (d0 phi_g + (R - 2) phi_u) / (d0 + R - 2))
 *
 * phi_g the median dispersion of the stacks with at least
 * FG_REPL_MINMEAN samples a run (the profile's own run-to-run noise),
 * moderated towards by the unit's own (d0 = FG_REPL_D0 prior degrees of
 * freedom), never below it nor, for sampled counts, below sampling noise
 * (floor 1 sample); its statistic a Student t with d0 + R - 2 degrees of
 * freedom, turned into the normal z of the same tail (Wallace's
 * approximation) so that Holm's procedure and the detectable change
 * work on it as on every other test. The model is scale-free: exact and
 * unknown counts are tested too (no floor: runs that agree exactly make
 * every change real).
 *
 * The tools hand the stream in: fg_repl_header with the header (runs=,
 * run-totals=), fg_repl_meta with every metadata line (the "# fg-run"
 * lines), fg_repl_stack with every stack in the stream's order, then
 * fg_repl_end; the k-th run line belongs to the k-th stack, and its sums
 * must be the stack's two counts (else the run lines are dropped, with a
 * warning). A unit is found again by its two summed counts (a frame, a
 * function's self and total alike): where several units hold the same
 * two counts, the largest dispersion stands for them all.
 */
#include <sys/stat.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "fg.h"
#include "stats.h"

/* Unit kinds: the first byte of a unit's key. */
enum { U_SELF = 'S', U_TOTAL = 'T', U_FRAME = 'F', U_STACK = 'L' };

struct fg_repl {
	int on;			/* runs= says >= 2 runs on a side */
	int norm;		/* normalized=yes: the base column scaled */
	int hdr;		/* a header was read */
	int nrun[2], r;		/* runs per side; r in all */
	double *rtot;		/* each run's total (run-totals=) */
	/* the stacks and run lines as read */
	struct fg_arena keys;
	const char **key;
	size_t *klen;
	double (*c)[2];
	size_t n, cap;
	double *vec;		/* r counts per run line */
	size_t nvec, capvec;
	int badline;		/* a run line did not parse */
	/* after fg_repl_end: dispersion by the units' two counts */
	struct fg_stab *byc;	/* 16 bytes: a and b -> aux: index + 1 */
	double (*phi)[2];	/* absolute, proportional; count units */
	size_t nphi;
	double (*stk)[3];	/* each stack's phi (abs, prop), mean a run */
	size_t nstk;
};

struct fg_repl *
fg_repl_new(void)
{
	struct fg_repl *rp = fg_calloc(1, sizeof(*rp));

	fg_arena_init(&rp->keys, 1 << 16, 1 << 20, 1);
	return rp;
}

void
fg_repl_free(struct fg_repl *rp)
{
	if (rp == NULL)
		return;
	fg_arena_free(&rp->keys);
	free(rp->key);
	free(rp->klen);
	free(rp->c);
	free(rp->vec);
	free(rp->rtot);
	free(rp->phi);
	free(rp->stk);
	if (rp->byc != NULL)
		fg_stab_free(rp->byc);
	free(rp);
}

/* Parses "x,y,...:u,v,..." into r numbers (>= 0); 0 on any mismatch. */
static int
parseruns(const char *s, size_t len, const int *nrun, double *v)
{
	size_t i = 0;
	int k, r = nrun[0] + nrun[1];
	fg_count c;

	for (k = 0; k < r; k++) {
		size_t j = i;

		while (j < len && s[j] != ',' && s[j] != ':')
			j++;
		if (fg_count_parse(s + i, j - i, &c) != FG_NUM_OK)
			return 0;
		v[k] = fg_count_dbl(c);
		if (k + 1 < r && (j >= len || s[j] != (k + 1 == nrun[0] ?
		    ':' : ',')))
			return 0;
		i = j + 1;
	}
	return i == len + 1;
}

void
fg_repl_header(struct fg_repl *rp, const char *header)
{
	char *runs, *tot, *end;
	long a, b;

	if (rp == NULL || rp->hdr || header == NULL)
		return;
	rp->hdr = 1;
	runs = fg_header_get(header, "runs");
	tot = fg_header_get(header, "run-totals");
	if (runs != NULL && tot != NULL) {
		a = strtol(runs, &end, 10);
		b = *end == ':' ? strtol(end + 1, &end, 10) : 0;
		if (*end == '\0' && a >= 1 && b >= 1 && a + b >= 3 &&
		    a + b <= 4096) {
			rp->nrun[0] = (int)a;
			rp->nrun[1] = (int)b;
			rp->r = (int)(a + b);
			rp->rtot = fg_calloc((size_t)rp->r, sizeof(double));
			rp->on = parseruns(tot, strlen(tot), rp->nrun,
			    rp->rtot);
		}
	}
	free(runs);
	free(tot);
	tot = fg_header_get(header, "normalized");
	rp->norm = tot != NULL && strcmp(tot, "yes") == 0;
	free(tot);
}

int
fg_repl_on(const struct fg_repl *rp)
{
	return rp != NULL && rp->on;
}

void
fg_repl_runs(const struct fg_repl *rp, int *nrun)
{
	nrun[0] = rp != NULL ? rp->nrun[0] : 1;
	nrun[1] = rp != NULL ? rp->nrun[1] : 1;
}

void
fg_repl_meta(struct fg_repl *rp, const char *line, size_t len)
{
	static const char kw[] = "# fg-run ";
	char *h;

	/* the header, when it comes before the reader hands it over */
	if (!rp->hdr && len > 5 && memcmp(line, "# fg-", 5) == 0) {
		h = fg_malloc(len + 1);
		memcpy(h, line, len);
		h[len] = '\0';
		fg_repl_header(rp, h);
		free(h);
	}
	if (!rp->on || len < sizeof(kw) - 1 ||
	    memcmp(line, kw, sizeof(kw) - 1) != 0)
		return;
	while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == '\n'))
		len--;
	if (rp->nvec == rp->capvec) {
		rp->capvec = rp->capvec ? rp->capvec * 2 : 256;
		rp->vec = fg_reallocarray(rp->vec, rp->capvec * (size_t)rp->r,
		    sizeof(double));
	}
	if (!parseruns(line + sizeof(kw) - 1, len - (sizeof(kw) - 1),
	    rp->nrun, rp->vec + rp->nvec * (size_t)rp->r))
		rp->badline = 1;
	rp->nvec++;
}

void
fg_repl_stack(struct fg_repl *rp, const char *key, size_t len,
    const fg_count *c)
{
	char *k;

	if (!rp->on)
		return;
	if (rp->n == rp->cap) {
		rp->cap = rp->cap ? rp->cap * 2 : 256;
		rp->key = fg_reallocarray(rp->key, rp->cap, sizeof(*rp->key));
		rp->klen = fg_reallocarray(rp->klen, rp->cap,
		    sizeof(*rp->klen));
		rp->c = fg_reallocarray(rp->c, rp->cap, sizeof(*rp->c));
	}
	k = fg_arena_alloc(&rp->keys, len + 1);
	memcpy(k, key, len);
	rp->key[rp->n] = k;
	rp->klen[rp->n] = len;
	rp->c[rp->n][0] = fg_count_dbl(c[0]);
	rp->c[rp->n][1] = fg_count_dbl(c[1]);
	rp->n++;
}

/* ---- the units and their dispersion ---- */

struct units {
	struct fg_stab *tab;	/* kind + name -> aux: index + 1 */
	double *x;		/* r per unit */
	double (*ab)[2];	/* summed counts */
	size_t *gen;		/* the last stack that added to it + 1 */
	size_t n, cap;
	int r;
};

static size_t
unit(struct units *u, int kind, const char *s, size_t len, char **buf,
    size_t *cap)
{
	struct fg_ent *e;
	size_t i;

	if (len + 1 > *cap) {
		*cap = 2 * len + 64;
		*buf = fg_realloc(*buf, *cap);
	}
	(*buf)[0] = (char)kind;
	memcpy(*buf + 1, s, len);
	e = fg_stab_get(u->tab, *buf, len + 1);
	if (e->aux != 0)
		return e->aux - 1;
	if (u->n == u->cap) {
		u->cap = u->cap ? u->cap * 2 : 256;
		u->x = fg_reallocarray(u->x, u->cap * (size_t)u->r,
		    sizeof(double));
		u->ab = fg_reallocarray(u->ab, u->cap, sizeof(*u->ab));
		u->gen = fg_reallocarray(u->gen, u->cap, sizeof(*u->gen));
	}
	i = u->n++;
	memset(u->x + i * (size_t)u->r, 0, (size_t)u->r * sizeof(double));
	u->ab[i][0] = u->ab[i][1] = 0;
	u->gen[i] = 0;
	e->aux = (uint32_t)(i + 1);
	return i;
}

static void
addunit(struct units *u, size_t i, const double *x, const double *c,
    size_t gen)
{
	int k;

	if (gen != 0 && u->gen[i] == gen)
		return;		/* a function's total: once a stack */
	u->gen[i] = gen;
	for (k = 0; k < u->r; k++)
		u->x[i * (size_t)u->r + k] += x[k];
	u->ab[i][0] += c[0];
	u->ab[i][1] += c[1];
}

/* Every unit of stack s: its functions' self and total, its frames. */
static void
addstack(struct fg_repl *rp, struct units *u, size_t s, char **buf,
    size_t *cap)
{
	const char *key = rp->key[s], *p = key, *end = key + rp->klen[s];
	const char *semi, *leaf = key;
	const double *x = rp->vec + s * (size_t)rp->r, *c = rp->c[s];

	addunit(u, unit(u, U_STACK, key, rp->klen[s], buf, cap), x, c, 0);
	for (;;) {
		semi = memchr(p, ';', (size_t)(end - p));
		if (semi == NULL)
			semi = end;
		addunit(u, unit(u, U_FRAME, key, (size_t)(semi - key), buf,
		    cap), x, c, 0);
		addunit(u, unit(u, U_TOTAL, p, (size_t)(semi - p), buf, cap),
		    x, c, s + 1);
		leaf = p;
		if (semi == end)
			break;
		p = semi + 1;
	}
	addunit(u, unit(u, U_SELF, leaf, (size_t)(end - leaf), buf, cap), x,
	    c, 0);
}

/* A unit's dispersion (count units): absolute and proportional. */
static void
dispersion(const struct fg_repl *rp, const double *x, double *phi)
{
	double sum[2] = { 0, 0 }, et[2] = { 0, 0 }, x2[2] = { 0, 0 };
	double m, l, v, d;
	int k, s;

	for (k = 0; k < rp->r; k++) {
		s = k >= rp->nrun[0];
		sum[s] += x[k];
		et[s] += rp->rtot[k];
	}
	for (k = 0; k < rp->r; k++) {
		s = k >= rp->nrun[0];
		m = sum[s] / rp->nrun[s];
		if (m > 0) {
			d = x[k] - m;
			x2[0] += d * d / m;
		}
		l = et[s] > 0 ? sum[s] / et[s] : 0;
		m = l * rp->rtot[k];
		v = m * (1 - l);
		if (v > 0) {
			d = x[k] - m;
			x2[1] += d * d / v;
		}
	}
	phi[0] = x2[0] / (rp->r - 2);
	phi[1] = x2[1] / (rp->r - 2);
}

/* Whether every run line parsed and its sums are its stack's counts. */
static int
matches(const struct fg_repl *rp, const char *name)
{
	double s[2], t[2] = { 0, 0 }, f = 1, tol;
	size_t i;
	int k;

	if (rp->badline || rp->nvec != rp->n) {
		fg_warnx("%s: %s: run-to-run noise not measured", name,
		    rp->badline ? "a # fg-run line is malformed" :
		    "the # fg-run lines do not match the stacks one to one");
		return 0;
	}
	/* -n: the base column is the base runs' sum scaled to the current's */
	for (k = 0; k < rp->r; k++)
		t[k >= rp->nrun[0]] += rp->rtot[k];
	if (rp->norm && t[0] > 0)
		f = t[1] / t[0];
	for (i = 0; i < rp->n; i++) {
		s[0] = s[1] = 0;
		for (k = 0; k < rp->r; k++)
			s[k >= rp->nrun[0]] += rp->vec[i * (size_t)rp->r + k];
		s[0] *= f;
		for (k = 0; k < 2; k++) {
			/* -n -I truncates the scaled count */
			tol = 1e-6 * (1 + rp->c[i][k]) + (rp->norm && k == 0);
			if (fabs(s[k] - rp->c[i][k]) > tol) {
				fg_warnx("%s: the # fg-run line of stack %zu "
				    "does not sum to its counts: run-to-run "
				    "noise not measured", name, i + 1);
				return 0;
			}
		}
	}
	return 1;
}

/*
 * The key of a unit's two counts: each to 1/1024 of a count unit, so that
 * fractional counts (fg-diff -n) summed in another order by the tool
 * (as fixed-point counts or doubles) still find it; past 2^52 the
 * double's bits.
 */
static void
countkey(char *bk, double a, double b)
{
	double v[2] = { a, b };
	int64_t q;
	int k;

	for (k = 0; k < 2; k++) {
		if (fabs(v[k]) < 4503599627370496.0)
			q = (int64_t)llround(v[k] * 1024);
		else
			memcpy(&q, &v[k], 8);
		memcpy(bk + 8 * k, &q, 8);
	}
}

/* A unit's dispersion under its two counts' entry f: the largest. */
static void
keepphi(struct fg_repl *rp, struct fg_ent *f, const double *ph)
{
	double *q;

	if (f->aux == 0) {
		f->aux = (uint32_t)++rp->nphi;
		q = rp->phi[f->aux - 1];
		q[0] = ph[0];
		q[1] = ph[1];
		return;
	}
	q = rp->phi[f->aux - 1];
	q[0] = ph[0] > q[0] ? ph[0] : q[0];
	q[1] = ph[1] > q[1] ? ph[1] : q[1];
}

void
fg_repl_end(struct fg_repl *rp, const char *name)
{
	struct units u;
	char *buf = NULL, bk[16];
	size_t i, cap = 0;
	struct fg_ent *e;
	double ph[2];

	if (!rp->on)
		return;
	if (!matches(rp, name)) {
		rp->on = 0;
		return;
	}
	memset(&u, 0, sizeof(u));
	u.r = rp->r;
	u.tab = fg_stab_new(0);
	for (i = 0; i < rp->n; i++)
		addstack(rp, &u, i, &buf, &cap);
	rp->byc = fg_stab_new(0);
	rp->phi = fg_calloc(u.n + 1, sizeof(*rp->phi));
	rp->stk = fg_calloc(rp->n + 1, sizeof(*rp->stk));
	for (e = fg_stab_first(u.tab); e != NULL; e = e->next) {
		i = e->aux - 1;
		dispersion(rp, u.x + i * (size_t)u.r, ph);
		if (*fg_ent_key(u.tab, e) == U_STACK) {
			rp->stk[rp->nstk][0] = ph[0];
			rp->stk[rp->nstk][1] = ph[1];
			rp->stk[rp->nstk++][2] = (u.ab[i][0] + u.ab[i][1]) /
			    rp->r;
		}
		countkey(bk, u.ab[i][0], u.ab[i][1]);
		keepphi(rp, fg_stab_get(rp->byc, bk, 16), ph);
	}
	free(buf);
	fg_stab_free(u.tab);
	free(u.x);
	free(u.ab);
	free(u.gen);
}

/* ---- the test ---- */

static int
dblcmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

double
fg_median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), dblcmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * The profile's dispersion in mode m (0 absolute, 1 proportional), count
 * units: the median over the stacks with FG_REPL_MINMEAN samples a run
 * (scale samples per count unit), else over every stack seen.
 */
static double
profilephi(const struct fg_repl *rp, int m, double scale)
{
	double *v = fg_calloc(rp->nstk + 1, sizeof(*v)), med = 0;
	size_t i, k = 0;
	int pass;

	for (pass = 0; pass < 2 && k == 0; pass++)
		for (i = 0; i < rp->nstk; i++)
			if (rp->stk[i][2] * scale >= (pass == 0 ?
			    FG_REPL_MINMEAN : 1e-300))
				v[k++] = rp->stk[i][m];
	if (k > 0)
		med = fg_median(v, k);
	free(v);
	return med;
}

void
fg_repl_setup(struct fg_noise *nz)
{
	const struct fg_repl *rp = nz->rp;
	int m = nz->mode == FG_MODE_PROPORTIONAL, v = nz->negate != 0;
	double scale;

	nz->between = 0;
	if (!fg_repl_on(rp))
		return;
	nz->between = 1;
	nz->nrun[0] = rp->nrun[v];
	nz->nrun[1] = rp->nrun[1 - v];
	/* samples per count unit: sampled counts only */
	scale = nz->origin == FG_ORIGIN_SAMPLED ? (nz->scale[0] +
	    nz->scale[1]) / 2 : 0;
	nz->rfloor = scale > 0 ? 1 / scale : 0;
	nz->phig = profilephi(rp, m, scale > 0 ? scale : 1);
	if (nz->phig < nz->rfloor)
		nz->phig = nz->rfloor;
	nz->rdf = FG_REPL_D0 + rp->r - 2;
	/* absolute: the sides' means a run compare (once, whatever the
	 * number of setups) */
	scale = !m && !nz->driftauto ? (double)nz->nrun[1] / nz->nrun[0] : 1;
	nz->drift *= scale / (nz->rdrift > 0 ? nz->rdrift : 1);
	nz->rdrift = scale;
	scale = nz->origin == FG_ORIGIN_SAMPLED ? (nz->scale[0] +
	    nz->scale[1]) / 2 : 0;
	snprintf(nz->how, sizeof(nz->how), "%d:%d runs: between-run noise "
	    "(quasi-%s, dispersion %.3g%s, %.0f df)", nz->nrun[0],
	    nz->nrun[1], m ? "binomial" : "Poisson",
	    scale > 0 ? nz->phig * scale : nz->phig, scale > 0 ?
	    " samples" : " count units", nz->rdf);
}

/* The dispersion of the unit holding a before and b after (view order). */
static double
unitphi(const struct fg_noise *nz, double a, double b)
{
	const struct fg_repl *rp = nz->rp;
	double u, phi, g = nz->phig;
	struct fg_ent *e;
	char bk[16];

	if (nz->negate) {
		u = a;
		a = b;
		b = u;
	}
	countkey(bk, a, b);
	e = rp->byc != NULL ? fg_stab_find(rp->byc, bk, 16) : NULL;
	u = e != NULL ? rp->phi[e->aux - 1][nz->mode ==
	    FG_MODE_PROPORTIONAL] : g;
	phi = (FG_REPL_D0 * g + (rp->r - 2) * u) / (FG_REPL_D0 +
	    rp->r - 2);
	if (phi < g)
		phi = g;
	return phi < nz->rfloor ? nz->rfloor : phi;
}

/* The standard error (count units or share) and change under the model. */
static double
rse(const struct fg_noise *nz, double a, double b, double *d)
{
	double p, t0 = nz->tot[0], t1 = nz->tot[1], k = nz->drift > 0 ?
	    nz->drift : 1, phi = unitphi(nz, a, b);

	if (nz->mode == FG_MODE_PROPORTIONAL) {
		if (!(t0 > 0) || !(t1 > 0))
			return *d = 0;
		*d = b / t1 - a / t0;
		p = (a + b) / (t0 + t1);
		return sqrt(phi * p * (1 - p) * (1 / t0 + 1 / t1));
	}
	*d = b / k - a;
	return sqrt(phi * (a + b / (k * k)));
}

/* Wallace's normal z of the same tail as Student's t with df degrees. */
static double
tz(double t, double df)
{
	double z = (8 * df + 1) / (8 * df + 3) * sqrt(df * log1p(t * t /
	    df));

	return t < 0 ? -z : z;
}

/* Its inverse: the t whose tail is that of z. */
static double
zt(double z, double df)
{
	double w = z / ((8 * df + 1) / (8 * df + 3));

	return sqrt(df * expm1(w * w / df));
}

double
fg_repl_z(const struct fg_noise *nz, double a, double b)
{
	double d, se;

	if (!isfinite(a) || !isfinite(b) || a < 0 || b < 0)
		return 0;
	se = rse(nz, a, b, &d);
	if (!(se > 0))		/* no variation at all: any change is real */
		return d == 0 || isnan(d) ? 0 : d > 0 ? HUGE_VAL : -HUGE_VAL;
	return tz(d / se, nz->rdf);
}

double
fg_repl_mdc(const struct fg_noise *nz, double a, double b, double z)
{
	double d, se = rse(nz, a, b, &d);

	if (nz->mode != FG_MODE_PROPORTIONAL)
		se = nz->tot[0] > 0 ? se / nz->tot[0] : NAN;
	if (!(se > 0))
		return 0;
	return zt(z, nz->rdf) * se;
}

void
fg_repl_hover(const struct fg_noise *nz, double zmdc, double *z, double *s0,
    double *s1, double *phi)
{
	int sampled = nz->origin == FG_ORIGIN_SAMPLED;

	*z = zt(zmdc, nz->rdf);
	*s0 = sampled ? nz->scale[0] : 1;
	*s1 = sampled ? nz->scale[1] : 1;
	*phi = sampled ? nz->phig * (nz->scale[0] + nz->scale[1]) / 2 :
	    nz->phig;
}

size_t
fg_repl_nstacks(const struct fg_repl *rp)
{
	return rp->n;
}

void
fg_repl_out(const struct fg_repl *rp, size_t i)
{
	const double *x = rp->vec + i * (size_t)rp->r;
	fg_count c;
	int k;

	fg_out_str("# fg-run ");
	for (k = 0; k < rp->r; k++) {
		if (k > 0)
			fg_out_char(k == rp->nrun[0] ? ':' : ',');
		if (fg_count_from_dbl(x[k], &c) < 0)
			c.i = 0, c.f = 0;
		fg_out_count(c);
	}
	fg_out_char('\n');
}

/* Whether one input may carry run lines (see fg_repl_maybe). */
static int
maybeone(const char *path)
{
	char buf[4096];
	struct stat sb;
	ssize_t n;
	int fd, r = 1;

	/* only a regular file is looked into: a FIFO or a device opened
	 * and closed here would lose what it holds for the read after */
	if (strcmp(path, "-") == 0 || stat(path, &sb) != 0 ||
	    !S_ISREG(sb.st_mode) || (fd = open(path, O_RDONLY)) < 0)
		return 1;
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode)) {
		n = read(fd, buf, sizeof(buf) - 1);
		if (n >= 0) {
			buf[n] = '\0';
			buf[strcspn(buf, "\n")] = '\0';
			/* gzip's magic: not known before it is read */
			r = (n >= 2 && (unsigned char)buf[0] == 0x1f &&
			    (unsigned char)buf[1] == 0x8b) ||
			    (strncmp(buf, "# fg-", 5) == 0 &&
			    strstr(buf, " runs=") != NULL);
		}
	}
	(void)close(fd);
	return r;
}

int
fg_repl_maybe(char *const *files, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (maybeone(files[i]))
			return 1;
	return 0;
}
