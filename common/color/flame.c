/* SPDX-License-Identifier: ISC */
/*
 * flame.c: what fg-color's frame tree (cmd/fg-color/main.c) and fg-svg's
 * one-pass layout (cmd/fg-svg/flow.c) share in reading sorted stacks: how
 * many frames a stack shares with the one before it, and where its own
 * frames start.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "color.h"

/*
 * Frames shared with the previous stack are found by one byte comparison:
 * frame d is the same when it ends (in the previous stack) inside the
 * common prefix, or right at its end where this stack also ends or has a
 * ';'.
 */
size_t
fg_path_shared(const char *stack, size_t len, const char *prev,
    size_t prevlen, const size_t *pathend, size_t pathlen)
{
	size_t m, d = 1;

	if (len == 0)
		return 1;	/* no frames, though an empty first frame ends at 0 */
	m = fg_commonlen(stack, prev, len < prevlen ? len : prevlen);
	while (d < pathlen && (pathend[d] < m || (pathend[d] == m &&
	    (m == len || stack[m] == ';'))))
		d++;
	return d;
}

size_t
fg_path_rest(size_t d, const size_t *pathend, size_t len)
{
	if (d <= 1)
		return 0;
	return pathend[d - 1] >= len ? len : pathend[d - 1] + 1;
}

/*
 * inorder: reads the stacks of folded inputs as one stream, in input
 * order, each record to the caller (inorder).
 */
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

/*
 * annot-read: reads the colour annotation lines, fg-elide's kept paths
 * and fg-color's header line (color.h) back, for fg-svg; annot-write
 * and fg-elide write them.
 */
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
	if (a->kept != NULL)
		fg_stab_free(a->kept);
	fg_annot_init(a);
}

/*
 * The kind of annotation line[0..len): its words and a space, and more
 * after them (their length in *skip); -1 when it is none.
 */
static int
annot_kind(const char *line, size_t len, size_t *skip)
{
	static const char *const kw[] = FG_ANNOT_KW;
	size_t k, n;

	for (k = 0; k < sizeof(kw) / sizeof(kw[0]); k++) {
		n = strlen(kw[k]);
		if (len > n + 1 && memcmp(line, kw[k], n) == 0 &&
		    line[n] == ' ') {
			*skip = n + 1;
			return (int)k;
		}
	}
	return -1;
}

int
fg_annot_line(struct fg_annot *a, const char *line, size_t len)
{
	struct fg_stab **tab;
	size_t n = len, b, s;
	uint32_t c;
	int kind;

	if ((kind = annot_kind(line, len, &s)) < 0)
		return 0;
	tab = kind == FG_ANNOT_NAME ? &a->names : kind == FG_ANNOT_PATH ?
	    &a->paths : kind == FG_ANNOT_KEPT ? &a->kept : NULL;
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
	double z, a;

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
	/* the noise test: zcrit= (a fixed |z|; 0: none), else alpha= */
	z = hnum(h, "zcrit", -1);
	a = hnum(h, "alpha", 0);
	if (z >= 0)
		fg_noise_zcrit(&cfg->nz, z);
	else if (a > 0 && a < 1)
		fg_colorcfg_alpha(cfg, a);
	cfg->minchg = hnum(h, "min-change", cfg->minchg);
	free(h);
	return 1;
}

/*
 * annot-write: writes the colour annotation lines and fg-color's header
 * line (color.h); annot-read reads them back.
 */
void
fg_annot_write_header(const struct fg_colorcfg *cfg, int ncols)
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

void
fg_annot_write(enum fg_annot_kind kind, const char *s, size_t len,
    uint32_t c)
{
	static const char *const kw[] = FG_ANNOT_KW;
	char buf[8];

	fg_out_str(kw[kind]);
	if (kind != FG_ANNOT_DEFAULT) {
		fg_out_char(' ');
		fg_out_write(s, len);
	}
	fg_color_fmt(buf, c);
	fg_out_char(' ');
	fg_out_write(buf, 7);
	fg_out_char('\n');
}
