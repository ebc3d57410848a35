/* SPDX-License-Identifier: ISC */
/*
 * fg-diff: two folded profiles into one differential stream.
 * The whole tool: how much of the two profiles' weight is in stacks both
 * have, and the warning when it is little; the hooks fg_sum (sum.h) calls
 * while it reads the two profiles (their headers, keys with -s's hex
 * stripped; each summed stack with -n's base count scaled); the output;
 * the options and the run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"

/*
 * The overlap. Two profiles with no stack in common (root frames named
 * after two builds of a program, prog-v1 and prog-v2) make an all-new,
 * all-gone diff that looks like a result. fg-diff totals, per root frame,
 * each side's weight and the weight of the stacks both sides have, and
 * judges whether that shared part is small, then warns, naming each side's
 * largest root frames.
 */

/* Below this share of either side's weight, fg-diff warns. */
#define OVERLAP_MIN 0.05

struct overlap {
	struct fg_stab *roots;	/* root frame -> weight before, after */
	struct fg_ent *cur;	/* the root frame of the last stack */
	double shared[2];	/* weight of the stacks both sides have */
};

#define OVERLAP_NAMES 3		/* root frames named per side */
struct overlap_side {
	double total;		/* the side's weight */
	const struct fg_ent *best[OVERLAP_NAMES];	/* largest first */
	double pct[OVERLAP_NAMES];	/* each one's share, in percent */
	int n;
	int more;		/* it has more root frames */
};
struct overlap_verdict {
	double f[2];		/* the shared stacks' share of each side */
	int none;		/* no stack shared */
	struct overlap_side side[2];
};

static void
overlap_init(struct overlap *o)
{
	memset(o, 0, sizeof(*o));
	o->roots = fg_stab_new(2);
}

static void
overlap_free(struct overlap *o)
{
	fg_stab_free(o->roots);
	o->roots = NULL;
}

static void
addroot(struct fg_ent *e, const fg_count *c)
{
	int i;

	for (i = 0; i < 2; i++)
		if (fg_count_add(&e->c[i], c[i]) < 0)
			e->c[i].i = INT64_MAX;	/* only a share, for a warning */
}

/* A stack and its counts before and after (stacks come in key order). */
static void
overlap_add(struct overlap *o, const char *key, size_t len, const fg_count *c)
{
	const char *semi = memchr(key, ';', len);
	size_t rl = semi != NULL ? (size_t)(semi - key) : len;

	if (o->cur == NULL || o->cur->len != rl ||
	    memcmp(fg_ent_key(o->roots, o->cur), key, rl) != 0)
		o->cur = fg_stab_get(o->roots, key, rl);
	addroot(o->cur, c);
	if (!fg_count_iszero(c[0]) && !fg_count_iszero(c[1])) {
		o->shared[0] += fg_count_dbl(c[0]);
		o->shared[1] += fg_count_dbl(c[1]);
	}
}

/* Adds child's figures to o and frees child's table. */
static void
overlap_join(struct overlap *o, struct overlap *child)
{
	struct fg_ent *e;

	for (e = fg_stab_first(child->roots); e != NULL; e = e->next)
		addroot(fg_stab_get(o->roots, fg_ent_key(child->roots, e),
		    e->len), e->c);
	o->shared[0] += child->shared[0];
	o->shared[1] += child->shared[1];
	o->cur = NULL;
	overlap_free(child);
}

/* Side col's largest root frames (OVERLAP_NAMES at most) into sd. */
static void
bestroots(const struct overlap *o, int col, struct overlap_side *sd)
{
	struct fg_ent *e;
	size_t all = 0;
	int i, j;

	sd->n = 0;
	for (e = fg_stab_first(o->roots); e != NULL; e = e->next) {
		if (fg_count_iszero(e->c[col]))
			continue;
		all++;
		for (i = 0; i < sd->n; i++)
			if (fg_count_cmp(e->c[col], sd->best[i]->c[col]) > 0)
				break;
		if (i == OVERLAP_NAMES)
			continue;
		if (sd->n < OVERLAP_NAMES)
			sd->n++;
		for (j = sd->n - 1; j > i; j--)
			sd->best[j] = sd->best[j - 1];
		sd->best[i] = e;
	}
	for (i = 0; i < sd->n; i++)
		sd->pct[i] = 100 * fg_count_dbl(sd->best[i]->c[col]) /
		    sd->total;
	sd->more = all > (size_t)sd->n;
}

