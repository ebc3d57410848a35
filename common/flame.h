/* SPDX-License-Identifier: ISC */
/*
 * flame.h: what fg-color and fg-svg share.
 *
 * flame.c   the frame tree: stacks merged into nodes (self and total counts
 *           for one or two columns), built without recursion; children
 *           sorted by name (fg-color's; fg-svg lays out in one pass)
 * color.h   colours (palette.c, pmap.c, color.c, annot.c): included here
 * utf8.c    one UTF-8 character, repaired (fg-svg's xml.c escapes names)
 */
#ifndef FG_FLAME_H
#define FG_FLAME_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"

#define FG_NONE UINT32_MAX

#include "color.h"

/* ---- flame.c ---- */
struct fg_node {
	const char *name;	/* not NUL-terminated; root: "" */
	uint32_t nlen;
	uint32_t parent;	/* FG_NONE for the root */
	uint32_t child;		/* first child */
	uint32_t next;		/* next sibling */
	uint32_t last;		/* last child (while building) */
	uint32_t depth;		/* root 0 */
	uint32_t color;		/* 0xRRGGBB or FG_NOCOLOR */
	uint64_t hash;
	double tot[2];		/* inclusive counts (after fg_tree_finish) */
	double self[2];		/* counts of stacks ending here */
	double el;		/* diff: elided total (see fg_tree_finish) */
};

struct fg_tree {
	struct fg_node *n;	/* n[0] is the root */
	size_t nn, cap;
	int ncols;		/* 1: profile, 2: diff (before, after) */
	uint32_t *slots;	/* hash of (parent, name) -> node */
	size_t mask;
	uint32_t *path;		/* node per depth of the last stack added */
	size_t *pathend;	/* where each of its frames ends */
	size_t pathlen, pathcap;
	char *prev;		/* the last stack added */
	size_t prevlen, prevcap;
	char **arena;
	size_t *arenasz;
	size_t narena;
	char *apos;
	size_t aleft;
	uint32_t maxdepth;
	fg_count total[2];	/* exact sums of the counts (fg_tree_counts) */
};

void fg_tree_init(struct fg_tree *t, int ncols);
void fg_tree_free(struct fg_tree *t);
/*
 * Adds one stack ("a;b;c", root first) with its counts (ncols of them).
 * Trailing empty frames are dropped, as flamegraph.pl's split drops them.
 */
void fg_tree_add(struct fg_tree *t, const char *stack, size_t len,
    const double *c);
/*
 * Converts a record's counts for fg_tree_add, summing them exactly into
 * t->total first: a total over 2^63-1 (the root's, so also any frame's)
 * is fatal with the message every tool gives (fg_sum_overflow, naming in's
 * file and line), instead of widths and labels computed from doubles.
 */
void fg_tree_counts(struct fg_tree *t, const struct fg_in *in,
    const fg_count *rc, double *c);
/*
 * How many frames, the root included (so at least 1), stack[0..len)
 * shares with the stack before it, prev[0..prevlen), whose frame d >= 1
 * ends at byte pathend[d] (pathlen frames in all, the root's end unused).
 */
size_t fg_path_shared(const char *stack, size_t len, const char *prev,
    size_t prevlen, const size_t *pathend, size_t pathlen);
/*
 * Sorts children by name and computes, for diffs,
 * each node's elided total: the baseline samples of stacks at or under it
 * whose node has no current samples at all (fg-elide(1)'s definition).
 */
void fg_tree_finish(struct fg_tree *t);
/*
 * Pre-order walk without recursion: the node after n, descending into n's
 * children only when descend is set. FG_NONE at the end.
 */
uint32_t fg_tree_next(const struct fg_tree *t, uint32_t n, int descend);

/* ---- utf8.c ---- */
/*
 * Length in bytes of the next character at s (n > 0 bytes left); *cp gets
 * its code point, or 0xFFFD if invalid or not allowed in XML.
 */
size_t fg_utf8_next(const unsigned char *s, size_t n, uint32_t *cp);

#endif
