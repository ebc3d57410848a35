/* SPDX-License-Identifier: ISC */
/*
 * fg-svg: render a folded profile, differential stream, coloured stream
 * (fg-color) or elided profile (fg-elide) as a self-contained interactive
 * SVG flame graph. Layout and option names follow flamegraph.pl.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "flame.h"

extern const char *const fg_svg_script[];

static const char usage[] =
    "fg-svg [--title text] [--width n] [--minwidth n[%]] [--colors pal] "
    "[--inverted] [--flamechart] [options] [file]";

static const char help[] =
    "usage: fg-svg [options] [file]\n"
    "Render a folded profile or differential stream (fg-diff), coloured or\n"
    "not (fg-color), as an interactive SVG flame graph on standard output.\n"
    "\n"
    "      --title TEXT       title (default \"Flame Graph\")\n"
    "      --subtitle TEXT    second title line\n"
    "      --width N          image width in pixels (1200)\n"
    "      --height N         frame height in pixels (16)\n"
    "      --minwidth N[%]    omit frames narrower than N pixels (0.1) or N%\n"
    "      --fonttype FONT    font family (Verdana)\n"
    "      --fontsize N       font size (12)\n"
    "      --fontwidth N      average character width / font size (0.59)\n"
    "      --countname TEXT   what the counts are (samples)\n"
    "      --nametype TEXT    what the names are (Function:)\n"
    "      --factor N         scale the counts shown by N\n"
    "      --total N          total count the width stands for\n"
    "      --bgcolors COLOR   yellow, blue, green, grey or #rrggbb\n"
    "      --reverse          reverse every stack (merge from the leaves)\n"
    "      --inverted         icicle graph (root at the top)\n"
    "      --flamechart       keep input order, merge only neighbours\n"
    "      --notes TEXT       notes in a comment in the SVG\n"
    FG_COLOR_HELP
    FG_HELP_TAIL;

enum {
	OPT_TITLE = 256, OPT_SUBTITLE, OPT_WIDTH, OPT_HEIGHT,
	OPT_MINWIDTH, OPT_FONTTYPE, OPT_FONTSIZE, OPT_FONTWIDTH, OPT_COUNTNAME,
	OPT_NAMETYPE, OPT_FACTOR, OPT_TOTAL, OPT_BGCOLORS, OPT_REVERSE,
	OPT_INVERTED, OPT_FLAMECHART, OPT_NOTES
};
static const struct fg_opt opts[] = {
	FG_COLOR_OPTS,
	{ "title", OPT_TITLE, FG_OPT_ARG },
	{ "subtitle", OPT_SUBTITLE, FG_OPT_ARG },
	{ "width", OPT_WIDTH, FG_OPT_ARG },
	{ "height", OPT_HEIGHT, FG_OPT_ARG },
	{ "minwidth", OPT_MINWIDTH, FG_OPT_ARG },
	{ "fonttype", OPT_FONTTYPE, FG_OPT_ARG },
	{ "fontsize", OPT_FONTSIZE, FG_OPT_ARG },
	{ "fontwidth", OPT_FONTWIDTH, FG_OPT_ARG },
	{ "countname", OPT_COUNTNAME, FG_OPT_ARG },
	{ "nametype", OPT_NAMETYPE, FG_OPT_ARG },
	{ "factor", OPT_FACTOR, FG_OPT_ARG },
	{ "total", OPT_TOTAL, FG_OPT_ARG },
	{ "bgcolors", OPT_BGCOLORS, FG_OPT_ARG },
	{ "reverse", OPT_REVERSE, FG_OPT_NOARG },
	{ "inverted", OPT_INVERTED, FG_OPT_NOARG },
	{ "flamechart", OPT_FLAMECHART, FG_OPT_NOARG },
	{ "notes", OPT_NOTES, FG_OPT_ARG },
	{ NULL, 0, 0 }
};

#define XPAD 10
#define FRAMEPAD 1

enum { COL_BEFORE = 0, COL_AFTER = 1, COL_ELIDED = 2 };

struct view {
	int col;
	const char *name;
	double total;		/* what the full width stands for */
	double minw;		/* narrowest count drawn */
	uint32_t maxdepth;
};

