/* SPDX-License-Identifier: ISC */
/*
 * sum.c: one path for summing folded inputs (see sum.h). When every input
 * is a regular file, sorted, of one kind, and all fit in the open-file
 * limit at once, they are merged in one pass (kmerge.c); otherwise each is
 * read in turn into the stack table (stab.c), which is sorted once. One
 * such input whose keys arrive in order (a pipe from a tool that sorts) is
 * kept as it comes (run.c) until a key falls out of order.
 */
#include <sys/resource.h>

#include <stdlib.h>
#include <string.h>

#include "intern.h"
#include "run.h"
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
