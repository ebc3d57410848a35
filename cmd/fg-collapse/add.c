/* SPDX-License-Identifier: ISC */
/*
 * add.c: a collapsed stack's count into the stack table, the one place
 * where the formats' sums can overflow (fatal, naming the input's line).
 */
#include "collapse.h"

void
collapse_add(struct fg_stab *tab, const char *stack, size_t len, fg_count c,
    struct fg_in *in)
{
	struct fg_ent *e = fg_stab_get(tab, stack, len);

	if (fg_count_add(&e->c[0], c) < 0)
		fg_sum_overflow(in->name, in->lineno);
}

void
collapse_add_u64(struct fg_stab *tab, const char *stack, size_t len,
    uint64_t n, struct fg_in *in)
{
	fg_count c;

	if (n > INT64_MAX)
		fg_errx(FG_EXIT_ERR, "%s:%llu: count overflows 2^63-1",
		    in->name, (unsigned long long)in->lineno);
	c.i = (int64_t)n;
	c.f = 0;
	collapse_add(tab, stack, len, c, in);
}
