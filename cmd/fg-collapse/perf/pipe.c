/* SPDX-License-Identifier: ISC */
/*
 * pipe.c: what is left of perf script input read as a stream: in one
 * pass (perf_run_stream), or, from a pipe, parsed on two threads while it
 * is read (perf_run_pipe). The calling thread reads the input into a
 * ring of NBLK buffers of PBLOCK bytes, each cut just after its last
 * blank line (where a sample has ended and a worker is as at the start,
 * but for its event filter), and queues each block for a second thread;
 * when that one has NQ blocks waiting already, the calling thread parses
 * the block itself, then reads on. So two threads, not three, share the
 * machine with the pipe's writer, the pipe fills while the reader parses
 * and is emptied in fewer, larger reads (a third of the context switches
 * of a thread that only reads, bench/collapse.sh's capture through
 * `cat |`). Each thread parses into a table of its own, merged at the
 * end. Line counts and warnings are kept per block and reported in input
 * order as the ring turns, so output, messages and exit status are those
 * of one pass, and memory stays NBLK blocks whatever the input's size.
 * The default event filter (the first sample's event) is found by the
 * reader before a block with it is handed out. A full block without a
 * blank line (perf script without call graphs, or an enormous sample)
 * ends the threads: the rest is read in one pass, from where the last
 * block ended.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "perf.h"

#define NQ 2			/* blocks queued for the second thread */
#define NBLK (NQ + 4)		/* those, its own, the reader's and two more */
#define PBLOCK (BLOCK / 8)	/* bytes of a block of the ring */

enum { B_FREE, B_READY, B_BUSY, B_DONE };

struct pblock {
	char *p;		/* PBLOCK bytes */
	size_t len;		/* bytes read into p */
	size_t n;		/* of them, the whole samples to parse */
	int state;		/* B_*, under the ring's lock */
	int filtered;		/* the default event filter applies */
	/* what parsing it gave */
	uint64_t lines, nwarn;
	struct warnrec warns[MAXKEEP];
};

struct ring {
	pthread_mutex_t mu;
	pthread_cond_t work;	/* a block handed out, or closing */
	pthread_cond_t done;	/* a block parsed */
	struct pblock b[NBLK];
	struct pblock *q[NQ];	/* blocks queued for the second thread */
	int nq;
	uint64_t nready;	/* blocks read */
	uint64_t ndone;		/* blocks reported */
	int closing;		/* no more blocks */
	struct buf filter;	/* the default event filter, once known */
	int has_filter;
	struct fg_in *in;
	uint64_t lines;		/* lines of the blocks reported */
};

struct parser {
	struct ring *r;
	struct worker *w;
};

/* Parses the bytes of in that are left, as fg_in buffers them. */
void
perf_run_stream(struct worker *w, struct fg_in *in)
{
	const char *b, *q;
	size_t have, want = BLOCK, n;

	for (;;) {
		b = in_peek(in, want, &have);
		if (have == 0)
			break;
		n = have;
		if (!in->eof) {
			for (q = b + have; q > b && q[-1] != '\n'; q--)
				;
			if (q == b) {
				want = have * 2;	/* a long line */
				continue;
			}
			n = (size_t)(q - b);
		}
		perf_parse_block(w, in->buf + in->pos, n);
		in->pos += n;
		want = BLOCK;
	}
	perf_end_sample(w);
	perf_stack_flush(w);
}

