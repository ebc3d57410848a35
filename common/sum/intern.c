/* SPDX-License-Identifier: ISC */
/*
 * intern.c: summing records into two hash-partitioned stack tables on two
 * threads (intern). The reading thread copies every record into 1 MiB
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
 * is intern-sort, its output intern-emit.
 * Warnings, errors and totals of the input all stay on the reading
 * thread, in input order: the output and messages are those of one table
 * on one thread.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"


/*
 * intern-priv: the two-table summing's state, shared by its parts: the
 * adding (intern.c), the end's sort (intern-sort) and its output
 * (intern-emit). Not for the tools: they use sum.h.
 */
#define INTERN_BATCH ((size_t)1 << 20)
#define INTERN_NBATCH 4
#define INTERN_AHEAD ((size_t)2 << 20)
/* The second thread's output: INTERN_NOUT chunks of OUT_CHUNK or more. */
#define INTERN_NOUT 4
#define OUT_CHUNK ((size_t)1 << 20)
/*
 * Which table a hash goes to: halves, so that each thread splits one half
 * for the sort at the end. While the second thread runs it hashes and adds
 * every record (it asks for slots and entries ahead, see runbatch); the
 * reading thread only reads, parses and copies (thread CPU times on the
 * service profile: when it also hashed every key and kept a quarter of
 * them, it took twice as long as the second thread).
 */
#define UPPER(h) ((h) >> 63 != 0)

struct qrec {			/* a record in a batch; the key follows */
	uint64_t h;		/* set by the second thread */
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
	struct fg_fcode *fc;	/* keys kept as frame numbers (fcode.c) */
	int ncols;
	pthread_t th;
	int running;		/* the second thread exists */
	int serial;		/* every record is added on the calling thread */
	pthread_mutex_t mu;
	pthread_cond_t cv;	/* any change to head, tail, done, stage, go */
	struct batch b[INTERN_NBATCH];
	char *bmem;		/* the batches' memory */
	char *first;		/* the first batch's, before the thread */
	size_t head, tail;	/* full batches: b[tail..head) mod NBATCH */
	int done;		/* no more batches */
	/* the end, step by step */
	int stage;		/* second thread: 1 all added, 2 split, 3 sorted */
	int go;			/* 1 pivot set, 2 its side placed, -1 quit */
	const char *pk;		/* the pivot key (NULL: no split) */
	size_t pl;
	struct fg_sortitem *it;	/* every entry, lows then highs */
	size_t n0, n;		/* entries in t[0], in all */
	size_t lows1;		/* t[1]'s keys below the pivot */
	size_t cut;		/* it[cut..n): the second thread's to sort */
	int decided;		/* the tables' prefix is set (or none) */
	size_t seg[2][4];	/* each side's classes: [seg[s][c], seg[s][c+1]) */
	char *pkbuf;		/* the pivot key, whole */
	char *kbuf;		/* a key put together again for emit */
	size_t kcap;
	/* with two emitters: the second thread's side, into memory */
	struct fg_emitter em;
	int two;		/* emit() may run on the second thread */
	void *earg;		/* its emit() state there */
	char *wkbuf;		/* its kbuf */
	size_t wkcap;
	struct fg_outbuf out[INTERN_NOUT];
	size_t ohead, otail;	/* chunks emitted: out[otail..ohead) mod NOUT */
	int odone;		/* no more chunks */
};

static inline void
lock(struct fg_intern *p)
{
	if (pthread_mutex_lock(&p->mu) != 0)
		fg_errx(FG_EXIT_ERR, "pthread_mutex_lock failed");
}

