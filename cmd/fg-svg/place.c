/* SPDX-License-Identifier: ISC */
/*
 * place.c: what fg-svg's writer works out before it writes (wout.h),
 * computing only, writing nothing. The layout of the page's head (head.h):
 * where the title, headline, legend, view switches and table of changes
 * go at the page's width, what their text says and how it wraps, and the
 * colours of the legend's and the table's squares (furniture.c writes
 * them). The page's geometry (each view's height, where the frames start,
 * whether they run top-down), each frame's box and label room, each
 * view's rows for the script, and the tables of names and fills the other
 * views' data index. And the numbers write.c shows for a frame.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "wout.h"

#define LINEH(o) ((o)->fontsize + 6)
#define TITLEH(o) ((o)->fontsize + 8)	/* a line of the title */
#define FLUIDMIN 600		/* the narrowest page the script draws */
/* the script's palette button at its shortest, "[ ] CB (c)", and a gap */
#define PALW(o) (8 * (o)->fontsize * (o)->fontwidth + 12)

/* ---- text wrapped to the page's width ---- */

/*
 * Greedy word wrap of s in lines of at most max characters (UTF-8
 * characters, as the script counts code points): breaks at the last
 * space that fits, or within a word longer than a line. Stores each
 * line's start and length in at[2 * i], at[2 * i + 1] for the first na
 * lines; returns the number of lines. The script's wrap() is the same.
 */
static size_t
wrap(const char *s, size_t max, size_t *at, size_t na)
{
	size_t n = strlen(s), b = 0, i, ch, sp, cut, nl = 0;

	if (max < 1)
		max = 1;
	for (;;) {
		/* the first max characters from b, the last space in them */
		for (i = b, ch = 0, sp = SIZE_MAX; i < n; i++) {
			if (((unsigned char)s[i] & 0xc0) == 0x80)
				continue;
			if (ch == max)
				break;
			if (s[i] == ' ' && i > b)
				sp = i;
			ch++;
		}
		if (i >= n || (s[i] == ' ' && i > b))
			sp = i;		/* the rest fits, or breaks here */
		cut = sp != SIZE_MAX ? sp : i;
		if (nl < na) {
			at[2 * nl] = b;
			at[2 * nl + 1] = cut - b;
		}
		nl++;
		if (cut >= n)
			return nl;
		b = sp != SIZE_MAX ? cut + 1 : cut;
	}
}

/* s in a page w wide, in characters cw wide: the lines past the last
 * kept one stay on it. */
static void
hwrap(struct hwrap *hw, const char *s, double w, double cw)
{
	hw->nl = wrap(s, (size_t)((w - 2 * SVG_XPAD) / cw), hw->at,
	    HEAD_WRAPN);
	hw->n = hw->nl < HEAD_WRAPN ? hw->nl : HEAD_WRAPN;
	if (hw->nl >= HEAD_WRAPN)
		hw->at[2 * HEAD_WRAPN - 1] = strlen(s) -
		    hw->at[2 * HEAD_WRAPN - 2];
}

/* ---- the title ---- */

/*
 * The title stays on the first line, centred, when it leaves room for
 * the controls there (Reset Zoom on the left; help, Search and ic on the
 * right); otherwise it goes under them, wrapped to the page's width:
 * tdrop its lines under the controls (0: beside them).
 */
static void
titles(struct head *h, const struct svg_opts *o)
{
	double fs = o->fontsize, cw = fs * o->fontwidth, w = (double)o->width;
	double tcw = (fs + 5) * o->fontwidth, tw, x = floor(w / 2);
	size_t n = 1;

	tw = (double)fg_utf8_len(o->title, strlen(o->title)) * tcw;
	hwrap(&h->title, o->title, w, tcw);
	if (x - tw / 2 >= SVG_XPAD + 10 * cw + 8 &&
	    x + tw / 2 <= w - SVG_XPAD - 128)
		h->tdrop = 0;
	else
		h->tdrop = h->title.n;
	if (o->subtitle != NULL) {
		hwrap(&h->subtitle, o->subtitle, w, cw);
		n = h->subtitle.n;
	}
	h->titleh = (double)h->tdrop * TITLEH(o) + (double)(n - 1) * LINEH(o);
}

/* ---- the legend ---- */

