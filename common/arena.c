/* SPDX-License-Identifier: ISC */
/*
 * arena.c: the bump allocator of the stack table, the sorted-run store and
 * the frame tree (arena.h). A request takes the next bytes of the current
 * chunk; when they do not fit, a new chunk is made (the old one's tail is
 * left unused) and linked after it.
 *
 * fg_arena_fault_ahead runs on another thread than the owner: it reads the
 * current chunk and its used count while the owner writes them. Both are
 * read and written only with atomic operations, on both sides: the chunk
 * is published with release (its cap and start are set before), used is
 * relaxed (a hint of where the owner is; plain moves on common machines).
 */
#define _DEFAULT_SOURCE		/* madvise, MADV_POPULATE_WRITE */
#include <sys/mman.h>

#include <stdint.h>
#include <stdlib.h>

#include "arena.h"
#include "big.h"
#include "alloc.h"
#include "err.h"

#define HUGE_ALIGN ((size_t)2 << 20)
#define HDR (sizeof(struct fg_arena_chunk))

void
fg_arena_init(struct fg_arena *a, size_t min, size_t max, size_t align)
{
	a->first = NULL;
	a->cur = NULL;
	a->size = min;
	a->max = max;
	a->align = align > 0 ? align : 1;
}

size_t
fg_arena_used(const struct fg_arena_chunk *c)
{
	return __atomic_load_n(&c->used, __ATOMIC_RELAXED);
}

/* A new current chunk for at least n bytes. */
static struct fg_arena_chunk *
newchunk(struct fg_arena *a, size_t n)
{
	struct fg_arena_chunk *c, *cur = a->cur;
	size_t sz = a->size;

	if (n > SIZE_MAX - HDR)
		fg_errx(FG_EXIT_ERR, "out of memory");
	if (n + HDR > sz)
		sz = n + HDR;
	if (a->size < a->max) {
		a->size = fg_big_next(a->size, a->size);
		if (a->size > a->max)
			a->size = a->max;
	}
	c = fg_big_alloc(sz, 0);
	c->next = NULL;
	c->cap = sz - HDR;
	c->faulted = 0;
	__atomic_store_n(&c->used, 0, __ATOMIC_RELAXED);
	if (cur != NULL)
		cur->next = c;
	else
		a->first = c;
	__atomic_store_n(&a->cur, c, __ATOMIC_RELEASE);
	return c;
}

void *
fg_arena_alloc(struct fg_arena *a, size_t n)
{
	struct fg_arena_chunk *c = a->cur;
	size_t used;

	if (n > SIZE_MAX - a->align)
		fg_errx(FG_EXIT_ERR, "out of memory");
	n = (n + a->align - 1) & ~(a->align - 1);
	if (c == NULL || c->cap - fg_arena_used(c) < n)
		c = newchunk(a, n);
	used = fg_arena_used(c);
	__atomic_store_n(&c->used, used + n, __ATOMIC_RELAXED);
	return c->mem + used;
}

void
fg_arena_pop(struct fg_arena *a)
{
	struct fg_arena_chunk *c = a->first;

	if (c == NULL)
		return;
	a->first = c->next;
	if (a->first == NULL)
		__atomic_store_n(&a->cur, NULL, __ATOMIC_RELEASE);
	free(c);
}

void
fg_arena_free(struct fg_arena *a)
{
	while (a->first != NULL)
		fg_arena_pop(a);
}

/*
 * Faults in the current chunk's pages that the next `ahead` bytes will
 * take, 2 MiB (a huge page) at a time: MADV_POPULATE_WRITE maps zeroed
 * pages without writing to them, so it may run while the owner writes
 * below them, and the owner's stores then find their pages mapped.
 * c->faulted is this function's own (one thread at a time calls it).
 */
void
fg_arena_fault_ahead(struct fg_arena *a, size_t ahead)
{
#ifdef MADV_POPULATE_WRITE
	struct fg_arena_chunk *c = __atomic_load_n(&a->cur, __ATOMIC_ACQUIRE);
	size_t used, want, from, end;

	if (c == NULL || c->cap + HDR < HUGE_ALIGN)
		return;
	end = c->cap + HDR;
	used = fg_arena_used(c) + HDR;
	want = used + ahead < end ? used + ahead : end;
	want = (want + HUGE_ALIGN - 1) & ~(HUGE_ALIGN - 1);
	if (want > end)
		want = end;
	from = c->faulted > used ? c->faulted : used & ~(HUGE_ALIGN - 1);
	if (from >= want)
		return;
	if (madvise((char *)c + from, want - from, MADV_POPULATE_WRITE) == 0)
		c->faulted = want;
#else
	(void)a;
	(void)ahead;
#endif
}