static void
lock(struct ring *r)
{
	if ((errno = pthread_mutex_lock(&r->mu)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_mutex_lock");
}

static void
unlock(struct ring *r)
{
	if ((errno = pthread_mutex_unlock(&r->mu)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_mutex_unlock");
}

static void
sleep_on(struct ring *r, pthread_cond_t *cv)
{
	if ((errno = pthread_cond_wait(cv, &r->mu)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_cond_wait");
}

/* Wakes one thread waiting on cv (all when all). */
static void
wake(pthread_cond_t *cv, int all)
{
	if ((errno = all ? pthread_cond_broadcast(cv) :
	    pthread_cond_signal(cv)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_cond_signal");
}

/* One block, by worker w, which starts it as after a blank line. */
static void
parse(struct ring *r, struct worker *w, struct pblock *b)
{
	if (b->filtered && !w->has_filter) {
		/* r->filter was set before b was handed out */
		buf_put(&w->filter, r->filter.p, r->filter.len);
		w->has_filter = w->defaulted = 1;
	}
	w->lineno = 0;
	w->nwarn = 0;
	perf_parse_block(w, b->p, b->n);
	perf_end_sample(w);
	b->lines = w->lineno;
	b->nwarn = w->nwarn;
	memcpy(b->warns, w->warns, sizeof(b->warns));
}

/* The second thread: the blocks queued for it, until the ring closes. */
static void *
parser(void *arg)
{
	struct parser *pa = arg;
	struct ring *r = pa->r;
	struct pblock *b;

	for (;;) {
		lock(r);
		while (r->nq == 0 && !r->closing)
			sleep_on(r, &r->work);
		if (r->nq == 0) {
			unlock(r);
			perf_stack_flush(pa->w);
			return NULL;
		}
		b = r->q[0];
		memmove(r->q, r->q + 1, --r->nq * sizeof(r->q[0]));
		b->state = B_BUSY;
		unlock(r);
		parse(r, pa->w, b);
		lock(r);
		b->state = B_DONE;
		wake(&r->done, 0);	/* the reader: only it waits on it */
		unlock(r);
	}
}

/* Reports the oldest block handed out, once parsed, and frees it. */
static void
report_next(struct ring *r)
{
	struct pblock *b = &r->b[r->ndone % NBLK];

	lock(r);
	while (b->state != B_DONE)
		sleep_on(r, &r->done);
	unlock(r);
	perf_report(b->warns, b->nwarn, r->in, r->lines);
	r->lines += b->lines;
	b->state = B_FREE;
	r->ndone++;
}

/*
 * The block read last: queued for the second thread when it has none
 * waiting, else parsed by w, on this thread.
 */
static void
hand_out(struct ring *r, struct worker *w, struct pblock *b)
{
	int queued;

	lock(r);
	r->nready++;
	if ((queued = r->nq < NQ) != 0) {
		b->state = B_READY;
		r->q[r->nq++] = b;
		wake(&r->work, 0);
	} else
		b->state = B_BUSY;
	unlock(r);
	if (queued)
		return;
	parse(r, w, b);
	lock(r);
	b->state = B_DONE;
	unlock(r);
}

/*
 * The end of the last blank line in b[0..len) (which starts a line), or
 * 0; a blank line is empty or a lone carriage return, as on_line() sees.
 */
static size_t
after_blank(const char *b, size_t len)
{
	size_t e;

	for (e = len; e-- > 0;) {
		if (b[e] != '\n')
			continue;
		if (e == 0 || b[e - 1] == '\n' ||
		    (b[e - 1] == '\r' && (e == 1 || b[e - 2] == '\n')))
			return e + 1;
	}
	return 0;
}

/*
 * Reads the next block into b: what the last one left after its cut,
 * then the input until b is full or the input ends (*eof).
 */
static void
fill(struct ring *r, struct pblock *b, const struct pblock *prev, int *eof)
{
	size_t k;

	b->len = 0;
	if (prev != NULL && prev->len > prev->n) {
		memcpy(b->p, prev->p + prev->n, prev->len - prev->n);
		b->len = prev->len - prev->n;
	}
	while (b->len < PBLOCK && !*eof) {
		k = in_read(r->in, b->p + b->len, PBLOCK - b->len);
		b->len += k;
		*eof = k == 0;
	}
}

/*
 * Reads the input into the ring, cutting and handing out blocks, until
 * it ends (1) or a full block holds no blank line (0: that block is
 * left unparsed in *lastp).
 */
static int
read_ring(struct ring *r, struct worker *w, struct pblock **lastp)
{
	struct pblock *b, *prev = NULL;
	uint64_t seq;
	int eof = 0;

	for (seq = 0;; seq++) {
		if (seq >= NBLK)
			report_next(r);
		b = &r->b[seq % NBLK];
		fill(r, b, prev, &eof);
		b->n = eof ? b->len : after_blank(b->p, b->len);
		if (b->n == 0 && !eof) {
			*lastp = b;
			return 0;
		}
		if (b->len == 0)
			return 1;
		if (!r->has_filter && w->o->event_filter == NULL)
			r->has_filter = perf_first_event(b->p, b->n,
			    &r->filter);
		b->filtered = r->has_filter;
		hand_out(r, w, b);
		if (eof)
			return 1;
		prev = b;
	}
}

static void
ring_init(struct ring *r, struct fg_in *in)
{
	int i;

	memset(r, 0, sizeof(*r));
	if ((errno = pthread_mutex_init(&r->mu, NULL)) != 0 ||
	    (errno = pthread_cond_init(&r->work, NULL)) != 0 ||
	    (errno = pthread_cond_init(&r->done, NULL)) != 0)
		fg_err(FG_EXIT_ERR, "pthread");
	for (i = 0; i < NBLK; i++)
		r->b[i].p = fg_malloc(PBLOCK);
	r->in = in;
}

static void
ring_free(struct ring *r)
{
	int i;

	for (i = 0; i < NBLK; i++)
		free(r->b[i].p);
	free(r->filter.p);
	pthread_mutex_destroy(&r->mu);
	pthread_cond_destroy(&r->work);
	pthread_cond_destroy(&r->done);
}

/* Ends the second thread once the blocks read are parsed; reports them. */
static void
ring_close(struct ring *r, pthread_t th)
{
	lock(r);
	r->closing = 1;
	wake(&r->work, 1);
	unlock(r);
	if ((errno = pthread_join(th, NULL)) != 0)
		fg_err(FG_EXIT_ERR, "pthread_join");
	while (r->ndone < r->nready)
		report_next(r);
}

/*
 * What is left of in, on two threads: this one with w (its table the
 * input's) and one more with a worker of its own. Returns 0, having read
 * nothing, when the thread cannot be started.
 */
int
perf_run_pipe(struct worker *w, struct fg_in *in)
{
	struct ring r;
	struct worker w2;
	struct parser pa;
	struct pblock *last = NULL;
	pthread_t th;
	int whole;

	ring_init(&r, in);
	perf_worker_init(&w2, w->o, fg_stab_new(1), in);
	pa.r = &r;
	pa.w = &w2;
	if (pthread_create(&th, NULL, parser, &pa) != 0) {
		ring_free(&r);
		fg_stab_free(w2.tab);
		perf_worker_free(&w2);
		return 0;
	}
	whole = read_ring(&r, w, &last);
	ring_close(&r, th);
	perf_stack_flush(w);
	perf_worker_free(&w2);	/* (its counts stay) */
	perf_stack_merge(w->tab, w2.tab, in->name, w->o->kept);
	w->otherevents |= w2.otherevents;
	perf_tally_join(&w->tally, &w2.tally);
	if (r.has_filter && !w->has_filter) {
		buf_put(&w->filter, r.filter.p, r.filter.len);
		w->has_filter = w->defaulted = 1;
	}
	if (!whole) {
		/* the rest in one pass, w as after a blank line */
		in_unread(in, last->p, last->len);
		w->lineno = 0;
		w->nwarn = 0;
		perf_run_stream(w, in);
		perf_report(w->warns, w->nwarn, in, r.lines);
		r.lines += w->lineno;
	}
	in->lineno = r.lines;
	ring_free(&r);
	return 1;
}
