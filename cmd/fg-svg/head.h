/* SPDX-License-Identifier: ISC */
/*
 * head.h: the layout of the page's head, computed by place.c and written
 * by furniture.c: where the title and subtitle, a diff's headline, legend
 * and table of its largest changes, and the view switches go, what their
 * text says at the page's width and how it wraps; and the figures the
 * svg element gives the script (--cost's yearly cost, a diff's grey and
 * the |z| its noise test shows).
 */
#ifndef HEAD_H
#define HEAD_H

#include <stddef.h>
#include <stdint.h>

#include "svg.h"

#define HEAD_WRAPN 16		/* lines kept of a wrapped text */
#define HEAD_TROWS 5		/* rows per list of the table */

/* A text wrapped to the page's width. */
struct hwrap {
	/* each kept line's start and length; the last kept one holds the
	 * rest of the text */
	size_t at[2 * HEAD_WRAPN];
	size_t nl;		/* lines it takes */
	size_t n;		/* lines kept, at most HEAD_WRAPN */
};

/*
 * The colour contract: the mode, the grew and shrank scales (light: small
 * change, saturated: the largest) with their ends in points as text, new,
 * and grey with the rule in force (the noise test and the floor in
 * points), each with its swatches' colours.
 */
struct hlegend {
	char grey[64], mname[64];
	char scale[2][64];	/* "grew 5–13.2 pts": the scale's ends */
	const char *lab[4];
	/* each item's swatches before its label: the scales' three steps,
	 * new's and grey's one, their fills and width */
	uint32_t fill[4][3];
	int nfill[4];
	double fillw[4];
	double w[5];		/* each item's width with its gap after it */
	double x[5];		/* where each item starts */
	double y[5];		/* its baseline (svg_head_place) */
	int ln[5];		/* and on which line */
	int n;			/* lines */
};

struct head {
	double lh;		/* a line of text */
	double titlelh;		/* a line of the title */
	double cx;		/* the page's centre */
	/* the title: beside the controls, or tdrop lines under them */
	size_t tdrop;
	struct hwrap title, subtitle;
	double titleh;		/* what the title and subtitle add */
	double titley, subtitley;
	/* the controls: Reset Zoom, Search and ic; the details line */
	double ctly, searchx, icx, detailsy;
	/* a diff: the legend; with its changes, the headline and table */
	struct hlegend lg;
	int changes;		/* a diff with its changes: headline, table */
	double totpct;		/* the headline's change of the total, % */
	double costyear;	/* --cost: the whole profile's yearly cost,
				 * for the script */
	uint32_t grey;		/* a diff: its grey, and the |z| the noise */
	double zshown;		/* test shows, for the script */
	char h2[288];		/* "functions by self count: 1 grew, ..." */
	struct hwrap h2w;
	double liney, line2y;	/* the headline's and its second's */
	size_t nrows;		/* the table's rows, 0: no table */
	int stacked;		/* improvements under the regressions */
	double colw;		/* a column's width */
	double tx[2], ty[2];	/* each column's start, its heading's line */
	double tstep;		/* stacked: the first list's lines */
	int thform[2];		/* its heading: 1 " by self count",
				 * 2 ": points, before -> after" */
	size_t namemax;		/* characters of a row's name */
	/* each column's rows: the square's fill, whether the floor greys it */
	uint32_t tfill[2][HEAD_TROWS];
	int tgrey[2][HEAD_TROWS];
	double tableh;		/* the table's height with the gap under it */
	double trendh, trendy;	/* fg-trend's stream: its head's height,
				 * its headline's baseline (trend.c) */
	/* the view switches, when there are several */
	int swn;		/* lines they take at the page's width */
	int swkept;		/* lines kept for them (swlines) */
	char swlab[3][160];
	double swx[3], swy[3];
	int swln[3];		/* each one's line */
	double swbase, vlaby;	/* the last line's baseline, "View:"'s */
	double height;		/* what the head adds above the frames */
	/* a profile's cost map (costmap.c): its table's rows, its
	 * headline's baseline and what it adds to the head */
	size_t maprows;
	double mapy, maph;
};

/*
 * place.c: the head's sizes and texts (svg_head; all svg_page needs), then
 * its places on the page pg (svg_head_place).
 */
void svg_head(struct head *h, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_changes *sc);
struct page;
void svg_head_place(struct head *h, const struct svg_opts *o,
    const struct svg_layout *l, const struct page *pg);

/*
 * costmap.c: the cost map's rows and height in h (for a profile with
 * functions to rank and --top); returns the height.
 */
double svg_map_head(struct head *h, const struct svg_opts *o,
    const struct svg_layout *l);

#endif
