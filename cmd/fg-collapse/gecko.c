/* SPDX-License-Identifier: ISC */
/*
 * gecko.c: Firefox Profiler JSON, in both of its forms, read into
 * tables and turned into stacks.
 *
 *	{"meta": {"version": 30, "preprocessedProfileVersion": 57},
 *	 "shared": {"stringArray": ["main", "parse"]},
 *	 "threads": [{"name": "worker", "processName": "app", "pid": "42",
 *	  "tid": 43, "samples": {"stack": [1, 1, 0], "length": 3},
 *	  "stackTable": {"frame": [0, 1], "prefix": [null, 0], "length": 2},
 *	  "frameTable": {"func": [0, 1], "length": 2},
 *	  "funcTable": {"name": [0, 1], "length": 2}}]}
 * becomes
 *	app;worker;main 1
 *	app;worker;main;parse 2
 *
 * The processed format (what profiler.firefox.com saves and uploads, and
 * what samply writes; preprocessedProfileVersion up to 57 and later) has
 * one flat list of threads, each with column tables: samples {stack,
 * weight, weightType, time or timeDeltas}, stackTable {frame, prefix},
 * frameTable {func, line}, funcTable {name, fileName, lineNumber}, and
 * strings in thread.stringArray (thread.stringTable before), or shared by
 * all threads in profile.shared.stringArray (version 56 on); the tables
 * may be shared there too.
 *
 * The Gecko format (what Firefox's profiler writes itself, as with
 * MOZ_PROFILER_SHUTDOWN; meta.version up to 30 and later) has row tables
 * {schema: {column: index}, data: [[...], ...]}, a frame named by its
 * "location" string, and child processes nested under "processes".
 *
 * A thread's tables become stacks: frame names, weights and their unit,
 * each stack row walked once through its "prefix" chain. Stacks are
 * chains of stackTable rows through "prefix", which must point to an
 * earlier row (as both formats guarantee); weights are summed per row
 * first, and each row with weight is then walked once, so nothing
 * recurses and no chain is followed more than once per row.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "json.h"

/* One column of a table: numbers, NAN for null or anything else. */
struct col {
	const char *name;
	double *v;
	size_t n, cap;
};

enum { C_STACK, C_WEIGHT, C_TIME, C_TDELTA, C_NSAMP };
enum { C_FRAME, C_PREFIX, C_NSTACK };
enum { C_FUNC, C_LINE, C_LOCATION, C_NFRAME };
enum { C_NAME, C_FILE, C_FLINE, C_NFUNC };

struct strs {
	struct buf b;
	size_t *off, *len;
	size_t n, cap;
};

/* The tables of one thread (or of profile.shared). */
struct tabs {
	struct col samp[C_NSAMP], stack[C_NSTACK], frame[C_NFRAME];
	struct col func[C_NFUNC];
	int hassamp, hasstack, hasframe, hasfunc, hasstrs;
	struct strs s;
	char wtype[16];		/* samples.weightType */
};

struct gk {
	struct fg_in *in;
	const struct copts *o;
	struct fg_stab *tab;
	struct tabs shared;	/* profile.shared */
	struct json threads;	/* the processed format's, read last */
	int hasthreads;
	uint64_t used;
	const char *tname;	/* the thread being read, for warnings */
};
static void gkwarn(struct gk *G, const char *fmt, ...) FG_PRINTF(2, 3);
/* One thread's samples, under the root frames in root. */
static void gecko_thread(struct gk *G, struct tabs *T, const struct buf *root);

/* Row r of column c as an index, or SIZE_MAX when none. */
static size_t
idx(const struct col *c, size_t r)
{
	double d;

	if (r >= c->n)
		return SIZE_MAX;
	d = c->v[r];
	if (!(d >= 0 && d < 4e18) || d != floor(d))
		return SIZE_MAX;
	return (size_t)d;
}

/* A thread's tables, each its own or else profile.shared's. */
struct view {
	const struct col *samp, *stack, *frame, *func;
	const struct strs *s;
	const char *wtype;
	struct buf names;	/* frame names */
	size_t *noff, *nlen;	/* per frameTable row */
	size_t nframes;
};

