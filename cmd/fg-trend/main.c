/* SPDX-License-Identifier: ISC */
/*
 * fg-trend: many profiles in series order (releases, days, the windows
 * fg-collapse --window writes), and for each function, self and total,
 * its share of each profile, the fitted slope in points per step, and the
 * best step change with its onset, each tested as fit.c says; ranked by
 * evidence: rising, falling, then stepped. A gate (--fail-above) fails on
 * a real rise beyond a number of points across the series.
 *
 * This file: the options, the profiles read and folded into functions,
 * the verdicts (Holm over every test), the report and the gate.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "sum.h"
#include "trend.h"

static const char usage[] =
    "fg-trend [-b self|total|both] [-f pct] [-n N] [--all]\n"
    "                [--tsv|--markdown|--stream]\n"
    "                [--files-from list] profile ...";

static const char help[] =
    "usage: fg-trend [options] profile ...\n"
    "Read three or more folded profiles in series order (releases, days,\n"
    "or the windows fg-collapse --window writes) and report, for each\n"
    "function, its share of each profile's total, self and total: the\n"
    "fitted slope in points per step and the change it makes across the\n"
    "series, and the best step change with the profile it begins at, each\n"
    "tested against the noise the unit of the counts has (fg-trend(1)).\n"
    "Real trends are listed rising first, then falling, then stepped.\n"
    "\n"
    "  -b, --by MEASURE       self, total or both (default both)\n"
    "  -n, --top N            rows per list (default 20; 0 for all)\n"
    "  -f, --fail-above PCT   exit 1 when a real rise across the series\n"
    "                         (or a real step up) exceeds PCT points\n"
    "      --fail-both        the gate fails on real falls too\n"
    "  -m, --min-change PCT   list only changes of at least PCT points\n"
    "                         across the series (default 0.1)\n"
    "  -a, --alpha A          family-wise error rate (default 0.001, Holm)\n"
    "      --all              also list the trends within noise\n"
    "      --tsv              tab-separated values, one row per function\n"
    "                         and measure, every profile's share\n"
    "      --markdown         GitHub Markdown\n"
    "      --stream           the series for fg-svg: every function's\n"
    "                         verdict and shares, then the last profile\n"
    "      --files-from LIST  also read the profiles named in LIST, one\n"
    "                         path a line (- for standard input)\n"
    FG_HELP_GATE_TAIL;

enum {
	OPT_ALL = 256, OPT_TSV, OPT_MD, OPT_FAILBOTH, OPT_FILESFROM, OPT_MODE,
	OPT_STREAM
};
static const struct fg_opt opts[] = {
	{ "by", 'b', FG_OPT_ARG },
	{ "top", 'n', FG_OPT_ARG },
	{ "fail-above", 'f', FG_OPT_ARG },
	{ "fail-both", OPT_FAILBOTH, FG_OPT_NOARG },
	{ "min-change", 'm', FG_OPT_ARG },
	{ "alpha", 'a', FG_OPT_ARG },
	{ "mode", OPT_MODE, FG_OPT_ARG },
	{ "all", OPT_ALL, FG_OPT_NOARG },
	{ "tsv", OPT_TSV, FG_OPT_NOARG },
	{ "markdown", OPT_MD, FG_OPT_NOARG },
	{ "stream", OPT_STREAM, FG_OPT_NOARG },
	{ "files-from", OPT_FILESFROM, FG_OPT_ARG },
	{ NULL, 0, 0 }
};

enum { BY_SELF = 1, BY_TOTAL = 2 };
enum cls { CLS_RISING, CLS_FALLING, CLS_STEPPED, CLS_NOISE, CLS_UNTESTED };
static const char *const clsname[] = {
	"rising", "falling", "stepped", "noise", "untested"
};

/* One function's series for one measure, fitted. */
struct row {
	size_t fn;		/* function index */
	int measure;		/* BY_SELF or BY_TOTAL */
	int both;		/* self, and its total is the same series */
	const double *x;	/* shares, n of them */
	struct trend_fit f;
	int sigslope, sigstep;	/* Holm's verdicts */
	enum cls cls;
	double change;		/* the class's change: fitted, or the step */
	double p;		/* the class's p-value, for ranking */
};

struct opts {
	int by, all, failboth, gate;
	int stream;		/* --stream: the series for fg-svg */
	long long top;
	double failpct, minchange, alpha;
	enum fg_fmt fmt;
	int mode;		/* --mode, or FG_MODE_STREAM: by the unit */
};

