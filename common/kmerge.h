/* SPDX-License-Identifier: ISC */
/*
 * kmerge.h: the k-way merge of sorted inputs, on one thread (kmerge.c) or
 * two (kmerge-par.c, cutting the inputs where kmerge-cut.c says).
 */
#ifndef FG_KMERGE_H
#define FG_KMERGE_H

#include "emit.h"
#include "folded.h"
#include "orderscan.h"

/*
 * Merges sorted inputs in one pass: for every stack, in order, emit() gets
 * ncols summed counts, input i's column j adding into column colbase[i] +
 * j. An overflowing sum is fatal.
 */
void fg_kmerge(struct fg_fold **in, int n, int ncols, const int *colbase,
    fg_emit_fn emit, void *arg);
/*
 * fg_kmerge on two cores for large regular files with clean scans sc[i]
 * (else it is fg_kmerge): same output. emit() runs on both threads (see
 * struct fg_emitter).
 */
void fg_kmerge_par(struct fg_fold **in, const struct fg_scan *sc, int n,
    int ncols, const int *colbase, const struct fg_emitter *em);
/*
 * For fg_kmerge_par: the pivot key, in *pk (malloc'd), when the inputs are
 * worth two threads (else 0), and every input cut at it into lo[i] (the
 * keys before it) and hi[i] (the rest), readers of their files' ranges.
 */
int fg_kmerge_pivot(struct fg_fold **in, const struct fg_scan *sc, int n,
    char **pk, size_t *pl);
void fg_kmerge_cut(struct fg_fold **in, const struct fg_scan *sc, int n,
    const char *pk, size_t pl, struct fg_fold *lo, struct fg_fold *hi);
#endif
