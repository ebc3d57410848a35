/* SPDX-License-Identifier: ISC */
/*
 * furniture.c: the page around fg-svg's frames: the svg element and style
 * sheet, background, titles, legend, view switches, a diff's headline and
 * table of its largest changes, where place.c placed them. Writes only.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "wout.h"

/* ---- the document ---- */

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
 * The colour contract as place.c chose it: the mode, the grew and shrank
 * scales, new, and grey with the rule in force (the noise test and the
 * floor in points), each item's swatches and label.
 */
static void
legend(const struct svg_opts *o, const struct hlegend *lg)
{
	const struct fg_colorcfg *cc = &o->cc;
	double x, ly;
	int i, k;

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
	out_textel(NULL, NULL, lg->x[0], lg->y[0], lg->mname);
	for (i = 0; i < 4; i++) {
		x = lg->x[i + 1];
		ly = lg->y[i + 1];
		for (k = 0; k < lg->nfill[i]; k++, x += lg->fillw[i])
			swatch(o, x, ly, lg->fillw[i], lg->fill[i][k]);
		out_textel(NULL, NULL, x + 4, ly, lg->lab[i]);
	}
	fg_out_str("</g>\n");
}

/* The view switches with their counts, the last line's baseline at y. */
static void
switches(const struct svg_layout *l, const struct head *h)
{
	char id[16];
	int i;

	fg_out_str("<g id=\"views\" data-y=\"");
	out_num(h->swbase);
	fg_out_str("\" data-lh=\"");
	out_num(h->lh);
	fg_out_str("\"><title>Views: the current profile coloured "
	    "by change (frames counted by colour, with the noise test in "
	    "force), the baseline, and the paths the current profile lacks"
	    "</title>\n");
	/* without the script they are a line of counts, not controls */
	out_textel("vlab", "ui", SVG_XPAD, h->vlaby, "View:");
	for (i = 0; i < l->nviews; i++) {
		snprintf(id, sizeof(id), "vb%d", i);
		out_textel(id, i == 0 ? "vb on" : "vb", h->swx[i], h->swy[i],
		    h->swlab[i]);
	}
	fg_out_str("</g>\n");
}

/* ---- the title, a diff's headline and table ---- */

/*
 * A text element wrapped to the page's width, centred at x: each line
 * after the first a tspan lh lower. Leaves the element open (for a
 * <title>).
 */
static void
out_wrapped(const char *id, double x, double y, double lh, const char *s,
    const struct hwrap *hw)
{
	size_t i;

	out_textstart(id, NULL, x, y);
	for (i = 0; i < hw->n; i++) {
		if (i > 0) {
			fg_out_str("<tspan x=\"");
			out_fix1(x);
			fg_out_str("\" dy=\"");
			out_num(lh);
			fg_out_str("\">");
		}
		xml_text(s + hw->at[2 * i], hw->at[2 * i + 1], SIZE_MAX);
		if (i > 0)
			fg_out_str("</tspan>");
	}
}

/* The title and subtitle, wrapped at a narrow width. */
static void
titles(const struct svg_opts *o, const struct head *h)
{
	if (h->tdrop == 0)
		out_textel("title", NULL, h->cx, h->titley, o->title);
	else {
		out_wrapped("title", h->cx, h->titley, h->titlelh, o->title,
		    &h->title);
		fg_out_str("</text>\n");
	}
	if (o->subtitle == NULL)
		return;
	out_wrapped("subtitle", h->cx, h->subtitley, h->lh, o->subtitle,
	    &h->subtitle);
	fg_out_str("</text>\n");
}

/* "464 -> 414 samples (-10.77%)" and what changed beyond noise. */
static void
headline(const struct svg_opts *o, const struct svg_changes *sc,
    const struct head *h)
{
	const struct fg_changes *cs = &sc->cs;
	char buf[160];

	out_textstart("headline", NULL, h->cx, h->liney);
	out_amount(o, cs->tot[0]);
	fg_out_str(" \xe2\x86\x92 ");
	out_amount(o, cs->tot[1]);
	fg_out_char(' ');
	out_text(o->countname);
	snprintf(buf, sizeof(buf), " (%+.1f%%)", h->totpct);
	fg_out_str(buf);
	fg_out_str("</text>\n");
	out_wrapped("headline2", h->cx, h->line2y, h->lh, h->h2, &h->h2w);
	fg_out_str("<title>");
	fg_out_str(cs->mode == FG_MODE_ABSOLUTE ? "Changes in points of the "
	    "baseline's total; " : "Changes in points of each side's total; ");
	fg_out_str(cs->test);
	fg_out_str("</title></text>\n");
}

