/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-diff's output: the header once the totals are known, then
 * one line per stack with its two counts (norm.c works them out).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"

void
diff_write_rec(const char *key, size_t len, fg_count before,
    fg_count after)
{
	fg_count c[2];

	c[0] = before;
	c[1] = after;
	fg_out_rec(key, len, c, 2);
}

/*
 * The header. With -n, base-total= keeps the base's total (bt) before
 * scaling, for the noise test of the tools that read the stream (its
 * samples). The inputs' unit= and period= go on when both inputs give the
 * same (period= not with -n: the scaled base's counts are no longer that
 * many units per sample), and samples= as BASE:CURRENT when both give one.
 */
void
diff_write_header(const struct emitarg *a, fg_count base)
{
	char bt[64], *smp = NULL, *const *sv = a->carry.samples;

	fg_count_fmt(bt, base);
	if (sv[0] != NULL && sv[1] != NULL && strchr(sv[0], ':') == NULL &&
	    strchr(sv[1], ':') == NULL) {
		smp = fg_malloc(strlen(sv[0]) + strlen(sv[1]) + 2);
		sprintf(smp, "%s:%s", sv[0], sv[1]);
	}
	fg_out_header("fg-diff", "kind", "diff", "mode", a->norm ?
	    "proportional" : "absolute", "base",
	    a->st->ops[0], "current", a->st->ops[1], "normalized",
	    a->norm ? "yes" : NULL, "base-total", a->norm ? bt : NULL,
	    "strip-hex", a->strip ? "yes" : NULL, "unit",
	    fg_carry_unit(&a->carry), "period", a->norm ? NULL :
	    fg_carry_period(&a->carry), "samples", smp, (char *)NULL);
	free(smp);
}