static void
view(struct gk *G, struct tabs *T, struct view *V)
{
	struct tabs *S = &G->shared;

	memset(V, 0, sizeof(*V));
	V->samp = T->hassamp ? T->samp : S->samp;
	V->wtype = T->hassamp ? T->wtype : S->wtype;
	V->stack = T->hasstack ? T->stack : S->stack;
	V->frame = T->hasframe ? T->frame : S->frame;
	V->func = T->hasfunc ? T->func : S->func;
	V->s = T->hasstrs ? &T->s : &S->s;
}

/* Appends string i of the string table; 0 when there is none. */
static int
putstr(struct buf *b, const struct strs *s, size_t i)
{
	if (i >= s->n)
		return 0;
	buf_put(b, s->b.p + s->off[i], s->len[i]);
	return 1;
}

/*
 * Names of frameTable row f: its func's name (processed) or its location
 * string (Gecko); with --lines, " file:line" after a func's name.
 */
static void
framename(struct gk *G, struct view *V, size_t f)
{
	struct buf *b = &V->names;
	size_t fu, line;
	char num[32];

	fu = idx(&V->frame[C_FUNC], f);
	if (fu == SIZE_MAX) {
		if (!putstr(b, V->s, idx(&V->frame[C_LOCATION], f)))
			buf_put(b, "?", 1);
		return;
	}
	if (!putstr(b, V->s, idx(&V->func[C_NAME], fu)))
		buf_put(b, "?", 1);
	if (!G->o->lines)
		return;
	buf_put(b, " ", 1);
	if (!putstr(b, V->s, idx(&V->func[C_FILE], fu))) {
		b->len--;
		return;
	}
	line = idx(&V->frame[C_LINE], f);
	if (line == SIZE_MAX)
		line = idx(&V->func[C_FLINE], fu);
	if (line != SIZE_MAX) {
		snprintf(num, sizeof(num), ":%zu", line);
		buf_put(b, num, strlen(num));
	}
}

static void
framenames(struct gk *G, struct view *V)
{
	size_t f, n;

	n = V->frame[C_FUNC].n > V->frame[C_LOCATION].n ?
	    V->frame[C_FUNC].n : V->frame[C_LOCATION].n;
	V->nframes = n;
	V->noff = fg_reallocarray(NULL, n + 1, sizeof(size_t));
	V->nlen = fg_reallocarray(NULL, n + 1, sizeof(size_t));
	for (f = 0; f < n; f++) {
		V->noff[f] = V->names.len;
		framename(G, V, f);
		V->nlen[f] = V->names.len - V->noff[f];
	}
}

/* Sample i's time in milliseconds, from "time" or from "timeDeltas". */
static double *
times(const struct view *V, size_t n)
{
	const struct col *t = &V->samp[C_TIME], *d = &V->samp[C_TDELTA];
	double *v, acc = 0;
	size_t i;

	if (t->n < n && d->n < n)
		return NULL;
	v = fg_reallocarray(NULL, n + 1, sizeof(*v));
	for (i = 0; i < n; i++) {
		if (t->n >= n)
			v[i] = t->v[i];
		else
			v[i] = acc += isnan(d->v[i]) ? 0 : d->v[i];
	}
	return v;
}

/*
 * What the weights are, for the header: microseconds by time (with
 * kept samples) or by "tracing-ms" weights (intervals, not samples),
 * bytes for "bytes" weights, else samples. The profile's sampling
 * interval (meta.interval) says how often samples were taken, not what
 * a count is: it is not used.
 */
static void
weightunit(const struct gk *G, const struct view *V, int bytime,
    uint64_t kept)
{
	int w = V->samp[C_WEIGHT].n > 0;

	if (!bytime && w && strcmp(V->wtype, "tracing-ms") == 0) {
		collapse_unit(G->o, "us", 2);
		collapse_samples(G->o, COLLAPSE_UNKNOWN);
		return;
	}
	if (bytime)
		collapse_unit(G->o, "us", 2);
	else if (w && strcmp(V->wtype, "bytes") == 0)
		collapse_unit(G->o, "bytes", 5);
	else
		collapse_unit(G->o, "samples", 7);
	collapse_samples(G->o, kept);
}

