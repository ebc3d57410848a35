/* SPDX-License-Identifier: ISC */
/*
 * orderscan.c: whether a folded input is sorted, before it is read.
 * Folded profiles are nearly always sorted already (fg-collapse, fg-merge,
 * stackcollapse-perf.pl and inferno-collapse-* all print them sorted), and
 * sorted inputs can be merged like sort -m does (kmerge.c). fg_fold_scan
 * checks an input's order on two threads (pread(2) halves of a file, or
 * halves of the caller's memory: span.c) and totals its counts, so that the real
 * pass knows whether the merge can take it.
 */
#include <sys/stat.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "span.h"

#define SCAN_SPLIT ((size_t)4 << 20)	/* smaller inputs: one thread */

struct seg {
	struct fg_span sp;	/* the caller's memory, or a file's bytes */
	enum fg_kind kind;
	const struct fg_bases *bases;	/* the input's --base names */
	int truncfrac;
	/* results */
	int sorted, overflow, any;
	uint64_t bad;
	char *first, *last;	/* copies: read buffers move */
	size_t firstlen, lastlen, lastcap;
	fg_count total[2];
};

static void *
scanseg(void *arg)
{
	struct seg *s = arg;
	struct fg_fold f;
	struct fg_rec r;
	int i;

	fg_span_fold(&s->sp, &f, s->kind, s->truncfrac, s->bases);
	s->sorted = 1;
	while (fg_fold_next(&f, &r)) {
		s->bad = f.in.nbad;
		if (!s->any) {
			s->any = 1;
			s->first = fg_malloc(r.len + 1);
			memcpy(s->first, r.stack, r.len);
			s->firstlen = r.len;
		} else if (fg_keycmp(s->last, s->lastlen, r.stack,
		    r.len) > 0) {
			s->sorted = 0;
			break;
		}
		if (r.len > s->lastcap) {
			s->lastcap = r.len * 2;
			free(s->last);
			s->last = fg_malloc(s->lastcap);
		}
		memcpy(s->last, r.stack, r.len);
		s->lastlen = r.len;
		for (i = 0; i < r.ncols; i++)
			if (fg_count_add(&s->total[i], r.c[i]) < 0)
				s->overflow = 1;
	}
	s->bad = f.in.nbad;
	fg_fold_close(&f);
	return NULL;
}

/*
 * Finds the first record as the real pass will (kind unknown until then);
 * from it on the kind is fixed, so the segments parse exactly the records
 * the real pass will see. f itself is left untouched. Returns 0 when the
 * input has no data.
 */
static int
scanfirst(struct fg_fold *f, struct seg *a, struct fg_scan *res)
{
	struct fg_fold k;
	struct fg_rec r;
	int any;

	fg_span_fold(&a->sp, &k, f->kind, f->truncfrac, a->bases);
	any = fg_fold_next(&k, &r);
	res->bad = k.in.nbad;
	res->kind = any ? k.kind : FG_KIND_UNKNOWN;
	res->header = k.header;
	k.header = NULL;
	if (any) {
		a->sp.start = res->start = fg_in_offset(&k.in, r.stack);
		a->kind = k.kind;
		a->truncfrac = f->truncfrac;
	}
	fg_fold_close(&k);
	return any;
}

/* Folds segment b's results, scanned after a's bytes, into a's. */
static void
segjoin(struct seg *a, struct seg *b, struct fg_scan *res)
{
	int i;

	a->sorted = a->sorted && b->sorted;
	a->overflow = a->overflow || b->overflow;
	if (a->any && b->any && fg_keycmp(a->last, a->lastlen, b->first,
	    b->firstlen) > 0)
		a->sorted = 0;
	for (i = 0; i < 2; i++)
		if (fg_count_add(&a->total[i], b->total[i]) < 0)
			a->overflow = 1;
	res->bad += b->bad;
	free(b->first);
	free(b->last);
}

int
fg_fold_scan(struct fg_fold *f, struct fg_scan *res)
{
	struct seg a, b;
	struct stat sb;
	pthread_t th;
	uint64_t size, mid = 0;
	int threaded = 0;

	memset(res, 0, sizeof(*res));
	memset(&a, 0, sizeof(a));
	a.sp.name = f->in.name;
	a.bases = f->bases;
	if (f->in.callermem && f->in.pos == 0) {
		a.sp.map = f->in.buf;
		size = f->in.end;
	} else if (!f->in.callermem && f->in.end == 0 && f->in.fd >= 0 &&
	    fstat(f->in.fd, &sb) == 0 && S_ISREG(sb.st_mode)) {
		a.sp.fd = f->in.fd;
		size = (uint64_t)sb.st_size;
	} else
		return 0;	/* a pipe, or already read from */
	a.sp.end = size;
	res->size = size;
	res->start = size;
	res->fd = a.sp.map != NULL ? -1 : a.sp.fd;
	if (!scanfirst(f, &a, res))
		return 1;	/* no data: trivially sorted */
	b = a;
	if (size - a.sp.start > SCAN_SPLIT)
		mid = fg_span_linestart(&a.sp,
		    a.sp.start + (size - a.sp.start) / 2);
	if (mid != 0 && mid < size) {
		a.sp.end = b.sp.start = mid;
		threaded = pthread_create(&th, NULL, scanseg, &b) == 0;
		if (!threaded)
			a.sp.end = size;
	}
	scanseg(&a);
	if (threaded) {
		if (pthread_join(th, NULL) != 0)
			fg_errx(FG_EXIT_ERR, "pthread_join failed");
		segjoin(&a, &b, res);
	}
	free(a.first);
	free(a.last);
	res->bad += a.bad;
	res->total[0] = a.total[0];
	res->total[1] = a.total[1];
	return a.sorted && !a.overflow;
}
