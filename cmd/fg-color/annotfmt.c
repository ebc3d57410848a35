/* SPDX-License-Identifier: ISC */
/*
 * annotfmt.c: fg-color writes the colour annotation lines
 * (# color-default, # color-name, # color-path) of its coloured tree and
 * its header line (annotate.h); fg-svg reads them back
 * (cmd/fg-svg/annot.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"

void
color_write_header(const struct fg_colorcfg *cfg, int ncols)
{
	char zbuf[32], mbuf[32], dbuf[32];
	int mode = cfg->nz.mode == FG_MODE_STREAM ? FG_MODE_ABSOLUTE :
	    cfg->nz.mode;
	/* the noise test: Holm at alpha, or a fixed |z| (0: none) */
	int holm = cfg->nz.rule == FG_RULE_HOLM;

	snprintf(zbuf, sizeof(zbuf), "%g", holm ? cfg->nz.alpha :
	    fg_noise_zshown(&cfg->nz));
	snprintf(mbuf, sizeof(mbuf), "%g", cfg->minchg);
	snprintf(dbuf, sizeof(dbuf), "%.4g", cfg->nz.drift);
	if (ncols == 2)
		fg_out_header("fg-color", "kind", "diff", "mode",
		    fg_mode_name(mode), "drift", mode == FG_MODE_ABSOLUTE &&
		    cfg->nz.drift != 1 ? dbuf : NULL, "delta",
		    cfg->selfdelta ? "self" : "total", holm ? "alpha" :
		    "zcrit", zbuf,
		    "min-change", mbuf, "negate", cfg->negate ? "1" : NULL,
		    "colorblind", cfg->cb ? "1" : NULL, "diffusion",
		    cfg->diffusion ? "1" : NULL, (const char *)NULL);
	else
		fg_out_header("fg-color", "kind", "profile", "palette",
		    cfg->pal >= 0 && cfg->pal < FG_PAL_N ? fg_pal_names[cfg->pal] :
		    "?", "hash", cfg->hash ? "1" : NULL,
		    "diffusion", cfg->diffusion ? "1" : NULL, (const char *)NULL);
}

static void
out_color(uint32_t c)
{
	char buf[8];

	fg_color_fmt(buf, c);
	fg_out_char(' ');
	fg_out_write(buf, 7);
	fg_out_char('\n');
}

/* Profiles: one line per distinct name, sorted. */
void
annot_write_names(const struct tree *t)
{
	struct fg_stab *names = fg_stab_new(1);
	struct fg_ent *e, **v;
	size_t i;

	for (i = 1; i < t->nn; i++) {
		e = fg_stab_get(names, t->n[i].name, t->n[i].nlen);
		e->aux = t->n[i].color;
	}
	v = fg_stab_sorted(names);
	for (i = 0; (e = v[i]) != NULL; i++) {
		if (e->len == 0)
			continue;
		fg_out_str("# color-name ");
		fg_out_write(fg_ent_key(names, e), e->len);
		out_color(e->aux);
	}
	free(v);
	fg_stab_free(names);
}

/* Diffs: the neutral colour, then every node of another colour. */
void
annot_write_paths(const struct tree *t, uint32_t neutral)
{
	size_t *off, plen = 0, pcap = 256;
	char *path;
	uint32_t id;
	const struct node *n;

	off = fg_calloc((size_t)t->maxdepth + 2, sizeof(*off));
	path = fg_malloc(pcap);
	fg_out_str("# color-default");
	out_color(neutral);
	for (id = tree_next(t, 0, 1); id != TREE_NONE;
	    id = tree_next(t, id, 1)) {
		n = &t->n[id];
		plen = off[n->depth - 1];
		if (plen + n->nlen + 1 > pcap) {
			pcap = (plen + n->nlen + 1) * 2;
			path = fg_realloc(path, pcap);
		}
		if (n->depth > 1)
			path[plen++] = ';';
		memcpy(path + plen, n->name, n->nlen);
		plen += n->nlen;
		off[n->depth] = plen;
		if (n->color == neutral || n->nlen == 0)
			continue;
		fg_out_str("# color-path ");
		fg_out_write(path, plen);
		out_color(n->color);
	}
	free(path);
	free(off);
}
