/* SPDX-License-Identifier: ISC */
/*
 * gecko.c: a Firefox Profiler thread's tables (read by gecko-read.c,
 * gecko.h) as stacks: frame names, weights and their unit, each stack
 * row walked once through its "prefix" chain.
 *
 * Stacks are chains of stackTable rows through "prefix", which must point
 * to an earlier row (as both formats guarantee); weights are summed per
 * row first, and each row with weight is then walked once, so nothing
 * recurses and no chain is followed more than once per row.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gecko.h"

/* Row r of column c as an index, or SIZE_MAX when none. */
static size_t
idx(const struct col *c, size_t r)
{
	double d;

	if (r >= c->n)
		return SIZE_MAX;
	d = c->v[r];
	if (!(d >= 0 && d < 4e18) || d != floor(d))
		return SIZE_MAX;
	return (size_t)d;
}

/* A thread's tables, each its own or else profile.shared's. */
struct view {
	const struct col *samp, *stack, *frame, *func;
	const struct strs *s;
	const char *wtype;
	struct buf names;	/* frame names */
	size_t *noff, *nlen;	/* per frameTable row */
	size_t nframes;
};

static void
view(struct gk *G, struct tabs *T, struct view *V)
{
	struct tabs *S = &G->shared;

	memset(V, 0, sizeof(*V));
	V->samp = T->hassamp ? T->samp : S->samp;
	V->wtype = T->hassamp ? T->wtype : S->wtype;
	V->stack = T->hasstack ? T->stack : S->stack;
	V->frame = T->hasframe ? T->frame : S->frame;
	V->func = T->hasfunc ? T->func : S->func;
	V->s = T->hasstrs ? &T->s : &S->s;
}

/* Appends string i of the string table; 0 when there is none. */
static int
putstr(struct buf *b, const struct strs *s, size_t i)
{
	if (i >= s->n)
		return 0;
	buf_put(b, s->b.p + s->off[i], s->len[i]);
	return 1;
}

/*
 * Names of frameTable row f: its func's name (processed) or its location
 * string (Gecko); with --lines, " file:line" after a func's name.
 */
static void
framename(struct gk *G, struct view *V, size_t f)
{
	struct buf *b = &V->names;
	size_t fu, line;
	char num[32];

	fu = idx(&V->frame[C_FUNC], f);
	if (fu == SIZE_MAX) {
		if (!putstr(b, V->s, idx(&V->frame[C_LOCATION], f)))
			buf_put(b, "?", 1);
		return;
	}
	if (!putstr(b, V->s, idx(&V->func[C_NAME], fu)))
		buf_put(b, "?", 1);
	if (!G->o->lines)
		return;
	buf_put(b, " ", 1);
	if (!putstr(b, V->s, idx(&V->func[C_FILE], fu))) {
		b->len--;
		return;
	}
	line = idx(&V->frame[C_LINE], f);
	if (line == SIZE_MAX)
		line = idx(&V->func[C_FLINE], fu);
	if (line != SIZE_MAX) {
		snprintf(num, sizeof(num), ":%zu", line);
		buf_put(b, num, strlen(num));
	}
}

static void
framenames(struct gk *G, struct view *V)
{
	size_t f, n;

	n = V->frame[C_FUNC].n > V->frame[C_LOCATION].n ?
	    V->frame[C_FUNC].n : V->frame[C_LOCATION].n;
	V->nframes = n;
	V->noff = fg_reallocarray(NULL, n + 1, sizeof(size_t));
	V->nlen = fg_reallocarray(NULL, n + 1, sizeof(size_t));
	for (f = 0; f < n; f++) {
		V->noff[f] = V->names.len;
		framename(G, V, f);
		V->nlen[f] = V->names.len - V->noff[f];
	}
}

/* Sample i's time in milliseconds, from "time" or from "timeDeltas". */
static double *
times(const struct view *V, size_t n)
{
	const struct col *t = &V->samp[C_TIME], *d = &V->samp[C_TDELTA];
	double *v, acc = 0;
	size_t i;

	if (t->n < n && d->n < n)
		return NULL;
	v = fg_reallocarray(NULL, n + 1, sizeof(*v));
	for (i = 0; i < n; i++) {
		if (t->n >= n)
			v[i] = t->v[i];
		else
			v[i] = acc += isnan(d->v[i]) ? 0 : d->v[i];
	}
	return v;
}

/*
 * What the weights are, for the header: microseconds by time (with
 * kept samples) or by "tracing-ms" weights (intervals, not samples),
 * bytes for "bytes" weights, else samples. The profile's sampling
 * interval (meta.interval) says how often samples were taken, not what
 * a count is: it is not used.
 */
