/* SPDX-License-Identifier: ISC */
/*
 * pmap.c: the palette map's colours (pmap.h): a function named in it
 * keeps its colour, any other gets its palette's and is added, to be
 * written back. The tool reads the file first (pmap-read.c,
 * fg_pmap_load); a lookup never opens it.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "pmap.h"

uint32_t
fg_color_name(struct fg_colorcfg *cfg, const char *name, size_t len)
{
	struct fg_ent *e;
	uint32_t c;

	if ((c = fg_color_sep(name, len)) != FG_NOCOLOR)
		return c;
	if (cfg->pmap == NULL || len == 0)
		return fg_pal_color(cfg->pal, cfg->hash, name, len);
	if ((e = fg_stab_find(cfg->pmap->tab, name, len)) != NULL)
		return e->aux;
	c = fg_pal_color(cfg->pal, cfg->hash, name, len);
	e = fg_stab_get(cfg->pmap->tab, name, len);
	e->aux = c;
	return c;
}

void
fg_pmap_free(struct fg_colorcfg *cfg)
{
	if (cfg->pmap != NULL) {
		fg_stab_free(cfg->pmap->tab);
		free(cfg->pmap);
		cfg->pmap = NULL;
	}
}
