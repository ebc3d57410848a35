/* SPDX-License-Identifier: ISC */
/*
 * annot.c: the colour annotation lines (# color-default, # color-name,
 * # color-path) and fg-color's header line, read and written here only:
 * fg-color writes them, fg-svg reads them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "color.h"
#include "flame.h"

void
fg_annot_init(struct fg_annot *a)
{
	memset(a, 0, sizeof(*a));
	a->def = FG_NOCOLOR;
}

void
fg_annot_free(struct fg_annot *a)
{
	if (a->names != NULL)
		fg_stab_free(a->names);
	if (a->paths != NULL)
		fg_stab_free(a->paths);
	fg_annot_init(a);
}

int
fg_annot_line(struct fg_annot *a, const char *line, size_t len)
{
	static const char pd[] = "# color-default ", pn[] = "# color-name ",
	    pp[] = "# color-path ";
	struct fg_stab **tab;
	size_t n = len, b, s;
	uint32_t c;

	if (len > sizeof(pd) - 1 && memcmp(line, pd, sizeof(pd) - 1) == 0)
		s = sizeof(pd) - 1, tab = NULL;
	else if (len > sizeof(pn) - 1 && memcmp(line, pn, sizeof(pn) - 1) == 0)
		s = sizeof(pn) - 1, tab = &a->names;
	else if (len > sizeof(pp) - 1 && memcmp(line, pp, sizeof(pp) - 1) == 0)
		s = sizeof(pp) - 1, tab = &a->paths;
	else
		return 0;
	while (n > s && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	b = n;
	while (b > s && line[b - 1] != ' ' && line[b - 1] != '\t')
		b--;
	if ((c = fg_color_parse(line + b, n - b)) == FG_NOCOLOR)
		return 0;
	n = b;
	while (n > s && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	if (tab == NULL) {
		if (n != s)
			return 0;
		a->def = c;
	} else {
		if (n == s)
			return 0;
		if (*tab == NULL)
			*tab = fg_stab_new(1);
		fg_stab_get(*tab, line + s, n - s)->aux = c;
	}
	a->any = 1;
	return 1;
}

void
fg_annot_apply(const struct fg_annot *a, struct fg_tree *t)
{
	struct fg_ent *e;
	size_t i;
	uint32_t id;

	if (!a->any)
		return;
	for (i = 1; i < t->nn; i++) {
		if (a->names != NULL && (e = fg_stab_find(a->names,
		    t->n[i].name, t->n[i].nlen)) != NULL)
			t->n[i].color = e->aux;
		else if (a->def != FG_NOCOLOR)
			t->n[i].color = a->def;
	}
	if (a->paths == NULL)
		return;
	for (e = fg_stab_first(a->paths); e != NULL; e = e->next)
		if ((id = fg_tree_find(t, fg_ent_key(a->paths, e), e->len)) !=
		    FG_NONE)
			t->n[id].color = e->aux;
}

void
fg_colorcfg_write_header(const struct fg_colorcfg *cfg, int ncols)
{
	char zbuf[32], mbuf[32], dbuf[32];
	int mode = cfg->nz.mode == FG_MODE_STREAM ? FG_MODE_ABSOLUTE :
	    cfg->nz.mode;

	snprintf(zbuf, sizeof(zbuf), "%g", cfg->zcrit);
	snprintf(mbuf, sizeof(mbuf), "%g", cfg->minchg);
	snprintf(dbuf, sizeof(dbuf), "%.4g", cfg->nz.drift);
	if (ncols == 2)
		fg_out_header("fg-color", "kind", "diff", "mode",
		    fg_mode_name(mode), "drift", mode == FG_MODE_ABSOLUTE &&
		    cfg->nz.drift != 1 ? dbuf : NULL, "delta",
		    cfg->selfdelta ? "self" : "total", "zcrit", zbuf,
		    "min-change", mbuf, "negate", cfg->negate ? "1" : NULL,
		    "colorblind", cfg->cb ? "1" : NULL, "diffusion",
		    cfg->diffusion ? "1" : NULL, (const char *)NULL);
	else
		fg_out_header("fg-color", "kind", "profile", "palette",
		    fg_pal_name(cfg->pal), "hash", cfg->hash ? "1" : NULL,
		    "diffusion", cfg->diffusion ? "1" : NULL, (const char *)NULL);
}

/* A number from the header, or def when absent or not a number >= 0. */
static double
hnum(const char *h, const char *key, double def)
{
	char *v, *end;
	double x;

	if ((v = fg_header_get(h, key)) == NULL)
		return def;
	x = strtod(v, &end);
	if (end == v || *end != '\0' || !(x >= 0) || isinf(x))
		x = def;
	free(v);
	return x;
}

static int
hflag(const char *h, const char *key)
{
	char *v = fg_header_get(h, key);

	free(v);
	return v != NULL;
}

int
fg_colorcfg_read_header(struct fg_colorcfg *cfg, const char *line,
    size_t len)
{
	char *h, *v;

	if (len < 11 || memcmp(line, "# fg-color ", 11) != 0)
		return 0;
	h = fg_malloc(len + 1);		/* lines need not end in a NUL */
	memcpy(h, line, len);
	h[len] = '\0';
	if ((v = fg_header_get(h, "palette")) != NULL && fg_pal_parse(v) >= 0)
		cfg->pal = fg_pal_parse(v);
	free(v);
	if ((v = fg_header_get(h, "mode")) != NULL && fg_mode_parse(v) > 0)
		cfg->nz.mode = fg_mode_parse(v);
	free(v);
	cfg->nz.drift = hnum(h, "drift", 1);
	if (!(cfg->nz.drift > 0))
		cfg->nz.drift = 1;
	if ((v = fg_header_get(h, "delta")) != NULL)
		cfg->selfdelta = strcmp(v, "self") == 0;
	free(v);
	cfg->hash = hflag(h, "hash");
	cfg->negate = hflag(h, "negate");
	cfg->cb = hflag(h, "colorblind");
	cfg->diffusion = hflag(h, "diffusion");
	cfg->zcrit = hnum(h, "zcrit", cfg->zcrit);
	cfg->minchg = hnum(h, "min-change", cfg->minchg);
	free(h);
	return 1;
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
fg_annot_write_names(const struct fg_tree *t)
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
fg_annot_write_paths(const struct fg_tree *t, uint32_t neutral)
{
	size_t *off, plen = 0, pcap = 256;
	char *path;
	uint32_t id;
	const struct fg_node *n;

	off = fg_calloc((size_t)t->maxdepth + 2, sizeof(*off));
	path = fg_malloc(pcap);
	fg_out_str("# color-default");
	out_color(neutral);
	for (id = fg_tree_next(t, 0, 1); id != FG_NONE;
	    id = fg_tree_next(t, id, 1)) {
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
