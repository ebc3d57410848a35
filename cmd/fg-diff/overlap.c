/* SPDX-License-Identifier: ISC */
/*
 * overlap.c: two profiles with no stack in common (root frames named after
 * two builds of a program, prog-v1 and prog-v2) make an all-new, all-gone
 * diff that looks like a result. fg-diff totals, per root frame, each
 * side's weight and the weight of the stacks both sides have, and judges
 * whether that shared part is small (overlap-warn.c says so).
 */
#include <stdlib.h>
#include <string.h>

#include "overlap.h"

void
overlap_init(struct overlap *o)
{
	memset(o, 0, sizeof(*o));
	o->roots = fg_stab_new(2);
}

void
overlap_free(struct overlap *o)
{
	fg_stab_free(o->roots);
	o->roots = NULL;
}

static void
addroot(struct fg_ent *e, const fg_count *c)
{
	int i;

	for (i = 0; i < 2; i++)
		if (fg_count_add(&e->c[i], c[i]) < 0)
			e->c[i].i = INT64_MAX;	/* only a share, for a warning */
}

void
overlap_add(struct overlap *o, const char *key, size_t len, const fg_count *c)
{
	const char *semi = memchr(key, ';', len);
	size_t rl = semi != NULL ? (size_t)(semi - key) : len;

	if (o->cur == NULL || o->cur->len != rl ||
	    memcmp(fg_ent_key(o->roots, o->cur), key, rl) != 0)
		o->cur = fg_stab_get(o->roots, key, rl);
	addroot(o->cur, c);
	if (!fg_count_iszero(c[0]) && !fg_count_iszero(c[1])) {
		o->shared[0] += fg_count_dbl(c[0]);
		o->shared[1] += fg_count_dbl(c[1]);
	}
}

void
overlap_join(struct overlap *o, struct overlap *child)
{
	struct fg_ent *e;

	for (e = fg_stab_first(child->roots); e != NULL; e = e->next)
		addroot(fg_stab_get(o->roots, fg_ent_key(child->roots, e),
		    e->len), e->c);
	o->shared[0] += child->shared[0];
	o->shared[1] += child->shared[1];
	o->cur = NULL;
	overlap_free(child);
}

/* Side col's largest root frames (OVERLAP_NAMES at most) into sd. */
static void
bestroots(const struct overlap *o, int col, struct overlap_side *sd)
{
	struct fg_ent *e;
	size_t all = 0;
	int i, j;

	sd->n = 0;
	for (e = fg_stab_first(o->roots); e != NULL; e = e->next) {
		if (fg_count_iszero(e->c[col]))
			continue;
		all++;
		for (i = 0; i < sd->n; i++)
			if (fg_count_cmp(e->c[col], sd->best[i]->c[col]) > 0)
				break;
		if (i == OVERLAP_NAMES)
			continue;
		if (sd->n < OVERLAP_NAMES)
			sd->n++;
		for (j = sd->n - 1; j > i; j--)
			sd->best[j] = sd->best[j - 1];
		sd->best[i] = e;
	}
	for (i = 0; i < sd->n; i++)
		sd->pct[i] = 100 * fg_count_dbl(sd->best[i]->c[col]) /
		    sd->total;
	sd->more = all > (size_t)sd->n;
}

int
overlap_judge(const struct overlap *o, const fg_count *total,
    struct overlap_verdict *v)
{
	int k;

	for (k = 0; k < 2; k++) {
		v->side[k].total = fg_count_dbl(total[k]);
		if (v->side[k].total <= 0)
			return 0;
	}
	for (k = 0; k < 2; k++)
		v->f[k] = o->shared[k] / v->side[k].total;
	if (v->f[0] >= OVERLAP_MIN && v->f[1] >= OVERLAP_MIN)
		return 0;
	v->none = o->shared[0] == 0;
	for (k = 0; k < 2; k++)
		bestroots(o, k, &v->side[k]);
	return 1;
}
