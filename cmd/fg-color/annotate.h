/* SPDX-License-Identifier: ISC */
/*
 * annotate.h: fg-color's parts. main.c: the options and the run. read.c:
 * the input into a table of its stacks and a frame tree (tree.c, tree.h).
 * colortree.c: the tree's colours, through common/color.c. write.c: the
 * input back with the colour annotation lines, which annotfmt.c formats.
 */
#ifndef ANNOTATE_H
#define ANNOTATE_H

#include "fg.h"
#include "flame.h"
#include "tree.h"

/* The input: its stacks summed, as a table and a frame tree. */
struct color_in {
	struct fg_fold f;	/* open until color_in_free: its header */
	struct fg_stab *tab;	/* NULL when there was no data line */
	struct tree t;	/* valid when tab is not NULL */
	int ncols;		/* counts a line: 1 profile, 2 diff */
};

/* colortree.c: colours every node of a finished tree (diff or profile). */
void color_tree(struct fg_colorcfg *cfg, struct tree *t);

/* annotfmt.c */
/* Writes a profile's tree as one # color-name line per name, sorted. */
void annot_write_names(const struct tree *t);
/* Writes a diff's tree: # color-default, a # color-path per other frame. */
void annot_write_paths(const struct tree *t, uint32_t neutral);
/*
 * fg-color's header, written from cfg for a profile (ncols 1) or a diff
 * (ncols 2, with the mode in force); fg-svg reads it back.
 */
void color_write_header(const struct fg_colorcfg *cfg, int ncols);

/* read.c: reads the files (none: standard input) into in, cut at bases. */
void color_read(struct color_in *in, char **files, int nfiles,
    const struct fg_bases *bases);
void color_in_free(struct color_in *in);

/*
 * Prints the input's header, the colour header, the annotation lines of
 * the coloured tree (after color_tree), and the stacks.
 */
void color_write(struct color_in *in, struct fg_colorcfg *cfg);

#endif
