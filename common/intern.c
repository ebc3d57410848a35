/* SPDX-License-Identifier: ISC */
/*
 * intern.c: summing records into two hash-partitioned stack tables on two
 * threads (intern.h). The reading thread hashes every key; keys whose hash
 * has its top two bits clear it interns itself, the others it copies into
 * 1 MiB batches that a ring of INTERN_NBATCH carries to the second
 * thread. Each thread then sorts its own table, and the second merges the
 * two sorted runs while the first reads the merged entries out (a key is
 * in one table only, so no two are equal).
 * Warnings, errors and totals all stay on the reading thread, in input
 * order: the output and messages are those of one table on one thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "big.h"
#include "fg.h"
#include "intern.h"

#define INTERN_BATCH ((size_t)1 << 20)
#define INTERN_NBATCH 4
/*
 * Which table a hash goes to: the reading thread keeps a quarter of the
 * hash space, as it also reads and parses (perf: the two threads then
 * take about the same time on the service profile; with halves the
 * reading thread took two thirds).
 */
#define UPPER(h) ((h) >> 62 != 0)

struct qrec {			/* a record in a batch; the key follows */
	uint64_t h;
	uint32_t len;
	int16_t col0, n;
	fg_count c[2];
};

struct batch {
	size_t used;
	char *mem;
};

struct fg_intern {
	struct fg_stab *t[2];
	pthread_t th;
	int running;		/* the second thread exists */
	int serial;		/* every record is added on the calling thread */
	pthread_mutex_t mu;
	pthread_cond_t cv;	/* any change to head, tail, done */
	struct batch b[INTERN_NBATCH];
	size_t head, tail;	/* full batches: b[tail..head) mod NBATCH */
	int done;		/* no more batches: sort, then merge */
	struct fg_ent **v[2];	/* each table sorted */
	size_t iv[2];
	/* the two sorted runs merged by the second thread as they are read */
	int v0ready;		/* v[0] is sorted, out allocated */
	int quit;		/* never finished: the second thread returns */
	int merged;		/* out[0..ready) is all */
	struct fg_ent **out;
	size_t ready, iout, seen;
};

static void
lock(struct fg_intern *p)
{
	if (pthread_mutex_lock(&p->mu) != 0)
		fg_errx(FG_EXIT_ERR, "pthread_mutex_lock failed");
}

