/* SPDX-License-Identifier: ISC */
/*
 * sorted.h: sorted inputs: the order scan and the k-way merge, on one or
 * two threads (sorted.c).
 */
#ifndef FG_SORTED_H
#define FG_SORTED_H

#include <stddef.h>
#include <stdint.h>

#include "folded.h"

/*
 * Pre-pass over an input opened but not yet read (a regular file, read
 * with pread(2), or a mapped one), on two threads:
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
	int fd;			/* the file's, for fg_kmerge_par; -1 if mapped */
};
int fg_fold_scan(struct fg_fold *f, struct fg_scan *res);
typedef void (*fg_emit_fn)(const char *key, size_t len, const fg_count *c,
    int ncols, void *arg);
/*
 * Merges sorted, mapped inputs in one pass: for every stack, in order,
 * emit() gets ncols summed counts, input i's column j adding into column
 * colbase[i] + j. An overflowing sum is fatal.
 */
void fg_kmerge(struct fg_fold **in, int n, int ncols, const int *colbase,
    fg_emit_fn emit, void *arg);
/*
 * fg_kmerge on two cores for large regular files with clean scans sc[i]
 * (else it is fg_kmerge): same output. emit() runs on both threads, so it
 * must write only through fg_out_* and read only shared state.
 */
struct fg_emitter {
	fg_emit_fn emit;
	void *arg;
	/*
	 * Optional state of emit() per thread: fork(arg) makes the second
	 * thread's arg, join(arg, child) folds it back in once that thread
	 * is done (set both or neither; NULL: both threads share arg).
	 */
	void *(*fork)(void *arg);
	void (*join)(void *arg, void *child);
};
void fg_kmerge_par(struct fg_fold **in, const struct fg_scan *sc, int n,
    int ncols, const int *colbase, const struct fg_emitter *em);
#endif
