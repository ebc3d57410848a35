/* SPDX-License-Identifier: ISC */
/*
 * run.h: an input read in bytewise order, kept in that order (run.c): no
 * hash and no sort while its keys keep rising; the first key out of order
 * hands everything kept so far to the stack table (intern.h).
 */
#ifndef FG_RUN_H
#define FG_RUN_H

#include <stddef.h>

#include "count.h"
#include "intern.h"
#include "emit.h"

struct fg_run;
struct fg_run *fg_run_new(int ncols);
/*
 * key's counts, made (zero) when key is above the last key, or the last
 * key's when equal; NULL, and nothing kept, when key is below it.
 */
fg_count *fg_run_get(struct fg_run *r, const char *key, size_t len);
/* Adds every kept key to tab, in order, freeing r as it goes; frees r. */
void fg_run_replay(struct fg_run *r, struct fg_intern *tab);
/* Calls emit() for every kept key, in order. */
void fg_run_emit(const struct fg_run *r, fg_emit_fn emit, void *arg);
void fg_run_free(struct fg_run *r);
#endif
