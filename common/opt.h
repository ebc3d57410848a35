/* SPDX-License-Identifier: ISC */
/*
 * opt.h: option parsing (short clusters, --long[=value], permuted) (opt.c).
 */
#ifndef FG_OPT_H
#define FG_OPT_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

enum { FG_OPT_NOARG = 0, FG_OPT_ARG = 1 };
struct fg_opt {
	const char *lng;	/* long name without "--", or NULL */
	int shrt;		/* short letter, or a value > 255 for long only */
	int hasarg;
};
struct fg_optstate {
	int argc;
	char **argv;
	int i;			/* next argv index */
	int sub;		/* position in a short-option cluster */
	const char *arg;	/* argument of the option returned */
	char **ops;		/* operands collected (non-options) */
	int nops;
	int done;		/* "--" seen */
};
/*
 * Sets the program name, prepares output, and registers the tool's usage
 * line and help text: fg_getopt then handles -h/--help and --version
 * itself (unless the tool's table has them) and exits on a usage error.
 */
void fg_tool_init(const char *argv0, const char *usage, const char *help);
void fg_opt_init(struct fg_optstate *st, int argc, char **argv);
/* The operands, or a single "-" when there are none. */
char **fg_opt_files(struct fg_optstate *st, int *n);
/*
 * Returns the next option's shrt value, or -1 when argv is exhausted (the
 * operands are then in st->ops). Options and operands may be mixed; "--"
 * ends options and "-" is an operand. Unknown options or missing arguments
 * print a message and return '?'.
 */
int fg_getopt(struct fg_optstate *st, const struct fg_opt *opts);
#endif
