/* SPDX-License-Identifier: ISC */
/*
 * order.c: --order weight, a view's siblings drawn widest first (left
 * heavy, as speedscope draws them) instead of by name. The frames stay in
 * pre-order, each one's start is its parent's plus the widths of the
 * siblings before it, and siblings as wide keep their order by name. No
 * recursion: one pass finds each frame's parent, a second writes the
 * frames again from an explicit stack.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "svg.h"

struct kid {
	double w;
	size_t i;
};

static int
widerfirst(const void *a, const void *b)
{
	const struct kid *x = a, *y = b;

	if (x->w != y->w)
		return x->w > y->w ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

void
svg_order_weight(struct svg_view *v)
{
	struct svg_frame *nf;
	struct kid *kids;
	size_t *up, *first, *nkid, *fill, *stack, *last;
	double *next;
	size_t i, j, n = v->nf, sp, out;

	if (n < 3)
		return;
	up = fg_reallocarray(NULL, n, sizeof(*up));
	nkid = fg_calloc(n + 1, sizeof(*nkid));
	last = fg_reallocarray(NULL, (size_t)v->maxdepth + 1, sizeof(*last));
	last[0] = 0;
	up[0] = 0;
	for (i = 1; i < n; i++) {
		up[i] = last[v->f[i].depth - 1];
		last[v->f[i].depth] = i;
		nkid[up[i]]++;
	}
	/* each frame's children, a run of kids from first[] */
	first = fg_reallocarray(NULL, n + 1, sizeof(*first));
	first[0] = 0;
	for (i = 0; i < n; i++)
		first[i + 1] = first[i] + nkid[i];
	fill = fg_calloc(n, sizeof(*fill));
	kids = fg_reallocarray(NULL, n, sizeof(*kids));
	for (i = 1; i < n; i++) {
		j = first[up[i]] + fill[up[i]]++;
		kids[j].w = v->f[i].w;
		kids[j].i = i;
	}
	for (i = 0; i < n; i++)
		if (nkid[i] > 1)
			qsort(kids + first[i], nkid[i], sizeof(*kids),
			    widerfirst);
	/* pre-order again: a stack of frames still to write */
	nf = fg_reallocarray(NULL, n, sizeof(*nf));
	next = fg_reallocarray(NULL, n, sizeof(*next));
	stack = fg_reallocarray(NULL, n, sizeof(*stack));
	sp = 0;
	stack[sp++] = 0;
	next[0] = v->f[0].x;
	out = 0;
	while (sp > 0) {
		i = stack[--sp];
		nf[out] = v->f[i];
		nf[out].x = next[i];
		out++;
		/* the children's starts, then pushed last first */
		for (j = first[i]; j < first[i + 1]; j++) {
			next[kids[j].i] = j == first[i] ? next[i] :
			    next[kids[j - 1].i] + kids[j - 1].w;
		}
		for (j = first[i + 1]; j > first[i]; j--)
			stack[sp++] = kids[j - 1].i;
	}
	free(v->f);
	v->f = nf;
	v->cap = n;
	free(up);
	free(nkid);
	free(last);
	free(first);
	free(fill);
	free(kids);
	free(next);
	free(stack);
}
