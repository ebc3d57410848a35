/* SPDX-License-Identifier: ISC */
/*
 * read.c: fg-svg's input into the one-pass layout (flow.c): profiles and
 * diffs through fg_sum, in bytewise order; a flame chart's stacks in input
 * order (common/color/flame.c); the colour lines and headers beside them
 * (input.h, read by common/color/flame.c). And what fg-svg calls the graph
 * and its counts, decided from the kind of input, its header and its
 * counts' period: the default title and subtitle, and the unit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "color.h"
#include "input.h"
#include "sum.h"

/*
 * Colour lines, and fg-color's header: fg-svg then colours the frames no
 * line names (the root) and draws the legend with fg-color's settings.
 */
static void
onmeta(void *arg, const char *line, size_t len)
{
	struct svg_input *in = arg;

	if (in->rp != NULL)
		fg_repl_meta(in->rp, line, len);
	if (svg_trend_meta(in->o->trend, line, len))
		return;
	if (fg_annot_line(&in->annot, line, len) || in->hccset)
		return;
	fg_colorcfg_init(&in->hcc);
	in->hccset = fg_colorcfg_read_header(&in->hcc, line, len);
}

/* Reverses the frames of s[0..n) into *buf, trailing ';' dropped. */
static const char *
reverse(const char *s, size_t n, char **buf, size_t *cap, size_t *outlen)
{
	size_t i = n, j = 0, e;

	if (n + 1 > *cap) {
		*cap = n * 2 + 1;
		*buf = fg_realloc(*buf, *cap);
	}
	while (n > 0 && s[n - 1] == ';')
		n--;
	i = n;
	while (i > 0) {
		e = i;
		while (i > 0 && s[i - 1] != ';')
			i--;
		memcpy(*buf + j, s + i, e - i);
		j += e - i;
		if (i > 0) {
			(*buf)[j++] = ';';
			i--;
		}
	}
	*outlen = j;
	return *buf;
}

/*
 * --callers NAME: the frames from the root to the first NAME, reversed
 * (NAME first, then its callers); nothing (the root's count) for a stack
 * without NAME.
 */
static const char *
callers(const char *name, const char *s, size_t n, char **buf, size_t *cap,
    size_t *outlen)
{
	size_t nl = strlen(name), i = 0, e;

	while (i < n) {
		for (e = i; e < n && s[e] != ';'; e++)
			;
		if (e - i == nl && memcmp(s + i, name, nl) == 0)
			return reverse(s, e, buf, cap, outlen);
		i = e + 1;
	}
	*outlen = 0;
	return s;
}

static const char *
rekey(void *arg, int i, const char *key, size_t len, size_t *outlen)
{
	struct svg_input *in = arg;

	(void)i;
	if (in->o->callers != NULL)
		return callers(in->o->callers, key, len, &in->rbuf, &in->rcap,
		    outlen);
	return reverse(key, len, &in->rbuf, &in->rcap, outlen);
}

static void
onheader(void *arg, int i, const char *name, const char *header)
{
	struct svg_input *in = arg;

	(void)i;
	(void)name;
	if (header != NULL && in->header == NULL)
		in->header = fg_strdup(header);
	if (in->rp != NULL)
		fg_repl_header(in->rp, header);
}

/*
 * The colour settings are final once the leading metadata lines are read
 * (a "# fg-color" header's settings unless options were given): at the
 * first stack, or after reading. A diff's noise test starts then.
 */
void
svg_settle(struct svg_input *in)
{
	if (in->settled)
		return;
	in->settled = 1;
	if (in->hccset && !in->ccset)
		in->o->cc = in->hcc;
	in->o->cc.header = in->header;
	/* replicate runs: the between-run test (its units at the end) */
	in->o->cc.nz.rp = fg_repl_on(in->rp) ? in->rp : NULL;
	/* a flame chart's totals are known only at its end */
	if (in->ncols == 2 && in->flow != NULL)
		fg_color_begin(&in->o->cc, in->o->flamechart ? NULL :
		    in->total);
}

/* The layout for ncols counts a stack (1: a profile, 2: a diff). */
static struct svg_flow *
newflow(const struct svg_input *in, int ncols)
{
	static const int pcols[1] = { SVG_BEFORE };
	static const int dcols[3] = { SVG_AFTER, SVG_BEFORE, SVG_ELIDED };

	svg_map_minw(in->o, ncols);
	if (ncols == 2)
		return svg_flow_new(in->o, dcols, 3, &in->o->cc);
	return svg_flow_new(in->o, pcols, 1, NULL);
}

