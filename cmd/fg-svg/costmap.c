/* SPDX-License-Identifier: ISC */
/*
 * costmap.c: reading a profile as a cost map. --labels share: a frame's
 * label carries its share (and with --cost its yearly cost) where it fits.
 * The first screen (--top, on with --cost): a headline with the total (and
 * its yearly cost) and a table of the functions that cost most by self,
 * merged across every call site, as fg-top ranks them, static text that
 * reads without the script; the script outlines a row's frames on hover.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"
#include "wout.h"
#include "head.h"

size_t
svg_sharelab(char *buf, size_t len, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_frame *f,
    const struct svg_view *v)
{
	char m[40];
	int k;

	(void)l;
	if (o->labels != SVG_LABELS_SHARE || f->depth == 0 || len == 0 ||
	    !(v->total > 0))
		return 0;
	/* the share and cost of the frame's title (svg_fnums) */
	if (o->cost.on) {
		fmt_money(m, fg_cost_year(&o->cost, f->w / v->total));
		k = snprintf(buf, len, " (%.2f%%, %s%s%s/yr)",
		    100 * f->w / v->total, m, o->currency != NULL ? " " : "",
		    o->currency != NULL ? o->currency : "");
	} else
		k = snprintf(buf, len, " (%.2f%%)", 100 * f->w / v->total);
	if (k < 0 || (size_t)k >= len)
		return 0;
	return (size_t)k;
}

void
out_mapattr(const struct svg_opts *o)
{
	if (o->labels == SVG_LABELS_SHARE)
		fg_out_str(" data-labels=\"share\"");
	if (o->currency != NULL)
		out_attr("data-cur", o->currency);
}

/* ---- a profile's functions, merged across call sites ---- */

void
svg_funcs_init(struct svg_funcs *fs, int on, int reverse)
{
	memset(fs, 0, sizeof(*fs));
	fs->on = on;
	if (!on)
		return;
	fg_fnfold_init(&fs->fold, FG_FN_NOEMPTY |
	    (reverse ? FG_FN_LEAFFIRST : 0));
	fs->names = fg_stab_new(0);
}

/* ---- every stack, for the script's function view ---- */

static void
datput(struct svg_funcs *fs, const char *s, size_t n)
{
	if (fs->dcap - fs->dlen < n + 1) {
		while (fs->dcap - fs->dlen < n + 1)
			fs->dcap = fs->dcap ? fs->dcap * 2 : 65536;
		fs->dat = fg_realloc(fs->dat, fs->dcap);
	}
	memcpy(fs->dat + fs->dlen, s, n);
	fs->dlen += n;
}

static void
datnum(struct svg_funcs *fs, char sep, double v)
{
	char buf[41];

	buf[0] = sep;
	if (sep == 0)
		datput(fs, buf + 1, fmt_b36(buf + 1, v));
	else
		datput(fs, buf, fmt_b36(buf + 1, v) + 1);
}

/*
 * A stack as a line of the data: the names it shares with the one
 * before counted, its count, the number of each further name (from 0).
 * fs->path holds the stack before; its names are put after the first
 * that differs.
 */
static void
datstack(struct svg_funcs *fs, const char *stack, size_t len, double c)
{
	const char *p = stack, *end = stack + len, *semi;
	struct fg_ent *e;
	size_t d, k = SIZE_MAX;

	for (d = 0;; d++) {
		semi = memchr(p, ';', (size_t)(end - p));
		if (semi == NULL)
			semi = end;
		e = fg_stab_get(fs->names, p, (size_t)(semi - p));
		if (e->aux == 0)
			e->aux = (uint32_t)fg_stab_count(fs->names);
		if (k == SIZE_MAX && (d >= fs->npath ||
		    fs->path[d] != e->aux - 1))
			k = d;
		if (d >= fs->cappath) {
			fs->cappath = fs->cappath ? fs->cappath * 2 : 64;
			fs->path = fg_reallocarray(fs->path, fs->cappath,
			    sizeof(*fs->path));
		}
		fs->path[d] = e->aux - 1;
		if (semi == end)
			break;
		p = semi + 1;
	}
	fs->npath = ++d;
	if (k == SIZE_MAX)	/* the stack before, or a part of it */
		k = d;
	datnum(fs, fs->dlen > 0 ? '\n' : 0, (double)k);
	datnum(fs, ' ', c);
	for (; k < d; k++)
		datnum(fs, ' ', fs->path[k]);
}

void
svg_funcs_add(struct svg_funcs *fs, const char *stack, size_t len,
    const fg_count *c)
{
	if (!fs->on || fg_count_iszero(c[0]))
		return;
	fs->all += fg_count_dbl(c[0]);
	/* below the root's width, which fg_sum checked: cannot happen */
	if (fg_fnfold_add(&fs->fold, stack, len, c, 1) < 0)
		fg_errx(FG_EXIT_ERR, "a function's count is over 2^63-1");
	datstack(fs, stack, len, fg_count_dbl(c[0]));
}

