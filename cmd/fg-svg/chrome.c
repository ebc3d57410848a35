/* SPDX-License-Identifier: ISC */
/*
 * chrome.c: the page around fg-svg's frames: the svg element and style
 * sheet, background, titles, legend, view switches, a diff's headline and
 * table of its largest changes. Writes only.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "wout.h"

/* ---- the document ---- */

static void
bgcolors(const struct svg_opts *o, int isdiff, const char **c1,
    const char **c2)
{
	static char flat[8];
	const char *bg = o->bgcolors;
	int p = o->cc.pal;

	if (bg == NULL) {
		/* an elided profile as the diff's Elided view: on grey */
		if (isdiff || o->cc.gone)
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
	if (strcmp(bg, "yellow") == 0) {
		*c1 = "#eeeeee";
		*c2 = "#eeeeb0";
	} else if (strcmp(bg, "blue") == 0) {
		*c1 = "#eeeeee";
		*c2 = "#e0e0ff";
	} else if (strcmp(bg, "green") == 0) {
		*c1 = "#eef2ee";
		*c2 = "#e0ffe0";
	} else if (strcmp(bg, "grey") == 0) {
		*c1 = "#f8f8f8";
		*c2 = "#e8e8e8";
	} else {
		uint32_t c = fg_color_parse(bg, strlen(bg));

		if (c == FG_NOCOLOR || bg[0] != '#')
			fg_errx(FG_EXIT_ERR, "--bgcolors: not yellow, blue, "
			    "green, grey or #rrggbb: %s", bg);
		fg_color_fmt(flat, c);
		*c1 = *c2 = flat;
	}
}

static void
out_notes(const char *notes)
{
	const unsigned char *p = (const unsigned char *)notes;
	size_t n = strlen(notes), k;
	uint32_t cp;
	int dash = 0;

	fg_out_str("<!-- NOTES: ");
	/* a comment may not hold "--" nor end in "-"; UTF-8 repaired */
	while (n > 0) {
		k = fg_utf8_next(p, n, &cp);
		if (*p == '-' && dash)
			fg_out_char(' ');
		dash = *p == '-';
		if (cp == 0xfffd && k == 1)
			fg_out_str("\xef\xbf\xbd");
		else
			fg_out_write(p, k);
		p += k;
		n -= k;
	}
	fg_out_str(" -->\n");
}

/*
 * The legend names the comparison mode in force (stats.h): in absolute
 * mode red is cost that grew, in proportional mode a share that grew,
 * which a speedup elsewhere also gives.
 */
static void
swatch(const struct svg_opts *o, double x, double y, double w, uint32_t c)
{
	char hex[8];

	fg_color_fmt(hex, c);
	fg_out_str("<rect x=\"");
	out_fix1(x);
	fg_out_str("\" y=\"");
	out_fix1(y - o->fontsize + 2);
	fg_out_str("\" width=\"");
	out_fix1(w);
	fg_out_str("\" height=\"");
	out_fix1(o->fontsize);
	fg_out_str("\" fill=\"");
	fg_out_str(hex);
	fg_out_str("\"/>\n");
}

/*
 * The colour contract: the mode, the grew and shrank scales (light: small
 * change, saturated: the largest), new, and grey with the rule in force
 * (the noise test and the floor in points).
 */
struct legend {
	char grey[64], mname[64];
	const char *lab[4];
	double w[5];		/* each item's width with its gap after it */
	double x[5];		/* where each item starts */
	int ln[5];		/* and on which line */
	int n;			/* lines */
};

#define LINEH(o) ((o)->fontsize + 6)
#define FLUIDMIN 600		/* the narrowest page the script draws */
/* the script's palette button at its shortest, "[ ] CB (c)", and a gap */
#define PALW(o) (8 * (o)->fontsize * (o)->fontwidth + 12)

/*
 * The items flow right-aligned in lines of the page's width less the
 * palette button's room on the left, as many lines as they need (one at
 * the default width; a fixed --width under 600 px takes two or three).
 */
static void
legflow(const struct svg_opts *o, struct legend *lg)
{
	const struct fg_colorcfg *cc = &o->cc;
	double fs = o->fontsize, cw = fs * o->fontwidth, sw = fs * 0.8;
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
	lg->lab[0] = prop ? "share grew" : "grew";
	lg->lab[1] = prop ? "share shrank" : "shrank";
	lg->lab[2] = "new";
	lg->lab[3] = lg->grey;
	lg->w[0] = (double)strlen(lg->mname) * cw + 12;
	for (i = 0; i < 4; i++)
		lg->w[i + 1] = (i < 2 ? 3 * sw : fs) + 4 +
		    (double)strlen(lg->lab[i]) * cw + 12;
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

/* The lines the legend takes. */
static int
leglines(const struct svg_opts *o)
{
	struct legend lg;

	legflow(o, &lg);
	return lg.n;
}

static void
legend(const struct svg_opts *o, double y)
{
	const struct fg_colorcfg *cc = &o->cc;
	double fs = o->fontsize, x, ly, sw = fs * 0.8;
	struct legend lg;
	int i, k;

	legflow(o, &lg);
	fg_out_str("<g id=\"legend\"><title>Colour: the change of a frame's "
	    "count in the mode in force; saturation grows with the change, up "
	    "to the largest; grey: ");
	fg_out_str(cc->nz.rule != FG_RULE_NONE ? "not beyond noise (the "
	    "noise test fg-top uses)" : "unchanged");
	if (cc->minchg > 0)
		fg_out_printf(" or under %g points", cc->minchg);
	fg_out_str("; widths: the current profile's ");
	out_text(o->countname);
	fg_out_str("</title>\n");
	out_textel(NULL, NULL, lg.x[0], y + lg.ln[0] * LINEH(o), lg.mname);
	for (i = 0; i < 4; i++) {
		x = lg.x[i + 1];
		ly = y + lg.ln[i + 1] * LINEH(o);
		if (i < 2)
			for (k = 1; k <= 3; k++, x += sw)
				swatch(o, x, ly, sw, fg_color_scale(cc, k / 3.0,
				    i == 0 ? 1 : -1));
		else {
			swatch(o, x, ly, fs, i == 2 ? fg_color_new(cc) :
			    fg_color_neutral(cc));
			x += fs;
		}
		out_textel(NULL, NULL, x + 4, ly, lg.lab[i]);
	}
	fg_out_str("</g>\n");
}

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

/* The frames the current profile lacks: "9 vanished, 3 within noise". */
static void
gone(char *buf, size_t len, const struct svg_view *v)
{
	addcount(buf, len, v->ngone[1], "vanished");
	addcount(buf, len, v->ngone[0], v->ngone[1] > 0 ?
	    "within noise" : "vanished within noise");
}

/*
 * A view's switch: its name and what its frames' colours say, counted in
 * C (layout.c), so that the line reads the same without the script, in
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
		gone(buf, len, v);
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
 * when xs is not NULL, each switch's x and line. The script's reflow()
 * flows them the same way at the window's width.
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
 * The lines kept for the switches: as many as the narrowest page the
 * script draws needs (unless --width fixes the width), so that a reflow
 * never reaches into the table; the lines in use are the last ones.
 */
static int
swlines(const struct svg_opts *o, const struct svg_layout *l)
{
	int n, m;

	if (l->nviews < 2)
		return 0;
	n = swflow(o, l, (double)o->width, NULL, NULL);
	if (!o->fixedw && o->width > FLUIDMIN &&
	    (m = swflow(o, l, FLUIDMIN, NULL, NULL)) > n)
		n = m;
	return n;
}

/* The view switches with their counts, the last line's baseline at y. */
static void
switches(const struct svg_opts *o, const struct svg_layout *l, double y)
{
	double xs[3], lh = LINEH(o);
	char id[16], lab[160];
	int i, n, ln[3];

	n = swflow(o, l, (double)o->width, xs, ln);
	fg_out_str("<g id=\"views\" data-y=\"");
	out_num(y);
	fg_out_str("\" data-lh=\"");
	out_num(lh);
	fg_out_str("\"><title>Views: the current profile coloured "
	    "by change (frames counted by colour, with the noise test in "
	    "force), the baseline, and the paths the current profile lacks"
	    "</title>\n");
	/* without the script they are a line of counts, not controls */
	out_textel("vlab", "ui", SVG_XPAD, y - (n - 1) * lh, "View:");
	for (i = 0; i < l->nviews; i++) {
		snprintf(id, sizeof(id), "vb%d", i);
		swlabel(o, &l->v[i], (double)o->width - 2 * SVG_XPAD -
		    5 * o->fontsize * o->fontwidth - 8, lab, sizeof(lab));
		out_textel(id, i == 0 ? "vb on" : "vb", xs[i],
		    y - (n - 1 - ln[i]) * lh, lab);
	}
	fg_out_str("</g>\n");
}

/* ---- the head at narrow widths: wrapped lines, the title's place ---- */

#define TITLEH(o) ((o)->fontsize + 8)	/* a line of the title */

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

/* Lines of s in a page w wide, in characters cw wide. */
static size_t
nlines(const char *s, double w, double cw)
{
	return wrap(s, (size_t)((w - 2 * SVG_XPAD) / cw), NULL, 0);
}

/*
 * A text element wrapped to the page's width, centred at x: each line
 * after the first a tspan lh lower. Leaves the element open (for a
 * <title>); returns the number of lines.
 */
static size_t
out_wrapped(const char *id, double x, double y, double lh, const char *s,
    double w, double cw)
{
	size_t at[2 * 16], n, i;

	out_textstart(id, NULL, x, y);
	n = wrap(s, (size_t)((w - 2 * SVG_XPAD) / cw), at, 16);
	for (i = 0; i < n && i < 16; i++) {
		if (i > 0) {
			fg_out_str("<tspan x=\"");
			out_fix1(x);
			fg_out_str("\" dy=\"");
			out_num(lh);
			fg_out_str("\">");
		}
		/* the lines past the 16th stay on the 16th */
		fg_xml_text(s + at[2 * i], i == 15 ? strlen(s) - at[2 * i] :
		    at[2 * i + 1], SIZE_MAX);
		if (i > 0)
			fg_out_str("</tspan>");
	}
	return n < 16 ? n : 16;
}

/*
 * The title stays on the first line, centred, when it leaves room for
 * the controls there (Reset Zoom on the left; help, Search and ic on the
 * right); otherwise it goes under them, wrapped to the page's width.
 * Returns the title's lines under the controls (0: beside them).
 */
static size_t
titledrop(const struct svg_opts *o)
{
	double fs = o->fontsize, cw = fs * o->fontwidth, w = (double)o->width;
	double tcw = (fs + 5) * o->fontwidth, tw, x = floor(w / 2);
	size_t n;

	tw = (double)fg_utf8_len(o->title, strlen(o->title)) * tcw;
	if (x - tw / 2 >= SVG_XPAD + 10 * cw + 8 &&
	    x + tw / 2 <= w - SVG_XPAD - 128)
		return 0;
	n = nlines(o->title, w, tcw);
	return n < 16 ? n : 16;
}

/* What the title and subtitle add to the head at this width. */
static double
titleh(const struct svg_opts *o)
{
	double cw = o->fontsize * o->fontwidth, w = (double)o->width;
	size_t n = 1;

	if (o->subtitle != NULL)
		n = nlines(o->subtitle, w, cw);
	return (double)titledrop(o) * TITLEH(o) +
	    (double)((n < 16 ? n : 16) - 1) * LINEH(o);
}

/* The title and subtitle, wrapped at a narrow width. */
static void
titles(const struct svg_opts *o)
{
	double fs = o->fontsize, w = (double)o->width, y = fs * 2;
	size_t drop = titledrop(o);

	if (drop == 0)
		out_textel("title", NULL, floor(w / 2), y, o->title);
	else {
		out_wrapped("title", floor(w / 2), y + TITLEH(o), TITLEH(o),
		    o->title, w, (fs + 5) * o->fontwidth);
		fg_out_str("</text>\n");
	}
	if (o->subtitle == NULL)
		return;
	out_wrapped("subtitle", floor(w / 2), fs * 4 + (double)drop *
	    TITLEH(o), LINEH(o), o->subtitle, w, fs * o->fontwidth);
	fg_out_str("</text>\n");
}

/* ---- a diff's headline and table of its largest changes ---- */

#define TROWS 5			/* rows per list */

static size_t
nrows(const struct svg_changes *sc)
{
	size_t r = sc->cs.nreg, i = sc->cs.nimp;

	r = r < TROWS ? r : TROWS;
	i = i < TROWS ? i : TROWS;
	return r > i ? r : i;
}

/*
 * The two lists side by side while a row keeps NAMEMIN characters of its
 * name (table_row), one under the other in a narrower page (under about
 * 620 px at the default font).
 */
#define NAMEMIN 12

static int
stacked(const struct svg_opts *o)
{
	double fs = o->fontsize, cw = fs * o->fontwidth;

	return ((double)o->width - 2 * SVG_XPAD) / 2 - 10 < fs + 4 +
	    (26 + NAMEMIN) * cw;
}

/* The rows of a list: TROWS at most, or the line saying there is none. */
static size_t
listrows(size_t n)
{
	return n == 0 ? 1 : n < TROWS ? n : TROWS;
}

/* The table's height with the gap under it. */
static double
tableh(const struct svg_opts *o, const struct svg_changes *sc)
{
	size_t n = nrows(sc);

	if (n == 0)
		return 0;
	if (stacked(o))
		return (double)(listrows(sc->cs.nreg) + listrows(sc->cs.nimp) +
		    2) * LINEH(o) + 4 + 8;
	return (double)(n + 1) * LINEH(o) + 8;
}

static size_t
countkind(const struct fg_changes *cs, const size_t *idx, size_t n, int kind)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += cs->v[idx[i]].kind == kind;
	return k;
}

/* What changed beyond noise: "functions: 1 grew, ...; absolute mode". */
static void
h2text(const struct svg_changes *sc, char *buf, size_t len)
{
	const struct fg_changes *cs = &sc->cs;
	size_t g, nw, sh, gone;

	g = countkind(cs, cs->reg, cs->nreg, FG_CHG_GREW);
	nw = cs->nreg - g;
	sh = countkind(cs, cs->imp, cs->nimp, FG_CHG_SHRANK);
	gone = cs->nimp - sh;
	snprintf(buf, len, "functions: %zu grew, %zu new, %zu shrank, "
	    "%zu gone, %zu within noise; %s mode", g, nw, sh, gone,
	    cs->nnoise, fg_mode_name(cs->mode));
}

/* The lines that line takes at the page's width. */
static double
h2lines(const struct svg_opts *o, const struct svg_changes *sc)
{
	char buf[160];

	h2text(sc, buf, sizeof(buf));
	return (double)nlines(buf, (double)o->width, o->fontsize *
	    o->fontwidth);
}

/* The height the headline and the table add above the frames. */
double
headh(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_changes *sc)
{
	double sw = swlines(o, l) * LINEH(o);	/* the switches */

	sw += titleh(o);
	if (l->isdiff)		/* the legend's lines after its first */
		sw += (leglines(o) - 1) * LINEH(o);
	if (!l->isdiff || !sc->ok)
		return sw;
	return sw + 2 * LINEH(o) + (h2lines(o, sc) - 1) * LINEH(o) +
	    tableh(o, sc);
}

/* "464 -> 414 samples (-10.77%)" and what changed beyond noise. */
static void
headline(const struct svg_opts *o, const struct svg_changes *sc, double y)
{
	const struct fg_changes *cs = &sc->cs;
	double w = (double)o->width;
	char buf[160];

	out_textstart("headline", NULL, floor(w / 2), y);
	out_amount(o, cs->tot[0]);
	fg_out_str(" \xe2\x86\x92 ");
	out_amount(o, cs->tot[1]);
	fg_out_char(' ');
	out_text(o->countname);
	snprintf(buf, sizeof(buf), " (%+.1f%%)", fg_changes_totchange(cs) *
	    100);
	fg_out_str(buf);
	fg_out_str("</text>\n");
	h2text(sc, buf, sizeof(buf));
	out_wrapped("headline2", floor(w / 2), y + LINEH(o), LINEH(o), buf, w,
	    o->fontsize * o->fontwidth);
	fg_out_str("<title>");
	fg_out_str(cs->mode == FG_MODE_ABSOLUTE ? "Changes in points of the "
	    "baseline's total; " : "Changes in points of each side's total; ");
	fg_out_str(cs->test);
	fg_out_str("</title></text>\n");
}

/* One row: kind colour, points, share before -> after, the name. */
static void
table_row(const struct svg_opts *o, const struct fg_chg *c, double x,
    double y, double colw)
{
	double fs = o->fontsize, cw = fs * o->fontwidth;
	uint32_t col;
	char buf[96], hex[8];
	int n;

	col = c->kind == FG_CHG_NEW ? fg_color_new(&o->cc) :
	    fg_color_scale(&o->cc, 1, c->delta > 0 ? 1 : -1);
	fg_color_fmt(hex, col);
	fg_out_str("<g class=\"chg\" data-n=\"");
	fg_xml_text(c->name, c->len, SIZE_MAX);
	fg_out_str("\"><title>");
	fg_xml_text(c->name, c->len, SIZE_MAX);
	fg_out_str(": self ");
	out_amount(o, c->c[0]);
	fg_out_str(" \xe2\x86\x92 ");
	out_amount(o, c->c[1]);
	fg_out_char(' ');
	out_text(o->countname);
	snprintf(buf, sizeof(buf), ", %.2f%% \xe2\x86\x92 %.2f%%, "
	    "%+.2f points, z %+.1f", c->share[0] * 100, c->share[1] * 100,
	    c->delta * 100, c->z);
	fg_out_str(buf);
	fg_out_str("</title><rect x=\"");
	out_fix1(x);
	fg_out_str("\" y=\"");
	out_fix1(y - fs + 2);
	fg_out_str("\" width=\"");
	out_fix1(fs);
	fg_out_str("\" height=\"");
	out_fix1(fs);
	fg_out_str("\" fill=\"");
	fg_out_str(hex);
	fg_out_str("\"/>");
	snprintf(buf, sizeof(buf), "%+.2f", c->delta * 100);
	out_textel(NULL, "num", x + fs + 4 + 7 * cw, y, buf);
	snprintf(buf, sizeof(buf), "%.2f%% \xe2\x86\x92 %.2f%%",
	    c->share[0] * 100, c->share[1] * 100);
	out_textel(NULL, "num", x + fs + 4 + 25 * cw, y, buf);
	out_textstart(NULL, NULL, x + fs + 4 + 26 * cw, y);
	n = (int)((colw - fs - 4) / cw) - 26;
	out_midcut(c->name, c->len, n < 5 ? 5 : (size_t)n);
	fg_out_str("</text></g>\n");
}

/*
 * A column's heading, in the longest form that fits the column (bold
 * text taken 5% wider than the average character): "Regressions by
 * self count: points, before -> after", without "by self count", or the
 * one word. The script's fitheads() does the same at the window's width.
 */
static void
tablehead(const struct svg_opts *o, const char *what, double x, double y,
    double colw)
{
	double cw = o->fontsize * o->fontwidth * 1.05;
	size_t n = strlen(what);

	out_textstart(NULL, "th", x, y);
	fg_out_str(what);
	if ((double)(n + 38) * cw <= colw - 10)
		fg_out_str(" by self count");
	if ((double)(n + 24) * cw <= colw - 10)
		fg_out_str(": points, before \xe2\x86\x92 after");
	fg_out_str("</text>\n");
}

/* Regressions on the left, improvements on the right, TROWS each. */
static void
table(const struct svg_opts *o, const struct svg_changes *sc, double y)
{
	const struct fg_changes *cs = &sc->cs;
	double colw = ((double)o->width - 2 * SVG_XPAD) / 2;
	double x[2] = { SVG_XPAD, SVG_XPAD + colw };
	double y1[2] = { y, y };
	const size_t *idx[2] = { cs->reg, cs->imp };
	size_t n[2] = { cs->nreg, cs->nimp }, i;
	static const char *const head[2] = { "Regressions",
	    "Improvements" };
	int k;

	if (nrows(sc) == 0)
		return;
	if (stacked(o)) {	/* improvements under the regressions */
		colw *= 2;
		x[1] = SVG_XPAD;
		y1[1] = y + (double)(listrows(n[0]) + 1) * LINEH(o) + 4;
	}
	fg_out_str("<g id=\"changes\">\n");
	for (k = 0; k < 2; k++) {
		fg_out_str(k == 0 ? "<g id=\"col0\">\n" : "</g><g id=\"col1\">\n");
		tablehead(o, head[k], x[k], y1[k], colw);
		if (n[k] == 0) {
			out_textel(NULL, NULL, x[k], y1[k] + LINEH(o), "none "
			    "beyond noise");
			continue;
		}
		for (i = 0; i < n[k] && i < TROWS; i++)
			table_row(o, &cs->v[idx[k][i]], x[k], y1[k] +
			    (double)(i + 1) * LINEH(o), colw - 10);
	}
	fg_out_str("</g></g>\n");
}

/*
 * --cost for the script: the whole profile's yearly cost, and in a diff
 * the totals a change's share is taken of (before, after; stats.h).
 */
static void
out_costattr(const struct svg_opts *o, const struct svg_layout *l)
{
	const struct fg_noise *nz = &o->cc.nz;

	if (!o->cost.on)
		return;
	fg_out_str(" data-cost=\"");
	out_num(fg_cost_year(&o->cost, 1));
	fg_out_char('"');
	if (l->isdiff) {
		fg_out_str(" data-cden=\"");
		out_num(nz->tot[0]);
		fg_out_char(' ');
		out_num(nz->tot[nz->mode == FG_MODE_PROPORTIONAL ? 1 : 0]);
		fg_out_char('"');
	}
}

/* One style rule "sel{prop:#rrggbb TAIL}" when c is set. */
static void
out_colorrule(const char *sel, const char *prop, uint32_t c, const char *tail)
{
	char hex[8];

	if (c == FG_NOCOLOR)
		return;
	fg_color_fmt(hex, c);
	fg_out_str(sel);
	fg_out_char('{');
	fg_out_str(prop);
	fg_out_char(':');
	fg_out_str(hex);
	fg_out_str(tail);
	fg_out_str("}\n");
}

/*
 * inferno's --search-color (matches filled with it, labels in the ink
 * that contrasts; the script's labels are in .fglab), --stroke-color
 * (every frame outlined, the outline not stretched by a zoom's
 * transform) and --uicolor
 * (the controls and the lines the script writes), after the rules they
 * override.
 */
static void
out_colorrules(const struct svg_opts *o)
{
	out_colorrule("#frames rect.m", "fill", o->searchcol, "");
	if (o->searchcol != FG_NOCOLOR)
		out_colorrule("#frames rect.m+text,.fglab text.m", "fill",
		    fg_color_ink(o->searchcol), "!important");
	out_colorrule("#frames rect", "stroke", o->strokecol,
	    ";vector-effect:non-scaling-stroke");
	out_colorrule("#details,#matched,#unzoom,#search,#ignorecase,#palbtn,"
	    "#helpbtn,.js .vb", "fill", o->uicol, "");
}

/* ---- the other palette, for the page's toggle ---- */

struct altset {
	uint64_t *v;		/* colour << 32 | its other-palette colour */
	size_t n, cap;
};

static void
altadd(struct altset *a, uint32_t c, uint32_t alt)
{
	if (c == alt)
		return;
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 64;
		a->v = fg_reallocarray(a->v, a->cap, sizeof(*a->v));
	}
	a->v[a->n++] = (uint64_t)c << 32 | alt;
}

