/* SPDX-License-Identifier: ISC */
/*
 * svg.h: fg-svg's stages and what passes between them.
 *
 * main.c      options and the run
 * read.c      reads: the input into the one-pass layout, through fg_sum
 *             (sum.h) sorted, or a flame chart in input order; the
 *             default titles and the counts' unit (input.h)
 * flow.c      lays a profile or a diff out in one pass over its stacks
 *             (sorted, or a flame chart's), feeding a diff's frames to
 *             the colours' noise test; one view of it: frames drawn,
 *             positions, colours, each label's ink
 * names.c     the names of the frames flow.c keeps, each once
 * layout.c    decides: the views, their scale and the image's geometry
 *             (struct svg_layout); the page's colours: the background, a
 *             diff's fills in the other palette; a diff's headline and
 *             table: its functions classified by common/stats/stats.c, as
 *             fg-top does
 * place.c     places, before writing: where the page's head goes (title,
 *             a diff's headline, legend and table, the view switches),
 *             how their text wraps, the figures the script is given
 *             (struct head, head.h); where the frames go: the page's
 *             height, each view's, top-down or not, each frame's box and
 *             label room, the other views' tables of names and fills; a
 *             frame's numbers (wout.h)
 * trend.c     fg-trend's stream: its lines read and checked, each
 *             function's verdict as its frames' colour, its series in
 *             their titles and charts, the trend headline and table
 * write.c     writes a layout as an SVG document, nothing else, with
 *             furniture.c, the page around the frames where place.c put
 *             them, and wtext.c, numbers and text into XML (wout.h
 *             between them); the script is made from the files in script/
 */
#ifndef FG_SVG_H
#define FG_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "stats.h"
#include "color.h"
#include "sum.h"

#define SVG_XPAD 10		/* left and right margin, pixels */
#define SVG_FRAMEPAD 1		/* gap between rows, pixels */

/* What the options ask for; read by every stage, written by main.c. */
struct svg_opts {
	const char *title, *subtitle, *fonttype, *countname, *nametype;
	const char *notes, *bgcolors;
	long width, frameheight;
	double fontsize, fontwidth, minwidth, factor, total;
	int minpct, reverse, inverted, flamechart;
	int fixedw;		/* --width given: no fluid width */
	size_t maxframes;	/* --maxframes: frames a view draws at most
				 * besides its root (0: no bound) */
	int cnset, factorset;	/* --countname, --factor given: no unit
				 * from the stream (main.c) */
	/* inferno's --search-color, --stroke-color, --uicolor; FG_NOCOLOR */
	uint32_t searchcol, strokecol, uicol;
	struct fg_colorcfg cc;
	struct fg_cost cost;	/* --cost: yearly cost in hover and search */
	const char *currency;	/* --currency: the unit of money, or NULL */
	int order;		/* --order: SVG_ORDER_NAME or _WEIGHT */
	int labels;		/* --labels: SVG_LABELS_NAME or _SHARE */
	long top;		/* --top: the cost map's rows (-1: unset) */
	int minwset;		/* --minwidth given (else the cost map's 1 px) */
	const char *callers;	/* --callers: NAME's callers, NAME the root */
	char *ownsub, *ownunit;	/* the default subtitle and unit name made
				 * from the stream (read.c), freed at the end */
	struct svg_trend *trend;	/* fg-trend's stream (trend.c) */
};

enum { SVG_ORDER_NAME = 0, SVG_ORDER_WEIGHT = 1 };
enum { SVG_LABELS_NAME = 0, SVG_LABELS_SHARE = 1 };

/* The count a view is drawn by. */
enum { SVG_BEFORE = 0, SVG_AFTER = 1, SVG_ELIDED = 2 };

/* One drawn frame. Positions and widths are in counts, not pixels. */
struct svg_frame {
	const char *name;	/* not NUL-terminated; the root's is "" */
	uint32_t nlen;
	uint32_t depth;		/* root 0 */
	unsigned int color : 24;	/* 0xRRGGBB */
	unsigned int white : 1;	/* its label's ink (flow.c): white, else
				 * black; a bit beside color, so a frame
				 * takes no more room */
	unsigned int byfn : 1;	/* diff: coloured by its function's verdict
				 * alone (color.h's fg_color_kind_why) */
	uint32_t alt;		/* its colour in the other palette (a diff's
				 * --colorblind or not), else color */
	double x, w;		/* start and width */
	double self;		/* the view's self count */
	double tot[2];		/* diff: before and after, inclusive */
	double selfc[2];	/* diff: before and after, self */
};