/*
 * Whether the profiles share no stack or less than OVERLAP_MIN of either
 * side's weight: then 1, with v filled in (each side's share and largest
 * root frames).
 */
static int
overlap_judge(const struct overlap *o, const fg_count *total,
    struct overlap_verdict *v)
{
	int k;

	for (k = 0; k < 2; k++) {
		v->side[k].total = fg_count_dbl(total[k]);
		if (v->side[k].total <= 0)
			return 0;
	}
	for (k = 0; k < 2; k++)
		v->f[k] = o->shared[k] / v->side[k].total;
	if (v->f[0] >= OVERLAP_MIN && v->f[1] >= OVERLAP_MIN)
		return 0;
	v->none = o->shared[0] == 0;
	for (k = 0; k < 2; k++)
		bestroots(o, k, &v->side[k]);
	return 1;
}

/* "name (P%), ..." of a side's largest root frames, on stderr. */
static void
putroots(const struct overlap *o, const struct overlap_side *sd)
{
	int i;

	for (i = 0; i < sd->n; i++)
		fprintf(stderr, "%s%.*s (%.1f%%)", i > 0 ? ", " : " ",
		    (int)sd->best[i]->len, fg_ent_key(o->roots, sd->best[i]),
		    sd->pct[i]);
	if (sd->more)
		fputs(", ...", stderr);
}

/* The warning, naming each side's largest root frames. */
static void
overlap_warn(const struct overlap *o, const struct overlap_verdict *v,
    const char *base, const char *current)
{
	if (v->none)
		fg_warnx("%s and %s share no stack: every stack is new or gone",
		    base, current);
	else
		fg_warnx("%s and %s share few stacks: %.1f%% and %.1f%% of "
		    "their weight", base, current, 100 * v->f[0], 100 * v->f[1]);
	fprintf(stderr, "%s: root frames of %s:", fg_progname, base);
	putroots(o, &v->side[0]);
	fprintf(stderr, "\n%s: root frames of %s:", fg_progname, current);
	putroots(o, &v->side[1]);
	fputc('\n', stderr);
	/* a binary or process named per version: the roots differ */
	if (v->none && v->side[0].n > 0 && v->side[1].n > 0 &&
	    v->side[0].best[0] != v->side[1].best[0])
		fprintf(stderr, "%s: when the root frames name one program "
		    "differently (prog-1.2, prog-1.3), collapse both with "
		    "fg-collapse --root NAME or --no-root\n", fg_progname);
}

/*
 * fg-diff's state while fg_sum (sum.h) reads the two profiles, and the
 * hooks it calls: on the inputs' side, their headers and keys; on the
 * output's, the counts and figures worked out, then written.
 */
struct emitarg {
	int norm, frac, strip, header;
	char *runs, *runtot;	/* replicates: runs=, run-totals= (or NULL) */
	const char *bname, *cname;	/* base=, current= */
	struct fg_carry carry;	/* the inputs' unit, period and samples */
	struct overlap ov;
	const struct fg_optstate *st;
	fg_count t1, t2;
	fg_count tot[2];	/* t1, t2 as read (-n may not apply) */
	char *buf;		/* -s: the key with hex stripped */
	size_t cap;
};

/* The inputs: their headers, and keys with -s's hex stripped. */

/*
 * Copies s with every 0x[0-9a-fA-F]+ replaced by "0x...", as
 * difffolded.pl -s does; returns the new length. dst must hold 2*n bytes.
 */
static size_t
striphex(char *dst, const char *s, size_t n)
{
	size_t i = 0, o = 0;

	while (i < n) {
		if (s[i] == '0' && i + 2 < n && s[i + 1] == 'x' &&
		    fg_ishex(s[i + 2])) {
			memcpy(dst + o, "0x...", 5);
			o += 5;
			for (i += 2; i < n && fg_ishex(s[i]); i++)
				;
		} else
			dst[o++] = s[i++];
	}
	return o;
}

static void
checkprofile(const char *name, const char *header)
{
	char *k;
	int isdiff;

	if (header == NULL)
		return;
	k = fg_header_get(header, "kind");
	isdiff = k != NULL && strcmp(k, "diff") == 0;
	free(k);
	if (isdiff)
		fg_errx(FG_EXIT_ERR, "%s: is a differential stream, not a "
		    "profile", name);
}

