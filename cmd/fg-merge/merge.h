/* SPDX-License-Identifier: ISC */
/*
 * merge.h: fg-merge's state while fg_sum (sum.h) reads the inputs, and the
 * hooks it calls: input.c and roots.c on the inputs' side, scale.c
 * and write.c on the output's.
 */
#ifndef MERGE_H
#define MERGE_H

#include "sum.h"

struct merge {
	const char **names;	/* root frame per input, or NULL */
	int nnames, byfile;
	char **files;
	char **roots;		/* -r: the names made from file names */
	char *key;
	size_t keycap;
	long double scale;
	int scaled;
	struct fg_carry carry;	/* the inputs' unit and period */
};

/* roots.c: -r's root frame named after path (base name, no extension). */
char *merge_rootname(const char *path);
/* input.c: the operands with --files-from list's paths after them. */
char **merge_filesfrom(const char *list, char **ops, int *n);
/* roots.c: the key with input i's root frame in front. */
const char *merge_rekey(void *arg, int i, const char *stack, size_t len,
    size_t *outlen);
/* input.c: an input's header: its unit and period. */
void merge_onheader(void *arg, int i, const char *name, const char *header);
/* The totals are known: the header line (write.c). */
void merge_start(void *arg, enum fg_kind kind, int ncols,
    const fg_count *total);
/* scale.c: one summed stack, its counts scaled with -S. */
void merge_emit(const char *key, size_t len, const fg_count *cnt, int ncols,
    void *arg);
/* write.c: one output line. */
void merge_write_rec(const char *key, size_t len, const fg_count *c,
    int ncols);

#endif