/*
 * The frame budget's cut: a frame is drawn when wider than w, or as wide
 * and no deeper than depth (the widest frames, the shallowest first among
 * equals).
 */
struct svg_cut {
	double w;
	uint32_t depth;
};
#define SVG_UNCUT(c)	((c).w < 0)
#define SVG_CUTOFF(c, wd, d) \
	(!SVG_UNCUT(c) && ((wd) < (c).w || ((wd) == (c).w && (d) > (c).depth)))

struct svg_view {
	int col;		/* SVG_BEFORE, SVG_AFTER or SVG_ELIDED */
	const char *name;
	double total;		/* what the full width stands for */
	double minw;		/* narrowest count drawn */
	struct svg_cut cut;	/* the frame budget's (svg_flow_budget) */
	double wpt;		/* pixels per count */
	uint32_t maxdepth;
	struct svg_frame *f;	/* in pre-order, root first */
	size_t nf, cap;
	/* diff: the frames drawn, by what their colour says */
	size_t nk[4];		/* FG_DK_SAME, _GREW, _SHRANK, _NEW */
	size_t ngone[2];	/* absent from the current profile: within
				 * noise, beyond it */
};

struct svg_layout {
	int isdiff;
	int nviews;
	struct svg_view v[3];
	double tc;		/* diff: sum of |after - before| self counts */
	double imageheight, ypad1, ypad2, ypad3;
	/* the page's colours (layout.c) */
	char bg[2][8];		/* the background's gradient, #rrggbb */
	uint64_t *alt;		/* a diff's fills whose colour differs in
				 * the other palette, fill << 32 | that
				 * colour's label ink (1: white) << 24 |
				 * that colour, by fill, each once */
	size_t nalt;
	uint32_t searchink;	/* --search-color's label ink, or
				 * FG_NOCOLOR without it */
	const struct svg_funcs *fn;	/* a profile's functions merged
					 * (costmap.c), or NULL */
	double *narrow;		/* the cost map's: by frame of the first
				 * view, its callees' count not drawn
				 * (svg_map_narrow), or NULL */
};
#define SVG_ALT_FILL(a)		((uint32_t)((a) >> 32))
#define SVG_ALT_COLOR(a)	((uint32_t)(a) & 0xffffff)
#define SVG_ALT_WHITE(a)	((int)((a) >> 24 & 1))

/*
 * layout.c: what flow.c laid out in one pass (a profile, or a diff: then
 * its colours' fg_color_end done, per the period of the stacks' counts),
 * colours annotated by a.
 */
struct svg_flow;
void svg_layout_flow(struct svg_layout *l, struct svg_opts *o,
    struct svg_flow *s, int isdiff, const struct fg_annot *a);
void svg_layout_free(struct svg_layout *l);
/*
 * layout.c: l's page colours (after the layout: the background, by
 * o->bgcolors, which is checked, or the palette; a diff's other-palette
 * fills and --search-color, with their labels' ink).
 */
void svg_pagecolor(struct svg_layout *l, const struct svg_opts *o);

/*
 * flow.c: a profile's view, or a diff's three, laid out in one pass over
 * stacks given in bytewise (LC_ALL=C) order, each once, as fg_sum emits
 * them, or, for a flame chart (o->flamechart), in input order, repeats
 * allowed: cols[0..nv) the views' counts (SVG_BEFORE for a profile;
 * SVG_AFTER, SVG_BEFORE, SVG_ELIDED for a diff, whose frames go to cc's
 * noise test, fg_color_begin done, as each becomes final). svg_flow_close
 * closes the open frames and returns the frames kept, in pre-order (the
 * root first), named from *names: free s after the layout is written.
 */
