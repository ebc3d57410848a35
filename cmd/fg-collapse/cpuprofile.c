/* SPDX-License-Identifier: ISC */
/*
 * cpuprofile.c: V8 CPU profiles (.cpuprofile JSON, as written by
 * node --cpu-prof, Chrome DevTools and the inspector's Profiler.stop).
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
 * cpuprofile-read.c reads the JSON (cpuprofile.h), v8read.c its nodes;
 * this file settles the times and v8prof.c collapses the nodes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "v8prof.h"
#include "cpuprofile.h"

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
	text = fg_in_slurp(in, &len);
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