/*
 * Each sample's weight, summed per stackTable row: 1, the weight column
 * (tracing-ms in microseconds), or with --cpuprofile-time the
 * microseconds to the thread's next sample.
 */
static double *
weigh(struct gk *G, struct view *V, size_t nst)
{
	const struct col *stk = &V->samp[C_STACK], *wc = &V->samp[C_WEIGHT];
	double *w, *t = NULL, x;
	size_t i, s, n = stk->n;
	uint64_t kept = 0;
	int ms = strcmp(V->wtype, "tracing-ms") == 0;

	w = fg_calloc(nst + 1, sizeof(*w));
	if (G->o->cpuprof_time && (t = times(V, n)) == NULL)
		gkwarn(G, "samples without times: --cpuprofile-time cannot "
		    "apply; counting samples");
	for (i = 0; i < n; i++) {
		if (isnan(stk->v[i]))
			continue;	/* the empty stack */
		if ((s = idx(stk, i)) == SIZE_MAX || s >= nst) {
			gkwarn(G, "samples[%zu]: no stack %g; skipped", i,
			    stk->v[i]);
			continue;
		}
		if (t != NULL)
			x = i + 1 < n && t[i + 1] > t[i] ?
			    (t[i + 1] - t[i]) * 1e3 : 0;
		else if (wc->n > i && !isnan(wc->v[i]))
			x = wc->v[i] * (ms ? 1e3 : 1);
		else
			x = 1;
		if (!(x >= 0 && x < 9e18))
			gkwarn(G, "samples[%zu]: weight %g is negative or too "
			    "large; skipped", i, x);
		else {
			w[s] += x;
			kept += x > 0;
		}
	}
	weightunit(G, V, t != NULL, kept);
	free(t);
	return w;
}

/* Adds the stack of stackTable row s, under root, weighing w. */
static void
emitrow(struct gk *G, struct view *V, const struct buf *root, size_t s,
    double w, struct buf *b, size_t **fr, size_t *frcap)
{
	size_t n = 0, p, q, f;
	fg_count c;

	for (p = s; p != SIZE_MAX; p = q) {
		if (n == *frcap) {
			*frcap = *frcap ? *frcap * 2 : 64;
			*fr = fg_reallocarray(*fr, *frcap, sizeof(**fr));
		}
		f = idx(&V->stack[C_FRAME], p);
		(*fr)[n++] = f;
		q = idx(&V->stack[C_PREFIX], p);
		if (q != SIZE_MAX && q >= p) {
			gkwarn(G, "stackTable[%zu]: prefix %zu is not an "
			    "earlier row; stack cut there", p, q);
			break;
		}
	}
	b->len = 0;
	buf_put(b, root->p, root->len);
	while (n-- > 0) {
		if (b->len > 0)
			buf_put(b, ";", 1);
		f = (*fr)[n];
		if (f < V->nframes)
			buf_put(b, V->names.p + V->noff[f], V->nlen[f]);
		else
			buf_put(b, "?", 1);
	}
	if (fg_count_from_dbl(round(w * 1e3) / 1e3, &c) < 0)
		fg_sum_overflow(G->in->name, 0);
	if (fg_count_iszero(c))
		return;
	collapse_budget(G->in, G->o, "gecko", &G->used, b->len);
	collapse_add(G->tab, b->p, b->len, c, G->in);
}

/* One thread's samples, under the root frames in root. */
static void
gecko_thread(struct gk *G, struct tabs *T, const struct buf *root)
{
	struct view V;
	struct buf b = { NULL, 0, 0 };
	size_t s, nst, *fr = NULL, frcap = 0;
	double *w;

	view(G, T, &V);
	if (V.samp[C_STACK].n == 0)
		return;
	framenames(G, &V);
	nst = V.stack[C_FRAME].n;
	w = weigh(G, &V, nst);
	for (s = 0; s < nst; s++)
		if (w[s] > 0)
			emitrow(G, &V, root, s, w[s], &b, &fr, &frcap);
	free(w);
	free(fr);
	free(b.p);
	free(V.names.p);
	free(V.noff);
	free(V.nlen);
}

