/* SPDX-License-Identifier: ISC */
/*
 * flow.c: lays out a profile in one pass over its stacks in bytewise
 * (LC_ALL=C) order, as fg_sum (sum.h) emits them, without building the
 * frame tree. The frames of the current stack are open; a frame closes
 * when a stack leaves it and is dropped at once when narrower than the
 * minimum width the running total gives (the total only grows, so such a
 * frame stays under it). What is kept is placed relative to its parent;
 * svg_flow_finish drops what falls under the final minimum width and makes
 * the positions absolute. Memory grows with the frames drawn and the open
 * path, not with the input. Nothing here recurses.
 *
 * A diff is laid out for its three views at once (SVG_NV widths per
 * frame: Differential, Baseline, Elided; a frame is kept while any view
 * may draw it), and every frame, once final, is handed to the colours'
 * noise test (fg_color_add) and counted for the layout (svg_flow_stats):
 * the tree is never built. svg_flow_view (below) turns the records into
 * views, and each frame's label ink (label_ink, at the end: white or
 * black, whichever contrasts more; layout.c's page colours use it too).
 *
 * Bytewise order is not frame order. Siblings are drawn in name order,
 * but the stacks under "P;x.a" sort before those under "P;x" ('.', ':',
 * '(', space and digits are below ';'), and the stack "P;x" itself before
 * both, so a frame may close twice. A closed child therefore stays in its
 * parent's list of live children while a later sibling may still belong
 * in front of it or be the same frame again: a sibling closing out of
 * order is put in front of those it precedes (its drawn frames moved with
 * it, theirs shifted right by its width), and a frame closing again takes
 * in its earlier part. Such a later sibling z is a prefix of the live one
 * y, and its stacks ("P;z;...") sort after every stack seen: children
 * that no later z can reach are frozen at once (see prune), so the lists
 * stay short.
 *
 * A flame chart (--flamechart) is the same pass over the stacks in input
 * order: a frame merges only with its parent's last child, so the open
 * frames are the chart's rightmost path, a stack that ends on that path
 * adds to it without closing anything, and a frame closes (final, after
 * its earlier siblings) only when a stack names another frame at its
 * depth (closechart).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"

#define NOSLOT SIZE_MAX
/*
 * prune runs once a parent has more live children than this: freezing
 * them is only for speed (place stops at them anyway: no later sibling
 * sorts before a child prune would freeze), and a short list costs less
 * to keep than to test at every close.
 */
#define LAZY 8

/* A frame of the current stack: name prev[nstart..pathend[depth]). */
struct open {
	size_t nstart;
	size_t slot;		/* its record in out[] */
	size_t rmark;		/* names' mark when it opened */
	size_t lstart;		/* its closed children: live[lstart..] */
	size_t lfront;		/* those before it frozen */
	size_t lnmark;		/* lnames[] used when it opened */
	double tot[2], self[2];
	double childel;		/* its closed children's elided totals */
	double cursor[SVG_NV];	/* its closed children's widths */
	int kids;		/* a child opened */
};

/* A closed child of an open frame; a list of them is in name order. */
struct live {
	size_t noff;		/* name in lnames[] */
	size_t slot;		/* its record, NOSLOT when not drawn */
	uint32_t nlen;
	int kids;
	double w[SVG_NV], tot[2], self[2];
};

struct svg_flow {
	const struct svg_opts *o;
	int nv;			/* views */
	int col[SVG_NV];	/* each one's SVG_BEFORE, SVG_AFTER or SVG_ELIDED */
	double seen[SVG_NV];	/* each view's total so far, a lower bound */
	double minw[SVG_NV];	/* the running minimum widths (runminw) */
	struct svg_cut bud[SVG_NV];	/* the frame budget's running cuts */
	size_t nextbud;		/* records at which bud is next worked out */
	int expect[SVG_NV];	/* seen is the final total (svg_flow_expect) */
	struct fg_colorcfg *cc;	/* a diff's colours: every final frame */
	struct svg_flow_stats st;
	struct svg_rec *out;
	size_t nout, capout;
	struct svg_names names;	/* names of the frames in out[] */
	struct open *op;	/* op[0] is the root */
	size_t *pathend;
	size_t nop, capop;
	char *prev;		/* the current stack */
	size_t prevlen, prevcap;
	struct live *live;
	size_t nlive, caplive;
	char *lnames;
	size_t nlnames, caplnames;
	uint32_t maxdepth;
};

static double runminw(const struct svg_flow *, int);

