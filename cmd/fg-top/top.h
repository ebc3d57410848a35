/* SPDX-License-Identifier: ISC */
/*
 * top.h: fg-top's parts, one job each. main.c: the options and the run.
 * read.c: the stacks (through sum.h's fg_sum); fold.c: the stacks into
 * per-function counts.
 * rank.c: decides: the profile's ranking, the diff's classification (over
 * change.h) and the gate's offenders. report.c: prints the profile table
 * or the differential report; gate.c the gate's verdict; table.c prints
 * one table as text, TSV or Markdown.
 */
#ifndef TOP_H
#define TOP_H

#include <stddef.h>
#include <stdint.h>

#include "fg.h"
#include "stats.h"

enum fmt { FMT_TEXT, FMT_TSV, FMT_MD };

#define TBL_MAXCOL 16
#define TOP_UNITMAX 32		/* the longest unit a title names */
#define TBL_HEADLEN (16 + TOP_UNITMAX)
struct tbl {
	int ncol;
	const char *head[TBL_MAXCOL];	/* column titles */
	const char *tsvhead[TBL_MAXCOL];	/* titles in --tsv */
	int left[TBL_MAXCOL];		/* left-aligned column */
	int nohead;			/* rows only (TSV continued) */
	char hbuf[TBL_MAXCOL][2][TBL_HEADLEN];	/* titles with a unit */
	char **cell;			/* nrow * ncol strings, malloc'd */
	size_t nrow, cap;
};

void tbl_init(struct tbl *t, int ncol);
/*
 * Column i's titles, text and TSV (static strings); a count column names
 * the unit of the counts when it is known (not NULL): "BEFORE (ns)" and
 * "before_ns".
 */
void tbl_head(struct tbl *t, int i, const char *head, const char *tsvhead,
    const char *unit);
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
	char *unit;		/* the header's unit=, or NULL */
};
/* The yearly cost of share, "%.2f" ("%+.2f" with sign), into buf (cost.c). */
char *fg_cost_fmt(const struct fg_cost *c, char *buf, size_t n,
    double share, int sign);

/* One function of a profile: the measure and the other one. */
struct fn {
	const char *name;
	size_t len;
	fg_count c[2];
};

/* Per-function counts: self and total, before (0) after (1). */
enum { TOP_SELF0, TOP_TOTAL0, TOP_SELF1, TOP_TOTAL1, TOP_NCOL };

/* What the input holds (read.c). */
struct topin {
	struct fg_stab *fn;	/* functions, TOP_NCOL counts each */
	uint64_t nstacks;	/* unique stacks */
	fg_count grand[2];	/* column totals */
	struct fg_period period;	/* detected in the stacks' counts */
	enum fg_kind kind;
	char *header;		/* the first "# fg-" header line, or NULL */
	const char *name;	/* the last input's name, for messages */
};
/* Reads and sums the named inputs ("-": standard input). */
void top_read(struct topin *in, char **files, int nfiles);
void top_in_free(struct topin *in);

/* What one thread of the merge adds up (fold.c; sum.h: fork and join). */
struct topacc {
	struct fg_stab *fn;	/* functions, TOP_NCOL columns */
	uint32_t gen;		/* this stack's mark in fg_ent.aux */
	uint64_t nstacks;
	struct fg_period period;
	struct topin *in;	/* what the read settles; its name */
};

/* fg_sum's emit, fork and join (sum.h): stacks into a topacc. */
void top_fold_stack(const char *key, size_t len, const fg_count *c,
    int ncols, void *arg);
void *top_fold_fork(void *arg);
void top_fold_join(void *arg, void *child);

/* Exits (2) unless the input can be gated: a diff with both sides. */
void top_check_gate(const struct topin *in);
/* The functions ranked by o's measure; *n of them, free() the array. */
struct fn *top_profile(const struct topopt *o, const struct topin *in,
    size_t *n);
/* Every function seen, classified (fg_changes_free it). */
void top_classify(const struct topopt *o, struct fg_noise *nz,
    const struct topin *in, struct fg_changes *cs);
/*
 * The gate's offenders (none without --fail-above): indices into cs->v,
 * in its order; *n of them, free() the array.
 */
size_t *top_offenders(const struct topopt *o, const struct fg_changes *cs,
    size_t *n);
/*
 * Whether the median function moved beyond FG_DRIFT_WARN in absolute mode
 * with no drift taken out: the runs may have run at different speeds.
 */
int top_drifted(const struct fg_changes *cs);

/* A plain profile's table, v ranked (top_profile). */
void report_profile(const struct topopt *o, const struct fn *v, size_t n,
    fg_count total, uint64_t nstacks);
/* A differential stream's report, classified (cs), and the gate's bad[]. */
void report_diff(const struct topopt *o, const struct fg_changes *cs,
    const struct fg_noise *nz, const size_t *bad, size_t nbad);
/* A count as fg writes counts (whole, or with its fraction), into buf. */
char *top_count(char *buf, size_t n, double v);
/* The unit as the column titles name it, or NULL (report.c). */
const char *top_unit_head(const struct topopt *o);
/* " UNIT" (escaped) after a count when the header names one; else "". */
const char *top_unit_word(const struct topopt *o, char *buf, size_t n);
/* gate.c: the gate's verdict on its offenders bad[] (top_offenders). */
void report_gate(const struct topopt *o, const struct fg_changes *cs,
    const size_t *bad, size_t nbad);

#endif
