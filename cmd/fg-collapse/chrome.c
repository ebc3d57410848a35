/* SPDX-License-Identifier: ISC */
/*
 * chrome.c: Chrome trace files with V8 CPU profiles: what the DevTools
 * Performance panel saves (Trace-*.json), chrome://tracing and
 * Perfetto's JSON export, and the tracing of headless Chrome or
 * playwright. Trace events come as a JSON array or as
 * {"traceEvents": [...]}; the closing ']' of the array form may be
 * missing, as the Trace Event Format allows.
 *
 *	{"traceEvents": [
 *	 {"ph": "M", "name": "thread_name", "pid": 7, "tid": 1,
 *	  "args": {"name": "CrRendererMain"}},
 *	 {"ph": "P", "name": "Profile", "pid": 7, "tid": 1, "id": "0x1",
 *	  "args": {"data": {"startTime": 0}}},
 *	 {"ph": "P", "name": "ProfileChunk", "pid": 7, "tid": 1, "id": "0x1",
 *	  "args": {"data": {"cpuProfile": {"nodes": [
 *	   {"id": 1, "callFrame": {"functionName": "(root)", "url": ""}},
 *	   {"id": 2, "parent": 1, "callFrame": {"functionName": "main",
 *	    "url": "app.js", "lineNumber": 4}}], "samples": [2, 2]},
 *	   "timeDeltas": [100, 100]}}}]}
 * becomes
 *	pid 7;CrRendererMain;main app.js:5 2
 *
 * With the disabled-by-default-v8.cpu_profiler category, V8 writes for
 * each profiled thread a "Profile" event (its pid and tid name the thread,
 * args.data.startTime the start in microseconds) and "ProfileChunk" events
 * with the same pid and id: args.data.cpuProfile.nodes (new nodes, each
 * with a "parent" id), args.data.cpuProfile.samples and
 * args.data.timeDeltas. Older traces hold a whole profile in one
 * "CpuProfile" event. Metadata events (ph "M") thread_name and
 * process_name give the names used as root frames: "process;thread;...".
 *
 * Events are read in one pass; the args of the few events used are read
 * again from their offset once the event's name is known, since members
 * come in any order (Chrome writes "args" first). The profiles and the
 * names the events give are kept (struct trace), and each profile's
 * stacks made under its process and thread; v8prof.c reads the nodes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "v8prof.h"

enum kind {
	EV_OTHER, EV_THREAD_NAME, EV_PROCESS_NAME, EV_PROFILE, EV_CHUNK,
	EV_CPUPROFILE
};

struct ev {
	enum kind kind;
	int64_t pid, tid;
	char id[64];		/* the profile's id, as written */
	struct json args;	/* where "args" starts; args.s NULL if none */
};

struct cprof {
	struct v8prof P;
	int64_t pid, tid;
	int hasthread;		/* tid from a Profile event */
	char label[96];
};

struct trace {
	struct cprof **pv;
	size_t np, pcap;
	struct fg_stab *keys;	/* "p pid id", "t pid tid", "n pid" */
	char **names;		/* thread and process names, by aux - 1 */
	size_t nnames, ncap;
	struct fg_in *in;
	const struct copts *o;
	uint64_t used;
	struct v8prof W;	/* for warnings about the file */
};

/* The profiles and names the events give, and their stacks. */
/* The profile of e's pid and id, new when not seen yet. */
static struct cprof *chrome_profile(struct trace *T, const struct ev *e);
/* Names thread b of process a ('t') or process a ('n', b 0). */
static void chrome_setname(struct trace *T, char c, int64_t a, int64_t b,
    const char *s, size_t len);
/* Every profile's stacks into tab, under its process and thread. */
static void chrome_emit(struct trace *T, struct fg_stab *tab);