/*
 * A scale's label with its ends, visible (in an <img> and on paper too):
 * "grew 5–13.2 pts", the lightest colour at the smallest change coloured
 * (the --min-change floor, else 0) and the saturated one at the largest
 * change in the graph, in points of the total in the mode in force (the
 * colours' fg_color_scale of |change| / dmax). inferno's --colordiffusion
 * colours by share, not change: the word alone.
 */
static void
legscale(const struct fg_colorcfg *cc, char *buf, size_t len,
    const char *what)
{
	double lo = cc->minchg > 0 ? cc->minchg : 0, hi = cc->dmax * 100;

	if (cc->diffusion) {
		snprintf(buf, len, "%s", what);
		return;
	}
	snprintf(buf, len, "%s %g\xe2\x80\x93%.3g pts", what, lo,
	    hi > lo ? hi : lo);
}

/*
 * The swatches: three steps of the grew and shrank scales (light: small
 * change, saturated: the largest), new's colour, grey's.
 */
static void
legfills(const struct fg_colorcfg *cc, double fs, struct hlegend *lg)
{
	int i, k;

	for (i = 0; i < 2; i++) {
		for (k = 1; k <= 3; k++)
			lg->fill[i][k - 1] = fg_color_scale(cc, k / 3.0,
			    i == 0 ? 1 : -1);
		lg->nfill[i] = 3;
		lg->fillw[i] = fs * 0.8;
	}
	lg->fill[2][0] = fg_color_new(cc);
	lg->fill[3][0] = fg_color_neutral(cc);
	lg->nfill[2] = lg->nfill[3] = 1;
	lg->fillw[2] = lg->fillw[3] = fs;
}

/*
 * The items flow right-aligned in lines of the page's width less the
 * palette button's room on the left, as many lines as they need (one at
 * the default width; a fixed --width under 600 px takes two or three).
 */
static void
legflow(const struct svg_opts *o, struct hlegend *lg)
{
	const struct fg_colorcfg *cc = &o->cc;
	double fs = o->fontsize, cw = fs * o->fontwidth;
	double room, x, lw[5];
	int i, k, prop, unit = strcmp(o->countname, "samples") != 0;

	if (cc->nz.rule == FG_RULE_NONE && cc->minchg <= 0)
		snprintf(lg->grey, sizeof(lg->grey), "no change");
	else if (cc->minchg <= 0)
		snprintf(lg->grey, sizeof(lg->grey), "within noise");
	else
		snprintf(lg->grey, sizeof(lg->grey),
		    "within noise or < %g pts", cc->minchg);
	prop = cc->nz.mode == FG_MODE_PROPORTIONAL;
	snprintf(lg->mname, sizeof(lg->mname), "%s mode%s%.20s%s:", prop ?
	    "proportional" : "absolute", unit ? " (" : "", unit ?
	    o->countname : "", unit ? ")" : "");
	for (i = 0; i < 2; i++)
		legscale(cc, lg->scale[i], sizeof(lg->scale[i]), prop ?
		    (i == 0 ? "share grew" : "share shrank") :
		    (i == 0 ? "grew" : "shrank"));
	lg->lab[0] = lg->scale[0];
	lg->lab[1] = lg->scale[1];
	lg->lab[2] = "new";
	lg->lab[3] = lg->grey;
	legfills(cc, fs, lg);
	lg->w[0] = (double)strlen(lg->mname) * cw + 12;
	for (i = 0; i < 4; i++)
		lg->w[i + 1] = lg->nfill[i] * lg->fillw[i] + 4 +
		    (double)fg_utf8_len(lg->lab[i], strlen(lg->lab[i])) * cw +
		    12;
	room = (double)o->width - 2 * SVG_XPAD - PALW(o);
	lg->n = 1;
	lw[0] = 0;
	for (i = 0; i < 5; i++) {
		if (lw[lg->n - 1] > 0 && lw[lg->n - 1] + lg->w[i] - 12 > room)
			lw[lg->n++] = 0;
		lg->ln[i] = lg->n - 1;
		lw[lg->n - 1] += lg->w[i];
	}
	for (i = 0, k = -1, x = 0; i < 5; i++) {
		if (lg->ln[i] != k) {
			k = lg->ln[i];
			x = (double)o->width - SVG_XPAD - (lw[k] - 12);
		}
		lg->x[i] = x;
		x += lg->w[i];
	}
}

/* ---- the view switches ---- */

