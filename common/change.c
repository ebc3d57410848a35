/* SPDX-License-Identifier: ISC */
/*
 * change.c: classify the functions of a differential profile (change.h):
 * how much each changed in the mode in force, whether beyond noise, and
 * the ranked lists of regressions and improvements.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "change.h"

void
fg_changes_init(struct fg_changes *cs)
{
	memset(cs, 0, sizeof(*cs));
}

void
fg_changes_add(struct fg_changes *cs, const char *name, size_t len,
    double before, double after)
{
	struct fg_chg *c;

	if (cs->n == cs->cap) {
		cs->cap = cs->cap ? cs->cap * 2 : 64;
		cs->v = fg_reallocarray(cs->v, cs->cap, sizeof(*cs->v));
	}
	c = &cs->v[cs->n++];
	memset(c, 0, sizeof(*c));
	c->name = name;
	c->len = len;
	c->c[0] = before;
	c->c[1] = after;
}

static int
kindof(const struct fg_chg *c)
{
	if (c->c[0] == 0 && c->c[1] > 0)
		return FG_CHG_NEW;
	if (c->c[1] == 0 && c->c[0] > 0)
		return FG_CHG_GONE;
	if (c->delta > 0)
		return FG_CHG_GREW;
	if (c->delta < 0)
		return FG_CHG_SHRANK;
	return FG_CHG_SAME;
}

/* qsort has no argument: the table being ranked. */
static const struct fg_chg *rankv;

/* Largest |delta| first, then name. */
static int
cmprank(const void *x, const void *y)
{
	const struct fg_chg *a = &rankv[*(const size_t *)x];
	const struct fg_chg *b = &rankv[*(const size_t *)y];
	double da = fabs(a->delta), db = fabs(b->delta);

	if (da != db)
		return da > db ? -1 : 1;
	return fg_keycmp(a->name, a->len, b->name, b->len);
}

static void
rank(const struct fg_changes *cs, size_t *idx, size_t n)
{
	rankv = cs->v;
	qsort(idx, n, sizeof(*idx), cmprank);
}

static void
lists(struct fg_changes *cs)
{
	const struct fg_chg *c;
	size_t i;

	cs->reg = fg_reallocarray(NULL, cs->n + 1, sizeof(size_t));
	cs->imp = fg_reallocarray(NULL, cs->n + 1, sizeof(size_t));
	cs->noise = fg_reallocarray(NULL, cs->n + 1, sizeof(size_t));
	for (i = 0; i < cs->n; i++) {
		c = &cs->v[i];
		if (!c->sig && c->delta != 0)
			cs->noise[cs->nnoise++] = i;
		else if (c->sig && (c->kind == FG_CHG_GREW ||
		    c->kind == FG_CHG_NEW))
			cs->reg[cs->nreg++] = i;
		else if (c->sig && (c->kind == FG_CHG_SHRANK ||
		    c->kind == FG_CHG_GONE))
			cs->imp[cs->nimp++] = i;
	}
	rank(cs, cs->reg, cs->nreg);
	rank(cs, cs->imp, cs->nimp);
	rank(cs, cs->noise, cs->nnoise);
}

void
fg_changes_classify(struct fg_changes *cs, struct fg_noise *nz,
    int dispersion)
{
	double *z, *a, *b;
	unsigned char *sig;
	size_t i, n = cs->n;
	struct fg_chg *c;

	cs->mode = nz->mode;
	cs->tot[0] = nz->tot[0];
	cs->tot[1] = nz->tot[1];
	z = fg_reallocarray(NULL, n + 1, sizeof(*z));
	a = fg_reallocarray(NULL, n + 1, sizeof(*a));
	b = fg_reallocarray(NULL, n + 1, sizeof(*b));
	sig = fg_malloc(n + 1);
	for (i = 0; i < n; i++) {
		a[i] = cs->v[i].c[0];
		b[i] = cs->v[i].c[1];
	}
	/* measured always (fg-top warns), applied with --drift auto */
	cs->driftm = fg_drift(nz, a, b, n, &cs->driftn);
	fg_noise_drift(nz, a, b, n);
	cs->drift = nz->mode == FG_MODE_ABSOLUTE ? nz->drift : 1;
	for (i = 0; i < n; i++) {
		c = &cs->v[i];
		c->share[0] = fg_noise_share(nz, c->c[0], 0);
		c->share[1] = fg_noise_share(nz, c->c[1], 1);
		c->delta = c->share[1] - c->share[0];
		c->rel = c->share[0] > 0 ? c->share[1] / c->share[0] - 1 : 0;
		z[i] = c->z = fg_noise_z(nz, c->c[0], c->c[1]);
		a[i] = c->c[0] * nz->scale[0];
		b[i] = c->c[1] * nz->scale[1];
	}
	fg_noise_verdicts(nz, z, n, sig, cs->test, sizeof(cs->test));
	for (i = 0; i < n; i++) {
		cs->v[i].sig = sig[i];
		cs->v[i].kind = kindof(&cs->v[i]);
	}
	cs->phi = dispersion ? fg_dispersion(a, b, n, nz->tot[0] *
	    nz->scale[0], nz->tot[1] * nz->scale[1]) : 0;
	free(z);
	free(a);
	free(b);
	free(sig);
	lists(cs);
}

double
fg_changes_totchange(const struct fg_changes *cs)
{
	return cs->tot[0] > 0 ? cs->tot[1] / cs->tot[0] - 1 : 0;
}

void
fg_changes_free(struct fg_changes *cs)
{
	free(cs->v);
	free(cs->reg);
	free(cs->imp);
	free(cs->noise);
	fg_changes_init(cs);
}
