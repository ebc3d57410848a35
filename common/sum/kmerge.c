/* SPDX-License-Identifier: ISC */
/*
 * kmerge.c: the k-way merge of sorted inputs, like sort -m: one sequential
 * pass, no hash table, no sort, memory for one line per input. Inputs are
 * read like wc does: read(2) into a cache-resident buffer, which beats
 * faulting in a mapping page by page. kmerge-par runs it on two threads.
 */
#include <sys/stat.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg.h"
#include "sum.h"

/* A heap of input indices ordered by their current stack. */
struct kcur {
	struct fg_fold *f;
	struct fg_rec r;
};

static int
kless(const struct kcur *c, int x, int y)
{
	int r = fg_keycmp(c[x].r.stack, c[x].r.len, c[y].r.stack, c[y].r.len);

	return r < 0 || (r == 0 && x < y);
}

static void
siftdown(const struct kcur *c, int *h, int n, int i)
{
	int l, m, t;

	for (;;) {
		l = 2 * i + 1;
		if (l >= n)
			return;
		m = l + 1 < n && kless(c, h[l + 1], h[l]) ? l + 1 : l;
		if (!kless(c, h[m], h[i]))
			return;
		t = h[m], h[m] = h[i], h[i] = t;
		i = m;
	}
}

void
fg_kmerge(struct fg_fold **in, int n, int ncols, const int *colbase,
    fg_emit_fn emit, void *arg)
{
	struct kcur *c = fg_calloc((size_t)n, sizeof(*c));
	int *h = fg_calloc((size_t)n, sizeof(*h));
	fg_count sum[2];
	char *key = NULL;
	size_t klen, kcap = 0;
	int nh = 0, i, j, top;

	for (i = 0; i < n; i++) {
		c[i].f = in[i];
		if (fg_fold_next(in[i], &c[i].r))
			h[nh++] = i;
	}
	for (i = nh / 2 - 1; i >= 0; i--)
		siftdown(c, h, nh, i);
	while (nh > 0) {
		/* a copy: advancing an input may move its read buffer */
		klen = c[h[0]].r.len;
		if (klen + 1 > kcap) {
			kcap = klen * 2 + 64;
			free(key);
			key = fg_malloc(kcap);
		}
		memcpy(key, c[h[0]].r.stack, klen);
		memset(sum, 0, sizeof(sum));
		while (nh > 0 && fg_keycmp(c[h[0]].r.stack, c[h[0]].r.len,
		    key, klen) == 0) {
			top = h[0];
			for (j = 0; j < c[top].r.ncols; j++)
				if (fg_count_add(&sum[colbase[top] + j],
				    c[top].r.c[j]) < 0)
					fg_sum_overflow(c[top].f->in.name,
					    c[top].f->in.lineno);
			if (!fg_fold_next(c[top].f, &c[top].r))
				h[0] = h[--nh];
			siftdown(c, h, nh, 0);
		}
		emit(key, klen, sum, ncols, arg);
	}
	free(key);
	free(h);
	free(c);
}

/*
 * kmerge-cut: where the two-thread merge (kmerge-par) cuts its sorted
 * input files: pivots, stacks of the largest input, and each input's
 * first record not below each, found by a binary search over the file
 * with pread(2) (span), as look(1) does.
 */
#define PAR_MIN ((uint64_t)16 << 20)	/* less input: one thread */

/*
 * The first record at or after off (at a line start: the line off is
 * inside of is skipped): its offset and a copy of its stack.
 */
