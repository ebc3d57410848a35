/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-merge's output: the header, then one line per summed stack
 * (its counts as scale.c made them).
 */
#include <stdlib.h>

#include "merge.h"

/*
 * A header only when every input has one naming the same unit: the
 * output of header-less inputs stays what stackcollapse scripts write.
 * period= goes on unless -S scaled the counts.
 */
void
merge_start(void *arg, enum fg_kind kind, int ncols,
    const fg_count *total)
{
	struct merge *m = arg;
	const char *unit = fg_carry_unit(&m->carry);

	(void)ncols;
	(void)total;
	if (unit != NULL)
		fg_out_header("fg-merge", "kind", kind == FG_KIND_DIFF ?
		    "diff" : "profile", "unit", unit, "period", m->scaled ?
		    NULL : fg_carry_period(&m->carry), (char *)NULL);
}

void
merge_write_rec(const char *key, size_t len, const fg_count *c, int ncols)
{
	fg_out_rec(key, len, c, ncols);
}