static struct {
	const char *title, *subtitle, *fonttype, *countname, *nametype;
	const char *notes, *bgcolors;
	long width, frameheight;
	double fontsize, fontwidth, minwidth, factor, total;
	int minpct, reverse, inverted, flamechart;
	struct fg_colorcfg cc;
} o;

static struct fg_tree t;
static struct fg_annot annot;
static struct view views[3];
static int nviews, isdiff;
static double imageheight, ypad1, ypad2, ypad3, wpt;
static double *cursor;

/* ---- number output ---- */

static void
out_num(double v)
{
	char buf[64];

	if (v == floor(v) && fabs(v) < 1e15) {
		if (v < 0) {
			fg_out_char('-');
			v = -v;
		}
		fg_out_u64((uint64_t)v);
		return;
	}
	snprintf(buf, sizeof(buf), "%.10g", v);
	fg_out_str(buf);
}

/* One decimal, without a trailing ".0": flamegraph.pl's %0.1f, shorter. */
static void
out_fix1(double v)
{
	long long k = llround(v * 10);

	if (k < 0) {
		fg_out_char('-');
		k = -k;
	}
	fg_out_u64((uint64_t)(k / 10));
	if (k % 10 != 0) {
		fg_out_char('.');
		fg_out_char('0' + (int)(k % 10));
	}
}

static void
out_commas(double v)
{
	char buf[32];
	int n, i;

	if (v < 0) {
		fg_out_char('-');
		v = -v;
	}
	if (!(v < 9.2e18)) {
		snprintf(buf, sizeof(buf), "%.4g", v);
		fg_out_str(buf);
		return;
	}
	n = snprintf(buf, sizeof(buf), "%.0f", v);
	for (i = 0; i < n; i++) {
		if (i > 0 && (n - i) % 3 == 0)
			fg_out_char(',');
		fg_out_char(buf[i]);
	}
}

static void
out_pct(double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.2f%%", v);
	fg_out_str(buf);
}

static void
out_text(const char *s)
{
	fg_xml_text(s, strlen(s), SIZE_MAX);
}

/* ---- frames ---- */

static double
vval(const struct fg_node *n, int col)
{
	return col == COL_ELIDED ? n->el : n->tot[col];
}

static double
vself(const struct fg_node *n, int col)
{
	if (col == COL_ELIDED)
		return n->tot[1] == 0 ? n->self[0] : 0;
	return n->self[col];
}

/* The name shown: without a trailing _[k] _[w] _[i] _[j] annotation. */
static size_t
showlen(const struct fg_node *n)
{
	const char *s = n->name;
	size_t l = n->nlen;

	if (l >= 4 && s[l - 4] == '_' && s[l - 3] == '[' && s[l - 1] == ']' &&
	    strchr("kwij", s[l - 2]) != NULL)
		return l - 4;
	return l;
}

static void
out_title(const struct fg_node *n, const struct view *v, double w)
{
	double scaled = w * o.factor;

	fg_out_str("<title>");
	if (n->depth == 0) {
		fg_out_str("all (");
		out_commas(scaled);
		fg_out_char(' ');
		out_text(o.countname);
		fg_out_str(", 100%)</title>");
		return;
	}
	fg_xml_text(n->name, showlen(n), SIZE_MAX);
	fg_out_str(" (");
	out_commas(scaled);
	fg_out_char(' ');
	out_text(o.countname);
	fg_out_str(", ");
	out_pct(100 * w / v->total);
	if (isdiff) {
		double d = (n->tot[1] - n->tot[0]) * o.factor;

		fg_out_str("; before ");
		out_commas(n->tot[0] * o.factor);
		fg_out_str(", after ");
		out_commas(n->tot[1] * o.factor);
		fg_out_str(", ");
		if (d > 0)
			fg_out_char('+');
		out_commas(d);
	}
	fg_out_str(")</title>");
}

