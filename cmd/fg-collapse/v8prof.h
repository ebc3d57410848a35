/* SPDX-License-Identifier: ISC */
/*
 * v8prof.h: V8 CPU profiles (a tree of call frames, samples naming tree
 * nodes, and sample times) as read from a .cpuprofile file and from the
 * ProfileChunk events of a Chrome trace, and collapsed into stacks.
 *
 * Nodes come in any of V8's three shapes, read by one non-recursive loop:
 * a flat "nodes" array whose nodes list their "children" ids, the same
 * with a "parent" id per node (Chrome trace chunks), or the older tree
 * under "head" whose nodes nest their children as objects.
 */
#ifndef V8PROF_H
#define V8PROF_H

#include "collapse.h"
#include "json.h"

/* A child id listed by a node (the flat form's "children"). */
struct v8kid {
	size_t node;
	int64_t id;
};

struct v8node {
	int64_t id;
	size_t fn, fnlen;	/* functionName in the arena */
	size_t url, urllen;	/* url in the arena */
	int64_t line;		/* 1-based; 0 when unknown */
	size_t pidx;		/* parent by nesting, or SIZE_MAX */
	int64_t parent;		/* from a "parent" member */
	uint64_t hits;
	int hasid, hasparent;
	int dup;		/* a later node with an id already seen */
};

struct v8prof {
	struct v8node *nv;
	size_t nn, ncap;
	struct v8kid *kidv;
	size_t nkid, kidcap;
	char *arena;
	size_t alen, acap;
	int64_t *samples;
	size_t ns, scap;
	int64_t *deltas;	/* timeDeltas, or absolute "timestamps" */
	size_t nd, dcap;
	int abstime;		/* deltas holds absolute timestamps */
	int hassamples, hasend;
	uint64_t nkept;		/* samples counted (for the header) */
	double sw, sw2;		/* their weights and squares (by time) */
	int64_t start, end;	/* microseconds */
	int64_t *ts;		/* v8_times: each sample's time, or NULL */
	int64_t tmin, tmax;	/* v8_times: the first and last */
	const char *label;	/* names the profile in warnings, or NULL */
	struct fg_in *in;
	const struct copts *o;
	const char *fmt;	/* for --max-output's message */
	uint64_t *used;		/* stack text made, for --max-output */
};

void v8_init(struct v8prof *P, struct fg_in *in, const struct copts *o,
    const char *fmt, uint64_t *used);
void v8_free(struct v8prof *P);
void v8_warn(struct v8prof *P, const char *fmt, ...) FG_PRINTF(2, 3);
/* A JSON number as an integer (finite doubles rounded); -1 if none. */
int v8_num(enum json_tok t, const struct json *j, int64_t *v);
/* An array of integers appended to *v; bad elements are warned about. */
int v8_ints(struct v8prof *P, struct json *j, enum json_tok t,
    const char *what, int64_t **v, size_t *n, size_t *cap);
/*
 * The value of "nodes" (an array of nodes) or "head" (one node, the root
 * of a nested tree) whose first token t was just read. -1 on a JSON
 * error (j->err says which).
 */
int v8_nodes(struct v8prof *P, struct json *j, enum json_tok t);
/*
 * Computes each sample's time (P->ts, P->tmin, P->tmax) from startTime
 * and timeDeltas or from timestamps; returns 0 when the profile has none.
 */
int v8_times(struct v8prof *P);
/*
 * Adds the profile's stacks to tab, each under the root frames prefix
 * (plen bytes, "" for none): one per sample (with --cpuprofile-time,
 * weighted by the time to the next sample), else each node's hitCount.
 */
void v8_emit(struct v8prof *P, struct fg_stab *tab, const char *prefix,
    size_t plen);

#endif