static inline void
unlock(struct fg_intern *p)
{
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

/* the adding: the rings both threads use, and the end of the adding. */
static void intern_setvar(struct fg_intern *p, int *var, int v);
static int intern_waitvar(struct fg_intern *p, const int *var, int v);
static int intern_await(struct fg_intern *p, const size_t *tail,
    const size_t *head, const int *done);
static void intern_advance(struct fg_intern *p, size_t *tail);
static void intern_drain(struct fg_intern *p);
/* intern-sort */
static void intern_sortside(struct fg_sortitem *it, size_t lo, size_t hi,
    size_t *seg);
static size_t intern_wholekey(const struct fg_intern *p,
    const struct fg_ent *e, char **kb, size_t *kc);
static void intern_pivot(struct fg_intern *p);
static size_t intern_place(struct fg_intern *p, size_t a);
/* intern-emit */
static void intern_emitmem(struct fg_intern *p);
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

/* Adds key, as the tables keep it (its frame numbers with fcode). */
static void
addkey(struct fg_intern *p, const char *key, size_t len, int col0,
    const fg_count *c, int n)
{
	uint64_t h;

	if (p->fc != NULL)
		key = fg_fcode_encode(p->fc, key, len, &len);
	h = fg_hash(key, len);
	add(p->t[UPPER(h)], key, len, h, col0, c, n);
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

	if (p->fc != NULL) {	/* the token table is small: no asking ahead */
		for (; q < e; q = nextrec(q)) {
			memcpy(&r, q, sizeof(r));
			addkey(p, q + sizeof(r), r.len, r.col0, r.c, r.n);
		}
		return;
	}
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
	/*
	 * The second thread starts when the first batch is full: a small
	 * input is added here from its one batch, with no thread and no
	 * block of huge pages to fault in (what a tiny run costs).
	 */
	p->first = fg_malloc(INTERN_BATCH);
	p->b[0].mem = p->first;
	for (k = 1; k < INTERN_NBATCH; k++)
		p->b[k].mem = NULL;
	return p;
}

static void decide(struct fg_intern *, const struct batch *);

/*
 * At the first full batch: the batches go to one block on huge pages (no
 * page fault per 4 KiB of batch) and the second thread starts; without
 * it, the batch is added here and every record after it too.
 */
static void
start(struct fg_intern *p)
{
	struct batch *b = &p->b[0];
	int k;

	p->bmem = fg_big_alloc(INTERN_NBATCH * INTERN_BATCH, 0);
	memcpy(p->bmem, p->first, b->used);
	free(p->first);
	p->first = NULL;
	for (k = 0; k < INTERN_NBATCH; k++)
		p->b[k].mem = p->bmem + k * INTERN_BATCH;
	p->running = pthread_create(&p->th, NULL, worker, p) == 0;
	if (!p->running) {
		decide(p, b);
		runbatch(p, b);
		b->used = 0;
		p->serial = 1;
	}
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
/*
 * Whether the tables keep frame numbers (fcode.c), judged on the full
 * first batch: a token costs a lookup in the token table (a cache miss or
 * two), so only frames of FCODE_TOKMIN bytes or more on average pay for
 * theirs (C++ templates: 300-700 bytes; a service's or a deep stack's
 * frames of 12-40 bytes are kept as bytes, where first touches of the
 * copies' memory cost less than the lookups), and only when the numbers
 * and the tokens the batch's second half brought take at most the bytes
 * it kept otherwise (past the prefix of l bytes): a profile whose stacks
 * each bring a long frame of their own keeps its bytes.
 */
#define FCODE_TOKMIN 64
static int
usefcode(struct fg_intern *p, const struct batch *b, size_t l)
{
	struct fg_fcode *fc = fg_fcode_new();
	const char *q, *e = b->mem + b->used, *half = b->mem + b->used / 2;
	size_t bytes = 0, coded = 0, cost = 0, all = 0, toks = 0;
	struct qrec r;

	for (q = b->mem; q < e; q = nextrec((char *)(uintptr_t)q)) {
		if (q >= half && cost == 0) {
			cost = fg_fcode_cost(fc) + 1;
			toks = coded / 4;
			bytes = coded = 0;
		}
		memcpy(&r, q, sizeof(r));
		all += r.len;
		fg_fcode_sample(fc, q + sizeof(r), r.len, l, &bytes, &coded);
	}
	toks += coded / 4;
	cost = fg_fcode_cost(fc) - (cost - 1);
	if (toks == 0 || all / toks < FCODE_TOKMIN || coded + cost > bytes) {
		fg_fcode_free(fc);
		return 0;
	}
	p->fc = fc;
	return 1;
}

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
		l = 0;
	if (b != NULL && b->used >= INTERN_BATCH / 2 && usefcode(p, b, l))
		return;
	if (l == 0)
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
	if (!p->running) {
		start(p);
		if (!p->running)
			return;
	}
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
	struct batch *b = &p->b[0];

	if (!p->running) {	/* the first batch, if the thread never ran */
		if (b->used > 0) {
			decide(p, b);
			runbatch(p, b);
			b->used = 0;
		}
		return;
	}
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

	if (p->serial || need > INTERN_BATCH || len > UINT32_MAX) {
		if (!p->serial)
			intern_drain(p);	/* a huge key: added here, in turn */
		decide(p, NULL);
		addkey(p, key, len, col0, c, n);
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
	uint64_t h;

	if (!p->serial) {
		intern_drain(p);
		p->serial = 1;
	}
	decide(p, NULL);
	if (p->fc != NULL)
		key = fg_fcode_encode(p->fc, key, len, &len);
	h = fg_hash(key, len);
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
	fg_fcode_free(p->fc);
	free(p->it);
	free(p->bmem);
	free(p->first);
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

/*
 * intern-sort: the end of the two-table summing (intern.c), its sort: a
 * pivot key from a sample of both tables, the entries split at it into the
 * reading thread's side and the second thread's, and each side sorted.
 */
/*
 * The pivot: the key at PIVOT_AT of a sample of both tables. The reading
 * thread sorts and emits the keys below it, then emits the rest, which the
 * second thread has sorted meanwhile. With S the time to sort everything
 * and W to write it, the reading thread is done with its side when the
 * other is done sorting at PIVOT_AT = S / (2S + W); thread CPU times on the
 * service profile give S a little above W. When the second thread formats
 * its side (F to format everything, W now the write(2)s alone), the two
 * finish together at a = (S + F - W) / (2S + 2F): PIVOT_AT2, from
 * thread CPU times on the service pair written to a file.
 */
#define PIVOT_SAMPLE 1024
#define PIVOT_AT 0.36
#define PIVOT_AT2 0.40
/* Fewer entries than this are sorted on the reading thread alone. */
#define PIVOT_MIN 20000

/*
 * Sorts it[lo..hi) (see fg_stab_split): its items gathered by class, each
 * class sorted apart; seg[c]..seg[c + 1] is class c's range.
 */
void
intern_sortside(struct fg_sortitem *it, size_t lo, size_t hi, size_t *seg)
{
	struct fg_sortitem t;
	size_t a = lo, i = lo, b = hi, c;

	while (i < b) {		/* three ways: 0s, 1s, 2s */
		if (it[i].tail == 0) {
			t = it[a], it[a++] = it[i], it[i++] = t;
		} else if (it[i].tail == 2) {
			t = it[--b], it[b] = it[i], it[i] = t;
		} else
			i++;
	}
	seg[0] = lo;
	seg[1] = a;
	seg[2] = b;
	seg[3] = hi;
	for (c = 0; c < 3; c++)
		fg_sort_items(it + seg[c], seg[c + 1] - seg[c]);
}

/*
 * e's whole key (the prefix put back) in *kb (*kc bytes, grown as needed),
 * its length returned.
 */
size_t
intern_wholekey(const struct fg_intern *p, const struct fg_ent *e, char **kb,
    size_t *kc)
{
	const char *pfx;
	size_t pl;

	pfx = fg_stab_prefix(p->t[0], &pl);
	pl = e->aux;
	if (pl + e->len + 1 > *kc) {
		*kc = 2 * (pl + e->len + 1);
		*kb = fg_realloc(*kb, *kc);
	}
	if (pl > 0)
		memcpy(*kb, pfx, pl);
	memcpy(*kb + pl, e->key, e->len);
	return pl + e->len;
}

void
intern_pivot(struct fg_intern *p)
{
	struct fg_ent *e;
	size_t l;

	p->pk = NULL;
	if (p->n < PIVOT_MIN ||
	    (e = fg_pivot(p->t[0], p->t[1], PIVOT_SAMPLE,
	    p->two ? PIVOT_AT2 : PIVOT_AT)) == NULL)
		return;
	l = intern_wholekey(p, e, &p->kbuf, &p->kcap);
	p->pkbuf = fg_malloc(l + 1);
	memcpy(p->pkbuf, p->kbuf, l);
	p->pk = p->pkbuf;
	p->pl = l;
}

/*
 * Both tables split at the pivot: t[0] into it[0..n0), lows first, t[1]
 * into it[n0..n). Swaps t[0]'s highs with as many of t[1]'s lows; returns
 * the number of lows, all now at the front.
 */
size_t
intern_place(struct fg_intern *p, size_t a)
{
	size_t b = p->n0 - a, c = p->lows1, m = b < c ? b : c, i;
	struct fg_sortitem t, *x = p->it + a, *y = p->it + p->n0 + c - m;

	for (i = 0; i < m; i++) {
		t = x[i];
		x[i] = y[i];
		y[i] = t;
	}
	return a + c;
}

/*
 * intern-emit: the end of the two-table summing (intern.c), its output:
 * fg_intern_emit drives the sort (intern-sort) and emits both sides in
 * bytewise order, the upper side formatted into memory on the second
 * thread when emit() may run there.
 */
/* Emits it[i] (with its prefix, if kept without), putting keys in *kb. */
static inline void
emitone(const struct fg_intern *p, size_t i, void *arg, char **kb,
    size_t *kc)
{
	const struct fg_ent *e = p->it[i].p;
	size_t l;

	if (p->fc != NULL) {
		l = fg_fcode_decode(p->fc, e->key, e->len, kb, kc);
		p->em.emit(*kb, l, e->c, p->ncols, arg);
	} else if (e->aux == 0)
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
	if (p->fc != NULL)
		fg_fcode_rank(p->fc, p->t, 2);
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
		intern_drain(p);
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
	if (p->fc != NULL)
		fg_fcode_rank(p->fc, p->t, 2);
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
