/* SPDX-License-Identifier: ISC */
/*
 * top.h: fg-top's parts. main.c reads options and stacks into per-function
 * counts; report.c prints the profile table or the differential report
 * and runs the gate (over change.h's classification); table.c prints one
 * table as text, TSV or Markdown.
 */
#ifndef TOP_H
#define TOP_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"
#include "change.h"
#include "cost.h"

enum fmt { FMT_TEXT, FMT_TSV, FMT_MD };

#define TBL_MAXCOL 16
struct tbl {
	int ncol;
	const char *head[TBL_MAXCOL];	/* column titles */
	const char *tsvhead[TBL_MAXCOL];	/* titles in --tsv */
	int left[TBL_MAXCOL];		/* left-aligned column */
	int nohead;			/* rows only (TSV continued) */
	char **cell;			/* nrow * ncol strings, malloc'd */
	size_t nrow, cap;
};

void tbl_init(struct tbl *t, int ncol);
/* Adds a row; cells are copied. The name column holds raw bytes (len). */
void tbl_row(struct tbl *t, const char *const *cells);
/* Copies a raw name into a cell escaped for the format. */
char *tbl_name(const char *s, size_t len, enum fmt f);
void tbl_print(const struct tbl *t, enum fmt f);
void tbl_free(struct tbl *t);

/* What to report (main.c's options). */
struct topopt {
	long long top;		/* rows per list, 0 all */
	int bytotal;
	int gate;
	int gateboth;		/* --fail-both: decreases fail too */
	int all;		/* --all: list the changes within noise */
	double failpct;
	enum fmt fmt;
	struct fg_cost cost;	/* --cost */
};

/* One function of a profile: the measure and the other one. */
struct fn {
	const char *name;
	size_t len;
	fg_count c[2];
};

/* A plain profile's table. */
void report_profile(const struct topopt *o, struct fn *v, size_t n,
    fg_count total, uint64_t nstacks);
/*
 * A differential stream's report, classified (cs); returns the number of
 * offenders of the gate (0 without one).
 */
size_t report_diff(const struct topopt *o, const struct fg_changes *cs,
    const struct fg_noise *nz);

#endif
