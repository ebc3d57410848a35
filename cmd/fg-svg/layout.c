/* SPDX-License-Identifier: ISC */
/*
 * layout.c: decides what fg-svg draws. A profile has one view; a diff has
 * up to three (Differential: the current counts, Baseline: the baseline's,
 * Elided: paths gone from the current profile). In each view a frame is
 * drawn when at least the minimum width; its children start where it
 * starts, in name order (input order for flame charts). flow.c and
 * flowview.c lay the frames out; this file picks the views, their scale
 * and the image's geometry.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"

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

/*
 * A layout from flow.c's one pass: a profile's one view, or a diff's
 * (flow views SVG_AFTER, SVG_BEFORE, SVG_ELIDED, as main.c makes them),
 * its colours' noise test finished here with the root's counts.
 */
void
svg_layout_flow(struct svg_layout *l, struct svg_opts *o, struct svg_flow *s,
    int isdiff, const struct fg_annot *a, const struct fg_period *per)
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
		fg_color_end(&o->cc, r[0].tot, per);
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
	free(l->alt);
	memset(l, 0, sizeof(*l));
}