/* -s: key with every 0x... hex address stripped. */
static const char *
diff_rekey(void *arg, int i, const char *key, size_t len,
    size_t *outlen)
{
	struct emitarg *a = arg;

	(void)i;
	if (memchr(key, 'x', len) == NULL) {
		*outlen = len;
		return key;
	}
	if (len * 2 + 1 > a->cap) {
		a->cap = len * 2 + 1;
		a->buf = fg_realloc(a->buf, a->cap);
	}
	*outlen = striphex(a->buf, key, len);
	return a->buf;
}

/* An input's header: a differential stream is refused; unit and period. */
static void
diff_onheader(void *arg, int i, const char *name, const char *header)
{
	struct emitarg *a = arg;

	checkprofile(name, header);
	fg_carry_add(&a->carry, i, header);
	if (fg_carry_mixed(&a->carry) && a->carry.other == i)
		fg_errx(FG_EXIT_ERR, "%s: counts in %s, the base's in %s: "
		    "different units do not compare", name,
		    a->carry.otherunit, a->carry.firstunit);
}

/*
 * The output: the header once the totals are known, then one line per
 * stack with its two counts (worked out below).
 */

/* One output line. */
static void
diff_write_rec(const char *key, size_t len, fg_count before,
    fg_count after)
{
	fg_count c[2];

	c[0] = before;
	c[1] = after;
	fg_out_rec(key, len, c, 2);
}

/*
 * The header. With -n, base-total= keeps the base's total (bt) before
 * scaling, for the noise test of the tools that read the stream (its
 * samples). The inputs' unit=, origin= and period= go on when both inputs
 * give the same (with -n too: the period is the current's, and the base's
 * samples are base-total= over it), and samples= (and ess=, effective
 * samples of weighted counts) as BASE:CURRENT when both give one.
 */
static void
diff_write_header(const struct emitarg *a, fg_count base)
{
	char bt[64], *smp = NULL, *ess = NULL, *const *sv = a->carry.samples;
	char *const *ev = a->carry.ess;

	fg_count_fmt(bt, base);
	if (sv[0] != NULL && sv[1] != NULL && strchr(sv[0], ':') == NULL &&
	    strchr(sv[1], ':') == NULL) {
		smp = fg_malloc(strlen(sv[0]) + strlen(sv[1]) + 2);
		sprintf(smp, "%s:%s", sv[0], sv[1]);
		/* effective samples: a side without ess= has all its own */
		if ((ev[0] != NULL || ev[1] != NULL) &&
		    (ev[0] == NULL || strchr(ev[0], ':') == NULL) &&
		    (ev[1] == NULL || strchr(ev[1], ':') == NULL)) {
			ess = fg_malloc(strlen(ev[0] ? ev[0] : sv[0]) +
			    strlen(ev[1] ? ev[1] : sv[1]) + 2);
			sprintf(ess, "%s:%s", ev[0] ? ev[0] : sv[0],
			    ev[1] ? ev[1] : sv[1]);
		}
	}
	/* runs= early: a reader's first look at the line finds it */
	fg_out_header("fg-diff", "kind", "diff", "mode", a->norm ?
	    "proportional" : "absolute", "runs", a->runs, "base",
	    a->bname, "current", a->cname, "normalized",
	    a->norm ? "yes" : NULL, "base-total", a->norm ? bt : NULL,
	    "strip-hex", a->strip ? "yes" : NULL, "unit",
	    fg_carry_unit(&a->carry), "origin", fg_carry_origin(&a->carry),
	    "period", fg_carry_period(&a->carry), "samples", smp, "ess", ess,
	    "run-totals", a->runtot, (char *)NULL);
	free(smp);
	free(ess);
}

/*
 * What fg-diff works out from each summed stack before it is written:
 * -n's base count scaled to the current total, whether -n changes anything
 * once the totals are known, and the overlap figures, on each of the
 * summing path's threads.
 */

/* Scales a base count to the current total, as difffolded.pl -n does. */
static void
normalize(fg_count *c, const struct emitarg *a)
{
	if (a->frac) {
		long double s = (long double)fg_count_dbl(a->t2) /
		    (long double)fg_count_dbl(a->t1);

		if (fg_count_scale(c, s) < 0)
			fg_errx(FG_EXIT_ERR, "normalized count overflows "
			    "2^63-1");
	} else {
		/* in double, truncated, as difffolded.pl and inferno */
		double d = (double)c->i * (double)a->t2.i / (double)a->t1.i;

		if (fg_count_from_dbl(d, c) < 0)
			fg_errx(FG_EXIT_ERR, "normalized count overflows "
			    "2^63-1");
		c->f = 0;
	}
}

