/* SPDX-License-Identifier: ISC */
/*
 * costmap.c: reading a profile as a cost map. --labels share: a frame's
 * label carries its share (and with --cost its yearly cost) where it fits.
 */
#include <stdio.h>
#include <string.h>

#include "fg.h"
#include "svg.h"
#include "wout.h"

size_t
svg_sharelab(char *buf, size_t len, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_frame *f,
    const struct svg_view *v)
{
	struct fnums n;
	char m[40];
	int k;

	if (o->labels != SVG_LABELS_SHARE || f->depth == 0 || len == 0)
		return 0;
	svg_fnums(&n, o, l, f, v);
	if (n.cost) {
		fmt_money(m, n.cyear);
		k = snprintf(buf, len, " (%.2f%%, %s%s%s/yr)", n.share, m,
		    o->currency != NULL ? " " : "",
		    o->currency != NULL ? o->currency : "");
	} else
		k = snprintf(buf, len, " (%.2f%%)", n.share);
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
