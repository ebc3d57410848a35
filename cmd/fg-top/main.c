/* SPDX-License-Identifier: ISC */
/*
 * fg-top: the top functions of a folded profile, or the largest changes of
 * a differential stream with their significance, and a CI gate on them.
 * This file: the input (the stacks through sum.h's fg_sum, folded into
 * per-function counts), the decisions (a profile's ranking, a diff's
 * classification over change.h, the gate's offenders), the options and
 * the run; report.c prints (top.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "color.h"
#include "sum.h"
#include "top.h"

/*
 * Per-function counts: self and total, before (0) after (1), as sum.h's
 * fold counts a function's (a frame's, by path, alike).
 */
enum {
	TOP_SELF0 = FG_FN_SELF(0), TOP_TOTAL0 = FG_FN_TOTAL(0),
	TOP_SELF1 = FG_FN_SELF(1), TOP_TOTAL1 = FG_FN_TOTAL(1),
	TOP_NCOL = FG_FN_NCOL
};

/* What the input holds (top_read). */
struct topin {
	struct fg_fnfold fn;	/* functions, TOP_NCOL counts each */
	uint64_t nstacks;	/* unique stacks */
	fg_count grand[2];	/* column totals */
	struct fg_period period;	/* detected in the stacks' counts */
	enum fg_kind kind;
	char *header;		/* the first "# fg-" header line, or NULL */
	const char *name;	/* the last input's name, for messages */
	int wantpaths;		/* the gate: frames (paths) too */
	struct fg_stab *paths;	/* frames by path, TOP_NCOL counts each
				 * (inclusive as total, self), parents
				 * before their callees */
	struct fg_repl *rp;	/* replicate runs' counts (stats.h) */
};

/* What one thread of the merge adds up (sum.h: fork and join). */
struct topacc {
	struct fg_fnfold fn;	/* functions (sum.h's fold) */
	struct fg_stab *paths;	/* frames by path, when in->wantpaths */
	uint64_t nstacks;
	struct fg_period period;
	struct topin *in;	/* what the read settles; its name */
	struct fg_repl *rp;	/* the stacks in order (one thread) */
};

/*
 * ---- folding ----
 * A profile's stacks folded into per-function counts by sum.h's fold:
 * self (the leaf's) and total (once per stack a function is on, however
 * often it recurses there), before and after; the gate's frames by path;
 * the period seen in the counts. Called by fg_sum (sum.h), a table per
 * merge thread.
 */

static void
addc(fg_count *dst, fg_count v, const struct topacc *a)
{
	/* below the column totals, which fg_sum checked: cannot happen */
	if (fg_count_add(dst, v) < 0)
		fg_sum_overflow(a->in->name, 0);
}

/*
 * A stack's frames, each the path from the root to it: its count added
 * to every frame on it (inclusive, as the total columns), the leaf's to
 * its self columns; the gate tests them as the pictures colour them.
 */
static void
fold_paths(struct topacc *a, const char *key, size_t len, const fg_count *c)
{
	const char *semi = key;
	struct fg_ent *e = NULL;
	int k;

	for (;;) {
		semi = memchr(semi, ';', (size_t)(key + len - semi));
		if (semi == NULL)
			semi = key + len;
		e = fg_stab_get(a->paths, key, (size_t)(semi - key));
		for (k = 0; k < 2; k++)
			addc(&e->c[k == 0 ? TOP_TOTAL0 : TOP_TOTAL1], c[k], a);
		if (semi == key + len)
			break;
		semi++;
	}
	for (k = 0; k < 2; k++)
		addc(&e->c[k == 0 ? TOP_SELF0 : TOP_SELF1], c[k], a);
}

