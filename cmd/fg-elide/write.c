/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-elide's output: a "# fg-elide" header naming the view and
 * what the input's header named (the two sides, the unit), a "# color-kept"
 * line (fg-folded(5)) for each elided stack's deepest ancestor that still
 * runs, then the elided stacks as a plain profile of their baseline counts.
 */
#include <stddef.h>

#include "fg.h"
#include "color.h"
#include "elide.h"

void
elide_write(const struct elide_in *in, struct fg_ent **v, size_t n,
    const struct fg_keyref *kept, size_t nk, int header)
{
	struct fg_colorcfg cc;
	size_t i;

	if (header) {
		fg_out_header("fg-elide", "kind", "profile", "view", "elided",
		    "base", in->base, "current", in->current, "unit", in->unit,
		    (char *)NULL);
		fg_colorcfg_init(&cc);
		for (i = 0; i < nk; i++)
			fg_annot_write(FG_ANNOT_KEPT, kept[i].key, kept[i].len,
			    fg_color_neutral(&cc));
		fg_colorcfg_free(&cc);
	}
	for (i = 0; i < n; i++)
		fg_out_rec(fg_ent_key(in->tab, v[i]), v[i]->len, v[i]->c, 1);
}
