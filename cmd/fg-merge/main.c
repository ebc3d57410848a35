/* SPDX-License-Identifier: ISC */
/* fg-merge: sum folded profiles (or differential streams) into one. */
#include <stdlib.h>
#include <string.h>

#include "merge.h"

static const char usage[] =
    "fg-merge [-r] [-R name]... [-S factor] [--files-from list] [file ...]";

static const char help[] =
    "usage: fg-merge [-r] [-R name]... [-S factor] [--files-from list]\n"
    "                [file ...]\n"
    "Sum folded profiles and print one line per unique stack, sorted\n"
    "bytewise. With no file, or when file is -, read standard input.\n"
    "Differential streams (stack before after) are summed column by column.\n"
    "\n"
    "  -r, --root             add a root frame named after each input file\n"
    "                         (its base name without the last extension)\n"
    "  -R, --root-name NAME   root frame for the next input, in order;\n"
    "                         repeat once per input\n"
    "  -S, --scale FACTOR     multiply every summed count by FACTOR\n"
    "      --files-from LIST  also read the inputs named in LIST, one path a\n"
    "                         line (- for standard input)\n"
    FG_HELP_TAIL;

enum { OPT_FILESFROM = 256 };
static const struct fg_opt opts[] = {
	{ "files-from", OPT_FILESFROM, FG_OPT_ARG },
	{ "root", 'r', FG_OPT_NOARG },
	{ "root-name", 'R', FG_OPT_ARG },
	{ "scale", 'S', FG_OPT_ARG },
	{ NULL, 0, 0 }
};

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_sumopt so;
	struct merge m;
	const char *list = NULL;
	int c, nfiles, k, nops = -1;

	fg_tool_init(argv[0], usage, help);
	memset(&m, 0, sizeof(m));
	m.names = fg_calloc((size_t)argc + 1, sizeof(*m.names));
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'r':
			m.byfile = 1;
			break;
		case 'R':
			m.names[m.nnames++] = st.arg;
			break;
		case 'S':
			m.scale = fg_parse_factor(st.arg, "-S");
			m.scaled = 1;
			break;
		case OPT_FILESFROM:
			list = st.arg;
			break;
		default:
			fg_usage(usage);
		}
	}
	if (list != NULL) {
		nops = nfiles = st.nops;
		m.files = merge_filesfrom(list, st.ops, &nfiles);
		if (strcmp(list, "-") == 0)
			for (k = 0; k < nfiles; k++)
				if (strcmp(m.files[k], "-") == 0)
					fg_errx(FG_EXIT_ERR, "standard input is "
					    "the list (--files-from -) and an "
					    "input");
		m.names = fg_reallocarray(m.names, (size_t)nfiles + 1,
		    sizeof(*m.names));
	} else
		m.files = fg_opt_files(&st, &nfiles);
	if (m.nnames > 0 && m.nnames != nfiles)
		fg_errx(FG_EXIT_ERR, "%d root names (-R) for %d inputs",
		    m.nnames, nfiles);
	if (m.nnames == 0 && m.byfile) {
		m.roots = fg_calloc((size_t)nfiles, sizeof(*m.roots));
		for (k = 0; k < nfiles; k++)
			m.names[k] = m.roots[k] = merge_rootname(m.files[k]);
	}

	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_UNKNOWN;
	so.rekey = m.nnames > 0 || m.byfile ? merge_rekey : NULL;
	so.onheader = merge_onheader;
	so.start = merge_start;
	so.emit = merge_emit;
	so.arg = &m;
	fg_sum(m.files, nfiles, &so);
	fg_carry_free(&m.carry);
	for (k = 0; m.roots != NULL && k < nfiles; k++)
		free(m.roots[k]);
	free(m.roots);
	if (nops >= 0) {
		for (k = nops; k < nfiles; k++)
			free(m.files[k]);
		free(m.files);
	}
	free(m.names);
	free(m.key);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