/* fg_sum's emit, fork and join (sum.h): stacks into a topacc. */
static void
top_fold_stack(const char *key, size_t len, const fg_count *c, int ncols,
    void *arg)
{
	struct topacc *a = arg;
	int k;

	a->nstacks++;
	if (a->rp != NULL && ncols == 2)
		fg_repl_stack(a->rp, key, len, c);
	for (k = 0; k < ncols; k++)
		fg_period_add(&a->period, k, c[k]);
	/* below the column totals, which fg_sum checked: cannot happen */
	if (fg_fnfold_add(&a->fn, key, len, c, ncols) < 0)
		fg_sum_overflow(a->in->name, 0);
	if (a->paths != NULL && ncols == 2)
		fold_paths(a, key, len, c);
}

static void *
top_fold_fork(void *arg)
{
	struct topacc *a = arg, *b;

	b = fg_calloc(1, sizeof(*b));
	fg_fnfold_init(&b->fn, 0);
	if (a->in->wantpaths)
		b->paths = fg_stab_new(TOP_NCOL);
	b->in = a->in;
	return b;
}

/* Adds what q saw into p (the two halves' counts). */
static void
period_join(struct fg_period *p, const struct fg_period *q)
{
	int k;

	for (k = 0; k < 2; k++) {
		p->gcd[k] = fg_gcd(p->gcd[k], q->gcd[k]);
		p->n[k] += q->n[k];
		p->frac[k] |= q->frac[k];
	}
}

/* The upper half's functions into ours: new ones after ours, in order. */
static void
top_fold_join(void *arg, void *child)
{
	struct topacc *a = arg, *b = child;
	struct fg_ent *e, *d;
	int k;

	if (fg_fnfold_join(&a->fn, &b->fn) < 0)
		fg_sum_overflow(a->in->name, 0);
	for (e = b->paths != NULL ? fg_stab_first(b->paths) : NULL; e != NULL;
	    e = e->next) {
		d = fg_stab_get(a->paths, fg_ent_key(b->paths, e), e->len);
		for (k = 0; k < TOP_NCOL; k++)
			addc(&d->c[k], e->c[k], a);
	}
	if (b->paths != NULL)
		fg_stab_free(b->paths);
	a->nstacks += b->nstacks;
	period_join(&a->period, &b->period);
	free(b);
}

/*
 * ---- the input ----
 * The stacks come through the one summing path (sum.h), every unique
 * stack once with its summed counts, folded as above into per-function
 * counts; the input's kind, totals, header and name are kept here.
 */

static void
onheader(void *arg, int i, const char *name, const char *header)
{
	struct topacc *a = arg;

	(void)i;
	a->in->name = name;	/* the last input's, as messages name it */
	fg_repl_header(a->rp, header);
}

/* Metadata: replicate runs' "# fg-run" lines (set, fg_sum's emit keeps
 * to one thread, in the stream's order). */
static void
onmeta(void *arg, const char *line, size_t len)
{
	struct topacc *a = arg;

	fg_repl_meta(a->rp, line, len);
}

static void
onstart(void *arg, enum fg_kind kind, int ncols, const fg_count *total)
{
	struct topacc *a = arg;
	int k;

	a->in->kind = kind;
	for (k = 0; k < ncols && k < 2; k++)
		a->in->grand[k] = total[k];
}

/* Reads and sums the named inputs ("-": standard input). */
static void
top_read(struct topin *in, char **files, int nfiles, int wantpaths)
{
	struct fg_sumopt so;
	struct topacc a;

	memset(in, 0, sizeof(*in));
	in->wantpaths = wantpaths;
	in->name = "<stdin>";
	memset(&a, 0, sizeof(a));
	fg_fnfold_init(&a.fn, 0);
	if (wantpaths)
		a.paths = fg_stab_new(TOP_NCOL);
	a.in = in;
	a.rp = in->rp = fg_repl_new();
	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_UNKNOWN;
	/* the column totals bound every sum: over 2^63-1, fatal at its line */
	so.needtotal = 1;
	so.totalatline = 1;
	so.header = &in->header;
	so.onheader = onheader;
	/* run lines keep the stacks in order, on one thread: only then */
	so.onmeta = fg_repl_maybe(files, nfiles) ? onmeta : NULL;
	so.start = onstart;
	so.emit = top_fold_stack;
	so.fork = top_fold_fork;
	so.join = top_fold_join;
	so.arg = &a;
	fg_sum(files, nfiles, &so);
	fg_repl_end(in->rp, in->name);
	in->fn = a.fn;
	in->paths = a.paths;
	in->nstacks = a.nstacks;
	in->period = a.period;
}