/* Appends ": N frames what" or ", N what" to buf when n > 0. */
static void
addcount(char *buf, size_t len, size_t n, const char *what)
{
	size_t k = strlen(buf);

	/* the first count says what is counted: "9 frames vanished" */
	if (n > 0 && k < len && strchr(buf, ':') == NULL)
		snprintf(buf + k, len - k, ": %zu frame%s %s", n, n == 1 ? "" :
		    "s", what);
	else if (n > 0 && k < len)
		snprintf(buf + k, len - k, ", %zu %s", n, what);
}

/* Appends ": N what" or ", N what" to buf when n > 0. */
static void
addshort(char *buf, size_t len, size_t n, const char *what)
{
	size_t k = strlen(buf);

	if (n > 0 && k < len)
		snprintf(buf + k, len - k, "%s %zu %s", strchr(buf, ':') ?
		    "," : ":", n, what);
}

/*
 * The frames the current profile lacks, all blue, and how many of them
 * the one verdict calls real (beyond noise and the --min-change floor)
 * when it does not call them all: "182 frames vanished, 13 beyond noise
 * and 5 pts" (169 one-sample paths).
 */
static void
gone(char *buf, size_t len, const struct svg_opts *o,
    const struct svg_view *v)
{
	size_t k;
	char n[24];

	addcount(buf, len, v->ngone[0] + v->ngone[1], "vanished");
	if (v->ngone[0] == 0 || (k = strlen(buf)) >= len)
		return;
	if (v->ngone[1] == 0)
		snprintf(n, sizeof(n), "none");
	else
		snprintf(n, sizeof(n), "%zu", v->ngone[1]);
	if (o->cc.minchg > 0)
		snprintf(buf + k, len - k, ", %s beyond noise and %g pts", n,
		    o->cc.minchg);
	else
		snprintf(buf + k, len - k, ", %s beyond noise", n);
}

/*
 * A view's switch: its name and what its frames' colours say, counted in
 * C (flow.c), so that the line reads the same without the script, in
 * an <img> and printed: "Differential: 41 grew, 12 shrank, 5 new",
 * "Baseline: 41 grew, 12 shrank", "Elided: 9 vanished".
 */
static void
viewlabel(const struct svg_opts *o, const struct svg_view *v, char *buf,
    size_t len)
{
	const size_t *k = v->nk;

	snprintf(buf, len, "%s%s", v->name, v->col == SVG_AFTER &&
	    o->cc.nz.mode == FG_MODE_PROPORTIONAL ? " (shares)" : "");
	if (v->col == SVG_AFTER) {
		addcount(buf, len, k[FG_DK_GREW], "grew");
		addcount(buf, len, k[FG_DK_SHRANK], "shrank");
		addcount(buf, len, k[FG_DK_NEW], "new");
		if (k[FG_DK_GREW] + k[FG_DK_SHRANK] + k[FG_DK_NEW] == 0)
			snprintf(buf + strlen(buf), len - strlen(buf),
			    ": no change beyond noise");
	} else if (v->col == SVG_BEFORE) {
		/* short, so that the line fits 800 px: what vanished is
		 * the Elided switch's count */
		addshort(buf, len, k[FG_DK_GREW], "grew");
		addshort(buf, len, k[FG_DK_SHRANK], "shrank");
	} else if (v->col == SVG_ELIDED)
		gone(buf, len, o, v);
}

/*
 * A switch's label in a line of room pixels: the first of its forms
 * that fits, "Differential (shares): 41 frames grew, 5 new", without
 * "frames", without " (shares)", the view's name alone. The script's
 * swform() makes the same forms from the first.
 */
static void
swlabel(const struct svg_opts *o, const struct svg_view *v, double room,
    char *buf, size_t len)
{
	double cw = o->fontsize * o->fontwidth;
	char *p;
	size_t n;
	int k;

	viewlabel(o, v, buf, len);
	for (k = 1; k < 4 && (double)strlen(buf) * cw > room; k++) {
		if (k == 1 && (p = strstr(buf, " frame")) != NULL) {
			n = p[6] == 's' ? 7 : 6;	/* " frames" or " frame" */
			memmove(p, p + n, strlen(p + n) + 1);
		} else if (k == 2 && (p = strstr(buf, " (shares)")) != NULL)
			memmove(p, p + 9, strlen(p + 9) + 1);
		else if (k == 3 && (p = strchr(buf, ':')) != NULL)
			*p = '\0';
	}
}

