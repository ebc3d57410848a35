/* SPDX-License-Identifier: ISC */
/*
 * fg-svg: render a folded profile, differential stream, coloured stream
 * (fg-color) or elided profile (fg-elide) as a self-contained interactive
 * SVG flame graph. Layout and option names follow flamegraph.pl.
 *
 * This file: the options, and reading the input into the one-pass layout
 * (flow.c): profiles and diffs through fg_sum, in bytewise order; a
 * flame chart's stacks in input order. layout.c decides what is drawn,
 * writer.c writes it (svg.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"
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
    "      --search-color #RRGGBB  fill search matches with this colour\n"
    "                         (default: keep their colours, outline them)\n"
    "      --stroke-color #RRGGBB  outline every frame (default: none)\n"
    "      --uicolor #RRGGBB  colour of the controls and the details line\n"
    "      --cost VCPUS:PRICE " FG_COST_HELP_TEXT
    FG_COLOR_HELP
    FG_HELP_TAIL;

enum {
	OPT_TITLE = 256, OPT_SUBTITLE, OPT_WIDTH, OPT_HEIGHT,
	OPT_MINWIDTH, OPT_FONTTYPE, OPT_FONTSIZE, OPT_FONTWIDTH, OPT_COUNTNAME,
	OPT_NAMETYPE, OPT_FACTOR, OPT_TOTAL, OPT_BGCOLORS, OPT_REVERSE,
	OPT_INVERTED, OPT_FLAMECHART, OPT_NOTES, OPT_COST, OPT_SEARCHCOL,
	OPT_STROKECOL, OPT_UICOL
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
	{ "cost", OPT_COST, FG_OPT_ARG },
	{ "search-color", OPT_SEARCHCOL, FG_OPT_ARG },
	{ "stroke-color", OPT_STROKECOL, FG_OPT_ARG },
	{ "uicolor", OPT_UICOL, FG_OPT_ARG },
	{ NULL, 0, 0 }
};

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
		o->minwidth = posnum(arg, "--minwidth", 1, &o->minpct);
		break;
	case OPT_FONTSIZE:
		o->fontsize = posnum(arg, "--fontsize", 0, &dummy);
		if (o->fontsize < 1 || o->fontsize > 1000)
			fg_errx(FG_EXIT_ERR, "--fontsize: out of range: %s",
			    arg);
		break;
	case OPT_FONTWIDTH:
		o->fontwidth = posnum(arg, "--fontwidth", 0, &dummy);
		if (o->fontwidth < 0.01 || o->fontwidth > 100)
			fg_errx(FG_EXIT_ERR, "--fontwidth: out of range: %s",
			    arg);
		break;
	case OPT_FACTOR:
		o->factor = posnum(arg, "--factor", 0, &dummy);
		o->factorset = 1;
		break;
	case OPT_TOTAL:
		o->total = posnum(arg, "--total", 0, &dummy);
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
	case OPT_INVERTED:
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
	return fg_opt_files(st, nfiles);
}

/* What reading the input collects besides the stacks. */
struct input {
	struct svg_opts *o;
	struct fg_annot annot;	/* colour lines */
	struct fg_colorcfg hcc;	/* settings from a "# fg-color" header */
	int hccset;
	int ccset;		/* colour options given: hcc ignored */
	int settled;		/* colour settings final (settle) */
	char *header;		/* the first "# fg-" header line */
	int ncols;		/* 1: a profile, 2: a diff */
	double total[2];	/* the inputs' totals, before the first stack */
	struct svg_flow *flow;	/* a profile or diff, laid out as it streams */
	struct svg_changes sc;	/* a diff's functions, as they stream */
	fg_count ctot[2];	/* a flame chart's totals, summed exactly */
	char *rbuf;		/* --reverse's buffer */
	size_t rcap;
	struct fg_period per;	/* the stacks' counts' period: for their
				 * unit, the colours' and the table's
				 * noise test */
};

/*
 * Colour lines, and fg-color's header: fg-svg then colours the frames no
 * line names (the root) and draws the legend with fg-color's settings.
 */
static void
onmeta(void *arg, const char *line, size_t len)
{
	struct input *in = arg;

	if (fg_annot_line(&in->annot, line, len) || in->hccset)
		return;
	fg_colorcfg_init(&in->hcc);
	in->hccset = fg_colorcfg_read_header(&in->hcc, line, len);
}

