/* SPDX-License-Identifier: ISC */
/*
 * fnfold.c: a profile's stacks folded into its functions, every call site
 * merged, and the functions ranked (see sum.h): fg-top's tables and
 * fg-svg's cost map count and order them alike.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"

void
fg_fnfold_init(struct fg_fnfold *f, int flags)
{
	memset(f, 0, sizeof(*f));
	f->tab = fg_stab_new(FG_FN_NCOL);
	f->flags = flags;
}

/* A new stack: forget every "seen in this stack" mark when gen wraps. */
static void
newmark(struct fg_fnfold *f)
{
	struct fg_ent *e;

	if (++f->gen != 0)
		return;
	for (e = fg_stab_first(f->tab); e != NULL; e = e->next)
		e->aux = 0;
	f->gen = 1;
}

int
fg_fnfold_add(struct fg_fnfold *f, const char *key, size_t len,
    const fg_count *c, int ncols)
{
	const char *p = key, *end = key + len, *semi;
	struct fg_ent *e, *leaf = NULL;
	int k;

	newmark(f);
	for (;;) {
		semi = memchr(p, ';', (size_t)(end - p));
		if (semi == NULL)
			semi = end;
		if (semi > p || !(f->flags & FG_FN_NOEMPTY)) {
			e = fg_stab_get(f->tab, p, (size_t)(semi - p));
			/* once a stack in its total, however it recurses */
			if (e->aux != f->gen) {
				e->aux = f->gen;
				for (k = 0; k < ncols; k++)
					if (fg_count_add(&e->c[FG_FN_TOTAL(k)],
					    c[k]) < 0)
						return -1;
			}
			if (leaf == NULL || !(f->flags & FG_FN_LEAFFIRST))
				leaf = e;
		}
		if (semi == end)
			break;
		p = semi + 1;
	}
	for (k = 0; leaf != NULL && k < ncols; k++)
		if (fg_count_add(&leaf->c[FG_FN_SELF(k)], c[k]) < 0)
			return -1;
	return 0;
}

int
fg_fnfold_join(struct fg_fnfold *f, struct fg_fnfold *g)
{
	struct fg_ent *e, *d;
	int k, r = 0;

	for (e = fg_stab_first(g->tab); e != NULL && r == 0; e = e->next) {
		d = fg_stab_get(f->tab, fg_ent_key(g->tab, e), e->len);
		for (k = 0; k < FG_FN_NCOL; k++)
			if (fg_count_add(&d->c[k], e->c[k]) < 0)
				r = -1;
	}
	fg_fnfold_free(g);
	return r;
}

/* fg_fnfold_rank's columns, for its comparison (qsort has no argument). */
static int rankby, rankthen;

static int
cmprank(const void *x, const void *y)
{
	const struct fg_ent *a = *(struct fg_ent *const *)x;
	const struct fg_ent *b = *(struct fg_ent *const *)y;
	int c;

	if ((c = fg_count_cmp(b->c[rankby], a->c[rankby])) != 0)
		return c;
	if ((c = fg_count_cmp(b->c[rankthen], a->c[rankthen])) != 0)
		return c;
	return fg_keycmp(a->key, a->len, b->key, b->len);
}

struct fg_ent **
fg_fnfold_rank(const struct fg_fnfold *f, int by, int then, size_t *n)
{
	struct fg_ent **v, *e;
	size_t i = 0;

	v = fg_reallocarray(NULL, fg_stab_count(f->tab) + 1, sizeof(*v));
	for (e = fg_stab_first(f->tab); e != NULL; e = e->next)
		v[i++] = e;
	rankby = by;
	rankthen = then;
	qsort(v, i, sizeof(*v), cmprank);
	*n = i;
	return v;
}

void
fg_fnfold_free(struct fg_fnfold *f)
{
	if (f->tab != NULL)
		fg_stab_free(f->tab);
	f->tab = NULL;
}
