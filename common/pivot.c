/* SPDX-License-Identifier: ISC */
/*
 * pivot.c: the pivot that splits a stack table's keys between two sorting
 * threads (stab.h), for fg-collapse's output and intern.c's two tables:
 * a key from an even sample of the tables, sorted.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "pivot.h"

struct sample {
	struct fg_ent *e[FG_PIVOT_MAX];
	struct fg_sortitem v[FG_PIVOT_MAX];
	size_t n;
};

/*
 * Makes s->v[i] the item of entry s->e[i] for i in [lo, hi), all from a
 * table with prefix pfx: its whole key, copied to *at when it was kept
 * without the prefix (*at then moves past it).
 */
static void
items(struct sample *s, size_t lo, size_t hi, const char *pfx, char **at)
{
	struct fg_ent *e;
	size_t i;

	for (i = lo; i < hi; i++) {
		e = s->e[i];
		s->v[i].p = e;
		s->v[i].len = e->aux + e->len;
		s->v[i].key = e->key;
		if (e->aux == 0)
			continue;
		memcpy(*at, pfx, e->aux);
		memcpy(*at + e->aux, e->key, e->len);
		s->v[i].key = *at;
		*at += (size_t)e->aux + e->len;
	}
}

struct fg_ent *
fg_pivot(const struct fg_stab *a, const struct fg_stab *b, size_t k,
    double at)
{
	struct sample *s;
	struct fg_ent *p = NULL;
	size_t na = fg_stab_count(a), nb = b != NULL ? fg_stab_count(b) : 0;
	size_t ka = k, sa, i, room = 1, pl;
	char *buf, *w;

	if (k > FG_PIVOT_MAX)
		k = ka = FG_PIVOT_MAX;
	if (na + nb == 0)
		return NULL;
	if (b != NULL)
		ka = (size_t)((double)k * na / (na + nb));
	s = fg_malloc(sizeof(*s));
	s->n = sa = fg_stab_sample(a, s->e, ka);
	if (b != NULL)
		s->n += fg_stab_sample(b, s->e + sa, k - ka);
	for (i = 0; i < s->n; i++)
		if (s->e[i]->aux > 0)
			room += (size_t)s->e[i]->aux + s->e[i]->len;
	w = buf = fg_malloc(room);
	items(s, 0, sa, fg_stab_prefix(a, &pl), &w);
	if (b != NULL)
		items(s, sa, s->n, fg_stab_prefix(b, &pl), &w);
	if (s->n >= 2) {
		fg_sort_items(s->v, s->n);
		i = (size_t)(at * (double)s->n);
		p = s->v[i < s->n ? i : s->n - 1].p;
	}
	free(buf);
	free(s);
	return p;
}
