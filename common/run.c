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

#include "arena.h"
#include "fg.h"
#include "run.h"

#define RUN_BLOCK ((size_t)4 << 20)

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
	struct fg_arena mem;	/* the kept keys, in order */
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
	fg_arena_init(&r->mem, RUN_BLOCK, RUN_BLOCK, 8);
	return r;
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
	e = fg_arena_alloc(&r->mem, entsize(r, len - sh));
	e->len = (uint32_t)len;
	e->shared = (uint32_t)sh;
	memset(e->c, 0, (size_t)r->ncols * sizeof(fg_count));
	memcpy(entkey(r, e), key + sh, len - sh);
	r->prev = e;
	return e->c;
}

/*
 * Calls fn for every kept key of chunk b, in order, each put together in
 * *kb (*cap bytes; the key before it is there).
 */
static void
eachent(const struct fg_run *r, const struct fg_arena_chunk *b,
    fg_emit_fn fn, void *arg, char **kb, size_t *cap)
{
	const struct rent *e;
	size_t at, used = fg_arena_used(b);

	for (at = 0; at < used; at += entsize(r, kept(e))) {
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
	char *kb = NULL;
	size_t cap = 0;

	while (r->mem.first != NULL) {	/* freed as they are added */
		eachent(r, r->mem.first, toc, tab, &kb, &cap);
		fg_arena_pop(&r->mem);
	}
	free(kb);
	r->prev = NULL;
	fg_run_free(r);
}

void
fg_run_emit(const struct fg_run *r, fg_emit_fn emit, void *arg)
{
	const struct fg_arena_chunk *b;
	char *kb = NULL;
	size_t cap = 0;

	for (b = r->mem.first; b != NULL; b = b->next)
		eachent(r, b, emit, arg, &kb, &cap);
	free(kb);
}

void
fg_run_free(struct fg_run *r)
{
	if (r == NULL)
		return;
	fg_arena_free(&r->mem);
	free(r->pk);
	free(r);
}