static int
recat(const struct fg_scan *sc, const struct fg_fold *src, uint64_t off,
    uint64_t *roff, char **key, size_t *klen, size_t *kcap)
{
	struct fg_span sp = { src->in.name, NULL, sc->fd, off, sc->size };
	struct fg_fold f;
	struct fg_rec r;
	int found;

	if (off > sc->start &&
	    (sp.start = fg_span_linestart(&sp, off - 1)) == 0)
		return 0;	/* skipped the end of a line: nothing left */
	fg_span_fold(&sp, &f, sc->kind, 0, src->bases);
	f.in.buf = fg_realloc(f.in.buf, (size_t)1 << 12);
	f.in.cap = (size_t)1 << 12;
	if ((found = fg_fold_next(&f, &r))) {
		*roff = fg_in_offset(&f.in, r.stack);
		if (r.len + 1 > *kcap) {
			*kcap = r.len * 2 + 64;
			free(*key);
			*key = fg_malloc(*kcap);
		}
		memcpy(*key, r.stack, r.len);
		*klen = r.len;
	}
	fg_fold_close(&f);
	return found;
}

static uint64_t
splitat(const struct fg_scan *sc, const struct fg_fold *src, const char *pk,
    size_t pl)
{
	uint64_t lo = sc->start, hi = sc->size, mid, roff = 0;
	char *k = NULL;
	size_t kl = 0, kc = 0;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (!recat(sc, src, mid, &roff, &k, &kl, &kc))
			hi = mid;
		else if (fg_keycmp(k, kl, pk, pl) < 0)
			lo = roff + 1;
		else
			hi = mid;
	}
	if (!recat(sc, src, lo, &roff, &k, &kl, &kc))
		roff = sc->size;
	free(k);
	return roff;
}

/*
 * The pivot for fg_kmerge_par: the first key at or after the middle of the
 * largest input, in *pk (malloc'd), when the inputs are worth two threads
 * (regular files, clean scans, PAR_MIN bytes); 0 otherwise.
 */
int
fg_kmerge_pivot(struct fg_fold **in, const struct fg_scan *sc, int n, char **pk,
    size_t *pl)
{
	uint64_t total = 0, roff;
	size_t pc = 0;
	int i, big = -1;

	*pk = NULL;
	*pl = 0;
	for (i = 0; i < n; i++) {
		if (sc[i].fd < 0 || sc[i].bad != 0 || in[i]->in.callermem ||
		    in[i]->in.end != 0)
			return 0;
		total += sc[i].size;
		if (sc[i].start < sc[i].size && (big < 0 ||
		    sc[i].size - sc[i].start > sc[big].size - sc[big].start))
			big = i;
	}
	if (total >= PAR_MIN && big >= 0 && recat(&sc[big], in[big],
	    sc[big].start + (sc[big].size - sc[big].start) / 2, &roff, pk, pl,
	    &pc))
		return 1;
	free(*pk);
	*pk = NULL;
	return 0;
}


/*
 * kmerge-par: the k-way merge (kmerge.c) on two cores, streaming. The key
 * space is cut into pieces of about PAR_PIECE bytes of input at pivots
 * (stacks of the largest input at even offsets, each input cut at its
 * first record not below each pivot, kmerge-cut), merged in order two at a
 * time: the first to standard output here, the second on a second thread
 * into memory, written after it. Memory is one piece's output, whatever
 * the input's size. Only for large, clean inputs (no malformed line: no
 * warning is ever reordered).
 */
#define PAR_PIECE ((uint64_t)16 << 20)
#define PAR_MAXPIECES 4096

struct half {
	struct fg_fold **in;
	int n, ncols;
	const int *colbase;
	fg_emit_fn emit;
	void *arg;
	struct fg_outbuf out;
};

static void *
runhalf(void *p)
{
	struct half *h = p;

	fg_out_capture(&h->out);
	fg_kmerge(h->in, h->n, h->ncols, h->colbase, h->emit, h->arg);
	fg_out_capture(NULL);
	return NULL;
}

/* Readers of piece j: every input's range [cut[i][j], cut[i][j + 1]). */
static void
piece(struct fg_fold **in, const struct fg_scan *sc, int n, uint64_t **cut,
    int j, struct fg_fold *f, struct fg_fold **fp)
{
	struct fg_span sp;
	int i;

	for (i = 0; i < n; i++) {
		sp = (struct fg_span){ in[i]->in.name, NULL, sc[i].fd,
		    cut[i][j], cut[i][j + 1] };
		fg_span_fold(&sp, &f[i], sc[i].kind, in[i]->truncfrac,
		    in[i]->bases);
		fp[i] = &f[i];
	}
}

