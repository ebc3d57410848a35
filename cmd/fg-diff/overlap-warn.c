/* SPDX-License-Identifier: ISC */
/*
 * overlap-warn.c: fg-diff's warning that its two profiles share few
 * stacks, with each side's largest root frames, as overlap.c judged.
 */
#include <stdio.h>

#include "overlap.h"

/* "name (P%), ..." of a side's largest root frames, on stderr. */
static void
putroots(const struct overlap *o, const struct overlap_side *sd)
{
	int i;

	for (i = 0; i < sd->n; i++)
		fprintf(stderr, "%s%.*s (%.1f%%)", i > 0 ? ", " : " ",
		    (int)sd->best[i]->len, fg_ent_key(o->roots, sd->best[i]),
		    sd->pct[i]);
	if (sd->more)
		fputs(", ...", stderr);
}

void
overlap_warn(const struct overlap *o, const struct overlap_verdict *v,
    const char *base, const char *current)
{
	if (v->none)
		fg_warnx("%s and %s share no stack: every stack is new or gone",
		    base, current);
	else
		fg_warnx("%s and %s share few stacks: %.1f%% and %.1f%% of "
		    "their weight", base, current, 100 * v->f[0], 100 * v->f[1]);
	fprintf(stderr, "%s: root frames of %s:", fg_progname, base);
	putroots(o, &v->side[0]);
	fprintf(stderr, "\n%s: root frames of %s:", fg_progname, current);
	putroots(o, &v->side[1]);
	fputc('\n', stderr);
}