static void
top_in_free(struct topin *in)
{
	fg_fnfold_free(&in->fn);
	fg_repl_free(in->rp);
	if (in->paths != NULL)
		fg_stab_free(in->paths);
	free(in->header);
}

/*
 * ---- the decisions ----
 * A profile's functions ranked; a differential stream's functions
 * classified through change.h's noise test; the gate's offenders; and
 * whether the input can be gated at all.
 */

/* Exits (2) unless the input can be gated: a diff with both sides. */
static void
top_check_gate(const struct topin *in)
{
	if (in->nstacks == 0)
		fg_errx(FG_EXIT_ERR, "%s: no samples: nothing to gate",
		    in->name);
	if (in->kind != FG_KIND_DIFF)
		fg_errx(FG_EXIT_ERR, "%s: --fail-above needs a differential "
		    "stream (stack before after)", in->name);
	if (fg_count_iszero(in->grand[0]) || fg_count_iszero(in->grand[1]))
		fg_errx(FG_EXIT_ERR, "%s: the %s side has no samples",
		    in->name, fg_count_iszero(in->grand[0]) ? "before" :
		    "after");
}

/* The functions ranked by o's measure; *n of them, free() the array. */
static struct fn *
top_profile(const struct topopt *o, const struct topin *in, size_t *n)
{
	int m = o->bytotal ? TOP_TOTAL0 : TOP_SELF0;
	int other = o->bytotal ? TOP_SELF0 : TOP_TOTAL0;
	struct fg_ent **r;
	struct fn *v;
	size_t i;

	r = fg_fnfold_rank(&in->fn, m, other, n);
	v = fg_calloc(*n + 1, sizeof(*v));
	for (i = 0; i < *n; i++) {
		v[i].name = fg_ent_key(in->fn.tab, r[i]);
		v[i].len = r[i]->len;
		v[i].c[0] = r[i]->c[m];
		v[i].c[1] = r[i]->c[other];
	}
	free(r);
	return v;
}

/* Every function seen, classified (fg_changes_free it). */
static void
top_classify(const struct topopt *o, struct fg_noise *nz,
    const struct topin *in, struct fg_changes *cs)
{
	struct fg_ent *e;
	int m = o->bytotal ? TOP_TOTAL0 : TOP_SELF0;

	fg_noise_setup(nz, in->header, in->name, fg_count_dbl(in->grand[0]),
	    fg_count_dbl(in->grand[1]), &in->period);
	fg_changes_init(cs);
	for (e = fg_stab_first(in->fn.tab); e != NULL; e = e->next) {
		if (fg_count_iszero(e->c[m]) && fg_count_iszero(e->c[m + 2]))
			continue;	/* never seen on either side */
		fg_changes_add(cs, fg_ent_key(in->fn.tab, e), e->len,
		    fg_count_dbl(e->c[m]), fg_count_dbl(e->c[m + 2]));
	}
	/* Dispersion is measured on self counts: they partition a side. */
	fg_changes_classify(cs, nz, !o->bytotal);
}

/*
 * Does c fail a gate at pct points? Significant growth or new code whose
 * change exceeds pct (rounded to 1e-9 points); with both, significant
 * decreases too.
 */
static int
offends(const struct fg_chg *c, double pct, int both)
{
	if (!c->sig || !fg_over(c->delta, pct))
		return 0;
	return c->delta > 0 || both;
}

