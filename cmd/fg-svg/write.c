/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-svg's output. Writes a layout (svg.h) as a self-contained
 * SVG document: the page around the frames (furniture.c), the frames of
 * the first view, the other views as data, and the script (script/)
 * that makes it interactive. Decides nothing about what is drawn, nor
 * where: place.c works out the places.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"
#include "wout.h"

extern const char *const svg_script[];

/*
 * --cost: the frame's yearly cost, and in a diff what its change costs or
 * saves a year, in the stream's mode as fg-top's cost column.
 */
static void
out_cost(const struct svg_opts *o, const struct svg_layout *l,
    const struct fnums *n)
{
	if (!n->cost)
		return;
	fg_out_str("; cost ");
	out_money(n->cyear);
	out_peryear(o);
	if (l->isdiff) {
		fg_out_str(", change ");
		if (n->cchange > 0)
			fg_out_char('+');
		out_money(n->cchange);
		out_peryear(o);
	}
}

/* A diff frame's counts, their change and its points (svg_fnums). */
static void
out_change(const struct svg_opts *o, const struct fnums *n)
{
	char buf[64];

	fg_out_str("; ");
	if (n->own != 0) {
		fg_out_str(n->bw);
		fg_out_char(' ');
		out_amount(o, n->b);
	}
	if (n->own != 1) {
		fg_out_str(n->own != 0 ? ", " : "");
		fg_out_str(n->aw);
		fg_out_char(' ');
		out_amount(o, n->a);
	}
	fg_out_str(", ");
	if (n->d > 0)
		fg_out_char('+');
	out_amount(o, n->d);
	snprintf(buf, sizeof(buf), "; %+.2f points %s", n->pts,
	    fg_mode_name(o->cc.nz.mode));
	fg_out_str(buf);
}

static void
out_title(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_frame *f, const struct svg_view *v)
{
	struct fnums n;

	svg_fnums(&n, o, l, f, v);
	fg_out_str("<title>");
	if (f->depth == 0) {
		fg_out_str("all (");
		out_amount(o, f->w);
		fg_out_char(' ');
		out_text(o->countname);
		fg_out_str(", 100%");
		out_cost(o, l, &n);
		out_narrow(o, l, v, f);
		fg_out_str(")</title>");
		return;
	}
	xml_text(f->name, svg_showlen(f), SIZE_MAX);
	fg_out_str(" (");
	out_amount(o, f->w);
	fg_out_char(' ');
	out_text(o->countname);
	fg_out_str(", ");
	out_pct(n.share);
	if (l->isdiff)
		out_change(o, &n);
	if (svg_trend_on(o->trend))
		svg_trend_title(o->trend, f->name, svg_showlen(f));
	out_cost(o, l, &n);
	out_narrow(o, l, v, f);
	fg_out_str(")</title>");
}

/*
 * A frame's numbers for the script: "DEPTH START WIDTH SELF", in a diff
 * then "TB FB TA FA" (before and after, inclusive and self). WIDTH and
 * SELF are left out when they are the TB FB or TA FA of the view's count
 * (data-col), as they are but for the root and the Elided view. num
 * writes each number.
 */
static void
out_counts(const struct svg_layout *l, const struct svg_view *v,
    const struct svg_frame *f, double start, void (*num)(double))
{
	int c = v->col, k;

	num((double)f->depth);
	fg_out_char(' ');
	num(start);
	if (!l->isdiff || c > SVG_AFTER || f->w != f->tot[c] ||
	    f->self != f->selfc[c]) {
		fg_out_char(' ');
		num(f->w);
		fg_out_char(' ');
		num(f->self);
	}
	for (k = 0; l->isdiff && k < 2; k++) {
		fg_out_char(' ');
		num(f->tot[k]);
		fg_out_char(' ');
		num(f->selfc[k]);
	}
}

