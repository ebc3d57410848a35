/* SPDX-License-Identifier: ISC */
/*
 * v8prof.c: V8 profiles (see v8prof.h), read and collapsed; shared by
 * the cpuprofile and chrome formats.
 *
 * Reading: the nodes in any of their three shapes, by one loop with an
 * explicit stack (no recursion on the input's depth); samples and times
 * as arrays of integers.
 *
 * Collapsing: the tree, the samples' weights and times, the stacks. A
 * frame is "functionName url:line" (url and line left out when unknown,
 * or with --no-url); an empty functionName is shown as DevTools shows it,
 * "(anonymous)". The "(root)" node is left out of stacks; "(program)",
 * "(idle)" and "(garbage collector)" stay as one-frame stacks.
 *
 * Parent links are resolved without recursion: the tree is walked with an
 * explicit stack from the nodes that have no parent, so a node whose
 * parent links form a cycle is never reached; it is reported and skipped.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "v8prof.h"

/* The state of v8_nodes' walk: open nodes, innermost last. */
struct open {
	size_t k;
	int inkids;		/* inside its "children" array */
};

void
v8_init(struct v8prof *P, struct fg_in *in, const struct copts *o,
    const char *fmt, uint64_t *used)
{
	memset(P, 0, sizeof(*P));
	P->in = in;
	P->o = o;
	P->fmt = fmt;
	P->used = used;
}

void
v8_free(struct v8prof *P)
{
	free(P->nv);
	free(P->kidv);
	free(P->arena);
	free(P->samples);
	free(P->deltas);
	free(P->ts);
}

void
v8_warn(struct v8prof *P, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	collapse_vwarn(P->in, P->label, fmt, ap);
	va_end(ap);
}

/* Appends n bytes to the arena; returns their offset. */
static size_t
aput(struct v8prof *P, const char *s, size_t n)
{
	size_t off = P->alen;

	P->arena = collapse_grow(P->arena, &P->acap, P->alen + n + 1, 1);
	memcpy(P->arena + P->alen, s, n);
	P->alen += n;
	return off;
}

int
v8_num(enum json_tok t, const struct json *j, int64_t *v)
{
	double d;

	if (t != JSON_NUM)
		return -1;
	if (json_int64(j->str, j->len, v) == 0)
		return 0;
	d = strtod(j->str, NULL);
	if (!isfinite(d) || d >= 9.2e18 || d <= -9.2e18)
		return -1;
	*v = (int64_t)llround(d);
	return 0;
}

int
v8_ints(struct v8prof *P, struct json *j, enum json_tok t, const char *what,
    int64_t **v, size_t *n, size_t *cap)
{
	int64_t x;

	if (t != JSON_ARR) {
		v8_warn(P, "\"%s\" is not an array; ignored", what);
		return json_skip(j, t);
	}
	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t == JSON_ERR)
			return -1;
		if (v8_num(t, j, &x) < 0) {
			v8_warn(P, "\"%s\"[%zu]: not an integer; ignored", what,
			    *n);
			if (json_skip(j, t) < 0)
				return -1;
			continue;
		}
		*v = collapse_grow(*v, cap, *n + 1, sizeof(**v));
		(*v)[(*n)++] = x;
	}
	return 0;
}

static size_t
newnode(struct v8prof *P, size_t pidx)
{
	struct v8node *n;

	P->nv = collapse_grow(P->nv, &P->ncap, P->nn + 1, sizeof(*P->nv));
	n = &P->nv[P->nn];
	memset(n, 0, sizeof(*n));
	n->pidx = pidx;
	return P->nn++;
}

static void
addkid(struct v8prof *P, size_t k, int64_t id)
{
	P->kidv = collapse_grow(P->kidv, &P->kidcap, P->nkid + 1,
	    sizeof(*P->kidv));
	P->kidv[P->nkid].node = k;
	P->kidv[P->nkid++].id = id;
}

/*
 * A call frame member of node k (functionName, url, lineNumber); in a
 * callFrame object lines count from 0, on an old tree node from 1.
 */
