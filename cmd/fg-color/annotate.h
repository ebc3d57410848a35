/* SPDX-License-Identifier: ISC */
/*
 * annotate.h: fg-color's parts. main.c: the options and the run. read.c:
 * the input into a table of its stacks and a frame tree. write.c: the
 * input back with the colour annotation lines. The colours are computed
 * by common/color.c, the annotation lines formatted by common/annot.c.
 */
#ifndef ANNOTATE_H
#define ANNOTATE_H

#include "fg.h"
#include "flame.h"

/* The input: its stacks summed, as a table and a frame tree. */
struct color_in {
	struct fg_fold f;	/* open until color_in_free: its header */
	struct fg_stab *tab;	/* NULL when there was no data line */
	struct fg_tree t;	/* valid when tab is not NULL */
	int ncols;		/* counts a line: 1 profile, 2 diff */
};

/* Reads the files (none: standard input) into in. */
void color_read(struct color_in *in, char **files, int nfiles);
void color_in_free(struct color_in *in);

/*
 * Prints the input's header, the colour header, the annotation lines of
 * the coloured tree (after fg_color_tree), and the stacks.
 */
void color_write(struct color_in *in, struct fg_colorcfg *cfg);

#endif
