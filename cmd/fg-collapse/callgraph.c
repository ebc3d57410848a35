/* SPDX-License-Identifier: ISC */
/*
 * callgraph.c: stacks from a call graph with edge costs (callgrind).
 *
 * callgrind records, per function, its self cost and, per caller->callee
 * pair, the number of calls and their inclusive cost; not which paths led
 * there. Stacks are rebuilt top down: a root (a function whose own plus
 * callees' cost exceeds what its callers paid for it, as "(below main)")
 * starts with that excess as its weight; a function reached with weight w
 * keeps w * self / (self + calls' costs) as the cost of the current path
 * and hands w * cost / (self + calls' costs) to each callee. Weights are
 * whole numbers, split by the largest remainder, so nothing is lost or
 * made up in rounding. A callee already on the path (recursion through
 * other functions) is not entered again: its share goes to the others.
 * Direct recursion (f calling f) is nested in f's own costs, and left out.
 *
 * The walk uses an explicit stack; every frame entered has weight >= 1
 * and ends in some stack printed, so --max-output bounds the work.
 */
#include <stdlib.h>
#include <string.h>

#include "callgrind.h"
#include "fg.h"

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 cg_wide;
#endif

struct cg_frame {
	uint32_t node;
	uint32_t shown;		/* node whose name ends the path */
	size_t plen;		/* path length before this frame */
	size_t w;		/* child weights at pool[w..w+k) */
	size_t k, next;		/* calls of node; next one to enter */
};

struct cg_walk {
	struct cg_graph *g;
	struct fg_stab *tab;
	struct fg_in *in;
	const struct copts *o;
	uint64_t used;		/* --max-output budget */
	struct fg_buf path;
	uint64_t *pool;		/* weights of the frames' calls */
	size_t npool, cappool;
	size_t *idx;		/* scratch: part indices by remainder */
	uint64_t *rem;		/* scratch: remainders (or fractions) */
	uint32_t *onpath;
	struct cg_frame *st;
	size_t nst, capst;
};

static int
edgecmp(const void *a, const void *b)
{
	const struct cg_edge *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	if (x->to != y->to)
		return x->to < y->to ? -1 : 1;
	return 0;
}

static uint64_t
addcost(uint64_t a, uint64_t b, struct fg_in *in)
{
	if (a > UINT64_MAX - b)
		fg_errx(FG_EXIT_ERR, "%s: callgrind: costs overflow 2^64",
		    in->name);
	return a + b;
}

/* Sorts the calls, merges repeated pairs and indexes them by caller. */
static void
index_edges(struct cg_graph *g, struct fg_in *in)
{
	size_t i, j;

	if (g->ne > 0)
		qsort(g->e, g->ne, sizeof(*g->e), edgecmp);
	for (i = j = 0; i < g->ne; i++) {
		if (j > 0 && g->e[j - 1].from == g->e[i].from &&
		    g->e[j - 1].to == g->e[i].to)
			g->e[j - 1].cost = addcost(g->e[j - 1].cost,
			    g->e[i].cost, in);
		else
			g->e[j++] = g->e[i];
	}
	g->ne = j;
	g->first = fg_calloc(g->n + 1, sizeof(*g->first));
	for (i = 0; i < g->ne; i++)
		g->first[g->e[i].from + 1]++;
	for (i = 0; i < g->n; i++)
		g->first[i + 1] += g->first[i];
}

/* q = w * p / d and its remainder, exactly where the compiler can. */
static uint64_t
share(uint64_t w, uint64_t p, uint64_t d, uint64_t *r)
{
#ifdef __SIZEOF_INT128__
	cg_wide x = (cg_wide)w * p;

	*r = (uint64_t)(x % d);
	return (uint64_t)(x / d);
#else
	long double x = (long double)w * p / d;
	uint64_t q = (uint64_t)x;

	*r = (uint64_t)((x - q) * 18446744073709551615.0L);
	return q;
#endif
}

/* qsort has no context argument: the remainders being sorted. */
static const uint64_t *sortrem;