/*
 * The switches flow left to right after "View:" and wrap, each further
 * line indented under the first switch, when the next would pass the
 * right margin of a page w pixels wide. Returns the number of lines and,
 * when xs is not NULL, each switch's x and line. The script's
 * reflow() flows them the same way at the window's width.
 */
static int
swflow(const struct svg_opts *o, const struct svg_layout *l, double w,
    double *xs, int *ln)
{
	double cw = o->fontsize * o->fontwidth, x0 = SVG_XPAD + 5 * cw + 8;
	double x = x0, len;
	char lab[160];
	int i, n = 1;

	for (i = 0; i < l->nviews; i++) {
		swlabel(o, &l->v[i], w - SVG_XPAD - x0, lab, sizeof(lab));
		len = (double)strlen(lab) * cw;
		if (x > x0 && x + len > w - SVG_XPAD) {
			n++;
			x = x0;
		}
		if (xs != NULL) {
			xs[i] = x;
			ln[i] = n - 1;
		}
		x += len + 2 * cw + 8;
	}
	return n;
}

/*
 * The switches at the page's width, and the lines kept for them: as many
 * as the narrowest page the script draws needs (unless --width fixes the
 * width), so that a reflow never reaches into the table; the lines in
 * use are the last ones.
 */
static void
switches(struct head *h, const struct svg_opts *o, const struct svg_layout *l)
{
	int i, m;

	if (l->nviews < 2)
		return;
	h->swn = swflow(o, l, (double)o->width, h->swx, h->swln);
	for (i = 0; i < l->nviews; i++)
		swlabel(o, &l->v[i], (double)o->width - 2 * SVG_XPAD -
		    5 * o->fontsize * o->fontwidth - 8, h->swlab[i],
		    sizeof(h->swlab[i]));
	h->swkept = h->swn;
	if (!o->fixedw && o->width > FLUIDMIN &&
	    (m = swflow(o, l, FLUIDMIN, NULL, NULL)) > h->swkept)
		h->swkept = m;
}

/* ---- a diff's headline and table of its largest changes ---- */

/*
 * The two lists side by side while a row keeps NAMEMIN characters of its
 * name (furniture.c's table_row), one under the other in a narrower page
 * (under about 620 px at the default font).
 */
#define NAMEMIN 12

/* The rows of a list: HEAD_TROWS at most, or the line saying there is
 * none. */
static size_t
listrows(size_t n)
{
	return n == 0 ? 1 : n < HEAD_TROWS ? n : HEAD_TROWS;
}

/* The changes of idx[0..n) of a kind, and (grey) those the floor greys. */
static size_t
countkind(const struct svg_opts *o, const struct fg_changes *cs,
    const size_t *idx, size_t n, int kind, int grey)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += (grey || cs->v[idx[i]].kind == kind) &&
		    svg_chg_grey(&o->cc, &cs->v[idx[i]]) == grey;
	return k;
}

/*
 * What changed, counted as the table's squares colour it: "functions by
 * self count: 1 grew, ..., 34 within noise or < 5 pts; absolute mode"
 * (", no noise test" when none is in force: --all-changes, --zcrit 0),
 * a change the floor greys counted with the grey ones, in the legend's
 * words (the view switches count frames, by their colour).
 */
static void
h2text(const struct svg_opts *o, const struct svg_changes *sc,
    const char *grey, char *buf, size_t len)
{
	const struct fg_changes *cs = &sc->cs;
	size_t g, nw, sh, gone, gr;

	g = countkind(o, cs, cs->reg, cs->nreg, FG_CHG_GREW, 0);
	nw = countkind(o, cs, cs->reg, cs->nreg, FG_CHG_NEW, 0);
	sh = countkind(o, cs, cs->imp, cs->nimp, FG_CHG_SHRANK, 0);
	gone = countkind(o, cs, cs->imp, cs->nimp, FG_CHG_GONE, 0);
	gr = cs->nnoise + countkind(o, cs, cs->reg, cs->nreg, 0, 1) +
	    countkind(o, cs, cs->imp, cs->nimp, 0, 1);
	/* no test nor floor (--all-changes): grey is what did not move */
	if (strcmp(grey, "no change") == 0)
		gr = cs->n - g - nw - sh - gone;
	snprintf(buf, len, "functions by self count%s: %zu grew, %zu new, "
	    "%zu shrank, %zu gone, %zu %s; %s mode%s", cs->nreg > 0 &&
	    cs->v[cs->reg[0]].incl ? ", deepest frames by inclusive count" :
	    "", g, nw, sh, gone, gr,
	    grey, fg_mode_name(cs->mode), o->cc.nz.rule == FG_RULE_NONE ?
	    ", no noise test" : o->cc.nz.between ? "; between-run noise" :
	    "; one run a side: run-to-run noise not measured");
}

