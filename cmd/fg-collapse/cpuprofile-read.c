/* SPDX-License-Identifier: ISC */
/*
 * cpuprofile-read.c: the members of a .cpuprofile's JSON object into a
 * V8 profile (v8prof.h; its nodes through v8read.c's v8_nodes) and the
 * profile's start and end as written (cpuprofile.h).
 */
#include <stdlib.h>
#include <string.h>

#include "v8prof.h"
#include "cpuprofile.h"

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

void
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
