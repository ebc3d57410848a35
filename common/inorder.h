/* SPDX-License-Identifier: ISC */
/*
 * inorder.h: the stacks of folded inputs read as one, in input order and
 * not summed (inorder.c): fg-color's input and fg-svg's flame chart.
 */
#ifndef FG_INORDER_H
#define FG_INORDER_H

#include "folded.h"

struct fg_inorder {
	const struct fg_bases *bases;	/* --base's names, or NULL */
	/* every metadata line, or NULL (fg_fold's onmeta) */
	void (*onmeta)(void *arg, const char *line, size_t len);
	/* at the first record: the number of counts a line from then on */
	void (*first)(void *arg, const struct fg_fold *f, int ncols);
	/* every record with that number of counts */
	void (*rec)(void *arg, const struct fg_fold *f,
	    const struct fg_rec *r);
	void *arg;
};

/*
 * Reads files[0..nfiles) (none: standard input) one after the other as
 * one stream through f (fg_fold_open_list), which is left open for its
 * header (fg_fold_close it). A record whose number of counts differs from
 * the first's is skipped with a warning. Returns the first's number of
 * counts, 0 when there was no record.
 */
int fg_inorder_read(struct fg_fold *f, char **files, int nfiles,
    const struct fg_inorder *o);

#endif