/* Reverses the frames of s[0..n) into *buf, trailing ';' dropped. */
static const char *
reverse(const char *s, size_t n, char **buf, size_t *cap, size_t *outlen)
{
	size_t i = n, j = 0, e;

	if (n + 1 > *cap) {
		*cap = n * 2 + 1;
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
	*outlen = j;
	return *buf;
}

static const char *
rekey(void *arg, int i, const char *key, size_t len, size_t *outlen)
{
	struct input *in = arg;

	(void)i;
	return reverse(key, len, &in->rbuf, &in->rcap, outlen);
}

static void
onheader(void *arg, int i, const char *name, const char *header)
{
	struct input *in = arg;

	(void)i;
	(void)name;
	if (header != NULL && in->header == NULL)
		in->header = fg_strdup(header);
}

/*
 * The colour settings are final once the leading metadata lines are read
 * (a "# fg-color" header's settings unless options were given): at the
 * first stack, or after reading. A diff's noise test starts then.
 */
static void
settle(struct input *in)
{
	if (in->settled)
		return;
	in->settled = 1;
	if (in->hccset && !in->ccset)
		in->o->cc = in->hcc;
	in->o->cc.header = in->header;
	/* a flame chart's totals are known only at its end */
	if (in->ncols == 2 && in->flow != NULL)
		fg_color_begin(&in->o->cc, in->o->flamechart ? NULL :
		    in->total);
}

/* The layout for ncols counts a stack (1: a profile, 2: a diff). */
static struct svg_flow *
newflow(const struct input *in, int ncols)
{
	static const int pcols[1] = { SVG_BEFORE };
	static const int dcols[3] = { SVG_AFTER, SVG_BEFORE, SVG_ELIDED };

	if (ncols == 2)
		return svg_flow_new(in->o, dcols, 3, &in->o->cc);
	return svg_flow_new(in->o, pcols, 1, NULL);
}

static void
onstart(void *arg, enum fg_kind kind, int ncols, const fg_count *total)
{
	struct input *in = arg;
	int k;

	(void)kind;
	in->ncols = ncols;
	if (ncols != 1 && ncols != 2)
		return;
	for (k = 0; k < ncols; k++)
		in->total[k] = fg_count_dbl(total[k]);
	in->flow = newflow(in, ncols);
	svg_flow_expect(in->flow, in->total);
}

/* The last frame of a stack: its self counts go to the change table. */
static void
leaf(struct input *in, const char *key, size_t len, const double *v)
{
	const char *p;

	while (len > 0 && key[len - 1] == ';')
		len--;
	if (len == 0)
		return;		/* the root's */
	for (p = key + len; p > key && p[-1] != ';'; p--)
		;
	svg_changes_add(&in->sc, p, (size_t)(key + len - p), v);
}

/*
 * Every unique stack, in bytewise order, on one thread (onmeta is set);
 * or a flame chart's stacks in input order.
 */
static void
onstack(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	struct input *in = arg;
	double v[2] = { 0, 0 };
	int k;

	settle(in);
	for (k = 0; k < ncols && k < 2; k++) {
		v[k] = fg_count_dbl(c[k]);
		fg_period_add(&in->per, k, c[k]);
	}
	svg_flow_add(in->flow, key, len, v);
	if (ncols == 2)
		leaf(in, key, len, v);
}

/*
 * Reads the input through the one summing path (sum.h): sorted files in
 * one pass, anything else (a pipe, unsorted lines, --reverse's reversed
 * stacks) summed in the stack table and sorted once.
 */
static void
readsum(struct input *in, char **files, int nfiles)
{
	struct fg_sumopt so;

	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_UNKNOWN;
	so.needtotal = 1;	/* the root's width: over 2^63-1 is fatal */
	so.onmeta = onmeta;
	so.onheader = onheader;
	so.start = onstart;
	so.emit = onstack;
	so.arg = in;
	if (in->o->reverse)
		so.rekey = rekey;
	fg_sum(files, nfiles, &so);
}

/* The default title and subtitle, from the kind of input and its header. */
static void
titles(struct svg_opts *o, const char *header, int isdiff)
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
		o->cc.gone = elided && o->cc.pal == FG_PAL_HOT;
		base = fg_header_get(header, "base");
		curr = fg_header_get(header, "current");
	}
	if (o->title == NULL) {
		if (elided)
			o->title = "Elided Flame Graph: paths gone from the "
			    "current profile";
		else if (isdiff)
			o->title = o->inverted ? "Differential Icicle Graph" :
			    "Differential Flame Graph";
		else if (o->flamechart)
			o->title = "Flame Chart";
		else
			o->title = o->inverted ? "Icicle Graph" : "Flame Graph";
	}
	if (o->subtitle == NULL && base != NULL && curr != NULL) {
		int neg = o->cc.negate && !elided;

		/* --negate: the baseline seen from the current profile */
		snprintf(sub, sizeof(sub), elided ? "in %s, absent from %s" :
		    "%s \xe2\x86\x92 %s", fg_basename(neg ? curr : base),
		    fg_basename(neg ? base : curr));
		o->subtitle = sub;
	}
	free(tool);
	free(base);
	free(curr);
}

