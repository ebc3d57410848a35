/* SPDX-License-Identifier: ISC */
/*
 * orderscan.h: whether a folded input is sorted, and its totals, checked
 * on one or two threads before the real pass (orderscan.c).
 */
#ifndef FG_ORDERSCAN_H
#define FG_ORDERSCAN_H

#include <stdint.h>

#include "count.h"
#include "folded.h"

/*
 * Pre-pass over an input opened but not yet read (a regular file, read
 * with pread(2), or the caller's memory), on two threads:
 * finds the kind and header the real pass will find, totals the counts per
 * column (fractions truncated when f->truncfrac), and returns 1 when the
 * stacks are in bytewise order (repeats allowed) and no total overflows.
 * Quiet, and f is left as it was: the real pass detects and reports the
 * same way whether or not a scan ran. res->header is malloc'd or NULL.
 */
struct fg_scan {
	enum fg_kind kind;
	char *header;
	fg_count total[2];
	uint64_t start;		/* offset of the first record */
	uint64_t size;		/* of the input */
	uint64_t bad;		/* malformed lines */
	int fd;			/* the file's, for fg_kmerge_par; -1: memory */
};
int fg_fold_scan(struct fg_fold *f, struct fg_scan *res);
#endif