static void
gkwarn(struct gk *G, const char *fmt, ...)
{
	char label[300];
	va_list ap;

	if (G->tname != NULL)
		snprintf(label, sizeof(label), "thread %s", G->tname);
	va_start(ap, fmt);
	collapse_vwarn(G->in, G->tname != NULL ? label : NULL, fmt, ap);
	va_end(ap);
}

static void
colput(struct col *c, double d)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 256;
		c->v = fg_reallocarray(c->v, c->cap, sizeof(*c->v));
	}
	c->v[c->n++] = d;
}

static double
num(enum json_tok t, const struct json *j)
{
	double d;

	if (t != JSON_NUM)
		return NAN;
	d = strtod(j->str, NULL);
	return isfinite(d) ? d : NAN;
}

static void
tabs_init(struct tabs *T)
{
	static const char *const sn[] = { "stack", "weight", "time",
	    "timeDeltas" };
	static const char *const kn[] = { "frame", "prefix" };
	static const char *const fn[] = { "func", "line", "location" };
	static const char *const un[] = { "name", "fileName", "lineNumber" };
	int i;

	memset(T, 0, sizeof(*T));
	for (i = 0; i < C_NSAMP; i++)
		T->samp[i].name = sn[i];
	for (i = 0; i < C_NSTACK; i++)
		T->stack[i].name = kn[i];
	for (i = 0; i < C_NFRAME; i++)
		T->frame[i].name = fn[i];
	for (i = 0; i < C_NFUNC; i++)
		T->func[i].name = un[i];
}

static void
cols_free(struct col *c, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		free(c[i].v);
		c[i].v = NULL;
		c[i].n = c[i].cap = 0;
	}
}

static void
tabs_free(struct tabs *T)
{
	cols_free(T->samp, C_NSAMP);
	cols_free(T->stack, C_NSTACK);
	cols_free(T->frame, C_NFRAME);
	cols_free(T->func, C_NFUNC);
	free(T->s.b.p);
	free(T->s.off);
	free(T->s.len);
}

/* A column as an array (the processed form), appended to c. */
static int
colarray(struct json *j, enum json_tok t, struct col *c)
{
	if (t != JSON_ARR)
		return json_skip(j, t);
	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t == JSON_ERR)
			return -1;
		colput(c, num(t, j));
		if (json_skip(j, t) < 0)
			return -1;
	}
	return 0;
}

/* A Gecko table's schema: the position of each column in its rows. */
static int
schema(struct json *j, enum json_tok t, struct col *cols, int ncols,
    double *pos)
{
	int i;

	if (t != JSON_OBJ)
		return json_skip(j, t);
	while ((t = json_next(j)) == JSON_KEY) {
		for (i = 0; i < ncols; i++)
			if (strcmp(j->str, cols[i].name) == 0)
				break;
		t = json_next(j);
		if (i < ncols)
			pos[i] = num(t, j);
		if (json_skip(j, t) < 0)
			return -1;
	}
	return t == JSON_OBJ_END ? 0 : -1;
}

/* A Gecko table's rows: element pos[i] of each row goes to column i. */
static int
rows(struct json *j, struct col *cols, int ncols, const double *pos)
{
	enum json_tok t;
	double v[8];
	size_t k;
	int i;

	if ((t = json_next(j)) != JSON_ARR)
		return json_skip(j, t);
	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t == JSON_ERR)
			return -1;
		for (i = 0; i < ncols; i++)
			v[i] = NAN;
		if (t == JSON_ARR) {
			for (k = 0; (t = json_next(j)) != JSON_ARR_END; k++) {
				if (t == JSON_ERR)
					return -1;
				for (i = 0; i < ncols; i++)
					if (pos[i] == (double)k)
						v[i] = num(t, j);
				if (json_skip(j, t) < 0)
					return -1;
			}
		} else if (json_skip(j, t) < 0)
			return -1;
		for (i = 0; i < ncols; i++)
			if (!isnan(pos[i]))
				colput(&cols[i], v[i]);
	}
	return 0;
}

