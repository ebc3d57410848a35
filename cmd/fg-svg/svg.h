/* SPDX-License-Identifier: ISC */
/*
 * svg.h: fg-svg's stages and what passes between them.
 *
 * main.c    options; reads the input into the frame tree (flame.h)
 * layout.c  decides: the views, which frames are drawn, where and in
 *           which colour, and the image's geometry (struct svg_layout)
 * writer.c  writes a layout as an SVG document, nothing else
 */
#ifndef FG_SVG_H
#define FG_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "cost.h"
#include "flame.h"

#define SVG_XPAD 10		/* left and right margin, pixels */
#define SVG_FRAMEPAD 1		/* gap between rows, pixels */

/* What the options ask for; read by every stage, written by main.c. */
struct svg_opts {
	const char *title, *subtitle, *fonttype, *countname, *nametype;
	const char *notes, *bgcolors;
	long width, frameheight;
	double fontsize, fontwidth, minwidth, factor, total;
	int minpct, reverse, inverted, flamechart;
	struct fg_colorcfg cc;
	struct fg_cost cost;	/* --cost: yearly cost in hover and search */
};

/* The count a view is drawn by. */
enum { SVG_BEFORE = 0, SVG_AFTER = 1, SVG_ELIDED = 2 };

/* One drawn frame. Positions and widths are in counts, not pixels. */
struct svg_frame {
	const char *name;	/* not NUL-terminated; the root's is "" */
	uint32_t nlen;
	uint32_t depth;		/* root 0 */
	uint32_t color;		/* 0xRRGGBB */
	double x, w;		/* start and width */
	double self;		/* the view's self count */
	double tot[2];		/* diff: before and after, inclusive */
	double selfc[2];	/* diff: before and after, self */
};

struct svg_view {
	int col;		/* SVG_BEFORE, SVG_AFTER or SVG_ELIDED */
	const char *name;
	double total;		/* what the full width stands for */
	double minw;		/* narrowest count drawn */
	double wpt;		/* pixels per count */
	uint32_t maxdepth;
	struct svg_frame *f;	/* in pre-order, root first */
	size_t nf, cap;
};

struct svg_layout {
	int isdiff;
	int nviews;
	struct svg_view v[3];
	double tc;		/* diff: sum of |after - before| self counts */
	double imageheight, ypad1, ypad2, ypad3;
};

/* layout.c: lays out a finished, annotated tree. */
void svg_layout_tree(struct svg_layout *l, struct svg_opts *o,
    struct fg_tree *t);
void svg_layout_free(struct svg_layout *l);

/* writer.c */
void svg_write(const struct svg_opts *o, const struct svg_layout *l);
/* The document saying there was no data; the caller exits. */
void svg_write_nodata(const struct svg_opts *o);

#endif