/* The keys' table entry for a formatted key. */
static struct fg_ent *
key(struct trace *T, char c, int64_t a, const char *b)
{
	char k[128];
	int n;

	n = snprintf(k, sizeof(k), "%c %lld %s", c, (long long)a, b);
	return fg_stab_get(T->keys, k, (size_t)n < sizeof(k) ? (size_t)n :
	    sizeof(k) - 1);
}

static struct cprof *
chrome_profile(struct trace *T, const struct ev *e)
{
	struct fg_ent *k;
	struct cprof *c;

	k = key(T, 'p', e->pid, e->id);
	if (k->aux != 0)
		return T->pv[k->aux - 1];
	T->pv = collapse_grow(T->pv, &T->pcap, T->np + 1, sizeof(*T->pv));
	c = fg_calloc(1, sizeof(*c));
	v8_init(&c->P, T->in, T->o, "chrome", &T->used);
	c->pid = e->pid;
	c->tid = e->tid;
	snprintf(c->label, sizeof(c->label), "pid %lld profile %s",
	    (long long)e->pid, e->id);
	c->P.label = c->label;
	T->pv[T->np++] = c;
	k->aux = (uint32_t)T->np;
	return c;
}

static void
chrome_setname(struct trace *T, char c, int64_t a, int64_t b,
    const char *s, size_t len)
{
	struct fg_ent *k;
	char bs[32];

	snprintf(bs, sizeof(bs), "%lld", (long long)b);
	k = key(T, c, a, bs);
	if (k->aux == 0) {
		T->names = collapse_grow(T->names, &T->ncap, T->nnames + 1,
		    sizeof(*T->names));
		T->names[T->nnames++] = NULL;
		k->aux = (uint32_t)T->nnames;
	}
	free(T->names[k->aux - 1]);
	T->names[k->aux - 1] = fg_malloc(len + 1);
	memcpy(T->names[k->aux - 1], s, len);
	T->names[k->aux - 1][len] = '\0';
	while (len-- > 0)	/* a NUL escape would end the name */
		if (T->names[k->aux - 1][len] == '\0')
			T->names[k->aux - 1][len] = ' ';
}

static const char *
getname(struct trace *T, char c, int64_t a, int64_t b)
{
	struct fg_ent *k;
	char bs[32];

	snprintf(bs, sizeof(bs), "%lld", (long long)b);
	k = key(T, c, a, bs);
	return k->aux != 0 ? T->names[k->aux - 1] : NULL;
}

static void
chrome_emit(struct trace *T, struct fg_stab *tab)
{
	const struct copts *o = T->o;
	const char *pname, *tname;
	struct cprof *c;
	struct buf b = { NULL, 0, 0 };
	char pid[32], tid[32];
	double first = NAN, last = NAN, t;
	size_t i;

	for (i = 0; window_on(o) && i < T->np; i++) {
		if (!v8_times(&T->pv[i]->P))
			continue;
		t = (double)T->pv[i]->P.tmin / 1e6;
		first = isnan(first) || t < first ? t : first;
		t = (double)T->pv[i]->P.tmax / 1e6;
		last = isnan(last) || t > last ? t : last;
	}
	if (window_on(o))
		window_resolve(o, T->in, first, last);
	for (i = 0; i < T->np; i++) {
		c = T->pv[i];
		if (!c->hasthread)
			v8_warn(&c->P, "no Profile event names its thread; "
			    "taken as tid %lld", (long long)c->tid);
		pname = getname(T, 'n', c->pid, 0);
		tname = getname(T, 't', c->pid, c->tid);
		snprintf(pid, sizeof(pid), "%lld", (long long)c->pid);
		snprintf(tid, sizeof(tid), "%lld", (long long)c->tid);
		if (!collapse_selected(o->procs, o->nprocs, pname, pid) ||
		    !collapse_selected(o->threads, o->nthreads, tname, tid))
			continue;
		b.len = 0;
		collapse_rootframe(&b, pname, "pid", pid, o->pid);
		collapse_rootframe(&b, tname, "tid", tid, o->tid);
		v8_emit(&c->P, tab, b.p, b.len);
	}
	free(b.p);
}

