/* SPDX-License-Identifier: ISC */
/*
 * xctrace.c: Instruments' Time Profiler samples as exported by
 *   xctrace export --input run.trace \
 *       --xpath '/trace-toc/run[1]/data/table[@schema="time-profile"]'
 * (what inferno-collapse-xctrace reads):
 *
 *	<trace-query-result><node><schema name="time-profile"/>
 *	<row><weight id="9" fmt="1.00 ms">1000000</weight><backtrace id="10">
 *	  <frame id="11" name="parse_line" addr="0x100003f10"/>
 *	  <frame id="14" name="main" addr="0x100003fa8"/></backtrace></row>
 *	<row><weight ref="9"/><backtrace ref="10"/></row>
 *	</node></trace-query-result>
 * becomes
 *	main;parse_line 2
 *
 * XML with a <row> per sample under
 * <trace-query-result><node>, each holding a <backtrace id="N"> of <frame
 * id="F" name="..."> elements, leaf first, or a <backtrace ref="N"/> to
 * one seen before; frames likewise may be <frame ref="F"/>. A row whose
 * backtrace is a <sentinel/> has no stack and is left out. Each sample
 * counts 1; with --xctrace-weight it counts its <weight> (nanoseconds of
 * CPU time in a Time Profiler table), as Instruments' "Weight" column.
 * With --xctrace-threads, the row's process and thread (their fmt= text,
 * "parser (4242)" and "Main Thread  0x1a2b3c (parser, pid: 4242)") are
 * the stack's first two frames.
 *
 * The XML is read by a small scanner of tags and attributes (no DTDs,
 * no recursion: xml.c), entities decoded in names. Frame names get
 * Rust's hashes removed, as inferno does. The tags are taken for what
 * they say, and the stacks made, with --xctrace-threads' root frames,
 * and their unit.
 */
#include <stdlib.h>
#include <string.h>

#include "collapse.h"
#include "fg.h"
#include "xml.h"

#define NONE UINT32_MAX

enum { T_OTHER, T_ROW, T_BACKTRACE, T_FRAME, T_WEIGHT, T_THREAD,
	T_PROCESS };

struct xbt {
	size_t off, n;		/* frame indices at fv[off..off+n) */
	int bad;		/* refers to an unknown frame */
};

/* Samples of one backtrace on one thread (NONE: threads not asked for). */
struct xsample {
	uint32_t thread, bt;
	uint64_t count;
};

struct xthread {
	char *name;		/* its fmt= text */
	uint32_t proc;		/* index in pname, or NONE */
};

struct xp {
	struct fg_in *in;
	const struct copts *o;
	struct xml x;		/* the scanner: the whole input */
	struct fg_stab *ids;	/* "bN", "fN", "wN" -> index + 1 */
	char **fname;		/* frame index -> name */
	size_t nf, capf;
	uint32_t *fv;		/* backtraces' frames */
	size_t nfv, capfv;
	struct xbt *bt;
	size_t nbt, capbt;
	uint64_t *wv;		/* weight index -> value */
	size_t nw, capw;
	int *stk;		/* open elements' kinds */
	size_t nstk, capstk;
	uint32_t rowbt, curbt;	/* the row's backtrace; the one being read */
	struct fg_stab *pairs;	/* (thread, backtrace) -> sample index + 1 */
	struct xsample *sv;
	size_t nsv, capsv;
	struct xthread *tv;	/* threads, by the ids stab's 't' entries */
	size_t ntv, captv;
	char **pname;		/* processes, by 'p' entries */
	size_t npn, cappn;
	uint32_t rowthread, curthread;
	uint64_t rowweight;
	int rowhasweight;
	uint64_t nrows, wmin, wmax;	/* rows counted, their weights */
	int sawresult, sawrow;	/* <trace-query-result>, <row> seen */
	const char *wtext;	/* start of an open <weight>'s text */
	uint32_t wdef;		/* index an open <weight id=> defines */
	struct buf tmp;
};