/*
 * A column's heading, in the longest form that fits the column (bold
 * text taken 5% wider than the average character): "Regressions by
 * self count: points, before -> after", without "by self count", or the
 * one word. The script's fitheads() does the same at the window's width.
 */
static int
thform(const struct svg_opts *o, const char *what, double colw)
{
	double cw = o->fontsize * o->fontwidth * 1.05;
	size_t n = strlen(what);

	return ((double)(n + 38) * cw <= colw - 10) |
	    ((double)(n + 24) * cw <= colw - 10) << 1;
}

/*
 * Each row's square: new code's colour, grey under the floor, else the
 * end of the grew or shrank scale.
 */
static void
tablefills(struct head *h, const struct svg_opts *o,
    const struct fg_changes *cs)
{
	const size_t *idx[2] = { cs->reg, cs->imp };
	size_t n[2] = { cs->nreg, cs->nimp }, i;
	const struct fg_chg *c;
	int k;

	for (k = 0; k < 2; k++)
		for (i = 0; i < n[k] && i < HEAD_TROWS; i++) {
			c = &cs->v[idx[k][i]];
			h->tgrey[k][i] = svg_chg_grey(&o->cc, c);
			h->tfill[k][i] = c->kind == FG_CHG_NEW ?
			    fg_color_new(&o->cc) : h->tgrey[k][i] ?
			    fg_color_neutral(&o->cc) :
			    fg_color_scale(&o->cc, 1, c->delta > 0 ? 1 : -1);
		}
}

/* The table: regressions on the left, improvements on the right. */
static void
table(struct head *h, const struct svg_opts *o, const struct svg_changes *sc)
{
	double fs = o->fontsize, cw = fs * o->fontwidth;
	size_t r = sc->cs.nreg, i = sc->cs.nimp;
	int n;

	r = r < HEAD_TROWS ? r : HEAD_TROWS;
	i = i < HEAD_TROWS ? i : HEAD_TROWS;
	h->nrows = r > i ? r : i;
	h->tableh = 0;
	h->colw = ((double)o->width - 2 * SVG_XPAD) / 2;
	h->stacked = h->colw - 10 < fs + 4 + (26 + NAMEMIN) * cw;
	if (h->nrows == 0)
		return;
	if (h->stacked) {
		h->tableh = (double)(listrows(sc->cs.nreg) +
		    listrows(sc->cs.nimp) + 2) * LINEH(o) + 4 + 8;
		h->colw *= 2;
		h->tstep = (double)(listrows(sc->cs.nreg) + 1) * LINEH(o);
	} else
		h->tableh = (double)(h->nrows + 1) * LINEH(o) + 8;
	h->tx[0] = SVG_XPAD;
	h->tx[1] = h->stacked ? SVG_XPAD : SVG_XPAD + h->colw;
	h->thform[0] = thform(o, "Regressions", h->colw);
	h->thform[1] = thform(o, "Improvements", h->colw);
	n = (int)((h->colw - 10 - fs - 4) / cw) - 26;
	h->namemax = n < 5 ? 5 : (size_t)n;
	tablefills(h, o, &sc->cs);
}

/* ---- the whole head ---- */

void
svg_head(struct head *h, const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_changes *sc)
{
	double sw;

	memset(h, 0, sizeof(*h));
	h->lh = LINEH(o);
	h->titlelh = TITLEH(o);
	h->cx = floor((double)o->width / 2);
	titles(h, o);
	switches(h, o, l);
	sw = h->swkept * LINEH(o);
	sw += h->titleh;
	if (l->isdiff) {	/* the legend's lines after its first */
		legflow(o, &h->lg);
		sw += (h->lg.n - 1) * LINEH(o);
	}
	h->trendh = l->isdiff ? 0 : svg_trend_headh(o->trend, h->lh);
	sw += h->trendh;
	h->height = sw + svg_map_head(h, o, l);
	if (o->cost.on)
		h->costyear = fg_cost_year(&o->cost, 1);
	if (l->isdiff) {
		h->grey = fg_color_neutral(&o->cc);
		h->zshown = fg_noise_zshown(&o->cc.nz);
	}
	if (!l->isdiff || !sc->ok)
		return;
	h->changes = 1;
	h->totpct = fg_changes_totchange(&sc->cs) * 100;
	/* in the legend's words, under the rule in force */
	h2text(o, sc, h->lg.grey, h->h2, sizeof(h->h2));
	hwrap(&h->h2w, h->h2, (double)o->width, o->fontsize * o->fontwidth);
	table(h, o, sc);
	h->height = sw + 2 * LINEH(o) + ((double)h->h2w.nl - 1) * LINEH(o) +
	    h->tableh;
}

