/* SPDX-License-Identifier: ISC */
/*
 * intern.c: summing records into two hash-partitioned stack tables on two
 * threads (intern.h). The reading thread copies every record into 1 MiB
 * batches that a ring of INTERN_NBATCH carries to the second thread, which
 * hashes and adds them (one table per half of the hash space; the reading
 * thread adds records itself only where an overflow must be reported at
 * its line, and for keys over a batch's size). Keys are kept without the
 * frames all keys of the first batch share (decide), and when the second
 * thread falls behind the reading thread faults in the next pages of its
 * arenas (push): first touches of memory cost the thread that makes them
 * more than the adding does on this shape. At the end, a sample of
 * both tables gives a pivot key; each thread sorts the keys on one side of
 * it, and the reading thread emits its side while the second still sorts
 * the other (a key is in one table only, so no two are equal, and the two
 * sides need no merge). When emit() may run on two threads (sum.h), the
 * second thread then emits its side into memory, a few chunks ahead, and
 * the reading thread writes them after its own side: formatting the
 * upper side overlaps writing it (emitmem). This file is the adding:
 * the batches, the second thread and the tables' prefix; the end's sort
 * is intern-sort.c, its output intern-emit.c.
 * Warnings, errors and totals of the input all stay on the reading
 * thread, in input order: the output and messages are those of one table
 * on one thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "big.h"
#include "fg.h"
#include "intern.h"
#include "intern-priv.h"



static void
add(struct fg_stab *t, const char *key, size_t len, uint64_t h, int col0,
    const fg_count *c, int n)
{
	struct fg_ent *e = fg_stab_get_hashed(t, key, len, h);
	int j;

	for (j = 0; j < n; j++)
		if (fg_count_add(&e->c[col0 + j], c[j]) < 0)
			fg_errx(FG_EXIT_ERR, "fg_intern: a sum overflows");
}

/* The record after the one at q in a batch. */
static char *
nextrec(char *q)
{
	struct qrec r;

	memcpy(&r, q, sizeof(r));
	return q + sizeof(r) + (((size_t)r.len + 7) & ~(size_t)7);
}

/*
 * Hashes the record at q (into its h), and asks for its hash slot: the
 * slots and entries are scattered, one cache miss each.
 */
static void
hashrec(struct fg_intern *p, char *q)
{
	struct qrec r;

	memcpy(&r, q, sizeof(r));
	r.h = fg_hash(q + sizeof(r), r.len);
	memcpy(q, &r, sizeof(r));
	fg_stab_prefetch(p->t[UPPER(r.h)], r.h, 0);
}

/*
 * Adds a batch's records into the tables: each is hashed RUN_AHEAD
 * records ahead, and the entry its slot names asked for one record ahead.
 */
#define RUN_AHEAD 8
static void
runbatch(struct fg_intern *p, struct batch *b)
{
	char *q = b->mem, *e = b->mem + b->used, *far = q, *near;
	struct qrec r;
	int k;

	for (k = 0; k < RUN_AHEAD && far < e; k++) {
		hashrec(p, far);
		far = nextrec(far);
	}
	near = q < e ? nextrec(q) : e;
	while (q < e) {
		if (far < e) {
			hashrec(p, far);
			far = nextrec(far);
		}
		if (near < e) {
			memcpy(&r, near, sizeof(r));
			fg_stab_prefetch(p->t[UPPER(r.h)], r.h, 1);
		}
		memcpy(&r, q, sizeof(r));
		add(p->t[UPPER(r.h)], q + sizeof(r), r.len, r.h, r.col0, r.c,
		    r.n);
		q = near;
		if (near < e)
			near = nextrec(near);
	}
}

/*
 * The two threads' handshake: each sets its own step (the second thread's
 * stage, the first's go) and waits for the other's. A negative go tells the
 * second thread to quit.
 */
void
intern_setvar(struct fg_intern *p, int *var, int v)
{
	lock(p);
	*var = v;
	unlock(p);
}

/* Waits until *var reaches v; 0 when it went negative (quit) instead. */
int
intern_waitvar(struct fg_intern *p, const int *var, int v)
{
	int ok;

	lock(p);
	while (*var < v && *var >= 0)
		pthread_cond_wait(&p->cv, &p->mu);
	ok = *var >= 0;
	pthread_mutex_unlock(&p->mu);
	return ok;
}

/*
 * A ring's consumer: waits until *tail is below *head (1) or, with none
 * left, *done is set (0). Only the consumer moves *tail (advance).
 */
int
intern_await(struct fg_intern *p, const size_t *tail, const size_t *head,
    const int *done)
{
	int more;

	lock(p);
	while (*tail == *head && !*done)
		pthread_cond_wait(&p->cv, &p->mu);
	more = *tail != *head;
	pthread_mutex_unlock(&p->mu);
	return more;
}

void
intern_advance(struct fg_intern *p, size_t *tail)
{
	lock(p);
	(*tail)++;
	unlock(p);
}

static void *
worker(void *arg)
{
	struct fg_intern *p = arg;

	while (intern_await(p, &p->tail, &p->head, &p->done)) {
		runbatch(p, &p->b[p->tail % INTERN_NBATCH]);
		intern_advance(p, &p->tail);
	}
	intern_setvar(p, &p->stage, 1);
	if (!intern_waitvar(p, &p->go, 1))
		return NULL;
	p->lows1 = fg_stab_split(p->t[1], p->pk, p->pl, p->it + p->n0);
	intern_setvar(p, &p->stage, 2);
	if (!intern_waitvar(p, &p->go, 2))
		return NULL;
	intern_sortside(p->it, p->cut, p->n, p->seg[1]);
	if (p->two)
		intern_emitmem(p);
	intern_setvar(p, &p->stage, 3);
	return NULL;
}

