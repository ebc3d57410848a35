/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer target for the folded core: parses arbitrary bytes as a folded
 * stream, interns the records, and checks that the sorted-input merge path
 * and the stack-table path agree byte for byte, that the table's order is
 * bytewise, and that counts survive formatting and parsing.
 * Build and run: make fuzz; build-fuzz/fuzz-folded tests/fuzz/corpus/folded
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"

int LLVMFuzzerTestOneInput(const unsigned char *, size_t);

struct buf {
	char *p;
	size_t n, cap;
};

static void
put(struct buf *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->p = realloc(b->p, b->cap);
		if (b->p == NULL)
			abort();
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void
putrec(struct buf *b, const char *key, size_t len, const fg_count *c,
    int ncols)
{
	char num[40];
	int i;

	put(b, key, len);
	for (i = 0; i < ncols; i++) {
		put(b, " ", 1);
		put(b, num, fg_count_fmt(num, c[i]));
	}
	put(b, "\n", 1);
}

static void
emit(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	putrec(arg, key, len, c, ncols);
}

static void
check_count(const char *s, size_t n)
{
	fg_count c, d;
	char num[40];

	if (fg_count_parse(s, n, &c) != FG_NUM_OK)
		return;
	if (fg_count_parse(num, fg_count_fmt(num, c), &d) != FG_NUM_OK ||
	    fg_count_cmp(c, d) != 0)
		abort();
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	const char *s = (const char *)data;
	struct fg_fold f, g, *gp = &g;
	struct fg_rec r;
	struct fg_stab *t = NULL;
	struct fg_ent **v, *e;
	struct buf a = { 0 }, b = { 0 };
	struct fg_scan sc = { .kind = FG_KIND_UNKNOWN };
	static const int colbase[1] = { 0 };
	size_t i, run = 0;
	int ncols = 0, ok = 1;

	/* sums past 2^63-1 are fatal by design: keep numbers short */
	for (i = 0; i < size; i++) {
		run = s[i] >= '0' && s[i] <= '9' ? run + 1 : 0;
		if (run > 15)
			return 0;
	}
	check_count(s, size < 40 ? size : 40);

	memset(&f, 0, sizeof(f));
	fg_in_mem(&f.in, "fuzz", s, size);
	f.in.quiet = 1;
	while (fg_fold_next(&f, &r)) {
		if (t == NULL) {
			ncols = r.ncols;
			t = fg_stab_new(ncols);
		}
		if (r.ncols != ncols)
			abort();	/* a stream has one kind */
		e = fg_stab_get(t, r.stack, r.len);
		for (i = 0; i < (size_t)ncols; i++)
			if (fg_count_add(&e->c[i], r.c[i]) < 0)
				ok = 0;
	}
	fg_fold_close(&f);
	if (t == NULL)
		return 0;
	v = fg_stab_sorted(t);
	for (i = 0; v[i] != NULL; i++) {
		if (i > 0 && fg_keycmp(v[i - 1]->key, v[i - 1]->len,
		    v[i]->key, v[i]->len) >= 0)
			abort();	/* not strictly increasing */
		putrec(&a, v[i]->key, v[i]->len, v[i]->c, ncols);
	}
	free(v);
	fg_stab_free(t);

	memset(&g, 0, sizeof(g));
	fg_in_mem(&g.in, "fuzz", s, size);
	g.in.quiet = 1;
	if (ok && fg_fold_scan(&g, &sc)) {
		if (sc.kind != FG_KIND_UNKNOWN && (int)sc.kind != ncols)
			abort();	/* the scan saw another kind */
		fg_kmerge(&gp, 1, ncols, colbase, emit, &b);
		if (a.n != b.n || memcmp(a.p, b.p, a.n) != 0)
			abort();	/* the two paths disagree */
	}
	free(sc.header);
	fg_fold_close(&g);
	free(a.p);
	free(b.p);
	return 0;
}
