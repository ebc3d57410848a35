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
#include "sorted.h"
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
 * Ends the input and calls emit() on the calling thread for every entry,
 * in bytewise order (the second thread sorts part of them meanwhile).
 */
void fg_intern_emit(struct fg_intern *p, fg_emit_fn emit, void *arg);
void fg_intern_free(struct fg_intern *p);
#endif
