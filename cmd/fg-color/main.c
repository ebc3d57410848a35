/* SPDX-License-Identifier: ISC */
/*
 * fg-color: annotate a profile or differential stream with frame colours.
 * This file: the options and the input read into a frame tree; the
 * colours come from color.c, the annotation lines are written by annot.c.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "flame.h"

static const char usage[] =
    "fg-color [-c palette] [--hash] [--cp] [--negate] [--self-delta] "
    "[--colorblind] [--zcrit z] [--min-change pct] [file ...]";

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
	struct fg_fold f;
	struct fg_rec r;
	struct fg_tree t;
	struct fg_stab *tab = NULL;
	struct fg_ent *e;
	char **files;
	double c[2];
	int nfiles, ch, k, ncols = 1;

	fg_tool_init(argv[0], usage, help);
	fg_colorcfg_init(&cfg);
	fg_opt_init(&st, argc, argv);
	while ((ch = fg_getopt(&st, opts)) != -1) {
		if (!fg_colorcfg_opt(&cfg, ch, st.arg))
			fg_usage(usage);
	}
	files = fg_opt_files(&st, &nfiles);
	fg_fold_open_list(&f, files, nfiles, FG_KIND_UNKNOWN);
	while (fg_fold_next(&f, &r)) {
		if (tab == NULL) {
			ncols = r.ncols;
			tab = fg_stab_new(ncols);
			fg_tree_init(&t, ncols);
		}
		if (r.ncols != ncols) {
			fg_in_warn(&f.in, "%d counts, but earlier lines had %d",
			    r.ncols, ncols);
			continue;
		}
		fg_tree_counts(&t, &f.in, r.c, c);
		e = fg_stab_get(tab, r.stack, r.len);
		for (k = 0; k < ncols; k++)
			(void)fg_count_add(&e->c[k], r.c[k]);	/* <= total */
		fg_tree_add(&t, r.stack, r.len, c);
	}
	fg_in_warnsummary(&f.in);
	if (f.header != NULL) {
		fg_out_str(f.header);
		fg_out_char('\n');
	}
	cfg.header = f.header;
	if (tab != NULL) {
		fg_tree_finish(&t);
		fg_color_tree(&cfg, &t);
	}
	fg_colorcfg_write_header(&cfg, ncols);
	if (tab != NULL) {
		if (ncols == 2 || cfg.diffusion)	/* a colour per frame */
			fg_annot_write_paths(&t, fg_color_neutral(&cfg));
		else
			fg_annot_write_names(&t);
		for (e = fg_stab_first(tab); e != NULL; e = e->next)
			fg_out_rec(fg_ent_key(tab, e), e->len, e->c, ncols);
		fg_tree_free(&t);
		fg_stab_free(tab);
	}
	fg_fold_close(&f);
	if (cfg.pmfile != NULL)
		fg_pmap_save(&cfg);
	fg_colorcfg_free(&cfg);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
