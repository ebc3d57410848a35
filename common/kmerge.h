/* SPDX-License-Identifier: ISC */
/*
 * kmerge.h: the k-way merge of sorted inputs, on one thread (kmerge.c) or
 * two (kmerge-par.c).
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
#endif
