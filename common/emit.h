/* SPDX-License-Identifier: ISC */
/*
 * emit.h: where merged or summed stacks go, one at a time, in order: the
 * contract between the paths that produce them (kmerge.c, intern.c, run.c)
 * and the tools that print them (through sum.c).
 */
#ifndef FG_EMIT_H
#define FG_EMIT_H

#include <stddef.h>

#include "count.h"

typedef void (*fg_emit_fn)(const char *key, size_t len, const fg_count *c,
    int ncols, void *arg);
/*
 * emit() with its argument; on two threads (fg_kmerge_par, fg_intern_emit)
 * emit() runs on both, so it must write only through fg_out_* and read only
 * shared state.
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
#endif
