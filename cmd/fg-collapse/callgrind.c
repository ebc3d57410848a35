/* SPDX-License-Identifier: ISC */
/*
 * callgrind.c: profiles written by valgrind --tool=callgrind (and
 * cachegrind's, which have no calls), read into a call graph and turned
 * into stacks.
 *
 *	events: Ir
 *	fn=main
 *	3 5
 *	cfn=work
 *	calls=2 10
 *	5 100
 *	fn=work
 *	10 100
 * becomes
 *	# fg-collapse kind=profile unit=Ir
 *	main 5
 *	main;work 100
 *
 * The format (valgrind's "Callgrind Format Specification"):
 * header lines "key: value" (events:, positions:, summary:, totals: ...),
 * then position lines ob= fl= fi= fe= fn= (and cob= cfi= cfl= cfn= for a
 * call's target) whose names may be compressed ("fn=(12) main" defines
 * id 12, "fn=(12)" uses it), cost lines "SUBPOSITIONS COSTS" (self cost of
 * the current function), and "calls=COUNT TARGET" lines followed by one
 * cost line holding the inclusive cost of those calls. Subpositions may
 * be relative (+3, -2, *); they are skipped, since frames are functions.
 * A function is its object and its name: "fib'2" (callgrind's name for a
 * second level of recursion) is shown as "fib".
 *
 * callgrind records, per function, its self cost and, per caller->callee
 * pair, the number of calls and their inclusive cost; not which paths led
 * there. Stacks are rebuilt top down: a root (a function whose own plus
 * callees' cost exceeds what its callers paid for it, as "(below main)")
 * starts with that excess as its weight; a function reached with weight w
 * keeps w * self / (self + calls' costs) as the cost of the current path
 * and hands w * cost / (self + calls' costs) to each callee. Weights are
 * whole numbers, split by the largest remainder, so nothing is lost or
 * made up in rounding. Functions that call each other back (a cycle)
 * are walked on a tree of the cycle's calls from where it was entered,
 * weighted by their own costs, since callgrind's inclusive costs of calls
 * inside a cycle count the recursion again (see cg_tree). Direct
 * recursion (f calling f) is nested in f's own costs, and left out.
 *
 * The walk uses an explicit stack; every frame entered has weight >= 1
 * and ends in some stack printed, so --max-output bounds the work.
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"
#include "stats.h"

struct cg_edge {
	uint32_t from, to;	/* node indices; never equal */
	uint64_t cost;		/* inclusive cost of the calls */
};

struct cg_graph {
	size_t n, cap;		/* nodes */
	char **name;		/* frame text of each node (malloc'd) */
	uint64_t *self;		/* self cost of each node */
	struct cg_edge *e;	/* calls, merged and sorted by from, to */
	size_t ne, ecap;
	size_t *first;		/* n + 1: node i's calls are e[first[i]..] */
};

/*
 * Emits the stacks of g into tab: each function's cost is split between
 * the paths that reach it in proportion to the inclusive costs of its
 * calls (see fg-collapse(1), callgrind). Sorts and indexes g->e first.
 */
static void cg_emit(struct cg_graph *g, struct fg_stab *tab, struct fg_in *in,
    const struct copts *o);

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
	struct buf path;
	uint64_t *pool;		/* weights of the frames' calls */
	size_t npool, cappool;
	size_t *idx;		/* scratch: part indices by remainder */
	uint64_t *rem;		/* scratch: remainders (or fractions) */
	uint32_t *onpath;
	struct cg_frame *st;
	size_t nst, capst;
	/* recursion through other functions: see cg_tree() */
	uint32_t *comp;		/* node's cycle, or NONE outside any */
	uint64_t *own;		/* self + calls out of the node's cycle */
	uint32_t *tpar;		/* parent in its cycle's current tree */
	uint64_t *tsub;		/* own costs of its subtree there */
	uint32_t *seen, stamp;	/* scratch of cg_tree() */
	uint32_t *queue;
};

#define NONE UINT32_MAX

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
 * The cost of a call for splitting a weight: its inclusive cost, but in
 * a cycle (functions calling each other back) only the calls on the
 * cycle's current tree count, at the own costs of the subtree they lead
 * to, since their inclusive costs hold the recursion again.
 */
