/* SPDX-License-Identifier: ISC */
/*
 * run.c: keys that arrive in bytewise order, kept in order (run.h). A
 * profile piped from a tool that sorts (fg-diff | fg-svg, fg-merge | fg-top)
 * is then read with one comparison against the previous key a line, and
 * written back as it came: neither the stack table's hashing nor its sort.
 * Each key is kept as the bytes after those it shares with the key before
 * it (front coding), in blocks on huge pages: sorted stacks share most of
 * their frames with their neighbours, so memory is a fraction of the
 * input's. A shuffled input's
 * second or third key is below the one before it, and the few kept go to
 * the table.
 */
#include <stdlib.h>
#include <string.h>

#include "big.h"
#include "fg.h"
#include "run.h"

#define RUN_BLOCK ((size_t)4 << 20)

struct block {
	struct block *next;
	size_t used, cap;
	_Alignas(16) char mem[];
};

/*
 * A kept key: its length, how many bytes it shares with the key before,
 * its counts, then its other bytes; 8-aligned.
 */
struct rent {
	uint32_t len, shared;
	fg_count c[];
};

struct fg_run {
	int ncols;
	struct block *first, *last;
	struct rent *prev;	/* the last key kept */
	char *pk;		/* its bytes */
	size_t pcap;
};

static size_t
entsize(const struct fg_run *r, size_t n)
{
	return (sizeof(struct rent) + (size_t)r->ncols * sizeof(fg_count) +
	    n + 7) & ~(size_t)7;
}

/* The bytes kept of e, after its shared ones. */
static size_t
kept(const struct rent *e)
{
	return (size_t)e->len - e->shared;
}

static char *
entkey(const struct fg_run *r, const struct rent *e)
{
	return (char *)(uintptr_t)(e->c + r->ncols);
}

struct fg_run *
fg_run_new(int ncols)
{
	struct fg_run *r = fg_calloc(1, sizeof(*r));

	r->ncols = ncols;
	return r;
}

static struct rent *
newent(struct fg_run *r, size_t len)
{
	size_t n = entsize(r, len), cap;
	struct block *b = r->last;
	struct rent *e;

	if (b == NULL || b->cap - b->used < n) {
		cap = n + sizeof(*b) > RUN_BLOCK ? n + sizeof(*b) : RUN_BLOCK;
		b = fg_big_alloc(cap, 0);
		b->next = NULL;
		b->used = 0;
		b->cap = cap - sizeof(*b);
		if (r->last != NULL)
			r->last->next = b;
		else
			r->first = b;
		r->last = b;
	}
	e = (struct rent *)(void *)(b->mem + b->used);
	b->used += n;
	return e;
}

fg_count *
fg_run_get(struct fg_run *r, const char *key, size_t len)
{
	struct rent *e = r->prev;
	size_t sh = 0, pl;

	if (e != NULL) {
		pl = e->len;
		sh = fg_commonlen(r->pk, key, pl < len ? pl : len);
		if (sh == len && sh == pl)
			return e->c;
		if (sh == len || (sh < pl &&
		    (unsigned char)r->pk[sh] > (unsigned char)key[sh]))
			return NULL;	/* below the last key */
	}
	if (len > UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "stack of %zu bytes is too long", len);
	if (len + 1 > r->pcap) {	/* never NULL, even for "" */
		r->pcap = 2 * (len + 1);
		r->pk = fg_realloc(r->pk, r->pcap);
	}
	memcpy(r->pk + sh, key + sh, len - sh);
	e = newent(r, len - sh);
	e->len = (uint32_t)len;
	e->shared = (uint32_t)sh;
	memset(e->c, 0, (size_t)r->ncols * sizeof(fg_count));
	memcpy(entkey(r, e), key + sh, len - sh);
	r->prev = e;
	return e->c;
}

/*
 * Calls fn for every kept key of block b, in order, each put together in
 * *kb (*cap bytes; the key before it is there).
 */
static void
eachent(const struct fg_run *r, const struct block *b, fg_emit_fn fn,
    void *arg, char **kb, size_t *cap)
{
	const struct rent *e;
	size_t at;

	for (at = 0; at < b->used; at += entsize(r, kept(e))) {
		e = (const struct rent *)(const void *)(b->mem + at);
		if (e->len + (size_t)1 > *cap) {
			*cap = 2 * ((size_t)e->len + 1);
			*kb = fg_realloc(*kb, *cap);
		}
		memcpy(*kb + e->shared, entkey(r, e), kept(e));
		(*kb)[e->len] = '\0';
		fn(*kb, e->len, e->c, r->ncols, arg);
	}
}

static void
toc(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	fg_intern_add(arg, key, len, 0, c, ncols);
}

void
fg_run_replay(struct fg_run *r, struct fg_intern *tab)
{
	struct block *b, *n;

	char *kb = NULL;
	size_t cap = 0;

	for (b = r->first; b != NULL; b = n) {
		eachent(r, b, toc, tab, &kb, &cap);
		n = b->next;
		free(b);
	}
	free(kb);
	r->first = r->last = NULL;
	r->prev = NULL;
	fg_run_free(r);
}

void
fg_run_emit(const struct fg_run *r, fg_emit_fn emit, void *arg)
{
	const struct block *b;
	char *kb = NULL;
	size_t cap = 0;

	for (b = r->first; b != NULL; b = b->next)
		eachent(r, b, emit, arg, &kb, &cap);
	free(kb);
}

void
fg_run_free(struct fg_run *r)
{
	struct block *b, *n;

	if (r == NULL)
		return;
	for (b = r->first; b != NULL; b = n) {
		n = b->next;
		free(b);
	}
	free(r->pk);
	free(r);
}