double
svg_minw(const struct svg_opts *o, double total)
{
	if (o->minpct)
		return total * o->minwidth / 100;
	return o->minwidth * total / ((double)o->width - 2 * SVG_XPAD);
}

static void *
grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	while (*cap < need)
		*cap = *cap ? *cap * 2 : 64;
	return fg_reallocarray(p, *cap, size);
}

/* Appends s[0..n) to a character buffer; returns where it went. */
static size_t
putname(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
	size_t at = *len;

	*buf = grow(*buf, cap, at + n + 1, 1);
	if (n > 0)
		memcpy(*buf + at, s, n);
	*len = at + n;
	return at;
}

/*
 * A record for a frame just opened: record() fills it when it is kept;
 * until then its widths are negative (no budget counts it).
 */
static size_t
newrec(struct svg_flow *s)
{
	int v;

	s->out = grow(s->out, &s->capout, s->nout + 1, sizeof(*s->out));
	for (v = 0; v < SVG_NV; v++)
		s->out[s->nout].w[v] = -1;
	return s->nout++;
}

/* A frame's width and depth, ordered widest, then shallowest, first. */
struct wd {
	double w;
	uint32_t d;
};

static int
before(const struct wd *x, const struct wd *y)
{
	return x->w > y->w || (x->w == y->w && x->d < y->d);
}

/*
 * The k-th first (k from 0) of a[0..n), n > k, in that order, found in
 * place without recursion: quickselect, median of three, three-way
 * partition (many frames share a width).
 */
static struct wd
kth(struct wd *a, size_t n, size_t k)
{
	size_t lo = 0, hi = n, lt, gt, i;
	struct wd p, x, y, z, t;

	while (hi - lo > 1) {
		x = a[lo], y = a[lo + (hi - lo) / 2], z = a[hi - 1];
		p = before(&x, &y) ? (before(&y, &z) ? y : before(&x, &z) ?
		    z : x) : (before(&x, &z) ? x : before(&y, &z) ? z : y);
		/* a[lo..lt) before p, a[lt..gt) equal, a[gt..hi) after */
		lt = i = lo;
		gt = hi;
		while (i < gt) {
			if (before(&a[i], &p)) {
				t = a[i], a[i] = a[lt], a[lt] = t;
				lt++;
				i++;
			} else if (before(&p, &a[i])) {
				gt--;
				t = a[i], a[i] = a[gt], a[gt] = t;
			} else
				i++;
		}
		if (k < lt)
			hi = lt;
		else if (k < gt)
			return p;
		else
			lo = gt;
	}
	return a[lo];
}

struct svg_cut
svg_flow_budget(const struct svg_rec *r, size_t n, int k, double minw,
    size_t max)
{
	struct svg_cut c = { -1, UINT32_MAX };
	struct wd *a, t;
	size_t i, m = 0, ge = 0;

	if (max == 0 || n <= max + 1)
		return c;
	a = fg_reallocarray(NULL, n, sizeof(*a));
	for (i = 1; i < n; i++)
		if (r[i].w[k] > 0 && r[i].w[k] >= minw) {
			a[m].w = r[i].w[k];
			a[m++].d = r[i].depth;
		}
	if (m > max) {
		t = kth(a, m, max - 1);
		for (i = 0; i < m; i++)
			ge += !before(&t, &a[i]);
		c.w = t.w;
		c.depth = ge > max ? t.d - 1 : t.d;
	}
	free(a);
	return c;
}

/*
 * The budget while the frames stream in: once the records outgrow twice
 * the budget, the frames its cut over those kept so far leaves out are
 * dropped as they close. Widths only grow and frames only add, so the
 * final cut is never below it: a frame dropped here would not be drawn,
 * and what is drawn is the same. It is worked out again when the records
 * have grown by a quarter or by half the budget, whichever is more: on
 * deep stacks (every frame of a stack as wide as its last) the records
 * doubled between cuts to eight times the budget, fresh memory that costs
 * more than the extra passes.
 */
static void
budget(struct svg_flow *s)
{
	struct svg_cut c;
	size_t step;
	int v;

	for (v = 0; v < s->nv; v++) {
		c = svg_flow_budget(s->out, s->nout, v, s->minw[v],
		    s->o->maxframes);
		if (!SVG_UNCUT(c))
			s->bud[v] = c;
	}
	step = s->nout / 4 > s->o->maxframes / 2 ? s->nout / 4 :
	    s->o->maxframes / 2;
	s->nextbud = s->nout + step;
}

