/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer target for the folded core: parses arbitrary bytes as a folded
 * stream, interns the records, and checks that the sorted-input merge path
 * and the stack-table path agree byte for byte, that the table's order is
 * bytewise, and that counts survive formatting and parsing. Nothing is
 * lost in silence: every data line of the input (split at LF, CRLF or a
 * lone CR, metadata left out, as fg-folded(5) says) is either returned
 * with the count at its end or counted as reported (nbad), so the sum of
 * counts in equals the sum out plus the sum of the lines reported.
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

/* A line of the record stream's kept counts: where, and its last count. */
struct got {
	uint64_t line;
	fg_count c;
};

/* fg-folded(5)'s metadata: empty, blank, "#", or "# " or "#\t" first. */
static int
meta(const char *s, size_t n)
{
	size_t i;

	if (n > 0 && s[0] == '#')
		return n == 1 || s[1] == ' ' || s[1] == '\t';
	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/*
 * The input's data lines against what the reader returned (g[0..ng), in
 * order) and reported (nbad): each returned line is a data line and
 * carries the count at its end; the others are exactly nbad; and the sum
 * of the counts at the lines' ends is the sum returned plus the sum of
 * the lines reported.
 */
static void
check_sums(const char *s, size_t size, const struct got *g, size_t ng,
    uint64_t nbad)
{
	size_t p = 0, e, skip, k = 0, b, n;
	uint64_t line = 0, dropped = 0;
	fg_count c, in = { 0, 0 }, out = { 0, 0 }, lost = { 0, 0 };

	while (p < size) {
		for (e = p; e < size && s[e] != '\n' && s[e] != '\r'; e++)
			;
		skip = e < size ? (s[e] == '\r' && e + 1 < size &&
		    s[e + 1] == '\n' ? 2 : 1) : 0;
		line++;
		n = e - p;
		if (!meta(s + p, n)) {
			while (n > 0 && (s[p + n - 1] == ' ' ||
			    s[p + n - 1] == '\t'))
				n--;
			for (b = n; b > 0 && s[p + b - 1] != ' ' &&
			    s[p + b - 1] != '\t'; b--)
				;
			if (fg_count_parse(s + p + b, n - b, &c) != FG_NUM_OK)
				c.i = 0, c.f = 0;
			if (fg_count_add(&in, c) < 0)
				return;
			if (k < ng && g[k].line == line) {
				if (fg_count_cmp(g[k].c, c) != 0)
					abort();	/* not its count */
				if (fg_count_add(&out, g[k].c) < 0)
					return;
				k++;
			} else {
				dropped++;
				if (fg_count_add(&lost, c) < 0)
					return;
			}
		}
		p = e + skip;
	}
	if (k != ng)
		abort();	/* a record from a line that is no data */
	if (dropped != nbad)
		abort();	/* a data line dropped without a word */
	if (fg_count_add(&out, lost) < 0 || fg_count_cmp(in, out) != 0)
		abort();	/* the sums do not add up */
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
	struct got *got = NULL;
	size_t ngot = 0;
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
		got = realloc(got, (ngot + 1) * sizeof(*got));
		if (got == NULL)
			abort();
		got[ngot].line = f.in.lineno;
		got[ngot++].c = r.c[r.ncols - 1];
		e = fg_stab_get(t, r.stack, r.len);
		for (i = 0; i < (size_t)ncols; i++)
			if (fg_count_add(&e->c[i], r.c[i]) < 0)
				ok = 0;
	}
	check_sums(s, size, got, ngot, f.in.nbad);
	free(got);
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
