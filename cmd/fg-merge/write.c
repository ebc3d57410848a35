/* SPDX-License-Identifier: ISC */
/* write.c: fg-merge's output: the header, then one line per summed stack. */
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
merge_emit(const char *key, size_t len, const fg_count *cnt, int ncols,
    void *arg)
{
	const struct merge *m = arg;
	fg_count c;
	int i;

	fg_out_write(key, len);
	for (i = 0; i < ncols; i++) {
		c = cnt[i];
		if (m->scaled && fg_count_scale(&c, m->scale) < 0)
			fg_errx(FG_EXIT_ERR, "scaled count overflows 2^63-1");
		fg_out_char(' ');
		fg_out_count(c);
	}
	fg_out_char('\n');
}
