/* SPDX-License-Identifier: ISC */
/*
 * usage.h: what a tool prints about itself and exits: the usage line, the
 * --help text, the version (usage.c).
 */
#ifndef FG_USAGE_H
#define FG_USAGE_H

#include "base.h"

/* The end of every tool's --help text. */
#define FG_HELP_TAIL \
    "  -h, --help             print this help and exit\n" \
    "      --version          print the version and exit\n" \
    "\n" \
    "Exit status: 0 success, 1 malformed lines were skipped, 2 error.\n"

/* Prints "usage: ..." to stderr and exits FG_EXIT_ERR. */
_Noreturn void fg_usage(const char *usage);
/* Prints help text to stdout (checked) and exits 0. */
_Noreturn void fg_help(const char *text);
_Noreturn void fg_version(void);
#endif