static int
framefield(struct v8prof *P, struct json *j, size_t k, int from0)
{
	enum json_tok t;
	int64_t x;
	int which;

	which = strcmp(j->str, "functionName") == 0 ? 1 :
	    strcmp(j->str, "url") == 0 ? 2 :
	    strcmp(j->str, "lineNumber") == 0 ? 3 : 0;
	t = json_next(j);
	if (which == 1 && t == JSON_STR) {
		P->nv[k].fnlen = j->len;
		P->nv[k].fn = aput(P, j->str, j->len);
	} else if (which == 2 && t == JSON_STR) {
		P->nv[k].urllen = j->len;
		P->nv[k].url = aput(P, j->str, j->len);
	} else if (which == 3 && v8_num(t, j, &x) == 0 && x >= 0 &&
	    x < INT64_MAX - 1)
		P->nv[k].line = x + from0;
	return json_skip(j, t);
}

static int
callframe(struct v8prof *P, struct json *j, size_t k)
{
	enum json_tok t;

	t = json_next(j);
	if (t != JSON_OBJ)
		return json_skip(j, t);
	while ((t = json_next(j)) == JSON_KEY)
		if (framefield(P, j, k, 1) < 0)
			return -1;
	return t == JSON_OBJ_END ? 0 : -1;
}

/* One member of node k, other than "children"; its key is in j->str. */
static int
member(struct v8prof *P, struct json *j, size_t k)
{
	struct v8node *n;
	enum json_tok t;
	int64_t x;
	int which;

	if (strcmp(j->str, "callFrame") == 0)
		return callframe(P, j, k);
	which = strcmp(j->str, "id") == 0 ? 1 :
	    strcmp(j->str, "parent") == 0 ? 2 :
	    strcmp(j->str, "hitCount") == 0 ? 3 : 0;
	if (which == 0)
		return framefield(P, j, k, 0);
	t = json_next(j);
	n = &P->nv[k];
	if (v8_num(t, j, &x) == 0) {
		if (which == 1) {
			n->id = x;
			n->hasid = 1;
		} else if (which == 2) {
			n->parent = x;
			n->hasparent = 1;
		} else if (x > 0)
			n->hits = (uint64_t)x;
	}
	return json_skip(j, t);
}

/* Node k is complete; idx is its place in a flat "nodes" array. */
static void
done(struct v8prof *P, size_t k, size_t idx, int flat)
{
	if (flat && !P->nv[k].hasid && P->nv[k].pidx == SIZE_MAX) {
		v8_warn(P, "nodes[%zu]: no integer \"id\"; ignored", idx);
		P->nv[k].dup = 1;
	}
}

/*
 * The walk keeps the open nodes on an explicit stack: a node object, or
 * its "children" array, whose elements are ids or nested node objects.
 */
static int
walk(struct v8prof *P, struct json *j, struct open **st, size_t *top,
    size_t *cap, int flat)
{
	enum json_tok t;
	struct open *f;
	size_t idx = 0;
	int64_t x;

	for (;;) {
		if (*top == 0) {
			if (!flat)
				return 0;
			if ((t = json_next(j)) == JSON_ARR_END)
				return 0;
			if (t == JSON_ERR)
				return -1;
			if (t != JSON_OBJ) {
				v8_warn(P, "nodes[%zu]: not an object; ignored",
				    idx++);
				if (json_skip(j, t) < 0)
					return -1;
				continue;
			}
			*st = collapse_grow(*st, cap, 1, sizeof(**st));
			(*st)[0].k = newnode(P, SIZE_MAX);
			(*st)[(*top)++].inkids = 0;
			continue;
		}
		f = &(*st)[*top - 1];
		if ((t = json_next(j)) == JSON_ERR)
			return -1;
		if (f->inkids) {
			if (t == JSON_ARR_END)
				f->inkids = 0;
			else if (t == JSON_OBJ) {
				*st = collapse_grow(*st, cap, *top + 1,
				    sizeof(**st));
				f = &(*st)[*top - 1];
				(*st)[*top].k = newnode(P, f->k);
				(*st)[(*top)++].inkids = 0;
			} else if (v8_num(t, j, &x) == 0)
				addkid(P, f->k, x);
			else {
				v8_warn(P, "\"children\": not an id or a node; "
				    "ignored");
				if (json_skip(j, t) < 0)
					return -1;
			}
			continue;
		}
		if (t == JSON_OBJ_END) {
			done(P, f->k, idx, flat);
			if (--*top == 0)
				idx++;
			continue;
		}
		if (strcmp(j->str, "children") != 0) {
			if (member(P, j, f->k) < 0)
				return -1;
			continue;
		}
		if ((t = json_next(j)) == JSON_ARR)
			f->inkids = 1;
		else if (json_skip(j, t) < 0)
			return -1;
	}
}

