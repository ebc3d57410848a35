/* SPDX-License-Identifier: ISC */
/*
 * sum.c: one path for summing folded inputs (see sum.h). When every input
 * is a regular file, sorted, of one kind, and all fit in the open-file
 * limit at once, they are merged in one pass (kmerge.c); otherwise each is
 * read in turn into the stack table (stab.c), which is sorted once. One
 * such input whose keys arrive in order (a pipe from a tool that sorts) is
 * kept as it comes (run) until a key falls out of order.
 */
#include <sys/resource.h>

#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "sum.h"

/* Descriptors kept free for standard streams and the library. */
#define SUM_FD_SPARE 16
/*
 * The most inputs merged in one pass. The merge holds a read buffer per
 * input (two on two cores) and reads each input twice (the order scan,
 * then the merge): for a fleet's thousands of small per-host files that
 * costs memory growing with the number of files and several times the
 * table's time (bench/fleet.sh). The stack table reads each file once, in
 * turn, in memory that follows the unique stacks whatever their number.
 */
#define SUM_MERGE_MAX 64
/*
 * The table path reads its inputs with read(2), not mmap(2), and copies
 * each new key into the table's arena: pages of a mapped file fault one
 * by one on first touch (about a third of the time on a virtual machine),
 * while read(2) copies from the page cache into one reused buffer and the
 * arena sits on huge pages. Memory is the unique stacks' bytes either way.
 */

struct sumst {
	struct fg_fold *folds;
	unsigned char *live;	/* folds[k] open */
	char **files;
	int n, nopen;
	const struct fg_sumopt *o;
	enum fg_kind kind;
	int ncols;
	fg_count total[2];
	struct fg_run *run;	/* the table path's one input, while in order */
};

/* How many inputs the merge may hold open at once. */
static int
fdbudget(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return 1 << 20;
	if (rl.rlim_cur <= SUM_FD_SPARE)
		return 1;
	return rl.rlim_cur - SUM_FD_SPARE > 1 << 20 ? 1 << 20 :
	    (int)(rl.rlim_cur - SUM_FD_SPARE);
}

static void
openone(struct sumst *s, int k)
{
	fg_fold_open(&s->folds[k], s->files[k], s->o->kind);
	s->folds[k].truncfrac = s->o->truncfrac;
	s->folds[k].bases = s->o->bases;
	s->live[k] = 1;
	if (k >= s->nopen)
		s->nopen = k + 1;
}

/* Adds c into *dst, or exits naming the input line. */
static void
addc(fg_count *dst, fg_count c, const struct fg_fold *f)
{
	if (fg_count_add(dst, c) < 0)
		fg_sum_overflow(f->in.name, f->in.lineno);
}

static void
addtotal(struct sumst *s, int col, fg_count c, const struct fg_fold *f)
{
	if (fg_count_add(&s->total[col], c) < 0) {
		if (s->o->needtotal && s->o->totalatline)
			fg_sum_overflow(f->in.name, f->in.lineno);
		if (s->o->needtotal)
			fg_errx(FG_EXIT_ERR, "%s: total of counts overflows "
			    "2^63-1", f->in.name);
		s->total[col].i = INT64_MAX;
	}
}

/* Do the scanned inputs' totals add up below 2^63-1? (totalatline) */
static int
totalsfit(const struct sumst *s, const struct fg_scan *sc)
{
	fg_count t[2];
	int k, c;

	memset(t, 0, sizeof(t));
	for (k = 0; k < s->n; k++)
		for (c = 0; c < 2; c++)
			if (fg_count_add(&t[s->o->bycol ? k : c],
			    sc[k].total[c]) < 0)
				return 0;
	return 1;
}

/* Input k's first header line, to *o->header and to o->onheader. */
static void
header(const struct sumst *s, int k, const char *name, const char *h)
{
	if (h != NULL && s->o->header != NULL && *s->o->header == NULL)
		*s->o->header = fg_strdup(h);
	if (s->o->onheader != NULL)
		s->o->onheader(s->o->arg, k, name, h);
}

