/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-diff's output: the header once the totals are known, then
 * one line per stack, the base's count scaled to the current total with -n.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

/* Scales a base count to the current total, as difffolded.pl -n does. */
static void
normalize(fg_count *c, const struct emitarg *a)
{
	if (a->frac) {
		long double s = (long double)fg_count_dbl(a->t2) /
		    (long double)fg_count_dbl(a->t1);

		if (fg_count_scale(c, s) < 0)
			fg_errx(FG_EXIT_ERR, "normalized count overflows "
			    "2^63-1");
	} else {
		/* in double, truncated, as difffolded.pl and inferno */
		double d = (double)c->i * (double)a->t2.i / (double)a->t1.i;

		if (fg_count_from_dbl(d, c) < 0)
			fg_errx(FG_EXIT_ERR, "normalized count overflows "
			    "2^63-1");
		c->f = 0;
	}
}

void
diff_emit(const char *key, size_t len, const fg_count *cnt, int ncols,
    void *arg)
{
	struct emitarg *a = arg;
	fg_count c0 = cnt[0];

	(void)ncols;
	overlap_add(&a->ov, key, len, cnt);
	if (a->norm)
		normalize(&c0, a);
	fg_out_write(key, len);
	fg_out_char(' ');
	fg_out_count(c0);
	fg_out_char(' ');
	fg_out_count(cnt[1]);
	fg_out_char('\n');
}

/* The second thread's state: its own overlap figures. */
void *
diff_fork(void *arg)
{
	struct emitarg *c = fg_malloc(sizeof(*c));

	*c = *(struct emitarg *)arg;
	overlap_init(&c->ov);
	return c;
}

void
diff_join(void *arg, void *child)
{
	struct emitarg *a = arg, *c = child;

	overlap_join(&a->ov, &c->ov);
	free(c);
}

/*
 * The totals are known: the header, and whether -n changes anything. With
 * -n, base-total= keeps the base's total before scaling, for the noise
 * test of the tools that read the stream (its samples). The inputs' unit=
 * and period= go on when both inputs give the same (period= not with -n:
 * the scaled base's counts are no longer that many units per sample), and
 * samples= as BASE:CURRENT when both give one.
 */
void
diff_start(void *arg, enum fg_kind kind, int ncols,
    const fg_count *total)
{
	struct emitarg *a = arg;
	char bt[64], *smp = NULL, **sv = a->carry.samples;

	(void)kind;
	(void)ncols;
	fg_count_fmt(bt, total[0]);
	if (sv[0] != NULL && sv[1] != NULL && strchr(sv[0], ':') == NULL &&
	    strchr(sv[1], ':') == NULL) {
		smp = fg_malloc(strlen(sv[0]) + strlen(sv[1]) + 2);
		sprintf(smp, "%s:%s", sv[0], sv[1]);
	}
	if (a->header)
		fg_out_header("fg-diff", "kind", "diff", "mode", a->norm ?
		    "proportional" : "absolute", "base",
		    a->st->ops[0], "current", a->st->ops[1], "normalized",
		    a->norm ? "yes" : NULL, "base-total", a->norm ? bt : NULL,
		    "strip-hex", a->strip ? "yes" : NULL, "unit",
		    fg_carry_unit(&a->carry), "period", a->norm ? NULL :
		    fg_carry_period(&a->carry), "samples", smp, (char *)NULL);
	free(smp);
	a->t1 = a->tot[0] = total[0];
	a->t2 = a->tot[1] = total[1];
	a->norm = a->norm && fg_count_cmp(a->t1, a->t2) != 0 &&
	    !fg_count_iszero(a->t1);
}
