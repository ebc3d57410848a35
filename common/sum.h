/* SPDX-License-Identifier: ISC */
/*
 * sum.h: one path for summing folded inputs. Sorted inputs (what every
 * collapser prints) stream through a k-way merge; anything else goes
 * through the stack table and one sort. Either way the caller's emit()
 * gets every unique stack once, in bytewise (LC_ALL=C sort) order, with
 * its summed counts, and the output is the same whichever path ran.
 */
#ifndef FG_SUM_H
#define FG_SUM_H

#include "fg.h"

struct fg_sumopt {
	/* every input's kind; FG_KIND_UNKNOWN: each settles its own, alike */
	enum fg_kind kind;
	int bycol;		/* input i's one count goes to column i */
	int truncfrac;		/* drop fractional parts (with a warning) */
	int needtotal;		/* an overflowing column total is fatal */
	const struct fg_bases *bases;	/* --base names, or NULL */
	/*
	 * With needtotal: the error names the line where the total went over,
	 * as fg_sum_overflow words it (fg-top, whose sums are all below the
	 * totals). Inputs whose totals overflow together are read through the
	 * table to find that line.
	 */
	int totalatline;
	/*
	 * Optional: a new key for input i's stack (a root frame added, hex
	 * stripped); returns it and sets *outlen. Its memory stays the
	 * hook's, valid until the next call. Rules out the merge path.
	 */
	const char *(*rekey)(void *arg, int i, const char *key, size_t len,
	    size_t *outlen);
	/*
	 * Optional: set to the first "# fg-" header line of all the inputs
	 * (malloc'd: the caller frees it), left NULL when none has one.
	 */
	char **header;
	/* Optional: input i's first "# fg-" header line (or NULL). */
	void (*onheader)(void *arg, int i, const char *name,
	    const char *header);
	/* Optional: every metadata line, as fg_fold's onmeta. */
	void (*onmeta)(void *arg, const char *line, size_t len);
	/*
	 * Optional: called once before the first emit() (also when there is
	 * no data), with the inputs' kind, the columns and their totals.
	 */
	void (*start)(void *arg, enum fg_kind kind, int ncols,
	    const fg_count *total);
	/*
	 * Every unique stack in bytewise order. The key is valid during the
	 * call only. emit() may run on two threads at once (the upper half of
	 * the key space into memory): it must write only through fg_out_*,
	 * and keep any state of its own per thread with fork and join.
	 */
	fg_emit_fn emit;
	void *arg;
	/* Optional: emit()'s state per thread (see struct fg_emitter). */
	void *(*fork)(void *arg);
	void (*join)(void *arg, void *child);
};

/*
 * Sums the named inputs ("-" is standard input). Malformed lines are
 * warned about and skipped, overflowing sums are fatal. Returns the
 * number of count columns (0 when no input had a data line).
 */
int fg_sum(char **files, int nfiles, const struct fg_sumopt *o);

#endif
