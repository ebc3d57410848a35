/* SPDX-License-Identifier: ISC */
/*
 * bases.h: --base names (inferno-flamegraph's --base, repeatable) and the
 * cutting of a stack at the deepest frame named one of them (bases.c).
 */
#ifndef FG_BASES_H
#define FG_BASES_H

#include <stddef.h>

/*
 * A stream given them (fg_fold's bases) keeps only stacks with a frame of
 * one of these names, cut to start at the deepest such frame.
 */
struct fg_bases {
	const char **names;
	size_t n;
};
/* Adds a name to b (the name is not copied). */
void fg_bases_add(struct fg_bases *b, const char *name);
void fg_bases_free(struct fg_bases *b);
/*
 * The offset in stack s (len bytes) of its deepest frame named one of
 * names[0..n) (also when annotated: f_[k] is named f), or -1 if none is.
 */
long fg_frame_deepest(const char *s, size_t len, const char *const *names,
    size_t n);
/*
 * Cuts the stack *s (*len bytes) to start at the deepest frame named one
 * of b's names and returns 1, or returns 0 when no frame is; with no names
 * (b NULL or empty) keeps the stack whole and returns 1.
 */
int fg_bases_cut(const struct fg_bases *b, const char **s, size_t *len);
#endif
