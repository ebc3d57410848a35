/* SPDX-License-Identifier: ISC */
/*
 * cpuprofile.c: V8 CPU profiles (.cpuprofile JSON, as written by
 * node --cpu-prof, Chrome DevTools and the inspector's Profiler.stop).
 *
 * The profile is a tree of nodes {id, callFrame, children, hitCount} (or
 * nodes with a "parent" id instead of "children"), and two parallel
 * arrays: samples (a node id per sample) and timeDeltas (microseconds
 * since the previous sample; the first since startTime). Each sample
 * counts 1, or with --cpuprofile-time the microseconds until the next
 * sample in time order (the last one until endTime), as DevTools counts
 * self time. Without samples, the nodes' hitCounts are used.
 *
 * A frame is "functionName url:line" (line 1-based; url and line left out
 * when unknown); an empty functionName is shown as DevTools shows it,
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

#include "collapse.h"
#include "json.h"
#include "sym.h"

#define MAXWARN 10

struct node {
	int64_t id;
	size_t name, namelen;	/* frame text in the arena */
	size_t kids, nkids;	/* child ids in kidv */
	int64_t parent;		/* from a "parent" member */
	uint64_t hits;
	int hasparent;
	int dup;		/* a later node with an id already seen */
};

struct prof {
	struct node *nv;
	size_t nn, ncap;
	size_t nidx;		/* index in "nodes" of the node being read */
	int64_t *kidv;
	size_t nkid, kidcap;
	char *arena;
	size_t alen, acap;
	int64_t *samples;
	size_t ns, scap;
	int64_t *deltas;
	size_t nd, dcap;
	int hassamples, hasdeltas, hasend;
	int bytime;		/* --cpuprofile-time */
	int64_t start, end;
	/* callFrame fields while reading one node */
	char *fname, *url;
	size_t fnlen, fncap, urllen, urlcap;
	int64_t line;
	struct fg_in *in;
	const struct copts *o;
	uint64_t used;		/* stack text made, for --max-output */
};

static void cpwarn(struct prof *, const char *, ...) FG_PRINTF(2, 3);

/* Data warning without a line number: JSON has no useful one. */
static void
cpwarn(struct prof *P, const char *fmt, ...)
{
	va_list ap;

	fg_status = fg_status > FG_EXIT_DATA ? fg_status : FG_EXIT_DATA;
	P->in->nbad++;
	if (++P->in->nwarn > MAXWARN)
		return;
	fprintf(stderr, "%s: %s: ", fg_progname, P->in->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void
jsonerr(struct prof *P, const struct json *j)
{
	cpwarn(P, "byte %zu: invalid JSON: %s%s", j->erroff, j->err,
	    " (using what was read before it)");
}

static void
grow(void **v, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return;
	*cap = *cap ? *cap : 16;
	while (*cap < need)
		*cap *= 2;
	*v = fg_reallocarray(*v, *cap, sz);
}

static void
bufcpy(char **b, size_t *len, size_t *cap, const char *s, size_t n)
{
	grow((void **)b, cap, n + 1, 1);
	memcpy(*b, s, n);
	(*b)[n] = '\0';
	*len = n;
}

static void
aput(struct prof *P, const char *s, size_t n)
{
	size_t i;
	char c;

	grow((void **)&P->arena, &P->acap, P->alen + n + 1, 1);
	/* a frame may not hold the folded format's separators */
	for (i = 0; i < n; i++) {
		c = s[i];
		if (c == ';')
			c = ':';
		else if (c == '\n' || c == '\r' || c == '\0')
			c = ' ';
		P->arena[P->alen++] = c;
	}
}

/*
 * A JSON number as an integer: exact when written as one, else rounded
 * when finite and in range. -1 when it is no usable number.
 */
static int
numval(enum json_tok t, const struct json *j, int64_t *v)
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

/* An array of integers into *v; bad elements are warned about. */
static int
intarray(struct prof *P, struct json *j, enum json_tok t, const char *what,
    int64_t **v, size_t *n, size_t *cap)
{
	int64_t x;

	if (t != JSON_ARR) {
		cpwarn(P, "\"%s\" is not an array; ignored", what);
		return json_skip(j, t);
	}
	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t == JSON_ERR)
			return -1;
		if (numval(t, j, &x) < 0) {
			cpwarn(P, "\"%s\"[%zu]: not an integer; ignored", what,
			    *n);
			if (json_skip(j, t) < 0)
				return -1;
			continue;
		}
		grow((void **)v, cap, *n + 1, sizeof(**v));
		(*v)[(*n)++] = x;
	}
	return 0;
}

