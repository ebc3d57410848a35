/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-color's output: the input's header line, fg-color's own
 * (the settings the colours were made with), the annotation lines (a
 * colour per frame path for a diff or --diffusion, else per name), then
 * the stacks with their summed counts, in the order first seen.
 */
#include "annotate.h"

void
color_write(struct color_in *in, struct fg_colorcfg *cfg)
{
	struct fg_ent *e;

	if (in->f.header != NULL) {
		fg_out_str(in->f.header);
		fg_out_char('\n');
	}
	color_write_header(cfg, in->ncols);
	if (in->tab == NULL)
		return;
	if (in->ncols == 2 || cfg->diffusion)	/* a colour per frame */
		annot_write_paths(&in->t, fg_color_neutral(cfg));
	else
		annot_write_names(&in->t);
	for (e = fg_stab_first(in->tab); e != NULL; e = e->next)
		fg_out_rec(fg_ent_key(in->tab, e), e->len, e->c, in->ncols);
}