/* Everything read: profiles, functions, their series. */
struct series {
	size_t n;		/* profiles */
	char **names;		/* their paths */
	double *tot;		/* each profile's total, count units */
	double *smp;		/* the samples behind each */
	char *unit;		/* the unit the headers name ("samples") */
	char **hdr;		/* each profile's header (while reading) */
	struct fg_period det;	/* the period seen in every count */
	enum trend_model model;
	int mode;		/* FG_MODE_ABSOLUTE or FG_MODE_PROPORTIONAL */
	struct fg_stab *fns;	/* name -> index in aux */
	const char **fname;	/* index -> name */
	size_t *flen;
	double **v;		/* index -> shares: self [0, n), total [n, 2n) */
	uint64_t *mark;		/* the stack a function was last counted in */
	size_t nfn, cap;
	uint64_t stackno;
};

static const char *const exactunits[] = {
	"Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw",
	"Bc", "Bcm", "Bi", "Bim", "Ge", "instructions", NULL
};

/*
 * What a profile's counts are: the header's origin= (exact, sampled,
 * unknown: fg-folded(5)), else exact for callgrind's events, sampled for
 * samples or weights whose samples the header gives or whose period shows
 * in the counts, else unknown.
 */
static enum trend_model
modelof(const char *unit, const char *header, const struct fg_period *det)
{
	static const char *const origins[] = { "sampled", "exact", "unknown" };
	char *v;
	int i;

	if (header != NULL && (v = fg_header_get(header, "origin")) != NULL) {
		for (i = 0; i < 3 && strcmp(v, origins[i]) != 0; i++)
			;
		free(v);
		if (i < 3)
			return (enum trend_model)i;
	}
	for (i = 0; exactunits[i] != NULL; i++)
		if (strcmp(unit, exactunits[i]) == 0)
			return TREND_EXACT;
	if (strcmp(unit, "samples") == 0)
		return TREND_SAMPLED;
	if (header != NULL && ((v = fg_header_get(header, "samples")) != NULL ||
	    (v = fg_header_get(header, "period")) != NULL)) {
		free(v);
		return TREND_SAMPLED;
	}
	return fg_period_side(det, 0) > 1 ? TREND_SAMPLED : TREND_UNKNOWN;
}

static size_t
fnindex(struct series *s, const char *name, size_t len)
{
	struct fg_ent *e = fg_stab_get(s->fns, name, len);

	if (e->aux != 0)
		return e->aux - 1;
	if (s->nfn == UINT32_MAX - 1)
		fg_errx(FG_EXIT_ERR, "too many functions");
	if (s->nfn == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 1024;
		s->fname = fg_reallocarray(s->fname, s->cap, sizeof(*s->fname));
		s->flen = fg_reallocarray(s->flen, s->cap, sizeof(*s->flen));
		s->v = fg_reallocarray(s->v, s->cap, sizeof(*s->v));
		s->mark = fg_reallocarray(s->mark, s->cap, sizeof(*s->mark));
	}
	s->fname[s->nfn] = fg_ent_key(s->fns, e);
	s->flen[s->nfn] = len;
	s->v[s->nfn] = fg_calloc(2 * s->n, sizeof(double));
	s->mark[s->nfn] = 0;
	e->aux = (uint32_t)++s->nfn;
	return s->nfn - 1;
}

/* One stack of profile i: self to its leaf, total once per function. */
static void
fold(struct series *s, size_t i, const char *p, size_t len, double c)
{
	const char *end = p + len, *semi;
	size_t k, leaf = 0;

	s->stackno++;
	for (;;) {
		semi = memchr(p, ';', (size_t)(end - p));
		if (semi == NULL)
			semi = end;
		k = fnindex(s, p, (size_t)(semi - p));
		if (s->mark[k] != s->stackno) {
			s->mark[k] = s->stackno;
			s->v[k][s->n + i] += c;
		}
		leaf = k;
		if (semi == end)
			break;
		p = semi + 1;
	}
	s->v[leaf][i] += c;
}

/* The samples behind profile i: the header's, else its total / period. */
static double
samplesof(const char *header, double tot, const struct fg_period *det)
{
	char *v, *colon;
	double x = 0, per;

	if (header != NULL && (v = fg_header_get(header, "samples")) != NULL) {
		colon = strchr(v, ':');
		x = strtod(colon != NULL ? colon + 1 : v, NULL);
		free(v);
		if (x > 0 && isfinite(x))
			return x;
	}
	if (header != NULL && (v = fg_header_get(header, "period")) != NULL) {
		per = strtod(v, NULL);
		free(v);
		if (per > 0 && isfinite(per))
			return tot / per;
	}
	per = fg_period_side(det, 0);
	return tot / (per > 0 ? per : 1);
}

