/* SPDX-License-Identifier: ISC */
/*
 * read.c: fg-color's input. Folded lines (several files read as one,
 * common/inorder.c) are summed into a table of their stacks, for the
 * output, and into a frame tree, for the colours; a line whose number of
 * counts differs from the first's is skipped with a warning.
 */
#include <string.h>

#include "annotate.h"
#include "color.h"

static void
first(void *arg, const struct fg_fold *f, int ncols)
{
	struct color_in *in = arg;

	(void)f;
	in->ncols = ncols;
	in->tab = fg_stab_new(ncols);
	tree_init(&in->t, ncols);
}

static void
rec(void *arg, const struct fg_fold *f, const struct fg_rec *r)
{
	struct color_in *in = arg;
	struct fg_ent *e;
	double c[2];
	int k;

	tree_counts(&in->t, &f->in, r->c, c);
	e = fg_stab_get(in->tab, r->stack, r->len);
	for (k = 0; k < in->ncols; k++)
		(void)fg_count_add(&e->c[k], r->c[k]);	/* <= total */
	tree_add(&in->t, r->stack, r->len, c);
}

void
color_read(struct color_in *in, char **files, int nfiles,
    const struct fg_bases *bases)
{
	struct fg_inorder o;

	memset(in, 0, sizeof(*in));
	in->ncols = 1;
	memset(&o, 0, sizeof(o));
	o.bases = bases;
	o.first = first;
	o.rec = rec;
	o.arg = in;
	if (fg_inorder_read(&in->f, files, nfiles, &o) != 0)
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
