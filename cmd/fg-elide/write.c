/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-elide's output: a "# fg-elide" header naming the view and
 * what the input's header named (the two sides, the unit), then the elided
 * stacks as a plain profile of their baseline counts.
 */
#include <stddef.h>

#include "fg.h"
#include "elide.h"

void
elide_write(const struct elide_in *in, struct fg_ent **v, size_t n,
    int header)
{
	size_t i;

	if (header)
		fg_out_header("fg-elide", "kind", "profile", "view", "elided",
		    "base", in->base, "current", in->current, "unit", in->unit,
		    (char *)NULL);
	for (i = 0; i < n; i++)
		fg_out_rec(fg_ent_key(in->tab, v[i]), v[i]->len, v[i]->c, 1);
}