/* Scans input k; 0 when it rules the merge out. */
static int
scanone(struct sumst *s, int k, struct fg_scan *sc)
{
	int ok;

	openone(s, k);
	ok = fg_fold_scan(&s->folds[k], sc);
	if (!ok || sc->kind == FG_KIND_UNKNOWN)
		return ok;	/* no data lines: any kind goes */
	if (s->kind != FG_KIND_UNKNOWN && sc->kind != s->kind)
		return 0;	/* the table path reports it */
	s->kind = sc->kind;
	return 1;
}

static void
mergeall(struct sumst *s, const struct fg_scan *sc)
{
	struct fg_emitter em;
	struct fg_fold **inp;
	int *colbase, k;

	inp = fg_calloc((size_t)s->n, sizeof(*inp));
	colbase = fg_calloc((size_t)s->n, sizeof(*colbase));
	for (k = 0; k < s->n; k++) {
		inp[k] = &s->folds[k];
		inp[k]->onmeta = s->o->onmeta;
		inp[k]->metaarg = s->o->arg;
		fg_in_expect(&inp[k]->in, sc[k].size);
		colbase[k] = s->o->bycol ? k : 0;
	}
	/*
	 * With no data line anywhere, the pass still runs: it prints the
	 * warnings the quiet scans held back.
	 */
	if (s->o->onmeta != NULL || s->ncols == 0)
		fg_kmerge(inp, s->n, s->ncols > 0 ? s->ncols : 1, colbase,
		    s->o->emit, s->o->arg);
	else {
		em.emit = s->o->emit;
		em.arg = s->o->arg;
		em.fork = s->o->fork;
		em.join = s->o->join;
		fg_kmerge_par(inp, sc, s->n, s->ncols, colbase, &em);
	}
	free(colbase);
	free(inp);
}

/* The merge path; 0 (inputs left open for the table path) if ruled out. */
static int
sum_merge(struct sumst *s)
{
	struct fg_scan *sc;
	int k, c, ok = 1;

	if (s->o->rekey != NULL || s->n > SUM_MERGE_MAX || s->n > fdbudget())
		return 0;
	sc = fg_calloc((size_t)s->n, sizeof(*sc));
	for (k = 0; k < s->n && ok; k++)
		ok = scanone(s, k, &sc[k]);
	if (ok && s->o->totalatline)
		ok = totalsfit(s, sc);
	for (k = 0; k < s->nopen && ok; k++)
		header(s, k, s->folds[k].in.name, sc[k].header);
	for (k = 0; k < s->nopen; k++)
		free(sc[k].header);
	if (!ok) {
		free(sc);
		return 0;
	}
	if (s->o->bycol)
		s->ncols = s->n;
	else if (s->kind != FG_KIND_UNKNOWN)
		s->ncols = s->kind == FG_KIND_DIFF ? 2 : 1;
	for (k = 0; k < s->n; k++)
		for (c = 0; c < 2; c++)
			addtotal(s, s->o->bycol ? k : c, sc[k].total[c],
			    &s->folds[k]);
	if (s->o->start != NULL)
		s->o->start(s->o->arg, s->kind, s->ncols, s->total);
	mergeall(s, sc);
	free(sc);
	return 1;
}

static void
mismatch(const struct fg_fold *f, enum fg_kind kind)
{
	fg_errx(FG_EXIT_ERR, "%s:%llu: %s stream, but earlier input was %s",
	    f->in.name, (unsigned long long)f->in.lineno,
	    f->kind == FG_KIND_DIFF ? "a differential" : "a profile",
	    kind == FG_KIND_DIFF ? "differential" : "a profile");
}

/* Whether adding r into columns col0.. would overflow a column total. */
static int
totalfull(const struct sumst *s, int col0, const struct fg_rec *r)
{
	fg_count t;
	int c;

	for (c = 0; c < r->ncols; c++) {
		t = s->total[col0 + c];
		if (fg_count_add(&t, r->c[c]) < 0)
			return 1;
	}
	return 0;
}

/*
 * Adds r into the table. While no column total can overflow, no sum can,
 * and the record may go to the other thread; otherwise its entry is
 * summed here, so that the first overflow is reported where it happens.
 */
