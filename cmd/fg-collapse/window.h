/* SPDX-License-Identifier: ISC */
/*
 * window.h: time windows (--since T, --until T, --window DUR -o PATTERN).
 *
 * How a format with sample timestamps (seconds, as a double) takes part
 * (set CFMT_TIMED in its struct cfmt; main.c refuses the options for
 * formats without it):
 *
 *	if (window_on(o)) {
 *		int need = window_needs(o);	  WIN_FIRST | WIN_LAST bits
 *		... find the capture's first and/or last sample time ...
 *		window_resolve(o, in, first, last);   once per input, before
 *	}					      the first sample
 *	for each sample at time t:
 *		collapse_add_at(tab, stack, len, count, in, o, t);
 *
 * collapse_add_at drops a sample outside [--since, --until) and, with
 * --window, files it under its window (a WINDOW_KEYLEN-byte prefix of the
 * key that write.c's window_write() strips when it writes one file per
 * window). A format that builds keys itself asks window_slot() (-1: drop)
 * and window_key() for the prefix. Without the options, window_on() is
 * false and nothing here is called.
 */
#ifndef WINDOW_H
#define WINDOW_H

#include <stdint.h>

#include "fg.h"

struct copts;
struct fg_in;
struct fg_stab;

/* One bound as given: absolute, or relative to the capture's ends. */
struct wbound {
	int set;
	int rel;		/* 0 absolute, '+' after first, '-' before last */
	double v;		/* seconds */
};

struct cwin {
	struct wbound since, until;
	double every;		/* --window length in seconds; 0: none */
	const char *pattern;	/* -o: file name pattern or directory */
	/* resolved for the current input by window_resolve() */
	double lo, hi;		/* keep lo <= t < hi */
	double origin;		/* start of window 0 */
	int resolved;
};

#define WIN_FIRST 1		/* window_resolve needs the first sample time */
#define WIN_LAST 2		/* ... and/or the last one */
#define WINDOW_KEYLEN 4		/* key prefix bytes with --window */
#define WINDOW_MAX 100000	/* most windows one run may write */

#define window_on(o) ((o)->win != NULL)

/* Option parsing (main.c): fatal on a bad value. */
void window_opt(struct copts *o, int which, const char *arg);
/* After option parsing: checks the combination (main.c). */
void window_check(const struct copts *o);
/* WIN_FIRST / WIN_LAST: which capture times the bounds depend on. */
int window_needs(const struct copts *o);
/* Fixes the bounds for this input (first/last: NAN when not needed). */
void window_resolve(const struct copts *o, struct fg_in *in, double first,
    double last);
/* -1: outside the window; else the window's number (0 without --window). */
int64_t window_slot(const struct copts *o, double t);
#define window_keep(o, t) (window_slot((o), (t)) >= 0)
/* Writes slot's key prefix to p; returns its length (0 without --window). */
size_t window_key(const struct copts *o, int64_t slot, char *p);
/*
 * Parses a timestamp as printed by a profiler ("12345.678901"; up to n
 * bytes, not NUL-terminated); returns 0 and sets *t, or -1.
 */
int window_parse_time(const char *s, size_t n, double *t);
/* collapse_add for a sample at time t (see above). */
void collapse_add_at(struct fg_stab *tab, const char *stack, size_t len,
    fg_count c, struct fg_in *in, const struct copts *o, double t);
/* --window: writes the table as one folded file per window (write.c). */
void window_write(const struct copts *o, struct fg_stab *tab);

#endif