static void
onstart(void *arg, enum fg_kind kind, int ncols, const fg_count *total)
{
	struct svg_input *in = arg;
	int k;

	(void)kind;
	in->ncols = ncols;
	if (ncols != 1 && ncols != 2)
		return;
	for (k = 0; k < ncols; k++)
		in->total[k] = fg_count_dbl(total[k]);
	in->flow = newflow(in, ncols);
	svg_flow_expect(in->flow, in->total);
}

/*
 * The last frame of a stack: its self counts go to the change table; in
 * --reverse's reversed stacks it is the first, so that the table and the
 * headline count the functions fg-top counts.
 */
static void
leaf(struct svg_input *in, const char *key, size_t len, const double *v)
{
	const char *p;

	while (len > 0 && key[len - 1] == ';')
		len--;
	if (len == 0)
		return;		/* the root's */
	if (in->o->reverse) {
		p = memchr(key, ';', len);
		fg_fnself_add(&in->sc.fs, key, p != NULL ? (size_t)(p - key) :
		    len, v);
		return;
	}
	for (p = key + len; p > key && p[-1] != ';'; p--)
		;
	fg_fnself_add(&in->sc.fs, p, (size_t)(key + len - p), v);
}

/*
 * Every unique stack, in bytewise order, on one thread (onmeta is set);
 * or a flame chart's stacks in input order.
 */
static void
onstack(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	struct svg_input *in = arg;
	double v[2] = { 0, 0 };
	int k;

	svg_settle(in);
	svg_trend_stack(in->o->trend, ncols);
	for (k = 0; k < ncols && k < 2; k++) {
		v[k] = fg_count_dbl(c[k]);
		fg_period_add(&in->per, k, c[k]);
	}
	svg_flow_add(in->flow, key, len, v);
	if (ncols == 2 && in->rp != NULL)
		fg_repl_stack(in->rp, key, len, c);
	if (ncols == 2)
		leaf(in, key, len, v);
	else if (in->fn.on)
		svg_funcs_add(&in->fn, key, len, c);
}

/*
 * Reads the input through the one summing path (sum.h): sorted files in
 * one pass, anything else (a pipe, unsorted lines, --reverse's reversed
 * stacks) summed in the stack table and sorted once.
 */
void
svg_read_sum(struct svg_input *in, char **files, int nfiles)
{
	struct fg_sumopt so;

	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_UNKNOWN;
	so.needtotal = 1;	/* the root's width: over 2^63-1 is fatal */
	so.bases = &in->o->cc.bases;
	so.onmeta = onmeta;
	so.onheader = onheader;
	so.start = onstart;
	so.emit = onstack;
	so.arg = in;
	if (in->o->reverse || in->o->callers != NULL)
		so.rekey = rekey;
	else	/* rekeyed stacks are not the runs' */
		in->rp = fg_repl_new();
	fg_sum(files, nfiles, &so);
	if (in->rp != NULL) {
		fg_repl_end(in->rp, nfiles > 0 ? files[nfiles - 1] : "-");
		in->o->cc.nz.rp = fg_repl_on(in->rp) ? in->rp : NULL;
	}
}

/* A flame chart's first stack: the layout, for its number of counts. */
static void
chartfirst(void *arg, const struct fg_fold *f, int ncols)
{
	struct svg_input *in = arg;

	in->ncols = ncols;
	in->flow = newflow(in, ncols);
	if (f->header != NULL)
		in->header = fg_strdup(f->header);
}

static void
chartrec(void *arg, const struct fg_fold *f, const struct fg_rec *r)
{
	struct svg_input *in = arg;
	const char *stack = r->stack;
	size_t len = r->len;
	int k;

	for (k = 0; k < r->ncols; k++)
		if (fg_count_add(&in->ctot[k], r->c[k]) < 0)
			fg_sum_overflow(f->in.name, f->in.lineno);
	if (in->o->reverse || in->o->callers != NULL)
		stack = rekey(in, 0, r->stack, r->len, &len);
	onstack(stack, len, r->c, r->ncols, in);
}

/*
 * A flame chart: every stack of the input, in its order
 * (common/color/flame.c), into the same one-pass layout (which then merges
 * only neighbours: flow.c); the totals summed exactly, over 2^63-1 fatal
 * as in fg_sum.
 */
