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
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"

#define NOSLOT SIZE_MAX

/* A frame kept so far, in pre-order in out[]. */
struct rec {
	size_t noff;		/* name in names[] */
	uint32_t nlen, depth;
	double x;		/* start, from its parent's start */
	double w, self, tot[2], selfc[2];
};

/* A frame of the current stack: name prev[nstart..pathend[depth]). */
struct open {
	size_t nstart;
	size_t slot;		/* its record in out[] */
	size_t rmark;		/* names[] used when it opened */
	size_t lstart;		/* its closed children: live[lstart..] */
	size_t lfront;		/* those before it frozen */
	size_t lnmark;		/* lnames[] used when it opened */
	double tot[2], self[2];
	double childel;		/* its closed children's elided totals */
	double cursor;		/* its closed children's widths */
	int kids;		/* a child opened */
};

/* A closed child of an open frame; a list of them is in name order. */
struct live {
	size_t noff;		/* name in lnames[] */
	size_t slot;		/* its record, NOSLOT when not drawn */
	uint32_t nlen;
	int kids;
	double w, tot[2], self[2];
};

struct svg_flow {
	const struct svg_opts *o;
	int col;		/* SVG_BEFORE, SVG_AFTER or SVG_ELIDED */
	double seen;		/* the view's total so far, a lower bound */
	double minw;		/* the running minimum width (runminw) */
	int expect;		/* seen is the final total (svg_flow_expect) */
	struct rec *out;
	size_t nout, capout;
	char *names;		/* names of the frames in out[] */
	size_t nnames, capnames;
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

static double runminw(const struct svg_flow *);

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

static size_t
newrec(struct svg_flow *s)
{
	s->out = grow(s->out, &s->capout, s->nout + 1, sizeof(*s->out));
	memset(&s->out[s->nout], 0, sizeof(*s->out));
	return s->nout++;
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
	memset(f, 0, sizeof(*f));
	s->pathend[s->nop] = end;
	f->nstart = start;
	f->slot = newrec(s);
	f->rmark = s->nnames;
	f->lstart = f->lfront = s->nlive;
	f->lnmark = s->nlnames;
	if (s->nop > s->maxdepth)
		s->maxdepth = (uint32_t)s->nop;
	s->nop++;
}

struct svg_flow *
svg_flow_new(const struct svg_opts *o, int col)
{
	struct svg_flow *s = fg_calloc(1, sizeof(*s));

	s->o = o;
	s->col = col;
	s->minw = runminw(s);
	openframe(s, 0, 0);
	return s;
}

void
svg_flow_free(struct svg_flow *s)
{
	if (s == NULL)
		return;
	free(s->out);
	free(s->names);
	free(s->op);
	free(s->pathend);
	free(s->prev);
	free(s->live);
	free(s->lnames);
	free(s);
}

/* The view's width of a frame with these counts. */
static double
width(const struct svg_flow *s, const double *tot, const double *self,
    double childel)
{
	if (s->col != SVG_ELIDED)
		return tot[s->col];
	return childel + (tot[1] == 0 ? self[0] : 0);
}

static double
vself(const struct svg_flow *s, const double *tot, const double *self)
{
	if (s->col == SVG_ELIDED)
		return tot[1] == 0 ? self[0] : 0;
	return self[s->col];
}

static void
rotate(struct rec *v, size_t a, size_t b)
{
	struct rec t;

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
	int c = 1;

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
	p->cursor -= y->w;
	for (j = k + 1; j < s->nlive; j++)
		if (s->live[j].slot != NOSLOT)
			s->out[s->live[j].slot].x -= y->w;
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
runminw(const struct svg_flow *s)
{
	double t = s->o->total > s->seen ? s->o->total : s->seen;

	return svg_minw(s->o, t) * (1 - 1e-9);
}

/* Moves f's records in front of the later siblings k.. it precedes. */
static void
infront(struct svg_flow *s, struct open *f, size_t k, double w)
{
	size_t j, a = NOSLOT, shift;

	for (j = k; j < s->nlive; j++)
		if (s->live[j].slot != NOSLOT) {
			if (a == NOSLOT)
				a = s->live[j].slot;
			s->out[s->live[j].slot].x += w;
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

/* Closes the deepest open frame (not the root). */
static void
closetop(struct svg_flow *s)
{
	struct open *f = &s->op[s->nop - 1], *p = f - 1;
	const char *name = s->prev + f->nstart;
	size_t nlen = s->pathend[s->nop - 1] - f->nstart, k, j;
	struct live *y;
	struct rec *r;
	double w, el, off;

	s->nlive = f->lstart;	/* its children are settled */
	s->nlnames = f->lnmark;
	k = place(s, p, f, name, nlen);
	w = width(s, f->tot, f->self, f->childel);
	el = f->childel + (f->tot[1] == 0 ? f->self[0] : 0);
	off = p->cursor;
	for (j = k; j < s->nlive; j++)
		off -= s->live[j].w;
	p->cursor += w;
	if (!(w > 0) || w < s->minw) {
		s->nout = f->slot;
		s->nnames = f->rmark;
		f->slot = NOSLOT;
	} else {
		r = &s->out[f->slot];
		r->noff = putname(&s->names, &s->nnames, &s->capnames, name,
		    nlen);
		r->nlen = (uint32_t)nlen;
		r->depth = (uint32_t)(s->nop - 1);
		r->x = off;
		r->w = w;
		r->self = vself(s, f->tot, f->self);
		memcpy(r->tot, f->tot, sizeof(r->tot));
		memcpy(r->selfc, f->self, sizeof(r->selfc));
	}
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
	y->w = w;
	memcpy(y->tot, f->tot, sizeof(y->tot));
	memcpy(y->self, f->self, sizeof(y->self));
	for (j = 0; j < 2; j++)
		p->tot[j] += f->tot[j];
	p->childel += el;
	s->nop--;
	prune(s, p, s->lnames + y->noff, nlen, y->kids);
}

void
svg_flow_add(struct svg_flow *s, const char *stack, size_t len,
    const double *c)
{
	const char *p, *e, *semi;
	struct open *f;
	size_t d;
	int k;

	while (len > 0 && stack[len - 1] == ';')
		len--;
	d = fg_path_shared(stack, len, s->prev, s->prevlen, s->pathend,
	    s->nop);
	while (s->nop > d)
		closetop(s);
	s->prev = grow(s->prev, &s->prevcap, len + 1, 1);
	if (len > 0)
		memcpy(s->prev, stack, len);
	s->prevlen = len;
	p = s->prev + (d > 1 ? s->pathend[d - 1] + 1 : 0);
	e = s->prev + len;
	if (d > 1 && s->pathend[d - 1] >= len)
		p = e;
	while (p < e) {
		semi = memchr(p, ';', (size_t)(e - p));
		if (semi == NULL)
			semi = e;
		openframe(s, (size_t)(p - s->prev), (size_t)(semi - s->prev));
		p = semi + 1;
	}
	f = &s->op[s->nop - 1];
	for (k = 0; k < 2; k++) {
		f->self[k] += c[k];
		f->tot[k] += c[k];
	}
	if (s->col != SVG_ELIDED && c[s->col] != 0 && !s->expect) {
		s->seen += c[s->col];
		s->minw = runminw(s);
	}
}

void
svg_flow_expect(struct svg_flow *s, double total)
{
	if (s->col != SVG_ELIDED && total > s->seen) {
		s->expect = 1;
		s->seen = total;
		s->minw = runminw(s);
	}
}

double
svg_flow_total(struct svg_flow *s)
{
	const struct open *f = &s->op[0];
	struct rec *r = &s->out[0];

	while (s->nop > 1)
		closetop(s);
	r->w = width(s, f->tot, f->self, f->childel);
	r->self = vself(s, f->tot, f->self);
	memcpy(r->tot, f->tot, sizeof(r->tot));
	memcpy(r->selfc, f->self, sizeof(r->selfc));
	return r->w;
}

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
 * A drawn frame's colour: fg_annot_apply's rules (a path line, else a
 * name line, else the default line), else the palette's.
 */
static uint32_t
color(struct svg_opts *o, const struct fg_annot *a, struct fg_stab *paths,
    const char *path, size_t plen, const char *name, size_t nlen,
    uint32_t depth)
{
	struct fg_ent *e;

	if (depth > 0 && paths != NULL &&
	    (e = fg_stab_find(paths, path, plen)) != NULL)
		return e->aux;
	if (depth > 0 && a != NULL && a->any) {
		if (a->names != NULL &&
		    (e = fg_stab_find(a->names, name, nlen)) != NULL)
			return e->aux;
		if (a->def != FG_NOCOLOR)
			return a->def;
	}
	return fg_color_name(&o->cc, name, nlen);
}

/* The path of a frame at depth d >= 1 into *buf, after its parent's. */
static size_t
mkpath(char **buf, size_t *cap, size_t *plen, uint32_t d, const char *name,
    size_t nlen)
{
	size_t at = d > 1 ? plen[d - 1] + 1 : 0;

	*buf = grow(*buf, cap, at + nlen + 1, 1);
	if (d > 1)
		(*buf)[at - 1] = ';';
	if (nlen > 0)
		memcpy(*buf + at, name, nlen);
	plen[d] = at + nlen;
	return plen[d];
}

/*
 * The view's frames in pre-order: the final minimum width applied (a
 * frame under it is left out with its subtree), positions made absolute.
 */
void
svg_flow_view(struct svg_flow *s, struct svg_view *v, struct svg_opts *o,
    const struct fg_annot *a)
{
	struct fg_stab *paths = annotpaths(a);
	struct svg_frame *f;
	const struct rec *r;
	double *base, w;
	size_t *plen, i, pcap = 0, pl = 0;
	char *path = NULL;
	uint32_t skip = UINT32_MAX;

	svg_flow_total(s);
	base = fg_calloc((size_t)s->maxdepth + 2, sizeof(*base));
	plen = fg_calloc((size_t)s->maxdepth + 2, sizeof(*plen));
	v->maxdepth = 0;
	for (i = 0; i < s->nout; i++) {
		r = &s->out[i];
		if (skip != UINT32_MAX && r->depth > skip)
			continue;
		skip = UINT32_MAX;
		w = i == 0 ? v->total : r->w;
		if (!(w > 0) || (i > 0 && w < v->minw)) {
			skip = r->depth;
			continue;
		}
		v->f = grow(v->f, &v->cap, v->nf + 1, sizeof(*v->f));
		f = &v->f[v->nf++];
		f->name = i == 0 ? "" : s->names + r->noff;
		f->nlen = r->nlen;
		f->depth = r->depth;
		f->x = r->depth == 0 ? 0 : base[r->depth - 1] + r->x;
		base[r->depth] = f->x;
		f->w = w;
		f->self = r->self;
		memcpy(f->tot, r->tot, sizeof(f->tot));
		memcpy(f->selfc, r->selfc, sizeof(f->selfc));
		if (paths != NULL && r->depth > 0)
			pl = mkpath(&path, &pcap, plen, r->depth, f->name,
			    f->nlen);
		f->color = color(o, a, paths, path, pl, f->name, f->nlen,
		    r->depth);
		f->alt = f->color;
		if (f->depth > v->maxdepth)
			v->maxdepth = f->depth;
	}
	free(path);
	free(plen);
	free(base);
	if (paths != NULL)
		fg_stab_free(paths);
}