/*
 * The head on the page: the title and controls from the top, a diff's
 * headline, legend and table from the headline's line, the switches'
 * last line just above the frames.
 */
void
svg_head_place(struct head *h, const struct svg_opts *o,
    const struct svg_layout *l, const struct page *pg)
{
	double fs = o->fontsize, w = (double)o->width, y;
	int i;

	h->ctly = fs * 2;
	h->titley = h->tdrop == 0 ? fs * 2 : fs * 2 + TITLEH(o);
	h->subtitley = fs * 4 + (double)h->tdrop * TITLEH(o);
	h->searchx = w - SVG_XPAD - 100;
	h->icx = w - SVG_XPAD - 16;
	h->detailsy = pg->h - l->ypad2 / 2;
	h->trendy = pg->liney + h->titleh;
	if (l->isdiff) {
		y = pg->liney + h->titleh;
		if (h->changes) {
			h->liney = y;
			h->line2y = y + LINEH(o);
			y += (1 + (double)h->h2w.nl) * LINEH(o);
		}
		for (i = 0; i < 5; i++)
			h->lg.y[i] = y + h->lg.ln[i] * LINEH(o);
		y = y + h->lg.n * LINEH(o) + 4;
		h->ty[0] = h->ty[1] = y;
		if (h->stacked)
			h->ty[1] = y + h->tstep + 4;
	}
	if (h->maprows > 0)
		h->mapy = pg->liney + h->titleh;
	h->swbase = pg->top - 6;
	h->vlaby = h->swbase - (h->swn - 1) * LINEH(o);
	for (i = 0; i < l->nviews && i < 3; i++)
		h->swy[i] = h->swbase - (h->swn - 1 - h->swln[i]) * LINEH(o);
}

/*
 * The page: its geometry, the head's places (above), each frame's box and
 * label room, each view's rows, the other views' tables.
 */

/*
 * A diff whose first view would be taller than TALL pixels (the first
 * screen of an 800x600 window) is drawn top-down, the root under the
 * table, so that its widest part is on the first screen of any window,
 * with scripts or without, in an <img> and on paper; so is fg-elide's
 * stream (o->cc.gone), drawn as the diff's Elided view. A profile keeps
 * flamegraph.pl's picture, bottom-up (its script scrolls to the root).
 */
#define TALL 600

/* The page: each view as tall as it needs (the first sizes the image). */
void
svg_page(struct page *pg, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_changes *sc)
{
	int i;

	svg_head(&pg->hd, o, l, sc);
	pg->hh = pg->hd.height;
	pg->top = l->ypad1 + pg->hh;
	pg->liney = o->fontsize * 4 + (o->subtitle != NULL ? l->ypad3 : 0);
	for (i = 0; i < l->nviews; i++)
		pg->vh[i] = pg->top + ((double)l->v[i].maxdepth + 1) *
		    (double)o->frameheight + l->ypad2;
	pg->h = l->nviews > 0 ? pg->vh[0] : l->imageheight + pg->hh;
	pg->down = o->inverted || ((l->isdiff || o->cc.gone ||
	    pg->hd.maprows > 0) && pg->h > TALL);
	svg_head_place(&pg->hd, o, l, pg);
}

