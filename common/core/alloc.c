/* SPDX-License-Identifier: ISC */
/* alloc.c: checked allocation: running out of memory is fatal. */
#define _DEFAULT_SOURCE		/* madvise, MADV_HUGEPAGE, MADV_POPULATE_WRITE */
#include <sys/mman.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

static _Noreturn void
nomem(void)
{
	fg_errx(FG_EXIT_ERR, "out of memory");
}

void *
fg_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
fg_calloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
fg_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		nomem();
	return p;
}

void *
fg_reallocarray(void *p, size_t n, size_t sz)
{
	if (sz != 0 && n > SIZE_MAX / sz)
		nomem();
	return fg_realloc(p, n * sz);
}

char *
fg_strdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(fg_malloc(n), s, n);
}

/*
 * big: large allocations on huge pages. Touching a fresh 4 KiB page
 * costs a page fault, and on virtual machines a fault costs tens of
 * microseconds: for the stack table's slots, the sort's arrays and the
 * read buffers (tens of megabytes, written once) faults cost more than
 * the work. Memory aligned to 2 MiB and marked MADV_HUGEPAGE faults once
 * per 2 MiB instead.
 */
#define BIG_HUGE ((size_t)2 << 20)

void *
fg_big_alloc(size_t n, int zero)
{
	void *p;

	if (n < BIG_HUGE)
		return zero ? fg_calloc(1, n > 0 ? n : 1) :
		    fg_malloc(n > 0 ? n : 1);
	if (posix_memalign(&p, BIG_HUGE, n) != 0)
		fg_errx(FG_EXIT_ERR, "out of memory");
#ifdef MADV_HUGEPAGE
	madvise(p, n, MADV_HUGEPAGE);
#endif
	if (zero)
		memset(p, 0, n);
	return p;
}

static size_t
bytes(size_t n, size_t sz)
{
	if (sz != 0 && n > SIZE_MAX / sz)
		fg_errx(FG_EXIT_ERR, "out of memory");
	return n * sz;
}

void *
fg_big_array(size_t n, size_t sz)
{
	return fg_big_alloc(bytes(n, sz), 0);
}

/*
 * A first touch of a page costs tens of microseconds on the machines
 * bench/collapse.sh ran on: the 1.2 MiB of items for the 300 MB
 * capture's 39,537 stacks were 309 page faults, a tenth of fg-collapse's.
 */
#define WHOLE_FROM ((size_t)512 << 10)
void *
fg_big_whole(size_t n, size_t sz)
{
	size_t b = bytes(n, sz);

	return fg_big_alloc(b >= WHOLE_FROM && b < BIG_HUGE ? BIG_HUGE : b, 0);
}

/*
 * Each 4 KiB page of a block costs a page fault at first touch (tens of
 * microseconds on a virtual machine), a block on huge pages one per 2 MiB:
 * a table that grows past a few hundred KiB takes its next blocks on huge
 * pages.
 */
#define HUGE_SMALL ((size_t)256 << 10)
size_t
fg_big_next(size_t sz, size_t min)
{
	if (sz == 0)
		return min;
	if (sz >= HUGE_SMALL && sz < BIG_HUGE)
		return BIG_HUGE;
	return sz * 2;
}

/*
 * arena: the bump allocator of the stack table, the sorted-run store and
 * the frame tree (arena). A request takes the next bytes of the current
 * chunk; when they do not fit, a new chunk is made (the old one's tail is
 * left unused) and linked after it.
 *
 * fg_arena_fault_ahead runs on another thread than the owner: it reads the
 * current chunk and its used count while the owner writes them. Both are
 * read and written only with atomic operations, on both sides: the chunk
 * is published with release (its cap and start are set before), used is
 * relaxed (a hint of where the owner is; plain moves on common machines).
 */
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
