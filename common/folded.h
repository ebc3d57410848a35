/* SPDX-License-Identifier: ISC */
/*
 * folded.h: the folded format: data lines, header lines, stream kinds (folded.c).
 */
#ifndef FG_FOLDED_H
#define FG_FOLDED_H

#include <stddef.h>
#include <stdint.h>

#include "in.h"
#include "stab.h"
#include "bases.h"

enum fg_kind { FG_KIND_UNKNOWN = 0, FG_KIND_PROFILE = 1, FG_KIND_DIFF = 2 };
struct fg_rec {
	const char *stack;
	size_t len;
	int ncols;		/* 1 or 2 */
	fg_count c[2];
};
/*
 * Parses one data line (already without '\n'/'\r'). kind says how many
 * trailing count fields to take: PROFILE one, DIFF two, UNKNOWN two when
 * the line has two numeric fields (as flamegraph.pl decides), else one.
 * Returns 0, or an error string for a malformed line. Trailing blanks after
 * the stack are trimmed, as flamegraph.pl and inferno trim them. The line is
 * not modified: r->stack points into it and is NOT NUL-terminated.
 */
const char *fg_parse_rec(const char *line, size_t len, enum fg_kind kind,
    struct fg_rec *r);
/* True for lines to skip: empty, blank, and '#' comment/header lines. */
int fg_is_meta(const char *line, size_t len);

/*
 * A folded input stream: lines, comments and headers handled, kind
 * settled from a "# fg-... kind=" header or the first data line.
 */
struct fg_fold {
	struct fg_in in;
	enum fg_kind kind;
	int fracwarned;
	int anyrec;		/* a record was returned */
	uint64_t nonecount;	/* one-count lines in a differential stream */
	int truncfrac;		/* drop fractional parts (fg-diff default) */
	char *header;		/* first "# fg-" header line seen, malloc'd */
	/* If set (after fg_fold_open), called with every metadata line. */
	void (*onmeta)(void *arg, const char *line, size_t len);
	void *metaarg;
	/* If set (after fg_fold_open): the --base names (bases.c), or NULL. */
	const struct fg_bases *bases;
	/* fg_fold_open_list: the inputs read one after the other */
	char *const *paths;
	int npaths, ipath;
};
void fg_fold_open(struct fg_fold *f, const char *path, enum fg_kind kind);
/*
 * One stream over n inputs read in turn, as flamegraph.pl reads its files:
 * the first header and kind stand for all (fg-svg, fg-color).
 */
void fg_fold_open_list(struct fg_fold *f, char *const *paths, int n,
    enum fg_kind kind);
/* Next valid record; malformed lines are warned about and skipped. */
int fg_fold_next(struct fg_fold *f, struct fg_rec *r);
void fg_fold_close(struct fg_fold *f);
#endif