int
v8_nodes(struct v8prof *P, struct json *j, enum json_tok t)
{
	struct open *st = NULL;
	size_t top = 0, cap = 0, nkid;
	int r;

	if (t != JSON_ARR && t != JSON_OBJ) {
		v8_warn(P, "\"nodes\" is not an array");
		return json_skip(j, t);
	}
	if (t == JSON_OBJ) {
		st = collapse_grow(st, &cap, 1, sizeof(*st));
		st[0].k = newnode(P, SIZE_MAX);
		st[top++].inkids = 0;
	}
	r = walk(P, j, &st, &top, &cap, t == JSON_ARR);
	if (r < 0 && top > 0 && t == JSON_ARR) {
		/* a flat node cut short is dropped, with its children */
		P->nn--;
		nkid = P->nkid;
		while (nkid > 0 && P->kidv[nkid - 1].node == P->nn)
			nkid--;
		P->nkid = nkid;
	}
	free(st);
	return r;
}

/* A value and the index it came from: node ids, sample timestamps. */
struct keyref {
	int64_t k;
	size_t i;
};

/* By value, then by index: a stable order for qsort. */
static int
keycmp(const void *a, const void *b)
{
	const struct keyref *x = a, *y = b;

	if (x->k != y->k)
		return x->k < y->k ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Index of the node with this id, or SIZE_MAX. */
static size_t
lookup(const struct keyref *ix, size_t n, int64_t id)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ix[mid].k < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && ix[lo].k == id ? ix[lo].i : SIZE_MAX;
}

/* What emit works with besides the profile. */
struct tree {
	struct keyref *ix;	/* nodes with an id, by id */
	size_t nix;
	size_t *parent;		/* parent index per node, or SIZE_MAX */
	uint64_t *w;		/* weight per node */
	char *names;		/* frame names, one after the other */
	size_t *name, *namelen;
	char *reached;		/* by the walk from the roots */
	/* with a time window: each sample kept apart, listed by node */
	size_t *sk;		/* node per sample, or SIZE_MAX */
	uint64_t *sv;		/* weight per sample */
	size_t nsv;
	size_t *soff, *sidx;	/* node k's: sidx[soff[k] .. soff[k+1]) */
};

static void
names(struct v8prof *P, struct tree *T)
{
	struct v8node *nd;
	struct buf b = { NULL, 0, 0 };
	size_t i;
	char num[32];

	T->name = fg_calloc(P->nn + 1, sizeof(*T->name));
	T->namelen = fg_calloc(P->nn + 1, sizeof(*T->namelen));
	for (i = 0; i < P->nn; i++) {
		nd = &P->nv[i];
		T->name[i] = b.len;
		if (nd->fnlen > 0)
			collapse_frame(&b, P->arena + nd->fn, nd->fnlen);
		else
			buf_put(&b, "(anonymous)", 11);
		if (nd->urllen > 0 && !P->o->no_url) {
			buf_put(&b, " ", 1);
			collapse_frame(&b, P->arena + nd->url, nd->urllen);
			if (nd->line > 0) {
				snprintf(num, sizeof(num), ":%lld",
				    (long long)nd->line);
				buf_put(&b, num, strlen(num));
			}
		}
		T->namelen[i] = b.len - T->name[i];
	}
	T->names = b.p;
}

/* The id index; a second node with an id already seen is ignored. */
static void
index_ids(struct v8prof *P, struct tree *T)
{
	size_t i, n = 0;

	T->ix = fg_reallocarray(NULL, P->nn + 1, sizeof(*T->ix));
	for (i = 0; i < P->nn; i++)
		if (P->nv[i].hasid && !P->nv[i].dup) {
			T->ix[n].k = P->nv[i].id;
			T->ix[n++].i = i;
		}
	qsort(T->ix, n, sizeof(*T->ix), keycmp);
	for (i = 1; i < n; i++)
		if (T->ix[i].k == T->ix[i - 1].k) {
			P->nv[T->ix[i].i].dup = 1;
			v8_warn(P, "node id %lld appears twice; the second is "
			    "ignored", (long long)T->ix[i].k);
		}
	T->nix = n;
}

