/* SPDX-License-Identifier: ISC */
/*
 * norm.c: what fg-diff works out from each summed stack before write.c
 * writes it: -n's base count scaled to the current total, whether -n
 * changes anything once the totals are known, and the overlap figures
 * (overlap.c), on each of the summing path's threads.
 */
#include <stdlib.h>

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
	diff_write_rec(key, len, c0, cnt[1]);
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
 * The totals are known: the header (with -n as asked), then whether -n
 * changes anything: not when the totals are equal or the base's is 0.
 */
void
diff_start(void *arg, enum fg_kind kind, int ncols,
    const fg_count *total)
{
	struct emitarg *a = arg;

	(void)kind;
	(void)ncols;
	if (a->header)
		diff_write_header(a, total[0]);
	a->t1 = a->tot[0] = total[0];
	a->t2 = a->tot[1] = total[1];
	a->norm = a->norm && fg_count_cmp(a->t1, a->t2) != 0 &&
	    !fg_count_iszero(a->t1);
}
