/* SPDX-License-Identifier: ISC */
/*
 * formats-msg.c: the errors of the choice of format (formats.c): an
 * unknown -f name, an input no format recognises; both list the formats
 * and end the run.
 */
#include <stdio.h>
#include <stdlib.h>

#include "collapse.h"

/* The formats' names on standard error, each after a blank. */
static void
listformats(void)
{
	int i;

	for (i = 0; collapse_fmts[i] != NULL; i++)
		fprintf(stderr, " %s", collapse_fmts[i]->name);
}

_Noreturn void
collapse_unknown(const char *name)
{
	fg_warnx("unknown format: %s", name);
	fprintf(stderr, "formats:");
	listformats();
	fputc('\n', stderr);
	exit(FG_EXIT_ERR);
}

_Noreturn void
collapse_unrecognised(const char *name, const struct cnear *nr)
{
	fprintf(stderr, "%s: %s: input format not recognised (tried:",
	    fg_progname, name);
	listformats();
	fprintf(stderr, ")");
	if (nr->f != NULL)
		fprintf(stderr, "; closest: %s (%s)", nr->f->name,
		    nr->why.why);
	fprintf(stderr, "; use -f to name one\n");
	exit(FG_EXIT_ERR);
}
