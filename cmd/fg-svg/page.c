/* SPDX-License-Identifier: ISC */
/*
 * page.c: what fg-svg's writer works out before it writes (wout.h): the
 * page's geometry (each view's height, where the frames start, whether
 * they run top-down, the head's places: head.c), each frame's box and label room, each view's rows
 * for the script, and the tables of names and fills the other views'
 * data index. Writes nothing.
 */
#include <stdint.h>
#include <string.h>

#include "fg.h"
#include "wout.h"

/*
 * A diff whose first view would be taller than TALL pixels (the first
 * screen of an 800x600 window) is drawn top-down, the root under the
 * table, so that its widest part is on the first screen of any window,
 * with scripts or without, in an <img> and on paper; so is fg-elide's
 * stream (o->cc.gone), drawn as the diff's Elided view. A profile keeps
 * flamegraph.pl's picture, bottom-up (its script scrolls to the root).
 */
#define TALL 600

/* The page: each view as tall as it needs (the first sizes the image). */
void
svg_page(struct page *pg, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_changes *sc)
{
	int i;

	svg_head(&pg->hd, o, l, sc);
	pg->hh = pg->hd.height;
	pg->top = l->ypad1 + pg->hh;
	pg->liney = o->fontsize * 4 + (o->subtitle != NULL ? l->ypad3 : 0);
	for (i = 0; i < l->nviews; i++)
		pg->vh[i] = pg->top + ((double)l->v[i].maxdepth + 1) *
		    (double)o->frameheight + l->ypad2;
	pg->h = l->nviews > 0 ? pg->vh[0] : l->imageheight + pg->hh;
	pg->down = o->inverted || ((l->isdiff || o->cc.gone) && pg->h > TALL);
	svg_head_place(&pg->hd, o, l, pg);
}

/* Frame f's box in view v, and how many characters of label it holds. */
void
svg_page_box(struct box *b, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_view *v,
    const struct svg_frame *f, const struct page *pg)
{
	double s = f->x, w = f->w, h;

	b->x1 = SVG_XPAD + s * v->wpt;
	b->x2 = SVG_XPAD + (s + w) * v->wpt;
	if (!pg->down) {
		h = pg->vh[v - l->v];
		b->y1 = h - l->ypad2 - (f->depth + 1) * o->frameheight +
		    SVG_FRAMEPAD;
		b->y2 = h - l->ypad2 - f->depth * o->frameheight;
	} else {
		b->y1 = pg->top + f->depth * o->frameheight;
		b->y2 = pg->top + (f->depth + 1) * o->frameheight -
		    SVG_FRAMEPAD;
	}
	b->chars = (size_t)((b->x2 - b->x1) / (o->fontsize * o->fontwidth));
}

/*
 * Where view i's rows go, for the script: the top of the root's row, the
 * step to the next row (negative: bottom-up) and the rectangles' height.
 */
void
svg_page_rows(struct rows *r, const struct svg_opts *o,
    const struct svg_layout *l, int i, const struct page *pg)
{
	double fh = (double)o->frameheight;

	r->y0 = pg->down ? pg->top : pg->vh[i] - l->ypad2 - fh + SVG_FRAMEPAD;
	r->dy = pg->down ? fh : -fh;
	r->rh = fh - SVG_FRAMEPAD;
}

/* The name shown: without a trailing _[k] _[w] _[i] _[j] annotation. */
size_t
svg_showlen(const struct svg_frame *f)
{
	const char *s = f->name;
	size_t l = f->nlen;

	if (l >= 4 && s[l - 4] == '_' && s[l - 3] == '[' && s[l - 1] == ']' &&
	    strchr("kwij", s[l - 2]) != NULL)
		return l - 4;
	return l;
}

/*
 * The views other than the first index their names and fills: each
 * distinct one gets its number (aux, from 1) in the order first met.
 */
void
svg_page_tables(const struct svg_layout *l, struct fg_stab *names,
    struct fg_stab *fills)
{
	const struct svg_frame *f;
	struct fg_ent *e;
	char col[8];
	size_t j;
	int i;

	for (i = 1; i < l->nviews; i++)
		for (j = 0; j < l->v[i].nf; j++) {
			f = &l->v[i].f[j];
			e = fg_stab_get_ref(names, f->name, svg_showlen(f));
			if (e->aux == 0)
				e->aux = (uint32_t)fg_stab_count(names);
			fg_color_fmt(col, f->color);
			e = fg_stab_get(fills, col + 1, 6);
			if (e->aux == 0)
				e->aux = (uint32_t)fg_stab_count(fills);
		}
}
