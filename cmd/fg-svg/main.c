/* SPDX-License-Identifier: ISC */
/*
 * fg-svg: render a folded profile, differential stream, coloured stream
 * (fg-color) or elided profile (fg-elide) as a self-contained interactive
 * SVG flame graph. Layout and option names follow flamegraph.pl.
 *
 * This file: the options and the run. read.c reads the input into the
 * one-pass layout (flow.c) and names the graph and its unit, layout.c
 * decides what is drawn, place.c where, write.c writes it (svg.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "input.h"
#include "svg.h"

static const char usage[] =
    "fg-svg [--title text] [--width n] [--minwidth n[%]] [--colors pal] "
    "[--inverted] [--flamechart] [options] [file ...]";

static const char help[] =
    "usage: fg-svg [options] [file ...]\n"
    "Render a folded profile or differential stream (fg-diff), coloured or\n"
    "not (fg-color), as an interactive SVG flame graph on standard output.\n"
    "Several files are read as one, as flamegraph.pl reads them.\n"
    "\n"
    "      --title TEXT       title (default \"Flame Graph\")\n"
    "      --subtitle TEXT    second title line\n"
    "      --width N          image width in pixels (1200)\n"
    "      --height N         frame height in pixels (16)\n"
    "      --minwidth N[%]    omit frames narrower than N pixels or N% (0.01%)\n"
    "      --maxframes N      at most N frames a view (100000; 0: none)\n"
    "      --fonttype FONT    font family (Verdana)\n"
    "      --fontsize N       font size (12)\n"
    "      --fontwidth N      average character width / font size (0.59)\n"
    "      --countname TEXT   what the counts are (samples)\n"
    "      --nametype TEXT    what the names are (Function:)\n"
    "      --factor N         scale the counts shown by N\n"
    "      --total N          total count the width stands for\n"
    "      --bgcolors COLOR   yellow, blue, green, grey or #rrggbb\n"
    "      --reverse          reverse every stack (merge from the leaves)\n"
    "  -i, --inverted         icicle graph (root at the top)\n"
    "      --flamechart       keep input order, merge only neighbours\n"
    "      --notes TEXT       notes in a comment in the SVG\n"
    "      --search-color #RRGGBB  fill search matches (default: outline)\n"
    "      --stroke-color #RRGGBB  outline every frame (default: none)\n"
    "      --uicolor #RRGGBB  colour of the controls and the details line\n"
    "      --order name|weight  children by name or widest first\n"
    "      --labels name|share  labels with shares (and costs) too\n"
    "      --top N            table the N costliest functions by self\n"
    "                         (--cost: 10, else 0), drawn at --minwidth 1\n"
    "      --currency TEXT    the unit of money\n"
    "      --callers NAME     NAME's callers, all its call sites merged\n"
    "      --cost VCPUS:PRICE " FG_COST_HELP_TEXT
    FG_COLOR_HELP
    FG_HELP_TAIL;

enum {
	OPT_TITLE = 256, OPT_SUBTITLE, OPT_WIDTH, OPT_HEIGHT, OPT_MINWIDTH,
	OPT_MAXFRAMES, OPT_FONTTYPE, OPT_FONTSIZE, OPT_FONTWIDTH, OPT_COUNTNAME,
	OPT_NAMETYPE, OPT_FACTOR, OPT_TOTAL, OPT_BGCOLORS, OPT_REVERSE,
	OPT_FLAMECHART, OPT_NOTES, OPT_COST, OPT_SEARCHCOL,
	OPT_STROKECOL, OPT_UICOL, OPT_ORDER, OPT_LABELS, OPT_CURRENCY, OPT_TOP,
	OPT_CALLERS
};
static const struct fg_opt opts[] = {
	FG_COLOR_OPTS,
	{ "title", OPT_TITLE, FG_OPT_ARG },
	{ "subtitle", OPT_SUBTITLE, FG_OPT_ARG },
	{ "width", OPT_WIDTH, FG_OPT_ARG },
	{ "height", OPT_HEIGHT, FG_OPT_ARG },
	{ "minwidth", OPT_MINWIDTH, FG_OPT_ARG },
	{ "maxframes", OPT_MAXFRAMES, FG_OPT_ARG },
	{ "fonttype", OPT_FONTTYPE, FG_OPT_ARG },
	{ "fontsize", OPT_FONTSIZE, FG_OPT_ARG },
	{ "fontwidth", OPT_FONTWIDTH, FG_OPT_ARG },
	{ "countname", OPT_COUNTNAME, FG_OPT_ARG },
	{ "nametype", OPT_NAMETYPE, FG_OPT_ARG },
	{ "factor", OPT_FACTOR, FG_OPT_ARG },
	{ "total", OPT_TOTAL, FG_OPT_ARG },
	{ "bgcolors", OPT_BGCOLORS, FG_OPT_ARG },
	{ "reverse", OPT_REVERSE, FG_OPT_NOARG },
	{ "inverted", 'i', FG_OPT_NOARG },
	{ "flamechart", OPT_FLAMECHART, FG_OPT_NOARG },
	{ "notes", OPT_NOTES, FG_OPT_ARG },
	{ "cost", OPT_COST, FG_OPT_ARG },
	{ "search-color", OPT_SEARCHCOL, FG_OPT_ARG },
	{ "stroke-color", OPT_STROKECOL, FG_OPT_ARG },
	{ "uicolor", OPT_UICOL, FG_OPT_ARG },
	{ "order", OPT_ORDER, FG_OPT_ARG },
	{ "labels", OPT_LABELS, FG_OPT_ARG },
	{ "currency", OPT_CURRENCY, FG_OPT_ARG },
	{ "top", OPT_TOP, FG_OPT_ARG },
	{ "callers", OPT_CALLERS, FG_OPT_ARG },
	{ NULL, 0, 0 }
};

static double
nonnegnum(const char *s, const char *what, int pct, int *ispct)
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

static void
setdefaults(struct svg_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->fonttype = "Verdana";
	o->countname = "samples";
	o->nametype = "Function:";
	o->width = 1200;
	o->frameheight = 16;
	o->fontsize = 12;
	o->fontwidth = 0.59;
	o->minwidth = 0.01;	/* percent, as inferno: any window width */
	o->minpct = 1;
	o->maxframes = 100000;
	o->top = -1;
	o->factor = 1;
	o->searchcol = o->strokecol = o->uicol = FG_NOCOLOR;
	fg_colorcfg_init(&o->cc);
}

