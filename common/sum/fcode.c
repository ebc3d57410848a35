/* SPDX-License-Identifier: ISC */
/*
 * fcode.c: stacks kept as lists of frame numbers (fcode), for the stack
 * table of intern.c. A stack is cut into tokens: each frame with the ';'
 * after it ("name;"), the last frame without ("name", maybe empty). Each
 * distinct token is kept once, in a table of its own, and numbered; a
 * stack is kept as its tokens' 4-byte numbers. Long names that recur
 * across stacks (C++ templates, a JVM's packages, deep recursion) are
 * then copied and kept once: the table's memory (first touches of fresh
 * memory cost this machine kind more than the copying) follows the
 * distinct frames and the frames per stack, not the stacks' bytes.
 *
 * At the end the tokens are sorted bytewise, and every kept stack's
 * numbers are replaced, in place, by its tokens' ranks, big-endian. Of
 * two different tokens neither is a prefix of the other, but for a last
 * token, which is then below the other, as a stack that ends there is
 * below one that goes on. So at the first token two stacks differ in,
 * their bytes first differ where the tokens do, or the one ending there
 * is the shorter: the rank lists' bytewise order is the stacks' own, and
 * the sort runs on them unchanged. Each stack is put together again from
 * its ranks to be emitted.
 *
 * Whether it pays: fg_fcode_sample estimates, from a sample of keys, the
 * bytes kept either way; many distinct leaves under a few parents (each
 * stack a new token) keep the bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"

/* A token's cost beyond its bytes: its entry and its hash slot. */
#define TOKEN_COST 48

struct fg_fcode {
	struct fg_stab *tok;	/* token -> its number (aux) */
	struct fg_ent **byid;	/* by number; by rank once ranked */
	size_t n, cap;
	uint32_t *ids;		/* the last key encoded */
	size_t idcap;
	size_t tokbytes;	/* the tokens' bytes */
	int ranked;
};

struct fg_fcode *
fg_fcode_new(void)
{
	struct fg_fcode *f = fg_calloc(1, sizeof(*f));

	f->tok = fg_stab_new(0);
	return f;
}

void
fg_fcode_free(struct fg_fcode *f)
{
	if (f == NULL)
		return;
	fg_stab_free(f->tok);
	free(f->byid);
	free(f->ids);
	free(f);
}

/* The number of token t[0..n). */
static uint32_t
tokid(struct fg_fcode *f, const char *t, size_t n)
{
	size_t had = fg_stab_count(f->tok);
	struct fg_ent *e = fg_stab_get(f->tok, t, n);

	if (fg_stab_count(f->tok) == had)
		return e->aux;
	if (f->n == UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "more than 2^32-1 distinct frames");
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 1024;
		f->byid = fg_reallocarray(f->byid, f->cap, sizeof(*f->byid));
	}
	e->aux = (uint32_t)f->n;
	f->byid[f->n] = e;
	f->tokbytes += n;
	return (uint32_t)f->n++;
}

const char *
fg_fcode_encode(struct fg_fcode *f, const char *key, size_t len,
    size_t *elen)
{
	const char *p = key, *e = key + len, *semi;
	size_t k = 0;

	for (;;) {
		if (k == f->idcap) {
			f->idcap = f->idcap ? 2 * f->idcap : 256;
			f->ids = fg_reallocarray(f->ids, f->idcap,
			    sizeof(*f->ids));
		}
		semi = memchr(p, ';', (size_t)(e - p));
		if (semi == NULL) {
			f->ids[k++] = tokid(f, p, (size_t)(e - p));
			break;
		}
		f->ids[k++] = tokid(f, p, (size_t)(semi + 1 - p));
		p = semi + 1;
	}
	if (k > UINT32_MAX / sizeof(*f->ids))
		fg_errx(FG_EXIT_ERR, "stack of %zu bytes is too long", len);
	*elen = k * sizeof(*f->ids);
	return (const char *)f->ids;
}

void
fg_fcode_sample(struct fg_fcode *f, const char *key, size_t len,
    size_t skip, size_t *bytes, size_t *coded)
{
	size_t el;

	(void)fg_fcode_encode(f, key, len, &el);
	*bytes += len - skip;
	*coded += el;
}

size_t
fg_fcode_cost(const struct fg_fcode *f)
{
	return f->tokbytes + f->n * TOKEN_COST;
}

/* Replaces the 4-byte numbers of e's key by their ranks, big-endian. */
static void
recode(const uint32_t *rank, struct fg_ent *e)
{
	unsigned char *p = (unsigned char *)(uintptr_t)e->key;
	uint32_t id, r;
	size_t i;

	for (i = 0; i + 4 <= e->len; i += 4) {
		memcpy(&id, p + i, 4);
		r = rank[id];
		p[i] = (unsigned char)(r >> 24);
		p[i + 1] = (unsigned char)(r >> 16);
		p[i + 2] = (unsigned char)(r >> 8);
		p[i + 3] = (unsigned char)r;
	}
}

void
fg_fcode_rank(struct fg_fcode *f, struct fg_stab **t, int nt)
{
	struct fg_sortitem *it;
	struct fg_ent *e;
	uint32_t *rank;
	size_t i;
	int k;

	if (f->ranked)
		return;
	f->ranked = 1;
	it = fg_calloc(f->n + 1, sizeof(*it));
	for (i = 0; i < f->n; i++) {
		it[i].key = f->byid[i]->key;
		it[i].len = f->byid[i]->len;
		it[i].p = f->byid[i];
	}
	fg_sort_items(it, f->n);
	rank = fg_reallocarray(NULL, f->n + 1, sizeof(*rank));
	for (i = 0; i < f->n; i++) {
		f->byid[i] = it[i].p;
		rank[f->byid[i]->aux] = (uint32_t)i;
	}
	free(it);
	for (k = 0; k < nt; k++)
		for (e = fg_stab_first(t[k]); e != NULL; e = e->next)
			recode(rank, e);
	free(rank);
}

size_t
fg_fcode_decode(const struct fg_fcode *f, const char *key, size_t len,
    char **kb, size_t *kc)
{
	const unsigned char *p = (const unsigned char *)key;
	const struct fg_ent *t;
	size_t i, n = 0;
	uint32_t r;

	for (i = 0; i + 4 <= len; i += 4) {
		r = (uint32_t)p[i] << 24 | (uint32_t)p[i + 1] << 16 |
		    (uint32_t)p[i + 2] << 8 | p[i + 3];
		t = f->byid[r];
		if (n + t->len + 1 > *kc) {
			*kc = 2 * (n + t->len + 1);
			*kb = fg_realloc(*kb, *kc);
		}
		memcpy(*kb + n, t->key, t->len);
		n += t->len;
	}
	if (n + 1 > *kc) {
		*kc = n + 1;
		*kb = fg_realloc(*kb, *kc);
	}
	(*kb)[n] = '\0';
	return n;
}
