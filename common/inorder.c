/* SPDX-License-Identifier: ISC */
/*
 * inorder.c: reads the stacks of folded inputs as one stream, in input
 * order, each record to the caller (inorder.h).
 */
#include "fg.h"
#include "inorder.h"

int
fg_inorder_read(struct fg_fold *f, char **files, int nfiles,
    const struct fg_inorder *o)
{
	struct fg_rec r;
	int ncols = 0;

	fg_fold_open_list(f, files, nfiles, FG_KIND_UNKNOWN);
	f->onmeta = o->onmeta;
	f->metaarg = o->arg;
	f->bases = o->bases;
	while (fg_fold_next(f, &r)) {
		if (ncols == 0) {
			ncols = r.ncols;
			o->first(o->arg, f, ncols);
		}
		if (r.ncols != ncols) {
			fg_in_warn(&f->in, "%d counts, but earlier lines had %d",
			    r.ncols, ncols);
			continue;
		}
		o->rec(o->arg, f, &r);
	}
	fg_in_warnsummary(&f->in);
	return ncols;
}