void
svg_read_chart(struct svg_input *in, char **files, int nfiles)
{
	struct fg_inorder o;
	struct fg_fold f;

	memset(&o, 0, sizeof(o));
	o.bases = &in->o->cc.bases;
	o.onmeta = onmeta;
	o.first = chartfirst;
	o.rec = chartrec;
	o.arg = in;
	(void)fg_inorder_read(&f, files, nfiles, &o);
	if (f.header != NULL && in->header == NULL)
		in->header = fg_strdup(f.header);
	fg_fold_close(&f);
}

/*
 * The names: what fg-svg calls the graph and its counts (input.h).
 */

/* The default title and subtitle, from the kind of input and its header. */
void
svg_titles(struct svg_opts *o, const char *header, int isdiff)
{
	char *tool = NULL, *base = NULL, *curr = NULL;
	int elided = 0;

	if (header != NULL) {
		const char *p = header + 2, *e = strchr(p, ' ');

		tool = e ? fg_strdup(p) : NULL;
		if (tool != NULL)
			tool[e - p] = '\0';
		elided = tool != NULL && strcmp(tool, "fg-elide") == 0;
		o->cc.gone = elided && o->cc.pal == FG_PAL_HOT;
		base = fg_header_get(header, "base");
		curr = fg_header_get(header, "current");
	}
	if (o->title == NULL) {
		if (elided)
			o->title = "Elided Flame Graph: paths gone from the "
			    "current profile";
		else if (isdiff)
			o->title = o->inverted ? "Differential Icicle Graph" :
			    "Differential Flame Graph";
		else if (o->flamechart)
			o->title = "Flame Chart";
		else
			o->title = o->inverted ? "Icicle Graph" : "Flame Graph";
	}
	if (o->subtitle == NULL && base != NULL && curr != NULL) {
		int neg = o->cc.negate && !elided;
		/* --negate: the baseline seen from the current profile */
		const char *l = fg_basename(neg ? curr : base);
		const char *r = fg_basename(neg ? base : curr);
		size_t n = strlen(l) + strlen(r) + 32;

		o->ownsub = fg_malloc(n);
		snprintf(o->ownsub, n, elided ? "in %s, absent from %s" :
		    "%s \xe2\x86\x92 %s", l, r);
		o->subtitle = o->ownsub;
	}
	free(tool);
	free(base);
	free(curr);
}

/*
 * Whether p count units per sample is the period perf's cpu-clock and
 * task-clock events weight samples by at some frequency F Hz: 10^9 / F ns,
 * rounded down (1001001 at 999 Hz, 250000 at 4000 Hz).
 */
static int
clockperiod(double p)
{
	double f;

	if (!(p >= 1000 && p <= 1e9) || p != floor(p))
		return 0;
	f = floor(1e9 / p);
	return floor(1e9 / f) == p || floor(1e9 / (f + 1)) == p;
}

/*
 * The unit of the counts, which titles, hover, headline and legend name,
 * unless --countname or --factor say: the header's unit= (ns and us shown
 * as ms), else nanoseconds shown as ms when the counts are weighted by a
 * perf clock's period (--period, the header's period=, else detected in
 * the counts, as fg-top detects it), else samples.
 */
void
svg_units(struct svg_opts *o, const struct svg_input *in)
{
	char *u = NULL, *ps = NULL;
	double p = o->cc.nz.period;

	if (o->cnset || o->factorset)
		return;
	if (in->header != NULL) {
		u = fg_header_get(in->header, "unit");
		ps = fg_header_get(in->header, "period");
	}
	if (p == 0 && ps != NULL)
		p = strtod(ps, NULL);
	if (p == 0 && (p = fg_period_get(&in->per)) <= 1)
		p = fg_period_side(&in->per, 1);
	if (u != NULL && (strcmp(u, "ns") == 0 || strcmp(u, "us") == 0)) {
		o->factor = strcmp(u, "ns") == 0 ? 1e-6 : 1e-3;
		o->countname = "ms";
	} else if (u != NULL && *u != '\0') {
		o->countname = o->ownunit = u;
		u = NULL;
	} else if (u == NULL && clockperiod(p)) {
		o->factor = 1e-6;
		o->countname = "ms";
	}
	free(u);
	free(ps);
}