#define SVG_NV 3
struct svg_flow;
/*
 * names.c: the names of the frames kept, each distinct one once, at an
 * offset into buf that stays while it is kept. svg_names_back(mark) drops
 * the names first put since svg_names_mark gave that mark. Zeroed: empty.
 */
struct svg_names {
	char *buf;
	size_t len, cap;
	struct svg_nament *e;	/* the names, in the order first put */
	size_t n, ecap;
	uint32_t *head;		/* each hash chain's newest name */
	size_t mask;
};
size_t svg_names_put(struct svg_names *t, const char *s, size_t n);
size_t svg_names_mark(const struct svg_names *t);
void svg_names_back(struct svg_names *t, size_t mark);
void svg_names_free(struct svg_names *t);

struct svg_rec {
	size_t noff;		/* name in names */
	uint32_t nlen, depth;
	double x[SVG_NV];	/* per view: start, from its parent's start */
	double w[SVG_NV];	/* per view: width */
	double tot[2], selfc[2];
};
/* What a diff's layout needs of all its frames, the root's apart. */
struct svg_flow_stats {
	double tc;		/* sum of |after - before| self counts */
	int differs;		/* some frame's counts differ */
};
struct svg_flow *svg_flow_new(const struct svg_opts *o, const int *cols,
    int nv, struct fg_colorcfg *cc);
void svg_flow_add(struct svg_flow *s, const char *stack, size_t len,
    const double *c);
/*
 * Optional, before the first stack: the totals (before, after) when known
 * (fg_sum's start), so that frames the final minimum width drops are
 * dropped at once rather than kept until the running total has grown.
 */
void svg_flow_expect(struct svg_flow *s, const double *total);
const struct svg_rec *svg_flow_close(struct svg_flow *s, size_t *n,
    const char **names, uint32_t *maxdepth, struct svg_flow_stats *st);
void svg_flow_free(struct svg_flow *s);
/*
 * flow.c: view k of what it kept, into v (its col, total and
 * minimum width set): the final minimum width applied, positions made
 * absolute, colours (annotations a, else the palette or the diff's
 * colours) and a diff's counts by kind.
 */
/*
 * The frame budget: the cut under which no more than max of the records
 * r[1..n) at least minw wide in flow view k are left, the widest (the
 * shallowest first among equals); uncut (w -1) when they fit.
 */
struct svg_cut svg_flow_budget(const struct svg_rec *r, size_t n, int k,
    double minw, size_t max);
void svg_flow_view(struct svg_flow *s, int k, int isdiff, struct svg_view *v,
    struct svg_opts *o, const struct fg_annot *a);
/* flow.c: a frame's self count in a view by col (its counts before,
 * after). */
double svg_vself(const double *tot, const double *self, int col);
/* flow.c: the narrowest count drawn when the full width stands for total. */
double svg_minw(const struct svg_opts *o, double total);
/* flow.c: black or white, whichever contrasts more with fill (WCAG). */
uint32_t label_ink(uint32_t fill);

/*
 * layout.c: a diff's functions by self count, classified (ok: a diff).
 * fs gets every stack's self counts (its last frame's, fg_fnself_add), in
 * stack order, then svg_changes_finish after the colours' fg_color_end,
 * with the period of the stacks' counts (main.c's, the one the colours
 * and the units use).
 */
struct svg_changes {
	int ok;
	struct fg_changes cs;
	struct fg_noise nz;	/* the noise test in force */
	double period;		/* count units per sample detected, or 1 */
	struct fg_fnself fs;	/* self counts by function name */
};
void svg_changes_init(struct svg_changes *sc);
void svg_changes_finish(struct svg_changes *sc, struct svg_opts *o,
    const double *roottot, const struct fg_period *per);
/*
 * layout.c: the deepest frames the colours call grown or new (the one
 * verdict, color.h, the gate's too) into the table's regressions, first,
 * unless their function is there already: after svg_changes_finish, with
 * the records r[0..n) (preorder, the root first) and their names.
 */
void svg_changes_frames(struct svg_changes *sc, const struct svg_opts *o,
    const struct svg_rec *r, size_t n, const char *names);
