/* SPDX-License-Identifier: ISC */
/*
 * keysort.c: sorting folded-stack keys bytewise (LC_ALL=C sort order): a
 * multikey radix sort on one thread, and the same split over two threads
 * and merged for large arrays. Used by the stack table (stab.c), the
 * two-table end of intern.c and the pivot (pivot.c).
 */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "big.h"
#include "keysort.h"

/* How many items ahead a scan asks for the memory it will touch. */
#define PREFETCH 8

int
fg_keycmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int r = memcmp(a, b, alen < blen ? alen : blen);

	if (r != 0)
		return r;
	return alen < blen ? -1 : alen > blen;
}

/*
 * String sort: a multikey radix sort without recursion. A task is a run of
 * keys known to agree on their first `depth` bytes. The run's common prefix
 * is skipped and the next 8 bytes of every key are cached as a big-endian
 * word in one pass (prefixword), and the run is sorted on (word, bytes
 * left), three ways; runs that still tie become new tasks. Each key is touched once a level instead of
 * twice a comparison, which is what matters for long shared-prefix stacks.
 */
struct stask {
	size_t lo, hi, depth;
};

static inline int
sitemlt(const struct fg_sortitem *a, const struct fg_sortitem *b)
{
	return a->w < b->w || (a->w == b->w && a->tail < b->tail);
}

static inline int
sitemcmp(const struct fg_sortitem *a, const struct fg_sortitem *b)
{
	if (a->w != b->w)
		return a->w < b->w ? -1 : 1;
	return (a->tail > b->tail) - (a->tail < b->tail);
}

#define SWAP(a, b) do { t = (a); (a) = (b); (b) = t; } while (0)
/* Insertion sort on the cached words. */
static void
winsert(struct fg_sortitem *it, size_t lo, size_t hi)
{
	size_t i, j;
	struct fg_sortitem t;

	for (i = lo + 1; i < hi; i++) {
		t = it[i];
		for (j = i; j > lo && sitemlt(&t, &it[j - 1]); j--)
			it[j] = it[j - 1];
		it[j] = t;
	}
}

/*
 * Quicksort on the cached words, partitioned three ways (below, equal to
 * and above the pivot) so that the work follows the distinct words of a
 * run, not its size: a run of many keys has few (its keys part in a few
 * dozen ways at the next byte on the service shape), and the keys equal
 * to the pivot are done. Inline compares, no recursion.
 */
static void
wsort(struct fg_sortitem *it, size_t n)
{
	struct { size_t lo, hi; } stk[64];
	size_t sp = 0, lo = 0, hi = n, lt, gt, i, mid;
	struct fg_sortitem p, t;
	int c;

	for (;;) {
		while (hi - lo > 16) {
			mid = lo + (hi - lo) / 2;
			/* the median of three is the pivot */
			if (sitemlt(&it[mid], &it[lo]))
				SWAP(it[mid], it[lo]);
			if (sitemlt(&it[hi - 1], &it[mid]))
				SWAP(it[hi - 1], it[mid]);
			if (sitemlt(&it[mid], &it[lo]))
				SWAP(it[mid], it[lo]);
			p = it[mid];
			for (lt = i = lo, gt = hi; i < gt;) {
				if ((c = sitemcmp(&it[i], &p)) < 0) {
					SWAP(it[lt], it[i]);
					lt++, i++;
				} else if (c > 0) {
					gt--;
					SWAP(it[i], it[gt]);
				} else
					i++;
			}
			/* [lo, lt) < p == [lt, gt) < [gt, hi): push the larger */
			if (lt - lo < hi - gt) {
				stk[sp].lo = gt, stk[sp].hi = hi;
				hi = lt;
			} else {
				stk[sp].lo = lo, stk[sp].hi = lt;
				lo = gt;
			}
			sp++;
		}
		winsert(it, lo, hi);
		if (sp == 0)
			break;
		sp--;
		lo = stk[sp].lo;
		hi = stk[sp].hi;
	}
}
#undef SWAP

static uint64_t
beword(const char *k, size_t len, size_t depth)
{
	unsigned char b[8] = { 0 };
	size_t n = len - depth < 8 ? len - depth : 8;

	memcpy(b, k + depth, n);
	return (uint64_t)b[0] << 56 | (uint64_t)b[1] << 48 |
	    (uint64_t)b[2] << 40 | (uint64_t)b[3] << 32 |
	    (uint64_t)b[4] << 24 | (uint64_t)b[5] << 16 |
	    (uint64_t)b[6] << 8 | (uint64_t)b[7];
}

