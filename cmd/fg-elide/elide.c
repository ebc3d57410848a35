/* SPDX-License-Identifier: ISC */
/*
 * elide.c: which baseline paths vanished. Over the summed stacks in
 * bytewise order, a stack S with a baseline count is elided when no stack
 * with a current count is S or passes through S (has the prefix "S;");
 * and, for each, its deepest ancestor that still runs.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "elide.h"

/* Compares key t with the string s followed by ';'. */
static int
cmp_semi(const char *t, size_t tl, const char *s, size_t sl)
{
	int r = memcmp(t, s, tl < sl ? tl : sl);

	if (r != 0)
		return r;
	if (tl <= sl)
		return -1;
	return (unsigned char)t[sl] - (unsigned char)';';
}

/* Index of the first current stack >= s (with ';' appended when semi). */
static size_t
lower(struct fg_keyref *cur, size_t n, const char *s, size_t sl, int semi)
{
	size_t lo = 0, hi = n, mid;
	int r;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		r = semi ? cmp_semi(cur[mid].key, cur[mid].len, s, sl) :
		    fg_keycmp(cur[mid].key, cur[mid].len, s, sl);
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
survives(struct fg_keyref *cur, size_t n, const char *s, size_t sl)
{
	size_t i;

	i = lower(cur, n, s, sl, 0);
	if (i < n && cur[i].len == sl && memcmp(cur[i].key, s, sl) == 0)
		return 1;
	i = lower(cur, n, s, sl, 1);
	return i < n && cur[i].len > sl && memcmp(cur[i].key, s, sl) == 0 &&
	    cur[i].key[sl] == ';';
}

/*
 * The deepest ancestor of stack k (len bytes) that still runs, as the
 * length of its path, or 0 when none does. A path's callers run when it
 * does, so over the stack's ';' positions "runs" holds up to one and no
 * further: a binary search finds it in a few lookups however deep the
 * stack (pos: room for its positions).
 */
static size_t
deepestkept(struct fg_keyref *cur, size_t ncur, const char *k, size_t len,
    size_t *pos)
{
	size_t j, m = 0, lo = 0, hi;

	for (j = 0; j < len; j++)
		if (k[j] == ';')
			pos[m++] = j;
	hi = m;			/* pos[0..lo) run, pos[hi..m) do not */
	while (lo < hi) {
		j = lo + (hi - lo) / 2;
		if (survives(cur, ncur, k, pos[j]))
			lo = j + 1;
		else
			hi = j;
	}
	return lo > 0 ? pos[lo - 1] : 0;
}

/*
 * For each elided stack the deepest ancestor that still runs, each once:
 * its callers still run too, so one path stands for them all and the
 * output stays as long as the input however deep the stacks.
 */
static struct fg_keyref *
ancestors(struct fg_stab *tab, struct fg_ent **v, size_t n,
    struct fg_keyref *cur, size_t ncur, size_t *nkept)
{
	struct fg_keyref *kept = NULL;
	const char *k;
	size_t i, l, cap = 0, pcap = 0, *pos = NULL;

	*nkept = 0;
	for (i = 0; i < n; i++) {
		k = fg_ent_key(tab, v[i]);
		if (v[i]->len > pcap) {
			pcap = v[i]->len;
			pos = fg_reallocarray(pos, pcap, sizeof(*pos));
		}
		if ((l = deepestkept(cur, ncur, k, v[i]->len, pos)) == 0)
			continue;
		if (*nkept > 0 && kept[*nkept - 1].len == l &&
		    memcmp(kept[*nkept - 1].key, k, l) == 0)
			continue;
		if (*nkept == cap) {
			cap = cap ? cap * 2 : 64;
			kept = fg_reallocarray(kept, cap, sizeof(*kept));
		}
		kept[*nkept].key = k;
		kept[(*nkept)++].len = l;
	}
	free(pos);
	return kept;
}

struct fg_ent **
elide(struct fg_stab *tab, size_t *n, struct fg_keyref **kept, size_t *nkept)
{
	struct fg_keyref *cur;
	struct fg_ent *e, **out;
	size_t ncur = 0;

	cur = fg_reallocarray(NULL, fg_stab_count(tab) + 1, sizeof(*cur));
	out = fg_reallocarray(NULL, fg_stab_count(tab) + 1, sizeof(*out));
	for (e = fg_stab_first(tab); e != NULL; e = e->next) {
		if (fg_count_iszero(e->c[1]))
			continue;
		cur[ncur].key = fg_ent_key(tab, e);
		cur[ncur].len = e->len;
		ncur++;
	}
	*n = 0;
	for (e = fg_stab_first(tab); e != NULL; e = e->next)
		if (!fg_count_iszero(e->c[0]) &&
		    !survives(cur, ncur, fg_ent_key(tab, e), e->len))
			out[(*n)++] = e;
	*kept = ancestors(tab, out, *n, cur, ncur, nkept);
	free(cur);
	return out;
}
