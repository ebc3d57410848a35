/* SPDX-License-Identifier: ISC */
/*
 * intern-sort.c: the end of the two-table summing (intern.c), its sort: a
 * pivot key from a sample of both tables, the entries split at it into the
 * reading thread's side and the second thread's, and each side sorted.
 */
#include <stdlib.h>
#include <string.h>

#include "intern-priv.h"
#include "pivot.h"

/*
 * The pivot: the key at PIVOT_AT of a sample of both tables. The reading
 * thread sorts and emits the keys below it, then emits the rest, which the
 * second thread has sorted meanwhile. With S the time to sort everything
 * and W to write it, the reading thread is done with its side when the
 * other is done sorting at PIVOT_AT = S / (2S + W); thread CPU times on the
 * service profile give S a little above W. When the second thread formats
 * its side (F to format everything, W now the write(2)s alone), the two
 * finish together at a = (S + F - W) / (2S + 2F): PIVOT_AT2, from
 * thread CPU times on the service pair written to a file.
 */
#define PIVOT_SAMPLE 1024
#define PIVOT_AT 0.36
#define PIVOT_AT2 0.40
/* Fewer entries than this are sorted on the reading thread alone. */
#define PIVOT_MIN 20000

/*
 * Sorts it[lo..hi) (see fg_stab_split): its items gathered by class, each
 * class sorted apart; seg[c]..seg[c + 1] is class c's range.
 */
void
intern_sortside(struct fg_sortitem *it, size_t lo, size_t hi, size_t *seg)
{
	struct fg_sortitem t;
	size_t a = lo, i = lo, b = hi, c;

	while (i < b) {		/* three ways: 0s, 1s, 2s */
		if (it[i].tail == 0) {
			t = it[a], it[a++] = it[i], it[i++] = t;
		} else if (it[i].tail == 2) {
			t = it[--b], it[b] = it[i], it[i] = t;
		} else
			i++;
	}
	seg[0] = lo;
	seg[1] = a;
	seg[2] = b;
	seg[3] = hi;
	for (c = 0; c < 3; c++)
		fg_sort_items(it + seg[c], seg[c + 1] - seg[c]);
}

/*
 * e's whole key (the prefix put back) in *kb (*kc bytes, grown as needed),
 * its length returned.
 */
size_t
intern_wholekey(const struct fg_intern *p, const struct fg_ent *e, char **kb,
    size_t *kc)
{
	const char *pfx;
	size_t pl;

	pfx = fg_stab_prefix(p->t[0], &pl);
	pl = e->aux;
	if (pl + e->len + 1 > *kc) {
		*kc = 2 * (pl + e->len + 1);
		*kb = fg_realloc(*kb, *kc);
	}
	if (pl > 0)
		memcpy(*kb, pfx, pl);
	memcpy(*kb + pl, e->key, e->len);
	return pl + e->len;
}

void
intern_pivot(struct fg_intern *p)
{
	struct fg_ent *e;
	size_t l;

	p->pk = NULL;
	if (p->n < PIVOT_MIN ||
	    (e = fg_pivot(p->t[0], p->t[1], PIVOT_SAMPLE,
	    p->two ? PIVOT_AT2 : PIVOT_AT)) == NULL)
		return;
	l = intern_wholekey(p, e, &p->kbuf, &p->kcap);
	p->pkbuf = fg_malloc(l + 1);
	memcpy(p->pkbuf, p->kbuf, l);
	p->pk = p->pkbuf;
	p->pl = l;
}

/*
 * Both tables split at the pivot: t[0] into it[0..n0), lows first, t[1]
 * into it[n0..n). Swaps t[0]'s highs with as many of t[1]'s lows; returns
 * the number of lows, all now at the front.
 */
size_t
intern_place(struct fg_intern *p, size_t a)
{
	size_t b = p->n0 - a, c = p->lows1, m = b < c ? b : c, i;
	struct fg_sortitem t, *x = p->it + a, *y = p->it + p->n0 + c - m;

	for (i = 0; i < m; i++) {
		t = x[i];
		x[i] = y[i];
		y[i] = t;
	}
	return a + c;
}
