/* SPDX-License-Identifier: ISC */
/*
 * intern.h: summing records into the stack table on two threads (intern.c).
 * The calling thread, which reads and parses, hands the records in
 * batches to a second thread, which hashes and adds them into one of two
 * tables (one per half of the hash space; split so that both threads can
 * prepare the sort at the end). Each key lives in exactly one table, so
 * memory is what one table would take.
 */
#ifndef FG_INTERN_H
#define FG_INTERN_H

#include <stddef.h>

#include "count.h"
#include "emit.h"
#include "stab.h"

struct fg_intern;
struct fg_intern *fg_intern_new(int ncols);
/*
 * Adds c[0..n) into columns col0.. of key's entry, maybe later, on the
 * other thread. The caller keeps the column totals and uses fg_intern_get
 * instead for any record that could make a total overflow: a sum that
 * cannot overflow its column's total never overflows, so no sum added
 * here can fail.
 */
void fg_intern_add(struct fg_intern *p, const char *key, size_t len,
    int col0, const fg_count *c, int n);
/*
 * key's entry, found or made on the calling thread (the other thread
 * first catches up, and every later record is added on this thread, in
 * order, so that overflows are reported where they happen).
 */
struct fg_ent *fg_intern_get(struct fg_intern *p, const char *key,
    size_t len);
/*
 * Ends the input and calls em->emit() for every entry, in bytewise order
 * of output: on the calling thread (the second thread sorts part of them
 * meanwhile), or with two set on both, as fg_kmerge_par does (the upper
 * keys on the second thread with em->fork's state, their output captured
 * into memory and written after the lower keys'; em->join at the end).
 */
void fg_intern_emit(struct fg_intern *p, const struct fg_emitter *em,
    int two);
void fg_intern_free(struct fg_intern *p);
#endif