static void
openframe(struct svg_flow *s, size_t start, size_t end)
{
	struct open *f;

	if (end - start > UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "frame name too long");
	if (s->nop == s->capop) {
		s->op = grow(s->op, &s->capop, s->nop + 1, sizeof(*s->op));
		s->pathend = fg_reallocarray(s->pathend, s->capop,
		    sizeof(*s->pathend));
	}
	if (s->nop > 0)
		s->op[s->nop - 1].kids = 1;
	f = &s->op[s->nop];
	s->pathend[s->nop] = end;
	f->nstart = start;
	f->slot = newrec(s);
	f->rmark = svg_names_mark(&s->names);
	f->lstart = f->lfront = s->nlive;
	f->lnmark = s->nlnames;
	f->tot[0] = f->tot[1] = f->self[0] = f->self[1] = 0;
	f->childel = 0;
	f->cursor[0] = f->cursor[1] = f->cursor[2] = 0;
	f->kids = 0;
	if (s->nop > s->maxdepth)
		s->maxdepth = (uint32_t)s->nop;
	s->nop++;
}

struct svg_flow *
svg_flow_new(const struct svg_opts *o, const int *cols, int nv,
    struct fg_colorcfg *cc)
{
	struct svg_flow *s = fg_calloc(1, sizeof(*s));
	int v;

	s->o = o;
	s->nv = nv;
	s->cc = cc;
	s->nextbud = o->maxframes * 2;
	for (v = 0; v < SVG_NV; v++)
		s->bud[v].w = -1;
	for (v = 0; v < nv; v++) {
		s->col[v] = cols[v];
		s->minw[v] = runminw(s, v);
	}
	openframe(s, 0, 0);
	memset(&s->out[0], 0, sizeof(s->out[0]));	/* the root's */
	return s;
}

void
svg_flow_free(struct svg_flow *s)
{
	if (s == NULL)
		return;
	free(s->out);
	svg_names_free(&s->names);
	free(s->op);
	free(s->pathend);
	free(s->prev);
	free(s->live);
	free(s->lnames);
	free(s);
}

/* View v's width of a frame with these counts. */
static double
width(const struct svg_flow *s, int v, const double *tot, const double *self,
    double childel)
{
	if (s->col[v] != SVG_ELIDED)
		return tot[s->col[v]];
	return childel + (tot[1] == 0 ? self[0] : 0);
}

/*
 * A frame is final: no later stack adds to it. Its colour statistics and
 * the layout's counts; its own elided count raises the Elided view's
 * running total (a lower bound: every frame is final once).
 */
static void
final(struct svg_flow *s, const struct live *y)
{
	int v;

	if (s->cc == NULL)
		return;
	fg_color_add(s->cc, y->tot, y->self);
	s->st.tc += fabs(y->self[1] - y->self[0]);
	s->st.differs |= y->tot[0] != y->tot[1];
	if (y->tot[1] != 0 || !(y->self[0] > 0))
		return;
	for (v = 0; v < s->nv; v++)
		if (s->col[v] == SVG_ELIDED && !s->expect[v]) {
			s->seen[v] += y->self[0];
			s->minw[v] = runminw(s, v);
		}
}

static void
rotate(struct svg_rec *v, size_t a, size_t b)
{
	struct svg_rec t;

	while (a + 1 < b) {
		t = v[a];
		v[a++] = v[--b];
		v[b] = t;
	}
}

/*
 * Where a closing frame goes among its parent's live children: after
 * those before it in name order. An equal one (the same frame closing a
 * second time) is taken out and its counts added to f.
 */
static size_t
place(struct svg_flow *s, struct open *p, struct open *f, const char *name,
    size_t nlen)
{
	struct live *y;
	size_t k = s->nlive, j;
	int c = 1, v;

	while (k > p->lfront) {
		y = &s->live[k - 1];
		c = fg_keycmp(s->lnames + y->noff, y->nlen, name, nlen);
		if (c <= 0)
			break;
		k--;
	}
	if (k == p->lfront || c != 0)
		return k;
	y = &s->live[--k];
	for (j = 0; j < 2; j++) {	/* counted in p when y closed */
		f->tot[j] += y->tot[j];
		f->self[j] += y->self[j];
		p->tot[j] -= y->tot[j];
	}
	p->childel -= y->tot[1] == 0 ? y->self[0] : 0;	/* childless */
	for (v = 0; v < s->nv; v++) {
		p->cursor[v] -= y->w[v];
		for (j = k + 1; j < s->nlive; j++)
			if (s->live[j].slot != NOSLOT)
				s->out[s->live[j].slot].x[v] -= y->w[v];
	}
	if (y->slot != NOSLOT) {	/* childless: one record */
		memmove(&s->out[y->slot], &s->out[y->slot + 1],
		    (s->nout - y->slot - 1) * sizeof(*s->out));
		s->nout--;
		for (j = k + 1; j < s->nlive; j++)
			if (s->live[j].slot != NOSLOT)
				s->live[j].slot--;
		f->slot--;
	}
	memmove(y, y + 1, (s->nlive - k - 1) * sizeof(*y));
	s->nlive--;
	return k;
}