/* Parents: by nesting, from children lists, or from "parent" members. */
static void
parents(struct v8prof *P, struct tree *T)
{
	struct v8node *nd;
	size_t i, k, c;
	int64_t id;

	T->parent = fg_reallocarray(NULL, P->nn + 1, sizeof(*T->parent));
	for (i = 0; i < P->nn; i++)
		T->parent[i] = P->nv[i].dup ? SIZE_MAX : P->nv[i].pidx;
	for (i = 0; i < P->nkid; i++) {
		k = P->kidv[i].node;
		id = P->kidv[i].id;
		if (P->nv[k].dup)
			continue;
		c = lookup(T->ix, T->nix, id);
		if (c == SIZE_MAX)
			v8_warn(P, "node %lld: child %lld is not a node; "
			    "ignored", (long long)P->nv[k].id, (long long)id);
		else if (c == k)
			v8_warn(P, "node %lld is its own child; ignored",
			    (long long)P->nv[k].id);
		else if (T->parent[c] != SIZE_MAX)
			v8_warn(P, "node %lld has two parents; the second is "
			    "ignored", (long long)id);
		else
			T->parent[c] = k;
	}
	for (i = 0; i < P->nn; i++) {
		nd = &P->nv[i];
		if (nd->dup || !nd->hasparent || T->parent[i] != SIZE_MAX)
			continue;
		k = lookup(T->ix, T->nix, nd->parent);
		if (k == SIZE_MAX || k == i)
			v8_warn(P, "node %lld: parent %lld is not a node; "
			    "taken as a root", (long long)nd->id,
			    (long long)nd->parent);
		else
			T->parent[i] = k;
	}
}

int
v8_times(struct v8prof *P)
{
	size_t i, n;
	int64_t t, d;
	int over = 0;

	if (P->ts != NULL)
		return 1;
	n = P->ns < P->nd ? P->ns : P->nd;
	if (!P->hassamples || n == 0)
		return 0;
	P->ts = fg_reallocarray(NULL, n, sizeof(*P->ts));
	t = P->start;
	for (i = 0; i < n; i++) {
		d = P->deltas[i];
		if (P->abstime)
			t = d;
		else if ((d > 0 && t > INT64_MAX - d) ||
		    (d < 0 && t < INT64_MIN - d))
			over = 1;
		else
			t += d;
		P->ts[i] = t;
		if (i == 0 || t < P->tmin)
			P->tmin = t;
		if (i == 0 || t > P->tmax)
			P->tmax = t;
	}
	if (over)
		v8_warn(P, "time stamps overflow; some samples weigh 0");
	return 1;
}

static void
addw(struct v8prof *P, uint64_t *w, size_t k, uint64_t v)
{
	if (w[k] > (uint64_t)INT64_MAX - v || v > (uint64_t)INT64_MAX)
		fg_sum_overflow(P->in->name, 0);
	w[k] += v;
}

static void
addsample(struct v8prof *P, struct tree *T, size_t i, uint64_t v)
{
	size_t k;

	k = lookup(T->ix, T->nix, P->samples[i]);
	if (k == SIZE_MAX)
		v8_warn(P, "samples[%zu]: no node %lld; ignored", i,
		    (long long)P->samples[i]);
	else if (T->sv != NULL) {
		if (v > (uint64_t)INT64_MAX)
			fg_sum_overflow(P->in->name, 0);
		T->sk[i] = k;
		T->sv[i] = v;
		T->w[k] |= v > 0;	/* emitted sample by sample */
	} else {
		addw(P, T->w, k, v);
		P->nkept += v > 0;
	}
}

/* Sample weights by time: the gap to the next sample in time order. */
static void
weigh_time(struct v8prof *P, struct tree *T, size_t n)
{
	struct keyref *ts;
	size_t i;
	int64_t d;

	ts = fg_reallocarray(NULL, n ? n : 1, sizeof(*ts));
	for (i = 0; i < n; i++) {
		ts[i].k = P->ts[i];
		ts[i].i = i;
	}
	qsort(ts, n, sizeof(*ts), keycmp);
	for (i = 0; i < n; i++) {
		if (i + 1 < n)
			d = ts[i + 1].k - ts[i].k;
		else if (P->hasend && P->end > ts[i].k)
			d = P->end - ts[i].k;
		else
			d = 0;
		if (d < 0)	/* only after an overflow */
			d = 0;
		addsample(P, T, ts[i].i, (uint64_t)d);
		P->sw += (double)d;
		P->sw2 += (double)d * (double)d;
	}
	free(ts);
}