/*
 * The gate's offenders (none without --fail-above): indices into cs->v,
 * in its order; *n of them, free() the array.
 */
static size_t *
top_offenders(const struct topopt *o, const struct fg_changes *cs,
    size_t *n)
{
	size_t i, *bad;

	bad = fg_reallocarray(NULL, cs->n + 1, sizeof(*bad));
	*n = 0;
	for (i = 0; o->gate && i < cs->n; i++)
		if (offends(&cs->v[i], o->failpct, o->gateboth))
			bad[(*n)++] = i;
	return bad;
}

/*
 * The frames as the pictures see them: every path of the input, its
 * counts inclusive and self, its parent (the root 0, parents first).
 */
struct pathtab {
	size_t n;
	size_t *parent;
	double *tot, *self;	/* 2 per frame */
	const char **key;
	size_t *len;
};

static void
pathtab_build(struct pathtab *t, const struct topin *in)
{
	struct fg_ent *e, *p;
	const char *k, *semi;
	size_t i, n = fg_stab_count(in->paths) + 1;

	t->n = n;
	t->parent = fg_calloc(n, sizeof(*t->parent));
	t->tot = fg_calloc(2 * n, sizeof(*t->tot));
	t->self = fg_calloc(2 * n, sizeof(*t->self));
	t->key = fg_calloc(n, sizeof(*t->key));
	t->len = fg_calloc(n, sizeof(*t->len));
	t->tot[0] = fg_count_dbl(in->grand[0]);
	t->tot[1] = fg_count_dbl(in->grand[1]);
	t->key[0] = "";
	for (i = 1, e = fg_stab_first(in->paths); e != NULL; e = e->next, i++)
		e->aux = (uint32_t)i;
	for (i = 1, e = fg_stab_first(in->paths); e != NULL; e = e->next, i++) {
		k = t->key[i] = fg_ent_key(in->paths, e);
		t->len[i] = e->len;
		t->tot[2 * i] = fg_count_dbl(e->c[TOP_TOTAL0]);
		t->tot[2 * i + 1] = fg_count_dbl(e->c[TOP_TOTAL1]);
		t->self[2 * i] = fg_count_dbl(e->c[TOP_SELF0]);
		t->self[2 * i + 1] = fg_count_dbl(e->c[TOP_SELF1]);
		for (semi = k + e->len; semi > k && semi[-1] != ';'; semi--)
			;
		p = semi > k ? fg_stab_find(in->paths, k,
		    (size_t)(semi - 1 - k)) : NULL;
		t->parent[i] = p != NULL ? p->aux : 0;
	}
}

static void
pathtab_free(struct pathtab *t)
{
	free(t->parent);
	free(t->tot);
	free(t->self);
	free(t->key);
	free(t->len);
}

/* Largest change first, then path. */
static int
cmpframe(const void *x, const void *y)
{
	const struct topframe *a = x, *b = y;
	double da = fabs(a->v.delta), db = fabs(b->v.delta);

	if (da != db)
		return da > db ? -1 : 1;
	return fg_keycmp(a->path, a->plen, b->path, b->plen);
}

/*
 * The gate on frames: every frame's inclusive change judged by the one
 * verdict the pictures colour by (color.h: the noise test over all
 * frames, the threshold at --fail-above), and the deepest failing ones
 * kept: a regression spread over a function's callees is named at that
 * function, not at its callers. nz0: the options, not yet set up. In
 * absolute mode, when the functions moved together (cs's drift, not
 * taken out) the frames are judged beyond that drift: a run that ran
 * slower moves every frame holding the whole run, and that is the
 * drift fg-top notes, not a frame's regression.
 */
static void
top_frames(const struct topopt *o, const struct fg_noise *nz0,
    const struct topin *in, const struct fg_changes *cs,
    struct topframes *fr)
{
	struct fg_colorcfg cfg;
	struct fg_cframe cf;
	struct fg_fverdict v;
	struct pathtab t;
	unsigned char *fails, *deep;
	size_t i, k;

