/* SPDX-License-Identifier: ISC */
/*
 * annot.c: fg-svg reads the colour annotation lines (# color-default,
 * # color-name, # color-path, fg-elide's # color-kept) and fg-color's header line (annot.h);
 * fg-color writes them (cmd/fg-color/annotfmt.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "annot.h"

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

/* "# color-kept PATH": fg-elide's, the path and its callers still run. */
static int
keptline(struct fg_annot *a, const char *line, size_t len)
{
	static const char pk[] = "# color-kept ";
	size_t s = sizeof(pk) - 1;

	if (len <= s || memcmp(line, pk, s) != 0)
		return 0;
	while (len > s && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	if (len == s)
		return 1;
	if (a->kept == NULL)
		a->kept = fg_stab_new(1);
	(void)fg_stab_get(a->kept, line + s, len - s);
	return 1;
}

int
fg_annot_line(struct fg_annot *a, const char *line, size_t len)
{
	static const char pd[] = "# color-default ", pn[] = "# color-name ",
	    pp[] = "# color-path ";
	struct fg_stab **tab;
	size_t n = len, b, s;
	uint32_t c;

	if (keptline(a, line, len))
		return 1;
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
