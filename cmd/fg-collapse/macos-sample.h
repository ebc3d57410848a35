/* SPDX-License-Identifier: ISC */
/*
 * macos-sample.h: macOS sample(1) call graphs. macos-sample.c reads the
 * lines (a frame's function and module), macos-sample-stack.c keeps the
 * path and makes the stacks.
 */
#ifndef MACOS_SAMPLE_H
#define MACOS_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "collapse.h"

struct level {
	uint64_t count, kids;
	size_t plen;		/* path length with this frame */
	size_t fn, fnlen;	/* function name within the path */
};

struct sample_tree {
	struct level *lv;
	size_t depth, cap;	/* levels 1..depth in lv[0..depth-1] */
	char *path;
	size_t plen, pcap;
	char *tmp;
	size_t tcap;
};

/* Pops levels deeper than d, counting their self samples into tab. */
void sample_popto(struct sample_tree *t, size_t d, struct fg_stab *tab,
    struct fg_in *in);
/*
 * Adds a frame one level below the path, with its count: its function
 * (s, fl bytes) and module (mod, ml bytes; NULL for none or with
 * --no-modules), as macos-sample.c found them on its line.
 */
void sample_push(struct sample_tree *t, const char *s, size_t fl,
    const char *mod, size_t ml, uint64_t count);

#endif