/* The stacks of the backtraces rows used, root first. */
static void xctrace_emit(struct xp *X, struct fg_stab *tab);
/* What the counts are, for the header. */
static void xctrace_unit(const struct xp *X);

/*
 * What the counts are, for the header: samples, or with --xctrace-weight
 * nanoseconds, with their period when every row weighs the same (the
 * Time Profiler's 1 ms).
 */
static void
xctrace_unit(const struct xp *X)
{
	if (!X->o->xctrace_weight) {
		collapse_unit(X->o, "samples", 7);
	} else {
		collapse_unit(X->o, "ns", 2);
		if (X->nrows > 0 && X->wmin == X->wmax)
			collapse_period(X->o, X->wmin);
	}
	collapse_samples(X->o, X->nrows);
}

static void
putname(struct buf *b, const char *nm)
{
	if (b->len > 0)
		buf_put(b, ";", 1);
	buf_put(b, nm, strlen(nm));
}

/* --xctrace-threads: "process;thread" root frames. */
static void
threadroot(struct xp *X, struct buf *b, uint32_t t)
{
	if (t == NONE) {
		putname(b, "[unknown thread]");
		return;
	}
	if (X->tv[t].proc != NONE)
		putname(b, X->pname[X->tv[t].proc]);
	putname(b, X->tv[t].name);
}

/* The stacks of the backtraces that rows used, root first. */
static void
xctrace_emit(struct xp *X, struct fg_stab *tab)
{
	struct buf b = { 0 };
	uint64_t used = 0;
	size_t i, k;
	const struct xbt *bt;
	const struct xsample *sp;

	for (i = 0; i < X->nsv; i++) {
		sp = &X->sv[i];
		bt = &X->bt[sp->bt];
		if (sp->count == 0 || bt->bad)
			continue;
		b.len = 0;
		if (X->o->xctrace_threads)
			threadroot(X, &b, sp->thread);
		for (k = bt->n; k-- > 0;)
			putname(&b, X->fname[X->fv[bt->off + k]]);
		if (b.len == 0)
			buf_put(&b, "[unknown]", 9);
		collapse_budget(X->in, X->o, "xctrace", &used, b.len + 1);
		collapse_add_u64(tab, b.p, b.len, sp->count, X->in);
	}
	free(b.p);
}

/* The attributes read, as xml_next is asked for them. */
enum { A_ID, A_REF, A_NAME, A_FMT };
static const char *const attrnames[] = { "id", "ref", "name", "fmt" };

/* An attribute value, entities decoded, as a frame name (new string). */
static char *
framename(struct xp *X, const char *s, size_t n)
{
	struct buf *b = &X->tmp;
	size_t i, k;
	char *r;

	b->len = 0;
	xml_text(b, s, n);
	r = fg_malloc(b->len + 4);
	if (b->len == 0) {
		memcpy(r, "???", 4);
		return r;
	}
	if ((k = rust_fixsym(b->p, b->len, r)) == (size_t)-1) {
		memcpy(r, b->p, b->len);
		k = b->len;
	}
	for (i = 0; i < k; i++)
		if (r[i] == ';')
			r[i] = ':';
		else if (r[i] == '\n' || r[i] == '\r' || r[i] == '\0')
			r[i] = ' ';
	r[k] = '\0';
	return r;
}

/* The entry of id (kind 'b', 'f' or 'w') in X->ids; NULL if too long. */
static struct fg_ent *
idslot(struct xp *X, char kind, const char *id, size_t n)
{
	char key[40];

	if (n == 0 || n > sizeof(key) - 1)
		return NULL;
	key[0] = kind;
	memcpy(key + 1, id, n);
	return fg_stab_get(X->ids, key, n + 1);
}

/* The index an existing id refers to, or NONE (warned). */
static uint32_t
lookup(struct xp *X, char kind, const char *ref, size_t n, const char *at)
{
	struct fg_ent *e = idslot(X, kind, ref, n);

	if (e == NULL || e->aux == 0) {
		xml_warn(&X->x, at, kind == 'b' ?
		    "backtrace ref to an unknown id" :
		    kind == 'f' ? "frame ref to an unknown id" :
		    kind == 't' ? "thread ref to an unknown id" :
		    kind == 'p' ? "process ref to an unknown id" :
		    "weight ref to an unknown id");
		return NONE;
	}
	return e->aux - 1;
}