/*
 * Moves j into the value of member name of the object whose first token
 * is t; returns that value's first token, or JSON_EOF when t is not an
 * object or it has no such member (JSON_ERR on an error).
 */
static enum json_tok
find(struct json *j, enum json_tok t, const char *name)
{
	int hit;

	if (t != JSON_OBJ)
		return json_skip(j, t) < 0 ? JSON_ERR : JSON_EOF;
	while ((t = json_next(j)) == JSON_KEY) {
		hit = strcmp(j->str, name) == 0;
		t = json_next(j);
		if (hit)
			return t;
		if (json_skip(j, t) < 0)
			return JSON_ERR;
	}
	return t == JSON_OBJ_END ? JSON_EOF : JSON_ERR;
}

/* args.name of a metadata event. */
static void
metaname(struct trace *T, struct ev *e)
{
	enum json_tok t;

	t = find(&e->args, json_next(&e->args), "name");
	if (t != JSON_STR)
		return;
	if (e->kind == EV_THREAD_NAME)
		chrome_setname(T, 't', e->pid, e->tid, e->args.str,
		    e->args.len);
	else
		chrome_setname(T, 'n', e->pid, 0, e->args.str, e->args.len);
}

/* A Profile event: the profile's thread and start time. */
static void
profstart(struct trace *T, struct ev *e)
{
	struct cprof *c = chrome_profile(T, e);
	enum json_tok t;
	int64_t x;

	c->tid = e->tid;
	c->hasthread = 1;
	t = find(&e->args, json_next(&e->args), "data");
	t = find(&e->args, t, "startTime");
	if (v8_num(t, &e->args, &x) == 0)
		c->P.start = x;
}

/* The members of a chunk's cpuProfile (or of a CpuProfile's). */
static int
cpuprofile(struct v8prof *P, struct json *j, enum json_tok t)
{
	int64_t x;
	int which;

	if (t != JSON_OBJ)
		return json_skip(j, t);
	while ((t = json_next(j)) == JSON_KEY) {
		which = strcmp(j->str, "nodes") == 0 ? 1 :
		    strcmp(j->str, "samples") == 0 ? 2 :
		    strcmp(j->str, "timeDeltas") == 0 ? 3 :
		    strcmp(j->str, "startTime") == 0 ? 4 :
		    strcmp(j->str, "endTime") == 0 ? 5 : 0;
		t = json_next(j);
		if (which == 1 && v8_nodes(P, j, t) < 0)
			return -1;
		if (which == 2) {
			P->hassamples = 1;
			if (v8_ints(P, j, t, "samples", &P->samples, &P->ns,
			    &P->scap) < 0)
				return -1;
		}
		if (which == 3 && v8_ints(P, j, t, "timeDeltas", &P->deltas,
		    &P->nd, &P->dcap) < 0)
			return -1;
		if (which == 4 && v8_num(t, j, &x) == 0)
			P->start = x;
		if (which == 5 && v8_num(t, j, &x) == 0) {
			P->end = x;
			P->hasend = 1;
		}
		if ((which == 0 || which > 3) && json_skip(j, t) < 0)
			return -1;
	}
	return t == JSON_OBJ_END ? 0 : -1;
}

/* Keeps samples and timeDeltas in step after a chunk. */
static void
align(struct v8prof *P, size_t ns0, size_t nd0)
{
	size_t ns = P->ns - ns0, nd = P->nd - nd0;

	if (ns == nd)
		return;
	v8_warn(P, "a chunk has %zu samples and %zu timeDeltas; %s", ns, nd,
	    ns > nd ? "the samples without one are at time +0" :
	    "the extra timeDeltas are ignored");
	if (nd > ns) {
		P->nd = nd0 + ns;
		return;
	}
	while (P->nd < P->ns) {
		if (P->nd == P->dcap)
			P->deltas = collapse_grow(P->deltas, &P->dcap,
			    P->nd + 1, sizeof(*P->deltas));
		P->deltas[P->nd++] = 0;
	}
}

