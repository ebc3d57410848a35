/* SPDX-License-Identifier: ISC */
/*
 * fnums.c: the numbers writer.c shows for a frame, worked out before it
 * writes them: its title's share, a diff's counts from the point of view
 * in force and their change in points, --cost's yearly figures, and in
 * the other views' data its start from its parent's. Writes nothing.
 */
#include <math.h>
#include <stdlib.h>

#include "fg.h"
#include "wout.h"

void
svg_fnums(struct fnums *n, const struct svg_opts *o,
    const struct svg_layout *l, const struct svg_frame *f,
    const struct svg_view *v)
{
	/* --negate: the baseline seen from the current profile */
	int k = o->cc.negate ? 1 : 0;
	double p;

	n->share = 100 * f->w / v->total;
	n->b = f->tot[k];
	n->a = f->tot[1 - k];
	n->d = n->a - n->b;
	n->bw = k ? "current" : "before";
	n->aw = k ? "baseline" : "after";
	/*
	 * the after count is the frame's own in the Differential view,
	 * drawn by it (the "current" side with --negate): not repeated
	 */
	n->own = v->col == SVG_AFTER ? (o->cc.negate ? 0 : 1) : -1;
	p = 100 * fg_noise_delta(&o->cc.nz, n->b, n->a);
	n->pts = fabs(p) < 0.005 ? 0.0 : p;
	n->cost = o->cost.on && v->total > 0;
	if (!n->cost)
		return;
	n->cyear = fg_cost_year(&o->cost, f->w / v->total);
	if (l->isdiff)
		n->cchange = fg_cost_year(&o->cost,
		    fg_noise_delta(&o->cc.nz, n->b, n->a));
}

void
svg_relstart_init(struct relstart *r, const struct svg_layout *l)
{
	uint32_t maxd = 0;
	int i;

	for (i = 1; i < l->nviews; i++)
		if (l->v[i].maxdepth > maxd)
			maxd = l->v[i].maxdepth;
	r->up = fg_calloc((size_t)maxd + 2, sizeof(*r->up));
}

double
svg_relstart(struct relstart *r, const struct svg_frame *f)
{
	r->up[f->depth + 1] = f->x;
	return f->x - r->up[f->depth];
}

void
svg_relstart_free(struct relstart *r)
{
	free(r->up);
}