/* With a time window, samples are kept apart: set up their lists. */
static void
windowed(struct v8prof *P, struct tree *T)
{
	size_t i;

	T->nsv = P->ns;
	T->sk = fg_reallocarray(NULL, P->ns + 1, sizeof(*T->sk));
	T->sv = fg_calloc(P->ns + 1, sizeof(*T->sv));
	for (i = 0; i < P->ns; i++)
		T->sk[i] = SIZE_MAX;
	if (!v8_times(P))
		v8_warn(P, "no sample times: no sample is in the time "
		    "window");
}

/* Node k's samples, listed: soff and sidx from sk. */
static void
bynode(struct v8prof *P, struct tree *T)
{
	size_t i, *fill;

	T->soff = fg_calloc(P->nn + 2, sizeof(*T->soff));
	T->sidx = fg_reallocarray(NULL, T->nsv + 1, sizeof(*T->sidx));
	for (i = 0; i < T->nsv; i++)
		if (T->sk[i] != SIZE_MAX)
			T->soff[T->sk[i] + 1]++;
	for (i = 0; i < P->nn; i++)
		T->soff[i + 1] += T->soff[i];
	fill = fg_calloc(P->nn + 1, sizeof(*fill));
	for (i = 0; i < T->nsv; i++)
		if (T->sk[i] != SIZE_MAX)
			T->sidx[T->soff[T->sk[i]] + fill[T->sk[i]]++] = i;
	free(fill);
}

/* Adds node k's weight, or with a time window each of its samples. */
static void
addnode(struct v8prof *P, struct tree *T, struct fg_stab *tab,
    const char *path, size_t len, size_t k)
{
	fg_count c;
	size_t b, i;
	double t;

	c.f = 0;
	if (T->sv == NULL) {
		c.i = (int64_t)T->w[k];
		collapse_add(tab, path, len, c, P->in);
		return;
	}
	for (b = T->soff[k]; b < T->soff[k + 1]; b++) {
		i = T->sidx[b];
		if (T->sv[i] == 0)
			continue;
		c.i = (int64_t)T->sv[i];
		t = P->ts != NULL && i < P->ns && i < P->nd ?
		    (double)P->ts[i] / 1e6 : NAN;
		P->nkept += window_slot(P->o, t) >= 0;
		collapse_add_at(tab, path, len, c, P->in, P->o, t);
	}
}

/* Sample weights per node: a count, or microseconds. */
static void
weigh(struct v8prof *P, struct tree *T)
{
	size_t i, n;
	int bytime = P->o->cpuprof_time;

	T->w = fg_calloc(P->nn + 1, sizeof(*T->w));
	if (bytime && P->hassamples)
		collapse_unit(P->o, "us", 2);
	else
		collapse_unit(P->o, "samples", 7);
	if (!P->hassamples) {
		for (i = 0; i < P->nn; i++)
			T->w[i] = P->nv[i].dup ? 0 : P->nv[i].hits;
		if (bytime)
			v8_warn(P, "no \"samples\": --cpuprofile-time "
			    "cannot apply; using hitCount");
		return;
	}
	n = P->ns;
	if (window_on(P->o))
		windowed(P, T);
	if ((bytime || window_on(P->o)) && P->nd != P->ns) {
		v8_warn(P, "%zu %s for %zu samples; the unmatched ones are "
		    "ignored", P->nd, P->abstime ? "timestamps" : "timeDeltas",
		    P->ns);
		if (P->nd < n)
			n = P->nd;
	}
	if (!bytime) {
		for (i = 0; i < n; i++)
			addsample(P, T, i, 1);
		return;
	}
	v8_times(P);
	weigh_time(P, T, n);
}

/* Children lists, compressed: node k's are kidv[kidoff[k] .. kidoff[k+1]). */
static void
kidlists(size_t n, const size_t *parent, size_t **kidoff, size_t **kidv)
{
	size_t i, *fill;

	*kidoff = fg_calloc(n + 1, sizeof(**kidoff));
	for (i = 0; i < n; i++)
		if (parent[i] != SIZE_MAX)
			(*kidoff)[parent[i] + 1]++;
	for (i = 0; i < n; i++)
		(*kidoff)[i + 1] += (*kidoff)[i];
	*kidv = fg_reallocarray(NULL, n + 1, sizeof(**kidv));
	fill = fg_calloc(n + 1, sizeof(*fill));
	for (i = 0; i < n; i++)
		if (parent[i] != SIZE_MAX)
			(*kidv)[(*kidoff)[parent[i]] + fill[parent[i]]++] = i;
	free(fill);
}

