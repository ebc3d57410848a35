/* SPDX-License-Identifier: ISC */
/*
 * read.c: fg-top's input. The stacks come through the one summing path
 * (sum.h), every unique stack once with its summed counts, and fold.c
 * folds them into per-function counts; the input's kind, totals, header
 * and name are kept here.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "sum.h"
#include "top.h"

static void
onheader(void *arg, int i, const char *name, const char *header)
{
	struct topacc *a = arg;

	(void)i;
	(void)header;
	a->in->name = name;	/* the last input's, as messages name it */
}

static void
onstart(void *arg, enum fg_kind kind, int ncols, const fg_count *total)
{
	struct topacc *a = arg;
	int k;

	a->in->kind = kind;
	for (k = 0; k < ncols && k < 2; k++)
		a->in->grand[k] = total[k];
}

void
top_read(struct topin *in, char **files, int nfiles)
{
	struct fg_sumopt so;
	struct topacc a;

	memset(in, 0, sizeof(*in));
	in->name = "<stdin>";
	memset(&a, 0, sizeof(a));
	a.fn = fg_stab_new(TOP_NCOL);
	a.in = in;
	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_UNKNOWN;
	/* the column totals bound every sum: over 2^63-1, fatal at its line */
	so.needtotal = 1;
	so.totalatline = 1;
	so.header = &in->header;
	so.onheader = onheader;
	so.start = onstart;
	so.emit = top_fold_stack;
	so.fork = top_fold_fork;
	so.join = top_fold_join;
	so.arg = &a;
	fg_sum(files, nfiles, &so);
	in->fn = a.fn;
	in->nstacks = a.nstacks;
	in->period = a.period;
}

void
top_in_free(struct topin *in)
{
	fg_stab_free(in->fn);
	free(in->header);
}