void svg_changes_free(struct svg_changes *sc);
/* A change fg-top ranks that its frames' colour greys (the floor). */
int svg_chg_grey(const struct fg_colorcfg *cc, const struct fg_chg *c);

/*
 * trend.c: fg-trend's stream (fg-trend(1), STREAM). svg_trend_meta takes
 * every metadata line (returns 1 when it was the stream's), svg_trend_stack
 * is called once per stack with its number of counts (one in a trend
 * stream); svg_trend_end checks what was read is whole (fatal, naming the
 * file and line) with the stacks' total, and settles the measure the
 * colours show (cc's --self-delta). Then the colours, titles and head of
 * a trend stream, when svg_trend_on.
 */
struct svg_trend;
struct svg_trend *svg_trend_new(char **files, int nfiles);
int svg_trend_on(const struct svg_trend *t);
int svg_trend_meta(struct svg_trend *t, const char *line, size_t len);
void svg_trend_stack(struct svg_trend *t, int ncols);
void svg_trend_end(struct svg_trend *t, const struct fg_colorcfg *cc,
    double total);
void svg_trend_titles(const struct svg_trend *t, struct svg_opts *o);
uint32_t svg_trend_color(const struct svg_trend *t,
    const struct fg_colorcfg *cc, const char *name, size_t len, int root);
void svg_trend_title(const struct svg_trend *t, const char *name,
    size_t len);
double svg_trend_headh(const struct svg_trend *t, double lh);
void svg_trend_head(const struct svg_trend *t, const struct svg_opts *o,
    double y, double lh);
void svg_trend_free(struct svg_trend *t);

/*
 * costmap.c: a profile's functions merged by name across every call site,
 * folded by sum.h's fold as fg-top folds them: self, the counts of the
 * stacks a function ends (starts, with --reverse, whose stacks are
 * reversed), and total, of the stacks it is in, once a stack however
 * often it recurses; an empty name is none. svg_funcs_add with each
 * stack (its count), svg_funcs_rank to rank them by self as fg-top does.
 */
struct svg_funcs {
	int on;
	struct fg_fnfold fold;	/* the functions */
	double all;		/* the sum of the stacks' counts */
	struct fg_ent **rank;	/* svg_funcs_rank: by self, the largest
				 * first, those with a self count */
	size_t nrank;
	/*
	 * Every stack, for the script's function view (out_mapdata): a
	 * line "K C N..." each, in base 36 (fmt_b36): the first K names
	 * those of the stack before, count C, the number of each name
	 * after them (from 0, in names' order: aux - 1).
	 */
	struct fg_stab *names;	/* the names, as fg-top names them */
	uint32_t *path;		/* the stack before, by name number */
	size_t npath, cappath;
	char *dat;
	size_t dlen, dcap;
	uint32_t *fill;		/* by name number (svg_funcs_fills), or
				 * NULL */
};
void svg_funcs_init(struct svg_funcs *fs, int on, int reverse);
void svg_funcs_add(struct svg_funcs *fs, const char *stack, size_t len,
    const fg_count *c);
void svg_funcs_rank(struct svg_funcs *fs);
/*
 * The colour of each name by name, as the palette gives it (cc's map
 * remembering it), for the names the frames drawn lack; none when the
 * frames are coloured by share (--colordiffusion, fg-elide's stream).
 */
void svg_funcs_fills(struct svg_funcs *fs, struct fg_colorcfg *cc);
/*
 * The cost map's default: frames at least a pixel wide, when the map is
 * on (--top, --cost), the input a profile (ncols 1) and --minwidth not
 * given; what is not drawn is in its caller's hover and the script's
 * data (out_mapdata).
 */
void svg_map_minw(struct svg_opts *o, int ncols);
/* The count of each frame of v its drawn callees leave out: l->narrow. */
double *svg_map_narrow(const struct svg_view *v);
void svg_funcs_free(struct svg_funcs *fs);

/*
 * order.c: --order weight: v's siblings widest first, as wide ones by
 * name, the frames again in pre-order with their starts moved.
 */
void svg_order_weight(struct svg_view *v);

/* write.c */
void svg_write(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_changes *sc);
/* The document saying there was no data; the caller exits. */
void svg_write_nodata(const struct svg_opts *o);

#endif
