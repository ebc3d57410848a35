/* SPDX-License-Identifier: ISC */
/*
 * xctrace.c: Instruments' Time Profiler samples as exported by
 *   xctrace export --input run.trace \
 *       --xpath '/trace-toc/run[1]/data/table[@schema="time-profile"]'
 * (what inferno-collapse-xctrace reads): XML with a <row> per sample under
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
 * The XML is read with a small scanner of tags and attributes (no DTDs,
 * no recursion): entities &amp; &lt; &gt; &quot; &apos; and &#N; are
 * decoded in names. Frame names get Rust's hashes removed, as inferno does.
 * This file reads; xctrace-stack.c makes the stacks (xctrace.h).
 */
#include <stdlib.h>
#include <string.h>

#include "xctrace.h"

/* Attributes of the tag being read. */
struct xattr {
	const char *id, *ref, *name, *fmt;
	size_t idlen, reflen, namelen, fmtlen;
};

static uint64_t
lineof(const struct xp *X, const char *p)
{
	uint64_t n = 1;
	const char *q;

	for (q = X->s; q < p && (q = memchr(q, '\n', (size_t)(p - q))) != NULL;
	    q++)
		n++;
	return n;
}

static void
xwarn(struct xp *X, const char *at, const char *msg)
{
	X->in->lineno = lineof(X, at);
	fg_in_warn(X->in, "%s", msg);
}

/* Appends the UTF-8 encoding of code point c. */
static void
pututf8(struct fg_buf *b, unsigned long c)
{
	char u[4];
	size_t n;

	if (c == 0 || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		c = 0xfffd;
	if (c < 0x80) {
		u[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3f));
		u[2] = (char)(0x80 | (c >> 6 & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
		n = 4;
	}
	fg_buf_put(b, u, n);
}

/* Length of an entity at s ("&amp;"), its text appended to b; 0: none. */
static size_t
entity(struct fg_buf *b, const char *s, size_t n)
{
	static const char *const nm[] = { "amp;", "lt;", "gt;", "quot;",
	    "apos;" };
	static const char ch[] = "&<>\"'";
	unsigned long c = 0;
	size_t i;
	int hex;

	for (i = 0; i < 5; i++)
		if (fg_hasprefix(s + 1, n - 1, nm[i])) {
			fg_buf_put(b, ch + i, 1);
			return strlen(nm[i]) + 1;
		}
	if (n < 4 || s[1] != '#')
		return 0;
	hex = s[2] == 'x' || s[2] == 'X';
	for (i = 2 + (size_t)hex; i < n && i < 12 && s[i] != ';'; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			c = c * (hex ? 16 : 10) + (unsigned long)(s[i] - '0');
		else if (hex && ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'f'))
			c = c * 16 + (unsigned long)((s[i] | 0x20) - 'a' + 10);
		else
			return 0;
	}
	if (i >= n || s[i] != ';' || i == 2 + (size_t)hex)
		return 0;
	pututf8(b, c);
	return i + 1;
}

/* An attribute value, entities decoded, as a frame name (new string). */
static char *
framename(struct xp *X, const char *s, size_t n)
{
	struct fg_buf *b = &X->tmp;
	size_t i, k;
	char *r;

	b->len = 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '&' && (k = entity(b, s + i, n - i)) > 0)
			i += k - 1;
		else
			fg_buf_put(b, s + i, 1);
	}
	r = fg_malloc(b->len + 4);
	if (b->len == 0) {
		memcpy(r, "???", 4);
		return r;
	}
	if ((k = fg_rust_fixsym(b->p, b->len, r)) == (size_t)-1) {
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
		xwarn(X, at, kind == 'b' ? "backtrace ref to an unknown id" :
		    kind == 'f' ? "frame ref to an unknown id" :
		    kind == 't' ? "thread ref to an unknown id" :
		    kind == 'p' ? "process ref to an unknown id" :
		    "weight ref to an unknown id");
		return NONE;
	}
	return e->aux - 1;
}