static void
readone(struct series *s, size_t i)
{
	struct fg_fold f;
	struct fg_rec r;
	char *unit = NULL;
	fg_count c, sum = { 0, 0 };
	int col;

	fg_fold_open(&f, s->names[i], FG_KIND_UNKNOWN);
	while (fg_fold_next(&f, &r)) {
		/* a differential stream: its current profile */
		col = r.ncols == 2 ? 1 : 0;
		c = r.c[col];
		if (fg_count_iszero(c))
			continue;
		if (fg_count_add(&sum, c) < 0)
			fg_sum_overflow(f.in.name, f.in.lineno);
		fg_period_add(&s->det, 0, c);
		fold(s, i, r.stack, r.len, fg_count_dbl(c));
	}
	if (f.header != NULL)
		unit = fg_header_get(f.header, "unit");
	if (unit == NULL)
		unit = fg_strdup("samples");
	s->tot[i] = fg_count_dbl(sum);
	if (s->tot[i] <= 0)
		fg_errx(FG_EXIT_ERR, "%s: an empty profile: no samples to "
		    "take a share of", s->names[i]);
	if (i == 0) {
		s->unit = unit;
	} else {
		if (strcmp(unit, s->unit) != 0)
			fg_errx(FG_EXIT_ERR, "mixed units: %s counts %s, %s "
			    "counts %s; a trend compares one unit",
			    s->names[0], s->unit, s->names[i], unit);
		free(unit);
	}
	s->hdr[i] = f.header != NULL ? fg_strdup(f.header) : NULL;
	fg_fold_close(&f);
}

static void
readall(struct series *s, char **files, size_t n)
{
	enum trend_model m;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->n = n;
	s->names = files;
	s->tot = fg_calloc(n, sizeof(double));
	s->smp = fg_calloc(n, sizeof(double));
	s->hdr = fg_calloc(n, sizeof(char *));
	s->fns = fg_stab_new(0);
	for (i = 0; i < n; i++)
		readone(s, i);
	/*
	 * What the counts are, and the samples behind each profile: a period
	 * no header names is looked for in the counts of the whole series, so
	 * that a short window with a few stacks is read as the others are.
	 */
	for (i = 0; i < n; i++) {
		m = modelof(s->unit, s->hdr[i], &s->det);
		if (i == 0)
			s->model = m;
		else if (m != s->model)	/* samples unknown in one: no test */
			s->model = TREND_UNKNOWN;
		s->smp[i] = samplesof(s->hdr[i], s->tot[i], &s->det);
		free(s->hdr[i]);
	}
	free(s->hdr);
	s->hdr = NULL;
}

static void
series_free(struct series *s)
{
	size_t k;

	for (k = 0; k < s->nfn; k++)
		free(s->v[k]);
	free(s->v);
	free(s->fname);
	free(s->flen);
	free(s->mark);
	fg_stab_free(s->fns);
	free(s->tot);
	free(s->smp);
	free(s->unit);
}

/*
 * Counts into fractions: proportional, of each profile's own total;
 * absolute, all of the first profile's (fixed work, whose totals move with
 * the code). The default: absolute for exact counts (a benchmark under
 * callgrind), proportional otherwise (windows of any length).
 */
static void
scale(struct series *s, int mode)
{
	size_t i, k, n = s->n;


	if (mode == FG_MODE_STREAM)
		mode = s->model == TREND_EXACT ? FG_MODE_ABSOLUTE :
		    FG_MODE_PROPORTIONAL;
	s->mode = mode;
	for (k = 0; k < s->nfn; k++)
		for (i = 0; i < 2 * n; i++)
			s->v[k][i] /= s->tot[mode == FG_MODE_ABSOLUTE ? 0 :
			    i % n];
}