static void
weightunit(const struct gk *G, const struct view *V, int bytime,
    uint64_t kept)
{
	int w = V->samp[C_WEIGHT].n > 0;

	if (!bytime && w && strcmp(V->wtype, "tracing-ms") == 0) {
		collapse_unit(G->o, "us", 2);
		collapse_samples(G->o, COLLAPSE_UNKNOWN);
		return;
	}
	if (bytime)
		collapse_unit(G->o, "us", 2);
	else if (w && strcmp(V->wtype, "bytes") == 0)
		collapse_unit(G->o, "bytes", 5);
	else
		collapse_unit(G->o, "samples", 7);
	collapse_samples(G->o, kept);
}

/*
 * Each sample's weight, summed per stackTable row: 1, the weight column
 * (tracing-ms in microseconds), or with --cpuprofile-time the
 * microseconds to the thread's next sample.
 */
static double *
weigh(struct gk *G, struct view *V, size_t nst)
{
	const struct col *stk = &V->samp[C_STACK], *wc = &V->samp[C_WEIGHT];
	double *w, *t = NULL, x;
	size_t i, s, n = stk->n;
	uint64_t kept = 0;
	int ms = strcmp(V->wtype, "tracing-ms") == 0;

	w = fg_calloc(nst + 1, sizeof(*w));
	if (G->o->cpuprof_time && (t = times(V, n)) == NULL)
		gkwarn(G, "samples without times: --cpuprofile-time cannot "
		    "apply; counting samples");
	for (i = 0; i < n; i++) {
		if (isnan(stk->v[i]))
			continue;	/* the empty stack */
		if ((s = idx(stk, i)) == SIZE_MAX || s >= nst) {
			gkwarn(G, "samples[%zu]: no stack %g; skipped", i,
			    stk->v[i]);
			continue;
		}
		if (t != NULL)
			x = i + 1 < n && t[i + 1] > t[i] ?
			    (t[i + 1] - t[i]) * 1e3 : 0;
		else if (wc->n > i && !isnan(wc->v[i]))
			x = wc->v[i] * (ms ? 1e3 : 1);
		else
			x = 1;
		if (!(x >= 0 && x < 9e18))
			gkwarn(G, "samples[%zu]: weight %g is negative or too "
			    "large; skipped", i, x);
		else {
			w[s] += x;
			kept += x > 0;
		}
	}
	weightunit(G, V, t != NULL, kept);
	free(t);
	return w;
}

/* Adds the stack of stackTable row s, under root, weighing w. */
static void
emitrow(struct gk *G, struct view *V, const struct buf *root, size_t s,
    double w, struct buf *b, size_t **fr, size_t *frcap)
{
	size_t n = 0, p, q, f;
	fg_count c;

	for (p = s; p != SIZE_MAX; p = q) {
		if (n == *frcap) {
			*frcap = *frcap ? *frcap * 2 : 64;
			*fr = fg_reallocarray(*fr, *frcap, sizeof(**fr));
		}
		f = idx(&V->stack[C_FRAME], p);
		(*fr)[n++] = f;
		q = idx(&V->stack[C_PREFIX], p);
		if (q != SIZE_MAX && q >= p) {
			gkwarn(G, "stackTable[%zu]: prefix %zu is not an "
			    "earlier row; stack cut there", p, q);
			break;
		}
	}
	b->len = 0;
	buf_put(b, root->p, root->len);
	while (n-- > 0) {
		if (b->len > 0)
			buf_put(b, ";", 1);
		f = (*fr)[n];
		if (f < V->nframes)
			buf_put(b, V->names.p + V->noff[f], V->nlen[f]);
		else
			buf_put(b, "?", 1);
	}
	if (fg_count_from_dbl(round(w * 1e3) / 1e3, &c) < 0)
		fg_sum_overflow(G->in->name, 0);
	if (fg_count_iszero(c))
		return;
	collapse_budget(G->in, G->o, "gecko", &G->used, b->len);
	collapse_add(G->tab, b->p, b->len, c, G->in);
}

/* One thread's samples, under the root frames in root. */
void
gecko_thread(struct gk *G, struct tabs *T, const struct buf *root)
{
	struct view V;
	struct buf b = { NULL, 0, 0 };
	size_t s, nst, *fr = NULL, frcap = 0;
	double *w;

	view(G, T, &V);
	if (V.samp[C_STACK].n == 0)
		return;
	framenames(G, &V);
	nst = V.stack[C_FRAME].n;
	w = weigh(G, &V, nst);
	for (s = 0; s < nst; s++)
		if (w[s] > 0)
			emitrow(G, &V, root, s, w[s], &b, &fr, &frcap);
	free(w);
	free(fr);
	free(b.p);
	free(V.names.p);
	free(V.noff);
	free(V.nlen);
}