static uint64_t
callcost(const struct cg_walk *W, uint32_t from, const struct cg_edge *e)
{
	if (W->comp[from] != NONE && W->comp[e->to] == W->comp[from])
		return W->tpar[e->to] == from ? W->tsub[e->to] : 0;
	return W->onpath[e->to] ? 0 : e->cost;
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
		out[i + 1] = callcost(W, node, &e[i]);
		d += out[i + 1];	/* <= self + calls, or own, checked */
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

/*
 * Finds the cycles of g (its strongly connected components of more than
 * one function: a and b calling each other, through any others) without
 * recursion (Tarjan's algorithm on an explicit stack). comp[i] is the
 * cycle of node i, numbered from 0, or NONE; returns how many there are.
 */
static uint32_t
cg_cycles(const struct cg_graph *g, uint32_t *comp)
{
	uint32_t *num, *low, *stk, *cs, ncomp = 0, next = 1, v, w, top;
	size_t *pos, nstk = 0, ncs = 0, i, n;

	num = fg_calloc(g->n + 1, sizeof(*num));
	low = fg_calloc(g->n + 1, sizeof(*low));
	stk = fg_calloc(g->n + 1, sizeof(*stk));
	cs = fg_calloc(g->n + 1, sizeof(*cs));
	pos = fg_calloc(g->n + 1, sizeof(*pos));
	for (i = 0; i < g->n; i++)
		comp[i] = NONE;
	for (i = 0; i < g->n; i++) {
		if (num[i] != 0)
			continue;
		num[i] = low[i] = next++;
		pos[i] = g->first[i];
		stk[nstk++] = cs[ncs++] = (uint32_t)i;
		while (ncs > 0) {
			v = cs[ncs - 1];
			if (pos[v] < g->first[v + 1]) {
				w = g->e[pos[v]++].to;
				if (num[w] == 0) {
					num[w] = low[w] = next++;
					pos[w] = g->first[w];
					stk[nstk++] = cs[ncs++] = w;
				} else if (comp[w] == NONE && num[w] < low[v])
					low[v] = num[w];	/* on stk */
				continue;
			}
			ncs--;
			if (ncs > 0 && low[v] < low[cs[ncs - 1]])
				low[cs[ncs - 1]] = low[v];
			if (low[v] != num[v])
				continue;
			/* v roots a component: the nodes above it on stk */
			for (n = nstk; stk[n - 1] != v; n--)
				;
			top = nstk - n > 0 ? ncomp++ : NONE - 1;
			while (nstk >= n) {
				comp[stk[nstk - 1]] = top;
				nstk--;
			}
		}
	}
	/* single functions: not a cycle (direct recursion is left out) */
	for (i = 0; i < g->n; i++)
		if (comp[i] == NONE - 1)
			comp[i] = NONE;
	free(num);
	free(low);
	free(stk);
	free(cs);
	free(pos);
	return ncomp;
}

/*
 * Makes the tree by which a cycle entered at node v is shown: the
 * functions of v's cycle reached breadth first from v over the calls
 * between them (tpar), each with the own costs of its subtree (tsub).
 * callgrind's inclusive costs of calls inside a cycle count the
 * recursion again; the own costs (self, and calls out of the cycle) are
 * counted once, so each function of the cycle keeps exactly its self
 * cost's share, at the first place the tree reaches it.
 */
static void
cg_tree(struct cg_walk *W, uint32_t v)
{
	struct cg_graph *g = W->g;
	uint32_t c = W->comp[v], u, t;
	size_t head = 0, n = 0, i;

	if (++W->stamp == 0) {
		memset(W->seen, 0, g->n * sizeof(*W->seen));
		W->stamp = 1;
	}
	W->seen[v] = W->stamp;
	W->tpar[v] = NONE;
	W->queue[n++] = v;
	while (head < n) {
		u = W->queue[head++];
		for (i = g->first[u]; i < g->first[u + 1]; i++) {
			t = g->e[i].to;
			if (W->comp[t] != c || W->seen[t] == W->stamp)
				continue;
			W->seen[t] = W->stamp;
			W->tpar[t] = u;
			W->queue[n++] = t;
		}
	}
	for (i = 0; i < n; i++)
		W->tsub[W->queue[i]] = W->own[W->queue[i]];
	while (n-- > 1) {	/* children after their parents: sum up */
		u = W->queue[n];
		W->tsub[W->tpar[u]] = addcost(W->tsub[W->tpar[u]],
		    W->tsub[u], W->in);
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

	/* entering a cycle from outside it */
	if (W->comp[node] != NONE && (W->nst == 0 ||
	    W->comp[W->st[W->nst - 1].node] != W->comp[node]))
		cg_tree(W, node);
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
			buf_put(&W->path, ";", 1);
		len = strlen(g->name[node]);
		buf_put(&W->path, g->name[node], len);
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

static void
cg_emit(struct cg_graph *g, struct fg_stab *tab, struct fg_in *in,
    const struct copts *o)
{
	struct cg_walk W;
	uint64_t *inc, *out, *left, x;
	uint32_t ncomp, c;
	size_t i, maxk = 0;

	index_edges(g, in);
	memset(&W, 0, sizeof(W));
	W.g = g;
	W.tab = tab;
	W.in = in;
	W.o = o;
	inc = fg_calloc(g->n + 1, sizeof(*inc));
	out = fg_calloc(g->n + 1, sizeof(*out));
	W.comp = fg_calloc(g->n + 1, sizeof(*W.comp));
	W.own = fg_calloc(g->n + 1, sizeof(*W.own));
	W.tpar = fg_calloc(g->n + 1, sizeof(*W.tpar));
	W.tsub = fg_calloc(g->n + 1, sizeof(*W.tsub));
	W.seen = fg_calloc(g->n + 1, sizeof(*W.seen));
	W.queue = fg_calloc(g->n + 1, sizeof(*W.queue));
	ncomp = cg_cycles(g, W.comp);
	left = fg_calloc((size_t)ncomp + 1, sizeof(*left));
	for (i = 0; i < g->n; i++)
		out[i] = W.own[i] = g->self[i];
	for (i = 0; i < g->ne; i++) {
		const struct cg_edge *e = &g->e[i];

		out[e->from] = addcost(out[e->from], e->cost, in);
		inc[e->to] = addcost(inc[e->to], e->cost, in);
		c = W.comp[e->from];
		if (c != NONE && c == W.comp[e->to])
			continue;
		W.own[e->from] = addcost(W.own[e->from], e->cost, in);
		if (W.comp[e->to] != NONE)	/* into a cycle */
			left[W.comp[e->to]] -= e->cost;	/* mod 2^64 */
	}
	/* a cycle's excess: its own costs beyond what its callers paid */
	for (i = 0; i < g->n; i++)
		if (W.comp[i] != NONE)
			left[W.comp[i]] += W.own[i];	/* mod 2^64 */
	for (c = 0; c < ncomp; c++)
		if (left[c] > UINT64_MAX / 2)	/* negative */
			left[c] = 0;
	for (i = 0; i < g->n; i++)
		if (g->first[i + 1] - g->first[i] > maxk)
			maxk = g->first[i + 1] - g->first[i];
	W.idx = fg_calloc(maxk + 1, sizeof(*W.idx));
	W.rem = fg_calloc(maxk + 1, sizeof(*W.rem));
	W.onpath = fg_calloc(g->n + 1, sizeof(*W.onpath));
	/*
	 * roots: what a function and its callees cost beyond its callers';
	 * in a cycle, no more than the cycle's excess in all
	 */
	for (i = 0; i < g->n; i++) {
		if (out[i] <= inc[i])
			continue;
		x = out[i] - inc[i];
		if ((c = W.comp[i]) != NONE) {
			x = x < left[c] ? x : left[c];
			left[c] -= x;
		}
		if (x > 0)
			walk(&W, (uint32_t)i, x);
	}
	free(W.path.p);
	free(W.pool);
	free(W.idx);
	free(W.rem);
	free(W.onpath);
	free(W.st);
	free(W.comp);
	free(W.own);
	free(W.tpar);
	free(W.tsub);
	free(W.seen);
	free(W.queue);
	free(left);
	free(inc);
	free(out);
}

struct cgp {
	struct fg_in *in;
	const struct copts *o;
	struct fg_stab *ids;	/* "o12", "f12" -> string index */
	struct fg_stab *strs;	/* names -> string index */
	struct fg_stab *nodes;	/* (object, function) -> node index */
	const char **sv;	/* string index -> name */
	size_t nsv, capsv;
	struct cg_graph g;
	int ev;			/* chosen event's column; -1 before events: */
	int npos;		/* subpositions before the costs */
	uint32_t ob, cob, cfn;	/* string indices, or NONE */
	uint32_t cur;		/* current function's node, or NONE */
	int incall;		/* the next line is a call's cost line */
	uint32_t callee;	/* its target node, or NONE */
	int marker;		/* "# callgrind format" first */
	uint64_t part;		/* self costs since the last totals: line */
	int anycost;
};

static int
isblank_(char c)
{
	return c == ' ' || c == '\t';
}

static uint32_t
intern(struct cgp *P, const char *s, size_t n)
{
	struct fg_ent *e = fg_stab_get(P->strs, s, n);

	if (e->aux == 0) {
		if (P->nsv == P->capsv) {
			P->capsv = P->capsv ? P->capsv * 2 : 256;
			P->sv = fg_reallocarray(P->sv, P->capsv,
			    sizeof(*P->sv));
		}
		P->sv[P->nsv++] = fg_ent_key(P->strs, e);
		e->aux = (uint32_t)P->nsv;	/* index + 1 */
	}
	return e->aux - 1;
}

/*
 * The string index of a position name: "(ID) name" defines ID, "(ID)"
 * refers to it, anything else is the name itself. kind separates the
 * object ids from the function ids.
 */
static uint32_t
posname(struct cgp *P, char kind, const char *s, size_t n)
{
	char key[32];
	size_t i, kl;
	struct fg_ent *e;
	uint32_t id;

	while (n > 0 && isblank_(*s))
		s++, n--;
	if (n < 3 || s[0] != '(' || s[1] < '0' || s[1] > '9')
		return intern(P, s, n);
	for (i = 1; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		;
	if (i >= n || s[i] != ')' || i > 20)
		return intern(P, s, n);
	key[0] = kind;
	memcpy(key + 1, s + 1, i - 1);
	kl = i;
	e = fg_stab_get(P->ids, key, kl);
	for (i++; i < n && isblank_(s[i]); i++)
		;
	if (i < n) {
		id = intern(P, s + i, n - i);
		e->aux = id + 1;
		return id;
	}
	if (e->aux == 0) {
		fg_in_warn(P->in, "name id %.*s used before it is defined",
		    (int)kl + 1, s);
		e->aux = intern(P, s, kl + 1) + 1;
	}
	return e->aux - 1;
}

/* Frame text for a function name: fib'2 is fib, ';' is ':'. */
static char *
framename(const char *s)
{
	struct buf b = { 0 };
	size_t n = strlen(s), i = n;

	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	if (i > 1 && i < n && s[i - 1] == '\'')
		n = i - 1;
	if (n == 0)
		buf_put(&b, "???", 3);
	else
		buf_putframe(&b, s, n);
	buf_put(&b, "", 0);
	b.p[b.len] = '\0';
	return b.p;
}

static uint32_t
node(struct cgp *P, uint32_t ob, uint32_t fn)
{
	uint32_t key[2] = { ob, fn };
	struct fg_ent *e = fg_stab_get(P->nodes, (const char *)key,
	    sizeof(key));
	struct cg_graph *g = &P->g;

	if (e->aux == 0) {
		if (g->n == g->cap) {
			g->cap = g->cap ? g->cap * 2 : 256;
			g->name = fg_reallocarray(g->name, g->cap,
			    sizeof(*g->name));
			g->self = fg_reallocarray(g->self, g->cap,
			    sizeof(*g->self));
		}
		g->name[g->n] = framename(P->sv[fn]);
		g->self[g->n] = 0;
		e->aux = (uint32_t)++g->n;
	}
	return e->aux - 1;
}

/* A number of the format: decimal or 0x hex; -1 when it is not one. */
static int
number(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;
	unsigned d, base = 10;
	size_t i = 0;

	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, i = 2;
	if (i == n)
		return -1;
	for (; i < n; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			d = (unsigned)(s[i] - '0');
		else if (base == 16 && s[i] >= 'a' && s[i] <= 'f')
			d = (unsigned)(s[i] - 'a' + 10);
		else if (base == 16 && s[i] >= 'A' && s[i] <= 'F')
			d = (unsigned)(s[i] - 'A' + 10);
		else
			return -1;
		if (x > (UINT64_MAX - d) / base)
			return -1;
		x = x * base + d;
	}
	*v = x;
	return 0;
}

/* The next blank-separated word of s[*i..n), or 0 at the end. */
static size_t
word(const char *s, size_t n, size_t *i, const char **w)
{
	size_t a;

	while (*i < n && isblank_(s[*i]))
		(*i)++;
	a = *i;
	while (*i < n && !isblank_(s[*i]))
		(*i)++;
	*w = s + a;
	return *i - a;
}

/*
 * The chosen event's cost on a line of npos subpositions and costs (0 when
 * the line has fewer); -1 (warned) when malformed.
 */
static int
linecost(struct cgp *P, const char *s, size_t n, int npos, uint64_t *c)
{
	const char *w;
	size_t i = 0, wl;
	uint64_t v;
	int k;

	for (k = 0; k < npos; k++) {
		wl = word(s, n, &i, &w);
		if (wl == 0)
			break;	/* a position alone: no cost */
		if (!(*w == '*' || *w == '+' || *w == '-' ||
		    (*w >= '0' && *w <= '9'))) {
			fg_in_warn(P->in, "bad position: %.*s", (int)wl, w);
			return -1;
		}
	}
	*c = 0;
	for (k = 0; (wl = word(s, n, &i, &w)) > 0; k++) {
		if (number(w, wl, &v) < 0) {
			fg_in_warn(P->in, "bad cost: %.*s", (int)wl, w);
			return -1;
		}
		if (k == P->ev)
			*c = v;
	}
	return 0;
}

static void
addedge(struct cgp *P, uint32_t from, uint32_t to, uint64_t c)
{
	struct cg_graph *g = &P->g;

	if (g->ne == g->ecap) {
		g->ecap = g->ecap ? g->ecap * 2 : 256;
		g->e = fg_reallocarray(g->e, g->ecap, sizeof(*g->e));
	}
	g->e[g->ne].from = from;
	g->e[g->ne].to = to;
	g->e[g->ne++].cost = c;
}

static void
costline(struct cgp *P, const char *s, size_t n)
{
	uint64_t c;
	int call = P->incall;

	P->incall = 0;
	if (P->ev < 0) {
		fg_in_warn(P->in, "cost line before the events: line");
		return;
	}
	if (linecost(P, s, n, P->npos, &c) < 0)
		return;
	if (P->cur == NONE) {
		if (c > 0)
			fg_in_warn(P->in, "cost outside a function (no fn=)");
		return;
	}
	P->anycost = 1;
	if (call) {
		if (P->callee != NONE && P->callee != P->cur && c > 0)
			addedge(P, P->cur, P->callee, c);
		return;
	}
	if (c > UINT64_MAX - P->g.self[P->cur] || c > UINT64_MAX - P->part)
		fg_errx(FG_EXIT_ERR, "%s:%llu: callgrind: costs overflow "
		    "2^64", P->in->name, (unsigned long long)P->in->lineno);
	P->g.self[P->cur] += c;
	P->part += c;
}

/* "calls=COUNT TARGET": the next line holds the calls' inclusive cost. */
static void
callline(struct cgp *P)
{
	P->incall = 1;
	P->callee = NONE;
	if (P->cfn == NONE)
		fg_in_warn(P->in, "calls= without a cfn= before it; skipped");
	else if (P->ob == NONE && P->cob == NONE)
		P->callee = node(P, intern(P, "???", 3), P->cfn);
	else
		P->callee = node(P, P->cob != NONE ? P->cob : P->ob, P->cfn);
	P->cob = NONE;
}

static void
events(struct cgp *P, const char *s, size_t n)
{
	const char *w, *want = P->o->cg_event;
	struct buf all = { 0 };
	size_t i = 0, wl;
	int k;

	P->ev = -1;
	for (k = 0; (wl = word(s, n, &i, &w)) > 0; k++) {
		if (P->ev < 0 && (want == NULL ? k == 0 :
		    strlen(want) == wl && memcmp(want, w, wl) == 0)) {
			P->ev = k;
			collapse_unit(P->o, w, wl);	/* Ir, Dr, ... */
			collapse_origin(P->o, FG_ORIGIN_EXACT);
		}
		buf_put(&all, " ", 1);
		buf_put(&all, w, wl);
	}
	if (P->ev < 0)
		fg_errx(FG_EXIT_ERR, "%s:%llu: callgrind: no event %s (the "
		    "profile has:%.*s)", P->in->name,
		    (unsigned long long)P->in->lineno,
		    want != NULL ? want : "at all", (int)all.len,
		    all.len ? all.p : "");
	free(all.p);
}

/* "totals: COSTS": what the cost lines since the last one add up to. */
static void
totals(struct cgp *P, const char *s, size_t n)
{
	uint64_t c;

	if (P->ev < 0 || linecost(P, s, n, 0, &c) < 0)
		return;
	if (c != P->part)
		fg_in_warn(P->in, "the costs add up to %llu, totals: says "
		    "%llu (an edited or damaged file?)",
		    (unsigned long long)P->part, (unsigned long long)c);
	P->part = 0;
	P->anycost = 0;
}

/* "key: value" lines: returns 0 when s is not one. */
static int
header(struct cgp *P, const char *s, size_t n)
{
	size_t k = 0;
	const char *w;
	size_t i;

	while (k < n && ((s[k] >= 'a' && s[k] <= 'z') ||
	    (s[k] >= 'A' && s[k] <= 'Z')))
		k++;
	if (k == 0 || k >= n || s[k] != ':')
		return 0;
	if (k == 6 && memcmp(s, "events", 6) == 0)
		events(P, s + 7, n - 7);
	else if (k == 9 && memcmp(s, "positions", 9) == 0) {
		P->npos = 0;
		for (i = 10; word(s, n, &i, &w) > 0;)
			P->npos++;
		if (P->npos == 0)
			P->npos = 1;
	} else if (k == 6 && memcmp(s, "totals", 6) == 0)
		totals(P, s + 7, n - 7);
	return 1;
}

/* "ob=", "fn=", "cfn=" and the like: returns 0 when s is not one. */
static int
position(struct cgp *P, const char *s, size_t n)
{
	const char *eq = memchr(s, '=', n < 6 ? n : 6);
	size_t k, vl;
	const char *v;

	if (eq == NULL)
		return 0;
	k = (size_t)(eq - s);
	v = eq + 1;
	vl = n - k - 1;
	if (k == 2 && memcmp(s, "ob", 2) == 0) {
		P->ob = posname(P, 'o', v, vl);
		P->cob = NONE;
	} else if (k == 3 && memcmp(s, "cob", 3) == 0)
		P->cob = posname(P, 'o', v, vl);
	else if (k == 2 && memcmp(s, "fn", 2) == 0) {
		if (P->ob == NONE)
			P->ob = intern(P, "???", 3);
		P->cur = node(P, P->ob, posname(P, 'f', v, vl));
		P->cob = P->cfn = NONE;
	} else if (k == 3 && memcmp(s, "cfn", 3) == 0)
		P->cfn = posname(P, 'f', v, vl);
	else if (k == 5 && memcmp(s, "calls", 5) == 0)
		callline(P);
	else if ((k == 4 && (memcmp(s, "jump", 4) == 0 ||
	    memcmp(s, "jcnd", 4) == 0)) || (k == 2 && (memcmp(s, "fl", 2) ==
	    0 || memcmp(s, "fi", 2) == 0 || memcmp(s, "fe", 2) == 0)) ||
	    (k == 3 && (memcmp(s, "cfi", 3) == 0 || memcmp(s, "cfl", 3) == 0 ||
	    memcmp(s, "jfi", 3) == 0 || memcmp(s, "jfn", 3) == 0)))
		;	/* files and jumps: not needed for stacks */
	else
		return 0;
	return 1;
}

static void
line(struct cgp *P, const char *s, size_t n)
{
	if (P->incall && !(n > 0 && ((*s >= '0' && *s <= '9') ||
	    *s == '+' || *s == '-' || *s == '*'))) {
		fg_in_warn(P->in, "calls= line not followed by its cost");
		P->incall = 0;
	}
	if (n == 0 || *s == '#')
		return;
	if ((*s >= '0' && *s <= '9') || *s == '+' || *s == '-' || *s == '*')
		costline(P, s, n);
	else if (!position(P, s, n) && !header(P, s, n))
		fg_in_warn(P->in, "not a callgrind line; skipped");
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct cgp P;
	char *s;
	size_t n, i;

	memset(&P, 0, sizeof(P));
	P.in = in;
	P.o = o;
	P.ids = fg_stab_new(1);
	P.strs = fg_stab_new(1);
	P.nodes = fg_stab_new(1);
	P.ev = -1;
	P.npos = 1;
	P.ob = P.cob = P.cfn = P.cur = NONE;
	while ((s = fg_in_line(in, &n)) != NULL) {
		if (in->lineno == 1 && n == 18 &&
		    memcmp(s, "# callgrind format", 18) == 0)
			P.marker = 1;
		line(&P, s, n);
	}
	if (P.incall)
		fg_in_warn(in, "calls= line at the end of the input");
	if (P.marker && P.anycost)
		fg_in_warn(in, "no totals: line after the last costs "
		    "(a truncated file?)");
	cg_emit(&P.g, tab, in, o);
	for (i = 0; i < P.g.n; i++)
		free(P.g.name[i]);
	free(P.g.name);
	free(P.g.self);
	free(P.g.e);
	free(P.g.first);
	free(P.sv);
	fg_stab_free(P.ids);
	fg_stab_free(P.strs);
	fg_stab_free(P.nodes);
}

static int
headkey(const char *s, size_t n)
{
	static const char *const keys[] = {
		"version:", "creator:", "pid:", "cmd:", "part:", "desc:",
		"positions:", "events:", "event:", "summary:", "thread:",
		"totals:", NULL
	};
	int i;

	for (i = 0; keys[i] != NULL; i++)
		if (fg_hasprefix(s, n, keys[i]))
			return i;
	return -1;
}

/*
 * "# callgrind format" first, or header lines (one of them events:) up to
 * the first ob=, fl= or fn= line.
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	const char *p = head, *e = head + n, *nl;
	size_t len;
	int ev = 0, k, hdr = 0;

	if (fg_hasprefix(head, n, "# callgrind format\n"))
		return PROBE_YES;
	while (p < e && (nl = memchr(p, '\n', (size_t)(e - p))) != NULL) {
		len = (size_t)(nl - p);
		if (len > 0 && p[len - 1] == '\r')
			len--;
		if ((k = headkey(p, len)) == 7)
			ev = 1;
		if (k >= 0)
			hdr++;
		else if (len > 0 && *p != '#') {
			if (!fg_hasprefix(p, len, "ob=") &&
			    !fg_hasprefix(p, len, "fl=") &&
			    !fg_hasprefix(p, len, "fn="))
				return hdr == 0 ? 0 : probe_why(why, 20,
				    "header lines, then no fl= or fn= line");
			if (ev)
				return PROBE_YES;
			return probe_why(why, 50, "no events: line before "
			    "the first %.3s line", p);
		}
		p = nl + 1;
	}
	return hdr == 0 ? 0 : probe_why(why, 30, "only header lines");
}

const struct cfmt fmt_callgrind = {
	"callgrind", "valgrind --tool=callgrind (and cachegrind) profiles",
	probe, run, 0
};
