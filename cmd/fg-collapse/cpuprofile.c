/* SPDX-License-Identifier: ISC */
/*
 * cpuprofile.c: V8 CPU profiles (.cpuprofile JSON, as written by
 * node --cpu-prof, Chrome DevTools and the inspector's Profiler.stop).
 *
 *	{"nodes": [
 *	  {"id": 1, "callFrame": {"functionName": "(root)", "url": ""},
 *	   "children": [2]},
 *	  {"id": 2, "callFrame": {"functionName": "main",
 *	   "url": "file:///app.js", "lineNumber": 4}, "children": [3]},
 *	  {"id": 3, "callFrame": {"functionName": "parse",
 *	   "url": "file:///app.js", "lineNumber": 9}}],
 *	 "startTime": 0, "endTime": 3000, "samples": [3, 3, 2],
 *	 "timeDeltas": [1000, 1000, 1000]}
 * becomes
 *	main file:///app.js:5 1
 *	main file:///app.js:5;parse file:///app.js:10 2
 *
 * Today's form is a flat array of nodes {id, callFrame, children,
 * hitCount} (or nodes with a "parent" id instead of "children"), and two
 * parallel arrays: samples (a node id per sample) and timeDeltas
 * (microseconds since the previous sample; the first since startTime).
 * The older form, written by Chrome before 2016 and by Node's v8-profiler
 * module, nests the nodes as a tree under "head" (functionName, url and a
 * 1-based lineNumber on each node, children as objects), with startTime
 * and endTime in seconds and absolute "timestamps" in microseconds.
 *
 * Each sample counts 1, or with --cpuprofile-time the microseconds until
 * the next sample in time order (the last one until endTime), as DevTools
 * counts self time. Without samples, the nodes' hitCounts are used.
 * This file reads the members of the JSON object and settles the times;
 * v8prof.c reads the nodes and collapses them.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "v8prof.h"
#include "fg.h"

/* The profile's startTime and endTime as read. */
struct cpu_top {
	int head;		/* the older tree form */
	int hasstart, hasend;
	int64_t start, end;	/* as integers */
	double startd, endd;	/* as written */
};

/*
 * Reads a .cpuprofile's text (len bytes) into P and T, warning about
 * what is not a profile; what was read before a JSON error is kept.
 */
static void cpuprofile_read(struct v8prof *P, struct cpu_top *T,
    const char *text, size_t len);

static void
jsonerr(struct v8prof *P, const struct json *j)
{
	v8_warn(P, "byte %zu: invalid JSON: %s%s", j->erroff, j->err,
	    " (using what was read before it)");
}

static void
timeval(struct json *j, enum json_tok t, int64_t *v, double *d, int *has)
{
	if (v8_num(t, j, v) == 0) {
		*d = strtod(j->str, NULL);
		*has = 1;
	}
}

/* The members of a profile object; "profile" may wrap one (Profiler.stop). */
static int
profile(struct v8prof *P, struct cpu_top *T, struct json *j, int top)
{
	enum json_tok t;
	const char *k;

	while ((t = json_next(j)) == JSON_KEY) {
		k = j->str;
		if (strcmp(k, "nodes") == 0 || strcmp(k, "head") == 0) {
			T->head |= k[0] == 'h';
			if (v8_nodes(P, j, json_next(j)) < 0)
				return -1;
		} else if (strcmp(k, "samples") == 0) {
			P->hassamples = 1;
			if (v8_ints(P, j, json_next(j), "samples", &P->samples,
			    &P->ns, &P->scap) < 0)
				return -1;
		} else if (strcmp(k, "timeDeltas") == 0 ||
		    strcmp(k, "timestamps") == 0) {
			P->abstime = strcmp(k, "timestamps") == 0;
			if (v8_ints(P, j, json_next(j), P->abstime ?
			    "timestamps" : "timeDeltas", &P->deltas, &P->nd,
			    &P->dcap) < 0)
				return -1;
		} else if (strcmp(k, "startTime") == 0) {
			timeval(j, json_next(j), &T->start, &T->startd,
			    &T->hasstart);
		} else if (strcmp(k, "endTime") == 0) {
			timeval(j, json_next(j), &T->end, &T->endd,
			    &T->hasend);
		} else if (top && strcmp(k, "profile") == 0) {
			if ((t = json_next(j)) == JSON_OBJ) {
				if (profile(P, T, j, 0) < 0)
					return -1;
			} else if (json_skip(j, t) < 0)
				return -1;
		} else if (json_skip(j, json_next(j)) < 0)
			return -1;
	}
	return t == JSON_OBJ_END ? 0 : -1;
}

static void
cpuprofile_read(struct v8prof *P, struct cpu_top *T, const char *text,
    size_t len)
{
	struct json j;
	enum json_tok t;

	memset(T, 0, sizeof(*T));
	json_init(&j, text, len);
	t = json_next(&j);
	if (t == JSON_OBJ) {
		if (profile(P, T, &j, 1) < 0 || json_next(&j) == JSON_ERR)
			jsonerr(P, &j);
	} else if (t == JSON_ERR)
		jsonerr(P, &j);
	else
		v8_warn(P, "not a JSON object: not a .cpuprofile");
	if (P->nn == 0 && t == JSON_OBJ)
		v8_warn(P, "no profile \"nodes\": not a .cpuprofile");
	json_free(&j);
}

/* startTime and endTime: microseconds, or seconds in the older form. */
static void
times(struct v8prof *P, const struct cpu_top *T)
{
	double s, e;

	if (!T->head) {
		P->start = T->start;
		P->end = T->end;
		P->hasend = T->hasend;
		return;
	}
	s = T->startd * 1e6;
	e = T->endd * 1e6;
	if (T->hasstart && isfinite(s) && fabs(s) < 9e18)
		P->start = (int64_t)llround(s);
	if (T->hasend && isfinite(e) && fabs(e) < 9e18) {
		P->end = (int64_t)llround(e);
		P->hasend = 1;
	}
}

static const char *const topkeys[] = {
	"nodes", "samples", "timeDeltas", "startTime", "endTime", "profile",
	"head", "timestamps", "typeId", NULL
};

/*
 * A JSON object whose first member is one a profile has, or that names a
 * "callFrame" early on.
 */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	size_t i = collapse_json_start(head, n), k, kl;

	if (i >= n || head[i] != '{')
		return 0;
	if (fg_memmem(head, n, "\"callFrame\"", 11) != NULL)
		return PROBE_YES;
	i += 1 + collapse_json_start(head + i + 1, n - i - 1);
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
	struct v8prof P;
	struct cpu_top T;
	uint64_t used = 0;
	char *text;
	size_t len;

	v8_init(&P, in, o, "cpuprofile", &used);
	text = in_slurp(in, &len);
	cpuprofile_read(&P, &T, text, len);
	times(&P, &T);
	if (window_on(o)) {
		if (v8_times(&P))
			window_resolve(o, in, (double)P.tmin / 1e6,
			    (double)P.tmax / 1e6);
		else
			window_resolve(o, in, NAN, NAN);
	}
	v8_emit(&P, tab, "", 0);
	free(text);
	v8_free(&P);
}

const struct cfmt fmt_cpuprofile = {
	"cpuprofile", "V8/Chrome/Node.js .cpuprofile JSON (node --cpu-prof)",
	probe, run, CFMT_TIMED
};
