/* SPDX-License-Identifier: ISC */
/*
 * big.h: large allocations backed by huge pages where the kernel offers
 * them (big.c).
 */
#ifndef FG_BIG_H
#define FG_BIG_H

#include <stddef.h>

/*
 * n bytes (zeroed when zero is set), aligned for huge pages when n is
 * large; released with free(). Exits when out of memory.
 */
void *fg_big_alloc(size_t n, int zero);
/* fg_big_alloc for n elements of sz bytes, checking the product. */
void *fg_big_array(size_t n, size_t sz);
/*
 * fg_big_array for an array written through at once (a sort's items):
 * from 512 KiB on, one whole 2 MiB huge page at least (one page fault, not
 * hundreds).
 */
void *fg_big_whole(size_t n, size_t sz);
/*
 * The next size of a growing block of sz bytes (min when sz is 0):
 * doubled, but from 256 KiB or more straight to 2 MiB, where blocks go on
 * huge pages.
 */
size_t fg_big_next(size_t sz, size_t min);
#endif