static void
frame(struct xp *X, const struct xml_val *a, const char *at)
{
	struct xbt *b = &X->bt[X->curbt];
	struct fg_ent *e;
	uint32_t f;

	if (a[A_REF].v != NULL)
		f = lookup(X, 'f', a[A_REF].v, a[A_REF].n, at);
	else if ((e = idslot(X, 'f', a[A_ID].v, a[A_ID].n)) == NULL) {
		xml_warn(&X->x, at, "frame without an id or ref");
		f = NONE;
	} else {
		X->fname = collapse_grow(X->fname, &X->capf, X->nf + 1,
		    sizeof(*X->fname));
		X->fname[X->nf] = framename(X, a[A_NAME].v,
		    a[A_NAME].n);
		e->aux = (uint32_t)++X->nf;
		f = e->aux - 1;
	}
	if (f == NONE) {
		b->bad = 1;
		return;
	}
	X->fv = collapse_grow(X->fv, &X->capfv, X->nfv + 1, sizeof(*X->fv));
	X->fv[X->nfv++] = f;
	b->n++;
}

static void
backtrace(struct xp *X, const struct xml_val *a, int empty, const char *at)
{
	struct fg_ent *e;

	if (a[A_REF].v != NULL) {
		X->rowbt = lookup(X, 'b', a[A_REF].v, a[A_REF].n, at);
		return;
	}
	if ((e = idslot(X, 'b', a[A_ID].v, a[A_ID].n)) == NULL) {
		xml_warn(&X->x, at, "backtrace without an id or ref");
		return;
	}
	X->bt = collapse_grow(X->bt, &X->capbt, X->nbt + 1, sizeof(*X->bt));
	X->bt[X->nbt].off = X->nfv;
	X->bt[X->nbt].n = 0;
	X->bt[X->nbt].bad = 0;
	e->aux = (uint32_t)++X->nbt;
	X->curbt = e->aux - 1;
	if (empty) {
		X->rowbt = X->curbt;
		X->curbt = NONE;
	}
}

static void
weight(struct xp *X, const struct xml_val *a, const char *text, const char *at)
{
	struct fg_ent *e;
	uint32_t w;

	if (a[A_REF].v != NULL) {
		w = lookup(X, 'w', a[A_REF].v, a[A_REF].n, at);
		if (w != NONE) {
			X->rowweight = X->wv[w];
			X->rowhasweight = 1;
		}
		return;
	}
	if ((e = idslot(X, 'w', a[A_ID].v, a[A_ID].n)) == NULL)
		return;
	X->wv = collapse_grow(X->wv, &X->capw, X->nw + 1, sizeof(*X->wv));
	X->wv[X->nw] = 0;
	e->aux = (uint32_t)++X->nw;
	X->wdef = e->aux - 1;
	X->wtext = text;
}