/*
 * The running minimum width, a little under the final one's formula so
 * that rounding in the running sums never drops a frame the final
 * threshold keeps.
 */
static double
runminw(const struct svg_flow *s, int v)
{
	double t = s->o->total > s->seen[v] ? s->o->total : s->seen[v];

	return svg_minw(s->o, t) * (1 - 1e-9);
}

/* Moves f's records in front of the later siblings k.. it precedes. */
static void
infront(struct svg_flow *s, struct open *f, size_t k, const double *w)
{
	size_t j, a = NOSLOT, shift;
	int v;

	for (j = k; j < s->nlive; j++)
		if (s->live[j].slot != NOSLOT) {
			if (a == NOSLOT)
				a = s->live[j].slot;
			for (v = 0; v < s->nv; v++)
				s->out[s->live[j].slot].x[v] += w[v];
		}
	if (a == NOSLOT || f->slot == NOSLOT)
		return;
	shift = s->nout - f->slot;
	rotate(s->out, a, f->slot);
	rotate(s->out, f->slot, s->nout);
	rotate(s->out, a, s->nout);
	for (j = k; j < s->nlive; j++)
		if (s->live[j].slot != NOSLOT)
			s->live[j].slot += shift;
	f->slot = a;
}

/*
 * Freezes the live children no later sibling can reach. The last child
 * to close, "x" (childless: its stacks sorted as "x") or "x;", is the
 * largest key seen; a later sibling z reaching a live y is a prefix of y
 * (followed there by a byte below ';', or y itself when y is childless)
 * whose stacks "z;..." sort after that key. With q the first position
 * where the key has a byte below ';' (or ends) and c the common prefix
 * of y and x, that is possible only when q < c, or q == c and z is the
 * prefix of y ending there (c < |y|) or y itself (childless). Those that
 * fail form a prefix of the list.
 */
static void
prune(struct svg_flow *s, struct open *p, const char *x, size_t xl,
    int xkids)
{
	const struct live *y;
	size_t q, c, k, keep;

	for (q = 0; q < xl && (unsigned char)x[q] >= ';'; q++)
		;
	if (q == xl && xkids)
		q++;
	while (p->lfront < s->nlive) {
		y = &s->live[p->lfront];
		c = fg_commonlen(s->lnames + y->noff, x, y->nlen < xl ?
		    y->nlen : xl);
		if (q < c || (q == c && (c < y->nlen || !y->kids)))
			break;
		final(s, y);
		p->lfront++;
	}
	/* compact when over half the list is frozen */
	keep = s->nlive - p->lfront;
	if (p->lfront - p->lstart < 64 || p->lfront - p->lstart < keep)
		return;
	memmove(&s->live[p->lstart], &s->live[p->lfront],
	    keep * sizeof(*s->live));
	s->nlive = p->lstart + keep;
	p->lfront = p->lstart;
	{
		size_t n = 0, total = 0;
		char *tmp;

		for (k = p->lstart; k < s->nlive; k++)
			total += s->live[k].nlen;
		tmp = fg_malloc(total + 1);
		for (k = p->lstart; k < s->nlive; k++) {
			memcpy(tmp + n, s->lnames + s->live[k].noff,
			    s->live[k].nlen);
			s->live[k].noff = p->lnmark + n;
			n += s->live[k].nlen;
		}
		memcpy(s->lnames + p->lnmark, tmp, n);
		s->nlnames = p->lnmark + n;
		free(tmp);
	}
}