/* Rows for every function and measure asked for, fitted. */
static struct row *
fitall(const struct series *s, const struct opts *o, size_t *nrow)
{
	struct row *rv;
	double *ones;
	size_t k, i, nr = 0;
	int m;

	ones = fg_reallocarray(NULL, s->n, sizeof(double));
	for (i = 0; i < s->n; i++)
		ones[i] = 1;
	rv = fg_reallocarray(NULL, s->nfn * 2 + 1, sizeof(*rv));
	for (k = 0; k < s->nfn; k++) {
		for (m = BY_SELF; m <= BY_TOTAL; m++) {
			const double *x = s->v[k] + (m == BY_TOTAL ? s->n : 0);

			if (!(o->by & m))
				continue;
			/* both: a total that is its self (a leaf) once */
			if (m == BY_TOTAL && (o->by & BY_SELF) &&
			    memcmp(x, s->v[k], s->n * sizeof(double)) == 0) {
				if (nr > 0 && rv[nr - 1].fn == k)
					rv[nr - 1].both = 1;
				continue;
			}
			/* a share that never moves (never a leaf, the root) */
			for (i = 1; i < s->n && x[i] == x[0]; i++)
				;
			if (i == s->n)
				continue;
			rv[nr].fn = k;
			rv[nr].measure = m;
			rv[nr].both = 0;
			rv[nr].x = x;
			/*
			 * proportional shares of samples: binomial weights;
			 * absolute counts of fixed work: equal under the null
			 */
			trend_fit(x, s->smp, s->model == TREND_SAMPLED &&
			    s->mode == FG_MODE_PROPORTIONAL ? s->smp : ones,
			    s->n, s->model, &rv[nr].f);
			nr++;
		}
	}
	free(ones);
	*nrow = nr;
	return rv;
}

/* Holm over every slope and step test that ran; then each row's class. */
static size_t
judge(struct row *rv, size_t nr, const struct opts *o, enum trend_model m)
{
	double *z;
	unsigned char *sig;
	size_t *at, i, k, ntest = 0;
	const struct trend_fit *f;
	struct row *r;

	z = fg_reallocarray(NULL, 2 * nr + 1, sizeof(double));
	at = fg_reallocarray(NULL, 2 * nr + 1, sizeof(size_t));
	sig = fg_calloc(2 * nr + 1, 1);
	for (i = 0; i < nr; i++) {
		f = &rv[i].f;
		if (!f->tested)
			continue;
		at[ntest] = 2 * i;
		z[ntest++] = fg_zof(f->p > 0 ? f->p : 1e-300);
		at[ntest] = 2 * i + 1;
		z[ntest++] = fg_zof(f->stepp > 0 ? f->stepp : 1e-300);
	}
	fg_holm(z, ntest, o->alpha, sig);
	/* sig[] is in z's order: spread it back to the rows */
	for (k = ntest; k-- > 0;) {
		unsigned char v = sig[k];

		sig[k] = 0;
		sig[at[k]] = v;
	}
	for (i = 0; i < nr; i++) {
		r = &rv[i];
		f = &r->f;
		/* unknown origin: no test, the threshold alone decides */
		r->sigslope = (m == TREND_UNKNOWN || (sig[2 * i] &&
		    f->p < 1)) && fabs(f->change) * 100 >= o->minchange;
		r->sigstep = (m == TREND_UNKNOWN || (sig[2 * i + 1] &&
		    f->stepp < 1)) && fabs(f->step) * 100 >= o->minchange;
		r->change = f->change;
		r->p = f->p;
		if (r->sigstep && (!r->sigslope || f->steprss < f->rss)) {
			r->cls = CLS_STEPPED;
			r->change = f->step;
			r->p = f->stepp;
		} else if (r->sigslope)
			r->cls = f->slope > 0 ? CLS_RISING : CLS_FALLING;
		else
			r->cls = f->tested || m == TREND_UNKNOWN ? CLS_NOISE :
			    CLS_UNTESTED;
	}
	free(z);
	free(at);
	free(sig);
	return ntest;
}

/* Rank: class, then evidence (smaller p), then the larger change. */
static int
rowcmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	double px = isnan(x->p) ? 2 : x->p, py = isnan(y->p) ? 2 : y->p;
	int cx = x->cls == CLS_UNTESTED ? CLS_NOISE : (int)x->cls;
	int cy = y->cls == CLS_UNTESTED ? CLS_NOISE : (int)y->cls;

	if (cx != cy)
		return cx < cy ? -1 : 1;
	if (px != py)
		return px < py ? -1 : 1;
	/* the larger change; equal ones (a leaf and its callers' totals
	 * carry one change): self first, where the work is */
	if (fabs(fabs(x->change) - fabs(y->change)) > 1e-9)
		return fabs(x->change) > fabs(y->change) ? -1 : 1;
	if (x->measure != y->measure)
		return x->measure - y->measure;
	return x->fn < y->fn ? -1 : x->fn > y->fn;
}