/*
 * A table, as columns ({"col": [...], ...}) or as rows ({"schema":
 * {...}, "data": [[...], ...]}); samples.weightType goes to wtype.
 */
static int
table(struct json *j, enum json_tok t, struct col *cols, int ncols,
    char *wtype, size_t wlen)
{
	struct json data;
	double pos[8];
	int i, hasdata = 0, r = 0;

	for (i = 0; i < ncols; i++)
		pos[i] = NAN;
	if (t != JSON_OBJ)
		return json_skip(j, t);
	while (r == 0 && (t = json_next(j)) == JSON_KEY) {
		if (strcmp(j->str, "schema") == 0) {
			r = schema(j, json_next(j), cols, ncols, pos);
			continue;
		}
		if (strcmp(j->str, "data") == 0 && !hasdata) {
			json_sub(&data, j);
			hasdata = 1;
		}
		for (i = 0; i < ncols; i++)
			if (strcmp(j->str, cols[i].name) == 0)
				break;
		if (wtype != NULL && strcmp(j->str, "weightType") == 0) {
			if ((t = json_next(j)) == JSON_STR)
				snprintf(wtype, wlen, "%s", j->str);
			r = json_skip(j, t);
		} else if (i < ncols)
			r = colarray(j, json_next(j), &cols[i]);
		else
			r = json_skip(j, json_next(j));
	}
	if (r == 0 && t != JSON_OBJ_END)
		r = -1;
	if (hasdata) {
		if (r == 0)
			r = rows(&data, cols, ncols, pos);
		json_free(&data);
	}
	return r;
}

/* The string table: an array of strings (others are kept as ""). */
static int
strings(struct json *j, enum json_tok t, struct strs *S)
{
	if (t != JSON_ARR)
		return json_skip(j, t);
	S->b.len = S->n = 0;
	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t == JSON_ERR)
			return -1;
		if (S->n == S->cap) {
			S->cap = S->cap ? S->cap * 2 : 256;
			S->off = fg_reallocarray(S->off, S->cap,
			    sizeof(size_t));
			S->len = fg_reallocarray(S->len, S->cap,
			    sizeof(size_t));
		}
		S->off[S->n] = S->b.len;
		if (t == JSON_STR)
			collapse_frame(&S->b, j->str, j->len);
		S->len[S->n] = S->b.len - S->off[S->n];
		S->n++;
		if (json_skip(j, t) < 0)
			return -1;
	}
	return 0;
}

/* A member of a thread or of profile.shared that holds a table. */
static int
tables(struct json *j, const char *key, struct tabs *T, int *done)
{
	enum json_tok t;

	*done = 1;
	if (strcmp(key, "samples") == 0) {
		T->hassamp = 1;
		return table(j, json_next(j), T->samp, C_NSAMP, T->wtype,
		    sizeof(T->wtype));
	} else if (strcmp(key, "stackTable") == 0) {
		T->hasstack = 1;
		return table(j, json_next(j), T->stack, C_NSTACK, NULL, 0);
	} else if (strcmp(key, "frameTable") == 0) {
		T->hasframe = 1;
		return table(j, json_next(j), T->frame, C_NFRAME, NULL, 0);
	} else if (strcmp(key, "funcTable") == 0) {
		T->hasfunc = 1;
		return table(j, json_next(j), T->func, C_NFUNC, NULL, 0);
	} else if (strcmp(key, "stringArray") == 0 ||
	    strcmp(key, "stringTable") == 0) {
		if ((t = json_next(j)) == JSON_ARR)
			T->hasstrs = 1;
		return strings(j, t, &T->s);
	}
	*done = 0;
	return 0;
}

/* A thread's name, process name, pid or tid: a string or a number. */
static void
text(struct json *j, enum json_tok t, char *buf, size_t n)
{
	if (t == JSON_STR || t == JSON_NUM)
		snprintf(buf, n, "%s", j->str);
}

