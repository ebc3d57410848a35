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

/* A plain profile's table, v ranked (main.c's top_profile). */
void report_profile(const struct topopt *o, const struct fn *v, size_t n,
    fg_count total, uint64_t nstacks);
/*
 * A differential stream's report, classified (cs), and the gate's verdict
 * on its offenders bad[] (main.c's top_offenders).
 */
void report_diff(const struct topopt *o, const struct fg_changes *cs,
    const struct fg_noise *nz, const size_t *bad, size_t nbad);

#endif