/* Those with a self count, the largest first (by total, then by name). */
void
svg_funcs_rank(struct svg_funcs *fs)
{
	size_t n;

	if (!fs->on)
		return;
	fs->rank = fg_fnfold_rank(&fs->fold, FG_FN_SELF(0), FG_FN_TOTAL(0),
	    &n);
	while (fs->nrank < n &&
	    !fg_count_iszero(fs->rank[fs->nrank]->c[FG_FN_SELF(0)]))
		fs->nrank++;
}

void
svg_funcs_free(struct svg_funcs *fs)
{
	free(fs->rank);
	if (fs->on)
		fg_fnfold_free(&fs->fold);
	if (fs->names != NULL)
		fg_stab_free(fs->names);
	free(fs->path);
	free(fs->dat);
	free(fs->fill);
	memset(fs, 0, sizeof(*fs));
}

void
svg_funcs_fills(struct svg_funcs *fs, struct fg_colorcfg *cc)
{
	struct fg_ent *e;

	if (!fs->on || cc->diffusion || cc->gone)
		return;
	fs->fill = fg_reallocarray(NULL, fg_stab_count(fs->names) + 1,
	    sizeof(*fs->fill));
	for (e = fg_stab_first(fs->names); e != NULL; e = e->next)
		fs->fill[e->aux - 1] = fg_color_name(cc, e->key, e->len);
}

void
svg_map_minw(struct svg_opts *o, int ncols)
{
	if (ncols == 1 && o->top > 0 && !o->minwset) {
		o->minwidth = 1;
		o->minpct = 0;
	}
}

double *
svg_map_narrow(const struct svg_view *v)
{
	double *nw;
	size_t *up, j;
	const struct svg_frame *f;

	nw = fg_calloc(v->nf + 1, sizeof(*nw));
	up = fg_calloc((size_t)v->maxdepth + 2, sizeof(*up));
	for (j = 0; j < v->nf; j++) {
		f = &v->f[j];
		nw[j] = f->w - f->self;
		if (f->depth > 0)
			nw[up[f->depth - 1]] -= f->w;
		up[f->depth] = j;
	}
	free(up);
	return nw;
}

/*
 * In a frame's title, what its callees not drawn hold: "; callees not
 * drawn: 37 samples, 0.50%, cost 2/yr".
 */
void
out_narrow(const struct svg_opts *o, const struct svg_layout *l,
    const struct svg_view *v, const struct svg_frame *f)
{
	double n;

	if (l->narrow == NULL || v != &l->v[0] || !(v->total > 0))
		return;
	n = l->narrow[f - v->f];
	/* a sum of fractional counts may leave a rounding's crumb */
	if (!(n > 1e-9 * f->w))
		return;
	fg_out_str("; callees not drawn: ");
	out_amount(o, n);
	fg_out_char(' ');
	out_text(o->countname);
	fg_out_str(", ");
	out_pct(100 * n / v->total);
	if (o->cost.on) {
		fg_out_str(", cost ");
		out_money(fg_cost_year(&o->cost, n / v->total));
		out_peryear(o);
	}
}

/*
 * The cost map's data for the script's function view, after the frames:
 * "NAMES FILLS" (FILLS 1 when each name has its fill), a line per name,
 * "rrggbb NAME" or NAME, then the stacks (struct svg_funcs).
 */
void
out_mapdata(const struct svg_layout *l)
{
	const struct svg_funcs *fs = l->fn;
	struct fg_ent *e;
	char col[8];

	if (l->isdiff || fs == NULL || !fs->on || fs->dlen == 0)
		return;
	fg_out_str("<metadata id=\"fst\">");
	fg_out_u64(fg_stab_count(fs->names));
	fg_out_str(fs->fill != NULL ? " 1" : " 0");
	for (e = fg_stab_first(fs->names); e != NULL; e = e->next) {
		fg_out_char('\n');
		if (fs->fill != NULL) {
			fg_color_fmt(col, fs->fill[e->aux - 1]);
			fg_out_write(col + 1, 6);
			fg_out_char(' ');
		}
		xml_text(e->key, e->len, SIZE_MAX);
	}
	fg_out_char('\n');
	fg_out_write(fs->dat, fs->dlen);
	fg_out_str("</metadata>\n");
}

/* A ranked function's self and total counts. */
static double
fnself(const struct fg_ent *e)
{
	return fg_count_dbl(e->c[FG_FN_SELF(0)]);
}

static double
fntot(const struct fg_ent *e)
{
	return fg_count_dbl(e->c[FG_FN_TOTAL(0)]);
}

/* ---- the first screen: the headline and the table ---- */

#define MAPLINEH(o) ((o)->fontsize + 6)

