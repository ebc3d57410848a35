/* SPDX-License-Identifier: ISC */
/*
 * color.c: the colour settings shared by fg-color and fg-svg (options),
 * and the differential colours: a frame's change in the comparison mode in
 * force (stats.h), neutral when within noise (the test fg-top makes) or
 * below the --min-change floor; grew red, shrank blue, intensity by
 * sqrt(|d| / max |d|); new frames (no baseline samples) purple.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "color.h"
#include "flame.h"

#define RGB(r, g, b) (((uint32_t)(r) << 16) | ((uint32_t)(g) << 8) | \
    (uint32_t)(b))

void
fg_colorcfg_init(struct fg_colorcfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	fg_noise_init(&cfg->nz);
	cfg->pal = FG_PAL_HOT;
	cfg->zcrit = FG_Z_DEFAULT;
	cfg->minchg = FG_MINCHG_DEFAULT;
}

int
fg_colorcfg_opt(struct fg_colorcfg *cfg, int c, const char *arg)
{
	char *end;

	if (fg_noise_opt(&cfg->nz, c, arg))
		return 1;
	switch (c) {
	case FG_OPT_COLORS:
		if ((cfg->pal = fg_pal_parse(arg)) < 0)
			fg_errx(FG_EXIT_ERR, "unknown palette: %s", arg);
		return 1;
	case FG_OPT_HASH:
		cfg->hash = 1;
		return 1;
	case FG_OPT_DIFFUSION:
		cfg->diffusion = 1;
		return 1;
	case FG_OPT_BASE:
		fg_fold_base(arg);
		return 1;
	case FG_OPT_CP:
		if (cfg->pmfile == NULL)
			cfg->pmfile = "palette.map";
		return 1;
	case FG_OPT_PALFILE:
		cfg->pmfile = arg;
		return 1;
	case FG_OPT_NEGATE:
		cfg->negate = 1;
		return 1;
	case FG_OPT_SELF:
		cfg->selfdelta = 1;
		return 1;
	case FG_OPT_TOTALDELTA:
		cfg->selfdelta = 0;
		return 1;
	case FG_OPT_CB:
		cfg->cb = 1;
		return 1;
	case FG_OPT_ZCRIT:
		errno = 0;
		cfg->zcrit = strtod(arg, &end);
		if (errno != 0 || end == arg || *end != '\0' ||
		    !(cfg->zcrit >= 0) || isinf(cfg->zcrit))
			fg_errx(FG_EXIT_ERR, "--zcrit: not a number >= 0: %s",
			    arg);
		return 1;
	case FG_OPT_ALL:
		cfg->zcrit = 0;
		cfg->minchg = 0;
		return 1;
	case FG_OPT_MINCHG:
		errno = 0;
		cfg->minchg = strtod(arg, &end);
		if (errno != 0 || end == arg || *end != '\0' ||
		    !(cfg->minchg >= 0) || !(cfg->minchg <= 100))
			fg_errx(FG_EXIT_ERR, "--min-change: not a number from "
			    "0 to 100: %s", arg);
		return 1;
	}
	return 0;
}

void
fg_colorcfg_free(struct fg_colorcfg *cfg)
{
	fg_pmap_free(cfg);
	free(cfg->sig);
	cfg->sig = NULL;
	free(cfg->isnew);
	cfg->isnew = NULL;
}

/* ---- diff colours ---- */

uint32_t
fg_color_neutral(const struct fg_colorcfg *cfg)
{
	(void)cfg;
	return RGB(221, 221, 221);
}

uint32_t
fg_color_new(const struct fg_colorcfg *cfg)
{
	return cfg->cb ? RGB(240, 228, 66) : RGB(153, 102, 255);
}

static uint32_t
mix(uint32_t a, uint32_t b, double u)
{
	int k, sh;
	uint32_t c = 0;

	for (k = 0; k < 3; k++) {
		sh = 16 - 8 * k;
		double x = ((a >> sh) & 255) * (1 - u) + ((b >> sh) & 255) * u;

		c |= (uint32_t)lround(x) << sh;
	}
	return c;
}