/* Keeps f's record (drawn in some view) or drops it with its subtree. */
static void
record(struct svg_flow *s, struct open *f, const char *name, size_t nlen,
    const double *w, const double *off)
{
	struct svg_rec *r;
	int v, keep = 0;

	for (v = 0; v < s->nv; v++)
		keep |= w[v] > 0 && w[v] >= s->minw[v] &&
		    !SVG_CUTOFF(s->bud[v], w[v], s->nop - 1);
	if (!keep) {
		s->nout = f->slot;
		svg_names_back(&s->names, f->rmark);
		f->slot = NOSLOT;
		return;
	}
	r = &s->out[f->slot];
	r->noff = svg_names_put(&s->names, name, nlen);
	r->nlen = (uint32_t)nlen;
	r->depth = (uint32_t)(s->nop - 1);
	memcpy(r->x, off, sizeof(r->x));
	memcpy(r->w, w, sizeof(r->w));
	memcpy(r->tot, f->tot, sizeof(r->tot));
	memcpy(r->selfc, f->self, sizeof(r->selfc));
	if (s->o->maxframes > 0 && s->nout > s->nextbud)
		budget(s);
}

/*
 * Closes the deepest open frame of a flame chart: no later stack adds to
 * it, and it goes after its parent's earlier children.
 */
static void
closechart(struct svg_flow *s)
{
	struct open *f = &s->op[s->nop - 1], *p = f - 1;
	struct live y;
	double w[SVG_NV] = { 0 }, off[SVG_NV] = { 0 };
	int v, j;

	for (v = 0; v < s->nv; v++) {
		w[v] = width(s, v, f->tot, f->self, f->childel);
		off[v] = p->cursor[v];
		p->cursor[v] += w[v];
	}
	record(s, f, s->prev + f->nstart, s->pathend[s->nop - 1] - f->nstart,
	    w, off);
	for (j = 0; j < 2; j++) {
		y.tot[j] = f->tot[j];
		y.self[j] = f->self[j];
		p->tot[j] += f->tot[j];
	}
	final(s, &y);
	p->childel += f->childel + (f->tot[1] == 0 ? f->self[0] : 0);
	s->nop--;
}

/* Closes the deepest open frame (not the root). */
static void
closetop(struct svg_flow *s)
{
	struct open *f = &s->op[s->nop - 1], *p = f - 1;
	const char *name = s->prev + f->nstart;
	size_t nlen = s->pathend[s->nop - 1] - f->nstart, k, j;
	struct live *y;
	double w[SVG_NV] = { 0 }, off[SVG_NV] = { 0 }, el;
	int v;

	if (s->o->flamechart) {
		closechart(s);
		return;
	}
	for (j = f->lfront; j < s->nlive && s->cc != NULL; j++)
		final(s, &s->live[j]);	/* its children are settled */
	s->nlive = f->lstart;
	s->nlnames = f->lnmark;
	k = place(s, p, f, name, nlen);
	el = f->childel + (f->tot[1] == 0 ? f->self[0] : 0);
	for (v = 0; v < s->nv; v++) {
		w[v] = width(s, v, f->tot, f->self, f->childel);
		off[v] = p->cursor[v];
		for (j = k; j < s->nlive; j++)
			off[v] -= s->live[j].w[v];
		p->cursor[v] += w[v];
	}
	record(s, f, name, nlen, w, off);
	infront(s, f, k, w);
	s->live = grow(s->live, &s->caplive, s->nlive + 1, sizeof(*s->live));
	memmove(&s->live[k + 1], &s->live[k],
	    (s->nlive - k) * sizeof(*s->live));
	s->nlive++;
	y = &s->live[k];
	y->noff = putname(&s->lnames, &s->nlnames, &s->caplnames, name, nlen);
	y->nlen = (uint32_t)nlen;
	y->slot = f->slot;
	y->kids = f->kids;
	memcpy(y->w, w, sizeof(y->w));
	memcpy(y->tot, f->tot, sizeof(y->tot));
	memcpy(y->self, f->self, sizeof(y->self));
	for (j = 0; j < 2; j++)
		p->tot[j] += f->tot[j];
	p->childel += el;
	s->nop--;
	if (s->nlive - p->lfront > LAZY)
		prune(s, p, s->lnames + y->noff, nlen, y->kids);
}

/* A stack's counts c, on its last frame f. */
static void
addcounts(struct svg_flow *s, struct open *f, const double *c)
{
	int k;

	for (k = 0; k < 2; k++) {
		f->self[k] += c[k];
		f->tot[k] += c[k];
	}
	for (k = 0; k < s->nv; k++)
		if (s->col[k] != SVG_ELIDED && c[s->col[k]] != 0 &&
		    !s->expect[k]) {
			s->seen[k] += c[s->col[k]];
			s->minw[k] = runminw(s, k);
		}
}

