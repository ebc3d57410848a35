/* SPDX-License-Identifier: ISC */
/* fg-color: annotate a profile or differential stream with frame colours. */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "flame.h"

static const char usage[] =
    "fg-color [-c palette] [--hash] [--cp] [--negate] [--self-delta] "
    "[--colorblind] [--zcrit z] [--min-change pct] [file ...]";

static const char help[] =
    "usage: fg-color [options] [file ...]\n"
    "Read a folded profile or differential stream (several files are read\n"
    "as one, as flamegraph.pl reads them) and write it back with\n"
    "colour annotation lines (fg-color(1)) that fg-svg draws with:\n"
    "  # color-name NAME #rrggbb    profiles: one line per function name\n"
    "  # color-default #rrggbb      diffs: unchanged frames\n"
    "  # color-path A;B;C #rrggbb   diffs: each frame that changed\n"
    "Earlier colour lines in the input are replaced.\n"
    "\n"
    FG_COLOR_HELP
    FG_HELP_TAIL;

static const struct fg_opt opts[] = {
	FG_COLOR_OPTS,
	{ NULL, 0, 0 }
};

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
static void
names_out(const struct fg_tree *t)
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
static void
paths_out(const struct fg_tree *t, uint32_t neutral)
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

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_colorcfg cfg;
	struct fg_fold f;
	struct fg_rec r;
	struct fg_tree t;
	struct fg_stab *tab = NULL;
	struct fg_ent *e;
	char **files;
	double c[2];
	int nfiles, ch, k, ncols = 1;

	fg_tool_init(argv[0], usage, help);
	fg_colorcfg_init(&cfg);
	fg_opt_init(&st, argc, argv);
	while ((ch = fg_getopt(&st, opts)) != -1) {
		if (!fg_colorcfg_opt(&cfg, ch, st.arg))
			fg_usage(usage);
	}
	files = fg_opt_files(&st, &nfiles);
	fg_fold_open_list(&f, files, nfiles, FG_KIND_UNKNOWN);
	while (fg_fold_next(&f, &r)) {
		if (tab == NULL) {
			ncols = r.ncols;
			tab = fg_stab_new(ncols);
			fg_tree_init(&t, ncols, 0);
		}
		if (r.ncols != ncols) {
			fg_in_warn(&f.in, "%d counts, but earlier lines had %d",
			    r.ncols, ncols);
			continue;
		}
		fg_tree_counts(&t, &f.in, r.c, c);
		e = fg_stab_get(tab, r.stack, r.len);
		for (k = 0; k < ncols; k++)
			(void)fg_count_add(&e->c[k], r.c[k]);	/* <= total */
		fg_tree_add(&t, r.stack, r.len, c);
	}
	fg_in_warnsummary(&f.in);
	if (f.header != NULL) {
		fg_out_str(f.header);
		fg_out_char('\n');
	}
	cfg.header = f.header;
	if (tab != NULL) {
		fg_tree_finish(&t);
		fg_color_tree(&cfg, &t);
	}
	fg_colorcfg_write_header(&cfg, ncols);
	if (tab != NULL) {
		if (ncols == 2 || cfg.diffusion)	/* a colour per frame */
			paths_out(&t, fg_color_neutral(&cfg));
		else
			names_out(&t);
		for (e = fg_stab_first(tab); e != NULL; e = e->next) {
			fg_out_write(fg_ent_key(tab, e), e->len);
			for (k = 0; k < ncols; k++) {
				fg_out_char(' ');
				fg_out_count(e->c[k]);
			}
			fg_out_char('\n');
		}
		fg_tree_free(&t);
		fg_stab_free(tab);
	}
	fg_fold_close(&f);
	if (cfg.pmfile != NULL)
		fg_pmap_save(&cfg);
	fg_colorcfg_free(&cfg);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