/* The options about sizes; 0 if ch is none of them. */
static int
sizeopt(struct svg_opts *o, int ch, const char *arg)
{
	int dummy = 0;

	switch (ch) {
	case OPT_WIDTH:
		o->width = (long)fg_parse_int(arg, 30, 1000000, "--width");
		o->fixedw = 1;
		break;
	case OPT_HEIGHT:
		o->frameheight = (long)fg_parse_int(arg, 2, 10000,
		    "--height");
		break;
	case OPT_MINWIDTH:
		o->minpct = 0;
		o->minwidth = nonnegnum(arg, "--minwidth", 1, &o->minpct);
		o->minwset = 1;
		break;
	case OPT_TOP:
		o->top = (long)fg_parse_int(arg, 0, 1000, "--top");
		break;
	case OPT_MAXFRAMES:
		o->maxframes = (size_t)fg_parse_int(arg, 0, 1000000000,
		    "--maxframes");
		break;
	case OPT_FONTSIZE:
		o->fontsize = nonnegnum(arg, "--fontsize", 0, &dummy);
		if (o->fontsize < 1 || o->fontsize > 1000)
			fg_errx(FG_EXIT_ERR, "--fontsize: out of range: %s",
			    arg);
		break;
	case OPT_FONTWIDTH:
		o->fontwidth = nonnegnum(arg, "--fontwidth", 0, &dummy);
		if (o->fontwidth < 0.01 || o->fontwidth > 100)
			fg_errx(FG_EXIT_ERR, "--fontwidth: out of range: %s",
			    arg);
		break;
	case OPT_FACTOR:
		o->factor = nonnegnum(arg, "--factor", 0, &dummy);
		o->factorset = 1;
		break;
	case OPT_TOTAL:
		o->total = nonnegnum(arg, "--total", 0, &dummy);
		break;
	default:
		return 0;
	}
	return 1;
}

/*
 * Whether s is a safe CSS font-family list for the stylesheet: names of
 * letters (UTF-8 too), digits, blanks, '-', '_' and '.', none starting
 * with a digit, or in single quotes, separated by commas. Nothing else
 * (no quote, comment, ';', '{' or '<') gets into the <style> element.
 */
