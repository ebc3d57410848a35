/* SPDX-License-Identifier: ISC */
/*
 * rank.c: fg-top's decisions, apart from its printing (report.c). A
 * profile's functions ranked; a differential stream's functions
 * classified through change.h's noise test; the gate's offenders and
 * whether the runs seem to have drifted; and whether the input can be
 * gated at all.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "top.h"

void
top_check_gate(const struct topin *in)
{
	if (in->nstacks == 0)
		fg_errx(FG_EXIT_ERR, "%s: no samples: nothing to gate",
		    in->name);
	if (in->kind != FG_KIND_DIFF)
		fg_errx(FG_EXIT_ERR, "%s: --fail-above needs a differential "
		    "stream (stack before after)", in->name);
	if (fg_count_iszero(in->grand[0]) || fg_count_iszero(in->grand[1]))
		fg_errx(FG_EXIT_ERR, "%s: the %s side has no samples",
		    in->name, fg_count_iszero(in->grand[0]) ? "before" :
		    "after");
}

/* Profile order: the measure, then the other one, descending; then name. */
static int
cmpprofile(const void *x, const void *y)
{
	const struct fn *a = x, *b = y;
	int c;

	if ((c = fg_count_cmp(b->c[0], a->c[0])) != 0)
		return c;
	if ((c = fg_count_cmp(b->c[1], a->c[1])) != 0)
		return c;
	return fg_keycmp(a->name, a->len, b->name, b->len);
}

struct fn *
top_profile(const struct topopt *o, const struct topin *in, size_t *n)
{
	struct fg_ent *e;
	struct fn *v;
	size_t i;

	v = fg_calloc(fg_stab_count(in->fn) + 1, sizeof(*v));
	for (i = 0, e = fg_stab_first(in->fn); e != NULL; e = e->next, i++) {
		v[i].name = fg_ent_key(in->fn, e);
		v[i].len = e->len;
		v[i].c[0] = e->c[o->bytotal ? TOP_TOTAL0 : TOP_SELF0];
		v[i].c[1] = e->c[o->bytotal ? TOP_SELF0 : TOP_TOTAL0];
	}
	qsort(v, i, sizeof(*v), cmpprofile);
	*n = i;
	return v;
}

void
top_classify(const struct topopt *o, struct fg_noise *nz,
    const struct topin *in, struct fg_changes *cs)
{
	struct fg_ent *e;
	int m = o->bytotal ? TOP_TOTAL0 : TOP_SELF0;

	fg_noise_setup(nz, in->header, in->name, fg_count_dbl(in->grand[0]),
	    fg_count_dbl(in->grand[1]), &in->period);
	fg_changes_init(cs);
	for (e = fg_stab_first(in->fn); e != NULL; e = e->next) {
		if (fg_count_iszero(e->c[m]) && fg_count_iszero(e->c[m + 2]))
			continue;	/* never seen on either side */
		fg_changes_add(cs, fg_ent_key(in->fn, e), e->len,
		    fg_count_dbl(e->c[m]), fg_count_dbl(e->c[m + 2]));
	}
	/* Dispersion is measured on self counts: they partition a side. */
	fg_changes_classify(cs, nz, !o->bytotal);
}

/*
 * Does c fail a gate at pct points? Significant growth or new code whose
 * change exceeds pct (rounded to 1e-9 points); with both, significant
 * decreases too.
 */
static int
offends(const struct fg_chg *c, double pct, int both)
{
	double pts = round(fabs(c->delta) * 1e11) / 1e9;

	if (!c->sig || !(pts > pct))
		return 0;
	return c->delta > 0 || both;
}

size_t *
top_offenders(const struct topopt *o, const struct fg_changes *cs,
    size_t *n)
{
	size_t i, *bad;

	bad = fg_reallocarray(NULL, cs->n + 1, sizeof(*bad));
	*n = 0;
	for (i = 0; o->gate && i < cs->n; i++)
		if (offends(&cs->v[i], o->failpct, o->gateboth))
			bad[(*n)++] = i;
	return bad;
}

int
top_drifted(const struct fg_changes *cs)
{
	return cs->mode == FG_MODE_ABSOLUTE && cs->drift == 1 &&
	    cs->driftn > 0 && fabs(cs->driftm - 1) > FG_DRIFT_WARN;
}
