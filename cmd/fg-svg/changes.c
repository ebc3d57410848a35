/* SPDX-License-Identifier: ISC */
/*
 * changes.c: what the headline and the table of largest changes of a
 * differential SVG say: the functions' self counts before and after,
 * classified by common/change.c exactly as fg-top classifies them (same
 * noise test, same ranking), so the picture and fg-top agree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "stats.h"
#include "svg.h"

void
svg_changes_init(struct svg_changes *sc)
{
	memset(sc, 0, sizeof(*sc));
	fg_changes_init(&sc->cs);
	sc->tab = fg_stab_new(0);
}

/*
 * Self counts by function name (two per name, the entry's aux - 1 indexing
 * them), in the order the names first come.
 */
void
svg_changes_add(struct svg_changes *sc, const char *name, size_t nlen,
    const double *self)
{
	struct fg_ent *e;
	int k;

	if (self[0] == 0 && self[1] == 0)
		return;
	e = fg_stab_get(sc->tab, name, nlen);
	if (e->aux == 0) {
		if (sc->n == sc->cap) {
			sc->cap = sc->cap ? sc->cap * 2 : 256;
			sc->self = fg_reallocarray(sc->self, sc->cap,
			    2 * sizeof(double));
		}
		sc->self[2 * sc->n] = sc->self[2 * sc->n + 1] = 0;
		e->aux = (uint32_t)++sc->n;
	}
	for (k = 0; k < 2; k++)
		sc->self[2 * (e->aux - 1) + k] += self[k];
}

void
svg_changes_finish(struct svg_changes *sc, const struct svg_opts *o,
    const double *roottot, const struct fg_period *per)
{
	struct fg_ent *e;
	double *v;
	int neg = o->cc.negate ? 1 : 0;

	/*
	 * The colours' noise test, set up once (its warnings said once);
	 * its inputs in the stream's order, --negate swapping the sides.
	 */
	sc->nz = o->cc.nz;
	sc->nz.negate = neg;
	if (sc->nz.tot[0] == 0 && sc->nz.tot[1] == 0)
		fg_noise_setup(&sc->nz, o->cc.header, "input", roottot[0],
		    roottot[1], per);
	sc->period = fg_period_get(per);
	/*
	 * No noise test in force (--all-changes, --zcrit 0): the frames
	 * colour every change, so the table and the headline count every
	 * change too, as |z| > 0 (fg-top has no such rule).
	 */
	if (sc->nz.rule == FG_RULE_NONE) {
		sc->nz.rule = FG_RULE_FIXED;
		sc->nz.zcrit = 0;
	}
	for (e = fg_stab_first(sc->tab); e != NULL; e = e->next) {
		v = &sc->self[2 * (e->aux - 1)];
		fg_changes_add(&sc->cs, fg_ent_key(sc->tab, e), e->len,
		    v[neg], v[1 - neg]);
	}
	fg_changes_classify(&sc->cs, &sc->nz, 1);
	if (o->cc.nz.rule == FG_RULE_NONE)
		snprintf(sc->cs.test, sizeof(sc->cs.test), "no noise test");
	sc->ok = 1;
}

/*
 * A change fg-top ranks but too small for the frames' colour: the
 * --min-change floor greys a frame whose share moved less, so the table
 * row's square is grey and the headline counts it with the grey ones
 * (new and gone code keep their colour, as their frames do).
 */
int
svg_chg_grey(const struct fg_colorcfg *cc, const struct fg_chg *c)
{
	return c->kind != FG_CHG_NEW && c->kind != FG_CHG_GONE &&
	    fg_color_underfloor(cc, c->delta);
}

void
svg_changes_free(struct svg_changes *sc)
{
	fg_changes_free(&sc->cs);
	free(sc->self);
	if (sc->tab != NULL)
		fg_stab_free(sc->tab);
	memset(sc, 0, sizeof(*sc));
}
