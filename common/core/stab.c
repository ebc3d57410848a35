/* SPDX-License-Identifier: ISC */
/*
 * stab.c: the stack table. Keys (whole folded stacks) and their counts live
 * in a bump arena; an open-addressing, linear-probing hash of (hash, entry)
 * slots finds them. Memory grows with the unique stacks, not the input.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "mix.h"

#define ARENA_MIN ((size_t)64 << 10)
#define ARENA_MAX ((size_t)64 << 20)

struct slot {
	uint64_t hash;
	struct fg_ent *e;
};

struct fg_stab {
	int ncols;
	size_t nent;
	size_t mask;		/* nslots - 1 */
	struct slot *slots;
	struct fg_arena arena;	/* the entries, 8-aligned: pointers, counts */
	struct fg_ent *first, **lastp;
	char *pfx;		/* fg_stab_set_prefix's, plen bytes */
	size_t plen;
};

static inline uint64_t
rd64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static inline uint64_t
rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

/* Two independent multiply lanes, 16 bytes a round; not for adversaries. */
uint64_t
fg_hash(const void *key, size_t n)
{
	const unsigned char *p = key, *e = p + n;
	uint64_t h1 = 0x9e3779b97f4a7c15ULL ^ n, h2 = 0xc2b2ae3d27d4eb4fULL;
	uint64_t t;

	while (e - p >= 16) {
		h1 = rotl((h1 ^ rd64(p)) * 0x87c37b91114253d5ULL, 31);
		h2 = rotl((h2 ^ rd64(p + 8)) * 0x4cf5ad432745937fULL, 33);
		p += 16;
	}
	if (e - p >= 8) {
		h1 = rotl((h1 ^ rd64(p)) * 0x87c37b91114253d5ULL, 31);
		p += 8;
	}
	t = 0;
	if (p < e) {
		memcpy(&t, p, (size_t)(e - p));
		h2 = rotl((h2 ^ t) * 0x4cf5ad432745937fULL, 33);
	}
	return fg_mix64(h1 ^ rotl(h2, 17));
}

struct fg_stab *
fg_stab_new(int ncols)
{
	struct fg_stab *t = fg_calloc(1, sizeof(*t));

	t->ncols = ncols;
	t->mask = 1023;
	t->slots = fg_big_alloc((t->mask + 1) * sizeof(*t->slots), 1);
	t->lastp = &t->first;
	fg_arena_init(&t->arena, ARENA_MIN, ARENA_MAX, 8);
	return t;
}

void
fg_stab_free(struct fg_stab *t)
{
	if (t == NULL)
		return;
	fg_arena_free(&t->arena);
	free(t->slots);
	free(t->pfx);
	free(t);
}

size_t
fg_stab_count(const struct fg_stab *t)
{
	return t->nent;
}

struct fg_ent *
fg_stab_first(const struct fg_stab *t)
{
	return t->first;
}

static void
grow(struct fg_stab *t)
{
	size_t nmask = fg_big_next((t->mask + 1) * sizeof(*t->slots), 0) /
	    sizeof(*t->slots) - 1, i, j;
	struct slot *ns = fg_big_alloc((nmask + 1) * sizeof(*ns), 1);

	for (i = 0; i <= t->mask; i++) {
		if (t->slots[i].e == NULL)
			continue;
		for (j = t->slots[i].hash & nmask; ns[j].e != NULL;
		    j = (j + 1) & nmask)
			;
		ns[j] = t->slots[i];
	}
	free(t->slots);
	t->slots = ns;
	t->mask = nmask;
}

static inline char *
inlinekey(const struct fg_stab *t, struct fg_ent *e)
{
	return (char *)(e->c + t->ncols);
}

/* How many of key's leading bytes the table's prefix stands for. */
static inline size_t
skipped(const struct fg_stab *t, const char *key, size_t len)
{
	if (t->plen == 0 || len < t->plen || memcmp(key, t->pfx, t->plen) != 0)
		return 0;
	return t->plen;
}

/*
 * insert: 0 find only, 1 insert a copy, 2 insert borrowing the key. With a
 * prefix, a key that starts with it is kept without it (aux its length).
 */
