/* SPDX-License-Identifier: ISC */
/*
 * pmap.c: palette map files (flamegraph.pl's --cp, palette.map): a
 * name->rgb(r,g,b) line per function, read before colouring so a function
 * keeps its colour across graphs, and written back with the names added.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg.h"
#include "color.h"

struct fg_pmap {
	struct fg_stab *tab;
};

#define RGB(r, g, b) (((uint32_t)(r) << 16) | ((uint32_t)(g) << 8) | \
    (uint32_t)(b))

/*
 * Reads the palette map. A file with any line that is not a palette map
 * line is refused (fatal) rather than used and later overwritten: it may
 * be a profile given to --palfile by mistake. A symbolic link is refused
 * too, so that --cp never writes through one.
 */
static void
pmap_load(struct fg_colorcfg *cfg)
{
	struct fg_in in;
	struct stat sb;
	struct fg_ent *e;
	char *line, *arrow;
	size_t len, i;
	uint32_t c;

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

uint32_t
fg_color_name(struct fg_colorcfg *cfg, const char *name, size_t len)
{
	struct fg_ent *e;
	uint32_t c;

	if (len == 2 && memcmp(name, "--", 2) == 0)
		return RGB(160, 160, 160);
	if (len == 1 && name[0] == '-')
		return RGB(200, 200, 200);
	if (cfg->pmfile == NULL || len == 0)
		return fg_pal_color(cfg->pal, cfg->hash, name, len);
	if (cfg->pmap == NULL)
		pmap_load(cfg);
	if ((e = fg_stab_find(cfg->pmap->tab, name, len)) != NULL)
		return e->aux;
	c = fg_pal_color(cfg->pal, cfg->hash, name, len);
	e = fg_stab_get(cfg->pmap->tab, name, len);
	e->aux = c;
	return c;
}

static int
pmap_write(struct fg_colorcfg *cfg, FILE *fp)
{
	struct fg_ent **v;
	size_t i;
	uint32_t c;

	v = fg_stab_sorted(cfg->pmap->tab);
	for (i = 0; v[i] != NULL; i++) {
		c = v[i]->aux;
		fwrite(fg_ent_key(cfg->pmap->tab, v[i]), 1, v[i]->len, fp);
		fprintf(fp, "->rgb(%u,%u,%u)\n", (unsigned)(c >> 16),
		    (unsigned)(c >> 8 & 255), (unsigned)(c & 255));
	}
	free(v);
	return ferror(fp);
}

/*
 * Written to a temporary file beside it, then renamed over it: a reader
 * never sees half a map, and a symbolic link put there meanwhile is
 * replaced, never followed.
 */
void
fg_pmap_save(struct fg_colorcfg *cfg)
{
	FILE *fp;
	char *tmp;
	size_t n;
	mode_t um;
	int fd, bad;

	if (cfg->pmap == NULL)
		return;
	n = strlen(cfg->pmfile) + 8;
	tmp = fg_malloc(n);
	snprintf(tmp, n, "%s.XXXXXX", cfg->pmfile);
	if ((fd = mkstemp(tmp)) < 0 || (fp = fdopen(fd, "w")) == NULL) {
		fg_warn("%s", tmp);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		fg_status = FG_EXIT_ERR;
		free(tmp);
		return;
	}
	um = umask(0);
	umask(um);
	bad = fchmod(fd, 0666 & ~um) != 0;
	bad |= pmap_write(cfg, fp);
	bad |= fclose(fp) != 0;
	if (bad || rename(tmp, cfg->pmfile) != 0) {
		fg_warn("%s", cfg->pmfile);
		unlink(tmp);
		fg_status = FG_EXIT_ERR;
	}
	free(tmp);
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
