/* SPDX-License-Identifier: ISC */
/* pmap-read.c: reads a palette map file (pmap.h). */
#include <sys/stat.h>

#include <errno.h>

#include "fg.h"
#include "pmap.h"

/*
 * Reads the palette map. A file with any line that is not a palette map
 * line is refused (fatal) rather than used and later overwritten: it may
 * be a profile given to --palfile by mistake. A symbolic link is refused
 * too, so that --cp never writes through one.
 */
void
fg_pmap_load(struct fg_colorcfg *cfg)
{
	struct fg_in in;
	struct stat sb;
	struct fg_ent *e;
	char *line, *arrow;
	size_t len, i;
	uint32_t c;

	if (cfg->pmfile == NULL || cfg->pmap != NULL)
		return;		/* no map asked for, or read already */
	cfg->pmap = fg_calloc(1, sizeof(*cfg->pmap));
	cfg->pmap->tab = fg_stab_new(1);
	if (lstat(cfg->pmfile, &sb) == 0 && S_ISLNK(sb.st_mode))
		fg_errx(FG_EXIT_ERR, "%s: a symbolic link: not used as a "
		    "palette map (not followed, not overwritten)",
		    cfg->pmfile);
	if (fg_in_tryopen(&in, cfg->pmfile) < 0) {
		if (errno != ENOENT)
			fg_err(FG_EXIT_ERR, "%s", cfg->pmfile);
		return;
	}
	while ((line = fg_in_line(&in, &len)) != NULL) {
		arrow = NULL;
		for (i = 0; i + 1 < len; i++)
			if (line[i] == '-' && line[i + 1] == '>') {
				arrow = line + i;
				break;
			}
		if (arrow == NULL || (c = fg_color_parse(arrow + 2,
		    len - (size_t)(arrow + 2 - line))) == FG_NOCOLOR)
			fg_errx(FG_EXIT_ERR, "%s:%llu: not a palette map line "
			    "(name->rgb(r,g,b)): refusing to use or overwrite "
			    "this file", in.name,
			    (unsigned long long)in.lineno);
		e = fg_stab_get(cfg->pmap->tab, line, (size_t)(arrow - line));
		e->aux = c;
	}
	fg_in_close(&in);
}