static int
callframe(struct prof *P, struct json *j, enum json_tok t)
{
	int64_t x;

	if (t != JSON_OBJ)
		return json_skip(j, t);
	while ((t = json_next(j)) == JSON_KEY) {
		if (strcmp(j->str, "functionName") == 0) {
			t = json_next(j);
			if (t == JSON_STR)
				bufcpy(&P->fname, &P->fnlen, &P->fncap,
				    j->str, j->len);
		} else if (strcmp(j->str, "url") == 0) {
			t = json_next(j);
			if (t == JSON_STR)
				bufcpy(&P->url, &P->urllen, &P->urlcap,
				    j->str, j->len);
		} else if (strcmp(j->str, "lineNumber") == 0) {
			t = json_next(j);
			if (numval(t, j, &x) == 0)
				P->line = x;
		} else
			t = json_next(j);
		if (json_skip(j, t) < 0)
			return -1;
	}
	return t == JSON_OBJ_END ? 0 : -1;
}

static int
node(struct prof *P, struct json *j, enum json_tok t)
{
	struct node *n;
	char num[32];
	int64_t x;
	int hasid = 0;

	if (t != JSON_OBJ) {
		cpwarn(P, "nodes[%zu]: not an object; ignored", P->nidx++);
		return json_skip(j, t);
	}
	grow((void **)&P->nv, &P->ncap, P->nn + 1, sizeof(*P->nv));
	n = &P->nv[P->nn];
	memset(n, 0, sizeof(*n));
	n->kids = P->nkid;
	P->fnlen = P->urllen = 0;
	P->line = -1;
	while ((t = json_next(j)) == JSON_KEY) {
		if (strcmp(j->str, "id") == 0) {
			t = json_next(j);
			if (numval(t, j, &x) == 0) {
				n->id = x;
				hasid = 1;
			}
		} else if (strcmp(j->str, "callFrame") == 0) {
			if (callframe(P, j, json_next(j)) < 0)
				return -1;
			continue;
		} else if (strcmp(j->str, "children") == 0) {
			if (intarray(P, j, json_next(j), "children", &P->kidv,
			    &P->nkid, &P->kidcap) < 0)
				return -1;
			continue;
		} else if (strcmp(j->str, "parent") == 0) {
			t = json_next(j);
			if (numval(t, j, &x) == 0) {
				n->parent = x;
				n->hasparent = 1;
			}
		} else if (strcmp(j->str, "hitCount") == 0) {
			t = json_next(j);
			if (numval(t, j, &x) == 0 && x > 0)
				n->hits = (uint64_t)x;
		} else
			t = json_next(j);
		if (json_skip(j, t) < 0)
			return -1;
	}
	if (t != JSON_OBJ_END)
		return -1;
	n->nkids = P->nkid - n->kids;
	if (!hasid) {
		cpwarn(P, "nodes[%zu]: no integer \"id\"; ignored", P->nidx++);
		P->nkid = n->kids;
		return 0;
	}
	n->name = P->alen;
	if (P->fnlen > 0)
		aput(P, P->fname, P->fnlen);
	else
		aput(P, "(anonymous)", 11);
	if (P->urllen > 0) {
		aput(P, " ", 1);
		aput(P, P->url, P->urllen);
		if (P->line >= 0 && P->line < INT64_MAX) {
			snprintf(num, sizeof(num), ":%lld",
			    (long long)P->line + 1);
			aput(P, num, strlen(num));
		}
	}
	n->namelen = P->alen - n->name;
	P->nn++;
	P->nidx++;
	return 0;
}