static void
unlock(struct fg_intern *p)
{
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

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

static void
runbatch(struct fg_intern *p, const struct batch *b)
{
	const char *q = b->mem, *e = b->mem + b->used;
	struct qrec r;

	while (q < e) {
		memcpy(&r, q, sizeof(r));
		q += sizeof(r);
		add(p->t[1], q, r.len, r.h, r.col0, r.c, r.n);
		q += ((size_t)r.len + 7) & ~(size_t)7;
	}
}

/* The smaller head of the two sorted runs, NULL after both. */
static struct fg_ent *
pick(struct fg_intern *p)
{
	struct fg_ent *a = p->v[0][p->iv[0]], *b = p->v[1][p->iv[1]];

	if (a == NULL && b == NULL)
		return NULL;
	if (b == NULL || (a != NULL &&
	    fg_keycmp(a->key, a->len, b->key, b->len) < 0)) {
		p->iv[0]++;
		return a;
	}
	p->iv[1]++;
	return b;
}

/*
 * On the second thread: merges the sorted runs into out, publishing
 * INTERN_CHUNK entries at a time while the first thread emits them.
 */
#define INTERN_CHUNK 4096
static void
merge(struct fg_intern *p)
{
	struct fg_ent *e;
	size_t k = 0;

	while ((e = pick(p)) != NULL) {
		p->out[k++] = e;
		if (k % INTERN_CHUNK == 0) {
			lock(p);
			p->ready = k;
			unlock(p);
		}
	}
	lock(p);
	p->ready = k;
	p->merged = 1;
	unlock(p);
}

static void *
worker(void *arg)
{
	struct fg_intern *p = arg;
	struct batch *b;

	for (;;) {
		lock(p);
		while (p->tail == p->head && !p->done)
			pthread_cond_wait(&p->cv, &p->mu);
		if (p->tail == p->head) {
			pthread_mutex_unlock(&p->mu);
			break;
		}
		b = &p->b[p->tail % INTERN_NBATCH];
		pthread_mutex_unlock(&p->mu);
		runbatch(p, b);
		lock(p);
		p->tail++;
		unlock(p);
	}
	p->v[1] = fg_stab_sorted1(p->t[1]);
	lock(p);
	while (!p->v0ready && !p->quit)
		pthread_cond_wait(&p->cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
	if (!p->quit)
		merge(p);
	return NULL;
}

struct fg_intern *
fg_intern_new(int ncols)
{
	struct fg_intern *p = fg_calloc(1, sizeof(*p));
	int k;

	p->t[0] = fg_stab_new(ncols);
	p->t[1] = fg_stab_new(ncols);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	for (k = 0; k < INTERN_NBATCH; k++)
		p->b[k].mem = fg_malloc(INTERN_BATCH);
	p->running = pthread_create(&p->th, NULL, worker, p) == 0;
	p->serial = !p->running;
	return p;
}

/* Hands the batch being filled to the second thread; waits for a free one. */
static void
push(struct fg_intern *p)
{
	lock(p);
	p->head++;
	while (p->head - p->tail >= INTERN_NBATCH)
		pthread_cond_wait(&p->cv, &p->mu);
	p->b[p->head % INTERN_NBATCH].used = 0;
	unlock(p);
}

/* Waits until the second thread has added every batch handed to it. */
static void
drain(struct fg_intern *p)
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
	uint64_t h = fg_hash(key, len);
	size_t need = sizeof(struct qrec) + ((len + 7) & ~(size_t)7);
	struct batch *b;
	struct qrec r;

	if (!UPPER(h) || p->serial) {
		add(p->t[UPPER(h)], key, len, h, col0, c, n);
		return;
	}
	if (need > INTERN_BATCH || len > UINT32_MAX) {
		drain(p);	/* a huge key: added here, in turn */
		add(p->t[1], key, len, h, col0, c, n);
		return;
	}
	b = &p->b[p->head % INTERN_NBATCH];
	if (INTERN_BATCH - b->used < need) {
		push(p);
		b = &p->b[p->head % INTERN_NBATCH];
	}
	memset(&r, 0, sizeof(r));
	r.h = h;
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
		drain(p);
		p->serial = 1;
	}
	return fg_stab_get_hashed(p->t[UPPER(h)], key, len, h);
}

void
fg_intern_finish(struct fg_intern *p)
{
	size_t n;

	if (p->running) {
		drain(p);
		lock(p);
		p->done = 1;
		unlock(p);
	}
	p->v[0] = fg_stab_sorted1(p->t[0]);
	if (!p->running) {
		p->v[1] = fg_stab_sorted1(p->t[1]);
		return;
	}
	n = fg_stab_count(p->t[0]) + fg_stab_count(p->t[1]);
	p->out = fg_big_array(n + 1, sizeof(*p->out));
	lock(p);
	p->v0ready = 1;
	unlock(p);
}

struct fg_ent *
fg_intern_next(struct fg_intern *p)
{
	if (!p->running)
		return pick(p);
	if (p->iout == p->seen) {
		lock(p);
		while (p->ready == p->iout && !p->merged)
			pthread_cond_wait(&p->cv, &p->mu);
		p->seen = p->ready;
		pthread_mutex_unlock(&p->mu);
		if (p->iout == p->seen)
			return NULL;
	}
	return p->out[p->iout++];
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
		p->quit = !p->v0ready;
		unlock(p);
		if (pthread_join(p->th, NULL) != 0)
			fg_errx(FG_EXIT_ERR, "pthread_join failed");
	}
	free(p->out);
	for (k = 0; k < INTERN_NBATCH; k++)
		free(p->b[k].mem);
	for (k = 0; k < 2; k++) {
		free(p->v[k]);
		fg_stab_free(p->t[k]);
	}
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	free(p);
}