/* One stack and its two counts, the base's scaled with -n. */
static void
diff_emit(const char *key, size_t len, const fg_count *cnt, int ncols,
    void *arg)
{
	struct emitarg *a = arg;
	fg_count c0 = cnt[0];

	(void)ncols;
	overlap_add(&a->ov, key, len, cnt);
	if (a->norm)
		normalize(&c0, a);
	diff_write_rec(key, len, c0, cnt[1]);
}

/* The second thread's state: its own overlap figures. */
static void *
diff_fork(void *arg)
{
	struct emitarg *c = fg_malloc(sizeof(*c));

	*c = *(struct emitarg *)arg;
	overlap_init(&c->ov);
	return c;
}

static void
diff_join(void *arg, void *child)
{
	struct emitarg *a = arg, *c = child;

	overlap_join(&a->ov, &c->ov);
	free(c);
}

/*
 * The totals are known: the header (with -n as asked), then whether -n
 * changes anything: not when the totals are equal or the base's is 0.
 */
static void
diff_start(void *arg, enum fg_kind kind, int ncols,
    const fg_count *total)
{
	struct emitarg *a = arg;

	(void)kind;
	(void)ncols;
	if (a->header)
		diff_write_header(a, total[0]);
	a->t1 = a->tot[0] = total[0];
	a->t2 = a->tot[1] = total[1];
	a->norm = a->norm && fg_count_cmp(a->t1, a->t2) != 0 &&
	    !fg_count_iszero(a->t1);
}

/*
 * Replicate runs (fg-diff BASE... -- CURRENT...): each run summed on its
 * own through fg_sum into one column of a table, the table sorted, and
 * every stack written as a pair does with the sums of each side's runs
 * (what flamegraph.pl and inferno draw), followed by its per-run counts
 * on a "# fg-run A1,A2,...:B1,B2,..." line (fg-folded(5)), which
 * flamegraph.pl and inferno skip (no blank before its last number): the
 * between-run test of fg-top, fg-color and fg-svg reads them. The header
 * adds runs= and run-totals=; samples= and ess= are each side's sums.
 */
struct runs {
	struct fg_stab *tab;	/* stack -> one count per run */
	int col;		/* the run being read */
	int nrun[2];		/* runs per side */
	fg_count *tot;		/* each run's total */
	char *smp[2], *ess[2];	/* each side's summed samples=, ess= */
	int nosmp[2], noess[2];	/* a run lacked samples= (ess=) */
	double sum[2][2];	/* samples and ess summed per side */
	struct emitarg *ea;
	const char *name;	/* the run's file */
};

static void
runs_stack(const char *key, size_t len, const fg_count *c, int ncols,
    void *arg)
{
	struct runs *r = arg;
	struct fg_ent *e = fg_stab_get(r->tab, key, len);

	(void)ncols;
	if (fg_count_add(&e->c[r->col], c[0]) < 0)
		fg_sum_overflow(r->name, 0);
}

static const char *
runs_rekey(void *arg, int i, const char *key, size_t len, size_t *outlen)
{
	return diff_rekey(((struct runs *)arg)->ea, i, key, len, outlen);
}

/* Metadata is left alone; set, it keeps fg_sum's emit on one thread. */
static void
runs_meta(void *arg, const char *line, size_t len)
{
	(void)arg;
	(void)line;
	(void)len;
}

static void
runs_total(void *arg, enum fg_kind kind, int ncols, const fg_count *total)
{
	struct runs *r = arg;

	(void)kind;
	if (ncols > 0)
		r->tot[r->col] = total[0];
}

/* A side's samples= (k 0) or ess= (k 1) summed over its runs. */
static void
runs_addsmp(struct runs *r, int side, int k, const char *header)
{
	char *v = header != NULL ? fg_header_get(header, k ? "ess" : "samples")
	    : NULL;
	char *end;
	double d;

	if (v == NULL && k == 1)	/* no ess=: all its samples count */
		v = header != NULL ? fg_header_get(header, "samples") : NULL;
	d = v != NULL ? strtod(v, &end) : -1;
	if (v == NULL || end == v || *end != '\0' || !(d >= 0))
		(k ? r->noess : r->nosmp)[side] = 1;
	else
		r->sum[side][k] += d;
	free(v);
}

static void
runs_header(void *arg, int i, const char *name, const char *header)
{
	struct runs *r = arg;
	int side = r->col >= r->nrun[0];
	char *e;

	(void)i;
	diff_onheader(r->ea, r->col, name, header);
	runs_addsmp(r, side, 0, header);
	e = header != NULL ? fg_header_get(header, "ess") : NULL;
	if (e != NULL)
		r->noess[side] |= 2;	/* some run has ess= */
	free(e);
	runs_addsmp(r, side, 1, header);
}

