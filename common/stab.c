/* SPDX-License-Identifier: ISC */
/*
 * stab.c: the stack table. Keys (whole folded stacks) and their counts live
 * in a bump arena; an open-addressing, linear-probing hash of (hash, entry)
 * slots finds them. Memory grows with the unique stacks, not the input.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"

#define ARENA_CHUNK (4u << 20)

struct chunk {
	struct chunk *prev;
	size_t used, cap;
	_Alignas(16) char mem[];
};

struct slot {
	uint64_t hash;
	struct fg_ent *e;
};

struct fg_stab {
	int ncols;
	size_t nent;
	size_t mask;		/* nslots - 1 */
	struct slot *slots;
	struct chunk *arena;
	struct fg_ent *first, **lastp;
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

static inline uint64_t
fmix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
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
	return fmix(h1 ^ rotl(h2, 17));
}

struct fg_stab *
fg_stab_new(int ncols)
{
	struct fg_stab *t = fg_calloc(1, sizeof(*t));

	t->ncols = ncols;
	t->mask = 1023;
	t->slots = fg_calloc(t->mask + 1, sizeof(*t->slots));
	t->lastp = &t->first;
	return t;
}

void
fg_stab_free(struct fg_stab *t)
{
	struct chunk *c, *p;

	if (t == NULL)
		return;
	for (c = t->arena; c != NULL; c = p) {
		p = c->prev;
		free(c);
	}
	free(t->slots);
	free(t);
}

int
fg_stab_ncols(const struct fg_stab *t)
{
	return t->ncols;
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

static void *
arena_alloc(struct fg_stab *t, size_t n)
{
	struct chunk *c = t->arena;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (c == NULL || c->cap - c->used < n) {
		size_t cap = n > ARENA_CHUNK ? n : ARENA_CHUNK;

		c = fg_malloc(sizeof(*c) + cap);
		c->prev = t->arena;
		c->used = 0;
		c->cap = cap;
		t->arena = c;
	}
	p = c->mem + c->used;
	c->used += n;
	return p;
}

static void
grow(struct fg_stab *t)
{
	size_t nmask = t->mask * 2 + 1, i, j;
	struct slot *ns = fg_calloc(nmask + 1, sizeof(*ns));

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

static struct fg_ent *
lookup(struct fg_stab *t, const char *key, size_t len, int insert)
{
	uint64_t h = fg_hash(key, len);
	size_t i;
	struct fg_ent *e;
	size_t csz = (size_t)t->ncols * sizeof(fg_count);

	for (i = h & t->mask; (e = t->slots[i].e) != NULL;
	    i = (i + 1) & t->mask) {
		if (t->slots[i].hash == h && e->len == len &&
		    memcmp((char *)(e->c + t->ncols), key, len) == 0)
			return e;
	}
	if (!insert)
		return NULL;
	if (len > UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "stack of %zu bytes is too long", len);
	e = arena_alloc(t, sizeof(*e) + csz + len + 1);
	e->next = NULL;
	e->hash = h;
	e->len = (uint32_t)len;
	e->aux = 0;
	memset(e->c, 0, csz);
	memcpy((char *)(e->c + t->ncols), key, len);
	((char *)(e->c + t->ncols))[len] = '\0';
	*t->lastp = e;
	t->lastp = &e->next;
	t->slots[i].hash = h;
	t->slots[i].e = e;
	if (++t->nent * 2 > t->mask)
		grow(t);
	return e;
}

struct fg_ent *
fg_stab_get(struct fg_stab *t, const char *key, size_t len)
{
	return lookup(t, key, len, 1);
}

struct fg_ent *
fg_stab_find(struct fg_stab *t, const char *key, size_t len)
{
	return lookup(t, key, len, 0);
}

int
fg_keycmp(const char *a, size_t alen, const char *b, size_t blen)
{
	int r = memcmp(a, b, alen < blen ? alen : blen);

	if (r != 0)
		return r;
	return alen < blen ? -1 : alen > blen;
}

static int
refcmp(const void *x, const void *y)
{
	const struct fg_keyref *a = x, *b = y;

	return fg_keycmp(a->key, a->len, b->key, b->len);
}

void
fg_sort_keys(struct fg_keyref *v, size_t n)
{
	qsort(v, n, sizeof(*v), refcmp);
}

struct fg_ent **
fg_stab_sorted(struct fg_stab *t)
{
	struct fg_keyref *v = fg_reallocarray(NULL, t->nent, sizeof(*v));
	struct fg_ent **out = fg_reallocarray(NULL, t->nent + 1, sizeof(*out));
	struct fg_ent *e;
	size_t i = 0;

	for (e = t->first; e != NULL; e = e->next) {
		v[i].key = fg_ent_key(t, e);
		v[i].len = e->len;
		v[i].p = e;
		i++;
	}
	fg_sort_keys(v, t->nent);
	for (i = 0; i < t->nent; i++)
		out[i] = v[i].p;
	out[t->nent] = NULL;
	free(v);
	return out;
}
