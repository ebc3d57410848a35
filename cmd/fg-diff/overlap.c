/* SPDX-License-Identifier: ISC */
/*
 * overlap.c: two profiles with no stack in common (root frames named after
 * two builds of a program, prog-v1 and prog-v2) make an all-new, all-gone
 * diff that looks like a result. fg-diff totals, per root frame, each
 * side's weight and the weight of the stacks both sides have, and says so
 * when that shared part is small.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlap.h"

#define OVERLAP_NAMES 3		/* root frames named per side */

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

/* "name (P%), ..." of side col's largest root frames, on stderr. */
static void
putroots(const struct overlap *o, int col, double total)
{
	struct fg_ent *best[OVERLAP_NAMES], *e;
	size_t all = 0;
	int n = 0, i, j;

	for (e = fg_stab_first(o->roots); e != NULL; e = e->next) {
		if (fg_count_iszero(e->c[col]))
			continue;
		all++;
		for (i = 0; i < n; i++)
			if (fg_count_cmp(e->c[col], best[i]->c[col]) > 0)
				break;
		if (i == OVERLAP_NAMES)
			continue;
		if (n < OVERLAP_NAMES)
			n++;
		for (j = n - 1; j > i; j--)
			best[j] = best[j - 1];
		best[i] = e;
	}
	for (i = 0; i < n; i++)
		fprintf(stderr, "%s%.*s (%.1f%%)", i > 0 ? ", " : " ",
		    (int)best[i]->len, fg_ent_key(o->roots, best[i]),
		    100 * fg_count_dbl(best[i]->c[col]) / total);
	if (all > (size_t)n)
		fputs(", ...", stderr);
}

void
overlap_check(const struct overlap *o, const fg_count *total,
    const char *base, const char *current)
{
	double t0 = fg_count_dbl(total[0]), t1 = fg_count_dbl(total[1]);
	double f0, f1;

	if (t0 <= 0 || t1 <= 0)
		return;
	f0 = o->shared[0] / t0;
	f1 = o->shared[1] / t1;
	if (f0 >= OVERLAP_MIN && f1 >= OVERLAP_MIN)
		return;
	if (o->shared[0] == 0)
		fg_warnx("%s and %s share no stack: every stack is new or gone",
		    base, current);
	else
		fg_warnx("%s and %s share few stacks: %.1f%% and %.1f%% of "
		    "their weight", base, current, 100 * f0, 100 * f1);
	fprintf(stderr, "%s: root frames of %s:", fg_progname, base);
	putroots(o, 0, t0);
	fprintf(stderr, "\n%s: root frames of %s:", fg_progname, current);
	putroots(o, 1, t1);
	fputc('\n', stderr);
}
