/* SPDX-License-Identifier: ISC */
/*
 * keysort.h: bytewise order of folded-stack keys, and sorting arrays of
 * them (keysort.c).
 */
#ifndef FG_KEYSORT_H
#define FG_KEYSORT_H

#include <stddef.h>
#include <stdint.h>

/* A key to sort: w and tail are the sort's scratch, p the caller's. */
struct fg_sortitem {
	uint64_t w;
	const char *key;
	void *p;
	uint32_t len;
	uint32_t tail;
};
/* Sorts it[0..n) bytewise by key on the calling thread. */
void fg_sort_items(struct fg_sortitem *it, size_t n);
/* fg_sort_items of one part of an array, as a pthread start routine. */
struct fg_sortjob {
	struct fg_sortitem *it;
	size_t n;
};
void *fg_sort_job(void *job);
/*
 * fg_sort_items for large arrays: two halves on two threads, then merged;
 * the result is the same either way.
 */
void fg_sort_items_par(struct fg_sortitem *it, size_t n);
/* An array of keys, for the tools' own use. */
struct fg_keyref {
	const char *key;
	size_t len;
	void *p;
};
int fg_keycmp(const char *a, size_t alen, const char *b, size_t blen);
/* Length of the common prefix of a[0..n) and b[0..n). */
size_t fg_commonlen(const char *a, const char *b, size_t n);
#endif