struct fg_intern *
fg_intern_new(int ncols)
{
	struct fg_intern *p = fg_calloc(1, sizeof(*p));
	int k;

	p->ncols = ncols;
	p->t[0] = fg_stab_new(ncols);
	p->t[1] = fg_stab_new(ncols);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	/* one block on huge pages: no page fault per 4 KiB of batch */
	p->bmem = fg_big_alloc(INTERN_NBATCH * INTERN_BATCH, 0);
	for (k = 0; k < INTERN_NBATCH; k++)
		p->b[k].mem = p->bmem + k * INTERN_BATCH;
	p->running = pthread_create(&p->th, NULL, worker, p) == 0;
	p->serial = !p->running;
	return p;
}

/*
 * The tables' prefix, from the first batch, before any key is added: the
 * bytes its keys all share, up to the last ';' among them (whole frames),
 * when that is at least PFX_MIN bytes. A shuffled profile's first keys are
 * a fair sample: a service's stacks all start with the same few frames
 * (about 110 of the ~800 bytes of bench/gen-service.c's keys), and keys
 * without them are kept whole. Then memory follows what differs.
 */
#define PFX_MIN 16
static void
decide(struct fg_intern *p, const struct batch *b)
{
	char *q = b != NULL ? b->mem : NULL, *e = q, *k0 = NULL;
	struct qrec r;
	size_t l = 0;
	int k;

	if (p->decided)
		return;
	p->decided = 1;
	if (b != NULL)
		e = b->mem + b->used;
	for (; q < e; q = nextrec(q)) {
		memcpy(&r, q, sizeof(r));
		if (k0 == NULL) {
			k0 = q + sizeof(r);
			l = r.len;
		} else
			l = fg_commonlen(k0, q + sizeof(r), l < r.len ? l : r.len);
	}
	while (l > 0 && k0[l - 1] != ';')
		l--;
	if (l < PFX_MIN)
		return;
	for (k = 0; k < 2; k++)
		fg_stab_set_prefix(p->t[k], k0, l);
}

/* Hands the batch being filled to the second thread; waits for a free one. */
static void
push(struct fg_intern *p)
{
	int faulted = 0;

	decide(p, &p->b[p->head % INTERN_NBATCH]);
	lock(p);
	p->head++;
	pthread_cond_broadcast(&p->cv);
	while (p->head - p->tail >= INTERN_NBATCH) {
		if (faulted) {
			pthread_cond_wait(&p->cv, &p->mu);
			continue;
		}
		/* the second thread is behind: fault its next pages */
		pthread_mutex_unlock(&p->mu);
		fg_stab_fault_ahead(p->t[0], INTERN_AHEAD);
		fg_stab_fault_ahead(p->t[1], INTERN_AHEAD);
		faulted = 1;
		lock(p);
	}
	p->b[p->head % INTERN_NBATCH].used = 0;
	unlock(p);
}

/* Waits until the second thread has added every batch handed to it. */
void
intern_drain(struct fg_intern *p)
{
	if (!p->running)
		return;
	if (p->b[p->head % INTERN_NBATCH].used > 0)
		push(p);
	lock(p);
	while (p->tail != p->head)
		pthread_cond_wait(&p->cv, &p->mu);
	unlock(p);
}

void
fg_intern_add(struct fg_intern *p, const char *key, size_t len, int col0,
    const fg_count *c, int n)
{
	size_t need = sizeof(struct qrec) + ((len + 7) & ~(size_t)7);
	struct batch *b;
	struct qrec r;
	uint64_t h;

	if (p->serial || need > INTERN_BATCH || len > UINT32_MAX) {
		if (!p->serial)
			intern_drain(p);	/* a huge key: added here, in turn */
		decide(p, NULL);
		h = fg_hash(key, len);
		add(p->t[UPPER(h)], key, len, h, col0, c, n);
		return;
	}
	b = &p->b[p->head % INTERN_NBATCH];
	if (INTERN_BATCH - b->used < need) {
		push(p);
		b = &p->b[p->head % INTERN_NBATCH];
	}
	memset(&r, 0, sizeof(r));
	r.len = (uint32_t)len;
	r.col0 = (int16_t)col0;
	r.n = (int16_t)n;
	memcpy(r.c, c, (size_t)n * sizeof(*c));
	memcpy(b->mem + b->used, &r, sizeof(r));
	memcpy(b->mem + b->used + sizeof(r), key, len);
	b->used += need;
}

struct fg_ent *
fg_intern_get(struct fg_intern *p, const char *key, size_t len)
{
	uint64_t h = fg_hash(key, len);

	if (!p->serial) {
		intern_drain(p);
		p->serial = 1;
	}
	decide(p, NULL);
	return fg_stab_get_hashed(p->t[UPPER(h)], key, len, h);
}

void
fg_intern_free(struct fg_intern *p)
{
	int k;

	if (p == NULL)
		return;
	if (p->running) {	/* maybe never finished: let the thread go */
		lock(p);
		p->done = 1;
		p->go = -1;	/* past 2 only nextout() looks: quits */
		unlock(p);
		if (pthread_join(p->th, NULL) != 0)
			fg_errx(FG_EXIT_ERR, "pthread_join failed");
	}
	free(p->it);
	free(p->bmem);
	free(p->pkbuf);
	free(p->kbuf);
	free(p->wkbuf);
	for (k = 0; k < INTERN_NOUT; k++)
		free(p->out[k].p);
	for (k = 0; k < 2; k++)
		fg_stab_free(p->t[k]);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	free(p);
}
