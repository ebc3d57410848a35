/* SPDX-License-Identifier: ISC */
/*
 * callgrind.h: the call graph callgrind.c reads from a callgrind profile
 * and callgraph.c turns into stacks.
 */
#ifndef CALLGRIND_H
#define CALLGRIND_H

#include "collapse.h"

struct cg_edge {
	uint32_t from, to;	/* node indices; never equal */
	uint64_t cost;		/* inclusive cost of the calls */
};

struct cg_graph {
	size_t n, cap;		/* nodes */
	char **name;		/* frame text of each node (malloc'd) */
	uint64_t *self;		/* self cost of each node */
	struct cg_edge *e;	/* calls, merged and sorted by from, to */
	size_t ne, ecap;
	size_t *first;		/* n + 1: node i's calls are e[first[i]..] */
};

/*
 * Emits the stacks of g into tab: each function's cost is split between
 * the paths that reach it in proportion to the inclusive costs of its
 * calls (see fg-collapse(1), callgrind). Sorts and indexes g->e first.
 */
void cg_emit(struct cg_graph *g, struct fg_stab *tab, struct fg_in *in,
    const struct copts *o);

#endif