/* Larger remainder first, then the earlier part. */
static int
remcmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (sortrem[x] != sortrem[y])
		return sortrem[x] > sortrem[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

/*
 * Splits w between part 0 (self) and parts 1..k (the calls of node not on
 * the path) of the weights out[0..k], in proportion, by largest remainder.
 */
static void
split(struct cg_walk *W, uint32_t node, uint64_t w, uint64_t *out, size_t k)
{
	struct cg_graph *g = W->g;
	const struct cg_edge *e = k > 0 ? g->e + g->first[node] : NULL;
	uint64_t d = g->self[node], left = w;
	size_t i, n = 0;

	out[0] = g->self[node];
	for (i = 0; i < k; i++) {
		out[i + 1] = W->onpath[e[i].to] ? 0 : e[i].cost;
		d += out[i + 1];	/* <= self + calls, checked */
	}
	if (d == 0) {
		memset(out, 0, (k + 1) * sizeof(*out));
		out[0] = w;
		return;
	}
	for (i = 0; i <= k; i++) {
		if (out[i] == 0)
			continue;
		out[i] = share(w, out[i], d, &W->rem[i]);
		left -= out[i];
		if (W->rem[i] > 0)
			W->idx[n++] = i;
	}
	sortrem = W->rem;
	qsort(W->idx, n, sizeof(*W->idx), remcmp);
	for (i = 0; left > 0 && i < n; i++, left--)
		out[W->idx[i]]++;
	out[0] += left;		/* only where precision ran out */
}

static void
grow(struct cg_walk *W, size_t k)
{
	if (W->cappool - W->npool < k + 1) {
		W->cappool = (W->npool + k + 1) * 2;
		W->pool = fg_reallocarray(W->pool, W->cappool,
		    sizeof(*W->pool));
	}
	if (W->nst == W->capst) {
		W->capst = W->capst ? W->capst * 2 : 64;
		W->st = fg_reallocarray(W->st, W->capst, sizeof(*W->st));
	}
}

/* Enters node with weight w: extends the path, prints its own share. */
static void
push(struct cg_walk *W, uint32_t node, uint64_t w)
{
	struct cg_graph *g = W->g;
	struct cg_frame *f;
	size_t k = g->first[node + 1] - g->first[node], len;
	uint32_t shown = W->nst > 0 ? W->st[W->nst - 1].shown : UINT32_MAX;

	grow(W, k);
	f = &W->st[W->nst++];
	f->node = node;
	f->plen = W->path.len;
	f->w = W->npool;
	f->k = k;
	f->next = 0;
	W->npool += k + 1;
	/* the same name as the caller's (fib calling fib'2): one frame */
	if (shown == UINT32_MAX || strcmp(g->name[shown], g->name[node]) != 0) {
		if (W->path.len > 0)
			fg_buf_put(&W->path, ";", 1);
		len = strlen(g->name[node]);
		fg_buf_put(&W->path, g->name[node], len);
		shown = node;
	}
	f->shown = shown;
	W->onpath[node]++;
	split(W, node, w, W->pool + f->w, k);
	if (W->pool[f->w] > 0) {
		collapse_budget(W->in, W->o, "callgrind", &W->used,
		    W->path.len + 1);
		collapse_add_u64(W->tab, W->path.p, W->path.len,
		    W->pool[f->w], W->in);
	}
}

/* Walks every path from root, which has weight w. */
static void
walk(struct cg_walk *W, uint32_t root, uint64_t w)
{
	struct cg_graph *g = W->g;
	struct cg_frame *f;
	uint64_t cw;
	size_t i;

	push(W, root, w);
	while (W->nst > 0) {
		f = &W->st[W->nst - 1];
		if (f->next == f->k) {
			W->onpath[f->node]--;
			W->path.len = f->plen;
			W->npool = f->w;
			W->nst--;
			continue;
		}
		i = f->next++;
		cw = W->pool[f->w + 1 + i];
		if (cw > 0)
			push(W, g->e[g->first[f->node] + i].to, cw);
	}
}

void
cg_emit(struct cg_graph *g, struct fg_stab *tab, struct fg_in *in,
    const struct copts *o)
{
	struct cg_walk W;
	uint64_t *inc, *out;
	size_t i, maxk = 0;

	index_edges(g, in);
	memset(&W, 0, sizeof(W));
	W.g = g;
	W.tab = tab;
	W.in = in;
	W.o = o;
	inc = fg_calloc(g->n + 1, sizeof(*inc));
	out = fg_calloc(g->n + 1, sizeof(*out));
	for (i = 0; i < g->n; i++)
		out[i] = g->self[i];
	for (i = 0; i < g->ne; i++) {
		out[g->e[i].from] = addcost(out[g->e[i].from], g->e[i].cost,
		    in);
		inc[g->e[i].to] = addcost(inc[g->e[i].to], g->e[i].cost, in);
	}
	for (i = 0; i < g->n; i++)
		if (g->first[i + 1] - g->first[i] > maxk)
			maxk = g->first[i + 1] - g->first[i];
	W.idx = fg_calloc(maxk + 1, sizeof(*W.idx));
	W.rem = fg_calloc(maxk + 1, sizeof(*W.rem));
	W.onpath = fg_calloc(g->n + 1, sizeof(*W.onpath));
	/* roots: what a function and its callees cost beyond its callers' */
	for (i = 0; i < g->n; i++)
		if (out[i] > inc[i])
			walk(&W, (uint32_t)i, out[i] - inc[i]);
	free(W.path.p);
	free(W.pool);
	free(W.idx);
	free(W.rem);
	free(W.onpath);
	free(W.st);
	free(inc);
	free(out);
}
