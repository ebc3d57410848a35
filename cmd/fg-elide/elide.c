/* SPDX-License-Identifier: ISC */
/*
 * elide.c: which baseline paths vanished. Over the summed stacks in
 * bytewise order, a stack S with a baseline count is elided when no stack
 * with a current count is S or passes through S (has the prefix "S;");
 * and which of the elided stacks' ancestors still run.
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

/* Whether the prefix path s[0..sl) is one of stack t's (t is or passes
 * through it). */
static int
ispath(const char *t, size_t tl, const char *s, size_t sl)
{
	return tl >= sl && memcmp(t, s, sl) == 0 && (tl == sl || t[sl] == ';');
}

/*
 * The elided stacks' ancestors that still run (proper prefix paths that
 * survive), each once: shortest first under each stack, stopping at the
 * first that vanished (its callees vanished too); one shared with the
 * stack before is skipped (the stacks under a path are adjacent in
 * bytewise order).
 */
static struct fg_keyref *
ancestors(struct fg_stab *tab, struct fg_ent **v, size_t n,
    struct fg_keyref *cur, size_t ncur, size_t *nkept)
{
	struct fg_keyref *kept = NULL;
	const char *k, *pk = NULL;
	size_t i, j, cap = 0, pl = 0;

	*nkept = 0;
	for (i = 0; i < n; i++, pk = k, pl = v[i - 1]->len) {
		k = fg_ent_key(tab, v[i]);
		for (j = 0; j < v[i]->len; j++) {
			if (k[j] != ';')
				continue;
			if (pk != NULL && ispath(pk, pl, k, j))
				continue;
			if (!survives(cur, ncur, k, j))
				break;
			if (*nkept == cap) {
				cap = cap ? cap * 2 : 64;
				kept = fg_reallocarray(kept, cap, sizeof(*kept));
			}
			kept[*nkept].key = k;
			kept[(*nkept)++].len = j;
		}
	}
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
