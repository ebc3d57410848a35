/* SPDX-License-Identifier: ISC */
/*
 * verdict.c: the one verdict on a diff's frame (color.h): the colours'
 * decision (color.c: the noise test over all frames, Holm at --alpha, and
 * the threshold, fg_over), and the rule that greys a frame whose counts
 * changed; the deepest failing frames, for the gate that names them.
 * fg-color and fg-svg colour by it, fg-svg's hover and table say it,
 * fg-top's gate fails on it: one decision, whatever shows it.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "color.h"

double
fg_verdict_zmdc(const struct fg_colorcfg *cfg)
{
	return cfg->zmdc;
}

void
fg_verdict_frame(const struct fg_colorcfg *cfg, const struct fg_cframe *f,
    struct fg_fverdict *v)
{
	double b, a, u;

	memset(v, 0, sizeof(*v));
	fg_color_sides(cfg, f, &b, &a);
	v->kind = fg_color_kind_of(cfg, f, &u);
	v->delta = fg_noise_delta(&cfg->nz, b, a);
	v->z = f->root ? 0 : fg_noise_z(&cfg->nz, b, a);
	v->mdc = fg_noise_mdc(&cfg->nz, b, a, cfg->zmdc);
	if (v->kind != FG_DK_SAME)
		v->why = FG_WHY_REAL;
	else if (f->root || v->delta == 0)
		v->why = FG_WHY_SAME;
	else if (cfg->minchg > 0 && !fg_over(v->delta, cfg->minchg))
		v->why = FG_WHY_UNDER;
	else
		v->why = FG_WHY_NOISE;
}

int
fg_verdict_fails(const struct fg_fverdict *v, int both)
{
	if (v->kind == FG_DK_GREW || v->kind == FG_DK_NEW)
		return 1;
	return both && v->kind == FG_DK_SHRANK;
}

size_t
fg_verdict_deepest(const size_t *parent, const unsigned char *fails,
    size_t n, unsigned char *deep)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		deep[i] = fails[i] != 0;
	for (i = 1; i < n; i++)
		if (fails[i] && parent[i] < i)
			deep[parent[i]] = 0;
	for (i = 0; i < n; i++)
		k += deep[i];
	return k;
}
