/* SPDX-License-Identifier: ISC */
/*
 * speedscope-stack.c: the stacks of a speedscope profile read by
 * speedscope.c (speedscope.h): frames pushed, weights added, an evented
 * profile's events applied to its open frames.
 */
#include <math.h>
#include <stdlib.h>

#include "speedscope.h"

/* Appends frame k to the stack in b; -1 when k is no frame. */
int
ss_push(struct ss *S, struct buf *b, double k)
{
	size_t i;

	if (!(k >= 0 && k < (double)S->nf) || k != floor(k))
		return -1;
	i = (size_t)k;
	if (b->len > 0)
		buf_put(b, ";", 1);
	buf_put(b, S->names.p + S->fname[i], S->flen[i]);
	return 0;
}

/*
 * Adds weight w (in output units) to the stack in b; times are rounded to
 * whole nanoseconds, so that differences of times in seconds do not
 * print the rounding errors of binary floating point.
 */
int
ss_add(struct ss *S, const struct buf *b, double w, int time)
{
	fg_count c;

	if (time)
		w = round(w * 1e3) / 1e3;
	if (b->len == 0 || w == 0)
		return 0;
	if (fg_count_from_dbl(w, &c) < 0) {
		sswarn(S, "weight %g is negative or too large; skipped", w);
		return 0;
	}
	collapse_budget(S->in, S->o, "speedscope", &S->used, b->len);
	collapse_add(S->tab, b->p, b->len, c, S->in);
	return 1;
}

/* What a profile's weights are in output units: us, bytes, or unsaid. */
void
ss_weightunit(const struct ss *S, const struct prof *p)
{
	if (p->time)
		collapse_unit(S->o, "us", 2);
	else if (p->bytes)
		collapse_unit(S->o, "bytes", 5);
	else
		collapse_unit(S->o, "", 0);	/* "none": a count of what? */
}

/* Applies event i: the time since the last goes to the stack on top. */
void
ss_apply(struct ss *S, struct prof *p, struct open *o, struct buf *b,
    size_t i, char type, double fr, double at, double *last)
{
	if (o->n > 0 && at > *last)
		ss_add(S, b, (at - *last) * p->scale, p->time);
	else if (at < *last)
		sswarn(S, "events[%zu]: goes back in time", i);
	if (at > *last)
		*last = at;
	if (type == 'C') {
		if (o->n == 0 || o->fr[o->n - 1] != fr) {
			sswarn(S, "events[%zu]: closes frame %g, which is not "
			    "the innermost open one; ignored", i, fr);
			return;
		}
		b->len = o->len[--o->n];
		return;
	}
	if (o->n == o->cap) {
		o->cap = o->cap ? o->cap * 2 : 64;
		o->len = fg_reallocarray(o->len, o->cap, sizeof(*o->len));
		o->fr = fg_reallocarray(o->fr, o->cap, sizeof(*o->fr));
	}
	o->len[o->n] = b->len;
	if (ss_push(S, b, fr) < 0) {
		sswarn(S, "events[%zu]: frame %g is not in shared.frames; "
		    "ignored", i, fr);
		b->len = o->len[o->n];
		return;
	}
	o->fr[o->n++] = fr;
}