static struct fg_ent *
lookuph(struct fg_stab *t, const char *key, size_t len, int insert,
    uint64_t h)
{
	size_t i, skip = skipped(t, key, len);
	struct fg_ent *e;
	size_t csz = (size_t)t->ncols * sizeof(fg_count);

	key += skip;
	len -= skip;
	for (i = h & t->mask; (e = t->slots[i].e) != NULL;
	    i = (i + 1) & t->mask) {
		if (t->slots[i].hash == h && e->len == len &&
		    (t->plen == 0 || e->aux == skip) &&
		    memcmp(e->key, key, len) == 0)
			return e;
	}
	if (!insert)
		return NULL;
	if (len > UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "stack of %zu bytes is too long", len);
	if (insert == 2 && t->plen > 0)
		fg_errx(FG_EXIT_ERR, "fg_stab: a borrowed key with a prefix");
	if (insert == 2) {
		e = fg_arena_alloc(&t->arena, sizeof(*e) + csz);
		e->key = key;
	} else {
		e = fg_arena_alloc(&t->arena, sizeof(*e) + csz + len + 1);
		memcpy(inlinekey(t, e), key, len);
		inlinekey(t, e)[len] = '\0';
		e->key = inlinekey(t, e);
	}
	e->next = NULL;
	e->len = (uint32_t)len;
	e->aux = (uint32_t)skip;
	memset(e->c, 0, csz);
	*t->lastp = e;
	t->lastp = &e->next;
	t->slots[i].hash = h;
	t->slots[i].e = e;
	if (++t->nent > t->mask / 4 * 3)	/* at most 3/4 full */
		grow(t);
	return e;
}

static struct fg_ent *
lookup(struct fg_stab *t, const char *key, size_t len, int insert)
{
	return lookuph(t, key, len, insert, fg_hash(key, len));
}

struct fg_ent *
fg_stab_get(struct fg_stab *t, const char *key, size_t len)
{
	return lookup(t, key, len, 1);
}

void
fg_stab_prefetch(const struct fg_stab *t, uint64_t h, int entry)
{
	const struct slot *s = &t->slots[h & t->mask];

	if (!entry)
		__builtin_prefetch(s);
	else if (s->e != NULL && s->hash == h) {
		__builtin_prefetch(s->e);
		__builtin_prefetch(s->e->c + t->ncols);
	}
}

struct fg_ent *
fg_stab_get_hashed(struct fg_stab *t, const char *key, size_t len,
    uint64_t h)
{
	return lookuph(t, key, len, 1, h);
}

struct fg_ent *
fg_stab_get_ref(struct fg_stab *t, const char *key, size_t len)
{
	return lookup(t, key, len, 2);
}

/* The arena's (see fg_arena_fault_ahead). */
void
fg_stab_fault_ahead(struct fg_stab *t, size_t ahead)
{
	fg_arena_fault_ahead(&t->arena, ahead);
}

struct fg_ent *
fg_stab_find(struct fg_stab *t, const char *key, size_t len)
{
	return lookup(t, key, len, 0);
}

static void
setitem(struct fg_sortitem *it, const struct fg_stab *t, struct fg_ent *e)
{
	it->key = fg_ent_key(t, e);
	it->len = e->len;
	it->p = e;
}

struct fg_ent **
fg_stab_sorted(struct fg_stab *t)
{
	struct fg_sortitem *it = fg_big_array(t->nent, sizeof(*it));
	struct fg_ent **out;
	struct fg_ent *e;
	size_t i = 0;

	for (e = t->first; e != NULL; e = e->next)
		setitem(&it[i++], t, e);
	fg_sort_items_par(it, t->nent);
	/* in place: out[i] (8 bytes) never overtakes it[i] (32) */
	out = (struct fg_ent **)(void *)it;
	for (i = 0; i < t->nent; i++)
		out[i] = it[i].p;
	out = fg_reallocarray(out, t->nent + 1, sizeof(*out));
	out[t->nent] = NULL;
	return out;
}

size_t
fg_stab_sample(const struct fg_stab *t, struct fg_ent **out, size_t k)
{
	size_t step, i, n = 0;

	if (t->nent == 0 || k == 0 || t->slots == NULL)
		return 0;
	step = (t->mask + 1) / k > 0 ? (t->mask + 1) / k : 1;
	for (i = 0; i <= t->mask && n < k; i += step) {
		while (i <= t->mask && t->slots[i].e == NULL)
			i++;
		if (i <= t->mask)
			out[n++] = t->slots[i].e;
	}
	return n;
}

void
fg_stab_set_prefix(struct fg_stab *t, const char *p, size_t n)
{
	if (t->nent > 0 || n > UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "fg_stab_set_prefix: too late or too long");
	free(t->pfx);
	t->pfx = fg_malloc(n + 1);
	memcpy(t->pfx, p, n);
	t->pfx[n] = '\0';
	t->plen = n;
}

const char *
fg_stab_prefix(const struct fg_stab *t, size_t *len)
{
	*len = t->plen;
	return t->pfx;
}

