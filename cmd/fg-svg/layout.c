/* SPDX-License-Identifier: ISC */
/*
 * layout.c: decides what fg-svg draws. A profile has one view; a diff has
 * up to three (Differential: the current counts, Baseline: the baseline's,
 * Elided: paths gone from the current profile). In each view a frame is
 * drawn when at least the minimum width; its children start where it
 * starts, in name order (input order for flame charts). flow.c lays the
 * frames out; this file picks the views, their scale and the image's
 * geometry, the page's colours, and what a diff's headline and table of
 * changes say.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"
#include "stats.h"

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
		l->tc = st.tc;
		views(l, r[0].tot, r[0].w[fv[SVG_ELIDED]], st.differs);
	} else
		addview(l, SVG_BEFORE, "Profile");
	for (k = 0; k < l->nviews; k++) {
		fk = isdiff ? fv[l->v[k].col] : 0;
		scale(&l->v[k], o, r[0].w[fk]);
		svg_flow_view(s, fk, isdiff, &l->v[k], o, a);
		if (o->order == SVG_ORDER_WEIGHT)
			svg_order_weight(&l->v[k]);
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
	free(l->narrow);
	memset(l, 0, sizeof(*l));
}

/*
 * The page's colours, chosen before it is written (furniture.c writes
 * them): the background, by --bgcolors or from the palette, and a diff's
 * fills in the other palette (--colorblind flipped) for the page's
 * palette toggle, each fill once, and the label ink of those colours and
 * of --search-color's.
 */

/* The background's two colours: by --bgcolors, or for the palette. */
static void
background(struct svg_layout *l, const struct svg_opts *o)
{
	static const struct {
		const char *name, *c1, *c2;
	} bgs[] = {
		{ "yellow", "#eeeeee", "#eeeeb0" },
		{ "blue", "#eeeeee", "#e0e0ff" },
		{ "green", "#eef2ee", "#e0ffe0" },
		{ "grey", "#f8f8f8", "#e8e8e8" },
	};
	const char *bg = o->bgcolors;
	int p = o->cc.pal;
	uint32_t c;
	size_t i;

	if (bg == NULL) {
		/* an elided profile as the diff's Elided view: on grey */
		if (l->isdiff || o->cc.gone)
			bg = "grey";
		else if (p == FG_PAL_MEM)
			bg = "green";
		else if (p == FG_PAL_IO || p == FG_PAL_WAKEUP ||
		    p == FG_PAL_CHAIN)
			bg = "blue";
		else if (p >= FG_PAL_RED)
			bg = "grey";
		else
			bg = "yellow";
	}
	for (i = 0; i < sizeof(bgs) / sizeof(bgs[0]); i++)
		if (strcmp(bg, bgs[i].name) == 0) {
			memcpy(l->bg[0], bgs[i].c1, 8);
			memcpy(l->bg[1], bgs[i].c2, 8);
			return;
		}
	c = fg_color_parse(bg, strlen(bg));
	if (c == FG_NOCOLOR || bg[0] != '#')
		fg_errx(FG_EXIT_ERR, "--bgcolors: not yellow, blue, green, "
		    "grey or #rrggbb: %s", bg);
	fg_color_fmt(l->bg[0], c);
	fg_color_fmt(l->bg[1], c);
}

static void
altadd(struct svg_layout *l, size_t *cap, uint32_t c, uint32_t alt)
{
	if (c == alt)
		return;
	if (l->nalt == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		l->alt = fg_reallocarray(l->alt, *cap, sizeof(*l->alt));
	}
	l->alt[l->nalt++] = (uint64_t)c << 32 | alt;
}

static int
u64cmp(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return (a > b) - (a < b);
}

/*
 * A diff's fills that differ in the other palette, with their colour
 * there: the frames' and the legend's and table's swatches, sorted, the
 * first pair of each fill kept, with the label ink of that colour.
 */
static void
altpairs(struct svg_layout *l, const struct svg_opts *o)
{
	struct fg_colorcfg cc = o->cc, ac = o->cc;
	size_t cap = 0, i, j, n;
	int k, sign;

	if (!l->isdiff)
		return;
	for (k = 0; k < l->nviews; k++)
		for (j = 0; j < l->v[k].nf; j++)
			altadd(l, &cap, l->v[k].f[j].color, l->v[k].f[j].alt);
	ac.cb = !cc.cb;
	for (sign = -1; sign <= 1; sign += 2)
		for (k = 1; k <= 3; k++)
			altadd(l, &cap, fg_color_scale(&cc, k / 3.0, sign),
			    fg_color_scale(&ac, k / 3.0, sign));
	altadd(l, &cap, fg_color_new(&cc), fg_color_new(&ac));
	if (l->nalt == 0)
		return;
	qsort(l->alt, l->nalt, sizeof(*l->alt), u64cmp);
	for (i = n = 1; i < l->nalt; i++)
		if (l->alt[i] >> 32 != l->alt[n - 1] >> 32)
			l->alt[n++] = l->alt[i];
	l->nalt = n;
	for (i = 0; i < n; i++)
		if (label_ink(SVG_ALT_COLOR(l->alt[i])) != 0)
			l->alt[i] |= (uint64_t)1 << 24;
}

