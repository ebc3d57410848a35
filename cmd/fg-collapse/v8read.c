/* SPDX-License-Identifier: ISC */
/*
 * v8read.c: reading V8 profile nodes (see v8prof.h), in any of their
 * three shapes, by one loop with an explicit stack (no recursion on the
 * input's depth); samples and times as arrays of integers. Shared by the
 * cpuprofile and chrome formats; v8prof.c collapses what is read.
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