void
svg_flow_add(struct svg_flow *s, const char *stack, size_t len,
    const double *c)
{
	const char *p, *e, *semi;
	size_t d;

	while (len > 0 && stack[len - 1] == ';')
		len--;
	d = fg_path_shared(stack, len, s->prev, s->prevlen, s->pathend,
	    s->nop);
	/* a flame chart's stack ending on its open path: no frame closes */
	if (s->o->flamechart && (len == 0 || (d > 1 &&
	    s->pathend[d - 1] >= len))) {
		addcounts(s, &s->op[d - 1], c);
		return;
	}
	while (s->nop > d)
		closetop(s);
	s->prev = grow(s->prev, &s->prevcap, len + 1, 1);
	if (len > 0)
		memcpy(s->prev, stack, len);
	s->prevlen = len;
	p = s->prev + fg_path_rest(d, s->pathend, len);
	e = s->prev + len;
	while (p < e) {
		semi = memchr(p, ';', (size_t)(e - p));
		if (semi == NULL)
			semi = e;
		openframe(s, (size_t)(p - s->prev), (size_t)(semi - s->prev));
		p = semi + 1;
	}
	addcounts(s, &s->op[s->nop - 1], c);
}

void
svg_flow_expect(struct svg_flow *s, const double *total)
{
	int v;

	for (v = 0; v < s->nv; v++)
		if (s->col[v] != SVG_ELIDED && total[s->col[v]] > s->seen[v]) {
			s->expect[v] = 1;
			s->seen[v] = total[s->col[v]];
			s->minw[v] = runminw(s, v);
		}
}

const struct svg_rec *
svg_flow_close(struct svg_flow *s, size_t *n, const char **names,
    uint32_t *maxdepth, struct svg_flow_stats *st)
{
	struct open *f = &s->op[0];
	struct svg_rec *r = &s->out[0];
	size_t j;
	int v;

	while (s->nop > 1)
		closetop(s);
	for (j = f->lfront; j < s->nlive; j++)
		final(s, &s->live[j]);
	f->lfront = s->nlive;
	for (v = 0; v < s->nv; v++)
		r->w[v] = width(s, v, f->tot, f->self, f->childel);
	memcpy(r->tot, f->tot, sizeof(r->tot));
	memcpy(r->selfc, f->self, sizeof(r->selfc));
	*n = s->nout;
	*names = s->names.buf;
	*maxdepth = s->maxdepth;
	if (st != NULL)
		*st = s->st;
	return s->out;
}

/*
 * One view of what the pass laid out (svg_flow_view): the frames it
 * kept, the view's final minimum width applied (a frame under it is left
 * out with its subtree), positions made absolute, each frame coloured (by
 * the annotation lines' rules, else the profile's colours, or a diff's
 * with new code settled down the open path) and a diff's frames counted
 * by what their colour says. Nothing here recurses.
 */

double
svg_vself(const double *tot, const double *self, int col)
{
	if (col == SVG_ELIDED)
		return tot[1] == 0 ? self[0] : 0;
	return self[col];
}

/* What a walk over the records keeps per depth. */
struct walk {
	double *base;		/* a drawn frame's absolute start */
	size_t *plen;		/* its path's length in path */
	unsigned char *isnew;	/* diff: it is new code */
	double gall;		/* the Elided view: all that vanished */
	char *path;		/* annotations: the current frame's path */
	size_t pcap;
	struct fg_stab *paths;	/* annotations by path */
	unsigned char *kept;	/* fg-elide's stream: by record, still runs */
};

/* Colour annotations by path, keyed by the path without trailing ';'. */
static struct fg_stab *
annotpaths(const struct fg_annot *a)
{
	struct fg_stab *t;
	struct fg_ent *e;
	const char *k;
	size_t n;

	if (a == NULL || a->paths == NULL)
		return NULL;
	t = fg_stab_new(1);
	for (e = fg_stab_first(a->paths); e != NULL; e = e->next) {
		k = fg_ent_key(a->paths, e);
		for (n = e->len; n > 0 && k[n - 1] == ';'; n--)
			;
		if (n > 0)
			fg_stab_get(t, k, n)->aux = e->aux;
	}
	return t;
}

/*
 * A frame's annotated colour by the annotation lines' rules (a path line,
 * else a name line, else the default line), or FG_NOCOLOR; never the
 * root's.
 */
static uint32_t
annotated(const struct fg_annot *a, struct fg_stab *paths, const char *path,
    size_t plen, const struct svg_frame *f)
{
	struct fg_ent *e;

	if (f->depth == 0)
		return FG_NOCOLOR;
	if (paths != NULL && (e = fg_stab_find(paths, path, plen)) != NULL)
		return e->aux;
	if (a != NULL && a->any) {
		if (a->names != NULL &&
		    (e = fg_stab_find(a->names, f->name, f->nlen)) != NULL)
			return e->aux;
		return a->def;
	}
	return FG_NOCOLOR;
}

