/* SPDX-License-Identifier: ISC */
/*
 * layout.c: decides what fg-svg draws. A profile has one view; a diff has
 * up to three (Differential: the current counts, Baseline: the baseline's,
 * Elided: paths gone from the current profile). In each view a frame is
 * drawn when at least the minimum width; its children start where it
 * starts, in name order (input order for flame charts).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"

static double
vval(const struct fg_node *n, int col)
{
	return col == SVG_ELIDED ? n->el : n->tot[col];
}

double
svg_vself(const double *tot, const double *self, int col)
{
	if (col == SVG_ELIDED)
		return tot[1] == 0 ? self[0] : 0;
	return self[col];
}

static void
addview(struct svg_layout *l, int col, const char *name)
{
	l->v[l->nviews].col = col;
	l->v[l->nviews++].name = name;
}

/*
 * Which views a diff has, only those that show something: the root's
 * counts, its elided count, whether any frame's counts differ.
 */
static void
views(struct svg_layout *l, const double *tot, double el, int differs)
{
	if (tot[1] > 0)
		addview(l, SVG_AFTER, "Differential");
	if (tot[0] > 0 && (differs || l->nviews == 0))
		addview(l, SVG_BEFORE, "Baseline");
	if (el > 0)
		addview(l, SVG_ELIDED, "Elided");
}

double
svg_minw(const struct svg_opts *o, double total)
{
	if (o->minpct)
		return total * o->minwidth / 100;
	return o->minwidth * total / ((double)o->width - 2 * SVG_XPAD);
}

/* A view's total (--total when larger) and the narrowest count drawn. */
static void
scale(struct svg_view *v, const struct svg_opts *o, double tot)
{
	v->total = o->total > tot ? o->total : tot;
	if (o->total > 0 && o->total < tot && o->total / tot < 0.98)
		fg_warnx("--total %g is less than the total %g, ignored",
		    o->total, tot);
	v->minw = svg_minw(o, v->total);
	v->wpt = ((double)o->width - 2 * SVG_XPAD) / v->total;
}

/*
 * A diff's frame counted by what its colour says, for the view switches:
 * the same test as the colour (the mode, the noise test, the floor); a
 * frame the current profile lacks counts as gone.
 */
static void
countkind(struct svg_view *v, const struct svg_opts *o,
    const struct fg_tree *t, const struct fg_node *n)
{
	double u;
	int k;

	if (t->ncols != 2 || n->depth == 0)
		return;
	k = fg_color_kind(&o->cc, t, n, &u);
	if (n->tot[1] == 0 && n->tot[0] > 0)
		v->ngone[k != FG_DK_SAME]++;
	else
		v->nk[k]++;
}

/*
 * A diff frame's colour in the other palette (--colorblind flipped), for
 * the page's palette toggle; a colour the diff did not give (an
 * annotation's) stays.
 */
static uint32_t
altcolor(struct svg_opts *o, const struct fg_tree *t, const struct fg_node *n,
    uint32_t c)
{
	uint32_t alt;

	if (t->ncols != 2 || (n->color != FG_NOCOLOR && n->color != fg_color_node(&o->cc, t, n)))
		return c;
	o->cc.cb = !o->cc.cb;
	alt = fg_color_node(&o->cc, t, n);
	o->cc.cb = !o->cc.cb;
	return alt;
}

static void
addframe(struct svg_view *v, struct svg_opts *o, const struct fg_tree *t,
    const struct fg_node *n, double x, double w)
{
	struct svg_frame *f;

	countkind(v, o, t, n);

	if (v->nf == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 256;
		v->f = fg_reallocarray(v->f, v->cap, sizeof(*v->f));
	}
	f = &v->f[v->nf++];
	f->name = n->name;
	f->nlen = n->nlen;
	f->depth = n->depth;
	f->color = n->color != FG_NOCOLOR ? n->color :
	    fg_color_node(&o->cc, t, n);
	f->alt = altcolor(o, t, n, f->color);
	f->x = x;
	f->w = w;
	f->self = svg_vself(n->tot, n->self, v->col);
	memcpy(f->tot, n->tot, sizeof(f->tot));
	memcpy(f->selfc, n->self, sizeof(f->selfc));
}

/*
 * Walks the tree in pre-order without recursion; cursor[d] is where the
 * next frame at depth d starts.
 */
