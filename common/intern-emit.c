/* SPDX-License-Identifier: ISC */
/*
 * intern-emit.c: the end of the two-table summing (intern.c), its output:
 * fg_intern_emit drives the sort (intern-sort.c) and emits both sides in
 * bytewise order, the upper side formatted into memory on the second
 * thread when emit() may run there.
 */
#include <pthread.h>
#include <stdlib.h>

#include "big.h"
#include "intern-priv.h"

/* Emits it[i] (with its prefix, if kept without), putting keys in *kb. */
static inline void
emitone(const struct fg_intern *p, size_t i, void *arg, char **kb,
    size_t *kc)
{
	const struct fg_ent *e = p->it[i].p;

	if (e->aux == 0)
		p->em.emit(e->key, e->len, e->c, p->ncols, arg);
	else
		p->em.emit(*kb, intern_wholekey(p, e, kb, kc), e->c, p->ncols, arg);
}

/* Emits side s (sorted by sortside) on the reading thread. */
static void
emitside(struct fg_intern *p, int s)
{
	size_t i, hi = p->seg[s][3];

	for (i = p->seg[s][0]; i < hi; i++) {
		if (i + 4 < hi)
			__builtin_prefetch(p->it[i + 4].p);
		emitone(p, i, p->em.arg, &p->kbuf, &p->kcap);
	}
}

/*
 * The second thread's next empty chunk, once fewer than INTERN_NOUT wait
 * to be written; NULL when told to quit.
 */
static struct fg_outbuf *
nextout(struct fg_intern *p)
{
	struct fg_outbuf *b;

	lock(p);
	while (p->ohead - p->otail >= INTERN_NOUT && p->go >= 0)
		pthread_cond_wait(&p->cv, &p->mu);
	b = p->go >= 0 ? &p->out[p->ohead % INTERN_NOUT] : NULL;
	pthread_mutex_unlock(&p->mu);
	if (b != NULL && b->p == NULL) {	/* on a huge page: one fault */
		b->cap = 2 * OUT_CHUNK;
		b->p = fg_big_alloc(b->cap, 0);
	}
	if (b != NULL)
		b->n = 0;
	return b;
}

/* Hands the chunk filled to the reading thread; done: it was the last. */
static void
putout(struct fg_intern *p, int done)
{
	lock(p);
	p->ohead++;
	p->odone = done;
	unlock(p);
}

/*
 * The second thread emits its side into chunks of memory (its fg_out_*
 * calls captured), handing each on when it is OUT_CHUNK full.
 */
void
intern_emitmem(struct fg_intern *p)
{
	struct fg_outbuf *b = nextout(p);
	size_t i, hi = p->seg[1][3];

	fg_out_capture(b);
	for (i = p->seg[1][0]; i < hi && b != NULL; i++) {
		if (i + 4 < hi)
			__builtin_prefetch(p->it[i + 4].p);
		emitone(p, i, p->earg, &p->wkbuf, &p->wkcap);
		if (b->n >= OUT_CHUNK && i + 1 < hi) {
			putout(p, 0);
			b = nextout(p);
			fg_out_capture(b);
		}
	}
	fg_out_capture(NULL);
	if (b != NULL)
		putout(p, 1);
}

/* The reading thread writes the second thread's chunks, in turn. */
static void
writeout(struct fg_intern *p)
{
	struct fg_outbuf *b;

	while (intern_await(p, &p->otail, &p->ohead, &p->odone)) {
		b = &p->out[p->otail % INTERN_NOUT];
		fg_out_write(b->p, b->n);
		intern_advance(p, &p->otail);
	}
}

/* The end with one thread: both tables sorted and emitted here. */
static void
emit1(struct fg_intern *p)
{
	p->n0 = fg_stab_count(p->t[0]);
	p->n = p->n0 + fg_stab_count(p->t[1]);
	fg_stab_unindex(p->t[0]);
	fg_stab_unindex(p->t[1]);
	p->it = fg_big_array(p->n, sizeof(*p->it));
	fg_stab_split(p->t[0], NULL, 0, p->it);
	fg_stab_split(p->t[1], NULL, 0, p->it + p->n0);
	intern_sortside(p->it, 0, p->n, p->seg[0]);
	emitside(p, 0);
}

void
fg_intern_emit(struct fg_intern *p, const struct fg_emitter *em, int two)
{
	size_t a;

	p->em = *em;
	if (!p->running) {
		emit1(p);
		return;
	}
	intern_drain(p);
	lock(p);
	p->done = 1;
	unlock(p);
	(void)intern_waitvar(p, &p->stage, 1);
	free(p->bmem);
	p->bmem = NULL;
	p->n0 = fg_stab_count(p->t[0]);
	p->n = p->n0 + fg_stab_count(p->t[1]);
	p->two = two;
	intern_pivot(p);
	/* the slots go before the items come: peak memory has one of them */
	fg_stab_unindex(p->t[0]);
	fg_stab_unindex(p->t[1]);
	p->it = fg_big_array(p->n, sizeof(*p->it));
	intern_setvar(p, &p->go, 1);
	a = fg_stab_split(p->t[0], p->pk, p->pl, p->it);
	(void)intern_waitvar(p, &p->stage, 2);
	p->cut = intern_place(p, a);
	p->two = two && p->pk != NULL;	/* no pivot: one side */
	if (p->two)
		p->earg = em->fork != NULL ? em->fork(em->arg) : em->arg;
	intern_setvar(p, &p->go, 2);
	intern_sortside(p->it, 0, p->cut, p->seg[0]);
	emitside(p, 0);
	if (p->two)
		writeout(p);
	(void)intern_waitvar(p, &p->stage, 3);
	if (!p->two)
		emitside(p, 1);
	else if (em->fork != NULL)
		em->join(em->arg, p->earg);
}
