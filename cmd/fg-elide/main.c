/* SPDX-License-Identifier: ISC */
/*
 * fg-elide: the paths of the baseline that vanished from the current
 * profile. A line "S b a" of a differential stream is elided when b > 0 and
 * no stack with a > 0 is S or passes through S (S is a prefix path of no
 * current stack). Prints them as a plain profile "S b".
 * This file: the options and the run; read.c reads the stacks, elide.c
 * decides which are elided, write.c prints them (elide.h).
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "elide.h"

static const char usage[] = "fg-elide [--no-header] [file ...]";

static const char help[] =
    "usage: fg-elide [--no-header] [file ...]\n"
    "Read a differential stream (stack before after, as fg-diff prints it)\n"
    "and print the elided stacks: the baseline's paths that vanished from\n"
    "the current profile, as a plain folded profile of baseline counts,\n"
    "sorted bytewise. Several files are read as one stream; with no file,\n"
    "or when file is -, read standard input.\n"
    "\n"
    "      --no-header        do not print the `# fg-elide` header line\n"
    FG_HELP_TAIL;

enum { OPT_NOHEADER = 256 };
static const struct fg_opt opts[] = {
	{ "no-header", OPT_NOHEADER, FG_OPT_NOARG },
	{ NULL, 0, 0 }
};

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct elide_in in;
	struct fg_ent **v;
	struct fg_keyref *kept;
	char **files;
	size_t n, nk;
	int c, nfiles, header = 1;

	fg_tool_init(argv[0], usage, help);
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case OPT_NOHEADER:
			header = 0;
			break;
		default:
			fg_usage(usage);
		}
	}
	files = fg_opt_files(&st, &nfiles);
	elide_read(&in, files, nfiles);
	v = elide(in.tab, &n, &kept, &nk);
	elide_write(&in, v, n, kept, nk, header);
	free(kept);
	free(v);
	elide_in_free(&in);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
