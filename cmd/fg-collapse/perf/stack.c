/* SPDX-License-Identifier: ISC */
/*
 * stack.c: the buffers a perf sample's frames are written into leftwards
 * (perf.h's rev_prepend), grown when a frame does not fit in front; a
 * worker's finished samples into its stack table, a few samples late;
 * two workers' tables merged.
 *
 * A sample is counted a few samples late: looking a stack up costs two
 * cache misses one after the other (the hash slot, then the entry it
 * names), which in a large capture were a fifth of the time. So a
 * finished sample's stack is hashed and its slot asked for at once, its
 * entry asked for NPEND / 2 samples later, and it is looked up and
 * counted NPEND samples later, when both are in cache. Each sample
 * waiting keeps the buffer its frames were written in; the worker takes
 * a free one for the next. The counts are added in another order, but
 * they are sums.
 */
#include <stdlib.h>

#include "fg.h"
#include "perf.h"

/* Grows the frames' buffer to take n more bytes in front. */
void
perf_rev_grow(struct worker *w, size_t n)
{
	size_t used = w->rcap - w->rpos, ncap;
	char *nr;

	ncap = w->rcap ? w->rcap : 4096;
	while (ncap - used < n)
		ncap *= 2;
	nr = fg_malloc(ncap);
	if (used > 0)
		memcpy(nr + ncap - used, w->rev + w->rpos, used);
	free(w->rev);
	w->rev = nr;
	w->rcap = ncap;
	w->rpos = ncap - used;
}

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

/* Adds e's count to its stack in dst, which borrows e's key when new. */
static void
merge_one(struct fg_stab *dst, const struct fg_ent *e, const char *name)
{
	if (fg_count_add(&fg_stab_get_ref(dst, e->key, e->len)->c[0],
	    e->c[0]) < 0)
		fg_sum_overflow(name, 0);
}

/*
 * src's stacks into dst, src's slots freed first. A stack dst lacks
 * borrows src's key, so that no key is held twice (the second thread's
 * table would otherwise be copied into the first at the end, a sixth of
 * the peak memory); src goes into kept, the caller's, freed after dst.
 * Each key is hashed and its slot asked for AHEAD entries before it is
 * added, its entry half way.
 */
void
perf_stack_merge(struct fg_stab *dst, struct fg_stab *src, const char *name,
    struct ckept *kept)
{
	enum { AHEAD = NPEND * 2 };
	size_t n = fg_stab_count(src), i;
	struct fg_sortitem *it = fg_big_whole(n, sizeof(*it));
	uint64_t h[AHEAD];
	const struct fg_ent *e;

	(void)fg_stab_split(src, NULL, 0, it);
	for (i = 0; i < n + AHEAD; i++) {
		if (i >= AHEAD)
			merge_one(dst, it[i - AHEAD].p, name);
		if (i >= AHEAD / 2 && i - AHEAD / 2 < n)
			fg_stab_prefetch(dst, h[(i - AHEAD / 2) % AHEAD], 1);
		if (i < n) {
			e = it[i].p;
			h[i % AHEAD] = fg_hash(e->key, e->len);
			fg_stab_prefetch(dst, h[i % AHEAD], 0);
		}
	}
	free(it);
	kept->tabs = fg_reallocarray(kept->tabs, kept->n + 1,
	    sizeof(*kept->tabs));
	kept->tabs[kept->n++] = src;
}