static int
u64cmp(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return (a > b) - (a < b);
}

/* The legend's and the table's swatches in the other palette. */
static void
altswatches(struct altset *a, const struct svg_opts *o)
{
	struct fg_colorcfg cc = o->cc, ac = o->cc;
	int k, sign;

	ac.cb = !cc.cb;
	for (sign = -1; sign <= 1; sign += 2)
		for (k = 1; k <= 3; k++)
			altadd(a, fg_color_scale(&cc, k / 3.0, sign),
			    fg_color_scale(&ac, k / 3.0, sign));
	altadd(a, fg_color_new(&cc), fg_color_new(&ac));
}

/*
 * data-alt: each fill of a diff and its colour in the other palette
 * (--colorblind flipped) with the label ink for it, "rrggbb:RRGGBB:w"
 * (w white, b black); the script turns them into style rules when the
 * reader switches palettes, whatever draws the frames.
 */
static void
out_altattr(const struct svg_opts *o, const struct svg_layout *l)
{
	struct altset a = { NULL, 0, 0 };
	char hex[8];
	size_t i, j;
	int k;

	if (!l->isdiff)
		return;
	for (k = 0; k < l->nviews; k++)
		for (j = 0; j < l->v[k].nf; j++)
			altadd(&a, l->v[k].f[j].color, l->v[k].f[j].alt);
	altswatches(&a, o);
	qsort(a.v, a.n, sizeof(*a.v), u64cmp);
	fg_out_str(" data-alt=\"");
	for (i = 0; i < a.n; i++) {
		if (i > 0 && a.v[i] >> 32 == a.v[i - 1] >> 32)
			continue;
		if (i > 0)
			fg_out_char(' ');
		fg_color_fmt(hex, (uint32_t)(a.v[i] >> 32));
		fg_out_str(hex + 1);
		fg_out_char(':');
		fg_color_fmt(hex, (uint32_t)a.v[i]);
		fg_out_str(hex + 1);
		fg_out_str(fg_color_ink((uint32_t)a.v[i]) != 0 ? ":w" : ":b");
	}
	fg_out_str(o->cc.cb ? "\" data-cb=\"1\"" : "\"");
	free(a.v);
}