/*
 * The cuts: np pieces, cut[i][0..np] for input i, from pivots at even
 * offsets of the largest input big (whose first pivot is pk). Returns np.
 */
static int
cutall(struct fg_fold **in, const struct fg_scan *sc, int n, int big,
    int np, uint64_t **cut)
{
	uint64_t off, roff;
	char *k = NULL;
	size_t kl = 0, kc = 0;
	int i, j, m = 1;

	for (i = 0; i < n; i++)
		cut[i][0] = sc[i].start < sc[i].size ? sc[i].start :
		    sc[i].size;
	for (j = 1; j < np; j++) {
		off = sc[big].start + (sc[big].size - sc[big].start) /
		    (uint64_t)np * (uint64_t)j;
		if (!recat(&sc[big], in[big], off, &roff, &k, &kl, &kc))
			break;
		for (i = 0; i < n; i++) {
			cut[i][m] = sc[i].start < sc[i].size ?
			    splitat(&sc[i], in[i], k, kl) : sc[i].size;
			if (cut[i][m] < cut[i][m - 1])
				cut[i][m] = cut[i][m - 1];
		}
		m++;
	}
	for (i = 0; i < n; i++)
		cut[i][m] = sc[i].size;
	free(k);
	return m;
}

void
fg_kmerge_par(struct fg_fold **in, const struct fg_scan *sc, int n, int ncols,
    const int *colbase, const struct fg_emitter *em)
{
	struct fg_fold *lo, *hi, **lop, **hip;
	struct half h;
	pthread_t th;
	uint64_t **cut, total = 0, most = 0, sz;
	char *pk;
	size_t pl;
	int i, j, np, big = 0, thr;

	if (!fg_kmerge_pivot(in, sc, n, &pk, &pl)) {
		fg_kmerge(in, n, ncols, colbase, em->emit, em->arg);
		return;
	}
	free(pk);
	for (i = 0; i < n; i++) {
		total += sc[i].size - sc[i].start;
		if (sc[i].size - sc[i].start > sc[big].size - sc[big].start)
			big = i;
	}
	np = total / PAR_PIECE < 2 ? 2 : total / PAR_PIECE > PAR_MAXPIECES ?
	    PAR_MAXPIECES : (int)(total / PAR_PIECE);
	cut = fg_calloc((size_t)n, sizeof(*cut));
	for (i = 0; i < n; i++)
		cut[i] = fg_calloc((size_t)np + 1, sizeof(**cut));
	np = cutall(in, sc, n, big, np, cut);
	for (j = 1; j < np; j += 2) {
		for (sz = 0, i = 0; i < n; i++)
			sz += cut[i][j + 1] - cut[i][j];
		if (sz > most)
			most = sz;
	}
	lo = fg_calloc((size_t)n, sizeof(*lo));
	hi = fg_calloc((size_t)n, sizeof(*hi));
	lop = fg_calloc((size_t)n, sizeof(*lop));
	hip = fg_calloc((size_t)n, sizeof(*hip));
	memset(&h, 0, sizeof(h));
	h.out.cap = (size_t)most + ((size_t)1 << 20);
	h.out.p = fg_big_alloc(h.out.cap, 0);
	h.in = hip;
	h.n = n;
	h.ncols = ncols;
	h.colbase = colbase;
	h.emit = em->emit;
	for (j = 0; j < np; j += 2) {
		piece(in, sc, n, cut, j, lo, lop);
		thr = 0;
		if (j + 1 < np) {
			piece(in, sc, n, cut, j + 1, hi, hip);
			h.out.n = 0;
			h.arg = em->fork != NULL ? em->fork(em->arg) : em->arg;
			if (pthread_create(&th, NULL, runhalf, &h) == 0)
				thr = 1;
			else
				runhalf(&h);
		}
		fg_kmerge(lop, n, ncols, colbase, em->emit, em->arg);
		if (thr && pthread_join(th, NULL) != 0)
			fg_errx(FG_EXIT_ERR, "pthread_join failed");
		for (i = 0; i < n; i++)
			fg_fold_close(&lo[i]);
		if (j + 1 < np) {
			if (em->fork != NULL)
				em->join(em->arg, h.arg);
			fg_out_write(h.out.p, h.out.n);
			for (i = 0; i < n; i++)
				fg_fold_close(&hi[i]);
		}
	}
	free(h.out.p);
	for (i = 0; i < n; i++)
		free(cut[i]);
	free(cut);
	free(hip);
	free(lop);
	free(hi);
	free(lo);
}

