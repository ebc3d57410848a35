/* SPDX-License-Identifier: ISC */
/*
 * perf-stack.c: a worker's finished samples into its stack table, a few
 * samples late. Looking a stack up costs two cache misses one after the
 * other (the hash slot, then the entry it names), which in a large
 * capture were a fifth of the time. So a finished sample's stack is
 * hashed and its slot asked for at once, its entry asked for NPEND / 2
 * samples later, and it is looked up and counted NPEND samples later,
 * when both are in cache. Each sample waiting keeps the buffer its
 * frames were written in; the worker takes a free one for the next.
 * The counts are added in another order, but they are sums.
 */
#include <stdlib.h>

#include "perf.h"

/* Counts a waiting sample into the table. */
static void
pend_add(struct worker *w, const struct pend *p)
{
	struct fg_ent *e;
	fg_count c;

	e = fg_stab_get_hashed(w->tab, p->rev + p->pos, p->cap - p->pos,
	    p->h);
	c.i = (int64_t)p->period;
	c.f = 0;
	if (fg_count_add(&e->c[0], c) < 0)
		fg_sum_overflow(w->in->name, 0);
}

void
perf_stack_put(struct worker *w, uint64_t period)
{
	struct pend *p = &w->q[w->nq % NPEND];
	char *b;
	size_t cap;

	if (w->nq >= NPEND)
		pend_add(w, p);
	if (w->nq >= NPEND / 2)
		fg_stab_prefetch(w->tab,
		    w->q[(w->nq - NPEND / 2) % NPEND].h, 1);
	b = p->rev;
	cap = p->cap;
	p->rev = w->rev;
	p->cap = w->rcap;
	p->pos = w->rpos;
	p->period = period;
	p->h = fg_hash(p->rev + p->pos, p->cap - p->pos);
	fg_stab_prefetch(w->tab, p->h, 0);
	if (b == NULL) {
		cap = 4096;
		b = fg_malloc(cap);
	}
	w->rev = b;
	w->rcap = cap;
	w->rpos = cap;
	w->nq++;
}

void
perf_stack_flush(struct worker *w)
{
	uint64_t s = w->nq >= NPEND ? w->nq - NPEND : 0;

	for (; s < w->nq; s++)
		pend_add(w, &w->q[s % NPEND]);
	w->nq = 0;
}

void
perf_stack_free(struct worker *w)
{
	int i;

	for (i = 0; i < NPEND; i++)
		free(w->q[i].rev);
}

/* Adds e's count to its stack in dst (of hash h). */
static void
merge_one(struct fg_stab *dst, const struct fg_ent *e, uint64_t h,
    const char *name)
{
	if (fg_count_add(&fg_stab_get_hashed(dst, e->key, e->len, h)->c[0],
	    e->c[0]) < 0)
		fg_sum_overflow(name, 0);
}

/*
 * src's stacks into dst, in the same way: each key hashed and its slot
 * asked for NPEND * 2 entries before it is added, its entry half way.
 */
void
perf_stack_merge(struct fg_stab *dst, const struct fg_stab *src,
    const char *name)
{
	enum { AHEAD = NPEND * 2 };
	const struct fg_ent *ring[AHEAD], *e;
	uint64_t h[AHEAD];
	size_t i = 0, k;

	for (e = fg_stab_first(src); e != NULL; e = e->next, i++) {
		k = i % AHEAD;
		if (i >= AHEAD)
			merge_one(dst, ring[k], h[k], name);
		if (i >= AHEAD / 2)
			fg_stab_prefetch(dst, h[(i - AHEAD / 2) % AHEAD], 1);
		ring[k] = e;
		h[k] = fg_hash(e->key, e->len);
		fg_stab_prefetch(dst, h[k], 0);
	}
	for (k = i >= AHEAD ? i - AHEAD : 0; k < i; k++)
		merge_one(dst, ring[k % AHEAD], h[k % AHEAD], name);
}
