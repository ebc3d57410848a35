/* SPDX-License-Identifier: ISC */
/*
 * xctrace-stack.c: the stacks of an xctrace export read by xctrace.c
 * (xctrace.h), with --xctrace-threads' root frames, and their unit.
 */
#include <stdlib.h>
#include <string.h>

#include "xctrace.h"

/*
 * What the counts are, for the header: samples, or with --xctrace-weight
 * nanoseconds, with their period when every row weighs the same (the
 * Time Profiler's 1 ms).
 */
void
xctrace_unit(const struct xp *X)
{
	if (!X->o->xctrace_weight) {
		collapse_unit(X->o, "samples", 7);
	} else {
		collapse_unit(X->o, "ns", 2);
		if (X->nrows > 0 && X->wmin == X->wmax)
			collapse_period(X->o, X->wmin);
	}
	collapse_samples(X->o, X->nrows);
}

static void
putname(struct buf *b, const char *nm)
{
	if (b->len > 0)
		buf_put(b, ";", 1);
	buf_put(b, nm, strlen(nm));
}

/* --xctrace-threads: "process;thread" root frames. */
static void
threadroot(struct xp *X, struct buf *b, uint32_t t)
{
	if (t == NONE) {
		putname(b, "[unknown thread]");
		return;
	}
	if (X->tv[t].proc != NONE)
		putname(b, X->pname[X->tv[t].proc]);
	putname(b, X->tv[t].name);
}

/* The stacks of the backtraces that rows used, root first. */
void
xctrace_emit(struct xp *X, struct fg_stab *tab)
{
	struct buf b = { 0 };
	uint64_t used = 0;
	size_t i, k;
	const struct xbt *bt;
	const struct xsample *sp;

	for (i = 0; i < X->nsv; i++) {
		sp = &X->sv[i];
		bt = &X->bt[sp->bt];
		if (sp->count == 0 || bt->bad)
			continue;
		b.len = 0;
		if (X->o->xctrace_threads)
			threadroot(X, &b, sp->thread);
		for (k = bt->n; k-- > 0;)
			putname(&b, X->fname[X->fv[bt->off + k]]);
		if (b.len == 0)
			buf_put(&b, "[unknown]", 9);
		collapse_budget(X->in, X->o, "xctrace", &used, b.len + 1);
		collapse_add_u64(tab, b.p, b.len, sp->count, X->in);
	}
	free(b.p);
}