/*
 * span: a byte range of one input read on its own, with pread(2) or from
 * memory: a folded reader of it, and where its lines start (span).
 */
void
fg_span_fold(const struct fg_span *s, struct fg_fold *f, enum fg_kind kind,
    int truncfrac, const struct fg_bases *bases)
{
	memset(f, 0, sizeof(*f));
	if (s->map != NULL)
		fg_in_mem(&f->in, s->name, s->map + s->start,
		    (size_t)(s->end - s->start));
	else
		fg_in_range(&f->in, s->name, s->fd, s->start, s->end);
	f->in.quiet = 1;
	f->kind = kind;
	f->truncfrac = truncfrac;
	f->bases = bases;
}

uint64_t
fg_span_linestart(const struct fg_span *s, uint64_t off)
{
	char probe[4096];
	const char *nl;
	ssize_t n;

	if (s->map != NULL) {
		nl = memchr(s->map + off, '\n', (size_t)(s->end - off));
		return nl != NULL ? (uint64_t)(nl - s->map) + 1 : 0;
	}
	for (;;) {
		n = pread(s->fd, probe, sizeof(probe), (off_t)off);
		if (n <= 0)
			return 0;
		nl = memchr(probe, '\n', (size_t)n);
		if (nl != NULL)
			return off + (uint64_t)(nl - probe) + 1;
		off += (uint64_t)n;
	}
}

/*
 * orderscan: whether a folded input is sorted, before it is read.
 * Folded profiles are nearly always sorted already (fg-collapse, fg-merge,
 * stackcollapse-perf.pl and inferno-collapse-* all print them sorted), and
 * sorted inputs can be merged like sort -m does (kmerge.c). fg_fold_scan
 * checks an input's order on two threads (pread(2) halves of a file, or
 * halves of the caller's memory: span) and totals its counts, so that the real
 * pass knows whether the merge can take it.
 */
#define SCAN_SPLIT ((size_t)4 << 20)	/* smaller inputs: one thread */

struct seg {
	struct fg_span sp;	/* the caller's memory, or a file's bytes */
	enum fg_kind kind;
	const struct fg_bases *bases;	/* the input's --base names */
	int truncfrac;
	/* results */
	int sorted, overflow, any;
	uint64_t bad;
	char *first, *last;	/* copies: read buffers move */
	size_t firstlen, lastlen, lastcap;
	fg_count total[2];
};

static void *
scanseg(void *arg)
{
	struct seg *s = arg;
	struct fg_fold f;
	struct fg_rec r;
	int i;

	fg_span_fold(&s->sp, &f, s->kind, s->truncfrac, s->bases);
	s->sorted = 1;
	while (fg_fold_next(&f, &r)) {
		s->bad = f.in.nbad;
		if (!s->any) {
			s->any = 1;
			s->first = fg_malloc(r.len + 1);
			memcpy(s->first, r.stack, r.len);
			s->firstlen = r.len;
		} else if (fg_keycmp(s->last, s->lastlen, r.stack,
		    r.len) > 0) {
			s->sorted = 0;
			break;
		}
		if (r.len > s->lastcap) {
			s->lastcap = r.len * 2;
			free(s->last);
			s->last = fg_malloc(s->lastcap);
		}
		memcpy(s->last, r.stack, r.len);
		s->lastlen = r.len;
		for (i = 0; i < r.ncols; i++)
			if (fg_count_add(&s->total[i], r.c[i]) < 0)
				s->overflow = 1;
	}
	s->bad = f.in.nbad;
	fg_fold_close(&f);
	return NULL;
}