/*
 * e's whole key (its kept bytes after the prefix, if it starts with it)
 * against k[0..n).
 */
static int
vkeycmp(const struct fg_stab *t, const struct fg_ent *e, const char *k,
    size_t n)
{
	size_t m;
	int r;

	if (e->aux == 0)
		return fg_keycmp(e->key, e->len, k, n);
	m = n < e->aux ? n : e->aux;
	if ((r = memcmp(t->pfx, k, m)) != 0)
		return r;
	if (n < e->aux)
		return 1;
	return fg_keycmp(e->key, e->len, k + e->aux, n - e->aux);
}

/* An entry's class: 1 kept without the prefix, 0 below it, 2 above. */
static uint32_t
class(const struct fg_stab *t, const struct fg_ent *e)
{
	if (t->plen == 0 || e->aux != 0)
		return 1;
	return fg_keycmp(e->key, e->len, t->pfx, t->plen) < 0 ? 0 : 2;
}

void
fg_stab_unindex(struct fg_stab *t)
{
	free(t->slots);
	t->slots = NULL;
}

/*
 * Frees the slots, if still there, and walks the entries in insertion
 * order: along the arena, where the processor reads ahead on its own.
 */
size_t
fg_stab_split(struct fg_stab *t, const char *pk, size_t pl,
    struct fg_sortitem *itv)
{
	size_t lo = 0, hi = t->nent;
	struct fg_ent *e;
	struct fg_sortitem *it;

	fg_stab_unindex(t);
	for (e = t->first; e != NULL; e = e->next) {
		if (pk != NULL && vkeycmp(t, e, pk, pl) >= 0)
			it = &itv[--hi];
		else
			it = &itv[lo++];
		setitem(it, t, e);
		it->tail = class(t, e);
	}
	return lo;
}

/*
 * keysort: sorting folded-stack keys bytewise (LC_ALL=C sort order): a
 * multikey radix sort on one thread, and the same split over two threads
 * and merged for large arrays. Used by the stack table (stab.c), the
 * two-table end of intern.c and the pivot (pivot).
 */
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

/*
 * pivot: the pivot that splits a stack table's keys between two sorting
 * threads (stab), for fg-collapse's output and intern.c's two tables:
 * a key from an even sample of the tables, sorted.
 */
struct sample {
	struct fg_ent *e[FG_PIVOT_MAX];
	struct fg_sortitem v[FG_PIVOT_MAX];
	size_t n;
};

/*
 * Makes s->v[i] the item of entry s->e[i] for i in [lo, hi), all from a
 * table with prefix pfx: its whole key, copied to *at when it was kept
 * without the prefix (*at then moves past it).
 */
static void
items(struct sample *s, size_t lo, size_t hi, const char *pfx, char **at)
{
	struct fg_ent *e;
	size_t i;

	for (i = lo; i < hi; i++) {
		e = s->e[i];
		s->v[i].p = e;
		s->v[i].len = e->aux + e->len;
		s->v[i].key = e->key;
		if (e->aux == 0)
			continue;
		memcpy(*at, pfx, e->aux);
		memcpy(*at + e->aux, e->key, e->len);
		s->v[i].key = *at;
		*at += (size_t)e->aux + e->len;
	}
}

struct fg_ent *
fg_pivot(const struct fg_stab *a, const struct fg_stab *b, size_t k,
    double at)
{
	struct sample *s;
	struct fg_ent *p = NULL;
	size_t na = fg_stab_count(a), nb = b != NULL ? fg_stab_count(b) : 0;
	size_t ka = k, sa, i, room = 1, pl;
	char *buf, *w;

	if (k > FG_PIVOT_MAX)
		k = ka = FG_PIVOT_MAX;
	if (na + nb == 0)
		return NULL;
	if (b != NULL)
		ka = (size_t)((double)k * na / (na + nb));
	s = fg_malloc(sizeof(*s));
	s->n = sa = fg_stab_sample(a, s->e, ka);
	if (b != NULL)
		s->n += fg_stab_sample(b, s->e + sa, k - ka);
	for (i = 0; i < s->n; i++)
		if (s->e[i]->aux > 0)
			room += (size_t)s->e[i]->aux + s->e[i]->len;
	w = buf = fg_malloc(room);
	items(s, 0, sa, fg_stab_prefix(a, &pl), &w);
	if (b != NULL)
		items(s, sa, s->n, fg_stab_prefix(b, &pl), &w);
	if (s->n >= 2) {
		fg_sort_items(s->v, s->n);
		i = (size_t)(at * (double)s->n);
		p = s->v[i < s->n ? i : s->n - 1].p;
	}
	free(buf);
	free(s);
	return p;
}
