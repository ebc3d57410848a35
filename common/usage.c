/* SPDX-License-Identifier: ISC */
/*
 * usage.c: what a tool prints about itself and exits: the usage line on a
 * bad option (standard error, status 2), --help and --version (standard
 * output, status 0). opt.c reads the options that ask for them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fg.h"

void
fg_usage(const char *usage)
{
	fprintf(stderr, "usage: %s\nTry '%s --help' for more information.\n",
	    usage, fg_progname);
	exit(FG_EXIT_ERR);
}

void
fg_help(const char *text)
{
	fg_out_str(text);
	fg_out_close();
	exit(FG_EXIT_OK);
}

void
fg_version(void)
{
	fg_out_printf("%s %s\n", fg_progname, FG_VERSION);
	fg_out_close();
	exit(FG_EXIT_OK);
}