static void
frame(struct xp *X, const struct xattr *a, const char *at)
{
	struct xbt *b = &X->bt[X->curbt];
	struct fg_ent *e;
	uint32_t f;

	if (a->ref != NULL)
		f = lookup(X, 'f', a->ref, a->reflen, at);
	else if ((e = idslot(X, 'f', a->id, a->idlen)) == NULL) {
		xwarn(X, at, "frame without an id or ref");
		f = NONE;
	} else {
		X->fname = collapse_grow(X->fname, &X->capf, X->nf + 1,
		    sizeof(*X->fname));
		X->fname[X->nf] = framename(X, a->name, a->name ? a->namelen :
		    0);
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
backtrace(struct xp *X, const struct xattr *a, int empty, const char *at)
{
	struct fg_ent *e;

	if (a->ref != NULL) {
		X->rowbt = lookup(X, 'b', a->ref, a->reflen, at);
		return;
	}
	if ((e = idslot(X, 'b', a->id, a->idlen)) == NULL) {
		xwarn(X, at, "backtrace without an id or ref");
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
weight(struct xp *X, const struct xattr *a, const char *text, const char *at)
{
	struct fg_ent *e;
	uint32_t w;

	if (a->ref != NULL) {
		if ((w = lookup(X, 'w', a->ref, a->reflen, at)) != NONE) {
			X->rowweight = X->wv[w];
			X->rowhasweight = 1;
		}
		return;
	}
	if ((e = idslot(X, 'w', a->id, a->idlen)) == NULL)
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
thread(struct xp *X, const struct xattr *a, const char *at)
{
	struct fg_ent *e;

	if (a->ref != NULL) {
		X->rowthread = lookup(X, 't', a->ref, a->reflen, at);
		return;
	}
	if ((e = idslot(X, 't', a->id, a->idlen)) == NULL)
		return;
	X->tv = collapse_grow(X->tv, &X->captv, X->ntv + 1, sizeof(*X->tv));
	X->tv[X->ntv].name = framename(X, a->fmt, a->fmt ? a->fmtlen : 0);
	X->tv[X->ntv].proc = NONE;
	e->aux = (uint32_t)++X->ntv;
	X->rowthread = X->curthread = e->aux - 1;
}

static void
process(struct xp *X, const struct xattr *a, const char *at)
{
	struct fg_ent *e;
	uint32_t p;

	if (a->ref != NULL)
		p = lookup(X, 'p', a->ref, a->reflen, at);
	else if ((e = idslot(X, 'p', a->id, a->idlen)) == NULL)
		return;
	else {
		X->pname = collapse_grow(X->pname, &X->cappn, X->npn + 1,
		    sizeof(*X->pname));
		X->pname[X->npn] = framename(X, a->fmt, a->fmt ?
		    a->fmtlen : 0);
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
start(struct xp *X, int kind, const struct xattr *a, int empty,
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
		xwarn(X, at, "row without a weight; skipped");
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
		xwarn(X, at, "end tag does not match the open element");
		return;
	}
	X->nstk--;
	if (kind == T_BACKTRACE && X->curbt != NONE) {
		X->rowbt = X->curbt;
		X->curbt = NONE;
	} else if (kind == T_WEIGHT && X->wtext != NULL) {
		if (wnumber(X->wtext, at, &X->wv[X->wdef]) < 0)
			xwarn(X, at, "weight is not a whole number");
		X->rowweight = X->wv[X->wdef];
		X->rowhasweight = 1;
		X->wtext = NULL;
	} else if (kind == T_THREAD)
		X->curthread = NONE;
	else if (kind == T_ROW)
		endrow(X, at);
}

static int
xmlws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Reads the attributes of a tag from *pp up to '>'; 0 when truncated. */
static int
attrs(struct xp *X, const char **pp, struct xattr *a, int *empty)
{
	const char *p = *pp, *e = X->e, *nm, *v;
	size_t nl;
	char q;

	memset(a, 0, sizeof(*a));
	*empty = 0;
	for (;;) {
		while (p < e && xmlws(*p))
			p++;
		if (p >= e)
			return 0;
		if (*p == '>' || (*p == '/' && p + 1 < e && p[1] == '>')) {
			*empty = *p == '/';
			*pp = p + 1 + *empty;
			return 1;
		}
		for (nm = p; p < e && !xmlws(*p) && *p != '=' && *p != '>' &&
		    *p != '/'; p++)
			;
		nl = (size_t)(p - nm);
		while (p < e && xmlws(*p))
			p++;
		if (p >= e)
			return 0;
		if (*p != '=') {
			if (nl == 0)
				p++;	/* a stray '/' or the like */
			continue;
		}
		for (p++; p < e && xmlws(*p); p++)
			;
		if (p >= e || (*p != '"' && *p != '\''))
			continue;
		q = *p++;
		v = p;
		if ((p = memchr(p, q, (size_t)(e - p))) == NULL)
			return 0;
		if (nl == 2 && memcmp(nm, "id", 2) == 0)
			a->id = v, a->idlen = (size_t)(p - v);
		else if (nl == 3 && memcmp(nm, "ref", 3) == 0)
			a->ref = v, a->reflen = (size_t)(p - v);
		else if (nl == 4 && memcmp(nm, "name", 4) == 0)
			a->name = v, a->namelen = (size_t)(p - v);
		else if (nl == 3 && memcmp(nm, "fmt", 3) == 0)
			a->fmt = v, a->fmtlen = (size_t)(p - v);
		p++;
	}
}

/* Skips markup that is not an element; 0 when it is not closed. */
static int
skip(struct xp *X, const char **pp)
{
	static const struct {
		const char *open, *close;
	} kinds[] = {
		{ "<!--", "-->" }, { "<![CDATA[", "]]>" }, { "<?", "?>" },
		{ "<!", ">" }
	};
	const char *p = *pp, *c;
	size_t i, n = (size_t)(X->e - p);

	for (i = 0; i < 4; i++)
		if (fg_hasprefix(p, n, kinds[i].open)) {
			c = fg_memmem(p, n, kinds[i].close,
			    strlen(kinds[i].close));
			if (c == NULL)
				return 0;
			*pp = c + strlen(kinds[i].close);
			return 1;
		}
	return -1;
}

/* One piece of markup at X->p; 0 at the end of the input. */
static int
step(struct xp *X)
{
	const char *p, *at, *nm;
	struct xattr a;
	int empty, r;

	if ((at = memchr(X->p, '<', (size_t)(X->e - X->p))) == NULL)
		return 0;
	p = at;
	if ((r = skip(X, &p)) >= 0) {
		if (r == 0)
			xwarn(X, at, "unclosed comment or declaration");
		X->p = r ? p : X->e;
		return r;
	}
	p++;
	if (p < X->e && *p == '/') {
		for (nm = ++p; p < X->e && *p != '>' && *p != ' '; p++)
			;
		end(X, kindof(nm, (size_t)(p - nm)), at);
		p = memchr(p, '>', (size_t)(X->e - p));
		X->p = p != NULL ? p + 1 : X->e;
		return p != NULL;
	}
	for (nm = p; p < X->e && *p != '>' && *p != '/' && *p != ' ' &&
	    *p != '\t' && *p != '\n' && *p != '\r'; p++)
		;
	r = kindof(nm, (size_t)(p - nm));
	if (!attrs(X, &p, &a, &empty)) {
		xwarn(X, at, "input ends inside a tag");
		X->p = X->e;
		return 0;
	}
	start(X, r, &a, empty, at, p);
	X->p = p;
	return 1;
}

static void
run(struct fg_in *in, struct fg_stab *tab, const struct copts *o)
{
	struct xp X;
	char *buf;
	size_t n, i;

	memset(&X, 0, sizeof(X));
	X.in = in;
	X.o = o;
	buf = fg_in_slurp(in, &n);
	X.s = X.p = buf;
	X.e = buf + n;
	X.ids = fg_stab_new(1);
	X.pairs = fg_stab_new(1);
	X.rowbt = X.curbt = X.rowthread = X.curthread = NONE;
	while (step(&X))
		;
	if (X.nstk > 0)
		xwarn(&X, X.e, "input ends inside an element (truncated?)");
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

	while (p < e && xmlws(*p))
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