static void
out_frame(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_frame *f, const struct svg_view *v, const struct page *pg)
{
	struct box b;
	size_t len, nch, sl;
	char col[8], tail[96];

	svg_page_box(&b, o, l, v, f, pg);
	fg_out_str("<rect d=\"");
	out_counts(l, v, f, f->x, out_b36);
	fg_out_str("\" x=\"");
	out_fix1(b.x1);
	fg_out_str("\" y=\"");
	out_num(b.y1);
	fg_out_str("\" width=\"");
	out_fix1(b.x2 - b.x1);
	fg_out_str("\" height=\"");
	out_num(b.y2 - b.y1);
	fg_out_str("\" fill=\"");
	fg_color_fmt(col, f->color);
	fg_out_write(col, 7);
	fg_out_str("\">");
	out_title(o, l, f, v);
	if (b.chars < 3) {
		/* no label fits: the script adds one when a zoom makes room */
		fg_out_str("</rect>\n");
		return;
	}
	fg_out_str("</rect><text x=\"");
	out_fix1(b.x1 + 3);
	fg_out_str("\" y=\"");
	out_fix1(3 + (b.y1 + b.y2) / 2);
	fg_out_str(f->white ? "\" style=\"fill:#fff\">" : "\">");
	if (f->depth == 0)
		fg_out_str("all");
	else {
		len = svg_showlen(f);
		nch = fg_utf8_len(f->name, len);
		sl = svg_sharelab(tail, sizeof(tail), o, l, f, v);
		if (sl > 0 && nch + fg_utf8_len(tail, sl) <= b.chars) {
			xml_text(f->name, len, SIZE_MAX);
			xml_text(tail, sl, SIZE_MAX);
		} else if (nch <= b.chars)
			xml_text(f->name, len, SIZE_MAX);
		else {
			xml_text(f->name, len, b.chars - 2);
			fg_out_str("..");
		}
	}
	fg_out_str("</text>\n");
}

/* Where view i's rows go, for the script (svg_page_rows). */
static void
out_rows(const struct svg_opts *o, const struct svg_layout *l, int i,
    const struct page *pg)
{
	struct rows r;

	svg_page_rows(&r, o, l, i, pg);
	fg_out_str(" data-y0=\"");
	out_num(r.y0);
	fg_out_str("\" data-dy=\"");
	out_num(r.dy);
	fg_out_str("\" data-rh=\"");
	out_num(r.rh);
	fg_out_char('"');
}

/*
 * The views other than the first, as data the script draws when the
 * reader switches to one. fdn holds the names (one a line: a name holds
 * no newline) and the fills, after a line "NAMES FILLS"; fdI a line per
 * frame of view I in pre-order, "NAME FILL DEPTH START ...": NAME and
 * FILL index the tables, START is counted from the parent's start, the
 * rest as out_counts, numbers in base 36 (out_b36).
 */
static void
out_viewtables(const struct svg_layout *l, struct fg_stab *names,
    struct fg_stab *fills)
{
	struct fg_ent *e;

	svg_page_tables(l, names, fills);
	fg_out_str("<metadata id=\"fdn\">");
	fg_out_u64(fg_stab_count(names));
	fg_out_char(' ');
	fg_out_u64(fg_stab_count(fills));
	for (e = fg_stab_first(names); e != NULL; e = e->next) {
		fg_out_char('\n');
		xml_text(e->key, e->len, SIZE_MAX);
	}
	for (e = fg_stab_first(fills); e != NULL; e = e->next) {
		fg_out_char('\n');
		fg_out_write(e->key, e->len);
	}
	fg_out_str("</metadata>\n");
}

static void
out_viewdata(const struct svg_layout *l, int i, struct fg_stab *names,
    struct fg_stab *fills, struct relstart *rs)
{
	const struct svg_view *v = &l->v[i];
	const struct svg_frame *f;
	char col[8];
	size_t j;

