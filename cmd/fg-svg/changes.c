/* SPDX-License-Identifier: ISC */
/*
 * changes.c: what the headline and the table of largest changes of a
 * differential SVG say: the functions' self counts before and after,
 * classified by common/change.c exactly as fg-top classifies them (same
 * noise test, same ranking), so the picture and fg-top agree.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "change.h"
#include "svg.h"

/*
 * Self counts by function name, over every node of the tree, in sc->self
 * (two per name, the entry's aux - 1 indexing them); the period of the
 * counts into p.
 */
static void
byname(struct svg_changes *sc, const struct fg_tree *t, struct fg_period *p,
    int neg)
{
	struct fg_ent *e;
	size_t i, cap = 0, n = 0;
	fg_count c;
	int k;

	memset(p, 0, sizeof(*p));
	sc->tab = fg_stab_new(0);
	for (i = 1; i < t->nn; i++) {
		const struct fg_node *nd = &t->n[i];

		if (nd->self[0] == 0 && nd->self[1] == 0)
			continue;
		e = fg_stab_get_ref(sc->tab, nd->name, nd->nlen);
		if (e->aux == 0) {
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				sc->self = fg_reallocarray(sc->self, cap,
				    2 * sizeof(double));
			}
			sc->self[2 * n] = sc->self[2 * n + 1] = 0;
			e->aux = (uint32_t)++n;
		}
		for (k = 0; k < 2; k++) {
			sc->self[2 * (e->aux - 1) + k] += nd->self[k ^ neg];
			if (nd->self[k ^ neg] > 0 &&
			    fg_count_from_dbl(nd->self[k ^ neg], &c) == 0)
				fg_period_add(p, k, c);
		}
	}
}

void
svg_changes(struct svg_changes *sc, const struct svg_opts *o,
    const struct fg_tree *t)
{
	struct fg_period p;
	struct fg_ent *e;
	int neg = o->cc.negate ? 1 : 0;

	memset(sc, 0, sizeof(*sc));
	fg_changes_init(&sc->cs);
	if (t == NULL || t->ncols != 2)
		return;
	/* --negate: the current profile is the "before", as in the colours */
	byname(sc, t, &p, neg);
	/* the colours' noise test, set up once (its warnings said once) */
	sc->nz = o->cc.nz;
	if (sc->nz.tot[0] == 0 && sc->nz.tot[1] == 0)
		fg_noise_setup(&sc->nz, o->cc.header, "input",
		    t->n[0].tot[neg], t->n[0].tot[1 - neg], &p);
	sc->period = fg_period_get(&p);
	for (e = fg_stab_first(sc->tab); e != NULL; e = e->next)
		fg_changes_add(&sc->cs, fg_ent_key(sc->tab, e), e->len,
		    sc->self[2 * (e->aux - 1)], sc->self[2 * (e->aux - 1) + 1]);
	fg_changes_classify(&sc->cs, &sc->nz, 1);
	sc->ok = 1;
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