static void
out_frame(const struct fg_node *n, const struct view *v, double s, double w)
{
	double x1 = XPAD + s * wpt, x2 = XPAD + (s + w) * wpt, y1, y2;
	size_t chars, len, nch;
	char col[8];

	if (!o.inverted) {
		y1 = imageheight - ypad2 - (n->depth + 1) * o.frameheight +
		    FRAMEPAD;
		y2 = imageheight - ypad2 - n->depth * o.frameheight;
	} else {
		y1 = ypad1 + n->depth * o.frameheight;
		y2 = ypad1 + (n->depth + 1) * o.frameheight - FRAMEPAD;
	}
	fg_out_str("<g d=\"");
	fg_out_u64(n->depth);
	fg_out_char(' ');
	out_num(s);
	fg_out_char(' ');
	out_num(w);
	fg_out_char(' ');
	out_num(vself(n, v->col));
	if (isdiff) {
		fg_out_char(' ');
		out_num(n->tot[0]);
		fg_out_char(' ');
		out_num(n->self[0]);
		fg_out_char(' ');
		out_num(n->tot[1]);
		fg_out_char(' ');
		out_num(n->self[1]);
	}
	fg_out_str("\">");
	out_title(n, v, w);
	fg_out_str("<rect x=\"");
	out_fix1(x1);
	fg_out_str("\" y=\"");
	out_num(y1);
	fg_out_str("\" width=\"");
	out_fix1(x2 - x1);
	fg_out_str("\" height=\"");
	out_num(y2 - y1);
	fg_out_str("\" fill=\"");
	fg_color_fmt(col, n->color != FG_NOCOLOR ? n->color :
	    fg_color_node(&o.cc, &t, n));
	fg_out_write(col, 7);
	fg_out_str("\"/><text x=\"");
	out_fix1(x1 + 3);
	fg_out_str("\" y=\"");
	out_fix1(3 + (y1 + y2) / 2);
	fg_out_str("\">");
	chars = (size_t)((x2 - x1) / (o.fontsize * o.fontwidth));
	if (chars >= 3) {
		if (n->depth == 0)
			fg_out_str("all");
		else {
			len = showlen(n);
			nch = fg_utf8_len(n->name, len);
			if (nch <= chars)
				fg_xml_text(n->name, len, SIZE_MAX);
			else {
				fg_xml_text(n->name, len, chars - 2);
				fg_out_str("..");
			}
		}
	}
	fg_out_str("</text></g>\n");
}

/*
 * Walks a view in pre-order: visible nodes are those at least minw wide.
 * With emit unset, only measures the deepest visible node.
 */
static void
walk(struct view *v, int emit)
{
	uint32_t id, d;
	double w;
	int keep;

	id = 0;
	cursor[0] = 0;
	wpt = ((double)o.width - 2 * XPAD) / v->total;
	v->maxdepth = 0;
	while (id != FG_NONE) {
		const struct fg_node *n = &t.n[id];

		d = n->depth;
		w = id == 0 ? v->total : vval(n, v->col);
		keep = w > 0 && (id == 0 || w >= v->minw);
		if (keep) {
			if (d > v->maxdepth)
				v->maxdepth = d;
			cursor[d + 1] = cursor[d];
			if (emit)
				out_frame(n, v, cursor[d], w);
		}
		if (id != 0)
			cursor[d] += w;
		id = fg_tree_next(&t, id, keep);
	}
}

/* ---- the document ---- */