static void
addrec(struct sumst *s, struct fg_intern *tab, struct fg_fold *f,
    int col0, const struct fg_rec *r, const char *key, size_t klen)
{
	struct fg_ent *e;
	int c;

	if (!totalfull(s, col0, r)) {
		fg_intern_add(tab, key, klen, col0, r->c, r->ncols);
		for (c = 0; c < r->ncols; c++)
			addtotal(s, col0 + c, r->c[c], f);
		return;
	}
	e = fg_intern_get(tab, key, klen);
	for (c = 0; c < r->ncols; c++) {
		addc(&e->c[col0 + c], r->c[c], f);
		addtotal(s, col0 + c, r->c[c], f);
	}
}

/*
 * Adds r as kept in order (its sums checked here, as fg_intern_get's);
 * 0 when its key is out of order: everything kept then goes to the table.
 */
static int
addrun(struct sumst *s, struct fg_fold *f, const struct fg_rec *r)
{
	fg_count *e = fg_run_get(s->run, r->stack, r->len);
	int c;

	if (e == NULL)
		return 0;
	for (c = 0; c < r->ncols; c++) {
		addc(&e[c], r->c[c], f);
		addtotal(s, c, r->c[c], f);
	}
	return 1;
}

/* The table for input k's first record: an in-order run when it may be. */
static void
newtab(struct sumst *s, struct fg_intern **tab, const struct fg_fold *f,
    const struct fg_rec *r)
{
	s->kind = f->kind;
	s->ncols = r->ncols;
	if (s->n == 1 && s->o->rekey == NULL)
		s->run = fg_run_new(r->ncols);
	else
		*tab = fg_intern_new(r->ncols);
}

/* Reads input k into the table (made at its first record). */
static void
readone(struct sumst *s, struct fg_intern **tab, int k)
{
	struct fg_fold *f = &s->folds[k];
	struct fg_rec r;
	const char *key;
	size_t klen;
	int col0 = s->o->bycol ? k : 0;

	if (!s->live[k])
		openone(s, k);
	f->onmeta = s->o->onmeta;
	f->metaarg = s->o->arg;
	while (fg_fold_next(f, &r)) {
		if (*tab == NULL && s->run == NULL)
			newtab(s, tab, f, &r);
		else if (!s->o->bycol && f->kind != s->kind)
			mismatch(f, s->kind);
		if (s->run != NULL) {
			if (addrun(s, f, &r))
				continue;
			*tab = fg_intern_new(s->ncols);
			fg_run_replay(s->run, *tab);
			s->run = NULL;
		}
		key = r.stack;
		klen = r.len;
		if (s->o->rekey != NULL)
			key = s->o->rekey(s->o->arg, k, r.stack, r.len, &klen);
		addrec(s, *tab, f, col0, &r, key, klen);
	}
	header(s, k, f->in.name, f->header);
	fg_fold_close(f);
	s->live[k] = 0;
}

static void
sum_table(struct sumst *s)
{
	struct fg_intern *tab = NULL;
	struct fg_emitter em;
	int k;

	em.emit = s->o->emit;
	em.arg = s->o->arg;
	em.fork = s->o->fork;
	em.join = s->o->join;
	if (s->o->bycol) {
		s->ncols = s->n;
		tab = fg_intern_new(s->n);
	}
	for (k = 0; k < s->n; k++)
		readone(s, &tab, k);
	if (s->o->start != NULL)
		s->o->start(s->o->arg, s->kind, s->ncols, s->total);
	if (tab != NULL)
		fg_intern_emit(tab, &em, s->o->onmeta == NULL);
	else if (s->run != NULL)
		fg_run_emit(s->run, s->o->emit, s->o->arg);
	for (k = 0; k < s->nopen; k++)
		if (s->live[k])
			fg_fold_close(&s->folds[k]);
	fg_intern_free(tab);
	fg_run_free(s->run);
	s->run = NULL;
}