/* What the script needs to know about a diff, as svg attributes. */
static void
out_diffattrs(const struct svg_opts *o, const struct svg_layout *l)
{
	char hex[8];

	fg_out_str(" data-diff=\"1\" data-tc=\"");
	out_num(l->tc);
	fg_color_fmt(hex, fg_color_neutral(&o->cc));
	fg_out_str("\" data-grey=\"");
	fg_out_str(hex);
	fg_out_str("\" data-floor=\"");
	out_num(o->cc.minchg);
	fg_out_str("\" data-z=\"");
	out_num(fg_noise_zshown(&o->cc.nz));
	fg_out_char('"');
	out_attr("data-mode", fg_mode_name(o->cc.nz.mode));
	if (o->cc.negate)
		fg_out_str(" data-negate=\"1\"");
	if (o->cc.nz.mode == FG_MODE_ABSOLUTE && o->cc.nz.drift != 1) {
		fg_out_str(" data-drift=\"");
		out_num(o->cc.nz.drift);
		fg_out_char('"');
	}
}

/* The svg element with the attributes the script reads. */
static void
out_svgel(const struct svg_opts *o, const struct svg_layout *l,
    const struct page *pg)
{
	fg_out_str("<?xml version=\"1.0\" standalone=\"no\"?>\n<svg version="
	    "\"1.1\" width=\"");
	fg_out_u64((uint64_t)o->width);
	fg_out_str("\" height=\"");
	out_num(pg->h);
	fg_out_str("\" viewBox=\"0 0 ");
	fg_out_u64((uint64_t)o->width);
	fg_out_char(' ');
	out_num(pg->h);
	fg_out_str("\" xmlns=\"http://www.w3.org/2000/svg\"");
	fg_out_str(" data-w=\"");
	fg_out_u64((uint64_t)o->width);
	fg_out_str(o->fixedw ? "\" data-fixed=\"1" : "");
	fg_out_str(pg->down ? "\" data-down=\"1" : "");
	fg_out_str("\" data-xpad=\"10\" data-fs=\"");
	out_num(o->fontsize);
	fg_out_str("\" data-fw=\"");
	out_num(o->fontwidth);
	fg_out_str("\" data-factor=\"");
	out_num(o->factor);
	fg_out_char('"');
	out_attr("data-nt", o->nametype);
	out_attr("data-cn", o->countname);
	if (l->isdiff)
		out_diffattrs(o, l);
	out_costattr(o, l);
	out_altattr(o, l);
	fg_out_str(">\n");
}

