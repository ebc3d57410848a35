/* SPDX-License-Identifier: ISC */
/*
 * intern-priv.h: the two-table summing's state, shared by its parts: the
 * adding (intern.c), the end's sort (intern-sort.c) and its output
 * (intern-emit.c). Not for the tools: they use intern.h.
 */
#ifndef FG_INTERN_PRIV_H
#define FG_INTERN_PRIV_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "fg.h"
#include "intern.h"
#include "out.h"

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
	int ncols;
	pthread_t th;
	int running;		/* the second thread exists */
	int serial;		/* every record is added on the calling thread */
	pthread_mutex_t mu;
	pthread_cond_t cv;	/* any change to head, tail, done, stage, go */
	struct batch b[INTERN_NBATCH];
	char *bmem;		/* the batches' memory */
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

/* intern.c: the rings both threads use, and the end of the adding. */
void intern_setvar(struct fg_intern *p, int *var, int v);
int intern_waitvar(struct fg_intern *p, const int *var, int v);
int intern_await(struct fg_intern *p, const size_t *tail, const size_t *head,
    const int *done);
void intern_advance(struct fg_intern *p, size_t *tail);
void intern_drain(struct fg_intern *p);
/* intern-sort.c */
void intern_sortside(struct fg_sortitem *it, size_t lo, size_t hi,
    size_t *seg);
size_t intern_wholekey(const struct fg_intern *p, const struct fg_ent *e,
    char **kb, size_t *kc);
void intern_pivot(struct fg_intern *p);
size_t intern_place(struct fg_intern *p, size_t a);
/* intern-emit.c */
void intern_emitmem(struct fg_intern *p);
#endif