void
svg_pagecolor(struct svg_layout *l, const struct svg_opts *o)
{
	background(l, o);
	altpairs(l, o);
	l->searchink = o->searchcol != FG_NOCOLOR ?
	    label_ink(o->searchcol) : FG_NOCOLOR;
}

/*
 * What the headline and the table of largest changes of a differential
 * SVG say: the functions' self counts before and after, classified by
 * common/stats/stats.c exactly as fg-top classifies them (same noise test,
 * same ranking), so the picture and fg-top agree.
 */

void
svg_changes_init(struct svg_changes *sc)
{
	memset(sc, 0, sizeof(*sc));
	fg_changes_init(&sc->cs);
	fg_fnself_init(&sc->fs);
}

/*
 * The functions classified, once, by the colours' noise test (after
 * fg_color_end), and the colours told which changed (o->cc.fnv): before
 * the frames are coloured.
 */
void
svg_changes_finish(struct svg_changes *sc, struct svg_opts *o,
    const double *roottot, const struct fg_period *per)
{
	fg_verdict_functions(&o->cc, &sc->fs, roottot, per, &sc->nz, &sc->cs);
	sc->period = fg_period_get(per);
	sc->ok = 1;
}

/* Whether the table's regressions hold a function called name. */
static int
inreg(const struct fg_changes *cs, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < cs->nreg; i++)
		if (cs->v[cs->reg[i]].len == len &&
		    memcmp(cs->v[cs->reg[i]].name, name, len) == 0)
			return 1;
	return 0;
}

/* Frame i of the records as a row: its inclusive change, first. */
static void
addframe(struct svg_changes *sc, const struct svg_opts *o,
    const struct svg_rec *r, const char *names, const struct fg_fverdict *v)
{
	struct fg_changes *cs = &sc->cs;
	struct fg_cframe cf = { r->tot, r->selfc, 0, 0, NULL, 0 };
	struct fg_chg *c;

	cs->v = fg_reallocarray(cs->v, cs->n + 1, sizeof(*cs->v));
	cs->reg = fg_reallocarray(cs->reg, cs->nreg + 1, sizeof(*cs->reg));
	c = &cs->v[cs->n];
	memset(c, 0, sizeof(*c));
	c->name = names + r->noff;
	c->len = r->nlen;
	fg_color_sides(&o->cc, &cf, &c->c[0], &c->c[1]);
	fg_chg_shares(&sc->nz, c);
	c->delta = v->delta;
	c->z = v->z;
	c->sig = 1;
	c->mdc = v->mdc;
	c->kind = v->kind == FG_DK_NEW ? FG_CHG_NEW : FG_CHG_GREW;
	c->incl = 1;
	memmove(cs->reg + 1, cs->reg, cs->nreg * sizeof(*cs->reg));
	cs->reg[0] = cs->n++;
	cs->nreg++;
	cs->cap = cs->n;
}

void
svg_changes_frames(struct svg_changes *sc, const struct svg_opts *o,
    const struct svg_rec *r, size_t n, const char *names)
{
	struct fg_fverdict *v;
	struct fg_cframe cf;
	size_t i, *parent, *up;
	unsigned char *fails, *deep;

	/* a reversed graph's frames hold callers, not callees */
	if (!sc->ok || o->cc.selfdelta || o->cc.nz.rule == FG_RULE_NONE ||
	    n < 2 || o->reverse || o->callers != NULL)
		return;
	v = fg_calloc(n, sizeof(*v));
	parent = fg_calloc(n, sizeof(*parent));
	up = fg_calloc(n + 1, sizeof(*up));	/* the open path, by depth */
	fails = fg_calloc(n, 1);
	deep = fg_calloc(n, 1);
	for (i = 1; i < n; i++) {
		up[r[i].depth] = i;
		parent[i] = r[i].depth > 0 ? up[r[i].depth - 1] : 0;
		cf.tot = r[i].tot;
		cf.self = r[i].selfc;
		cf.root = 0;
		cf.pnew = parent[i] > 0 && v[parent[i]].kind == FG_DK_NEW;
		cf.name = names + r[i].noff;
		cf.nlen = r[i].nlen;
		fg_verdict_frame(&o->cc, &cf, &v[i]);
		/* new code under new code: its caller is named */
		fails[i] = (unsigned char)fg_verdict_fails(&v[i], 0) &&
		    !cf.pnew;
	}
	fg_verdict_deepest(parent, fails, n, deep);
	for (i = n; i-- > 1;)
		if (deep[i] && !inreg(&sc->cs, names + r[i].noff, r[i].nlen))
			addframe(sc, o, &r[i], names, &v[i]);
	free(v);
	free(parent);
	free(up);
	free(fails);
	free(deep);
}

/*
 * A change fg-top ranks but too small for the frames' colour: the
 * --min-change floor greys a frame whose share moved less, so the table
 * row's square is grey and the headline counts it with the grey ones
 * (new and gone code keep their colour, as their frames do).
 */
int
svg_chg_grey(const struct fg_colorcfg *cc, const struct fg_chg *c)
{
	return !c->incl && c->kind != FG_CHG_NEW && c->kind != FG_CHG_GONE &&
	    fg_color_underfloor(cc, c->delta);
}

void
svg_changes_free(struct svg_changes *sc)
{
	fg_changes_free(&sc->cs);
	fg_fnself_free(&sc->fs);
	memset(sc, 0, sizeof(*sc));
}