static void
walk(struct svg_view *v, struct svg_opts *o, const struct fg_tree *t,
    double *cursor)
{
	uint32_t id, d;
	double w;
	int keep;

	id = 0;
	cursor[0] = 0;
	v->maxdepth = 0;
	while (id != FG_NONE) {
		const struct fg_node *n = &t->n[id];

		d = n->depth;
		w = id == 0 ? v->total : vval(n, v->col);
		keep = w > 0 && (id == 0 || w >= v->minw);
		if (keep) {
			if (d > v->maxdepth)
				v->maxdepth = d;
			cursor[d + 1] = cursor[d];
			addframe(v, o, t, n, cursor[d], w);
		}
		if (id != 0)
			cursor[d] += w;
		id = fg_tree_next(t, id, keep);
	}
}

/* Heights of the title area (ypad1), the bottom line (ypad2), the image. */
static void
geometry(struct svg_layout *l, const struct svg_opts *o)
{
	uint32_t maxd = 0;
	int k;

	l->ypad1 = o->fontsize * 3;
	l->ypad2 = o->fontsize * 2 + 10;
	l->ypad3 = o->fontsize * 2;
	if (o->subtitle != NULL)
		l->ypad1 += l->ypad3;
	if (l->isdiff)
		l->ypad1 += o->fontsize * 2;
	for (k = 0; k < l->nviews; k++)
		if (l->v[k].maxdepth > maxd)
			maxd = l->v[k].maxdepth;
	l->imageheight = (maxd + 1) * (double)o->frameheight + l->ypad1 +
	    l->ypad2;
}

void
svg_layout_tree(struct svg_layout *l, struct svg_opts *o, struct fg_tree *t)
{
	double *cursor;
	size_t j;
	int k;

	int differs = 0;

	memset(l, 0, sizeof(*l));
	l->isdiff = t->ncols == 2;
	for (j = 0; j < t->nn && l->isdiff && !differs; j++)
		differs = t->n[j].tot[0] != t->n[j].tot[1];
	if (l->isdiff) {
		for (j = 1; j < t->nn; j++)
			l->tc += fabs(t->n[j].self[1] - t->n[j].self[0]);
		views(l, t->n[0].tot, t->n[0].el, differs);
	} else
		addview(l, SVG_BEFORE, "Profile");
	for (k = 0; k < l->nviews; k++)
		scale(&l->v[k], o, vval(&t->n[0], l->v[k].col));
	cursor = fg_calloc((size_t)t->maxdepth + 2, sizeof(*cursor));
	for (k = 0; k < l->nviews; k++)
		walk(&l->v[k], o, t, cursor);
	free(cursor);
	geometry(l, o);
}

/*
 * A layout from flow.c's one pass: a profile's one view, or a diff's
 * (flow views SVG_AFTER, SVG_BEFORE, SVG_ELIDED, as main.c makes them),
 * its colours' noise test finished here with the root's counts.
 */
void
svg_layout_flow(struct svg_layout *l, struct svg_opts *o, struct svg_flow *s,
    int isdiff, const struct fg_annot *a)
{
	static const int fv[3] = { 1, 0, 2 };	/* flow view of each col */
	const struct svg_rec *r;
	struct svg_flow_stats st;
	const char *names;
	size_t n;
	uint32_t maxd;
	int k, fk;

	memset(l, 0, sizeof(*l));
	r = svg_flow_close(s, &n, &names, &maxd, &st);
	l->isdiff = isdiff;
	if (isdiff) {
		fg_color_end(&o->cc, r[0].tot);
		l->tc = st.tc;
		views(l, r[0].tot, r[0].w[fv[SVG_ELIDED]], st.differs);
	} else
		addview(l, SVG_BEFORE, "Profile");
	for (k = 0; k < l->nviews; k++) {
		fk = isdiff ? fv[l->v[k].col] : 0;
		scale(&l->v[k], o, r[0].w[fk]);
		svg_flow_view(s, fk, isdiff, &l->v[k], o, a);
	}
	geometry(l, o);
}

void
svg_layout_free(struct svg_layout *l)
{
	int k;

	for (k = 0; k < l->nviews; k++)
		free(l->v[k].f);
	memset(l, 0, sizeof(*l));
}