	memset(fr, 0, sizeof(*fr));
	fr->drift = 1;
	if (in->paths == NULL)
		return;
	pathtab_build(&t, in);
	fg_colorcfg_init(&cfg);
	cfg.nz = *nz0;
	if (cs->mode == FG_MODE_ABSOLUTE && cs->drift == 1 && cs->driftn > 0 &&
	    fabs(cs->driftm - 1) > FG_DRIFT_WARN)
		cfg.nz.drift = fr->drift = cs->driftm;
	cfg.minchg = o->failpct;
	cfg.header = in->header;
	fg_color_begin(&cfg, t.tot);
	for (i = 1; i < t.n; i++)
		fg_color_add(&cfg, &t.tot[2 * i], &t.self[2 * i]);
	fg_color_end(&cfg, t.tot, &in->period);
	fails = fg_calloc(t.n, 1);
	deep = fg_calloc(t.n, 1);
	for (i = 1; i < t.n; i++) {
		cf.tot = &t.tot[2 * i];
		cf.self = &t.self[2 * i];
		cf.root = 0;
		cf.pnew = 0;
		fg_verdict_frame(&cfg, &cf, &v);
		fails[i] = (unsigned char)fg_verdict_fails(&v, o->gateboth);
	}
	fr->f = fg_calloc(fg_verdict_deepest(t.parent, fails, t.n, deep) + 1,
	    sizeof(*fr->f));
	for (i = 1; i < t.n; i++) {
		if (!deep[i])
			continue;
		struct topframe *f = &fr->f[fr->n++];

		f->path = t.key[i];
		f->plen = t.len[i];
		for (k = f->plen; k > 0 && f->path[k - 1] != ';'; k--)
			;
		f->name = k;
		f->c[0] = t.tot[2 * i];
		f->c[1] = t.tot[2 * i + 1];
		cf.tot = f->c;
		cf.self = &t.self[2 * i];
		cf.root = 0;
		cf.pnew = 0;
		fg_verdict_frame(&cfg, &cf, &f->v);
	}
	qsort(fr->f, fr->n, sizeof(*fr->f), cmpframe);
	free(fails);
	free(deep);
	fg_colorcfg_free(&cfg);
	pathtab_free(&t);
}

/* Whether a frame of path p[0..len) from byte from on is called name. */
static int
onpath(const char *p, size_t len, size_t from, const char *name, size_t nl)
{
	const char *s = p + from, *end = p + len, *semi;

	for (;;) {
		semi = memchr(s, ';', (size_t)(end - s));
		if (semi == NULL)
			semi = end;
		if ((size_t)(semi - s) == nl && memcmp(s, name, nl) == 0)
			return 1;
		if (semi == end)
			return 0;
		s = semi + 1;
	}
}

/*
 * The offenders a failing frame already explains: its function (self),
 * or with --by total any function on its path (a caller's total holds
 * the frame's growth): not named again. Keeps bad[] in order; returns
 * how many are left.
 */
static size_t
top_unnamed(const struct topopt *o, const struct fg_changes *cs, size_t *bad,
    size_t n, const struct topframes *fr)
{
	size_t i, j, k = 0;
	const struct fg_chg *c;
	const struct topframe *f;
	int named;

	for (i = 0; i < n; i++) {
		c = &cs->v[bad[i]];
		named = 0;
		for (j = 0; j < fr->n && !named; j++) {
			f = &fr->f[j];
			named = onpath(f->path, f->plen, o->bytotal ? 0 :
			    f->name, c->name, c->len);
		}
		if (!named)
			bad[k++] = bad[i];
	}
	return k;
}

/* ---- the options and the run ---- */

static const char usage[] =
    "fg-top [-n N] [--by self|total] [--fail-above PCT [--fail-both]]\n"
    "              [--all] [--tsv | --markdown] [--cost VCPUS:PRICE]\n"
    "              [--mode absolute|proportional] [--period P | --samples N[:M]]\n"
    "              [--alpha A | --zcrit Z] [--dispersion PHI]\n"
    "              [--drift auto|K] [file ...]";

