/* SPDX-License-Identifier: ISC */
/*
 * read.c: fg-color's input. Folded lines (several files read as one) are
 * summed into a table of their stacks, for the output, and into a frame
 * tree, for the colours; a line whose number of counts differs from the
 * first's is skipped with a warning.
 */
#include <string.h>

#include "annotate.h"

void
color_read(struct color_in *in, char **files, int nfiles,
    const struct fg_bases *bases)
{
	struct fg_fold *f = &in->f;
	struct fg_rec r;
	struct fg_ent *e;
	double c[2];
	int k;

	memset(in, 0, sizeof(*in));
	in->ncols = 1;
	fg_fold_open_list(f, files, nfiles, FG_KIND_UNKNOWN);
	f->bases = bases;
	while (fg_fold_next(f, &r)) {
		if (in->tab == NULL) {
			in->ncols = r.ncols;
			in->tab = fg_stab_new(in->ncols);
			tree_init(&in->t, in->ncols);
		}
		if (r.ncols != in->ncols) {
			fg_in_warn(&f->in, "%d counts, but earlier lines had %d",
			    r.ncols, in->ncols);
			continue;
		}
		tree_counts(&in->t, &f->in, r.c, c);
		e = fg_stab_get(in->tab, r.stack, r.len);
		for (k = 0; k < in->ncols; k++)
			(void)fg_count_add(&e->c[k], r.c[k]);	/* <= total */
		tree_add(&in->t, r.stack, r.len, c);
	}
	fg_in_warnsummary(&f->in);
	if (in->tab != NULL)
		tree_finish(&in->t);
}

void
color_in_free(struct color_in *in)
{
	if (in->tab != NULL) {
		tree_free(&in->t);
		fg_stab_free(in->tab);
	}
	fg_fold_close(&in->f);
}
