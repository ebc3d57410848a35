/* SPDX-License-Identifier: ISC */
/*
 * kmerge.c: the streaming path for sorted inputs. Folded profiles are
 * nearly always sorted already (fg-collapse, fg-merge, stackcollapse-perf.pl
 * and inferno-collapse-* all print them sorted), and sorted inputs can be
 * merged like sort -m does: one sequential pass, no hash table, no sort,
 * memory for one line per input. fg_fold_scan checks a mapped input on two
 * threads and totals its counts; fg_kmerge merges inputs that passed.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

#define SCAN_SPLIT ((size_t)4 << 20)	/* smaller inputs: one thread */

struct seg {
	const char *name, *buf;
	size_t len;
	enum fg_kind kind;
	int truncfrac;
	/* results */
	int sorted, overflow, any;
	const char *first, *last;
	size_t firstlen, lastlen;
	fg_count total[2];
	char *header;
};

static void *
scanseg(void *arg)
{
	struct seg *s = arg;
	struct fg_fold f;
	struct fg_rec r;
	int i;

	memset(&f, 0, sizeof(f));
	fg_in_mem(&f.in, s->name, s->buf, s->len);
	f.in.quiet = 1;
	f.in.dropbehind = 1;
	f.kind = s->kind;
	f.truncfrac = s->truncfrac;
	s->sorted = 1;
	while (fg_fold_next(&f, &r)) {
		if (!s->any) {
			s->any = 1;
			s->first = r.stack;
			s->firstlen = r.len;
		} else if (fg_keycmp(s->last, s->lastlen, r.stack,
		    r.len) > 0) {
			s->sorted = 0;
			break;
		}
		s->last = r.stack;
		s->lastlen = r.len;
		for (i = 0; i < r.ncols; i++)
			if (fg_count_add(&s->total[i], r.c[i]) < 0)
				s->overflow = 1;
	}
	s->kind = f.kind;
	s->header = f.header;
	f.header = NULL;
	fg_fold_close(&f);
	return NULL;
}

int
fg_fold_scan(struct fg_fold *f, fg_count total[2])
{
	struct seg a, b;
	struct fg_fold k;
	struct fg_rec r;
	pthread_t th;
	size_t start, mid;
	const char *nl;
	int threaded = 0, i;

	if (!f->in.mapped || f->in.pos != 0)
		return 0;
	/* settle the kind (and header) from the head of the input */
	memset(&k, 0, sizeof(k));
	fg_in_mem(&k.in, f->in.name, f->in.buf, f->in.end);
	k.in.quiet = 1;
	k.kind = f->kind;
	start = f->in.end;
	if (fg_fold_next(&k, &r))
		start = (size_t)(r.stack - f->in.buf);
	memset(&a, 0, sizeof(a));
	a.name = f->in.name;
	a.buf = f->in.buf;
	a.len = f->in.end;
	a.kind = k.kind;
	a.truncfrac = f->truncfrac;
	b = a;
	fg_fold_close(&k);
	if (f->in.end - start > SCAN_SPLIT) {
		mid = start + (f->in.end - start) / 2;
		nl = memchr(f->in.buf + mid, '\n', f->in.end - mid);
		if (nl != NULL && nl + 1 < f->in.buf + f->in.end) {
			mid = (size_t)(nl + 1 - f->in.buf);
			a.len = mid;
			b.buf = f->in.buf + mid;
			b.len = f->in.end - mid;
			threaded = pthread_create(&th, NULL, scanseg, &b) == 0;
			if (!threaded)
				a.len = f->in.end;
		}
	}
	scanseg(&a);
	if (threaded) {
		if (pthread_join(th, NULL) != 0)
			fg_errx(FG_EXIT_ERR, "pthread_join failed");
		free(b.header);
		a.sorted = a.sorted && b.sorted;
		a.overflow = a.overflow || b.overflow;
		if (a.any && b.any && fg_keycmp(a.last, a.lastlen, b.first,
		    b.firstlen) > 0)
			a.sorted = 0;
		for (i = 0; i < 2; i++)
			if (fg_count_add(&a.total[i], b.total[i]) < 0)
				a.overflow = 1;
	}
	if (f->kind == FG_KIND_UNKNOWN)
		f->kind = a.kind;
	if (f->header == NULL)
		f->header = a.header;
	else
		free(a.header);
	total[0] = a.total[0];
	total[1] = a.total[1];
	return a.sorted && !a.overflow;
}

/* A heap of input indices ordered by their current stack. */
struct kcur {
	struct fg_fold *f;
	struct fg_rec r;
};

static int
kless(const struct kcur *c, int x, int y)
{
	int r = fg_keycmp(c[x].r.stack, c[x].r.len, c[y].r.stack, c[y].r.len);

	return r < 0 || (r == 0 && x < y);
}

static void
siftdown(const struct kcur *c, int *h, int n, int i)
{
	int l, m, t;

	for (;;) {
		l = 2 * i + 1;
		if (l >= n)
			return;
		m = l + 1 < n && kless(c, h[l + 1], h[l]) ? l + 1 : l;
		if (!kless(c, h[m], h[i]))
			return;
		t = h[m], h[m] = h[i], h[i] = t;
		i = m;
	}
}

void
fg_kmerge(struct fg_fold **in, int n, int ncols, const int *colbase,
    fg_emit_fn emit, void *arg)
{
	struct kcur *c = fg_calloc((size_t)n, sizeof(*c));
	int *h = fg_calloc((size_t)n, sizeof(*h));
	fg_count sum[2];
	const char *key;
	size_t klen;
	int nh = 0, i, j, top;

	for (i = 0; i < n; i++) {
		c[i].f = in[i];
		c[i].f->in.dropbehind = 1;
		if (fg_fold_next(in[i], &c[i].r))
			h[nh++] = i;
	}
	for (i = nh / 2 - 1; i >= 0; i--)
		siftdown(c, h, nh, i);
	while (nh > 0) {
		key = c[h[0]].r.stack;
		klen = c[h[0]].r.len;
		memset(sum, 0, sizeof(sum));
		while (nh > 0 && fg_keycmp(c[h[0]].r.stack, c[h[0]].r.len,
		    key, klen) == 0) {
			top = h[0];
			for (j = 0; j < c[top].r.ncols; j++)
				if (fg_count_add(&sum[colbase[top] + j],
				    c[top].r.c[j]) < 0)
					fg_errx(FG_EXIT_ERR, "%s:%llu: sum of "
					    "counts overflows 2^63-1",
					    c[top].f->in.name,
					    (unsigned long long)
					    c[top].f->in.lineno);
			/* key stays valid: mapped inputs are never moved */
			if (!fg_fold_next(c[top].f, &c[top].r))
				h[0] = h[--nh];
			siftdown(c, h, nh, 0);
		}
		emit(key, klen, sum, ncols, arg);
	}
	free(h);
	free(c);
}