/* "v1,v2,...:w1,w2,..." of each run's total. */
static char *
runs_totals(const struct runs *r)
{
	int n = r->nrun[0] + r->nrun[1], k;
	char *s = fg_malloc((size_t)n * 34 + 1), *p = s;

	for (k = 0; k < n; k++) {
		if (k > 0)
			*p++ = k == r->nrun[0] ? ':' : ',';
		p += fg_count_fmt(p, r->tot[k]);
	}
	*p = '\0';
	return s;
}

static char *
runs_num(double d)
{
	char *s = fg_malloc(40);

	snprintf(s, 40, "%.15g", d);
	return s;
}

/* The carried samples= and ess= become each side's sums. */
static void
runs_carry(struct runs *r)
{
	int k;

	for (k = 0; k < 2; k++) {
		free(r->ea->carry.samples[k]);
		free(r->ea->carry.ess[k]);
		r->ea->carry.samples[k] = r->nosmp[k] ? NULL :
		    runs_num(r->sum[k][0]);
		r->ea->carry.ess[k] = (r->noess[k] & 2) && !(r->noess[k] & 1)
		    ? runs_num(r->sum[k][1]) : NULL;
	}
}

/* One stack: the sides' sums as a pair's line, then its runs. */
static void
runs_write(struct runs *r, const struct fg_ent *e)
{
	struct emitarg *a = r->ea;
	const char *key = fg_ent_key(r->tab, e);
	int n = r->nrun[0] + r->nrun[1], k;
	fg_count c[2];

	memset(c, 0, sizeof(c));
	for (k = 0; k < n; k++)
		if (fg_count_add(&c[k >= r->nrun[0]], e->c[k]) < 0)
			fg_errx(FG_EXIT_ERR, "a stack's sum over the runs "
			    "overflows 2^63-1");
	diff_emit(key, e->len, c, 2, a);
	/* no blank before the last count: flamegraph.pl skips the line */
	fg_out_str("# fg-run ");
	for (k = 0; k < n; k++) {
		if (k > 0)
			fg_out_char(k == r->nrun[0] ? ':' : ',');
		fg_out_count(e->c[k]);
	}
	fg_out_char('\n');
}

/* "a,b,c" of names. */
static char *
runs_names(char **v, int n)
{
	size_t len = 1;
	char *s;
	int k;

	for (k = 0; k < n; k++)
		len += strlen(v[k]) + 1;
	s = fg_malloc(len);
	*s = '\0';
	for (k = 0; k < n; k++) {
		if (k > 0)
			strcat(s, ",");
		strcat(s, v[k]);
	}
	return s;
}

/* nb base runs, then the current runs, of files[]. */
static void
runs_diff(struct emitarg *a, char **files, int nb, int n)
{
	struct fg_sumopt so;
	struct runs r;
	struct fg_ent **v;
	fg_count tot[2];
	char *bn, *cn;
	size_t i;
	int k;

	memset(&r, 0, sizeof(r));
	r.tab = fg_stab_new(n);
	r.nrun[0] = nb;
	r.nrun[1] = n - nb;
	r.tot = fg_calloc((size_t)n, sizeof(*r.tot));
	r.ea = a;
	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_PROFILE;
	so.truncfrac = !a->frac;
	so.needtotal = 1;
	so.rekey = a->strip ? runs_rekey : NULL;
	so.onheader = runs_header;
	so.onmeta = runs_meta;
	so.start = runs_total;
	so.emit = runs_stack;
	so.arg = &r;
	for (k = 0; k < n; k++) {
		r.col = k;
		r.name = files[k];
		fg_sum(&files[k], 1, &so);
	}
	memset(tot, 0, sizeof(tot));
	for (k = 0; k < n; k++)
		if (fg_count_add(&tot[k >= nb], r.tot[k]) < 0)
			fg_errx(FG_EXIT_ERR, "%s: total of counts over the "
			    "runs overflows 2^63-1", files[k]);
	runs_carry(&r);
	a->runs = fg_malloc(32);
	snprintf(a->runs, 32, "%d:%d", nb, n - nb);
	a->runtot = runs_totals(&r);
	a->bname = bn = runs_names(files, nb);
	a->cname = cn = runs_names(files + nb, n - nb);
	diff_start(a, FG_KIND_PROFILE, 2, tot);
	v = fg_stab_sorted(r.tab);
	for (i = 0; v[i] != NULL; i++)
		runs_write(&r, v[i]);
	free(v);
	free(bn);
	free(cn);
	free(a->runs);
	free(a->runtot);
	free(r.tot);
	fg_stab_free(r.tab);
}

