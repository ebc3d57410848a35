/* SPDX-License-Identifier: ISC */
/*
 * annotate.h: fg-color's parts. main.c: the options and the run. read.c:
 * the input into a table of its stacks and a frame tree (tree.c, tree.h).
 * colortree.c: the tree's colours, through common/color.c. colorlist.c:
 * what the colour annotation lines say. write.c: the input back with them
 * (in the format of common/annot.h).
 */
#ifndef ANNOTATE_H
#define ANNOTATE_H

#include "fg.h"
#include "color.h"
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

/* colorlist.c: a profile's colour per distinct name, sorted by name. */
struct namecolors {
	struct fg_stab *tab;	/* name -> aux = colour */
	struct fg_ent **v;	/* its entries sorted, NULL-terminated */
};
void namecolors_make(struct namecolors *nc, const struct tree *t);
void namecolors_free(struct namecolors *nc);
/*
 * colorlist.c: a diff's frames (or --colordiffusion's) in the tree's
 * order, the root and frames of the colour skip (the neutral one) left
 * out: pathwalk_next gives each one's path ("a;b;c", len bytes, valid
 * until the next call) and colour, NULL at the end.
 */
struct pathwalk {
	const struct tree *t;
	uint32_t skip;
	uint32_t id;		/* the node last given */
	size_t *off;		/* where the path ends at each depth */
	char *path;
	size_t pcap;
};
void pathwalk_init(struct pathwalk *w, const struct tree *t, uint32_t skip);
const char *pathwalk_next(struct pathwalk *w, size_t *len, uint32_t *color);
void pathwalk_free(struct pathwalk *w);

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