/* A ProfileChunk (or a whole CpuProfile) added to its profile. */
static void
chunk(struct trace *T, struct ev *e)
{
	struct cprof *c = chrome_profile(T, e);
	struct v8prof *P = &c->P;
	struct json *j = &e->args;
	enum json_tok t;
	size_t ns0 = P->ns, nd0 = P->nd;
	int r = 0, which;

	t = find(j, json_next(j), "data");
	if (t != JSON_OBJ) {
		v8_warn(P, "a %s event without args.data; ignored",
		    e->kind == EV_CHUNK ? "ProfileChunk" : "CpuProfile");
		return;
	}
	while (r == 0 && (t = json_next(j)) == JSON_KEY) {
		which = strcmp(j->str, "cpuProfile") == 0 ? 1 :
		    strcmp(j->str, "timeDeltas") == 0 ? 2 : 0;
		t = json_next(j);
		if (which == 1)
			r = cpuprofile(P, j, t);
		else if (which == 2)
			r = v8_ints(P, j, t, "timeDeltas", &P->deltas, &P->nd,
			    &P->dcap);
		else
			r = json_skip(j, t);
	}
	align(P, ns0, nd0);
}

static enum kind
kindof(const char *name, const char *ph)
{
	if (strcmp(ph, "M") == 0)
		return strcmp(name, "thread_name") == 0 ? EV_THREAD_NAME :
		    strcmp(name, "process_name") == 0 ? EV_PROCESS_NAME :
		    EV_OTHER;
	return strcmp(name, "Profile") == 0 ? EV_PROFILE :
	    strcmp(name, "ProfileChunk") == 0 ? EV_CHUNK :
	    strcmp(name, "CpuProfile") == 0 ? EV_CPUPROFILE : EV_OTHER;
}

/* The members of one event; the args are only located. */
static int
event(struct json *j, struct ev *e)
{
	char name[32] = "", ph[4] = "";
	enum json_tok t;
	int which;

	memset(e, 0, sizeof(*e));
	while ((t = json_next(j)) == JSON_KEY) {
		which = strcmp(j->str, "name") == 0 ? 1 :
		    strcmp(j->str, "ph") == 0 ? 2 :
		    strcmp(j->str, "pid") == 0 ? 3 :
		    strcmp(j->str, "tid") == 0 ? 4 :
		    strcmp(j->str, "id") == 0 ? 5 :
		    strcmp(j->str, "args") == 0 ? 6 : 0;
		if (which == 6)
			json_sub(&e->args, j);
		t = json_next(j);
		if (which == 1 && t == JSON_STR && j->len < sizeof(name))
			memcpy(name, j->str, j->len + 1);
		else if (which == 2 && t == JSON_STR && j->len < sizeof(ph))
			memcpy(ph, j->str, j->len + 1);
		else if (which == 3)
			(void)v8_num(t, j, &e->pid);
		else if (which == 4)
			(void)v8_num(t, j, &e->tid);
		else if (which == 5 && (t == JSON_STR || t == JSON_NUM))
			snprintf(e->id, sizeof(e->id), "%s", j->str);
		if (json_skip(j, t) < 0)
			return -1;
	}
	if (t != JSON_OBJ_END)
		return -1;
	e->kind = kindof(name, ph);
	return 0;
}

static void
dispatch(struct trace *T, struct ev *e)
{
	if (e->args.s == NULL || e->kind == EV_OTHER)
		return;
	switch (e->kind) {
	case EV_THREAD_NAME:
	case EV_PROCESS_NAME:
		metaname(T, e);
		break;
	case EV_PROFILE:
		profstart(T, e);
		break;
	default:
		chunk(T, e);
		break;
	}
	json_free(&e->args);
}