uint32_t
fg_color_scale(const struct fg_colorcfg *cfg, double t, int sign)
{
	double u = t > 1 ? 1 : (t < 0 ? 0 : sqrt(t));

	if (cfg->cb)
		return sign > 0 ? mix(RGB(255, 214, 180), RGB(213, 94, 0), u) :
		    mix(RGB(198, 224, 245), RGB(0, 114, 178), u);
	return sign > 0 ? mix(RGB(255, 205, 205), RGB(230, 25, 25), u) :
	    mix(RGB(205, 210, 255), RGB(30, 60, 230), u);
}

struct dv {
	double b, a, d;
	int sig;
};

/* A node's count before and after, from the point of view in force. */
static void
sides(const struct fg_colorcfg *cfg, const struct fg_node *n, double *b,
    double *a)
{
	int k = cfg->negate ? 1 : 0;

	*b = cfg->selfdelta && n->parent != FG_NONE ? n->self[k] : n->tot[k];
	*a = cfg->selfdelta && n->parent != FG_NONE ? n->self[1 - k] :
	    n->tot[1 - k];
}

static void
nodedelta(const struct fg_colorcfg *cfg, const struct fg_tree *t,
    const struct fg_node *n, struct dv *v)
{
	sides(cfg, n, &v->b, &v->a);
	v->d = fg_noise_delta(&cfg->nz, v->b, v->a);
	/* the noise test's verdict (fg_color_prepare ran it) */
	v->sig = cfg->zcrit <= 0 ? v->d != 0 : cfg->sig[n - t->n];
	/* and large enough to matter: points in the mode in force */
	if (v->sig && cfg->minchg > 0 && fabs(v->d) * 100 < cfg->minchg)
		v->sig = 0;
}

/*
 * The drift between the runs, with --drift auto (stats.h): measured over
 * the frames' self counts, which partition each side as fg-top's functions
 * do.
 */
static void
framedrift(struct fg_colorcfg *cfg, const struct fg_tree *t)
{
	double *a, *b;
	size_t i, n = t->nn;
	int k = cfg->negate ? 1 : 0;

	if (!cfg->nz.driftauto)
		return;
	a = fg_reallocarray(NULL, n + 1, sizeof(*a));
	b = fg_reallocarray(NULL, n + 1, sizeof(*b));
	for (i = 1; i < n; i++) {
		a[i - 1] = t->n[i].self[k];
		b[i - 1] = t->n[i].self[1 - k];
	}
	fg_noise_drift(&cfg->nz, a, b, n > 0 ? n - 1 : 0);
	free(a);
	free(b);
}

/*
 * The noise test, fg-top's (stats.h): the mode and the samples behind
 * the counts from the options, the stream's header or the period detected
 * in the counts; each frame's change tested, Holm's procedure over all the
 * frames keeping the chance of any false colour at the level --zcrit names
 * for one test (0.001 for 3.29). Run-to-run variation beyond sampling
 * noise is left to the --min-change floor (see nodedelta) and --drift.
 */
static void
noisetest(struct fg_colorcfg *cfg, const struct fg_tree *t)
{
	struct fg_period p;
	fg_count c;
	double *z, tb, ta, x0, x1;
	char desc[128];
	size_t i, n = t->nn;
	int k;

	memset(&p, 0, sizeof(p));
	for (i = 1; i < n; i++)
		for (k = 0; k < 2; k++)
			if (t->n[i].self[k] > 0 &&
			    fg_count_from_dbl(t->n[i].self[k], &c) == 0)
				fg_period_add(&p, k, c);
	sides(cfg, &t->n[0], &tb, &ta);
	fg_noise_setup(&cfg->nz, cfg->header, "input", tb, ta, &p);
	framedrift(cfg, t);
	cfg->nz.zcrit = 0;
	cfg->nz.alpha = fg_pvalue(cfg->zcrit);
	z = fg_reallocarray(NULL, n, sizeof(*z));
	z[0] = 0;
	for (i = 1; i < n; i++) {
		sides(cfg, &t->n[i], &x0, &x1);
		z[i] = fg_noise_z(&cfg->nz, x0, x1);
	}
	free(cfg->sig);
	cfg->sig = fg_malloc(n);
	fg_noise_verdicts(&cfg->nz, z, n, cfg->sig, desc, sizeof(desc));
	free(z);
}

