/* SPDX-License-Identifier: ISC */
/*
 * elide.h: fg-elide's parts. main.c: the options and the run. read.c: the
 * stacks read through fg_sum (sum.h) into a table in bytewise order.
 * elide.c: which of them are elided. write.c: the elided ones printed.
 */
#ifndef ELIDE_H
#define ELIDE_H

#include <stddef.h>

#include "fg.h"

/* The input: its stacks, summed, and what its header says. */
struct elide_in {
	struct fg_stab *tab;	/* before, after counts; bytewise order */
	char *header;		/* the first "# fg-" header line */
	char *base, *current, *unit;	/* its values, or NULL */
};

/* Reads the files (none: standard input) into in. */
void elide_read(struct elide_in *in, char **files, int nfiles);
void elide_in_free(struct elide_in *in);

/*
 * The entries of tab (before, after counts; in bytewise order) that are
 * elided, in that order; *n of them. *kept gets the *nkept paths, prefixes
 * of their keys, of their ancestors that still run (in the current
 * profile), each once. free() both arrays.
 */
struct fg_ent **elide(struct fg_stab *tab, size_t *n, struct fg_keyref **kept,
    size_t *nkept);

/*
 * Prints the n entries v of in's table; when header, after the header and
 * a colour line for each of the nk paths kept: grey, not what vanished.
 */
void elide_write(const struct elide_in *in, struct fg_ent **v, size_t n,
    const struct fg_keyref *kept, size_t nk, int header);

#endif
