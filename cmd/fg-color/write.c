/* SPDX-License-Identifier: ISC */
/*
 * write.c: fg-color's output: the input's header line, fg-color's own
 * (the settings the colours were made with), the annotation lines (a
 * colour per frame path for a diff or --diffusion, else per name: as
 * colorlist.c lists them, in common/annot.h's format), then the stacks
 * with their summed counts, in the order first seen.
 */
#include "annotate.h"

/* Profiles: one line per distinct name, sorted. */
static void
write_names(const struct tree *t)
{
	struct namecolors nc;
	struct fg_ent *e;
	size_t i;

	namecolors_make(&nc, t);
	for (i = 0; (e = nc.v[i]) != NULL; i++)
		if (e->len != 0)
			fg_annot_write(FG_ANNOT_NAME, fg_ent_key(nc.tab, e),
			    e->len, e->aux);
	namecolors_free(&nc);
}

/* Diffs: the neutral colour, then every frame of another colour. */
static void
write_paths(const struct tree *t, uint32_t neutral)
{
	struct pathwalk w;
	const char *path;
	size_t len;
	uint32_t c;

	fg_annot_write(FG_ANNOT_DEFAULT, NULL, 0, neutral);
	pathwalk_init(&w, t, neutral);
	while ((path = pathwalk_next(&w, &len, &c)) != NULL)
		fg_annot_write(FG_ANNOT_PATH, path, len, c);
	pathwalk_free(&w);
}

void
color_write(struct color_in *in, struct fg_colorcfg *cfg)
{
	struct fg_ent *e;

	if (in->f.header != NULL) {
		fg_out_str(in->f.header);
		fg_out_char('\n');
	}
	fg_annot_write_header(cfg, in->ncols);
	if (in->tab == NULL)
		return;
	if (in->ncols == 2 || cfg->diffusion)	/* a colour per frame */
		write_paths(&in->t, fg_color_neutral(cfg));
	else
		write_names(&in->t);
	for (e = fg_stab_first(in->tab); e != NULL; e = e->next)
		fg_out_rec(fg_ent_key(in->tab, e), e->len, e->c, in->ncols);
}