/* A thread object: its tables, then its samples if it is selected. */
static int
threadobj(struct gk *G, struct json *j)
{
	struct tabs T;
	struct buf root = { NULL, 0, 0 };
	char name[256] = "", pname[256] = "", pid[32] = "?", tid[32] = "?";
	enum json_tok t;
	char *to;
	size_t n;
	int done, r = 0;

	tabs_init(&T);
	while (r == 0 && (t = json_next(j)) == JSON_KEY) {
		if ((r = tables(j, j->str, &T, &done)) < 0 || done)
			continue;
		to = strcmp(j->str, "name") == 0 ? name :
		    strcmp(j->str, "processName") == 0 ? pname :
		    strcmp(j->str, "pid") == 0 ? pid :
		    strcmp(j->str, "tid") == 0 ? tid : NULL;
		n = to == pid || to == tid ? sizeof(pid) : sizeof(name);
		t = json_next(j);
		if (to != NULL)
			text(j, t, to, n);
		r = json_skip(j, t);
	}
	if (r == 0 && t != JSON_OBJ_END)
		r = -1;
	G->tname = name[0] != '\0' ? name : tid;
	if (collapse_selected(G->o->procs, G->o->nprocs, pname, pid) &&
	    collapse_selected(G->o->threads, G->o->nthreads, name, tid)) {
		collapse_rootframe(&root, pname, "pid", pid, G->o->pid);
		collapse_rootframe(&root, name, "tid", tid, G->o->tid);
		gecko_thread(G, &T, &root);
	}
	G->tname = NULL;
	free(root.p);
	tabs_free(&T);
	return r;
}

static int
threads(struct gk *G, struct json *j)
{
	enum json_tok t;

	if ((t = json_next(j)) != JSON_ARR)
		return json_skip(j, t);
	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t == JSON_ERR)
			return -1;
		if (t != JSON_OBJ) {
			if (json_skip(j, t) < 0)
				return -1;
		} else if (threadobj(G, j) < 0)
			return -1;
	}
	return 0;
}

static int
shared(struct gk *G, struct json *j)
{
	enum json_tok t;
	int done;

	if ((t = json_next(j)) != JSON_OBJ)
		return json_skip(j, t);
	while ((t = json_next(j)) == JSON_KEY)
		if (tables(j, j->str, &G->shared, &done) < 0 ||
		    (!done && json_skip(j, json_next(j)) < 0))
			return -1;
	return t == JSON_OBJ_END ? 0 : -1;
}

/*
 * One profile object being read: the top one, the profile a DevTools
 * export wraps, or a child process of the Gecko format (nested in its
 * parent's "processes", to any depth).
 */
struct level {
	struct json th;		/* where its "threads" start */
	int has;		/* it has "threads" */
	int kind;		/* L_TOP, L_WRAPPED, L_CHILD */
	int inproc;		/* inside its "processes" array */
	int wrap;		/* it held a "profile" object */
};
enum { L_TOP, L_WRAPPED, L_CHILD };

/*
 * Reads the threads of the level, once all its members were seen; an
 * error in them is not told again after one in the whole (broken).
 */
static void
endlevel(struct gk *G, struct level *L, int broken)
{
	if (L->has) {
		if (threads(G, &L->th) < 0 && !broken)
			gkwarn(G, "byte %zu: invalid JSON: %s", L->th.erroff,
			    L->th.err);
		json_free(&L->th);
	} else if (L->kind == L_TOP && !L->wrap)
		gkwarn(G, "no \"threads\": not a Firefox profile");
}

/*
 * The profile objects of the input in one pass, nested processes as they
 * come (a stack of levels, not recursion), each level's threads read when
 * it ends, since "shared" may come after them: the text is read once,
 * and each threads array twice, whatever the nesting.
 */