static void
bgcolors(const char **c1, const char **c2)
{
	static char flat[8];
	const char *bg = o.bgcolors;
	int p = o.cc.pal;

	if (bg == NULL) {
		if (isdiff)
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
out_attr(const char *name, const char *val)
{
	fg_out_char(' ');
	fg_out_str(name);
	fg_out_str("=\"");
	out_text(val);
	fg_out_char('"');
}

static void
out_textel(const char *id, const char *cls, double x, double y,
    const char *s)
{
	fg_out_str("<text");
	if (id != NULL)
		out_attr("id", id);
	if (cls != NULL)
		out_attr("class", cls);
	fg_out_str(" x=\"");
	out_fix1(x);
	fg_out_str("\" y=\"");
	out_fix1(y);
	fg_out_str("\">");
	out_text(s);
	fg_out_str("</text>\n");
}

static void
out_notes(void)
{
	const unsigned char *p = (const unsigned char *)o.notes;
	size_t n = strlen(o.notes), k;
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

static void
legend(double y)
{
	static const char *const lab[4] = {
		"grew (slower)", "shrank (faster)", "new", "unchanged"
	};
	uint32_t c[4];
	double x = o.width - XPAD - 4 * 130, fs = o.fontsize;
	char hex[8];
	int i;

	c[0] = fg_color_scale(&o.cc, 1, 1);
	c[1] = fg_color_scale(&o.cc, 1, -1);
	c[2] = fg_color_new(&o.cc);
	c[3] = fg_color_neutral(&o.cc);
	fg_out_str("<g id=\"legend\">\n");
	for (i = 0; i < 4; i++, x += 130) {
		fg_color_fmt(hex, c[i]);
		fg_out_str("<rect x=\"");
		out_fix1(x);
		fg_out_str("\" y=\"");
		out_fix1(y - fs + 2);
		fg_out_str("\" width=\"");
		out_fix1(fs);
		fg_out_str("\" height=\"");
		out_fix1(fs);
		fg_out_str("\" fill=\"");
		fg_out_str(hex);
		fg_out_str("\" stroke=\"#888\" stroke-width=\"0.5\"/>\n");
		out_textel(NULL, NULL, x + fs + 4, y, lab[i]);
	}
	fg_out_str("</g>\n");
	if (nviews > 1) {
		x = XPAD;
		out_textel(NULL, "ui", x, y, "View:");
		x += 5 * o.fontsize * o.fontwidth + 8;
		for (i = 0; i < nviews; i++) {
			char id[16];

			snprintf(id, sizeof(id), "vb%d", i);
			out_textel(id, i == 0 ? "ui vb on" : "ui vb", x, y,
			    views[i].name);
			x += (strlen(views[i].name) + 2) * o.fontsize *
			    o.fontwidth + 8;
		}
	}
}

static void
document(void)
{
	const char *bg1, *bg2;
	double fs = o.fontsize, w = (double)o.width, legy;
	int i, k;

	bgcolors(&bg1, &bg2);
	fg_out_str("<?xml version=\"1.0\" standalone=\"no\"?>\n<svg version="
	    "\"1.1\" width=\"");
	fg_out_u64((uint64_t)o.width);
	fg_out_str("\" height=\"");
	out_num(imageheight);
	fg_out_str("\" viewBox=\"0 0 ");
	fg_out_u64((uint64_t)o.width);
	fg_out_char(' ');
	out_num(imageheight);
	fg_out_str("\" xmlns=\"http://www.w3.org/2000/svg\"");
	fg_out_str(" data-w=\"");
	fg_out_u64((uint64_t)o.width);
	fg_out_str("\" data-xpad=\"10\" data-fs=\"");
	out_num(o.fontsize);
	fg_out_str("\" data-fw=\"");
	out_num(o.fontwidth);
	fg_out_str("\" data-factor=\"");
	out_num(o.factor);
	fg_out_char('"');
	out_attr("data-nt", o.nametype);
	out_attr("data-cn", o.countname);
	if (isdiff) {
		double tc = 0;
		size_t j;

		for (j = 1; j < t.nn; j++)
			tc += fabs(t.n[j].self[1] - t.n[j].self[0]);
		fg_out_str(" data-diff=\"1\" data-tc=\"");
		out_num(tc);
		fg_out_char('"');
	}
	fg_out_str(">\n");
	if (o.notes != NULL)
		out_notes();
	fg_out_str("<defs><linearGradient id=\"background\" y1=\"0\" y2=\"1\" "
	    "x1=\"0\" x2=\"0\"><stop stop-color=\"");
	fg_out_str(bg1);
	fg_out_str("\" offset=\"5%\"/><stop stop-color=\"");
	fg_out_str(bg2);
	fg_out_str("\" offset=\"95%\"/></linearGradient></defs>\n"
	    "<style type=\"text/css\">\ntext{font-family:");
	out_text(o.fonttype);
	fg_out_str(";font-size:");
	out_num(fs);
	fg_out_str("px;fill:#000}\n#title{text-anchor:middle;font-size:");
	out_num(fs + 5);
	fg_out_str("px}\n#subtitle{text-anchor:middle;fill:#555}\n"
	    "#search,#ignorecase{opacity:.1;cursor:pointer}\n"
	    "#search:hover,#search.show,#ignorecase:hover,#ignorecase.show"
	    "{opacity:1}\n#unzoom,.vb{cursor:pointer}\n"
	    ".ui{display:none}\n.js .ui{display:inline}\n"
	    ".vb.on{font-weight:bold;text-decoration:underline}\n"
	    "#frames>g>g:hover{stroke:#000;stroke-width:.5;cursor:pointer}\n"
	    ".hide{display:none}\n.parent{opacity:.5}\n</style>\n");
	fg_out_str("<rect x=\"0\" y=\"0\" width=\"");
	fg_out_u64((uint64_t)o.width);
	fg_out_str("\" height=\"");
	out_num(imageheight);
	fg_out_str("\" fill=\"url(#background)\"/>\n");
	out_textel("title", NULL, floor(w / 2), fs * 2, o.title);
	if (o.subtitle != NULL)
		out_textel("subtitle", NULL, floor(w / 2), fs * 4, o.subtitle);
	out_textel("details", NULL, XPAD, imageheight - ypad2 / 2, " ");
	out_textel("unzoom", "hide", XPAD, fs * 2, "Reset Zoom");
	out_textel("search", "ui", w - XPAD - 100, fs * 2, "Search");
	out_textel("ignorecase", "ui", w - XPAD - 16, fs * 2, "ic");
	out_textel("matched", NULL, w - XPAD - 100, imageheight - ypad2 / 2,
	    " ");
	if (isdiff) {
		legy = fs * 2 + (o.subtitle != NULL ? ypad3 : 0) + fs * 2;
		legend(legy);
	}
	fg_out_str("<g id=\"frames\">\n");
	for (i = 0; i < nviews; i++) {
		fg_out_str("<g id=\"v");
		fg_out_u64((uint64_t)i);
		fg_out_char('"');
		out_attr("data-name", views[i].name);
		if (i > 0)
			fg_out_str(" display=\"none\"");
		fg_out_str(">\n");
		walk(&views[i], 1);
		fg_out_str("</g>\n");
	}
	fg_out_str("</g>\n<script type=\"text/ecmascript\"><![CDATA[\n");
	for (k = 0; fg_svg_script[k] != NULL; k++)
		fg_out_str(fg_svg_script[k]);
	fg_out_str("]]></script>\n</svg>\n");
}

static void
nodata(void)
{
	double h = o.fontsize * 5;

	fg_warnx("no stack counts found");
	fg_out_str("<?xml version=\"1.0\" standalone=\"no\"?>\n<svg version="
	    "\"1.1\" width=\"");
	fg_out_u64((uint64_t)o.width);
	fg_out_str("\" height=\"");
	out_num(h);
	fg_out_str("\" viewBox=\"0 0 ");
	fg_out_u64((uint64_t)o.width);
	fg_out_char(' ');
	out_num(h);
	fg_out_str("\" xmlns=\"http://www.w3.org/2000/svg\">\n");
	out_textel(NULL, NULL, floor((double)o.width / 2), o.fontsize * 2,
	    "ERROR: No valid input provided to fg-svg.");
	fg_out_str("</svg>\n");
	fg_out_close();
	exit(FG_EXIT_ERR);
}

static double
posnum(const char *s, const char *what, int pct, int *ispct)
{
	char *end;
	double v;

	v = strtod(s, &end);
	if (pct && *end == '%' && end[1] == '\0' && end != s) {
		*ispct = 1;
		end++;
	}
	if (end == s || *end != '\0' || !(v >= 0) || isinf(v))
		fg_errx(FG_EXIT_ERR, "%s: not a number >= 0: %s", what, s);
	return v;
}

static int ccset;		/* a colour option was given */
static struct fg_colorcfg hcc;	/* settings from a "# fg-color" header */
static int hccset;

/*
 * Colour lines, and fg-color's header: fg-svg then colours the frames no
 * line names (the root) and draws the legend with fg-color's settings.
 */
static void
onmeta(void *arg, const char *line, size_t len)
{
	(void)arg;
	if (fg_annot_line(&annot, line, len) || hccset)
		return;
	fg_colorcfg_init(&hcc);
	hccset = fg_colorcfg_read_header(&hcc, line, len);
}

/* Reverses the frames of s[0..n) into *buf. */
static const char *
reverse(const char *s, size_t n, char **buf, size_t *cap)
{
	size_t i = n, j = 0, e;

	if (n > *cap) {
		*cap = n * 2;
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
	return *buf;
}

static void
titles(const char *header)
{
	char *tool = NULL, *base = NULL, *curr = NULL;
	static char sub[512];
	int elided = 0;

	if (header != NULL) {
		const char *p = header + 2, *e = strchr(p, ' ');

		tool = e ? fg_strdup(p) : NULL;
		if (tool != NULL)
			tool[e - p] = '\0';
		elided = tool != NULL && strcmp(tool, "fg-elide") == 0;
		base = fg_header_get(header, "base");
		curr = fg_header_get(header, "current");
	}
	if (o.title == NULL) {
		if (elided)
			o.title = "Elided Flame Graph: paths gone from the "
			    "current profile";
		else if (isdiff)
			o.title = o.inverted ? "Differential Icicle Graph" :
			    "Differential Flame Graph";
		else if (o.flamechart)
			o.title = "Flame Chart";
		else
			o.title = o.inverted ? "Icicle Graph" : "Flame Graph";
	}
	if (o.subtitle == NULL && base != NULL && curr != NULL) {
		snprintf(sub, sizeof(sub), elided ? "in %s, absent from %s" :
		    "%s \xe2\x86\x92 %s", fg_basename(base), fg_basename(curr));
		o.subtitle = sub;
	}
	free(tool);
	free(base);
	free(curr);
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_fold f;
	struct fg_rec r;
	const char *file, *stack;
	char *rbuf = NULL;
	size_t rcap = 0, i;
	double c[2];
	int nfiles, ch, k, ncols = 0, dummy = 0;
	uint32_t maxd = 0;

	fg_tool_init(argv[0], usage, help);
	memset(&o, 0, sizeof(o));
	o.fonttype = "Verdana";
	o.countname = "samples";
	o.nametype = "Function:";
	o.width = 1200;
	o.frameheight = 16;
	o.fontsize = 12;
	o.fontwidth = 0.59;
	o.minwidth = 0.1;
	o.factor = 1;
	fg_colorcfg_init(&o.cc);
	fg_opt_init(&st, argc, argv);
	while ((ch = fg_getopt(&st, opts)) != -1) {
		if (fg_colorcfg_opt(&o.cc, ch, st.arg)) {
			ccset = 1;
			continue;
		}
		switch (ch) {
		case OPT_TITLE:
			o.title = st.arg;
			break;
		case OPT_SUBTITLE:
			o.subtitle = st.arg;
			break;
		case OPT_WIDTH:
			o.width = (long)fg_parse_int(st.arg, 30, 1000000,
			    "--width");
			break;
		case OPT_HEIGHT:
			o.frameheight = (long)fg_parse_int(st.arg, 2, 10000,
			    "--height");
			break;
		case OPT_MINWIDTH:
			o.minpct = 0;
			o.minwidth = posnum(st.arg, "--minwidth", 1, &o.minpct);
			break;
		case OPT_FONTTYPE:
			for (i = 0; st.arg[i] != '\0'; i++)
				if (strchr("{};:<>&\\", st.arg[i]) != NULL)
					fg_errx(FG_EXIT_ERR, "--fonttype: "
					    "unexpected '%c'", st.arg[i]);
			o.fonttype = st.arg;
			break;
		case OPT_FONTSIZE:
			o.fontsize = posnum(st.arg, "--fontsize", 0, &dummy);
			if (o.fontsize < 1 || o.fontsize > 1000)
				fg_errx(FG_EXIT_ERR, "--fontsize: out of "
				    "range: %s", st.arg);
			break;
		case OPT_FONTWIDTH:
			o.fontwidth = posnum(st.arg, "--fontwidth", 0, &dummy);
			if (o.fontwidth < 0.01 || o.fontwidth > 100)
				fg_errx(FG_EXIT_ERR, "--fontwidth: out of "
				    "range: %s", st.arg);
			break;
		case OPT_COUNTNAME:
			o.countname = st.arg;
			break;
		case OPT_NAMETYPE:
			o.nametype = st.arg;
			break;
		case OPT_FACTOR:
			o.factor = posnum(st.arg, "--factor", 0, &dummy);
			break;
		case OPT_TOTAL:
			o.total = posnum(st.arg, "--total", 0, &dummy);
			break;
		case OPT_BGCOLORS:
			o.bgcolors = st.arg;
			break;
		case OPT_REVERSE:
			o.reverse = 1;
			break;
		case OPT_INVERTED:
			o.inverted = 1;
			break;
		case OPT_FLAMECHART:
			o.flamechart = 1;
			break;
		case OPT_NOTES:
			o.notes = st.arg;
			break;
		default:
			fg_usage(usage);
		}
	}
	file = fg_opt_files(&st, &nfiles)[0];
	if (nfiles > 1)
		fg_usage(usage);

	fg_annot_init(&annot);
	fg_fold_open(&f, file, FG_KIND_UNKNOWN);
	f.onmeta = onmeta;
	while (fg_fold_next(&f, &r)) {
		if (ncols == 0) {
			ncols = r.ncols;
			fg_tree_init(&t, ncols, o.flamechart);
		}
		if (r.ncols != ncols) {
			fg_in_warn(&f.in, "%d counts, but earlier lines had %d",
			    r.ncols, ncols);
			continue;
		}
		for (k = 0; k < ncols; k++)
			c[k] = fg_count_dbl(r.c[k]);
		stack = r.stack;
		if (o.reverse)
			stack = reverse(r.stack, r.len, &rbuf, &rcap);
		fg_tree_add(&t, stack, r.len, c);
	}
	fg_in_warnsummary(&f.in);
	free(rbuf);
	isdiff = ncols == 2;
	if (hccset && !ccset)
		o.cc = hcc;
	titles(f.header);
	if (ncols == 0)
		nodata();
	fg_tree_finish(&t);
	if (t.n[0].tot[ncols - 1] + t.n[0].tot[0] <= 0)
		nodata();
	o.cc.header = f.header;
	fg_color_prepare(&o.cc, &t);
	fg_annot_apply(&annot, &t);

	if (!isdiff) {
		views[nviews].col = 0;
		views[nviews++].name = "Profile";
	} else {
		int differs = 0;

		for (i = 0; i < t.nn && !differs; i++)
			differs = t.n[i].tot[0] != t.n[i].tot[1];
		if (t.n[0].tot[1] > 0) {
			views[nviews].col = COL_AFTER;
			views[nviews++].name = "Differential";
		}
		if (t.n[0].tot[0] > 0 && (differs || nviews == 0)) {
			views[nviews].col = COL_BEFORE;
			views[nviews++].name = "Baseline";
		}
		if (t.n[0].el > 0) {
			views[nviews].col = COL_ELIDED;
			views[nviews++].name = "Elided";
		}
	}
	ypad1 = o.fontsize * 3;
	ypad2 = o.fontsize * 2 + 10;
	ypad3 = o.fontsize * 2;
	if (o.subtitle != NULL)
		ypad1 += ypad3;
	if (isdiff)
		ypad1 += o.fontsize * 2;
	cursor = fg_calloc((size_t)t.maxdepth + 2, sizeof(*cursor));
	for (k = 0; k < nviews; k++) {
		struct view *v = &views[k];
		double tot = vval(&t.n[0], v->col);

		v->total = o.total > tot ? o.total : tot;
		if (o.total > 0 && o.total < tot && o.total / tot < 0.98)
			fg_warnx("--total %g is less than the total %g, "
			    "ignored", o.total, tot);
		if (o.minpct)
			v->minw = v->total * o.minwidth / 100;
		else
			v->minw = o.minwidth * v->total /
			    ((double)o.width - 2 * XPAD);
		walk(v, 0);
		if (v->maxdepth > maxd)
			maxd = v->maxdepth;
	}
	imageheight = (maxd + 1) * (double)o.frameheight + ypad1 + ypad2;
	document();
	fg_fold_close(&f);
	if (o.cc.pmfile != NULL)
		fg_pmap_save(&o.cc);
	fg_colorcfg_free(&o.cc);
	fg_annot_free(&annot);
	fg_tree_free(&t);
	free(cursor);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
