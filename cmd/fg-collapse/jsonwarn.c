/* SPDX-License-Identifier: ISC */
/*
 * jsonwarn.c: a JSON format's data warnings: no line number (JSON has no
 * useful one), the first ten printed, every one counted in the status.
 */
#include <stdarg.h>
#include <stdio.h>

#include "collapse.h"

void
collapse_vwarn(struct fg_in *in, const char *label, const char *fmt,
    va_list ap)
{
	fg_status = fg_status > FG_EXIT_DATA ? fg_status : FG_EXIT_DATA;
	in->nbad++;
	if (++in->nwarn > 10)
		return;
	fprintf(stderr, "%s: %s: ", fg_progname, in->name);
	if (label != NULL)
		fprintf(stderr, "%s: ", label);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}