/* The events array, whose '[' was just read; 1 if it was complete. */
static int
events(struct trace *T, struct json *j)
{
	enum json_tok t;
	struct ev e;

	while ((t = json_next(j)) != JSON_ARR_END) {
		if (t == JSON_ERR)
			return 0;
		if (t != JSON_OBJ) {
			if (json_skip(j, t) < 0)
				return 0;
			continue;
		}
		if (event(j, &e) < 0)
			return 0;
		dispatch(T, &e);
	}
	return 1;
}

static void
jsonerr(struct trace *T, const struct json *j)
{
	v8_warn(&T->W, "byte %zu: invalid JSON: %s%s", j->erroff, j->err,
	    " (using what was read before it)");
}

/* Reads the trace: an array of events, or an object with traceEvents. */
static void
readtrace(struct trace *T, struct json *j)
{
	enum json_tok t;
	int found = 0;

	t = json_next(j);
	if (t == JSON_ARR) {
		/* the closing ']' is optional in the array form */
		if (!events(T, j) && !(json_depth(j) == 1 &&
		    strcmp(j->err, "unexpected end of input") == 0))
			jsonerr(T, j);
		return;
	}
	if (t != JSON_OBJ) {
		if (t == JSON_ERR)
			jsonerr(T, j);
		else
			v8_warn(&T->W, "not a JSON array or object: not a "
			    "Chrome trace");
		return;
	}
	while ((t = json_next(j)) == JSON_KEY) {
		if (strcmp(j->str, "traceEvents") == 0) {
			found = 1;
			if ((t = json_next(j)) == JSON_ARR) {
				if (!events(T, j))
					break;
				continue;
			}
		} else
			t = json_next(j);
		if (json_skip(j, t) < 0)
			break;
	}
	if (t == JSON_ERR || (t == JSON_OBJ_END &&
	    json_next(j) == JSON_ERR) || (t != JSON_OBJ_END && t != JSON_ERR))
		jsonerr(T, j);
	if (!found)
		v8_warn(&T->W, "no \"traceEvents\": not a Chrome trace");
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct trace T;
	struct json j;
	char *text;
	size_t len, i;

	memset(&T, 0, sizeof(T));
	T.in = in;
	T.o = o;
	T.keys = fg_stab_new(1);
	v8_init(&T.W, in, o, "chrome", &T.used);
	text = in_slurp(in, &len);
	json_init(&j, text, len);
	readtrace(&T, &j);
	if (T.np == 0)
		v8_warn(&T.W, "no CPU profile in the trace (record it with "
		    "the disabled-by-default-v8.cpu_profiler category)");
	chrome_emit(&T, tab);
	json_free(&j);
	free(text);
	for (i = 0; i < T.np; i++) {
		v8_free(&T.pv[i]->P);
		free(T.pv[i]);
	}
	for (i = 0; i < T.nnames; i++)
		free(T.names[i]);
	free(T.names);
	free(T.pv);
	fg_stab_free(T.keys);
	v8_free(&T.W);
}

/*
 * An object with "traceEvents", or an array whose first element is an
 * object with a "ph" member, in the head.
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	size_t i = collapse_json_start(head, n);

	if (i < n && head[i] == '{') {
		if (fg_memmem(head, n, "\"traceEvents\"", 13) != NULL)
			return PROBE_YES;
		return probe_why(why, 10, "a JSON object without "
		    "\"traceEvents\"");
	}
	if (i >= n || head[i] != '[')
		return 0;
	i += 1 + collapse_json_start(head + i + 1, n - i - 1);
	if (i < n && head[i] == '{') {
		if (fg_memmem(head, n, "\"ph\"", 4) != NULL)
			return PROBE_YES;
		return probe_why(why, 40, "a JSON array of objects without "
		    "\"ph\" (trace event) members");
	}
	return probe_why(why, 10, "a JSON array, not of trace events");
}

const struct cfmt fmt_chrome = {
	"chrome", "Chrome DevTools Performance traces (Trace-*.json)",
	probe, run, CFMT_TIMED | CFMT_ROOT_PAIR
};