struct path {
	char *b;
	size_t cap;
};

/* Frame k appended to the path of length len; returns the new length. */
static size_t
pathadd(struct path *p, size_t len, const struct tree *T, size_t k)
{
	size_t nl = T->namelen[k];

	if (len + nl + 2 > p->cap) {
		while (len + nl + 2 > p->cap)
			p->cap *= 2;
		p->b = fg_realloc(p->b, p->cap);
	}
	if (len > 0)
		p->b[len++] = ';';
	memcpy(p->b + len, T->names + T->name[k], nl);
	return len + nl;
}

/*
 * Depth-first from every root, with an explicit stack of (node, length
 * of its parent's path); returns the number of nodes reached.
 */
static size_t
walkout(struct v8prof *P, struct tree *T, struct fg_stab *tab,
    struct path *p, size_t plen)
{
	size_t *kidoff, *kidv, *stk, *lens, i, k, b, len, e, top, n = P->nn;
	size_t reached = 0;

	kidlists(n, T->parent, &kidoff, &kidv);
	stk = fg_reallocarray(NULL, n + 1, sizeof(*stk));
	lens = fg_reallocarray(NULL, n + 1, sizeof(*lens));
	for (i = 0; i < n; i++) {
		if (T->parent[i] != SIZE_MAX || P->nv[i].dup)
			continue;
		top = 0;
		stk[top] = i;
		lens[top++] = plen;
		while (top > 0) {
			k = stk[--top];
			len = lens[top];
			T->reached[k] = 1;
			reached++;
			if (!(T->parent[k] == SIZE_MAX && T->namelen[k] == 6 &&
			    memcmp(T->names + T->name[k], "(root)", 6) == 0))
				len = pathadd(p, len, T, k);
			if (T->w[k] > 0) {
				/* a lone "(root)" is shown as itself */
				e = len == plen ? pathadd(p, len, T, k) : len;
				collapse_budget(P->in, P->o, P->fmt, P->used,
				    e);
				addnode(P, T, tab, p->b, e, k);
			}
			for (b = kidoff[k]; b < kidoff[k + 1]; b++) {
				stk[top] = kidv[b];
				lens[top++] = len;
			}
		}
	}
	free(lens);
	free(stk);
	free(kidv);
	free(kidoff);
	return reached;
}

/* Nodes never reached: their parent links end in a cycle. */
static void
cycles(struct v8prof *P, struct tree *T)
{
	size_t i;

	for (i = 0; i < P->nn; i++)
		if (!P->nv[i].dup && !T->reached[i] && T->w[i] > 0)
			v8_warn(P, "node %lld: parent links form a cycle; "
			    "its samples are skipped", (long long)P->nv[i].id);
}

void
v8_emit(struct v8prof *P, struct fg_stab *tab, const char *prefix,
    size_t plen)
{
	struct tree T;
	struct path p;
	size_t live = 0, i;

	memset(&T, 0, sizeof(T));
	names(P, &T);
	index_ids(P, &T);
	parents(P, &T);
	weigh(P, &T);
	if (T.sv != NULL)
		bynode(P, &T);
	T.reached = fg_calloc(P->nn + 1, 1);
	p.cap = 256;
	while (p.cap < plen + 2)
		p.cap *= 2;
	p.b = fg_malloc(p.cap);
	memcpy(p.b, prefix, plen);
	for (i = 0; i < P->nn; i++)
		live += !P->nv[i].dup;
	if (walkout(P, &T, tab, &p, plen) < live)
		cycles(P, &T);
	collapse_samples(P->o, P->hassamples ? P->nkept : COLLAPSE_UNKNOWN);
	collapse_weights(P->o, P->sw, P->sw2);	/* by time: they vary */
	free(p.b);
	free(T.ix);
	free(T.parent);
	free(T.w);
	free(T.names);
	free(T.name);
	free(T.namelen);
	free(T.reached);
	free(T.sk);
	free(T.sv);
	free(T.soff);
	free(T.sidx);
}