/*
 * New code: a frame absent before is purple when its own change is real
 * (beyond noise and the floor), and so is everything under such a frame,
 * however small: a child of new code is new by definition. A parent's
 * index is below its children's, so one pass in index order settles it.
 */
static void
newcode(struct fg_colorcfg *cfg, const struct fg_tree *t)
{
	const struct fg_node *n;
	struct dv v;
	size_t i;
	int kb = cfg->negate ? 1 : 0;

	free(cfg->isnew);
	cfg->isnew = fg_calloc(t->nn + 1, 1);
	for (i = 1; i < t->nn; i++) {
		n = &t->n[i];
		if (n->tot[kb] != 0 || !(n->tot[1 - kb] > 0))
			continue;
		if (n->parent != FG_NONE && cfg->isnew[n->parent])
			cfg->isnew[i] = 1;
		else {
			nodedelta(cfg, t, n, &v);
			cfg->isnew[i] = v.sig != 0;
		}
	}
}

void
fg_color_prepare(struct fg_colorcfg *cfg, const struct fg_tree *t)
{
	struct dv v;
	double tb, ta;
	size_t i;

	cfg->dmax = 0;
	if (t->ncols == 1)
		return;
	if (cfg->zcrit > 0)
		noisetest(cfg, t);
	else {
		sides(cfg, &t->n[0], &tb, &ta);
		fg_noise_setup(&cfg->nz, cfg->header, "input", tb, ta, NULL);
		framedrift(cfg, t);
	}
	for (i = 1; i < t->nn; i++) {
		nodedelta(cfg, t, &t->n[i], &v);
		if (v.b > 0 && fabs(v.d) > cfg->dmax)
			cfg->dmax = fabs(v.d);
	}
	newcode(cfg, t);
}

int
fg_color_kind(const struct fg_colorcfg *cfg, const struct fg_tree *t,
    const struct fg_node *n, double *u)
{
	struct dv v;
	int kb = cfg->negate ? 1 : 0;

	*u = 0;
	if (t->ncols != 2)
		return FG_DK_SAME;
	/* new, unless a few samples that noise explains (see newcode) */
	if (n->tot[kb] == 0 && n->tot[1 - kb] > 0)
		return cfg->isnew != NULL && cfg->isnew[n - t->n] ?
		    FG_DK_NEW : FG_DK_SAME;
	nodedelta(cfg, t, n, &v);
	if (!v.sig || v.d == 0 || cfg->dmax == 0)
		return FG_DK_SAME;
	*u = fabs(v.d) / cfg->dmax;
	return v.d > 0 ? FG_DK_GREW : FG_DK_SHRANK;
}

uint32_t
fg_color_node(struct fg_colorcfg *cfg, const struct fg_tree *t,
    const struct fg_node *n)
{
	double all = t->n[0].tot[t->ncols - 1], u;
	int k;

	/* inferno's --colordiffusion: red growing with the square root */
	if (cfg->diffusion && all > 0)
		return fg_color_scale(cfg, n->tot[t->ncols - 1] / all, 1);
	if (t->ncols == 1 && cfg->gone && t->n[0].tot[0] > 0)
		return fg_color_scale(cfg, n->tot[0] / t->n[0].tot[0], -1);
	if (t->ncols == 1)
		return fg_color_name(cfg, n->name, n->nlen);
	if (n->nlen == 2 && memcmp(n->name, "--", 2) == 0)
		return RGB(160, 160, 160);
	if (n->nlen == 1 && n->name[0] == '-')
		return RGB(200, 200, 200);
	k = fg_color_kind(cfg, t, n, &u);
	if (k == FG_DK_NEW)
		return fg_color_new(cfg);
	if (k == FG_DK_SAME)
		return fg_color_neutral(cfg);
	return fg_color_scale(cfg, u, k == FG_DK_GREW ? 1 : -1);
}

void
fg_color_tree(struct fg_colorcfg *cfg, struct fg_tree *t)
{
	size_t i;

	fg_color_prepare(cfg, t);
	for (i = 0; i < t->nn; i++)
		t->n[i].color = fg_color_node(cfg, t, &t->n[i]);
}