int
fg_sum(char **files, int nfiles, const struct fg_sumopt *o)
{
	struct sumst s;
	int k;

	if (o->bycol && (nfiles > 2 || o->kind != FG_KIND_PROFILE))
		fg_errx(FG_EXIT_ERR, "fg_sum: bycol needs at most two profiles");
	memset(&s, 0, sizeof(s));
	s.o = o;
	s.files = files;
	s.n = nfiles;
	s.kind = o->kind;
	s.folds = fg_calloc((size_t)nfiles + 1, sizeof(*s.folds));
	s.live = fg_calloc((size_t)nfiles + 1, 1);
	if (sum_merge(&s)) {
		for (k = 0; k < s.nopen; k++)
			fg_fold_close(&s.folds[k]);
	} else {
		memset(s.total, 0, sizeof(s.total));
		s.kind = o->kind;
		s.ncols = 0;
		sum_table(&s);
	}
	free(s.live);
	free(s.folds);
	return s.ncols;
}

/*
 * run: keys that arrive in bytewise order, kept in order (run). A
 * profile piped from a tool that sorts (fg-diff | fg-svg, fg-merge | fg-top)
 * is then read with one comparison against the previous key a line, and
 * written back as it came: neither the stack table's hashing nor its sort.
 * Each key is kept as the bytes after those it shares with the key before
 * it (front coding), in blocks on huge pages: sorted stacks share most of
 * their frames with their neighbours, so memory is a fraction of the
 * input's. A shuffled input's
 * second or third key is below the one before it, and the few kept go to
 * the table.
 */
#define RUN_BLOCK ((size_t)4 << 20)

/*
 * A kept key: its length, how many bytes it shares with the key before,
 * its counts, then its other bytes; 8-aligned.
 */
struct rent {
	uint32_t len, shared;
	fg_count c[];
};

struct fg_run {
	int ncols;
	struct fg_arena mem;	/* the kept keys, in order */
	struct rent *prev;	/* the last key kept */
	char *pk;		/* its bytes */
	size_t pcap;
};

static size_t
entsize(const struct fg_run *r, size_t n)
{
	return (sizeof(struct rent) + (size_t)r->ncols * sizeof(fg_count) +
	    n + 7) & ~(size_t)7;
}

/* The bytes kept of e, after its shared ones. */
static size_t
kept(const struct rent *e)
{
	return (size_t)e->len - e->shared;
}

static char *
entkey(const struct fg_run *r, const struct rent *e)
{
	return (char *)(uintptr_t)(e->c + r->ncols);
}

struct fg_run *
fg_run_new(int ncols)
{
	struct fg_run *r = fg_calloc(1, sizeof(*r));

	r->ncols = ncols;
	fg_arena_init(&r->mem, RUN_BLOCK, RUN_BLOCK, 8);
	return r;
}

fg_count *
fg_run_get(struct fg_run *r, const char *key, size_t len)
{
	struct rent *e = r->prev;
	size_t sh = 0, pl;

	if (e != NULL) {
		pl = e->len;
		sh = fg_commonlen(r->pk, key, pl < len ? pl : len);
		if (sh == len && sh == pl)
			return e->c;
		if (sh == len || (sh < pl &&
		    (unsigned char)r->pk[sh] > (unsigned char)key[sh]))
			return NULL;	/* below the last key */
	}
	if (len > UINT32_MAX)
		fg_errx(FG_EXIT_ERR, "stack of %zu bytes is too long", len);
	if (len + 1 > r->pcap) {	/* never NULL, even for "" */
		r->pcap = 2 * (len + 1);
		r->pk = fg_realloc(r->pk, r->pcap);
	}
	memcpy(r->pk + sh, key + sh, len - sh);
	e = fg_arena_alloc(&r->mem, entsize(r, len - sh));
	e->len = (uint32_t)len;
	e->shared = (uint32_t)sh;
	memset(e->c, 0, (size_t)r->ncols * sizeof(fg_count));
	memcpy(entkey(r, e), key + sh, len - sh);
	r->prev = e;
	return e->c;
}

/*
 * Calls fn for every kept key of chunk b, in order, each put together in
 * *kb (*cap bytes; the key before it is there).
 */
static void
eachent(const struct fg_run *r, const struct fg_arena_chunk *b,
    fg_emit_fn fn, void *arg, char **kb, size_t *cap)
{
	const struct rent *e;
	size_t at, used = fg_arena_used(b);

	for (at = 0; at < used; at += entsize(r, kept(e))) {
		e = (const struct rent *)(const void *)(b->mem + at);
		if (e->len + (size_t)1 > *cap) {
			*cap = 2 * ((size_t)e->len + 1);
			*kb = fg_realloc(*kb, *cap);
		}
		memcpy(*kb + e->shared, entkey(r, e), kept(e));
		(*kb)[e->len] = '\0';
		fn(*kb, e->len, e->c, r->ncols, arg);
	}
}