/* The path of a frame at depth d >= 1 into w->path, after its parent's. */
static size_t
mkpath(struct walk *w, uint32_t d, const char *name, size_t nlen)
{
	size_t at = d > 1 ? w->plen[d - 1] + 1 : 0;

	if (at + nlen + 1 > w->pcap) {
		w->pcap = (at + nlen + 1) * 2;
		w->path = fg_realloc(w->path, w->pcap);
	}
	if (d > 1)
		w->path[at - 1] = ';';
	if (nlen > 0)
		memcpy(w->path + at, name, nlen);
	w->plen[d] = at + nlen;
	return w->plen[d];
}

/*
 * A frame of the Elided view: what vanished is blue by its share of all
 * that vanished (the view's root, gall), the ancestors that still run
 * grey, as fg-elide's stream draws alone (its "# color-kept" lines);
 * *vanished (unless NULL) says which it was.
 */
static uint32_t
elidedcolor(const struct fg_colorcfg *cc, const struct fg_cframe *cf,
    double gall, int *vanished)
{
	uint32_t c = fg_color_vanished(cc, cf, gall);

	if (vanished != NULL)
		*vanished = c != FG_NOCOLOR;
	return c != FG_NOCOLOR ? c : fg_color_neutral(cc);
}

/*
 * A diff frame's colour (ann: its annotation or FG_NOCOLOR, not in the
 * Elided view), its colour in the other palette (--colorblind flipped; an
 * annotation the diff did not give stays), and its count by kind (a frame
 * the current profile lacks counts as gone), as layout.c does for the tree.
 */
static void
diffcolor(struct svg_view *v, struct svg_opts *o, struct walk *w,
    struct svg_frame *f, uint32_t ann, double all)
{
	struct fg_cframe cf;
	uint32_t c;
	double u;
	int k, byfn, el = v->col == SVG_ELIDED;

	cf.tot = f->tot;
	cf.self = f->selfc;
	cf.root = f->depth == 0;
	cf.pnew = !cf.root && w->isnew[f->depth - 1];
	cf.name = f->name;
	cf.nlen = f->nlen;
	w->isnew[f->depth] = (unsigned char)fg_color_newcode(&o->cc, &cf);
	c = el ? elidedcolor(&o->cc, &cf, w->gall, NULL) :
	    fg_color_diff(&o->cc, &cf, f->name, f->nlen, all);
	f->color = ann != FG_NOCOLOR && !el ? ann : c;
	if (f->color != c)
		f->alt = f->color;
	else {
		o->cc.cb = !o->cc.cb;
		f->alt = el ? elidedcolor(&o->cc, &cf, w->gall, NULL) :
		    fg_color_diff(&o->cc, &cf, f->name, f->nlen, all);
		o->cc.cb = !o->cc.cb;
	}
	if (cf.root)
		return;
	/* what vanished is blue, but counted by the noise test's verdict */
	k = fg_color_kind_why(&o->cc, &cf, &u, &byfn);
	f->byfn = !el && k != FG_DK_SAME && byfn && f->color == c;
	if (f->tot[1] == 0 && f->tot[0] > 0)
		v->ngone[k != FG_DK_SAME]++;
	else
		v->nk[k]++;
}

/*
 * fg-elide's stream alone: which records still run in the current profile
 * (its "# color-kept" paths and their callers), by record. The records are
 * in preorder: a path is looked up going down, and a frame runs when it
 * was named or one of its callees runs, going back up (acc: per depth,
 * whether a callee seen so far runs).
 */
static unsigned char *
keptrecs(struct walk *w, const struct fg_annot *a, const struct svg_rec *recs,
    size_t n, const char *names, uint32_t maxd)
{
	unsigned char *k, *acc;
	size_t i, pl;
	uint32_t d;

	if (a == NULL || a->kept == NULL)
		return NULL;
	k = fg_calloc(n > 0 ? n : 1, 1);
	acc = fg_calloc((size_t)maxd + 2, 1);
	for (i = 1; i < n; i++) {
		pl = mkpath(w, recs[i].depth, names + recs[i].noff,
		    recs[i].nlen);
		k[i] = fg_stab_find(a->kept, w->path, pl) != NULL;
	}
	for (i = n; i-- > 1;) {
		d = recs[i].depth;
		k[i] |= acc[d + 1];
		acc[d + 1] = 0;
		acc[d] |= k[i];
	}
	free(acc);
	return k;
}

