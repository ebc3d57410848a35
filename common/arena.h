/* SPDX-License-Identifier: ISC */
/*
 * arena.h: a bump allocator (arena.c). Memory is given out from chunks
 * that are freed together; a chunk's size grows from min to max (see
 * fg_big_next), and one request larger than that gets a chunk of its own.
 * Chunks of 2 MiB or more sit on huge pages. The chunks can be walked in
 * the order they were made, each holding the requests in the order made.
 */
#ifndef FG_ARENA_H
#define FG_ARENA_H

#include <stddef.h>

struct fg_arena_chunk {
	struct fg_arena_chunk *next;	/* the chunk made after this one */
	size_t used;		/* bytes of mem given out; atomic */
	size_t cap;		/* bytes of mem */
	size_t faulted;		/* bytes from the chunk's start faulted in */
	_Alignas(16) char mem[];
};

struct fg_arena {
	struct fg_arena_chunk *first;
	struct fg_arena_chunk *cur;	/* the last chunk made; atomic */
	size_t size;		/* the next chunk's size, header included */
	size_t max;
	size_t align;		/* each request rounded up to it */
};

/* An empty arena: min > 0, align a power of two, at most 16. */
void fg_arena_init(struct fg_arena *a, size_t min, size_t max,
    size_t align);
/* n bytes (rounded up to the arena's align), never NULL. */
void *fg_arena_alloc(struct fg_arena *a, size_t n);
/* Bytes given out from chunk c (safe on any thread). */
size_t fg_arena_used(const struct fg_arena_chunk *c);
/* Frees the first chunk (walking and freeing in turn). */
void fg_arena_pop(struct fg_arena *a);
/* Frees every chunk; the arena is then empty, as fg_arena_init left it. */
void fg_arena_free(struct fg_arena *a);
/*
 * Faults in the pages that the next `ahead` bytes given out will take,
 * when the current chunk is on huge pages. One other thread may call it
 * while the owner allocates (not while it pops or frees).
 */
void fg_arena_fault_ahead(struct fg_arena *a, size_t ahead);
#endif