size_t
fg_commonlen(const char *a, const char *b, size_t n)
{
	size_t i = 0;
	uint64_t x, y;

	while (n - i >= 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			break;
		i += 8;
	}
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

/* Caches it's next word at depth, and its tail (bytes left, 9 for more). */
static inline void
setword(struct fg_sortitem *it, size_t depth)
{
	size_t left = it->len - depth;

	it->w = beword(it->key, it->len, depth);
	it->tail = left > 8 ? 9 : (uint32_t)left;
}

/*
 * Skips the prefix that it[0..n)'s keys share past depth and caches each
 * key's next word after it; returns the prefix's length. That length is
 * guessed from SAMPLE keys spread over the run and checked in the pass
 * that reads the words, so that a level touches each key's memory once: a
 * large run's keys are out of the cache again by a second pass (the
 * service-800k pair's 832,062 keys: about a tenth less sort time than a
 * scan for the prefix and then one for the words). A guess too long takes
 * the second pass.
 */
#define SAMPLE 8
static size_t
prefixword(struct fg_sortitem *it, size_t n, size_t depth)
{
	const char *ref = it[0].key + depth;
	size_t l = it[0].len - depth, lmin, i, left;

	for (i = 1; i < SAMPLE && l > 0; i++) {
		left = it[i * (n - 1) / (SAMPLE - 1)].len - depth;
		l = fg_commonlen(ref, it[i * (n - 1) / (SAMPLE - 1)].key +
		    depth, left < l ? left : l);
	}
	for (lmin = l, i = 0; i < n; i++) {
		if (i + PREFETCH < n)
			__builtin_prefetch(it[i + PREFETCH].key + depth);
		left = it[i].len - depth;
		if (lmin == l && left >= l &&
		    memcmp(ref, it[i].key + depth, l) == 0)
			setword(&it[i], depth + l);
		else
			lmin = fg_commonlen(ref, it[i].key + depth,
			    left < lmin ? left : lmin);
	}
	for (i = 0; lmin < l && i < n; i++) {
		if (i + PREFETCH < n)
			__builtin_prefetch(it[i + PREFETCH].key + depth + lmin);
		setword(&it[i], depth + lmin);
	}
	return lmin;
}

static void
insertion(struct fg_sortitem *it, size_t n, size_t depth)
{
	size_t i, j;
	struct fg_sortitem t;

	for (i = 1; i < n; i++) {
		t = it[i];
		for (j = i; j > 0 && fg_keycmp(it[j - 1].key + depth,
		    it[j - 1].len - depth, t.key + depth,
		    t.len - depth) > 0; j--)
			it[j] = it[j - 1];
		it[j] = t;
	}
}

/* Sorts it[0..n) bytewise by key; w and tail are scratch. */
void
fg_sort_items(struct fg_sortitem *it, size_t n)
{
	struct stask *st, t;
	size_t nst = 0, cap = 64, i, j, m;

	if (n < 2)
		return;
	st = fg_reallocarray(NULL, cap, sizeof(*st));
	st[nst].lo = 0, st[nst].hi = n, st[nst].depth = 0, nst++;
	while (nst > 0) {
		t = st[--nst];
		m = t.hi - t.lo;
		if (m <= 12) {
			insertion(it + t.lo, m, t.depth);
			continue;
		}
		t.depth += prefixword(it + t.lo, m, t.depth);
		wsort(it + t.lo, m);
		for (i = t.lo; i < t.hi; i = j) {
			for (j = i + 1; j < t.hi && it[j].w == it[i].w &&
			    it[j].tail == it[i].tail; j++)
				;
			if (j - i < 2 || it[i].tail < 9)
				continue;	/* alone, or equal keys */
			if (nst == cap) {
				cap *= 2;
				st = fg_reallocarray(st, cap, sizeof(*st));
			}
			st[nst].lo = i, st[nst].hi = j;
			st[nst].depth = t.depth + 8;
			nst++;
		}
	}
	free(st);
}

static int
itemcmp(const struct fg_sortitem *a, const struct fg_sortitem *b)
{
	return fg_keycmp(a->key, a->len, b->key, b->len);
}

void *
fg_sort_job(void *arg)
{
	struct fg_sortjob *j = arg;

	fg_sort_items(j->it, j->n);
	return NULL;
}

/*
 * fg_sort_items for large arrays: two halves on two threads, then merged;
 * the result is the same either way.
 */
void
fg_sort_items_par(struct fg_sortitem *it, size_t n)
{
	struct fg_sortjob j;
	pthread_t th;
	struct fg_sortitem *tmp, *a, *ae, *b, *be, *o;

	j.it = it + n / 2;
	j.n = n - n / 2;
	if (n < 50000 || pthread_create(&th, NULL, fg_sort_job, &j) != 0) {
		fg_sort_items(it, n);
		return;
	}
	fg_sort_items(it, n / 2);
	if (pthread_join(th, NULL) != 0)
		fg_errx(FG_EXIT_ERR, "pthread_join failed");
	tmp = fg_big_array(n, sizeof(*tmp));
	a = it, ae = it + n / 2, b = ae, be = it + n, o = tmp;
	while (a < ae && b < be)
		*o++ = itemcmp(b, a) < 0 ? *b++ : *a++;
	while (a < ae)
		*o++ = *a++;
	while (b < be)
		*o++ = *b++;
	memcpy(it, tmp, n * sizeof(*it));
	free(tmp);
}
