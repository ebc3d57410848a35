/* SPDX-License-Identifier: ISC */
/*
 * kmerge-par.c: the k-way merge (kmerge.c) on two cores. The key space is
 * cut at a pivot (the stack in the middle of the largest input), each input
 * at its first record not below the pivot (a binary search over the sorted
 * file, as look(1) does), and the upper half is merged on a second thread
 * into memory while the lower half goes to standard output; the upper half
 * follows it. Only for large, clean inputs (no malformed line: no warning
 * is ever reordered).
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "big.h"
#include "fg.h"

#define PAR_MIN ((uint64_t)16 << 20)

/* The first record at or after off: its offset and a copy of its stack. */
static int
recat(const struct fg_scan *sc, const char *name, uint64_t off, uint64_t *roff,
    char **key, size_t *klen, size_t *kcap)
{
	struct fg_fold f;
	struct fg_rec r;
	size_t len;
	char c;
	int found = 0;

	memset(&f, 0, sizeof(f));
	fg_in_range(&f.in, name, sc->fd, off, sc->size);
	f.in.buf = fg_realloc(f.in.buf, (size_t)1 << 16);
	f.in.cap = (size_t)1 << 16;
	f.in.quiet = 1;
	f.kind = sc->kind;
	if (off > sc->start && !(pread(sc->fd, &c, 1, (off_t)off - 1) == 1 &&
	    c == '\n') && fg_in_line(&f.in, &len) == NULL)
		goto out;	/* skipped the end of a line: nothing left */
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
out:
	fg_fold_close(&f);
	return found;
}

static uint64_t
splitat(const struct fg_scan *sc, const char *name, const char *pk, size_t pl)
{
	uint64_t lo = sc->start, hi = sc->size, mid, roff = 0;
	char *k = NULL;
	size_t kl = 0, kc = 0;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (!recat(sc, name, mid, &roff, &k, &kl, &kc))
			hi = mid;
		else if (fg_keycmp(k, kl, pk, pl) < 0)
			lo = roff + 1;
		else
			hi = mid;
	}
	if (!recat(sc, name, lo, &roff, &k, &kl, &kc))
		roff = sc->size;
	free(k);
	return roff;
}

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

/*
 * The pivot for fg_kmerge_par: the first key at or after the middle of the
 * largest input, in *pk (malloc'd), when the inputs are worth two threads
 * (regular files, clean scans, PAR_MIN bytes); 0 otherwise.
 */
static int
pivot(struct fg_fold **in, const struct fg_scan *sc, int n, char **pk,
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
	if (total >= PAR_MIN && big >= 0 && recat(&sc[big], in[big]->in.name,
	    sc[big].start + (sc[big].size - sc[big].start) / 2, &roff, pk, pl,
	    &pc))
		return 1;
	free(*pk);
	*pk = NULL;
	return 0;
}

/* Cuts every input at the pivot: lo[i] the keys before it, hi[i] the rest. */
static void
cut(struct fg_fold **in, const struct fg_scan *sc, int n, const char *pk,
    size_t pl, struct fg_fold *lo, struct fg_fold *hi)
{
	uint64_t split;
	int i;

	for (i = 0; i < n; i++) {
		split = sc[i].start < sc[i].size ?
		    splitat(&sc[i], in[i]->in.name, pk, pl) : sc[i].size;
		fg_in_range(&lo[i].in, in[i]->in.name, sc[i].fd, sc[i].start,
		    split);
		fg_in_range(&hi[i].in, in[i]->in.name, sc[i].fd, split,
		    sc[i].size);
		lo[i].kind = hi[i].kind = sc[i].kind;
		lo[i].truncfrac = hi[i].truncfrac = in[i]->truncfrac;
		lo[i].in.quiet = hi[i].in.quiet = 1;
	}
}

/*
 * Merges lo here and hi on a second thread into memory (about as large as
 * its input: allocated once), written after lo's output.
 */
static void
mergehalves(struct fg_fold **lop, struct fg_fold **hip,
    const struct fg_scan *sc, int n, int ncols, const int *colbase, const struct fg_emitter *em)
{
	struct half h;
	pthread_t th;
	int i;

	memset(&h, 0, sizeof(h));
	for (i = 0; i < n; i++)
		h.out.cap += (size_t)(sc[i].size - hip[i]->in.roff);
	h.out.cap += (size_t)1 << 20;
	h.out.p = fg_big_alloc(h.out.cap, 0);
	h.in = hip;
	h.n = n;
	h.ncols = ncols;
	h.colbase = colbase;
	h.emit = em->emit;
	h.arg = em->fork != NULL ? em->fork(em->arg) : em->arg;
	if (pthread_create(&th, NULL, runhalf, &h) != 0) {
		runhalf(&h);
		fg_kmerge(lop, n, ncols, colbase, em->emit, em->arg);
	} else {
		fg_kmerge(lop, n, ncols, colbase, em->emit, em->arg);
		if (pthread_join(th, NULL) != 0)
			fg_errx(FG_EXIT_ERR, "pthread_join failed");
	}
	if (em->fork != NULL)
		em->join(em->arg, h.arg);
	fg_out_write(h.out.p, h.out.n);
	free(h.out.p);
}

void
fg_kmerge_par(struct fg_fold **in, const struct fg_scan *sc, int n, int ncols,
    const int *colbase, const struct fg_emitter *em)
{
	struct fg_fold *lo, *hi, **lop, **hip;
	char *pk;
	size_t pl;
	int i;

	if (!pivot(in, sc, n, &pk, &pl)) {
		fg_kmerge(in, n, ncols, colbase, em->emit, em->arg);
		return;
	}
	lo = fg_calloc((size_t)n, sizeof(*lo));
	hi = fg_calloc((size_t)n, sizeof(*hi));
	lop = fg_calloc((size_t)n, sizeof(*lop));
	hip = fg_calloc((size_t)n, sizeof(*hip));
	cut(in, sc, n, pk, pl, lo, hi);
	free(pk);
	for (i = 0; i < n; i++) {
		lop[i] = &lo[i];
		hip[i] = &hi[i];
	}
	mergehalves(lop, hip, sc, n, ncols, colbase, em);
	for (i = 0; i < n; i++) {
		fg_fold_close(&lo[i]);
		fg_fold_close(&hi[i]);
	}
	free(hip);
	free(lop);
	free(hi);
	free(lo);
}
