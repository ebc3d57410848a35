/* SPDX-License-Identifier: ISC */
/*
 * verdict.c: the one verdict on a diff's frame (color.h): the colours'
 * decision (color.c: the noise test over all frames, Holm at --alpha, and
 * the threshold, fg_over), and the rule that greys a frame whose counts
 * changed; the deepest failing frames, for the gate that names them.
 * fg-color and fg-svg colour by it, fg-svg's hover and table say it,
 * fg-top's gate fails on it: one decision, whatever shows it. And the
 * functions' verdicts by self, fg-top's, for the picture (fnself).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
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
	int byfn;

	memset(v, 0, sizeof(*v));
	fg_color_sides(cfg, f, &b, &a);
	v->kind = fg_color_kind_why(cfg, f, &u, &byfn);
	v->delta = fg_noise_delta(&cfg->nz, b, a);
	v->z = f->root ? 0 : fg_noise_z(&cfg->nz, b, a);
	v->mdc = fg_noise_mdc(&cfg->nz, b, a, cfg->zmdc);
	if (v->kind != FG_DK_SAME)
		v->why = byfn ? FG_WHY_FUNC : FG_WHY_REAL;
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

void
fg_fnself_init(struct fg_fnself *fs)
{
	memset(fs, 0, sizeof(*fs));
	fs->tab = fg_stab_new(0);
}

/*
 * Self counts by name, in the order the names first come: before, after
 * and the frames that held them, three per name.
 */
void
fg_fnself_add(struct fg_fnself *fs, const char *name, size_t nlen,
    const double *self)
{
	struct fg_ent *e;
	int k;

	if (self[0] == 0 && self[1] == 0)
		return;
	e = fg_stab_get(fs->tab, name, nlen);
	if (e->aux == 0) {
		if (fs->n == fs->cap) {
			fs->cap = fs->cap ? fs->cap * 2 : 256;
			fs->self = fg_reallocarray(fs->self, fs->cap,
			    3 * sizeof(double));
		}
		memset(&fs->self[3 * fs->n], 0, 3 * sizeof(double));
		e->aux = (uint32_t)++fs->n;
	}
	for (k = 0; k < 2; k++)
		fs->self[3 * (e->aux - 1) + k] += self[k];
	fs->self[3 * (e->aux - 1) + 2]++;
}

void
fg_fnself_free(struct fg_fnself *fs)
{
	free(fs->self);
	if (fs->tab != NULL)
		fg_stab_free(fs->tab);
	memset(fs, 0, sizeof(*fs));
}

void
fg_verdict_functions(struct fg_colorcfg *cfg, const struct fg_fnself *fs,
    const double *roottot, const struct fg_period *per, struct fg_noise *nz,
    struct fg_changes *cs)
{
	const struct fg_chg *c;
	struct fg_fnv *fv;
	struct fg_ent *e, *fe;
	const double *v;
	int neg = cfg->negate ? 1 : 0;
	size_t i;

	/*
	 * The colours' noise test, set up once (its warnings said once);
	 * its inputs in the stream's order, --negate swapping the sides.
	 */
	*nz = cfg->nz;
	nz->negate = neg;
	if (nz->tot[0] == 0 && nz->tot[1] == 0)
		fg_noise_setup(nz, cfg->header, "input", roottot[0],
		    roottot[1], per);
	/*
	 * No noise test in force (--all-changes, --zcrit 0): the frames
	 * colour every change, so the functions count every change too, as
	 * |z| > 0 (fg-top has no such rule).
	 */
	if (nz->rule == FG_RULE_NONE) {
		nz->rule = FG_RULE_FIXED;
		nz->zcrit = 0;
	}
	for (e = fg_stab_first(fs->tab); e != NULL; e = e->next) {
		v = &fs->self[3 * (e->aux - 1)];
		fg_changes_add(cs, fg_ent_key(fs->tab, e), e->len, v[neg],
		    v[1 - neg]);
	}
	fg_changes_classify(cs, nz, 1);
	if (cfg->nz.rule == FG_RULE_NONE)
		snprintf(cs->test, sizeof(cs->test), "no noise test");
	fg_fnv_free(cfg->fnv);
	cfg->fnv = NULL;
	for (i = 0; i < cs->n; i++) {
		c = &cs->v[i];
		/* as the gate at the same threshold: real and over it */
		if (!c->sig || c->kind == FG_CHG_SAME ||
		    fg_color_underfloor(cfg, c->delta))
			continue;
		if (cfg->fnv == NULL) {
			cfg->fnv = fg_calloc(1, sizeof(*cfg->fnv));
			cfg->fnv->tab = fg_stab_new(0);
		}
		fv = cfg->fnv;
		e = fg_stab_get(fv->tab, c->name, c->len);
		fe = fg_stab_find(fs->tab, c->name, c->len);
		fv->v = fg_reallocarray(fv->v, fv->n + 1, sizeof(*fv->v));
		fv->v[fv->n].dir = c->kind == FG_CHG_GREW ||
		    c->kind == FG_CHG_NEW ? 1 : -1;
		/* one test among its frames (with no test, every change) */
		fv->v[fv->n].z = fg_noise_zfirst(&cfg->nz,
		    (size_t)fs->self[3 * (fe->aux - 1) + 2]);
		e->aux = (uint32_t)++fv->n;
	}
}