static int
fontlist(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int quoted = 0, start = 1, any = 0;

	for (; *p != '\0'; p++) {
		if (*p == '\'') {
			if (!quoted && !start)
				return 0;
			quoted = !quoted;
			any |= quoted;
			continue;
		}
		if (*p == ',' && !quoted) {
			if (!any)
				return 0;
			start = 1;
			any = 0;
			continue;
		}
		if (*p == ' ' || *p >= 0x80 || *p == '-' || *p == '_' ||
		    *p == '.' || (*p >= 'a' && *p <= 'z') ||
		    (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')) {
			if (start && !quoted && *p >= '0' && *p <= '9')
				return 0;
			if (*p != ' ')
				start = 0, any = 1;
			continue;
		}
		return 0;
	}
	return !quoted && any;
}

/*
 * inferno's colour options: #rrggbb (or rgb(r,g,b)); --stroke-color also
 * takes none, its default. Written back as #rrggbb, nothing else gets
 * into the style sheet.
 */
static uint32_t
coloropt(const char *arg, const char *what)
{
	uint32_t c;

	if (strcmp(what, "--stroke-color") == 0 && strcmp(arg, "none") == 0)
		return FG_NOCOLOR;
	c = fg_color_parse(arg, strlen(arg));
	if (c == FG_NOCOLOR)
		fg_errx(FG_EXIT_ERR, "%s: not a colour #rrggbb: %s", what, arg);
	return c;
}

/* An option taking one of two words: 0 for the first, 1 the second. */
static int
wordopt(const char *arg, const char *what, const char *w0, const char *w1)
{
	if (strcmp(arg, w0) == 0)
		return 0;
	if (strcmp(arg, w1) == 0)
		return 1;
	fg_errx(FG_EXIT_ERR, "%s: not %s or %s: %s", what, w0, w1, arg);
	return 0;
}

/* The options about text and shape; 0 if ch is none of them. */
static int
textopt(struct svg_opts *o, int ch, const char *arg)
{
	switch (ch) {
	case OPT_TITLE:
		o->title = arg;
		break;
	case OPT_SUBTITLE:
		o->subtitle = arg;
		break;
	case OPT_FONTTYPE:
		if (!fontlist(arg))
			fg_errx(FG_EXIT_ERR, "--fonttype: not a list of font "
			    "families (names of letters, digits, blanks, '-', "
			    "'_' and '.', or in single quotes, separated by "
			    "commas): %s", arg);
		o->fonttype = arg;
		break;
	case OPT_COUNTNAME:
		o->countname = arg;
		o->cnset = 1;
		break;
	case OPT_NAMETYPE:
		o->nametype = arg;
		break;
	case OPT_BGCOLORS:
		o->bgcolors = arg;
		break;
	case OPT_REVERSE:
		o->reverse = 1;
		break;
	case 'i':
		o->inverted = 1;
		break;
	case OPT_FLAMECHART:
		o->flamechart = 1;
		break;
	case OPT_NOTES:
		o->notes = arg;
		break;
	case OPT_COST:
		fg_cost_parse(&o->cost, arg);
		break;
	case OPT_SEARCHCOL:
		o->searchcol = coloropt(arg, "--search-color");
		break;
	case OPT_STROKECOL:
		o->strokecol = coloropt(arg, "--stroke-color");
		break;
	case OPT_UICOL:
		o->uicol = coloropt(arg, "--uicolor");
		break;
	case OPT_ORDER:
		o->order = wordopt(arg, "--order", "name", "weight");
		break;
	case OPT_LABELS:
		o->labels = wordopt(arg, "--labels", "name", "share");
		break;
	case OPT_CALLERS:
		if (*arg == '\0' || strchr(arg, ';') != NULL)
			fg_errx(FG_EXIT_ERR, "--callers: not a function name: "
			    "%s", arg);
		o->callers = arg;
		break;
	case OPT_CURRENCY:
		if (strlen(arg) > 16)
			fg_errx(FG_EXIT_ERR, "--currency: longer than 16 "
			    "bytes: %s", arg);
		o->currency = arg;
		break;
	default:
		return 0;
	}
	return 1;
}

/* Parses the options into o; returns the input files (st->ops, or "-"). */
static char **
parseopts(struct svg_opts *o, int *ccset, struct fg_optstate *st,
    int *nfiles)
{
	int ch;

	setdefaults(o);
	while ((ch = fg_getopt(st, opts)) != -1) {
		if (fg_colorcfg_opt(&o->cc, ch, st->arg))
			*ccset = 1;
		else if (!sizeopt(o, ch, st->arg) && !textopt(o, ch, st->arg))
			fg_usage(usage);
	}
	/* flamegraph.pl's pixels, where inferno's would be percent */
	if (!o->minpct && o->minwidth > 0 && o->minwidth < 1 && !fg_quiet)
		fg_warnx("note: --minwidth %g is read as pixels, as "
		    "flamegraph.pl does; %g percent, as inferno reads it, is "
		    "--minwidth %g%%", o->minwidth, o->minwidth, o->minwidth);
	if (o->callers != NULL && o->reverse)
		fg_errx(FG_EXIT_ERR, "--callers: the stacks are reversed "
		    "already, --reverse is not for it");
	if (o->top < 0 || o->callers != NULL)
		o->top = o->cost.on && o->callers == NULL ? 10 : 0;
	if (o->order == SVG_ORDER_WEIGHT && o->flamechart)
		fg_errx(FG_EXIT_ERR, "--order weight: a flame chart keeps "
		    "the input's order");
	return fg_opt_files(st, nfiles);
}

static void
nodata(const struct svg_opts *o)
{
	fg_warnx("no stack counts found");
	svg_write_nodata(o);
	fg_out_close();
	exit(FG_EXIT_ERR);
}

/*
 * Lays out what was read, and a diff's change table; exits through
 * nodata() when it holds nothing.
 */
static void
layout(struct svg_layout *l, struct svg_changes *sc, struct svg_opts *o,
    struct svg_input *in)
{
	const struct svg_rec *r;
	const char *names;
	size_t n;
	uint32_t maxd;

	if (in->flow == NULL) {
		svg_trend_end(o->trend, &o->cc, -1);	/* a cut stream: fatal */
		nodata(o);
	}
	r = svg_flow_close(in->flow, &n, &names, &maxd, NULL);
	if (in->ncols == 1 ? !(r[0].w[0] > 0) :
	    r[0].tot[1] + r[0].tot[0] <= 0)
		nodata(o);
	svg_trend_end(o->trend, &o->cc, o->cc.bases.n > 0 ? -1 : r[0].w[0]);
	*sc = in->sc;
	/* the frames' test, then the functions': both colour the frames */
	if (in->ncols == 2) {
		fg_color_end(&o->cc, r[0].tot, &in->per);
		svg_changes_finish(sc, o, r[0].tot, &in->per);
	}
	svg_layout_flow(l, o, in->flow, in->ncols == 2, &in->annot);
	if (in->ncols == 1) {
		svg_funcs_rank(&in->fn);
		svg_funcs_fills(&in->fn, &o->cc);
		l->fn = &in->fn;
		if (in->fn.on)
			l->narrow = svg_map_narrow(&l->v[0]);
	}
	if (in->ncols == 2)
		svg_changes_frames(sc, o, r, n, names);
	svg_pagecolor(l, o);
}

int
main(int argc, char *argv[])
{
	struct svg_opts o;
	struct svg_layout l;
	struct svg_changes sc;
	struct svg_input in;
	struct fg_optstate st;
	char **files;
	int nfiles, ccset = 0;

	fg_tool_init(argv[0], usage, help);
	fg_opt_init(&st, argc, argv);
	files = parseopts(&o, &ccset, &st, &nfiles);
	memset(&in, 0, sizeof(in));
	in.o = &o;
	in.ccset = ccset;
	fg_annot_init(&in.annot);
	svg_changes_init(&in.sc);
	o.trend = svg_trend_new(files, nfiles);
	svg_funcs_init(&in.fn, o.top > 0, o.reverse);
	if (o.flamechart)
		svg_read_chart(&in, files, nfiles);
	else
		svg_read_sum(&in, files, nfiles);
	svg_settle(&in);
	svg_trend_titles(o.trend, &o);
	svg_titles(&o, in.header, in.ncols == 2);
	svg_units(&o, &in);
	/*
	 * A profile's frames that no annotation colours are coloured by
	 * name: through the map (--cp).
	 */
	if (in.ncols == 1 && !o.cc.diffusion && !o.cc.gone &&
	    in.annot.def == FG_NOCOLOR)
		fg_pmap_load(&o.cc);
	layout(&l, &sc, &o, &in);
	svg_write(&o, &l, &sc);
	fg_pmap_save(&o.cc);
	svg_layout_free(&l);
	svg_changes_free(&sc);
	svg_funcs_free(&in.fn);
	svg_flow_free(in.flow);
	fg_colorcfg_free(&o.cc);
	fg_annot_free(&in.annot);
	svg_trend_free(o.trend);
	free(o.ownsub);
	free(o.ownunit);
	free(in.header);
	free(in.rbuf);
	fg_repl_free(in.rp);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