static const char help[] =
    "usage: fg-top [options] [file ...]\n"
    "Report the top functions of a folded profile (self and total counts\n"
    "and shares, functions merged by name across stacks), or for a\n"
    "differential stream (stack before after) the total before and after,\n"
    "the significant regressions (grown or new), then the significant\n"
    "improvements (shrunk or removed), each ranked by the size of its\n"
    "change, and the number of changes within sampling noise. Several\n"
    "files are read as one stream; with no file, or when file is -, read\n"
    "standard input.\n"
    "\n"
    "  -n, --top N            rows per list (default 20; 0 for all)\n"
    "  -b, --by self|total    measure to sort, report and gate (default self)\n"
    "  -f, --fail-above PCT   exit 1 when a significant regression exceeds\n"
    "                         PCT points (offenders on standard error)\n"
    "      --fail-both        the gate fails on significant decreases too\n"
    "      --all              also list the changes within noise\n"
    "      --tsv              tab-separated values with a header row\n"
    "      --markdown         GitHub Markdown (pull-request comments)\n"
    "  -c, --cost VCPUS:PRICE " FG_COST_HELP_TEXT
    "  -m, --mode MODE        absolute (counts, points of the baseline's\n"
    "                         total) or proportional (shares of each side's\n"
    "                         total); default: the stream's header, else\n"
    "                         absolute\n"
    "  -p, --period P         counts are weighted: P count units per sample\n"
    "  -s, --samples N[:M]    samples behind the counts (before:after)\n"
    "  -a, --alpha A          family-wise error rate (default 0.001, Holm)\n"
    "  -z, --zcrit Z          fixed |z| threshold per function instead\n"
    "  -d, --dispersion PHI   variance inflation of run-to-run noise\n"
    "                         (default 1: sampling noise only)\n"
    "      --drift auto|K     absolute mode: divide the after counts by K,\n"
    "                         or by the median function's after/before\n"
    "                         (auto), taking out a run's speed (default 1)\n"
    FG_HELP_GATE_TAIL;

enum { OPT_TSV = 256, OPT_MD, OPT_ALL, OPT_BOTH, OPT_DRIFT };
static const struct fg_opt opts[] = {
	{ "top", 'n', FG_OPT_ARG },
	{ "by", 'b', FG_OPT_ARG },
	{ "fail-above", 'f', FG_OPT_ARG },
	{ "fail-both", OPT_BOTH, FG_OPT_NOARG },
	{ "all", OPT_ALL, FG_OPT_NOARG },
	{ "tsv", OPT_TSV, FG_OPT_NOARG },
	{ "markdown", OPT_MD, FG_OPT_NOARG },
	{ "cost", 'c', FG_OPT_ARG },
	{ "mode", 'm', FG_OPT_ARG },
	{ "period", 'p', FG_OPT_ARG },
	{ "samples", 's', FG_OPT_ARG },
	{ "alpha", 'a', FG_OPT_ARG },
	{ "zcrit", 'z', FG_OPT_ARG },
	{ "dispersion", 'd', FG_OPT_ARG },
	{ "drift", OPT_DRIFT, FG_OPT_ARG },
	{ NULL, 0, 0 }
};

static double
parse_num(const char *s, const char *what, int zero_ok)
{
	double v = (double)fg_parse_factor(s, what);

	if (!zero_ok && !(v > 0))
		fg_errx(FG_EXIT_ERR, "%s: must be above 0: %s", what, s);
	return v;
}

static void
setfmt(struct topopt *o, enum fg_fmt f)
{
	if (o->fmt != FG_FMT_TEXT && o->fmt != f)
		fg_errx(FG_EXIT_ERR, "--tsv and --markdown: choose one");
	o->fmt = f;
}