/* One row: kind colour, points, share before -> after, the name. */
static void
table_row(const struct svg_opts *o, const struct fg_chg *c, double x,
    double y, const struct head *h, int k, size_t i)
{
	double fs = o->fontsize, cw = fs * o->fontwidth;
	char buf[96], hex[8];

	fg_color_fmt(hex, h->tfill[k][i]);
	fg_out_str("<g class=\"chg\" data-n=\"");
	xml_text(c->name, c->len, SIZE_MAX);
	fg_out_str("\"><title>");
	xml_text(c->name, c->len, SIZE_MAX);
	fg_out_str(c->incl ? ": frame, inclusive " : ": self ");
	out_amount(o, c->c[0]);
	fg_out_str(" \xe2\x86\x92 ");
	out_amount(o, c->c[1]);
	fg_out_char(' ');
	out_text(o->countname);
	snprintf(buf, sizeof(buf), ", %.2f%% \xe2\x86\x92 %.2f%%, "
	    "%+.2f points, z %+.1f", c->share[0] * 100, c->share[1] * 100,
	    c->delta * 100, c->z);
	fg_out_str(buf);
	if (h->tgrey[k][i])
		fg_out_printf("; grey: under the %g-point "
		    "threshold (--min-change)", o->cc.minchg);
	out_swatch(x, y, fs, hex);
	snprintf(buf, sizeof(buf), "%+.2f", c->delta * 100);
	out_textel(NULL, "num", x + fs + 4 + 7 * cw, y, buf);
	snprintf(buf, sizeof(buf), "%.2f%% \xe2\x86\x92 %.2f%%",
	    c->share[0] * 100, c->share[1] * 100);
	out_textel(NULL, "num", x + fs + 4 + 25 * cw, y, buf);
	out_textstart(NULL, NULL, x + fs + 4 + 26 * cw, y);
	out_midcut(c->name, c->len, h->namemax);
	fg_out_str("</text></g>\n");
}

/*
 * A column's heading in the form that fits (place.c): "Regressions by
 * self count: points, before -> after", without "by self count", or the
 * one word.
 */
static void
tablehead(const char *what, int form, double x, double y)
{
	out_textstart(NULL, "th", x, y);
	fg_out_str(what);
	if (form & 1)
		fg_out_str(" by self count");
	if (form & 2)
		fg_out_str(": points, before \xe2\x86\x92 after");
	fg_out_str("</text>\n");
}

/* Regressions on the left, improvements on the right (or under them). */
static void
table(const struct svg_opts *o, const struct svg_changes *sc,
    const struct head *h)
{
	const struct fg_changes *cs = &sc->cs;
	const size_t *idx[2] = { cs->reg, cs->imp };
	size_t n[2] = { cs->nreg, cs->nimp }, i;
	static const char *const head[2] = { "Regressions",
	    "Improvements" };
	int k;

	if (h->nrows == 0)
		return;
	fg_out_str("<g id=\"changes\">\n");
	for (k = 0; k < 2; k++) {
		fg_out_str(k == 0 ? "<g id=\"col0\">\n" : "</g><g id=\"col1\">\n");
		tablehead(head[k], h->thform[k], h->tx[k], h->ty[k]);
		if (n[k] == 0) {
			out_textel(NULL, NULL, h->tx[k], h->ty[k] + h->lh,
			    "none beyond noise");
			continue;
		}
		for (i = 0; i < n[k] && i < HEAD_TROWS; i++)
			table_row(o, &cs->v[idx[k][i]], h->tx[k], h->ty[k] +
			    (double)(i + 1) * h->lh, h, k, i);
	}
	fg_out_str("</g></g>\n");
}

/*
 * --cost for the script: the whole profile's yearly cost, and in a diff
 * the totals a change's share is taken of (before, after; stats.h).
 */
