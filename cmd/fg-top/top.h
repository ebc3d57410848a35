/* SPDX-License-Identifier: ISC */
/*
 * top.h: what fg-top's two files share. main.c reads the input, decides
 * (the ranking, the classification, the gate's offenders) and runs;
 * report.c prints the profile table or the differential report and the
 * gate's verdict, each table as text, TSV or Markdown.
 */
#ifndef TOP_H
#define TOP_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"
#include "stats.h"
#include "color.h"


/* What to report (main.c's options). */
struct topopt {
	long long top;		/* rows per list, 0 all */
	int bytotal;
	int gate;
	int gateboth;		/* --fail-both: decreases fail too */
	int all;		/* --all: list the changes within noise */
	double failpct;
	enum fg_fmt fmt;
	struct fg_cost cost;	/* --cost */
	char *unit;		/* the header's unit=, or NULL */
};

/* One function of a profile: the measure and the other one. */
struct fn {
	const char *name;
	size_t len;
	fg_count c[2];
};

/*
 * The gate's failing frames (main.c's top_frames): the deepest of the
 * frames whose inclusive change the pictures colour (color.h's verdict,
 * at --fail-above as the threshold), largest change first.
 */
struct topframe {
	const char *path;	/* from the root, not NUL-terminated */
	size_t plen, name;	/* its length; where its last frame starts */
	double c[2];		/* inclusive before, after */
	struct fg_fverdict v;
};
struct topframes {
	struct topframe *f;
	size_t n;
	double drift;		/* absolute mode: the drift judged beyond
				 * (the functions' median), else 1 */
};

/* A plain profile's table, v ranked (main.c's top_profile). */
void report_profile(const struct topopt *o, const struct fn *v, size_t n,
    fg_count total, uint64_t nstacks);
/*
 * A differential stream's report, classified (cs), and the gate's verdict
 * on its offenders bad[] (main.c's top_offenders); grand: the stream's
 * column totals, exact, for the first line.
 */
void report_diff(const struct topopt *o, const struct fg_changes *cs,
    const struct fg_noise *nz, const size_t *bad, size_t nbad,
    const struct topframes *fr, const fg_count *grand);

#endif