static void
fmtp(char *buf, size_t n, double p)
{
	if (isnan(p))
		snprintf(buf, n, "-");
	else if (p == 0)
		snprintf(buf, n, "0");
	else if (p < 0.001)
		snprintf(buf, n, "%.1e", p);
	else
		snprintf(buf, n, "%.3f", p);
}

static void
fmtt(char *buf, size_t n, double t, double p)
{
	if (isnan(p))
		snprintf(buf, n, "-");
	else if (isinf(t))
		snprintf(buf, n, "%s", t > 0 ? "+inf" : "-inf");
	else
		snprintf(buf, n, "%+.1f", t);
}

static const char *
basename_of(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL && s[1] != '\0' ? s + 1 : path;
}

/* The table of one class (or of all rows, TSV). */
static void
table(const struct series *s, const struct opts *o, const struct row *rv,
    size_t nr, const char *title)
{
	struct fg_tbl t;
	char num[8][48], *name, *shname;
	const char *cells[8];
	const struct row *r;
	size_t i, lim = nr;
	int step = nr > 0 && rv[0].cls == CLS_STEPPED;

	if (o->top > 0 && (size_t)o->top < lim)
		lim = (size_t)o->top;
	if (o->fmt == FG_FMT_MD)
		fg_out_printf("\n**%s**\n\n", title);
	else
		fg_out_printf("\n%s\n", title);
	fg_tbl_init(&t, 8);
	t.left[0] = t.left[1] = 1;
	if (step)
		t.left[4] = 1;
	fg_tbl_head(&t, 0, "FUNCTION", "function", NULL);
	fg_tbl_head(&t, 1, "MEASURE", "measure", NULL);
	fg_tbl_head(&t, 2, "FIRST", "first", NULL);
	fg_tbl_head(&t, 3, "LAST", "last", NULL);
	if (step) {
		fg_tbl_head(&t, 4, "ONSET", "onset", NULL);
		fg_tbl_head(&t, 5, "BEFORE", "before", NULL);
		fg_tbl_head(&t, 6, "STEP", "step", NULL);
	} else {
		fg_tbl_head(&t, 4, "SLOPE/STEP", "slope", NULL);
		fg_tbl_head(&t, 5, "CHANGE", "change", NULL);
		fg_tbl_head(&t, 6, "t", "t", NULL);
	}
	fg_tbl_head(&t, 7, "p", "p", NULL);
	for (i = 0; i < lim; i++) {
		r = &rv[i];
		name = fg_tbl_name(s->fname[r->fn], s->flen[r->fn], o->fmt);
		shname = NULL;
		cells[0] = name;
		cells[1] = r->measure == BY_SELF ? "self" : "total";
		snprintf(num[2], sizeof(num[2]), "%.2f%%", r->x[0] * 100);
		snprintf(num[3], sizeof(num[3]), "%.2f%%",
		    r->x[s->n - 1] * 100);
		if (step) {
			shname = fg_tbl_name(basename_of(s->names[r->f.onset]),
			    strlen(basename_of(s->names[r->f.onset])), o->fmt);
			cells[4] = shname;
			snprintf(num[5], sizeof(num[5]), "%.2f%%",
			    r->f.before * 100);
			snprintf(num[6], sizeof(num[6]), "%+.2f",
			    r->f.step * 100);
			fmtp(num[7], sizeof(num[7]), r->f.stepp);
		} else {
			snprintf(num[4], sizeof(num[4]), "%+.3f",
			    r->f.slope * 100);
			snprintf(num[5], sizeof(num[5]), "%+.2f",
			    r->f.change * 100);
			fmtt(num[6], sizeof(num[6]), r->f.t, r->f.p);
			fmtp(num[7], sizeof(num[7]), r->f.p);
			cells[4] = num[4];
		}
		cells[2] = num[2];
		cells[3] = num[3];
		cells[5] = num[5];
		cells[6] = num[6];
		cells[7] = num[7];
		fg_tbl_row(&t, cells);
		free(name);
		free(shname);
	}
	fg_tbl_print(&t, o->fmt);
	fg_tbl_free(&t);
	if (lim < nr)
		fg_out_printf("(%zu more; -n 0 lists all)\n", nr - lim);
}

