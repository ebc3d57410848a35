/* SPDX-License-Identifier: ISC */
/*
 * stab.c: the stack table. Keys (whole folded stacks) and their counts live
 * in a bump arena; an open-addressing, linear-probing hash of (hash, entry)
 * slots finds them. Memory grows with the unique stacks, not the input.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "arena.h"
#include "big.h"
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