/* The overlap's warning, and the state freed. */
static void
diff_end(struct emitarg *a, const char *base, const char *current)
{
	struct overlap_verdict ov;

	if (overlap_judge(&a->ov, a->tot, &ov))
		overlap_warn(&a->ov, &ov, base, current);
	overlap_free(&a->ov);
	fg_carry_free(&a->carry);
	free(a->buf);
}

/* The options and the run. */

static const char usage[] =
    "fg-diff [-nsFI] [--no-header] base current\n"
    "       fg-diff [-nsFI] [--no-header] base ... -- current ...";

static const char help[] =
    "usage: fg-diff [-nsFI] [--no-header] base current\n"
    "       fg-diff [-nsFI] [--no-header] base ... -- current ...\n"
    "Print the union of two folded profiles as `stack before after`, sorted\n"
    "bytewise, for flamegraph.pl, fg-color, fg-svg, fg-elide and fg-top.\n"
    "Either file may be - for standard input. With several runs a side\n"
    "(before and after --), the counts are each side's sums, and every\n"
    "stack is followed by a `# fg-run` line of its per-run counts: the\n"
    "between-run noise fg-top, fg-color and fg-svg test against.\n"
    "\n"
    "  -n, --normalize        scale the base counts to the current total\n"
    "                         (mode=proportional; default mode=absolute)\n"
    "  -s, --strip-hex        replace hex numbers (0x1f3a) with 0x... so that\n"
    "                         relocated code still matches\n"
    "  -F, --fractional       keep fractional counts exactly (the default)\n"
    "  -I, --integer          truncate counts to integers, as\n"
    "                         inferno-diff-folded does, for tools that need them\n"
    "      --no-header        do not print the `# fg-diff` header line\n"
    FG_HELP_TAIL;

enum { OPT_NOHEADER = 256 };
static const struct fg_opt opts[] = {
	{ "normalize", 'n', FG_OPT_NOARG },
	{ "strip-hex", 's', FG_OPT_NOARG },
	{ "fractional", 'F', FG_OPT_NOARG },
	{ "integer", 'I', FG_OPT_NOARG },
	{ "no-header", OPT_NOHEADER, FG_OPT_NOARG },
	{ NULL, 0, 0 }
};

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_sumopt so;
	struct emitarg ea;
	int c, nb, nstdin;

	fg_tool_init(argv[0], usage, help);
	memset(&ea, 0, sizeof(ea));
	ea.header = 1;
	ea.frac = 1;
	ea.st = &st;
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'n':
			ea.norm = 1;
			break;
		case 's':
			ea.strip = 1;
			break;
		case 'F':
			ea.frac = 1;
			break;
		case 'I':
			ea.frac = 0;
			break;
		case OPT_NOHEADER:
			ea.header = 0;
			break;
		default:
			fg_usage(usage);
		}
	}
	/* base ... -- current ...: replicate runs (one each: a pair) */
	nb = st.done && st.ndone > 0 ? st.ndone : st.nops == 2 ? 1 : 0;
	if (nb < 1 || st.nops - nb < 1 || (!st.done && st.nops != 2))
		fg_usage(usage);
	for (c = nstdin = 0; c < st.nops; c++)
		nstdin += strcmp(st.ops[c], "-") == 0;
	if (nstdin > 1)
		fg_errx(FG_EXIT_ERR, "only one input can be standard input");
	ea.bname = st.ops[0];
	ea.cname = st.ops[nb];
	if (st.nops > 2) {
		overlap_init(&ea.ov);
		runs_diff(&ea, st.ops, nb, st.nops);
		diff_end(&ea, st.ops[0], st.ops[nb]);
		free(st.ops);
		fg_out_close();
		return fg_status;
	}

	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_PROFILE;
	so.bycol = 1;
	so.truncfrac = !ea.frac;
	so.needtotal = 1;
	so.rekey = ea.strip ? diff_rekey : NULL;
	so.onheader = diff_onheader;
	so.start = diff_start;
	so.emit = diff_emit;
	so.arg = &ea;
	so.fork = diff_fork;
	so.join = diff_join;
	overlap_init(&ea.ov);
	fg_sum(st.ops, 2, &so);
	diff_end(&ea, st.ops[0], st.ops[1]);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
