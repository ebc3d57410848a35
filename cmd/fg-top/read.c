/* SPDX-License-Identifier: ISC */
/*
 * read.c: fg-top's input. The stacks come through the one summing path
 * (sum.h), every unique stack once with its summed counts, and are folded
 * into per-function counts: self (the leaf's) and total (once per stack
 * a function is on, however often it recurses there), before and after.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "sum.h"
#include "top.h"

/* What one thread of the merge adds up (sum.h: fork and join). */
struct acc {
	struct fg_stab *fn;	/* functions, TOP_NCOL columns */
	uint32_t gen;		/* this stack's mark in fg_ent.aux */
	uint64_t nstacks;
	struct fg_period period;
	struct topin *in;	/* what the read settles; its name */
};

static void
addc(fg_count *dst, fg_count v, const struct acc *a)
{
	/* below the column totals, which fg_sum checked: cannot happen */
	if (fg_count_add(dst, v) < 0)
		fg_sum_overflow(a->in->name, 0);
}

/* A new stack: forget every "seen in this stack" mark when gen wraps. */
static void
newmark(struct acc *a)
{
	struct fg_ent *e;

	if (++a->gen != 0)
		return;
	for (e = fg_stab_first(a->fn); e != NULL; e = e->next)
		e->aux = 0;
	a->gen = 1;
}

static void
onstack(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	struct acc *a = arg;
	const char *p = key, *end = key + len, *semi;
	struct fg_ent *e, *leaf = NULL;
	int k;

	newmark(a);
	a->nstacks++;
	for (k = 0; k < ncols; k++)
		fg_period_add(&a->period, k, c[k]);
	for (;;) {
		semi = memchr(p, ';', (size_t)(end - p));
		if (semi == NULL)
			semi = end;
		e = fg_stab_get(a->fn, p, (size_t)(semi - p));
		/* A recursive function counts once per stack in its total. */
		if (e->aux != a->gen) {
			e->aux = a->gen;
			for (k = 0; k < ncols; k++)
				addc(&e->c[k == 0 ? TOP_TOTAL0 : TOP_TOTAL1],
				    c[k], a);
		}
		leaf = e;
		if (semi == end)
			break;
		p = semi + 1;
	}
	for (k = 0; k < ncols; k++)
		addc(&leaf->c[k == 0 ? TOP_SELF0 : TOP_SELF1], c[k], a);
}

static void *
fork(void *arg)
{
	struct acc *a = arg, *b;

	b = fg_calloc(1, sizeof(*b));
	b->fn = fg_stab_new(TOP_NCOL);
	b->in = a->in;
	return b;
}

/* The upper half's functions into ours: new ones after ours, in order. */
static void
join(void *arg, void *child)
{
	struct acc *a = arg, *b = child;
	struct fg_ent *e, *d;
	int k;

	for (e = fg_stab_first(b->fn); e != NULL; e = e->next) {
		d = fg_stab_get(a->fn, fg_ent_key(b->fn, e), e->len);
		for (k = 0; k < TOP_NCOL; k++)
			addc(&d->c[k], e->c[k], a);
	}
	a->nstacks += b->nstacks;
	fg_period_join(&a->period, &b->period);
	fg_stab_free(b->fn);
	free(b);
}

static void
onheader(void *arg, int i, const char *name, const char *header)
{
	struct acc *a = arg;

	(void)i;
	(void)header;
	a->in->name = name;	/* the last input's, as messages name it */
}

static void
onstart(void *arg, enum fg_kind kind, int ncols, const fg_count *total)
{
	struct acc *a = arg;
	int k;

	a->in->kind = kind;
	for (k = 0; k < ncols && k < 2; k++)
		a->in->grand[k] = total[k];
}

void
top_read(struct topin *in, char **files, int nfiles)
{
	struct fg_sumopt so;
	struct acc a;

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
	so.emit = onstack;
	so.fork = fork;
	so.join = join;
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