/* The svg element, the notes and the style sheet. */
void
out_head(const struct svg_opts *o, const struct svg_layout *l,
    const struct page *pg)
{
	const char *bg1, *bg2;
	double fs = o->fontsize;

	out_svgel(o, l, pg);
	if (o->notes != NULL)
		out_notes(o->notes);
	bgcolors(o, l->isdiff, &bg1, &bg2);
	fg_out_str("<defs><linearGradient id=\"background\" y1=\"0\" y2=\"1\" "
	    "x1=\"0\" x2=\"0\"><stop stop-color=\"");
	fg_out_str(bg1);
	fg_out_str("\" offset=\"5%\"/><stop stop-color=\"");
	fg_out_str(bg2);
	fg_out_str("\" offset=\"95%\"/></linearGradient></defs>\n"
	    "<style type=\"text/css\">\ntext{font-family:");
	out_text(o->fonttype);
	fg_out_str(",\"DejaVu Sans\",Arial,sans-serif;font-size:");
	out_num(fs);
	fg_out_str("px;fill:#000}\n#title{text-anchor:middle;font-size:");
	out_num(fs + 5);
	fg_out_str("px}\n#subtitle{text-anchor:middle;fill:#555}\n"
	    "#headline{text-anchor:middle;font-weight:bold;font-size:");
	out_num(fs + 2);
	fg_out_str("px}\n#headline2{text-anchor:middle;fill:#333}\n"
	    ".th{font-weight:bold}\n.num{text-anchor:end}\n"
	    ".chg{cursor:pointer}\n"
	    ".chg:hover text{text-decoration:underline}\n"
	    "#search,#ignorecase,#helpbtn,#palbtn,.js .vb{cursor:pointer;"
	    "fill:#226}\n"
	    "#ignorecase{opacity:.5}\n#ignorecase.show{opacity:1}\n"
	    "#unzoom{cursor:pointer}\n"
	    ".ui{display:none}\n.js .ui{display:inline}\n"
	    ".js .vb.on{font-weight:bold;text-decoration:underline}\n"
	    "#frames>g>rect:hover{stroke:#000;stroke-width:.5;cursor:pointer}\n"
	    "#frames text{pointer-events:none}\n"
	    ".hide{display:none}\n.parent{opacity:.5}\n"
	    ".searching #frames>g>rect:not(.m){opacity:.35}\n"
	    "#frames rect.m{stroke:#000;stroke-width:1}\n"
	    "#frames rect.o{stroke:#000;stroke-width:2}\n"
	    "#tip{pointer-events:none}\n"
	    "#help rect{fill:#fff;stroke:#555}\n"
	    "#frames rect:focus{outline:none;stroke:#000;stroke-width:2}\n"
	    "@media print{.js .ui,#details,#matched,#helpbtn{display:none}\n"
	    "svg:root{width:100%;height:auto}}\n"
	    "#tip rect{fill:#fffff0;stroke:#555;stroke-width:.5}\n");
	/*
	 * Without the script (which sizes the page to the window) a page
	 * whose width was not fixed by --width is scaled down to a narrower
	 * window instead of scrolling sideways; in an <img> it keeps its
	 * natural width.
	 */
	if (!o->fixedw)
		fg_out_str("svg:root:not(.js){max-width:100%;height:auto}\n");
	out_colorrules(o);
	fg_out_str("</style>\n");
}

