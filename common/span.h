/* SPDX-License-Identifier: ISC */
/*
 * span.h: a byte range of one input, read on its own (span.c): a file's
 * bytes through pread(2), so that several threads read one file at once,
 * or the caller's memory. orderscan.c scans halves of an input this way,
 * kmerge-cut.c binary-searches sorted files.
 */
#ifndef FG_SPAN_H
#define FG_SPAN_H

#include <stdint.h>

#include "folded.h"

struct fg_span {
	const char *name;	/* the input's, for messages */
	const char *map;	/* the caller's memory, or NULL: the file */
	int fd;			/* the file's, read with pread(2) */
	uint64_t start, end;	/* the range: [start, end) */
};
/*
 * A quiet folded reader of s's bytes, parsing records of kind (fractions
 * truncated when truncfrac, stacks cut at bases when not NULL).
 */
void fg_span_fold(const struct fg_span *s, struct fg_fold *f,
    enum fg_kind kind, int truncfrac, const struct fg_bases *bases);
/*
 * The first line start past off: the byte after the first '\n' at or
 * after off (s->end bounds memory, a file is read to its end); 0 when
 * there is none.
 */
uint64_t fg_span_linestart(const struct fg_span *s, uint64_t off);
#endif
