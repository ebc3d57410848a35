/* SPDX-License-Identifier: ISC */
/*
 * fg-color: annotate a profile or differential stream with frame colours.
 * This file: the options and the run; read.c reads the input into a frame
 * tree (tree.c), colortree.c colours it through common/color.c, write.c
 * prints it with the annotation lines (common/annot.h's format);
 * annotate.h holds what they share.
 */
#include <stdlib.h>

#include "annotate.h"

static const char usage[] =
    "fg-color [-c palette] [--hash] [--cp] [--negate] [--self-delta] "
    "[--colorblind] [--alpha a | --zcrit z] [--min-change pct] [file ...]";

static const char help[] =
    "usage: fg-color [options] [file ...]\n"
    "Read a folded profile or differential stream (several files are read\n"
    "as one, as flamegraph.pl reads them) and write it back with\n"
    "colour annotation lines (fg-color(1)) that fg-svg draws with:\n"
    "  # color-name NAME #rrggbb    profiles: one line per function name\n"
    "  # color-default #rrggbb      diffs: unchanged frames\n"
    "  # color-path A;B;C #rrggbb   diffs: each frame that changed\n"
    "Earlier colour lines in the input are replaced.\n"
    "\n"
    FG_COLOR_HELP
    FG_HELP_TAIL;

static const struct fg_opt opts[] = {
	FG_COLOR_OPTS,
	{ NULL, 0, 0 }
};

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_colorcfg cfg;
	struct color_in in;
	char **files;
	int nfiles, ch;

	fg_tool_init(argv[0], usage, help);
	fg_colorcfg_init(&cfg);
	fg_opt_init(&st, argc, argv);
	while ((ch = fg_getopt(&st, opts)) != -1) {
		if (!fg_colorcfg_opt(&cfg, ch, st.arg))
			fg_usage(usage);
	}
	files = fg_opt_files(&st, &nfiles);
	color_read(&in, files, nfiles, &cfg.bases);
	cfg.header = in.f.header;
	/* a profile's frames are coloured by name: through the map (--cp) */
	if (in.tab != NULL && in.ncols == 1 && !cfg.diffusion)
		fg_pmap_load(&cfg);
	if (in.tab != NULL)
		color_tree(&cfg, &in.t);
	color_write(&in, &cfg);
	color_in_free(&in);
	fg_pmap_save(&cfg);
	fg_colorcfg_free(&cfg);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