double
svg_map_head(struct head *h, const struct svg_opts *o,
    const struct svg_layout *l)
{
	const struct svg_funcs *fs = l->fn;

	if (l->isdiff || fs == NULL || fs->nrank == 0 || o->top <= 0)
		return 0;
	h->maprows = fs->nrank < (size_t)o->top ? fs->nrank : (size_t)o->top;
	h->maph = ((double)h->maprows + 2) * MAPLINEH(o) + 8;
	return h->maph;
}

/* A cost as the table shows it, "1,234/yr" (" EUR/yr"), into buf. */
static void
costtext(char *buf, size_t len, const struct svg_opts *o, double share)
{
	char m[40];

	fmt_money(m, fg_cost_year(&o->cost, share));
	snprintf(buf, len, "%s%s%s/yr", m, o->currency != NULL ? " " : "",
	    o->currency != NULL ? o->currency : "");
}

static void
headline(const struct svg_opts *o, const struct svg_funcs *fs,
    const struct head *h)
{
	char buf[96];

	fg_out_str("<text id=\"maphead\" x=\"");
	out_num(SVG_XPAD);
	fg_out_str("\" y=\"");
	out_fix1(h->mapy);
	fg_out_str("\" font-weight=\"bold\">Total: ");
	if (o->cost.on) {
		costtext(buf, sizeof(buf), o, 1);
		out_text(buf);
		fg_out_str(" (");
		out_num(o->cost.vcpus);
		fg_out_str(" vCPUs at ");
		out_num(o->cost.price);
		fg_out_str("/vCPU-hour), ");
	}
	out_amount(o, fs->all);
	fg_out_char(' ');
	out_text(o->countname);
	fg_out_str("</text>\n");
}

static void
row(const struct svg_opts *o, const struct svg_funcs *fs,
    const struct fg_ent *e, const double *x, double y, size_t namemax)
{
	char buf[96];

	fg_out_str("<g class=\"fnrow\" data-n=\"");
	xml_text(e->key, e->len, SIZE_MAX);
	fg_out_str("\"><title>");
	xml_text(e->key, e->len, SIZE_MAX);
	fg_out_str(": self ");
	out_amount(o, fnself(e));
	fg_out_char(' ');
	out_text(o->countname);
	fg_out_str(", total ");
	out_amount(o, fntot(e));
	fg_out_str(", all call sites merged");
	if (o->cost.on) {
		fg_out_str("; self cost ");
		costtext(buf, sizeof(buf), o, fnself(e) / fs->all);
		out_text(buf);
		fg_out_str(", total ");
		costtext(buf, sizeof(buf), o, fntot(e) / fs->all);
		out_text(buf);
	}
	fg_out_str("</title>");
	snprintf(buf, sizeof(buf), "%.2f%%", 100 * fnself(e) / fs->all);
	out_textel(NULL, "num", x[0], y, buf);
	snprintf(buf, sizeof(buf), "%.2f%%", 100 * fntot(e) / fs->all);
	out_textel(NULL, "num", x[1], y, buf);
	if (o->cost.on) {
		costtext(buf, sizeof(buf), o, fnself(e) / fs->all);
		out_textel(NULL, "num", x[2], y, buf);
	}
	out_textstart(NULL, NULL, x[3], y);
	out_midcut(e->key, e->len, namemax);
	fg_out_str("</text></g>\n");
}

void
out_map(const struct svg_opts *o, const struct svg_layout *l,
    const struct head *h)
{
	const struct svg_funcs *fs = l->fn;
	double cw = o->fontsize * o->fontwidth, x[4], y;
	char buf[96];
	size_t i, w = 0, n;
	long room;

	if (h->maprows == 0)
		return;
	fg_out_str("<g id=\"costmap\">\n");
	headline(o, fs, h);
	/* the columns' right edges: self and total shares, the cost */
	x[0] = SVG_XPAD + 7 * cw;
	x[1] = x[0] + 9 * cw;
	x[2] = x[1];
	if (o->cost.on) {
		for (i = 0; i < h->maprows; i++) {
			costtext(buf, sizeof(buf), o,
			    fnself(fs->rank[i]) / fs->all);
			n = fg_utf8_len(buf, strlen(buf));
			w = n > w ? n : w;
		}
		x[2] = x[1] + (double)(w + 2) * cw;
	}
	x[3] = x[2] + 2 * cw;
	room = (long)(((double)o->width - SVG_XPAD - x[3]) / cw);
	y = h->mapy + MAPLINEH(o);
	out_textel(NULL, "th num", x[0], y, "self");
	out_textel(NULL, "th num", x[1], y, "total");
	if (o->cost.on)
		out_textel(NULL, "th num", x[2], y, "self/yr");
	out_textel(NULL, "th", x[3], y,
	    "functions by self, all call sites merged");
	for (i = 0; i < h->maprows; i++)
		row(o, fs, fs->rank[i], x, y + (double)(i + 1) * MAPLINEH(o),
		    room < 8 ? 8 : (size_t)room);
	fg_out_str("</g>\n");
}
