/* SPDX-License-Identifier: ISC */
/*
 * chrome-trace.c: a Chrome trace's profiles and the thread and process
 * names its events give (read by chrome.c, chrome.h), and their stacks,
 * each under its process and thread.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chrome.h"

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

struct cprof *
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

void
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

void
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
