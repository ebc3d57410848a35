/* SPDX-License-Identifier: ISC */
/* pmap-write.c: writes the palette map file back (pmap.h). */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg.h"
#include "pmap.h"

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
