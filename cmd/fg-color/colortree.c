/* SPDX-License-Identifier: ISC */
/*
 * colortree.c: the colours of fg-color's frame tree (tree.h): for a diff,
 * every node through common/color.c's noise test (fg_color_begin, _add,
 * _end), then new code settled down the tree and each node coloured; for
 * a profile, each node by name or width (fg_color_profile).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

/* A count held in a double (> 0; fg_count_from_dbl's, faster when whole). */
static void
period_add_dbl(struct fg_period *p, int side, double x)
{
	fg_count c;

	if (!(x > 0))
		return;
	if (x == floor(x) && x < 9223372036854775808.0) {
		c.i = (int64_t)x;	/* what fg_count_from_dbl makes of it */
		c.f = 0;
	} else if (fg_count_from_dbl(x, &c) != 0)
		return;
	fg_period_add(p, side, c);
}

/*
 * A tree's node as the colours see it, isnew telling for each node before
 * it whether it is new code (NULL for a profile).
 */
static void
nodeframe(const unsigned char *isnew, const struct node *n,
    struct fg_cframe *f)
{
	f->tot = n->tot;
	f->self = n->self;
	f->root = n->parent == TREE_NONE;
	f->pnew = !f->root && isnew != NULL && isnew[n->parent];
}

/*
 * New code: a frame absent before is purple when its own change is real
 * (beyond noise and the floor), and so is everything under such a frame,
 * however small: a child of new code is new by definition. A parent's
 * index is below its children's, so one pass in index order settles it.
 */
static unsigned char *
newcode(const struct fg_colorcfg *cfg, const struct tree *t)
{
	struct fg_cframe f;
	unsigned char *isnew;
	size_t i;

	isnew = fg_calloc(t->nn + 1, 1);
	for (i = 1; i < t->nn; i++) {
		nodeframe(isnew, &t->n[i], &f);
		isnew[i] = (unsigned char)fg_color_newcode(cfg, &f);
	}
	return isnew;
}

/* A diff's noise test over all nodes; returns newcode's array. */
static unsigned char *
prepare(struct fg_colorcfg *cfg, const struct tree *t)
{
	struct fg_period per;
	size_t i;

	cfg->dmax = 0;
	if (t->ncols == 1)
		return NULL;
	memset(&per, 0, sizeof(per));
	fg_color_begin(cfg, t->n[0].tot);
	for (i = 1; i < t->nn; i++) {
		fg_color_add(cfg, t->n[i].tot, t->n[i].self);
		period_add_dbl(&per, 0, t->n[i].self[0]);
		period_add_dbl(&per, 1, t->n[i].self[1]);
	}
	fg_color_end(cfg, t->n[0].tot, &per);
	return newcode(cfg, t);
}

static uint32_t
nodecolor(struct fg_colorcfg *cfg, const unsigned char *isnew,
    const struct tree *t, const struct node *n)
{
	double all = t->n[0].tot[t->ncols - 1];
	struct fg_cframe f;

	if (t->ncols == 2) {
		nodeframe(isnew, n, &f);
		return fg_color_diff(cfg, &f, n->name, n->nlen, all);
	}
	return fg_color_profile(cfg, n->name, n->nlen, n->tot[0], all);
}

void
color_tree(struct fg_colorcfg *cfg, struct tree *t)
{
	unsigned char *isnew;
	size_t i;

	isnew = prepare(cfg, t);
	for (i = 0; i < t->nn; i++)
		t->n[i].color = nodecolor(cfg, isnew, t, &t->n[i]);
	free(isnew);
}