static void
out_costattr(const struct svg_opts *o, const struct svg_layout *l,
    const struct head *h)
{
	const struct fg_noise *nz = &o->cc.nz;

	if (!o->cost.on)
		return;
	fg_out_str(" data-cost=\"");
	out_num(h->costyear);
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
out_colorrules(const struct svg_opts *o, const struct svg_layout *l)
{
	out_colorrule("#frames rect.m", "fill", o->searchcol, "");
	if (o->searchcol != FG_NOCOLOR)
		out_colorrule("#frames rect.m+text,.fglab text.m", "fill",
		    l->searchink, "!important");
	out_colorrule("#frames rect", "stroke", o->strokecol,
	    ";vector-effect:non-scaling-stroke");
	out_colorrule("#details,#matched,#unzoom,#search,#ignorecase,#palbtn,"
	    "#helpbtn,.js .vb", "fill", o->uicol, "");
}

/* ---- the other palette, for the page's toggle ---- */

/*
 * data-alt: each fill of a diff and its colour in the other palette
 * (--colorblind flipped) with the label ink for it, "rrggbb:RRGGBB:w"
 * (w white, b black); the script turns them into style rules when the
 * reader switches palettes, whatever draws the frames.
 */
static void
out_altattr(const struct svg_opts *o, const struct svg_layout *l)
{
	char hex[8];
	size_t i;

	if (!l->isdiff)
		return;
	fg_out_str(" data-alt=\"");
	for (i = 0; i < l->nalt; i++) {
		if (i > 0)
			fg_out_char(' ');
		fg_color_fmt(hex, SVG_ALT_FILL(l->alt[i]));
		fg_out_str(hex + 1);
		fg_out_char(':');
		fg_color_fmt(hex, SVG_ALT_COLOR(l->alt[i]));
		fg_out_str(hex + 1);
		fg_out_str(SVG_ALT_WHITE(l->alt[i]) ? ":w" : ":b");
	}
	fg_out_str(o->cc.cb ? "\" data-cb=\"1\"" : "\"");
}

/* What the script needs to know about a diff, as svg attributes. */
static void
out_diffattrs(const struct svg_opts *o, const struct svg_layout *l,
    const struct head *h)
{
	char hex[8];

	fg_out_str(" data-diff=\"1\" data-tc=\"");
	out_num(l->tc);
	fg_color_fmt(hex, h->grey);
	fg_out_str("\" data-grey=\"");
	fg_out_str(hex);
	fg_out_str("\" data-floor=\"");
	out_num(o->cc.minchg);
	fg_out_str("\" data-z=\"");
	out_num(h->zshown);
	fg_out_char('"');
	out_attr("data-mode", fg_mode_name(o->cc.nz.mode));
	if (o->cc.negate)
		fg_out_str(" data-negate=\"1\"");
	/* the one verdict's test, for a grey frame's hover: the |z| its
	 * detectable change is taken at, samples per count each side (the
	 * view's order), the dispersion; or the origin when untested */
	if (o->cc.nz.between) {
		double z, s0, s1, phi;

		fg_repl_hover(&o->cc.nz, fg_verdict_zmdc(&o->cc), &z, &s0, &s1,
		    &phi);
		fg_out_printf(" data-mdc=\"%.6g %.9g %.9g %.6g\" data-runs="
		    "\"%d:%d\"", z, s0, s1, phi, o->cc.nz.nrun[0],
		    o->cc.nz.nrun[1]);
	} else if (o->cc.nz.origin == FG_ORIGIN_SAMPLED)
		fg_out_printf(" data-mdc=\"%.6g %.9g %.9g %.6g\"",
		    fg_verdict_zmdc(&o->cc), o->cc.nz.scale[0],
		    o->cc.nz.scale[1], o->cc.nz.phi);
	else
		out_attr("data-origin", fg_origin_name(o->cc.nz.origin));
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
		out_diffattrs(o, l, &pg->hd);
	out_costattr(o, l, &pg->hd);
	out_mapattr(o);
	out_altattr(o, l);
	fg_out_str(">\n");
}

/* The svg element, the notes and the style sheet. */
void
out_head(const struct svg_opts *o, const struct svg_layout *l,
    const struct page *pg)
{
	double fs = o->fontsize;

	out_svgel(o, l, pg);
	if (o->notes != NULL)
		out_notes(o->notes);
	fg_out_str("<defs><linearGradient id=\"background\" y1=\"0\" y2=\"1\" "
	    "x1=\"0\" x2=\"0\"><stop stop-color=\"");
	fg_out_str(l->bg[0]);
	fg_out_str("\" offset=\"5%\"/><stop stop-color=\"");
	fg_out_str(l->bg[1]);
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
	out_colorrules(o, l);
	fg_out_str("</style>\n");
}

/* Background, titles, the lines the script fills in, the legend. */
void
out_furniture(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_changes *sc, const struct page *pg)
{
	const struct head *h = &pg->hd;

	fg_out_str("<rect x=\"0\" y=\"0\" width=\"");
	fg_out_u64((uint64_t)o->width);
	fg_out_str("\" height=\"");
	out_num(pg->h);
	fg_out_str("\" fill=\"url(#background)\"/>\n");
	titles(o, h);
	out_textel("details", NULL, SVG_XPAD, h->detailsy, " ");
	out_textel("unzoom", "hide", SVG_XPAD, h->ctly, "Reset Zoom");
	out_textel("search", "ui", h->searchx, h->ctly, "Search");
	out_textel("ignorecase", "ui", h->icx, h->ctly, "ic");
	out_textel("matched", NULL, h->searchx, h->detailsy, " ");
	if (h->changes)
		headline(o, sc, h);
	if (h->trendh > 0)
		svg_trend_head(o->trend, o, h->trendy, h->lh);
	if (l->isdiff)
		legend(o, &h->lg);
	if (h->changes)
		table(o, sc, h);
	out_map(o, l, h);
	if (l->nviews > 1)
		switches(l, h);
}
