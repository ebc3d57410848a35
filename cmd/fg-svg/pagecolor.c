/* SPDX-License-Identifier: ISC */
/*
 * pagecolor.c: the page's colours, chosen before it is written (chrome.c
 * writes them): the background, by --bgcolors or from the palette, and a
 * diff's fills in the other palette (--colorblind flipped) for the page's
 * palette toggle, each fill once, and the label ink of those colours and
 * of --search-color's.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"

/* The background's two colours: by --bgcolors, or for the palette. */
static void
background(struct svg_layout *l, const struct svg_opts *o)
{
	static const struct {
		const char *name, *c1, *c2;
	} bgs[] = {
		{ "yellow", "#eeeeee", "#eeeeb0" },
		{ "blue", "#eeeeee", "#e0e0ff" },
		{ "green", "#eef2ee", "#e0ffe0" },
		{ "grey", "#f8f8f8", "#e8e8e8" },
	};
	const char *bg = o->bgcolors;
	int p = o->cc.pal;
	uint32_t c;
	size_t i;

	if (bg == NULL) {
		/* an elided profile as the diff's Elided view: on grey */
		if (l->isdiff || o->cc.gone)
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
	for (i = 0; i < sizeof(bgs) / sizeof(bgs[0]); i++)
		if (strcmp(bg, bgs[i].name) == 0) {
			memcpy(l->bg[0], bgs[i].c1, 8);
			memcpy(l->bg[1], bgs[i].c2, 8);
			return;
		}
	c = fg_color_parse(bg, strlen(bg));
	if (c == FG_NOCOLOR || bg[0] != '#')
		fg_errx(FG_EXIT_ERR, "--bgcolors: not yellow, blue, green, "
		    "grey or #rrggbb: %s", bg);
	fg_color_fmt(l->bg[0], c);
	fg_color_fmt(l->bg[1], c);
}

static void
altadd(struct svg_layout *l, size_t *cap, uint32_t c, uint32_t alt)
{
	if (c == alt)
		return;
	if (l->nalt == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		l->alt = fg_reallocarray(l->alt, *cap, sizeof(*l->alt));
	}
	l->alt[l->nalt++] = (uint64_t)c << 32 | alt;
}

static int
u64cmp(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return (a > b) - (a < b);
}

/*
 * A diff's fills that differ in the other palette, with their colour
 * there: the frames' and the legend's and table's swatches, sorted, the
 * first pair of each fill kept, with the label ink of that colour.
 */
static void
altpairs(struct svg_layout *l, const struct svg_opts *o)
{
	struct fg_colorcfg cc = o->cc, ac = o->cc;
	size_t cap = 0, i, j, n;
	int k, sign;

	if (!l->isdiff)
		return;
	for (k = 0; k < l->nviews; k++)
		for (j = 0; j < l->v[k].nf; j++)
			altadd(l, &cap, l->v[k].f[j].color, l->v[k].f[j].alt);
	ac.cb = !cc.cb;
	for (sign = -1; sign <= 1; sign += 2)
		for (k = 1; k <= 3; k++)
			altadd(l, &cap, fg_color_scale(&cc, k / 3.0, sign),
			    fg_color_scale(&ac, k / 3.0, sign));
	altadd(l, &cap, fg_color_new(&cc), fg_color_new(&ac));
	if (l->nalt == 0)
		return;
	qsort(l->alt, l->nalt, sizeof(*l->alt), u64cmp);
	for (i = n = 1; i < l->nalt; i++)
		if (l->alt[i] >> 32 != l->alt[n - 1] >> 32)
			l->alt[n++] = l->alt[i];
	l->nalt = n;
	for (i = 0; i < n; i++)
		if (fg_color_ink(SVG_ALT_COLOR(l->alt[i])) != 0)
			l->alt[i] |= (uint64_t)1 << 24;
}

void
svg_pagecolor(struct svg_layout *l, const struct svg_opts *o)
{
	background(l, o);
	altpairs(l, o);
	l->searchink = o->searchcol != FG_NOCOLOR ?
	    fg_color_ink(o->searchcol) : FG_NOCOLOR;
}