/* Background, titles, the lines the script fills in, the legend. */
void
out_chrome(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_changes *sc, const struct page *pg)
{
	double fs = o->fontsize, w = (double)o->width, legy;
	double by = pg->h - l->ypad2 / 2;

	fg_out_str("<rect x=\"0\" y=\"0\" width=\"");
	fg_out_u64((uint64_t)o->width);
	fg_out_str("\" height=\"");
	out_num(pg->h);
	fg_out_str("\" fill=\"url(#background)\"/>\n");
	titles(o);
	out_textel("details", NULL, SVG_XPAD, by, " ");
	out_textel("unzoom", "hide", SVG_XPAD, fs * 2, "Reset Zoom");
	out_textel("search", "ui", w - SVG_XPAD - 100, fs * 2, "Search");
	out_textel("ignorecase", "ui", w - SVG_XPAD - 16, fs * 2, "ic");
	out_textel("matched", NULL, w - SVG_XPAD - 100, by, " ");
	if (l->isdiff) {
		legy = pg->liney + titleh(o);
		if (sc->ok) {
			headline(o, sc, legy);
			legy += (1 + h2lines(o, sc)) * LINEH(o);
		}
		legend(o, legy);
		if (sc->ok)
			table(o, sc, legy + leglines(o) * LINEH(o) + 4);
	}
	if (l->nviews > 1)
		switches(o, l, pg->top - 6);
}
