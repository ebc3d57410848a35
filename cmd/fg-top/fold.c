/* SPDX-License-Identifier: ISC */
/*
 * fold.c: a profile's stacks folded into per-function counts: self (the
 * leaf's) and total (once per stack a function is on, however often it
 * recurses there), before and after; the period seen in the counts. Called
 * by fg_sum (sum.h) through read.c, a table per merge thread.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "sum.h"
#include "top.h"

static void
addc(fg_count *dst, fg_count v, const struct topacc *a)
{
	/* below the column totals, which fg_sum checked: cannot happen */
	if (fg_count_add(dst, v) < 0)
		fg_sum_overflow(a->in->name, 0);
}

/* A new stack: forget every "seen in this stack" mark when gen wraps. */
static void
newmark(struct topacc *a)
{
	struct fg_ent *e;

	if (++a->gen != 0)
		return;
	for (e = fg_stab_first(a->fn); e != NULL; e = e->next)
		e->aux = 0;
	a->gen = 1;
}

void
top_fold_stack(const char *key, size_t len, const fg_count *c, int ncols,
    void *arg)
{
	struct topacc *a = arg;
	const char *p = key, *end = key + len, *semi;
	struct fg_ent *e, *leaf = NULL;
	int k;

	newmark(a);
	a->nstacks++;
	for (k = 0; k < ncols; k++)
		fg_period_add(&a->period, k, c[k]);
	for (;;) {
		semi = memchr(p, ';', (size_t)(end - p));
		if (semi == NULL)
			semi = end;
		e = fg_stab_get(a->fn, p, (size_t)(semi - p));
		/* A recursive function counts once per stack in its total. */
		if (e->aux != a->gen) {
			e->aux = a->gen;
			for (k = 0; k < ncols; k++)
				addc(&e->c[k == 0 ? TOP_TOTAL0 : TOP_TOTAL1],
				    c[k], a);
		}
		leaf = e;
		if (semi == end)
			break;
		p = semi + 1;
	}
	for (k = 0; k < ncols; k++)
		addc(&leaf->c[k == 0 ? TOP_SELF0 : TOP_SELF1], c[k], a);
}

void *
top_fold_fork(void *arg)
{
	struct topacc *a = arg, *b;

	b = fg_calloc(1, sizeof(*b));
	b->fn = fg_stab_new(TOP_NCOL);
	b->in = a->in;
	return b;
}

/* Adds what q saw into p (the two halves' counts). */
static void
period_join(struct fg_period *p, const struct fg_period *q)
{
	int k;

	for (k = 0; k < 2; k++) {
		p->gcd[k] = fg_gcd(p->gcd[k], q->gcd[k]);
		p->n[k] += q->n[k];
		p->frac[k] |= q->frac[k];
	}
}

/* The upper half's functions into ours: new ones after ours, in order. */
void
top_fold_join(void *arg, void *child)
{
	struct topacc *a = arg, *b = child;
	struct fg_ent *e, *d;
	int k;

	for (e = fg_stab_first(b->fn); e != NULL; e = e->next) {
		d = fg_stab_get(a->fn, fg_ent_key(b->fn, e), e->len);
		for (k = 0; k < TOP_NCOL; k++)
			addc(&d->c[k], e->c[k], a);
	}
	a->nstacks += b->nstacks;
	period_join(&a->period, &b->period);
	fg_stab_free(b->fn);
	free(b);
}
