/* SPDX-License-Identifier: ISC */
/*
 * merge.h: fg-merge's state while fg_sum (sum.h) reads the inputs, and the
 * hooks it calls: input.c on the inputs' side, write.c on the output's.
 */
#ifndef MERGE_H
#define MERGE_H

#include "sum.h"
#include "carry.h"

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

/* -r: a root frame named after path (its base name, no extension). */
char *merge_rootname(const char *path);
/* --files-from: the operands with list's paths after them (input.c). */
char **merge_filesfrom(const char *list, char **ops, int *n);
/* The key with input i's root frame in front. */
const char *merge_rekey(void *arg, int i, const char *stack, size_t len,
    size_t *outlen);
/* An input's header: its unit and period. */
void merge_onheader(void *arg, int i, const char *name, const char *header);
/* The totals are known: the header line (write.c). */
void merge_start(void *arg, enum fg_kind kind, int ncols,
    const fg_count *total);
/* One summed stack, its counts scaled with -S. */
void merge_emit(const char *key, size_t len, const fg_count *cnt, int ncols,
    void *arg);

#endif