/* The members of a profile object; "profile" may wrap one (Profiler.stop). */
static int
profile(struct prof *P, struct json *j, int top)
{
	enum json_tok t;
	int64_t x;

	while ((t = json_next(j)) == JSON_KEY) {
		if (strcmp(j->str, "nodes") == 0) {
			t = json_next(j);
			if (t != JSON_ARR) {
				cpwarn(P, "\"nodes\" is not an array");
				if (json_skip(j, t) < 0)
					return -1;
				continue;
			}
			while ((t = json_next(j)) != JSON_ARR_END)
				if (t == JSON_ERR || node(P, j, t) < 0)
					return -1;
			continue;
		} else if (strcmp(j->str, "samples") == 0) {
			P->hassamples = 1;
			if (intarray(P, j, json_next(j), "samples", &P->samples,
			    &P->ns, &P->scap) < 0)
				return -1;
			continue;
		} else if (strcmp(j->str, "timeDeltas") == 0) {
			P->hasdeltas = 1;
			if (intarray(P, j, json_next(j), "timeDeltas",
			    &P->deltas, &P->nd, &P->dcap) < 0)
				return -1;
			continue;
		} else if (strcmp(j->str, "startTime") == 0) {
			t = json_next(j);
			if (numval(t, j, &x) == 0)
				P->start = x;
		} else if (strcmp(j->str, "endTime") == 0) {
			t = json_next(j);
			if (numval(t, j, &x) == 0) {
				P->end = x;
				P->hasend = 1;
			}
		} else if (top && strcmp(j->str, "profile") == 0) {
			t = json_next(j);
			if (t == JSON_OBJ) {
				if (profile(P, j, 0) < 0)
					return -1;
				continue;
			}
		} else
			t = json_next(j);
		if (json_skip(j, t) < 0)
			return -1;
	}
	return t == JSON_OBJ_END ? 0 : -1;
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

static void
addw(struct prof *P, uint64_t *w, size_t k, uint64_t v)
{
	if (w[k] > (uint64_t)INT64_MAX - v || v > (uint64_t)INT64_MAX)
		fg_sum_overflow(P->in->name, 0);
	w[k] += v;
}

/* Sample weights per node index: a count, or microseconds. */
static void
weigh(struct prof *P, const struct keyref *ix, uint64_t *w, int bytime)
{
	struct keyref *ts;
	size_t i, n, k;
	int64_t t, d;
	int over = 0;

	if (!P->hassamples) {
		for (i = 0; i < P->nn; i++)
			w[i] = P->nv[i].dup ? 0 : P->nv[i].hits;
		if (bytime)
			cpwarn(P, "no \"samples\": --cpuprofile-time "
			    "cannot apply; using hitCount");
		return;
	}
	n = P->ns;
	if (bytime && P->nd != P->ns) {
		cpwarn(P, "%zu timeDeltas for %zu samples; "
		    "the unmatched ones are ignored", P->nd, P->ns);
		if (P->nd < n)
			n = P->nd;
	}
	if (!bytime) {
		for (i = 0; i < n; i++) {
			if ((k = lookup(ix, P->nn, P->samples[i])) == SIZE_MAX)
				cpwarn(P, "samples[%zu]: no node %lld; ignored",
				    i, (long long)P->samples[i]);
			else
				addw(P, w, k, 1);
		}
		return;
	}
	/* time stamps, put in order (Chrome's deltas may be negative) */
	ts = fg_reallocarray(NULL, n ? n : 1, sizeof(*ts));
	t = P->start;
	for (i = 0; i < n; i++) {
		d = P->deltas[i];
		if ((d > 0 && t > INT64_MAX - d) || (d < 0 && t < INT64_MIN - d))
			over = 1;
		else
			t += d;
		ts[i].k = t;
		ts[i].i = i;
	}
	if (over)
		cpwarn(P, "time stamps overflow; some samples weigh 0");
	qsort(ts, n, sizeof(*ts), keycmp);
	for (i = 0; i < n; i++) {
		if (i + 1 < n)
			d = ts[i + 1].k - ts[i].k;
		else if (P->hasend && P->end > ts[i].k)
			d = P->end - ts[i].k;
		else
			d = 0;
		if (d < 0)	/* only after an overflow above */
			d = 0;
		k = lookup(ix, P->nn, P->samples[ts[i].i]);
		if (k == SIZE_MAX)
			cpwarn(P, "samples[%zu]: no node %lld; ignored",
			    ts[i].i, (long long)P->samples[ts[i].i]);
		else
			addw(P, w, k, (uint64_t)d);
	}
	free(ts);
}

static void
emit(struct prof *P, struct fg_stab *tab)
{
	struct keyref *ix;
	size_t *parent, *kidoff, *kidv, *stk, *plen;
	size_t i, k, n = P->nn, top, base, len, pcap = 256, reached = 0;
	uint64_t *w;
	char *path;
	struct node *nd;
	fg_count c;

	ix = fg_reallocarray(NULL, n ? n : 1, sizeof(*ix));
	for (i = 0; i < n; i++) {
		ix[i].k = P->nv[i].id;
		ix[i].i = i;
	}
	qsort(ix, n, sizeof(*ix), keycmp);
	for (i = 1; i < n; i++)
		if (ix[i].k == ix[i - 1].k) {
			P->nv[ix[i].i].dup = 1;
			cpwarn(P, "node id %lld appears twice; the second is "
			    "ignored", (long long)ix[i].k);
		}
	/* parents: from children lists, or from "parent" members */
	parent = fg_reallocarray(NULL, n ? n : 1, sizeof(*parent));
	for (i = 0; i < n; i++)
		parent[i] = SIZE_MAX;
	for (i = 0; i < n; i++) {
		nd = &P->nv[i];
		if (nd->dup)
			continue;
		for (k = 0; k < nd->nkids; k++) {
			int64_t id = P->kidv[nd->kids + k];
			size_t c2 = lookup(ix, n, id);

			if (c2 == SIZE_MAX)
				cpwarn(P, "node %lld: child %lld is not a "
				    "node; ignored", (long long)nd->id,
				    (long long)id);
			else if (c2 == i)
				cpwarn(P, "node %lld is its own child; "
				    "ignored", (long long)nd->id);
			else if (parent[c2] != SIZE_MAX)
				cpwarn(P, "node %lld has two parents; the "
				    "second is ignored", (long long)id);
			else
				parent[c2] = i;
		}
	}
	for (i = 0; i < n; i++) {
		nd = &P->nv[i];
		if (nd->dup || !nd->hasparent || parent[i] != SIZE_MAX)
			continue;
		k = lookup(ix, n, nd->parent);
		if (k == SIZE_MAX || k == i)
			cpwarn(P, "node %lld: parent %lld is not a node; "
			    "taken as a root", (long long)nd->id,
			    (long long)nd->parent);
		else
			parent[i] = k;
	}
	w = fg_calloc(n ? n : 1, sizeof(*w));
	weigh(P, ix, w, P->bytime);
	/* children lists, compressed */
	kidoff = fg_calloc(n + 1, sizeof(*kidoff));
	for (i = 0; i < n; i++)
		if (parent[i] != SIZE_MAX)
			kidoff[parent[i] + 1]++;
	for (i = 0; i < n; i++)
		kidoff[i + 1] += kidoff[i];
	kidv = fg_reallocarray(NULL, n ? n : 1, sizeof(*kidv));
	stk = fg_calloc(n + 1, sizeof(*stk));	/* fill cursors, then reused */
	for (i = 0; i < n; i++)
		if (parent[i] != SIZE_MAX)
			kidv[kidoff[parent[i]] + stk[parent[i]]++] = i;
	/* depth-first from every root, with an explicit stack */
	plen = fg_reallocarray(NULL, n ? n : 1, sizeof(*plen));
	path = fg_malloc(pcap);
	for (i = 0; i < n; i++) {
		if (parent[i] != SIZE_MAX || P->nv[i].dup)
			continue;
		top = 0;
		stk[top] = i;
		plen[top++] = 0;
		while (top > 0) {
			top--;
			k = stk[top];
			len = plen[top];
			nd = &P->nv[k];
			reached++;
			if (!(parent[k] == SIZE_MAX && nd->namelen == 6 &&
			    memcmp(P->arena + nd->name, "(root)", 6) == 0)) {
				if (len + nd->namelen + 2 > pcap) {
					while (len + nd->namelen + 2 > pcap)
						pcap *= 2;
					path = fg_realloc(path, pcap);
				}
				if (len > 0)
					path[len++] = ';';
				memcpy(path + len, P->arena + nd->name,
				    nd->namelen);
				len += nd->namelen;
			}
			if (w[k] > 0) {
				collapse_budget(P->in, P->o, "cpuprofile",
				    &P->used, len > 0 ? len : nd->namelen);
				c.i = (int64_t)w[k];
				c.f = 0;
				if (len == 0)
					collapse_add(tab, P->arena + nd->name,
					    nd->namelen, c, P->in);
				else
					collapse_add(tab, path, len, c, P->in);
			}
			base = kidoff[k];
			for (; base < kidoff[k + 1]; base++) {
				stk[top] = kidv[base];
				plen[top++] = len;
			}
		}
	}
	for (i = 0; i < n && reached < n; i++) {
		nd = &P->nv[i];
		if (nd->dup)
			continue;
		/* not reached: its parent links end in a cycle */
		for (k = i, len = 0; len <= n && k != SIZE_MAX; len++)
			k = parent[k];
		if (k != SIZE_MAX && w[i] > 0)
			cpwarn(P, "node %lld: parent links form a cycle; "
			    "its samples are skipped", (long long)nd->id);
	}
	free(path);
	free(plen);
	free(stk);
	free(kidv);
	free(kidoff);
	free(w);
	free(parent);
	free(ix);
}

static const char *const topkeys[] = {
	"nodes", "samples", "timeDeltas", "startTime", "endTime", "profile",
	NULL
};

/*
 * A JSON object whose first member is one a profile has, or that names a
 * "callFrame" early on.
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	size_t i = 0, k, kl;

	if (n >= 3 && memcmp(head, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < n && (head[i] == ' ' || head[i] == '\t' ||
	    head[i] == '\n' || head[i] == '\r'))
		i++;
	if (i >= n || head[i] != '{')
		return 0;
	if (fg_memmem(head, n, "\"callFrame\"", 11) != NULL)
		return PROBE_YES;
	for (i++; i < n && (head[i] == ' ' || head[i] == '\t' ||
	    head[i] == '\n' || head[i] == '\r'); i++)
		;
	if (i >= n || head[i] != '"')
		return probe_why(why, 10, "a JSON object without keys");
	for (k = 0; topkeys[k] != NULL; k++) {
		kl = strlen(topkeys[k]);
		if (n - i > kl + 1 && memcmp(head + i + 1, topkeys[k], kl) == 0 &&
		    head[i + 1 + kl] == '"')
			return PROBE_YES;
	}
	return probe_why(why, 20, "a JSON object, but neither \"nodes\" "
	    "nor \"callFrame\" near its start");
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct prof P;
	struct json j;
	enum json_tok t;
	char *text;
	size_t len;

	memset(&P, 0, sizeof(P));
	P.in = in;
	P.o = o;
	P.bytime = o->cpuprof_time;
	P.start = P.end = 0;
	text = fg_in_slurp(in, &len);
	json_init(&j, text, len);
	t = json_next(&j);
	if (t == JSON_OBJ) {
		if (profile(&P, &j, 1) < 0 || json_next(&j) == JSON_ERR)
			jsonerr(&P, &j);
	} else if (t == JSON_ERR)
		jsonerr(&P, &j);
	else
		cpwarn(&P, "not a JSON object: not a .cpuprofile");
	if (P.nn == 0 && t == JSON_OBJ)
		cpwarn(&P, "no profile \"nodes\": not a .cpuprofile");
	emit(&P, tab);
	json_free(&j);
	free(text);
	free(P.nv);
	free(P.kidv);
	free(P.arena);
	free(P.samples);
	free(P.deltas);
	free(P.fname);
	free(P.url);
}

const struct cfmt fmt_cpuprofile = {
	"cpuprofile", "V8/Chrome/Node.js .cpuprofile JSON (node --cpu-prof)",
	probe, run, 0
};
