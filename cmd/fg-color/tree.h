/* SPDX-License-Identifier: ISC */
/*
 * tree.h: fg-color's frame tree (tree.c): stacks merged into nodes (self
 * and total counts for one or two columns), built without recursion,
 * children sorted by name; coloured by colortree.c.
 */
#ifndef TREE_H
#define TREE_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"

#define TREE_NONE UINT32_MAX

struct node {
	const char *name;	/* not NUL-terminated; root: "" */
	uint32_t nlen;
	uint32_t parent;	/* TREE_NONE for the root */
	uint32_t child;		/* first child */
	uint32_t next;		/* next sibling */
	uint32_t last;		/* last child (while building) */
	uint32_t depth;		/* root 0 */
	uint32_t color;		/* 0xRRGGBB or FG_NOCOLOR */
	uint64_t hash;
	double tot[2];		/* inclusive counts (after tree_finish) */
	double self[2];		/* counts of stacks ending here */
};

struct tree {
	struct node *n;	/* n[0] is the root */
	size_t nn, cap;
	int ncols;		/* 1: profile, 2: diff (before, after) */
	uint32_t *slots;	/* hash of (parent, name) -> node */
	size_t mask;
	uint32_t *path;		/* node per depth of the last stack added */
	size_t *pathend;	/* where each of its frames ends */
	size_t pathlen, pathcap;
	char *prev;		/* the last stack added */
	size_t prevlen, prevcap;
	struct fg_arena names;	/* the frames' names */
	uint32_t maxdepth;
	fg_count total[2];	/* exact sums of the counts (tree_counts) */
};

void tree_init(struct tree *t, int ncols);
void tree_free(struct tree *t);
/*
 * Adds one stack ("a;b;c", root first) with its counts (ncols of them).
 * Trailing empty frames are dropped, as flamegraph.pl's split drops them.
 */
void tree_add(struct tree *t, const char *stack, size_t len,
    const double *c);
/*
 * Converts a record's counts for tree_add, summing them exactly into
 * t->total first: a total over 2^63-1 (the root's, so also any frame's)
 * is fatal with the message every tool gives (fg_sum_overflow, naming in's
 * file and line), instead of widths and labels computed from doubles.
 */
void tree_counts(struct tree *t, const struct fg_in *in,
    const fg_count *rc, double *c);
/* Sorts children by name and sums each node's inclusive counts. */
void tree_finish(struct tree *t);
/*
 * Pre-order walk without recursion: the node after n, descending into n's
 * children only when descend is set. TREE_NONE at the end.
 */
uint32_t tree_next(const struct tree *t, uint32_t n, int descend);

#endif