/* The number in [s, e), blanks around it allowed; -1 if not one. */
static int
wnumber(const char *s, const char *e, uint64_t *v)
{
	fg_count c;
	size_t n;

	while (s < e && (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r'))
		s++;
	n = (size_t)(e - s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n' ||
	    s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	if (fg_count_parse(s, n, &c) != FG_NUM_OK || c.f != 0)
		return -1;
	*v = (uint64_t)c.i;
	return 0;
}

/* <thread id= fmt=> (with a <process> inside) or <thread ref=/>. */
static void
thread(struct xp *X, const struct xml_val *a, const char *at)
{
	struct fg_ent *e;

	if (a[A_REF].v != NULL) {
		X->rowthread = lookup(X, 't', a[A_REF].v, a[A_REF].n, at);
		return;
	}
	if ((e = idslot(X, 't', a[A_ID].v, a[A_ID].n)) == NULL)
		return;
	X->tv = collapse_grow(X->tv, &X->captv, X->ntv + 1, sizeof(*X->tv));
	X->tv[X->ntv].name = framename(X, a[A_FMT].v, a[A_FMT].n);
	X->tv[X->ntv].proc = NONE;
	e->aux = (uint32_t)++X->ntv;
	X->rowthread = X->curthread = e->aux - 1;
}

static void
process(struct xp *X, const struct xml_val *a, const char *at)
{
	struct fg_ent *e;
	uint32_t p;

	if (a[A_REF].v != NULL)
		p = lookup(X, 'p', a[A_REF].v, a[A_REF].n, at);
	else if ((e = idslot(X, 'p', a[A_ID].v, a[A_ID].n)) == NULL)
		return;
	else {
		X->pname = collapse_grow(X->pname, &X->cappn, X->npn + 1,
		    sizeof(*X->pname));
		X->pname[X->npn] = framename(X, a[A_FMT].v,
		    a[A_FMT].n);
		e->aux = (uint32_t)++X->npn;
		p = e->aux - 1;
	}
	X->tv[X->curthread].proc = p;
}

/* The count of backtrace bt's samples on thread t. */
static struct xsample *
sample(struct xp *X, uint32_t t, uint32_t bt)
{
	uint32_t key[2] = { t, bt };
	struct fg_ent *e = fg_stab_get(X->pairs, (const char *)key,
	    sizeof(key));

	if (e->aux == 0) {
		X->sv = collapse_grow(X->sv, &X->capsv, X->nsv + 1,
		    sizeof(*X->sv));
		X->sv[X->nsv].thread = t;
		X->sv[X->nsv].bt = bt;
		X->sv[X->nsv].count = 0;
		e->aux = (uint32_t)++X->nsv;
	}
	return &X->sv[e->aux - 1];
}

static int
kindof(const char *s, size_t n)
{
	if (n == 3 && memcmp(s, "row", 3) == 0)
		return T_ROW;
	if (n == 9 && memcmp(s, "backtrace", 9) == 0)
		return T_BACKTRACE;
	if (n == 5 && memcmp(s, "frame", 5) == 0)
		return T_FRAME;
	if (n == 6 && memcmp(s, "weight", 6) == 0)
		return T_WEIGHT;
	if (n == 6 && memcmp(s, "thread", 6) == 0)
		return T_THREAD;
	if (n == 7 && memcmp(s, "process", 7) == 0)
		return T_PROCESS;
	return T_OTHER;
}

static void
start(struct xp *X, int kind, const struct xml_val *a, int empty,
    const char *at, const char *after)
{
	int parent = X->nstk > 0 ? X->stk[X->nstk - 1] : T_OTHER;

	if (kind == T_ROW) {
		X->rowbt = X->rowthread = NONE;
		X->rowhasweight = 0;
	} else if (kind == T_THREAD && parent == T_ROW)
		thread(X, a, at);
	else if (kind == T_PROCESS && parent == T_THREAD &&
	    X->curthread != NONE)
		process(X, a, at);
	else if (kind == T_BACKTRACE && parent == T_ROW)
		backtrace(X, a, empty, at);
	else if (kind == T_FRAME && parent == T_BACKTRACE && X->curbt != NONE)
		frame(X, a, at);
	else if (kind == T_WEIGHT && parent == T_ROW)
		weight(X, a, empty ? NULL : after, at);
	if (!empty) {
		X->stk = collapse_grow(X->stk, &X->capstk, X->nstk + 1,
		    sizeof(*X->stk));
		X->stk[X->nstk++] = kind;
	}
}

static void
endrow(struct xp *X, const char *at)
{
	struct xsample *b;

	if (X->rowbt == NONE)
		return;		/* a <sentinel/> or no stack */
	b = sample(X, X->o->xctrace_threads ? X->rowthread : NONE, X->rowbt);
	if (!X->o->xctrace_weight)
		b->count++;
	else if (!X->rowhasweight)
		xml_warn(&X->x, at, "row without a weight; skipped");
	else if (X->rowweight > UINT64_MAX - b->count)
		fg_errx(FG_EXIT_ERR, "%s: xctrace: weights overflow 2^64",
		    X->in->name);
	else {
		b->count += X->rowweight;
		if (X->nrows == 0 || X->rowweight < X->wmin)
			X->wmin = X->rowweight;
		if (X->rowweight > X->wmax)
			X->wmax = X->rowweight;
	}
	X->nrows += !X->o->xctrace_weight || X->rowhasweight;
}

static void
end(struct xp *X, int kind, const char *at)
{
	if (X->nstk == 0 || X->stk[X->nstk - 1] != kind) {
		xml_warn(&X->x, at, "end tag does not match the open element");
		return;
	}
	X->nstk--;
	if (kind == T_BACKTRACE && X->curbt != NONE) {
		X->rowbt = X->curbt;
		X->curbt = NONE;
	} else if (kind == T_WEIGHT && X->wtext != NULL) {
		if (wnumber(X->wtext, at, &X->wv[X->wdef]) < 0)
			xml_warn(&X->x, at, "weight is not a whole number");
		X->rowweight = X->wv[X->wdef];
		X->rowhasweight = 1;
		X->wtext = NULL;
	} else if (kind == T_THREAD)
		X->curthread = NONE;
	else if (kind == T_ROW)
		endrow(X, at);
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct xp X;
	struct xml_tag t;
	char *buf;
	size_t n, i;

	memset(&X, 0, sizeof(X));
	X.in = in;
	X.o = o;
	buf = in_slurp(in, &n);
	X.x.in = in;
	X.x.s = X.x.p = buf;
	X.x.e = buf + n;
	X.ids = fg_stab_new(1);
	X.pairs = fg_stab_new(1);
	X.rowbt = X.curbt = X.rowthread = X.curthread = NONE;
	while (xml_next(&X.x, &t, attrnames, 4))
		if (t.end)
			end(&X, kindof(t.name, t.nlen), t.at);
		else {
			if (t.nlen == 18 &&
			    memcmp(t.name, "trace-query-result", 18) == 0)
				X.sawresult = 1;
			X.sawrow |= kindof(t.name, t.nlen) == T_ROW;
			start(&X, kindof(t.name, t.nlen), t.a, t.empty, t.at,
			    t.after);
		}
	if (X.nstk > 0)
		xml_warn(&X.x, X.x.e,
		    "input ends inside an element (truncated?)");
	if (!X.sawresult)
		collapse_warn(in, "xctrace: not an xctrace export (no "
		    "<trace-query-result> element)");
	else if (!X.sawrow)
		collapse_warn(in, "xctrace: the export has no <row>, so no "
		    "samples (export the time-profile table of a run "
		    "recorded with the Time Profiler)");
	xctrace_emit(&X, tab);
	xctrace_unit(&X);
	for (i = 0; i < X.nf; i++)
		free(X.fname[i]);
	free(X.fname);
	for (i = 0; i < X.ntv; i++)
		free(X.tv[i].name);
	for (i = 0; i < X.npn; i++)
		free(X.pname[i]);
	free(X.tv);
	free(X.pname);
	free(X.sv);
	fg_stab_free(X.pairs);
	free(X.fv);
	free(X.bt);
	free(X.wv);
	free(X.stk);
	free(X.tmp.p);
	fg_stab_free(X.ids);
	free(buf);
}

/* An XML declaration first, then <trace-query-result. */
static int
probe(const char *head, size_t n, struct cprobe *why)
{
	const char *p = head, *e = head + n;

	while (p < e && xml_ws(*p))
		p++;
	if (!fg_hasprefix(p, (size_t)(e - p), "<?xml"))
		return 0;
	if (fg_memmem(p, (size_t)(e - p), "<trace-query-result", 19) != NULL)
		return PROBE_YES;
	return probe_why(why, 20, "XML, but no <trace-query-result> "
	    "element in its first 64 KiB");
}

const struct cfmt fmt_xctrace = {
	"xctrace", "Instruments Time Profiler, xctrace export XML",
	probe, run, 0
};
