/* SPDX-License-Identifier: ISC */
/*
 * input.h: what fg-svg reads besides the options (read.c), and what is
 * decided from it before the layout: the titles and the unit (read.c).
 */
#ifndef SVG_INPUT_H
#define SVG_INPUT_H

#include "fg.h"
#include "svg.h"

/* What reading the input collects besides the stacks. */
struct svg_input {
	struct svg_opts *o;
	struct fg_annot annot;	/* colour lines */
	struct fg_colorcfg hcc;	/* settings from a "# fg-color" header */
	int hccset;
	int ccset;		/* colour options given: hcc ignored */
	int settled;		/* colour settings final (settle) */
	char *header;		/* the first "# fg-" header line */
	int ncols;		/* 1: a profile, 2: a diff */
	double total[2];	/* the inputs' totals, before the first stack */
	struct svg_flow *flow;	/* a profile or diff, laid out as it streams */
	struct svg_changes sc;	/* a diff's functions, as they stream */
	struct svg_funcs fn;	/* a profile's, merged (--top, --cost) */
	fg_count ctot[2];	/* a flame chart's totals, summed exactly */
	char *rbuf;		/* --reverse's buffer */
	size_t rcap;
	struct fg_period per;	/* the stacks' counts' period: for their
				 * unit, the colours' and the table's
				 * noise test */
	struct fg_repl *rp;	/* replicate runs (stats.h), or NULL */
};

/*
 * Reads the input through the one summing path (sum.h): sorted files in
 * one pass, anything else summed in the stack table and sorted once.
 */
void svg_read_sum(struct svg_input *in, char **files, int nfiles);
/* A flame chart's stacks, in input order. */
void svg_read_chart(struct svg_input *in, char **files, int nfiles);
/* The colour settings made final (at the first stack, or after reading). */
void svg_settle(struct svg_input *in);

/* read.c: the default title and subtitle, from the input's header. */
void svg_titles(struct svg_opts *o, const char *header, int isdiff);
/* read.c: the unit of the counts, unless --countname or --factor say. */
void svg_units(struct svg_opts *o, const struct svg_input *in);

#endif