/* --tsv: one row per function and measure, every profile's share. */
static void
tsv(const struct series *s, const struct row *rv, size_t nr)
{
	char buf[64], *name;
	const struct row *r;
	size_t i, k;

	fg_out_str("function\tmeasure\tclass\treal\tslope\tchange\tt\tp\t"
	    "onset\tstep\tstep_p");
	for (k = 0; k < s->n; k++) {
		name = fg_tbl_name(s->names[k], strlen(s->names[k]), FG_FMT_TSV);
		fg_out_printf("\t%s", name);
		free(name);
	}
	fg_out_char('\n');
	for (i = 0; i < nr; i++) {
		r = &rv[i];
		name = fg_tbl_name(s->fname[r->fn], s->flen[r->fn], FG_FMT_TSV);
		fg_out_printf("%s\t%s\t%s\t%d\t%.6f\t%.6f\t", name,
		    r->measure == BY_SELF ? "self" : "total", clsname[r->cls],
		    r->cls < CLS_NOISE, r->f.slope * 100, r->f.change * 100);
		free(name);
		fmtt(buf, sizeof(buf), r->f.t, r->f.p);
		fg_out_printf("%s\t", buf);
		fmtp(buf, sizeof(buf), r->f.p);
		fg_out_printf("%s\t", buf);
		if (r->sigstep) {
			name = fg_tbl_name(s->names[r->f.onset],
			    strlen(s->names[r->f.onset]), FG_FMT_TSV);
			fg_out_str(name);
			free(name);
		}
		fg_out_printf("\t%.6f\t", r->f.step * 100);
		fmtp(buf, sizeof(buf), r->f.stepp);
		fg_out_str(buf);
		for (k = 0; k < s->n; k++)
			fg_out_printf("\t%.6f", r->x[k] * 100);
		fg_out_char('\n');
	}
}

static const char *
modeldesc(enum trend_model m)
{
	switch (m) {
	case TREND_SAMPLED:
		return "sampled counts: slope and step tested with t against "
		    "the variation between profiles (quasi-binomial)";
	case TREND_EXACT:
		return "exact counts: no sampling noise, every change is "
		    "real; --min-change decides";
	default:
		return "counts of unknown origin: no noise test, the "
		    "threshold alone decides (--min-change, --fail-above)";
	}
}

static void
report(const struct series *s, const struct opts *o, struct row *rv,
    size_t nr, size_t ntest)
{
	static const char *const titles[] = {
		"Rising (points per step; change across the series)",
		"Falling (points per step; change across the series)",
		"Stepped (the onset names the first profile of the new level)",
		"Within noise (ranked by evidence)"
	};
	const double *amt = s->model == TREND_SAMPLED ? s->smp : s->tot;
	double smin = HUGE_VAL, smax = 0;
	size_t i, j, cnt[5] = { 0 };

	for (i = 0; i < s->n; i++) {
		if (amt[i] < smin)
			smin = amt[i];
		if (amt[i] > smax)
			smax = amt[i];
	}
	for (i = 0; i < nr; i++)
		cnt[rv[i].cls]++;
	if (o->fmt == FG_FMT_TSV) {
		tsv(s, rv, nr);
		return;
	}
	fg_out_printf("%s%zu profiles, %s to %s, %.0f to %.0f %s each%s\n",
	    o->fmt == FG_FMT_MD ? "**fg-trend**: " : "", s->n,
	    basename_of(s->names[0]), basename_of(s->names[s->n - 1]), smin,
	    smax, s->model == TREND_SAMPLED ? "samples" : s->unit,
	    o->fmt == FG_FMT_MD ? "  " : "");
	if (s->model == TREND_SAMPLED)
		fg_out_printf("%s; Holm at %g over %zu tests\n",
		    modeldesc(s->model), o->alpha, ntest);
	else
		fg_out_printf("%s\n", modeldesc(s->model));
	fg_out_printf("%s mode: %s\n", fg_mode_name(s->mode),
	    s->mode == FG_MODE_ABSOLUTE ? "points of the first profile's "
	    "total (fixed work)" : "shares of each profile's total");
	fg_out_printf("%zu rising, %zu falling, %zu stepped; %zu within "
	    "noise%s\n", cnt[CLS_RISING], cnt[CLS_FALLING], cnt[CLS_STEPPED],
	    cnt[CLS_NOISE] + cnt[CLS_UNTESTED],
	    cnt[CLS_UNTESTED] ? " or untested" : "");
	for (i = 0, j = 0; j < 4; j++) {
		size_t n = j < 3 ? cnt[j] : cnt[CLS_NOISE] + cnt[CLS_UNTESTED];

		if (n > 0 && (j < 3 || o->all))
			table(s, o, rv + i, n, titles[j]);
		i += n;
	}
}

