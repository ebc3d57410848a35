/* SPDX-License-Identifier: ISC */
/*
 * kmerge.c: the k-way merge of sorted inputs, like sort -m: one sequential
 * pass, no hash table, no sort, memory for one line per input. Inputs are
 * read like wc does: read(2) into a cache-resident buffer, which beats
 * faulting in a mapping page by page. kmerge-par.c runs it on two threads.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"

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
	char *key = NULL;
	size_t klen, kcap = 0;
	int nh = 0, i, j, top;

	for (i = 0; i < n; i++) {
		c[i].f = in[i];
		if (fg_fold_next(in[i], &c[i].r))
			h[nh++] = i;
	}
	for (i = nh / 2 - 1; i >= 0; i--)
		siftdown(c, h, nh, i);
	while (nh > 0) {
		/* a copy: advancing an input may move its read buffer */
		klen = c[h[0]].r.len;
		if (klen + 1 > kcap) {
			kcap = klen * 2 + 64;
			free(key);
			key = fg_malloc(kcap);
		}
		memcpy(key, c[h[0]].r.stack, klen);
		memset(sum, 0, sizeof(sum));
		while (nh > 0 && fg_keycmp(c[h[0]].r.stack, c[h[0]].r.len,
		    key, klen) == 0) {
			top = h[0];
			for (j = 0; j < c[top].r.ncols; j++)
				if (fg_count_add(&sum[colbase[top] + j],
				    c[top].r.c[j]) < 0)
					fg_sum_overflow(c[top].f->in.name,
					    c[top].f->in.lineno);
			if (!fg_fold_next(c[top].f, &c[top].r))
				h[0] = h[--nh];
			siftdown(c, h, nh, 0);
		}
		emit(key, klen, sum, ncols, arg);
	}
	free(key);
	free(h);
	free(c);
}