/*
 * Finds the first record as the real pass will (kind unknown until then);
 * from it on the kind is fixed, so the segments parse exactly the records
 * the real pass will see. f itself is left untouched. Returns 0 when the
 * input has no data.
 */
static int
scanfirst(struct fg_fold *f, struct seg *a, struct fg_scan *res)
{
	struct fg_fold k;
	struct fg_rec r;
	int any;

	fg_span_fold(&a->sp, &k, f->kind, f->truncfrac, a->bases);
	any = fg_fold_next(&k, &r);
	res->bad = k.in.nbad;
	res->kind = any ? k.kind : FG_KIND_UNKNOWN;
	res->header = k.header;
	k.header = NULL;
	if (any) {
		a->sp.start = res->start = fg_in_offset(&k.in, r.stack);
		a->kind = k.kind;
		a->truncfrac = f->truncfrac;
	}
	fg_fold_close(&k);
	return any;
}

/* Folds segment b's results, scanned after a's bytes, into a's. */
static void
segjoin(struct seg *a, struct seg *b, struct fg_scan *res)
{
	int i;

	a->sorted = a->sorted && b->sorted;
	a->overflow = a->overflow || b->overflow;
	if (a->any && b->any && fg_keycmp(a->last, a->lastlen, b->first,
	    b->firstlen) > 0)
		a->sorted = 0;
	for (i = 0; i < 2; i++)
		if (fg_count_add(&a->total[i], b->total[i]) < 0)
			a->overflow = 1;
	res->bad += b->bad;
	free(b->first);
	free(b->last);
}

int
fg_fold_scan(struct fg_fold *f, struct fg_scan *res)
{
	struct seg a, b;
	struct stat sb;
	pthread_t th;
	uint64_t size, mid = 0;
	int threaded = 0;

	memset(res, 0, sizeof(*res));
	memset(&a, 0, sizeof(a));
	a.sp.name = f->in.name;
	a.bases = f->bases;
	if (f->in.callermem && f->in.pos == 0) {
		a.sp.map = f->in.buf;
		size = f->in.end;
	} else if (!f->in.callermem && f->in.end == 0 && f->in.fd >= 0 &&
	    fstat(f->in.fd, &sb) == 0 && S_ISREG(sb.st_mode)) {
		a.sp.fd = f->in.fd;
		size = (uint64_t)sb.st_size;
	} else
		return 0;	/* a pipe, or already read from */
	a.sp.end = size;
	res->size = size;
	res->start = size;
	res->fd = a.sp.map != NULL ? -1 : a.sp.fd;
	if (!scanfirst(f, &a, res))
		return 1;	/* no data: trivially sorted */
	b = a;
	if (size - a.sp.start > SCAN_SPLIT)
		mid = fg_span_linestart(&a.sp,
		    a.sp.start + (size - a.sp.start) / 2);
	if (mid != 0 && mid < size) {
		a.sp.end = b.sp.start = mid;
		threaded = pthread_create(&th, NULL, scanseg, &b) == 0;
		if (!threaded)
			a.sp.end = size;
	}
	scanseg(&a);
	if (threaded) {
		if (pthread_join(th, NULL) != 0)
			fg_errx(FG_EXIT_ERR, "pthread_join failed");
		segjoin(&a, &b, res);
	}
	free(a.first);
	free(a.last);
	res->bad += a.bad;
	res->total[0] = a.total[0];
	res->total[1] = a.total[1];
	return a.sorted && !a.overflow;
}