/*
 * --stream: the series as fg-svg draws it (fg-trend(1), STREAM): a header,
 * the inputs in series order, a line per function and measure fitted with
 * the verdict and every share, ranked; then the last profile's stacks,
 * summed and in bytewise order, so that any other tool reads the stream as
 * a profile of the last input.
 */
static const char *const modelname[] = { "sampled", "exact", "unknown" };

static void
stream_stack(const char *key, size_t len, const fg_count *c, int ncols,
    void *arg)
{
	char buf[64];
	fg_count v = c[ncols - 1];

	(void)arg;
	if (fg_count_iszero(v))
		return;
	fg_out_write(key, len);
	fg_out_char(' ');
	fg_out_write(buf, fg_count_fmt(buf, v));
	fg_out_char('\n');
}

static void
stream(const struct series *s, const struct opts *o, const struct row *rv,
    size_t nr)
{
	struct fg_sumopt so;
	char np[32], nrow[32], alpha[32], tot[32];
	const struct row *r;
	size_t i, k;

	snprintf(np, sizeof(np), "%zu", s->n);
	snprintf(nrow, sizeof(nrow), "%zu", nr);
	snprintf(alpha, sizeof(alpha), "%g", o->alpha);
	snprintf(tot, sizeof(tot), "%.17g", s->tot[s->n - 1]);
	fg_out_header("fg-trend", "kind", "trend", "profiles", np, "rows", nrow,
	    "by", o->by == BY_SELF ? "self" : o->by == BY_TOTAL ? "total" :
	    "both",
	    "unit", strcmp(s->unit, "samples") != 0 ? s->unit : NULL,
	    "model", modelname[s->model], "mode", fg_mode_name(s->mode),
	    "alpha", alpha, "total", tot, "last",
	    basename_of(s->names[s->n - 1]), NULL);
	for (k = 0; k < s->n; k++)
		fg_out_printf("# trend-input %zu %s\n", k,
		    basename_of(s->names[k]));
	for (i = 0; i < nr; i++) {
		r = &rv[i];
		fg_out_printf("# trend %s %s %.6g %.6g ", r->both ? "both" :
		    r->measure == BY_SELF ? "self" : "total", clsname[r->cls],
		    r->change * 100, r->f.slope * 100);
		if (isnan(r->p))
			fg_out_str("-");
		else
			fg_out_printf("%.3g", r->p);
		if (r->sigstep)
			fg_out_printf(" %zu", r->f.onset);
		else
			fg_out_str(" -");
		fg_out_printf(" %.6g", r->f.step * 100);
		for (k = 0; k < s->n; k++)
			fg_out_printf(" %.6g", r->x[k] * 100);
		fg_out_char(' ');
		fg_out_write(s->fname[r->fn], s->flen[r->fn]);
		fg_out_char('\n');
	}
	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_UNKNOWN;
	so.emit = stream_stack;
	(void)fg_sum(&s->names[s->n - 1], 1, &so);
}

