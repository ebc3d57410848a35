/* SPDX-License-Identifier: ISC */
/*
 * big.c: large allocations on huge pages. Touching a fresh 4 KiB page
 * costs a page fault, and on virtual machines a fault costs tens of
 * microseconds: for the stack table's slots, the sort's arrays and the
 * read buffers (tens of megabytes, written once) faults cost more than
 * the work. Memory aligned to 2 MiB and marked MADV_HUGEPAGE faults once
 * per 2 MiB instead.
 */
#define _DEFAULT_SOURCE		/* madvise, MADV_HUGEPAGE */
#include <sys/mman.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "big.h"
#include "alloc.h"
#include "err.h"

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