	fg_out_str("<metadata id=\"fd");
	fg_out_u64((uint64_t)i);
	fg_out_str("\">");
	for (j = 0; j < v->nf; j++) {
		f = &v->f[j];
		fg_color_fmt(col, f->color);
		if (j > 0)
			fg_out_char('\n');
		out_b36(fg_stab_find(names, f->name, svg_showlen(f))->aux - 1);
		fg_out_char(' ');
		out_b36(fg_stab_find(fills, col + 1, 6)->aux - 1);
		fg_out_char(' ');
		out_counts(l, v, f, svg_relstart(rs, f), out_b36);
	}
	fg_out_str("</metadata>\n");
}

static void
out_views(const struct svg_layout *l)
{
	struct fg_stab *names = fg_stab_new(0), *fills = fg_stab_new(0);
	struct relstart rs;
	int i;

	svg_relstart_init(&rs, l);
	out_viewtables(l, names, fills);
	for (i = 1; i < l->nviews; i++)
		out_viewdata(l, i, names, fills, &rs);
	svg_relstart_free(&rs);
	fg_stab_free(names);
	fg_stab_free(fills);
}

/*
 * A diff's frames coloured by their function's verdict alone (fg-top's
 * gate's, on its self change), a line per view that has any: the view's
 * index and theirs in it, in base 36. The hover says so on them.
 */
static void
out_byfn(const struct svg_layout *l)
{
	const struct svg_view *v;
	size_t j;
	int i, open = 0, line;

	for (i = 0; l->isdiff && i < l->nviews; i++) {
		v = &l->v[i];
		for (j = 0, line = 0; j < v->nf; j++) {
			if (!v->f[j].byfn)
				continue;
			if (!line) {
				fg_out_str(open ? "\n" : "<metadata id=\"fnf\">");
				out_b36((double)i);
				open = line = 1;
			}
			fg_out_char(' ');
			out_b36((double)j);
		}
	}
	if (open)
		fg_out_str("</metadata>\n");
}

void
svg_write(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_changes *sc)
{
	struct page pg;
	size_t j;
	int i;

	svg_page(&pg, o, l, sc);
	out_head(o, l, &pg);
	out_furniture(o, l, sc, &pg);
	fg_out_str("<g id=\"frames\">\n");
	for (i = 0; i < l->nviews; i++) {
		fg_out_str("<g id=\"v");
		fg_out_u64((uint64_t)i);
		fg_out_char('"');
		out_attr("data-name", l->v[i].name);
		fg_out_str(" data-h=\"");
		out_num(pg.vh[i]);
		fg_out_str("\" data-col=\"");
		fg_out_u64((uint64_t)l->v[i].col);
		fg_out_char('"');
		if (i > 0) {
			/* drawn by the script from the data below */
			out_rows(o, l, i, &pg);
			fg_out_str(" display=\"none\"></g>\n");
			continue;
		}
		fg_out_str(">\n");
		for (j = 0; j < l->v[i].nf; j++)
			out_frame(o, l, &l->v[i].f[j], &l->v[i], &pg);
		fg_out_str("</g>\n");
	}
	fg_out_str("</g>\n");
	if (l->nviews > 1)
		out_views(l);
	out_byfn(l);
	out_mapdata(l);
	fg_out_str("<script type=\"text/ecmascript\"><![CDATA[\n");
	fg_out_strs(svg_script);
	fg_out_str("]]></script>\n</svg>\n");
}

void
svg_write_nodata(const struct svg_opts *o)
{
	double h = o->fontsize * 5;

	fg_out_str("<?xml version=\"1.0\" standalone=\"no\"?>\n<svg version="
	    "\"1.1\" width=\"");
	fg_out_u64((uint64_t)o->width);
	fg_out_str("\" height=\"");
	out_num(h);
	fg_out_str("\" viewBox=\"0 0 ");
	fg_out_u64((uint64_t)o->width);
	fg_out_char(' ');
	out_num(h);
	fg_out_str("\" xmlns=\"http://www.w3.org/2000/svg\">\n");
	out_textel(NULL, NULL, floor((double)o->width / 2), o->fontsize * 2,
	    "ERROR: No valid input provided to fg-svg.");
	fg_out_str("</svg>\n");
}