static void
toc(const char *key, size_t len, const fg_count *c, int ncols, void *arg)
{
	fg_intern_add(arg, key, len, 0, c, ncols);
}

void
fg_run_replay(struct fg_run *r, struct fg_intern *tab)
{
	char *kb = NULL;
	size_t cap = 0;

	while (r->mem.first != NULL) {	/* freed as they are added */
		eachent(r, r->mem.first, toc, tab, &kb, &cap);
		fg_arena_pop(&r->mem);
	}
	free(kb);
	r->prev = NULL;
	fg_run_free(r);
}

void
fg_run_emit(const struct fg_run *r, fg_emit_fn emit, void *arg)
{
	const struct fg_arena_chunk *b;
	char *kb = NULL;
	size_t cap = 0;

	for (b = r->mem.first; b != NULL; b = b->next)
		eachent(r, b, emit, arg, &kb, &cap);
	free(kb);
}

void
fg_run_free(struct fg_run *r)
{
	if (r == NULL)
		return;
	fg_arena_free(&r->mem);
	free(r->pk);
	free(r);
}

/*
 * carry: the header values fg-merge and fg-diff carry on. A value
 * survives only when every input's header gives it, all alike: an input
 * without a header, or one that says otherwise, leaves it unsaid, so that
 * counts summed from different units are never named as one.
 */
/* One key of one input's header into *agreed, or *none when it differs. */
static void
agree(char **agreed, int *none, const char *header, const char *key)
{
	char *v;

	if (*none)
		return;
	v = header == NULL ? NULL : fg_header_get(header, key);
	if (v != NULL && *agreed == NULL) {
		*agreed = v;
		return;
	}
	if (v == NULL || strcmp(*agreed, v) != 0) {
		free(*agreed);
		*agreed = NULL;
		*none = 1;
	}
	free(v);
}

void
fg_carry_add(struct fg_carry *c, int i, const char *header)
{
	char *u, *o;

	agree(&c->unit, &c->nounit, header, "unit");
	agree(&c->period, &c->noperiod, header, "period");
	/* origin: an input without one is sampled */
	o = header == NULL ? NULL : fg_header_get(header, "origin");
	if (o == NULL)
		o = fg_strdup("sampled");
	if (i == 0)
		c->origin = o;
	else {
		if (c->origin != NULL && strcmp(c->origin, o) != 0)
			c->noorigin = 1;
		free(o);
	}
	if (header != NULL && (u = fg_header_get(header, "unit")) != NULL) {
		if (c->firstunit == NULL)
			c->firstunit = u;
		else if (c->otherunit == NULL && strcmp(c->firstunit, u) != 0) {
			c->otherunit = u;
			c->other = i;
		} else
			free(u);
	}
	if (i < 2 && header != NULL && c->samples[i] == NULL)
		c->samples[i] = fg_header_get(header, "samples");
	if (i < 2 && header != NULL && c->ess[i] == NULL)
		c->ess[i] = fg_header_get(header, "ess");
}

int
fg_carry_mixed(const struct fg_carry *c)
{
	return c->otherunit != NULL;
}

const char *
fg_carry_origin(const struct fg_carry *c)
{
	if (c->noorigin || c->origin == NULL ||
	    strcmp(c->origin, "sampled") == 0)
		return NULL;
	return c->origin;
}

const char *
fg_carry_unit(const struct fg_carry *c)
{
	return c->nounit ? NULL : c->unit;
}

const char *
fg_carry_period(const struct fg_carry *c)
{
	return c->noperiod ? NULL : c->period;
}

void
fg_carry_free(struct fg_carry *c)
{
	free(c->unit);
	free(c->period);
	free(c->samples[0]);
	free(c->samples[1]);
	free(c->ess[0]);
	free(c->ess[1]);
	free(c->origin);
	free(c->firstunit);
	free(c->otherunit);
}