/* Frame f's box in view v, and how many characters of label it holds. */
void
svg_page_box(struct box *b, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_view *v,
    const struct svg_frame *f, const struct page *pg)
{
	double s = f->x, w = f->w, h;

	b->x1 = SVG_XPAD + s * v->wpt;
	b->x2 = SVG_XPAD + (s + w) * v->wpt;
	if (!pg->down) {
		h = pg->vh[v - l->v];
		b->y1 = h - l->ypad2 - (f->depth + 1) * o->frameheight +
		    SVG_FRAMEPAD;
		b->y2 = h - l->ypad2 - f->depth * o->frameheight;
	} else {
		b->y1 = pg->top + f->depth * o->frameheight;
		b->y2 = pg->top + (f->depth + 1) * o->frameheight -
		    SVG_FRAMEPAD;
	}
	b->chars = (size_t)((b->x2 - b->x1) / (o->fontsize * o->fontwidth));
}

/*
 * Where view i's rows go, for the script: the top of the root's row, the
 * step to the next row (negative: bottom-up) and the rectangles' height.
 */
void
svg_page_rows(struct rows *r, const struct svg_opts *o,
    const struct svg_layout *l, int i, const struct page *pg)
{
	double fh = (double)o->frameheight;

	r->y0 = pg->down ? pg->top : pg->vh[i] - l->ypad2 - fh + SVG_FRAMEPAD;
	r->dy = pg->down ? fh : -fh;
	r->rh = fh - SVG_FRAMEPAD;
}

/* The name shown: without a trailing _[k] _[w] _[i] _[j] annotation. */
size_t
svg_showlen(const struct svg_frame *f)
{
	const char *s = f->name;
	size_t l = f->nlen;

	if (l >= 4 && s[l - 4] == '_' && s[l - 3] == '[' && s[l - 1] == ']' &&
	    strchr("kwij", s[l - 2]) != NULL)
		return l - 4;
	return l;
}

/*
 * The views other than the first index their names and fills: each
 * distinct one gets its number (aux, from 1) in the order first met.
 */
void
svg_page_tables(const struct svg_layout *l, struct fg_stab *names,
    struct fg_stab *fills)
{
	const struct svg_frame *f;
	struct fg_ent *e;
	char col[8];
	size_t j;
	int i;

	for (i = 1; i < l->nviews; i++)
		for (j = 0; j < l->v[i].nf; j++) {
			f = &l->v[i].f[j];
			e = fg_stab_get_ref(names, f->name, svg_showlen(f));
			if (e->aux == 0)
				e->aux = (uint32_t)fg_stab_count(names);
			fg_color_fmt(col, f->color);
			e = fg_stab_get(fills, col + 1, 6);
			if (e->aux == 0)
				e->aux = (uint32_t)fg_stab_count(fills);
		}
}

/*
 * The numbers write.c shows for a frame, worked out before it writes
 * them: its title's share, a diff's counts from the point of view in
 * force and their change in points, --cost's yearly figures, and in the
 * other views' data its start from its parent's.
 */

void
svg_fnums(struct fnums *n, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_frame *f,
    const struct svg_view *v)
{
	/* --negate: the baseline seen from the current profile */
	int k = o->cc.negate ? 1 : 0;
	double p;

	n->share = 100 * f->w / v->total;
	n->b = f->tot[k];
	n->a = f->tot[1 - k];
	n->d = n->a - n->b;
	n->bw = k ? "current" : "before";
	n->aw = k ? "baseline" : "after";
	/*
	 * the after count is the frame's own in the Differential view,
	 * drawn by it (the "current" side with --negate): not repeated
	 */
	n->own = v->col == SVG_AFTER ? (o->cc.negate ? 0 : 1) : -1;
	p = 100 * fg_noise_delta(&o->cc.nz, n->b, n->a);
	n->pts = fabs(p) < 0.005 ? 0.0 : p;
	n->cost = o->cost.on && v->total > 0;
	if (!n->cost)
		return;
	n->cyear = fg_cost_year(&o->cost, f->w / v->total);
	if (l->isdiff)
		n->cchange = fg_cost_year(&o->cost,
		    fg_noise_delta(&o->cc.nz, n->b, n->a));
}

void
svg_relstart_init(struct relstart *r, const struct svg_layout *l)
{
	uint32_t maxd = 0;
	int i;

	for (i = 1; i < l->nviews; i++)
		if (l->v[i].maxdepth > maxd)
			maxd = l->v[i].maxdepth;
	r->up = fg_calloc((size_t)maxd + 2, sizeof(*r->up));
}

double
svg_relstart(struct relstart *r, const struct svg_frame *f)
{
	r->up[f->depth + 1] = f->x;
	return f->x - r->up[f->depth];
}

void
svg_relstart_free(struct relstart *r)
{
	free(r->up);
}