/*
 * A flame chart: every stack of the input, in its order, into the same
 * one-pass layout (which then merges only neighbours: flow.c); the totals
 * summed exactly, over 2^63-1 fatal as in fg_sum.
 */
static void
readchart(struct input *in, char **files, int nfiles)
{
	struct fg_fold f;
	struct fg_rec r;
	const char *stack;
	size_t len;
	int k;

	fg_fold_open_list(&f, files, nfiles, FG_KIND_UNKNOWN);
	f.onmeta = onmeta;
	f.metaarg = in;
	while (fg_fold_next(&f, &r)) {
		if (in->ncols == 0) {
			in->ncols = r.ncols;
			in->flow = newflow(in, r.ncols);
			if (f.header != NULL)
				in->header = fg_strdup(f.header);
		}
		if (r.ncols != in->ncols) {
			fg_in_warn(&f.in, "%d counts, but earlier lines had %d",
			    r.ncols, in->ncols);
			continue;
		}
		for (k = 0; k < r.ncols; k++)
			if (fg_count_add(&in->ctot[k], r.c[k]) < 0)
				fg_sum_overflow(f.in.name, f.in.lineno);
		stack = r.stack;
		len = r.len;
		if (in->o->reverse)
			stack = reverse(r.stack, r.len, &in->rbuf, &in->rcap,
			    &len);
		onstack(stack, len, r.c, r.ncols, in);
	}
	fg_in_warnsummary(&f.in);
	if (f.header != NULL && in->header == NULL)
		in->header = fg_strdup(f.header);
	fg_fold_close(&f);
}

/*
 * Whether p count units per sample is the period perf's cpu-clock and
 * task-clock events weight samples by at some frequency F Hz: 10^9 / F ns,
 * rounded down (1001001 at 999 Hz, 250000 at 4000 Hz).
 */
static int
clockperiod(double p)
{
	double f;

	if (!(p >= 1000 && p <= 1e9) || p != floor(p))
		return 0;
	f = floor(1e9 / p);
	return floor(1e9 / f) == p || floor(1e9 / (f + 1)) == p;
}

/*
 * The unit of the counts, which titles, hover, headline and legend name,
 * unless --countname or --factor say: the header's unit= (ns and us shown
 * as ms), else nanoseconds shown as ms when the counts are weighted by a
 * perf clock's period (--period, the header's period=, else detected in
 * the counts, as fg-top detects it), else samples.
 */
static void
units(struct svg_opts *o, const struct input *in)
{
	static char name[64];
	char *u = NULL, *ps = NULL;
	double p = o->cc.nz.period;

	if (o->cnset || o->factorset)
		return;
	if (in->header != NULL) {
		u = fg_header_get(in->header, "unit");
		ps = fg_header_get(in->header, "period");
	}
	if (p == 0 && ps != NULL)
		p = strtod(ps, NULL);
	if (p == 0 && (p = fg_period_get(&in->per)) <= 1)
		p = fg_period_side(&in->per, 1);
	if (u != NULL && (strcmp(u, "ns") == 0 || strcmp(u, "us") == 0)) {
		o->factor = strcmp(u, "ns") == 0 ? 1e-6 : 1e-3;
		o->countname = "ms";
	} else if (u != NULL && *u != '\0') {
		snprintf(name, sizeof(name), "%s", u);
		o->countname = name;
	} else if (u == NULL && clockperiod(p)) {
		o->factor = 1e-6;
		o->countname = "ms";
	}
	free(u);
	free(ps);
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
    struct input *in)
{
	const struct svg_rec *r;
	const char *names;
	size_t n;
	uint32_t maxd;

	if (in->flow == NULL)
		nodata(o);
	r = svg_flow_close(in->flow, &n, &names, &maxd, NULL);
	if (in->ncols == 1 ? !(r[0].w[0] > 0) :
	    r[0].tot[1] + r[0].tot[0] <= 0)
		nodata(o);
	svg_layout_flow(l, o, in->flow, in->ncols == 2, &in->annot, &in->per);
	*sc = in->sc;
	if (in->ncols == 2)
		svg_changes_finish(sc, o, r[0].tot, &in->per);
}

int
main(int argc, char *argv[])
{
	struct svg_opts o;
	struct svg_layout l;
	struct svg_changes sc;
	struct input in;
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
	if (o.flamechart)
		readchart(&in, files, nfiles);
	else
		readsum(&in, files, nfiles);
	settle(&in);
	titles(&o, in.header, in.ncols == 2);
	units(&o, &in);
	layout(&l, &sc, &o, &in);
	svg_write(&o, &l, &sc);
	if (o.cc.pmfile != NULL)
		fg_pmap_save(&o.cc);
	svg_layout_free(&l);
	svg_changes_free(&sc);
	svg_flow_free(in.flow);
	fg_colorcfg_free(&o.cc);
	fg_annot_free(&in.annot);
	free(in.header);
	free(in.rbuf);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