static void
colorframe(struct svg_view *v, struct svg_opts *o, const struct fg_annot *a,
    struct walk *w, struct svg_frame *f, size_t rec, double all)
{
	size_t pl = 0;
	uint32_t ann;

	/* fg-trend's stream: its verdicts colour, whatever else is said */
	if (svg_trend_on(o->trend)) {
		f->color = svg_trend_color(o->trend, &o->cc, f->name, f->nlen,
		    f->depth == 0);
		f->alt = f->color;
		return;
	}
	if (w->paths != NULL && f->depth > 0)
		pl = mkpath(w, f->depth, f->name, f->nlen);
	ann = annotated(a, w->paths, w->path, pl, f);
	if (w->isnew != NULL) {
		diffcolor(v, o, w, f, ann, all);
		return;
	}
	/* fg-elide's stream: the root and the callers that still run are no
	 * path that vanished, as in the diff's Elided view */
	f->color = ann != FG_NOCOLOR ? ann : o->cc.gone && (f->depth == 0 ||
	    (w->kept != NULL && w->kept[rec])) ? fg_color_neutral(&o->cc) :
	    fg_color_profile(&o->cc, f->name, f->nlen, f->tot[0], all);
	f->alt = f->color;
}

static struct svg_frame *
newframe(struct svg_view *v)
{
	if (v->nf == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 256;
		v->f = fg_reallocarray(v->f, v->cap, sizeof(*v->f));
	}
	return &v->f[v->nf++];
}

void
svg_flow_view(struct svg_flow *s, int k, int isdiff, struct svg_view *v,
    struct svg_opts *o, const struct fg_annot *a)
{
	const struct svg_rec *recs, *r;
	struct svg_frame *f;
	struct walk w;
	const char *names;
	size_t i, n;
	uint32_t skip = UINT32_MAX, maxd;
	double wd, all;

	recs = svg_flow_close(s, &n, &names, &maxd, NULL);
	memset(&w, 0, sizeof(w));
	w.paths = annotpaths(a);
	w.plen = fg_calloc((size_t)maxd + 2, sizeof(*w.plen));
	w.kept = keptrecs(&w, a, recs, n, names, maxd);
	w.base = fg_calloc((size_t)maxd + 2, sizeof(*w.base));
	if (isdiff)
		w.isnew = fg_calloc((size_t)maxd + 2, 1);
	all = recs[0].tot[isdiff ? 1 : 0];
	w.gall = recs[0].w[k];
	v->cut = svg_flow_budget(recs, n, k, v->minw, o->maxframes);
	v->maxdepth = 0;
	for (i = 0; i < n; i++) {
		r = &recs[i];
		if (skip != UINT32_MAX && r->depth > skip)
			continue;
		skip = UINT32_MAX;
		wd = i == 0 ? v->total : r->w[k];
		if (!(wd > 0) || (i > 0 && (wd < v->minw ||
		    SVG_CUTOFF(v->cut, wd, r->depth)))) {
			skip = r->depth;
			continue;
		}
		f = newframe(v);
		f->name = i == 0 ? "" : names + r->noff;
		f->nlen = r->nlen;
		f->depth = r->depth;
		f->x = r->depth == 0 ? 0 : w.base[r->depth - 1] + r->x[k];
		w.base[r->depth] = f->x;
		f->w = wd;
		f->self = svg_vself(r->tot, r->selfc, v->col);
		memcpy(f->tot, r->tot, sizeof(f->tot));
		memcpy(f->selfc, r->selfc, sizeof(f->selfc));
		f->byfn = 0;
		colorframe(v, o, a, &w, f, i, all);
		f->white = label_ink(f->color) != 0;
		if (f->depth > v->maxdepth)
			v->maxdepth = f->depth;
	}
	free(w.path);
	free(w.plen);
	free(w.base);
	free(w.isnew);
	free(w.kept);
	if (w.paths != NULL)
		fg_stab_free(w.paths);
}

/* The label colour for a fill. */

static double
lin(uint32_t c8)
{
	double c = c8 / 255.0;

	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/*
 * The label colour for a fill: black, or white when white contrasts more
 * (WCAG relative luminance), so labels keep AA contrast on every fill.
 */
uint32_t
label_ink(uint32_t fill)
{
	double l = 0.2126 * lin((fill >> 16) & 255) +
	    0.7152 * lin((fill >> 8) & 255) + 0.0722 * lin(fill & 255);

	return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? 0 : 0xffffff;
}