static void
option(struct topopt *o, struct fg_noise *nz, int c, const char *arg)
{
	switch (c) {
	case 'n':
		o->top = fg_parse_int(arg, 0, 1000000000, "-n");
		break;
	case 'b':
		if (strcmp(arg, "self") != 0 && strcmp(arg, "total") != 0)
			fg_errx(FG_EXIT_ERR, "--by: self or total, not %s",
			    arg);
		o->bytotal = strcmp(arg, "total") == 0;
		break;
	case 'f':
		o->gate = 1;
		o->failpct = parse_num(arg, "--fail-above", 1);
		break;
	case OPT_BOTH:
		o->gateboth = 1;
		break;
	case OPT_ALL:
		o->all = 1;
		break;
	case OPT_TSV:
	case OPT_MD:
		setfmt(o, c == OPT_TSV ? FG_FMT_TSV : FG_FMT_MD);
		break;
	case 'c':
		fg_cost_parse(&o->cost, arg);
		break;
	case 'm':
	case 'p':
	case 's':
		fg_noise_opt(nz, c == 'm' ? FG_OPT_MODE : c == 'p' ?
		    FG_OPT_PERIOD : FG_OPT_SAMPLES, arg);
		break;
	case 'a':
		fg_noise_opt(nz, FG_OPT_ALPHA, arg);
		break;
	case 'z':
		/* no "no test" here: 0 is not a threshold */
		fg_noise_opt(nz, FG_OPT_ZCRIT, arg);
		if (nz->rule == FG_RULE_NONE)
			fg_errx(FG_EXIT_ERR, "--zcrit: must be above 0: %s",
			    arg);
		break;
	case 'd':
		nz->phi = parse_num(arg, "--dispersion", 0);
		break;
	case OPT_DRIFT:
		fg_noise_opt(nz, FG_OPT_DRIFT, arg);
		break;
	default:
		fg_usage(usage);
	}
}

/* The report of what was read; 1 when the gate failed. */
static int
report(const struct topopt *o, struct fg_noise *nz,
    const struct topin *in)
{
	struct fg_changes cs;
	struct topframes fr;
	struct fg_noise nz0;
	struct fn *v;
	size_t n, *bad;

	nz->rp = fg_repl_on(in->rp) ? in->rp : NULL;
	nz0 = *nz;

	if (in->kind != FG_KIND_DIFF) {
		v = top_profile(o, in, &n);
		report_profile(o, v, n, in->grand[0], in->nstacks);
		free(v);
		return 0;
	}
	top_classify(o, nz, in, &cs);
	bad = top_offenders(o, &cs, &n);
	top_frames(o, &nz0, in, &cs, &fr);
	n = top_unnamed(o, &cs, bad, n, &fr);
	report_diff(o, &cs, nz, bad, n, &fr, in->grand);
	free(bad);
	free(fr.f);
	fg_changes_free(&cs);
	return n + fr.n > 0;
}

int
main(int argc, char *argv[])
{
	struct topopt o = { .top = 20, .fmt = FG_FMT_TEXT };
	struct fg_noise nz;
	struct fg_optstate st;
	struct topin in;
	char **files;
	int c, nfiles, bad = 0;

	fg_tool_init(argv[0], usage, help);
	fg_noise_init(&nz);
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1)
		option(&o, &nz, c, st.arg);
	files = fg_opt_files(&st, &nfiles);

	top_read(&in, files, nfiles, o.gate);
	if (in.header != NULL)
		o.unit = fg_header_get(in.header, "unit");
	if (o.gate)
		top_check_gate(&in);
	if (in.nstacks > 0)
		bad = report(&o, &nz, &in);
	top_in_free(&in);
	free(o.unit);
	free(st.ops);
	fg_out_close();
	if (o.gate)
		return bad ? 1 : fg_status == FG_EXIT_DATA ? 3 : fg_status;
	return fg_status;
}
