/* SPDX-License-Identifier: ISC */
/*
 * wout.h: between fg-svg's place and write stages: place.c (where things
 * go and a frame's numbers, worked out before writing), write.c (frames,
 * views, the document), furniture.c (style, titles, legend, headline,
 * table) and wtext.c (numbers and text as SVG).
 */
#ifndef WOUT_H
#define WOUT_H

#include "svg.h"
#include "head.h"

/*
 * Where things go on the page: the layout's geometry grown by the
 * headline and table of a diff (hh pixels above the frames).
 */
struct page {
	double h;		/* image height: the first view's */
	double vh[3];		/* each view's image height */
	double top;		/* where the frame area starts */
	double hh;		/* headline and table height */
	double liney;		/* diff: the headline's baseline */
	int down;		/* frames drawn top-down (root first) */
	struct head hd;		/* the head: its texts and places (head.h) */
};
/* A frame's rectangle, and how many characters of its label fit. */
struct box {
	double x1, y1, x2, y2;
	size_t chars;
};
/* A view's rows for the script: root row's top, step, rectangle height. */
struct rows {
	double y0, dy, rh;
};

/* place.c */
void svg_page(struct page *pg, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_changes *sc);
void svg_page_box(struct box *b, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_view *v,
    const struct svg_frame *f, const struct page *pg);
void svg_page_rows(struct rows *r, const struct svg_opts *o,
    const struct svg_layout *l, int i, const struct page *pg);
size_t svg_showlen(const struct svg_frame *f);
struct fg_stab;
void svg_page_tables(const struct svg_layout *l, struct fg_stab *names,
    struct fg_stab *fills);

/*
 * place.c: a frame's numbers as its title shows them (svg_fnums): its
 * share of the view, a diff's counts b and a from the point of view in
 * force (--negate swaps them) with their words, which of them the view
 * draws as the frame's own (0: b, 1: a, -1: neither), the change in
 * points; --cost's yearly cost and a diff's change's (when cost is set).
 */
struct fnums {
	double share;
	double b, a, d;
	const char *bw, *aw;
	int own;
	double pts;
	int cost;
	double cyear, cchange;
};
void svg_fnums(struct fnums *n, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_frame *f,
    const struct svg_view *v);
/*
 * place.c: the other views' frames' starts from their parents', given in
 * pre-order (svg_relstart).
 */
struct relstart {
	double *up;		/* the last start at each depth */
};
void svg_relstart_init(struct relstart *r, const struct svg_layout *l);
double svg_relstart(struct relstart *r, const struct svg_frame *f);
void svg_relstart_free(struct relstart *r);

/* wtext.c */
void out_num(double v);
void out_fix1(double v);
void out_commas(double v);
void out_amount(const struct svg_opts *o, double v);
void out_pct(double v);
void out_money(double v);
size_t fmt_commas(char *buf, double v);
size_t fmt_money(char *buf, double v);
void out_peryear(const struct svg_opts *o);
void out_text(const char *s);
void out_midcut(const char *s, size_t n, size_t max);
void out_b36(double v);
size_t fmt_b36(char *buf, double v);
void out_attr(const char *name, const char *val);
void out_textstart(const char *id, const char *cls, double x, double y);
void out_textel(const char *id, const char *cls, double x, double y,
    const char *s);
/* Ends a table row's <title> and draws its colour swatch: a square of side
 * fs, fill hex (#rrggbb), at x on the text line whose baseline is y. */
void out_swatch(double x, double y, double fs, const char *hex);
/*
 * Writes s[0..n) as XML character data, safe in attributes too: & < > "
 * ' escaped, invalid UTF-8 and characters XML forbids as U+FFFD. At most
 * maxch characters (SIZE_MAX for all) are written; returns their number.
 */
size_t xml_text(const char *s, size_t n, size_t maxch);

/*
 * costmap.c: --labels share: " (12.50%)", with --cost " (12.50%, 1,234/yr)"
 * (and --currency's unit), a frame's label's tail, into buf; its length
 * in bytes, 0 when labels are names or f is the root.
 */
size_t svg_sharelab(char *buf, size_t len, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_frame *f,
    const struct svg_view *v);

/* costmap.c: the svg element's data-labels and data-cur, for the script. */
void out_mapattr(const struct svg_opts *o);

/*
 * costmap.c: in frame f's title, its callees' count not drawn (the cost
 * map's l->narrow); the stacks for the script (svg_funcs), after the
 * frames.
 */
void out_narrow(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_view *v, const struct svg_frame *f);
void out_mapdata(const struct svg_layout *l);

/* costmap.c: the cost map's headline and table, where place.c put them. */
void out_map(const struct svg_opts *o, const struct svg_layout *l,
    const struct head *h);

/* furniture.c (placed by place.c, head.h) */
void out_head(const struct svg_opts *o, const struct svg_layout *l,
    const struct page *pg);
void out_furniture(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_changes *sc, const struct page *pg);

#endif