/* The gate: real rises (and falls with --fail-both) above failpct. */
static int
gate(const struct series *s, const struct opts *o, const struct row *rv,
    size_t nr)
{
	size_t i, nbad = 0;
	const struct row *r;
	char *name;

	for (i = 0; i < nr; i++) {
		r = &rv[i];
		if (r->cls >= CLS_NOISE)
			continue;
		if (!(r->change * 100 > o->failpct ||
		    (o->failboth && -r->change * 100 > o->failpct)))
			continue;
		name = fg_tbl_name(s->fname[r->fn], s->flen[r->fn], FG_FMT_TEXT);
		if (r->cls == CLS_STEPPED)
			fg_warnx("gate: %s (%s) stepped %+.2f points from %s "
			    "(p %.2g), beyond %g", name,
			    r->measure == BY_SELF ? "self" : "total",
			    r->change * 100, s->names[r->f.onset], r->p,
			    o->failpct);
		else
			fg_warnx("gate: %s (%s) %s %+.2f points across %zu "
			    "profiles (%+.3f per step, p %.2g), beyond %g",
			    name, r->measure == BY_SELF ? "self" : "total",
			    r->change > 0 ? "rose" : "fell", r->change * 100,
			    s->n, r->f.slope * 100, r->p, o->failpct);
		free(name);
		nbad++;
	}
	if (nbad > 0)
		fg_warnx("gate failed: %zu real %s above %g points", nbad,
		    o->failboth ? (nbad == 1 ? "change" : "changes") :
		    (nbad == 1 ? "rise" : "rises"), o->failpct);
	if (o->fmt == FG_FMT_MD)
		fg_out_printf("\n**Gate %s**: %zu real %s above %g points "
		    "across the series.\n", nbad ? "failed" : "passed", nbad,
		    o->failboth ? "changes" : "rises", o->failpct);
	return nbad > 0;
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct opts o;
	struct series s;
	struct row *rv;
	const char *list = NULL;
	char **files;
	size_t nr, ntest;
	int c, nfiles, failed, data;

	fg_tool_init(argv[0], usage, help);
	memset(&o, 0, sizeof(o));
	o.by = BY_SELF | BY_TOTAL;
	o.top = 20;
	o.minchange = 0.1;
	o.alpha = FG_ALPHA_DEFAULT;
	o.fmt = FG_FMT_TEXT;
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'b':
			if (strcmp(st.arg, "self") == 0)
				o.by = BY_SELF;
			else if (strcmp(st.arg, "total") == 0)
				o.by = BY_TOTAL;
			else if (strcmp(st.arg, "both") == 0)
				o.by = BY_SELF | BY_TOTAL;
			else
				fg_errx(FG_EXIT_ERR, "--by: self, total or "
				    "both, not %s", st.arg);
			break;
		case 'n':
			o.top = fg_parse_int(st.arg, 0, LLONG_MAX, "--top");
			break;
		case 'f':
			o.gate = 1;
			o.failpct = (double)fg_parse_factor(st.arg,
			    "--fail-above");
			break;
		case OPT_FAILBOTH:
			o.failboth = 1;
			break;
		case 'm':
			o.minchange = (double)fg_parse_factor(st.arg,
			    "--min-change");
			break;
		case 'a':
			o.alpha = (double)fg_parse_factor(st.arg, "--alpha");
			if (!(o.alpha > 0 && o.alpha < 1))
				fg_errx(FG_EXIT_ERR, "--alpha: between 0 and "
				    "1, not %s", st.arg);
			break;
		case OPT_MODE:
			if ((o.mode = fg_mode_parse(st.arg)) < 0)
				fg_errx(FG_EXIT_ERR, "--mode: absolute or "
				    "proportional, not %s", st.arg);
			break;
		case OPT_ALL:
			o.all = 1;
			break;
		case OPT_TSV:
			o.fmt = FG_FMT_TSV;
			break;
		case OPT_MD:
			o.fmt = FG_FMT_MD;
			break;
		case OPT_STREAM:
			o.stream = 1;
			break;
		case OPT_FILESFROM:
			list = st.arg;
			break;
		default:
			fg_usage(usage);
		}
	}
	nfiles = st.nops;
	files = st.ops;
	if (list != NULL)
		files = fg_opt_files_from(list, st.ops, &nfiles);
	if (nfiles < 3)
		fg_errx(FG_EXIT_ERR, "%d profile%s: a trend needs three or "
		    "more in series order (for two, fg-diff | fg-top)", nfiles,
		    nfiles == 1 ? "" : "s");
	if (o.stream && o.fmt != FG_FMT_TEXT)
		fg_errx(FG_EXIT_ERR, "--stream: not with --tsv or --markdown");
	if (o.stream && strcmp(files[nfiles - 1], "-") == 0)
		fg_errx(FG_EXIT_ERR, "--stream: the last profile is read "
		    "twice: not standard input");
	readall(&s, files, (size_t)nfiles);
	scale(&s, o.mode);
	rv = fitall(&s, &o, &nr);
	ntest = judge(rv, nr, &o, s.model);
	qsort(rv, nr, sizeof(*rv), rowcmp);
	if (o.stream)
		stream(&s, &o, rv, nr);
	else
		report(&s, &o, rv, nr, ntest);
	data = fg_status;
	failed = o.gate && gate(&s, &o, rv, nr);
	fg_out_close();
	free(rv);
	series_free(&s);
	if (files != st.ops) {
		for (c = st.nops; c < nfiles; c++)
			free(files[c]);
		free(files);
	}
	free(st.ops);
	if (failed)
		return FG_EXIT_DATA;
	if (o.gate && data != 0)
		return 3;
	return data;
}