static int
profiles(struct gk *G, struct json *j)
{
	struct level *st = NULL, *L;
	size_t n = 0, cap = 0;
	enum json_tok t;
	int r = 0, top;

	if ((t = json_next(j)) != JSON_OBJ) {
		if (t != JSON_ERR)
			gkwarn(G, "not a JSON object: not a Firefox profile");
		return t == JSON_ERR ? -1 : 0;
	}
	st = collapse_grow(st, &cap, 1, sizeof(*st));
	memset(&st[n++], 0, sizeof(*st));
	while (n > 0 && r == 0) {
		L = &st[n - 1];
		if (L->inproc) {
			if ((t = json_next(j)) == JSON_ARR_END)
				L->inproc = 0;
			else if (t == JSON_OBJ) {
				st = collapse_grow(st, &cap, n + 1,
				    sizeof(*st));
				memset(&st[n], 0, sizeof(*st));
				st[n++].kind = L_CHILD;
			} else
				r = json_skip(j, t);
			continue;
		}
		if ((t = json_next(j)) == JSON_OBJ_END) {
			endlevel(G, L, 0);
			n--;
			continue;
		}
		if (t != JSON_KEY) {
			r = -1;
			break;
		}
		top = L->kind != L_CHILD;
		if (strcmp(j->str, "threads") == 0 && !L->has) {
			json_sub(&L->th, j);
			L->has = 1;
			r = json_skip(j, json_next(j));
		} else if (strcmp(j->str, "processes") == 0) {
			if ((t = json_next(j)) == JSON_ARR)
				L->inproc = 1;
			else
				r = json_skip(j, t);
		} else if (top && strcmp(j->str, "shared") == 0)
			r = shared(G, j);
		else if (L->kind == L_TOP && !L->wrap &&
		    strcmp(j->str, "profile") == 0) {
			/* the DevTools export: {"label", ..., "profile"} */
			if ((t = json_next(j)) == JSON_OBJ) {
				L->wrap = 1;
				st = collapse_grow(st, &cap, n + 1,
				    sizeof(*st));
				memset(&st[n], 0, sizeof(*st));
				st[n++].kind = L_WRAPPED;
			} else
				r = json_skip(j, t);
		} else
			r = json_skip(j, json_next(j));
	}
	/* an error: the levels still open keep what was read */
	while (n > 0)
		endlevel(G, &st[--n], 1);
	free(st);
	return r < 0 || t == JSON_ERR ? -1 : 0;
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct gk G;
	struct json j;
	char *text;
	size_t len;

	memset(&G, 0, sizeof(G));
	G.in = in;
	G.o = o;
	G.tab = tab;
	tabs_init(&G.shared);
	text = in_slurp(in, &len);
	json_init(&j, text, len);
	if (profiles(&G, &j) < 0 || json_next(&j) == JSON_ERR)
		gkwarn(&G, "byte %zu: invalid JSON: %s (using what was read "
		    "before it)", j.erroff, j.err);
	json_free(&j);
	free(text);
	tabs_free(&G.shared);
}

/* A JSON object with "meta" and "threads" (or "shared") in its head. */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	size_t i = collapse_json_start(head, n);
	int meta, thr;

	if (i >= n || head[i] != '{')
		return 0;
	meta = fg_memmem(head, n, "\"meta\"", 6) != NULL;
	thr = fg_memmem(head, n, "\"threads\"", 9) != NULL ||
	    fg_memmem(head, n, "\"stackTable\"", 12) != NULL ||
	    fg_memmem(head, n, "\"preprocessedProfileVersion\"", 28) != NULL;
	/* the DevTools export: "label", "duration", "markers" first */
	if (!(meta && thr) && fg_memmem(head, n, "\"label\"", 7) != NULL &&
	    fg_memmem(head, n, "\"duration\"", 10) != NULL &&
	    (fg_memmem(head, n, "\"profile\"", 9) != NULL ||
	    fg_memmem(head, n, "\"markers\"", 9) != NULL))
		return PROBE_YES;
	return probe_json_keys(why, meta, thr, "meta", "threads");
}

const struct cfmt fmt_gecko = {
	"gecko", "Firefox Profiler and samply JSON (Gecko, processed)",
	probe, run, CFMT_ROOT_PAIR
};
